"""The stored best-score sweep as plain records (``data/best_scores.json``), without the
solver: :mod:`~ttr_teach.algorithms.best_score` reads the stored bounds of smaller budgets
from here, and :mod:`~ttr_teach.algorithms.best_score_cache` turns records into results.

>>> stored_bound(load_map("usa"), 45)
285
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from ..engine.maps import MAP_NAMES, Map, load_map

DATA = Path(__file__).parent / "data" / "best_scores.json"
LP_DATA = Path(__file__).parent / "data" / "best_score_lp.json"
LP_BUDGETS = (20, 30, 40, 45, 50)
BUDGETS = range(20, 51)          # the lesson's sweep
STORED_BUDGETS = range(0, 51)    # stored: a proof for B uses every smaller budget


@lru_cache(maxsize=4)
def _load(path: str) -> dict:
    doc = json.loads(Path(path).read_text(encoding="utf-8"))
    return {(d["map"], d["budget"], d["allow_both_doubles"]): d for d in doc["results"]}


def cached_records(path: str | Path = DATA) -> list:
    """Every stored result as a plain dict (what :meth:`BestScore.to_dict` wrote)."""
    return list(_load(str(path)).values())


def stored_bound(m: Map, trains: int, allow_both_doubles: bool = False, path: str | Path = DATA) -> int | None:
    """The stored upper bound for a built-in map (the score itself when proven), or None when
    the case is not stored or ``m`` is not a built-in map."""
    if m.name not in MAP_NAMES or load_map(m.name) is not m:
        return None
    record = _load(str(path)).get((m.name, int(trains), bool(allow_both_doubles)))
    return None if record is None else int(record["bound"])
