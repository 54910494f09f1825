"""The engine's one union-find (ttr_teach.engine.unionfind), against networkx's connected
components on random networks."""
import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from ttr_teach.engine.unionfind import UnionFind


def test_a_new_element_is_a_set_of_its_own():
    uf = UnionFind(["Paris"])
    assert uf.find("Paris") == "Paris" and "Paris" in uf and len(uf) == 1
    assert uf.find("Wien") == "Wien" and len(uf) == 2      # named once: added


def test_union_says_whether_it_joined_two_sets():
    uf = UnionFind()
    assert uf.union("A", "B") is True
    assert uf.union("B", "A") is False
    assert uf.connected("A", "B") and not uf.connected("A", "C")


def test_groups_keep_the_order_elements_came_in():
    uf = UnionFind("abcde")
    uf.union("e", "a")
    uf.union("c", "d")
    assert uf.groups() == [["a", "e"], ["b"], ["c", "d"]]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 30), st.integers(0, 30)), max_size=60))
def test_sets_are_the_connected_pieces_of_the_pairs_joined(pairs):
    uf = UnionFind()
    g = nx.Graph()
    for a, b in pairs:
        uf.union(a, b)
        g.add_edge(a, b)
    assert sorted(sorted(s) for s in uf.groups()) == sorted(sorted(c) for c in nx.connected_components(g))
    for a, b in pairs:
        assert uf.connected(a, b)
