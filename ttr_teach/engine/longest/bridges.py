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

from .blocks import Block
from .reductions import bits


class Cut:
    """One piece of a network cut at its bridges.

    Parameters
    ----------
    net : IntNetwork
        The network, searched by :meth:`~ttr_teach.engine.longest.intnet.IntNetwork.pieces`.
    order : list of int
        The piece's cities in depth-first order (the search tree's root first).
    chords : list of (int, int, int)
        The piece's routes off the search tree, ``(bit, x, y)``.

    Attributes
    ----------
    head : list of int
        For each city of the network (in this piece), the first city of its block: the
        block's root, where its bridge from above arrives.
    heads : list of int
        The block roots in depth-first order (the top block first).
    blocks : dict
        Block root -> :class:`~ttr_teach.engine.longest.blocks.Block`, for the blocks that
        have routes (the others are single cities).

    Examples
    --------
    >>> from ttr_teach.engine.longest.intnet import IntNetwork
    >>> net = IntNetwork([("A", "B", 1), ("B", "C", 1), ("C", "A", 1), ("C", "D", 5)])
    >>> cut = Cut(net, *next(net.pieces()))
    >>> [net.cities[x] for x in cut.heads], {net.cities[h]: len(b.cities) for h, b in cut.blocks.items()}
    (['A', 'D'], {'A': 3})
    """

    __slots__ = ("net", "order", "head", "heads", "blocks")

    def __init__(self, net, order, chords):
        self.net, self.order = net, order
        discovered, low = net.discovered, net.low
        parent, parent_bit, to_root = net.parent, net.parent_bit, net.path_to_root
        head = self.head = net.head
        root = order[0]
        head[root] = root
        heads = [root]
        members, masks = {}, {}
        for x in order[1:]:
            if low[x] == discovered[x]:         # the route into x is a bridge
                heads.append(x)
                to_root[x] = 0
                head[x] = x
            else:
                p = parent[x]
                h = head[x] = head[p]
                bit = parent_bit[x]
                to_root[x] = to_root[p] | bit
                if h in masks:
                    masks[h] |= bit
                    members[h].append(x)
                else:
                    masks[h] = bit
                    members[h] = [h, x]
        to_root[root] = 0
        block_chords = {}
        for chord in chords:                     # a chord closes a cycle of tree routes,
            h = head[chord[1]]                   # so its block has those routes already
            masks[h] |= chord[0]
            block_chords.setdefault(h, []).append(chord)
        self.heads = heads
        self.blocks = {h: Block(net, h, members[h], masks[h], block_chords.get(h, []))
                       for h in masks}


def solve_piece(net, order, chords, stats):
    """The longest trail of one connected piece by bridges and blocks.

    Parameters
    ----------
    net : IntNetwork
        The network in integer form (:class:`~ttr_teach.engine.longest.intnet.IntNetwork`).
    order, chords : list
        The piece, as :meth:`~ttr_teach.engine.longest.intnet.IntNetwork.pieces` yields it.
    stats : dict
        Gets one entry in ``stats["searches"]``: method ``"blocks"``, the numbers of
        cities, routes, independent cycles and blocks with routes, the questions asked of
        blocks (``states``), how many the parity bound answered, and the fall-backs.

    Returns
    -------
    (int, list)
        The length and the steps ``(route bit, from, to)`` of one longest trail, in the
        network's integer form.

    Notes
    -----
    The search, the cut and the walk up the tree take O(n + m); a block is asked O(k**2)
    questions at most for its k cities with branches or an odd number of routes, fewer as
    soon as no remaining question can beat the best answer (see
    :class:`~ttr_teach.engine.longest.blocks.Block` for what a question costs). A tree
    (every block a single city) costs O(n + m) in all.

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
    >>> length, steps = solve_piece(net, *next(net.pieces()), stats)
    >>> length, [net.cities[x] for _, x, _ in steps[:1]], stats["searches"][0]["blocks"]
    (13, ['X'], 2)
    """
    net.stats = {"queries": 0, "parity": 0, "fallbacks": 0}
    cut = Cut(net, order, chords)
    heads, blocks = cut.heads, cut.blocks
    parent, parent_bit, loop_length, edges = net.parent, net.parent_bit, net.loop_length, net.edges
    n = len(net.nbrs)
    best1, via1 = [0] * n, [-1] * n             # the best branch below each city (its block)
    best2, via2 = [0] * n, [-1] * n             # and the second best
    going_down = {}                             # block root -> (end, routes, branch at end)
    best, top = 0, None
    for h in reversed(heads):                   # up the tree, from the leaves
        block = blocks.get(h)
        if block is None:                       # a single city: also a candidate top
            value = loop_length[h] + best1[h]
            if value + best2[h] > best:
                best, top = value + best2[h], (h, h, 0, via1[h], via2[h])
            going_down[h] = (h, 0, via1[h])
        elif h != order[0]:
            value, going_down[h] = _down(block, h, best1, via1)
        p = parent[h]
        if p >= 0:
            value += edges[parent_bit[h].bit_length() - 1][2]
            if value > best2[p]:
                if value > best1[p]:
                    best2[p], via2[p] = best1[p], via1[p]
                    best1[p], via1[p] = value, h
                else:
                    best2[p], via2[p] = value, h
    if blocks:                                  # then blocks, while they can still win
        hopes = []
        for h, block in blocks.items():
            ranked = sorted([best1[x] for x in block.cities])
            second = max(ranked[-2], max([best2[x] for x in block.cities]))
            hopes.append((block.total + block.loop_total + ranked[-1] + second, h))
        hopes.sort(reverse=True)
        for hope, h in hopes:
            if hope <= best:
                break
            value, choice = _top(blocks[h], best1, via1, best2, via2)
            if value > best:
                best, top = value, choice

    m = len(order) - 1 + len(chords)
    stats["searches"].append({
        "method": "blocks", "cities": len(order), "routes": m, "cycles": len(chords),
        "blocks": len(blocks), "states": net.stats["queries"], "parity": net.stats["parity"],
        "fallbacks": net.stats["fallbacks"]})
    return best, _walk(net, top, going_down)


