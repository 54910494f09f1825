"""The longest trail by bridges and blocks (``method="blocks"``, what ``"auto"`` uses for a
player's network): cut the network at its bridges, ask each block for its best trails
between the cities where the rest hangs on, and put the best pieces together.

A *bridge* is a route whose removal disconnects its piece of the network; cutting every
bridge leaves *blocks* (2-edge-connected pieces, often a single city), and blocks and
bridges form a tree. A trail crosses a bridge at most once and never comes back (fact 7 of
:mod:`ttr_teach.engine.longest`), so a longest trail is: a trail inside one top block
between two of its cities ``u`` and ``v``, plus from each of ``u`` and ``v`` at most one
*branch* down the tree: a bridge and then, recursively, the best trail starting where the
bridge arrives. Working up from the leaves of the tree, every block's best branch is known
before its parent asks for it, and at each city only the two best branches below it can
matter (a trail has two ends). A tree of single cities is the classic longest path in a
tree; blocks with routes are asked by :class:`~ttr_teach.engine.longest.blocks.Block`.
"""
from __future__ import annotations

import heapq
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from .blocks import Block
from .reductions import bits

if TYPE_CHECKING:
    from .intnet import IntNetwork

#: The trail chosen at the top: ``(u, v, routes, branch at u, branch at v)`` (-1: no branch).
_Choice = tuple[int, int, int, int, int]
#: Going down a block: ``(end city, routes, branch at the end)``.
_Going = tuple[int, int, int]


