"""Cheapest networks: the fewest trains that complete a set of tickets, exactly.

Completing tickets ``(a1, b1), (a2, b2), ...`` with the fewest trains is the *Steiner forest*
problem: every ticket's two cities must be connected, but different tickets need not be
connected to each other. It is NP-hard in general, yet small for a hand of tickets:

1. tickets that share a city are always in the same piece of the network, so they are merged
   into units first;
2. one run of the Dreyfus-Wagner dynamic programme over all ticket cities gives the exact
   Steiner tree cost of *every* subset of those cities at once (:func:`steiner_tree_table`);
3. the best way to split the units into groups (a set partition) is a second, small dynamic
   programme over subsets of units; each group is joined by its own Steiner tree.

The trees are then rebuilt from the tables, so the answer lists the actual routes.
``networkx.algorithms.approximation.steiner_tree`` (which joins *all* the cities into one
tree, within a factor 2 of the best tree) is wrapped by :func:`approximate_network` for
comparison.

>>> net = cheapest_network("europe", [("Edinburgh", "London")])
>>> net["trains"], net["routes"]
(4, [['Edinburgh', 'London', 4, 'black']])

The core functions (:func:`steiner_tree`, :func:`steiner_forest`) take any networkx graph
with non-negative edge weights:

>>> import networkx as nx
>>> star = nx.Graph([("a", "hub", {"weight": 1}), ("b", "hub", {"weight": 1}),
...                  ("c", "hub", {"weight": 1}), ("a", "b", {"weight": 3})])
>>> steiner_tree(star, ["a", "b", "c"])[0]
3
"""
from __future__ import annotations

from functools import lru_cache
from itertools import product

import networkx as nx
import numpy as np

from ..engine.claims import why_route_unavailable
from ..engine.errors import MapError, TTRError
from ..engine.maps import Map, Route, Ticket, load_map

#: More distinct ticket cities than this would take minutes (the work grows as 3^k).
MAX_TERMINALS = 16
_CHUNK = 1 << 18  # floats per numpy block in the dynamic programme (2 MB: stays in cache)


# -- the metric closure -------------------------------------------------------------------------
class MetricClosure:
    """All-pairs shortest distances of a weighted graph, with next hops to rebuild the paths.

    Floyd-Warshall over a dense matrix: O(V^3) time (vectorised by numpy row operations),
    O(V^2) memory. Zero weights are allowed (routes a player already owns); negative are not.
    For a multigraph the lightest of parallel edges is used.

    Reference: R. W. Floyd, "Algorithm 97: Shortest path", CACM 5 (1962) 345.

    >>> mc = MetricClosure(nx.path_graph(4))
    >>> mc.distance(0, 3), mc.path(0, 3)
    (3.0, [0, 1, 2, 3])
    """

    def __init__(self, graph, weight: str = "weight"):
        if graph.is_directed():
            raise TTRError("cheapest networks are defined on undirected graphs")
        self.graph = graph
        self.weight = weight
        self.nodes = list(graph.nodes)
        self.index = {node: i for i, node in enumerate(self.nodes)}
        n = len(self.nodes)
        dist = np.full((n, n), np.inf)
        np.fill_diagonal(dist, 0.0)
        nxt = np.tile(np.arange(n), (n, 1))
        self.edge = {}  # (i, j) -> the edge identifier in ``graph`` of the lightest edge
        edges = graph.edges(keys=True, data=True) if graph.is_multigraph() else (
            (u, v, None, d) for u, v, d in graph.edges(data=True))
        for u, v, key, data in edges:
            w = data.get(weight, 1)
            if isinstance(w, bool) or not isinstance(w, (int, float, np.integer, np.floating)) or w < 0:
                raise TTRError(f"the edge {u}–{v} has weight {w!r}; weights must be numbers >= 0")
            if u == v:
                continue
            i, j = self.index[u], self.index[v]
            if w < dist[i, j]:
                dist[i, j] = dist[j, i] = w
                ident = (u, v) if key is None else (u, v, key)
                self.edge[i, j] = self.edge[j, i] = ident
        for k in range(n):
            through = dist[:, k:k + 1] + dist[k:k + 1, :]
            better = through < dist
            if better.any():
                dist = np.where(better, through, dist)
                nxt = np.where(better, nxt[:, k:k + 1], nxt)
        self.dist = dist
        self.next = nxt

    def distance(self, a, b) -> float:
        return float(self.dist[self.index[a], self.index[b]])

    def path_indices(self, i: int, j: int) -> list:
        if not np.isfinite(self.dist[i, j]):
            raise nx.NetworkXNoPath(f"no path between {self.nodes[i]} and {self.nodes[j]}")
        path = [i]
        while path[-1] != j:
            path.append(int(self.next[path[-1], j]))
        return path

    def path(self, a, b) -> list:
        """The nodes of one shortest path from ``a`` to ``b``."""
        return [self.nodes[i] for i in self.path_indices(self.index[a], self.index[b])]


