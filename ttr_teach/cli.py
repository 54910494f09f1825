"""The ``ttr-teach`` command line.

Every subcommand has ``--help``; bad input exits with status 2 and a one-line message on
stderr (``ttr-teach: ...``), never a traceback.
"""
from __future__ import annotations

import argparse
import json
import sys
import warnings

from .engine.errors import TTRError
from .engine.files import REPLACE_HINT, force_help
from .engine.i18n import gettext, ngettext
from .engine.text import one_line
from .extras import MissingExtra


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        self.exit(2, "ttr-teach: " + gettext("{message} (see --help)").format(message=message) + "\n")


def _cmd_map(args) -> int:
    from .engine.maps import load_map

    m = load_map(args.name)
    if args.json:
        print(json.dumps(m.to_json(), ensure_ascii=False))
    else:
        print(gettext("{map}: {cities} cities, {routes} routes ({spaces} spaces), {tickets} tickets").format(
            map=m.title, cities=len(m.cities), routes=len(m.routes), spaces=sum(r.length for r in m.routes),
            tickets=len(m.tickets)))
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
            raise MapError(gettext("ticket {ticket!r} should be two cities separated by a comma, e.g. "
                                   "Paris,Wien").format(ticket=spec))
        tickets.append(parts)
    net = (approximate_network if args.approximate else cheapest_network)(args.map, tickets)
    if args.json:
        print(json.dumps(net.to_dict(), ensure_ascii=False))
    else:
        trains = ngettext("{n} train", "{n} trains", net.trains).format(n=net.trains)
        print(ngettext("{trains} in {n} piece", "{trains} in {n} pieces", len(net.groups)).format(
            trains=trains, n=len(net.groups)))
        for r in net.routes:        # the board's names, as every other command prints them
            print(f"  {r}")
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
    from .engine.files import check_writable, write_output
    from .views.svg import board_svg

    if args.output not in (None, "-"):
        check_writable(args.output, overwrite=args.force, hint=gettext(REPLACE_HINT))
    source = _board_source(args.source)
    if args.step is not None or _is_saved_game(source):
        svg = _game_board(source, args.step, args.size, not args.no_legend)
    else:       # a map, or a position file (read again by its path, so that errors name it)
        svg = board_svg(args.source, size=args.size, legend=not args.no_legend)
    write_output(args.output, svg, force=args.force)
    return 0


def _board_source(text: str):
    """A map's name as it is; a file's contents read once (a position or a saved game). A
    word that names neither a map nor a file is an unknown map."""
    from pathlib import Path

    from .engine.errors import MapError
    from .engine.files import load_file
    from .engine.maps import MAP_NAMES

    if text.strip().casefold() in MAP_NAMES:
        return text
    if not Path(text).suffix and not Path(text).exists() and "/" not in text:
        raise MapError(gettext("unknown map {name!r}; the maps are {maps} (or give a position file or a "
                               "saved game)").format(name=text, maps=", ".join(MAP_NAMES)))
    data = load_file(text)
    return {"__file__": text, "data": data}


def _is_saved_game(source) -> bool:
    return isinstance(source, dict) and isinstance(source["data"], dict) and "log" in source["data"]


