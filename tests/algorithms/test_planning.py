"""Cheapest networks (exact Steiner forests): hand-worked map cases and brute-force properties."""
import json
from itertools import combinations

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ttr_teach
from ttr_teach.algorithms.planning import (
    approximate_network,
    cheapest_completion,
    cheapest_network,
    compare_networks,
)
from ttr_teach.algorithms.steiner import MetricClosure, steiner_forest, steiner_tree
from ttr_teach.engine.errors import MapError, TTRError
from ttr_teach.engine.maps import load_map


def connects(routes, a, b):
    g = nx.Graph()
    g.add_edges_from((r.a, r.b) for r in routes)
    return a in g and b in g and nx.has_path(g, a, b)


# -- hand-worked cases on the maps --------------------------------------------------------------
def test_one_ticket_costs_its_shortest_path():
    # Paris–Frankfurt 3 + Frankfurt–Munchen 2 + Munchen–Wien 3 (or the same via Zurich)
    net = ttr_teach.cheapest_network("europe", [("Paris", "Wien")])
    assert net.trains == 8
    assert connects(net.routes, "Paris", "Wien")


def test_edinburgh_london_double_route_counts_once():
    net = cheapest_network("europe", [("Edinburgh", "London")])
    assert net.trains == 4 and len(net.routes) == 1
    assert (net.routes[0].a, net.routes[0].b, net.routes[0].length) == ("Edinburgh", "London", 4)


def test_two_tickets_far_apart_cost_the_sum_of_their_paths():
    # Edinburgh–London 4 (Edinburgh's only route) and Lisboa–Cadiz 2 (the direct route):
    # no route can serve both, so 4 + 2 = 6 in two separate groups.
    net = cheapest_network("europe", [("Edinburgh", "London"), ("Lisboa", "Cadiz")])
    assert net.trains == 6
    assert [g.trains for g in net.groups] == [4, 2]
    assert [g.tickets for g in net.groups] == [(("Edinburgh", "London"),), (("Lisboa", "Cadiz"),)]
    assert net.to_dict()["groups"][0] == {"tickets": [["Edinburgh", "London"]], "trains": 4,
                                          "routes": [["Edinburgh", "London", 4, "black"]]}


def test_two_tickets_sharing_a_corridor_cost_one_tree():
    # Paris–Wien alone needs 8; Paris–Frankfurt–Munchen–Wien (3+2+3 = 8) also joins
    # Frankfurt and Munchen, so the pair costs 8, not 8 + 2.
    net = cheapest_network("europe", [("Paris", "Wien"), ("Frankfurt", "Munchen")])
    assert net.trains == 8
    assert len(net.groups) == 1
    assert connects(net.routes, "Frankfurt", "Munchen") and connects(net.routes, "Paris", "Wien")


def test_tickets_sharing_a_city_form_one_group():
    # Edinburgh–London 4 is forced; London–Amsterdam 2 is the direct ferry (the way round by
    # Dieppe and Bruxelles costs 2 + 2 + 1 = 5): 6 trains in one piece.
    net = cheapest_network("europe", [("Edinburgh", "London"), ("London", "Amsterdam")])
    assert net.trains == 6
    assert len(net.groups) == 1 and len(net.groups[0].tickets) == 2


def test_tickets_may_name_cities_by_alias_or_be_ticket_objects():
    m = load_map("europe")
    a = cheapest_network("europe", [("edinburgh", "paris")])
    b = cheapest_network(m, [m.ticket("Edinburgh", "Paris")])
    c = cheapest_network("europe", ("Edinburgh", "Paris"))
    assert a.trains == b.trains == c.trains == 7      # 4 + 2 + 1
    assert a.tickets == (("Edinburgh", "Paris"),)


def test_no_tickets_need_no_trains():
    assert cheapest_network("usa", []).trains == 0


@pytest.mark.parametrize("tickets, message", [
    ([("Paris", "Atlantis")], "no city called 'Atlantis'"),
    ([("Paris", "paris")], "joins Paris to itself"),
    ([("Paris",)], "is not a pair of cities"),
    ("Paris", "must be a list"),
    (7, "must be a list"),
])
def test_bad_tickets_are_refused_with_a_sentence(tickets, message):
    with pytest.raises(MapError, match=message):
        cheapest_network("europe", tickets)


