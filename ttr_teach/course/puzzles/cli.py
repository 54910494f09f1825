"""``ttr-teach puzzles``: check puzzle files, make new ones, list them.

* ``ttr-teach puzzles check [PATH...] [--json]``: recompute every answer key under the paths
  (files or folders; default: ``puzzles/`` in the current folder). Exit status 0 when every
  puzzle is verified, 1 when a key is wrong or a file is broken, 2 for bad usage.
* ``ttr-teach puzzles new --kind KIND --level LEVEL --map MAP --seed N [-o FILE]``: a new
  puzzle from bot play, written as YAML (to FILE, or printed; an existing FILE is replaced only
  with ``--force``, and a symbolic link never followed).
* ``ttr-teach puzzles list [PATH...]``: one line per puzzle (id, level, kind, map, title).
* ``ttr-teach puzzles worksheet --count N --level LEVEL [--map MAP] [--kind KIND] --seed N
  -o sheet.html|pdf|md [--key key.html|pdf|md]``: a printable sheet of new puzzles for the
  students, and its answer key in a separate file (neither replaced without ``--force``).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from ...engine.i18n import gettext, ngettext
from ...engine.maps import MAP_NAMES as MAP_NAMES_DEFAULT
from ...engine.text import listing
from .document import PuzzleError


def _default_paths(paths) -> list:
    if paths:
        return paths
    here = Path("puzzles")
    if here.is_dir():
        return [str(here)]
    raise PuzzleError(gettext("no puzzles/ folder here: give the puzzle files or folders to check "
                              "(e.g. ttr-teach puzzles check puzzles/)"))


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
        # TRANSLATORS: {level}, {kind} and {map} are the names the --level, --kind and --map options take
        print(gettext("wrote {file}: {id} ({level} {kind} on {map})").format(
            file=args.output, id=puzzle.id, level=puzzle.level, kind=puzzle.kind.name, map=puzzle.map.name),
            file=sys.stderr)
    return 0


def _cmd_list(args) -> int:
    from .checker import load_puzzles

    puzzles, errors = load_puzzles(_default_paths(args.paths))
    for p in puzzles:
        print(f"{p.id}\t{p.level}\t{p.kind.name}\t{p.map.name}\t{p.title}")
    for e in errors:
        print(gettext("BROKEN {message}").format(message=e["message"]), file=sys.stderr)
    return 1 if errors else 0


def _cmd_worksheet(args) -> int:
    from ...engine.errors import ArgumentError
    from ...engine.files import REPLACE_HINT, check_writable
    from .worksheet import make_worksheet

    outputs = [(args.output, "sheet")] + ([(args.key, "key")] if args.key else [])
    if args.key and Path(args.key).resolve() == Path(args.output).resolve():
        raise ArgumentError(gettext("{file}: the sheet and the key must go to two different files").format(
            file=args.key))
    for path, _ in outputs:     # refused now, not after the puzzles are made
        if Path(path).suffix not in (".html", ".pdf", ".md"):
            raise ArgumentError(gettext("{file}: a worksheet is written as .html, .pdf or .md").format(file=path))
        check_writable(path, overwrite=args.force, hint=gettext(REPLACE_HINT))
    sheet = make_worksheet(args.count, level=args.level, kinds=args.kind, seed=args.seed, title=args.title,
                           maps=tuple(dict.fromkeys(args.map)) if args.map else MAP_NAMES_DEFAULT)
    for path, part in outputs:
        written = sheet.save(path, overwrite=args.force, part=part)
        files, n = listing(map(str, written)), len(sheet.puzzles)
        print(gettext("wrote {files}: the answer key").format(files=files) if part == "key" else
              ngettext("wrote {files}: {n} puzzle without answers", "wrote {files}: {n} puzzles without answers",
                       n).format(files=files, n=n), file=sys.stderr)
    if not args.key:
        print(gettext("no answer key written (add --key FILE for one)"), file=sys.stderr)
    return 0


def _seed(text):
    import argparse

    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(gettext("the seed must be a whole number, not {text!r}").format(
            text=text)) from None


def _count(text):
    import argparse

    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(gettext("--count must be a whole number of puzzles, at least 1, not "
                                                 "{text!r}").format(text=text))
    return value


def add_puzzles_parser(sub) -> None:
    """Add the ``puzzles`` subcommand to the ``ttr-teach`` parser's subparsers ``sub``."""
    from ...engine.files import force_help
    from ...engine.maps import MAP_NAMES
    from .names import KIND_NAMES, LEVELS

    p = sub.add_parser("puzzles", help=gettext("check, make and list scoring puzzles; print worksheets"),
                       description=gettext("Scoring puzzles: check their answer keys, make new ones, list them, "
                                   "print worksheets with their keys apart."))
    puz = p.add_subparsers(dest="puzzles_command", required=True, parser_class=type(p))

    c = puz.add_parser("check", help=gettext("recompute every answer key with the engine"),
                       description=gettext("Read every puzzle file (YAML or JSON) under the paths, refuse broken "
                                   "ones with file, line and field, and recompute each answer key. "
                                   "Exit status 0 if all are verified, 1 otherwise."))
    c.add_argument("paths", nargs="*", metavar="PATH",
                   help=gettext("puzzle files or folders (default: ./puzzles when it exists)"))
    c.add_argument("--json", action="store_true",
                   help=gettext("print the report as JSON: {keys}").format(
                       keys='{"puzzles", "verified", "by_kind", "by_level", "by_map", "mismatches", "errors"}'))
    c.set_defaults(run=_cmd_check)

    n = puz.add_parser("new", help=gettext("make a new puzzle from a position reached by bot play"),
                       description=gettext("Play games with computer players and make a puzzle of the given kind "
                                   "and level from a position they reach; dull positions are skipped "
                                   "(deterministically, from the seed). The puzzle, with its answer key, "
                                   "hint and worked explanation, is written as YAML."))
    n.add_argument("--kind", required=True, choices=KIND_NAMES, help=gettext("what the puzzle asks"))
    n.add_argument("--level", required=True, choices=LEVELS, help=gettext("how hard it is"))
    n.add_argument("--map", required=True, choices=MAP_NAMES, help=gettext("which map"))
    n.add_argument("--seed", required=True, type=_seed, help=gettext("a whole number; the same seed gives the same "
                                                                     "puzzle"))
    n.add_argument("-o", "--output", metavar="FILE", help=gettext("write the puzzle to FILE (default: print it)"))
    n.add_argument("--force", action="store_true", help=force_help())
    n.set_defaults(run=_cmd_new)

    ls = puz.add_parser("list", help=gettext("list puzzles: id, level, kind, map and title"),
                        description=gettext("One line per puzzle file under the paths."))
    ls.add_argument("paths", nargs="*", metavar="PATH",
                    help=gettext("puzzle files or folders (default: ./puzzles when it exists)"))
    ls.set_defaults(run=_cmd_list)

    w = puz.add_parser("worksheet", help=gettext("a printable sheet of new puzzles, and its answer key apart"),
                       description=gettext("Make new puzzles from bot play (as 'puzzles new' does) and write a "
                                   "printable sheet for the students: one puzzle a page, its board, the "
                                   "facts it needs, the question, a line to answer on and a hint; no "
                                   "answers. --key writes the answers and worked explanations to a file of "
                                   "their own. .html opens in any browser; .pdf needs Chromium; .md writes "
                                   "the boards as SVG files beside it. The same arguments give the same "
                                   "sheet; an existing file is replaced only with --force."))
    w.add_argument("--count", type=_count, default=10, help=gettext("how many puzzles (default 10)"))
    w.add_argument("--level", choices=LEVELS, default="introductory", help=gettext("how hard (default introductory)"))
    w.add_argument("--map", action="append", choices=MAP_NAMES,
                   help=gettext("a map to use; repeat for both (default: both, balanced)"))
    w.add_argument("--kind", action="append", choices=KIND_NAMES,
                   help=gettext("a kind of puzzle; repeat for several (default: every kind, in turn)"))
    w.add_argument("--seed", type=_seed, default=0, help=gettext("a whole number; the same seed gives the same sheet"))
    w.add_argument("--title", help=gettext("the sheet's title (default: Ticket to Ride puzzles: LEVEL)"))
    w.add_argument("-o", "--output", required=True, metavar="FILE",
                   help=gettext("the students' sheet: FILE.html, FILE.pdf or FILE.md"))
    w.add_argument("--key", metavar="FILE", help=gettext("the answer key: FILE.html, FILE.pdf or FILE.md"))
    w.add_argument("--force", action="store_true", help=force_help(gettext("a FILE")))
    w.set_defaults(run=_cmd_worksheet)
