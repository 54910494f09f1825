"""Positions: who owns which routes, stations and tickets (docs/formats.md#position-files).

A :class:`Position` is an immutable snapshot of the board. It is what the scorer, the SVG
board and the puzzles read, and what a :class:`~ttr_teach.engine.game.core.Game` produces. The
rules a position keeps are checked in one place, :meth:`Position.validate`: by the parser
(:meth:`Position.from_dict`, :func:`load_position`), by the sandbox after every change, and
never for a Game's own positions, which its rules keep valid (the tests check that they are).
This module is also the one place that turns "a position" (a dict, a file, pasted text, a
Position, a Game, or a map for its empty board) into a Position: :func:`as_position`.

>>> p = Position.from_dict({"map": "europe", "players": [
...     {"name": "red", "routes": [["Paris", "Frankfurt", "white"]], "stations": ["Wien"],
...      "tickets": [["Paris", "Wien"]]},
...     {"name": "blue", "routes": [["Wien", "Budapest"]], "tickets": [["Berlin", "Roma"]]}]})
>>> p.players[0].trains_left, p.players[1].routes[0].color
(42, 'red')
>>> p.to_dict()["players"][0]["routes"]
[['Frankfurt', 'Paris', 'white']]

A position that breaks a rule is refused, naming the player and the item:

>>> Position.from_dict({"map": "usa", "players": [{"name": "Ann", "stations": ["Denver"]}]})
Traceback (most recent call last):
...
ttr_teach.engine.errors.PositionError: <position>: player 'Ann': station 'Denver': there are no stations in the usa game
"""
from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import NoReturn, TypeVar

from .claims import why_route_unavailable, why_station_unavailable
from .errors import MapError, PositionError
from .files import THE_TEXT, clip, load_file, load_text
from .i18n import gettext, ngettext
from .maps import MAP_NAMES, Map, Route, Ticket, _fold, load_map
from .rules import COLORS, GRAY
from .seats import seat_index
from .text import colour_name

#: Colours of the players' plastic trains, in seat order by default.
PLAYER_COLORS = ("red", "blue", "green", "yellow", "black")
PLAYER_KEYS = {"name", "routes", "stations", "tickets", "color"}
_T = TypeVar("_T")


@dataclass(frozen=True)
class PlayerPosition:
    """One player's part of a position."""

    name: str
    routes: tuple = ()     # Route objects
    stations: tuple = ()   # city ids
    tickets: tuple = ()    # Ticket objects
    color: str = "red"
    trains_per_player: int = 45

    @property
    def trains_used(self) -> int:
        return sum(r.length for r in self.routes)

    @property
    def trains_left(self) -> int:
        return self.trains_per_player - self.trains_used

    def to_dict(self, m: Map) -> dict:
        return {"name": self.name, "color": self.color,
                "routes": [route_spec(m, r) for r in self.routes],
                "stations": list(self.stations),
                "tickets": [[t.a, t.b] for t in self.tickets]}


def route_spec(m: Map, route: Route) -> list:
    """How a position file names ``route``: ``[a, b]``; for a double route whose halves differ
    in colour, ``[a, b, colour]``; for one whose halves share a colour (gray),
    ``[a, b, colour, side]`` with the side of the board it lies on (:func:`half_side`).

    >>> m = load_map("europe")
    >>> route_spec(m, m.route("Paris", "Frankfurt", "white")), route_spec(m, m.route("Wien", "Zagrab"))
    (['Frankfurt', 'Paris', 'white'], ['Wien', 'Zagrab'])
    >>> [route_spec(m, r) for r in m.routes_between("Essen", "Kobenhavn")]
    [['Essen', 'Kobenhavn', 'gray', 'left'], ['Essen', 'Kobenhavn', 'gray', 'right']]
    """
    partner = m.partner(route)
    if partner is None:
        return [route.a, route.b]
    if partner.color != route.color:
        return [route.a, route.b, route.color]
    return [route.a, route.b, route.color, half_side(m, route)]


#: The words :func:`half_side` gives, in pairs of opposites.
SIDES = ("upper", "lower", "left", "right")


