"""Destination tickets and stations: which tickets a player completes, and how stations help.

A ticket is completed when its two cities are joined by a continuous path of the player's own
routes, plus (Europe) one route borrowed through each of their stations. A station lets its
owner use exactly one route of *another* player that enters or leaves the station's city; the
one route serves all of that owner's tickets. The rules leave the choice to final scoring,
"to the owner's best advantage": :func:`best_station_choice` tries every combination.

>>> from ttr_teach.engine.position import Position
>>> p = Position.from_dict({"map": "europe", "players": [
...     {"name": "red", "routes": [["Paris", "Frankfurt", "white"], ["Frankfurt", "Munchen"]],
...      "stations": ["Wien"], "tickets": [["Paris", "Wien"]]},
...     {"name": "blue", "routes": [["Munchen", "Wien"], ["Wien", "Budapest", "red"]]}]})
>>> result = ticket_result(p, "red")
>>> result.ticket_points, result.borrowed["Wien"].cities
(8, ('Munchen', 'Wien'))
>>> result.outcomes[0].path
('Paris', 'Frankfurt', 'Munchen', 'Wien')

Red's station in Wien could borrow München–Wien or Wien–Budapest; only the first completes
Paris–Wien, so final scoring chooses it.

**The choice is exact.** Every combination (one candidate route or none per station) is
evaluated. The best has (1) the most ticket points (completed minus failed), then (2) the
most tickets completed (a tie-breaker for the game), then (3) the fewest routes borrowed,
then (4) the routes that come first in the map file, station by station in the player's
order ("none" before any route). Final scoring skips two kinds of candidates, which cannot
change the best: a route whose two cities the player's own routes already join (it does
what "none" does, and "none" wins by rule 3), and a route that joins the same two pieces of
the player's network as a candidate of the same station earlier in map order (it does what
that one does, which wins by rule 4). It also looks only at the tickets a choice can change:
one the player's own routes complete stays completed, and one whose two pieces are not both
reached by candidates stays failed, whatever the stations borrow; with no other ticket left,
"none" wins at once (rule 3).

>>> print(explain_best_station_choice(p, "red"))
The station in Wien borrows blue's Munchen–Wien: Paris–Wien completed, 1 of 1 tickets, +8 ticket points; the best of 3 combinations.
"""  # noqa: E501
from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from typing import Any

from .i18n import gettext, ngettext
from .maps import Map, Route, Ticket
from .position import Position, load_position, route_spec
from .text import clauses, listing, sentence
from .unionfind import UnionFind


@dataclass(frozen=True)
class TicketOutcome:
    """One ticket at final scoring: completed or not, its value, and the path that joins it.

    ``path`` is the cities from ``ticket.a`` to ``ticket.b`` (empty if not completed),
    ``routes`` the :class:`~ttr_teach.engine.maps.Route` objects along it, ``borrowed`` those
    of them borrowed through a station.
    """

    ticket: Ticket
    completed: bool
    path: tuple = ()
    routes: tuple = ()
    borrowed: tuple = ()

    @property
    def value(self) -> int:
        return self.ticket.points if self.completed else -self.ticket.points

    @property
    def steps(self) -> tuple:
        """``(route, from city, to city)`` along the path, in travel order."""
        return tuple(zip(self.routes, self.path, self.path[1:], strict=False))

    def to_dict(self, m: Map) -> dict:
        """The outcome as plain JSON types (one item of a score result's ``tickets`` list)."""
        return {"a": self.ticket.a, "b": self.ticket.b, "points": self.ticket.points,
                "long": self.ticket.long, "completed": self.completed, "value": self.value,
                "path": list(self.path),
                "routes": [route_spec(m, r) for r in self.routes],
                "borrowed": [route_spec(m, r) for r in self.borrowed],
                # [route index, from, to] in travel order: what a board draws (indices tell the
                # two gray halves of a double route apart, which specs cannot)
                "steps": [[r.index, a, b] for r, a, b in self.steps]}


