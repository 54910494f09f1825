"""Lesson 5's reduction, checked on small networks: in a network where every city has exactly
3 routes (a cubic graph) on n cities, all routes of length 1, no trail has more than n + 1
routes, and one has exactly n + 1 if and only if a path passes through every city once (a
Hamiltonian path). The Hamiltonian paths are found here by brute force over city subsets,
independently of the package."""
import itertools

import networkx as nx
import pytest

from ttr_teach.engine.longest import longest_route_length


def has_hamiltonian_path(g: nx.Graph) -> bool:
    """Held-Karp style: ends[S] = the cities a path through exactly the cities S can end at."""
    nodes = list(g)
    bit = {v: 1 << i for i, v in enumerate(nodes)}
    ends = {bit[v]: {v} for v in nodes}
    for size in range(2, len(nodes) + 1):
        for subset in itertools.combinations(nodes, size):
            s = sum(bit[v] for v in subset)
            ends[s] = {v for v in subset if any(u in ends.get(s - bit[v], ()) for u in g[v])}
    return bool(ends.get((1 << len(nodes)) - 1))


def blob_graph() -> nx.Graph:
    """A cubic graph with no Hamiltonian path: a centre city joined to three blobs (a K4 with
    one route split by a new city, which links to the centre). A path visits the centre
    once, so it can reach at most two of the three blobs."""
    g = nx.Graph()
    for i in range(3):
        a, b, c, d, w = (f"{i}{x}" for x in "abcdw")
        g.add_edges_from([(a, c), (a, d), (b, c), (b, d), (c, d), (w, a), (w, b), (w, "centre")])
    return g


CUBIC = ([nx.random_regular_graph(3, n, seed=seed) for n in (4, 6, 8, 10, 12) for seed in range(3)]
         + [nx.petersen_graph(), blob_graph(), nx.disjoint_union(nx.complete_graph(4), nx.complete_graph(4))])


@pytest.mark.parametrize("g", CUBIC, ids=lambda g: f"{g.number_of_nodes()} cities")
def test_a_cubic_network_has_a_trail_of_n_plus_1_routes_exactly_when_it_has_a_hamiltonian_path(g):
    assert all(d == 3 for _, d in g.degree())
    n = g.number_of_nodes()
    longest = longest_route_length([(u, v, 1) for u, v in g.edges])
    assert longest <= n + 1                      # at most two cities use 3 routes, the rest 2
    assert (longest == n + 1) == has_hamiltonian_path(g)


def test_the_examples_include_both_answers():
    # the test above would be weak if every example had a Hamiltonian path
    answers = {has_hamiltonian_path(g) for g in CUBIC}
    assert answers == {True, False}
    assert has_hamiltonian_path(nx.petersen_graph())     # a path, though famously no cycle
    assert not has_hamiltonian_path(blob_graph())
