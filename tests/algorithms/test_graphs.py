"""The map as a graph: expected values come from reading the printed maps by hand."""
import pytest

import ttr_teach
from ttr_teach.algorithms.graphs import (
    articulation_cities,
    bridges,
    chokepoints,
    degree_table,
    hubs,
    map_graph,
    map_multigraph,
    shortest_distances,
    shortest_path,
    ticket_table,
)
from ttr_teach.engine.errors import MapError


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


# -- where the map can be cut -----------------------------------------------------------------
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


# -- distances in trains ----------------------------------------------------------------------
def test_paris_to_wien_takes_8_trains():
    # Paris–Frankfurt 3 + Frankfurt–Munchen 2 + Munchen–Wien 3 (or via Zurich: 3 + 2 + 3)
    p = shortest_path("europe", "Paris", "Wien")
    assert p.trains == 8
    assert sum(r.length for r in p.routes) == 8
    assert p.cities[0] == "Paris" and p.cities[-1] == "Wien"
    assert p.to_dict() == {"trains": 8, "cities": list(p.cities), "routes": [[r.a, r.b, r.length, r.color]
                                                                             for r in p.routes]}


def test_edinburgh_to_paris_takes_7_trains():
    # Edinburgh–London 4 + London–Dieppe 2 + Dieppe–Paris 1
    assert shortest_path("europe", "Edinburgh", "Paris").cities == ("Edinburgh", "London", "Dieppe", "Paris")
    assert shortest_distances("europe", "Edinburgh")["Paris"] == 7


def test_unknown_city_is_refused():
    with pytest.raises(MapError, match="no city called 'Atlantis'"):
        shortest_path("europe", "Paris", "Atlantis")


# -- tickets against distances ----------------------------------------------------------------
def test_ticket_table_lists_every_ticket_with_its_shortest_distance():
    europe = ticket_table("europe")
    assert len(europe) == 46 and len(ticket_table("usa")) == 30
    row = next(r for r in europe if {r["a"], r["b"]} == {"Edinburgh", "Paris"})
    assert (row["points"], row["trains"], row["points_per_train"]) == (7, 7, 1.0)
    row = next(r for r in ticket_table("usa") if {r["a"], r["b"]} == {"Denver", "El Paso"})
    assert (row["points"], row["trains"]) == (4, 4)       # Denver–Santa Fe 2 + Santa Fe–El Paso 2
    assert all(r["trains"] > 0 and r["points_per_train"] == r["points"] / r["trains"] for r in europe)




# -- names -------------------------------------------------------------------------------------
def test_every_algorithm_is_a_name_of_the_algorithms_package():
    """networkx style: ``ttr_teach.algorithms.bridges`` is ``ttr_teach.algorithms.graphs.bridges``."""
    import importlib

    from ttr_teach import algorithms

    for name, module in algorithms._PUBLIC.items():
        assert getattr(algorithms, name) is getattr(importlib.import_module(f"ttr_teach.algorithms.{module}"),
                                                    name), name
    assert "bridges" in dir(algorithms) and "UnionFind" in algorithms.__all__


@pytest.mark.parametrize("old", ["map_name", "map_or_name", "m"])
def test_the_map_parameter_is_map_and_has_no_second_keyword(old):
    assert hubs(map="usa") == hubs("usa") == hubs(ttr_teach.load_map("usa"))
    with pytest.raises(TypeError):
        hubs(**{old: "usa"})