@dataclass(frozen=True)
class TicketResult:
    """A player's tickets at final scoring, with the stations' best choice of routes."""

    player: str
    outcomes: tuple                           # TicketOutcome, in the player's ticket order
    borrowed: dict = field(default_factory=dict)   # station city -> borrowed Route (or absent)

    @property
    def ticket_points(self) -> int:
        return sum(o.value for o in self.outcomes)

    @property
    def completed(self) -> int:
        return sum(o.completed for o in self.outcomes)


def station_candidates(position: Position, player: object) -> dict[str, list[Route]]:
    """For each of ``player``'s stations: the opponents' routes it could borrow.

    Returns ``{city id: [Route, ...]}`` in map order (a station in a city where no opponent
    has a route has an empty list).

    >>> p = Position.from_dict({"map": "europe", "players": [
    ...     {"name": "red", "stations": ["Wien"]},
    ...     {"name": "blue", "routes": [["Wien", "Budapest", "red"], ["Wien", "Zagrab"]]}]})
    >>> [str(r) for r in station_candidates(p, "red")["Wien"]]
    ['Budapest–Wien (1 red)', 'Wien–Zagrab (2 gray)']
    """
    seat = position.seat(player)
    owners = position.owners
    return {city: [r for r in position.map.routes_at(city)
                   if r.index in owners and owners[r.index] != seat]
            for city in position.players[seat].stations}


def shortest_path(routes: Iterable[Any], a: str, b: str) -> tuple[tuple[Any, str, str], ...] | None:
    """The steps ``((route, from, to), ...)`` of a shortest path in trains from ``a`` to ``b``
    over ``routes`` (any objects with ``a``, ``b`` and ``length``), or None when they are not
    joined. Of parallel routes between the same two cities the first given is used; equally
    short paths are told apart as networkx's Dijkstra does (the routes' order), so the same
    network always gives the same path.

    Complexity: O(E log V) (Dijkstra with a binary heap, stopping at ``b``).

    >>> from ttr_teach.engine.maps import load_map
    >>> m = load_map("europe")
    >>> steps = shortest_path([m.route("Paris", "Frankfurt", "white"), m.route("Frankfurt", "Munchen")],
    ...                       "Paris", "Munchen")
    >>> [(r.index, x, y) for r, x, y in steps]
    [(59, 'Paris', 'Frankfurt'), (57, 'Frankfurt', 'Munchen')]
    """
    return _shortest_steps(_adjacency(routes), a, b)


def _adjacency(routes: Iterable[Any]) -> dict:
    """City -> {neighbour: the first of ``routes`` joining them}, for :func:`_shortest_steps`."""
    adjacency: dict = {}
    for r in routes:
        ends = adjacency.setdefault(r.a, {})
        if r.b not in ends:
            ends[r.b] = r
            adjacency.setdefault(r.b, {})[r.a] = r
    return adjacency


def _shortest_steps(adjacency: dict, a: str, b: str) -> tuple[tuple[Any, str, str], ...] | None:
    """:func:`shortest_path` over a network given as its :func:`_adjacency`."""
    if a not in adjacency or b not in adjacency:
        return None
    if a == b:
        return ()
    done: set[str] = set()
    best: dict[str, int] = {a: 0}
    before: dict[str, tuple[Any, str]] = {}
    fringe, order = [(0, 0, a)], itertools.count(1)
    while fringe:
        d, _, city = heapq.heappop(fringe)
        if city in done:
            continue
        done.add(city)
        if city == b:
            break
        for other, r in adjacency[city].items():
            far = d + r.length
            if other not in done and (other not in best or far < best[other]):
                best[other] = far
                before[other] = (r, city)
                heapq.heappush(fringe, (far, next(order), other))
    if b not in done:
        return None
    steps: list[tuple[Any, str, str]] = []
    city = b
    while city != a:
        r, previous = before[city]
        steps.append((r, previous, city))
        city = previous
    return tuple(reversed(steps))


