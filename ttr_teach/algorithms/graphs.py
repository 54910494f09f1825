"""The map as a graph, for the graph-algorithm lessons.

Cities are nodes and routes are edges weighted by their length in trains. Two views:
:func:`map_multigraph` keeps every route (a double route is two parallel edges) and
:func:`map_graph` keeps one edge per pair of cities (the shortest; the two halves of a double
route have the same length). On top of them: degrees and hubs, bridges and articulation
cities (chokepoints), ticket completion by connectivity with a step-by-step
:class:`UnionFind` and a breadth-first search generator, shortest paths in trains with a
step-by-step Dijkstra, and the table of every ticket's points against its shortest distance.

The ``*_steps`` generators and :attr:`UnionFind.steps` yield plain dicts that a notebook can
animate one step at a time; each has a ``"message"`` sentence for the learner.

>>> shortest_path("europe", "Lisboa", "Moskva")["trains"]
28
>>> articulation_cities("usa")
[]
"""
from __future__ import annotations

import heapq
from collections import deque
from functools import lru_cache
from itertools import count

import networkx as nx

from ..engine.errors import MapError
from ..engine.maps import Map, load_map


def _map(map_or_name) -> Map:
    return load_map(map_or_name)


def _name(m: Map, city: str) -> str:
    return m.cities[city].name if city in m.cities else str(city)


# -- the two graph views ------------------------------------------------------------------------
def map_multigraph(map_or_name) -> nx.MultiGraph:
    """Every route as an edge (keyed by route index) with ``weight`` = length in trains.

    A fresh graph each call, so a lesson may change it freely.

    >>> g = map_multigraph("europe")
    >>> g.number_of_nodes(), g.number_of_edges()
    (47, 101)
    """
    return _map(map_or_name).graph()


@lru_cache(maxsize=None)
def _simple_graph(m: Map) -> nx.Graph:
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


def map_graph(map_or_name) -> nx.Graph:
    """One edge per pair of neighbouring cities, ``weight`` = the shortest route's length,
    ``routes`` = the tuple of :class:`~ttr_teach.engine.maps.Route` joining them (two for a
    double route). A fresh copy each call.

    >>> g = map_graph("europe")
    >>> g.number_of_edges(), len(g.edges["Paris", "Frankfurt"]["routes"])
    (90, 2)
    """
    return _simple_graph(_map(map_or_name)).copy()


def _graph(graph_or_map) -> nx.Graph:
    """A networkx graph given one, or the map's simple graph (shared: read only)."""
    if isinstance(graph_or_map, nx.Graph):
        return graph_or_map
    return _simple_graph(_map(graph_or_map))


def _node(g, graph_or_map, city):
    """``city`` as a node of ``g``: map city names go through the map's alias lookup."""
    if not isinstance(graph_or_map, nx.Graph):
        return _map(graph_or_map).city_id(city)
    if city not in g:
        raise MapError(f"{city!r} is not a node of the graph")
    return city


# -- degrees, hubs, chokepoints ------------------------------------------------------------------
def degree_table(map_or_name) -> list:
    """For every city: how many routes leave it and how many neighbouring cities it has.

    Rows ``{"city", "routes", "neighbours"}`` sorted by routes, then neighbours (most first),
    then city. Complexity O(V + E).

    >>> degree_table("europe")[0]
    {'city': 'Paris', 'routes': 10, 'neighbours': 7}
    """
    m = _map(map_or_name)
    multi, simple = map_multigraph(m), _simple_graph(m)
    rows = [{"city": c, "routes": multi.degree(c), "neighbours": simple.degree(c)} for c in m.cities]
    return sorted(rows, key=lambda r: (-r["routes"], -r["neighbours"], r["city"]))


def hubs(map_or_name, top: int = 5) -> list:
    """The ``top`` cities with the most routes (ties broken by neighbours, then name).

    >>> [row["city"] for row in hubs("usa", 3)]
    ['Denver', 'Pittsburgh', 'Oklahoma City']
    """
    return degree_table(map_or_name)[:top]


def bridges(map_or_name, parallel_routes_count: bool = False) -> list:
    """The city pairs whose loss cuts the map in two: the bridges of the graph.

    By default a double route is one edge, as in a 2-3 player game where only one of its
    routes can be claimed; with ``parallel_routes_count=True`` a double route is two edges
    and so never a bridge. Returns sorted ``(a, b)`` pairs (each pair sorted).

    Complexity O(V + E) (chain decomposition). Reference: R. E. Tarjan, "A note on finding
    the bridges of a graph", Information Processing Letters 2 (1974) 160-161;
    :func:`networkx.bridges`.

    >>> bridges("europe")
    [('Edinburgh', 'London')]
    >>> bridges("europe", parallel_routes_count=True)   # London–Edinburgh is a double route
    []
    """
    m = _map(map_or_name)
    g = map_multigraph(m) if parallel_routes_count else _simple_graph(m)
    return sorted(tuple(sorted(e)) for e in nx.bridges(g))


