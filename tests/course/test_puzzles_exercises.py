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
    assert ex.check(37).message == "Not quite: 37 is too low."
    assert ex.check("40 points").correct


# -- common mistakes, diagnosed in the nudge without the key (issue 26) ----------------------------
def test_a_point_per_train_is_diagnosed_in_a_route_points_puzzle():
    ex = puzzle("introductory", "intro-eu-routes-1").exercise     # 10 trains, the key is 13
    said = ex.check("10").message
    assert said.startswith("Not quite: 10 is too low. That is one point per train.")
    assert "13" not in said


def test_a_total_that_counts_failed_tickets_as_zero_is_diagnosed():
    p = puzzle("intermediate", "inter-eu-total-2")
    row = next(r for r in p.solve().work["result"]["players"] if r["name"] == p.params["player"])
    failed = sum(t["points"] for t in row["tickets"] if not t["completed"])
    assert failed
    said = p.exercise.check(str(p.answer + failed)).message
    assert "not completed is not worth 0" in said and str(p.answer) not in said


def test_tunnel_odds_drawn_with_replacement_are_diagnosed():
    p = puzzle("introductory", "intro-eu-tunnel-odds-1")
    wrong = next(w for w, why in p.exercise.nudges.items() if "with replacement" in why)
    assert abs(wrong - p.answer) > Fraction(1, 2000)
    for written in (f"{float(wrong):.3f}", f"{float(wrong) * 100:.1f}%"):
        said = p.exercise.check(written).message
        assert said.startswith(f"Not quite: {written} is too") and "with replacement" in said


def test_every_puzzle_mistake_is_wrong_and_never_the_key():
    from ttr_teach.course.puzzles.checker import load_puzzles

    puzzles, _ = load_puzzles(PUZZLES)
    kinds = set()
    for p in puzzles:
        ex = p.exercise
        for wrong in getattr(ex, "nudges", {}):
            kinds.add(p.kind.name)
            verdict = ex.judge(str(wrong))
            assert not verdict.correct and ex.nudges[wrong] in verdict.message, p.id
    assert kinds >= {"route_points", "total_score", "tunnel_odds", "tunnel_cost"}


def test_a_longest_route_counted_in_routes_or_all_trains_is_diagnosed():
    ex = puzzle("introductory", "intro-eu-longest-1").exercise       # 10 trains; Ann has 12 in 3 routes
    said = ex.check({"length": "3", "bonus": "Ann"}).message
    assert "That counts routes: the longest route is measured in trains" in said and "10" not in said
    said = ex.check({"length": "12", "bonus": "Ann"}).message
    assert "That is all of Ann's trains" in said and "10" not in said


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
    assert verdict.message == "Length: right: 17 trains; bonus to: not quite: one player is missing."
    assert ex.check("17; ann, bo").correct and ex.check("17; Ann and Bo").correct


def test_station_answer_names_the_route_and_its_worth():
    ex = puzzle("introductory", "intro-eu-station-1").exercise    # München–Wien, 16
    verdict = ex.check("Wien-Budapest; 16")
    assert not verdict.correct and "Route: not quite: not Budapest–Wien" in verdict.message
    assert "München" not in verdict.message
    elsewhere = ex.check("Munchen-Zurich; 16").message
    assert "enters or leaves its own city (Wien)" in elsewhere
    unknown = ex.check("Gotham-Wien; 16")
    assert not unknown.correct and "no city called 'Gotham'" in unknown.message
    assert ex.check("Munchen-Wien; 16").correct


def test_winner_answer_needs_the_tie_breaker_too():
    ex = puzzle("expert", "expert-eu-winner-1").exercise     # Ann, fewest stations
    verdict = ex.check({"winner": "Ann", "decided_by": "most completed tickets"})
    assert not verdict.correct and verdict.message.startswith("Winner: right: Ann")
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
