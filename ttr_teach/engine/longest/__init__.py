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

import numbers
import time
from dataclasses import dataclass

from ..errors import MapError

#: Components whose reduced network (facts 4-5) has more routes than this are solved by
#: the integer program, smaller ones by search 2 (both exact).
SEARCH_MAX_EDGES = 36


@dataclass(frozen=True)
class Trail:
    """A trail: its ``length``, the ``cities`` it visits in order, and its ``edges``.

    ``edges`` are ``(from, to, length)`` in travel order; ``edge_indices`` are the positions
    of those edges in the input (to tell parallel routes apart when drawing).
    The empty trail has length 0 and no cities.
    """

    length: int
    cities: tuple
    edges: tuple
    edge_indices: tuple

    def to_dict(self) -> dict:
        """The trail as plain JSON types."""
        return {"length": self.length, "cities": list(self.cities),
                "edges": [list(e) for e in self.edges], "edge_indices": list(self.edge_indices)}


# -- input ------------------------------------------------------------------------------------
#: The longest length a route may have: beyond it the integer program, which computes in
#: floating point, could no longer tell two trails one train apart (see :func:`_read_edges`).
MAX_ROUTE_LENGTH = 10 ** 9


def _is_city(city) -> bool:
    """A city is named by text or by a whole number (not a bool): names that equal themselves,
    unlike a float NaN, so that every method can tell cities apart."""
    return isinstance(city, str) or (isinstance(city, numbers.Integral) and not isinstance(city, bool))


def _read_edges(edges) -> list:
    """``edges`` as a list of ``(a, b, length)``; refuse anything else with a clear message.

    A city is text or a whole number; a length is a whole number from 1 to
    :data:`MAX_ROUTE_LENGTH` (a longer one could not be answered exactly).

    >>> _read_edges([("A", "B", float("nan"))])
    Traceback (most recent call last):
    ...
    ttr_teach.engine.errors.MapError: edge #1 ('A', 'B', nan): length nan is not a positive whole number
    >>> _read_edges([("A", float("nan"), 2)])
    Traceback (most recent call last):
    ...
    ttr_teach.engine.errors.MapError: edge #1 ('A', nan, 2): a city must be a name (text) or a whole number, not float
    """
    if isinstance(edges, (str, bytes, dict)) or not hasattr(edges, "__iter__"):
        raise MapError(f"edges must be a list of (city_a, city_b, length), not {type(edges).__name__}")
    out = []
    for i, e in enumerate(edges):
        if type(e) is tuple and len(e) == 3 and type(e[2]) is int and 0 < e[2] <= MAX_ROUTE_LENGTH \
                and type(e[0]) is str and type(e[1]) is str:   # the common case, quickly
            out.append(e)
            continue
        if all(hasattr(e, k) for k in ("a", "b", "length")):   # a Route
            a, b, w = e.a, e.b, e.length
        elif isinstance(e, (tuple, list)) and len(e) == 3:
            a, b, w = e
        else:
            raise MapError(f"edge #{i + 1} {_short(e)} is not (city_a, city_b, length)")
        if not isinstance(w, numbers.Integral) or isinstance(w, bool) or w <= 0:
            raise MapError(f"edge #{i + 1} {_short(e)}: length {_short(w)} is not a positive whole number")
        if w > MAX_ROUTE_LENGTH:
            raise MapError(f"edge #{i + 1}: length {_short(w)} is too long; lengths go up to "
                           f"{MAX_ROUTE_LENGTH:,}, beyond which the answer could not be exact")
        for city in (a, b):
            if not _is_city(city):
                raise MapError(f"edge #{i + 1} {_short(e)}: a city must be a name (text) or a whole "
                               f"number, not {type(city).__name__}")
        out.append((a, b, int(w)))
    return out


def _short(x) -> str:
    """``repr(x)``, cut short (an edge may hold a number of thousands of digits)."""
    try:
        text = repr(x)
    except ValueError:              # an int too long for Python to write in decimal
        return f"<a number of about {int(x.bit_length() * 0.30103)} digits>"
    return text if len(text) <= 80 else text[:60] + "…" + text[-10:]


def _trail(edges, steps) -> Trail:
    """The :class:`Trail` walking ``steps`` = [(edge index, from, to)] through ``edges``."""
    if not steps:
        return Trail(0, (), (), ())
    cities = [steps[0][1]] + [t for _, _, t in steps]
    return Trail(sum(edges[i][2] for i, _, _ in steps), tuple(cities),
                 tuple((f, t, edges[i][2]) for i, f, t in steps), tuple(i for i, _, _ in steps))


