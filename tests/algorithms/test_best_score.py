"""best_score: every answer is checked without the solver's own code (trains, route points,
ticket connectivity recomputed with networkx from the map), against a brute force on small
maps and budgets, and every case of the cached sweep is checked the same way."""
import json
import sys
from collections.abc import Mapping

import networkx as nx
import pytest

import ttr_teach
from ttr_teach.algorithms.best_score import BestScore, best_score
from ttr_teach.algorithms.best_score_cache import BUDGETS, STORED_BUDGETS, cached_best_score, cached_records


# -- the independent checker -----------------------------------------------------------------
def route_objects(m, rows):
    """Routes named by ``[a, b, length, colour]`` rows, each found on the map by hand."""
    out = []
    for a, b, length, colour in rows:
        found = [r for r in m.routes if {r.a, r.b} == {a, b} and r.color == colour and r.length == length]
        assert found, f"{a}–{b} ({length} {colour}) is not a route of {m.name}"
        # both halves of a gray double route look alike: take one not used yet
        free = [r for r in found if r not in out]
        assert free, f"{a}–{b} ({colour}) is listed more often than the map has it"
        out.append(free[0])
    return out


def check_answer(d: dict, m=None):
    """Recompute everything a result dict claims, from the map alone."""
    m = m or ttr_teach.load_map(d["map"])
    routes = route_objects(m, d["routes"])
    assert len({r.index for r in routes}) == len(routes), "a route is taken twice"
    trains = sum(r.length for r in routes)
    assert trains == d["trains"] <= d["budget"]
    if not d["allow_both_doubles"]:
        pairs = [frozenset((r.a, r.b)) for r in routes]
        assert len(set(pairs)) == len(pairs), "both halves of a double route"
    route_points = sum(m.rules.route_point_table[r.length] for r in routes)
    assert route_points == d["route_points"]
    g = nx.MultiGraph()
    g.add_edges_from((r.a, r.b) for r in routes)
    done = [t for t in m.tickets if t.a in g and t.b in g and nx.has_path(g, t.a, t.b)]
    assert sorted([t.a, t.b, t.points] for t in done) == sorted(d["tickets"])
    ticket_points = sum(t.points for t in done)
    assert ticket_points == d["ticket_points"]
    assert d["score"] == route_points + ticket_points
    assert d["bound"] >= d["score"]
    assert d["proven"] == (d["bound"] == d["score"]) or not d["proven"]
    if d["proven"]:
        assert d["bound"] == d["score"]
    return d["score"]


# -- brute force on small maps ---------------------------------------------------------------
def submap(name, cities, title="part"):
    """A map of ``cities`` only (routes and tickets among them), built through the engine's
    own map parser so that best_score can be asked about it."""
    m = ttr_teach.load_map(name)
    doc = m.to_json()
    keep = set(cities)
    doc.update(name=title, rules=m.rules.name,
               cities=[c for c in doc["cities"] if c["id"] in keep],
               routes=[r for r in doc["routes"] if r["a"] in keep and r["b"] in keep],
               tickets=[t for t in doc["tickets"] if t["a"] in keep and t["b"] in keep])
    parse_map = sys.modules[type(m).__module__].parse_map
    return parse_map(doc, title)


def brute_force(m, budget, allow_both_doubles=False):
    """The best score by trying every set of routes within the budget (depth-first over the
    city pairs: how many of each pair's routes to take; the two halves of a double have the
    same length, so which half does not change the score)."""
    pairs = {}
    for r in m.routes:
        pairs.setdefault(frozenset((r.a, r.b)), []).append(r)
    pairs = list(pairs.values())
    best = 0

    def score(chosen):
        g = nx.MultiGraph()
        g.add_edges_from((r.a, r.b) for r in chosen)
        value = sum(m.rules.route_point_table[r.length] for r in chosen)
        return value + sum(t.points for t in m.tickets if t.a in g and t.b in g and nx.has_path(g, t.a, t.b))

    def grow(i, chosen, left):
        nonlocal best
        if i == len(pairs):
            best = max(best, score(chosen))
            return
        rs = pairs[i]
        for c in range((len(rs) if allow_both_doubles else 1) + 1):
            if c * rs[0].length <= left:
                grow(i + 1, chosen + rs[:c], left - c * rs[0].length)

    grow(0, [], budget)
    return best


WEST = ["Lisboa", "Madrid", "Cadiz", "Barcelona", "Pamplona", "Paris", "Brest", "Marseille", "Dieppe"]
WEST_COAST = ["Seattle", "Portland", "Vancouver", "Calgary", "Helena", "Salt Lake City", "San Francisco",
              "Los Angeles"]


