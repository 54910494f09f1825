"""Exercises: the checkers notebooks prove their answer keys with."""
from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from ttr_teach.course.exercises import ChoiceExercise, NumberExercise, SetExercise

ROOT = Path(__file__).resolve().parents[2]


def test_assert_correct_passes_a_right_answer_and_records_it():
    exercise = NumberExercise("How many train cards are in the deck?", 110)
    exercise.assert_correct("110")
    assert exercise.solved and len(exercise.attempts) == 1


@pytest.mark.parametrize("exercise, wrong, message", [
    (NumberExercise("How many train cards?", 110), 96, "Not quite: 96 is 14 too low."),
    (ChoiceExercise("Turn order?", ["clockwise", "counter-clockwise"], "clockwise"), "counter-clockwise",
     "Not quite: the answer is not counter-clockwise."),
    (SetExercise("Completed?", {"Paris-Wien"}), "", "Not quite: you are missing 1 (Paris-Wien)."),
])
def test_assert_correct_raises_the_checkers_sentence_for_a_wrong_answer(exercise, wrong, message):
    with pytest.raises(AssertionError) as caught:
        exercise.assert_correct(wrong)
    assert str(caught.value) == message


def test_assert_correct_still_checks_under_python_dash_O():
    """``python -O`` strips ``assert`` statements: a notebook's answer key must be checked anyway."""
    code = textwrap.dedent("""
        import sys
        from ttr_teach.course.exercises import NumberExercise
        assert False, "asserts are on"   # stripped under -O: proves the flag took effect
        try:
            NumberExercise("How many train cards?", 110).assert_correct(96)
        except AssertionError as e:
            print("refused:", e)
        else:
            print("accepted a wrong answer")
            sys.exit(1)
    """)
    run = subprocess.run([sys.executable, "-O", "-c", code], capture_output=True, text=True, cwd=ROOT,
                         timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.strip() == "refused: Not quite: 96 is 14 too low."
