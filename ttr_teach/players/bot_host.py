"""The bot's side of an isolated game: ``python -m ttr_teach.players.bot_host --host``.

A bot loaded from a file runs in a process of its own (:mod:`.bot_process` starts it, inside
the sandbox of :mod:`.sandbox` where the system has one). This module is that process's main
program. It speaks the JSON-lines protocol of ``docs/bots.md`` on its standard input and
output, one message a line:

* ``{"type": "load", "bot": "/bot/alice.py:Alice", "map": "europe"}`` -> it warms its caches for
  the map (:func:`_warm_up`), loads the file once and answers
  ``{"type": "loaded", "bot": "Alice"}`` (or ``{"type": "error", "stage": "load", ...}``);
* per game, ``{"type": "start", "seed": 3}`` -> a process forked from this one makes the bot
  and answers ``{"type": "ready", "bot": "Alice"}`` (or an error of stage ``make``), then
  answers each ``{"type": "choose", "view": {...}, "log": {...}}`` (a :meth:`.PlayerView.to_dict`
  without the log entries sent before) with ``{"type": "action", "action": {...}}``; when the
  game's process ends, the host says ``{"type": "ended", "status": ...}``.

An error of the bot's (any exception, ``SystemExit`` and ``KeyboardInterrupt`` too) is
answered ``{"type": "error", "kind": "raised" or "build", "message": ..., "detail":
traceback}``. The bot may break this process in any way it likes (patch this module, exit,
crash): nothing it does reaches the game, which only the referee holds, and the referee
judges every answer as data.

The protocol channel is a private copy of the original standard output: the bot's own
``print`` goes to the standard error, which the referee keeps a little of for the author.
"""
from __future__ import annotations

import json
import os
import sys
import traceback

from ..engine.i18n import gettext
from .sandbox import die_with_parent

#: The largest line read from the referee (a view of a long game is a few hundred kB).
MAX_LINE = 64 * 2 ** 20


def _short_traceback(error: BaseException) -> str:
    lines = traceback.format_exception(type(error), error, error.__traceback__)
    return "".join(lines[-12:])[-4000:]


def _error(kind: str, error: BaseException) -> dict:
    text = str(error)
    return {"type": "error", "kind": kind, "message": type(error).__name__ + (f": {text}" if text else ""),
            "detail": _short_traceback(error)}


def _action_dict(action) -> dict:
    """The bot's answer as plain data: an action's ``to_dict()``, or a dict as given."""
    if isinstance(action, dict):
        return action
    to_dict = getattr(action, "to_dict", None)
    if callable(to_dict):
        return to_dict()
    raise TypeError(gettext("choose returned {kind}, not an action (return one of view.legal_actions())").format(
        kind=type(action).__name__))


def _send(writer, message: dict) -> None:
    writer.write(json.dumps(message, separators=(",", ":")) + "\n")
    writer.flush()


def play(bot, reader, writer) -> int:
    """Answer ``choose`` messages from ``reader`` with ``bot``'s actions on ``writer`` until
    ``end`` or the end of input; returns the exit status."""
    from ..engine.maps import Map, load_map
    from .view import PlayerView

    maps: dict[str, Map] = {}
    log: list[dict] = []
    while True:
        line = reader.readline(MAX_LINE)
        if not line:
            return 0
        message = json.loads(line)
        if message.get("type") != "choose":
            continue
        data = message["view"]
        if "log" not in data:       # the log comes in parts: what is new since the last decision
            part = message.get("log") or {}
            log[part.get("from", 0):] = part.get("entries", [])
            data["log"] = log
        m = maps.get(data["map"]) or maps.setdefault(data["map"], load_map(data["map"]))
        try:
            answer = _action_dict(bot.choose(PlayerView.from_dict(data, m)))
            text = json.dumps({"type": "action", "action": answer}, separators=(",", ":"))
        except BaseException as e:      # noqa: B036 - the bot's own error: reported, the referee decides
            _send(writer, _error("raised", e))
            continue
        writer.write(text + "\n")
        writer.flush()


def _read_line(fd: int) -> bytes:
    """One line from ``fd``, read a byte at a time (nothing read ahead: a game's process
    forked after this reads the rest)."""
    out = bytearray()
    while len(out) < MAX_LINE:
        b = os.read(fd, 1)
        if not b:
            return bytes(out)
        out += b
        if b == b"\n":
            break
    return bytes(out)


