"""Reductions that shrink a network without changing its longest trail (facts 4-6 of
:mod:`ttr_teach.engine.longest`), and the bit-set form of the reduced network that the
searches of :mod:`.trails` and :mod:`.removal` walk.

A *reduced edge* is ``(u, v, length, steps)``: cities numbered ``0..n-1``, and the steps
``(edge index, from, to)`` of the original routes it stands for, walked from ``u`` to ``v``.
"""
from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence

from .network import Edge, Step, euler_steps, reverse_steps

#: A reduced edge: ``(u, v, length, steps)`` between cities numbered ``u`` and ``v``.
Reduced = tuple[int, int, int, list[Step]]


def reduce_component(edges: Sequence[Edge], ids: Sequence[int]
                     ) -> tuple[list[Hashable], list[Reduced], list[tuple[int, list[Step]]]]:
    """Shrink one connected piece without changing its longest trail.

    Parameters
    ----------
    edges : list of (city_a, city_b, length)
    ids : list of int
        The edge indices of one connected piece.

    Returns
    -------
    cities : list
        The cities left, numbered by their position in this list.
    reduced : list of (int, int, int, list)
        Reduced edges ``(u, v, length, steps)``.
    candidates : list of (int, list)
        Trails ``(length, steps)`` set aside by the fork rule; the longest trail of the
        piece is the longest of these and the longest trail of ``reduced``.

    Notes
    -----
    Repeats until nothing applies: a city with two routes (not loops) becomes one route
    (chain, fact 4); at a city with three or more dead-end routes only the two longest are
    kept (fact 5: a trail uses at most two dead ends, and a longer unused one can replace
    any other); a city with one route onwards and two dead ends (a fork) becomes one dead
    end, onwards route plus the longer dead end, and the trail "dead end, fork, dead end" is
    kept aside as a candidate. Cities with a loop are left alone (fact 6). A tree shrinks to
    a single route. Each rule removes a route, so O(m) rule applications, each O(degree).

    Examples
    --------
    >>> cities, reduced, kept = reduce_component([("A", "B", 2), ("B", "C", 3)], [0, 1])
    >>> [(cities[u], cities[v], w) for u, v, w, _ in reduced]
    [('A', 'C', 5)]
    """
    live: dict[int, tuple[Hashable, Hashable, int, list[Step]]] = {}       # edge id -> (u, v, length, steps)
    at: dict[Hashable, set[int]] = {}         # city -> set of edge ids
    looped: set[Hashable] = set()  # cities with a loop: left alone
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
    candidates: list[tuple[int, list[Step]]] = []

    def drop(e: int) -> None:
        a, b, _, _ = live.pop(e)
        for c in (a, b):
            at[c].discard(e)
            if not at[c]:
                del at[c]

    def add(a: Hashable, b: Hashable, w: int, steps: list[Step]) -> None:
        nonlocal fresh
        live[fresh] = (a, b, w, steps)
        at.setdefault(a, set()).add(fresh)
        at.setdefault(b, set()).add(fresh)
        if a == b:
            looped.add(a)
        fresh += 1

    def leaving(e: int, x: Hashable) -> tuple[Hashable, int, list[Step]]:
        """Edge ``e`` as (other end, length, steps from x)."""
        a, b, w, steps = live[e]
        return (b, w, steps) if a == x else (a, w, reverse_steps(steps))

    def other(e: int, x: Hashable) -> Hashable:
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
                (y1, w1, s1), (_y2, w2, s2) = leaving(dead[0], p), leaving(dead[1], p)
                candidates.append((w1 + w2, reverse_steps(s1) + s2))
                q, wq, sq = leaving(onward, p)
                for f in (dead[0], dead[1], onward):
                    drop(f)
                add(q, y1, wq + w1, reverse_steps(sq) + s1)
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
        add(a, b, w1 + w2, reverse_steps(s1) + s2)
        work += [a, b]
    cities = list(at)
    number = {c: k for k, c in enumerate(cities)}
    reduced = [(number[u], number[v], w, steps) for u, v, w, steps in
               (live[e] for e in sorted(live))]
    return cities, reduced, candidates


def bitgraph(n: int, reduced: Sequence[Reduced]
             ) -> tuple[list[list[tuple[int, int, int]]], list[int], list[int]]:
    """Adjacency of a reduced network with routes as bits: ``(adj, loops_at, incident)``.

    ``adj[x]`` lists ``(bit, other city, length)`` for every route at city ``x`` that is
    not a loop; ``loops_at[x]`` is the bit set of ``x``'s loops; ``incident[x]`` the bit set
    of its other routes (its parity is the parity of ``x``).

    >>> adj, loops_at, incident = bitgraph(2, [(0, 1, 3, []), (1, 1, 2, [])])
    >>> adj[0], loops_at[1], incident[1]
    ([(1, 1, 3)], 2, 1)
    """
    adj: list[list[tuple[int, int, int]]] = [[] for _ in range(n)]
    loops_at = [0] * n
    incident = [0] * n
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


def bits(mask: int) -> Iterator[int]:
    """The positions of the set bits of ``mask``, lowest first.

    >>> list(bits(0b10110))
    [1, 2, 4]
    """
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def expand(reduced: Sequence[Reduced], e: int, frm: Hashable) -> list[Step]:
    """The original steps of reduced edge ``e`` travelled from city ``frm``."""
    return reduced[e][3] if frm == reduced[e][0] else reverse_steps(reduced[e][3])


def euler_reduced(reduced: Sequence[Reduced], mask: int, start: int | None = None) -> list[Step]:
    """Original steps of an Euler trail through the reduced edges in ``mask`` (fact 1)."""
    local = [(u, v, w) for u, v, w, _ in reduced]
    return [s for e, f, _ in euler_steps(local, list(bits(mask)), start)
            for s in expand(reduced, e, f)]