# -- Dreyfus-Wagner -----------------------------------------------------------------------------
@lru_cache(maxsize=64)
def _layer(k: int, s: int):
    """Subsets S of {0..k-1} with s elements and, for each, its splits (T, S \\ T) with T a
    proper subset containing S's lowest element: ``(masks, left, right, splits_per_mask)``."""
    all_masks = np.arange(1 << k, dtype=np.int64)
    popcount = np.zeros(1 << k, dtype=np.int64)
    for b in range(k):
        popcount += (all_masks >> b) & 1
    masks = all_masks[popcount == s]
    bits = np.array([[b for b in range(k) if (int(mask) >> b) & 1] for mask in masks], dtype=np.int64)
    splits = (1 << (s - 1)) - 1
    choose = (np.arange(splits, dtype=np.int64)[:, None] >> np.arange(s - 1)[None, :]) & 1
    left = (1 << bits[:, :1]) + (1 << bits[:, 1:]) @ choose.T      # (masks, splits)
    right = masks[:, None] ^ left
    return masks, left.reshape(-1), right.reshape(-1), splits


def steiner_tree_table(dist: np.ndarray, terminals) -> tuple:
    """The Dreyfus-Wagner tables over a metric ``dist`` (a V x V shortest-distance matrix).

    ``terminals`` are k node indices. Returns ``(DP, B)``, two ``2^k x V`` arrays:
    ``DP[S, v]`` is the weight of a minimum Steiner tree joining the terminals in the bit set
    ``S`` and node ``v``; ``B[S, v]`` the same with ``v`` a branching point (the best split
    of ``S`` into two trees meeting at ``v``). In particular the Steiner tree of the terminal
    set ``S`` weighs ``DP[S, t]`` for any ``t`` in ``S``.

    Recurrence: ``DP[{t}, v] = d(t, v)``; ``B[S, u] = min over splits S = T + (S - T) of
    DP[T, u] + DP[S - T, u]``; ``DP[S, v] = min over u of d(v, u) + B[S, u]``.
    Complexity O(3^k V + 2^k V^2) time, O(2^k V) memory.

    Reference: S. E. Dreyfus and R. A. Wagner, "The Steiner problem in graphs", Networks 1
    (1971) 195-207.

    >>> d = np.array([[0., 1., 2.], [1., 0., 1.], [2., 1., 0.]])
    >>> DP, B = steiner_tree_table(d, [0, 2])
    >>> float(DP[0b11, 0])
    2.0
    """
    terminals = list(terminals)
    k, n = len(terminals), dist.shape[0]
    DP = np.full((1 << k, n), np.inf)
    B = np.full((1 << k, n), np.inf)
    for i, t in enumerate(terminals):
        DP[1 << i] = dist[t]
    for s in range(2, k + 1):
        masks, left, right, splits = _layer(k, s)
        per_block = max(1, min(_CHUNK // (splits * n), _CHUNK // (n * n)))
        for start in range(0, len(masks), per_block):
            block = masks[start:start + per_block]
            pairs = slice(start * splits, (start + len(block)) * splits)
            joined = np.take(DP, left[pairs], axis=0)
            joined += np.take(DP, right[pairs], axis=0)
            branch = joined.reshape(len(block), splits, n).min(axis=1)
            B[block] = branch
            DP[block] = (branch[:, None, :] + dist[None, :, :]).min(axis=2)
    return DP, B


class _SteinerSolver:
    """Dreyfus-Wagner tables for a set of terminals, and the trees rebuilt from them."""

    def __init__(self, closure: MetricClosure, terminals):
        self.closure = closure
        self.terminals = list(dict.fromkeys(terminals))
        if len(self.terminals) > MAX_TERMINALS:
            raise TTRError(f"{len(self.terminals)} different cities is too many for the exact "
                           f"planner (at most {MAX_TERMINALS}); the work grows as 3 to that power")
        self.bit = {t: i for i, t in enumerate(self.terminals)}
        self.term_index = [closure.index[t] for t in self.terminals]
        self.DP, self.B = steiner_tree_table(closure.dist, self.term_index)

    def mask(self, nodes) -> int:
        out = 0
        for node in nodes:
            out |= 1 << self.bit[node]
        return out

    def cost(self, mask: int) -> float:
        """Weight of a minimum Steiner tree of the terminals in ``mask``."""
        if not mask:
            return 0.0
        low = (mask & -mask).bit_length() - 1
        return float(self.DP[mask, self.term_index[low]])

    def tree_edges(self, mask: int) -> set:
        """The edges of a minimum Steiner tree of the terminals in ``mask`` (graph edge ids)."""
        if not mask:
            return set()
        if not np.isfinite(self.cost(mask)):
            raise nx.NetworkXNoPath("these cities cannot all be connected")
        dist, D = self.closure.dist, self.DP
        low = (mask & -mask).bit_length() - 1
        hops, todo = [], [(mask, self.term_index[low])]
        while todo:
            S, v = todo.pop()
            if not S & (S - 1):
                hops.append((self.term_index[S.bit_length() - 1], v))
                continue
            u = int(np.argmin(dist[v] + self.B[S]))
            hops.append((v, u))
            rest = S & ~(S & -S)
            best, split = np.inf, None
            sub = rest
            while True:  # T = lowest bit + any subset of the others except all of them
                T = (S & -S) | sub
                if T != S:
                    value = D[T, u] + D[S ^ T, u]
                    if value < best:
                        best, split = value, T
                if not sub:
                    break
                sub = (sub - 1) & rest
            todo += [(split, u), (S ^ split, u)]
        edges = set()
        for i, j in hops:
            path = self.closure.path_indices(i, j)
            for x, y in zip(path, path[1:]):
                edges.add(self.closure.edge[x, y])
        ends = {self.terminals[b] for b in range(len(self.terminals)) if mask >> b & 1}
        return _prune(self.closure.graph, edges, ends, self.closure.weight)


def _edge_weight(graph, edge, weight="weight"):
    data = graph.edges[edge] if len(edge) == 3 else graph.edges[edge[0], edge[1]]
    return data.get(weight, 1)


def _prune(graph, edges, terminals, weight="weight") -> set:
    """A spanning forest of ``edges`` without leaves that are not terminals.

    The union of shortest paths can repeat a city only through zero-weight edges (an
    optimal tree has no positive cycle), so this changes nothing but tidiness."""
    h = nx.MultiGraph()
    for e in edges:
        h.add_edge(e[0], e[1], key=e, weight=_edge_weight(graph, e, weight))
    forest = nx.minimum_spanning_tree(h, weight="weight")
    leaves = [n for n in forest if forest.degree(n) == 1 and n not in terminals]
    while leaves:
        forest.remove_nodes_from(leaves)
        leaves = [n for n in forest if forest.degree(n) == 1 and n not in terminals]
    return {key for _, _, key in forest.edges(keys=True)}


def steiner_tree(graph, terminals, weight: str = "weight") -> tuple:
    """An exact minimum Steiner tree: the lightest set of edges joining all ``terminals``.

    Returns ``(weight, edges)``; edges are ``(u, v)`` pairs for a Graph and ``(u, v, key)``
    for a MultiGraph. Raises :class:`networkx.NetworkXNoPath` if the terminals are not all
    in one connected component.

    Complexity O(V^3 + 3^k V + 2^k V^2) for k terminals (Floyd-Warshall, then
    :func:`steiner_tree_table`). Reference: Dreyfus and Wagner (1971).

    >>> g = nx.Graph()
    >>> g.add_weighted_edges_from([("a", "x", 2), ("b", "x", 2), ("c", "x", 2), ("a", "b", 4), ("b", "c", 4)])
    >>> w, edges = steiner_tree(g, ["a", "b", "c"])
    >>> w, sorted(tuple(sorted(e)) for e in edges)
    (6, [('a', 'x'), ('b', 'x'), ('c', 'x')])
    """
    terminals = list(terminals)
    result = steiner_forest(graph, [(t, terminals[0]) for t in terminals[1:]], weight=weight)
    return result["weight"], result["edges"]


def _group_pairs(pairs, links) -> list:
    """Indices of ``pairs`` grouped by the connected pieces of the graph whose edges are
    ``links`` (node pairs), sorted."""
    h = nx.Graph()
    h.add_nodes_from(c for p in pairs for c in p)
    h.add_edges_from(links)
    piece = {}
    for i, comp in enumerate(nx.connected_components(h)):
        piece.update(dict.fromkeys(comp, i))
    groups = {}
    for i, (a, _) in enumerate(pairs):
        groups.setdefault(piece[a], []).append(i)
    return sorted(groups.values())


def _unit_groups(pairs) -> list:
    """Pairs sharing a node, directly or through other pairs, are grouped: they always end up
    in the same piece of any network that serves them."""
    return _group_pairs(pairs, pairs)


def _pieces(edges, pairs) -> list:
    """Pair indices grouped by the connected piece of the answer ``edges`` that holds them."""
    return _group_pairs(pairs, [(e[0], e[1]) for e in edges])


def steiner_forest(graph, pairs, weight: str = "weight", closure: MetricClosure | None = None) -> dict:
    """An exact minimum Steiner forest: the lightest edge set in which each pair is connected.

    ``pairs`` are ``(u, v)`` node pairs. Returns ``{"weight", "edges", "groups"}`` where
    ``groups`` lists the pair indices of each connected piece of the answer. Method: pairs
    sharing a node are merged into units; a single Dreyfus-Wagner table over all the nodes of
    the pairs gives the tree weight of any union of units; a dynamic programme over subsets
    of the u units picks the best partition in O(3^u); the chosen trees are rebuilt.
    Raises :class:`networkx.NetworkXNoPath` if some pair is not connected in ``graph``.

    Complexity O(V^3 + 3^k V + 2^k V^2 + 3^u) for k distinct nodes in the pairs.
    References: Dreyfus and Wagner (1971); for the forest problem, A. Agrawal, P. Klein and
    R. Ravi, "When trees collide", SIAM J. Computing 24 (1995) 440-456.

    >>> g = nx.path_graph(6)           # 0-1-2-3-4-5, every edge of weight 1
    >>> r = steiner_forest(g, [(0, 1), (4, 5)])
    >>> r["weight"], sorted(r["edges"]), r["groups"]
    (2, [(0, 1), (4, 5)], [[0], [1]])
    """
    pairs = [tuple(p) for p in pairs]
    for p in pairs:
        if len(p) != 2 or p[0] not in graph or p[1] not in graph:
            raise TTRError(f"{p!r} is not a pair of nodes of the graph")
    closure = closure or MetricClosure(graph, weight)
    solver = _SteinerSolver(closure, [c for p in pairs for c in p])
    units = _unit_groups(pairs)
    unit_masks = [solver.mask(c for i in unit for c in pairs[i]) for unit in units]
    u = len(units)
    tree = [0.0] * (1 << u)
    for X in range(1, 1 << u):
        tree[X] = solver.cost(_union(unit_masks, X))
    best, choice = [0.0] * (1 << u), [0] * (1 << u)
    for X in range(1, 1 << u):
        low = X & -X
        rest = X ^ low
        best[X], sub = np.inf, rest
        while True:
            group = low | sub
            value = tree[group] + best[X ^ group]
            if value < best[X]:
                best[X], choice[X] = value, group
            if not sub:
                break
            sub = (sub - 1) & rest
    full = (1 << u) - 1
    if not np.isfinite(best[full]):
        raise nx.NetworkXNoPath("some pair of cities cannot be connected at all")
    edges, X = set(), full
    while X:
        edges |= solver.tree_edges(_union(unit_masks, choice[X]))
        X ^= choice[X]
    total = sum(_edge_weight(graph, e, weight) for e in edges)
    return {"weight": total, "edges": edges, "groups": _pieces(edges, pairs)}


def _union(unit_masks, X) -> int:
    out, i = 0, 0
    while X:
        if X & 1:
            out |= unit_masks[i]
        X >>= 1
        i += 1
    return out


# -- on the map ---------------------------------------------------------------------------------
@lru_cache(maxsize=None)
def _map_closure(m: Map) -> MetricClosure:
    from .graphs import map_graph

    return MetricClosure(map_graph(m))


def _parse_tickets(m: Map, tickets) -> list:
    """``tickets`` as a list of ``(city id, city id)``; a single pair is accepted too."""
    if isinstance(tickets, Ticket) or (isinstance(tickets, (tuple, list)) and len(tickets) == 2
                                       and all(isinstance(c, str) for c in tickets)):
        tickets = [tickets]
    if isinstance(tickets, (str, bytes)) or not hasattr(tickets, "__iter__"):
        raise MapError(f"tickets must be a list of (city, city) pairs, not {tickets!r}")
    out = []
    for n, t in enumerate(tickets, 1):
        if isinstance(t, Ticket):
            out.append((t.a, t.b))
            continue
        if isinstance(t, str) or not hasattr(t, "__len__") or len(t) != 2:
            raise MapError(f"ticket #{n} ({t!r}) is not a pair of cities (city, city)")
        a, b = m.city_id(t[0]), m.city_id(t[1])
        if a == b:
            raise MapError(f"ticket #{n} joins {m.cities[a].name} to itself; a ticket joins two cities")
        out.append((a, b))
    return out


def _route_row(r: Route) -> list:
    return [r.a, r.b, r.length, r.color]


def _sorted_routes(routes) -> list:
    return sorted(routes, key=lambda r: r.index)


def _network_result(m: Map, tickets, route_of, forest) -> dict:
    routes = _sorted_routes({route_of(e) for e in forest["edges"]})
    h = nx.Graph()
    h.add_edges_from((r.a, r.b) for r in routes)
    groups = []
    for members in forest["groups"]:
        piece = nx.node_connected_component(h, tickets[members[0]][0])
        mine = [r for r in routes if r.a in piece]
        groups.append({"tickets": [list(tickets[i]) for i in members],
                       "trains": sum(r.length for r in mine),
                       "routes": [_route_row(r) for r in mine]})
    return {"map": m.name, "tickets": [list(t) for t in tickets],
            "trains": sum(r.length for r in routes), "routes": [_route_row(r) for r in routes],
            "route_objects": routes, "groups": groups}


def cheapest_network(map_name, tickets) -> dict:
    """The fewest trains that complete all ``tickets`` on an empty board, exactly.

    ``tickets``: ``[(city_a, city_b), ...]`` (aliases allowed; Ticket objects too). Tickets
    need not be joined to each other, so this is a minimum Steiner forest (see
    :func:`steiner_forest`); a double route counts once. Returns::

        {"map", "tickets": [[a, b], ...] (city ids),
         "trains": total length,
         "routes": [[a, b, length, colour], ...]   (for a double route, its first half:
                                                    either half does),
         "route_objects": the same as Route objects (e.g. to highlight on the board),
         "groups": [{"tickets", "trains", "routes"}, ...]  (one per connected piece)}

    Complexity: see :func:`steiner_forest`; 6 tickets (12 cities) take well under a second
    (``python bench/planner.py``).

    >>> net = cheapest_network("europe", [("Paris", "Wien"), ("Lisboa", "Cadiz")])
    >>> net["trains"], [g["trains"] for g in net["groups"]]
    (10, [8, 2])
    """
    m = load_map(map_name)
    pairs = _parse_tickets(m, tickets)
    forest = steiner_forest(_map_closure(m).graph, pairs, closure=_map_closure(m))
    g = _map_closure(m).graph
    return _network_result(m, pairs, lambda e: g.edges[e[0], e[1]]["routes"][0], forest)


def approximate_network(map_name, tickets, method: str = "mehlhorn") -> dict:
    """The network networkx's 2-approximation builds: one tree joining every ticket city.

    Uses :func:`networkx.algorithms.approximation.steiner_tree` (``method`` "mehlhorn" or
    "kou"), so unlike :func:`cheapest_network` all tickets end up in one piece; the result
    has the same format. Complexity O(E + V log V) for Mehlhorn's method.

    Reference: K. Mehlhorn, "A faster approximation algorithm for the Steiner problem in
    graphs", Information Processing Letters 27 (1988) 125-128.

    >>> approximate_network("europe", [("Paris", "Wien"), ("Lisboa", "Cadiz")])["trains"] >= 10
    True
    """
    from networkx.algorithms.approximation import steiner_tree as approx_tree

    m = load_map(map_name)
    pairs = _parse_tickets(m, tickets)
    g = _map_closure(m).graph
    cities = list(dict.fromkeys(c for p in pairs for c in p))
    tree = approx_tree(g, cities, weight="weight", method=method) if len(cities) > 1 else nx.Graph()
    edges = set(tree.edges())
    forest = {"edges": edges, "groups": _pieces(edges, pairs)}
    return _network_result(m, pairs, lambda e: g.edges[e[0], e[1]]["routes"][0], forest)


def compare_networks(map_name, tickets) -> dict:
    """Exact against approximate trains for the same tickets:
    ``{"tickets", "exact", "approximate", "extra_trains", "ratio"}``.

    >>> compare_networks("europe", [("Paris", "Wien")])["extra_trains"]
    0
    """
    exact = cheapest_network(map_name, tickets)
    approx = approximate_network(map_name, tickets)
    e, a = exact["trains"], approx["trains"]
    return {"tickets": exact["tickets"], "exact": e, "approximate": a, "extra_trains": a - e,
            "ratio": a / e if e else 1.0}


# -- from a position ----------------------------------------------------------------------------
def cheapest_completion(position, player, tickets=None, use_stations: bool = True) -> dict:
    """The fewest more trains ``player`` needs to complete ``tickets`` in ``position``.

    Routes the player owns cost 0; routes that others own, or that the double-route rules
    close to this player, cannot be used; every other route costs its length. In Europe each
    station the player has built may borrow one route of another player at its city (one
    route per station, for all the tickets together, as at final scoring); every choice is
    tried (``use_stations=False`` ignores stations). ``tickets``: one ``(a, b)`` pair, a
    list of them, or None for all the player's tickets.

    Returns ``{"possible", "trains" (None if impossible), "routes" (to claim, [a, b, length,
    colour]), "owned" (own routes used), "borrowed" ([{"station", "route", "owner"}]),
    "trains_left", "enough_trains", "tickets"}``. Exact (:func:`steiner_forest`); the work
    is multiplied by the number of station choices (at most 11^3).

    >>> from ttr_teach.engine.position import Position
    >>> pos = Position.from_dict({"map": "europe", "players": [
    ...     {"name": "red", "routes": [["Paris", "Frankfurt", "white"]]},
    ...     {"name": "blue", "routes": [["Frankfurt", "Munchen"]]}]})
    >>> done = cheapest_completion(pos, "red", ("Paris", "Wien"))
    >>> done["trains"], done["routes"]
    (6, [['Berlin', 'Frankfurt', 3, 'black'], ['Berlin', 'Wien', 3, 'green']])
    >>> done["owned"]
    [['Frankfurt', 'Paris', 3, 'white']]
    """
    from ..engine.position import load_position

    pos = load_position(position)
    m, seat = pos.map, pos.seat(player)
    me = pos.players[seat]
    pairs = _parse_tickets(m, list(me.tickets) if tickets is None else tickets)
    owners, n = pos.owners, len(pos.players)

    base = {}  # city pair -> (cost, route, how)
    for r in m.routes:
        owner = owners.get(r.index)
        if owner == seat:
            option = (0, r, "owned")
        elif owner is None and why_route_unavailable(m, n, owners, r, seat) is None:
            option = (r.length, r, "claim")
        else:
            continue
        key = frozenset(r.cities)
        if key not in base or option[0] < base[key][0]:
            base[key] = option

    station_options = []
    if use_stations and me.stations:
        for city in me.stations:
            theirs = [r for r in m.routes if city in r.cities and owners.get(r.index, seat) != seat]  # others' routes
            station_options.append([(city, None)] + [(city, r) for r in theirs])

    best = None
    for choice in product(*station_options):
        edges = dict(base)
        borrowed = [(city, r) for city, r in choice if r is not None]
        for city, r in borrowed:
            edges[frozenset(r.cities)] = (0, r, "borrowed")
        g = nx.Graph()
        g.add_nodes_from(m.cities)
        for key, (cost, r, how) in edges.items():
            g.add_edge(r.a, r.b, weight=cost, route=r, how=how)
        try:
            forest = steiner_forest(g, pairs)
        except nx.NetworkXNoPath:
            continue
        used = [g.edges[e] for e in forest["edges"]]
        used_borrowed = {d["route"].index for d in used if d["how"] == "borrowed"}
        score = (forest["weight"], len(used_borrowed))
        if best is None or score < best[0]:
            stations = [{"station": city, "route": _route_row(r), "owner": pos.players[owners[r.index]].name}
                        for city, r in borrowed if r.index in used_borrowed]
            best = (score, used, stations)
    result = {"tickets": [list(p) for p in pairs], "trains_left": me.trains_left}
    if best is None:
        return {**result, "possible": False, "trains": None, "routes": [], "owned": [],
                "borrowed": [], "enough_trains": False}
    (trains, _), used, stations = best
    rows = {how: [_route_row(r) for r in _sorted_routes(d["route"] for d in used if d["how"] == how)]
            for how in ("claim", "owned")}
    return {**result, "possible": True, "trains": int(trains), "routes": rows["claim"],
            "owned": rows["owned"], "borrowed": stations, "enough_trains": trains <= me.trains_left}
