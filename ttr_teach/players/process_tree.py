"""A bot's processes as the kernel lists them (``/proc``, Linux): the tree below a process,
and the processor time it has used. The referee reads them from outside the bot, so nothing
the bot does to itself changes what is counted.

>>> import os
>>> process_tree(os.getpid())[0] == os.getpid() and running(os.getpid())
True
"""
from __future__ import annotations

import os


def children(pid: int) -> list:
    """The pids of ``pid``'s children (of every thread of it); ``[]`` once it is gone."""
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return []
    found: list[int] = []
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
            todo.extend(children(p))
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


def running(pid: int) -> bool:
    """True while ``pid`` exists and is not a zombie."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    except (OSError, IndexError):
        return False


#: The most processes whose ``/proc`` files a :class:`TreeWatch` keeps open (past it, it opens
#: and closes them at each walk).
KEPT_OPEN = 64
#: The most threads of one process whose ``children`` files are kept open.
KEPT_THREADS = 8


def _pread(fd: int) -> bytes | None:
    try:
        return os.pread(fd, 1 << 16, 0)     # a children file lists up to 64 kB of pids
    except OSError:
        return None


class TreeWatch:
    """The tree below ``root`` and its processor seconds, read in one walk (:meth:`walk`)
    through ``/proc`` files kept open between walks (reading an open ``/proc/PID/stat`` again
    costs a fraction of opening it). A file kept open stays bound to the process it was
    opened for: once that process is gone it reads as gone, and its pid's files are opened
    afresh (the pid may have been given to another process).

    >>> watch = TreeWatch(os.getpid())
    >>> pids, seconds = watch.walk()
    >>> pids[0] == os.getpid() and seconds >= 0
    True
    >>> watch.close()
    """

    def __init__(self, root: int):
        self.root = root
        self._open: dict[int, tuple] = {}     # pid -> (stat's fd, {tid: children's fd})
        self.stopped: set[int] = set()        #: the pids the last walk found stopped (state T)

    def _stat(self, pid: int) -> bytes | None:
        """``/proc/PID/stat`` of the process called ``pid`` now."""
        kept = self._open.get(pid)
        if kept is not None:
            data = _pread(kept[0])
            if data:
                return data
            self._drop(pid)         # gone: the pid may name another process now
        try:
            fd = os.open(f"/proc/{pid}/stat", os.O_RDONLY | os.O_CLOEXEC)
        except OSError:
            return None
        data = _pread(fd)
        if data and len(self._open) < KEPT_OPEN:
            self._open[pid] = (fd, {})
        else:
            os.close(fd)
        return data

    def _children(self, pid: int, tid: str) -> bytes:
        """The children of thread ``tid`` of ``pid`` (whose ``stat`` was just read)."""
        kept = self._open.get(pid)
        fd = kept[1].get(tid) if kept is not None else None
        if fd is None:
            try:
                fd = os.open(f"/proc/{pid}/task/{tid}/children", os.O_RDONLY | os.O_CLOEXEC)
            except OSError:
                return b""
            if kept is None or len(kept[1]) >= KEPT_THREADS:
                data = _pread(fd) or b""
                os.close(fd)
                return data
            kept[1][tid] = fd
        return _pread(fd) or b""

    def _forget_threads(self, pid: int, tids) -> None:
        """Close the files of threads of ``pid`` that have ended."""
        kept = self._open.get(pid)
        if kept is not None:
            for tid in [t for t in kept[1] if t not in tids]:
                os.close(kept[1].pop(tid))

    def _drop(self, pid: int) -> None:
        stat, tasks = self._open.pop(pid)
        for fd in (stat, *tasks.values()):
            os.close(fd)

    def walk(self) -> tuple:
        """``(pids, processor seconds)``: ``root`` and every process below it, and the
        processor time they and their finished children used (as :func:`process_tree` and
        :func:`tree_cpu_seconds`, from one read of each process's ``stat``). A process with one
        thread has its children listed by that thread alone, so its ``task`` folder is only
        listed when ``stat`` counts more threads."""
        tree: list[int] = []
        seen: set[int] = set()
        stopped: set[int] = set()
        todo, total = [self.root], 0
        while todo:
            pid = todo.pop()
            if pid in seen:
                continue
            seen.add(pid)
            stat = self._stat(pid)
            try:
                fields = stat.rsplit(b")", 1)[1].split() if stat else None
                if fields is None:
                    continue
                total += int(fields[11]) + int(fields[12]) + int(fields[13]) + int(fields[14])
                threads = int(fields[17])
            except (IndexError, ValueError):
                continue
            tree.append(pid)
            if fields[0] in (b"T", b"t"):
                stopped.add(pid)
            if threads == 1:
                tids = [str(pid)]
            else:
                try:
                    tids = os.listdir(f"/proc/{pid}/task")
                except OSError:
                    tids = []
            self._forget_threads(pid, tids)
            for tid in tids:
                todo.extend(int(c) for c in self._children(pid, tid).split())
        for pid in [p for p in self._open if p not in seen]:
            self._drop(pid)
        self.stopped = stopped
        return tree, total / _TICKS

    def close(self) -> None:
        for pid in list(self._open):
            self._drop(pid)
