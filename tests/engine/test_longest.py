"""The longest route (longest trail): hand-worked networks, every exact method against two
independent brute forces, random legal networks from both maps, and whole-map certificates.

A trail may revisit cities but never reuses a route. The expected lengths below are worked
out by hand in the comments.
"""
import itertools
import json
import random

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ttr_teach
from ttr_teach.engine.longest import (
    Trail,
    longest_route,
    longest_route_certificate,
    longest_route_exhaustive,
    longest_route_length,
    longest_route_stats,
)

METHODS = ("auto", "blocks", "trails", "removal", "ilp")


def assert_is_trail(edges, trail: Trail):
    """The trail walks the given edges, each at most once, end to end, and its length adds up."""
    used = set()
    for (frm, to, length), i in zip(trail.edges, trail.edge_indices, strict=True):
        a, b, w = edges[i]
        assert {frm, to} == {a, b} and length == w
        assert i not in used, "a route used twice"
        used.add(i)
    for step, following in zip(trail.edges, trail.edges[1:], strict=False):
        assert step[1] == following[0], "the trail jumps"
    assert trail.length == sum(e[2] for e in trail.edges)
    if trail.edges:
        assert trail.cities == (trail.edges[0][0], *(e[1] for e in trail.edges))
    else:
        assert trail.cities == ()


def brute_force_by_subsets(edges) -> int:
    """Independent of the package: by Euler, the longest trail is the heaviest connected
    edge subset with at most two odd cities. Try every subset."""
    best = 0
    for k in range(1, len(edges) + 1):
        for subset in itertools.combinations(range(len(edges)), k):
            g = nx.MultiGraph()
            g.add_edges_from((edges[i][0], edges[i][1]) for i in subset)
            if nx.is_connected(g) and sum(d % 2 for _, d in g.degree()) <= 2:
                best = max(best, sum(edges[i][2] for i in subset))
    return best


def check_all_methods(edges, expected):
    for method in METHODS:
        trail = longest_route(edges, method=method)
        assert_is_trail(edges, trail)
        assert trail.length == expected, method
        assert longest_route_length(edges, method=method) == expected, method
    reference = longest_route_exhaustive(edges)
    assert_is_trail(edges, reference)
    assert reference.length == expected


# -- the Trail: its way is walked on first use, and it behaves as a plain immutable value ------
def test_a_trail_walked_later_equals_the_same_trail_made_at_once():
    import copy
    import pickle

    edges = [("A", "B", 2), ("B", "C", 3), ("C", "A", 1), ("C", "D", 4)]
    later = longest_route(edges)                         # the way is not walked yet
    assert later.length == 10
    at_once = Trail(later.length, later.cities, later.edges, later.edge_indices)
    assert later == at_once and hash(later) == hash(at_once) and repr(later) == repr(at_once)
    assert repr(at_once).startswith("Trail(length=10, cities=(")
    assert pickle.loads(pickle.dumps(longest_route(edges))) == at_once
    assert copy.deepcopy(longest_route(edges)) == at_once
    assert longest_route(edges).to_dict() == at_once.to_dict()
    assert later != Trail(10, (), (), ()) and later != (10,)
    with pytest.raises(AttributeError):
        later.length = 11
    with pytest.raises(AttributeError):
        later.cities = ()
    mine = list(edges)
    later = longest_route(mine)
    mine[3] = ("C", "D", 40)                             # the caller's list changes meanwhile
    assert later == at_once                              # the trail was of the list as given
    walks = []
    lazy = Trail.later(3, lambda: walks.append(1) or (("A", "B"), (("A", "B", 3),), (0,)))
    assert lazy.length == 3 and walks == []              # the length alone walks nothing
    assert lazy.cities == ("A", "B") and lazy.edges == (("A", "B", 3),) and walks == [1]
    assert lazy.edge_indices == (0,) and walks == [1]    # walked once


# -- hand-worked networks ----------------------------------------------------------------------
def test_empty_network_has_a_longest_route_of_zero():
    assert longest_route_length([]) == 0
    trail = longest_route([])
    assert (trail.length, trail.cities, trail.edges) == (0, (), ())


def test_a_single_route_is_its_own_longest_route():
    check_all_methods([("Paris", "Bruxelles", 2)], 2)


