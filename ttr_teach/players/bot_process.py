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

import json
import os
import selectors
import shlex
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from .sandbox import Limits, apply_limits, plain_environment, sandbox_command

#: Wall-clock seconds a bot has to start: load its file and make the bot.
BUILD_SECONDS = 30.0
#: The longest answer read from a bot (an action is a few hundred bytes).
MAX_ANSWER = 1_000_000
#: The end of the bot's standard error kept for its author.
STDERR_KEPT = 2000


class BotProcessError(Exception):
    """A bot's process failed: ``kind`` (``build``, ``raised``, ``stopped``, ``crashed``,
    ``garbled``), ``message`` (what happened, without the bot's name) and ``detail`` (the
    bot's traceback or the end of its standard error)."""

    def __init__(self, kind: str, message: str, detail: str = "", problem: str = ""):
        super().__init__(message)
        self.kind, self.message, self.detail = kind, message, detail
        self.problem = problem or message     #: the problem in a class list: "alice.py: ..."


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
            raise ValueError("a bot command needs a program to run")
        object.__setattr__(self, "argv", tuple(argv))
        if self.file is not None:
            object.__setattr__(self, "file", str(Path(self.file).expanduser().resolve()))

    @property
    def name(self) -> str:
        return Path(self.file).stem if self.file else Path(self.argv[0]).name


def node_bot(path) -> BotCommand:
    """A JavaScript bot file run with ``node``."""
    return BotCommand(("node", "{file}"), file=str(path))


def is_isolated(factory) -> bool:
    """True for the bots a tournament plays in a process of their own: files and commands
    (anything loaded from outside). Built-in names, ``"module:Class"`` of the installed
    environment, and classes or functions given in Python (already running here) play in
    this process.

    >>> is_isolated("planner"), is_isolated("students/alice.py"), is_isolated(BotCommand("./bot"))
    (False, True, True)
    """
    from .bot_loading import BUILTIN, _is_file_spec

    if isinstance(factory, BotCommand):
        return True
    if not isinstance(factory, str) or factory.strip().lower() in BUILTIN:
        return False
    target = factory.strip().rpartition(":")[0] if ":" in factory else factory.strip()
    return _is_file_spec(target) or factory.strip().endswith(".js")


def _children(pid: int) -> list:
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return []
    found = []
    for tid in tasks:
        try:
            with open(f"/proc/{pid}/task/{tid}/children") as f:
                found.extend(int(c) for c in f.read().split())
        except OSError:
            pass
    return found


def process_tree(pid: int) -> list:
    """``pid`` and every process below it (from ``/proc``; just ``[pid]`` elsewhere)."""
    tree, todo = [], [pid]
    while todo:
        p = todo.pop()
        if p not in tree:
            tree.append(p)
            todo.extend(_children(p))
    return tree


_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def tree_cpu_seconds(pids) -> float:
    """Processor seconds used by ``pids`` and their finished children (``/proc/PID/stat``)."""
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        total += sum(int(x) for x in fields[11:15])    # utime stime cutime cstime
    return total / _TICKS


