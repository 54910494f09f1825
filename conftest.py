"""How ``make test`` shares the suite between two processes (pytest-xdist, ``-n 2 --dist loadscope``).

Every test still runs exactly once, in a worker process; this file only says which tests must
stay together on one worker (a *unit*), and which units are handed out first:

* a notebook's cells (nbval) share one kernel and run in order: one unit per notebook (this
  is what nbval asks of xdist: ``--dist loadscope``);
* a test module's tests share its module-scoped fixtures (the student edition build, the
  solved games, ...): one unit per module (per class for test classes), as ``loadscope`` does,
  so that no such fixture is built twice;
* a real-browser test (``tests/browser``) shares only session fixtures (one JupyterLab, one
  Voila and one Chromium per worker, see ``tests/browser/conftest.py``): each is a unit of
  its own, so that the long walk through every notebook spreads over both workers.

The units known to be long go first, so that none of them starts last and leaves the other
worker idle (see :data:`LONGEST_FIRST`). Without ``-n`` none of this applies.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent

# The tests read the package's English sentences: whatever the machine's locale, they run in
# English (a test of another language sets it itself; the translated notebooks set theirs).
os.environ["TTR_TEACH_LANG"] = "en"

#: Folders (and files) whose tests are each a unit of their own: no module-scoped fixture in
#: them, or one cheap to make again (the hostile bots: a folder of files and two games).
ONE_UNIT_PER_TEST = ("tests/browser/", "tests/players/test_hostile_bots.py",
                     "tests/course/test_nbgrader.py")     # nbgrader round trip: about 30 s

#: Where the long units are (a minute or more each, or many slow tests), in the order they
#: are handed out, before all the others. Only the order depends on this list: a stale entry
#: costs time, never a test.
LONGEST_FIRST = (
    "tests/course/test_editions.py",        # builds both editions, runs the student's notebooks
    "tests/browser/test_walk.py",           # every notebook in JupyterLab, 10-30 s each
    "tests/browser/",
    "tests/algorithms/test_best_score.py",  # live re-solves
    "notebooks/graphs/06_write_a_bot.ipynb",
)


def _rank(nodeid: str) -> int:
    where = nodeid.split("::", 1)[0]
    for k, prefix in enumerate(LONGEST_FIRST):
        if where == prefix or (prefix.endswith("/") and where.startswith(prefix)):
            return k
    return len(LONGEST_FIRST)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """In an xdist worker: the long units first (every worker sorts the same way, so their
    collections stay identical, as xdist requires); each file keeps its own order."""
    if hasattr(config, "workerinput"):
        items.sort(key=lambda item: _rank(item.nodeid))


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """``--dist loadscope`` with this file's units and order (other modes are xdist's own)."""
    if config.getoption("dist") != "loadscope":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class CourseScheduling(LoadScopeScheduling):
        def __init__(self, config, log=None):
            super().__init__(config, log)
            config.option.loadscopereorder = False      # keep the order of the collection

        def _split_scope(self, nodeid: str) -> str:
            if nodeid.startswith(ONE_UNIT_PER_TEST):
                return nodeid
            return super()._split_scope(nodeid)

    return CourseScheduling(config, log)