def half_side(m: Map, route: Route) -> str | None:
    """Where ``route`` lies beside the other half of its double route on the board, when the
    two halves have the same colour: ``"upper"``, ``"lower"``, ``"left"`` or ``"right"``
    (None for any other route). The words the sandbox uses and a position file may use.

    The board draws the two halves of a double on either side of the line between the
    cities, the half listed first in the map on the side to the left of the way from the
    western city to the eastern one; the twin is then above or below it (a route running
    mostly east-west), or beside it (a route running mostly north-south).

    >>> m = load_map("europe")
    >>> [half_side(m, r) for r in m.routes_between("Dieppe", "London")], half_side(m, m.routes[0])
    (['right', 'left'], None)
    """
    partner = m.partner(route)
    if partner is None or partner.color != route.color:
        return None
    p, q = m.cities[route.a], m.cities[route.b]
    if q.x < p.x or (q.x == p.x and q.y < p.y):     # p: the western end (the board's y grows down)
        p, q = q, p
    ux, uy = q.x - p.x, q.y - p.y
    # the way from this half to its twin: the normal (-uy, ux) for the first half, its opposite else
    dx, dy = (-uy, ux) if route.index < partner.index else (uy, -ux)
    if abs(dy) >= abs(dx):
        return "upper" if dy > 0 else "lower"
    return "left" if dx > 0 else "right"


@dataclass(frozen=True)
class Position:
    """A position on ``map``: a tuple of :class:`PlayerPosition` in seat order.

    Positions are immutable. :meth:`from_dict` (and :func:`load_position`) parse and validate
    a position file; the plain constructor trusts its caller (a
    :class:`~ttr_teach.engine.game.core.Game`, whose positions are valid by construction), and
    :meth:`validate` checks any position against every rule. What is computed from a position
    (its owners, its score) is computed once and kept with it (:meth:`cached`).
    """

    map: Map
    players: tuple
    _memo: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    # -- construction ------------------------------------------------------------------------
    @classmethod
    def from_dict(cls, doc: object, source: str = "<position>") -> Position:
        """Parse and validate a position document; raise :class:`PositionError` if it breaks a rule."""
        return _parse(doc, source)

    @classmethod
    def empty(cls, m: Map) -> Position:
        """The empty board of map ``m``: no players (something to draw, not to score)."""
        return cls(m, ())

    def to_dict(self) -> dict:
        """The position in the file format (plain JSON types)."""
        return {"map": self.map.name, "players": [p.to_dict(self.map) for p in self.players]}

    def validate(self, source: str = "<position>", labels: dict | None = None) -> Position:
        """Check every rule a position must keep; return the position, or raise
        :class:`PositionError` naming ``source``, the player and the item.

        The rules: 1 to 5 players with distinct names and distinct player colours; a route has
        one owner, one player never owns both routes of a double route, and with 2 or 3
        players only one route of a double is claimed; at most 45 trains each; at most 3
        stations each, one per city, and none in the USA game; a ticket is held once. The
        claiming rules come from :mod:`~ttr_teach.engine.claims`, as in the game.
        ``labels`` says how the source named an item, for the messages: ``{("route", seat, k):
        text}`` for the ``k``-th route of ``seat``, ``{("station", seat, k): text}`` likewise.

        >>> m = load_map("europe")
        >>> ann = PlayerPosition("Ann", routes=(m.route("Paris", "Frankfurt", "white"),), color="red")
        >>> bo = PlayerPosition("Bo", routes=(m.route("Paris", "Frankfurt", "orange"),), color="blue")
        >>> Position(m, (ann, bo)).validate("here")
        Traceback (most recent call last):
        ...
        ttr_teach.engine.errors.PositionError: here: player 'Bo': route Frankfurt–Paris (orange): Frankfurt–Paris is a double route and with 2 or 3 players only one of its two routes can be claimed
        """  # noqa: E501
        _validate(self, source, labels or {})
        return self

    # -- queries -----------------------------------------------------------------------------
    def cached(self, key: Hashable, compute: Callable[[], _T]) -> _T:
        """``compute()``, worked out once per position and kept (positions never change)."""
        try:
            return self._memo[key]
        except KeyError:
            value = self._memo[key] = compute()
            return value

    @property
    def owners(self) -> Mapping[int, int]:
        """Route index -> seat index of its owner (a read-only mapping)."""
        return self.cached("owners", lambda: MappingProxyType(
            {r.index: i for i, p in enumerate(self.players) for r in p.routes}))

    @property
    def station_owners(self) -> Mapping[str, int]:
        """City id -> seat index of the station's owner (a read-only mapping)."""
        return self.cached("station_owners", lambda: MappingProxyType(
            {c: i for i, p in enumerate(self.players) for c in p.stations}))

    def seat(self, ref: object) -> int:
        """The seat index of a player given by seat index, name or train colour
        (:func:`~ttr_teach.engine.seats.seat_index`)."""
        return seat_index(self.players, ref)

    def player(self, ref: object) -> PlayerPosition:
        """A player by seat index, name or train colour."""
        return self.players[seat_index(self.players, ref)]

    def __repr__(self) -> str:
        who = ", ".join(f"{p.name}: {len(p.routes)} routes" for p in self.players)
        return f"<Position {self.map.name}: {who}>"

    def _repr_svg_(self) -> str:
        from ..views.svg import board_svg

        return board_svg(self)


