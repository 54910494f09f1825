"""Puzzle files: the format is read and checked; every kind of damage is refused with the file,
the line or field, and the reason; keys are recomputed by the engine."""
import json
import re
from fractions import Fraction

import pytest

from ttr_teach.course.puzzles.checker import check_puzzles, load_puzzles
from ttr_teach.course.puzzles.document import PuzzleError
from ttr_teach.course.puzzles.format import load_puzzle, puzzle_from_text
from ttr_teach.course.puzzles.kinds import KINDS

from ..helpers import PUZZLES

# Ann owns Paris–Frankfurt; Bo owns Frankfurt–München, so Ann's cheapest way on to Wien is
# Frankfurt–Berlin (3) + Berlin–Wien (3) = 6 trains (via Zürich: 3 + 2 + 3 = 8).
COMPLETION = """\
id: demo-completion
title: Around a blocked route
level: intermediate
kind: cheapest_completion
position:
  map: europe
  players:
  - name: Ann
    routes: [[Paris, Frankfurt, white]]
    tickets: [[Paris, Wien]]
  - name: Bo
    routes: [[Frankfurt, Munchen]]
player: Ann
ticket: [Paris, Wien]
question: How many more trains does Ann need to complete Paris–Wien?
answer: 6
hint: Bo's route is closed to Ann.
explanation: Frankfurt–Berlin (3) and Berlin–Wien (3) make 6 trains.
"""

# 26 of 110 cards match a red payment: 3 x 26/110 = 39/55 extra cards on average.
TUNNEL = """\
id: demo-tunnel
title: A tunnel in a new game
level: introductory
kind: tunnel_cost
map: europe
deck: full
pay_with: red
question: How many extra cards on average?
answer: "39/55"
hint: Three cards, each matching with probability 26/110.
explanation: 3 x 26/110 = 39/55 extra cards.
"""


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def refusal(tmp_path, text, name="broken.yaml"):
    path = write(tmp_path, name, text)
    with pytest.raises(PuzzleError) as e:
        load_puzzle(path)
    message = str(e.value)
    assert message.startswith(str(path)), message
    return message


def line_of(text, needle):
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


# -- good files -----------------------------------------------------------------------------------
def test_completion_puzzle_key_is_recomputed_by_the_engine(tmp_path):
    p = load_puzzle(write(tmp_path, "ok.yaml", COMPLETION))
    assert p.answer == 6 and p.computed_answer == 6 and p.problems() == []


def test_tunnel_puzzle_needs_no_position(tmp_path):
    p = load_puzzle(write(tmp_path, "ok.yaml", TUNNEL))
    assert p.position is None and p.answer == Fraction(39, 55) and p.problems() == []


def test_json_puzzle_files_are_read_like_yaml(tmp_path):
    import yaml

    data = yaml.safe_load(COMPLETION)
    p = load_puzzle(write(tmp_path, "ok.json", json.dumps(data, indent=1)))
    assert p.answer == 6 and p.problems() == []


def test_a_puzzle_written_as_yaml_reads_back_the_same(tmp_path):
    p = load_puzzle(write(tmp_path, "ok.yaml", COMPLETION))
    q = puzzle_from_text(p.to_yaml())
    assert (q.id, q.answer, q.question, q.explanation) == (p.id, p.answer, p.question, p.explanation)
    assert q.position.to_dict() == p.position.to_dict()


# -- damage: each is refused with the file, the line or field, and the reason -----------------------
def test_bad_yaml_is_refused_with_its_line(tmp_path):
    text = COMPLETION.replace("player: Ann\n", "player: [Ann\n")
    message = refusal(tmp_path, text)
    assert "not valid YAML" in message and re.search(r"line \d+", message)


def test_bad_json_is_refused_with_its_line(tmp_path):
    message = refusal(tmp_path, '{"id": "x",\n "title": }', name="broken.json")
    assert "line 2" in message and "not valid JSON" in message


def test_missing_field_is_named(tmp_path):
    text = COMPLETION.replace("answer: 6\n", "")
    assert "field 'answer' is missing" in refusal(tmp_path, text)