def _game_board(source, step, size, legend) -> str:
    """The board of a saved game (Game.to_dict() with its log) at ``step`` (default: the last)."""
    from .engine.errors import ArgumentError, ReplayError
    from .views.widgets.replay_model import ReplayModel

    if not _is_saved_game(source):
        where = source["__file__"] if isinstance(source, dict) else source
        raise ArgumentError(gettext("{file}: --step needs a saved game with its log (a Game's to_dict() as "
                                    "JSON, as Game.load reads), not a position or a map").format(file=where))
    try:
        model = ReplayModel(source["data"])
    except ReplayError as e:
        unnamed = gettext("the game") + ": "       # the replay's name for a game not read from a file
        raise ReplayError(f"{source['__file__']}: {str(e).removeprefix(unnamed)}") from None
    last = len(model) - 1
    if step is not None and not 0 <= step <= last:
        raise ArgumentError(gettext("{file}: --step {step}: this game has steps 0 (the deal) to {last}").format(
            file=source["__file__"], step=str(step), last=last))
    model.go(last if step is None else step)
    if legend:      # the route or station taken at that step pointed at
        return model.board_svg(size=size)
    from .views.svg import board_svg

    return board_svg(model.position(), size=size, legend=False, scores=False)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="ttr-teach", description=gettext("Ticket to Ride rules engine and teaching tools."))
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    p = sub.add_parser("map", help=gettext("print a map (cities, routes, tickets)"),
                       description=gettext("Print a map: its size, then every route (cities, length, colour, "
                       "tunnels and ferries); --json prints the whole map file (cities with their "
                       "aliases and places, routes, tickets)."))
    p.add_argument("name", help=gettext("europe or usa"))
    p.add_argument("--json", action="store_true", help=gettext("print the map as JSON"))
    p.set_defaults(run=_cmd_map)

    p = sub.add_parser("plan", help=gettext("fewest trains that complete some tickets (exact Steiner forest)"),
                       description=gettext("The fewest trains that join the cities of every ticket given, and "
                       "the routes that do it (an exact Steiner forest; --approximate: networkx's "
                       "approximation). Cities are named by id, board name or alias, in any case and "
                       "with or without accents (Munchen, München, Munich)."))
    p.add_argument("map", help=gettext("europe or usa"))
    p.add_argument("tickets", nargs="+", metavar="CITY,CITY", help=gettext('a ticket, e.g. Paris,Wien or '
                                                                           '"New York,Miami"'))
    p.add_argument("--approximate", action="store_true", help=gettext("networkx's one-tree approximation instead"))
    p.add_argument("--json", action="store_true", help=gettext("print the result as JSON"))
    p.set_defaults(run=_cmd_plan)

    p = sub.add_parser("score", help=gettext("final scoring of position files, one JSON line each"),
                       description=gettext("Score each position file (JSON or YAML) as at the end of the "
                       "game and print one JSON result per file, one per line, in order. A file "
                       "that breaks a rule is reported on stderr (ttr-teach: FILE: player ...: "
                       "reason); the other files are still scored, and the exit status is 2."))
    p.add_argument("files", nargs="+", metavar="FILE", help=gettext("a position file (.json, .yaml or .yml)"))
    p.set_defaults(run=_cmd_score)

    p = sub.add_parser("board", help=gettext("draw a map, a position or a saved game as an SVG picture"),
                       description=gettext("Draw the board as an SVG picture: an empty map (europe, usa), a "
                       "position file (JSON or YAML: each player's routes, stations and tickets), or a "
                       "saved game (a Game's to_dict() as JSON, as Game.load reads: its log is replayed) "
                       "at its last step or at --step N (0 is the deal, N the table after the N-th "
                       "action). The picture is printed, or written with -o (an existing file is "
                       "replaced only with --force)."))
    p.add_argument("source", help=gettext("europe, usa, a position file (JSON or YAML) or a saved game (JSON)"))
    p.add_argument("--step", type=int, metavar="N", help=gettext("a saved game's step: 0 the deal, N after N actions "
                   "(default: the last)"))
    p.add_argument("-o", "--output", metavar="FILE", help=gettext("write the SVG to FILE (default: print it)"))
    p.add_argument("--force", action="store_true", help=force_help())
    p.add_argument("--size", type=int, metavar="PIXELS", help=gettext("width of the picture in pixels"))
    p.add_argument("--no-legend", action="store_true", help=gettext("leave out the key and the players' legend"))
    p.set_defaults(run=_cmd_board)

    from .cli_best import add_best_parser
    from .cli_tournament import add_replay_parser, add_tournament_parser
    from .course.course_cli import add_course_parser
    from .course.puzzles.cli import add_puzzles_parser

    add_tournament_parser(sub)
    add_replay_parser(sub)
    add_best_parser(sub)
    add_puzzles_parser(sub)
    add_course_parser(sub)
    return parser


def _plain_warning(message, category, filename, lineno, line=None) -> str:
    """A warning as the command line says it: one line, no source file or code."""
    return f"ttr-teach: {one_line(message)}\n"


def main(argv=None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    warnings.formatwarning = _plain_warning     # this process is the command's: its warnings are sentences
    try:
        return args.run(args)
    except (TTRError, MissingExtra) as e:     # a missing extra: the message names it
        print(f"ttr-teach: {one_line(e)}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        return 130