def articulation_cities(map_or_name) -> list:
    """Cities whose removal splits the map (articulation points, or cut vertices), sorted.

    Complexity O(V + E) (depth-first search). Reference: J. Hopcroft and R. Tarjan,
    "Algorithm 447: efficient algorithms for graph manipulation", CACM 16 (1973) 372-378;
    :func:`networkx.articulation_points`.

    >>> articulation_cities("europe")
    ['London', 'Madrid']
    """
    return sorted(nx.articulation_points(_simple_graph(_map(map_or_name))))


def chokepoints(map_or_name) -> list:
    """Each articulation city with the sizes of the pieces the map falls into without it
    (largest first), e.g. to show that losing London cuts off only Edinburgh.

    >>> chokepoints("europe")[0]
    {'city': 'London', 'pieces': [45, 1]}
    """
    g = _simple_graph(_map(map_or_name))
    out = []
    for city in articulation_cities(map_or_name):
        rest = g.subgraph(n for n in g if n != city)
        pieces = sorted((len(c) for c in nx.connected_components(rest)), reverse=True)
        out.append({"city": city, "pieces": pieces})
    return out


# -- union-find ---------------------------------------------------------------------------------
class UnionFind:
    """Disjoint sets with union by size and path compression, recording every operation.

    ``steps`` lists dicts a notebook can replay: ``{"op": "find", "element", "path", "root",
    "message"}`` and ``{"op": "union", "a", "b", "roots", "merged", "root", "absorbed",
    "message"}`` (``merged`` False when ``a`` and ``b`` were already together).

    Complexity: m operations on n elements take O(m α(n)) time (α the inverse Ackermann
    function). Reference: R. E. Tarjan, "Efficiency of a good but not linear set union
    algorithm", JACM 22 (1975) 215-225.

    >>> uf = UnionFind(["Paris", "Bruxelles", "Amsterdam", "Essen"])
    >>> uf.union("Paris", "Bruxelles"), uf.union("Bruxelles", "Amsterdam")
    (True, True)
    >>> uf.connected("Paris", "Amsterdam"), uf.connected("Paris", "Essen")
    (True, False)
    >>> uf.steps[1]["message"]
    'Bruxelles (group of 2) and Amsterdam (group of 1) join: Paris now leads a group of 3'
    >>> uf.groups()
    [['Amsterdam', 'Bruxelles', 'Paris'], ['Essen']]
    """

    def __init__(self, elements=(), names=None):
        self.parent = {}
        self.size = {}
        self.steps = []
        self._names = names or {}
        for e in elements:
            self.add(e)

    def _label(self, x):
        return self._names.get(x, str(x))

    def add(self, x):
        """Add ``x`` as a group of its own (nothing happens if it is already there)."""
        if x not in self.parent:
            self.parent[x] = x
            self.size[x] = 1

    def _find(self, x):
        self.add(x)
        path = [x]
        while self.parent[path[-1]] != path[-1]:
            path.append(self.parent[path[-1]])
        root = path[-1]
        for node in path[:-1]:
            self.parent[node] = root
        return root, path

    def find(self, x):
        """The leader (root) of ``x``'s group; the step records the path followed."""
        root, path = self._find(x)
        self.steps.append({"op": "find", "element": x, "path": path, "root": root,
                           "message": f"{self._label(x)} belongs to the group led by {self._label(root)}"
                                      + (f" (path {' -> '.join(map(self._label, path))})" if len(path) > 2 else "")})
        return root

    def union(self, a, b) -> bool:
        """Join the groups of ``a`` and ``b``; False if they were already one group."""
        ra, _ = self._find(a)
        rb, _ = self._find(b)
        step = {"op": "union", "a": a, "b": b, "roots": (ra, rb)}
        if ra == rb:
            step.update(merged=False, root=ra, absorbed=None,
                        message=f"{self._label(a)} and {self._label(b)} are already connected "
                                f"(both led by {self._label(ra)})")
            self.steps.append(step)
            return False
        sa, sb = self.size[ra], self.size[rb]
        root, absorbed = (ra, rb) if sa >= sb else (rb, ra)
        self.parent[absorbed] = root
        self.size[root] = sa + sb
        step.update(merged=True, root=root, absorbed=absorbed,
                    message=f"{self._label(a)} (group of {sa}) and {self._label(b)} (group of {sb}) "
                            f"join: {self._label(root)} now leads a group of {sa + sb}")
        self.steps.append(step)
        return True

    def connected(self, a, b) -> bool:
        """True if ``a`` and ``b`` are in the same group (records two finds)."""
        return self.find(a) == self.find(b)

    def groups(self) -> list:
        """The groups as sorted lists, largest first, then alphabetically."""
        out = {}
        for x in self.parent:
            out.setdefault(self._find(x)[0], []).append(x)
        return sorted((sorted(g, key=str) for g in out.values()), key=lambda g: (-len(g), str(g[0])))


