"""The map as a graph: cities are nodes, routes are edges weighted by their length in trains.

Two views of a map: :func:`map_multigraph` keeps every route (a double route is two parallel
edges) and :func:`map_graph` keeps one edge per pair of neighbouring cities (the two halves of
a double route have the same length). On them: degrees and hubs (:func:`degree_table`,
:func:`hubs`), the places where the map can be cut (:func:`bridges`,
:func:`articulation_cities`, :func:`chokepoints`) and distances in trains
(:func:`shortest_path`, :func:`shortest_distances`, :func:`ticket_table`).

Every function takes the map as ``map``: ``"europe"``, ``"usa"`` or a loaded
:class:`~ttr_teach.engine.maps.Map`. The step-by-step versions of the searches, for lessons,
are in :mod:`ttr_teach.algorithms.stepwise`.

>>> shortest_path("europe", "Lisboa", "Moskva").trains
28
>>> articulation_cities("usa")
[]
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import networkx as nx

from ..engine.maps import Map, load_map


def _name(m: Map, city: str) -> str:
    return m.cities[city].name if city in m.cities else str(city)


# -- the two graph views ------------------------------------------------------------------------
def map_multigraph(map: str | Map) -> nx.MultiGraph:
    """Every route of the map as an edge of a multigraph.

    Parameters
    ----------
    map : str or Map
        ``"europe"``, ``"usa"`` or a loaded :class:`~ttr_teach.engine.maps.Map`.

    Returns
    -------
    networkx.MultiGraph
        A fresh graph (a lesson may change it freely): nodes are city ids; each route is an
        edge keyed by its route index, with ``weight`` = its length in trains and the
        :class:`~ttr_teach.engine.maps.Route` as ``route``.

    Notes
    -----
    O(V + E) to build.

    References
    ----------
    .. [1] A. Hagberg, D. Schult and P. Swart, "Exploring network structure, dynamics, and
       function using NetworkX", Proc. SciPy 2008, 11-15 (the graph classes used here).

    Examples
    --------
    >>> g = map_multigraph("europe")
    >>> g.number_of_nodes(), g.number_of_edges()
    (47, 101)
    """
    return load_map(map).graph()


@cache
def _simple_graph(m: Map) -> nx.Graph:
    """The map's graph with one edge per pair of cities, built once per map (read only)."""
    g = nx.Graph(name=m.name)
    for c in m.cities.values():
        g.add_node(c.id, name=c.name, pos=(c.x, c.y))
    for r in m.routes:
        if g.has_edge(r.a, r.b):
            data = g.edges[r.a, r.b]
            data["routes"] = data["routes"] + (r,)
            if r.length < data["weight"]:
                data.update(weight=r.length, length=r.length)
        else:
            g.add_edge(r.a, r.b, weight=r.length, length=r.length, routes=(r,))
    return g


def map_graph(map: str | Map) -> nx.Graph:
    """The map as a simple graph: one edge per pair of neighbouring cities.

    Parameters
    ----------
    map : str or Map
        ``"europe"``, ``"usa"`` or a loaded :class:`~ttr_teach.engine.maps.Map`.

    Returns
    -------
    networkx.Graph
        A fresh copy: nodes are city ids (with ``name`` and ``pos``); each edge has ``weight``
        (the shortest route's length), ``length`` (the same) and ``routes``, the tuple of
        :class:`~ttr_teach.engine.maps.Route` joining the two cities (two for a double route).

    Notes
    -----
    Built once per map in O(V + E), then copied in O(V + E) for each call.

    References
    ----------
    .. [1] R. Diestel, *Graph Theory*, 5th ed., Springer, 2017, section 1.10 (multigraphs
       and the simple graph underlying them).

    Examples
    --------
    >>> g = map_graph("europe")
    >>> g.number_of_edges(), len(g.edges["Paris", "Frankfurt"]["routes"])
    (90, 2)
    """
    return _simple_graph(load_map(map)).copy()


# -- degrees and hubs ---------------------------------------------------------------------------
def degree_table(map: str | Map) -> list:
    """For every city: how many routes leave it and how many neighbouring cities it has.

    Parameters
    ----------
    map : str or Map
        ``"europe"``, ``"usa"`` or a loaded :class:`~ttr_teach.engine.maps.Map`.

    Returns
    -------
    list of dict
        Rows ``{"city", "routes", "neighbours"}``: ``routes`` is the city's degree in the
        multigraph, ``neighbours`` its degree in the simple graph. Sorted by routes, then
        neighbours (most first), then city.

    Notes
    -----
    O(V + E), then O(V log V) to sort.

    References
    ----------
    .. [1] M. E. J. Newman, *Networks*, 2nd ed., Oxford University Press, 2018 (degree).

    Examples
    --------
    >>> degree_table("europe")[0]
    {'city': 'Paris', 'routes': 10, 'neighbours': 7}
    """
    m = load_map(map)
    multi, simple = map_multigraph(m), _simple_graph(m)
    rows = [{"city": c, "routes": multi.degree(c), "neighbours": simple.degree(c)} for c in m.cities]
    return sorted(rows, key=lambda r: (-r["routes"], -r["neighbours"], r["city"]))


