"""Pairs and triples of tickets that no network within the budget completes together, for
:mod:`~ttr_teach.algorithms.best_score_model`.

The linear relaxation of the best-score program treats the train budget as one linear
constraint, so it may complete a fraction of two tickets that together need far more trains
than the budget. When the fewest trains joining both tickets of a pair (a Steiner forest:
either two separate paths or one tree over the four cities) exceed the budget, at most one
of the two can count: ``y[k] + y[l] <= 1``. The solver turns these pairs into cliques of
tickets that exclude each other. Likewise for three tickets, no two of them exclusive, whose
exact Steiner forest (the best grouping of the three into trees, each tree computed by
Dreyfus-Wagner over its up to six cities) exceeds the budget: ``y[k] + y[l] + y[m] <= 2``.
Three tickets of 8 trains on separate lines fit two at a time in 23 trains, but not all
three: the LP takes a fraction of each, and these rows cut that off (measured: Europe, 25 trains, proven
in 55 processor seconds instead of 103 <= 115 after 60).

The Steiner tree of four cities ``a, b, c, d`` in a metric (all shortest distances) is, for
one of the three ways to split them into two pairs ``{a, b} | {c, d}``, two branch points
``u`` and ``v``: ``d(a,u) + d(b,u) + d(u,v) + d(v,c) + d(v,d)`` (``u`` or ``v`` may be a
terminal, or equal). With the distance matrix that is a few array operations per split.

>>> import numpy as np
>>> path = np.array([[0, 1, 2, 3], [1, 0, 1, 2], [2, 1, 0, 1], [3, 2, 1, 0]], float)
>>> forest_of_two(path, (0, 1), (2, 3))     # two separate single steps: 1 + 1
2.0
>>> forest_of_two(path, (0, 3), (1, 2))     # one tree: the whole path
3.0
"""
from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

import numpy as np

# ``inst`` below is a :class:`~ttr_teach.algorithms.best_score_model.Instance`, typed Any:
# that module imports this one, so naming the class here would close an import circle.


def distance_matrix(inst: Any) -> np.ndarray:
    """All shortest distances (trains) between the cities of ``inst`` in its city order."""
    from scipy.sparse.csgraph import shortest_path

    n = len(inst.cities)
    w = np.zeros((n, n))
    for i, j, rs in inst.pairs:
        w[i, j] = w[j, i] = rs[0].length
    return shortest_path(w, method="D", directed=False)


def _tree_of_four(dist: np.ndarray, a: int, b: int, c: int, d: int) -> float:
    best = np.inf
    for (p, q), (r, s) in (((a, b), (c, d)), ((a, c), (b, d)), ((a, d), (b, c))):
        left = dist[p] + dist[q]          # branch point u for p and q
        right = dist[r] + dist[s]         # branch point v for r and s
        best = min(best, float(np.min(left[:, None] + dist + right[None, :])))
    return best


def forest_of_two(dist: np.ndarray, first: tuple[int, int], second: tuple[int, int]) -> float:
    """The fewest trains joining both city pairs ``first`` and ``second`` (indices into
    ``dist``): two separate paths, or one Steiner tree over the (up to four) cities."""
    (a, b), (c, d) = first, second
    return float(min(dist[a, b] + dist[c, d], _tree_of_four(dist, a, b, c, d)))


def exclusive_pairs(inst: Any, dist: np.ndarray | None = None) -> list[tuple[int, int]]:
    """Index pairs ``(k, l)`` of ``inst.tickets`` that no network within ``inst.trains``
    completes together."""
    dist = distance_matrix(inst) if dist is None else dist
    ends = [(s, t) for s, t, _, _ in inst.tickets]
    return [(k, j) for k in range(len(ends)) for j in range(k + 1, len(ends))
            if forest_of_two(dist, ends[k], ends[j]) > inst.trains + 1e-9]


def _forest_of_three(dist: np.ndarray, ends: Sequence[tuple[int, int]]) -> float:
    """The fewest trains joining three city pairs ``ends``: the best way to group them into
    trees, each tree exact (Dreyfus-Wagner over the up to six cities)."""
    from .steiner import steiner_tree_table

    terminals = sorted({c for pair in ends for c in pair})
    bit = {c: 1 << i for i, c in enumerate(terminals)}
    table, _ = steiner_tree_table(dist, terminals)

    def tree(group: tuple[int, ...]) -> float:
        mask = 0
        for g in group:
            mask |= bit[ends[g][0]] | bit[ends[g][1]]
        return table[mask, terminals[(mask & -mask).bit_length() - 1]]

    return float(min(tree((0, 1, 2)), tree((0, 1)) + tree((2,)), tree((0, 2)) + tree((1,)),
                     tree((1, 2)) + tree((0,)), tree((0,)) + tree((1,)) + tree((2,))))


def exclusive_triples(inst: Any, dist: np.ndarray | None = None, pairs: Collection[tuple[int, int]] | None = None
                      ) -> list[tuple[int, int, int]]:
    """Index triples ``(k, l, m)`` of ``inst.tickets``, no two of them an exclusive pair,
    that no network within ``inst.trains`` completes all together: at most two of the three
    count, ``y[k] + y[l] + y[m] <= 2``.

    >>> from ttr_teach.algorithms.best_score import _distances
    >>> from ttr_teach.algorithms.best_score_model import Instance
    >>> from ttr_teach.engine.maps import load_map
    >>> m = load_map("europe")
    >>> inst = Instance.build(m, 25, False, _distances(m))
    >>> k, l, j = exclusive_triples(inst)[0]
    >>> from ttr_teach.algorithms.planning import cheapest_network
    >>> cheapest_network(m, [inst.tickets[i][3] for i in (k, l, j)]).trains > 25
    True
    """
    from itertools import combinations

    dist = distance_matrix(inst) if dist is None else dist
    pairs = set(exclusive_pairs(inst, dist) if pairs is None else pairs)
    ends = [(s, t) for s, t, _, _ in inst.tickets]
    found = []
    for k, j, m in combinations(range(len(ends)), 3):
        if (k, j) in pairs or (k, m) in pairs or (j, m) in pairs:
            continue
        three = (ends[k], ends[j], ends[m])
        if sum(dist[a, b] for a, b in three) <= inst.trains:   # three separate paths fit
            continue
        if _forest_of_three(dist, three) > inst.trains + 1e-9:
            found.append((k, j, m))
    return found
