"""Lesson 12, the step before the lesson's own: a Hamiltonian circuit question about a cubic
graph G becomes a Hamiltonian path question about a cubic graph H (:func:`path_instance`). Every
city of H has 3 routes and H is planar when G is; G has a Hamiltonian circuit exactly when H has
a Hamiltonian path, on every cubic graph up to 10 cities (both found by search); both directions
of the proof, as functions, give what they promise; the path search with its shortcuts answers
as the lesson's plain one does."""
import itertools

import networkx as nx
import pytest

from ttr_teach.course.lessons import graphs as lesson

SIZES = (4, 6, 8, 10)


def every_instance(n):
    """Every cubic graph on n cities with its instances: at every city and each choice of the
    route that carries a gadget up to 8 cities, at the first city and its default beyond."""
    for g in lesson.cubic_graphs(n):
        if n <= 8:
            yield from ((g, lesson.path_instance(g, w, c)) for w in g for c in g[w])
        else:
            yield g, lesson.path_instance(g)


@pytest.mark.parametrize("n", SIZES)
def test_every_city_keeps_3_routes_and_a_planar_graph_stays_planar(n):
    for g, h in every_instance(n):
        assert lesson.keeps_three_routes(h)
        assert h.graph.number_of_nodes() == n + 14 and h.graph.number_of_edges() == 3 * (n + 14) // 2
        assert nx.check_planarity(h.graph)[0] == nx.check_planarity(g)[0]


@pytest.mark.parametrize("n", SIZES)
def test_a_hamiltonian_circuit_exists_exactly_when_the_instance_has_a_hamiltonian_path(n):
    for g, h in every_instance(n):
        circuit = lesson.hamiltonian_circuit(g)
        path = lesson.hamiltonian_path_of(h.graph)
        assert (circuit is None) == (path is None)
        if circuit is not None:
            assert lesson.is_hamiltonian_circuit(g, circuit)
            assert lesson.is_hamiltonian_path(h.graph, path)
            made = lesson.path_from_circuit(h, circuit)
            assert lesson.is_hamiltonian_path(h.graph, made)
            assert lesson.is_hamiltonian_circuit(g, lesson.circuit_from_path(h, path))


def has_circuit_by_every_order(g):
    """Whether some order of the cities (the first fixed) is a Hamiltonian circuit."""
    first, *rest = g.nodes
    return any(lesson.is_hamiltonian_circuit(g, [first, *order]) for order in itertools.permutations(rest))


def test_the_circuit_search_and_the_path_search_agree_with_plain_searches():
    for n in SIZES:
        for g in lesson.cubic_graphs(n):
            assert (lesson.hamiltonian_path_of(g) is None) == (lesson.hamiltonian_path(g) is None)
            if n <= 8:
                assert (lesson.hamiltonian_circuit(g) is not None) == has_circuit_by_every_order(g)
    for g in lesson.cubic_graphs(6):
        h = lesson.path_instance(g).graph
        assert (lesson.hamiltonian_path_of(h) is None) == (lesson.hamiltonian_path(h) is None)


def test_the_path_ends_inside_both_gadgets():
    g = lesson.connected_cubic_graphs(6)[0]
    h = lesson.path_instance(g)
    path = lesson.hamiltonian_path_of(h.graph)
    ends = {path[0], path[-1]}
    assert all(len(ends & set(gadget)) == 1 for gadget in h.gadgets)


def test_the_table_agrees_on_every_graph_and_the_drawing_is_made():
    table = lesson.circuit_table((4, 6, 8))
    assert [r["graphs"] for r in table.rows] == [1, 2, 6]
    assert all(r["both agree"] == r["graphs"] for r in table.rows)
    assert [r["Hamiltonian circuit in G"] for r in table.rows] == [1, 2, 5]
    fig = lesson.plot_circuit_to_path(lesson.connected_cubic_graphs(6)[0])
    assert len(fig.axes) == 2
    with pytest.raises(ValueError):
        lesson.plot_circuit_to_path(nx.petersen_graph())
