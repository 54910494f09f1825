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
import os
import selectors
import shlex
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from ..engine.i18n import N_, gettext
from .process_tree import TreeWatch, children, process_tree, running
from .sandbox import Limits, apply_limits, plain_environment, sandbox_command

#: Wall-clock seconds a bot has to start: load its file and make the bot.
BUILD_SECONDS = 30.0
#: The longest answer read from a bot (an action is a few hundred bytes).
MAX_ANSWER = 1_000_000
#: The end of the bot's standard error kept for its author.
STDERR_KEPT = 2000


class BotProcessError(Exception):
    """A bot's process failed: ``kind`` (``build``, ``raised``, ``stopped``, ``crashed``,
    ``garbled``), ``message`` (what happened, without the bot's name, in English: a message
    marked with ``N_`` whose ``{fields}`` are filled from ``fields``) and ``detail`` (the bot's
    traceback or the end of its standard error). :meth:`said` is ``message`` in the language
    spoken now.

    >>> e = BotProcessError("stopped", N_("was still deciding after {seconds:g} s and was stopped"), seconds=2.0)
    >>> e.message, e.said()
    ('was still deciding after 2 s and was stopped', 'was still deciding after 2 s and was stopped')
    """

    def __init__(self, kind: str, message: str, detail: str = "", problem: str = "", **fields: object):
        text = message.format(**fields) if fields else message
        super().__init__(text)
        self.kind, self.message, self.detail = kind, text, detail
        self.template, self.fields = message, fields
        self.problem = problem or text     #: the problem in a class list: "alice.py: ..."

    def said(self) -> str:
        """What happened, in the language spoken now (a sentence's predicate: the referee
        puts the bot's name before it)."""
        return gettext(self.template).format(**self.fields) if self.fields else gettext(self.template)


@dataclass(frozen=True)
class BotCommand:
    """A bot in any language: a command that speaks the JSON protocol of ``docs/bots.md`` on
    its standard input and output. ``file``, if given, is shown to the sandboxed command at
    ``/bot/<its name>``, and ``{file}`` in the command stands for that path.

    >>> BotCommand("node {file}", file="alice.js").argv
    ('node', '{file}')
    """

    command: str | tuple
    file: str | None = None
    argv: tuple = field(init=False)

    def __post_init__(self):
        argv = shlex.split(self.command) if isinstance(self.command, str) else tuple(self.command)
        if not argv:
            raise ValueError(gettext("a bot command needs a program to run"))
        object.__setattr__(self, "argv", tuple(argv))
        if self.file is not None:
            object.__setattr__(self, "file", str(Path(self.file).expanduser().resolve()))

    @property
    def name(self) -> str:
        return Path(self.file).stem if self.file else Path(self.argv[0]).name


def node_bot(path) -> BotCommand:
    """A JavaScript bot file run with ``node``."""
    return BotCommand(("node", "{file}"), file=str(path))