def solve_piece(net: IntNetwork, start: int, stats: dict[str, Any], blocks: list[Block] | None = None
                ) -> tuple[int, Callable[[], list[tuple[int, int, int]]]]:
    """The longest trail of the piece of ``net`` that holds city ``start``, by bridges and
    blocks.

    Parameters
    ----------
    net : IntNetwork
        The network in integer form (:class:`~ttr_teach.engine.longest.intnet.IntNetwork`);
        its search arrays are filled for the piece's cities.
    start : int
        A city of the piece, not yet searched: the root of the search tree.
    stats : dict
        Gets one entry in ``stats["searches"]``: method ``"blocks"``, the numbers of
        cities, routes, independent cycles and blocks with routes, the questions asked of
        blocks (``states``), how many the parity bound answered, and the fall-backs.
    blocks : list, optional
        Gets the piece's :class:`~ttr_teach.engine.longest.blocks.Block` objects: its
        blocks with routes but for single cycles (answered in closed form by
        :func:`_cycle`), the top block last.

    Returns
    -------
    (int, callable)
        The length of one longest trail, and a function without arguments giving its steps
        ``(route bit, from, to)`` in the network's integer form (walked only when asked:
        a caller wanting only the length never pays for it).

    Notes
    -----
    One depth-first search finds the bridges (Tarjan [1]_: the tree route into ``x`` is a
    bridge exactly when no route from ``x``'s subtree climbs above ``x``), and each block
    is complete when the search leaves its first city, its branches below already known:
    the walk up the tree happens on the way back. The search and the walk take O(n + m);
    a block is asked O(k**2) questions at most for its k cities with branches or an odd
    number of routes, fewer as soon as no remaining question can beat the best answer (see
    :class:`~ttr_teach.engine.longest.blocks.Block` for what a question costs). A tree
    (every block a single city) costs O(n + m) in all. The search is iterative, so any
    size of network is safe.

    References
    ----------
    .. [1] R. E. Tarjan, "A note on finding the bridges of a graph", Information
       Processing Letters 2 (1974) 160-161.

    Examples
    --------
    Two triangles joined by a bridge, with a dead end on each: the trail runs from one
    dead end through both triangles to the other.

    >>> from ttr_teach.engine.longest.intnet import IntNetwork
    >>> net = IntNetwork([("A", "B", 1), ("B", "C", 1), ("C", "A", 1), ("C", "D", 5),
    ...                   ("D", "E", 1), ("E", "F", 1), ("F", "D", 1), ("A", "X", 2), ("F", "Y", 2)])
    >>> stats = {"searches": []}
    >>> length, walk = solve_piece(net, 0, stats)
    >>> length, [net.cities[x] for _, x, _ in walk()[:1]], stats["searches"][0]["blocks"]
    (13, ['X'], 2)
    """
    net.stats = {"queries": 0, "parity": 0, "fallbacks": 0}
    nbrs, discovered, low = net.nbrs, net.discovered, net.low
    parent, parent_bit, to_root = net.parent, net.parent_bit, net.path_to_root
    loop_length, loops = net.loop_length, net.loops
    best1, via1, best2, via2 = net.best1, net.via1, net.best2, net.via2
    mark, chord_mark = net.mark, net.chord_mark
    if blocks is None:
        blocks = []
    mine = len(blocks)              # this piece's blocks are blocks[mine:]
    going_down: dict[int, _Going] = {}  # block with routes -> (end city, routes, branch at the end)
    best, top = 0, None
    members, found = [start], []    # cities and chords of the blocks not finished yet
    mark[start] = chord_mark[start] = 0
    discovered[start] = low[start] = clock = 1
    cycles = rings = 0
    stack = [(start, 0, iter(nbrs[start]), 0)]
    while stack:
        x, came_by, todo, _ = stack[-1]
        for y, bit, w in todo:
            if bit == came_by:
                continue
            seen = discovered[y]
            if seen:
                if seen < low[x]:
                    low[x] = seen
                if seen < discovered[x]:        # a chord, up to an ancestor
                    found.append((bit, x, y))
            else:
                clock += 1
                discovered[y] = clock
                parent[y] = x
                parent_bit[y] = bit
                if len(nbrs[y]) == 1:           # a dead end: a block of its own, done now
                    value = loop_length[y] + w
                    if value > best2[x]:
                        if value > best1[x]:
                            best2[x], via2[x] = best1[x], via1[x]
                            best1[x], via1[x] = value, y
                        else:
                            best2[x], via2[x] = value, y
                    if loop_length[y] > best:   # its loops alone
                        best, top = loop_length[y], (y, y, 0, -1, -1)
                    continue
                low[y] = clock
                to_root[y] = to_root[x] | bit
                mark[y] = len(members)
                chord_mark[y] = len(found)
                members.append(y)
                stack.append((y, bit, iter(nbrs[y]), w))
                break
        else:
            bridge = stack.pop()[3]
            if stack:
                p = stack[-1][0]
                if low[x] < low[p]:
                    low[p] = low[x]
                if low[x] != discovered[x]:
                    continue                    # x's block goes on above x
            # x is the first city of a block, whose cities and chords are the last found
            if members[-1] == x and len(found) == chord_mark[x]:     # a single city
                members.pop()
                value = loop_length[x] + best1[x]
                if value + best2[x] > best:
                    best, top = value + best2[x], (x, x, 0, via1[x], via2[x])
            else:
                first, chords = mark[x], found[chord_mark[x]:]
                cities = members[first:]
                del members[first:], found[chord_mark[x]:]
                cycles += len(chords)
                if len(chords) == 1 and not (loops and any([loop_length[z] for z in cities])):
                    rings += 1
                    value, going, end = _cycle(net, cities, chords[0], bool(stack))
                    if end[0] > best:
                        best, top = end
                    if not stack:
                        break
                    assert going is not None            # _cycle goes down when asked to
                    going_down[x] = going
                else:
                    mask = 0
                    for z in cities[1:]:
                        mask |= parent_bit[z]
                    for chord in chords:
                        mask |= chord[0]
                    block = Block(net, x, cities, mask, chords)
                    blocks.append(block)
                    if not stack:
                        break
                    value, going_down[x] = _down(block, x, best1, via1)
            if stack:                           # hang the branch on the city above
                value += bridge
                if value > best2[p]:
                    if value > best1[p]:
                        best2[p], via2[p] = best1[p], via1[p]
                        best1[p], via1[p] = value, x
                    else:
                        best2[p], via2[p] = value, x

    if len(blocks) > mine:
        best, top = _on_top(net, blocks[mine:], best, top)
    net.searched += clock
    asked = net.stats
    stats["searches"].append({
        "method": "blocks", "cities": clock, "routes": clock - 1 + cycles, "cycles": cycles,
        "blocks": len(blocks) - mine + rings, "states": asked["queries"],
        "parity": asked["parity"], "fallbacks": asked["fallbacks"]})
    return best, partial(_walk, net, top, going_down)


def _on_top(net: IntNetwork, blocks: list[Block], best: int, top: _Choice | None) -> tuple[int, _Choice | None]:
    """The best trail with one of ``blocks`` as its top block, if it beats ``best`` (whose
    choice is ``top``): blocks in order of how much they could give, while they can win."""
    best1, via1, best2, via2 = net.best1, net.via1, net.best2, net.via2
    hopes = []
    for i, block in enumerate(blocks):
        ranked = sorted([best1[x] for x in block.cities])       # a block has two cities or more
        second = max(ranked[-2], max([best2[x] for x in block.cities]))
        hopes.append((block.total + block.loop_total + ranked[-1] + second, i))
    hopes.sort(reverse=True)
    for hope, i in hopes:
        if hope <= best:
            break
        value, choice = _top(blocks[i], best1, via1, best2, via2)
        if value > best:
            best, top = value, choice
    return best, top


