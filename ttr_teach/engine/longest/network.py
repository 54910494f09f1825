"""A network of routes as the longest-route methods read it: checked input, the
:class:`Trail` they answer with, connected pieces, odd cities and Euler trails.

Every method of :mod:`ttr_teach.engine.longest` starts here: :func:`read_edges` turns the
caller's routes into a list of ``(city_a, city_b, length)``, and a method names routes by
their position in that list (an *edge index*) and walks them as *steps*
``(edge index, from city, to city)``; :func:`trail_of` turns steps into a :class:`Trail`.
"""
from __future__ import annotations

import numbers
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any

from ..errors import MapError
from ..i18n import gettext
from ..unionfind import UnionFind

#: An edge as the methods read it: ``(city_a, city_b, length)``; a city is any hashable value.
Edge = tuple[Hashable, Hashable, int]
#: A step of a walk: ``(edge index, from city, to city)``.
Step = tuple[int, Hashable, Hashable]


class Trail:
    """A trail: its ``length``, the ``cities`` it visits in order, and its ``edges``.

    ``edges`` are ``(from, to, length)`` in travel order; ``edge_indices`` are the positions
    of those edges in the input (to tell parallel routes apart when drawing).
    The empty trail has length 0 and no cities. Trails are immutable and compare equal
    when their four fields are equal.

    A method that knows the length before the way (:func:`~ttr_teach.engine.longest.
    longest_route`) makes its trail with :meth:`later`: ``cities``, ``edges`` and
    ``edge_indices`` are then worked out on first use, so a caller that only reads the
    length (a bot's playout, a benchmark) does not pay for the walk.

    >>> t = Trail(3, ("A", "B", "C"), (("A", "B", 1), ("B", "C", 2)), (0, 1))
    >>> t.to_dict()["cities"], t == Trail.later(3, lambda: (t.cities, t.edges, t.edge_indices))
    (['A', 'B', 'C'], True)
    """

    __slots__ = ("length", "_way", "_walk")
    length: int
    _way: tuple | None
    _walk: Callable[[], Iterable[tuple]] | None

    def __init__(self, length: int, cities: tuple, edges: tuple, edge_indices: tuple) -> None:
        set_field = object.__setattr__
        set_field(self, "length", length)
        set_field(self, "_way", (cities, edges, edge_indices))
        set_field(self, "_walk", None)

    @classmethod
    def later(cls, length: int, walk: Callable[[], Iterable[tuple]]) -> Trail:
        """The trail of ``length`` whose ``(cities, edges, edge_indices)`` the function
        ``walk`` (no arguments) gives when first asked for."""
        trail = cls.__new__(cls)
        set_field = object.__setattr__
        set_field(trail, "length", length)
        set_field(trail, "_way", None)
        set_field(trail, "_walk", walk)
        return trail

    def _the_way(self) -> tuple:
        way = self._way
        if way is None:
            assert self._walk is not None
            way = tuple(self._walk())
            object.__setattr__(self, "_way", way)
            object.__setattr__(self, "_walk", None)
        return way

    @property
    def cities(self) -> tuple:
        """The cities in travel order (a city passed twice appears twice)."""
        return self._the_way()[0]

    @property
    def edges(self) -> tuple:
        """The edges ``(from, to, length)`` in travel order."""
        return self._the_way()[1]

    @property
    def edge_indices(self) -> tuple:
        """The position of each edge in the input."""
        return self._the_way()[2]

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(gettext("a Trail cannot be changed (tried to set {name})").format(name=repr(name)))

    def __delattr__(self, name: str) -> None:
        raise AttributeError(gettext("a Trail cannot be changed (tried to delete {name})").format(name=repr(name)))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Trail):
            return NotImplemented
        return self.length == other.length and self._the_way() == other._the_way()

    def __hash__(self) -> int:
        return hash((self.length, self._the_way()))

    def __repr__(self) -> str:
        cities, edges, edge_indices = self._the_way()
        return (f"Trail(length={self.length!r}, cities={cities!r}, edges={edges!r}, "
                f"edge_indices={edge_indices!r})")

    def __reduce__(self) -> tuple[type[Trail], tuple]:
        return Trail, (self.length, *self._the_way())

    def to_dict(self) -> dict:
        """The trail as plain JSON types."""
        cities, edges, edge_indices = self._the_way()
        return {"length": self.length, "cities": list(cities),
                "edges": [list(e) for e in edges], "edge_indices": list(edge_indices)}