class _Process:
    """A bot's process (a game's, or a host's) and its JSON-lines pipes: send a message and
    read the answer within a wall-clock limit, stop and resume its processes, kill them."""

    def __init__(self, argv: list, limits: Limits):
        self._stderr: IO[bytes] | None = tempfile.TemporaryFile()
        self._folder = None if _sandboxed() else tempfile.mkdtemp(prefix="ttr-teach-bot-")
        self._buffer = b""
        self.paused = False
        self.stopped: list[int] = []     #: the pids stopped by the last pause
        self.sandboxed = bool(argv) and Path(argv[0]).name == "bwrap"
        self._wrapper_pids: tuple[int, ...] | None = None
        self.ended_seen = False     #: a host said the game's process ended
        self.tree: list[int] = []   #: the tree's pids when it was last stopped ([]: walk it first)
        self.cpu = 0.0              #: the tree's processor seconds when it was last stopped
        try:
            self.process = subprocess.Popen(
                argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._stderr,
                env=None if _sandboxed() else plain_environment(), cwd=self._folder,
                start_new_session=True, preexec_fn=lambda: apply_limits(limits), close_fds=True)
        except OSError as e:
            self._cleanup()
            raise BotProcessError("build", N_("could not be started ({reason})"), reason=str(e.strerror or e)) from None
        os.set_blocking(self._stdout.fileno(), False)
        self.watch = TreeWatch(self.process.pid)
        self._answers = selectors.DefaultSelector()    # made once: an epoll a message costs more than its wait
        self._answers.register(self._stdout, selectors.EVENT_READ)

    @property
    def _stdin(self) -> IO[bytes]:
        """The pipe to the process (there is one: it is started with ``stdin=PIPE``)."""
        assert self.process.stdin is not None
        return self.process.stdin

    @property
    def _stdout(self) -> IO[bytes]:
        """The pipe from the process (there is one: it is started with ``stdout=PIPE``)."""
        assert self.process.stdout is not None
        return self.process.stdout

    @property
    def alive(self) -> bool:
        return self.process.poll() is None

    def exchange(self, message: dict, limit: float | None, on_timeout, sent=None) -> dict:
        """Send ``message``, read one JSON object back within ``limit`` wall-clock seconds;
        ``on_timeout()`` is called (to kill) before a ``stopped`` error is raised. ``sent()``,
        if given, is called once the message is in the pipe (to resume the bot's processes:
        woken then, the bot finds its view waiting)."""
        self.send(message)
        if sent is not None:
            sent()
        return self.receive(limit, on_timeout)

    def send(self, message: dict) -> None:
        """Write ``message`` (one JSON line) to the process."""
        data = (json.dumps(message, separators=(",", ":")) + "\n").encode()
        try:
            self._stdin.write(data)
            self._stdin.flush()
        except (BrokenPipeError, OSError, ValueError):   # ValueError: the pipe was closed already
            raise self.ended() from None

    def receive(self, limit: float | None, on_timeout) -> dict:
        """One JSON object read within ``limit`` wall-clock seconds (see :meth:`exchange`)."""
        deadline = None if limit is None else time.monotonic() + limit
        sel = self._answers
        while b"\n" not in self._buffer.lstrip(b"\n"):
            wait = None if deadline is None else deadline - time.monotonic()
            if wait is not None and wait <= 0:
                on_timeout()
                raise BotProcessError("stopped", N_("was still deciding after {seconds:g} s and was stopped"),
                                      seconds=float(limit or 0))
            if not sel.select(wait):
                continue
            try:
                chunk = os.read(self._stdout.fileno(), 65536)
            except BlockingIOError:     # woken with nothing to read after all: wait again
                continue
            if not chunk:
                raise self.ended()
            self._buffer += chunk
            if len(self._buffer) > MAX_ANSWER:
                on_timeout()
                raise BotProcessError("garbled", N_("answered more than {n} bytes"), n=MAX_ANSWER)
        line, _, self._buffer = self._buffer.lstrip(b"\n").partition(b"\n")
        try:
            answer = json.loads(line)
        except ValueError:
            raise BotProcessError("garbled", N_("answered a line that is not JSON: {line}"),
                                  self.stderr_tail(), line=repr(line[:120])) from None
        if not isinstance(answer, dict):
            raise BotProcessError("garbled", N_("answered {line}, not a JSON object"), line=repr(line[:120]))
        if answer.get("type") == "ended" and set(answer) == {"type", "status"}:    # said by a host
            self.ended_seen = True
            raise _ended(answer["status"], self.stderr_tail())
        return answer

    def wait_ended(self, seconds: float = 5.0) -> bool:
        """Read up to a host's word that the game's process has ended (whatever the game
        left in the pipe before it is dropped); False if it did not come."""
        if self.ended_seen:
            self._buffer = b""
            return True
        deadline = time.monotonic() + seconds
        sel = self._answers
        while time.monotonic() < deadline and self.alive:
            for raw in self._buffer.split(b"\n")[:-1]:
                try:
                    said = json.loads(raw)
                except ValueError:
                    continue
                if isinstance(said, dict) and said.get("type") == "ended":
                    self._buffer = self._buffer.split(raw, 1)[1].lstrip(b"\n")
                    self.ended_seen = True      # asked again (a fault, then the close): no wait
                    return True
            if sel.select(max(0.0, deadline - time.monotonic())):
                try:
                    chunk = os.read(self._stdout.fileno(), 65536)
                except BlockingIOError:
                    continue
                if not chunk:
                    return False
                self._buffer = (self._buffer + chunk)[-MAX_ANSWER:]
        return False

    def ended(self) -> BotProcessError:
        """The error for a process that closed its pipes or ended."""
        self.kill()
        return _ended(self.process.poll(), self.stderr_tail())

    def signal_tree(self, sig, keep=(), passes: int = 5, known=()) -> list:
        """Send ``sig`` to every process of the tree but ``keep``; the pids signalled.
        ``known``: pids of the tree found just before, signalled first (the walks that follow
        then only catch what was forked since)."""
        if self.process.poll() is not None:
            return []
        seen = set(keep)
        pending = [p for p in known if p not in seen]
        for _ in range(passes):     # a process forked while we walk is caught on the next pass
            pids = pending or [p for p in process_tree(self.process.pid) if p not in seen]
            pending = []
            if not pids:
                break
            for p in pids:
                try:
                    os.kill(p, sig)
                except OSError:
                    pass
            seen.update(pids)
        return sorted(seen - set(keep))

    def _wrappers(self) -> tuple[int, ...]:
        """The sandbox's own processes (bubblewrap and the init it forks in the new process
        namespace, before any code of the bot's runs): they only wait, so they need not be
        stopped between decisions. The bot cannot put a process of its own there: the outer
        bubblewrap's one child is that init."""
        if self._wrapper_pids is None:
            self._wrapper_pids = (self.process.pid, *children(self.process.pid)) if self.sandboxed else ()
        return self._wrapper_pids

    def pause(self, passes: int = 5) -> float:
        """Stop every process of the bot's in the tree; returns the processor seconds of the
        whole tree, read once all of it is stopped (so it cannot change until :meth:`resume`).
        The processes known from the last walk are stopped first, then the tree is walked
        again (from ``/proc``) for any forked since, until a walk finds no new one."""
        if self.paused:
            return self.cpu
        self.paused = True
        if self.process.poll() is not None:
            self.stopped = []
            return self.cpu
        keep = set(self._wrappers())
        stopped: set[int] = set()
        pending = [p for p in self.tree if p not in keep]
        tree = self.tree
        for _ in range(passes):     # a process forked while we walk is caught on the next pass
            for p in pending:
                try:
                    os.kill(p, signal.SIGSTOP)
                except OSError:
                    pass
            stopped.update(pending)
            tree, self.cpu = self.watch.walk()
            pending = [p for p in tree if p not in keep and p not in stopped]
            if not pending:
                break
        else:
            for p in pending:   # still forking: stopped, and killed with the rest at the game's end
                try:
                    os.kill(p, signal.SIGSTOP)
                except OSError:
                    pass
        self.tree = tree
        self.stopped = [p for p in tree if p not in keep] + [p for p in pending if p not in tree]
        return self.cpu

    def resume(self) -> None:
        """Let the stopped processes run again (stopped, they cannot have forked: the ones
        stopped and the sandbox's are all there is)."""
        if not self.paused:
            return
        for p in self.stopped:
            try:
                os.kill(p, signal.SIGCONT)
            except OSError:
                pass
        self.paused = False

    def kill(self) -> None:
        """Kill the whole process tree (and its process group)."""
        self.signal_tree(signal.SIGKILL)
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except OSError:
            pass
        try:
            self.process.kill()
            self.process.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            pass

    def stderr_tail(self) -> str:
        """The end of what the bot wrote to its standard error (for its author)."""
        if self._stderr is None:
            return ""
        try:
            size = self._stderr.seek(0, os.SEEK_END)
            self._stderr.seek(max(0, size - STDERR_KEPT))
            return self._stderr.read().decode("utf-8", "replace")
        except (OSError, ValueError):
            return ""

    def close(self) -> None:
        self.kill()
        self.watch.close()
        self._answers.close()
        for pipe in (self._stdin, self._stdout):
            try:
                pipe.close()
            except OSError:
                pass
        self._cleanup()

    def _cleanup(self) -> None:
        if self._stderr is not None:
            self._stderr.close()
            self._stderr = None
        if self._folder is not None:
            import shutil

            shutil.rmtree(self._folder, ignore_errors=True)
            self._folder = None


