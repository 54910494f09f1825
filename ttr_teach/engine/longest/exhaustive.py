"""The plain exhaustive search: the reference every exact method is tested and timed
against (``bench/longest_route.py``). Keep it plain: its speed is the yardstick."""
from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Any

from .network import Step, Trail, read_edges, trail_of


def longest_route_exhaustive(edges: Iterable[Any]) -> Trail:
    """The longest trail through ``edges`` by plain exhaustive search.

    This is what most public engines do: take every route as a first step, in each
    direction, and extend the trail depth-first through every unused route at its end,
    keeping the best.

    Parameters
    ----------
    edges : iterable of (city_a, city_b, length)
        As for :func:`~ttr_teach.engine.longest.longest_route`.

    Returns
    -------
    Trail
        The first longest trail found.

    Notes
    -----
    Time proportional to the number of trails (each found twice, once per direction):
    exponential in the number of routes; a few milliseconds for a tree-like 45-train
    network, tens of milliseconds for one with many cycles, hopeless for a whole map.

    Examples
    --------
    >>> longest_route_exhaustive([("A", "B", 2), ("B", "C", 3), ("C", "A", 1)]).length
    6
    """
    edges = read_edges(edges)
    adjacent: dict[Hashable, list[tuple[int, Hashable]]] = {}
    for i, (a, b, _) in enumerate(edges):
        adjacent.setdefault(a, []).append((i, b))
        if a != b:
            adjacent.setdefault(b, []).append((i, a))
    used = [False] * len(edges)
    path: list[Step] = []
    best: list[Any] = [0, []]

    def extend(city: Hashable, length: int) -> None:
        if length > best[0]:
            best[0], best[1] = length, list(path)
        for i, other in adjacent[city]:
            if not used[i]:
                used[i] = True
                path.append((i, city, other))
                extend(other, length + edges[i][2])
                path.pop()
                used[i] = False

    for i, (a, b, w) in enumerate(edges):
        for start, end in ((a, b), (b, a)):
            used[i] = True
            path.append((i, start, end))
            extend(end, w)
            path.pop()
            used[i] = False
    return trail_of(edges, best[1])
