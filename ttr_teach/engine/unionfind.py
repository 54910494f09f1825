"""Disjoint sets (union-find): which cities are joined by a set of routes.

The one union-find of the engine: the longest route splits a network into its connected
pieces with it, and anything else that asks "are these two cities joined?" can use it.
(The lessons' step-by-step union-find, which records every operation for a notebook to
replay, is a subclass of this one in :mod:`ttr_teach.algorithms.stepwise`.)

>>> pieces = UnionFind()
>>> pieces.union("Paris", "Bruxelles"), pieces.union("Bruxelles", "Amsterdam")
(True, True)
>>> pieces.connected("Paris", "Amsterdam"), pieces.connected("Paris", "Wien")
(True, False)
"""
from __future__ import annotations

from collections.abc import Hashable, Iterable


class UnionFind:
    """Disjoint sets of hashable elements, joined by :meth:`union`, asked by :meth:`find`.

    An element joins the structure the first time it is named (by :meth:`add`,
    :meth:`find` or :meth:`union`), as a set of its own.

    Parameters
    ----------
    elements : iterable of hashable, optional
        Elements to start with, each in a set of its own.

    Notes
    -----
    Union by size and path halving: ``m`` operations on ``n`` elements take
    O(m α(n)) time, α being the inverse Ackermann function (at most 4 for any
    conceivable ``n``); memory O(n).

    References
    ----------
    .. [1] R. E. Tarjan and J. van Leeuwen, "Worst-case analysis of set union
       algorithms", Journal of the ACM 31 (1984) 245-281.

    Examples
    --------
    >>> uf = UnionFind(["Roma", "Palermo", "Brindisi"])
    >>> uf.union("Roma", "Palermo")
    True
    >>> uf.union("Palermo", "Roma")          # already one set
    False
    >>> uf.find("Palermo") == uf.find("Roma"), len(uf)
    (True, 3)
    >>> uf.groups()
    [['Roma', 'Palermo'], ['Brindisi']]
    """

    __slots__ = ("_parent", "_size")

    def __init__(self, elements: Iterable[Hashable] = ()):
        self._parent: dict = {}
        self._size: dict = {}
        for x in elements:
            self.add(x)

    def add(self, x: Hashable) -> None:
        """Add ``x`` as a set of its own (nothing happens if it is already there).

        >>> uf = UnionFind()
        >>> uf.add("Kyiv")
        >>> "Kyiv" in uf, len(uf)
        (True, 1)
        """
        if x not in self._parent:
            self._parent[x] = x
            self._size[x] = 1

    def find(self, x: Hashable) -> Hashable:
        """The representative of ``x``'s set (the same element for every member).

        >>> UnionFind().find("Riga")
        'Riga'
        """
        parent = self._parent
        if x not in parent:
            self.add(x)
            return x
        while parent[x] != x:
            parent[x] = x = parent[parent[x]]        # path halving
        return x

    # union looks roots up through _root, so that a subclass can record its finds (the
    # lessons' traced union-find does) without recording the finds inside a union
    _root = find

    def union(self, a: Hashable, b: Hashable) -> bool:
        """Join the sets of ``a`` and ``b``; False when they were one set already.

        >>> uf = UnionFind()
        >>> uf.union(1, 2), uf.union(2, 1)
        (True, False)
        """
        ra, rb = self._root(a), self._root(b)
        if ra == rb:
            return False
        size = self._size
        if size[ra] < size[rb]:
            ra, rb = rb, ra
        self._parent[rb] = ra
        size[ra] += size.pop(rb)
        return True

    def connected(self, a: Hashable, b: Hashable) -> bool:
        """True when ``a`` and ``b`` are in the same set.

        >>> uf = UnionFind()
        >>> uf.union("A", "B")
        True
        >>> uf.connected("B", "A")
        True
        """
        return self.find(a) == self.find(b)

    def groups(self) -> list:
        """Every set as a list in the order its elements were added; sets in the order
        of their first element.

        >>> uf = UnionFind("abcd")
        >>> uf.union("d", "b")
        True
        >>> uf.groups()
        [['a'], ['b', 'd'], ['c']]
        """
        out: dict = {}
        for x in self._parent:
            out.setdefault(self.find(x), []).append(x)
        return list(out.values())

    def __contains__(self, x: object) -> bool:
        return x in self._parent

    def __len__(self) -> int:
        """The number of elements (not of sets)."""
        return len(self._parent)

    def __repr__(self) -> str:
        return f"<UnionFind: {len(self._parent)} elements in {len(self._size)} sets>"
