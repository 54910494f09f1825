"""The board: cities, routes and tickets of a map, loaded from ``ttr_teach/engine/data/NAME.json``.

>>> m = load_map("europe")
>>> len(m.cities), len(m.routes), len(m.tickets)
(47, 101, 46)
>>> m.city("Zürich").id, m.city("athens").id
('Zurich', 'Athina')
>>> [r.color for r in m.routes_between("Paris", "Frankfurt")]
['orange', 'white']
"""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NoReturn

if TYPE_CHECKING:
    import os
    from collections.abc import Callable, Iterable

    import networkx as nx

from .errors import MapError
from .i18n import gettext, ngettext
from .integers import is_whole
from .rules import COLORS, GRAY, RuleSet, ruleset
from .text import colour_name, listing, route_spaces

MAPS_DIR = Path(__file__).parent / "data"
#: The built-in maps: one per map file in ``MAPS_DIR`` (``europe.json`` is ``"europe"``), sorted.
MAP_NAMES = tuple(sorted(path.stem for path in MAPS_DIR.glob("*.json")))
#: The built-in maps' editions as their boxes name them, short (a chart's legend, a menu).
EDITION_NAMES = {"europe": "Europe", "usa": "USA"}


def edition_name(name: str) -> str:
    """The short name of the edition whose map is called ``name``, as printed on its box (a
    proper name, the same in every language); another map's own name.

    >>> edition_name("usa"), edition_name("europe"), edition_name("my_map")
    ('USA', 'Europe', 'my_map')
    """
    return EDITION_NAMES.get(name, name)
LABEL_SIDES = ("n", "s", "e", "w", "ne", "nw", "se", "sw")


@dataclass(frozen=True)
class City:
    """A city: ``id`` is the name used in files, ``name`` the name printed on the board."""

    id: str
    name: str
    aliases: tuple[str, ...]
    lat: float
    lon: float
    x: float
    y: float
    label: str = "e"

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class Route:
    """One route (one row of spaces). The two halves of a double route are two ``Route``s.

    ``index`` is the route's position in the map file, a stable identifier.
    ``locomotives`` is the number of locomotive symbols of a ferry (0 for other routes).
    """

    index: int
    a: str
    b: str
    length: int
    color: str
    tunnel: bool = False
    locomotives: int = 0
    #: The two cities' board names (``("Paris", "Zürich")``), for printing only.
    names: tuple[str, str] | None = field(default=None, compare=False, repr=False)

    @property
    def is_ferry(self) -> bool:
        return self.locomotives > 0

    @property
    def is_gray(self) -> bool:
        return self.color == GRAY

    @property
    def cities(self) -> tuple[str, str]:
        return (self.a, self.b)

    def other_end(self, city: str) -> str:
        """The city at the other end from ``city``."""
        return self.b if city == self.a else self.a

    def name(self) -> str:
        """A readable name such as ``Paris–Frankfurt (3 orange)``, in the language spoken now."""
        parts = [route_spaces(self.length, self.color)]
        if self.tunnel:
            parts.append(gettext("tunnel"))
        if self.locomotives:
            parts.append(ngettext("ferry, {n} locomotive", "ferry, {n} locomotives",
                                  self.locomotives).format(n=self.locomotives))
        a, b = self.names or (self.a, self.b)
        return f"{a}–{b} ({listing(parts)})"

    def __str__(self) -> str:
        return self.name()


@dataclass(frozen=True)
class Ticket:
    """A destination ticket: join ``a`` and ``b`` for ``points`` (lose them if you fail)."""

    index: int
    a: str
    b: str
    points: int
    long: bool = False
    #: The two cities' board names, for printing only.
    names: tuple[str, str] | None = field(default=None, compare=False, repr=False)

    @property
    def cities(self) -> tuple[str, str]:
        return (self.a, self.b)

    def __str__(self) -> str:
        a, b = self.names or (self.a, self.b)
        # the points as the ticket prints them (lessons compare tickets by this name)
        parts = [str(self.points)] + ([gettext("long")] if self.long else [])
        return f"{a}–{b} ({listing(parts)})"