def _components(edges) -> list:
    """Edge indices of each connected component, in order of first appearance."""
    parent = {}                     # union-find; a root has no entry

    def root(x):
        r = x
        while r in parent:
            r = parent[r]
        if x != r:
            parent[x] = r           # shorten the way for next time
        return r

    for a, b, _ in edges:
        ra, rb = root(a), root(b)
        if ra != rb:
            parent[rb] = ra
    groups = {}
    for i, (a, _, _) in enumerate(edges):
        groups.setdefault(root(a), []).append(i)
    return list(groups.values())


def _odd_cities(edges, ids) -> list:
    degree = {}
    for i in ids:
        a, b, _ = edges[i]
        degree[a] = degree.get(a, 0) + 1
        degree[b] = degree.get(b, 0) + 1
    return [c for c, d in degree.items() if d % 2]


def _euler_steps(edges, ids, start=None) -> list:
    """An Euler trail through the edges ``ids`` (connected, at most two odd cities), as
    steps ``(edge index, from, to)``, by Hierholzer's algorithm; it starts at ``start`` or
    else at the first odd city. O(len(ids)).
    """
    if not ids:
        return []
    if start is None:
        odd = _odd_cities(edges, ids)
        start = odd[0] if odd else edges[ids[0]][0]
    around = {}
    for i in reversed(ids):                      # reversed: pop() takes routes in input order
        a, b, _ = edges[i]
        around.setdefault(a, []).append((i, b))
        if a != b:
            around.setdefault(b, []).append((i, a))
    used = set()
    stack = [(start, None)]
    steps = []
    while stack:
        city, step = stack[-1]
        routes = around.get(city, [])
        while routes and routes[-1][0] in used:
            routes.pop()
        if routes:
            i, other = routes.pop()
            used.add(i)
            stack.append((other, (i, city, other)))
        else:
            stack.pop()
            if step is not None:
                steps.append(step)
    steps.reverse()
    return steps


# -- the reference: plain exhaustive search -----------------------------------------------------
def longest_route_exhaustive(edges) -> Trail:
    """The longest trail by plain exhaustive search (the reference the fast methods are tested
    and timed against).

    This is what most public engines do: take every route as a first step, in each direction,
    and extend the trail depth-first through every unused route at its end, keeping the best.

    Complexity: proportional to the number of trails, exponential in the number of routes.

    >>> longest_route_exhaustive([("A", "B", 2), ("B", "C", 3), ("C", "A", 1)]).length
    6
    """
    edges = _read_edges(edges)
    adjacent = {}
    for i, (a, b, _) in enumerate(edges):
        adjacent.setdefault(a, []).append((i, b))
        if a != b:
            adjacent.setdefault(b, []).append((i, a))
    used = [False] * len(edges)
    path = []
    best = [0, []]

    def extend(city, length):
        if length > best[0]:
            best[0], best[1] = length, list(path)
        for i, other in adjacent[city]:
            if not used[i]:
                used[i] = True
                path.append((i, city, other))
                extend(other, length + edges[i][2])
                path.pop()
                used[i] = False

    for i, (a, b, w) in enumerate(edges):
        for start, end in ((a, b), (b, a)):
            used[i] = True
            path.append((i, start, end))
            extend(end, w)
            path.pop()
            used[i] = False
    return _trail(edges, best[1])


