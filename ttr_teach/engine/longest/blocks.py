"""Inside one block: the longest trail between two given cities of a 2-edge-connected block.

A *block* (2-edge-connected piece) is a part of a network that no single route
disconnects. :mod:`.bridges` cuts a network into blocks joined by bridges and asks each
block :meth:`Block.between` questions: "what is the longest trail inside this block that
starts at ``u`` and ends at ``v``?" (``u`` may equal ``v``: a closed trail through ``u``,
or the empty trail). A route set is such a trail exactly when it is connected, touches
``u``, and its odd cities are ``u`` and ``v`` (none when ``u == v``): Euler's theorem
(fact 1 of :mod:`ttr_teach.engine.longest`). The routes it leaves out then have as odd
cities the block's *wrong* cities ``T`` (odd ones other than ``u`` and ``v``, and ``u`` and
``v`` if even): they form a *T-join*. Three exact ways to answer, cheapest first:

- **Euler**: no wrong city: the whole block.
- **Cycle**: a block with one cycle is that cycle: from ``u`` to ``v`` the longer way round.
- **Cycle space** (blocks with at most :data:`CYCLE_SPACE_MAX` independent cycles): the
  route sets with odd cities ``u`` and ``v`` are the tree path from ``u`` to ``v`` xor
  each of the ``2**cycles`` sums of fundamental cycles: the heaviest connected one wins.
- **Parity** (fact 8): a T-join weighs at least a cheapest pairing of ``T`` by shortest
  paths (Edmonds and Johnson); when leaving such paths out keeps the rest connected, no
  trail can do better.

Otherwise (the rest falls apart however the cheapest routes are left out) the question
goes to the reduce-then-search path of :mod:`.searches` (:meth:`Block.fallback`), with a
dead end heavier than the block hung at ``u`` and at ``v``, so that the best trail must
run from one to the other. A block with loops, or with more than :data:`PAIRING_MAX` odd
cities, is not asked question by question at all: :meth:`Block.search` solves it whole,
with the branches below it hung on it as dead ends.
"""
from __future__ import annotations

import heapq
from collections.abc import Callable, Hashable, Iterator
from itertools import product
from typing import TYPE_CHECKING, Any

from .reductions import bits
from .searches import search_component

if TYPE_CHECKING:
    from .intnet import IntNetwork

#: Blocks with at most this many independent cycles are answered from their cycle space
#: (``2**cycles`` route sets per question); bigger ones by the parity bound.
CYCLE_SPACE_MAX = 4

#: Blocks with more odd cities than this are searched whole rather than paired (the
#: pairings of 8 cities are 105, remembered by subset).
PAIRING_MAX = 8

#: When the first cheapest way to leave routes out disconnects the rest, at most this many
#: other equally cheap ways (other pairings, other shortest paths) are tried.
ALTERNATIVES_MAX = 64