def _fold(name: str) -> str:
    """Case- and accent-insensitive form of a name: ``"Zürich" -> "zurich"``."""
    decomposed = unicodedata.normalize("NFKD", name)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold().strip()


class Map:
    """A map with its cities, routes, tickets and the :class:`~ttr_teach.engine.rules.RuleSet` it uses.

    A map is shared by every position and game on it (:func:`load_map` caches it), so it is
    read-only: ``cities`` is a read-only mapping (city id -> :class:`City`), ``routes`` and
    ``tickets`` are tuples, and the tables behind the lookups are built once here.

    >>> m = load_map("usa")
    >>> m.cities["Denver"] = None
    Traceback (most recent call last):
    ...
    TypeError: 'mappingproxy' object does not support item assignment
    """

    def __init__(self, name: str, title: str, rules: RuleSet, cities: Iterable[City], routes: Iterable[Route],
                 tickets: Iterable[Ticket], size: Iterable[float]) -> None:
        self.name = name
        self.title = title
        self.rules = rules
        self.cities = MappingProxyType({c.id: c for c in cities})
        self.routes = tuple(routes)
        self.tickets = tuple(tickets)
        self.size = tuple(size)
        self._lookup: dict[str, str] = {}
        for c in cities:
            for alias in (c.id, c.name, *c.aliases):
                self._lookup[_fold(alias)] = c.id
        pairs: dict[frozenset[str], list[Route]] = {}
        for r in self.routes:
            pairs.setdefault(frozenset(r.cities), []).append(r)
        self._pairs = {pair: tuple(rs) for pair, rs in pairs.items()}
        self._partners = {a.index: b for pair in self._pairs.values() if len(pair) == 2
                          for a, b in (pair, pair[::-1])}
        at: dict[str, list[Route]] = {cid: [] for cid in self.cities}
        for r in self.routes:
            at[r.a].append(r)
            at[r.b].append(r)
        self._at = {cid: tuple(rs) for cid, rs in at.items()}
        self._tickets_by_pair: dict[frozenset[str], Ticket] = {}
        for t in self.tickets:
            self._tickets_by_pair.setdefault(frozenset(t.cities), t)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # A built-in map pickles (and deep-copies) as its name, so a copy is the one shared
        # map; any other map is rebuilt from its parts.
        if self.name in MAP_NAMES and _load_builtin(self.name) is self:
            return load_map, (self.name,)
        return Map, (self.name, self.title, self.rules, tuple(self.cities.values()), self.routes,
                     self.tickets, self.size)

    def __repr__(self) -> str:
        return (f"<Map {self.name}: {len(self.cities)} cities, {len(self.routes)} routes, "
                f"{len(self.tickets)} tickets>")

    # -- cities -----------------------------------------------------------------------------
    def city(self, name: str) -> City:
        """The city called ``name`` (its id, board name or an alias; case and accents ignored)."""
        if not isinstance(name, str):
            raise MapError(gettext("a city name must be text, not {value}").format(value=repr(name)))
        try:
            return self.cities[self._lookup[_fold(name)]]
        except KeyError:
            raise MapError(gettext("there is no city called {city} on the {map} map").format(
                city=repr(name), map=self.name)) from None

    def city_id(self, name: str) -> str:
        return self.city(name).id

    # -- routes -----------------------------------------------------------------------------
    def routes_between(self, a: str, b: str) -> list[Route]:
        """All routes joining ``a`` and ``b`` (two for a double route, none if not adjacent)."""
        return list(self._pairs.get(frozenset((self.city_id(a), self.city_id(b))), ()))

    def route(self, a: str, b: str, color: str | None = None) -> Route:
        """The route between ``a`` and ``b``; ``color`` picks one half of a double route."""
        found = self.routes_between(a, b)
        if not found:
            raise MapError(gettext("there is no route between {a} and {b}").format(
                a=self.city(a).name, b=self.city(b).name))
        if color is not None:
            found = [r for r in found if r.color == color]
            if not found:
                raise MapError(gettext("there is no {colour} route between {a} and {b}").format(
                    colour=colour_name(color), a=self.city(a).name, b=self.city(b).name))
        return found[0]

    def find_route(self, ref: object) -> Route:
        """The route ``ref`` names: a :class:`Route` of this map, its index, or ``(a, b)`` /
        ``(a, b, colour)`` (as :meth:`route`).

        >>> m = load_map("europe")
        >>> m.find_route(0) is m.find_route(("Amsterdam", "Bruxelles")) is m.find_route(m.routes[0])
        True
        """
        return self._find_item(ref, Route, self.routes, self.route, (2, 3), "(city, city[, colour])")

    def partner(self, route: Route) -> Route | None:
        """The other half of a double route, or None for a single route."""
        return self._partners.get(route.index)

    def routes_at(self, city: str) -> list[Route]:
        """Every route that enters or leaves ``city``, in map order."""
        routes = self._at.get(city) if isinstance(city, str) else None
        return list(routes if routes is not None else self._at[self.city_id(city)])

    @property
    def double_pairs(self) -> list[tuple[Route, ...]]:
        """The double routes, as pairs of routes."""
        return [tuple(rs) for rs in self._pairs.values() if len(rs) == 2]

    # -- tickets ----------------------------------------------------------------------------
    def ticket(self, a: str, b: str) -> Ticket:
        """The ticket joining ``a`` and ``b`` (either order)."""
        ticket = self._tickets_by_pair.get(frozenset((self.city_id(a), self.city_id(b))))
        if ticket is not None:
            return ticket
        raise MapError(gettext("there is no ticket {a}–{b} on the {map} map").format(
            a=self.city(a).name, b=self.city(b).name, map=self.name))

    def find_ticket(self, ref: object) -> Ticket:
        """The ticket ``ref`` names: a :class:`Ticket` of this map, its index, or ``(a, b)``."""
        return self._find_item(ref, Ticket, self.tickets, self.ticket, (2,), "(city, city)")

    def _find_item(self, ref: object, kind: type[Route] | type[Ticket], items: tuple[Any, ...],
                   by_cities: Callable[..., Any], sizes: tuple[int, ...], cities_form: str) -> Any:
        """What :meth:`find_route` and :meth:`find_ticket` share: the item of ``items`` (the
        map's routes or tickets, of class ``kind``) that ``ref`` names, as an object of this
        map, an index, or a ``sizes``-long sequence passed to ``by_cities``."""
        route = kind is Route
        if isinstance(ref, kind):
            if 0 <= ref.index < len(items) and items[ref.index] == ref:
                return items[ref.index]
            raise MapError((gettext("{item} is not a route of the {map} map") if route
                            else gettext("{item} is not a ticket of the {map} map")).format(item=ref, map=self.name))
        if is_whole(ref):
            if 0 <= ref < len(items):
                return items[ref]
            raise MapError((gettext("there is no route number {number} on the {map} map (they are numbered 0 to "
                                    "{last})") if route else
                            gettext("there is no ticket number {number} on the {map} map (they are numbered 0 to "
                                    "{last})")).format(number=ref, map=self.name, last=len(items) - 1))
        if isinstance(ref, (list, tuple)) and len(ref) in sizes:
            return by_cities(*ref)
        raise MapError((gettext("{value} does not name a route: give a Route, a route number or {form}") if route
                        else gettext("{value} does not name a ticket: give a Ticket, a ticket number or "
                                     "{form}")).format(value=repr(ref), form=cities_form))

    # -- views ------------------------------------------------------------------------------
    def _repr_svg_(self) -> str:
        from ..views.svg import board_svg

        return board_svg(self)

    def graph(self) -> nx.MultiGraph:
        """The map as a ``networkx.MultiGraph``: one edge per route, keyed by route index.

        Each edge carries ``weight`` (= length), ``length``, ``color``, ``tunnel``,
        ``locomotives`` and ``route`` (the :class:`Route`).
        """
        import networkx as nx

        g = nx.MultiGraph(name=self.name)
        for c in self.cities.values():
            g.add_node(c.id, name=c.name, pos=(c.x, c.y), lat=c.lat, lon=c.lon)
        for r in self.routes:
            g.add_edge(r.a, r.b, key=r.index, weight=r.length, length=r.length, color=r.color,
                       tunnel=r.tunnel, locomotives=r.locomotives, route=r)
        return g

    def to_json(self) -> dict:
        """The map in the ``ttr-teach map NAME --json`` format (docs/formats.md#the-map)."""
        return {
            "name": self.name,
            "cities": [{"id": c.id, "name": c.name, "aliases": list(c.aliases), "x": c.x, "y": c.y,
                        "lat": c.lat, "lon": c.lon} for c in self.cities.values()],
            "routes": [{"a": r.a, "b": r.b, "length": r.length, "color": r.color, "tunnel": r.tunnel,
                        "locomotives": r.locomotives} for r in self.routes],
            "tickets": [{"a": t.a, "b": t.b, "points": t.points, "long": t.long} for t in self.tickets],
        }