#: The longest length a route may have: beyond it the integer program, which computes in
#: floating point, could no longer tell two trails one train apart (see :func:`read_edges`).
MAX_ROUTE_LENGTH = 10 ** 9


def read_edges(edges: Iterable[Any]) -> list[Edge]:
    """``edges`` as a list of ``(city_a, city_b, length)``, or :class:`MapError` naming the
    first bad edge.

    Parameters
    ----------
    edges : iterable
        ``(city_a, city_b, length)`` tuples or lists, or objects with ``a``, ``b`` and
        ``length`` attributes (a :class:`~ttr_teach.engine.maps.Route`). A city is any
        hashable value but ``None`` that equals itself (a float NaN does not, so no method
        could find it again); a length is a whole number from 1 to :data:`MAX_ROUTE_LENGTH`
        (a longer one could not be answered exactly).

    Returns
    -------
    list of tuple
        One ``(city_a, city_b, length)`` per edge, in the given order.

    Raises
    ------
    MapError
        For anything that is not a list of such edges, with the edge's number.

    Examples
    --------
    >>> read_edges([("Paris", "Bruxelles", 2), ["Bruxelles", "Amsterdam", 1]])
    [('Paris', 'Bruxelles', 2), ('Bruxelles', 'Amsterdam', 1)]
    >>> read_edges([("Paris", "Bruxelles", 0)])
    Traceback (most recent call last):
    ...
    ttr_teach.engine.errors.MapError: edge #1 ('Paris', 'Bruxelles', 0): length 0 is not a positive whole number
    >>> read_edges([("A", float("nan"), 2)])
    Traceback (most recent call last):
    ...
    ttr_teach.engine.errors.MapError: edge #1 ('A', nan, 2): a city must be a name (text), not nan, which is not even equal to itself
    """  # noqa: E501
    if isinstance(edges, (str, bytes, dict)) or not hasattr(edges, "__iter__"):
        raise MapError(gettext("edges must be a list of (city_a, city_b, length), not {kind}").format(
            kind=type(edges).__name__))
    out: list[Edge] = []
    for i, e in enumerate(edges):
        if type(e) is tuple and len(e) == 3:                    # the common case, quickly
            a, b, w = e
            if type(w) is int and 0 < w <= MAX_ROUTE_LENGTH and type(a) is str and type(b) is str:
                out.append(e)
                continue
        if all(hasattr(e, k) for k in ("a", "b", "length")):   # a Route
            a, b, w = e.a, e.b, e.length
        elif isinstance(e, (tuple, list)) and len(e) == 3:
            a, b, w = e
        else:
            raise MapError(gettext("edge #{number} {edge} is not (city_a, city_b, length)").format(
                number=i + 1, edge=short_repr(e)))
        if not isinstance(w, numbers.Integral) or isinstance(w, bool) or w <= 0:
            raise MapError(gettext("edge #{number} {edge}: length {length} is not a positive whole number").format(
                number=i + 1, edge=short_repr(e), length=short_repr(w)))
        if int(w) > MAX_ROUTE_LENGTH:
            raise MapError(gettext("edge #{number}: length {length} is too long; lengths go up to {most:,}, beyond "
                                   "which the answer could not be exact").format(
                number=i + 1, length=short_repr(w), most=MAX_ROUTE_LENGTH))
        for city in (a, b):
            problem = _city_problem(city)
            if problem:
                raise MapError(gettext("edge #{number} {edge}: a city must be a name (text), {problem}").format(
                    number=i + 1, edge=short_repr(e), problem=problem))
        out.append((a, b, int(w)))
    return out


def _city_problem(city: object) -> str:
    """Why ``city`` cannot name a city ("" if it can): None, a bool, something unhashable, or
    a value not equal to itself (a NaN), which no dictionary or union-find could find again."""
    if city is None or isinstance(city, bool):
        return gettext("not {kind}").format(kind=type(city).__name__)
    try:
        hash(city)
        same = bool(city == city)
    except Exception:               # unhashable, or a comparison that raises
        return gettext("not {kind}").format(kind=type(city).__name__)
    return "" if same else gettext("not {value}, which is not even equal to itself").format(value=short_repr(city))


def short_repr(x: Any) -> str:
    """``repr(x)``, cut short (an edge may hold a number of thousands of digits).

    >>> short_repr(10 ** 5000)
    '<a number of about 5001 digits>'
    """
    try:
        text = repr(x)
    except ValueError:              # an int too long for Python to write in decimal
        return f"<a number of about {int(x.bit_length() * 0.30103) + 1} digits>"
    return text if len(text) <= 80 else text[:60] + "…" + text[-10:]


