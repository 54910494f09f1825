"""Union-find, breadth-first search and Dijkstra step by step: the traces lessons replay."""
import networkx as nx
import pytest

from ttr_teach.algorithms.graphs import map_graph
from ttr_teach.algorithms.stepwise import (
    UnionFind,
    bfs_steps,
    dijkstra_steps,
    path_from_parents,
    tickets_completed,
)
from ttr_teach.engine.errors import MapError
from ttr_teach.engine.maps import load_map


# -- union-find -------------------------------------------------------------------------------
def test_union_find_joins_groups_and_reports_each_merge():
    uf = UnionFind("abcd")
    assert uf.union("a", "b") is True
    assert uf.union("c", "a") is True     # c (alone) joins the larger group led by a
    assert uf.union("b", "c") is False    # already together
    assert [s["merged"] for s in uf.steps] == [True, True, False]
    assert uf.steps[1]["root"] == "a" and uf.steps[1]["absorbed"] == "c"
    assert "already connected" in uf.steps[2]["message"]
    assert uf.groups() == [["a", "b", "c"], ["d"]]


def test_union_find_find_records_the_path_and_compresses_it():
    uf = UnionFind()
    uf.parent.update({"x": "y", "y": "z", "z": "z"})
    uf.size.update({"x": 1, "y": 2, "z": 3})
    assert uf.find("x") == "z"
    assert uf.steps[-1]["path"] == ["x", "y", "z"]
    assert uf.parent["x"] == "z"
    uf.find("x")
    assert uf.steps[-1]["path"] == ["x", "z"]


def test_a_ticket_is_complete_when_its_cities_are_in_one_group():
    routes = [("Paris", "Bruxelles"), ("Bruxelles", "Amsterdam"), ("Wien", "Budapest")]
    done = tickets_completed("europe", routes, [("Paris", "Amsterdam"), ("Paris", "Wien"), ("Budapest", "Wien")])
    assert done["completed"] == [True, False, True]
    unions = [s for s in done["union_find"].steps if s["op"] == "union"]
    assert len(unions) == 3 and all(s["merged"] for s in unions)


def test_tickets_completed_accepts_route_and_ticket_objects_and_aliases():
    m = load_map("europe")
    done = tickets_completed(m, [m.route("Edinburgh", "London", "black")], [m.ticket("Edinburgh", "Paris"),
                                                                          ("edinburgh", "london")])
    assert done["completed"] == [False, True]


# -- breadth-first search ---------------------------------------------------------------------
def test_bfs_visits_cities_in_order_of_hops():
    steps = list(bfs_steps("europe", "Lisboa"))
    assert [s["city"] for s in steps[:3]] == ["Lisboa", "Cadiz", "Madrid"]
    assert len(steps) == 47
    hops = {s["city"]: s["hops"] for s in steps}
    assert hops == nx.single_source_shortest_path_length(map_graph("europe"), "Lisboa")
    assert all(a["hops"] <= b["hops"] for a, b in zip(steps, steps[1:], strict=False))


def test_bfs_stops_at_the_target_and_the_parents_give_the_path():
    steps = list(bfs_steps("europe", "lisboa", target="Barcelona"))
    assert steps[-1]["city"] == "Barcelona" and steps[-1]["hops"] == 2
    assert path_from_parents(steps[-1]["parent"], "Barcelona") == ["Lisboa", "Madrid", "Barcelona"]


def test_bfs_runs_on_any_networkx_graph():
    g = nx.Graph([(1, 2), (2, 3), (1, 4)])
    assert [s["city"] for s in bfs_steps(g, 1)] == [1, 2, 4, 3]
    with pytest.raises(MapError, match="not a node"):
        next(bfs_steps(g, 9))


# -- Dijkstra ---------------------------------------------------------------------------------
def test_dijkstra_settles_palermo_brindisi_then_roma():
    steps = list(dijkstra_steps("europe", "Palermo", target="Roma"))
    assert [(s["city"], s["distance"]) for s in steps] == [("Palermo", 0), ("Brindisi", 3), ("Roma", 4)]
    first = {r["city"]: r["new"] for r in steps[0]["relaxed"]}
    assert first == {"Brindisi": 3, "Roma": 4, "Smyrna": 6}
    # from Brindisi, Roma would cost 3 + 2 = 5 > 4: no improvement
    roma = next(r for r in steps[1]["relaxed"] if r["city"] == "Roma")
    assert (roma["old"], roma["new"], roma["improved"]) == (4, 5, False)


@pytest.mark.parametrize("name, source", [("europe", "Lisboa"), ("usa", "Miami")])
def test_dijkstra_trace_agrees_with_networkx(name, source):
    steps = list(dijkstra_steps(name, source))
    settled = steps[-1]["settled"]
    assert settled == nx.single_source_dijkstra_path_length(map_graph(name), source)
    distances = [s["distance"] for s in steps]
    assert distances == sorted(distances)


def test_dijkstra_on_a_multigraph_uses_the_lighter_parallel_edge():
    g = nx.MultiGraph()
    g.add_edge("a", "b", weight=5)
    g.add_edge("a", "b", weight=2)
    assert list(dijkstra_steps(g, "a"))[-1]["settled"] == {"a": 0, "b": 2}


# -- breadth-first search ---------------------------------------------------------------------
def test_bfs_messages_count_routes_in_words():
    # Lisboa's neighbours Cádiz and Madrid are 1 route away; Barcelona (next to Madrid) 2
    messages = [s["message"] for s in bfs_steps("europe", "Lisboa", target="Barcelona")]
    assert messages[1] == "take Cádiz (1 route from Lisboa); nothing new"
    assert messages[-1].startswith("take Barcelona (2 routes from Lisboa)")