@pytest.fixture(scope="module")
def west():
    return submap("europe", WEST, "west")


@pytest.fixture(scope="module")
def west_coast():
    return submap("usa", WEST_COAST, "west coast")


@pytest.mark.parametrize("budget", [0, 2, 5, 8, 11, 14])
def test_small_europe_agrees_with_brute_force(west, budget):
    result = best_score(west, budget)
    assert result.proven
    assert check_answer(result.to_dict(), west) == brute_force(west, budget)


@pytest.mark.parametrize("budget", [3, 9, 15, 30, 45])
@pytest.mark.parametrize("both", [False, True])
def test_small_usa_agrees_with_brute_force_with_and_without_both_doubles(west_coast, budget, both):
    result = best_score(west_coast, budget, allow_both_doubles=both)
    assert result.proven
    assert check_answer(result.to_dict(), west_coast) == brute_force(west_coast, budget, both)


def test_both_doubles_can_score_more(west_coast):
    one, two = best_score(west_coast, 45), best_score(west_coast, 45, allow_both_doubles=True)
    assert two.score > one.score
    pairs = [frozenset(r.cities) for r in two.routes]
    assert len(set(pairs)) < len(pairs)          # it does take both halves of a double


@pytest.mark.parametrize("name,budget", [("europe", 4), ("usa", 4)])
def test_whole_map_small_budgets_agree_with_brute_force(name, budget):
    m = ttr_teach.load_map(name)
    result = best_score(name, budget)
    assert result.proven and check_answer(result.to_dict()) == brute_force(m, budget)


# -- the result object -----------------------------------------------------------------------
def test_result_fields_are_attributes_and_to_dict_round_trips_through_json():
    result = best_score("usa", 7)
    d = result.to_dict()
    assert json.loads(json.dumps(d)) == d
    for key in ("score", "route_points", "ticket_points", "trains", "proven", "bound"):
        assert d[key] == getattr(result, key)
    assert not isinstance(result, Mapping) and not hasattr(result, "keys")   # not a dict in disguise
    with pytest.raises(TypeError):
        result["score"]
    assert all(isinstance(r, ttr_teach.Route) for r in result.routes)
    assert all(isinstance(t, ttr_teach.Ticket) for t in result.tickets)
    assert BestScore.from_dict(d).to_dict() == d
    check_answer(d)


def test_position_scores_the_same_route_and_ticket_points_with_the_engine():
    result = cached_best_score("europe", 30)
    scored = ttr_teach.score_position(result.position())["players"][0]
    assert (scored["route_points"], scored["ticket_points"]) == (result.route_points, result.ticket_points)


def test_board_draws_the_network():
    result = cached_best_score("usa", 25)
    svg = ttr_teach.board_svg("usa", highlight=result.highlight())
    assert svg == result._repr_svg_() and f"{result.score} points" in svg
    assert ttr_teach.board_svg(result.position(), highlight=result.highlight()).startswith("<svg")


def test_position_refuses_what_no_game_allows():
    big = next(d for d in RECORDS if d["trains"] > 45)
    with pytest.raises(ttr_teach.TTRError, match="45"):
        cached_best_score(big["map"], big["budget"], big["allow_both_doubles"]).position()


def test_time_limit_returns_the_best_found_and_a_bound():
    result = best_score("europe", 45, time_limit=3, cpu_clock=True)
    d = result.to_dict()
    check_answer(d)
    assert result.details["cpu_seconds"] < 30
    assert result.score >= result.details["greedy"]
    if not result.proven:
        assert result.bound > result.score


@pytest.mark.parametrize("bad", [-1, 2.5, "45", True, None, float("nan")])
def test_bad_budgets_are_refused_with_a_sentence(bad):
    with pytest.raises(ValueError, match="trains must be a whole number"):
        best_score("europe", bad)


def test_unknown_map_and_bad_time_limit_are_refused():
    with pytest.raises(ttr_teach.MapError, match="unknown map"):
        best_score("mars", 10)
    with pytest.raises(ValueError, match="time_limit"):
        best_score("usa", 10, time_limit=0)


# -- the cached sweep ------------------------------------------------------------------------
RECORDS = cached_records()


def test_the_sweep_holds_every_budget_for_both_maps():
    keys = {(d["map"], d["budget"], d["allow_both_doubles"]) for d in RECORDS}
    for name in ("europe", "usa"):
        assert {(name, b, False) for b in STORED_BUDGETS} <= keys
        assert set(BUDGETS) <= set(STORED_BUDGETS)


def test_the_sweep_is_proven_for_every_budget():
    """Every stored case is proven (the solve times are bench/best_score.py's business)."""
    for d in RECORDS:
        assert d["proven"] and d["bound"] == d["score"], f"{d['map']} {d['budget']}"