# -- reductions ---------------------------------------------------------------------------------
def _reduce(edges, ids):
    """Shrink a component without changing its longest trail (facts 4 and 5).

    Repeats until nothing applies: a city with two routes (not loops) becomes one route
    (chain); at a city with three or more dead-end routes only the two longest are kept
    (a trail uses at most two dead ends, and a longer unused one can replace any other);
    a city with one route onwards and two dead ends (a fork) becomes one dead end, onwards
    route plus the longer dead end, and the trail "dead end, fork, dead end" is kept aside
    as a candidate. Trees shrink to a single route.

    Returns ``(cities, reduced edges, candidates)``: cities numbered 0..n-1, each reduced
    edge ``(u, v, length, steps)`` with ``steps`` the original edges from ``u`` to ``v``,
    and candidates ``(length, steps)`` of trails kept aside.
    """
    live = {}      # edge id -> (u, v, length, steps)
    at = {}        # city -> set of edge ids
    looped = set()  # cities with a loop: left alone
    for i in ids:
        a, b, w = edges[i]
        live[i] = (a, b, w, [(i, a, b)])
        if a in at:
            at[a].add(i)
        else:
            at[a] = {i}
        if b in at:
            at[b].add(i)
        else:
            at[b] = {i}
        if a == b:
            looped.add(a)
    fresh = max(ids) + 1
    candidates = []

    def drop(e):
        a, b, _, _ = live.pop(e)
        for c in (a, b):
            at[c].discard(e)
            if not at[c]:
                del at[c]

    def add(a, b, w, steps):
        nonlocal fresh
        live[fresh] = (a, b, w, steps)
        at.setdefault(a, set()).add(fresh)
        at.setdefault(b, set()).add(fresh)
        if a == b:
            looped.add(a)
        fresh += 1

    def leaving(e, x):
        """Edge ``e`` as (other end, length, steps from x)."""
        a, b, w, steps = live[e]
        return (b, w, steps) if a == x else (a, w, _reverse(steps))

    def other(e, x):
        a, b = live[e][0], live[e][1]
        return b if a == x else a

    work = [c for c, es in at.items() if len(es) <= 2 and c not in looped]   # dead ends, chains
    while work:
        x = work.pop()
        mine = at.get(x)
        if not mine or x in looped:
            continue
        if len(mine) == 1:                               # a dead end: look at its hub
            (e,) = mine
            p = other(e, x)
            hub = at[p]
            if len(hub) <= 2 or p in looped:
                if len(hub) == 2:
                    work.append(p)                       # a chain (a lone route: nothing)
                continue
            dead = sorted((f for f in hub if len(at[other(f, p)]) == 1),
                          key=lambda f: (-live[f][2], f))
            for f in dead[2:]:                           # a trail uses at most two dead ends
                drop(f)
            if len(dead) >= 2 and len(hub) == 3:         # a fork: one dead end survives
                onward = next(f for f in hub if f != dead[0] and f != dead[1])
                (y1, w1, s1), (y2, w2, s2) = leaving(dead[0], p), leaving(dead[1], p)
                candidates.append((w1 + w2, _reverse(s1) + s2))
                q, wq, sq = leaving(onward, p)
                for f in (dead[0], dead[1], onward):
                    drop(f)
                add(q, y1, wq + w1, _reverse(sq) + s1)
                work.append(y1)
            elif len(hub) <= 2:
                work.append(p)
            continue
        if len(mine) > 2:
            continue                                     # a hub: its dead ends call on it
        e1, e2 = sorted(mine)                            # a chain: one route instead of two
        (a, w1, s1), (b, w2, s2) = leaving(e1, x), leaving(e2, x)
        drop(e1)
        drop(e2)
        add(a, b, w1 + w2, _reverse(s1) + s2)
        work += [a, b]
    cities = list(at)
    number = {c: k for k, c in enumerate(cities)}
    reduced = [(number[u], number[v], w, steps) for u, v, w, steps in
               (live[e] for e in sorted(live))]
    return cities, reduced, candidates


def _reverse(steps):
    return [(i, t, f) for i, f, t in reversed(steps)]


# -- search 1: trails from the odd cities, memoised (for networks with at most one cycle) -----
def _bitgraph(n, reduced):
    """Adjacency of a reduced component for the searches: ``(adj, loops_at, incident)``."""
    adj = [[] for _ in range(n)]
    loops_at = [0] * n
    incident = [0] * n           # non-loop incident edges; their count gives the parity
    for e, (u, v, w, _) in enumerate(reduced):
        bit = 1 << e
        if u == v:
            loops_at[u] |= bit
        else:
            adj[u].append((bit, v, w))
            adj[v].append((bit, u, w))
            incident[u] |= bit
            incident[v] |= bit
    return adj, loops_at, incident


def _bits(mask):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _expand(reduced, e, frm):
    """The original steps of reduced edge ``e`` travelled from city ``frm``."""
    return reduced[e][3] if frm == reduced[e][0] else _reverse(reduced[e][3])


def _euler_reduced(reduced, mask, start=None):
    """Original steps of an Euler trail through the reduced edges in ``mask``."""
    local = [(u, v, w) for u, v, w, _ in reduced]
    return [s for e, f, _ in _euler_steps(local, list(_bits(mask)), start) for s in _expand(reduced, e, f)]


