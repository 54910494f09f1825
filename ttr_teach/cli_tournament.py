"""``ttr-teach tournament`` and ``ttr-teach replay``: a class tournament from the command line.

``tournament`` plays bot files against each other and prints the standings (with processor and
wall-clock time per decision), flags bots whose decisions take long on the wall clock, and
prints one aligned line per bot that lost games by a fault (``--verbose``: every fault, with
its traceback). ``--csv`` saves every game, ``--json`` the whole result (standings included)
and ``--standings`` the standings table alone (CSV, or JSON for a ``.json`` name).
``replay RESULT.json GAME -o game.html`` writes one game of a saved result as a web page that
plays it back (:mod:`ttr_teach.course.replay_page`).
"""
from __future__ import annotations

import argparse
import json
import sys

from .engine.errors import ArgumentError, TTRError
from .engine.files import REPLACE_HINT, check_writable, force_help, write_text
from .engine.i18n import N_, gettext, local_digits, ngettext
from .engine.text import listing

#: Where the command line tells a teacher to look for every fault.
MORE_FAULTS = N_("--verbose shows each one with its traceback; the --json file keeps them")


def slow_bots(standings, time_limit) -> list:
    """One sentence per bot whose slowest decision took at least ``time_limit`` seconds of
    wall-clock time (1 s when there is no limit): the limit counts processor time only, so a
    bot that sleeps or waits is not stopped by it, but a class waits for it all the same.

    >>> print(*slow_bots([{"bot": "zed", "slowest_wall_ms": 3012.0, "slowest_ms": 0.1},
    ...                   {"bot": "amy", "slowest_wall_ms": 40.0, "slowest_ms": 39.0}], 1.0))
    zed: a decision took 3.01 s on the wall clock (0.0001 s of processor time); it waits (sleep, input, a lock) ...
    """
    limit = time_limit or 1.0
    found = []
    for row in standings:
        wall, cpu = row.get("slowest_wall_ms"), row.get("slowest_ms")
        if wall is None or wall < 1000 * limit:
            continue
        waits = cpu is not None and cpu < wall / 2
        found.append((gettext("{bot}: a decision took {wall} s on the wall clock ({cpu} s of processor time); "
                              "it waits (sleep, input, a lock) rather than computes") if waits else
                      gettext("{bot}: a decision took {wall} s on the wall clock ({cpu} s of processor time); "
                              "it computes for that long")).format(
            bot=row["bot"], wall=local_digits(f"{wall / 1000:.2f}"), cpu=local_digits(f"{(cpu or 0) / 1000:.2g}")))
    return found


def _standings_text(table, path) -> str:
    if str(path).lower().endswith(".json"):
        return json.dumps({"caption": table.caption, "columns": table.columns, "rows": table.rows}, ensure_ascii=False)
    return table.to_csv()


def _cmd_tournament(args) -> int:
    """Load the bots (one line on stderr per file skipped), play, print the standings."""
    from .players.bot_loading import collect_bots
    from .players.tournament import tournament

    outputs = [p for p in (args.csv, args.json, args.standings) if p]
    for path in outputs:        # refused now, not after the games
        check_writable(path, overwrite=args.force, hint=gettext(REPLACE_HINT))
    if len(set(outputs)) < len(outputs):
        raise ArgumentError(gettext("--csv, --json and --standings must name different files"))
    builtins = [b for spec in args.builtin or () for b in spec.split(",") if b.strip()]
    bots, problems = collect_bots(args.bots, builtins)
    for problem in problems:
        print("ttr-teach: " + gettext("skipped {problem}").format(problem=problem), file=sys.stderr)
    if len(bots) < 2:
        raise ArgumentError(gettext("a tournament needs at least two bots; {n} loaded (add files, or built-in "
                                    "bots with --builtin random,planner)").format(n=len(bots)))
    result = tournament(bots, games=args.games, players=args.players, maps=tuple(args.map or ["europe"]),
                        seed=args.seed, jobs=args.jobs, time_limit=args.time_limit or None,
                        progress=False if args.no_progress else None)
    table = result.standings()
    print(table)
    slow = slow_bots(table, args.time_limit)
    if slow:
        print()
        print(gettext("slow bots (a decision of {seconds} s or more on the wall clock):").format(
            seconds=local_digits(f"{args.time_limit or 1:g}")))
        for line in slow:
            print(f"  {line}")
    if any(r.fault is not None for r in result.games):
        print()
        print(result.fault_summary(more=gettext(MORE_FAULTS)))
        if args.verbose:
            _print_faults(result)
    saved = {"csv": result.to_csv,
             "json": lambda: json.dumps({**result.to_dict(), "standings": table.rows}, ensure_ascii=False),
             "standings": lambda: _standings_text(table, args.standings)}
    for option, text in saved.items():
        path = getattr(args, option)
        if path:    # the careful writer: no file replaced without --force, no link followed
            write_text(path, text(), overwrite=args.force, hint=gettext(REPLACE_HINT))
    return 0


