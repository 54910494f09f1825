"""The best scores for every budget from 20 to 50 trains, solved once and stored.

Solving takes seconds to minutes per budget, so lessons and the command line read a sweep
stored in ``ttr_teach/algorithms/data/best_scores.json``: one :meth:`BestScore.to_dict`
per map, budget and double-route rule. Loading recomputes every score from the stored routes
(:meth:`BestScore.from_dict`), so a damaged file cannot pass a wrong number on.

Regenerate it (all maps, budgets 20..50, both double-route rules) with::

    python bench/best_score.py --sweep          # or: regenerate_sweep()

>>> best = cached_best_score("europe", 45)
>>> best.budget, best.trains <= 45, best.score == best.route_points + best.ticket_points
(45, True, True)
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from ..engine.errors import TTRError
from ..engine.maps import load_map
from .best_score import BestScore, best_score

DATA = Path(__file__).parent / "data" / "best_scores.json"
LP_DATA = Path(__file__).parent / "data" / "best_score_lp.json"
LP_BUDGETS = (20, 30, 40, 45, 50)
BUDGETS = range(20, 51)
MAPS = ("europe", "usa")


@lru_cache(maxsize=4)
def _load(path: str) -> dict:
    doc = json.loads(Path(path).read_text(encoding="utf-8"))
    return {(d["map"], d["budget"], d["allow_both_doubles"]): d for d in doc["results"]}


def cached_records(path=DATA) -> list:
    """Every stored result as a plain dict (what :meth:`BestScore.to_dict` wrote)."""
    return list(_load(str(path)).values())


def cached_best_score(map_name, trains: int, allow_both_doubles: bool = False, path=DATA) -> BestScore:
    """The stored :class:`BestScore` for this map, budget and double-route rule.

    Raises TTRError if that case is not in the sweep (budgets 20 to 50)."""
    name = load_map(map_name).name
    try:
        record = _load(str(path))[name, int(trains), bool(allow_both_doubles)]
    except (KeyError, TypeError, ValueError):
        raise TTRError(f"no stored best score for {name} with {trains!r} trains"
                       f"{' (both doubles allowed)' if allow_both_doubles else ''}; the sweep holds "
                       f"budgets {BUDGETS.start} to {BUDGETS.stop - 1}") from None
    return BestScore.from_dict(record)


def sweep(map_name, allow_both_doubles: bool = False, path=DATA) -> list:
    """The stored results of one map for every budget of the sweep, in budget order."""
    return [cached_best_score(map_name, b, allow_both_doubles, path) for b in BUDGETS]


def regenerate_sweep(path=DATA, maps=MAPS, budgets=BUDGETS, doubles=(False, True), time_limit=None,
                     progress=print) -> list:
    """Solve every case again and write the file (this takes a while: see bench/best_score.py).
    ``time_limit`` per case (None: until proven). Returns the results."""
    results = []
    for name in maps:
        for both in doubles:
            for b in budgets:
                result = best_score(name, b, both, time_limit=time_limit)
                results.append(result)
                if progress:
                    progress(f"{name} B={b}{' both doubles' if both else ''}: {result.score} "
                             f"({'proven' if result.proven else f'bound {result.bound}'}) "
                             f"in {result.seconds:.1f} s")
    doc = {"about": "best_score sweep: see ttr_teach/algorithms/best_score_cache.py",
           "results": [r.to_dict() for r in results]}
    Path(path).write_text(json.dumps(doc, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    _load.cache_clear()
    return results


def cached_lp_bounds(path=LP_DATA) -> list:
    """Stored LP relaxation bounds: ``{"map", "budget", "no_cuts", "with_cuts", "cuts"}``
    for the budgets of ``LP_BUDGETS`` (:func:`~ttr_teach.algorithms.best_score.lp_bound`)."""
    return json.loads(Path(path).read_text(encoding="utf-8"))["bounds"]


def regenerate_lp_bounds(path=LP_DATA, maps=MAPS, budgets=LP_BUDGETS) -> list:
    """Compute and write the LP bounds of :func:`cached_lp_bounds` (seconds per case)."""
    from .best_score import lp_bound

    rows = []
    for name in maps:
        for b in budgets:
            weak, strong = lp_bound(name, b, cuts=False), lp_bound(name, b)
            rows.append({"map": name, "budget": b, "no_cuts": weak["bound"], "with_cuts": strong["bound"],
                         "cuts": strong["cuts"]})
    Path(path).write_text(json.dumps({"about": "LP bounds of best_score, written by "
                                      "bench/best_score.py --lp", "bounds": rows}, indent=1) + "\n",
                          encoding="utf-8")
    return rows