def _ends(route):
    """The two cities of a Route or of an ``(a, b, ...)`` sequence."""
    if hasattr(route, "a"):
        return route.a, route.b
    return route[0], route[1]


def tickets_completed(map_or_name, routes, tickets) -> dict:
    """Which tickets the ``routes`` connect, found with a :class:`UnionFind` over the routes.

    ``routes``: Route objects or ``(a, b, ...)`` city pairs; ``tickets``: Ticket objects or
    ``(a, b)`` pairs (city aliases allowed). Returns ``{"completed": [bool per ticket],
    "union_find": the UnionFind (its ``steps`` replay the unions, then the ticket finds)}``.

    Complexity O((R + T) α(V)). Reference: :class:`UnionFind`.

    >>> done = tickets_completed("europe", [("Paris", "Bruxelles"), ("Bruxelles", "Amsterdam")],
    ...                         [("Paris", "Amsterdam"), ("Paris", "Wien")])
    >>> done["completed"]
    [True, False]
    """
    m = _map(map_or_name)
    uf = UnionFind(m.cities, names={c.id: c.name for c in m.cities.values()})
    for route in routes:
        a, b = (m.city_id(c) for c in _ends(route))
        uf.union(a, b)
    completed = []
    for ticket in tickets:
        a, b = (m.city_id(c) for c in _ends(ticket))
        completed.append(uf.connected(a, b))
    return {"completed": completed, "union_find": uf}


# -- breadth-first search -----------------------------------------------------------------------
def bfs_steps(graph_or_map, source, target=None):
    """Breadth-first search from ``source``, one step per city taken from the queue.

    Yields ``{"step", "city", "hops" (routes from source), "discovered" (new neighbours),
    "queue", "visited" (cities seen so far, in order), "parent", "message"}``; stops after
    ``target`` is taken from the queue if one is given. Neighbours are visited in sorted
    order so the trace is the same every time. On a map, city names may be aliases.

    Complexity O(V + E). Reference: E. F. Moore, "The shortest path through a maze" (1959);
    Cormen et al., *Introduction to Algorithms*, 22.2.

    >>> steps = list(bfs_steps("europe", "Lisboa", target="Barcelona"))
    >>> [s["city"] for s in steps]
    ['Lisboa', 'Cadiz', 'Madrid', 'Barcelona']
    >>> steps[-1]["hops"]
    2
    """
    g = _graph(graph_or_map)
    source = _node(g, graph_or_map, source)
    target = None if target is None else _node(g, graph_or_map, target)
    label = (lambda c: _name(_map(graph_or_map), c)) if not isinstance(graph_or_map, nx.Graph) else str
    parent, hops = {source: None}, {source: 0}
    queue, visited = deque([source]), [source]
    for step in count(1):
        if not queue:
            return
        city = queue.popleft()
        new = [n for n in sorted(g.neighbors(city), key=str) if n not in parent]
        for n in new:
            parent[n], hops[n] = city, hops[city] + 1
            queue.append(n)
            visited.append(n)
        message = f"take {label(city)} ({hops[city]} route{'' if hops[city] == 1 else 's'} from {label(source)})"
        message += f"; discover {', '.join(map(label, new))}" if new else "; nothing new"
        yield {"step": step, "city": city, "hops": hops[city], "discovered": new, "queue": list(queue),
               "visited": list(visited), "parent": dict(parent), "message": message}
        if city == target:
            return


def path_from_parents(parent: dict, target) -> list:
    """The path source -> ``target`` read back from a ``parent`` map (as BFS/Dijkstra build).

    >>> path_from_parents({"A": None, "B": "A", "C": "B"}, "C")
    ['A', 'B', 'C']
    """
    if target not in parent:
        raise MapError(f"{target} was not reached")
    path = [target]
    while parent[path[-1]] is not None:
        path.append(parent[path[-1]])
    return path[::-1]


