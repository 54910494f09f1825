"""Union-find, breadth-first search and Dijkstra's algorithm step by step, for lessons.

Each records what it does so that a notebook can replay it one step at a time:
:class:`UnionFind` keeps a list of its operations in :attr:`UnionFind.steps`, and
:func:`bfs_steps` and :func:`dijkstra_steps` are generators that yield one dict per city taken
from the queue or settled. Every step has a ``"message"``: a sentence for the learner.
:func:`tickets_completed` uses the union-find to say which tickets a set of routes completes.

The searches run on a map (``"europe"``, ``"usa"`` or a loaded
:class:`~ttr_teach.engine.maps.Map`; city names may then be aliases) or on any networkx graph.
The answers alone, without the steps, come from :mod:`ttr_teach.algorithms.graphs`.

>>> [s["city"] for s in bfs_steps("europe", "Lisboa", target="Barcelona")]
['Lisboa', 'Cadiz', 'Madrid', 'Barcelona']
"""
from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Callable, Hashable, Iterable, Iterator
from itertools import count
from typing import Any

import networkx as nx

from ..engine.errors import MapError
from ..engine.i18n import gettext, ngettext
from ..engine.maps import Map, load_map
from ..engine.text import listing
from ..engine.unionfind import UnionFind as _UnionFind
from .graphs import map_graph


# -- union-find ---------------------------------------------------------------------------------
class UnionFind(_UnionFind):
    """Disjoint sets with union by size and path compression, recording every operation.

    The engine's :class:`~ttr_teach.engine.unionfind.UnionFind` (the same union by size,
    the same root when two groups are equal), with full path compression, so that a lesson
    shows short paths after a find, and a record of every step.

    Parameters
    ----------
    elements : iterable, optional
        The elements, each starting as a group of its own (more can be added later).
    names : dict, optional
        ``{element: label}`` for the step messages (e.g. city ids to board names).

    Attributes
    ----------
    parent, size : dict
        The forest: each element's parent (a root is its own parent) and each root's group size.
    steps : list of dict
        Every operation, to replay: ``{"op": "find", "element", "path", "root", "message"}``
        and ``{"op": "union", "a", "b", "roots", "merged", "root", "absorbed", "message"}``
        (``merged`` False when ``a`` and ``b`` were already together).

    Notes
    -----
    m operations on n elements take O(m α(n)) time, α the inverse Ackermann function.

    References
    ----------
    .. [1] B. A. Galler and M. J. Fischer, "An improved equivalence algorithm",
       Communications of the ACM 7 (1964) 301-303.
    .. [2] R. E. Tarjan, "Efficiency of a good but not linear set union algorithm", Journal
       of the ACM 22 (1975) 215-225.

    Examples
    --------
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

    def __init__(self, elements: Iterable[Hashable] = (), names: dict | None = None) -> None:
        self.steps: list[dict] = []
        self._names = names or {}
        super().__init__(elements)

    @property
    def parent(self) -> dict:
        """Each element's parent (a root is its own parent)."""
        return self._parent

    @property
    def size(self) -> dict:
        """Each root's group size."""
        return self._size

    def _label(self, x: Hashable) -> str:
        return self._names.get(x, str(x))

    def _find(self, x: Hashable) -> tuple[Hashable, list[Hashable]]:
        """The root of ``x`` and the path followed to it; the path is then compressed."""
        self.add(x)
        parent = self._parent
        path = [x]
        while parent[path[-1]] != path[-1]:
            path.append(parent[path[-1]])
        root = path[-1]
        for node in path[:-1]:
            parent[node] = root
        return root, path

    def _root(self, x: Hashable) -> Hashable:
        return self._find(x)[0]

    def find(self, x: Hashable) -> Hashable:
        """The leader (root) of ``x``'s group; the step records the path followed."""
        root, path = self._find(x)
        message = gettext("{city} belongs to the group led by {leader}").format(
            city=self._label(x), leader=self._label(root))
        if len(path) > 2:
            message += " " + gettext("(path {path})").format(path=" -> ".join(self._label(p) for p in path))
        self.steps.append({"op": "find", "element": x, "path": path, "root": root, "message": message})
        return root

    def union(self, a: Hashable, b: Hashable) -> bool:
        """Join the groups of ``a`` and ``b``; False if they were already one group."""
        ra, rb = self._root(a), self._root(b)
        sa, sb = self._size[ra], self._size[rb]
        step: dict[str, Any] = {"op": "union", "a": a, "b": b, "roots": (ra, rb)}
        if not super().union(a, b):
            step.update(merged=False, root=ra, absorbed=None,
                        message=gettext("{a} and {b} are already connected (both led by {leader})").format(
                            a=self._label(a), b=self._label(b), leader=self._label(ra)))
            self.steps.append(step)
            return False
        root, absorbed = (ra, rb) if self._parent[rb] == ra else (rb, ra)
        step.update(merged=True, root=root, absorbed=absorbed,
                    message=gettext("{a} (group of {size_a}) and {b} (group of {size_b}) join: {leader} now "
                                    "leads a group of {size}").format(
                        a=self._label(a), size_a=sa, b=self._label(b), size_b=sb, leader=self._label(root),
                        size=sa + sb))
        self.steps.append(step)
        return True

    def connected(self, a: Hashable, b: Hashable) -> bool:
        """True if ``a`` and ``b`` are in the same group (records two finds)."""
        return self.find(a) == self.find(b)

    def groups(self) -> list:
        """The groups as sorted lists, largest first, then alphabetically."""
        out: dict[Hashable, list[Hashable]] = {}
        for x in self.parent:
            out.setdefault(self._find(x)[0], []).append(x)
        return sorted((sorted(g, key=str) for g in out.values()), key=lambda g: (-len(g), str(g[0])))