class IsolatedBot:
    """One bot's process for one game (see the module docstring).

    ``spec``: a bot file (``"alice.py"``, ``"alice.py:Alice"``, ``"alice.js"``) or a
    :class:`BotCommand`; ``seed``: given to the bot's constructor (Python bots).
    """

    def __init__(self, spec, seed: int = 0, limits: Limits | None = None, map: str | None = None):
        self.spec, self.seed, self.limits, self.map = spec, seed, limits or Limits(), map
        self.process = None
        self._stderr = None
        self._buffer = b""
        self._folder = None
        self.bot_class = None

    # == starting =================================================================================
    def _command(self) -> tuple:
        """``(argv, start message or None)`` for this bot, sandboxed where possible."""
        spec = self.spec
        if isinstance(spec, str) and spec.strip().endswith(".js"):
            spec = node_bot(spec.strip())
        if isinstance(spec, BotCommand):
            argv, inside = sandbox_command(list(spec.argv), spec.file)
            argv = [a.replace("{file}", inside) if inside else a for a in argv]
            hello = {"type": "start", "seed": self.seed}
            if self.map is not None:      # a bot in another language gets the map once, as data
                from ..engine.maps import load_map

                hello.update(map_name=self.map, map=load_map(self.map).to_json())
            return argv, hello
        target, sep, cls = spec.strip().rpartition(":") if ":" in spec else (spec.strip(), "", "")
        path = Path(target).expanduser().resolve()
        host = [sys.executable, "-m", "ttr_teach.players.bot_host"]
        argv, inside = sandbox_command(host, str(path) if path.is_file() else None)
        shown = inside or str(path)
        return argv, {"type": "start", "bot": shown + sep + cls, "seed": self.seed, "map_name": self.map}

    def start(self, build_seconds: float = BUILD_SECONDS) -> str:
        """Start the process and wait (at most ``build_seconds`` of wall-clock time) until the
        bot is made; returns the bot's class name (or the command's name). Raises
        :class:`BotProcessError` of kind ``build``."""
        argv, hello = self._command()
        self._stderr = tempfile.TemporaryFile()
        self._folder = None if _sandboxed() else tempfile.mkdtemp(prefix="ttr-teach-bot-")
        limits = self.limits
        try:
            self.process = subprocess.Popen(
                argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._stderr,
                env=None if _sandboxed() else plain_environment(), cwd=self._folder,
                start_new_session=True, preexec_fn=lambda: apply_limits(limits), close_fds=True)
        except OSError as e:
            raise BotProcessError("build", f"could not be started ({e.strerror or e})") from None
        os.set_blocking(self.process.stdout.fileno(), False)
        try:
            answer, _ = self._exchange(hello, build_seconds)
        except BotProcessError as e:
            self.close()
            if e.kind == "stopped":
                raise BotProcessError("build", f"was not ready after {build_seconds:g} s (loading the "
                                      "file and making the bot)", e.detail) from None
            raise BotProcessError("build", e.message, e.detail) from None
        if answer.get("type") == "error":
            self.close()
            raise self._build_error(answer, hello.get("bot", ""))
        if answer.get("type") != "ready":
            self.close()
            raise BotProcessError("build", "answered its start with something else than ready")
        self.bot_class = str(answer.get("bot") or getattr(self.spec, "name", "bot"))
        self._pause()
        return self.bot_class

    def _build_error(self, answer: dict, inside: str) -> BotProcessError:
        """The error for a bot that could not be loaded or made, its file named by its real path."""
        shown = self.spec if isinstance(self.spec, str) else " ".join(self.spec.argv)
        real = str(Path(shown.rpartition(":")[0] if ":" in shown else shown).expanduser().resolve())
        text = str(answer.get("message", "")).replace(inside.rpartition(":")[0] or inside, real)
        detail = str(answer.get("detail", ""))[:4000]
        if answer.get("stage") == "load":
            return BotProcessError("build", f"could not be loaded: {text}", detail, text)
        made = answer.get("bot") or "bot"
        return BotProcessError("build", f"could not be made: {text}", detail,
                               f"{real}: its bot {made} cannot be made: {text}")

    # == deciding =================================================================================
    def decide(self, view: dict, hard_limit: float | None) -> tuple:
        """``(action dict, wall seconds, processor seconds)`` of the bot's answer to
        ``view`` (a :meth:`.PlayerView.to_dict`). Raises :class:`BotProcessError`."""
        self._resume()
        before = tree_cpu_seconds(process_tree(self.process.pid))
        start = time.perf_counter()
        answer, _ = self._exchange({"type": "choose", "view": view}, hard_limit)
        wall = time.perf_counter() - start
        cpu = max(0.0, tree_cpu_seconds(process_tree(self.process.pid)) - before)
        self._pause()
        if answer.get("type") == "error":
            raise BotProcessError("raised", f"raised {answer.get('message', 'an error')}",
                                  str(answer.get("detail", ""))[:4000])
        action = answer.get("action") if answer.get("type") == "action" else None
        if not isinstance(action, dict):
            raise BotProcessError("garbled", "answered something that is not an action: "
                                  f"{json.dumps(answer)[:200]}")
        return action, wall, cpu

    def _exchange(self, message: dict, limit: float | None) -> tuple:
        """Send ``message``, read one JSON line back within ``limit`` wall-clock seconds."""
        data = (json.dumps(message, separators=(",", ":")) + "\n").encode()
        try:
            self.process.stdin.write(data)
            self.process.stdin.flush()
        except (BrokenPipeError, OSError):
            raise self._ended() from None
        deadline = None if limit is None else time.monotonic() + limit
        with selectors.DefaultSelector() as sel:
            sel.register(self.process.stdout, selectors.EVENT_READ)
            while b"\n" not in self._buffer:
                wait = None if deadline is None else deadline - time.monotonic()
                if wait is not None and wait <= 0:
                    self.kill()
                    raise BotProcessError("stopped", f"was still deciding after {limit:g} s and was stopped")
                if not sel.select(wait):
                    continue
                chunk = os.read(self.process.stdout.fileno(), 65536)
                if not chunk:
                    raise self._ended()
                self._buffer += chunk
                if len(self._buffer) > MAX_ANSWER:
                    self.kill()
                    raise BotProcessError("garbled", f"answered more than {MAX_ANSWER} bytes")
        line, _, self._buffer = self._buffer.partition(b"\n")
        try:
            answer = json.loads(line)
        except ValueError:
            raise BotProcessError("garbled", f"answered a line that is not JSON: {line[:120]!r}",
                                  self.stderr_tail()) from None
        if not isinstance(answer, dict):
            raise BotProcessError("garbled", f"answered {line[:120]!r}, not a JSON object")
        return answer, line

    def _ended(self) -> BotProcessError:
        """The error for a process that closed its pipes or ended."""
        self.kill()
        code = self.process.poll()
        sig = -code if code is not None and code < 0 else (code - 128 if code and code > 128 else None)
        how = (f"was killed by signal {signal.Signals(sig).name}" if sig in signal.valid_signals()
               else f"exited (status {code})")
        return BotProcessError("crashed", f"ended: its process {how}", self.stderr_tail())

    # == pausing and ending ======================================================================
    def _signal_tree(self, sig) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        seen = set()
        for _ in range(5):      # a process forked while we walk is caught on the next pass
            pids = [p for p in process_tree(self.process.pid) if p not in seen]
            if not pids:
                return
            for p in pids:
                try:
                    os.kill(p, sig)
                except OSError:
                    pass
            seen.update(pids)

    def _pause(self) -> None:
        self._signal_tree(signal.SIGSTOP)

    def _resume(self) -> None:
        self._signal_tree(signal.SIGCONT)

    def kill(self) -> None:
        """Kill the bot's whole process tree (and its process group)."""
        if self.process is None:
            return
        self._signal_tree(signal.SIGKILL)
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
        """End the game for this bot: its processes killed, its pipes closed."""
        self.kill()
        if self.process is not None:
            for pipe in (self.process.stdin, self.process.stdout):
                try:
                    pipe.close()
                except OSError:
                    pass
        if self._stderr is not None:
            self._stderr.close()
            self._stderr = None
        if self._folder is not None:
            import shutil

            shutil.rmtree(self._folder, ignore_errors=True)
            self._folder = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def _sandboxed() -> bool:
    from .sandbox import sandbox_status

    return sandbox_status().enforced