def _print_faults(result) -> None:
    """Every fault: game, bot, kind, turn and reason, then its detail (a traceback) indented."""
    print()
    print(result.faults())
    for r in result.games:
        if r.fault is not None and r.fault.get("detail"):
            print()
            print(gettext("game {game}, {bot}, turn {turn}:").format(
                game=r.index, bot=r.fault.get("bot") or gettext("nobody"), turn=r.fault.get("turn")))
            print("\n".join(f"    {line}" for line in r.fault["detail"].rstrip().splitlines()))


def _cmd_replay(args) -> int:
    """Play game ``args.game`` of a saved tournament again and write it as a web page."""
    from .course.replay_page import replay_page
    from .engine.files import write_output
    from .players.tournament_result import TournamentResult

    if args.output not in (None, "-"):
        check_writable(args.output, overwrite=args.force, hint=gettext(REPLACE_HINT))
    result = TournamentResult.load(args.result)
    if not 0 <= args.game < len(result.games):
        raise ArgumentError(gettext("{file}: there is no game {game}; this tournament has games 0 to {last}").format(
            file=args.result, game=args.game, last=len(result.games) - 1))
    record = result.games[args.game]
    try:
        game = result.game(args.game)
    except TTRError as e:
        raise type(e)(f"{args.result}: {e}") from None
    fault = record.fault
    seats = listing(f"{p} ({b})" if p != b else p for p, b in zip(record.players, record.seats, strict=True))
    about = gettext("{file}, game {game} (round {round}, deal seed {seed}): {seats}.").format(
        file=args.result, game=record.index, round=record.round, seed=str(record.deal_seed), seats=seats)
    page = replay_page(game, title=gettext("Game {game} of the tournament").format(game=record.index),
                       stopped=fault["reason"] if fault else None, about=about)
    write_output(args.output, page, force=args.force)
    if args.output not in (None, "-"):
        print(ngettext("wrote {file}: game {game}, {n} log entry", "wrote {file}: game {game}, {n} log entries",
                       len(game.log)).format(file=args.output, game=record.index, n=len(game.log)), file=sys.stderr)
    return 0


def _game_number(text):
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise argparse.ArgumentTypeError(gettext("GAME is a game's number, 0 or more, as in the --csv and --json "
                                                 "files, not {text!r}").format(text=text))
    return value


def add_replay_parser(sub) -> None:
    """Add the ``replay`` subcommand to the subparsers ``sub`` of ``ttr-teach``."""
    p = sub.add_parser(
        "replay", help=gettext("one game of a saved tournament as a web page that plays it back"),
        description=gettext("Play game GAME of a tournament saved with 'ttr-teach tournament --json RESULT.json' "
        "again, from the same bots (named in the file: built-in bots, or bot files still at the same "
        "place) and seeds, and write it as one self-contained HTML page: the board, a slider, "
        "play and step buttons, the log and the scores. It opens in any browser, offline. A game "
        "a bot stopped ends at the fault, with its reason."))
    p.add_argument("result", metavar="RESULT.json", help=gettext("a tournament saved with --json"))
    p.add_argument("game", type=_game_number, metavar="GAME",
                   help=gettext("the game's number (from 0, as in the --csv and --json files)"))
    p.add_argument("-o", "--output", metavar="FILE", help=gettext("write the page to FILE (default: print it)"))
    p.add_argument("--force", action="store_true", help=force_help())
    p.set_defaults(run=_cmd_replay)