def _best_choice(block, options):
    """The best of ``options`` = [(hope, hang, u, v, branch at u, branch at v)], asking the
    block only while an option's hope can still beat the best so far."""
    options.sort(reverse=True)
    best, choice = -1, None
    for hope, hang, u, v, at_u, at_v in options:
        if hope <= best:
            break
        length, routes = block.between(u, v)
        if length + hang > best:
            best, choice = length + hang, (u, v, routes, at_u, at_v)
    return best, choice


def _down(block, r, best1, via1):
    """The best trail starting at ``r`` (where the bridge from above arrives) and staying in
    or below ``block``: ``(length, (end city, routes, branch at the end))``."""
    optimistic = block.optimistic
    options = [(optimistic(r, y) + best1[y], best1[y], r, y, -1, via1[y])
               for y in block.cities if best1[y]]
    options += [(optimistic(r, z), 0, r, z, -1, -1) for z in bits(block.odd | 1 << r)
                if not best1[z]]                # else the option with z's branch is better
    value, (_, y, routes, _, at_y) = _best_choice(block, options)
    return value, (y, routes, at_y)


def _top(block, best1, via1, best2, via2):
    """The best trail whose highest block is ``block``: ``(length, (u, v, routes, branch at
    u, branch at v))``. Its ends are cities with a branch below, or odd cities of the block
    (fact 3 within the block), or anywhere when the block has no odd city."""
    optimistic = block.optimistic
    hanging = [y for y in block.cities if best1[y]]
    odd = [z for z in bits(block.odd) if not best1[z]]    # (an end with a branch takes it)
    options = []
    for i, y in enumerate(hanging):
        two = best1[y] + best2[y]
        options.append((optimistic(y, y) + two, two, y, y, via1[y], via2[y]))
        options += [(optimistic(y, z) + best1[y], best1[y], y, z, via1[y], -1) for z in odd]
        options += [(optimistic(y, z) + best1[y] + best1[z], best1[y] + best1[z], y, z,
                     via1[y], via1[z]) for z in hanging[i + 1:]]
    options += [(optimistic(a, b), 0, a, b, -1, -1) for i, a in enumerate(odd) for b in odd[i + 1:]]
    if not block.odd:
        options.append((optimistic(block.root, block.root), 0, block.root, block.root, -1, -1))
    return _best_choice(block, options)


def _walk(net, top, going_down):
    """The steps ``(route bit, from, to)`` of the trail chosen at the top, with the loops of
    every city it touches taken on the first visit (fact 6)."""
    u, v, routes, at_u, at_v = top
    parent, parent_bit = net.parent, net.parent_bit

    def branch(h):
        out = []
        while h >= 0:
            out.append((parent_bit[h], parent[h], h))
            _, below, below_end = going_down[h]
            out += net.euler(below, h)
            h = below_end
        return out

    steps = [(bit, y, x) for bit, x, y in reversed(branch(at_u))]
    steps += net.euler(routes, u)
    steps += branch(at_v)
    return net.take_loops(steps, u)