def cut_into_blocks(net: IntNetwork) -> list[Block]:
    """Every :class:`~ttr_teach.engine.longest.blocks.Block` (with routes) of ``net``,
    found by :func:`solve_piece` on each piece.

    Single cycles are answered in closed form, not by a block object:

    >>> from ttr_teach.engine.longest.intnet import IntNetwork
    >>> net = IntNetwork([("A", "B", 1), ("B", "C", 1), ("C", "A", 1), ("A", "D", 1), ("D", "C", 1),
    ...                   ("C", "X", 5), ("E", "F", 1), ("F", "G", 1), ("G", "E", 1)])
    >>> [[net.cities[x] for x in block.cities] for block in cut_into_blocks(net)]
    [['A', 'B', 'C', 'D']]
    """
    blocks: list[Block] = []
    stats: dict[str, Any] = {"searches": []}
    for start in range(len(net.nbrs)):
        if not net.discovered[start]:
            solve_piece(net, start, stats, blocks)
    return blocks


def _cycle(net: IntNetwork, cities: list[int], chord: tuple[int, int, int], down: bool
           ) -> tuple[int, _Going | None, tuple[int, _Choice]]:
    """A block that is one cycle (or a double route), in closed form: the longer way round
    between two cities, the whole cycle from a city back to itself.

    ``cities`` are in depth-first order, which is the order round the cycle from its first
    city; ``chord`` closes the cycle. Returns ``(best branch from the first city or 0,
    (end, routes, branch at the end), (best trail with this block on top, its choice))``.
    """
    best1, via1, best2, via2 = net.best1, net.via1, net.best2, net.via2
    to_root, edges = net.path_to_root, net.edges
    r = cities[0]
    mask = chord[0]
    along, at = [], 0                           # (distance from r along the tree, city)
    for z in cities[1:]:
        bit = net.parent_bit[z]
        mask |= bit
        at += edges[bit.bit_length() - 1][2]
        along.append((at, z))
    total = at + edges[chord[0].bit_length() - 1][2]
    # on top: the whole cycle with the two best branches of one city, or the longer way
    # round between two cities with their best branches
    y = max(cities, key=lambda z: best1[z] + best2[z])
    top = (total + best1[y] + best2[y], (y, y, mask, via1[y], via2[y]))
    hanging = [(0, r)] if best1[r] else []
    hanging += [(a, z) for a, z in along if best1[z]]
    for i, (a, z) in enumerate(hanging):
        for b, t in hanging[i + 1:]:
            d = b - a
            value = (d if 2 * d >= total else total - d) + best1[z] + best1[t]
            if value > top[0]:
                arc = to_root[z] ^ to_root[t]
                top = (value, (z, t, arc if 2 * d >= total else mask ^ arc, via1[z], via1[t]))
    if not down:
        return 0, None, top
    # down from r: round the whole cycle and on down r's best branch, or the longer way
    # to a city with a branch and down that
    value, going = total + best1[r], (r, mask, via1[r])
    for a, z in along:
        if best1[z]:
            arc = (a if 2 * a >= total else total - a) + best1[z]
            if arc > value:
                path = to_root[z] ^ to_root[r]
                value, going = arc, (z, path if 2 * a >= total else mask ^ path, via1[z])
    return value, going, top


def _best_choice(block: Block, options: list[tuple[int, int, int, int, int, int]]) -> tuple[int, _Choice | None]:
    """The best of ``options`` = [(hope, hang, u, v, branch at u, branch at v)], asking the
    block only while an option's hope can still beat the best so far.

    A block answered by parity has a second, dearer hope (the parity bound); an option
    gets it when it comes first, and goes back in line with it (best first search)."""
    options.sort(reverse=True)
    best, choice = -1, None
    if not block.by_pairing:
        for hope, hang, u, v, at_u, at_v in options:
            if hope <= best:
                break
            length, routes = block.between(u, v)
            if length + hang > best:
                best, choice = length + hang, (u, v, routes, at_u, at_v)
        return best, choice
    line = [(-option[0], i, False) for i, option in enumerate(options)]   # sorted: a heap
    while line:
        hope, i, tight = heapq.heappop(line)
        if -hope <= best:
            break
        _, hang, u, v, at_u, at_v = options[i]
        if not tight:
            hope = block.total - block.parity(u, v)[0] + hang
            if hope > best:
                heapq.heappush(line, (-hope, i, True))
            continue
        length, routes = block.between(u, v)
        if length + hang > best:
            best, choice = length + hang, (u, v, routes, at_u, at_v)
    return best, choice


