"""The referee's side of an isolated bot: a process of its own, spoken to in JSON.

A bot loaded from a file, or given as a command (:class:`BotCommand`, any language), plays
through an :class:`IsolatedBot`: the referee starts the bot's process (under the sandbox
and limits of :mod:`.sandbox`), sends it only its view as JSON, and reads back an action as
JSON, which the referee then parses into the engine's own types and checks like any other.
Nothing the bot's process does can reach the game, another bot or the referee's clock:

* the **wall-clock** time of a decision is the referee's own (from sending the view to
  reading the answer), and past ``hard_limit`` the bot's whole process tree is killed;
* its **processor** time is read from outside, from the kernel's count for the bot's
  processes (``/proc``), before and after the decision;
* between its decisions the bot's processes are **stopped** (``SIGSTOP``), so a thread or a
  child it leaves running cannot take processor time from the other players, or do
  anything, while they think; they are killed when the game ends, on a fault, or when the
  referee stops.

Every way a bot can fail becomes a :class:`BotProcessError` with the fault's ``kind``
(``build``, ``raised``, ``stopped``, ``crashed``, ``garbled``) and a sentence; the referee
charges it to that bot.

>>> BotCommand("node bot.js").argv
('node', 'bot.js')
"""
from __future__ import annotations

import atexit
import json
import shlex
import shutil
import signal
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from ..engine.i18n import N_, gettext
from .bot_pipe import BotPipe, BotProcessError, signal_each
from .process_tree import children, process_tree, running
from .sandbox import Limits, sandbox_command

#: Wall-clock seconds a bot has to start: load its file and make the bot.
BUILD_SECONDS = 30.0


@dataclass(frozen=True)
class BotCommand:
    """A bot in any language: a command that speaks the JSON protocol of ``docs/bots.md`` on
    its standard input and output. ``file``, if given, is shown to the sandboxed command at
    ``/bot/<its name>``, and ``{file}`` in the command stands for that path.

    >>> BotCommand("node {file}", file="alice.js").argv
    ('node', '{file}')

    A program named by its path (``./mybot``, not a program on the ``PATH``) is the bot's file,
    shown in the sandbox like any other: ``BotCommand("./mybot --fast")`` runs it from there.

    >>> BotCommand("./mybot --fast").argv
    ('{file}', '--fast')
    """

    command: str | tuple
    file: str | None = None
    argv: tuple = field(init=False)

    def __post_init__(self):
        argv = shlex.split(self.command) if isinstance(self.command, str) else tuple(self.command)
        if not argv:
            raise ValueError(gettext("a bot command needs a program to run"))
        if self.file is None and "/" in argv[0]:     # the sandbox shows it at /bot/<its name>
            object.__setattr__(self, "file", argv[0])
            argv = ["{file}", *argv[1:]]
        object.__setattr__(self, "argv", tuple(argv))
        if self.file is not None:
            object.__setattr__(self, "file", str(Path(self.file).expanduser().resolve()))

    @property
    def name(self) -> str:
        return Path(self.file).stem if self.file else Path(self.argv[0]).name


def node_bot(path) -> BotCommand:
    """A JavaScript bot file run with ``node``."""
    return BotCommand(("node", "{file}"), file=str(path))


def _real_path(spec) -> str:
    shown = spec if isinstance(spec, str) else " ".join(spec.argv)
    return str(Path(shown.rpartition(":")[0] if ":" in shown else shown).expanduser().resolve())


def _build_error(spec, answer: dict, inside: str) -> BotProcessError:
    """The error for a bot that could not be loaded or made, its file named by its real path."""
    real = _real_path(spec)
    text = str(answer.get("message", "")).replace(inside.rpartition(":")[0] or inside, real) if inside else \
        str(answer.get("message", ""))
    detail = str(answer.get("detail", ""))[:4000]
    if answer.get("stage") == "load":
        return BotProcessError("build", N_("could not be loaded: {error}"), detail, text, error=text)
    made = answer.get("bot") or "bot"
    return BotProcessError("build", N_("could not be made: {error}"), detail,
                           gettext("{file}: its bot {bot} cannot be made: {error}").format(
                               file=real, bot=made, error=text), error=text)


def _start_error(e: BotProcessError, build_seconds: float) -> BotProcessError:
    if e.kind == "stopped":
        return BotProcessError("build", N_("was not ready after {seconds:g} s (loading the file and making "
                                           "the bot)"), e.detail,
                               gettext("not ready after {seconds:g} s (loading the file and making its bot)").format(
                                   seconds=float(build_seconds)),
                               seconds=float(build_seconds))
    return BotProcessError("build", e.template, e.detail, e.problem, **e.fields)


