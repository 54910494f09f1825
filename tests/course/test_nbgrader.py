"""The nbgrader round trip: ``ttr-teach course nbgrader`` writes a course folder, nbgrader
releases an assignment with no key in it, and autograding a right, a wrong and a blank
submission gives exactly the points the course's checker says, answers read as the notebooks
read them ("12.7%" for 7/55)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from ttr_teach.cli import main
from ttr_teach.course.assignments import POINTS
from ttr_teach.course.lessons.questions import cards

from ..helpers import REPO

pytest.importorskip("nbgrader")

LESSON = "01_train_cards"


def _nbgrader(course: Path, *args: str) -> str:
    env = {**os.environ, "PYTHONPATH": str(REPO),
           "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}   # its alembic
    run = subprocess.run([sys.executable, "-m", "nbgrader", *args], cwd=course, env=env, capture_output=True,
                         text=True, timeout=900)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    return run.stdout + run.stderr


def _submit(course: Path, student: str, answers: dict) -> None:
    """The released notebook with ``answers`` (grade id -> source) in its answer cells."""
    released = course / "release" / LESSON / f"{LESSON}.ipynb"
    nb = nbformat.read(released, as_version=4)
    for cell in nb.cells:
        grade_id = cell.metadata.get("nbgrader", {}).get("grade_id")
        if grade_id in answers:
            cell.source = answers[grade_id]
    target = course / "submitted" / student / LESSON / f"{LESSON}.ipynb"
    target.parent.mkdir(parents=True)
    nbformat.write(nb, target)


def test_generate_then_autograde_a_right_a_wrong_and_a_blank_submission(tmp_path):
    from nbgrader.api import Gradebook

    course = tmp_path / "course"
    assert main(["course", "nbgrader", str(course)]) == 0
    assert (course / "nbgrader_config.py").exists() and (course / "source" / LESSON / f"{LESSON}.ipynb").exists()
    _nbgrader(course, "generate_assignment", LESSON)

    lesson = cards.exercises()
    released = (course / "release" / LESSON / f"{LESSON}.ipynb").read_text()
    assert "HIDDEN TESTS" not in released and "key=" not in released
    assert "7/55" not in released and lesson["blind"].answer_text() not in released   # the blind draw's key
    source = (course / "source" / LESSON / f"{LESSON}.ipynb").read_text()
    for ex in lesson:                                                           # the keys: hidden tests only
        assert f"key={ex.example!r}" in source
    assert "0,127" not in released and "0.127" not in released

    right = {f"answer_{k}": f"answer_{k} = {ex.example!r}" for k, ex in lesson.items()}
    right["answer_blind"] = 'answer_blind = "12.7%"'          # read as the notebook reads it
    wrong = dict(right)
    for k in ("second", "first"):
        ex = lesson[k]
        other = next(o for o in ex.options if o != str(ex.answer)) if hasattr(ex, "options") else "0"
        wrong[f"answer_{k}"] = f"answer_{k} = {other!r}"
    _submit(course, "right", right)
    _submit(course, "wrong", wrong)
    _submit(course, "blank", {})                              # the released stubs, unanswered
    _nbgrader(course, "autograde", LESSON)

    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        scores = {s: gb.find_submission(LESSON, s).score for s in ("right", "wrong", "blank")}
        max_score = gb.find_assignment(LESSON).max_score
    assert max_score == POINTS * len(lesson)
    assert scores == {"right": max_score, "wrong": max_score - 2 * POINTS, "blank": 0}


def test_a_course_folder_that_nbgrader_has_used_is_never_rebuilt_over(tmp_path, capsys):
    course = tmp_path / "course"
    assert main(["course", "nbgrader", str(course)]) == 0
    (course / "gradebook.db").write_bytes(b"grades")
    assert main(["course", "nbgrader", str(course)]) == 2
    assert "holds files no ttr-teach course build wrote (gradebook.db)" in capsys.readouterr().err
    assert (course / "gradebook.db").read_bytes() == b"grades"


def test_every_assignment_grades_its_own_key_right_and_shows_no_key_outside_the_hidden_tests():
    import re

    from ttr_teach.course.assignments import assignment_notebook, grade
    from ttr_teach.course.lessons.questions import lesson_builders

    graded = 0
    for lesson, build in lesson_builders().items():
        exercises = {ex.id: ex for ex in build()}
        nb = assignment_notebook(lesson)
        for cell in nb.cells:
            hidden = re.search(r"### BEGIN HIDDEN TESTS\n(.*)\n### END HIDDEN TESTS", cell.source, re.S)
            if not hidden:
                continue
            call = re.fullmatch(r"grade\('([^']+)', globals\(\)\.get\('(\w+)'\)(?:, key=(.+))?, lang='en'\)",
                                hidden.group(1))
            assert call, hidden.group(1)
            ex = exercises[call.group(1)]
            if call.group(3) is not None:         # a value: its key, read back, is right; a blank is not
                key = eval(call.group(3))        # noqa: S307 (our own repr of a string)
                grade(ex.id, key, key=key)
                with pytest.raises(AssertionError, match="no answer yet"):
                    grade(ex.id, None, key=key)
            graded += 1
        shown = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
        for ex in exercises.values():             # the samples of how to write a number are never its key
            if ex.answer_input == "text" and hasattr(ex, "tolerance"):
                for sample in re.findall(r'`"?([\d/,.%]+)"?`', shown.split(f"## {ex.id.rsplit('/', 1)[1]}\n")[1]
                                         .split("\n## ")[0]):
                    assert not ex.judge(sample).correct, (ex.id, sample)
    assert graded == sum(len(b()) for b in lesson_builders().values()) - 2     # all but the two bot exercises