def tickets_with(position: Position, player: object, borrowed: Iterable[Route] = (),
                 _piece: dict | None = None) -> tuple[TicketOutcome, ...]:
    """The :class:`TicketOutcome` of each of ``player``'s tickets, using their own routes plus
    the ``borrowed`` routes. Each completed ticket comes with the shortest joining path (in
    trains, ties broken by map order): :func:`shortest_path`, so a board can draw it.
    """
    me = position.players[position.seat(player)]
    borrowed = tuple(borrowed)
    network = (*me.routes, *borrowed)
    borrowed_set = set(r.index for r in borrowed)
    piece = _piece if _piece is not None and not borrowed else route_pieces(network)
    adjacency = None
    outcomes = []
    for ticket in me.tickets:
        joined = ticket.a in piece and piece[ticket.a] == piece.get(ticket.b)
        if joined and adjacency is None:
            adjacency = _adjacency(network)
        steps = _shortest_steps(adjacency, ticket.a, ticket.b) if joined and adjacency is not None else None
        if steps:
            routes = tuple(r for r, _, _ in steps)
            outcomes.append(TicketOutcome(ticket, True, (ticket.a, *(c for _, _, c in steps)), routes,
                                          tuple(r for r in routes if r.index in borrowed_set)))
        else:
            outcomes.append(TicketOutcome(ticket, False))
    return tuple(outcomes)


@dataclass(frozen=True)
class StationChoice:
    """One way a player's stations can choose their routes: the ``choice`` (station city ->
    the Route it borrows, or None), the ``ticket_points`` (completed minus failed) and the
    tickets ``completed`` it gives, ``tickets`` (completed or not, in ticket order) and, when
    asked for, the ``outcomes`` (:class:`TicketOutcome` per ticket, with their paths)."""

    choice: dict
    ticket_points: int
    completed: int
    tickets: tuple
    outcomes: tuple | None = None

    def to_dict(self) -> dict:
        """Plain JSON types: each borrowed route as ``[a, b, length, colour]`` (None: none);
        the outcomes, which hold Route objects, are left out."""
        return {"choice": {city: None if r is None else [r.a, r.b, r.length, r.color]
                           for city, r in self.choice.items()},
                "ticket_points": self.ticket_points, "completed": self.completed, "tickets": list(self.tickets)}


def station_choices(position: object, player: object, with_paths: bool = True,
                    prune: bool = False) -> list[StationChoice]:
    """Every way ``player``'s stations can choose their routes, best first.

    Each entry is a :class:`StationChoice`: ``choice`` ({city: Route or None}),
    ``ticket_points``, ``completed``, ``tickets`` (bool per ticket) and ``outcomes``
    (TicketOutcome per ticket, only with ``with_paths``). The first entry is the one final scoring uses
    (:func:`best_station_choice`); the station explorer lesson shows them all. With
    ``prune``, candidates that cannot change the best are skipped (see the module docstring):
    the first entry stays the same, the list gets shorter.

    Complexity: the combinations number the product over the stations of (candidates + 1),
    a few hundred at most with three stations. The player's own network is reduced once to
    its connected pieces, so each combination only joins pieces by the (at most three)
    borrowed routes and looks the tickets up: microseconds each.
    """
    position = load_position(position)
    seat = position.seat(player)
    me = position.players[seat]
    piece = route_pieces(me.routes)
    candidates = station_candidates(position, seat)
    cities = list(candidates)
    options = [[None, *(_prune(piece, candidates[c]) if prune else candidates[c])] for c in cities]
    entries = []
    for combo in itertools.product(*options):
        joined = _join(piece, [r for r in combo if r is not None])
        done = tuple(joined(t.a) is not None and joined(t.a) == joined(t.b) for t in me.tickets)
        points = sum(t.points if ok else -t.points for t, ok in zip(me.tickets, done, strict=True))
        entries.append(((-points, -sum(done), _choice_order(combo)), dict(zip(cities, combo, strict=True)),
                        points, done))
    entries.sort(key=lambda e: e[0])
    return [StationChoice(choice, points, sum(done), done,
                          tickets_with(position, seat, [r for r in choice.values() if r]) if with_paths else None)
            for _, choice, points, done in entries]


