"""README.md's commands for teachers (editions, nbgrader, the class report, worksheets, a class
tournament, a replay, a saved game's board) run as written, in a fresh folder, and do what their
comments say."""
from __future__ import annotations

import csv
import glob
import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from ttr_teach.cli import main
from ttr_teach.course.exercises import ProgressStore
from ttr_teach.players.play import play_game
from ttr_teach.players.random_bot import RandomBot
from ttr_teach.views.widgets.replay_model import ReplayModel

from ..helpers import README, REPO


def course_commands() -> list:
    """Every line of README.md's shell blocks that runs ``ttr-teach course`` or ``nbgrader``,
    and every line of the teachers' section's blocks, without its comment, in order, each once."""
    text = README.read_text(encoding="utf-8")
    teachers = text.split("## For teachers", 1)[1].split("\n## ", 1)[0]
    found = []
    for block in re.findall(r"```sh\n(.*?)```", text, re.S):
        for line in block.splitlines():
            command = re.split(r"\s#\s", line)[0].strip()
            wanted = "ttr-teach course " in command or "nbgrader " in command or block in teachers
            if command and wanted and command not in found:
                found.append(command)
    return found


def test_the_readme_shows_each_course_tool():
    said = " ".join(course_commands())
    for tool in ("course student", "course teacher", "course nbgrader", "course report",
                 "nbgrader generate_assignment", "puzzles worksheet", "tournament", "replay", "board"):
        assert tool in said


def _run(command: str, cwd: Path) -> Path:
    """Run one README line in ``cwd`` (a leading ``cd DIR &&`` runs the rest in DIR)."""
    words = shlex.split(command)
    if words[0] == "cd":
        cwd, words = cwd / words[1], words[3:]
    args = [m for w in words[1:] for m in (sorted(glob.glob(str(cwd / w))) or [w])]
    if words[0] == "ttr-teach":
        old = Path.cwd()
        os.chdir(cwd)
        try:
            assert main(args) == 0, command
        finally:
            os.chdir(old)
    else:
        env = {**os.environ, "PYTHONPATH": str(REPO),
               "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
        run = subprocess.run([sys.executable, "-m", words[0], *args], cwd=cwd, env=env, capture_output=True,
                             text=True, timeout=600)
        assert run.returncode == 0, (command, run.stderr[-2000:])
    return cwd


BOT = """
class FirstChoice:
    \"\"\"A student's first bot: the first legal action.\"\"\"
    def choose(self, view):
        return view.legal_actions()[0]
"""


def test_every_course_command_of_the_readme_runs(tmp_path, capsys):
    pytest.importorskip("nbgrader")
    progress = tmp_path / "progress"
    for name in ("Ann", "Bo"):
        store = ProgressStore(tmp_path / f"{name}-record.json")
        store.set_learner(name)
        store.record_try("notebooks/01_train_cards/blind", "7/55", True)
        store.export(progress / (f"{name}.json" if name == "Ann" else f"{name}.csv"))
    (tmp_path / "bots").mkdir()                     # a class's bot files, and a game saved from a notebook
    (tmp_path / "bots" / "ann.py").write_text(BOT)
    game = play_game("usa", [RandomBot(1), RandomBot(2)], seed=3)
    (tmp_path / "game.json").write_text(json.dumps(game.to_dict()))
    for command in course_commands():
        _run(command, tmp_path)
    out = capsys.readouterr().out
    assert re.search(r"^Ann\s+1/1/0$", out, re.M) and re.search(r"^Bo\s+1/1/0$", out, re.M)
    assert (tmp_path / "class.csv").read_text().startswith("student,lesson,title,")
    assert (tmp_path / "build/nbgrader/release/01_train_cards/01_train_cards.ipynb").exists()
    assert (tmp_path / "build/student/puzzles/introductory").is_dir()
    assert '<div lang=\\"sv\\">' in (tmp_path / "build/student-sv/notebooks/00_start_here.ipynb").read_text()
    assert (tmp_path / "build/teacher/answer_key/index.html").exists()
    sheet, key = (tmp_path / "sheet.html").read_text(), (tmp_path / "key.html").read_text()
    assert sheet.count("<svg") == 6 and "<h2>Answers</h2>" not in sheet and "<h2>Answers</h2>" in key
    assert re.search(r"^6 games, 2 players, usa, seed 0$", out, re.M)
    standings = list(csv.DictReader((tmp_path / "standings.csv").open()))
    assert {r["bot"] for r in standings} == {"ann", "planner"}
    saved = json.loads((tmp_path / "class.json").read_text())
    page = (tmp_path / "game0.html").read_text()
    assert saved["games"][0]["players"][0] in page and 'type="range"' in page
    model = ReplayModel(game)
    model.go(30)
    assert (tmp_path / "step30.svg").read_text() == model.board_svg(size=None)
