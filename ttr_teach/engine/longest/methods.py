"""The methods: which exact method solves which piece of a network, and the stats that say so."""
from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import partial
from typing import Any

from ..errors import MapError
from ..i18n import gettext
from .bridges import solve_piece
from .intnet import IntNetwork
from .network import Edge, Trail, components, read_edges, trail_of
from .reductions import bits
from .searches import SEARCH_MAX_EDGES, search_component

#: The exact methods :func:`~ttr_teach.engine.longest.longest_route` can be asked for.
METHODS = ("auto", "blocks", "trails", "removal", "ilp")

#: ``"auto"`` solves networks of up to this many routes by bridges and blocks, bigger ones
#: (whole maps) piece by piece by reductions and then search 2 or the integer program.
BLOCKS_MAX_EDGES = 64

__all__ = ["METHODS", "BLOCKS_MAX_EDGES", "SEARCH_MAX_EDGES", "Solution", "new_stats", "solve"]


def new_stats() -> dict:
    """Empty stats: pieces seen, pieces that were one Euler trail, searches, integer programs."""
    return {"components": 0, "euler_components": 0, "searches": [], "ilp": []}


class Solution:
    """What :func:`solve` found: ``length``, the proven ``bound``, ``stats``, and one
    longest trail, as :meth:`steps` or as a :class:`~ttr_teach.engine.longest.network.Trail`
    (:meth:`trail`), each built only when asked for."""

    __slots__ = ("edges", "length", "bound", "stats", "_found", "_net")

    def __init__(self, edges: Sequence[Edge], length: int, bound: int, stats: dict[str, Any],
                 found: Any, net: IntNetwork | None = None) -> None:
        self.edges, self.length, self.bound, self.stats = edges, length, bound, stats
        # steps; with a net, a function giving them in integer form (walked when asked)
        self._found, self._net = found, net

    def _integer_steps(self) -> list:
        found = self._found
        if callable(found):
            found = self._found = found()
        return found

    def steps(self) -> list:
        """The trail as steps ``(edge index, from, to)``."""
        return self._found if self._net is None else self._net.original(self._integer_steps())

    def trail(self) -> Trail:
        """The trail as a :class:`~ttr_teach.engine.longest.network.Trail`, whose way
        (cities and edges) is walked when first asked for."""
        if self._net is None:
            return trail_of(self.edges, self.steps())
        return Trail.later(self.length, self._way)

    def _way(self) -> tuple:
        """``(cities, edges, edge_indices)`` of the trail, from the steps in integer form."""
        found = self._integer_steps()
        if not found:
            return (), (), ()
        net = self._net
        assert net is not None                  # a trail walked later is one of a network
        cities, local = net.cities, net.edges
        index = tuple([bit.bit_length() - 1 for bit, _, _ in found])
        names = [cities[found[0][1]]] + [cities[y] for _, _, y in found]
        lengths = [local[k][2] for k in index]
        return tuple(names), tuple(zip(names, names[1:], lengths, strict=False)), index


def solve(edges: Any, method: str = "auto") -> Solution:
    """Every piece of ``edges`` solved by ``method`` (one of :data:`METHODS`); the longest
    trail of all is kept.

    >>> found = solve([("A", "B", 2), ("C", "D", 3)])
    >>> found.length, found.steps(), found.bound
    (3, [(1, 'D', 'C')], 3)
    """
    if method not in METHODS:
        raise MapError(gettext("unknown longest-route method {method}; use one of {methods}").format(
            method=repr(method), methods=", ".join(METHODS)))
    net = None
    if type(edges) is list and (method == "blocks" or (method == "auto"
                                                     and len(edges) <= BLOCKS_MAX_EDGES)):
        net = IntNetwork.plain(edges)           # the common case: checked while numbered
    if net is None:
        edges = read_edges(edges)
        if method == "blocks" or (method == "auto" and len(edges) <= BLOCKS_MAX_EDGES):
            net = IntNetwork(edges)
    stats = new_stats()
    if net is not None:
        edges = net.edges
        best_walk: Callable[[], list]
        best, best_walk = 0, list
        for value, walk in _by_pieces(net, stats):
            if value > best:
                best, best_walk = value, walk
        return Solution(edges, best, best, stats, best_walk, net)
    best, best_steps, bound = 0, [], 0
    for ids in components(edges):
        stats["components"] += 1
        value, steps, ub = search_component(edges, ids, method, stats)
        bound = max(bound, ub)
        if value > best:
            best, best_steps = value, steps
    return Solution(edges, best, bound, stats, best_steps)


def _by_pieces(net: IntNetwork, stats: dict[str, Any]
               ) -> Iterator[tuple[int, Callable[[], list[tuple[int, int, int]]]]]:
    """Each piece of a network with at most two odd cities as one Euler trail (fact 1),
    else each piece by bridges and blocks: ``(length, function giving the steps in integer
    form)``."""
    nbrs, loops = net.nbrs, net.loops
    if sum([len(around) & 1 for around in nbrs]) > 2:
        discovered, n = net.discovered, len(nbrs)
        for start in range(n):
            if not discovered[start]:
                stats["components"] += 1
                yield solve_piece(net, start, stats)
                if net.searched == n:       # every city seen: no piece left
                    return
        return
    parent_bit, loop_length, edges = net.parent_bit, net.loop_length, net.edges
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
        yield length, partial(_euler_walk, net, routes, start)


def _euler_walk(net: IntNetwork, routes: int, start: int) -> list[tuple[int, int, int]]:
    """The steps of an Euler trail through ``routes`` from ``start``, loops included."""
    return net.take_loops(net.euler(routes, start), start)