def _fail(source: str, player: object, item: object, reason: object) -> NoReturn:
    where = f"{source}: "
    if player is not None:
        where += gettext("player {player}").format(player=clip(repr(player), 100)) + ": "
    if item is not None:
        where += f"{clip(item, 200)}: "
    raise PositionError(where + clip(reason))


def _pair_name(spec: list) -> str:
    colour = " ".join(str(s) for s in reversed(spec[2:4]))
    pair = "–".join(str(s) for s in spec[:2])
    return gettext("route {route}").format(route=pair + (f" ({colour})" if colour else ""))


# -- validation: the rules every position keeps ---------------------------------------------------
def _validate(pos: Position, source: str, labels: dict) -> None:
    m, players = pos.map, pos.players
    n = len(players)
    if n == 0:
        _fail(source, None, "players", gettext("there must be a list of {low} to {high} players").format(
            low=m.rules.min_players, high=m.rules.max_players))
    if n > m.rules.max_players:
        _fail(source, None, "players", gettext("{n} players; the game is for {low} to {high}").format(
            n=n, low=m.rules.min_players, high=m.rules.max_players))
    names = []
    for i, p in enumerate(players):
        if not isinstance(p, PlayerPosition):
            _fail(source, f"#{i + 1}", None, gettext("{value} is not a PlayerPosition").format(value=repr(p)))
        if not isinstance(p.name, str) or not p.name.strip():
            _fail(source, f"#{i + 1}", "name", gettext("every player needs a name"))
        if p.name in names:
            _fail(source, p.name, "name", gettext("two players have this name"))
        names.append(p.name)
    owners: dict = {}
    for i, p in enumerate(players):
        for k, r in enumerate(p.routes):
            if not (isinstance(r, Route) and 0 <= r.index < len(m.routes) and m.routes[r.index] == r):
                _fail(source, p.name, gettext("route {route}").format(route=repr(r)),
                      gettext("it is not a route of the {map} map").format(map=m.name))
            label = labels.get(("route", i, k)) or _pair_name(route_spec(m, r))
            if r.index in owners:
                other = owners[r.index]
                _fail(source, p.name, label, gettext("it is listed twice") if other == i
                      else gettext("it is already owned by {player}").format(player=repr(names[other])))
            why = why_route_unavailable(m, n, owners, r, i)
            if why:
                _fail(source, p.name, label, why)
            owners[r.index] = i
    station_owners: dict = {}
    tickets_seen: dict = {}
    for i, p in enumerate(players):
        used = sum(r.length for r in p.routes)
        if used > m.rules.trains_per_player:
            _fail(source, p.name, "routes", gettext("they use {used} trains; a player has only {trains}").format(
                used=used, trains=m.rules.trains_per_player))
        for k, city in enumerate(p.stations):
            label = labels.get(("station", i, k)) or gettext("station {city}").format(city=repr(city))
            if not isinstance(city, str) or city not in m.cities:
                _fail(source, p.name, label, gettext("there is no city called {city} on the {map} map").format(
                    city=repr(city), map=m.name))
            why = why_station_unavailable(m, station_owners, city, k)
            if why and city in station_owners:
                other = station_owners[city]
                why = (gettext("it is listed twice") if other == i else
                       gettext("{city} already has a station of {player}; a city holds only one").format(
                           city=m.cities[city].name, player=repr(names[other])))
            if why:
                _fail(source, p.name, label, why)
            station_owners[city] = i
        for t in p.tickets:
            if not (isinstance(t, Ticket) and 0 <= t.index < len(m.tickets) and m.tickets[t.index] == t):
                _fail(source, p.name, gettext("ticket {ticket}").format(ticket=repr(t)),
                      gettext("it is not a ticket of the {map} map").format(map=m.name))
            label = gettext("ticket {ticket}").format(ticket=f"{t.a}–{t.b}")
            if t.index in tickets_seen:
                other = tickets_seen[t.index]
                _fail(source, p.name, label, gettext("it is listed twice") if other == i else
                      gettext("{player} holds it already; each ticket exists once").format(player=repr(names[other])))
            tickets_seen[t.index] = i
        if p.color not in PLAYER_COLORS:
            _fail(source, p.name, "color", gettext("{colour} is not a player colour ({colours})").format(
                colour=repr(p.color), colours=", ".join(PLAYER_COLORS)))
    colors = [p.color for p in players]
    for p in players:
        if colors.count(p.color) > 1:
            _fail(source, p.name, "color", gettext("two players have the colour {colour}").format(colour=p.color))
    if n < m.rules.min_players:     # last, so that a broken item of a lone player is named first
        _fail(source, None, "players", ngettext("only {n} player; the game is for {low} to {high}",
                                                "only {n} players; the game is for {low} to {high}", n).format(
            n=n, low=m.rules.min_players, high=m.rules.max_players))


