"""Search 2 (``method="removal"``): branch and bound over the routes a trail leaves out."""
from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .network import Step
from .reductions import Reduced, bitgraph, bits, euler_reduced


class Part(NamedTuple):
    """A connected set of routes of a reduced network, as the search keeps it."""

    edges: int          #: the routes, as bits
    cities: int         #: the cities they touch, as bits
    total: int          #: their summed length
    odd: list           #: their odd cities


class RemovalSearch:
    """The longest trail of a reduced network, by choosing the routes it leaves out.

    Parameters
    ----------
    n : int
        The number of cities (numbered ``0..n-1``).
    reduced : list of (int, int, int, list)
        Reduced edges ``(u, v, length, steps)`` of one connected network (see
        :func:`~ttr_teach.engine.longest.reductions.reduce_component`).

    Notes
    -----
    By Euler (fact 1 of :mod:`ttr_teach.engine.longest`) a longest trail is a heaviest
    connected set of routes with at most two odd cities, and those two are odd cities of
    the network (fact 3). The search keeps a connected set ``H`` (a :class:`Part`,
    initially everything) and a set ``E`` of chosen ends, takes an odd city ``x`` of ``H``
    that is not an end (:meth:`pick`), and branches: ``x`` becomes an end (if it is an odd
    city of the network and fewer than two ends are chosen), or one of ``x``'s routes is
    left out (:meth:`split`: if ``H`` falls in two parts, each part is solved alone). When
    every odd city of ``H`` is an end, ``H`` is a trail.

    Pruning (:meth:`bound`): each odd city that will not be an end must lose a route, at
    least its lightest (or two if that one leads to a city that would turn odd), and a lost
    route serves at most two cities. :meth:`solve` is fail-soft alpha-beta, so bounds
    remembered per ``(H, E)`` stay valid when the best-so-far rises, and :meth:`run` aims at
    the bound and lowers the aim to what each failed search proves (MTD search [1]_).

    Exponential in the worst case (the problem is NP-hard); each state costs O(m) bit
    operations.

    References
    ----------
    .. [1] A. Plaat, J. Schaeffer, W. Pijls and A. de Bruin, "Best-first fixed-depth
       minimax algorithms", Artificial Intelligence 87 (1996) 255-293.

    Examples
    --------
    The four cities of K4 all have three routes; leaving out the shortest (1) leaves two
    odd cities and a trail through the other five routes:

    >>> k4 = [(0, 1, 1, []), (0, 2, 2, []), (0, 3, 3, []), (1, 2, 4, []), (1, 3, 5, []),
    ...       (2, 3, 6, [])]
    >>> search = RemovalSearch(4, k4)
    >>> whole = search.whole()
    >>> whole.total, sorted(whole.odd), search.bound(whole, 0)
    (21, [0, 1, 2, 3], 20)
    >>> search.run()[0]
    20
    """

    def __init__(self, n: int, reduced: Sequence[Reduced]) -> None:
        self.n = n
        self.reduced = reduced
        self.adj, self.loops_at, self.incident = bitgraph(n, reduced)
        for options in self.adj:
            options.sort(key=lambda o: o[2])        # leave out short routes first
        self.loop_weight = [sum(reduced[e][2] for e in bits(self.loops_at[x])) for x in range(n)]
        self.ends_allowed = 0                       # the odd cities of the whole network
        for x in range(n):
            if self.incident[x].bit_count() & 1:
                self.ends_allowed |= 1 << x
        self.shift = n + 1
        self.memo: dict[int, int] = {}  # (edges, ends) -> exact value v >= 0, or -1 - b for a bound b
        self.via: dict[int, tuple[Part, int] | None] = {}  # (edges, ends) -> the (part, ends) where the best trail lies
        self.pieces_of: dict[int, list[Part]] = {}     # edges -> the connected parts they form

    # -- parts ------------------------------------------------------------------------------
    def whole(self) -> Part:
        """The whole network as one part."""
        return self.piece((1 << len(self.reduced)) - 1, 0)

    def piece(self, h: int, x: int) -> Part:
        """The part of the routes ``h`` connected to city ``x``. Loops are never left out,
        so a city's loops are in every part that holds it."""
        adj, loops_at, loop_weight, incident = self.adj, self.loops_at, self.loop_weight, self.incident
        seen, stack, comp, total, odd = 1 << x, [x], 0, 0, []
        while stack:
            z = stack.pop()
            if loops_at[z]:
                comp |= loops_at[z]
                total += loop_weight[z]
            if (incident[z] & h).bit_count() & 1:
                odd.append(z)
            for bit, y, w in adj[z]:
                if h & bit and not comp & bit:
                    comp |= bit
                    total += w
                    if not seen >> y & 1:
                        seen |= 1 << y
                        stack.append(y)
        return Part(comp, seen, total, odd)

    def reaches(self, rest: int, x: int, y: int) -> bool:
        """Whether ``y`` can be reached from ``x`` along the routes ``rest``."""
        adj = self.adj
        seen, stack = 1 << x, [x]
        while stack:
            for bit, t, _ in adj[stack.pop()]:
                if rest & bit and not seen >> t & 1:
                    if t == y:
                        return True
                    seen |= 1 << t
                    stack.append(t)
        return False

    def split(self, part: Part, bit: int, x: int, y: int, w: int) -> list[Part]:
        """The connected parts left when route ``x``-``y`` (``bit``, length ``w``) is left out
        of ``part``: one part when the route was a dead end or on a cycle, two when it was
        a bridge. Remembered per set of routes left.

        >>> square_and_tail = [(0, 1, 1, []), (1, 2, 1, []), (2, 3, 1, []), (3, 0, 1, []),
        ...                    (0, 4, 2, [])]
        >>> search = RemovalSearch(5, square_and_tail)
        >>> [p.total for p in search.split(search.whole(), 1 << 4, 0, 4, 2)]   # the tail
        [4]
        >>> [p.total for p in search.split(search.whole(), 1 << 0, 0, 1, 1)]   # on the square
        [5]
        >>> bridge = search.split(search.split(search.whole(), 1 << 0, 0, 1, 1)[0], 1 << 3, 3, 0, 1)
        >>> sorted(p.total for p in bridge)                           # 1-2-3 and 0-4
        [2, 2]
        """
        h, cities, total, odd = part
        rest = h ^ bit
        got = self.pieces_of.get(rest)
        if got is None:
            incident, loops_at = self.incident, self.loops_at
            if not (incident[y] & rest or loops_at[y]):     # y was a dead end
                x, y = y, x
            if not (incident[x] & rest or loops_at[x]):     # x was a dead end
                got = [Part(rest, cities & ~(1 << x), total - w,
                            [z for z in odd if z != x and z != y] + ([] if y in odd else [y]))]
            elif self.reaches(rest, x, y):                  # the route was on a cycle
                got = [Part(rest, cities, total - w, [z for z in odd if z != x and z != y]
                            + [z for z in (x, y) if z not in odd])]
            else:                                           # a bridge: two parts
                got = [self.piece(rest, x), self.piece(rest, y)]
            self.pieces_of[rest] = got = [p for p in got if p.edges]
        return got

    # -- bound and choice -------------------------------------------------------------------
    def bound(self, part: Part, ends: int, q: list[int] | None = None) -> int:
        """An upper bound on every trail in ``part`` whose ends include the cities ``ends``
        (bits): the total, less half of what the odd cities ``q`` (by default those of the
        part that are not ends) must lose at the least.

        >>> star = [(0, 1, 5, []), (0, 2, 4, []), (0, 3, 3, []), (0, 4, 1, [])]
        >>> search = RemovalSearch(5, star)
        >>> search.bound(search.whole(), 0)   # 13 - (4 + 4) / 2: two arms go (1 and 3)
        9
        """
        h, total = part.edges, part.total
        if q is None:
            q = [x for x in part.odd if not ends >> x & 1]
        adj, ends_allowed = self.adj, self.ends_allowed
        slots = 2 - ends.bit_count()
        free = ends
        for x in q:
            free |= 1 << x
        can_end: list[int] = []
        must = 0
        for x in q:
            cheapest: int | None = None
            for bit, y, w in adj[x]:                # sorted by length: lightest first
                if h & bit:
                    if cheapest is not None and w >= cheapest:
                        break                       # no later route can cost less
                    if not free >> y & 1:           # y turns odd: it must lose another route
                        for b2, _, w2 in adj[y]:
                            if h & b2 and b2 != bit:
                                w += w2
                                break
                    if cheapest is None or w < cheapest:
                        cheapest = w
            assert cheapest is not None                 # x is odd in the part: it has a route there
            if slots and ends_allowed >> x & 1:
                can_end.append(cheapest)
            else:
                must += cheapest
        if slots < len(can_end):
            can_end.sort()
            must += sum(can_end[:-slots]) if slots else sum(can_end)
        return total - (must + 1) // 2

    def pick(self, h: int, ends: int, q: list[int]) -> tuple[int, bool]:
        """The city of ``q`` to branch on (the fewest choices) and whether it may be an end."""
        incident, ends_allowed = self.incident, self.ends_allowed
        slots = ends.bit_count() < 2
        fewest = None
        for z in q:
            k = (incident[z] & h).bit_count() + (slots and ends_allowed >> z & 1)
            if fewest is None or k < fewest:
                fewest, x = k, z
                if k <= 1:
                    break
        return x, bool(slots and ends_allowed >> x & 1)

    # -- the search -------------------------------------------------------------------------
    def solve(self, part: Part, ends: int, alpha: int) -> int:
        """Fail-soft: the best trail in ``part`` with ends ``ends`` if it beats ``alpha``,
        else an upper bound no higher than ``alpha``."""
        memo = self.memo
        h, _, total, odd = part
        key = h << self.shift | ends
        known = memo.get(key)
        q = [x for x in odd if not ends >> x & 1]
        if known is not None:
            if known >= 0:
                return known
            ub = -1 - known
            if ub <= alpha:
                return ub
        else:
            if not q:
                memo[key] = total
                return total
            ub = self.bound(part, ends, q)
            if ub <= alpha:
                memo[key] = -1 - ub
                return ub
        x, can_end = self.pick(h, ends, q)
        value, best = 0, None                       # the empty trail
        for bit, y, w in self.adj[x]:               # leave out one of x's routes...
            if h & bit:
                for sub in self.split(part, bit, x, y, w):
                    r = self.solve(sub, ends & sub.cities, alpha if alpha > value else value)
                    if r > value:
                        value, best = r, (sub, ends & sub.cities)
                if value >= ub:
                    break                           # a choice reaches the bound: stop
        else:
            if can_end:                             # ...or make x an end of the trail
                r = self.solve(part, ends | 1 << x, alpha if alpha > value else value)
                if r > value:
                    value, best = r, (part, ends | 1 << x)
        if value > alpha:
            memo[key] = value
            self.via[key] = best                    # where the best trail lies
        else:
            value = min(ub, value)
            memo[key] = -1 - value
        return value

    def run(self) -> tuple[int, list[Step], int]:
        """The longest trail: ``(length, original steps, number of states remembered)``."""
        part, ends = self.whole(), 0
        # Aim at the bound and lower the aim to what each failed search proves (MTD search):
        # a high aim prunes hardest, and bounds proved on the way stay in the memo.
        target = self.bound(part, ends)
        while True:
            value = self.solve(part, ends, target - 1)
            if value >= target:
                break
            target = value
        shift, via = self.shift, self.via
        while (part.edges << shift | ends) in via:  # follow the best choices down to a trail
            part, ends = via[part.edges << shift | ends]  # type: ignore[misc]  # a trail's choice is never None
        steps = euler_reduced(self.reduced, part.edges, part.odd[0] if part.odd else None)
        return value, steps, len(self.memo)


def removal_search(n: int, reduced: Sequence[Reduced]) -> tuple[int, list[Step], int]:
    """The longest trail of a reduced network by :class:`RemovalSearch`:
    ``(length, steps, states)``."""
    return RemovalSearch(n, reduced).run()
