"""``ttr-teach tournament``: a folder of students' bot files, the bad ones reported in one line
each and skipped, the standings printed (run as a real subprocess)."""
from __future__ import annotations

import csv
import json
import os
import subprocess
import sys

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
