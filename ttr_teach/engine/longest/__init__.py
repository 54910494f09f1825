"""The longest route: the longest trail in a network of routes, computed exactly.

A *trail* is a walk that uses no route twice; it may pass through a city several times and
may close loops. The Longest Continuous Path bonus (Europe: the European Express) goes to
the longest trail in a player's own routes. Finding a longest trail is NP-hard in general
(like the longest path problem, Garey and Johnson ND29), so every exact method here is
exponential in the worst case; the facts below keep the worst case far away for the
networks a game produces.

>>> longest_route_length([("A", "B", 2), ("B", "C", 3), ("C", "A", 1), ("C", "D", 4)])
10
>>> t = longest_route([("A", "B", 2), ("B", "C", 3), ("C", "A", 1), ("C", "D", 4)])
>>> t.length, t.cities
(10, ('C', 'B', 'A', 'C', 'D'))

The modules, one job each: :mod:`.network` (input, :class:`Trail`, pieces, Euler trails),
:mod:`.intnet` (the network with cities as numbers and routes as bits),
:mod:`.bridges` and :mod:`.blocks` (the fast method), :mod:`.reductions`, :mod:`.trails`
and :mod:`.removal` (the searches), :mod:`.ilp` (the integer program), :mod:`.searches`
(reduce, then search) and :mod:`.methods` (which method for which piece),
:mod:`.exhaustive` (the plain search every method is tested and timed against).

Why the methods are exact (the longest-route lessons teach these facts):

1. **Euler's theorem.** A set of routes can be run through as one trail exactly when it is
   connected and at most two of its cities have an odd number of those routes (then the trail
   starts and ends at those two). So a longest trail is a heaviest connected route set with
   at most two odd cities, and a connected network with at most two odd cities is its own
   longest trail (no search at all).
2. **Pieces.** A trail never leaves its connected piece of the network: solve each one alone.
3. **Odd ends.** With positive lengths, every longest trail of a *connected* network that
   has odd cities starts and ends at odd cities. Proof: let a longest trail T end at ``t``.
   If T is open and ``t`` is even in the network, T uses an odd number of ``t``'s routes, so
   one is unused and T could go on along it: not longest. If T is closed, it uses an even
   number of routes at every city; the network has an odd city, so T is not all of it, and
   by connectivity some city on T has an unused route; start the loop there and add that
   route: not longest. So only odd cities are ever tried as ends, piece by piece (fact 2):
   in a network of several pieces the longest trail may be a closed one in a piece without
   odd cities (a triangle of 10-train routes beside a lone 1-train route).
4. **Chains.** A city with exactly two routes is even, so by fact 3 (or fact 1 when no city
   is odd) a longest trail uses both of its routes or neither: they become one route of the
   summed length (a chain that comes back to its start becomes a loop).
5. **Dead ends.** A route to a city with no other route can only be a trail's first or last
   step, so a trail uses at most two of them. At a city with more than two, the shortest
   can go (a longer unused one could replace any of them). A city with two dead ends and
   one route onwards (a fork) becomes a single dead end "onwards + longer dead end", the
   trail "dead end, fork, dead end" being kept aside. Repeated, a tree shrinks to one route.
6. **Loops.** A trail standing at a city can take an unused loop there at once (a loop
   taken later can be moved to now), and no loop is ever worth leaving out.
7. **Bridges and blocks** (``method="blocks"``, what ``"auto"`` uses for a player's
   network: :mod:`.bridges`). A *bridge* is a route whose removal cuts its piece in two; a
   trail crosses it at most once and never comes back. Cutting every bridge leaves
   *blocks* (often single cities) that form a tree, so a longest trail is a trail inside
   one block between two of its cities plus, at each end, the best *branch* down the tree.
   Branches are known from the leaves up (the classic longest path in a tree, when every
   block is a city); only the two best branches at a city can matter. A block is asked for
   its longest trail between two given cities (:mod:`.blocks`): by fact 1, a connected
   route set whose odd cities are those two; a single cycle the longer way round, a block
   with few cycles by trying every sum of its fundamental cycles, bigger blocks by fact 8.
8. **Parity.** The routes a trail from ``u`` to ``v`` leaves out have as odd cities the
   *wrong* cities ``T``: the odd cities of the network other than ``u`` and ``v``, and
   ``u`` and ``v`` if even. So they weigh at least a cheapest pairing of ``T`` by shortest
   paths (a minimum T-join, Edmonds and Johnson), and when leaving such paths out keeps the
   rest connected, that rest is a longest trail: the bound is met, nothing can be longer.
9. **Search 1, trails** (``method="trails"``, the classic search made exact and quick):
   depth-first from the odd cities only; the best continuation from city ``v`` depends only
   on ``v`` and on the unused routes *reachable* from ``v``, so it is memoised under that
   key, and the search stops (fact 1) as soon as those routes form an Euler trail from
   ``v``. Fast with few cycles, slow with many.
10. **Search 2, routes left out** (``method="removal"``, and what ``"auto"`` uses on a
    reduced whole map of at most :data:`SEARCH_MAX_EDGES` routes): by fact 1 the answer is
    the heaviest connected route set whose odd cities are at most two chosen ends, which by
    fact 3 are odd cities. Branch at an odd city that is not an end: it becomes an end, or
    one of its routes is left out (a set that falls apart is solved piece by piece). Branch
    and bound: every odd city that is not an end must lose a route (at least its lightest,
    two if that route leads to an even city) and a route lost serves two cities at most.
    The search aims at the bound and lowers the aim to what each failed search proves,
    with exact values and proven bounds memoised per (route set, ends).
11. **Integer program** (whole maps): choose routes ``x_e``; at every city
    ``sum(x_e) = 2 z_v + o_v`` with ``sum(o_v) <= 2``; connectivity by cut constraints
    added lazily while the chosen routes fall apart. HiGHS's optimum bounds every trail
    from above; an Euler trail (Hierholzer) through the optimal routes meets the bound, so
    it is the answer and the bound is its certificate.

References
----------
.. [1] M. R. Garey and D. S. Johnson, *Computers and Intractability*, Freeman (1979),
   problem ND29.
.. [2] J. Edmonds and E. L. Johnson, "Matching, Euler tours and the Chinese postman",
   Mathematical Programming 5 (1973) 88-124.
.. [3] R. E. Tarjan, "A note on finding the bridges of a graph", Information Processing
   Letters 2 (1974) 160-161.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from .exhaustive import longest_route_exhaustive
from .methods import BLOCKS_MAX_EDGES, METHODS, SEARCH_MAX_EDGES, solve
from .network import MAX_ROUTE_LENGTH, Trail

__all__ = ["Trail", "Certificate", "longest_route", "longest_route_length", "longest_route_certificate",
           "longest_route_stats", "longest_route_exhaustive", "METHODS", "BLOCKS_MAX_EDGES",
           "SEARCH_MAX_EDGES", "MAX_ROUTE_LENGTH"]


def longest_route(edges: Iterable[Any], method: str = "auto") -> Trail:
    """The longest trail through ``edges``, for drawing and explaining.

    Parameters
    ----------
    edges : iterable
        ``(city_a, city_b, length)`` tuples or lists, or
        :class:`~ttr_teach.engine.maps.Route` objects. A city is any hashable value but
        None that equals itself (a name, usually; a NaN is refused); a length a whole
        number from 1 to :data:`MAX_ROUTE_LENGTH` (beyond it the integer program, which
        computes in floating point, could not be exact). Parallel routes and loops
        are allowed; the network may be in several pieces.
    method : {"auto", "blocks", "trails", "removal", "ilp"}
        The exact method for each piece that is not one trail already (fact 1):
        ``"blocks"`` bridges and blocks (fact 7), ``"trails"`` search 1, ``"removal"``
        search 2, ``"ilp"`` the integer program; ``"auto"`` is ``"blocks"`` for networks of
        up to :data:`BLOCKS_MAX_EDGES` routes (any player's), else reductions then search
        2, or the integer program beyond :data:`SEARCH_MAX_EDGES` routes left (whole maps).

    Returns
    -------
    Trail
        Its ``length``, the ``cities`` in order, the ``edges`` walked ``(from, to,
        length)`` and their ``edge_indices`` in ``edges`` (to tell parallel routes apart).
        The empty trail (no routes) has length 0. Equally long trails are chosen
        deterministically. The length is known at once; the way (``cities``, ``edges``,
        ``edge_indices``) is walked when first read (:meth:`Trail.later`).

    Raises
    ------
    MapError
        For edges that are not as above (naming the edge) or an unknown method.

    See Also
    --------
    longest_route_length, longest_route_certificate, longest_route_exhaustive

    Notes
    -----
    Exponential in the worst case (the problem is NP-hard). A 45-train network takes a
    tenth of a millisecond or so: O(n + m) for its tree-like parts, and a few questions to
    each block with cycles (see :mod:`.blocks`); a whole map a few hundredths of a second
    (the integer program). ``bench/longest_route.py`` prints the figures.

    Examples
    --------
    >>> t = longest_route([("Paris", "Bruxelles", 2), ("Bruxelles", "Amsterdam", 1)])
    >>> t.length, t.cities
    (3, ('Paris', 'Bruxelles', 'Amsterdam'))
    >>> longest_route([]).length
    0
    """
    return solve(edges, method).trail()


def longest_route_length(edges: Iterable[Any], method: str = "auto") -> int:
    """The length of the longest trail through ``edges``.

    Parameters
    ----------
    edges, method
        As for :func:`longest_route`.

    Returns
    -------
    int
        The length (0 for no routes).

    Notes
    -----
    As :func:`longest_route`, without building the :class:`Trail`.

    Examples
    --------
    >>> figure_eight = [("A", "B", 1), ("B", "C", 1), ("C", "A", 1),
    ...                 ("A", "D", 1), ("D", "E", 1), ("E", "A", 1)]
    >>> longest_route_length(figure_eight)
    6
    """
    return solve(edges, method).length


def longest_route_stats(edges: Iterable[Any], method: str = "auto") -> dict:
    """How :func:`longest_route` solved ``edges``.

    Parameters
    ----------
    edges, method
        As for :func:`longest_route`.

    Returns
    -------
    dict
        ``components`` (pieces), ``euler_components`` (pieces that were one trail),
        ``searches`` (one dict per piece searched: its ``method``, ``cities``, ``routes``,
        ``cycles``, ``states``, and for ``"blocks"`` the ``blocks`` with routes, the
        questions answered by ``parity`` and the ``fallbacks``) and ``ilp`` (one dict per
        integer program).

    Examples
    --------
    >>> longest_route_stats([("A", "B", 1), ("B", "C", 1)])["euler_components"]
    1
    >>> longest_route_stats([("A", "B", 1), ("A", "C", 1), ("A", "D", 1)])["searches"][0]["method"]
    'blocks'
    """
    return solve(edges, method).stats


@dataclass(frozen=True)
class Certificate:
    """A longest ``trail`` (a :class:`Trail`) with its proof: the ``upper_bound`` no trail
    can pass, and the solver's ``stats``. ``optimal``: the trail meets the bound."""

    trail: Trail
    upper_bound: int
    stats: dict = field(default_factory=dict, compare=False)

    @property
    def length(self) -> int:
        return self.trail.length

    @property
    def optimal(self) -> bool:
        return self.trail.length == self.upper_bound

    def to_dict(self) -> dict:
        """``{"length", "trail", "upper_bound", "optimal", "stats"}`` in plain JSON types."""
        return {"length": self.length, "trail": self.trail.to_dict(), "upper_bound": self.upper_bound,
                "optimal": self.optimal, "stats": self.stats}


def longest_route_certificate(edges: Iterable[Any]) -> Certificate:
    """The longest trail with a proof that nothing is longer.

    Parameters
    ----------
    edges : iterable
        As for :func:`longest_route`.

    Returns
    -------
    Certificate
        ``trail`` (a :class:`Trail`), ``length``, ``upper_bound``, ``optimal`` (True when
        the trail meets the bound) and ``stats``; ``to_dict()`` gives them as plain JSON.

    Notes
    -----
    Every piece with more than two odd cities is solved by the integer program (fact 11),
    whose optimum bounds every trail there from above; a piece with at most two odd cities
    is bounded by its total length (Euler, fact 1). Exponential in the worst case; a whole
    map takes a few hundredths of a second (one round, no cut, on both maps).

    Examples
    --------
    >>> c = longest_route_certificate([("A", "B", 1), ("A", "C", 1), ("A", "D", 1), ("A", "E", 1)])
    >>> c.length, c.upper_bound, c.optimal
    (2, 2, True)
    """
    found = solve(edges, "ilp")
    return Certificate(found.trail(), found.bound, found.stats)