# -- parsing: from the file format to a Position ---------------------------------------------------
def _parse(doc: object, source: str) -> Position:
    """Read a position document: its structure and names here, its rules in :func:`_validate`."""
    if not isinstance(doc, dict):
        _fail(source, None, None, gettext("a position must be a mapping with 'map' and 'players'"))
    unknown = set(doc) - {"map", "players", "note", "title"}
    if unknown:
        _fail(source, None, None, gettext("unknown field {field} (expected 'map' and 'players')").format(
            field=repr(sorted(unknown, key=str)[0])))
    try:
        m = load_map(doc.get("map"))   # type: ignore[arg-type]  # load_map refuses what is not a map name
    except MapError as e:
        _fail(source, None, "map", str(e))
    players_doc = doc.get("players")
    if not isinstance(players_doc, list):
        _fail(source, None, "players", gettext("there must be a list of {low} to {high} players").format(
            low=m.rules.min_players, high=m.rules.max_players))
    names: list[str] = []
    for i, pd in enumerate(players_doc):
        if not isinstance(pd, dict):
            _fail(source, f"#{i + 1}", None, gettext("a player must be a mapping with 'name', 'routes', ..."))
        name = pd.get("name")
        if not isinstance(name, str):
            _fail(source, f"#{i + 1}", "name", gettext("every player needs a name"))
        extra = set(pd) - PLAYER_KEYS
        if extra:
            _fail(source, name, None,
                  gettext("unknown field {field} (expected {fields})").format(
                      field=repr(sorted(extra, key=str)[0]), fields=", ".join(sorted(PLAYER_KEYS))))
        names.append(name)
    labels: dict = {}
    routes_of = _read_routes(m, players_doc, names, source, labels)
    # players without a colour get the first ones nobody asked for, in seat order
    asked = [pd.get("color") for pd in players_doc]
    free_colors = [c for c in PLAYER_COLORS if c not in asked]
    players = []
    for i, pd in enumerate(players_doc):
        stations = _read_stations(m, pd, i, names[i], source, labels)
        tickets = _read_tickets(m, pd, names[i], source)
        color = pd["color"] if "color" in pd else (free_colors.pop(0) if free_colors else None)
        players.append(PlayerPosition(names[i], routes_of[i], stations, tickets, color,  # type: ignore[arg-type]
                                      m.rules.trains_per_player))
    return Position(m, tuple(players)).validate(source, labels)