def test_too_many_cities_are_refused_before_any_work():
    m = load_map("europe")
    cities = sorted(m.cities)[:18]
    with pytest.raises(TTRError, match="18 different cities is too many"):
        cheapest_network("europe", list(zip(cities[::2], cities[1::2], strict=False)))


def test_approximation_joins_everything_into_one_tree():
    tickets = [("Edinburgh", "London"), ("Lisboa", "Cadiz")]
    approx = approximate_network("europe", tickets)
    assert len(approx.groups) == 1
    assert approx.trains > 6
    cmp = compare_networks("europe", tickets)
    assert cmp.exact.trains == 6 and cmp.approximate == approx
    assert cmp.extra_trains == approx.trains - 6 and cmp.ratio == approx.trains / 6
    assert cmp.to_dict() == {"tickets": [["Edinburgh", "London"], ["Lisboa", "Cadiz"]], "exact": 6,
                             "approximate": approx.trains, "extra_trains": approx.trains - 6,
                             "ratio": approx.trains / 6}


# -- the core on small graphs -------------------------------------------------------------------
def test_steiner_tree_uses_a_steiner_point():
    # three leaves at distance 2 from a hub beat the direct edges of weight 4 (6 < 8)
    g = nx.Graph()
    g.add_weighted_edges_from([("a", "x", 2), ("b", "x", 2), ("c", "x", 2), ("a", "b", 4), ("b", "c", 4)])
    weight, edges = steiner_tree(g, ["a", "b", "c"])
    assert weight == 6
    assert {frozenset(e) for e in edges} == {frozenset(("a", "x")), frozenset(("b", "x")), frozenset(("c", "x"))}


def test_steiner_forest_on_a_multigraph_returns_edge_keys():
    g = nx.MultiGraph()
    g.add_edge(1, 2, key="slow", weight=5)
    g.add_edge(1, 2, key="fast", weight=1)
    g.add_edge(2, 3, key="only", weight=2)
    result = steiner_forest(g, [(1, 3)])
    assert result.weight == 3
    assert {e[2] for e in result.edges} == {"fast", "only"}


def test_zero_weight_edges_are_free():
    g = nx.Graph()
    g.add_weighted_edges_from([(1, 2, 0), (2, 3, 0), (3, 4, 5), (1, 4, 3)])
    assert steiner_forest(g, [(1, 4)]).weight == 3
    assert steiner_forest(g, [(1, 3)]).weight == 0
    assert steiner_forest(g, [(1, 4)]).to_dict() == {"weight": 3, "edges": [[1, 4]], "groups": [[0]]}


def test_disconnected_pairs_raise_no_path():
    g = nx.Graph([(1, 2), (3, 4)])
    with pytest.raises(nx.NetworkXNoPath):
        steiner_forest(g, [(1, 3)])


def test_negative_weights_are_refused():
    g = nx.Graph()
    g.add_edge(1, 2, weight=-1)
    with pytest.raises(TTRError, match="weights must be numbers >= 0"):
        MetricClosure(g)


def brute_force_forest(g, pairs):
    edges = list(g.edges(keys=True) if g.is_multigraph() else g.edges())
    best = float("inf")
    for r in range(len(edges) + 1):
        for subset in combinations(edges, r):
            h = nx.Graph()
            h.add_nodes_from(g)
            h.add_edges_from((e[0], e[1]) for e in subset)
            if all(nx.has_path(h, a, b) for a, b in pairs):
                w = sum(g.edges[e].get("weight", 1) for e in subset)
                best = min(best, w)
    return best


@st.composite
def small_problems(draw):
    n = draw(st.integers(2, 7))
    possible = [(i, j) for i in range(n) for j in range(i + 1, n)]
    chosen = draw(st.lists(st.sampled_from(possible), min_size=1, max_size=10))
    g = nx.MultiGraph() if draw(st.booleans()) else nx.Graph()
    g.add_nodes_from(range(n))
    for u, v in chosen:
        if not g.is_multigraph() and g.has_edge(u, v):
            continue
        g.add_edge(u, v, weight=draw(st.integers(0, 6)))
    comp = max(nx.connected_components(g), key=len)
    nodes = sorted(comp)
    pairs = draw(st.lists(st.tuples(st.sampled_from(nodes), st.sampled_from(nodes)), min_size=1, max_size=3))
    return g, pairs


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_problems())
def test_exact_forest_equals_brute_force_over_edge_subsets(problem):
    g, pairs = problem
    result = steiner_forest(g, pairs)
    assert result.weight == brute_force_forest(g, pairs)
    h = nx.Graph()
    h.add_nodes_from(g)
    h.add_edges_from((e[0], e[1]) for e in result.edges)
    assert all(nx.has_path(h, a, b) for a, b in pairs)
    assert sum(g.edges[e].get("weight", 1) for e in result.edges) == result.weight
    assert nx.is_forest(h)


