"""The best scores for every budget from 0 to 50 trains, solved once and stored.

Solving takes seconds per budget, so lessons and the command line read a sweep stored in
``ttr_teach/algorithms/data/best_scores.json``: one :meth:`BestScore.to_dict` per map and
budget. Loading recomputes every score from the stored routes (:meth:`BestScore.from_dict`),
so a damaged file cannot pass a wrong number on. The stored bounds also serve
:func:`~ttr_teach.algorithms.best_score.best_score` itself: a proof for ``B`` trains needs the
best scores of the smaller budgets (:mod:`~ttr_teach.algorithms.best_score_split`).

Regenerate it (both maps, budgets 0..50, in increasing order, from scratch) with::

    python bench/best_score.py --sweep --jobs 2

>>> best = cached_best_score("europe", 45)
>>> best.budget, best.trains <= 45, best.score == best.route_points + best.ticket_points
(45, True, True)
"""
from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from pathlib import Path

from ..engine.errors import NotFoundError
from ..engine.i18n import gettext
from ..engine.maps import MAP_NAMES, Map, load_map
from .best_score import BestScore, best_score
from .best_score_data import BUDGETS, DATA, LP_BUDGETS, LP_DATA, STORED_BUDGETS, _load, cached_records  # noqa: F401


def cached_best_score(map: str | Map, trains: int, allow_both_doubles: bool = False,
                      path: str | Path = DATA) -> BestScore:
    """The stored :class:`BestScore` for this map, budget and double-route rule.

    Raises NotFoundError if that case is not in the sweep (budgets 0 to 50)."""
    name = load_map(map).name
    try:
        record = _load(str(path))[name, int(trains), bool(allow_both_doubles)]
    except (KeyError, TypeError, ValueError):
        message = (gettext("no stored best score for {map} with {trains} trains (both doubles allowed); the "
                           "sweep holds budgets {low} to {high}") if allow_both_doubles
                   else gettext("no stored best score for {map} with {trains} trains; the sweep holds budgets "
                                "{low} to {high}"))
        raise NotFoundError(message.format(map=name, trains=repr(trains), low=STORED_BUDGETS.start,
                                           high=STORED_BUDGETS.stop - 1)) from None
    return BestScore.from_dict(record)


def sweep(map: str | Map, allow_both_doubles: bool = False, path: str | Path = DATA) -> list[BestScore]:
    """The stored results of one map for every budget of the sweep, in budget order."""
    return [cached_best_score(map, b, allow_both_doubles, path) for b in BUDGETS]


def solve_chain(map: str | Map, allow_both_doubles: bool = False, budgets: Iterable[int] = STORED_BUDGETS,
                time_limit: float | None = None, progress: Callable[[BestScore], object] | None = None
                ) -> list[BestScore]:
    """Solve ``budgets`` in increasing order (this takes minutes: see bench/best_score.py).

    Each proof asks only for budgets proven before it in this process, so with ``budgets``
    from 0 the stored sweep is never read; each search also starts from the best network of
    the budget before. ``time_limit``: processor seconds per case (None: until proven);
    ``progress(result)`` is called after each case. Returns the results."""
    results: list[BestScore] = []
    previous: list = []
    for b in budgets:
        result = best_score(map, b, allow_both_doubles, time_limit, cpu_clock=True, starts=[previous])
        previous = list(result.routes)
        results.append(result)
        if progress:
            progress(result)
    return results


def write_sweep(results: Iterable[BestScore | dict], path: str | Path = DATA, time_limit: float | None = None) -> None:
    """Store ``results`` (BestScore objects or their dicts) as the cached sweep."""
    rows = [r if isinstance(r, dict) else r.to_dict() for r in results]
    doc = {"about": "best_score sweep, written by bench/best_score.py --sweep; see "
                    "ttr_teach/algorithms/best_score_cache.py",
           "time_limit_cpu_seconds": time_limit,
           "results": sorted(rows, key=lambda d: (d["allow_both_doubles"], d["map"], d["budget"]))}
    Path(path).write_text(json.dumps(doc, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    _load.cache_clear()


def cached_lp_bounds(path: str | Path = LP_DATA) -> list:
    """Stored LP relaxation bounds: ``{"map", "budget", "no_cuts", "with_cuts", "cuts",
    "one_tree"}`` (the last for networks whose tickets lie on one tree) for the budgets of
    ``LP_BUDGETS`` (:func:`~ttr_teach.algorithms.best_score.lp_bound`)."""
    return json.loads(Path(path).read_text(encoding="utf-8"))["bounds"]


def regenerate_lp_bounds(path: str | Path = LP_DATA, maps: Iterable[str] = MAP_NAMES,
                         budgets: Iterable[int] = LP_BUDGETS) -> list[dict]:
    """Compute and write the LP bounds of :func:`cached_lp_bounds` (seconds per case)."""
    from .best_score import lp_bound

    rows = []
    for name in maps:
        for b in budgets:
            weak, strong = lp_bound(name, b, cuts=False), lp_bound(name, b)
            tree = lp_bound(name, b, single_tree=True)
            rows.append({"map": name, "budget": b, "no_cuts": weak.bound, "with_cuts": strong.bound,
                         "cuts": strong.cuts, "one_tree": tree.bound})
    Path(path).write_text(json.dumps({"about": "LP bounds of best_score, written by "
                                      "bench/best_score.py --lp", "bounds": rows}, indent=1) + "\n",
                          encoding="utf-8")
    return rows