def hubs(map: str | Map, top: int = 5) -> list:
    """The cities with the most routes.

    Parameters
    ----------
    map : str or Map
        ``"europe"``, ``"usa"`` or a loaded :class:`~ttr_teach.engine.maps.Map`.
    top : int, default 5
        How many cities.

    Returns
    -------
    list of dict
        The first ``top`` rows of :func:`degree_table` (ties broken by neighbours, then name).

    Notes
    -----
    O(V log V + E).

    References
    ----------
    .. [1] A.-L. Barabási, *Network Science*, Cambridge University Press, 2016, chapter 4
       (hubs).

    Examples
    --------
    >>> [row["city"] for row in hubs("usa", 3)]
    ['Denver', 'Pittsburgh', 'Oklahoma City']
    """
    return degree_table(map)[:top]


# -- where the map can be cut -------------------------------------------------------------------
def bridges(map: str | Map, parallel_routes_count: bool = False) -> list:
    """The city pairs whose loss cuts the map in two: the bridges of its graph.

    Parameters
    ----------
    map : str or Map
        ``"europe"``, ``"usa"`` or a loaded :class:`~ttr_teach.engine.maps.Map`.
    parallel_routes_count : bool, default False
        By default a double route is one edge, as in a 2-3 player game where only one of its
        routes can be claimed; with True it is two edges, and so never a bridge.

    Returns
    -------
    list of tuple
        Sorted ``(a, b)`` city pairs, each pair sorted.

    Notes
    -----
    O(V + E) by chain decomposition (:func:`networkx.bridges`).

    References
    ----------
    .. [1] R. E. Tarjan, "A note on finding the bridges of a graph", Information Processing
       Letters 2 (1974) 160-161.
    .. [2] J. M. Schmidt, "A simple test on 2-vertex- and 2-edge-connectivity", Information
       Processing Letters 113 (2013) 241-244.

    Examples
    --------
    >>> bridges("europe")
    [('Edinburgh', 'London')]
    >>> bridges("europe", parallel_routes_count=True)   # London–Edinburgh is a double route
    []
    """
    m = load_map(map)
    g = map_multigraph(m) if parallel_routes_count else _simple_graph(m)
    return sorted(tuple(sorted(e)) for e in nx.bridges(g))


def articulation_cities(map: str | Map) -> list:
    """The cities whose removal splits the map: its articulation points (cut vertices).

    Parameters
    ----------
    map : str or Map
        ``"europe"``, ``"usa"`` or a loaded :class:`~ttr_teach.engine.maps.Map`.

    Returns
    -------
    list of str
        City ids, sorted.

    Notes
    -----
    O(V + E) by one depth-first search (:func:`networkx.articulation_points`).

    References
    ----------
    .. [1] J. Hopcroft and R. Tarjan, "Algorithm 447: efficient algorithms for graph
       manipulation", Communications of the ACM 16 (1973) 372-378.

    Examples
    --------
    >>> articulation_cities("europe")
    ['London', 'Madrid']
    """
    return sorted(nx.articulation_points(_simple_graph(load_map(map))))


def chokepoints(map: str | Map) -> list:
    """Each articulation city with the sizes of the pieces the map falls into without it.

    Parameters
    ----------
    map : str or Map
        ``"europe"``, ``"usa"`` or a loaded :class:`~ttr_teach.engine.maps.Map`.

    Returns
    -------
    list of dict
        ``{"city", "pieces"}`` per :func:`articulation_cities` city, ``pieces`` the numbers
        of cities in each piece, largest first (losing London cuts off only Edinburgh).

    Notes
    -----
    O(A (V + E)) for A articulation cities: one connected-components pass per city.

    References
    ----------
    .. [1] Hopcroft and Tarjan (1973), see :func:`articulation_cities`.

    Examples
    --------
    >>> chokepoints("europe")[0]
    {'city': 'London', 'pieces': [45, 1]}
    """
    g = _simple_graph(load_map(map))
    out = []
    for city in articulation_cities(map):
        rest = g.subgraph(n for n in g if n != city)
        pieces = sorted((len(c) for c in nx.connected_components(rest)), reverse=True)
        out.append({"city": city, "pieces": pieces})
    return out


