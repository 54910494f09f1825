"""The map as a graph: expected values come from reading the printed maps by hand."""
import networkx as nx
import pytest

from ttr_teach.engine.errors import MapError
from ttr_teach.algorithms.graphs import (
    UnionFind, articulation_cities, bfs_steps, bridges, chokepoints, degree_table, dijkstra_steps,
    hubs, map_graph, map_multigraph, path_from_parents, shortest_distances, shortest_path,
    ticket_table, tickets_completed,
)
from ttr_teach.engine.maps import load_map


def test_multigraph_keeps_every_route_and_graph_one_edge_per_city_pair():
    assert (map_multigraph("europe").number_of_edges(), map_graph("europe").number_of_edges()) == (101, 90)
    assert (map_multigraph("usa").number_of_edges(), map_graph("usa").number_of_edges()) == (100, 78)


def test_simple_graph_edge_of_a_double_route_lists_both_routes():
    edge = map_graph("europe").edges["Frankfurt", "Paris"]
    assert edge["weight"] == 3
    assert sorted(r.color for r in edge["routes"]) == ["orange", "white"]


def test_map_graph_is_a_fresh_copy():
    g = map_graph("europe")
    g.remove_node("Paris")
    assert "Paris" in map_graph("europe")


def test_paris_has_10_routes_to_7_cities():
    # Brest, Bruxelles (x2), Dieppe, Frankfurt (x2), Marseille, Pamplona (x2), Zurich
    row = next(r for r in degree_table("europe") if r["city"] == "Paris")
    assert row == {"city": "Paris", "routes": 10, "neighbours": 7}


def test_hubs_are_the_cities_with_most_routes():
    assert hubs("europe", 1)[0]["city"] == "Paris"
    # USA: Denver and Pittsburgh both have 9 routes to 7 cities
    assert [h["city"] for h in hubs("usa", 2)] == ["Denver", "Pittsburgh"]


def test_edinburgh_london_is_the_only_bridge_of_europe():
    assert bridges("europe") == [("Edinburgh", "London")]


def test_a_double_route_is_no_bridge_when_both_halves_count():
    assert bridges("europe", parallel_routes_count=True) == []


def test_usa_has_no_bridge_and_no_articulation_city():
    assert bridges("usa") == [] and articulation_cities("usa") == []


def test_london_and_madrid_are_the_chokepoint_cities_of_europe():
    # without London, Edinburgh is alone; without Madrid, Lisboa and Cadiz are cut off
    assert articulation_cities("europe") == ["London", "Madrid"]
    assert chokepoints("europe") == [{"city": "London", "pieces": [45, 1]},
                                     {"city": "Madrid", "pieces": [44, 2]}]


# -- union-find ---------------------------------------------------------------------------------
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


# -- breadth-first search -----------------------------------------------------------------------
def test_bfs_visits_cities_in_order_of_hops():
    steps = list(bfs_steps("europe", "Lisboa"))
    assert [s["city"] for s in steps[:3]] == ["Lisboa", "Cadiz", "Madrid"]
    assert len(steps) == 47
    hops = {s["city"]: s["hops"] for s in steps}
    assert hops == nx.single_source_shortest_path_length(map_graph("europe"), "Lisboa")
    assert all(a["hops"] <= b["hops"] for a, b in zip(steps, steps[1:]))


def test_bfs_stops_at_the_target_and_the_parents_give_the_path():
    steps = list(bfs_steps("europe", "lisboa", target="Barcelona"))
    assert steps[-1]["city"] == "Barcelona" and steps[-1]["hops"] == 2
    assert path_from_parents(steps[-1]["parent"], "Barcelona") == ["Lisboa", "Madrid", "Barcelona"]


def test_bfs_runs_on_any_networkx_graph():
    g = nx.Graph([(1, 2), (2, 3), (1, 4)])
    assert [s["city"] for s in bfs_steps(g, 1)] == [1, 2, 4, 3]
    with pytest.raises(MapError, match="not a node"):
        next(bfs_steps(g, 9))


# -- shortest paths -----------------------------------------------------------------------------
def test_paris_to_wien_takes_8_trains():
    # Paris–Frankfurt 3 + Frankfurt–Munchen 2 + Munchen–Wien 3 (or via Zurich: 3 + 2 + 3)
    p = shortest_path("europe", "Paris", "Wien")
    assert p["trains"] == 8
    assert sum(r.length for r in p["routes"]) == 8
    assert p["cities"][0] == "Paris" and p["cities"][-1] == "Wien"


def test_edinburgh_to_paris_takes_7_trains():
    # Edinburgh–London 4 + London–Dieppe 2 + Dieppe–Paris 1
    assert shortest_path("europe", "Edinburgh", "Paris")["cities"] == ["Edinburgh", "London", "Dieppe", "Paris"]
    assert shortest_distances("europe", "Edinburgh")["Paris"] == 7


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


def test_unknown_city_is_refused():
    with pytest.raises(MapError, match="no city called 'Atlantis'"):
        shortest_path("europe", "Paris", "Atlantis")


# -- tickets against distances ------------------------------------------------------------------
def test_ticket_table_lists_every_ticket_with_its_shortest_distance():
    europe = ticket_table("europe")
    assert len(europe) == 46 and len(ticket_table("usa")) == 30
    row = next(r for r in europe if {r["a"], r["b"]} == {"Edinburgh", "Paris"})
    assert (row["points"], row["trains"], row["points_per_train"]) == (7, 7, 1.0)
    row = next(r for r in ticket_table("usa") if {r["a"], r["b"]} == {"Denver", "El Paso"})
    assert (row["points"], row["trains"]) == (4, 4)       # Denver–Santa Fe 2 + Santa Fe–El Paso 2
    assert all(r["trains"] > 0 and r["points_per_train"] == r["points"] / r["trains"] for r in europe)


def test_bfs_messages_count_routes_in_words():
    # Lisboa's neighbours Cádiz and Madrid are 1 route away; Barcelona (next to Madrid) 2
    messages = [s["message"] for s in bfs_steps("europe", "Lisboa", target="Barcelona")]
    assert messages[1] == "take Cádiz (1 route from Lisboa); nothing new"
    assert messages[-1].startswith("take Barcelona (2 routes from Lisboa)")