def _clear_tmp() -> None:
    """Empty the sandbox's private /tmp and /dev/shm between games (nothing carried from one to
    the next)."""
    import shutil

    for entry in [e for folder in ("/tmp", "/dev/shm") if os.path.isdir(folder) for e in os.scandir(folder)]:
        try:
            if entry.is_dir(follow_symlinks=False):
                shutil.rmtree(entry.path, ignore_errors=True)
            else:
                os.unlink(entry.path)
        except OSError:
            pass


def _warm_up(name, warm: set) -> None:
    """Fill the package's own caches (the map, its graph, the moves' tables) with one quick
    game of the built-in bots on map ``name`` (unless it is in ``warm``, the maps done
    already): each game's process is forked from this one, so it starts warm instead of
    working them out again every game. The map of the first game is warmed before any code
    of the student's is loaded, another map when a game on it first starts."""
    from ..engine.maps import MAP_NAMES
    from .planner_bot import PlannerBot
    from .play import play_game
    from .random_bot import RandomBot

    if name in MAP_NAMES and name not in warm:
        warm.add(name)
        play_game(name, [PlannerBot(0), RandomBot(0)], seed=0)


def host(channel) -> int:
    """Many games of one bot file, each in a process forked from this one (the bot's module
    loaded once): ``load`` -> ``loaded``; then per game ``start`` (with the seed) -> a fresh
    process makes the bot, answers ``ready`` and plays until the referee kills it."""
    import gc
    import io

    first = _read_line(0)
    if not first:
        return 0
    message = json.loads(first)
    warm: set[str] = set()
    try:
        _warm_up(message.get("map"), warm)
    except Exception:       # noqa: S110 - only a cache not filled: the games work it out
        pass
    from .bot_loading import BotLoadError, load_bot_class

    try:
        cls = load_bot_class(message["bot"])
    except BotLoadError as e:
        _send(channel, {"type": "error", "kind": "build", "stage": "load", "message": str(e)})
        return 1
    except BaseException as e:      # noqa: B036 - whatever a student's file raises while loading
        _send(channel, {**_error("build", e), "stage": "load"})
        return 1
    # Moved out of the collector's sight, the objects made so far are not written to by it in
    # a game's process, so their memory stays shared with this one (no copy on write).
    gc.collect()
    gc.freeze()
    _send(channel, {"type": "loaded", "bot": cls.__name__})
    sandboxed = os.environ.get("TTR_TEACH_IN_SANDBOX") == "1"
    while True:
        line = _read_line(0)
        if not line:
            return 0
        try:
            message = json.loads(line)
        except ValueError:          # the rest of a message a killed game left unread
            continue
        if not isinstance(message, dict) or message.get("type") != "start":
            continue
        if sandboxed:
            _clear_tmp()
        try:
            _warm_up(message.get("map_name"), warm)
        except Exception:       # noqa: S110 - only a cache not filled: the game works it out
            pass
        pid = os.fork()
        if pid == 0:
            status = 1
            try:
                die_with_parent()
                reader = io.TextIOWrapper(io.FileIO(0, "r", closefd=False), encoding="utf-8")
                from .bot_loading import make_bot

                try:
                    bot = make_bot(cls, message.get("seed", 0))
                except BaseException as e:      # noqa: B036 - whatever the constructor raises
                    _send(channel, {**_error("build", e), "stage": "make", "bot": cls.__name__})
                else:
                    _send(channel, {"type": "ready", "bot": cls.__name__})
                    status = play(bot, reader, channel)
            finally:
                os._exit(status)
        try:
            _, status = os.waitpid(pid, 0)
            code = os.waitstatus_to_exitcode(status)
        except ChildProcessError:
            code = None
        # a new line first: the game's process may have died half-way through a line
        channel.write("\n" + json.dumps({"type": "ended", "status": code}) + "\n")
        channel.flush()


def main() -> int:
    # The protocol gets a private copy of stdout; the bot's prints go to stderr.
    channel = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    return host(channel)


if __name__ == "__main__":
    sys.exit(main())