def test_figure_eight_of_two_triangles_joined_at_a_city_uses_every_route():
    # Two triangles sharing city A: A has 4 routes, every other city 2: no odd city, so one
    # closed trail runs through all 6 routes: 1+2+3 + 4+5+6 = 21.
    edges = [("A", "B", 1), ("B", "C", 2), ("C", "A", 3), ("A", "D", 4), ("D", "E", 5), ("E", "A", 6)]
    check_all_methods(edges, 21)
    assert longest_route(edges).cities.count("A") == 3      # start, middle and end at A


def test_cycle_with_a_tail_goes_round_the_cycle_then_down_the_tail():
    # Square A-B-C-D-A of 2s with a tail D-E (3), E-F (1): odd cities D (3 routes) and F (1):
    # everything is one trail from F: 3*... = 8 + 3 + 1 = 12.
    edges = [("A", "B", 2), ("B", "C", 2), ("C", "D", 2), ("D", "A", 2), ("D", "E", 3), ("E", "F", 1)]
    check_all_methods(edges, 12)
    trail = longest_route(edges)
    assert {trail.cities[0], trail.cities[-1]} == {"D", "F"}


def test_two_triangles_joined_by_a_route_are_one_trail():
    # Triangles A-B-C (3,3,1) and D-E-F (2,2,2) joined by C-D (4). Odd cities C and D only
    # (3 routes each): Euler says all of it: 7 + 6 + 4 = 17.
    edges = [("A", "B", 3), ("B", "C", 3), ("C", "A", 1), ("D", "E", 2), ("E", "F", 2), ("F", "D", 2),
             ("C", "D", 4)]
    check_all_methods(edges, 17)


def test_two_squares_joined_at_a_city_with_a_tail_leave_out_the_cheapest_way_to_parity():
    # Squares A-B-C-D-A (1, 1, 1, 1) and A-E-F-G-A (2, 2, 2, 2) share A; tails A-X (5) and
    # B-Y (3). Odd: X, Y (1 route), B (3); A has 5 routes: odd too. Four odd cities, so one
    # pair must be fixed by leaving out routes: leave out B-Y (3) -> odd A, X: 4 + 8 + 5 = 17;
    # or leave out A-X (5) -> 15; or A-B (1) -> A, B even, odd X, Y: 4-1 + 8 + 5 + 3 = 19.
    edges = [("A", "B", 1), ("B", "C", 1), ("C", "D", 1), ("D", "A", 1),
             ("A", "E", 2), ("E", "F", 2), ("F", "G", 2), ("G", "A", 2), ("A", "X", 5), ("B", "Y", 3)]
    check_all_methods(edges, 19)


def test_star_takes_its_two_longest_arms():
    # Centre X with arms of 5, 4, 3, 1: four odd leaves; a trail uses two arms: 5 + 4 = 9.
    edges = [("X", "A", 5), ("X", "B", 4), ("X", "C", 3), ("X", "D", 1)]
    check_all_methods(edges, 9)


def test_complete_graph_on_four_cities_leaves_out_its_shortest_route():
    # K4: every city has 3 routes (4 odd cities); dropping one route makes two of them even,
    # so the best drops the shortest (1): 2+3+4+5+6 = 20.
    edges = [("A", "B", 1), ("A", "C", 2), ("A", "D", 3), ("B", "C", 4), ("B", "D", 5), ("C", "D", 6)]
    check_all_methods(edges, 20)


def test_parallel_routes_of_a_double_route_form_a_loop():
    # Both halves of A-B (2 and 2) and a tail B-C (3): A even, B and C odd: all of it, 7.
    edges = [("A", "B", 2), ("A", "B", 2), ("B", "C", 3)]
    check_all_methods(edges, 7)
    trail = longest_route(edges)
    assert sorted(trail.edge_indices) == [0, 1, 2]          # the two halves are told apart


def test_disconnected_pieces_count_only_the_best_piece():
    # Pieces: A-B-C (2+2 = 4) and D-E (5): the trail stays in one piece: 5.
    edges = [("A", "B", 2), ("B", "C", 2), ("D", "E", 5)]
    check_all_methods(edges, 5)
    assert longest_route(edges).cities in (("D", "E"), ("E", "D"))


