"""Lesson 6 (write a bot): the lesson's bots play legal games, the exercises' checkers run a
mini-tournament and answer with figures, a fault's reason or a hint; the example class folder
loads as the teacher's command would."""
from __future__ import annotations

import pytest

import ttr_teach
from ttr_teach.lessons import graphs as lesson


def test_lesson_bots_finish_games_on_both_maps():
    for map_name in ("usa", "europe"):
        for bot in (lesson.PathBot, lesson.NetworkBot, lesson.ImprovedBot):
            game = ttr_teach.play_game(map_name, [bot(1), ttr_teach.RandomBot(2)], seed=5)
            assert game.is_over


def test_bot_exercise_reports_a_faulty_bot_with_its_reason():
    class Crashes:
        def choose(self, view):
            raise ZeroDivisionError("oops")

    verdict = lesson.network_bot_exercise().check(Crashes)
    assert not verdict.correct
    assert verdict.message.startswith("Not yet: your bot won 0 of 8 games against planner (goal: 5); it lost 8")
    assert "your bot raised ZeroDivisionError: oops" in verdict.message and "bot's bot" not in verdict.message


def test_bot_exercise_gives_a_hint_to_a_weak_bot_and_refuses_a_non_class():
    exercise = lesson.improve_bot_exercise()
    verdict = exercise.check(lesson.PathBot)
    assert not verdict.correct and "Hint:" in verdict.message and "of 8 games against planner" in verdict.message
    assert exercise.check(None).message == "Give your bot's class (its name, without calling it)."


def test_mini_tournament_names_its_opponents():
    result = lesson.mini_tournament(lesson.PathBot, "random", games=2, map="usa")
    assert result.bots == ["your bot", "random"] and len(result.games) == 2
    with pytest.raises(ValueError, match="opponent 'chess'"):
        lesson.mini_tournament(lesson.PathBot, "chess")


def test_example_class_folder_has_two_bots_and_one_typo(tmp_path):
    folder = lesson.example_class_folder(tmp_path / "class")
    bots, problems = ttr_teach.players.collect_bots([folder])
    assert sorted(bots) == ["ada", "ben"] and len(problems) == 1 and "cleo.py: syntax error" in problems[0]
