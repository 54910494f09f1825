"""Exact Steiner trees and forests on any weighted graph.

The lightest set of edges joining a set of *terminals* is a minimum Steiner tree; the
lightest set in which each of several *pairs* is joined (pairs need not be joined to each
other) is a minimum Steiner forest. Both are NP-hard in general, yet exact and fast for the
dozen cities of a hand of tickets:

1. all shortest distances first (:class:`MetricClosure`, Floyd-Warshall);
2. one run of the Dreyfus-Wagner dynamic programme over all terminals gives the exact tree
   weight of *every* subset of them at once (:func:`steiner_tree_table`);
3. for a forest, pairs sharing a node are merged into units and a second, small dynamic
   programme over subsets of units picks the best grouping (a set partition), each group
   joined by its own tree (:func:`steiner_forest`).

The trees are then rebuilt from the tables, so the answers list the actual edges.
:mod:`ttr_teach.algorithms.planning` uses them on the maps (the fewest trains completing a
set of tickets).

>>> import networkx as nx
>>> star = nx.Graph([("a", "hub", {"weight": 1}), ("b", "hub", {"weight": 1}),
...                  ("c", "hub", {"weight": 1}), ("a", "b", {"weight": 3})])
>>> steiner_tree(star, ["a", "b", "c"])[0]
3
"""
from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import networkx as nx
import numpy as np

from ..engine.errors import ArgumentError, LimitError
from ..engine.i18n import gettext

#: More distinct terminals than this would take minutes (the work grows as 3^k).
MAX_TERMINALS = 16
_CHUNK = 1 << 18  # floats per numpy block in the dynamic programme (2 MB: stays in cache)


# -- the metric closure -------------------------------------------------------------------------
class MetricClosure:
    """All-pairs shortest distances of a weighted graph, with next hops to rebuild the paths.

    Parameters
    ----------
    graph : networkx.Graph or networkx.MultiGraph
        Undirected, with weights >= 0 (zero is allowed: routes a player already owns). For a
        multigraph the lightest of parallel edges is used.
    weight : str, default "weight"
        The edge attribute holding the weight (1 where it is missing).

    Attributes
    ----------
    nodes : list
        The graph's nodes; ``index`` maps each to its row in the matrices.
    dist : numpy.ndarray
        ``dist[i, j]``: the shortest distance from node i to node j (inf if unreachable).
    next : numpy.ndarray
        ``next[i, j]``: the node after i on a shortest path to j.
    edge : dict
        ``(i, j) -> the graph's identifier of the lightest edge between them``.

    Raises
    ------
    ArgumentError
        If the graph is directed or a weight is negative or not a number.

    Notes
    -----
    Floyd-Warshall over a dense matrix: O(V^3) time, vectorised by numpy row operations,
    and O(V^2) memory.

    References
    ----------
    .. [1] R. W. Floyd, "Algorithm 97: Shortest path", Communications of the ACM 5 (1962) 345.

    Examples
    --------
    >>> mc = MetricClosure(nx.path_graph(4))
    >>> mc.distance(0, 3), mc.path(0, 3)
    (3.0, [0, 1, 2, 3])
    """

    def __init__(self, graph: nx.Graph, weight: str = "weight") -> None:
        if graph.is_directed():
            raise ArgumentError(gettext("cheapest networks are defined on undirected graphs"))
        self.graph = graph
        self.weight = weight
        self.nodes = list(graph.nodes)
        self.index = {node: i for i, node in enumerate(self.nodes)}
        n = len(self.nodes)
        dist = np.full((n, n), np.inf)
        np.fill_diagonal(dist, 0.0)
        nxt = np.tile(np.arange(n), (n, 1))
        self.edge: dict[tuple[int, int], tuple] = {}  # (i, j) -> the edge identifier in ``graph`` of the lightest edge
        edges = graph.edges(keys=True, data=True) if graph.is_multigraph() else (
            (u, v, None, d) for u, v, d in graph.edges(data=True))
        for u, v, key, data in edges:
            w = data.get(weight, 1)
            if isinstance(w, bool) or not isinstance(w, (int, float, np.integer, np.floating)) or w < 0:
                message = gettext("the edge {a}–{b} has weight {weight}; weights must be numbers >= 0")
                raise ArgumentError(message.format(a=u, b=v, weight=repr(w)))
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

    def distance(self, a: Hashable, b: Hashable) -> float:
        """The shortest distance from node ``a`` to node ``b``."""
        return float(self.dist[self.index[a], self.index[b]])

    def path_indices(self, i: int, j: int) -> list:
        """The matrix indices along one shortest path from index ``i`` to index ``j``."""
        if not np.isfinite(self.dist[i, j]):
            raise nx.NetworkXNoPath(gettext("no path between {a} and {b}").format(a=self.nodes[i], b=self.nodes[j]))
        path = [i]
        while path[-1] != j:
            path.append(int(self.next[path[-1], j]))
        return path

    def path(self, a: Hashable, b: Hashable) -> list:
        """The nodes of one shortest path from ``a`` to ``b``."""
        return [self.nodes[i] for i in self.path_indices(self.index[a], self.index[b])]


