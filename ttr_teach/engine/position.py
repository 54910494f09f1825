"""Positions: who owns which routes, stations and tickets, as in DESIGN.md's position files.

A :class:`Position` is an immutable, validated snapshot of the board. It is what the scorer,
the SVG board and the puzzles read, and what a :class:`~ttr_teach.engine.game.core.Game` produces.

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

import json
from dataclasses import dataclass
from pathlib import Path

from .claims import why_route_unavailable, why_station_unavailable
from .errors import MapError, PositionError
from .maps import Map, Route, Ticket, load_map
from .rules import COLORS, GRAY

#: Colours of the players' plastic trains, in seat order by default.
PLAYER_COLORS = ("red", "blue", "green", "yellow", "black")
PLAYER_KEYS = {"name", "routes", "stations", "tickets", "color"}


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
    """How a position file names ``route``: ``[a, b]``, plus the colour for a double route
    whose halves differ in colour."""
    partner = m.partner(route)
    if partner is not None and partner.color != route.color:
        return [route.a, route.b, route.color]
    return [route.a, route.b]


@dataclass(frozen=True)
class Position:
    """A validated position on ``map``: a tuple of :class:`PlayerPosition` in seat order."""

    map: Map
    players: tuple

    # -- construction ------------------------------------------------------------------------
    @classmethod
    def from_dict(cls, doc, source: str = "<position>") -> "Position":
        """Parse and validate a position document; raise :class:`PositionError` if it breaks a rule."""
        return _parse(doc, source)

    def to_dict(self) -> dict:
        """The position in the file format (plain JSON types)."""
        return {"map": self.map.name, "players": [p.to_dict(self.map) for p in self.players]}

    # -- queries -----------------------------------------------------------------------------
    @property
    def owners(self) -> dict:
        """Route index -> seat index of its owner."""
        return {r.index: i for i, p in enumerate(self.players) for r in p.routes}

    @property
    def station_owners(self) -> dict:
        """City id -> seat index of the station's owner."""
        return {c: i for i, p in enumerate(self.players) for c in p.stations}

    def player(self, name_or_index) -> PlayerPosition:
        """A player by seat index or by name."""
        if isinstance(name_or_index, int):
            return self.players[name_or_index]
        for p in self.players:
            if p.name == name_or_index:
                return p
        raise PositionError(f"there is no player called {name_or_index!r}")

    def __repr__(self):
        who = ", ".join(f"{p.name}: {len(p.routes)} routes" for p in self.players)
        return f"<Position {self.map.name}: {who}>"

    def _repr_svg_(self):
        from ..views.svg import board_svg

        return board_svg(self)


def _fail(source, player, item, reason):
    where = f"{source}: "
    if player is not None:
        where += f"player {player!r}: "
    if item is not None:
        where += f"{item}: "
    raise PositionError(where + reason)


def _pair_name(spec):
    return "route " + "–".join(str(s) for s in spec[:2]) + (f" ({spec[2]})" if len(spec) > 2 else "")