class BotHost:
    """A Python bot file loaded once, in its sandbox, for many games: each game is a process
    forked from this host's (``python -m ttr_teach.players.bot_host --host``), so a game
    starts in milliseconds, from the same fresh state each time, with nothing of the last
    game left (its processes killed, the sandbox's /tmp emptied). One host serves one game at
    a time; :func:`host_for` keeps them per process of the referee."""

    def __init__(self, spec: str, limits: Limits):
        self.spec, self.limits = spec, limits
        target, sep, cls = spec.strip().rpartition(":") if ":" in spec else (spec.strip(), "", "")
        path = Path(target).expanduser().resolve()
        argv, inside = sandbox_command([sys.executable, "-m", "ttr_teach.players.bot_host", "--host"],
                                       str(path) if path.is_file() else None)
        self.inside = (inside or str(path)) + sep + cls
        self.pipe = BotPipe(argv, limits)
        self.pipe.is_host = True
        self.started = time.monotonic()
        self.base: tuple[int, ...] = ()
        self.bot_class: str | None = None
        self.busy = False
        self.asked = False
        self.resting: list[int] = []    #: the host's processes stopped between its games

    def ask_load(self, map: str | None = None) -> None:
        """Ask the host to load the file (warming up for ``map`` first) without waiting for
        its answer (:meth:`load`), so that several hosts start at once."""
        try:
            self.pipe.send({"type": "load", "bot": self.inside, "map": map})
        except BotProcessError:
            pass        # its answer is then read as the process's end
        self.asked = True

    def load(self, build_seconds: float, map: str | None = None) -> str:
        """Load the file (asked already, or now), within ``build_seconds`` of the host's start."""
        if not self.asked:
            self.ask_load(map)
        try:
            left = max(0.001, build_seconds - (time.monotonic() - self.started))
            answer = self.pipe.receive(left, self.pipe.kill)
        except BotProcessError as e:
            self.pipe.close()
            raise _start_error(e, build_seconds) from None
        if answer.get("type") != "loaded":
            self.pipe.close()
            raise _build_error(self.spec, answer, self.inside)
        self.bot_class = str(answer.get("bot"))
        self.base = tuple(process_tree(self.pipe.process.pid))
        self.rest()
        return self.bot_class

    def rest(self) -> None:
        """Stop the host's processes until its next game (:meth:`wake`): the student's code
        loaded in them (a thread started on import, a process forked then) does not run while
        other bots play."""
        if self.pipe.alive:     # again if resting already: a game's close may have woken it
            self.resting = sorted({*self.resting, *self.pipe.signal_tree(signal.SIGSTOP, keep=self.pipe.wrappers())})

    def wake(self) -> None:
        """Let the host's processes run again, for a game about to start."""
        signal_each(self.resting, signal.SIGCONT)
        self.resting = []

    def end_game(self, release: bool = True) -> None:
        """Kill every process of the last game (all but the host's own), empty the pipe; only
        then, and only if ``release``, is the host free for another game (another thread may
        be waiting for one). A game killed on a fault keeps its host until the game is closed:
        freed at once, the host could start another thread's game, which the closing of the
        first would then kill."""
        if self.pipe.alive:         # else closed already (or killed by its own bot): replaced next game
            self.pipe.resume()
            self.pipe.signal_tree(signal.SIGKILL, keep=self.base)
            self.pipe.release()     # the host wakes, finds its game gone and says so
            if not self.pipe.wait_ended() or any(running(p) for p in process_tree(self.pipe.process.pid)
                                                 if p not in self.base):
                self.pipe.close()   # a game that outran the kill (a fork bomb): the whole sandbox goes
            self.rest()
        else:       # the host is gone (its bot may kill it): its game's processes go with their group
            self.pipe.kill()
        if release:
            self.busy = False

    def hold_for_game(self) -> None:
        """Stop the host's own processes for the game that has just started (the student's
        code is loaded in them too): only the game's processes are woken at each decision."""
        wrappers = set(self.pipe.wrappers())
        held = [p for p in self.base if p not in wrappers and running(p)]
        games = [c for p in held for c in children(p) if c not in self.base]
        self.pipe.hold(held, games)

    def close(self) -> None:
        self.pipe.close()


