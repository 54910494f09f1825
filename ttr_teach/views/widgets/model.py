"""The sandbox's state and click logic, in plain Python (no widgets).

A :class:`SandboxModel` holds a :class:`~ttr_teach.engine.position.Position` and the player whose
turn it is to receive clicks. Every change builds the next position and checks it with the
engine (:mod:`ttr_teach.engine.claims` for a precise sentence, then
:meth:`Position.validate <ttr_teach.engine.position.Position.validate>` for every rule), so the
sandbox can never reach a position the rules forbid. A refused change leaves the position as it
was and says why in :attr:`SandboxModel.message`; nothing raises. Changes can be undone and
redone (:mod:`~ttr_teach.views.widgets.history`), and the position saved and loaded in the
position-file format. The scores come from the engine (:attr:`SandboxModel.score`) and the
sentences about the board from :mod:`~ttr_teach.views.widgets.sentences`.

>>> sandbox = SandboxModel("europe", players=["Ann", "Bo"])
>>> black, red = sandbox.map.routes_between("Berlin", "Frankfurt")
>>> sandbox.click_route(black).message
'Ann claims Berlin–Frankfurt (black, 3 trains): 4 points.'

Clicking a claimed route passes it on: to the next player after the current one, and so on
round the table, then back to unclaimed (players the rules refuse are skipped).

>>> sandbox.click_route(black).message
'Bo takes Berlin–Frankfurt (black) from Ann.'
>>> sandbox.click_route(black).message
'Berlin–Frankfurt (black) is unclaimed again.'
>>> sandbox.undo().message
'Undone: Berlin–Frankfurt (black) is Bo’s again.'

What the rules forbid is refused, and the position stays as it was:

>>> sandbox.click_route(red)
Outcome(ok=False, message='Refused: Ann cannot claim Berlin–Frankfurt (red): Berlin–Frankfurt is a double route and with 2 or 3 players only one of its two routes can be claimed.')
>>> red.index in sandbox.position.owners
False
"""  # noqa: E501
from __future__ import annotations

import functools
import json
from dataclasses import dataclass, replace
from importlib import resources
from typing import Any

from ...engine.claims import why_route_unavailable, why_station_unavailable, why_trains_short
from ...engine.errors import ArgumentError, PositionError, TTRError
from ...engine.i18n import gettext, ngettext
from ...engine.maps import City, Route
from ...engine.position import PLAYER_COLORS, PlayerPosition, Position, as_position, load_position, read_text
from ...engine.scoring import score as score_of
from ...engine.text import colour_name
from .history import History
from .sentences import SandboxText, route_colour, route_label, ticket_label, ticket_status  # noqa: F401

#: Players of a new empty board.
DEFAULT_PLAYERS = ("Ann", "Bo", "Cy")
#: Names offered to players added with no name, in this order.
SPARE_NAMES = ("Ann", "Bo", "Cy", "Dee", "Eve", "Fay", "Gus")
#: How refusals name the position being checked (removed from the engine's messages).
SOURCE = "sandbox"
#: The sample positions shipped with the package (``ttr_teach/views/widgets/samples/<name>.json``).
SAMPLES = ("late_game_europe",)


@dataclass(frozen=True)
class Outcome:
    """What a sandbox action did: ``ok`` is False when it was refused; ``message`` says what
    happened or why not (the same sentence the panel shows)."""

    ok: bool
    message: str

    def __bool__(self):
        return self.ok


class Notifier:
    """What every widget model shares: listeners called after each change, and the message
    with whether it was a refusal (``message``, ``refused``). Subclasses set ``_listeners = []``."""

    _listeners: list

    def on_change(self, callback) -> None:
        """Call ``callback(model)`` after every change (a refusal too: the message changed)."""
        self._listeners.append(callback)

    def _notify(self):
        for callback in list(self._listeners):
            callback(self)

    def _say(self, ok: bool, message: str) -> Outcome:
        self.message, self.refused = message, not ok
        self._notify()
        return Outcome(ok, message)


def sample_position(name: str = "late_game_europe") -> Position:
    """A sample position shipped with the package, e.g. a late-game Europe board.

    >>> p = sample_position()
    >>> p.map.name, [q.name for q in p.players]
    ('europe', ['Ann', 'Bo', 'Cy'])
    """
    if name not in SAMPLES:
        raise PositionError(gettext("there is no sample position {name!r} (there are: {samples})").format(
            name=name, samples=", ".join(SAMPLES)))
    text = resources.files(__package__).joinpath("samples").joinpath(f"{name}.json").read_text(encoding="utf-8")
    return Position.from_dict(read_text(text, f"sample {name}"), f"sample {name}")