def _down(block: Block, r: int, best1: list[int], via1: list[int]) -> tuple[int, _Going]:
    """The best trail starting at ``r`` (where the bridge from above arrives) and staying in
    or below ``block``: ``(length, (end city, routes, branch at the end))``."""
    if block.by_search:                         # r's dead end outweighs the rest: a start
        heavy = block.total + block.loop_total + sum([best1[y] for y in block.cities]) + 1
        ends = [(r, heavy, "from above")] + [(y, best1[y], via1[y]) for y in block.cities if best1[y]]
        length, routes, first, last = block.search(ends)
        if first[1] != "from above":
            first, last = last, first
        return length - heavy, (last[0], routes, -1 if last[1] is None else last[1])
    # Block.optimistic(r, y), written out: total - ceil((light + slack[r] + slack[y]) / 2)
    slack = block.slack
    base = 2 * block.total - block.odd_light - slack[r]
    options = [((base - slack[y]) // 2 + best1[y], best1[y], r, y, -1, via1[y])
               for y in block.cities if best1[y] and y != r]
    if best1[r]:
        options.append((block.optimistic(r, r) + best1[r], best1[r], r, r, -1, via1[r]))
    options += [((base - slack[z]) // 2 if z != r else block.optimistic(r, r), 0, r, z, -1, -1)
                for z in bits(block.odd | 1 << r) if not best1[z]]   # else z's branch is better
    value, (_, y, routes, _, at_y) = _best_choice(block, options)  # type: ignore[misc]  # options exist
    return value, (y, routes, at_y)


def _top(block: Block, best1: list[int], via1: list[int], best2: list[int], via2: list[int]
         ) -> tuple[int, _Choice | None]:
    """The best trail whose highest block is ``block``: ``(length, (u, v, routes, branch at
    u, branch at v))``. Its ends are cities with a branch below, or odd cities of the block
    (fact 3 within the block), or anywhere when the block has no odd city."""
    if block.by_search:
        ends = [(y, best1[y], via1[y]) for y in block.cities if best1[y]]
        ends += [(y, best2[y], via2[y]) for y in block.cities if best2[y]]
        length, routes, (u, at_u), (v, at_v) = block.search(ends)
        return length, (u, v, routes, -1 if at_u is None else at_u, -1 if at_v is None else at_v)
    hanging = [y for y in block.cities if best1[y]]
    odd = [z for z in bits(block.odd) if not best1[z]]    # (an end with a branch takes it)
    # Block.optimistic(y, z) for y != z, written out (a hot spot):
    # total - ceil((light + slack[y] + slack[z]) / 2) = (twice - slack[y] - slack[z]) // 2
    slack, twice = block.slack, 2 * block.total - block.odd_light
    closed = block.optimistic(block.root, block.root)      # the same at every city
    options = []
    for i, y in enumerate(hanging):
        two = best1[y] + best2[y]
        at_y, from_y = best1[y], twice - slack[y]
        options.append((closed + two, two, y, y, via1[y], via2[y]))
        options += [((from_y - slack[z]) // 2 + at_y, at_y, y, z, via1[y], -1) for z in odd]
        options += [((from_y - slack[z]) // 2 + at_y + best1[z], at_y + best1[z], y, z,
                     via1[y], via1[z]) for z in hanging[i + 1:]]
    options += [((twice - slack[a] - slack[b]) // 2, 0, a, b, -1, -1)
                for i, a in enumerate(odd) for b in odd[i + 1:]]
    if not block.odd:
        options.append((closed, 0, block.root, block.root, -1, -1))
    return _best_choice(block, options)


def _walk(net: IntNetwork, top: _Choice | None, going_down: dict[int, _Going]) -> list[tuple[int, int, int]]:
    """The steps ``(route bit, from, to)`` of the trail chosen at the top, with the loops of
    every city it touches taken on the first visit (fact 6)."""
    assert top is not None                      # asked only of a trail longer than 0, chosen on top
    u, v, routes, at_u, at_v = top
    parent, parent_bit = net.parent, net.parent_bit

    via1 = net.via1

    def branch(h: int) -> list[tuple[int, int, int]]:
        out: list[tuple[int, int, int]] = []
        while h >= 0:
            out.append((parent_bit[h], parent[h], h))
            if h in going_down:                 # a block with routes
                _, below, h2 = going_down[h]
                out += net.euler(below, h)
                h = h2
            else:                               # a single city: its best branch goes on
                h = via1[h]
        return out

    steps = [(bit, y, x) for bit, x, y in reversed(branch(at_u))]
    steps += net.euler(routes, u)
    steps += branch(at_v)
    return net.take_loops(steps, u)
