"""The reduce-then-search path: reductions (facts 4-6 of :mod:`ttr_teach.engine.longest`),
then search 1, search 2 or the integer program on what is left."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from .ilp import integer_program
from .network import Edge, Step, euler_steps, odd_cities
from .reductions import euler_reduced, reduce_component
from .removal import removal_search
from .trails import trail_search

#: Components whose reduced network has more routes than this are solved by the integer
#: program, smaller ones by search 2 (both exact).
SEARCH_MAX_EDGES = 36


def search_component(edges: Sequence[Edge], ids: Iterable[int], method: str, stats: dict[str, Any]
                     ) -> tuple[int, list[Step], int]:
    """The longest trail of one connected piece by reductions and a search.

    Parameters
    ----------
    edges : list of (city_a, city_b, length)
    ids : list of int
        The edge indices of one connected piece.
    method : {"trails", "removal", "ilp", "auto"}
        The search run on the reduced piece; ``"auto"`` is search 2, or the integer
        program when more than :data:`SEARCH_MAX_EDGES` routes are left.
    stats : dict
        Gets one entry in ``stats["searches"]`` (or ``stats["ilp"]``) for this piece.

    Returns
    -------
    (int, list, int)
        The length, the steps ``(edge index, from, to)`` of one longest trail, and an upper
        bound (the length itself, but for the integer program's proven bound).

    Examples
    --------
    >>> k4 = [("A", "B", 1), ("A", "C", 2), ("A", "D", 3), ("B", "C", 4), ("B", "D", 5), ("C", "D", 6)]
    >>> stats = {"searches": [], "ilp": [], "euler_components": 0}
    >>> search_component(k4, range(6), "removal", stats)[0], stats["searches"][0]["method"]
    (20, 'removal')
    """
    ids = list(ids)
    total = sum(edges[i][2] for i in ids)
    if len(odd_cities(edges, ids)) <= 2:         # fact 1: the whole component is a trail
        stats["euler_components"] += 1
        return total, euler_steps(edges, ids), total
    if method == "ilp":
        value, chosen, bound, ilp_stats = integer_program(edges, ids)
        stats["ilp"].append(ilp_stats)
        return value, euler_steps(edges, chosen), bound
    cities, reduced, candidates = reduce_component(edges, ids)
    cycles = len(reduced) - len(cities) + 1
    if method == "auto":
        if len(reduced) > SEARCH_MAX_EDGES:
            return search_component(edges, ids, "ilp", stats)
        method = "removal"
    local = [(u, v, w) for u, v, w, _ in reduced]
    if len(odd_cities(local, range(len(local)))) <= 2:   # what is left is one trail (fact 1)
        method, states = "euler", 0
        value = sum(w for _, _, w in local)
        steps = euler_reduced(reduced, (1 << len(reduced)) - 1)
    else:
        search = trail_search if method == "trails" else removal_search
        value, steps, states = search(len(cities), reduced)
    stats["searches"].append({"method": method, "cities": len(cities), "routes": len(reduced),
                              "cycles": cycles, "states": states})
    for length, kept in candidates:
        if length > value:
            value, steps = length, kept
    return value, steps, value
