"""``ttr-teach tournament``: a folder of students' bot files, the bad ones reported in one line
each and skipped, the standings printed (run as a real subprocess)."""
from __future__ import annotations

import csv
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ..helpers import REPO

GOOD = '''
import random

class Greedy:
    """Claims a route when it can, else a random legal action."""
    def __init__(self, seed=0):
        self.rng = random.Random(seed)

    def choose(self, view):
        actions = view.legal_actions()
        claims = [a for a in actions if a.type == "claim_route"]
        return self.rng.choice(claims or actions)
'''

FILES = {
    "alice.py": GOOD,
    "bo.py": "class Bo:\n    def choose(self, view)\n        return 1\n",
    "cy.py": "import no_such_module_here\n",
    "dee.py": "class Helper:\n    pass\n",
    "eve.py": ("class Eve:\n    def __init__(self, seed):\n        raise ValueError('no')\n"
               "    def choose(self, view):\n        pass\n"),
    "fay.py": ("class Base:\n    def choose(self, view):\n        return view.legal_actions()[0]\n"
               "class Fay(Base):\n    def choose(self, view):\n        return {}['x']\n"),
    "gus.py": ("class A:\n    def choose(self, view):\n        pass\n"
               "class B:\n    def choose(self, view):\n        pass\n"),
    "_helpers.py": "raise RuntimeError('not a bot: skipped by name')\n",
}


def run(*args, cwd=None):
    env = dict(os.environ, PYTHONPATH=str(REPO))
    return subprocess.run([sys.executable, "-m", "ttr_teach", "tournament", *map(str, args)],
                          capture_output=True, text=True, cwd=cwd or REPO, env=env, timeout=600)


@pytest.fixture
def folder(tmp_path):
    bots = tmp_path / "bots"
    bots.mkdir()
    for name, text in FILES.items():
        (bots / name).write_text(text)
    return bots


def test_cli_tournament_skips_bad_files_by_name_and_prints_the_standings(folder, tmp_path):
    out = run(folder, "--builtin", "planner", "--games", "6", "--map", "usa", "--jobs", "2", "--seed", "3",
              "--csv", tmp_path / "games.csv", "--json", tmp_path / "t.json", "--no-progress")
    assert out.returncode == 0, out.stderr
    skipped = [line for line in out.stderr.splitlines() if line.startswith("ttr-teach: skipped")]
    assert len(skipped) == 5, out.stderr
    assert f"ttr-teach: skipped {folder / 'bo.py'}: syntax error on line 2: expected ':'" in skipped
    assert any("cy.py: cannot import no_such_module_here" in s for s in skipped)
    assert any("dee.py: defines no bot class" in s for s in skipped)
    assert any("eve.py: its bot Eve cannot be made: ValueError: no" in s for s in skipped)
    assert any("gus.py: defines several bot classes (A, B); add a line BOT = A" in s for s in skipped)
    lines = out.stdout.splitlines()
    assert lines[0] == "6 games, 2 players, usa, seed 3"
    assert lines[1].split()[:3] == ["bot", "games", "wins"]
    assert {line.split()[0] for line in lines[2:5]} == {"planner", "alice", "fay"}
    assert "fay's bot raised KeyError: 'x' while choosing its first tickets" in out.stdout
    rows = list(csv.DictReader((tmp_path / "games.csv").open()))
    assert len(rows) == 12 and {r["bot"] for r in rows} == {"planner", "alice", "fay"}
    saved = json.loads((tmp_path / "t.json").read_text())
    assert saved["specs"]["planner"] == "planner" and saved["specs"]["alice"].endswith("alice.py:Greedy")


def test_cli_tournament_refuses_a_bot_file_that_is_a_link(folder, tmp_path):
    """A file handed in as a link to another file could run, and name, any file the teacher
    can read (a classmate's bot, the teacher's own solution): it is skipped, saying why."""
    private = tmp_path / "private"
    private.mkdir()
    (private / "solution.py").write_text(GOOD.replace("Greedy", "Solution"))
    (folder / "zed.py").symlink_to(private / "solution.py")
    out = run(folder, "--builtin", "random", "--games", "2", "--no-progress")
    assert out.returncode == 0, out.stderr
    assert f"ttr-teach: skipped {folder / 'zed.py'}: a link to another file; give the bot's file itself" in \
        out.stderr.splitlines()
    assert "solution" not in out.stdout + out.stderr.replace(str(folder), "")
    assert "zed" not in out.stdout