def _parse(doc, source) -> Position:
    if not isinstance(doc, dict):
        _fail(source, None, None, "a position must be a mapping with 'map' and 'players'")
    unknown = set(doc) - {"map", "players", "note", "title"}
    if unknown:
        _fail(source, None, None, f"unknown field {sorted(unknown, key=str)[0]!r} (expected 'map' and 'players')")
    try:
        m = load_map(doc.get("map"))
    except MapError as e:
        _fail(source, None, "map", str(e))
    players_doc = doc.get("players")
    if not isinstance(players_doc, list) or not players_doc:
        _fail(source, None, "players", "there must be a list of 1 to 5 players")
    if len(players_doc) > m.rules.max_players:
        _fail(source, None, "players", f"{len(players_doc)} players; the game is for 2 to {m.rules.max_players}")
    n = len(players_doc)

    names = []
    for i, pd in enumerate(players_doc):
        if not isinstance(pd, dict):
            _fail(source, f"#{i + 1}", None, "a player must be a mapping with 'name', 'routes', ...")
        name = pd.get("name")
        if not isinstance(name, str) or not name.strip():
            _fail(source, f"#{i + 1}", "name", "every player needs a name")
        if name in names:
            _fail(source, name, "name", "two players have this name")
        extra = set(pd) - PLAYER_KEYS
        if extra:
            _fail(source, name, None, f"unknown field {sorted(extra, key=str)[0]!r} (expected {', '.join(sorted(PLAYER_KEYS))})")
        names.append(name)

    # Routes: first the specs that name exactly one route, then those that leave a choice
    # (a double route named without colour, or with both halves gray), so that an owner who
    # names a colour is never pre-empted by one who did not.
    owners: dict = {}
    routes_of = [[] for _ in range(n)]
    pending = []
    for i, pd in enumerate(players_doc):
        specs = pd.get("routes", [])
        if not isinstance(specs, list):
            _fail(source, names[i], "routes", "routes must be a list of [city, city] or [city, city, colour]")
        for k, spec in enumerate(specs):
            if (not isinstance(spec, list) or len(spec) not in (2, 3)
                    or not all(isinstance(s, str) for s in spec)):
                _fail(source, names[i], f"route #{k + 1}", f"{spec!r} is not [city, city] or [city, city, colour]")
            try:
                candidates = m.routes_between(spec[0], spec[1])
            except MapError as e:
                _fail(source, names[i], _pair_name(spec), str(e))
            if not candidates:
                _fail(source, names[i], _pair_name(spec),
                      f"there is no route between {m.city(spec[0]).name} and {m.city(spec[1]).name}")
            if len(spec) == 3:
                if spec[2] != GRAY and spec[2] not in COLORS:
                    _fail(source, names[i], _pair_name(spec), f"{spec[2]!r} is not a route colour")
                candidates = [r for r in candidates if r.color == spec[2]]
                if not candidates:
                    _fail(source, names[i], _pair_name(spec), f"there is no {spec[2]} route between these cities")
            pending.append((len(candidates) > 1, i, k, spec, candidates))
    for _, i, k, spec, candidates in sorted(pending, key=lambda t: (t[0], t[1], t[2])):
        reasons = [why_route_unavailable(m, n, owners, r, i) for r in candidates]
        free = [r for r, why in zip(candidates, reasons) if why is None]
        if not free:
            reason = reasons[0]
            if len(candidates) == 1 and candidates[0].index in owners:
                other = owners[candidates[0].index]
                reason = ("it is listed twice" if other == i
                          else f"it is already owned by {names[other]!r}")
            _fail(source, names[i], _pair_name(spec), reason)
        owners[free[0].index] = i
        routes_of[i].append((k, free[0]))

    station_owners: dict = {}
    tickets_seen: dict = {}
    players = []
    # players without a colour get the first ones nobody asked for, in seat order
    asked = [pd.get("color") for pd in players_doc]
    free_colors = [c for c in PLAYER_COLORS if c not in asked]
    for i, pd in enumerate(players_doc):
        name = names[i]
        routes = tuple(r for _, r in sorted(routes_of[i], key=lambda t: t[0]))
        used = sum(r.length for r in routes)
        if used > m.rules.trains_per_player:
            _fail(source, name, "routes", f"they use {used} trains; a player has only {m.rules.trains_per_player}")
        stations = pd.get("stations", [])
        if not isinstance(stations, list):
            _fail(source, name, "stations", "stations must be a list of city names")
        built = 0
        cities = []
        for s in stations:
            if not isinstance(s, str):
                _fail(source, name, f"station {s!r}", "a station is named by its city")
            try:
                city = m.city_id(s)
            except MapError as e:
                _fail(source, name, f"station {s!r}", str(e))
            why = why_station_unavailable(m, station_owners, city, built)
            if why and city in station_owners:
                other = station_owners[city]
                why = ("it is listed twice" if other == i else
                       f"{m.cities[city].name} already has a station of {names[other]!r}; a city holds only one")
            if why:
                _fail(source, name, f"station {s!r}", why)
            station_owners[city] = i
            built += 1
            cities.append(city)
        tickets = []
        tickets_doc = pd.get("tickets", [])
        if not isinstance(tickets_doc, list):
            _fail(source, name, "tickets", "tickets must be a list of [city, city]")
        for k, spec in enumerate(tickets_doc):
            if not isinstance(spec, list) or len(spec) != 2 or not all(isinstance(s, str) for s in spec):
                _fail(source, name, f"ticket #{k + 1}", f"{spec!r} is not [city, city]")
            try:
                t = m.ticket(*spec)
            except MapError as e:
                _fail(source, name, f"ticket {spec[0]}–{spec[1]}", str(e))
            if t.index in tickets_seen:
                other = tickets_seen[t.index]
                _fail(source, name, f"ticket {t.a}–{t.b}",
                      "it is listed twice" if other == i else
                      f"{names[other]!r} holds it already; each ticket exists once")
            tickets_seen[t.index] = i
            tickets.append(t)
        color = pd["color"] if "color" in pd else (free_colors.pop(0) if free_colors else None)
        if color not in PLAYER_COLORS:
            _fail(source, name, "color", f"{color!r} is not a player colour ({', '.join(PLAYER_COLORS)})")
        players.append(PlayerPosition(name, routes, tuple(cities), tuple(tickets), color,
                                      m.rules.trains_per_player))
    colors = [p.color for p in players]
    for p in players:
        if colors.count(p.color) > 1:
            _fail(source, p.name, "color", f"two players have the colour {p.color}")
    return Position(m, tuple(players))


def read_document(path) -> dict:
    """Read a JSON or YAML file into Python data; errors name the file and the line."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise PositionError(f"{path}: cannot read the file ({e.strerror})") from None
    except UnicodeDecodeError:
        raise PositionError(f"{path}: the file is not UTF-8 text") from None
    if path.suffix.lower() in (".yaml", ".yml"):
        import yaml

        try:
            return yaml.safe_load(text)
        except yaml.YAMLError as e:
            mark = getattr(e, "problem_mark", None)
            line = f" (line {mark.line + 1})" if mark else ""
            raise PositionError(f"{path}: not valid YAML{line}: {getattr(e, 'problem', e)}") from None
        except RecursionError:
            raise PositionError(f"{path}: the YAML is nested too deeply to be a position") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise PositionError(f"{path}: not valid JSON (line {e.lineno}, column {e.colno}: {e.msg})") from None
    except RecursionError:
        raise PositionError(f"{path}: the JSON is nested too deeply to be a position") from None


def load_position(source) -> Position:
    """A :class:`Position` from a file path, a position dict, a Position or a Game.

    This is how every public function accepts "a position": ``score_position``,
    ``board_svg`` and the puzzles all call it.
    """
    if isinstance(source, Position):
        return source
    if hasattr(source, "to_position"):
        return source.to_position()
    if isinstance(source, dict):
        return Position.from_dict(source)
    if isinstance(source, (str, Path)):
        return Position.from_dict(read_document(source), str(source))
    raise PositionError(f"cannot read a position from {type(source).__name__}; "
                        "give a dict, a file path, a Position or a Game")