def _ends(route: Any) -> tuple[str, str]:
    """The two cities of a Route or Ticket, or of an ``(a, b, ...)`` sequence."""
    if hasattr(route, "a"):
        return route.a, route.b
    return route[0], route[1]


def tickets_completed(map: str | Map, routes: Iterable[Any], tickets: Iterable[Any]) -> dict:
    """Which tickets a set of routes completes, found with a :class:`UnionFind`.

    Parameters
    ----------
    map : str or Map
        ``"europe"``, ``"usa"`` or a loaded :class:`~ttr_teach.engine.maps.Map`.
    routes : iterable
        :class:`~ttr_teach.engine.maps.Route` objects or ``(a, b, ...)`` city pairs.
    tickets : iterable
        :class:`~ttr_teach.engine.maps.Ticket` objects or ``(a, b)`` city pairs (city
        aliases allowed).

    Returns
    -------
    dict
        ``{"completed": [bool per ticket], "union_find": the UnionFind}``; its ``steps``
        replay one union per route, then two finds per ticket.

    Notes
    -----
    O((R + T) α(V)) for R routes and T tickets on V cities.

    References
    ----------
    .. [1] Tarjan (1975), see :class:`UnionFind`.

    Examples
    --------
    >>> done = tickets_completed("europe", [("Paris", "Bruxelles"), ("Bruxelles", "Amsterdam")],
    ...                         [("Paris", "Amsterdam"), ("Paris", "Wien")])
    >>> done["completed"]
    [True, False]
    """
    m = load_map(map)
    uf = UnionFind(m.cities, names={c.id: c.name for c in m.cities.values()})
    for route in routes:
        a, b = (m.city_id(c) for c in _ends(route))
        uf.union(a, b)
    completed = []
    for ticket in tickets:
        a, b = (m.city_id(c) for c in _ends(ticket))
        completed.append(uf.connected(a, b))
    return {"completed": completed, "union_find": uf}


# -- searches on a map or a graph ---------------------------------------------------------------
def _search_setup(graph_or_map: nx.Graph | str | Map, source: Any, target: Any
                  ) -> tuple[nx.Graph, Hashable, Hashable | None, Callable[[Any], str]]:
    """``(graph, source, target, label)``: the graph to search, the two cities as its nodes
    (map city names may be aliases) and a function naming a node for the messages."""
    if isinstance(graph_or_map, nx.Graph):
        g = graph_or_map
        for city in (source, target):
            if city is not None and city not in g:
                raise MapError(gettext("{value} is not a node of the graph").format(value=repr(city)))
        return g, source, target, str
    m = load_map(graph_or_map)
    source = m.city_id(source)
    target = None if target is None else m.city_id(target)
    return map_graph(m), source, target, lambda c: m.cities[c].name


def bfs_steps(graph_or_map: nx.Graph | str | Map, source: Hashable, target: Hashable | None = None
              ) -> Iterator[dict]:
    """Breadth-first search from ``source``, one step per city taken from the queue.

    Parameters
    ----------
    graph_or_map : networkx.Graph, str or Map
        Any networkx graph, or a map (``"europe"``, ``"usa"``, a loaded
        :class:`~ttr_teach.engine.maps.Map`).
    source : node or str
        Where the search starts (on a map: a city id, board name or alias).
    target : node or str, optional
        Stop after this city is taken from the queue; by default the search visits every
        city it can reach.

    Yields
    ------
    dict
        ``{"step", "city", "hops" (routes from source), "discovered" (its new neighbours),
        "queue", "visited" (cities seen so far, in order), "parent", "message"}``.

    Raises
    ------
    MapError
        If ``source`` or ``target`` is not a city of the map or a node of the graph.

    Notes
    -----
    O(V + E). Neighbours are visited in sorted order, so the trace is the same every time.

    References
    ----------
    .. [1] E. F. Moore, "The shortest path through a maze", Proc. International Symposium
       on the Theory of Switching (1957), Harvard University Press, 1959, 285-292.
    .. [2] T. H. Cormen, C. E. Leiserson, R. L. Rivest and C. Stein, *Introduction to
       Algorithms*, 3rd ed., MIT Press, 2009, section 22.2.

    Examples
    --------
    >>> steps = list(bfs_steps("europe", "Lisboa", target="Barcelona"))
    >>> [s["city"] for s in steps]
    ['Lisboa', 'Cadiz', 'Madrid', 'Barcelona']
    >>> steps[-1]["hops"], steps[-1]["message"]
    (2, 'take Barcelona (2 routes from Lisboa); discover Marseille')
    """
    g, source, target, label = _search_setup(graph_or_map, source, target)
    parent: dict[Hashable, Hashable | None] = {source: None}
    hops = {source: 0}
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
        message = ngettext("take {city} ({n} route from {source})", "take {city} ({n} routes from {source})",
                           hops[city]).format(city=label(city), n=hops[city], source=label(source))
        message += (gettext("; discover {cities}").format(cities=listing(label(n) for n in new)) if new
                    else gettext("; nothing new"))
        yield {"step": step, "city": city, "hops": hops[city], "discovered": new, "queue": list(queue),
               "visited": list(visited), "parent": dict(parent), "message": message}
        if city == target:
            return


