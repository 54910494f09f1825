"""Final scoring of a position, exactly as the rulebooks count it.

:func:`score` returns a typed :class:`Score` (one :class:`PlayerScore` per seat, with their
:class:`~ttr_teach.engine.tickets.TicketOutcome` and :class:`StationUse` items holding
:class:`~ttr_teach.engine.maps.Route` objects), computed once per position and kept with it;
:func:`score_position` returns the same as plain JSON types (``Score.to_dict()``), the result
format of the command line and the puzzles.

1. route points, by the map's scoring table;
2. tickets: + value when completed (own routes, plus in Europe one borrowed route per station,
   chosen to the owner's best advantage), - value when not;
3. Europe: points for each station kept in reserve;
4. the longest-route bonus to every player tied for the longest trail of their own routes
   (stations and opponents' routes never count);
5. the winner: most points, then the map's tie-breakers; ``None`` if they leave a tie.

>>> result = score_position({"map": "europe", "players": [
...     {"name": "red", "routes": [["Paris", "Frankfurt", "white"], ["Frankfurt", "Munchen"]],
...      "stations": ["Wien"], "tickets": [["Paris", "Wien"]]},
...     {"name": "blue", "routes": [["Munchen", "Wien"]], "tickets": [["Berlin", "Roma"]]}]})
>>> red, blue = result["players"]
>>> red["route_points"], red["ticket_points"], red["station_points"], red["longest_bonus"], red["total"]
(6, 8, 8, 10, 32)
>>> blue["route_points"], blue["ticket_points"], blue["station_points"], blue["longest_bonus"], blue["total"]
(4, -9, 12, 0, 7)
>>> result["winner"], result["decided_by"]
('red', 'points')

Red: Paris–Frankfurt (3 trains, 4 points) and Frankfurt–München (2 trains, 2 points); the
station in Wien borrows blue's München–Wien, which completes Paris–Wien (+8); two stations
unbuilt (+8); red's trail of 5 trains beats blue's 3 (+10). Blue: München–Wien (4 points),
Berlin–Roma failed (-9), three stations unbuilt (+12).
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .i18n import gettext, language, ngettext
from .longest import longest_route
from .maps import Map, Route
from .position import Position, load_position, route_spec
from .rules import FEWEST_STATIONS, LONGEST_HOLDER, MOST_TICKETS
from .seats import seat_index
from .text import listing, sentence
from .tickets import TicketOutcome, ticket_result

__all__ = ["PlayerScore", "Score", "StationUse", "TicketOutcome", "score", "score_position"]


@dataclass(frozen=True)
class StationUse:
    """What one station does at final scoring: the ``route`` it borrows (None: none helps),
    the seat of that route's ``owner``, and the tickets whose path uses it (``used_for``)."""

    city: str
    route: Route | None = None
    owner: int | None = None
    used_for: tuple = ()      # Ticket objects

    def to_dict(self, m: Map, names: Sequence[str]) -> dict:
        route = self.route
        return {"city": self.city,
                "route": route_spec(m, route) if route is not None else None,
                "route_index": route.index if route is not None else None,
                "route_owner": names[self.owner] if route is not None and self.owner is not None else None,
                "used_for": [f"{t.a}–{t.b}" for t in self.used_for]}


