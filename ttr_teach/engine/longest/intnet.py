"""A network in integer form for the fast method: cities numbered, routes as bits, pieces
found by one depth-first search that also finds the bridges and the independent cycles."""
from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Sequence
from typing import Any

from .network import MAX_ROUTE_LENGTH, Edge, Step


class IntNetwork:
    """A list of routes in integer form, as :mod:`.bridges` and :mod:`.blocks` read it.

    Cities are ``0..n-1`` (``cities[x]`` is the caller's city, ``number[city]`` its
    number), routes ``0..m-1`` as in the caller's list ``edges``; a route is also named by
    its bit ``1 << k``. ``nbrs[x]`` lists ``(other city, route bit, length)`` for every
    route at ``x`` that is not a loop; loops are kept apart (``loops[x]``: their route
    numbers, ``loop_length[x]``: their total).

    Parameters
    ----------
    edges : list of (city_a, city_b, length)
        Checked input (:func:`~ttr_teach.engine.longest.network.read_edges`), kept as
        ``edges``; or unchecked input through :meth:`plain`, which checks it while
        numbering and keeps a copy.

    Notes
    -----
    Building it and :meth:`pieces` take O(n + m).

    Examples
    --------
    >>> net = IntNetwork([("A", "B", 2), ("B", "B", 1), ("B", "C", 3)])
    >>> net.cities, net.nbrs[1], net.loops, net.ends(2)
    (['A', 'B', 'C'], [(0, 1, 2), (2, 4, 3)], {1: [1]}, (1, 2, 3))
    """

    __slots__ = ("cities", "number", "edges", "nbrs", "loops", "loop_length",
                 "discovered", "low", "parent", "parent_bit", "path_to_root", "mark", "chord_mark",
                 "best1", "via1", "best2", "via2", "searched", "stats")

    def __init__(self, edges: Sequence[Edge]) -> None:
        if not self._number(edges, False):
            raise AssertionError("unreachable: checked edges are always numbered")  # pragma: no cover

    @classmethod
    def plain(cls, edges: Iterable[Any]) -> IntNetwork | None:
        """The network of ``edges`` when it is a list of plain ``(name, name, length)``
        tuples (text names, :class:`int` lengths from 1 to ``MAX_ROUTE_LENGTH``), checked
        while numbering them in one pass; None for anything else (left to
        :func:`~ttr_teach.engine.longest.network.read_edges` to check or refuse).

        >>> IntNetwork.plain([("A", "B", 2)]).cities, IntNetwork.plain([("A", "B", 0)])
        (['A', 'B'], None)
        """
        net = cls.__new__(cls)
        # a copy: a Trail walked later must not see the caller's list changed meanwhile
        return net if net._number(tuple(edges), True) else None

    def _number(self, edges: Sequence[Any], checking: bool) -> bool:
        """Number the cities and list the routes of ``edges`` (see the class); with
        ``checking``, False at the first edge that is not a plain tuple."""
        number: dict[Hashable, int] = {}
        nbrs: list[list[tuple[int, int, int]]] = []
        loops: dict[int, list[int]] = {}
        bit, n = 1, 0
        for e in edges:
            if checking:
                if type(e) is not tuple:
                    return False
                try:
                    a, b, w = e
                except ValueError:
                    return False
                if (type(w) is not int or not 0 < w <= MAX_ROUTE_LENGTH or type(a) is not str
                        or type(b) is not str):
                    return False
            else:
                a, b, w = e
            x = number.setdefault(a, n)
            if x == n:
                n += 1
                nbrs.append([])
            y = number.setdefault(b, n)
            if y == n:
                n += 1
                nbrs.append([])
            if x != y:
                nbrs[x].append((y, bit, w))
                nbrs[y].append((x, bit, w))
            else:
                loops.setdefault(x, []).append(bit.bit_length() - 1)
            bit <<= 1
        loop_length = [0] * n
        for x, ks in loops.items():
            loop_length[x] = sum([edges[k][2] for k in ks])
        self.cities, self.number, self.edges, self.nbrs = list(number), number, edges, nbrs
        self.loops, self.loop_length = loops, loop_length
        self.discovered, self.low = [0] * n, [0] * n
        self.parent, self.parent_bit, self.path_to_root = [-1] * n, [0] * n, [0] * n
        self.mark, self.chord_mark = [0] * n, [0] * n
        self.best1, self.via1, self.best2, self.via2 = [0] * n, [-1] * n, [0] * n, [-1] * n
        self.searched = 0               # cities the searches have seen
        self.stats = {"queries": 0, "parity": 0, "fallbacks": 0}
        return True

    def ends(self, k: int) -> tuple[int, int, int]:
        """Route ``k`` as ``(city number, city number, length)``."""
        a, b, w = self.edges[k]
        return self.number[a], self.number[b], w

    def connected(self, routes: int, start: int) -> bool:
        """Whether every route of ``routes`` (bits) can be reached from city ``start``."""
        nbrs = self.nbrs
        seen, stack, reached = 1 << start, [start], 0
        while stack:
            for y, bit, _ in nbrs[stack.pop()]:
                if routes & bit:
                    reached |= bit
                    if not seen >> y & 1:
                        seen |= 1 << y
                        stack.append(y)
        return reached == routes

    def pieces(self) -> Iterator[tuple[list[int], list[tuple[int, int, int]]]]:
        """Yield each connected piece as ``(cities in depth-first order, chords)``.

        The search fills ``discovered``, ``low`` (Tarjan: a tree route into ``x`` is a
        bridge exactly when ``low[x] == discovered[x]``), ``parent`` and ``parent_bit``;
        ``chords`` lists ``(bit, x, y)`` for the routes off the search tree, one per
        independent cycle. Iterative, so any size of network is safe.
        """
        nbrs, discovered, low = self.nbrs, self.discovered, self.low
        parent, parent_bit = self.parent, self.parent_bit
        clock = 0
        for start in range(len(nbrs)):
            if discovered[start]:
                continue
            clock += 1
            discovered[start] = low[start] = clock
            order, chords = [start], []
            stack = [(start, 0, iter(nbrs[start]))]
            while stack:
                x, came_by, todo = stack[-1]
                for y, bit, _ in todo:
                    if bit == came_by:
                        continue
                    seen = discovered[y]
                    if seen:
                        if seen < low[x]:
                            low[x] = seen
                        if seen < discovered[x]:
                            chords.append((bit, x, y))
                    else:
                        clock += 1
                        discovered[y] = low[y] = clock
                        parent[y], parent_bit[y] = x, bit
                        order.append(y)
                        stack.append((y, bit, iter(nbrs[y])))
                        break
                else:
                    stack.pop()
                    if stack:
                        p = stack[-1][0]
                        if low[x] < low[p]:
                            low[p] = low[x]
            yield order, chords

    def euler(self, routes: int, start: int) -> list[tuple[int, int, int]]:
        """Steps ``(route bit, from, to)`` of an Euler trail through ``routes`` (bits;
        connected, at most two odd cities) from ``start``.

        First a greedy walk, which is the whole answer for a path or a single cycle; when it
        leaves routes behind, Hierholzer's algorithm."""
        nbrs = self.nbrs
        steps, left, x = [], routes, start
        while left:
            for y, bit, _ in nbrs[x]:  # noqa: B007 - the y the loop stops at is used below
                if left & bit:
                    break
            else:
                break
            left ^= bit
            steps.append((bit, x, y))
            x = y
        if not left:
            return steps
        stack = [start]
        came: list[tuple[int, int, int] | None] = [None]
        out: list[tuple[int, int, int]] = []
        while stack:
            x = stack[-1]
            for y, bit, _ in nbrs[x]:
                if routes & bit:
                    routes ^= bit
                    stack.append(y)
                    came.append((bit, x, y))
                    break
            else:
                stack.pop()
                step = came.pop()
                if step is not None:
                    out.append(step)
        out.reverse()
        return out

    def take_loops(self, steps: list[tuple[int, int, int]], start: int) -> list[tuple[int, int, int]]:
        """``steps`` with the loops of every city they touch taken on the first visit
        (fact 6); ``start`` is where an empty trail stands."""
        loops = self.loops
        if not loops:
            return steps
        taken: set[int] = set()
        out: list[tuple[int, int, int]] = []

        def visit(x: int) -> None:
            if x in loops and x not in taken:
                taken.add(x)
                out.extend((1 << k, x, x) for k in loops[x])

        visit(steps[0][1] if steps else start)
        for step in steps:
            out.append(step)
            visit(step[2])
        return out

    def original(self, steps: Iterable[tuple[int, int, int]]) -> list[Step]:
        """Steps ``(route bit, from, to)`` as the caller's ``(edge index, from, to)``."""
        cities = self.cities
        return [(bit.bit_length() - 1, cities[x], cities[y]) for bit, x, y in steps]