def path_from_parents(parent: dict, target: Hashable) -> list:
    """The path from the search's source to ``target``, read back from a ``parent`` map.

    Parameters
    ----------
    parent : dict
        ``{node: the node it was reached from}``, the source mapping to None (as
        :func:`bfs_steps` and :func:`dijkstra_steps` report it).
    target : node
        Where the path ends.

    Returns
    -------
    list
        The nodes from the source to ``target``.

    Raises
    ------
    MapError
        If ``target`` was not reached.

    Notes
    -----
    O(length of the path).

    References
    ----------
    .. [1] Cormen et al. (2009), see :func:`bfs_steps`, section 22.2 (PRINT-PATH).

    Examples
    --------
    >>> path_from_parents({"A": None, "B": "A", "C": "B"}, "C")
    ['A', 'B', 'C']
    """
    if target not in parent:
        raise MapError(gettext("{city} was not reached").format(city=target))
    path = [target]
    while parent[path[-1]] is not None:
        path.append(parent[path[-1]])
    return path[::-1]


def _edge_weight(g: nx.Graph, u: Hashable, v: Hashable, weight: str) -> float:
    if g.is_multigraph():
        return min(data.get(weight, 1) for data in g[u][v].values())
    return g[u][v].get(weight, 1)


def dijkstra_steps(graph_or_map: nx.Graph | str | Map, source: Hashable, target: Hashable | None = None,
                   weight: str = "weight") -> Iterator[dict]:
    """Dijkstra's algorithm from ``source``, one step per city settled.

    Parameters
    ----------
    graph_or_map : networkx.Graph, str or Map
        Any networkx graph with non-negative weights (for a multigraph the lightest of
        parallel edges counts), or a map (``"europe"``, ``"usa"``, a loaded
        :class:`~ttr_teach.engine.maps.Map`) whose weights are route lengths.
    source : node or str
        Where the search starts (on a map: a city id, board name or alias).
    target : node or str, optional
        Stop once this city is settled; by default every reachable city is settled.
    weight : str, default "weight"
        The edge attribute holding the weight (1 where it is missing).

    Yields
    ------
    dict
        ``{"step", "city", "distance", "relaxed": [{"city", "old", "new", "improved"}],
        "frontier": {city: tentative distance of unsettled cities}, "settled": {city:
        distance}, "parent", "message"}``.

    Raises
    ------
    MapError
        If ``source`` or ``target`` is not a city of the map or a node of the graph.

    Notes
    -----
    O((V + E) log V) with a binary heap. Ties are broken by city name, so the trace is the
    same every time.

    References
    ----------
    .. [1] E. W. Dijkstra, "A note on two problems in connexion with graphs", Numerische
       Mathematik 1 (1959) 269-271.
    .. [2] Cormen et al. (2009), see :func:`bfs_steps`, section 24.3.

    Examples
    --------
    >>> steps = list(dijkstra_steps("europe", "Palermo", target="Roma"))
    >>> [(s["city"], s["distance"]) for s in steps]
    [('Palermo', 0), ('Brindisi', 3), ('Roma', 4)]
    >>> steps[0]["message"]
    'settle Palermo at 0; improve Brindisi to 3, Roma to 4, Smyrna to 6'
    """
    g, source, target, label = _search_setup(graph_or_map, source, target)
    dist: dict[Hashable, float] = {source: 0}
    parent: dict[Hashable, Hashable | None] = {source: None}
    settled: dict[Hashable, float] = {}
    heap: list[tuple[float, str, Hashable]] = [(0, str(source), source)]
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
        message = gettext("settle {city} at {distance}").format(city=label(city), distance=d)
        if better:
            message += gettext("; improve {cities}").format(cities=listing(
                gettext("{city} to {distance}").format(city=label(r["city"]), distance=r["new"]) for r in better))
        yield {"step": step, "city": city, "distance": d, "relaxed": relaxed,
               "frontier": {c: v for c, v in dist.items() if c not in settled},
               "settled": dict(settled), "parent": dict(parent), "message": message}
        if city == target:
            return