def trail_of(edges: Sequence[Edge], steps: Sequence[Step]) -> Trail:
    """The :class:`Trail` walking ``steps`` = [(edge index, from, to)] through ``edges``.

    >>> trail_of([("A", "B", 2), ("B", "C", 1)], [(1, "C", "B"), (0, "B", "A")]).cities
    ('C', 'B', 'A')
    """
    if not steps:
        return Trail(0, (), (), ())
    walked = [(f, t, edges[i][2]) for i, f, t in steps]
    return Trail(sum([w for _, _, w in walked]), (steps[0][1], *[t for _, _, t in steps]),
                 tuple(walked), tuple([i for i, _, _ in steps]))


def reverse_steps(steps: Sequence[Step]) -> list[Step]:
    """The same steps walked the other way.

    >>> reverse_steps([(0, "A", "B"), (1, "B", "C")])
    [(1, 'C', 'B'), (0, 'B', 'A')]
    """
    return [(i, t, f) for i, f, t in reversed(steps)]


def components(edges: Sequence[Edge]) -> list[list[int]]:
    """Edge indices of each connected piece of ``edges``, pieces in order of first appearance.

    Parameters
    ----------
    edges : list of (city_a, city_b, length)

    Returns
    -------
    list of list of int
        For each piece, the indices of its edges in increasing order.

    Notes
    -----
    One pass of :class:`~ttr_teach.engine.unionfind.UnionFind` over the edges: O(m α(m)).

    Examples
    --------
    >>> components([("A", "B", 1), ("C", "D", 1), ("B", "E", 1)])
    [[0, 2], [1]]
    """
    pieces = UnionFind()
    for a, b, _ in edges:
        pieces.union(a, b)
    groups: dict[Hashable, list[int]] = {}
    for i, (a, _, _) in enumerate(edges):
        groups.setdefault(pieces.find(a), []).append(i)
    return list(groups.values())


def odd_cities(edges: Sequence[Edge], ids: Iterable[int]) -> list[Hashable]:
    """The cities with an odd number of the edges ``ids`` (a loop counts twice).

    >>> odd_cities([("A", "B", 1), ("B", "C", 1), ("C", "C", 4)], [0, 1, 2])
    ['A', 'C']
    """
    degree: dict[Hashable, int] = {}
    for i in ids:
        a, b, _ = edges[i]
        degree[a] = degree.get(a, 0) + 1
        degree[b] = degree.get(b, 0) + 1
    return [c for c, d in degree.items() if d % 2]


def euler_steps(edges: Sequence[Edge], ids: Sequence[int], start: Hashable | None = None) -> list[Step]:
    """An Euler trail through the edges ``ids``, by Hierholzer's algorithm.

    Parameters
    ----------
    edges : list of (city_a, city_b, length)
    ids : list of int
        Edge indices of a connected set with at most two odd cities (Euler's theorem,
        fact 1 of :mod:`ttr_teach.engine.longest`).
    start : city, optional
        Where the trail starts: one of the odd cities, or any city of a set with none.
        By default the first odd city (or the first edge's first city).

    Returns
    -------
    list of (int, city, city)
        Steps ``(edge index, from, to)`` using every edge of ``ids`` once.

    Notes
    -----
    O(len(ids)) time.

    References
    ----------
    .. [1] C. Hierholzer, "Über die Möglichkeit, einen Linienzug ohne Wiederholung und
       ohne Unterbrechung zu umfahren", Mathematische Annalen 6 (1873) 30-32.

    Examples
    --------
    >>> euler_steps([("A", "B", 1), ("B", "C", 1), ("C", "A", 1), ("A", "D", 1)], [0, 1, 2, 3])
    [(0, 'A', 'B'), (1, 'B', 'C'), (2, 'C', 'A'), (3, 'A', 'D')]
    """
    if not ids:
        return []
    if start is None:
        odd = odd_cities(edges, ids)
        start = odd[0] if odd else edges[ids[0]][0]
    around: dict[Hashable, list[tuple[int, Hashable]]] = {}
    for i in reversed(ids):                      # reversed: pop() takes routes in input order
        a, b, _ = edges[i]
        around.setdefault(a, []).append((i, b))
        if a != b:
            around.setdefault(b, []).append((i, a))
    used = set()
    stack: list[tuple[Hashable, Step | None]] = [(start, None)]
    steps: list[Step] = []
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