def _prune(piece: dict, routes: Iterable[Route]) -> list[Route]:
    """The candidate routes of one station that can matter: not within one piece of the
    player's network, and the first (in map order) of those joining the same two pieces."""
    kept: list[Route] = []
    seen: set[frozenset[Hashable]] = set()
    for r in routes:
        pair = frozenset(piece.get(c, ("alone", c)) for c in r.cities)
        if len(pair) == 2 and pair not in seen:
            seen.add(pair)
            kept.append(r)
    return kept


def route_pieces(routes: Iterable[Any]) -> dict:
    """City -> label of its connected piece in ``routes`` (the label is the name of one city of
    the piece). Each piece is a list of its cities, the smaller merged into the larger when a
    route joins two: O(routes + cities x log cities).

    >>> from ttr_teach.engine.maps import load_map
    >>> m = load_map("usa")
    >>> piece = route_pieces([m.route("Denver", "Omaha"), m.route("Omaha", "Chicago"), m.route("Miami", "Atlanta")])
    >>> piece["Denver"] == piece["Chicago"] != piece["Miami"] == piece["Atlanta"]
    True
    """
    members: dict = {}                   # city -> the list of the cities of its piece
    for r in routes:
        a, b = r.a, r.b
        in_a, in_b = members.get(a), members.get(b)
        if in_a is None:
            if in_b is None:
                members[a] = members[b] = [a, b] if a != b else [a]
            else:
                in_b.append(a)
                members[a] = in_b
        elif in_b is None:
            in_a.append(b)
            members[b] = in_a
        elif in_a is not in_b:
            if len(in_a) < len(in_b):
                in_a, in_b = in_b, in_a
            for city in in_b:
                members[city] = in_a
            in_a.extend(in_b)
    return {city: piece[0] for city, piece in members.items()}


def _join(piece: dict, extra: Iterable[Route]) -> Callable[[str], Hashable | None]:
    """A function city -> piece label after also joining the ``extra`` routes (None for a
    city on none of the routes)."""
    def label(city: str) -> Hashable:
        return piece.get(city, ("alone", city))

    pieces = UnionFind()
    touched: set[str] = set()
    for r in extra:
        pieces.union(label(r.a), label(r.b))
        touched.update((r.a, r.b))

    def joined(city: str) -> Hashable | None:
        if city not in piece and city not in touched:
            return None
        return pieces.find(label(city))

    return joined


def _choice_order(combo: Iterable[Route | None]) -> tuple:
    """Tie-break between equally good choices: borrow as few routes as possible, then the
    routes that come first in the map file. Deterministic, so the same position always gets
    the same explanation."""
    used = [r.index for r in combo if r is not None]
    return (len(used), tuple(-1 if r is None else r.index for r in combo))


def best_station_choice(position: object, player: object) -> dict[str, Route]:
    """The stations' choice that final scoring makes: the most ticket points (completed minus
    failed), then the most tickets completed, then the fewest routes borrowed.

    Returns ``{city: Route}`` for the stations that borrow a route.
    """
    position = load_position(position)
    return _best_borrowed(position, position.seat(player))


