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

#: ``"auto"`` solves pieces of up to this many routes by bridges and blocks, bigger ones
#: (whole maps) by reductions and then search 2 or the integer program.
BLOCKS_MAX_EDGES = 64

__all__ = ["METHODS", "BLOCKS_MAX_EDGES", "SEARCH_MAX_EDGES", "new_stats", "solve"]


def new_stats() -> dict:
    """Empty stats: pieces seen, pieces that were one Euler trail, searches, integer programs."""
    return {"components": 0, "euler_components": 0, "searches": [], "ilp": []}


def solve(edges, method="auto"):
    """Every piece of ``edges`` solved: ``(edges read, length, steps, upper bound, stats)``.

    >>> solve([("A", "B", 2), ("C", "D", 3)])[1:4]
    (3, [(1, 'C', 'D')], 3)
    """
    if method not in METHODS:
        raise MapError(f"unknown longest-route method {method!r}; use one of {', '.join(METHODS)}")
    edges = read_edges(edges)
    stats = new_stats()
    best, best_steps, bound = 0, [], 0
    for value, steps, ub in (_by_pieces(edges, method, stats) if method in ("auto", "blocks")
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
    """Each piece found by one depth-first search: one Euler trail when it has at most two
    odd cities (fact 1), else bridges and blocks (the integer program or search 2 for a big
    piece when ``method`` is ``"auto"``)."""
    net = IntNetwork(edges)
    nbrs, parent_bit, loops, loop_length = net.nbrs, net.parent_bit, net.loops, net.loop_length
    for order, chords in net.pieces():
        stats["components"] += 1
        odd = [x for x in order if len(nbrs[x]) & 1]
        if len(odd) <= 2 or (method == "auto" and len(order) - 1 + len(chords) > BLOCKS_MAX_EDGES):
            routes = 0
            for x in order[1:]:
                routes |= parent_bit[x]
            for chord in chords:
                routes |= chord[0]
            if len(odd) > 2:
                ids = list(bits(routes)) + [k for x in order for k in loops.get(x, ())]
                yield search_component(edges, sorted(ids), "auto", stats)
                continue
            stats["euler_components"] += 1
            length = sum([edges[k][2] for k in bits(routes)])
            if loops:
                length += sum([loop_length[x] for x in order])
            start = odd[0] if odd else order[0]
            steps = net.original(net.take_loops(net.euler(routes, start), start))
            yield length, steps, length
            continue
        length, steps = solve_piece(net, order, chords, stats)
        yield length, net.original(steps), length
