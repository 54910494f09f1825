"""The fast longest-route method (bridges and blocks, facts 7-8 of ttr_teach.engine.longest)
against the plain exhaustive search and against brute force over route subsets: every
fast path on random small networks with parallel routes, loops and several pieces."""
import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ttr_teach.engine.errors import MapError
from ttr_teach.engine.longest import (
    BLOCKS_MAX_EDGES,
    longest_route,
    longest_route_exhaustive,
    longest_route_length,
    longest_route_stats,
)
from ttr_teach.engine.longest.bridges import cut_into_blocks
from ttr_teach.engine.longest.intnet import IntNetwork
from ttr_teach.engine.longest.reductions import bits

from .test_longest import assert_is_trail


def networks(cities=6, most=10, loops=True):
    """Random networks: parallel routes, loops (if asked), often several pieces."""
    edge = st.tuples(st.integers(0, cities - 1), st.integers(0, cities - 1), st.integers(1, 6))
    made = st.lists(edge, max_size=most)
    if not loops:
        made = made.map(lambda edges: [e for e in edges if e[0] != e[1]])
    return made.map(lambda edges: [(f"c{a}", f"c{b}", w) for a, b, w in edges])


def check_against_exhaustive(edges, method):
    expected = longest_route_exhaustive(edges).length
    trail = longest_route(edges, method=method)
    assert_is_trail(edges, trail)
    assert trail.length == expected, (method, edges)
    assert longest_route_length(edges, method=method) == expected


# -- whole networks ------------------------------------------------------------------------
@settings(max_examples=400, deadline=None)
@given(networks())
def test_bridges_and_blocks_match_exhaustive_search_on_any_small_network(edges):
    check_against_exhaustive(edges, "blocks")
    check_against_exhaustive(edges, "auto")


@settings(max_examples=150, deadline=None)
@given(networks(cities=9, most=13, loops=False))
def test_bridges_and_blocks_match_exhaustive_search_on_networks_with_many_cycles(edges):
    check_against_exhaustive(edges, "blocks")


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(1, 8), min_size=1, max_size=14), st.randoms(use_true_random=False))
def test_a_tree_takes_its_longest_path(lengths, rng):
    # a tree (no cycle): every block is a single city, the classic longest path in a tree
    edges = [(f"c{rng.randrange(i + 1)}", f"c{i + 1}", w) for i, w in enumerate(lengths)]
    check_against_exhaustive(edges, "blocks")


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(1, 8), min_size=2, max_size=9), st.lists(st.integers(1, 8), max_size=6),
       st.randoms(use_true_random=False))
def test_a_cycle_with_branches_goes_the_longer_way_round(ring, branches, rng):
    # one cycle (a block answered in closed form) with trees hanging on it
    n = len(ring)
    edges = [(f"r{i}", f"r{(i + 1) % n}", w) for i, w in enumerate(ring)]
    cities = [f"r{i}" for i in range(n)]
    for j, w in enumerate(branches):
        edges.append((rng.choice(cities), f"b{j}", w))
        cities.append(f"b{j}")
    check_against_exhaustive(edges, "blocks")


def test_several_pieces_keep_the_best_piece_and_name_its_routes():
    edges = [("A", "B", 1), ("B", "C", 1), ("C", "A", 1), ("C", "X", 1),   # piece 1: 4
             ("D", "E", 3), ("E", "F", 3), ("E", "G", 1)]                   # piece 2: 6
    trail = longest_route(edges, method="blocks")
    assert trail.length == 6 and set(trail.edge_indices) == {4, 5}
    assert longest_route_stats(edges, method="blocks")["components"] == 2


def test_a_loop_on_a_single_city_piece_is_a_trail_of_its_own():
    edges = [("A", "A", 7), ("B", "C", 1), ("C", "D", 1), ("C", "E", 1)]
    trail = longest_route(edges, method="blocks")
    assert (trail.length, trail.cities) == (7, ("A", "A"))


def test_cities_may_be_any_hashable_names():
    edges = [(1, 2, 3), (2, (3, "x"), 4), ((3, "x"), 1, 5), (2, frozenset({9}), 2)]
    check_against_exhaustive(edges, "auto")
    assert longest_route(edges).length == 14


