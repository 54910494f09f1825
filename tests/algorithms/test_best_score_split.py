"""The split rule of best_score (ttr_teach/algorithms/best_score_split.py): the one-tree
program plus a bound for networks of two or more ticket pieces. Checked against a brute force
on a map whose best network must have two pieces, against a direct reading of the rule, and
against the forest program on its own on the whole maps."""
import pytest

import ttr_teach
from ttr_teach.algorithms import best_score_model as model
from ttr_teach.algorithms.best_score import _distances, best_score
from ttr_teach.algorithms.best_score_cache import cached_best_score
from ttr_teach.algorithms.best_score_split import shortest_ticket, split_bound

from .test_best_score import brute_force, check_answer, submap

TWO_COASTS = ["Seattle", "Portland", "San Francisco", "Los Angeles",
              "New York", "Washington", "Raleigh", "Atlanta"]


@pytest.fixture(scope="module")
def two_coasts():
    """Two pieces of the USA map with no route between them, a ticket on each."""
    return submap("usa", TWO_COASTS, "two coasts")


@pytest.mark.parametrize("budget", [12, 16, 20])
def test_split_rule_best_network_of_two_pieces_is_found_and_proven(two_coasts, budget):
    result = best_score(two_coasts, budget)
    assert result.proven
    assert check_answer(result.to_dict(), two_coasts) == brute_force(two_coasts, budget)
    if budget >= 16:
        # both coasts' tickets: no single tree holds them, so the forest program decided it
        assert len(result.tickets) == 2 and result.details["method"] == "forest"
        assert result.details["tree_bound"] < result.score <= result.details["split_bound"]


def test_split_rule_reads_smallest_piece_from_shortest_ticket_to_half_the_budget():
    asked = []

    def upper(b):
        asked.append(b)
        return {5: 11, 6: 12, 7: 14, 8: 20}.get(b, 2 * b)

    assert split_bound(15, 6, upper) == max(12 + 18, 14 + 20)
    assert sorted(set(asked)) == [6, 7, 8, 9]
    assert split_bound(11, 6, upper) is None          # two tickets of 6 trains need 12
    assert split_bound(40, None, upper) is None       # no ticket fits: nothing to split


def test_split_rule_shortest_ticket_is_the_fewest_trains_of_any_ticket():
    m = ttr_teach.load_map("europe")
    distance = _distances(m)
    inst = model.Instance.build(m, 45, False, distance, single_tree=True)
    assert shortest_ticket(inst, distance) == min(distance(t.a, t.b) for t in m.tickets)
    assert shortest_ticket(model.Instance.build(m, 1, False, distance), distance) is None


@pytest.mark.parametrize("name,budget", [("europe", 12), ("usa", 14)])
def test_split_rule_agrees_with_the_forest_program_alone(name, budget):
    """The forest program needs no split rule; where it proves fast, both give one number."""
    m = ttr_teach.load_map(name)
    forest = model.solve(model.Instance.build(m, budget, False, _distances(m)))
    assert forest.proven
    assert forest.value == best_score(name, budget).score == cached_best_score(name, budget).score
