"""The ``ttr-teach`` command line.

Every subcommand has ``--help``; bad input exits with status 2 and a one-line message on
stderr (``ttr-teach: ...``), never a traceback.
"""
from __future__ import annotations

import argparse
import json
import sys

from .engine.errors import ArgumentError, TTRError
from .engine.files import FORCE_HELP, check_writable, write_text
from .extras import MissingExtra


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        self.exit(2, f"ttr-teach: {message} (see --help)\n")


def _cmd_map(args) -> int:
    from .engine.maps import load_map

    m = load_map(args.name)
    if args.json:
        print(json.dumps(m.to_json(), ensure_ascii=False))
    else:
        print(f"{m.title}: {len(m.cities)} cities, {len(m.routes)} routes "
              f"({sum(r.length for r in m.routes)} spaces), {len(m.tickets)} tickets")
        for r in m.routes:
            print(f"  {r}")
    return 0


def _cmd_plan(args) -> int:
    from .algorithms.planning import approximate_network, cheapest_network
    from .engine.errors import MapError

    tickets = []
    for spec in args.tickets:
        parts = [p.strip() for p in spec.split(",")]
        if len(parts) != 2 or not all(parts):
            raise MapError(f"ticket {spec!r} should be two cities separated by a comma, e.g. Paris,Wien")
        tickets.append(parts)
    net = (approximate_network if args.approximate else cheapest_network)(args.map, tickets)
    if args.json:
        print(json.dumps(net.to_dict(), ensure_ascii=False))
    else:
        print(f"{net.trains} trains in {len(net.groups)} piece(s)")
        for r in net.routes:
            print(f"  {r.a}–{r.b} ({r.length} {r.color})")
    return 0


def _cmd_score(args) -> int:
    """One JSON result per file, in order. A file that cannot be scored gets its one-line
    message on stderr instead; the others are still scored, and the exit status is 2."""
    from .engine.scoring import score_position

    failed = False
    for path in args.files:
        try:
            result = score_position(path)
        except TTRError as e:
            print(f"ttr-teach: {one_line(e)}", file=sys.stderr)
            failed = True
            continue
        print(json.dumps(result, ensure_ascii=False), flush=True)
    return 2 if failed else 0


def _cmd_board(args) -> int:
    from .engine.files import write_output
    from .views.svg import board_svg

    svg = board_svg(args.source, size=args.size, legend=not args.no_legend)
    write_output(args.output, svg, force=args.force)
    return 0


def one_line(message) -> str:
    """``message`` on one line, control characters shown as escapes (a file name or a
    player's name may hold a newline or a terminal escape sequence)."""
    return "".join(c if c.isprintable() or c == " " else repr(c)[1:-1] for c in str(message))


def _cmd_tournament(args) -> int:
    """Load the bots (one line on stderr per file skipped), play, print the standings."""
    from .players.bot_loading import collect_bots
    from .players.tournament import tournament

    for path in (args.csv, args.json):  # refused now, not after the games
        if path:
            check_writable(path, overwrite=args.force, hint="add --force to replace it")
    builtins = [b for spec in args.builtin or () for b in spec.split(",") if b.strip()]
    bots, problems = collect_bots(args.bots, builtins)
    for problem in problems:
        print(f"ttr-teach: skipped {problem}", file=sys.stderr)
    if len(bots) < 2:
        raise ArgumentError(f"a tournament needs at least two bots; {len(bots)} loaded "
                            "(add files, or built-in bots with --builtin random,planner)")
    result = tournament(bots, games=args.games, players=args.players, maps=tuple(args.map or ["europe"]),
                        seed=args.seed, jobs=args.jobs, time_limit=args.time_limit or None,
                        progress=False if args.no_progress else None)
    print(result.standings())
    if any(r.fault is not None for r in result.games):
        print()
        print(result.fault_summary())
    for path, text in ((args.csv, result.to_csv), (args.json, lambda: json.dumps(result.to_dict()))):
        if path:    # the careful writer: no file replaced without --force, no link followed
            write_text(path, text(), overwrite=args.force, hint="add --force to replace it")
    return 0


def _positive(kind):
    def parse(text):
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
        if value < (0 if kind is float else 1):
            raise argparse.ArgumentTypeError(f"{text!r} is too small")
        return value

    return parse


