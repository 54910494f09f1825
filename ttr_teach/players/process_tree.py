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
