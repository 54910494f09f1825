"""Which exact method solves which piece of a network, and the stats that say so."""
from __future__ import annotations

from ..errors import MapError
from .bridges import solve_piece
from .intnet import IntNetwork
from .network import components, read_edges
from .reductions import bits
from .searches import SEARCH_MAX_EDGES, search_component

#: The exact methods :func:`~ttr_teach.engine.longest.longest_route` can be asked for.
METHODS = ("auto", "blocks", "trails", "removal", "ilp")

#: ``"auto"`` solves networks of up to this many routes by bridges and blocks, bigger ones
#: (whole maps) piece by piece by reductions and then search 2 or the integer program.
BLOCKS_MAX_EDGES = 64

__all__ = ["METHODS", "BLOCKS_MAX_EDGES", "SEARCH_MAX_EDGES", "new_stats", "solve"]


def new_stats() -> dict:
    """Empty stats: pieces seen, pieces that were one Euler trail, searches, integer programs."""
    return {"components": 0, "euler_components": 0, "searches": [], "ilp": []}


def solve(edges, method="auto"):
    """Every piece of ``edges`` solved: ``(edges read, length, steps, upper bound, stats)``.

    >>> solve([("A", "B", 2), ("C", "D", 3)])[1:4]
    (3, [(1, 'D', 'C')], 3)
    """
    if method not in METHODS:
        raise MapError(f"unknown longest-route method {method!r}; use one of {', '.join(METHODS)}")
    edges = read_edges(edges)
    stats = new_stats()
    best, best_steps, bound = 0, [], 0
    by_pieces = method == "blocks" or (method == "auto" and len(edges) <= BLOCKS_MAX_EDGES)
    for value, steps, ub in (_by_pieces(edges, method, stats) if by_pieces
                             else _by_components(edges, method, stats)):
        bound = max(bound, ub)
        if value > best:
            best, best_steps = value, steps
    return edges, best, best_steps, bound, stats


def _by_components(edges, method, stats):
    """Each piece by reductions and the search ``method`` (or the integer program)."""
    for ids in components(edges):
        stats["components"] += 1
        yield search_component(edges, ids, method, stats)


def _by_pieces(edges, method, stats):
    """Each piece of a network with at most two odd cities as one Euler trail (fact 1),
    else each piece by bridges and blocks."""
    net = IntNetwork(edges)
    nbrs, loops = net.nbrs, net.loops
    if sum([len(around) & 1 for around in nbrs]) > 2:
        discovered = net.discovered
        for start in range(len(nbrs)):
            if not discovered[start]:
                stats["components"] += 1
                length, steps = solve_piece(net, start, stats)
                yield length, net.original(steps), length
        return
    parent_bit, loop_length = net.parent_bit, net.loop_length
    for order, chords in net.pieces():
        stats["components"] += 1
        stats["euler_components"] += 1
        routes = 0
        for x in order[1:]:
            routes |= parent_bit[x]
        for chord in chords:
            routes |= chord[0]
        length = sum([edges[k][2] for k in bits(routes)])
        if loops:
            length += sum([loop_length[x] for x in order])
        start = next((x for x in order if len(nbrs[x]) & 1), order[0])
        steps = net.original(net.take_loops(net.euler(routes, start), start))
        yield length, steps, length