# -- distances in trains ------------------------------------------------------------------------
@dataclass(frozen=True)
class TrainPath:
    """A path of routes: its ``trains`` (total length), the ``cities`` along it and its
    ``routes`` (:class:`~ttr_teach.engine.maps.Route` objects, one per step)."""

    trains: int
    cities: tuple
    routes: tuple

    def to_dict(self) -> dict:
        """``{"trains", "cities", "routes"}`` in plain JSON types, routes as ``[a, b, length, colour]``."""
        return {"trains": self.trains, "cities": list(self.cities),
                "routes": [[r.a, r.b, r.length, r.color] for r in self.routes]}


def shortest_path(map: str | Map, a: str, b: str) -> TrainPath:
    """The fewest trains joining two cities, and one way to do it.

    Parameters
    ----------
    map : str or Map
        ``"europe"``, ``"usa"`` or a loaded :class:`~ttr_teach.engine.maps.Map`.
    a, b : str
        The two cities (ids, board names or aliases).

    Returns
    -------
    TrainPath
        ``trains`` (the total length), ``cities`` (along the path) and ``routes``
        (:class:`~ttr_teach.engine.maps.Route` objects; for a double route the first half,
        either would do).

    Raises
    ------
    MapError
        If a city is not on the map.

    Notes
    -----
    O((V + E) log V): Dijkstra's algorithm with a binary heap
    (:func:`networkx.single_source_dijkstra`) on :func:`map_graph`.

    References
    ----------
    .. [1] E. W. Dijkstra, "A note on two problems in connexion with graphs", Numerische
       Mathematik 1 (1959) 269-271.

    Examples
    --------
    >>> p = shortest_path("europe", "Paris", "Wien")
    >>> p.trains, p.cities
    (8, ('Paris', 'Frankfurt', 'Munchen', 'Wien'))
    """
    m = load_map(map)
    g = _simple_graph(m)
    a, b = m.city_id(a), m.city_id(b)
    trains, cities = nx.single_source_dijkstra(g, a, b, weight="weight")
    routes = tuple(g.edges[u, v]["routes"][0] for u, v in zip(cities, cities[1:], strict=False))
    return TrainPath(int(trains), tuple(cities), routes)


def shortest_distances(map: str | Map, source: str) -> dict:
    """The fewest trains from one city to every city.

    Parameters
    ----------
    map : str or Map
        ``"europe"``, ``"usa"`` or a loaded :class:`~ttr_teach.engine.maps.Map`.
    source : str
        The city to measure from.

    Returns
    -------
    dict
        ``{city id: trains}`` for every city (``source`` at 0).

    Notes
    -----
    O((V + E) log V) (:func:`networkx.single_source_dijkstra_path_length`).

    References
    ----------
    .. [1] Dijkstra (1959), see :func:`shortest_path`.

    Examples
    --------
    >>> shortest_distances("usa", "Miami")["Atlanta"]
    5
    """
    m = load_map(map)
    return dict(nx.single_source_dijkstra_path_length(_simple_graph(m), m.city_id(source)))


def ticket_table(map: str | Map) -> list:
    """Every ticket with its points, the fewest trains that complete it, and points per train.

    Parameters
    ----------
    map : str or Map
        ``"europe"``, ``"usa"`` or a loaded :class:`~ttr_teach.engine.maps.Map`.

    Returns
    -------
    list of dict
        Rows ``{"ticket", "a", "b", "points", "long", "trains", "points_per_train", "path"}``
        in the map's order: ``ticket`` in words, ``points_per_train`` a float, ``path`` the
        cities of one shortest path.

    Notes
    -----
    O(T (V + E) log V) for T tickets: one Dijkstra search per ticket.

    References
    ----------
    .. [1] Dijkstra (1959), see :func:`shortest_path`.

    Examples
    --------
    >>> row = ticket_table("usa")[0]
    >>> row["ticket"], row["points"], row["trains"]
    ('Denver–El Paso', 4, 4)
    """
    m = load_map(map)
    g = _simple_graph(m)
    rows = []
    for t in m.tickets:
        trains, path = nx.single_source_dijkstra(g, t.a, t.b, weight="weight")
        rows.append({"ticket": f"{_name(m, t.a)}–{_name(m, t.b)}", "a": t.a, "b": t.b,
                     "points": t.points, "long": t.long, "trains": trains,
                     "points_per_train": t.points / trains, "path": path})
    return rows