#: Hosts of this process: bot file -> its hosts (one per seat it plays at once).
_HOSTS: dict = {}
#: Files whose bot could not be loaded here: the same fault for every game, at once.
_BROKEN: dict = {}
#: The most hosts kept idle in one process (the oldest idle one is closed past this).
MAX_HOSTS = 12


_LOCK = threading.Lock()     # a dask worker plays games in several threads


def host_for(spec: str, limits: Limits, build_seconds: float, map: str | None = None) -> BotHost:
    """An idle, loaded :class:`BotHost` of ``spec`` for one game on ``map`` (started if need be)."""
    with _LOCK:
        return _host_for(spec, limits, build_seconds, map)


def is_hosted(spec) -> bool:
    """True for the bots that play in a process forked from a :class:`BotHost`: Python files."""
    return isinstance(spec, str) and not spec.strip().endswith(".js")


def start_hosts(specs, limits: Limits, build_seconds: float, map: str | None = None) -> None:
    """Start at once the hosts a game between ``specs`` lacks (one per seat of a Python file
    with no idle host), so that they load side by side rather than one after the other; the
    game then finds them idle (:func:`host_for`). A host that cannot load is left for
    :func:`host_for` to report, with the seat it belongs to."""
    with _LOCK:
        wanted: dict = {}
        for spec in specs:
            if is_hosted(spec) and spec not in _BROKEN:
                wanted[spec] = wanted.get(spec, 0) + 1
        started = []
        for spec, n in wanted.items():
            idle = [h for h in _HOSTS.get(spec, []) if not h.busy and h.pipe.alive and h.limits == limits]
            for _ in range(n - len(idle)):
                try:
                    host = BotHost(spec, limits)
                except BotProcessError:
                    break       # host_for tries again, and says why for its seat
                host.ask_load(map)
                started.append(host)
        for host in started:
            try:
                host.load(build_seconds)
            except BotProcessError as e:
                _BROKEN[host.spec] = e
                continue
            _HOSTS.setdefault(host.spec, []).append(host)


def _host_for(spec: str, limits: Limits, build_seconds: float, map: str | None = None) -> BotHost:
    if spec in _BROKEN:
        raise _BROKEN[spec]
    for host in _HOSTS.get(spec, []):
        if not host.busy and host.pipe.alive and host.limits == limits:
            host.busy = True
            return host
    hosts = _HOSTS.setdefault(spec, [])
    for dead in [h for h in hosts if not h.busy and not h.pipe.alive]:     # its bot killed it
        dead.close()
        hosts.remove(dead)
    idle = [h for hosts in _HOSTS.values() for h in hosts if not h.busy]
    for host in idle[:max(0, len(idle) + 1 - MAX_HOSTS)]:
        host.close()
        _HOSTS[host.spec].remove(host)
    host = BotHost(spec, limits)
    try:
        host.load(build_seconds, map)
    except BotProcessError as e:
        _BROKEN[spec] = e
        raise
    host.busy = True
    _HOSTS[spec].append(host)
    return host


def close_hosts() -> None:
    """End every host of this process (a tournament's end, or the process's)."""
    with _LOCK:
        _close_all()


def _close_all() -> None:
    for hosts in _HOSTS.values():
        for host in hosts:
            host.close()
    _HOSTS.clear()
    _BROKEN.clear()


atexit.register(close_hosts)


