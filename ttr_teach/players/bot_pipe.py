"""The pipe to one bot's process: JSON lines in and out within a wall-clock limit, the
process tree stopped between decisions, and killed at the end.

:class:`BotPipe` is what :mod:`.bot_process` speaks through, for a game's process and for a
host's alike; every way the process can fail becomes a :class:`BotProcessError`.

>>> ended_error(-9, "").message
'ended: its process was killed by signal SIGKILL'
"""
from __future__ import annotations

import json
import os
import selectors
import signal
import subprocess
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import IO

from ..engine.i18n import N_, gettext
from ..engine.nesting import nested_deeper
from ..engine.text import one_line, printable, printable_lines
from .process_tree import TreeWatch, children, process_tree
from .sandbox import Limits, apply_limits, plain_environment

#: The longest a message to a bot's process may wait for room in its pipe, outside a decision
#: (a decision's message counts against the decision's own time limit).
SEND_SECONDS = 60.0
#: The longest answer read from a bot (an action is a few hundred bytes).
MAX_ANSWER = 1_000_000
#: The end of the bot's standard error kept for its author.
STDERR_KEPT = 2000
#: The deepest nesting of lists and objects read from a bot (an answer is three levels deep:
#: the message, its action, a list in it); anything deeper is garbled, refused before any code
#: of the referee's walks through it.
MAX_DEPTH = 16


class TooDeep(ValueError):
    """JSON nested deeper than :data:`MAX_DEPTH` (the exception's argument)."""


def read_json(line: bytes) -> object:
    """The JSON value of one line a bot wrote; ``ValueError`` if it is not JSON, or
    :class:`TooDeep` if it nests deeper than :data:`MAX_DEPTH` (so deep that Python's own
    parser would give up with a ``RecursionError`` is refused the same way). A lone half of
    a UTF-16 pair in a string (``"\\ud800"``), which no output can print, becomes the
    replacement character (:func:`~ttr_teach.engine.text.printable`).

    >>> read_json(b'{"type": "action", "action": {"type": "pass"}}')
    {'type': 'action', 'action': {'type': 'pass'}}
    >>> read_json(b'{"message": "bad \\\\ud800 name"}') == {"message": "bad \\ufffd name"}
    True
    >>> read_json(b"[" * 100_000)
    Traceback (most recent call last):
    ...
    ttr_teach.players.bot_pipe.TooDeep: 16
    """
    try:
        value = json.loads(line)
    except RecursionError:
        raise TooDeep(MAX_DEPTH) from None
    # brackets inside strings count too, so a line with many is walked to be sure
    if line.count(b"[") + line.count(b"{") > MAX_DEPTH and nested_deeper(value, MAX_DEPTH):
        raise TooDeep(MAX_DEPTH)
    if b"\\u" in line or b"\xed" in line:       # an escaped or encoded surrogate may be there
        value = _printable(value)
    return value


def _printable(value: object) -> object:
    """``value`` with its strings :func:`~ttr_teach.engine.text.printable` (``value`` is at
    most :data:`MAX_DEPTH` deep)."""
    if isinstance(value, str):
        return printable(value)
    if isinstance(value, list):
        return [_printable(item) for item in value]
    if isinstance(value, dict):
        return {_printable(key): _printable(item) for key, item in value.items()}
    return value


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
        # what the bot wrote is shown, never obeyed: one line, no terminal escape sequence
        fields = {key: one_line(value) if isinstance(value, str) else value for key, value in fields.items()}
        detail, problem = printable_lines(detail), one_line(problem)
        text = message.format(**fields) if fields else message
        super().__init__(text)
        self.kind, self.message, self.detail = kind, text, detail
        self.template, self.fields = message, fields
        self.problem = problem or text     #: the problem in a class list: "alice.py: ..."

    def said(self) -> str:
        """What happened, in the language spoken now (a sentence's predicate: the referee
        puts the bot's name before it)."""
        return gettext(self.template).format(**self.fields) if self.fields else gettext(self.template)