def test_a_network_bigger_than_the_blocks_limit_is_left_to_the_searches():
    # a long cycle of short routes with a spoke at every city: over BLOCKS_MAX_EDGES routes
    n = BLOCKS_MAX_EDGES // 2 + 1
    edges = [(i, (i + 1) % n, 1) for i in range(n)] + [(i, f"spoke{i}", 1 + i % 3) for i in range(n)]
    stats = longest_route_stats(edges)
    assert all(s["method"] != "blocks" for s in stats["searches"])
    assert longest_route_length(edges) == longest_route_length(edges, method="blocks")


def test_hostile_input_is_refused_not_crashed_on():
    for bad in ([("A", "B", 0)], [("A", "B", 1.5)], [("A", None, 1)], [(["A"], "B", 1)], "A-B-1"):
        with pytest.raises(MapError):
            longest_route(bad, method="blocks")


# -- one block against brute force over its route sets -------------------------------------
def best_inside(net, block, u, v):
    """Independent of the package: the heaviest route set of the block that is connected,
    touches u (or is empty when u == v) and has exactly u and v as odd cities (none when
    u == v): a longest trail inside the block from u to v (fact 1)."""
    routes = list(bits(block.mask))
    best = 0 if u == v else None
    for k in range(1, len(routes) + 1):
        for chosen in itertools.combinations(routes, k):
            degree, adjacent = {}, {}
            for r in chosen:
                x, y, _ = net.ends(r)
                for a, b in ((x, y), (y, x)):
                    degree[a] = degree.get(a, 0) + 1
                    adjacent.setdefault(a, set()).add(b)
            if {c for c, d in degree.items() if d % 2} != ({u, v} - ({u} if u == v else set())):
                continue
            if u not in degree:
                continue
            seen, todo = {u}, [u]
            while todo:
                for b in adjacent[todo.pop()] - seen:
                    seen.add(b)
                    todo.append(b)
            if seen != set(degree):
                continue
            length = sum(net.ends(r)[2] for r in chosen)
            best = length if best is None else max(best, length)
    return best


def blocks_of(edges):
    net = IntNetwork(edges)
    return net, cut_into_blocks(net)


block_networks = st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5), st.integers(1, 5)),
                          min_size=5, max_size=10).map(lambda es: [e for e in es if e[0] != e[1]])


@settings(max_examples=120, deadline=None)
@given(block_networks)
def test_every_way_of_answering_a_block_matches_brute_force(edges):
    net, blocks = blocks_of(edges)
    for block in blocks:
        for u, v in itertools.combinations_with_replacement(block.cities, 2):
            expected = best_inside(net, block, u, v)
            for answer in (block.between, block.by_cycle_space, block.fallback):
                length, routes = answer(u, v)
                assert length == expected, (answer.__name__, u, v, edges)
                assert sum(net.ends(r)[2] for r in bits(routes)) == length
                assert routes & ~block.mask == 0
            # the parity bound is a bound; when it answers, it answers right
            assert block.total - block.parity(u, v)[0] >= expected
            assert block.optimistic(u, v) >= expected
            got = block.by_parity(u, v)
            assert got is None or got[0] == expected


def test_a_block_with_too_many_odd_cities_to_pair_is_searched_whole():
    # K10: one block, ten odd cities (more than PAIRING_MAX): its branches hang on it as
    # dead ends and one search answers; the same length as the other exact methods
    k10 = [(f"c{a}", f"c{b}", 1 + (a * b) % 4) for a in range(10) for b in range(a + 1, 10)]
    edges = k10 + [("c0", "tail", 3), ("tail", "end", 2), ("c5", "spur", 1)]
    stats = longest_route_stats(edges, method="blocks")
    assert stats["searches"][0]["fallbacks"] == 1
    trail = longest_route(edges, method="blocks")
    assert_is_trail(edges, trail)
    assert trail.length == longest_route_length(edges, method="removal")
    assert trail.cities[0] == "end" or trail.cities[-1] == "end"