def test_loop_at_a_city_is_always_worth_taking():
    # A loop at B (3) on the path A-B-C (1, 1): the trail takes it: 5.
    edges = [("A", "B", 1), ("B", "B", 3), ("B", "C", 1)]
    check_all_methods(edges, 5)


def test_theta_graph_must_leave_out_one_of_three_parallel_paths():
    # Three paths between X and Y: 1+1, 2+2, 3+3. X and Y have 3 routes each, the middle
    # cities 2: exactly two odd cities, so everything: 12.
    edges = [("X", "P", 1), ("P", "Y", 1), ("X", "Q", 2), ("Q", "Y", 2), ("X", "R", 3), ("R", "Y", 3)]
    check_all_methods(edges, 12)


def test_two_theta_graphs_joined_by_a_route_leave_out_one_short_path():
    # Thetas X1-Y1 and X2-Y2 as above (12 each), joined Y1-X2 (1). Odd cities: X1, Y2 only
    # (3 routes each); Y1 and X2 now have 4: all of it: 12 + 12 + 1 = 25.
    edges = []
    for k in ("1", "2"):
        for mid, w in (("P", 1), ("Q", 2), ("R", 3)):
            edges += [("X" + k, mid + k, w), (mid + k, "Y" + k, w)]
    edges.append(("Y1", "X2", 1))
    check_all_methods(edges, 25)


def test_three_odd_spokes_force_a_choice():
    # Path A-B-C-D (4 each) with spokes B-E (1), C-F (2): all six cities are odd (B and C
    # have 3 routes). No cycle, so a trail is a path: A-B-C-D = 12, A-B-C-F = 10,
    # E-B-C-D = 9, E-B-C-F = 7, A-B-E = 5, ...: best 12 (both spokes left out).
    edges = [("A", "B", 4), ("B", "C", 4), ("C", "D", 4), ("B", "E", 1), ("C", "F", 2)]
    check_all_methods(edges, 12)


def test_route_objects_are_accepted_and_indices_point_into_the_list():
    m = ttr_teach.load_map("europe")
    routes = [m.route("Paris", "Frankfurt", "white"), m.route("Frankfurt", "Munchen"),
              m.route("Munchen", "Wien")]
    trail = longest_route(routes)
    # 3 + 2 + 3 = 8 along one path
    assert trail.length == 8
    assert sorted(trail.edge_indices) == [0, 1, 2]


def test_trail_to_dict_is_plain_json():
    trail = longest_route([("A", "B", 1), ("B", "C", 2)])
    assert trail.to_dict() == {"length": 3, "cities": ["A", "B", "C"],
                               "edges": [["A", "B", 1], ["B", "C", 2]], "edge_indices": [0, 1]}


def test_stats_say_which_method_solved_each_piece():
    euler = longest_route_stats([("A", "B", 1), ("B", "C", 1)])
    assert euler["euler_components"] == 1 and euler["searches"] == []
    k4 = [("A", "B", 1), ("A", "C", 2), ("A", "D", 3), ("B", "C", 4), ("B", "D", 5), ("C", "D", 6)]
    # 3 independent cycles: "auto" cuts a player's network at its bridges (one block here)
    assert longest_route_stats(k4)["searches"][0]["method"] == "blocks"
    assert longest_route_stats(k4, method="removal")["searches"][0]["method"] == "removal"


# -- against brute force -------------------------------------------------------------------------
small_multigraphs = st.lists(
    st.tuples(st.integers(0, 5), st.integers(0, 5), st.integers(1, 5)), max_size=8)


@settings(max_examples=300, deadline=None)
@given(small_multigraphs)
def test_every_method_matches_brute_force_over_edge_subsets(edges):
    expected = brute_force_by_subsets(edges)
    for method in ("auto", "blocks", "trails", "removal"):
        trail = longest_route(edges, method=method)
        assert_is_trail(edges, trail)
        assert trail.length == expected, method
    assert longest_route_exhaustive(edges).length == expected


@settings(max_examples=60, deadline=None)
@given(small_multigraphs)
def test_integer_program_matches_brute_force_and_proves_it(edges):
    expected = brute_force_by_subsets(edges)
    cert = longest_route_certificate(edges)
    assert_is_trail(edges, cert.trail)
    assert cert.length == cert.upper_bound == expected
    assert cert.optimal is True
    d = cert.to_dict()
    assert json.loads(json.dumps(d)) == d and d["trail"] == cert.trail.to_dict()
    assert (d["length"], d["upper_bound"], d["optimal"]) == (expected, expected, True)