def _add_tournament_parser(sub) -> None:
    from .players.bot_loading import BUILTIN

    builtins = ", ".join(BUILTIN)
    p = sub.add_parser(
        "tournament", help="play a tournament between bot files and print the standings",
        description="Play a tournament between bots and print the standings. Each BOT is a Python "
        "file that defines a bot class (a class with a choose(view) method; if the file defines "
        "several, a line BOT = ClassName says which plays), a folder of such files, or a built-in "
        f"bot's name ({builtins}). A file that cannot be used (syntax error, failed "
        "import, no bot class, a bot that cannot be made) is reported on stderr in one line and "
        "skipped. Seats rotate so every bot sits in every seat equally; the same --seed gives "
        "the same games. A bot that raises, makes an illegal move or exceeds the time limit "
        "loses that game; the tournament goes on.")
    p.add_argument("bots", nargs="*", metavar="BOT", help="a bot file, a folder of bot files, or a built-in's name")
    p.add_argument("--builtin", action="append", metavar="NAMES",
                   help=f"built-in bots to add, comma-separated: {builtins}")
    p.add_argument("--games", type=_positive(int), default=200,
                   help="games to play, at least (rounded up to whole rounds; default 200)")
    p.add_argument("--players", type=_positive(int), default=2, help="players at each table (default 2)")
    p.add_argument("--map", action="append", metavar="MAP", help="europe or usa; repeat for both (default europe)")
    p.add_argument("--jobs", type=_positive(int), default=None,
                   help="processes to play on (default: one per processor; 1 plays in this process)")
    p.add_argument("--seed", type=int, default=0, help="the tournament's seed (default 0)")
    p.add_argument("--time-limit", type=_positive(float), default=1.0, metavar="SECONDS",
                   help="processor seconds a decision may take (default 1; 0 for no limit)")
    p.add_argument("--csv", metavar="FILE", help="write every game (seeds, seats, scores, faults) as CSV")
    p.add_argument("--json", metavar="FILE", help="save the whole result as JSON (TournamentResult.load)")
    p.add_argument("--force", action="store_true", help=FORCE_HELP.replace("FILE", "the --csv or --json FILE"))
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(run=_cmd_tournament)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="ttr-teach", description="Ticket to Ride rules engine and teaching tools.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    p = sub.add_parser("map", help="print a map (cities, routes, tickets)")
    p.add_argument("name", help="europe or usa")
    p.add_argument("--json", action="store_true", help="print the map as JSON")
    p.set_defaults(run=_cmd_map)

    p = sub.add_parser("plan", help="fewest trains that complete some tickets (exact Steiner forest)")
    p.add_argument("map", help="europe or usa")
    p.add_argument("tickets", nargs="+", metavar="CITY,CITY", help='a ticket, e.g. Paris,Wien or "New York,Miami"')
    p.add_argument("--approximate", action="store_true", help="networkx's one-tree approximation instead")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.set_defaults(run=_cmd_plan)

    p = sub.add_parser("score", help="final scoring of position files, one JSON line each",
                       description="Score each position file (JSON or YAML) as at the end of the "
                       "game and print one JSON result per file, one per line, in order. A file "
                       "that breaks a rule is reported on stderr (ttr-teach: FILE: player ...: "
                       "reason); the other files are still scored, and the exit status is 2.")
    p.add_argument("files", nargs="+", metavar="FILE", help="a position file (.json, .yaml or .yml)")
    p.set_defaults(run=_cmd_score)

    p = sub.add_parser("board", help="draw a map or a position as an SVG picture")
    p.add_argument("source", help="europe, usa, or a position file (JSON or YAML)")
    p.add_argument("-o", "--output", metavar="FILE", help="write the SVG to FILE (default: print it)")
    p.add_argument("--force", action="store_true", help=FORCE_HELP)
    p.add_argument("--size", type=int, metavar="PIXELS", help="width of the picture in pixels")
    p.add_argument("--no-legend", action="store_true", help="leave out the key and the players' legend")
    p.set_defaults(run=_cmd_board)

    _add_tournament_parser(sub)

    from .cli_best import add_best_parser
    from .course.course_cli import add_course_parser
    from .course.puzzles.cli import add_puzzles_parser

    add_best_parser(sub)
    add_puzzles_parser(sub)
    add_course_parser(sub)
    return parser


def main(argv=None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except (TTRError, MissingExtra) as e:     # a missing extra: the message names it
        print(f"ttr-teach: {one_line(e)}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        return 130
