"""``ttr-teach best MAP --trains B``: the best possible score with a train budget.

Reads the cached sweep (budgets 0 to 50, instant) unless ``--solve`` is given or the case
is not cached; ``--json`` prints :meth:`BestScore.to_dict`.
"""
from __future__ import annotations

import argparse
import json


def _budget(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = None
    if value is None or value <= 0 or str(value) != text.strip().lstrip("+"):
        raise argparse.ArgumentTypeError(f"--trains must be a positive whole number, not {text!r}")
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not value > 0 or value != value or value == float("inf"):
        raise argparse.ArgumentTypeError(f"--time-limit must be a positive number of seconds, not {text!r}")
    return value


def _cmd_best(args) -> int:
    from .algorithms.best_score import best_score
    from .algorithms.best_score_cache import cached_best_score
    from .engine.errors import TTRError
    from .engine.maps import load_map

    name = load_map(args.map).name          # unknown map: MapError, exit 2
    result = None
    if not args.solve:
        try:
            result = cached_best_score(name, args.trains, args.both_doubles)
        except TTRError:
            result = None
    if result is None:
        result = best_score(name, args.trains, args.both_doubles, time_limit=args.time_limit)
    if args.json:
        print(json.dumps(result.to_dict(), ensure_ascii=False))
    else:
        print(result.summary())
    return 0


def add_best_parser(sub) -> None:
    """Add the ``best`` subcommand to the subparsers ``sub`` of ``ttr-teach``."""
    p = sub.add_parser(
        "best", help="the best possible score with a train budget (proven optimal)",
        description="The highest score one player alone can reach with a budget of trains: "
                    "routes of at most that many trains (never both halves of a double route "
                    "unless --both-doubles), plus every ticket they complete; no longest-route "
                    "bonus, no stations. Budgets up to 50 come from a stored sweep; others "
                    "(or --solve) are solved now.")
    p.add_argument("map", help="europe or usa")
    p.add_argument("--trains", type=_budget, default=45, metavar="B", help="the train budget (default 45)")
    p.add_argument("--both-doubles", action="store_true", help="allow both halves of a double route")
    p.add_argument("--solve", action="store_true", help="solve now instead of reading the stored sweep")
    p.add_argument("--time-limit", type=_seconds, metavar="SECONDS",
                   help="stop solving after this long (the answer is then marked not proven)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.set_defaults(run=_cmd_best)