@dataclass(frozen=True)
class PlayerScore:
    """One player's final score, part by part.

    ``longest_path`` is the player's longest trail as steps ``(route, from, to)`` in travel
    order; ``tickets`` their :class:`~ttr_teach.engine.tickets.TicketOutcome` in ticket order;
    ``stations`` one :class:`StationUse` per station built.
    """

    seat: int
    name: str
    color: str
    route_points: int
    tickets: tuple
    stations: tuple
    station_points: int
    longest_route: int
    longest_path: tuple
    longest_bonus: int
    trains_left: int

    @property
    def ticket_points(self) -> int:
        return sum(o.value for o in self.tickets)

    @property
    def tickets_completed(self) -> int:
        return sum(o.completed for o in self.tickets)

    @property
    def tickets_failed(self) -> int:
        return len(self.tickets) - self.tickets_completed

    @property
    def stations_built(self) -> int:
        return len(self.stations)

    @property
    def total(self) -> int:
        return self.route_points + self.ticket_points + self.station_points + self.longest_bonus

    @property
    def borrowed(self) -> dict:
        """Station city -> the Route it borrows (stations that borrow nothing left out)."""
        return {s.city: s.route for s in self.stations if s.route is not None}

    @property
    def longest_cities(self) -> tuple:
        """The cities of the longest trail, in travel order (empty without routes)."""
        steps = self.longest_path
        return (steps[0][1], *(b for _, _, b in steps)) if steps else ()

    def outcome(self, ticket: Any) -> TicketOutcome | None:
        """The :class:`~ttr_teach.engine.tickets.TicketOutcome` of ``ticket`` (a Ticket or its
        two cities, either order), or None when this player does not hold it."""
        pair = {ticket.a, ticket.b} if hasattr(ticket, "a") else set(ticket)
        return next((o for o in self.tickets if {o.ticket.a, o.ticket.b} == pair), None)

    def to_dict(self, m: Map, names: Sequence[str]) -> dict:
        """The player's part of :meth:`Score.to_dict`."""
        path = self.longest_path
        return {
            "name": self.name,
            "color": self.color,
            "route_points": self.route_points,
            "ticket_points": self.ticket_points,
            "tickets_completed": self.tickets_completed,
            "tickets_failed": self.tickets_failed,
            "station_points": self.station_points,
            "stations_built": self.stations_built,
            "longest_route": self.longest_route,
            "longest_bonus": self.longest_bonus,
            "total": self.total,
            "trains_left": self.trains_left,
            "tickets": [o.to_dict(m) for o in self.tickets],
            "stations_used": [s.to_dict(m, names) for s in self.stations],
            "longest_route_path": {"length": self.longest_route, "cities": list(self.longest_cities),
                                   "routes": [route_spec(m, r) for r, _, _ in path],
                                   "steps": [[r.index, a, b] for r, a, b in path]},
        }


@dataclass(frozen=True)
class Score:
    """The final scoring of ``position``: a :class:`PlayerScore` per seat, the ``winner``'s
    name (None when the tie-breakers leave a tie), the rule that ``decided_by`` it ("points",
    a tie-breaker, or None), the names still ``tied`` and the ``tie_break`` in words."""

    position: Position
    players: tuple
    winner: str | None
    decided_by: str | None
    tied: tuple
    tie_break: str

    def player(self, ref: str | int) -> PlayerScore:
        """A player's score by seat index, name or train colour."""
        return self.players[seat_index(self.position.players, ref)]

    def to_dict(self) -> dict:
        """The result format of the command line and the puzzles (plain JSON types)."""
        m = self.position.map
        names = [p.name for p in self.position.players]
        return {"map": m.name, "players": [p.to_dict(m, names) for p in self.players],
                "winner": self.winner, "decided_by": self.decided_by, "tied": list(self.tied),
                "tie_break": self.tie_break}


def score(position: object) -> Score:
    """The typed final scoring of ``position`` (anything :func:`~ttr_teach.engine.position.load_position`
    accepts), computed once per :class:`~ttr_teach.engine.position.Position` and kept with it.

    >>> s = score({"map": "usa", "players": [{"name": "Ann", "routes": [["Denver", "Omaha"]]},
    ...                                      {"name": "Bo"}]})
    >>> s.winner, s.player("Ann").total, [str(r) for r, _, _ in s.player("Ann").longest_path]
    ('Ann', 17, ['Denver–Omaha (4 pink)'])
    """
    position = load_position(position)
    # the explanation of the tie-break is in words, so a score is kept per language
    return position.cached(("score", language()), lambda: _score(position))


def score_position(position: object) -> dict:
    """Score ``position`` (a dict, a file path, a :class:`Position` or a Game).

    Returns the result format of docs/formats.md#the-scoring-result: ``{"players": [...], "winner": name or None}``,
    each player with ``name, route_points, ticket_points, tickets_completed, station_points,
    stations_built, longest_route, longest_bonus, total, tickets, stations_used`` and also
    ``color, trains_left, tickets_failed, longest_route_path`` (``length``, ``cities``,
    route specs and ``steps`` ``[route index, from, to]`` for drawing). The result also says
    which rule decided the winner (``decided_by``: "points", a tie-breaker, or None), who is
    still ``tied`` when the tie-breakers leave a tie, and ``tie_break``: how, in words.
    It is ``score(position).to_dict()``: :func:`score` gives the same as typed objects.

    Every number comes from the map's :class:`~ttr_teach.engine.rules.RuleSet`. The longest-route
    bonus needs a route: with no routes at all, nobody gets it.

    Complexity: one longest-trail search and one station enumeration per player; a few
    milliseconds for the densest 45-train networks (see ``bench/scoring.py``).
    """
    return score(position).to_dict()