# -- shortest paths -----------------------------------------------------------------------------
def shortest_path(map_or_name, a, b) -> dict:
    """The fewest trains joining cities ``a`` and ``b``: ``{"trains", "cities", "routes"}``
    (``routes`` as Route objects, one per step; for a double route the first half).

    Uses :func:`networkx.single_source_dijkstra` on :func:`map_graph`.
    Complexity O((V + E) log V). Reference: E. W. Dijkstra, "A note on two problems in
    connexion with graphs", Numerische Mathematik 1 (1959) 269-271.

    >>> p = shortest_path("europe", "Paris", "Wien")
    >>> p["trains"], len(p["routes"])
    (8, 3)
    """
    m = _map(map_or_name)
    g = _simple_graph(m)
    a, b = m.city_id(a), m.city_id(b)
    trains, cities = nx.single_source_dijkstra(g, a, b, weight="weight")
    routes = [g.edges[u, v]["routes"][0] for u, v in zip(cities, cities[1:])]
    return {"trains": trains, "cities": cities, "routes": routes}


def shortest_distances(map_or_name, source) -> dict:
    """Fewest trains from ``source`` to every city: ``{city: trains}``.

    >>> shortest_distances("usa", "Miami")["Atlanta"]
    5
    """
    m = _map(map_or_name)
    return dict(nx.single_source_dijkstra_path_length(_simple_graph(m), m.city_id(source)))


def dijkstra_steps(graph_or_map, source, target=None, weight="weight"):
    """Dijkstra's algorithm from ``source``, one step per city settled.

    Yields ``{"step", "city", "distance", "relaxed": [{"city", "old", "new", "improved"}],
    "frontier": {city: tentative distance of unsettled cities}, "settled": {city: distance},
    "parent", "message"}``; stops once ``target`` is settled if given. Ties are broken by
    city name, so the trace is the same every time. Weights must not be negative.

    Complexity O((V + E) log V) with a binary heap. Reference: Dijkstra (1959); Cormen et
    al., *Introduction to Algorithms*, 24.3.

    >>> steps = list(dijkstra_steps("europe", "Palermo", target="Roma"))
    >>> [(s["city"], s["distance"]) for s in steps]
    [('Palermo', 0), ('Brindisi', 3), ('Roma', 4)]
    """
    g = _graph(graph_or_map)
    source = _node(g, graph_or_map, source)
    target = None if target is None else _node(g, graph_or_map, target)
    label = (lambda c: _name(_map(graph_or_map), c)) if not isinstance(graph_or_map, nx.Graph) else str
    dist, parent, settled = {source: 0}, {source: None}, {}
    heap = [(0, str(source), source)]
    step = 0
    while heap:
        d, _, city = heapq.heappop(heap)
        if city in settled:
            continue
        settled[city] = d
        step += 1
        relaxed = []
        for n in sorted(g.neighbors(city), key=str):
            if n in settled:
                continue
            w = _edge_weight(g, city, n, weight)
            old, new = dist.get(n), d + w
            improved = old is None or new < old
            if improved:
                dist[n], parent[n] = new, city
                heapq.heappush(heap, (new, str(n), n))
            relaxed.append({"city": n, "old": old, "new": new, "improved": improved})
        better = [r for r in relaxed if r["improved"]]
        message = f"settle {label(city)} at {d}"
        if better:
            message += "; improve " + ", ".join(f"{label(r['city'])} to {r['new']}" for r in better)
        yield {"step": step, "city": city, "distance": d, "relaxed": relaxed,
               "frontier": {c: v for c, v in dist.items() if c not in settled},
               "settled": dict(settled), "parent": dict(parent), "message": message}
        if city == target:
            return


def _edge_weight(g, u, v, weight):
    if g.is_multigraph():
        return min(data.get(weight, 1) for data in g[u][v].values())
    return g[u][v].get(weight, 1)


# -- tickets against distances ------------------------------------------------------------------
def ticket_table(map_or_name) -> list:
    """Every ticket with its points, the fewest trains that complete it, and points per train.

    Rows ``{"ticket", "a", "b", "points", "long", "trains", "points_per_train", "path"}`` in
    map order (``points_per_train`` a float; ``path`` the cities of one shortest path).
    Complexity O(T (V + E) log V).

    >>> row = ticket_table("usa")[0]
    >>> row["ticket"], row["points"], row["trains"]
    ('Denver–El Paso', 4, 4)
    """
    m = _map(map_or_name)
    g = _simple_graph(m)
    rows = []
    for t in m.tickets:
        trains, path = nx.single_source_dijkstra(g, t.a, t.b, weight="weight")
        rows.append({"ticket": f"{_name(m, t.a)}–{_name(m, t.b)}", "a": t.a, "b": t.b,
                     "points": t.points, "long": t.long, "trains": trains,
                     "points_per_train": t.points / trains, "path": path})
    return rows
