"""Puzzle exercises and notebook helpers: right or wrong with a nudge (never the key), hints in
steps, solutions that highlight what counts on the board, and progress that only the learner's
answers move."""
from fractions import Fraction

import pytest

from ttr_teach.course.puzzles.answers import CityPairExercise, CityPairSetExercise, NameSetExercise
from ttr_teach.course.puzzles.format import load_puzzle
from ttr_teach.course.puzzles.notebook import PuzzleBook, header_html, show_puzzle

from ..helpers import PUZZLES


def puzzle(level, name):
    return load_puzzle(PUZZLES / level / f"{name}.yaml")


def test_a_wrong_total_says_too_low_but_not_by_how_much():
    ex = puzzle("introductory", "intro-eu-total-1").exercise      # the key is 40
    assert ex.check(38).message == "Not quite: 38 is too low."
    assert ex.check("40 points").correct


def test_ticket_answers_accept_any_order_and_aliases():
    ex = puzzle("expert", "expert-eu-tickets-1").exercise  # Edinburgh–Paris, London–Wien
    assert ex.check("paris - edinburgh, Wien–London").correct
    verdict = ex.check("Edinburgh-Paris, London-Wien, Brest-Venezia")
    assert not verdict.correct and verdict.message == "Not quite: one ticket should not be there."
    said = ex.check("Edinburgh-Paris").message
    assert said == "Not quite: one ticket is missing." and "London" not in said
    assert ex.check("Edinburgh-Paris and London-Wien").correct and ex.check("Edinburgh-Paris London-Wien").correct


def test_unreadable_ticket_answer_is_not_a_crash():
    ex = puzzle("introductory", "intro-eu-tickets-1").exercise
    verdict = ex.check("Paris")
    assert not verdict.correct and "could not read" in verdict.message


def test_longest_route_answer_is_checked_in_two_parts():
    ex = puzzle("expert", "expert-usa-longest-2").exercise     # 17, Ann and Bo
    verdict = ex.check({"length": "17", "bonus": "Bo"})
    assert not verdict.correct
    assert verdict.message == "length: right: 17 trains; bonus to: not quite: one player is missing"
    assert ex.check("17; ann, bo").correct and ex.check("17; Ann and Bo").correct


def test_station_answer_names_the_route_and_its_worth():
    ex = puzzle("introductory", "intro-eu-station-1").exercise    # München–Wien, 16
    verdict = ex.check("Wien-Budapest; 16")
    assert not verdict.correct and "route: not quite: not Budapest–Wien" in verdict.message
    assert "München" not in verdict.message
    elsewhere = ex.check("Munchen-Zurich; 16").message
    assert "enters or leaves its own city (Wien)" in elsewhere
    unknown = ex.check("Gotham-Wien; 16")
    assert not unknown.correct and "no city called 'Gotham'" in unknown.message
    assert ex.check("Munchen-Wien; 16").correct


def test_winner_answer_needs_the_tie_breaker_too():
    ex = puzzle("expert", "expert-eu-winner-1").exercise     # Ann, fewest stations
    verdict = ex.check({"winner": "Ann", "decided_by": "most completed tickets"})
    assert not verdict.correct and verdict.message.startswith("winner: right: Ann")
    assert ex.check({"winner": "Ann", "decided_by": "fewest stations built"}).correct


def test_nobody_is_an_answer_when_the_tie_breakers_leave_a_tie():
    ex = puzzle("expert", "expert-eu-winner-3").exercise
    assert ex.check({"winner": "nobody", "decided_by": "nobody: a full tie"}).correct


def test_probability_answer_accepts_a_decimal_to_three_places():
    ex = puzzle("introductory", "intro-eu-tunnel-odds-1").exercise   # 23821/53955 = 0.44149...
    assert ex.answer == Fraction(23821, 53955)
    assert ex.check("0.441").correct and ex.check("23821/53955").correct
    assert ex.check("0,441").correct and ex.check("44.15%").correct
    assert not ex.check("0.45").correct


def test_solution_board_highlights_what_counts():
    station = puzzle("introductory", "intro-eu-station-1")
    assert "station in Wien borrows München–Wien" in station.board_svg(solution=True)
    tickets = puzzle("expert", "expert-eu-tickets-1")
    svg = tickets.board_svg(solution=True)
    assert "ticket Edinburgh–Paris (7): completed by Ann" in svg
    assert "ticket Brest–Venezia (8): not completed by Ann" in svg
    longest = puzzle("expert", "expert-eu-longest-1")
    assert "longest path of Ann: 14" in longest.board_svg(solution=True)
    assert "longest path" not in longest.board_svg()


def test_checking_the_key_does_not_count_as_solving():
    book = PuzzleBook.load(level="introductory")
    first = book[0]
    first.assert_key()
    assert book.progress.solved == 0
    first.exercise.check(first.kind.typed_answer(first.answer, first.map))
    assert book.progress.summary() == f"1 of {len(book)} solved"


def test_book_filters_by_kind_and_map():
    book = PuzzleBook.load(kind="winner", map="usa")
    assert len(book) >= 4 and {p.kind.name for p in book} == {"winner"}
    assert [p.level for p in book] == sorted((p.level for p in book),
                                             key=["introductory", "intermediate", "expert"].index)
    with pytest.raises(KeyError, match="no puzzle"):
        book["nope"]
    # the keyword of earlier versions still works
    assert [p.id for p in PuzzleBook.load(kind="winner", map="usa")] == [p.id for p in book]


def test_showing_a_puzzle_displays_header_board_widget_and_progress(capsys):
    p = puzzle("expert", "expert-eu-winner-2")
    show_puzzle(p)
    shown = capsys.readouterr().out
    assert "IPython.core.display.HTML" in shown and "Show the tickets on the board" in shown and "VBox" in shown
    assert "expert" in header_html(p, 3, 10) and "Puzzle 3 of 10" in header_html(p, 3, 10)


def test_the_tickets_are_listed_and_ringed_on_the_board_on_request():
    from ttr_teach.course.puzzles.facts import facts_html
    from ttr_teach.course.puzzles.notebook import board_widget

    p = puzzle("expert", "expert-eu-winner-4")
    assert "Ann's tickets: Paris–Wien (8), Madrid–Zürich (8)" in facts_html(p)
    box = board_widget(p)
    toggle, picture = box.children
    assert "s ticket Paris–Wien" not in picture.value
    toggle.value = True
    assert "Ann&#x27;s ticket Paris–Wien (8)" in picture.value and "completed" not in picture.value
    assert "s ticket" not in load_puzzle(PUZZLES / "introductory" / "intro-eu-routes-1.yaml").board_svg()


def test_set_exercises_understand_none_and_nobody():
    from ttr_teach.engine.maps import load_map

    m = load_map("usa")
    assert CityPairSetExercise("?", m, []).check("none").correct
    assert NameSetExercise("?", []).check("nobody").correct
    assert not CityPairExercise("?", m, ["Denver", "Omaha"]).check("Denver-Helena").correct


def test_the_question_board_never_shows_the_players_scores():
    import re

    from ttr_teach.course.puzzles.checker import load_puzzles

    puzzles, _ = load_puzzles(PUZZLES)
    for p in puzzles:
        if p.position is None:
            continue
        legend = re.findall(r'<g class="legend-player".*?</g>', p.board_svg())
        assert len(legend) == len(p.position.players)
        assert not any("point" in entry for entry in legend), p.id
    # the solution board may show them
    assert "40 points" in load_puzzle(PUZZLES / "introductory" / "intro-eu-total-1.yaml").board_svg(solution=True)
