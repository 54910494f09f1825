"""Minimum cuts in small directed graphs with fractional capacities, for cut separation.

A branch-and-cut solver asks thousands of times per second whether some set of cities is
joined to another by at least ``need`` units of capacity (an LP solution's arc values). The
graphs are tiny (a map: under 50 cities, under 200 arcs), so a plain augmenting-path
algorithm in Python, stopped as soon as ``need`` units flow, beats building a sparse matrix
for a library call.

>>> arcs = [(0, 1), (1, 2), (0, 2)]
>>> flow, side = min_cut(3, arcs, [0.5, 0.25, 0.5], [0], 2)
>>> flow, sorted(side)
(0.75, [0, 1])
>>> min_cut(3, arcs, [0.5, 0.25, 0.5], [0], 2, need=0.6)[0] >= 0.6
True
"""
from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from typing import Any

EPS = 1e-9


def residual_graph(n: int, arcs: Sequence[tuple[int, int]], capacity: Sequence[float]) -> list[dict[int, float]]:
    """The residual graph of ``arcs`` with ``capacity`` before any flow: one dict per node
    (and one more, empty, for the super source) mapping a neighbour to the capacity left.
    Build it once and pass it to :func:`min_cut` as ``base`` for many flows over the same
    capacities (it is copied, never changed).

    >>> residual_graph(2, [(0, 1)], [0.5])
    [{1: 0.5}, {0: 0.0}, {}]
    """
    residual: list[dict[int, float]] = [dict() for _ in range(n + 1)]
    for (u, v), c in zip(arcs, capacity, strict=True):
        if c > EPS and u != v:
            residual[u][v] = residual[u].get(v, 0.0) + c
            residual[v].setdefault(u, 0.0)
    return residual


def min_cut(n: int, arcs: Sequence[tuple[int, int]], capacity: Sequence[float], sources: Sequence[int], sink: int,
            need: float | None = None, source_capacity: Sequence[float] | None = None,
            base: list[dict[int, float]] | None = None) -> tuple[float, set[int] | None]:
    """Maximum flow from ``sources`` to ``sink`` and the source side of a minimum cut.

    Parameters
    ----------
    n : int
        Number of nodes, numbered ``0 .. n-1``.
    arcs : sequence of (int, int)
        Directed arcs ``(tail, head)``.
    capacity : sequence of float
        The capacity of each arc (values ``<= 0`` are ignored).
    sources : sequence of int
        Nodes the flow may start from; with ``source_capacity`` (one value per source) each
        starts at most that much (a super source joined to them), else without limit.
    sink : int
        The node the flow goes to.
    need : float, optional
        Stop as soon as this much flows (the cut is then not needed and ``None`` is returned
        for it): enough to know that no cut below ``need`` exists.
    base : list of dict, optional
        :func:`residual_graph` of ``arcs`` and ``capacity``, built once for many flows.

    Returns
    -------
    (float, set or None)
        The flow found and the set of nodes reachable from the sources in the residual
        graph (the source side of a minimum cut), or ``None`` if the search stopped at ``need``.

    Notes
    -----
    Edmonds-Karp: breadth-first augmenting paths, O(V E^2) in the worst case; on a map it is
    a few augmentations of O(E) each.

    References
    ----------
    J. Edmonds and R. M. Karp, "Theoretical improvements in algorithmic efficiency for network
    flow problems", Journal of the ACM 19 (1972) 248-264.
    """
    SUPER = n
    residual = [dict(d) for d in residual_graph(n, arcs, capacity)] if base is None else \
        [dict(d) for d in base]
    for i, s in enumerate(sources):
        c = float("inf") if source_capacity is None else source_capacity[i]
        if c > EPS:
            residual[SUPER][s] = residual[SUPER].get(s, 0.0) + c
            residual[s].setdefault(SUPER, 0.0)
    flow = 0.0
    while True:
        parent: dict[int, Any] = {SUPER: None}     # node -> the node it was reached from
        queue = deque([SUPER])
        while queue and sink not in parent:
            u = queue.popleft()
            for v, c in residual[u].items():
                if c > EPS and v not in parent:
                    parent[v] = u
                    queue.append(v)
        if sink not in parent:
            return flow, {v for v in parent if v != SUPER}
        path, v = [], sink
        while parent[v] is not None:
            path.append((parent[v], v))
            v = parent[v]
        push = min(residual[u][v] for u, v in path)
        for u, v in path:
            residual[u][v] -= push
            residual[v][u] += push
        flow += push
        if need is not None and flow >= need - EPS:
            return flow, None