def test_unknown_kind_is_refused_with_the_list_of_kinds(tmp_path):
    text = COMPLETION.replace("kind: cheapest_completion", "kind: fastest_train")
    message = refusal(tmp_path, text)
    assert f"line {line_of(text, 'kind:')}: field 'kind'" in message
    assert "unknown kind 'fastest_train'" in message and ", ".join(KINDS) in message


def test_unknown_level_is_refused(tmp_path):
    text = COMPLETION.replace("level: intermediate", "level: hard")
    message = refusal(tmp_path, text)
    assert "line 3: field 'level'" in message and "unknown level 'hard'" in message


def test_answer_of_the_wrong_type_is_refused(tmp_path):
    text = COMPLETION.replace("answer: 6", "answer: six")
    message = refusal(tmp_path, text)
    assert f"line {line_of(text, 'answer:')}: field 'answer'" in message and "'six'" in message


def test_decimal_probability_key_is_refused_because_it_is_not_exact(tmp_path):
    text = TUNNEL.replace('answer: "39/55"', "answer: 0.709")
    assert "not an exact fraction" in refusal(tmp_path, text)


def test_route_owned_twice_is_an_illegal_position(tmp_path):
    # Frankfurt–München is a single route: Ann cannot own it too.
    text = COMPLETION.replace("routes: [[Paris, Frankfurt, white]]",
                              "routes: [[Paris, Frankfurt, white], [Frankfurt, Munchen]]")
    message = refusal(tmp_path, text)
    assert "field 'position" in message and "Frankfurt" in message and "already owned by 'Ann'" in message


def test_both_halves_of_a_double_route_in_a_two_player_game_are_refused(tmp_path):
    text = COMPLETION.replace("routes: [[Frankfurt, Munchen]]",
                              "routes: [[Frankfurt, Munchen], [Paris, Frankfurt, orange]]")
    message = refusal(tmp_path, text)
    assert "player 'Bo'" in message and "only one of its" in message
    assert f"line {line_of(text, '- name: Bo')}" in message


def test_unknown_city_in_the_position_is_refused(tmp_path):
    text = COMPLETION.replace("[Frankfurt, Munchen]", "[Frankfurt, Gotham]")
    assert "Gotham" in refusal(tmp_path, text)


def test_unknown_player_is_refused_with_the_players_listed(tmp_path):
    text = COMPLETION.replace("player: Ann", "player: Cy")
    message = refusal(tmp_path, text)
    assert "field 'player'" in message and "no player 'Cy'" in message and "Ann, Bo" in message


def test_ticket_the_player_does_not_hold_is_refused(tmp_path):
    text = COMPLETION.replace("ticket: [Paris, Wien]", "ticket: [Berlin, Roma]")
    assert "Ann does not hold the ticket Berlin–Roma" in refusal(tmp_path, text)


def test_misspelt_field_is_refused(tmp_path):
    text = COMPLETION.replace("hint:", "hnit:")
    message = refusal(tmp_path, text)
    assert "field 'hint' is missing" in message
    text = COMPLETION + "colour: red\n"
    assert "field 'colour': unknown field" in refusal(tmp_path, text)


def test_a_field_given_twice_is_refused_with_both_lines(tmp_path):
    text = COMPLETION + "answer: 7\n"
    message = refusal(tmp_path, text)
    assert "appears twice" in message and f"first on line {line_of(text, 'answer: 6')}" in message


def test_station_kinds_do_not_exist_on_the_usa_map(tmp_path):
    text = TUNNEL.replace("map: europe", "map: usa")
    assert "no tunnel_cost puzzles on the usa map" in refusal(tmp_path, text)


def test_deck_with_more_cards_than_the_game_has_is_refused(tmp_path):
    # 12 red cards exist; 13 cannot be in the deck.
    text = TUNNEL.replace("deck: full", "deck: {red: 13, blue: 10}")
    assert "13 red cards between deck and hand, but the game has only 12" in refusal(tmp_path, text)


def test_tunnel_paid_with_the_wrong_colour_is_refused(tmp_path):
    # Madrid–Pamplona is black (and gray): it cannot be paid with red.
    text = TUNNEL.replace("pay_with: red", "pay_with: red\ntunnel: [Madrid, Pamplona, black]")
    assert "cannot be paid with red" in refusal(tmp_path, text)


