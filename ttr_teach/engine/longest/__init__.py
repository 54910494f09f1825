"""The longest route: the longest trail in a network of routes, computed exactly.

A *trail* is a walk that uses no route twice; it may pass through a city several times and
may close loops. The Longest Continuous Path bonus (Europe: the European Express) goes to
the longest trail in a player's own routes. Finding a longest trail is NP-hard in general,
so this module combines exact reductions, a memoised search and, for whole maps, an integer
program whose optimum is a proof.

>>> longest_route_length([("A", "B", 2), ("B", "C", 3), ("C", "A", 1), ("C", "D", 4)])
10
>>> t = longest_route([("A", "B", 2), ("B", "C", 3), ("C", "A", 1), ("C", "D", 4)])
>>> t.length, t.cities
(10, ('C', 'B', 'A', 'C', 'D'))

Why the methods are exact (these facts are taught in the longest-route lesson):

1. **Euler's theorem.** A set of routes can be run through as one trail exactly when it is
   connected and at most two of its cities have an odd number of those routes (then the trail
   starts and ends at those two). So a longest trail is a heaviest connected route set with
   at most two odd cities, and a connected network with at most two odd cities is its own
   longest trail (no search at all).
2. **Components.** A trail never leaves its connected component: solve each one alone.
3. **Odd ends.** With positive lengths, every longest trail of a network that has odd
   cities starts and ends at odd cities. Proof: let a longest trail T end at ``t``. If T is
   open and ``t`` is even in the network, T uses an odd number of ``t``'s routes, so one is
   unused and T could go on along it: not longest. If T is closed, it uses an even number
   of routes at every city; the network has an odd city, so T is not all of its component,
   and by connectivity some city on T has an unused route; start the loop there and add
   that route: not longest. So only odd cities are ever tried as ends.
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
7. **Search 1, trails** (``method="trails"``, the classic search made exact and quick):
   depth-first from the odd cities only; the best continuation from city ``v`` depends only
   on ``v`` and on the unused routes *reachable* from ``v``, so it is memoised under that
   key, and the search stops (fact 1) as soon as those routes form an Euler trail from
   ``v``. Fast with few cycles, slow with many.
8. **Search 2, routes left out** (``method="removal"``, what ``"auto"`` uses for every
   network that is not a trail already): by fact 1 the answer is the
   heaviest connected route set whose odd cities are at most two chosen ends, which by fact
   3 are odd cities. Branch at an odd city that is not an end: it becomes an end, or one of
   its routes is left out (a set that falls apart is solved piece by piece). Branch and
   bound: every odd city that is not an end must lose a route (at least its lightest, two
   if that route leads to an even city) and a route lost serves two cities at most. The
   search aims at the bound and lowers the aim to what each failed search proves, with
   exact values and proven bounds memoised per (route set, ends).
9. **Integer program** (whole maps): choose routes ``x_e``; at every city
   ``sum(x_e) = 2 z_v + o_v`` with ``sum(o_v) <= 2``; connectivity by cut constraints added
   lazily while the chosen routes fall apart. HiGHS's optimum bounds every trail from above;
   an Euler trail (Hierholzer) through the optimal routes meets the bound, so it is the
   answer and the bound is its certificate.

Like the longest path problem (Garey and Johnson, ND29), the longest trail problem is
NP-hard, so every exact method is exponential in the worst case; these keep the worst case
far away for the networks a game produces.
"""
from __future__ import annotations

from .exhaustive import longest_route_exhaustive
from .network import Trail
from .solve import METHODS, SEARCH_MAX_EDGES, solve

__all__ = ["Trail", "longest_route", "longest_route_length", "longest_route_certificate",
           "longest_route_stats", "longest_route_exhaustive", "METHODS", "SEARCH_MAX_EDGES"]


def longest_route(edges, method="auto") -> Trail:
    """The longest trail through ``edges``: a :class:`Trail` with length, cities and edges.

    ``edges`` is an iterable of ``(city_a, city_b, length)`` (or
    :class:`~ttr_teach.engine.maps.Route` objects); parallel edges and loops are allowed.
    ``method`` picks the exact method used on each component that is not a trail already:
    ``"trails"`` (search 1), ``"removal"`` (search 2), ``"ilp"`` (integer program) or
    ``"auto"``: search 2, or the integer program beyond :data:`SEARCH_MAX_EDGES` routes
    (facts 7-9 of the module docstring). Equally long trails are chosen deterministically.

    Complexity: exponential in the worst case (the problem is NP-hard); a 45-train
    network takes about a millisecond, a whole map a fraction of a second.

    >>> t = longest_route([("Paris", "Bruxelles", 2), ("Bruxelles", "Amsterdam", 1)])
    >>> t.length, t.cities
    (3, ('Paris', 'Bruxelles', 'Amsterdam'))
    >>> longest_route([]).length
    0
    """
    return solve(edges, method).trail()


def longest_route_length(edges, method="auto") -> int:
    """The length of the longest trail through ``edges`` (see :func:`longest_route`).

    >>> figure_eight = [("A", "B", 1), ("B", "C", 1), ("C", "A", 1),
    ...                 ("A", "D", 1), ("D", "E", 1), ("E", "A", 1)]
    >>> longest_route_length(figure_eight)
    6
    """
    return solve(edges, method).length


def longest_route_stats(edges, method="auto") -> dict:
    """How :func:`longest_route` solved ``edges``: components, searches and their sizes.

    >>> longest_route_stats([("A", "B", 1), ("B", "C", 1)])["euler_components"]
    1
    """
    return solve(edges, method).stats


def longest_route_certificate(edges) -> dict:
    """The longest trail with a proof that nothing is longer.

    Returns ``{"length", "trail" (a Trail), "upper_bound", "optimal", "stats"}``. Every
    component with more than two odd cities is solved by the integer program, whose optimum
    bounds every trail there from above; a component with at most two odd cities is bounded
    by its total length (Euler). ``optimal`` is True when the trail meets the bound.

    >>> c = longest_route_certificate([("A", "B", 1), ("A", "C", 1), ("A", "D", 1), ("A", "E", 1)])
    >>> c["length"], c["upper_bound"], c["optimal"]
    (2, 2, True)
    """
    found = solve(edges, "ilp")
    trail = found.trail()
    return {"length": found.length, "trail": trail, "upper_bound": found.bound,
            "optimal": trail.length == found.bound == found.length, "stats": found.stats}