def test_cli_tournament_names_every_file_it_skips_and_says_plainly_what_no_sandbox_leaves_open(tmp_path):
    """Every skipped file is named, a JavaScript file too when node is missing; without a
    sandbox the command says once, as a sentence (no Python warning's file and code line),
    what is then not enforced, before the first student's file runs."""
    bots = tmp_path / "bots"
    bots.mkdir()
    (bots / "alice.py").write_text(GOOD)
    (bots / "jo.js").write_text("// a bot in JavaScript\n")
    no_node = tmp_path / "bin"          # the command's own Python only: no node, no bubblewrap
    no_node.mkdir()
    (no_node / "python3").symlink_to(sys.executable)
    env = dict(os.environ, PYTHONPATH=str(REPO), PATH=str(no_node))
    out = subprocess.run([sys.executable, "-m", "ttr_teach", "tournament", str(bots), "--builtin", "random",
                          "--games", "2", "--map", "usa", "--no-progress"],
                         capture_output=True, text=True, cwd=tmp_path, env=env, timeout=600)
    assert out.returncode == 0, out.stderr
    said = out.stderr.splitlines()
    assert f"ttr-teach: skipped {bots / 'jo.js'}: could not be started: there is no program node here" in said
    warned = [line for line in said if "no sandbox" in line]
    assert len(warned) == 1 and warned[0].startswith("ttr-teach: no sandbox (bubblewrap (bwrap) is not installed)")
    assert "Warning" not in out.stderr and ".py:" not in out.stderr, out.stderr
    assert {line.split()[0] for line in out.stdout.splitlines()[2:4]} == {"alice", "random"}
    # no sandbox to kill them with the command: still, no bot process outlives it (the hosts of
    # the pool's workers, stopped between games, once did)
    assert processes_with_path(str(no_node)) == []


@pytest.mark.skipif(sys.version_info < (3, 11), reason="Python reads PYTHONSAFEPATH from 3.11 on")
def test_cli_tournament_run_in_the_folder_of_hand_ins_is_not_broken_by_files_named_like_modules(tmp_path):
    """A teacher runs the command in the folder of hand-ins, where students named their files
    ``random.py``, ``json.py`` or ``ttr_teach.py``: the worker processes do not import those
    in place of the modules of that name (they once did, and every game broke with tracebacks);
    the files play as bots like any other. A file Python cannot read at all (a null byte) is
    skipped with a sentence that names no line."""
    bots = tmp_path / "hand-ins"
    bots.mkdir()
    for name in ("random.py", "json.py", "ttr_teach.py", "tempfile.py"):
        (bots / name).write_text(GOOD)
    (bots / "binary.py").write_bytes(b"\xff\xfe\x00 not Python")
    # the command as installed: sys.path[0] is the script's folder, not the current one
    launcher = tmp_path / "bin" / "ttr-teach"
    launcher.parent.mkdir()
    launcher.write_text("import sys\nfrom ttr_teach.cli import main\nif __name__ == '__main__':\n"
                        "    sys.exit(main())\n")
    env = dict(os.environ, PYTHONPATH=str(REPO))
    env.pop("PYTHONSAFEPATH", None)
    out = subprocess.run([sys.executable, str(launcher), "tournament", ".", "--builtin", "random", "--games", "5",
                          "--jobs", "2", "--no-progress"],
                         capture_output=True, text=True, cwd=bots, env=env, timeout=600)
    assert out.returncode == 0, out.stderr
    assert "Traceback" not in out.stderr, out.stderr
    assert [line for line in out.stderr.splitlines() if "no sandbox" not in line] == [
        f"ttr-teach: skipped {bots / 'binary.py'}: syntax error: source code string cannot contain null bytes"]
    rows = [re.split(r"\s{2,}", line) for line in out.stdout.splitlines()[2:7]]
    assert sorted(row[0] for row in rows) == ["json", "random #1", "random #2", "tempfile", "ttr_teach"]
    assert all(row[8] == "0" for row in rows), out.stdout       # no game lost by a fault
    assert "games lost by a fault" not in out.stdout


def processes_with_path(path: str, seconds: float = 5.0) -> list:
    """The processes still running whose environment has ``PATH=path``, after waiting up to
    ``seconds`` for them to go."""
    deadline = time.monotonic() + seconds
    while True:
        found = []
        for entry in Path("/proc").iterdir():
            try:
                environ = (entry / "environ").read_bytes().split(b"\0")
                state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
            except (OSError, IndexError):
                continue
            if f"PATH={path}".encode() in environ and state != "Z":
                found.append(int(entry.name))
        if not found or time.monotonic() > deadline:
            return found
        time.sleep(0.1)


def test_cli_tournament_same_seed_same_standings(folder):
    first = run(folder / "alice.py", "random", "--games", "4", "--map", "usa", "--jobs", "1")
    again = run(folder / "alice.py", "--builtin", "random", "--games", "4", "--map", "usa", "--jobs", "2")
    assert first.returncode == again.returncode == 0, first.stderr + again.stderr
    strip = [[line.rsplit(None, 4)[0] for line in o.stdout.splitlines()[2:]] for o in (first, again)]
    assert strip[0] == strip[1]          # everything but the last 4 columns (the decisions' times)