def _trail_search(n, reduced):
    """Longest trail of a reduced component by depth-first search from its odd cities (fact 3),
    remembering the best continuation from each city for each set of reachable unused routes
    (fact 6) and stopping as soon as those routes form an Euler trail from the city (fact 1).

    Fast when the component has few cycles (then few distinct reachable sets exist).
    Returns ``(length, steps, number of memoised states)``.
    """
    m = len(reduced)
    adj, loops_at, incident = _bitgraph(n, reduced)
    weights = [w for _, _, w, _ in reduced]

    def weight(mask):
        return sum(weights[e] for e in _bits(mask))

    def reach(v, unused):
        """Unused edges reachable from ``v``, their weight, and whether an Euler trail
        from ``v`` runs through all of them."""
        seen, stack, comp, total, odd, v_odd = 1 << v, [v], 0, 0, 0, False
        while stack:
            x = stack.pop()
            if (incident[x] & unused).bit_count() & 1:
                odd += 1
                v_odd |= x == v
            if loops_at[x] & unused:
                comp |= loops_at[x] & unused
                total += weight(loops_at[x] & unused)
            for bit, y, w in adj[x]:
                if unused & bit and not comp & bit:
                    comp |= bit
                    total += w
                    if not seen >> y & 1:
                        seen |= 1 << y
                        stack.append(y)
        return comp, total, odd == 0 or (odd == 2 and v_odd)

    memo = {}

    def best(v, unused):
        loops = loops_at[v] & unused            # fact 5: take loops on arrival
        gain = weight(loops) if loops else 0
        comp, total, euler = reach(v, unused ^ loops)
        if not comp:
            return gain
        key = (comp, v)
        value = memo.get(key)
        if value is None:
            if euler:
                value = total
            else:
                value = 0
                for bit, y, w in adj[v]:
                    if comp & bit:
                        t = w + best(y, comp ^ bit)
                        if t > value:
                            value = t
            memo[key] = value
        return gain + value

    everything = (1 << m) - 1
    value, start = max((best(x, everything), -x) for x in range(n) if incident[x].bit_count() & 1)
    v, unused, steps = -start, everything, []
    while True:                                  # follow the memo to one best trail
        loops = loops_at[v] & unused
        for e in _bits(loops):
            steps.extend(reduced[e][3])
        unused ^= loops
        comp, _, euler = reach(v, unused)
        if not comp:
            break
        if euler:
            steps.extend(_euler_reduced(reduced, comp, v))
            break
        goal = best(v, comp)
        for bit, y, w in adj[v]:
            if comp & bit and w + best(y, comp ^ bit) == goal:
                steps.extend(_expand(reduced, bit.bit_length() - 1, v))
                v, unused = y, comp ^ bit
                break
    return value, steps, len(memo)


