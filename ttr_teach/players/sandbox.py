"""Where an untrusted bot's process runs: bubblewrap where the system has it, and the limits.

A bot loaded from a file (or run as a command) is a stranger's code. Its process is started
by :mod:`.bot_process` with:

* **limits** set by the kernel before the bot's code runs (:func:`apply_limits`): address
  space (``RLIMIT_AS``), processor seconds for the whole game (``RLIMIT_CPU``), the size of
  any file it writes (``RLIMIT_FSIZE``), open files, no core dumps, and a process count
  (``RLIMIT_NPROC``, which the kernel does not apply to root);
* **a sandbox** (:func:`sandbox_command`), on Linux with Debian's ``bubblewrap`` (``bwrap``):
  new user, process, network, IPC and host-name namespaces (no network at all), only the
  system's programs and libraries, the Python environment and ``ttr_teach`` visible, all
  read-only, the bot's own file alone at ``/bot/``, an empty private ``/tmp`` as its working
  folder, a clean environment, a new session (no terminal to type into), and the whole
  sandbox killed when the referee goes (``--die-with-parent``);
* no sandbox where ``bwrap`` is missing or refuses to start (some containers forbid
  namespaces): the process and its limits only. :func:`sandbox_status` says so once, in a
  sentence naming what is then not enforced (the bot can read files the teacher's account
  can read, use the network, and leave a process that detaches itself behind).

>>> isinstance(sandbox_status().enforced, bool)
True
"""
from __future__ import annotations

import functools
import os
import shutil
import signal
import subprocess
import sys
import sysconfig
import warnings
from dataclasses import dataclass
from pathlib import Path

from ..engine.i18n import gettext, language

#: Default limits of a bot's process (see :class:`Limits`).
MEMORY_MB = 2048
GAME_CPU_SECONDS = 600
FILE_MB = 16
OPEN_FILES = 256
PROCESSES = 64


@dataclass(frozen=True)
class Limits:
    """The kernel's limits on one bot process: ``memory_mb`` of address space,
    ``cpu_seconds`` of processor time over the whole game (a decision's own limit is the
    referee's), ``file_mb`` per file written, ``open_files`` and ``processes``."""

    memory_mb: int = MEMORY_MB
    cpu_seconds: int = GAME_CPU_SECONDS
    file_mb: int = FILE_MB
    open_files: int = OPEN_FILES
    processes: int = PROCESSES


def _parent_death_signal():
    """``prctl(PR_SET_PDEATHSIG, sig)`` of the C library, looked up before any fork (a child
    between fork and exec only calls it), or None where there is none (not Linux)."""
    if not sys.platform.startswith("linux"):
        return None
    import ctypes

    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    return lambda sig: prctl(1, int(sig))      # 1: PR_SET_PDEATHSIG


_PARENT_DEATH_SIGNAL = _parent_death_signal()


def die_with_parent() -> None:
    """Have the kernel kill this process (SIGKILL) when the thread that started it ends,
    where the system offers that (Linux); called in a child just after its fork. A forked
    child does not inherit it: a bot's game, forked from its host, sets it again, so that a
    game whose host is killed (by the bot itself) ends with it, sandbox or not."""
    if _PARENT_DEATH_SIGNAL is not None:
        _PARENT_DEATH_SIGNAL(signal.SIGKILL)