class Block:
    """One block of a network in integer form, answering :meth:`between` questions.

    Parameters
    ----------
    net : IntNetwork
        The network (:class:`~ttr_teach.engine.longest.intnet.IntNetwork`) during
        :func:`~ttr_teach.engine.longest.bridges.solve_piece`'s search:
        ``net.path_to_root[x]`` holds the search tree's routes from its root to ``x`` (two
        cities of a block share the part above the block).
    root : int
        The block's city nearest the search's start.
    cities : list of int
        The block's cities.
    mask : int
        Its routes (not loops) as bits.
    chords : list of (int, int, int)
        ``(bit, x, y)`` of its routes off the search tree: one per independent cycle.

    Attributes
    ----------
    total : int
        The summed length of its routes (``loop_total``: of its loops).
    odd : int
        Its odd cities (bits).
    lightest, slack : dict
        City -> the length of its lightest route in the block, and that length signed:
        negative at an odd city (what the city changes in :meth:`optimistic`'s sum).
    by_pairing : bool
        Questions are answered by parity (more than :data:`CYCLE_SPACE_MAX` cycles, at most
        :data:`PAIRING_MAX` odd cities, no loop).
    by_search : bool
        The block is searched whole (:meth:`search`) instead of asked questions.

    Notes
    -----
    Answers are remembered. Euler answers cost O(1); cycle-space answers O(2**cycles)
    weights and a connectivity check O(m) per candidate tried; parity answers one Dijkstra
    search O(m log n) per odd city of the block (remembered) and pairings of subsets of
    them (remembered), then a connectivity check; the fall-back and :meth:`search` are
    exponential in the worst case (the problem is NP-hard).

    References
    ----------
    .. [1] J. Edmonds and E. L. Johnson, "Matching, Euler tours and the Chinese postman",
       Mathematical Programming 5 (1973) 88-124.

    Examples
    --------
    A square A-B-C-D (1, 2, 3, 4) with a diagonal A-C (5): A and C are odd. From A to C:
    everything (Euler); from B to D the wrong cities are A, B, C and D, paired at the least
    cost by A-B and C-D (11 left); from A back to A, by A-B-C (12 left):

    >>> from ttr_teach.engine.longest.intnet import IntNetwork
    >>> from ttr_teach.engine.longest.bridges import cut_into_blocks
    >>> net = IntNetwork([("A", "B", 1), ("B", "C", 2), ("C", "D", 3), ("D", "A", 4), ("A", "C", 5)])
    >>> block = cut_into_blocks(net)[0]
    >>> block.between(0, 2)[0], block.between(1, 3)[0], block.between(0, 0)[0]
    (15, 11, 12)
    """

    __slots__ = ("net", "root", "cities", "mask", "chords", "odd", "total", "loop_total",
                 "lightest", "slack", "odd_light", "weight", "by_pairing", "by_search", "space", "answers",
                 "distances", "pairings", "parities")

    def __init__(self, net: IntNetwork, root: int, cities: list[int], mask: int,
                 chords: list[tuple[int, int, int]]) -> None:
        self.net = net
        self.root = root
        self.cities = cities
        self.mask = mask
        self.chords = chords
        odd = odd_light = total = 0
        lightest: dict[int, int] = {}
        slack: dict[int, int] = {}
        classes: dict[int, int] = {}
        nbrs = net.nbrs
        for x in cities:
            degree, light = 0, None
            for y, bit, w in nbrs[x]:
                if mask & bit:
                    degree += 1
                    if light is None or w < light:
                        light = w
                    if x < y:                   # each route once, from its lower city
                        total += w
                        classes[w] = classes.get(w, 0) | bit
            assert light is not None            # a city of a block has a route in it
            lightest[x] = light
            if degree & 1:
                odd |= 1 << x
                odd_light += light
                slack[x] = -light
            else:
                slack[x] = light
        self.odd, self.odd_light, self.lightest, self.total = odd, odd_light, lightest, total
        self.slack = slack
        self.weight = _weigher(classes)
        self.loop_total = sum([net.loop_length[x] for x in cities]) if net.loops else 0
        self.space: list[tuple[int, int]] | None = None
        self.answers: dict[tuple[int, int], tuple[int, int]] = {}
        self.distances: dict[int, dict[int, tuple[int, int]]] = {}
        self.pairings: dict[int, tuple[int, int]] = {0: (0, 0)}
        self.parities: dict[tuple[int, int], tuple[int, int]] = {}
        self.by_pairing = (len(chords) > CYCLE_SPACE_MAX and not self.loop_total
                           and odd.bit_count() <= PAIRING_MAX)
        # a block with loops or too many odd cities for pairings is searched whole, its
        # branches hung on it as dead ends, rather than asked question by question
        self.by_search = self.loop_total > 0 or (len(chords) > CYCLE_SPACE_MAX and not self.by_pairing)

    def optimistic(self, u: int, v: int) -> int:
        """An upper bound on the length :meth:`between` ``(u, v)`` answers, in O(1):
        exact when Euler answers, else the total less half of the lightest route at each
        wrong city (the routes left out include one at each of them). A block answered by
        parity has a tighter bound, :meth:`parity`, dearer to compute."""
        odd = self.odd
        if u == v:
            if not odd:
                return self.total + self.loop_total
            light = self.odd_light
        else:
            lightest = self.lightest
            light = self.odd_light + (-lightest[u] if odd >> u & 1 else lightest[u]) \
                + (-lightest[v] if odd >> v & 1 else lightest[v])
            if not light and odd == (1 << u | 1 << v):
                return self.total + self.loop_total
        return self.total + self.loop_total - (light + 1) // 2

    def between(self, u: int, v: int) -> tuple[int, int]:
        """The longest trail inside the block from ``u`` to ``v``: ``(length, routes as
        bits)``. Its length counts the loops at the cities it touches (fact 6); the empty
        trail at ``u == v`` is ``(loops at u, 0)``."""
        key = (u, v) if u <= v else (v, u)
        got = self.answers.get(key)
        if got is None:
            got = self.answers[key] = self._answer(u, v)
        return got

    def _answer(self, u: int, v: int) -> tuple[int, int]:
        self.net.stats["queries"] += 1
        wrong = self.odd ^ (1 << u) ^ (1 << v)
        if not wrong:                                   # Euler: the whole block
            return self.total + self.loop_total, self.mask
        if self.loop_total:
            return self.fallback(u, v)
        if len(self.chords) == 1:                       # a cycle: the longer way round
            path = self.net.path_to_root[u] ^ self.net.path_to_root[v]
            length = self.weight(path)
            if 2 * length >= self.total:
                return length, path
            return self.total - length, self.mask ^ path
        if len(self.chords) <= CYCLE_SPACE_MAX:
            return self.by_cycle_space(u, v)
        got = self.by_parity(u, v) if self.by_pairing else None
        return got if got is not None else self.fallback(u, v)

    # -- cycle space ------------------------------------------------------------------------
    def by_cycle_space(self, u: int, v: int) -> tuple[int, int]:
        """The heaviest connected route set among ``path(u, v)`` xor each sum of
        fundamental cycles."""
        net = self.net
        weight, connected = self.weight, net.connected
        space: list[Any] | None = self.space
        if space is None:                       # each sum of cycles and its length, longest first
            space = [0]
            to_root = net.path_to_root
            for bit, x, y in self.chords:
                cycle = to_root[x] ^ to_root[y] | bit
                space += [z ^ cycle for z in space]
            space = self.space = sorted([(weight(z), z) for z in space], reverse=True)
        path = net.path_to_root[u] ^ net.path_to_root[v]
        length = weight(path)
        best, routes = -1, 0
        for wz, z in space:                     # path xor z weighs length + wz at most
            if length + wz <= best:
                break
            value = length + wz - 2 * weight(path & z) if path & z else length + wz
            if value > best:
                best, routes = value, path ^ z
        if connected(routes, u):
            return best, routes
        tried = sorted([(length + wz - 2 * weight(path & z), path ^ z) for wz, z in space],
                       reverse=True)
        for length, routes in tried:
            if connected(routes, u):
                return length, routes
        raise AssertionError("the tree path itself is connected")   # pragma: no cover

    # -- parity -----------------------------------------------------------------------------
    def by_parity(self, u: int, v: int) -> tuple[int, int] | None:
        """Leave out a cheapest pairing of the wrong cities by shortest paths
        (:meth:`parity`), if what is left is connected and touches ``u``; None otherwise.

        When the first such choice disconnects the rest, other equally cheap ones (other
        cheapest pairings, other shortest paths: :data:`ALTERNATIVES_MAX` at most) are
        tried: they reach the same bound."""
        net, mask = self.net, self.mask
        net.stats["parity"] += 1
        cost, left_out = self.parity(u, v)
        if net.connected(mask ^ left_out, u):
            return self.total - cost, mask ^ left_out
        tries = 0
        for pairs in self.cheapest_pairings(self.odd ^ 1 << u ^ 1 << v, cost):
            for paths in product(*[self.shortest_routes(a, b) for a, b in pairs]):
                left_out = 0
                for routes in paths:
                    left_out ^= routes
                if net.connected(mask ^ left_out, u):
                    return self.total - cost, mask ^ left_out
                tries += 1
                if tries >= ALTERNATIVES_MAX:
                    return None
        return None

    def cheapest_pairings(self, wrong: int, cost: int) -> Iterator[list[tuple[int, int]]]:
        """Every pairing of the cities ``wrong`` (bits) whose shortest paths sum to ``cost``
        (the least there is), as lists of pairs."""
        if not wrong:
            yield []
            return
        low = wrong & -wrong
        first, rest = low.bit_length() - 1, wrong ^ low
        reach = self.shortest_paths(first)
        for y in bits(rest):
            d = reach[y][0]
            others = rest ^ 1 << y
            if d + self.pairing(others)[0] == cost:
                for pairs in self.cheapest_pairings(others, cost - d):
                    yield [(first, y)] + pairs

    def shortest_routes(self, a: int, b: int, limit: int = 8) -> list[int]:
        """The routes (bits) of up to ``limit`` shortest paths from ``a`` to ``b``."""
        reach = self.shortest_paths(a)
        nbrs, mask = self.net.nbrs, self.mask
        out: list[int] = []
        stack = [(b, 0)]
        while stack and len(out) < limit:
            x, routes = stack.pop()
            if x == a:
                out.append(routes)
                continue
            d = reach[x][0]
            for y, bit, w in nbrs[x]:
                if mask & bit and reach[y][0] + w == d:
                    stack.append((y, routes | bit))
        return out

    def parity(self, u: int, v: int) -> tuple[int, int]:
        """A cheapest way to leave routes out for a trail from ``u`` to ``v``: a cheapest
        pairing by shortest paths of the wrong cities, the odd cities ``O`` of the block
        xor ``u`` and ``v``; ``(summed length, routes)``. Remembered.

        Built from pairings of subsets of ``O`` (shared by every question) and the
        shortest paths from the odd cities: a wrong city ``x`` outside ``O`` is paired with
        some odd city ``a`` (or with the other one outside ``O``), and the rest of ``O``
        among themselves. So only the odd cities (and one end outside ``O``) need a
        Dijkstra search."""
        key = (u, v) if u <= v else (v, u)
        got = self.parities.get(key)
        if got is None:
            pairing, known = self.pairing, self.distances
            wrong = self.odd ^ 1 << u ^ 1 << v
            base = wrong & self.odd
            extra = wrong ^ base
            if not extra:
                got = pairing(base)
            else:
                reach = [(a, known.get(a) or self.shortest_paths(a)) for a in bits(base)]
                if not extra & (extra - 1):         # one wrong city x outside O
                    x = extra.bit_length() - 1
                    for a, from_a in reach:
                        d, routes = from_a[x]
                        cost, others = pairing(base ^ 1 << a)
                        if got is None or d + cost < got[0]:
                            got = (d + cost, routes ^ others)
                else:                               # two, x and y
                    x, y = bits(extra)
                    d, routes = (known.get(x) or self.shortest_paths(x))[y]
                    cost, others = pairing(base)
                    got = (d + cost, routes ^ others)
                    for a, from_a in reach:
                        da, ra = from_a[x]
                        for b, from_b in reach:
                            if b != a:
                                db, rb = from_b[y]
                                cost, others = pairing(base ^ 1 << a ^ 1 << b)
                                if da + db + cost < got[0]:
                                    got = (da + db + cost, ra ^ rb ^ others)
            assert got is not None                  # the wrong cities are even in number
            self.parities[key] = got
        return got

    def pairing(self, wrong: int) -> tuple[int, int]:
        """A cheapest pairing of the cities ``wrong`` (bits) by shortest paths in the block:
        ``(summed length, routes of the paths)``. Remembered per set."""
        pairings = self.pairings
        got = pairings.get(wrong)
        if got is None:
            low = wrong & -wrong
            rest = wrong ^ low
            first = low.bit_length() - 1
            reach = self.distances.get(first) or self.shortest_paths(first)
            best, left = None, rest
            while left:
                bit = left & -left
                left ^= bit
                d, routes = reach[bit.bit_length() - 1]
                cost, others = pairings.get(rest ^ bit) or self.pairing(rest ^ bit)
                if best is None or d + cost < best[0]:
                    best = (d + cost, routes ^ others)
            assert best is not None                 # the wrong cities are even in number
            got = pairings[wrong] = best
        return got

    def shortest_paths(self, source: int) -> dict[int, tuple[int, int]]:
        """Dijkstra inside the block: city -> (distance, routes of one shortest path).
        Remembered per source."""
        found = self.distances.get(source)
        if found is not None:
            return found
        nbrs, mask = self.net.nbrs, self.mask
        n = len(nbrs)
        best, routes = [self.total + 1] * n, [0] * n        # total: beyond reach
        best[source] = 0
        found = {}
        heap = [(0, source)]
        pop, push = heapq.heappop, heapq.heappush
        while heap:
            d, x = pop(heap)
            if x in found:
                continue
            here = routes[x]
            found[x] = (d, here)
            for y, bit, w in nbrs[x]:
                if mask & bit:
                    nd = d + w
                    if nd < best[y]:
                        best[y] = nd
                        routes[y] = here | bit
                        push(heap, (nd, y))
        self.distances[source] = found
        return found

    # -- fall-back --------------------------------------------------------------------------
    def fallback(self, u: int, v: int) -> tuple[int, int]:
        """Reduce and search (or the integer program) on the block with a dead end heavier
        than everything else hung at ``u`` and at ``v``: the best trail then runs from one
        dead end to the other, through the best trail from ``u`` to ``v``."""
        heavy = self.total + self.loop_total + 1
        length, routes, _, _ = self.search([(u, heavy, "u"), (v, heavy, "v")])
        return length - 2 * heavy, routes

    def search(self, dead_ends: list[tuple[int, int, Any]]
               ) -> tuple[int, int, tuple[Any, Any], tuple[Any, Any]]:
        """The longest trail of the block with ``dead_ends`` = [(city, length, tag)] hung on
        it, by reductions and a search (:mod:`.searches`, facts 4-6 and 10-11).

        Returns ``(length, routes, first, last)``: the block's routes it uses (bits), and
        at each end of the trail ``(city of the block, tag of the dead end or None)``.

        >>> from ttr_teach.engine.longest.intnet import IntNetwork
        >>> from ttr_teach.engine.longest.bridges import cut_into_blocks
        >>> net = IntNetwork([("A", "B", 1), ("B", "C", 2), ("C", "D", 3), ("D", "A", 4), ("A", "C", 5)])
        >>> block = cut_into_blocks(net)[0]
        >>> length, routes, first, last = block.search([(1, 7, "seven"), (3, 2, "two")])
        >>> length, sorted([first, last], key=str)      # 7 + B to C leaving out A-B (1)
        (21, [(1, 'seven'), (2, None)])
        """
        net = self.net
        net.stats["fallbacks"] += 1
        local: list[tuple[Hashable, Hashable, int]] = []
        whose, tags = [], []
        for k in bits(self.mask):
            local.append(net.ends(k))
            whose.append(1 << k)
        for x in self.cities:
            for k in net.loops.get(x, ()):
                local.append(net.ends(k))
                whose.append(0)
        dead = len(local)
        for i, (city, length, tag) in enumerate(dead_ends):
            local.append((city, ("dead end", i), length))
            whose.append(0)
            tags.append(tag)
        stats = {"searches": [], "ilp": [], "euler_components": 0}
        length, steps, _ = search_component(local, range(len(local)), "auto", stats)
        routes = 0
        for i, _, _ in steps:
            routes |= whose[i]
        (i, a, b), (j, c, d) = steps[0], steps[-1]
        if i >= dead:                           # the trail comes in along a dead end
            first = (b, tags[i - dead])
            last = (b, None) if len(steps) == 1 else (c, tags[j - dead]) if j >= dead else (d, None)
        else:
            first = (a, None)
            last = (c, tags[j - dead]) if j >= dead else (d, None)
        return length, routes, first, last


def _weigher(classes: dict[int, int]) -> Callable[[int], int]:
    """A function giving the summed length of a set of routes (bits), from ``classes``
    (length -> the routes of that length): one population count per length, written out
    for up to four lengths (a hot spot; a block seldom has more).

    >>> weight = _weigher({2: 0b0011, 3: 0b0100, 5: 0b1000})
    >>> weight(0b1101), weight(0)
    (10, 0)
    """
    (w1, g1), (w2, g2), (w3, g3), (w4, g4), *more = list(classes.items()) + [(0, 0)] * 4
    if more and more[0][0]:
        groups = list(classes.items())
        return lambda routes: sum([w * (routes & group).bit_count() for w, group in groups])
    if not w3:
        return lambda routes: w1 * (routes & g1).bit_count() + w2 * (routes & g2).bit_count()
    return lambda routes: (w1 * (routes & g1).bit_count() + w2 * (routes & g2).bit_count()
                           + w3 * (routes & g3).bit_count() + w4 * (routes & g4).bit_count())