# -- search 2: which routes to leave out, branch and bound (for networks with cycles) -----------
def _removal_search(n, reduced):
    """Longest trail of a reduced component by choosing the routes it leaves out.

    By Euler (fact 1) a longest trail is a heaviest connected set of routes with at most two
    odd cities, and those two are odd cities of the network (fact 3). The search keeps a
    connected set ``H`` (initially everything) and a set ``E`` of chosen ends, takes an odd
    city ``x`` of ``H`` that is not an end, and branches: ``x`` becomes an end (if it is an
    odd city of the network and fewer than two ends are chosen), or one of ``x``'s routes is
    left out (if ``H`` falls in two pieces, each piece is solved alone). When every odd city
    of ``H`` is an end, ``H`` is a trail. Pruning: each odd city that will not be an end must
    lose a route, at least its lightest (or two if that leads to an even city), and a lost
    route serves at most two cities. Results are memoised per ``(H, E)``; the search is
    fail-soft alpha-beta, so memoised bounds stay valid when the best-so-far rises.

    Returns ``(length, steps, number of states)``.
    """
    m = len(reduced)
    adj, loops_at, incident = _bitgraph(n, reduced)
    for options in adj:
        options.sort(key=lambda o: o[2])        # leave out short routes first
    loop_weight = [sum(reduced[e][2] for e in _bits(loops_at[x])) for x in range(n)]
    ends_allowed = 0
    for x in range(n):
        if incident[x].bit_count() & 1:
            ends_allowed |= 1 << x

    def piece(h, x):
        """The part of ``h`` connected to city ``x``: (edges, cities, weight, odd cities).
        Loops are never left out, so a city's loops are in every part that holds it."""
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
        return comp, seen, total, odd

    pieces_of = {}

    def reaches(rest, x, y):
        """Whether ``y`` can be reached from ``x`` along the routes ``rest``."""
        seen, stack = 1 << x, [x]
        while stack:
            for bit, t, _ in adj[stack.pop()]:
                if rest & bit and not seen >> t & 1:
                    if t == y:
                        return True
                    seen |= 1 << t
                    stack.append(t)
        return False

    def split(part, bit, x, y, w):
        """The connected parts left when route x-y (``bit``) is taken out of ``part``."""
        h, cities, total, odd = part
        rest = h ^ bit
        got = pieces_of.get(rest)
        if got is None:
            if not (incident[y] & rest or loops_at[y]):     # y was a dead end
                x, y = y, x
            if not (incident[x] & rest or loops_at[x]):     # x was a dead end
                got = [(rest, cities & ~(1 << x), total - w,
                        [z for z in odd if z != x and z != y] + ([] if y in odd else [y]))]
            elif reaches(rest, x, y):                       # the route was on a cycle
                got = [(rest, cities, total - w, [z for z in odd if z != x and z != y]
                        + [z for z in (x, y) if z not in odd])]
            else:                                           # a bridge: two parts
                got = [piece(rest, x), piece(rest, y)]
            pieces_of[rest] = got = [p for p in got if p[0]]
        return got

    def bound(h, total, ends, q):
        slots = 2 - ends.bit_count()
        free = ends
        for x in q:
            free |= 1 << x
        can_end, must = [], 0
        for x in q:
            cheapest = None
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
            if slots and ends_allowed >> x & 1:
                can_end.append(cheapest)
            else:
                must += cheapest
        if slots < len(can_end):
            can_end.sort()
            must += sum(can_end[:-slots]) if slots else sum(can_end)
        return total - (must + 1) // 2

    def pick(h, ends, q):
        """The city of ``q`` to branch on (fewest choices) and whether it may be an end."""
        slots = ends.bit_count() < 2
        fewest = None
        for z in q:
            k = (incident[z] & h).bit_count() + (slots and ends_allowed >> z & 1)
            if fewest is None or k < fewest:
                fewest, x = k, z
                if k <= 1:
                    break
        return x, slots and ends_allowed >> x & 1

    memo = {}       # (edges, ends) -> exact value v >= 0, or -1 - b for an upper bound b
    shift = n + 1

    def solve(part, ends, alpha):
        """Fail-soft: the best trail in ``part`` if it beats ``alpha``, else a bound <= alpha."""
        h, _, total, odd = part
        key = h << shift | ends
        known = memo.get(key)
        if known is not None:
            if known >= 0:
                return known
            ub = -1 - known
            if ub <= alpha:
                return ub
            q = [x for x in odd if not ends >> x & 1]
        else:
            q = [x for x in odd if not ends >> x & 1]
            if not q:
                memo[key] = total
                return total
            ub = bound(h, total, ends, q)
            if ub <= alpha:
                memo[key] = -1 - ub
                return ub
        x, can_end = pick(h, ends, q)
        value, best = 0, None                       # the empty trail
        for bit, y, w in adj[x]:                    # leave out one of x's routes...
            if h & bit:
                for sub in split(part, bit, x, y, w):
                    r = solve(sub, ends & sub[1], alpha if alpha > value else value)
                    if r > value:
                        value, best = r, (sub, ends & sub[1])
                if value >= ub:
                    break                           # a choice reaches the bound: stop
        else:
            if can_end:                             # ...or make x an end of the trail
                r = solve(part, ends | 1 << x, alpha if alpha > value else value)
                if r > value:
                    value, best = r, (part, ends | 1 << x)
        if value > alpha:
            memo[key] = value
            via[key] = best                         # where the best trail lies
        else:
            value = min(ub, value)
            memo[key] = -1 - value
        return value

    via = {}
    part, ends = piece((1 << m) - 1, 0), 0
    # Aim at the bound and lower the aim to what each failed search proves (MTD search):
    # a high aim prunes hardest, and bounds proved on the way stay in the memo.
    target = bound(part[0], part[2], 0, list(part[3]))
    while True:
        value = solve(part, ends, target - 1)
        if value >= target:
            break
        target = value
    while (part[0] << shift | ends) in via:       # follow the best choices down to a trail
        part, ends = via[part[0] << shift | ends]
    return value, _euler_reduced(reduced, part[0], part[3][0] if part[3] else None), len(memo)