city_pairs = st.lists(st.tuples(st.integers(0, 46), st.integers(0, 46)).filter(lambda p: p[0] != p[1]),
                      min_size=1, max_size=4)


@settings(max_examples=25, deadline=None)
@given(city_pairs, st.sampled_from(["europe", "usa"]))
def test_routes_connect_every_ticket_sum_to_trains_and_beat_the_approximation(pairs, name):
    m = load_map(name)
    cities = sorted(m.cities)
    tickets = [(cities[a % len(cities)], cities[b % len(cities)]) for a, b in pairs]
    tickets = [t for t in tickets if t[0] != t[1]]
    net = cheapest_network(name, tickets)
    assert sum(r.length for r in net.routes) == net.trains
    assert sum(g.trains for g in net.groups) == net.trains
    for a, b in tickets:
        assert connects(net.routes, a, b)
    d = net.to_dict()
    assert json.loads(json.dumps(d)) == d and d["trains"] == net.trains
    assert d["routes"] == [[r.a, r.b, r.length, r.color] for r in net.routes]
    assert net.trains <= approximate_network(name, tickets).trains
    # a lower bound by hand: at least the dearest single ticket
    assert net.trains >= max(nx.dijkstra_path_length(m.graph(), a, b) for a, b in tickets)


# -- completing tickets from a position ----------------------------------------------------------
def position(players):
    return {"map": "europe", "players": players}


def test_routes_already_owned_cost_nothing():
    # red owns Paris–Frankfurt; Frankfurt–Munchen 2 + Munchen–Wien 3 finish Paris–Wien
    pos = position([{"name": "red", "routes": [["Paris", "Frankfurt", "white"]], "tickets": [["Paris", "Wien"]]},
                    {"name": "blue"}])
    done = cheapest_completion(pos, "red")
    assert done.possible and done.trains == 5
    assert [str(r) for r in done.owned] == ["Frankfurt–Paris (3 white)"]
    assert done.trains_left == 42 and done.enough_trains
    assert done.to_dict() == {"tickets": [["Paris", "Wien"]], "trains_left": 42, "possible": True, "trains": 5,
                              "routes": [["Frankfurt", "Munchen", 2, "pink"], ["Munchen", "Wien", 3, "orange"]],
                              "owned": [["Frankfurt", "Paris", 3, "white"]], "borrowed": [], "enough_trains": True}


def test_routes_owned_by_others_cannot_be_used():
    # blue holds Frankfurt–Munchen: Frankfurt–Berlin 3 + Berlin–Wien 3 = 6 (Essen way: 2+2+3 = 7)
    pos = position([{"name": "red", "routes": [["Paris", "Frankfurt", "white"]]},
                    {"name": "blue", "routes": [["Frankfurt", "Munchen"]]}])
    done = cheapest_completion(pos, 0, ("Paris", "Wien"))
    assert done.trains == 6
    assert all({r.a, r.b} != {"Frankfurt", "Munchen"} for r in done.routes)


def test_with_two_players_a_taken_double_route_closes_its_other_half():
    pos = position([{"name": "red"}, {"name": "blue", "routes": [["Edinburgh", "London", "black"]]}])
    done = cheapest_completion(pos, "red", ("Edinburgh", "London"))
    assert done.possible is False and done.trains is None and done.routes == ()
    assert done.to_dict() == {"tickets": [["Edinburgh", "London"]], "trains_left": 45, "possible": False,
                              "trains": None, "routes": [], "owned": [], "borrowed": [], "enough_trains": False}


def test_with_four_players_the_other_half_of_a_double_route_stays_open():
    pos = position([{"name": "red"}, {"name": "blue", "routes": [["Edinburgh", "London", "black"]]},
                    {"name": "green"}, {"name": "yellow"}])
    done = cheapest_completion(pos, "red", ("Edinburgh", "London"))
    assert done.trains == 4 and [str(r) for r in done.routes] == ["Edinburgh–London (4 orange)"]