class BotPipe:
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
        self.is_host = False        #: a host's pipe, whose word that a game ended is believed (:meth:`receive`)
        self.tree: list[int] = []   #: the tree's pids when it was last stopped ([]: walk it first)
        self.cpu = 0.0              #: the tree's processor seconds when it was last stopped
        self.held: tuple[int, ...] = ()     #: pids kept stopped for a whole game (:meth:`hold`)
        self._watched: dict[int, int] = {}  # pidfd -> pid of a game's process (:meth:`hold`)
        try:
            self.process = _start(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._stderr,
                                  env=None if _sandboxed() else plain_environment(), cwd=self._folder,
                                  start_new_session=True, preexec_fn=lambda: apply_limits(limits), close_fds=True)
        except OSError as e:
            self._cleanup()
            raise BotProcessError("build", N_("could not be started ({reason})"), reason=str(e.strerror or e)) from None
        os.set_blocking(self._stdout.fileno(), False)
        self.watch = TreeWatch(self.process.pid)
        self._answers = selectors.DefaultSelector()    # made once: an epoll a message costs more than its wait
        self._answers.register(self._stdout, selectors.EVENT_READ)
        os.set_blocking(self._stdin.fileno(), False)    # a full pipe never blocks the referee (:meth:`send`)
        self._room = selectors.DefaultSelector()
        self._room.register(self._stdin, selectors.EVENT_WRITE)

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
        """Send ``message``, read one JSON object back, both within ``limit`` wall-clock
        seconds; ``on_timeout()`` is called (to kill) before a ``stopped`` error is raised.
        ``sent()``, if given, is called once the message is in the pipe (to resume the bot's
        processes: woken then, the bot finds its view waiting), or as soon as the pipe is full
        (a view longer than the pipe holds is read while it is written)."""
        deadline = None if limit is None else time.monotonic() + limit
        self.send(message, limit, on_timeout, sent, deadline)
        return self._receive(deadline, limit, on_timeout)

    def send(self, message: dict, limit: float | None = None, on_timeout=None, sent=None,
             deadline: float | None = None) -> None:
        """Write ``message`` (one JSON line) to the process within ``limit`` seconds (default
        :data:`SEND_SECONDS`; or by ``deadline``, a :func:`time.monotonic` time). The referee
        never blocks on the pipe: a process that does not read what it is sent (a command that
        ignores its input, a bot's game that stopped reading) is killed when the time is up
        (``on_timeout()``, default :meth:`kill`) and is ``stopped``. ``sent`` as in
        :meth:`exchange`."""
        data = memoryview((json.dumps(message, separators=(",", ":")) + "\n").encode())
        limit = SEND_SECONDS if limit is None else limit
        deadline = time.monotonic() + limit if deadline is None else deadline
        woken = False
        while data:
            try:
                data = data[os.write(self._stdin.fileno(), data):]
                continue
            except BlockingIOError:
                pass
            except (OSError, ValueError):   # a broken pipe; ValueError: the pipe was closed already
                raise self.ended() from None
            if sent is not None and not woken:      # the pipe is full: the bot reads what it holds
                sent()
                woken = True
            wait = deadline - time.monotonic()
            if wait <= 0:
                (on_timeout or self.kill)()
                raise BotProcessError("stopped", N_("did not read what it was sent within {seconds:g} s and was "
                                                    "stopped"), seconds=float(limit))
            self._room.select(wait)
        if sent is not None and not woken:
            sent()

    def receive(self, limit: float | None, on_timeout) -> dict:
        """One JSON object read within ``limit`` wall-clock seconds (see :meth:`exchange`)."""
        return self._receive(None if limit is None else time.monotonic() + limit, limit, on_timeout)

    def _receive(self, deadline: float | None, limit: float | None, on_timeout) -> dict:
        sel = self._answers
        while b"\n" not in self._buffer.lstrip(b"\n"):
            wait = None if deadline is None else deadline - time.monotonic()
            if wait is not None and wait <= 0:
                on_timeout()
                raise BotProcessError("stopped", N_("was still deciding after {seconds:g} s and was stopped"),
                                      seconds=float(limit or 0))
            ready = sel.select(wait)
            if not ready:
                continue
            if not self._answer_waiting(ready):
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
            answer = read_json(line)
        except TooDeep:
            raise BotProcessError("garbled", N_("answered JSON nested more than {n} levels deep"), self.stderr_tail(),
                                  n=MAX_DEPTH) from None
        except ValueError:
            raise BotProcessError("garbled", N_("answered a line that is not JSON: {line}"),
                                  self.stderr_tail(), line=repr(line[:120])) from None
        if not isinstance(answer, dict):
            raise BotProcessError("garbled", N_("answered {line}, not a JSON object"), line=repr(line[:120]))
        # Said by a host once its game's process has ended. While that process is watched it
        # has not, and the host is held: the line is the game's own (a bot's forgery), an answer.
        if answer.get("type") == "ended" and set(answer) == {"type", "status"} and self.is_host and not self._watched:
            self.ended_seen = True
            raise ended_error(answer["status"], self.stderr_tail())
        return answer

    def _answer_waiting(self, ready) -> bool:
        """Whether the selector's ``ready`` events include the pipe from the process; a held
        host is released first if the game's process has ended (so that it can say so)."""
        if self._watched and any(key.fd in self._watched for key, _ in ready):
            self.release()
        return any(key.fileobj is self._stdout for key, _ in ready)

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
                    said = read_json(raw)
                except ValueError:
                    continue
                if isinstance(said, dict) and said.get("type") == "ended":
                    self._buffer = self._buffer.split(raw, 1)[1].lstrip(b"\n")
                    self.ended_seen = True      # asked again (a fault, then the close): no wait
                    return True
            if self._answer_waiting(sel.select(max(0.0, deadline - time.monotonic()))):
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
        return ended_error(self.process.poll(), self.stderr_tail())

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
            signal_each(pids, sig)
            seen.update(pids)
        return sorted(seen - set(keep))

    def wrappers(self) -> tuple[int, ...]:
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
        keep = set(self.wrappers()) | set(self.held)
        stopped: set[int] = set()
        pending = [p for p in self.tree if p not in keep]
        tree = self.tree
        for _ in range(passes):     # a process forked while we walk is caught on the next pass
            signal_each(pending, signal.SIGSTOP)
            stopped.update(pending)
            tree, self.cpu = self.watch.walk()
            pending = [p for p in tree if p not in keep and p not in stopped]
            if not pending:
                break
        else:
            # still forking: stopped, and killed with the rest at the game's end
            signal_each(pending, signal.SIGSTOP)
        self.tree = tree
        # every process stopped, in the tree or not: one that left it meanwhile (its parent,
        # the host, killed by the bot) must still be woken by :meth:`resume`
        self.stopped = sorted(stopped | set(pending))     # the whole tree (but ``keep``) is in them
        # woken by the bot's own game (it may signal its host): stopped again
        signal_each([p for p in self.held if p not in self.watch.stopped], signal.SIGSTOP)
        return self.cpu

    def resume(self) -> None:
        """Let the stopped processes run again (stopped, they cannot have forked: the ones
        stopped and the sandbox's are all there is)."""
        if not self.paused:
            return
        signal_each(self.stopped, signal.SIGCONT)
        self.paused = False

    def hold(self, pids, games) -> None:
        """Keep ``pids`` (a host's own processes) stopped until :meth:`release`, for a whole
        game: :meth:`pause` and :meth:`resume` then stop and wake only the game's processes,
        which saves a host's wake-up at every decision. The end of a process of ``games`` (a
        game's process, watched through a pidfd) releases them, so that the host can say so."""
        signal_each(pids, signal.SIGSTOP)
        self.held = tuple(pids)
        for p in games:
            try:
                fd = os.pidfd_open(p)
            except (OSError, AttributeError):   # gone already, or a kernel without pidfds
                self.release()
                return
            self._watched[fd] = p
            self._answers.register(fd, selectors.EVENT_READ)

    def release(self) -> None:
        """Wake the processes of :meth:`hold` and stop watching the game's."""
        signal_each(self.held, signal.SIGCONT)
        self.held = ()
        for fd in self._watched:
            self._answers.unregister(fd)
            os.close(fd)
        self._watched.clear()

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

    def clear_stderr(self) -> None:
        """Start the kept standard error afresh (a host's, at each game): what a bot prints
        counts against its file-size limit game by game, so an honest bot that prints a lot is
        not stopped, many games later, by what it printed in the games before."""
        if self._stderr is not None:
            try:
                self._stderr.seek(0)
                self._stderr.truncate()
            except (OSError, ValueError):
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
        self.release()
        self.watch.close()
        self._answers.close()
        self._room.close()
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