# -- the integer program ------------------------------------------------------------------------
def _ilp(edges, ids, time_limit=None):
    """Heaviest connected edge subset of ``ids`` with at most 2 odd cities, by MILP (fact 7).

    Returns ``(value, chosen edge ids, upper bound, stats)``.
    """
    import numpy as np
    from scipy.optimize import Bounds, LinearConstraint, milp
    from scipy.sparse import coo_matrix

    cities = []
    number = {}
    for i in ids:
        for c in edges[i][:2]:
            if c not in number:
                number[c] = len(cities)
                cities.append(c)
    n, m = len(cities), len(ids)
    ends = [(number[edges[i][0]], number[edges[i][1]]) for i in ids]
    weight = np.array([edges[i][2] for i in ids], dtype=float)
    # variables: x (m routes), z (n half-degrees), o (n odd flags), u (n cities used)
    X, Z, O, U = 0, m, m + n, m + 2 * n
    nvar = m + 3 * n
    degree = [0] * n
    for a, b in ends:
        degree[a] += 1
        degree[b] += 1
    rows, cols, vals, lo, hi = [], [], [], [], []
    row = 0

    def add(coefs, lower, upper):
        nonlocal row
        for c, v in coefs.items():
            rows.append(row)
            cols.append(c)
            vals.append(v)
        lo.append(lower)
        hi.append(upper)
        row += 1

    incident = [dict() for _ in range(n)]
    for k, (a, b) in enumerate(ends):
        incident[a][X + k] = incident[a].get(X + k, 0) + 1
        incident[b][X + k] = incident[b].get(X + k, 0) + 1
    for v in range(n):                       # degree = 2 z + o
        add({**incident[v], Z + v: -2, O + v: -1}, 0, 0)
    add({O + v: 1 for v in range(n)}, 0, 2)  # at most two odd cities
    for k, (a, b) in enumerate(ends):        # a chosen route uses its cities
        for v in {a, b}:
            add({X + k: 1, U + v: -1}, -np.inf, 0)
    for v in range(n):                       # a used city has a chosen route
        add({U + v: 1, **{c: -1 for c in incident[v]}}, -np.inf, 0)

    integrality = np.ones(nvar)
    upper = np.concatenate([np.ones(m), [d // 2 for d in degree], np.ones(2 * n)])
    bounds = Bounds(np.zeros(nvar), upper)
    cost = np.concatenate([-weight, np.zeros(3 * n)])
    stats = {"method": "ilp", "variables": nvar, "rounds": 0, "cuts": 0, "nodes": 0,
             "seconds": 0.0}
    started = time.perf_counter()
    options = {"mip_rel_gap": 0.0, "disp": False}
    while True:
        if time_limit is not None:
            options["time_limit"] = max(1.0, time_limit - (time.perf_counter() - started))
        a = coo_matrix((vals, (rows, cols)), shape=(row, nvar)).tocsr()
        res = milp(cost, constraints=LinearConstraint(a, lo, hi), integrality=integrality,
                   bounds=bounds, options=options)
        stats["rounds"] += 1
        stats["nodes"] += int(getattr(res, "mip_node_count", 0) or 0)
        if res.status != 0 or res.x is None:
            raise MapError(f"the longest-route integer program failed: {res.message}")
        chosen = [k for k in range(m) if res.x[X + k] > 0.5]
        pieces = _components([(ends[k][0], ends[k][1], 0) for k in chosen])
        if len(pieces) <= 1:
            break
        # cut: a piece and any city outside it cannot both be used unless a route crosses
        city_sets = [{c for k in piece for c in ends[chosen[k]]} for piece in pieces]
        biggest = max(range(len(city_sets)), key=lambda p: len(city_sets[p]))
        for p, inside in enumerate(city_sets):
            crossing = [X + k for k, (a, b) in enumerate(ends) if (a in inside) != (b in inside)]
            outside = next(iter(city_sets[biggest if p != biggest else (p + 1) % len(city_sets)]))
            for c in inside:
                add({**{x: 1 for x in crossing}, U + c: -1, U + outside: -1}, -1, np.inf)
                stats["cuts"] += 1
    stats["seconds"] = time.perf_counter() - started
    # the answer is the exact length of the routes chosen; the solver's float must agree
    value = sum(edges[ids[k]][2] for k in chosen)
    if abs(value + res.fun) > 0.5:
        raise MapError(f"the longest-route integer program's optimum {-res.fun} is not the length "
                       f"{value} of the routes it chose, so it cannot be trusted")
    bound_raw = getattr(res, "mip_dual_bound", None)
    bound = value if bound_raw is None else max(value, int(np.floor(-bound_raw + 1e-6)))
    return value, [ids[k] for k in chosen], bound, stats


# -- solving one component and the public functions ---------------------------------------------
METHODS = ("auto", "trails", "removal", "ilp")


def _solve_component(edges, ids, method, stats):
    """Longest trail of one connected component: ``(length, steps, upper bound)``."""
    total = sum(edges[i][2] for i in ids)
    if len(_odd_cities(edges, ids)) <= 2:         # fact 1: the whole component is a trail
        stats["euler_components"] += 1
        return total, _euler_steps(edges, ids), total
    if method == "ilp":
        value, chosen, bound, ilp_stats = _ilp(edges, ids)
        stats["ilp"].append(ilp_stats)
        return value, _euler_steps(edges, chosen), bound
    cities, reduced, candidates = _reduce(edges, ids)
    cycles = len(reduced) - len(cities) + 1
    if method == "auto":
        method = "ilp" if len(reduced) > SEARCH_MAX_EDGES else "removal"
        if method == "ilp":
            return _solve_component(edges, ids, "ilp", stats)
    local = [(u, v, w) for u, v, w, _ in reduced]
    if len(_odd_cities(local, range(len(local)))) <= 2:   # what is left is one trail (fact 1)
        method, states = "euler", 0
        value = sum(w for _, _, w in local)
        steps = _euler_reduced(reduced, (1 << len(reduced)) - 1)
    else:
        search = _trail_search if method == "trails" else _removal_search
        value, steps, states = search(len(cities), reduced)
    stats["searches"].append({"method": method, "cities": len(cities), "routes": len(reduced),
                              "cycles": cycles, "states": states})
    for length, kept in candidates:
        if length > value:
            value, steps = length, kept
    return value, steps, value


def _solve(edges, method="auto"):
    if method not in METHODS:
        raise MapError(f"unknown longest-route method {method!r}; use one of {', '.join(METHODS)}")
    edges = _read_edges(edges)
    stats = {"components": 0, "euler_components": 0, "searches": [], "ilp": []}
    best, best_steps, bound = 0, [], 0
    for ids in _components(edges):
        stats["components"] += 1
        value, steps, ub = _solve_component(edges, ids, method, stats)
        bound = max(bound, ub)
        if value > best:
            best, best_steps = value, steps
    return edges, best, best_steps, bound, stats


def longest_route(edges, method="auto") -> Trail:
    """The longest trail through ``edges``: a :class:`Trail` with length, cities and edges.

    ``edges`` is an iterable of ``(city_a, city_b, length)`` (or
    :class:`~ttr_teach.engine.maps.Route` objects); parallel edges and loops are allowed. A
    city is text or a whole number, a length a whole number from 1 to
    :data:`MAX_ROUTE_LENGTH`; anything else is refused with a
    :class:`~ttr_teach.engine.errors.MapError` (a ``ValueError``) rather than answered inexactly.
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
    edges, _, steps, _, _ = _solve(edges, method)
    return _trail(edges, steps)


def longest_route_length(edges, method="auto") -> int:
    """The length of the longest trail through ``edges`` (see :func:`longest_route`).

    >>> figure_eight = [("A", "B", 1), ("B", "C", 1), ("C", "A", 1),
    ...                 ("A", "D", 1), ("D", "E", 1), ("E", "A", 1)]
    >>> longest_route_length(figure_eight)
    6
    """
    return _solve(edges, method)[1]


def longest_route_stats(edges, method="auto") -> dict:
    """How :func:`longest_route` solved ``edges``: components, searches and their sizes.

    >>> longest_route_stats([("A", "B", 1), ("B", "C", 1)])["euler_components"]
    1
    """
    return _solve(edges, method)[4]


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
    edges, best, steps, bound, stats = _solve(edges, "ilp")
    trail = _trail(edges, steps)
    return {"length": best, "trail": trail, "upper_bound": bound,
            "optimal": trail.length == bound == best, "stats": stats}