dense_graphs = st.lists(st.tuples(st.integers(0, 8), st.integers(0, 8), st.integers(1, 6)),
                        min_size=8, max_size=13)


@settings(max_examples=120, deadline=None)
@given(dense_graphs)
def test_fast_methods_match_exhaustive_search_on_graphs_with_many_cycles(edges):
    edges = [e for e in edges if e[0] != e[1]]
    expected = longest_route_exhaustive(edges).length
    for method in ("auto", "blocks", "removal", "trails"):
        assert longest_route_length(edges, method=method) == expected, method


def random_legal_network(m, rng, max_length, close_cycles):
    """One player's routes: grown from a random city, within 45 trains, one route per pair."""
    pool = [r for r in m.routes if r.length <= max_length]
    cities = {rng.choice(sorted({c for r in pool for c in r.cities}))}
    owned, pairs, left = [], set(), m.rules.trains_per_player
    while True:
        options = [r for r in pool if r.length <= left and frozenset(r.cities) not in pairs
                   and (r.a in cities or r.b in cities)]
        if not options:
            return owned
        r = rng.choices(options, [close_cycles if r.a in cities and r.b in cities else 1 for r in options])[0]
        owned.append(r)
        pairs.add(frozenset(r.cities))
        cities.update(r.cities)
        left -= r.length


@pytest.mark.parametrize("map_name", ["europe", "usa"])
def test_random_45_train_networks_match_exhaustive_search(map_name):
    m = ttr_teach.load_map(map_name)
    rng = random.Random(20240 + len(map_name))
    for k in range(24):
        routes = random_legal_network(m, rng, max_length=(9, 3, 2)[k % 3], close_cycles=(1, 30, 30)[k % 3])
        assert sum(r.length for r in routes) <= m.rules.trains_per_player
        edges = [(r.a, r.b, r.length) for r in routes]
        expected = longest_route_exhaustive(edges).length
        trail = longest_route(edges)
        assert_is_trail(edges, trail)
        assert trail.length == expected


# -- whole maps ------------------------------------------------------------------------------------
def parity_bound_by_matching(edges) -> int:
    """Independent upper bound: every odd city but two must lose a path of routes to another
    odd city, so total - (cheapest such pairing, two odd cities left free) bounds every
    trail. Minimum-weight perfect matching on the odd cities plus two free slots."""
    g = nx.MultiGraph()
    g.add_weighted_edges_from(edges)
    odd = [v for v, d in g.degree() if d % 2]
    dist = dict(nx.all_pairs_dijkstra_path_length(g))
    h = nx.Graph()
    for a, b in itertools.combinations(odd, 2):
        h.add_edge(a, b, weight=dist[a][b])
    for free in ("free 1", "free 2"):
        for a in odd:
            h.add_edge(free, a, weight=0)
    h.add_edge("free 1", "free 2", weight=0)
    matching = nx.min_weight_matching(h)
    return sum(w for _, _, w in edges) - sum(h[a][b]["weight"] for a, b in matching)


@pytest.mark.parametrize("map_name, spaces", [("europe", 300), ("usa", 309)])
def test_whole_map_longest_trail_meets_an_independent_upper_bound(map_name, spaces):
    m = ttr_teach.load_map(map_name)
    edges = [(r.a, r.b, r.length) for r in m.routes]
    assert sum(e[2] for e in edges) == spaces
    cert = longest_route_certificate(edges)
    assert_is_trail(edges, cert.trail)
    bound = parity_bound_by_matching(edges)
    # a valid trail as long as an upper bound computed without the package: it is the longest
    assert cert.trail.length == bound
    assert cert.length == cert.upper_bound == bound and cert.optimal
    assert longest_route_length(edges) == bound
    # the branch and bound over left-out routes proves the same on the whole map
    trail = longest_route(edges, method="removal")
    assert_is_trail(edges, trail)
    assert trail.length == bound


def test_whole_map_integer_program_used_no_more_than_a_few_rounds():
    m = ttr_teach.load_map("europe")
    cert = longest_route_certificate(m.routes)
    rounds = [s["rounds"] for s in cert.stats["ilp"]]
    assert rounds and all(r >= 1 for r in rounds)
