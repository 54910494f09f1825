"""The ``ttr-teach`` command line.

Every subcommand has ``--help``; bad input exits with status 2 and a one-line message on
stderr (``ttr-teach: ...``), never a traceback.
"""
from __future__ import annotations

import argparse
import json
import sys

from .engine.errors import TTRError


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
    from .engine.errors import MapError
    from .algorithms.planning import approximate_network, cheapest_network

    tickets = []
    for spec in args.tickets:
        parts = [p.strip() for p in spec.split(",")]
        if len(parts) != 2 or not all(parts):
            raise MapError(f"ticket {spec!r} should be two cities separated by a comma, e.g. Paris,Wien")
        tickets.append(parts)
    net = (approximate_network if args.approximate else cheapest_network)(args.map, tickets)
    net.pop("route_objects")
    if args.json:
        print(json.dumps(net, ensure_ascii=False))
    else:
        print(f"{net['trains']} trains in {len(net['groups'])} piece(s)")
        for r in net["routes"]:
            print(f"  {r[0]}–{r[1]} ({r[2]} {r[3]})")
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
            print(f"ttr-teach: {e}", file=sys.stderr)
            failed = True
            continue
        print(json.dumps(result, ensure_ascii=False), flush=True)
    return 2 if failed else 0


def _cmd_board(args) -> int:
    from pathlib import Path

    from .views.svg import board_svg

    svg = board_svg(args.source, size=args.size, legend=not args.no_legend)
    if args.output in (None, "-"):
        sys.stdout.write(svg)
    else:
        try:
            Path(args.output).write_text(svg, encoding="utf-8")
        except OSError as e:
            raise TTRError(f"{args.output}: cannot write the picture ({e.strerror})") from None
    return 0


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
    p.add_argument("--size", type=int, metavar="PIXELS", help="width of the picture in pixels")
    p.add_argument("--no-legend", action="store_true", help="leave out the key and the players' legend")
    p.set_defaults(run=_cmd_board)

    from .course.course_cli import add_course_parser
    from .course.puzzles.cli import add_puzzles_parser

    add_puzzles_parser(sub)
    add_course_parser(sub)
    return parser


def main(argv=None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except TTRError as e:
        print(f"ttr-teach: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        return 130