def signal_each(pids, sig) -> None:
    """Send ``sig`` to each of ``pids`` (one that has ended meanwhile is skipped)."""
    for p in pids:
        try:
            os.kill(p, sig)
        except OSError:
            pass


_STARTER: list = []     # the thread that starts bot processes from a thread other than the main one
_STARTER_LOCK = threading.Lock()


def _start(argv, **options) -> subprocess.Popen:
    """``subprocess.Popen(argv, **options)``, from a thread that lasts as long as this process.
    A bot's process is killed when the thread that started it ends (the kernel's parent-death
    signal, which bubblewrap's ``--die-with-parent`` and :func:`.sandbox.apply_limits` ask
    for): started from a passing thread (a dask worker's, a teacher's own), a host kept for
    later games would die with it, in another thread's game."""
    if threading.current_thread() is threading.main_thread():
        return subprocess.Popen(argv, **options)
    with _STARTER_LOCK:
        if not _STARTER:
            _STARTER.append(ThreadPoolExecutor(1, thread_name_prefix="ttr-teach bot starter"))
    return _STARTER[0].submit(subprocess.Popen, argv, **options).result()


def ended_error(code, detail: str) -> BotProcessError:
    """The error for a bot's process that ended, from its exit code (negative: a signal;
    128 + n from bwrap)."""
    sig = -code if code is not None and code < 0 else (code - 128 if code and code > 128 else None)
    if sig in signal.valid_signals():
        return BotProcessError("crashed", N_("ended: its process was killed by signal {signal}"), detail,
                               signal=signal.Signals(sig).name)
    return BotProcessError("crashed", N_("ended: its process exited (status {code})"), detail, code=str(code))


def _sandboxed() -> bool:
    from .sandbox import sandbox_status

    return sandbox_status().enforced
