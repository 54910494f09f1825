"""The pieces every floor shares, each written once in the engine: the whole-number check,
the seat lookup, the face-up reset rule, and the union-find the lessons trace."""
import random

import pytest

from ttr_teach.algorithms import stepwise
from ttr_teach.engine.cards import TrainCards, needs_redeal
from ttr_teach.engine.errors import PositionError
from ttr_teach.engine.integers import is_whole
from ttr_teach.engine.rules import EUROPE, LOCOMOTIVE, USA
from ttr_teach.engine.seats import find_seat, seat_index
from ttr_teach.engine.unionfind import UnionFind


@pytest.mark.parametrize("value", [True, False, 1.0, "1", None, [1]])
def test_a_bool_or_anything_but_an_int_is_not_a_whole_number(value):
    assert not is_whole(value)


def test_whole_number_bounds_include_both_ends():
    assert is_whole(0, low=0) and is_whole(4, high=4) and is_whole(-3)
    assert not is_whole(-1, low=0) and not is_whole(5, low=0, high=4)


def test_seat_lookup_by_index_name_then_colour():
    class P:
        def __init__(self, name, color):
            self.name, self.color = name, color

    players = [P("Ann", "blue"), P("red", "green"), P("Bo", "red")]
    assert find_seat(players, 0) == 0 and find_seat(players, "Bo") == 2
    assert find_seat(players, "red") == 1          # a name before a colour
    assert find_seat(players, "blue") == 0
    assert find_seat(players, 3) is None and find_seat(players, True) is None
    assert find_seat(["Ann", "Bo"], "Bo") == 1     # plain names work too
    with pytest.raises(PositionError, match="no player number 3"):
        seat_index(players, 3)


@pytest.mark.parametrize("rules", [EUROPE, USA])
def test_face_up_reset_rule_is_three_locomotives(rules):
    assert needs_redeal(rules.face_up_locomotive_reset, rules)
    assert not needs_redeal(rules.face_up_locomotive_reset - 1, rules)


def test_settled_face_up_cards_never_break_the_reset_rule_while_a_redeal_can_end():
    for seed in range(200):
        cards = TrainCards.shuffled(EUROPE, seed)
        cards.settle()
        assert not needs_redeal(cards.face_up.count(LOCOMOTIVE), EUROPE) or not cards.reset_can_end()


def test_the_lessons_union_find_is_the_engines_with_a_trace():
    assert issubclass(stepwise.UnionFind, UnionFind)
    rng = random.Random(5)
    traced, plain = stepwise.UnionFind(range(20)), UnionFind(range(20))
    for _ in range(60):
        a, b = rng.randrange(20), rng.randrange(20)
        assert traced.union(a, b) == plain.union(a, b)
    assert sorted(map(sorted, traced.groups())) == sorted(map(sorted, plain.groups()))
    assert sum(step["op"] == "union" for step in traced.steps) == 60
