"""The hostile set (issue 13): files and calls that once crashed, hung or exhausted ttr-teach.

Each case runs in a child process under a memory cap (``RLIMIT_AS``) and a time-out
(:func:`run_capped`), so that a regression fails fast instead of hanging or swapping the
machine. ``tests/engine/test_hostile.py`` checks every case's answer; ``bench/hostile.py``
prints how long each took and how much memory, and the worst of both.

A case is a command line (``ttr-teach ...``) or a few lines of Python whose last line prints
what the API answered; the answer must be a one-line refusal (or the right answer), with the
expected exit status and no traceback.
"""
from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

#: The caps every case runs under: address space (a healthy run maps about 300 MB) and time.
MEMORY_MB = 768
TIMEOUT_SECONDS = 60

REPO = Path(__file__).resolve().parents[2]

POSITION = {"map": "europe", "players": [{"name": "Ann", "routes": [["Paris", "Frankfurt", "white"]]},
                                         {"name": "Bo", "routes": [["Wien", "Budapest", "white"]]}]}


def billion_laughs(levels: int = 9) -> str:
    """YAML whose aliases of aliases stand for 9**levels values in a few hundred bytes."""
    text = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n'
    for i in range(1, levels):
        text += f"{chr(97 + i)}: &{chr(97 + i)} [" + ", ".join([f"*{chr(96 + i)}"] * 9) + "]\n"
    return text


def puzzle_text(extra: str = "", name: str = "intro-eu-completion-1") -> str:
    """A real puzzle file of ``puzzles/introductory/``, with ``extra`` lines at the end."""
    return (REPO / "puzzles" / "introductory" / f"{name}.yaml").read_text(encoding="utf-8") + extra


def make_files(folder: Path) -> dict:
    """Write the hostile files into ``folder``: name -> path."""
    folder = Path(folder)
    big_number = "9" * 5000
    texts = {
        "laughs.yaml": billion_laughs(),
        "laughs-puzzle/laughs.yaml": billion_laughs(),
        "number.json": json.dumps(POSITION)[:-1] + f', "note": {big_number}}}',
        "number.yaml": f"map: europe\nnote: {big_number}\nplayers: [{{name: Ann}}, {{name: Bo}}]\n",
        "number-puzzle/number.yaml": puzzle_text(f"note: {big_number}\n"),
        "fraction-puzzle/fraction.yaml": puzzle_text(name="intro-eu-tunnel-cost-1").replace(
            "answer: 39/55", f"answer: '{big_number}/3'"),
        "deep.json": "[" * 100_000 + "]" * 100_000,
        "deep-puzzle/deep.yaml": "a: " + "[" * 100_000 + "]" * 100_000 + "\n",
        "deep-puzzle-json/deep.json": '{"a": ' + "[" * 100_000 + "]" * 100_000 + "}",
        "twice.json": json.dumps(POSITION)[:-1] + ', "map": "usa"}',
        "twice.yaml": "map: europe\nplayers: [{name: Ann}, {name: Bo}]\nmap: usa\n",
        "one-player.json": json.dumps({"map": "europe", "players": [{"name": "Ann"}]}),
        "not-utf8.json": None,
        "big.yaml": "map: europe\nplayers: [{name: Ann}, {name: Bo}]\nnote: [" + "1, " * 1_700_000 + "1]\n",
        "position.json": json.dumps(POSITION),
    }
    paths = {}
    for name, text in texts.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if text is None:
            path.write_bytes(b'{"map": "europe", "players": [{"name": "\xff"}]}')
        else:
            path.write_text(text, encoding="utf-8")
        paths[name] = path
    huge = folder / "huge.json"              # 50 MB of zeros, and 5 GB: sparse, written at once
    with open(huge, "wb") as f:
        f.truncate(50 * 2 ** 20)
    paths["huge.json"] = huge
    with open(folder / "enormous.json", "wb") as f:
        f.truncate(5 * 2 ** 30)
    paths["enormous.json"] = folder / "enormous.json"
    fifo = folder / "fifo.json"
    os.mkfifo(fifo)
    paths["fifo.json"] = fifo
    os.mkfifo(folder / "fifo.py")
    paths["fifo.py"] = folder / "fifo.py"
    with open(folder / "enormous.py", "wb") as f:   # a bot file of 5 GB (sparse)
        f.truncate(5 * 2 ** 30)
    paths["enormous.py"] = folder / "enormous.py"
    (folder / "exists.svg").write_text("keep me", encoding="utf-8")
    (folder / "link.svg").symlink_to(folder / "exists.svg")
    return paths