@pytest.mark.parametrize("record", RECORDS, ids=lambda d: f"{d['map']}-{d['budget']}-{d['allow_both_doubles']}")
def test_every_cached_answer_checks_out(record):
    check_answer(record)


def test_more_trains_never_score_less_in_the_sweep():
    for name in ("europe", "usa"):
        scores = [d["score"] for d in sorted(RECORDS, key=lambda d: d["budget"])
                  if d["map"] == name and not d["allow_both_doubles"]]
        bounds = [d["bound"] for d in sorted(RECORDS, key=lambda d: d["budget"])
                  if d["map"] == name and not d["allow_both_doubles"]]
        # a network within B trains is within every larger budget too: below all later bounds
        assert all(s <= min(bounds[i:]) for i, s in enumerate(scores))


def _live_cases():
    """B = 20 and B = 45 (the game's budget) of both maps."""
    return [d for d in RECORDS if d["budget"] in (20, 45) and not d["allow_both_doubles"]]


@pytest.mark.parametrize("record", _live_cases(), ids=lambda d: f"{d['map']}-{d['budget']}")
def test_cached_answers_agree_with_a_live_solve(record):
    live = best_score(record["map"], record["budget"], time_limit=60, cpu_clock=True)
    check_answer(live.to_dict())
    # each run's network is below the other run's proven bound; two proofs give one number
    assert live.score <= record["bound"] and record["score"] <= live.bound
    if live.proven and record["proven"]:
        assert live.score == record["score"]


# -- tickets that exclude each other -----------------------------------------------------------
@pytest.mark.parametrize("name,budget", [("usa", 20), ("europe", 30)])
def test_exclusive_ticket_pairs_are_exactly_those_no_network_within_the_budget_completes(name, budget):
    """The rule y[k] + y[l] <= 1 of the model: checked against the exact Steiner forest of
    planning.cheapest_network (a different algorithm) on a sample of pairs of each kind."""
    from ttr_teach.algorithms.best_score import _distances
    from ttr_teach.algorithms.best_score_covers import exclusive_pairs
    from ttr_teach.algorithms.best_score_model import Instance
    from ttr_teach.algorithms.planning import cheapest_network

    m = ttr_teach.load_map(name)
    inst = Instance.build(m, budget, False, _distances(m))
    tickets = [t for _, _, _, t in inst.tickets]
    exclusive = set(exclusive_pairs(inst))
    assert exclusive, "a small budget has tickets that exclude each other"
    others = [(k, j) for k in range(len(tickets)) for j in range(k + 1, len(tickets))
              if (k, j) not in exclusive]
    for k, j in sorted(exclusive)[::max(1, len(exclusive) // 15)]:
        assert cheapest_network(m, [tickets[k], tickets[j]]).trains > budget
    for k, j in others[::max(1, len(others) // 15)]:
        assert cheapest_network(m, [tickets[k], tickets[j]]).trains <= budget


@pytest.mark.parametrize("name,budget", [("usa", 25), ("europe", 25)])
def test_exclusive_ticket_triples_are_exactly_those_no_network_within_the_budget_completes(name, budget):
    """The rule y[k] + y[l] + y[m] <= 2 of the model (three tickets, no two of them
    exclusive, that no network within the budget completes together): checked against the
    exact Steiner forest of planning.cheapest_network (a different algorithm) on a sample of
    triples of each kind."""
    from itertools import combinations

    from ttr_teach.algorithms.best_score import _distances
    from ttr_teach.algorithms.best_score_covers import exclusive_pairs, exclusive_triples
    from ttr_teach.algorithms.best_score_model import Instance
    from ttr_teach.algorithms.planning import cheapest_network

    m = ttr_teach.load_map(name)
    inst = Instance.build(m, budget, False, _distances(m))
    tickets = [t for _, _, _, t in inst.tickets]
    pairs = set(exclusive_pairs(inst))
    triples = set(exclusive_triples(inst))
    assert triples, "a small budget has triples of tickets that exclude each other"
    assert not any({(k, i), (k, j), (i, j)} & pairs for k, i, j in triples)
    others = [c for c in combinations(range(len(tickets)), 3)
              if c not in triples and not {(c[0], c[1]), (c[0], c[2]), (c[1], c[2])} & pairs]
    for k, i, j in sorted(triples)[::max(1, len(triples) // 12)]:
        assert cheapest_network(m, [tickets[k], tickets[i], tickets[j]]).trains > budget
    for k, i, j in others[::max(1, len(others) // 12)]:
        assert cheapest_network(m, [tickets[k], tickets[i], tickets[j]]).trains <= budget
