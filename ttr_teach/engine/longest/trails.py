"""Search 1 (``method="trails"``): the classic depth-first trail search, made exact and
quick by starting only at odd cities and remembering what each continuation is worth."""
from __future__ import annotations

from collections.abc import Sequence

from .network import Step
from .reductions import Reduced, bitgraph, bits, euler_reduced, expand


def trail_search(n: int, reduced: Sequence[Reduced]) -> tuple[int, list[Step], int]:
    """The longest trail of a reduced network by depth-first search from its odd cities.

    Parameters
    ----------
    n : int
        The number of cities (numbered ``0..n-1``).
    reduced : list of (int, int, int, list)
        Reduced edges ``(u, v, length, steps)`` of one connected network with more than
        two odd cities (see :func:`~ttr_teach.engine.longest.reductions.reduce_component`).

    Returns
    -------
    length : int
    steps : list of (int, city, city)
        One longest trail as original steps.
    states : int
        How many ``(city, reachable unused routes)`` states were remembered.

    Notes
    -----
    The trail starts at an odd city (fact 3 of :mod:`ttr_teach.engine.longest`), takes a
    city's loops as soon as it stands there (fact 6), and the best continuation from city
    ``v`` depends only on ``v`` and on the unused routes still *reachable* from ``v``: it is
    remembered under that key, and found at once (fact 1) when those routes form an Euler
    trail from ``v``. Exponential in the worst case (the number of reachable sets); fast
    when the network has few cycles.

    Examples
    --------
    >>> triangle_and_tail = [(0, 1, 2, [(0, "A", "B")]), (1, 2, 3, [(1, "B", "C")]),
    ...                      (2, 0, 1, [(2, "C", "A")]), (2, 3, 4, [(3, "C", "D")]),
    ...                      (0, 4, 1, [(4, "A", "E")])]
    >>> trail_search(5, triangle_and_tail)[0]
    10
    """
    m = len(reduced)
    adj, loops_at, incident = bitgraph(n, reduced)
    weights = [w for _, _, w, _ in reduced]

    def weight(mask: int) -> int:
        return sum(weights[e] for e in bits(mask))

    def reach(v: int, unused: int) -> tuple[int, int, bool]:
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

    memo: dict[tuple[int, int], int] = {}

    def best(v: int, unused: int) -> int:
        loops = loops_at[v] & unused            # fact 6: take loops on arrival
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
        for e in bits(loops):
            steps.extend(reduced[e][3])
        unused ^= loops
        comp, _, euler = reach(v, unused)
        if not comp:
            break
        if euler:
            steps.extend(euler_reduced(reduced, comp, v))
            break
        goal = best(v, comp)
        for bit, y, w in adj[v]:
            if comp & bit and w + best(y, comp ^ bit) == goal:
                steps.extend(expand(reduced, bit.bit_length() - 1, v))
                v, unused = y, comp ^ bit
                break
    return value, steps, len(memo)