def positive(kind):
    """An argparse type: a number of ``kind`` of at least 1 (at least 0 for a float)."""
    def parse(text):
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(gettext("{text!r} is not a number").format(text=text)) from None
        if value < (0 if kind is float else 1):
            raise argparse.ArgumentTypeError(gettext("{text!r} is too small").format(text=text))
        return value

    return parse


def add_tournament_parser(sub) -> None:
    """Add the ``tournament`` subcommand to the subparsers ``sub`` of ``ttr-teach``."""
    from .players.bot_loading import BUILTIN

    builtins = ", ".join(BUILTIN)
    p = sub.add_parser(
        "tournament", help=gettext("play a tournament between bot files and print the standings"),
        description=gettext("Play a tournament between bots and print the standings. Each BOT is a Python "
        "file that defines a bot class (a class with a choose(view) method; if the file defines "
        "several, a line BOT = ClassName says which plays), a folder of such files, or a built-in "
        "bot's name ({builtins}). A file that cannot be used (syntax error, failed "
        "import, no bot class, a bot that cannot be made) is reported on stderr in one line and "
        "skipped. Seats rotate so every bot sits in every seat equally; the same --seed gives "
        "the same games. A bot that raises, makes an illegal move or exceeds the time limit "
        "loses that game; the tournament goes on. The standings show processor and wall-clock "
        "milliseconds per decision; bots whose decisions take long on the wall clock are "
        "flagged. Games are numbered from 0 (as in the --csv and --json files, and for "
        "ttr-teach replay), turns from 1.").format(builtins=builtins))
    p.add_argument("bots", nargs="*", metavar="BOT", help=gettext("a bot file, a folder of bot files, or a "
                                                                  "built-in's name"))
    p.add_argument("--builtin", action="append", metavar="NAMES",
                   help=gettext("built-in bots to add, comma-separated: {builtins}").format(builtins=builtins))
    p.add_argument("--games", type=positive(int), default=200,
                   help=gettext("games to play, at least (rounded up to whole rounds; default 200)"))
    p.add_argument("--players", type=positive(int), default=2, help=gettext("players at each table (default 2)"))
    p.add_argument("--map", action="append", metavar="MAP", help=gettext("europe or usa; repeat for both (default "
                                                                         "europe)"))
    p.add_argument("--jobs", type=positive(int), default=None,
                   help=gettext("processes to play on (default: one per processor; 1 plays in this process)"))
    p.add_argument("--seed", type=int, default=0, help=gettext("the tournament's seed (default 0)"))
    p.add_argument("--time-limit", type=positive(float), default=1.0, metavar="SECONDS",
                   help=gettext("processor seconds a decision may take (default 1; 0 for no limit)"))
    p.add_argument("--csv", metavar="FILE", help=gettext("write every game (seeds, seats, scores, faults) as CSV"))
    p.add_argument("--json", metavar="FILE",
                   help=gettext("save the whole result as JSON, standings included (TournamentResult.load; "
                                "ttr-teach replay)"))
    p.add_argument("--standings", metavar="FILE", help=gettext("write the standings table: CSV, or JSON if FILE "
                                                               "ends in .json"))
    p.add_argument("--verbose", action="store_true", help=gettext("print every fault with its turn and traceback"))
    p.add_argument("--force", action="store_true", help=force_help(gettext("an output FILE")))
    p.add_argument("--no-progress", action="store_true", help=gettext("no progress bar"))
    p.set_defaults(run=_cmd_tournament)
