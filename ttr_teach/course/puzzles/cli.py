"""``ttr-teach puzzles``: check puzzle files, make new ones, list them.

* ``ttr-teach puzzles check [PATH...] [--json]``: recompute every answer key under the paths
  (files or folders; default: ``puzzles/`` in the current folder). Exit status 0 when every
  puzzle is verified, 1 when a key is wrong or a file is broken, 2 for bad usage.
* ``ttr-teach puzzles new --kind KIND --level LEVEL --map MAP --seed N [-o FILE]``: a new
  puzzle from bot play, written as YAML (to FILE, or printed; an existing FILE is replaced only
  with ``--force``, and a symbolic link never followed).
* ``ttr-teach puzzles list [PATH...]``: one line per puzzle (id, level, kind, map, title).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from .document import PuzzleError


def _default_paths(paths) -> list:
    if paths:
        return paths
    here = Path("puzzles")
    if here.is_dir():
        return [str(here)]
    raise PuzzleError("no puzzles/ folder here: give the puzzle files or folders to check "
                      "(e.g. ttr-teach puzzles check puzzles/)")


def _cmd_check(args) -> int:
    from .checker import check_puzzles, report_text

    report = check_puzzles(_default_paths(args.paths))
    if args.json:
        print(json.dumps(report, ensure_ascii=False))
    else:
        print(report_text(report))
    return 0 if report["verified"] == report["puzzles"] else 1


def _cmd_new(args) -> int:
    from ...engine.files import write_output
    from .generator import new_puzzle

    puzzle = new_puzzle(args.kind, args.level, args.map, args.seed)
    write_output(args.output, puzzle.to_yaml(), force=args.force)
    if args.output not in (None, "-"):
        print(f"wrote {args.output}: {puzzle.id} ({puzzle.level} {puzzle.kind.name} on {puzzle.map.name})",
              file=sys.stderr)
    return 0


def _cmd_list(args) -> int:
    from .checker import load_puzzles

    puzzles, errors = load_puzzles(_default_paths(args.paths))
    for p in puzzles:
        print(f"{p.id}\t{p.level}\t{p.kind.name}\t{p.map.name}\t{p.title}")
    for e in errors:
        print(f"BROKEN {e['message']}", file=sys.stderr)
    return 1 if errors else 0


def _seed(text):
    import argparse

    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"the seed must be a whole number, not {text!r}") from None


def add_puzzles_parser(sub) -> None:
    """Add the ``puzzles`` subcommand to the ``ttr-teach`` parser's subparsers ``sub``."""
    from ...engine.files import FORCE_HELP
    from ...engine.maps import MAP_NAMES
    from .names import KIND_NAMES, LEVELS

    p = sub.add_parser("puzzles", help="check, make and list scoring puzzles",
                       description="Scoring puzzles: check their answer keys, make new ones, list them.")
    puz = p.add_subparsers(dest="puzzles_command", required=True, parser_class=type(p))

    c = puz.add_parser("check", help="recompute every answer key with the engine",
                       description="Read every puzzle file (YAML or JSON) under the paths, refuse broken "
                                   "ones with file, line and field, and recompute each answer key. "
                                   "Exit status 0 if all are verified, 1 otherwise.")
    c.add_argument("paths", nargs="*", metavar="PATH",
                   help="puzzle files or folders (default: ./puzzles when it exists)")
    c.add_argument("--json", action="store_true",
                   help='print {"puzzles", "verified", "by_kind", "by_level", "by_map", "mismatches", "errors"}')
    c.set_defaults(run=_cmd_check)

    n = puz.add_parser("new", help="make a new puzzle from a position reached by bot play",
                       description="Play games with computer players and make a puzzle of the given kind "
                                   "and level from a position they reach; dull positions are skipped "
                                   "(deterministically, from the seed). The puzzle, with its answer key, "
                                   "hint and worked explanation, is written as YAML.")
    n.add_argument("--kind", required=True, choices=KIND_NAMES, help="what the puzzle asks")
    n.add_argument("--level", required=True, choices=LEVELS, help="how hard it is")
    n.add_argument("--map", required=True, choices=MAP_NAMES, help="which map")
    n.add_argument("--seed", required=True, type=_seed, help="a whole number; the same seed gives the same puzzle")
    n.add_argument("-o", "--output", metavar="FILE", help="write the puzzle to FILE (default: print it)")
    n.add_argument("--force", action="store_true", help=FORCE_HELP)
    n.set_defaults(run=_cmd_new)

    ls = puz.add_parser("list", help="list puzzles: id, level, kind, map and title",
                        description="One line per puzzle file under the paths.")
    ls.add_argument("paths", nargs="*", metavar="PATH",
                    help="puzzle files or folders (default: ./puzzles when it exists)")
    ls.set_defaults(run=_cmd_list)