def test_empty_hint_is_refused(tmp_path):
    text = COMPLETION.replace("hint: Bo's route is closed to Ann.", "hint: ''")
    assert "field 'hint': this must be some text" in refusal(tmp_path, text)


def test_position_on_another_map_than_the_puzzle_is_refused(tmp_path):
    text = COMPLETION.replace("kind: cheapest_completion", "kind: cheapest_completion\nmap: usa")
    assert "the position is on the europe map but the puzzle says map: usa" in refusal(tmp_path, text)


# -- keys: wrong ones are mismatches, reported with expected and computed -------------------------
def test_wrong_key_is_reported_with_expected_and_computed(tmp_path):
    write(tmp_path, "wrong.yaml", COMPLETION.replace("answer: 6", "answer: 5"))
    report = check_puzzles([tmp_path])
    assert report["puzzles"] == 1 and report["verified"] == 0
    [m] = report["mismatches"]
    assert (m["field"], m["expected"], m["computed"]) == ("answer", "5 trains", "6 trains")
    assert m["file"].endswith("wrong.yaml")


def test_explanation_that_never_states_the_answer_is_a_mismatch(tmp_path):
    text = COMPLETION.replace("make 6 trains", "make the answer")
    write(tmp_path, "vague.yaml", text)
    [m] = check_puzzles([tmp_path])["mismatches"]
    assert m["field"] == "explanation"


def test_duplicate_id_is_refused_and_the_first_file_still_counts(tmp_path):
    write(tmp_path, "a.yaml", COMPLETION)
    write(tmp_path, "b.yaml", COMPLETION)
    puzzles, errors = load_puzzles([tmp_path])
    assert [p.path.endswith("a.yaml") for p in puzzles] == [True]
    assert "b.yaml" in errors[0]["message"] and "'demo-completion' is already the id of" in errors[0]["message"]


def test_broken_file_does_not_stop_the_others_being_checked(tmp_path):
    write(tmp_path, "a.yaml", COMPLETION)
    write(tmp_path, "b.yaml", TUNNEL)
    write(tmp_path, "c.yaml", "id: [unclosed\n")
    report = check_puzzles([tmp_path])
    assert (report["puzzles"], report["verified"], len(report["errors"])) == (3, 2, 1)
    assert report["by_kind"]["tunnel_cost"] == 1 and report["by_level"]["intermediate"] == 1


def test_random_damage_to_every_committed_puzzle_is_refused_with_a_message_not_a_crash():
    # Replace or delete one field anywhere in a puzzle (top level, position, answer...) with a
    # value of the wrong shape: the loader either refuses it with a message that names the file,
    # or (when the damage happens to be harmless) reads a puzzle that can be checked.
    import copy
    import random

    import yaml

    from ttr_teach.course.puzzles.format import puzzle_from_data
    from ttr_teach.engine.errors import TTRError

    weird = [None, 0, -3, 1.5, True, "", "x", [], ["a"], {}, {"a": 1}, [[1, 2]], "Paris",
             ["Paris", "Wien", "pink", "x"], {"length": "x", "bonus": 3}, {"route": 5, "worth": "a"},
             {"winner": 3, "decided_by": None}, "1/0", "exactly -1", {"red": -1}, {"purple": 2}]

    def places(d, prefix=()):
        if prefix:
            yield prefix
        items = d.items() if isinstance(d, dict) else enumerate(d) if isinstance(d, list) else ()
        for k, v in items:
            yield from places(v, prefix + (k,))

    rng = random.Random(5)
    files = sorted(PUZZLES.rglob("*.yaml"))
    for f in files:
        data = yaml.safe_load(f.read_text(encoding="utf-8"))
        spots = list(places(data))
        for _ in range(12):
            d = copy.deepcopy(data)
            where = rng.choice(spots)
            target = d
            for k in where[:-1]:
                target = target[k]
            if isinstance(target, dict) and rng.random() < 0.2:
                del target[where[-1]]
            else:
                target[where[-1]] = copy.deepcopy(rng.choice(weird))
            try:
                puzzle_from_data(d, str(f)).problems()
            except TTRError as e:
                assert str(e).startswith(str(f)), str(e)