@dataclass(frozen=True)
class Case:
    """``argv``: the command after ``python`` (``-m ttr_teach ...`` or ``-c CODE``), with
    ``{dir}`` for the folder of the hostile files; ``status``: the exit status expected;
    ``words``: what the one line of output (stderr for the command line, stdout for Python)
    must say."""

    name: str
    argv: tuple
    status: int
    words: tuple


def cli(name, *args, status=2, words=()):
    return Case(name, ("-m", "ttr_teach", *args), status, tuple(words))


def api(name, code, words=()):
    return Case(name, ("-c", "from ttr_teach import *\nimport ttr_teach\n" + code), 0, tuple(words))


#: Python that prints the one-line refusal of ``call`` (or its answer).
ANSWER = ("def answer(call):\n"
          "    try:\n        print('ANSWER', call())\n"
          "    except ValueError as e:\n        print('REFUSED', type(e).__name__, e)\n")

CASES = [
    # -- files -----------------------------------------------------------------------------
    cli("billion laughs as a position", "score", "{dir}/laughs.yaml", words=["YAML aliases", "line 2"]),
    cli("billion laughs as a puzzle", "puzzles", "check", "{dir}/laughs-puzzle", status=1,
        words=["BROKEN", "laughs.yaml: line 2", "YAML aliases"]),
    cli("5000-digit number in a position's note", "score", "{dir}/number.json",
        words=["number.json: line 1: a number of 5000 characters"]),
    cli("5000-digit number in a YAML position", "board", "{dir}/number.yaml",
        words=["field 'note': a number of 5000 characters"]),
    cli("5000-digit number in a puzzle", "puzzles", "check", "{dir}/number-puzzle", status=1,
        words=["BROKEN", "field 'note': a number of 5000 characters"]),
    cli("5000-digit fraction in a puzzle's answer", "puzzles", "check", "{dir}/fraction-puzzle", status=1,
        words=["BROKEN", "field 'answer'", "is not an exact fraction"]),
    cli("JSON nested 100000 deep", "score", "{dir}/deep.json", words=["nested too deeply"]),
    cli("YAML puzzle nested 100000 deep", "puzzles", "check", "{dir}/deep-puzzle", status=1,
        words=["BROKEN", "deep.yaml", "nested"]),
    cli("JSON puzzle nested 100000 deep", "puzzles", "check", "{dir}/deep-puzzle-json", status=1,
        words=["BROKEN", "deep.json", "nested too deeply"]),
    cli("/dev/zero as a position", "score", "/dev/zero", words=["/dev/zero: cannot read the file: it is a device"]),
    cli("a FIFO as a position", "board", "{dir}/fifo.json", words=["it is a pipe (FIFO)"]),
    cli("a folder as a position", "score", "{dir}", words=["it is a folder"]),
    cli("5 MB YAML position", "score", "{dir}/big.yaml", words=["big.yaml: the file is too big"]),
    cli("50 MB file", "score", "{dir}/huge.json", words=["huge.json: the file is too big"]),
    cli("5 GB file", "board", "{dir}/enormous.json", words=["the file is too big"]),
    cli("a key twice in a JSON position", "score", "{dir}/twice.json", words=["field 'map' appears twice"]),
    cli("a key twice in a YAML position", "score", "{dir}/twice.yaml", words=["line 3: field 'map' appears twice"]),
    cli("a 1-player position", "score", "{dir}/one-player.json", words=["only 1 player", "2 to 5"]),
    cli("bytes that are not UTF-8", "score", "{dir}/not-utf8.json", words=["not UTF-8 text (line 1: byte 41"]),
    # -- writing -------------------------------------------------------------------------
    cli("-o onto an existing file", "board", "usa", "-o", "{dir}/exists.svg",
        words=["exists.svg: the file exists already", "--force"]),
    cli("-o onto a symbolic link", "board", "usa", "-o", "{dir}/link.svg", "--force", words=["symbolic link"]),
    cli("-o onto a FIFO", "board", "usa", "-o", "{dir}/fifo.json", "--force", words=["it is a pipe (FIFO)"]),
    cli("puzzles new -o onto an existing file", "puzzles", "new", "--kind", "route_points", "--level",
        "introductory", "--map", "usa", "--seed", "1", "-o", "{dir}/exists.svg", words=["exists already"]),
    cli("tournament --csv onto an existing file", "tournament", "random", "planner", "--games", "2",
        "--csv", "{dir}/exists.svg", words=["exists.svg: the file exists already", "--force"]),
    cli("tournament --json onto a symbolic link", "tournament", "random", "planner", "--games", "2",
        "--json", "{dir}/link.svg", "--force", words=["symbolic link"]),
    # -- the API ------------------------------------------------------------------------
    api("longest route with a NaN city", ANSWER + "answer(lambda: longest_route_length("
        "[('A', float('nan'), 2), ('B', 'A', 1), (float('nan'), 'C', 1)]))",
        ["REFUSED MapError", "a city must be a name"]),
    api("longest route of 2**53", ANSWER + "answer(lambda: longest_route_length([('A', 'B', 2**53), ('B', 'C', 1),"
        "('B', 'D', 1), ('B', 'E', 1)]))", ["REFUSED MapError", "too long"]),
    api("longest route of 10**400", ANSWER + "answer(lambda: longest_route_certificate([('A', 'B', 10**400)]))",
        ["REFUSED MapError", "too long"]),
    api("tunnel revealing 100000 cards", ANSWER + "answer(lambda: tunnel_extra_distribution("
        "{'red': 50000, 'blue': 50000}, 'red', reveal=100000))", ["REFUSED ArgumentError", "reveal", "0 to 110"]),
    api("tunnel from a deck of 10**7 cards", ANSWER + "answer(lambda: tunnel_extra_distribution("
        "{'red': 10**7, 'blue': 1}, 'red'))", ["REFUSED LimitError", "1,000,000"]),
    api("sandbox loading each hostile file", ANSWER + "from ttr_teach.views.widgets.model import SandboxModel\n"
        "m = SandboxModel('europe')\nbefore = m.position\nimport pathlib\n"
        "for name in ('laughs.yaml', 'number.json', 'number.yaml', 'deep.json', 'big.yaml', 'huge.json', "
        "'twice.json', 'not-utf8.json', 'fifo.json'):\n"
        "    path = pathlib.Path('{dir}') / name\n"
        "    assert not m.load(str(path)).ok and m.position is before, name\n"
        "    if name != 'fifo.json':\n"
        "        assert not m.load_text(path.read_bytes()[:3_000_000], name).ok and m.position is before, name\n"
        "print('REFUSED every file; the position is unchanged')", ["REFUSED every file"]),
    api("replay widget opening each hostile file", ANSWER + "from ttr_teach.views.widgets.replay_model "
        "import ReplayModel\nimport pathlib\n"
        "for name in ('laughs.yaml', 'number.json', 'deep.json', 'big.yaml', 'huge.json', 'enormous.json', "
        "'twice.json', 'not-utf8.json', 'fifo.json'):\n"
        "    try:\n        ReplayModel(pathlib.Path('{dir}') / name)\n"
        "    except TTRError as e:\n        assert name in str(e) and len(str(e)) < 300, e\n"
        "    else:\n        raise AssertionError(name)\n"
        "print('REFUSED every file')", ["REFUSED every file"]),
    api("game widget loading each hostile file", ANSWER + "from ttr_teach.views.widgets import PlayModel\n"
        "import pathlib\nm = PlayModel()\n"
        "for name in ('laughs.yaml', 'number.json', 'deep.json', 'big.yaml', 'huge.json', 'twice.json', "
        "'not-utf8.json'):\n"
        "    out = m.load_text(pathlib.Path('{dir}', name).read_bytes()[:3_000_000], name)\n"
        "    assert not out.ok and name in out.message and m.game is None, (name, out)\n"
        "print('REFUSED every file')", ["REFUSED every file"]),
    api("saved tournament opening each hostile file", ANSWER + "from ttr_teach.players.tournament_result "
        "import TournamentResult\nimport pathlib\n"
        "for name in ('number.json', 'deep.json', 'enormous.json', 'twice.json', 'not-utf8.json', 'fifo.json'):\n"
        "    try:\n        TournamentResult.load(pathlib.Path('{dir}') / name)\n"
        "    except TTRError as e:\n        assert 'cannot read a saved tournament' in str(e), e\n"
        "    else:\n        raise AssertionError(name)\n"
        "print('REFUSED every file')", ["REFUSED every file"]),
    api("bot file that is a FIFO or 5 GB", ANSWER + "from ttr_teach.players.bot_loading import collect_bots\n"
        "bots, problems = collect_bots(['{dir}/fifo.py', '{dir}/enormous.py'])\n"
        "assert not bots and 'it is a pipe (FIFO)' in problems[0] and 'too big' in problems[1], problems\n"
        "print('REFUSED', problems)", ["REFUSED", "fifo.py", "enormous.py"]),
    api("saved game whose log names seat 7", ANSWER + "g = Game.new('usa', ['Ann', 'Bo'], seed=1)\n"
        "d = g.to_dict()\nd['log'].append({'event': 'claimed', 'player': 7, 'route': 3, 'points': 2})\n"
        "answer(lambda: Game.from_dict(d))", ["REFUSED ReplayError", "log entry", "'player': 7 is not a seat"]),
    api("replaying a broken log", ANSWER + "g = Game.new('usa', ['Ann', 'Bo'], seed=1)\n"
        "d = g.to_dict()\nd['log'].append({'event': 'action', 'player': 0, 'action': {'type': 'pass'}})\n"
        "answer(lambda: Game.replay(d))", ["REFUSED ReplayError", "replay: log entry"]),
]