def apply_limits(limits: Limits) -> None:
    """Set ``limits`` on this process (called in the child between fork and exec), and have
    it killed when the referee's thread that started it ends, however it ends: killed, or a
    pool's worker leaving without closing its bots (the sandbox does the same with
    ``--die-with-parent``; without one, a bot's host, stopped between games, would outlive the
    tournament)."""
    import resource

    die_with_parent()

    def cap(which, value):
        try:
            resource.setrlimit(which, (value, value))
        except (ValueError, OSError):       # a limit the system does not offer, or lower already
            pass

    cap(resource.RLIMIT_AS, limits.memory_mb * 2 ** 20)
    cap(resource.RLIMIT_CPU, limits.cpu_seconds)
    cap(resource.RLIMIT_FSIZE, limits.file_mb * 2 ** 20)
    cap(resource.RLIMIT_NOFILE, limits.open_files)
    cap(resource.RLIMIT_CORE, 0)
    if hasattr(resource, "RLIMIT_NPROC"):
        cap(resource.RLIMIT_NPROC, limits.processes)
    # The memory limit is each process's: a bot's many processes together could still fill the
    # machine. Then the kernel's out-of-memory killer takes a bot's process before the teacher's
    # (raising one's own score needs no privilege; a bot that lowers it again is still the one
    # holding the memory, which the killer weighs next).
    try:
        with open("/proc/self/oom_score_adj", "w") as f:
            f.write("1000")
    except OSError:     # not Linux
        pass


@dataclass(frozen=True)
class SandboxStatus:
    """Whether bots run in a sandbox here: ``enforced``, ``why`` not (``"off"``,
    ``"missing"``, ``"refused"``; empty when enforced), and :attr:`note`, a sentence for the
    teacher in the language spoken now (what is enforced, or what is not and why)."""

    enforced: bool
    why: str = ""

    @property
    def note(self) -> str:
        if self.enforced:
            return gettext("bots run in bubblewrap: no network, no file but their own and the Python environment "
                           "(read-only), a private /tmp, their processes killed with the game")
        why = {"off": gettext("TTR_TEACH_NO_SANDBOX is set"),
               "missing": gettext("bubblewrap (bwrap) is not installed"),
               "refused": gettext("bubblewrap cannot start here")}.get(self.why, self.why)
        return gettext("no sandbox ({why}): each bot runs in its own process with memory, processor and file-size "
                       "limits, but it can read any file this account can, use the network, and a process it "
                       "detaches may outlive the game; install bubblewrap (apt-get install bubblewrap) to enforce "
                       "those").format(why=why)


def _package_root() -> Path:
    """The folder that holds the ``ttr_teach`` package (site-packages, or a source tree)."""
    return Path(__file__).resolve().parent.parent.parent


def _visible_paths() -> list:
    """What a sandboxed bot may read: the system's programs and libraries, this Python and its
    environment, and the ttr_teach package (not the folder around a source checkout)."""
    paths = ["/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc/alternatives",
             "/etc/ld.so.cache", "/etc/ssl", "/etc/localtime"]
    paths += [sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix,
              sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]]
    paths += [p for p in sys.path if p and Path(p).is_dir() and "site-packages" in p]
    paths.append(str(_package_root() / "ttr_teach"))
    seen, out = set(), []
    for p in paths:
        if p and p not in seen and os.path.exists(p):
            seen.add(p)
            out.append(p)
    return out


def sandbox_command(argv: list, bot_file: str | None = None) -> tuple:
    """``(command, bot path inside)``: ``argv`` wrapped in bubblewrap, the bot's file (if
    any) visible read-only at ``/bot/<its name>``. Without bwrap: ``(argv, bot_file)``."""
    found = _bwrap()
    if found is None:
        return list(argv), bot_file
    bwrap, options = found
    cmd = [bwrap, *options, "--new-session", "--clearenv", "--chdir", "/tmp"]
    for path in _visible_paths():
        cmd += ["--ro-bind", path, path]
    inside = None
    if bot_file is not None:
        inside = f"/bot/{Path(bot_file).name}"
        cmd += ["--ro-bind", str(Path(bot_file).resolve()), inside]
    root = str(_package_root())
    for name, value in (("PATH", "/usr/local/bin:/usr/bin:/bin"), ("HOME", "/tmp"),
                        ("PYTHONPATH", root), ("PYTHONDONTWRITEBYTECODE", "1"),
                        ("OPENBLAS_NUM_THREADS", "1"), ("OMP_NUM_THREADS", "1"), ("LANG", "C.UTF-8"),
                        ("TTR_TEACH_IN_SANDBOX", "1"), ("TTR_TEACH_LANG", language())):
        cmd += ["--setenv", name, value]
    return cmd + ["--"] + list(argv), inside