def _score(position: Position) -> Score:
    rules = position.map.rules
    parts = [_player_parts(position, seat) for seat in range(len(position.players))]
    best_trail = max((part["longest_route"] for part in parts), default=0)
    players = tuple(PlayerScore(**part, longest_bonus=rules.longest_bonus
                                if best_trail > 0 and part["longest_route"] == best_trail else 0)
                    for part in parts)
    winner, decided_by, tied, why = _winner(players, rules.tie_breakers)
    return Score(position, players, winner, decided_by, tuple(tied), why)


def _player_parts(position: Position, seat: int) -> dict:
    """Everything of a :class:`PlayerScore` but the longest-route bonus (which needs them all)."""
    rules = position.map.rules
    me = position.players[seat]
    tickets = ticket_result(position, seat)
    # plain (a, b, length) edges take the longest-route search's quickest input path
    trail = longest_route([(r.a, r.b, r.length) for r in me.routes])
    owners = position.owners
    stations = []
    for city in me.stations:
        route = tickets.borrowed.get(city)
        stations.append(StationUse(
            city, route, owners[route.index] if route is not None else None,
            tuple(o.ticket for o in tickets.outcomes if route is not None and route in o.borrowed)))
    return {
        "seat": seat,
        "name": me.name,
        "color": me.color,
        "route_points": sum(rules.route_points(r.length) for r in me.routes),
        "tickets": tickets.outcomes,
        "stations": tuple(stations),
        "station_points": rules.unused_station_points * (rules.stations_per_player - len(me.stations)),
        "longest_route": trail.length,
        "longest_path": tuple((me.routes[i], a, b)
                              for i, (a, b, _) in zip(trail.edge_indices, trail.edges, strict=True)),
        "trains_left": me.trains_left,
    }


#: How each tie-breaker ranks a player's result (higher is better).
_TIE_BREAK_KEYS = {
    MOST_TICKETS: lambda p: p.tickets_completed,
    FEWEST_STATIONS: lambda p: -p.stations_built,
    LONGEST_HOLDER: lambda p: 1 if p.longest_bonus else 0,
}


#: What each tie-breaker looks at, in words, for the explanation.
_TIE_BREAK_WORDS = {
    MOST_TICKETS: lambda p: ngettext("{player} {n} completed", "{player} {n} completed",
                                     p.tickets_completed).format(player=p.name, n=p.tickets_completed),
    FEWEST_STATIONS: lambda p: ngettext("{player} {n} built", "{player} {n} built",
                                        p.stations_built).format(player=p.name, n=p.stations_built),
    LONGEST_HOLDER: lambda p: (gettext("{player} holds it") if p.longest_bonus
                               else gettext("{player} does not hold it")).format(player=p.name),
}


def _winner(players: Sequence[PlayerScore], tie_breakers: Iterable[str]) -> tuple:
    """``(winner name or None, the rule that decided, names still tied, why in words)``."""
    top = max(p.total for p in players)
    contenders = [p for p in players if p.total == top]
    if len(contenders) == 1:
        return contenders[0].name, "points", [], gettext("{player} has the most points ({points}).").format(
            player=contenders[0].name, points=top)
    why = [ngettext("{players} are tied on {n} point.", "{players} are tied on {n} points.", top).format(
        players=_names(contenders), n=top)]
    for rule in tie_breakers:
        key = _TIE_BREAK_KEYS[rule]
        best = max(key(p) for p in contenders)
        words = listing(_TIE_BREAK_WORDS[rule](p) for p in contenders)
        contenders = [p for p in contenders if key(p) == best]
        why.append(sentence(gettext("{rule}: {results}.").format(rule=gettext(rule), results=words)))
        if len(contenders) == 1:
            why.append(gettext("{player} wins.").format(player=contenders[0].name))
            return contenders[0].name, rule, [], " ".join(why)
    why.append(gettext("Still tied: {players}; there is no winner.").format(players=_names(contenders)))
    return None, None, [p.name for p in contenders], " ".join(why)


def _names(players: Sequence[PlayerScore]) -> str:
    """``Ann, Bo and Cy`` in the language spoken now."""
    names = [p.name for p in players]
    if len(names) == 1:
        return names[0]
    return gettext("{names} and {last}").format(names=listing(names[:-1]), last=names[-1])
