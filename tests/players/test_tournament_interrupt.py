"""An interrupted tournament stops at once: Ctrl-C in a terminal (the signal reaches the
command and its processes) and a notebook's stop button (the kernel alone gets it) end a
parallel tournament within seconds, its pool's processes and the bots' gone with it. Before,
the pool went on until every game waiting had been played (minutes for a class tournament).

Run as real subprocesses. The bound on the time (60 s, for a tournament of hours) says
"stopped, not finished": it is not a measure of speed."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from ..helpers import REPO

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")

BOT = '''
import random


class Student:
    def __init__(self, seed=0):
        self.rng = random.Random(seed)

    def choose(self, view):
        return view.random_action(self.rng)
'''

GAMES = 20_000      # hours of play on 2 processes: an interruption must not wait for them

NOTEBOOK = f'''
import os, signal, sys, threading, time
import ttr_teach

if __name__ == "__main__":
    def stop_button():       # what a notebook's stop button does: SIGINT to the kernel alone
        time.sleep(float(sys.argv[2]))
        os.kill(os.getpid(), signal.SIGINT)

    threading.Thread(target=stop_button, daemon=True).start()
    try:
        ttr_teach.tournament({{"student": sys.argv[1], "random": "random"}}, games={GAMES}, jobs=2,
                             progress=False)
    except KeyboardInterrupt:
        print("interrupted")
    else:
        print("finished")
'''


def _left_behind(marker: str, folder: Path, seconds: float = 10.0) -> list:
    """The processes still running (after up to ``seconds``) started by the run marked
    ``marker`` in their environment, or naming a file of ``folder`` in their command line
    (a sandbox's bubblewrap binds the bot's file)."""
    deadline = time.monotonic() + seconds
    while True:
        found = []
        for entry in Path("/proc").iterdir():
            try:
                environ = (entry / "environ").read_bytes()
                cmdline = (entry / "cmdline").read_bytes()
                state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
            except (OSError, IndexError):
                continue
            if state != "Z" and (marker.encode() in environ or str(folder).encode() in cmdline):
                found.append(cmdline.replace(b"\0", b" ")[:120].decode(errors="replace"))
        if not found or time.monotonic() > deadline:
            return found
        time.sleep(0.2)


@pytest.fixture
def run_env(tmp_path):
    (tmp_path / "student.py").write_text(BOT)
    marker = f"TTR_TEACH_TEST_RUN={uuid.uuid4().hex}"
    env = dict(os.environ, PYTHONPATH=str(REPO), **dict([marker.split("=")]))
    return tmp_path, marker, env


def test_a_notebooks_stop_button_stops_a_parallel_tournament_at_once(run_env):
    folder, marker, env = run_env
    script = folder / "notebook.py"
    script.write_text(NOTEBOOK)
    start = time.monotonic()
    out = subprocess.run([sys.executable, str(script), str(folder / "student.py"), "4"], capture_output=True,
                         text=True, env=env, cwd=folder, timeout=600)
    assert out.stdout.strip() == "interrupted", out.stdout + out.stderr
    assert time.monotonic() - start < 60
    assert "Traceback" not in out.stderr, out.stderr
    assert _left_behind(marker, folder) == []


def test_ctrl_c_stops_the_tournament_command_at_once(run_env):
    folder, marker, env = run_env
    process = subprocess.Popen([sys.executable, "-m", "ttr_teach", "tournament", str(folder / "student.py"),
                                "--builtin", "random", "--games", str(GAMES), "--jobs", "2", "--no-progress"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=folder,
                               start_new_session=True)
    try:
        time.sleep(4)
        start = time.monotonic()
        os.killpg(process.pid, signal.SIGINT)      # Ctrl-C: the whole foreground group
        stdout, stderr = process.communicate(timeout=120)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    assert process.returncode == 130, stdout + stderr
    assert time.monotonic() - start < 60
    assert "Traceback" not in stderr, stderr
    assert _left_behind(marker, folder) == []