def _read_routes(m: Map, players_doc: list, names: list[str], source: str, labels: dict) -> list:
    """Each player's routes as Route objects, in the order the document lists them.

    A spec naming one route gives that route. A spec that leaves a choice (a double route
    named without colour, or with both halves gray) gets the first half the rules let that
    player own once every one-route spec is placed, so an owner who names a colour is never
    pre-empted by one who did not; with no such half it is refused here."""
    n = len(players_doc)
    chosen: list[list[Route | None]] = [[] for _ in range(n)]
    pending = []
    for i, pd in enumerate(players_doc):
        specs = pd.get("routes", [])
        if not isinstance(specs, list):
            _fail(source, names[i], "routes", gettext("routes must be a list of [city, city], [city, city, colour] "
                                                      "or [city, city, colour, side]"))
        for k, spec in enumerate(specs):
            if (not isinstance(spec, list) or len(spec) not in (2, 3, 4)
                    or not all(isinstance(s, str) for s in spec)):
                _fail(source, names[i], gettext("route #{number}").format(number=k + 1),
                      gettext("{value} is not [city, city], [city, city, colour] or [city, city, colour, "
                              "side]").format(value=repr(spec)))
            try:
                candidates = m.routes_between(spec[0], spec[1])
            except MapError as e:
                _fail(source, names[i], _pair_name(spec), str(e))
            if not candidates:
                _fail(source, names[i], _pair_name(spec),
                      gettext("there is no route between {a} and {b}").format(
                          a=m.city(spec[0]).name, b=m.city(spec[1]).name))
            if len(spec) >= 3:
                if spec[2] != GRAY and spec[2] not in COLORS:
                    _fail(source, names[i], _pair_name(spec),
                          gettext("{colour} is not a route colour").format(colour=repr(spec[2])))
                candidates = [r for r in candidates if r.color == spec[2]]
                if not candidates:
                    _fail(source, names[i], _pair_name(spec), gettext(
                        "there is no {colour} route between these cities").format(colour=colour_name(spec[2])))
            if len(spec) == 4:
                candidates = _on_side(m, candidates, spec, source, names[i])
            labels[("route", i, k)] = _pair_name(spec)
            chosen[i].append(candidates[0] if len(candidates) == 1 else None)
            if len(candidates) > 1:
                pending.append((i, k, spec, candidates))
    owners = {r.index: i for i in range(n) for r in chosen[i] if r is not None}
    for i, k, spec, candidates in pending:
        reasons = [why_route_unavailable(m, n, owners, r, i) for r in candidates]
        free = [r for r, why in zip(candidates, reasons, strict=True) if why is None]
        if not free:
            _fail(source, names[i], _pair_name(spec), reasons[0])
        chosen[i][k] = free[0]
        owners[free[0].index] = i
    return [tuple(rs) for rs in chosen]


def _on_side(m: Map, candidates: list[Route], spec: list, source: str, name: str) -> list:
    """The one route among ``candidates`` on the side ``spec[3]`` names (:func:`half_side`)."""
    sides = [half_side(m, r) for r in candidates]
    if None in sides:
        _fail(source, name, _pair_name(spec), gettext("only the two halves of a double route of one colour "
                                                      "are told apart by their side; leave the side out"))
    if spec[3] not in sides:
        _fail(source, name, _pair_name(spec), gettext(
            "{side} is not a side of this double route: its {colour} halves are the {first} and the {second} "
            "one").format(side=repr(spec[3]), colour=colour_name(spec[2]), first=sides[0], second=sides[1]))
    return [candidates[sides.index(spec[3])]]