def _best_borrowed(position: Position, seat: int, piece: dict | None = None) -> dict[str, Route]:
    """:func:`best_station_choice` for ``seat``: the first entry of
    ``station_choices(..., prune=True)`` (the tests compare them), found without listing the
    entries. Only the tickets the player's own routes leave open can change, so only they are
    looked at; with no station or no open ticket, "none" wins at once (fewest routes)."""
    me = position.players[seat]
    if not me.stations:
        return {}
    piece = route_pieces(me.routes) if piece is None else piece
    open_tickets = [(piece.get(t.a, t.a), piece.get(t.b, t.b), t.points) for t in me.tickets
                    if not (t.a in piece and piece[t.a] == piece.get(t.b))]
    if not open_tickets:
        return {}
    candidates = station_candidates(position, seat)
    cities = list(candidates)
    # a city on none of the player's routes is a piece of its own, labelled by its name
    # (piece labels are names of cities on the routes, so the two never collide)
    options: list[list[Any]] = [
        [None, *((r, piece.get(r.a, r.a), piece.get(r.b, r.b)) for r in _prune(piece, candidates[c]))] for c in cities]
    # a ticket whose two pieces are not both ends of candidates stays failed whatever the
    # stations borrow: the same -points in every combination, so it cannot tell them apart
    ends = {end for opts in options for o in opts[1:] for end in o[1:]}
    open_tickets = [t for t in open_tickets if t[0] in ends and t[1] in ends]
    if not open_tickets:
        return {}
    best_value, best_order = None, None
    best_combo: tuple[Any, ...] = ()     # set by the first combination
    for combo in itertools.product(*options):
        pieces = UnionFind()
        for option in combo:
            if option is not None:
                pieces.union(option[1], option[2])
        points = completed = 0
        for a, b, value in open_tickets:
            if pieces.connected(a, b):
                points += value
                completed += 1
            else:
                points -= value
        value = (points, completed)
        if best_value is None or value > best_value:
            best_value, best_order, best_combo = value, None, combo
        elif value == best_value:
            best_order = best_order or _choice_order([o and o[0] for o in best_combo])
            order = _choice_order([o and o[0] for o in combo])
            if order < best_order:
                best_order, best_combo = order, combo
    return {city: option[0] for city, option in zip(cities, best_combo, strict=True) if option is not None}


def ticket_result(position: object, player: object) -> TicketResult:
    """``player``'s tickets at final scoring, stations choosing to their best advantage."""
    position = load_position(position)
    seat = position.seat(player)
    piece = route_pieces(position.players[seat].routes)
    borrowed = _best_borrowed(position, seat, piece)
    outcomes = tickets_with(position, seat, borrowed.values(), piece)
    return TicketResult(position.players[seat].name, outcomes, borrowed)


def explain_best_station_choice(position: object, player: object) -> str:
    """Why final scoring makes the stations' choice it makes, in a sentence or two."""
    position = load_position(position)
    seat = position.seat(player)
    me = position.players[seat]
    if not me.stations:
        return gettext("{player} has built no station, so there is nothing to choose.").format(player=me.name)
    choices = station_choices(position, seat, with_paths=False)
    best = choices[0]
    names = [p.name for p in position.players]
    owners = position.owners
    borrowed = [gettext("the station in {city} borrows {owner}'s {route}").format(
                    city=city, owner=names[owners[r.index]], route=f"{r.a}–{r.b}")
                for city, r in best.choice.items() if r is not None]
    done = [f"{t.a}–{t.b}" for t, ok in zip(me.tickets, best.tickets, strict=True) if ok]
    head = clauses(borrowed) if borrowed else gettext("no station borrows a route")
    text = sentence(ngettext(
        "{head}: {completed} completed, {n} of {total} tickets, {points:+d} ticket points; the best of "
        "{combinations} combinations.",
        "{head}: {completed} completed, {n} of {total} tickets, {points:+d} ticket points; the best of "
        "{combinations} combinations.", len(choices)).format(
        head=head, completed=listing(done) if done else gettext("no ticket"), n=best.completed,
        total=len(me.tickets), points=best.ticket_points, combinations=len(choices)))
    ties = [c for c in choices[1:] if c.ticket_points == best.ticket_points]
    if ties:
        fewer = sum(c.completed < best.completed for c in ties)
        worse = (gettext("complete fewer tickets") if fewer == len(ties)
                 else gettext("complete fewer tickets, borrow more routes or come later in map order"))
        text += " " + ngettext("{n} other combination scores as many ticket points but {worse}.",
                               "{n} other combinations score as many ticket points but {worse}.",
                               len(ties)).format(n=len(ties), worse=worse)
    return text