def _ended(code, detail: str) -> BotProcessError:
    """The error for a bot's process that ended, from its exit code (negative: a signal;
    128 + n from bwrap)."""
    sig = -code if code is not None and code < 0 else (code - 128 if code and code > 128 else None)
    if sig in signal.valid_signals():
        return BotProcessError("crashed", N_("ended: its process was killed by signal {signal}"), detail,
                               signal=signal.Signals(sig).name)
    return BotProcessError("crashed", N_("ended: its process exited (status {code})"), detail, code=str(code))


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
                               gettext("not ready after {seconds:g} s").format(seconds=float(build_seconds)),
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
        self.pipe = _Process(argv, limits)
        self.started = time.monotonic()
        self.base: tuple[int, ...] = ()
        self.bot_class: str | None = None
        self.busy = False
        self.asked = False

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
        return self.bot_class

    def end_game(self, release: bool = True) -> None:
        """Kill every process of the last game (all but the host's own), empty the pipe; only
        then, and only if ``release``, is the host free for another game (another thread may
        be waiting for one). A game killed on a fault keeps its host until the game is closed:
        freed at once, the host could start another thread's game, which the closing of the
        first would then kill."""
        if self.pipe.alive:         # else closed already (or killed by its own bot): replaced next game
            self.pipe.resume()
            self.pipe.signal_tree(signal.SIGKILL, keep=self.base)
            if not self.pipe.wait_ended() or any(running(p) for p in process_tree(self.pipe.process.pid)
                                                 if p not in self.base):
                self.pipe.close()   # a game that outran the kill (a fork bomb): the whole sandbox goes
        if release:
            self.busy = False

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
    _HOSTS[spec] = [h for h in _HOSTS.get(spec, []) if h.pipe.alive]
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
        self.pipe: _Process | None = None
        self.bot_class: str | None = None
        self.log_sent = 0           #: log entries already sent to a Python bot's host

    # == starting =================================================================================
    def _command(self) -> tuple:
        """``(argv, start message)`` of a command bot, sandboxed where possible."""
        spec = self.spec
        if isinstance(spec, str):
            spec = node_bot(spec.strip())
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
            hello, inside = {"type": "start", "seed": self.seed, "map_name": self.map}, host.inside
        else:
            argv, hello = self._command()
            pipe = self.pipe = _Process(argv, self.limits)
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


def _sandboxed() -> bool:
    from .sandbox import sandbox_status

    return sandbox_status().enforced