def _read_stations(m: Map, pd: dict, i: int, name: str, source: str, labels: dict) -> tuple:
    stations = pd.get("stations", [])
    if not isinstance(stations, list):
        _fail(source, name, "stations", gettext("stations must be a list of city names"))
    cities = []
    for k, s in enumerate(stations):
        if not isinstance(s, str):
            _fail(source, name, gettext("station {city}").format(city=repr(s)),
                  gettext("a station is named by its city"))
        try:
            cities.append(m.city_id(s))
        except MapError as e:
            _fail(source, name, gettext("station {city}").format(city=repr(s)), str(e))
        labels[("station", i, k)] = gettext("station {city}").format(city=repr(s))
    return tuple(cities)


def _read_tickets(m: Map, pd: dict, name: str, source: str) -> tuple:
    tickets_doc = pd.get("tickets", [])
    if not isinstance(tickets_doc, list):
        _fail(source, name, "tickets", gettext("tickets must be a list of [city, city]"))
    tickets = []
    for k, spec in enumerate(tickets_doc):
        if not isinstance(spec, list) or len(spec) != 2 or not all(isinstance(s, str) for s in spec):
            _fail(source, name, gettext("ticket #{number}").format(number=k + 1),
                  gettext("{value} is not [city, city]").format(value=repr(spec)))
        try:
            tickets.append(m.ticket(*spec))
        except MapError as e:
            _fail(source, name, gettext("ticket {ticket}").format(ticket=f"{spec[0]}–{spec[1]}"), str(e))
    return tuple(tickets)


def read_document(path: str | Path) -> dict:
    """Read a JSON or YAML file into Python data (YAML for ``.yaml``/``.yml``, else JSON) with
    the project's one reader, :func:`ttr_teach.engine.files.load_file` (its limits, and
    refusals that name the file and the line)."""
    return load_file(path, error=PositionError)


def read_text(text: str | bytes, source: str = THE_TEXT) -> dict:
    """Python data from text in the position-file format: JSON, or else YAML (as pasted into
    a box or uploaded: bytes are read as UTF-8). Errors name ``source``; the text is checked
    like a file (:func:`ttr_teach.engine.files.load_text`).

    >>> read_text("map: usa\\nplayers: [{name: Ann}]")
    {'map': 'usa', 'players': [{'name': 'Ann'}]}
    >>> read_text("{map: [")
    Traceback (most recent call last):
    ...
    ttr_teach.engine.errors.PositionError: the text: not valid JSON (line 1, column 2: Expecting property name enclosed in double quotes) nor YAML
    """  # noqa: E501
    source = gettext(THE_TEXT) if source == THE_TEXT else source
    if isinstance(text, str) and not text.strip():
        raise PositionError(gettext("{source}: there is nothing to read; a position file holds JSON or YAML").format(
            source=source))
    return load_text(text, source, "auto", error=PositionError)


def load_position(source: object) -> Position:
    """A :class:`Position` from a file path, a position dict, a Position or a Game.

    This is how every public function accepts "a position": ``score_position`` and the
    puzzles call it (``board_svg`` calls :func:`as_position`, which also takes a map).
    """
    if isinstance(source, Position):
        return source
    if hasattr(source, "to_position"):
        return source.to_position()
    if isinstance(source, dict):
        return Position.from_dict(source)
    if isinstance(source, (str, Path)):
        return Position.from_dict(read_document(source), str(source))
    raise PositionError(gettext("cannot read a position from {kind}; give a dict, a file path, a Position or a "
                                "Game").format(kind=type(source).__name__))


def as_position(source: object) -> Position:
    """What a board shows: :func:`load_position` of ``source``, or for a map name or a
    :class:`~ttr_teach.engine.maps.Map` its empty board (:meth:`Position.empty`).

    >>> as_position("USA")
    <Position usa: >
    >>> as_position({"map": "usa", "players": [{"name": "Ann"}, {"name": "Bo"}]})
    <Position usa: Ann: 0 routes, Bo: 0 routes>
    """
    if isinstance(source, Map):
        return Position.empty(source)
    if isinstance(source, str) and _fold(source) in MAP_NAMES:
        return Position.empty(load_map(source))
    return load_position(source)