# -- Dreyfus-Wagner -----------------------------------------------------------------------------
@lru_cache(maxsize=64)
def _layer(k: int, s: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
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


def steiner_tree_table(dist: np.ndarray, terminals: Sequence[int]) -> tuple:
    """The Dreyfus-Wagner tables: the minimum Steiner tree weight of every subset of terminals.

    Parameters
    ----------
    dist : numpy.ndarray
        A V x V matrix of shortest distances (a metric, as :class:`MetricClosure` computes).
    terminals : sequence of int
        The k terminals, as node indices (rows of ``dist``).

    Returns
    -------
    (DP, B) : tuple of numpy.ndarray
        Two ``2^k x V`` arrays. ``DP[S, v]`` is the weight of a minimum Steiner tree joining
        the terminals in the bit set ``S`` and node ``v``; ``B[S, v]`` the same with ``v`` a
        branching point (the best split of ``S`` into two trees meeting at ``v``). The tree
        of the terminal set ``S`` alone weighs ``DP[S, t]`` for any ``t`` in ``S``.

    Notes
    -----
    The recurrence: ``DP[{t}, v] = d(t, v)``; ``B[S, u]`` = the least ``DP[T, u] +
    DP[S - T, u]`` over the splits of ``S``; ``DP[S, v]`` = the least ``d(v, u) + B[S, u]``
    over ``u``. O(3^k V + 2^k V^2) time, O(2^k V) memory; the subsets of each size are
    computed in numpy blocks.

    References
    ----------
    .. [1] S. E. Dreyfus and R. A. Wagner, "The Steiner problem in graphs", Networks 1
       (1971) 195-207.

    Examples
    --------
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

    def __init__(self, closure: MetricClosure, terminals: Iterable[Hashable]) -> None:
        self.closure = closure
        self.terminals = list(dict.fromkeys(terminals))
        if len(self.terminals) > MAX_TERMINALS:
            raise LimitError(gettext("{n} different cities is too many for the exact planner (at most {most}); the "
                                     "work grows as 3 to that power").format(n=len(self.terminals),
                                                                            most=MAX_TERMINALS))
        self.bit = {t: i for i, t in enumerate(self.terminals)}
        self.term_index = [closure.index[t] for t in self.terminals]
        self.DP, self.B = steiner_tree_table(closure.dist, self.term_index)

    def mask(self, nodes: Iterable[Hashable]) -> int:
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
            raise nx.NetworkXNoPath(gettext("these cities cannot all be connected"))
        dist, D = self.closure.dist, self.DP
        low = (mask & -mask).bit_length() - 1
        hops: list[tuple[int, int]] = []
        todo = [(mask, self.term_index[low])]
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
            assert split is not None                # S has two terminals or more: it splits
            todo += [(split, u), (S ^ split, u)]
        edges = set()
        for i, j in hops:
            path = self.closure.path_indices(i, j)
            for x, y in zip(path, path[1:], strict=False):
                edges.add(self.closure.edge[x, y])
        ends = {self.terminals[b] for b in range(len(self.terminals)) if mask >> b & 1}
        return _prune(self.closure.graph, edges, ends, self.closure.weight)


def _edge_weight(graph: nx.Graph, edge: tuple, weight: str = "weight") -> Any:
    data = graph.edges[edge] if len(edge) == 3 else graph.edges[edge[0], edge[1]]
    return data.get(weight, 1)


def _prune(graph: nx.Graph, edges: Iterable[tuple], terminals: set, weight: str = "weight") -> set:
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


def steiner_tree(graph: nx.Graph, terminals: Iterable[Hashable], weight: str = "weight") -> tuple:
    """An exact minimum Steiner tree: the lightest set of edges joining all ``terminals``.

    Parameters
    ----------
    graph : networkx.Graph or networkx.MultiGraph
        Undirected, with weights >= 0.
    terminals : iterable
        The nodes to join (at most :data:`MAX_TERMINALS` different ones).
    weight : str, default "weight"
        The edge attribute holding the weight (1 where it is missing).

    Returns
    -------
    (weight, edges) : tuple
        The tree's total weight and its edges: ``(u, v)`` pairs for a Graph, ``(u, v, key)``
        for a MultiGraph.

    Raises
    ------
    networkx.NetworkXNoPath
        If the terminals are not all in one connected component.
    LimitError
        If there are more than :data:`MAX_TERMINALS` terminals.

    Notes
    -----
    O(V^3 + 3^k V + 2^k V^2) for k terminals: :class:`MetricClosure`, then
    :func:`steiner_tree_table`. It is :func:`steiner_forest` with every terminal paired
    with the first.

    References
    ----------
    .. [1] Dreyfus and Wagner (1971), see :func:`steiner_tree_table`.

    Examples
    --------
    >>> g = nx.Graph()
    >>> g.add_weighted_edges_from([("a", "x", 2), ("b", "x", 2), ("c", "x", 2), ("a", "b", 4), ("b", "c", 4)])
    >>> w, edges = steiner_tree(g, ["a", "b", "c"])
    >>> w, sorted(tuple(sorted(e)) for e in edges)
    (6, [('a', 'x'), ('b', 'x'), ('c', 'x')])
    """
    terminals = list(terminals)
    result = steiner_forest(graph, [(t, terminals[0]) for t in terminals[1:]], weight=weight)
    return result.weight, set(result.edges)


def _group_pairs(pairs: Sequence[Sequence[Hashable]], links: Iterable[Sequence[Hashable]]
                 ) -> list[list[int]]:
    """Indices of ``pairs`` grouped by the connected pieces of the graph whose edges are
    ``links`` (node pairs), sorted."""
    h = nx.Graph()
    h.add_nodes_from(c for p in pairs for c in p)
    h.add_edges_from(links)
    piece = {}
    for i, comp in enumerate(nx.connected_components(h)):
        piece.update(dict.fromkeys(comp, i))
    groups: dict[int, list[int]] = {}
    for i, (a, _) in enumerate(pairs):
        groups.setdefault(piece[a], []).append(i)
    return sorted(groups.values())


def _unit_groups(pairs: Sequence[Sequence[Hashable]]) -> list[list[int]]:
    """Pairs sharing a node, directly or through other pairs, are grouped: they always end up
    in the same piece of any network that serves them."""
    return _group_pairs(pairs, pairs)


def pieces_of_pairs(edges: Iterable[tuple], pairs: Sequence[Sequence[Hashable]]) -> list[list[int]]:
    """Which pairs each connected piece of a forest serves.

    Parameters
    ----------
    edges : iterable
        The forest's edges, ``(u, v)`` or ``(u, v, key)``.
    pairs : sequence of (node, node)
        The pairs the forest connects.

    Returns
    -------
    list of list of int
        The indices of the pairs, grouped by the piece of ``edges`` holding them, sorted.

    Notes
    -----
    O(V + E + P): one connected-components pass.

    References
    ----------
    .. [1] Cormen et al., *Introduction to Algorithms*, 3rd ed., MIT Press, 2009, section 21.1
       (connected components).

    Examples
    --------
    >>> pieces_of_pairs([(0, 1), (2, 3)], [(0, 1), (3, 2), (1, 0)])
    [[0, 2], [1]]
    """
    return _group_pairs(pairs, [(e[0], e[1]) for e in edges])


@dataclass(frozen=True)
class SteinerForest:
    """The answer of :func:`steiner_forest`: its total ``weight``, its ``edges`` (a set, as
    in :func:`steiner_tree`) and ``groups``: for each connected piece, the indices of the
    pairs it serves."""

    weight: float
    edges: frozenset
    groups: list

    def to_dict(self) -> dict:
        """``{"weight", "edges", "groups"}`` with the edges as lists in a fixed order (plain
        JSON when the nodes are names or numbers)."""
        return {"weight": self.weight, "edges": sorted((list(e) for e in self.edges), key=repr),
                "groups": [list(g) for g in self.groups]}


def steiner_forest(graph: nx.Graph, pairs: Iterable[Sequence[Hashable]], weight: str = "weight",
                   closure: MetricClosure | None = None) -> SteinerForest:
    """An exact minimum Steiner forest: the lightest edge set in which each pair is connected.

    Parameters
    ----------
    graph : networkx.Graph or networkx.MultiGraph
        Undirected, with weights >= 0.
    pairs : iterable of (node, node)
        The pairs to connect (at most :data:`MAX_TERMINALS` different nodes in all).
    weight : str, default "weight"
        The edge attribute holding the weight (1 where it is missing).
    closure : MetricClosure, optional
        The graph's closure, if already computed (it is the O(V^3) part).

    Returns
    -------
    SteinerForest
        ``weight`` (the total), ``edges`` (as in :func:`steiner_tree`) and ``groups``: for
        each connected piece of the answer, the indices of the pairs it serves.

    Raises
    ------
    networkx.NetworkXNoPath
        If some pair is not connected in ``graph``.
    ArgumentError
        If a pair is not two nodes of the graph.
    LimitError
        If there are too many nodes.

    Notes
    -----
    Pairs sharing a node are merged into units; a single :func:`steiner_tree_table` over all
    the nodes of the pairs gives the tree weight of any union of units; a dynamic programme
    over subsets of the u units picks the best partition; the chosen trees are rebuilt.
    O(V^3 + 3^k V + 2^k V^2 + 3^u) for k distinct nodes in the pairs.

    References
    ----------
    .. [1] Dreyfus and Wagner (1971), see :func:`steiner_tree_table`.
    .. [2] A. Agrawal, P. Klein and R. Ravi, "When trees collide: an approximation algorithm
       for the generalized Steiner problem on networks", SIAM Journal on Computing 24 (1995)
       440-456.

    Examples
    --------
    >>> g = nx.path_graph(6)           # 0-1-2-3-4-5, every edge of weight 1
    >>> r = steiner_forest(g, [(0, 1), (4, 5)])
    >>> r.weight, sorted(r.edges), r.groups
    (2, [(0, 1), (4, 5)], [[0], [1]])
    """
    pairs = [tuple(p) for p in pairs]
    for p in pairs:
        if len(p) != 2 or p[0] not in graph or p[1] not in graph:
            raise ArgumentError(gettext("{value} is not a pair of nodes of the graph").format(value=repr(p)))
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
        raise nx.NetworkXNoPath(gettext("some pair of cities cannot be connected at all"))
    edges, X = set(), full
    while X:
        edges |= solver.tree_edges(_union(unit_masks, choice[X]))
        X ^= choice[X]
    total = sum(_edge_weight(graph, e, weight) for e in edges)
    return SteinerForest(total, frozenset(edges), pieces_of_pairs(edges, pairs))


def _union(unit_masks: Sequence[int], X: int) -> int:
    out, i = 0, 0
    while X:
        if X & 1:
            out |= unit_masks[i]
        X >>= 1
        i += 1
    return out