def plain_environment() -> dict:
    """The environment of a bot process started without a sandbox: only what Python needs,
    and the language ttr_teach speaks (a bot file's refusals are said in it)."""
    keep = {k: v for k, v in os.environ.items() if k in ("PATH", "LANG", "LC_ALL", "SYSTEMROOT")}
    keep.update(PYTHONPATH=str(_package_root()), PYTHONDONTWRITEBYTECODE="1",
                OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1", TTR_TEACH_LANG=language())
    return keep


#: Megabytes a bot may keep in its sandbox's /tmp, and in its /dev/shm.
TMP_MB, SHM_MB = 256, 64
#: The namespaces and the privileges of every sandbox. Run by root, bubblewrap would leave the bot
#: root's capabilities inside its namespaces: enough to remount its read-only files (the Python
#: environment, the package) writable. So every capability is dropped, and ``/proc`` is read-only:
#: a process whose user is root still owns the kernel's settings there (``/proc/sys``) and its own
#: standing with the out-of-memory killer.
#: The bot's own folders are in memory, so each has a size: its working folder, /tmp, and the
#: shared memory of Python's multiprocessing, /dev/shm; the rest of /dev is read-only (written, it
#: would take the machine's memory without a bound).
SANDBOX_OPTIONS = ("--unshare-all", "--die-with-parent", "--cap-drop", "ALL", "--proc", "/proc",
                   "--remount-ro", "/proc", "--dev", "/dev", "--size", str(TMP_MB * 2 ** 20), "--tmpfs", "/tmp",
                   "--size", str(SHM_MB * 2 ** 20), "--tmpfs", "/dev/shm", "--remount-ro", "/dev")
#: The same for a bubblewrap older than 0.8 (Ubuntu 22.04 has 0.6), which cannot size a folder:
#: /tmp and /dev/shm are then as large as the machine's in-memory folders.
UNSIZED_OPTIONS = tuple(option for k, option in enumerate(SANDBOX_OPTIONS)
                        if option != "--size" and SANDBOX_OPTIONS[k - 1] != "--size")


@functools.lru_cache(maxsize=1)
def _bwrap() -> tuple | None:
    """``(path, options)`` of a ``bwrap`` that works here and the sandbox options it takes, or
    None (missing, off, or refused)."""
    if os.environ.get("TTR_TEACH_NO_SANDBOX") or not sys.platform.startswith("linux"):
        return None
    found = shutil.which("bwrap")
    if found is None:
        return None
    for options in (SANDBOX_OPTIONS, UNSIZED_OPTIONS):
        try:
            probe = subprocess.run([found, "--ro-bind", "/", "/", *options, "true"],
                                   capture_output=True, timeout=20, check=False)
        except (OSError, subprocess.SubprocessError):
            return None
        if probe.returncode == 0:
            return found, options
    return None


@functools.lru_cache(maxsize=1)
def sandbox_status() -> SandboxStatus:
    """Whether bot processes get the bubblewrap sandbox here, said in a sentence."""
    if _bwrap() is not None:
        return SandboxStatus(True)
    why = ("off" if os.environ.get("TTR_TEACH_NO_SANDBOX") else
           "missing" if shutil.which("bwrap") is None or not sys.platform.startswith("linux") else "refused")
    return SandboxStatus(False, why)


_SAID: list[bool] = []


def warn_once_without_sandbox(stacklevel: int = 2) -> None:
    """Warn once per process, before the first code from a file runs without the sandbox
    (a tournament's bots, or a class's files tried as they are collected): what is then not
    enforced, in a sentence."""
    status = sandbox_status()
    if not status.enforced and not _SAID:
        _SAID.append(True)
        warnings.warn(status.note, RuntimeWarning, stacklevel=stacklevel)