# -- loading and validation ---------------------------------------------------------------------
def _need(obj: object, key: str, kind: type, where: str, path: str) -> Any:
    if not isinstance(obj, dict) or key not in obj:
        raise MapError(gettext("{file}: {item} has no {key}").format(file=path, item=where, key=repr(key)))
    value = obj[key]
    if kind is float:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
    elif kind is int:
        ok = is_whole(value)
    else:
        ok = isinstance(value, kind)
    if not ok:
        raise MapError(gettext("{file}: {item} has {key}={value}, which is not a {kind}").format(
            file=path, item=where, key=key, value=repr(value), kind=kind.__name__))
    return value


def parse_map(doc: dict, path: str = "<map>") -> Map:
    """Build and validate a :class:`Map` from a map document; raise :class:`MapError` if broken."""
    if not isinstance(doc, dict):
        raise MapError(gettext("{file}: a map file must hold a JSON object").format(file=path))
    the_map = gettext("the map")
    name = _need(doc, "name", str, the_map, path)
    rules = ruleset(_need(doc, "rules", str, the_map, path))
    cities: list[City] = []
    for i, c in enumerate(_need(doc, "cities", list, the_map, path)):
        where = gettext("city #{number}").format(number=i + 1)
        cid = _need(c, "id", str, where, path)
        where = gettext("city {city}").format(city=repr(cid))
        label = c.get("label", "e")
        if label not in LABEL_SIDES:
            raise MapError(gettext("{file}: {item} has label side {label}; use one of {sides}").format(
                file=path, item=where, label=repr(label), sides=LABEL_SIDES))
        cities.append(City(cid, _need(c, "name", str, where, path), tuple(c.get("aliases", ())),
                           _need(c, "lat", float, where, path), _need(c, "lon", float, where, path),
                           _need(c, "x", float, where, path), _need(c, "y", float, where, path), label))
    ids = [c.id for c in cities]
    names = {c.id: c.name for c in cities}
    if len(set(ids)) != len(ids):
        dup = sorted({i for i in ids if ids.count(i) > 1})
        raise MapError(gettext("{file}: city {city} is listed twice").format(file=path, city=repr(dup[0])))
    known = set(ids)
    routes: list[Route] = []
    for i, r in enumerate(_need(doc, "routes", list, the_map, path)):
        where = gettext("route #{number}").format(number=i + 1)
        a, b = _need(r, "a", str, where, path), _need(r, "b", str, where, path)
        where = gettext("route #{number} ({a}–{b})").format(number=i + 1, a=a, b=b)
        for end in (a, b):
            if end not in known:
                raise MapError(gettext("{file}: {item} names unknown city {city}").format(
                    file=path, item=where, city=repr(end)))
        if a == b:
            raise MapError(gettext("{file}: {item} joins a city to itself").format(file=path, item=where))
        length = _need(r, "length", int, where, path)
        if length not in rules.route_point_table:
            _bad_length(path, where, length)
        color = _need(r, "color", str, where, path)
        if color != GRAY and color not in COLORS:
            raise MapError(gettext("{file}: {item} has colour {colour}; use gray or one of {colours}").format(
                file=path, item=where, colour=repr(color), colours=", ".join(COLORS)))
        tunnel = bool(r.get("tunnel", False))
        locos = r.get("locomotives", 0)
        if not isinstance(locos, int) or not 0 <= locos <= length:
            raise MapError(gettext("{file}: {item} has {value} ferry locomotives; use 0 to {length}").format(
                file=path, item=where, value=repr(locos), length=length))
        if locos and color != GRAY:
            raise MapError(gettext("{file}: {item} is a ferry but not gray").format(file=path, item=where))
        if (tunnel and not rules.has_tunnels) or (locos and not rules.has_ferries):
            raise MapError((gettext("{file}: {item} is a tunnel, which {rules} does not have") if tunnel else
                            gettext("{file}: {item} is a ferry, which {rules} does not have")).format(
                file=path, item=where, rules=rules.name))
        routes.append(Route(i, a, b, length, color, tunnel, locos, (names[a], names[b])))
    pairs: dict[frozenset[str], list[Route]] = {}
    for r in routes:
        pairs.setdefault(frozenset(r.cities), []).append(r)
    for rs in pairs.values():
        if len(rs) > 2:
            raise MapError(gettext("{file}: {n} routes join {a} and {b}; at most two (a double route)").format(
                file=path, n=len(rs), a=rs[0].a, b=rs[0].b))
        if len(rs) == 2 and rs[0].length != rs[1].length:
            raise MapError(gettext("{file}: the double route {a}–{b} has halves of different lengths").format(
                file=path, a=rs[0].a, b=rs[0].b))
    tickets: list[Ticket] = []
    seen: set[frozenset[str]] = set()
    for i, t in enumerate(_need(doc, "tickets", list, the_map, path)):
        where = gettext("ticket #{number}").format(number=i + 1)
        a, b = _need(t, "a", str, where, path), _need(t, "b", str, where, path)
        where = gettext("ticket #{number} ({a}–{b})").format(number=i + 1, a=a, b=b)
        for end in (a, b):
            if end not in known:
                raise MapError(gettext("{file}: {item} names unknown city {city}").format(
                    file=path, item=where, city=repr(end)))
        if frozenset((a, b)) in seen:
            raise MapError(gettext("{file}: {item} is listed twice").format(file=path, item=where))
        seen.add(frozenset((a, b)))
        points = _need(t, "points", int, where, path)
        if points <= 0:
            raise MapError(gettext("{file}: {item} is worth {points} points; tickets are worth at least 1").format(
                file=path, item=where, points=points))
        tickets.append(Ticket(i, a, b, points, bool(t.get("long", False)), (names[a], names[b])))
    size = doc.get("size", [1000, 700])
    return Map(name, doc.get("title", name), rules, cities, routes, tickets, size)


def _bad_length(path: str, where: str, length: object) -> NoReturn:
    raise MapError(gettext("{file}: {item} has length {length}, which the route scoring table does not have").format(
        file=path, item=where, length=repr(length)))


@cache
def _load_builtin(name: str) -> Map:
    path = MAPS_DIR / f"{name}.json"
    return load_map_file(path)


def load_map_file(path: str | os.PathLike[str]) -> Map:
    """Load and validate a map file from ``path`` (JSON, read by the project's one reader,
    :func:`ttr_teach.engine.files.load_file`)."""
    from .files import load_file

    return parse_map(load_file(path, "json", error=MapError), str(path))


def load_map(name: str | Map = "europe") -> Map:
    """The built-in map called ``name``, one of :data:`MAP_NAMES` (a :class:`Map` is passed through).

    Maps are immutable and cached, so loading twice is free.
    """
    if isinstance(name, Map):
        return name
    if not isinstance(name, str) or _fold(name) not in MAP_NAMES:
        raise MapError(gettext("unknown map {name}; choose one of {maps}").format(
            name=repr(name), maps=", ".join(MAP_NAMES)))
    return _load_builtin(_fold(name))