def test_a_station_borrows_one_route_of_another_player():
    pos = position([{"name": "red", "stations": ["Edinburgh"]},
                    {"name": "blue", "routes": [["Edinburgh", "London", "black"]]}])
    done = cheapest_completion(pos, "red", ("Edinburgh", "London"))
    assert done.trains == 0
    assert [(b.station, str(b.route), b.owner) for b in done.borrowed] == [
        ("Edinburgh", "Edinburgh–London (4 black)", "blue")]
    assert done.to_dict()["borrowed"] == [{"station": "Edinburgh", "route": ["Edinburgh", "London", 4, "black"],
                                           "owner": "blue"}]
    assert cheapest_completion(pos, "red", ("Edinburgh", "London"), use_stations=False).possible is False


def test_one_station_borrows_only_one_route():
    # blue owns Edinburgh–London (4) and one London–Dieppe (2); red's London station can use one
    # of them. Borrow Edinburgh–London, claim the other London–Dieppe 2 and Dieppe–Paris 1: 3.
    # (Borrowing London–Dieppe instead leaves Edinburgh–London orange 4 + 1 = 5.)
    pos = position([{"name": "red", "stations": ["London"]},
                    {"name": "blue", "routes": [["Edinburgh", "London", "black"], ["London", "Dieppe"]]},
                    {"name": "green"}, {"name": "yellow"}])
    done = cheapest_completion(pos, "red", ("Edinburgh", "Paris"))
    assert done.trains == 3
    assert [(b.route.a, b.route.b) for b in done.borrowed] == [("Edinburgh", "London")]
    assert cheapest_completion(pos, "red", ("Edinburgh", "Paris"), use_stations=False).trains == 7


def test_a_completed_ticket_needs_no_more_trains():
    pos = position([{"name": "red", "routes": [["Edinburgh", "London", "black"]]}, {"name": "blue"}])
    done = cheapest_completion(pos, "red", [("Edinburgh", "London")])
    assert done.trains == 0 and done.routes == ()


def test_completion_reports_too_few_trains():
    # red has used 6+8+6+3+4+4+4+4+2+1+1+1 = 44 trains, so 1 is left; Roma–Venezia needs 2
    routes = [["Kyiv", "Budapest"], ["Stockholm", "Petrograd"], ["Palermo", "Smyrna"], ["Lisboa", "Madrid"],
              ["Edinburgh", "London", "black"], ["Warszawa", "Wien"], ["Berlin", "Danzig"], ["Marseille", "Paris"],
              ["Berlin", "Essen"], ["Amsterdam", "Bruxelles"], ["Dieppe", "Paris"], ["Budapest", "Wien", "red"]]
    pos = position([{"name": "red", "routes": routes}, {"name": "blue"}])
    done = cheapest_completion(pos, "red", ("Roma", "Venezia"))
    assert (done.trains_left, done.trains, done.enough_trains) == (1, 2, False)


def test_completion_needs_a_real_player():
    pos = position([{"name": "red"}, {"name": "blue"}])
    with pytest.raises(TTRError, match="no player called 'green'"):
        cheapest_completion(pos, "green", ("Paris", "Wien"))
    with pytest.raises(TTRError, match="no player number 5"):
        cheapest_completion(pos, 5, ("Paris", "Wien"))


# -- command line -------------------------------------------------------------------------------
def test_plan_command_prints_the_cheapest_network(capsys):
    from ttr_teach.cli import main

    assert main(["plan", "europe", "Edinburgh,London", "Lisboa,Cadiz"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "6 trains in 2 pieces"
    assert main(["plan", "europe", "Paris,Wien", "--json"]) == 0
    import json

    assert json.loads(capsys.readouterr().out)["trains"] == 8


def test_plan_command_refuses_a_bad_ticket_in_one_line(capsys):
    from ttr_teach.cli import main

    assert main(["plan", "europe", "Paris"]) == 2
    assert capsys.readouterr().err == ("ttr-teach: ticket 'Paris' should be two cities separated by a comma, "
                                       "e.g. Paris,Wien\n")


def test_the_weight_attribute_can_be_named():
    g = nx.Graph()
    g.add_edge("a", "b", cost=1, weight=9)
    g.add_edge("b", "c", cost=1, weight=9)
    g.add_edge("a", "c", cost=5, weight=1)
    assert steiner_forest(g, [("a", "c")], weight="cost").weight == 2
    assert steiner_forest(g, [("a", "c")]).weight == 1