def _engine_reason(error: TTRError) -> str:
    text = str(error)
    return text[len(SOURCE) + 2:] if text.startswith(SOURCE + ": ") else text


def _refusing(action):
    """An action whose bad references (an unknown player, city, route or ticket: the engine
    raises a :class:`~ttr_teach.engine.errors.TTRError`) are refused with the engine's sentence
    instead of raising."""
    @functools.wraps(action)
    def refusing(self, *args, **kwargs):
        try:
            return action(self, *args, **kwargs)
        except TTRError as e:
            return self._refuse(_engine_reason(e))

    return refusing


class SandboxModel(SandboxText, Notifier):
    """A position to play with, changed by clicks, with undo and redo.

    ``source``: anything :func:`~ttr_teach.engine.position.as_position` accepts: a map name or
    Map (an empty board, given ``players``, by default :data:`DEFAULT_PLAYERS`), a position
    dict or file, a Position, a Game. The sentences and the score table come from
    :class:`~ttr_teach.views.widgets.sentences.SandboxText`.
    """

    def __init__(self, source="europe", players=None, current: int = 0):
        pos = as_position(source)
        if not pos.players:
            names = list(DEFAULT_PLAYERS if players is None else players)
            pos = Position.from_dict({"map": pos.map.name, "players": [{"name": n} for n in names]}, SOURCE)
        elif players is not None:
            raise ArgumentError(gettext("give players only for an empty board; a position has its own players"))
        self._position = pos
        self.current = min(max(int(current), 0), len(pos.players) - 1)
        self.message = gettext("Click a route to claim it for the current player, or a city for a station.")
        self.refused = False
        self.selected_ticket = None
        self.show_longest = False
        self.show_stations = False
        self._history = History()
        self._listeners: list = []
        self._scored: tuple[Position | None, Any] = (None, None)

    # -- state -------------------------------------------------------------------------------
    @property
    def position(self) -> Position:
        """The current position (immutable; every change makes a new one)."""
        return self._position

    @property
    def map(self):
        return self._position.map

    @property
    def players(self) -> tuple:
        return self._position.players

    @property
    def score(self):
        """The engine's :class:`~ttr_teach.engine.scoring.Score` of the current position
        (computed once per position)."""
        return score_of(self._position)

    @property
    def result(self) -> dict:
        """``score_position`` of the current position: :attr:`score` as plain JSON types."""
        pos, result = self._scored
        if pos is not self._position:
            result = self.score.to_dict()
            self._scored = (self._position, result)
        return result

    def _refuse(self, message: str) -> Outcome:
        return self._say(False, gettext("Refused: {reason}.").format(reason=message.rstrip(".")))

    def _seat(self, ref) -> int:
        """Seat index of the player ``ref`` (seat index, name or player colour)."""
        return self._position.seat(ref)

    def _commit(self, players, message: str) -> Outcome:
        """Make the position with ``players`` (PlayerPosition list) current, if the engine's
        rules accept it (:meth:`Position.validate <ttr_teach.engine.position.Position.validate>`)."""
        try:
            pos = Position(self.map, tuple(players)).validate(SOURCE)
        except TTRError as e:
            return self._refuse(_engine_reason(e))
        self._set_position(pos, remember=True)
        return self._say(True, message)

    def _set_position(self, pos: Position, remember: bool) -> None:
        if remember:
            self._history.record((self._position, self.current))
        self._position = pos
        self.current = min(self.current, len(pos.players) - 1)
        if self.selected_ticket is not None and not any(self.selected_ticket in p.tickets
                                                        for p in pos.players):
            self.selected_ticket = None

    # -- the board: routes and stations ------------------------------------------------------
    def item_at(self, x: float, y: float):
        """The :class:`~ttr_teach.engine.maps.City` or :class:`~ttr_teach.engine.maps.Route` under the
        board point ``(x, y)``, or None: a city circle first, then a route, then a city name."""
        from ..geometry import city_at, route_at

        m = self.map
        return city_at(m, x, y, labels=False) or route_at(m, x, y) or city_at(m, x, y)

    def click(self, x: float, y: float) -> Outcome:
        """A click at the board point ``(x, y)``: on a route, :meth:`click_route`; on a city,
        :meth:`click_city`."""
        item = self.item_at(x, y)
        if isinstance(item, Route):
            return self.click_route(item)
        if isinstance(item, City):
            return self.click_city(item)
        return self._say(False, gettext("Nothing here: click the spaces of a route, or a city."))

    def _route_reason(self, route: Route, seat: int, players) -> str | None:
        """Why ``players[seat]`` may not own ``route`` (the engine's claiming rules), or None."""
        owners = {r.index: i for i, p in enumerate(players) for r in p.routes}
        why = why_route_unavailable(self.map, len(players), owners, route, seat)
        if why is None:
            why = why_trains_short(players[seat].trains_left, route)
        return why

    @_refusing
    def click_route(self, route) -> Outcome:
        """Give an unclaimed ``route`` to the current player; pass a claimed one on to the next
        player (counting from the current one), and after the last player make it unclaimed.
        Players the rules refuse are skipped, and the message says why."""
        route = self.map.find_route(route)
        owner = self._position.owners.get(route.index)
        n, c = len(self.players), self.current
        if owner is None:
            return self.set_owner(route, c)
        k = (owner - c) % n
        skipped: list[str] = []
        for seat in [(c + j) % n for j in range(k + 1, n)]:
            why = self._route_reason(route, seat, self._without_route(route))
            if why is None:
                outcome = self.set_owner(route, seat)
                if outcome.ok:
                    return self._say(True, outcome.message + _skipped(skipped)) if skipped else outcome
                why = outcome.message
            skipped.append(gettext("skipped {player}: {reason}").format(player=self.players[seat].name,
                                                                          reason=why.rstrip(".")))
        outcome = self.set_owner(route, None)
        return self._say(True, outcome.message + _skipped(skipped)) if skipped else outcome

    def _without_route(self, route: Route) -> list:
        return [replace(p, routes=tuple(r for r in p.routes if r.index != route.index))
                for p in self.players]

    @_refusing
    def set_owner(self, route, player) -> Outcome:
        """Make ``player`` (seat, name or colour; None: nobody) the owner of ``route``
        (a Route, route index or ``(a, b[, colour])``)."""
        m = self.map
        route = m.find_route(route)
        seat = None if player is None else self._seat(player)
        name = route_label(m, route)
        owner = self._position.owners.get(route.index)
        if owner == seat:
            if seat is None:
                return self._say(True, gettext("{route} already belongs to nobody.").format(route=name))
            who = self.players[seat].name
            return self._say(True, gettext("{route} already belongs to {player}.").format(route=name, player=who))
        players = self._without_route(route)
        if seat is None:
            return self._commit(players, gettext("{route} is unclaimed again.").format(route=name))
        why = self._route_reason(route, seat, players)
        who = players[seat].name
        if why is not None:
            return self._refuse(gettext("{player} cannot claim {route}: {reason}").format(
                player=who, route=name, reason=why))
        players[seat] = replace(players[seat], routes=players[seat].routes + (route,))
        if owner is None:
            points = m.rules.route_points(route.length)
            cities = name.rsplit(" (", 1)[0]
            return self._commit(players, gettext("{player} claims {cities} ({colour}, {trains}): {points}.").format(
                player=who, cities=cities, colour=route_colour(m, route),
                trains=ngettext("{n} train", "{n} trains", route.length).format(n=route.length),
                points=ngettext("{n} point", "{n} points", points).format(n=points)))
        return self._commit(players, gettext("{player} takes {route} from {owner}.").format(
            player=who, route=name, owner=self.players[owner].name))

    @_refusing
    def click_city(self, city) -> Outcome:
        """Build the current player's station in ``city``, or remove it if it is theirs."""
        cid = self.map.city_id(city.id if isinstance(city, City) else city)
        owner = self._position.station_owners.get(cid)
        if owner == self.current:
            return self.set_station(cid, None)
        if owner is not None:
            where, who = self.map.cities[cid].name, self.players[owner].name
            return self._refuse(gettext("{city} already has {player}’s station and a city holds only one (pick "
                                        "{player} to remove it)").format(city=where, player=who))
        return self.set_station(cid, self.current)

    @_refusing
    def set_station(self, city, player) -> Outcome:
        """Put ``player``'s station in ``city`` (None: remove the station there)."""
        m = self.map
        cid = m.city_id(city.id if isinstance(city, City) else city)
        seat = None if player is None else self._seat(player)
        where = m.cities[cid].name
        owners = self._position.station_owners
        players = list(self.players)
        if seat is None:
            if cid not in owners:
                return self._say(True, gettext("There is no station in {city}.").format(city=where))
            o = owners[cid]
            players[o] = replace(players[o], stations=tuple(c for c in players[o].stations if c != cid))
            return self._commit(players, gettext("{player}’s station in {city} is removed.").format(
                player=players[o].name, city=where))
        p = players[seat]
        others = {c: o for c, o in owners.items() if c != cid or o != seat}
        why = why_station_unavailable(m, others, cid, len(p.stations))
        if why is not None:
            return self._refuse(gettext("{player} cannot build a station in {city}: {reason}").format(
                player=p.name, city=where, reason=why))
        players[seat] = replace(p, stations=p.stations + (cid,))
        left = m.rules.stations_per_player - len(p.stations) - 1
        return self._commit(players, ngettext(
            "{player} builds a station in {city} ({n} left in reserve, worth {points} each).",
            "{player} builds a station in {city} ({n} left in reserve, worth {points} each).", left).format(
                player=p.name, city=where, n=left, points=m.rules.unused_station_points))

    # -- players -----------------------------------------------------------------------------
    @_refusing
    def set_current(self, player) -> Outcome:
        """Make ``player`` (seat, name or colour) the one who receives clicks."""
        self.current = self._seat(player)
        return self._say(True, gettext("Clicks now claim for {player}.").format(player=self.players[self.current].name))

    def add_player(self, name: str | None = None, color: str | None = None) -> Outcome:
        """Seat a new player (a spare name and the first free colour by default)."""
        taken = {p.name for p in self.players}
        if name is None:
            name = next((n for n in SPARE_NAMES if n not in taken),
                        gettext("Player {n}").format(n=len(self.players) + 1))
        if color is None:
            used = {p.color for p in self.players}
            color = next((c for c in PLAYER_COLORS if c not in used), PLAYER_COLORS[0])
        new = PlayerPosition(name, color=color, trains_per_player=self.map.rules.trains_per_player)
        return self._commit(list(self.players) + [new], gettext("{player} ({colour}) joins the game.").format(
            player=name, colour=colour_name(color)))

    @_refusing
    def remove_player(self, player) -> Outcome:
        """Take a player off the board with their routes, stations and tickets."""
        seat = self._seat(player)
        if len(self.players) <= self.map.rules.min_players:
            return self._refuse(gettext("the game needs at least {n} players").format(n=self.map.rules.min_players))
        players = [p for i, p in enumerate(self.players) if i != seat]
        current = self.current
        if self.current > seat:
            self.current -= 1
        outcome = self._commit(players, gettext("{player} leaves the game.").format(player=self.players[seat].name))
        if not outcome.ok:
            self.current = current
        return outcome

    @_refusing
    def rename_player(self, player, name: str) -> Outcome:
        """Give a player a new name."""
        seat = self._seat(player)
        old = self.players[seat].name
        if name == old:
            return self._say(True, gettext("{player} keeps the name.").format(player=old))
        players = list(self.players)
        players[seat] = replace(players[seat], name=name)
        return self._commit(players, gettext("{old} is now called {new}.").format(old=old, new=name))

    @_refusing
    def set_color(self, player, color: str) -> Outcome:
        """Give a player another train colour; a player who had that colour gets theirs."""
        seat = self._seat(player)
        players = list(self.players)
        old = players[seat].color
        if color == old:
            return self._say(True, gettext("{player} already plays {colour}.").format(
                player=players[seat].name, colour=colour_name(color)))
        message = gettext("{player} now plays {colour}.").format(player=players[seat].name, colour=colour_name(color))
        for i, p in enumerate(players):
            if p.color == color and i != seat:      # one player at most had that colour
                players[i] = replace(p, color=old)
                message = gettext("{player} now plays {colour}; {other} takes {old}.").format(
                    player=players[seat].name, colour=colour_name(color), other=p.name, old=colour_name(old))
        players[seat] = replace(players[seat], color=color)
        return self._commit(players, message)

    # -- tickets -----------------------------------------------------------------------------
    def available_tickets(self) -> list:
        """The map's tickets that no player holds, in the map's order."""
        held = {t.index for p in self.players for t in p.tickets}
        return [t for t in self.map.tickets if t.index not in held]

    @_refusing
    def give_ticket(self, ticket, player=None) -> Outcome:
        """Give ``ticket`` (Ticket, index or ``(a, b)``) to ``player`` (default: the current one)."""
        ticket = self.map.find_ticket(ticket)
        seat = self.current if player is None else self._seat(player)
        players = list(self.players)
        players[seat] = replace(players[seat], tickets=players[seat].tickets + (ticket,))
        return self._commit(players, gettext("{player} takes the ticket {ticket}.").format(
            player=players[seat].name, ticket=ticket_label(self.map, ticket)))

    @_refusing
    def remove_ticket(self, ticket) -> Outcome:
        """Take ``ticket`` back from whoever holds it."""
        ticket = self.map.find_ticket(ticket)
        players = list(self.players)
        for i, p in enumerate(players):
            if ticket in p.tickets:
                players[i] = replace(p, tickets=tuple(t for t in p.tickets if t != ticket))
                return self._commit(players, gettext("{player} gives back the ticket {ticket}.").format(
                    player=p.name, ticket=ticket_label(self.map, ticket)))
        return self._refuse(gettext("nobody holds the ticket {ticket}").format(ticket=ticket_label(self.map, ticket)))

    @_refusing
    def select_ticket(self, ticket) -> Outcome:
        """Show ``ticket`` on the board (its cities and the path that completes it); None: none."""
        if ticket is None:
            self.selected_ticket = None
            return self._say(True, gettext("No ticket shown."))
        self.selected_ticket = self.map.find_ticket(ticket)
        return self._say(True, self.ticket_text(self.selected_ticket))

    def set_show_longest(self, show: bool) -> Outcome:
        """Draw every player's longest continuous path on the board (or stop drawing it)."""
        self.show_longest = bool(show)
        return self._say(True, gettext("Longest paths shown.") if show else gettext("Longest paths hidden."))

    def set_show_stations(self, show: bool) -> Outcome:
        """Mark every station and the route the scorer lets it borrow (or stop marking them)."""
        self.show_stations = bool(show)
        return self._say(True, gettext("Stations and the routes they borrow shown.") if show
                         else gettext("Stations' borrowed routes hidden."))

    def highlight(self) -> list:
        """What the board should point at, as a ``highlight`` list (see :mod:`ttr_teach.views.highlights`)."""
        items = []
        if self.show_longest:
            from ..style import PLAYER_FILLS

            for p in self.players:
                if p.routes:
                    items.append({"longest": p.name, "color": PLAYER_FILLS[p.color]})
        if self.show_stations:
            for cid in sorted(self._position.station_owners):
                items.append({"station": cid, "color": "#8a2be2"})
        if self.selected_ticket is not None:
            t = self.selected_ticket
            items.append({"ticket": [t.a, t.b]})
        return items

    # -- undo, redo, load, save --------------------------------------------------------------
    @property
    def can_undo(self) -> bool:
        return self._history.can_undo

    @property
    def can_redo(self) -> bool:
        return self._history.can_redo

    def undo(self) -> Outcome:
        """Go back one change."""
        return self._go(self._history.undo((self._position, self.current)), gettext("Undone: {step}."),
                        gettext("Nothing to undo."))

    def redo(self) -> Outcome:
        """Do again the change last undone."""
        return self._go(self._history.redo((self._position, self.current)), gettext("Redone: {step}."),
                        gettext("Nothing to redo."))

    def _go(self, state, done: str, nothing: str) -> Outcome:
        """Return to ``state`` (a position, whose clicks) and say ``done`` (filling ``{step}``), or ``nothing``."""
        if state is None:
            return self._say(False, nothing)
        before, (pos, current) = self._position, state
        self._set_position(pos, remember=False)
        self.current = min(current, len(pos.players) - 1)
        return self._say(True, done.format(step=self.describe_step(before, pos)))

    def load(self, source) -> Outcome:
        """Replace the position by ``source`` (anything :func:`~ttr_teach.engine.position.load_position`
        accepts: a dict, a file path, a Position, a Game). Undo brings the old one back."""
        try:
            pos = load_position(source)
        except TTRError as e:
            return self._refuse(gettext("the position cannot be loaded: {error}").format(error=e))
        self._set_position(pos, remember=True)
        self.current = 0
        who = gettext(", ").join(p.name for p in pos.players)
        return self._say(True, gettext("Loaded a {map} position with {players}.").format(map=pos.map.title,
                                                                                          players=who))

    def load_text(self, text, name: str | None = None) -> Outcome:
        """Load a position written in the position-file format (JSON, or YAML): text, or the
        bytes of an uploaded file (UTF-8), checked like any file by the engine's one reader
        (:func:`~ttr_teach.engine.position.read_text`)."""
        name = gettext("the text") if name is None else name
        if isinstance(text, (bytearray, memoryview)):
            text = bytes(text)
        if not isinstance(text, (str, bytes)) or not text.strip():
            return self._refuse(gettext("{name} is empty; paste a position file (JSON or YAML)").format(name=name))
        try:
            pos = Position.from_dict(read_text(text, name), name)
        except TTRError as e:
            return self._refuse(gettext("the position cannot be loaded: {error}").format(error=e))
        return self.load(pos)

    def save_text(self) -> str:
        """The position in the position-file format (JSON text)."""
        return json.dumps(self._position.to_dict(), indent=1, ensure_ascii=False) + "\n"


def _skipped(reasons) -> str:
    return " (" + gettext("; ").join(reasons) + ".)"
