"""``ttr-teach best MAP --trains B``: the best possible score with a train budget.

Reads the cached sweep (budgets 0 to 50, instant) unless ``--solve`` is given or the case
is not cached; ``--json`` prints :meth:`BestScore.to_dict`.
"""
from __future__ import annotations

import argparse
import json

from .engine.i18n import gettext, local_digits


def _budget(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = None
    if value is None or value <= 0 or str(value) != text.strip().lstrip("+"):
        raise argparse.ArgumentTypeError(gettext("--trains must be a positive whole number, not {text!r}").format(
            text=text))
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not value > 0 or value != value or value == float("inf"):
        raise argparse.ArgumentTypeError(gettext("--time-limit must be a positive number of seconds, not "
                                                 "{text!r}").format(text=text))
    return value


def _cmd_best(args) -> int:
    import time

    from .algorithms.best_score import best_score
    from .algorithms.best_score_cache import cached_best_score
    from .engine.errors import TTRError
    from .engine.maps import load_map

    name = load_map(args.map).name          # unknown map: MapError, exit 2
    start = time.perf_counter()
    result = None
    if not args.solve:
        try:
            result = cached_best_score(name, args.trains, args.both_doubles)
        except TTRError:
            result = None
    stored = result is not None
    if result is None:
        result = best_score(name, args.trains, args.both_doubles, time_limit=args.time_limit)
    if args.json:
        print(json.dumps(result.to_dict(), ensure_ascii=False))
    else:
        print(result.summary(timing=run_timing(stored, result.seconds, time.perf_counter() - start)))
    return 0


def run_timing(stored: bool, proof_seconds: float, run_seconds: float) -> str:
    """What the first line says of time: a stored proof is read, not solved, now.

    >>> run_timing(True, 12.3, 0.004)
    'stored proof, solved in 12.3 s when the sweep was made; read now in 4 ms'
    >>> run_timing(False, 2.04, 2.1)
    'solved now in 2.1 s'
    """
    if stored:
        return gettext("stored proof, solved in {proof} s when the sweep was made; read now in {run} ms").format(
            proof=local_digits(f"{proof_seconds:.1f}"), run=local_digits(f"{1000 * run_seconds:.0f}"))
    return gettext("solved now in {run} s").format(run=local_digits(f"{run_seconds:.1f}"))


def add_best_parser(sub) -> None:
    """Add the ``best`` subcommand to the subparsers ``sub`` of ``ttr-teach``."""
    p = sub.add_parser(
        "best", help=gettext("the best possible score with a train budget (proven optimal)"),
        description=gettext("The highest score one player alone can reach with a budget of trains: "
                    "routes of at most that many trains (never both halves of a double route "
                    "unless --both-doubles), plus every ticket they complete; no longest-route "
                    "bonus, no stations. Budgets up to 50 come from a stored sweep; others "
                    "(or --solve) are solved now."))
    p.add_argument("map", help=gettext("europe or usa"))
    p.add_argument("--trains", type=_budget, default=45, metavar="B", help=gettext("the train budget (default 45)"))
    p.add_argument("--both-doubles", action="store_true", help=gettext("allow both halves of a double route"))
    p.add_argument("--solve", action="store_true", help=gettext("solve now instead of reading the stored sweep"))
    p.add_argument("--time-limit", type=_seconds, metavar="SECONDS",
                   help=gettext("stop solving after this long (the answer is then marked not proven)"))
    p.add_argument("--json", action="store_true", help=gettext("print the result as JSON"))
    p.set_defaults(run=_cmd_best)