@dataclass(frozen=True)
class Run:
    """What a capped child process did: exit status (None when killed at the time-out),
    output, wall-clock and processor seconds, and its peak memory (resident, MB)."""

    status: int | None
    stdout: str
    stderr: str
    seconds: float
    cpu_seconds: float
    peak_mb: float


def _cap(memory_mb: int):
    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (memory_mb << 20, memory_mb << 20))
    return limit


def run_capped(argv, cwd=None, memory_mb: int = MEMORY_MB, timeout: float = TIMEOUT_SECONDS) -> Run:
    """Run ``python argv...`` under the caps; never waits longer than ``timeout``."""
    env = {**os.environ, "PYTHONPATH": str(REPO), "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1",
           "MKL_NUM_THREADS": "1"}
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        child = subprocess.Popen([sys.executable, *argv], stdin=subprocess.DEVNULL, stdout=out, stderr=err,
                                 cwd=cwd, env=env, preexec_fn=_cap(memory_mb))
        status = None
        while True:
            pid, wait_status, usage = os.wait4(child.pid, os.WNOHANG)
            if pid:
                status = os.waitstatus_to_exitcode(wait_status)
                break
            if time.perf_counter() - start > timeout:
                child.kill()
                _, _, usage = os.wait4(child.pid, 0)
                break
            time.sleep(0.01)
        child.returncode = -9 if status is None else status     # already reaped
        seconds = time.perf_counter() - start
        out.seek(0)
        err.seek(0)
        return Run(status, out.read().decode("utf-8", "replace"), err.read().decode("utf-8", "replace"),
                   seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024)


def run_case(case: Case, folder) -> Run:
    """Run ``case`` with ``{dir}`` standing for ``folder`` (made by :func:`make_files`)."""
    return run_capped([a.replace("{dir}", str(folder)) for a in case.argv], cwd=folder)