def test_cli_tournament_needs_two_bots_and_says_so(folder):
    out = run(folder / "bo.py", folder / "alice.py", "--games", "2")
    assert out.returncode == 2
    assert out.stderr.splitlines()[-1] == ("ttr-teach: a tournament needs at least two bots; 1 loaded (add "
                                           "files, or built-in bots with --builtin random,planner)")
    out = run(folder / "alice.py", "--builtin", "chess", "--builtin", "random", "--games", "0")
    assert out.returncode == 2 and "argument --games: '0' is too small" in out.stderr
    out = run(folder / "alice.py", "--builtin", "chess,random", "--games", "2", "--map", "usa")
    assert out.returncode == 0 and "ttr-teach: skipped chess: not a built-in bot" in out.stderr


SLEEPY = '''
import time

class Sleepy:
    """Plays the first legal action; once, it sleeps (wall-clock time, no processor time)."""
    def __init__(self, seed=0):
        self.asked = 0

    def choose(self, view):
        self.asked += 1
        if self.asked == 3:
            time.sleep(1.5)
        return view.legal_actions()[0]
'''

CRASHY = '''
class Crashy:
    """Raises from its third turn on."""
    def choose(self, view):
        if view.turn >= 2:
            raise ValueError("a bug on purpose")
        return view.legal_actions()[0]
'''


def test_cli_tournament_saves_the_standings_flags_slow_bots_and_numbers_turns_as_it_says(tmp_path):
    (tmp_path / "sleepy.py").write_text(SLEEPY)
    (tmp_path / "crashy.py").write_text(CRASHY)
    standings, saved = tmp_path / "standings.csv", tmp_path / "t.json"
    out = run(tmp_path / "sleepy.py", tmp_path / "crashy.py", "--builtin", "random", "--games", "6", "--map",
              "usa", "--jobs", "2", "--no-progress", "--standings", standings, "--json", saved, "--verbose")
    assert out.returncode == 0, out.stderr
    text = out.stdout
    # the slow bot is flagged by its wall-clock time, which the processor-time limit does not see
    assert "slow bots (a decision of 1 s or more on the wall clock):" in text
    assert re.search(r"^  sleepy: a decision took 1\.\d\d s on the wall clock \(.* s of processor time\); "
                     r"it waits \(sleep, input, a lock\) rather than computes$", text, re.M), text
    assert not re.search(r"^  (random|crashy):", text, re.M)
    # the fault table says how to see more from the shell, and its columns line up
    summary = text.split("games lost by a fault (--verbose shows each one with its traceback; "
                         "the --json file keeps them)\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert summary[0].split() == ["bot", "faults", "kinds", "first"]
    assert summary[1].index("raised") == summary[0].index("kinds")
    assert summary[1].index("game ") == summary[0].index("first")
    # --verbose: every fault with its turn, and the traceback from the bot's file
    assert "games stopped by a fault" in text and 'raise ValueError("a bug on purpose")' in text
    result = json.loads(saved.read_text())
    faults = [g["fault"] for g in result["games"] if g["fault"]]
    assert faults and all(f"on turn {f['turn']}" in f["reason"] and f["turn"] >= 3 for f in faults)
    for f in faults:
        assert re.search(rf"^\d+\s+crashy\s+raised\s+{f['turn']}\s+crashy's bot raised", text, re.M)
    # the standings go beside the games: their own CSV, and in the JSON
    rows = list(csv.DictReader(standings.open()))
    assert [r["bot"] for r in rows] == [r["bot"] for r in result["standings"]]
    assert {r["bot"] for r in rows} == {"sleepy", "crashy", "random"} and "wall_ms_per_decision" in rows[0]
    assert next(r for r in rows if r["bot"] == "crashy")["faults"] == str(len(faults))


def test_cli_tournament_refuses_to_replace_its_outputs_before_playing(tmp_path, folder):
    (tmp_path / "standings.json").write_text("{}")
    out = run(folder / "alice.py", "--builtin", "random", "--games", "2", "--standings", tmp_path / "standings.json")
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr == (f"ttr-teach: {tmp_path / 'standings.json'}: the file exists already; it is left as it "
                          "is (add --force to replace it)\n")
    out = run(folder / "alice.py", "--builtin", "random", "--games", "2", "--map", "usa", "--force",
              "--standings", tmp_path / "standings.json")
    assert out.returncode == 0, out.stderr
    table = json.loads((tmp_path / "standings.json").read_text())
    assert table["columns"][:3] == ["bot", "games", "wins"] and len(table["rows"]) == 2
