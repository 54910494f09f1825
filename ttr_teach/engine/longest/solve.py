"""Which exact method solves which piece of a network, and the stats that say so."""
from __future__ import annotations

from ..errors import MapError
from .ilp import integer_program
from .network import components, euler_steps, odd_cities, read_edges
from .reductions import euler_reduced, reduce_component
from .removal import removal_search
from .trails import trail_search

#: The exact methods :func:`~ttr_teach.engine.longest.longest_route` can be asked for.
METHODS = ("auto", "trails", "removal", "ilp")

#: Components whose reduced network (facts 4-5) has more routes than this are solved by
#: the integer program, smaller ones by search 2 (both exact).
SEARCH_MAX_EDGES = 36


def new_stats() -> dict:
    """Empty stats: pieces seen, pieces that were one Euler trail, searches, integer programs."""
    return {"components": 0, "euler_components": 0, "searches": [], "ilp": []}


def solve_component(edges, ids, method, stats):
    """The longest trail of one connected piece: ``(length, steps, upper bound)``."""
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
        method = "ilp" if len(reduced) > SEARCH_MAX_EDGES else "removal"
        if method == "ilp":
            return solve_component(edges, ids, "ilp", stats)
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


def solve(edges, method="auto"):
    """Every piece of ``edges`` solved: ``(edges read, length, steps, upper bound, stats)``."""
    if method not in METHODS:
        raise MapError(f"unknown longest-route method {method!r}; use one of {', '.join(METHODS)}")
    edges = read_edges(edges)
    stats = new_stats()
    best, best_steps, bound = 0, [], 0
    for ids in components(edges):
        stats["components"] += 1
        value, steps, ub = solve_component(edges, ids, method, stats)
        bound = max(bound, ub)
        if value > best:
            best, best_steps = value, steps
    return edges, best, best_steps, bound, stats