class IsolatedBot:
    """One bot's process for one game (see the module docstring).

    ``spec``: a bot file (``"alice.py"``, ``"alice.py:Alice"``, ``"alice.js"``) or a
    :class:`BotCommand`; ``seed``: given to the bot's constructor; ``map``: the map's name
    (sent to bots in other languages). A Python file plays in a process forked from its
    :class:`BotHost`; a command is started afresh for each game.
    """

    def __init__(self, spec, seed: int = 0, limits: Limits | None = None, map: str | None = None):
        self.spec, self.seed, self.limits, self.map = spec, seed, limits or Limits(), map
        self.host: BotHost | None = None
        self.pipe: BotPipe | None = None
        self.bot_class: str | None = None
        self.log_sent = 0           #: log entries already sent to a Python bot's host

    # == starting =================================================================================
    def _command(self) -> tuple:
        """``(argv, start message)`` of a command bot, sandboxed where possible."""
        spec = self.spec
        if isinstance(spec, str):
            spec = node_bot(spec.strip())
        program = spec.file if spec.argv[0] == "{file}" and spec.file else spec.argv[0]
        if shutil.which(program) is None:      # said plainly, not as an exit status of the sandbox
            raise BotProcessError("build", N_("could not be started: there is no program {program} here"),
                                  program=program)
        argv, inside = sandbox_command(list(spec.argv), spec.file)
        argv = [a.replace("{file}", inside) if inside else a for a in argv]
        hello = {"type": "start", "seed": self.seed}
        if self.map is not None:      # a bot in another language gets the map once, as data
            from ..engine.maps import load_map

            hello.update({"map_name": self.map, "map": load_map(self.map).to_json()})
        return argv, hello

    def start(self, build_seconds: float = BUILD_SECONDS) -> str:
        """Start the bot's process and wait (at most ``build_seconds`` of wall-clock time)
        until the bot is made; returns the bot's class name (or the command's name). Raises
        :class:`BotProcessError` of kind ``build``."""
        if is_hosted(self.spec):
            host = self.host = host_for(self.spec, self.limits, build_seconds, self.map)
            pipe = self.pipe = host.pipe
            pipe.ended_seen = False
            pipe.clear_stderr()
            host.wake()
            hello, inside = {"type": "start", "seed": self.seed, "map_name": self.map}, host.inside
        else:
            argv, hello = self._command()
            pipe = self.pipe = BotPipe(argv, self.limits)
            inside = ""
        try:
            answer = pipe.exchange(hello, build_seconds, self.kill)
        except BotProcessError as e:
            self.close()
            raise _start_error(e, build_seconds) from None
        if answer.get("type") == "error":
            self.close()
            raise _build_error(self.spec, answer, inside)
        if answer.get("type") != "ready":
            self.close()
            raise BotProcessError("build", N_("answered its start with something else than ready"))
        self.bot_class = str(answer.get("bot") or getattr(self.spec, "name", "bot"))
        pipe.tree = []      # walked afresh: the pids of a host's last game may be another's now
        if self.host is not None:
            self.host.hold_for_game()
        pipe.pause()        # stopped until its first decision, its processor time read
        return self.bot_class

    # == deciding =================================================================================
    def decide(self, view, hard_limit: float | None) -> tuple:
        """``(action dict, wall seconds, processor seconds)`` of the bot's answer to
        ``view`` (a :class:`.PlayerView`, sent as JSON: whole to a command; to a Python
        bot's host without the log entries it was sent before). Raises
        :class:`BotProcessError`."""
        if self.host is not None:
            message = {"type": "choose", "view": view.to_dict(log=False, legal=False),
                       "log": {"from": self.log_sent, "entries": view.log_since(self.log_sent)}}
            self.log_sent = view.log_length()
        else:
            message = {"type": "choose", "view": view.to_dict()}
        pipe = self.pipe
        assert pipe is not None, "a bot decides between start() and close()"
        before = pipe.pause()       # stopped since its last answer: a no-op, the time read then
        start = time.perf_counter()
        answer = pipe.exchange(message, hard_limit, self.kill, sent=pipe.resume)
        wall = time.perf_counter() - start
        # stopped at once (nothing of the bot's runs after its answer), its time read stopped
        cpu = max(0.0, pipe.pause() - before)
        if answer.get("type") == "error":
            raise BotProcessError("raised", N_("raised {error}"), str(answer.get("detail", ""))[:4000],
                                  error=str(answer.get("message", gettext("an error"))))
        action = answer.get("action") if answer.get("type") == "action" else None
        if not isinstance(action, dict):
            raise BotProcessError("garbled", N_("answered something that is not an action: {answer}"),
                                  answer=json.dumps(answer)[:200])
        return action, wall, cpu

    def pause(self) -> None:
        """Stop the bot's processes until its next decision (while the others play)."""
        if self.pipe is not None:
            self.pipe.pause()

    def kill(self) -> None:
        """Kill the game's processes (a host stays, ready for another game once this one is
        closed)."""
        if self.host is not None:
            self.host.end_game(release=False)
        elif self.pipe is not None:
            self.pipe.kill()

    def stderr_tail(self) -> str:
        return "" if self.pipe is None else self.pipe.stderr_tail()

    def close(self) -> None:
        """End the game for this bot: its processes killed, its pipes closed (a host's kept)."""
        if self.host is not None:
            self.host.end_game()
            self.host = None
        elif self.pipe is not None:
            self.pipe.close()
        self.pipe = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
