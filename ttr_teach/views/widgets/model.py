"""The sandbox's state and click logic, in plain Python (no widgets).

A :class:`SandboxModel` holds a :class:`~ttr_teach.engine.position.Position` and the player whose
turn it is to receive clicks. Every change builds the next position and checks it with the
engine (:mod:`ttr_teach.engine.claims` for a precise sentence, then
:meth:`Position.from_dict <ttr_teach.engine.position.Position.from_dict>` for every rule), so the
sandbox can never reach a position the rules forbid. A refused change leaves the position as it
was and says why in :attr:`SandboxModel.message`; nothing raises. Changes can be undone and
redone, and the position saved and loaded in the position-file format.

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
"""
from __future__ import annotations

import json
from dataclasses import dataclass, replace
from importlib import resources

from ...engine.claims import why_route_unavailable, why_station_unavailable, why_trains_short
from ...engine.errors import MapError, PositionError, TTRError
from ...engine.maps import City, Route, Ticket
from ...engine.position import PLAYER_COLORS, PlayerPosition, Position, load_position

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


def sample_position(name: str = "late_game_europe") -> Position:
    """A sample position shipped with the package, e.g. a late-game Europe board.

    >>> p = sample_position()
    >>> p.map.name, [q.name for q in p.players]
    ('europe', ['Ann', 'Bo', 'Cy'])
    """
    if name not in SAMPLES:
        raise PositionError(f"there is no sample position {name!r} (there are: {', '.join(SAMPLES)})")
    text = resources.files(__package__).joinpath("samples", f"{name}.json").read_text(encoding="utf-8")
    return Position.from_dict(json.loads(text), f"sample {name}")


def _half_name(m, route: Route, partner: Route) -> str:
    """Where ``route`` lies beside its look-alike ``partner`` on the board: upper, lower,
    left or right."""
    from ..geometry import board_geometry

    rows = board_geometry(m).rows
    (x0, y0), (x1, y1) = rows[route.index].middle, rows[partner.index].middle
    if abs(y1 - y0) >= abs(x1 - x0):
        return "upper" if y0 < y1 else "lower"
    return "left" if x0 < x1 else "right"


def route_colour(m, route: Route) -> str:
    """The route's colour, with the side of the board it lies on when the two halves of its
    double route have the same colour: ``white``, ``upper gray``."""
    partner = m.partner(route)
    if partner is not None and partner.color == route.color:
        return f"{_half_name(m, route, partner)} {route.color}"
    return route.color


def route_label(m, route: Route) -> str:
    """``Paris–Frankfurt (white)``: a route's cities and its colour (see :func:`route_colour`).

    >>> from ttr_teach.engine.maps import load_map
    >>> m = load_map("europe")
    >>> [route_label(m, r) for r in m.routes_between("Kobenhavn", "Essen")]
    ['Essen–København (left gray)', 'Essen–København (right gray)']
    """
    return f"{m.cities[route.a].name}–{m.cities[route.b].name} ({route_colour(m, route)})"


def ticket_label(m, ticket: Ticket) -> str:
    """``Paris–Wien (8)``."""
    return f"{m.cities[ticket.a].name}–{m.cities[ticket.b].name} ({ticket.points})"


def _engine_reason(error: TTRError) -> str:
    text = str(error)
    return text[len(SOURCE) + 2:] if text.startswith(SOURCE + ": ") else text


class SandboxModel:
    """A position to play with, changed by clicks, with undo and redo.

    ``source``: a map name or Map (an empty board with ``players``, by default
    :data:`DEFAULT_PLAYERS`), or anything :func:`~ttr_teach.engine.position.load_position` accepts.
    """

    def __init__(self, source="europe", players=None, current: int = 0):
        from ..svg import board_source

        m, pos = board_source(source)
        if pos is None:
            names = list(DEFAULT_PLAYERS if players is None else players)
            pos = Position.from_dict({"map": m.name, "players": [{"name": n} for n in names]}, SOURCE)
        elif players is not None:
            raise TTRError("give players only for an empty board; a position has its own players")
        self._position = pos
        self.current = min(max(int(current), 0), len(pos.players) - 1)
        self.message = "Click a route to claim it for the current player, or a city for a station."
        self.refused = False
        self.selected_ticket = None
        self.show_longest = False
        self.show_stations = False
        self._undo: list = []
        self._redo: list = []
        self._listeners: list = []
        self._scored = (None, None)

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
    def result(self) -> dict:
        """``score_position`` of the current position (computed once per position)."""
        pos, result = self._scored
        if pos is not self._position:
            from ...engine.scoring import score_position

            result = score_position(self._position)
            self._scored = (self._position, result)
        return result

    def on_change(self, callback) -> None:
        """Call ``callback(model)`` after every action (also after a refusal: the message changed)."""
        self._listeners.append(callback)

    def _notify(self):
        for callback in list(self._listeners):
            callback(self)

    def _say(self, ok: bool, message: str) -> Outcome:
        self.message, self.refused = message, not ok
        self._notify()
        return Outcome(ok, message)

    def _refuse(self, message: str) -> Outcome:
        return self._say(False, "Refused: " + message.rstrip(".") + ".")

    def _seat(self, ref) -> int:
        """Seat index of the player ``ref`` (seat index, name or player colour)."""
        players = self.players
        if isinstance(ref, int) and not isinstance(ref, bool) and 0 <= ref < len(players):
            return ref
        for key in ("name", "color"):
            for i, p in enumerate(players):
                if getattr(p, key) == ref:
                    return i
        names = ", ".join(p.name for p in players)
        raise PositionError(f"there is no player {ref!r} (the players are {names})")

    def _check(self, players) -> Position:
        """The position with ``players`` (PlayerPosition list), checked by the engine.

        Validation goes through the position-file format; the exact halves of double routes
        whose halves look alike in that format (both gray) are then restored.
        """
        m = self.map
        doc = {"map": m.name, "players": [p.to_dict(m) for p in players]}
        checked = Position.from_dict(doc, SOURCE)
        return Position(m, tuple(replace(c, routes=tuple(p.routes))
                                 for c, p in zip(checked.players, players)))

    def _commit(self, players, message: str) -> Outcome:
        try:
            pos = self._check(players)
        except TTRError as e:
            return self._refuse(_engine_reason(e))
        self._set_position(pos, remember=True)
        return self._say(True, message)

    def _set_position(self, pos: Position, remember: bool) -> None:
        if remember:
            self._undo.append((self._position, self.current))
            self._redo.clear()
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
        return self._say(False, "Nothing here: click the spaces of a route, or a city.")

    def _route_reason(self, route: Route, seat: int, players) -> str | None:
        """Why ``players[seat]`` may not own ``route`` (the engine's claiming rules), or None."""
        owners = {r.index: i for i, p in enumerate(players) for r in p.routes}
        why = why_route_unavailable(self.map, len(players), owners, route, seat)
        if why is None:
            why = why_trains_short(players[seat].trains_left, route)
        return why

    def click_route(self, route: Route) -> Outcome:
        """Give an unclaimed ``route`` to the current player; pass a claimed one on to the next
        player (counting from the current one), and after the last player make it unclaimed.
        Players the rules refuse are skipped, and the message says why."""
        route = self._route(route)
        owner = self._position.owners.get(route.index)
        n, c = len(self.players), self.current
        if owner is None:
            return self.set_owner(route, c)
        k = (owner - c) % n
        skipped = []
        for seat in [(c + j) % n for j in range(k + 1, n)]:
            players = self._without_route(route)
            why = self._route_reason(route, seat, players)
            if why is None:
                outcome = self.set_owner(route, seat)
                if outcome.ok and skipped:
                    return self._say(True, outcome.message + " (" + "; ".join(skipped) + ".)")
                if outcome.ok:
                    return outcome
                why = outcome.message
            skipped.append(f"skipped {self.players[seat].name}: {why.rstrip('.')}")
        outcome = self.set_owner(route, None)
        if skipped:
            return self._say(True, outcome.message + " (" + "; ".join(skipped) + ".)")
        return outcome

    def _route(self, ref) -> Route:
        m = self.map
        if isinstance(ref, Route):
            return m.routes[ref.index]
        if isinstance(ref, int) and not isinstance(ref, bool):
            return m.routes[ref]
        return m.route(*ref)

    def _without_route(self, route: Route) -> list:
        return [replace(p, routes=tuple(r for r in p.routes if r.index != route.index))
                for p in self.players]

    def set_owner(self, route, player) -> Outcome:
        """Make ``player`` (seat, name or colour; None: nobody) the owner of ``route``
        (a Route, route index or ``(a, b[, colour])``)."""
        try:
            route = self._route(route)
            seat = None if player is None else self._seat(player)
        except (TTRError, IndexError) as e:
            return self._refuse(str(e))
        m = self.map
        name = route_label(m, route)
        owner = self._position.owners.get(route.index)
        if owner == seat:
            who = "nobody" if seat is None else self.players[seat].name
            return self._say(True, f"{name} already belongs to {who}.")
        players = self._without_route(route)
        if seat is None:
            return self._commit(players, f"{name} is unclaimed again.")
        why = self._route_reason(route, seat, players)
        who = players[seat].name
        if why is not None:
            return self._refuse(f"{who} cannot claim {name}: {why}")
        players[seat] = replace(players[seat], routes=players[seat].routes + (route,))
        if owner is None:
            points = m.rules.route_points(route.length)
            trains = f"{route.length} train{'s' if route.length > 1 else ''}"
            cities = name.rsplit(" (", 1)[0]
            return self._commit(players, f"{who} claims {cities} ({route_colour(m, route)}, {trains}): "
                                         f"{points} point{'s' if points != 1 else ''}.")
        return self._commit(players, f"{who} takes {name} from {self.players[owner].name}.")

    def click_city(self, city) -> Outcome:
        """Build the current player's station in ``city``, or remove it if it is theirs."""
        try:
            cid = self.map.city_id(city.id if isinstance(city, City) else city)
        except MapError as e:
            return self._refuse(str(e))
        owner = self._position.station_owners.get(cid)
        if owner == self.current:
            return self.set_station(cid, None)
        if owner is not None:
            where = self.map.cities[cid].name
            return self._refuse(f"{where} already has {self.players[owner].name}’s station and a "
                                f"city holds only one (pick {self.players[owner].name} to remove it)")
        return self.set_station(cid, self.current)

    def set_station(self, city, player) -> Outcome:
        """Put ``player``'s station in ``city`` (None: remove the station there)."""
        m = self.map
        try:
            cid = m.city_id(city.id if isinstance(city, City) else city)
            seat = None if player is None else self._seat(player)
        except TTRError as e:
            return self._refuse(str(e))
        where = m.cities[cid].name
        owners = self._position.station_owners
        players = list(self.players)
        if seat is None:
            if cid not in owners:
                return self._say(True, f"There is no station in {where}.")
            o = owners[cid]
            players[o] = replace(players[o], stations=tuple(c for c in players[o].stations if c != cid))
            return self._commit(players, f"{players[o].name}’s station in {where} is removed.")
        p = players[seat]
        others = {c: o for c, o in owners.items() if c != cid or o != seat}
        why = why_station_unavailable(m, others, cid, len(p.stations))
        if why is not None:
            return self._refuse(f"{p.name} cannot build a station in {where}: {why}")
        players[seat] = replace(p, stations=p.stations + (cid,))
        left = m.rules.stations_per_player - len(p.stations) - 1
        return self._commit(players, f"{p.name} builds a station in {where} "
                                     f"({left} left in reserve, worth {m.rules.unused_station_points} each).")

    # -- players -----------------------------------------------------------------------------
    def set_current(self, player) -> Outcome:
        """Make ``player`` (seat, name or colour) the one who receives clicks."""
        try:
            self.current = self._seat(player)
        except TTRError as e:
            return self._refuse(str(e))
        return self._say(True, f"Clicks now claim for {self.players[self.current].name}.")

    def add_player(self, name: str | None = None, color: str | None = None) -> Outcome:
        """Seat a new player (a spare name and the first free colour by default)."""
        taken = {p.name for p in self.players}
        if name is None:
            name = next((n for n in SPARE_NAMES if n not in taken), f"Player {len(self.players) + 1}")
        if color is None:
            used = {p.color for p in self.players}
            color = next((c for c in PLAYER_COLORS if c not in used), PLAYER_COLORS[0])
        new = PlayerPosition(name, color=color, trains_per_player=self.map.rules.trains_per_player)
        return self._commit(list(self.players) + [new], f"{name} ({color}) joins the game.")

    def remove_player(self, player) -> Outcome:
        """Take a player off the board with their routes, stations and tickets."""
        try:
            seat = self._seat(player)
        except TTRError as e:
            return self._refuse(str(e))
        if len(self.players) == 1:
            return self._refuse("the board needs at least one player")
        players = [p for i, p in enumerate(self.players) if i != seat]
        current = self.current
        if self.current > seat:
            self.current -= 1
        outcome = self._commit(players, f"{self.players[seat].name} leaves the game.")
        if not outcome.ok:
            self.current = current
        return outcome

    def rename_player(self, player, name: str) -> Outcome:
        """Give a player a new name."""
        try:
            seat = self._seat(player)
        except TTRError as e:
            return self._refuse(str(e))
        old = self.players[seat].name
        if name == old:
            return self._say(True, f"{old} keeps the name.")
        players = list(self.players)
        players[seat] = replace(players[seat], name=name)
        return self._commit(players, f"{old} is now called {name}.")

    def set_color(self, player, color: str) -> Outcome:
        """Give a player another train colour; a player who had that colour gets theirs."""
        try:
            seat = self._seat(player)
        except TTRError as e:
            return self._refuse(str(e))
        players = list(self.players)
        old = players[seat].color
        if color == old:
            return self._say(True, f"{players[seat].name} already plays {color}.")
        message = f"{players[seat].name} now plays {color}"
        for i, p in enumerate(players):
            if p.color == color and i != seat:
                players[i] = replace(p, color=old)
                message += f"; {p.name} takes {old}"
        players[seat] = replace(players[seat], color=color)
        return self._commit(players, message + ".")

    # -- tickets -----------------------------------------------------------------------------
    def _ticket(self, ref) -> Ticket:
        if isinstance(ref, Ticket):
            return self.map.tickets[ref.index]
        if isinstance(ref, int) and not isinstance(ref, bool):
            return self.map.tickets[ref]
        return self.map.ticket(*ref)

    def available_tickets(self) -> list:
        """The map's tickets that no player holds, in the map's order."""
        held = {t.index for p in self.players for t in p.tickets}
        return [t for t in self.map.tickets if t.index not in held]

    def give_ticket(self, ticket, player=None) -> Outcome:
        """Give ``ticket`` (Ticket, index or ``(a, b)``) to ``player`` (default: the current one)."""
        try:
            ticket = self._ticket(ticket)
            seat = self.current if player is None else self._seat(player)
        except (TTRError, IndexError) as e:
            return self._refuse(str(e))
        players = list(self.players)
        players[seat] = replace(players[seat], tickets=players[seat].tickets + (ticket,))
        return self._commit(players, f"{players[seat].name} takes the ticket {ticket_label(self.map, ticket)}.")

    def remove_ticket(self, ticket) -> Outcome:
        """Take ``ticket`` back from whoever holds it."""
        try:
            ticket = self._ticket(ticket)
        except (TTRError, IndexError) as e:
            return self._refuse(str(e))
        players = list(self.players)
        for i, p in enumerate(players):
            if ticket in p.tickets:
                players[i] = replace(p, tickets=tuple(t for t in p.tickets if t != ticket))
                return self._commit(players, f"{p.name} gives back the ticket {ticket_label(self.map, ticket)}.")
        return self._refuse(f"nobody holds the ticket {ticket_label(self.map, ticket)}")

    def select_ticket(self, ticket) -> Outcome:
        """Show ``ticket`` on the board (its cities and the path that completes it); None: none."""
        if ticket is None:
            self.selected_ticket = None
            return self._say(True, "No ticket shown.")
        try:
            ticket = self._ticket(ticket)
        except (TTRError, IndexError) as e:
            return self._refuse(str(e))
        self.selected_ticket = ticket
        return self._say(True, self.ticket_text(ticket))

    def set_show_longest(self, show: bool) -> Outcome:
        """Draw every player's longest continuous path on the board (or stop drawing it)."""
        self.show_longest = bool(show)
        return self._say(True, "Longest paths shown." if show else "Longest paths hidden.")

    def set_show_stations(self, show: bool) -> Outcome:
        """Mark every station and the route the scorer lets it borrow (or stop marking them)."""
        self.show_stations = bool(show)
        return self._say(True, "Stations and the routes they borrow shown." if show
                         else "Stations' borrowed routes hidden.")

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
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def _describe_step(self, before: Position, after: Position) -> str:
        """A short sentence saying how ``after`` differs from ``before``."""
        m = self.map
        if [p.name for p in before.players] != [p.name for p in after.players] or \
                [p.color for p in before.players] != [p.color for p in after.players]:
            return "the players are as they were"
        b_own, a_own = before.owners, after.owners
        for index in sorted(set(b_own) | set(a_own)):
            if b_own.get(index) != a_own.get(index):
                owner = a_own.get(index)
                name = route_label(m, m.routes[index])
                return (f"{name} is unclaimed" if owner is None
                        else f"{name} is {after.players[owner].name}’s again")
        b_st, a_st = before.station_owners, after.station_owners
        for cid in sorted(set(b_st) | set(a_st)):
            if b_st.get(cid) != a_st.get(cid):
                owner = a_st.get(cid)
                where = m.cities[cid].name
                return (f"no station in {where}" if owner is None
                        else f"{after.players[owner].name}’s station in {where} is back")
        return "the tickets are as they were"

    def undo(self) -> Outcome:
        """Go back one change."""
        if not self._undo:
            return self._say(False, "Nothing to undo.")
        pos, current = self._undo.pop()
        self._redo.append((self._position, self.current))
        before = self._position
        self._set_position(pos, remember=False)
        self.current = min(current, len(pos.players) - 1)
        return self._say(True, f"Undone: {self._describe_step(before, pos)}.")

    def redo(self) -> Outcome:
        """Do again the change last undone."""
        if not self._redo:
            return self._say(False, "Nothing to redo.")
        pos, current = self._redo.pop()
        self._undo.append((self._position, self.current))
        before = self._position
        self._set_position(pos, remember=False)
        self.current = min(current, len(pos.players) - 1)
        return self._say(True, f"Redone: {self._describe_step(before, pos)}.")

    def load(self, source) -> Outcome:
        """Replace the position by ``source`` (anything :func:`~ttr_teach.engine.position.load_position`
        accepts: a dict, a file path, a Position, a Game). Undo brings the old one back."""
        try:
            pos = load_position(source)
        except TTRError as e:
            return self._refuse(f"the position cannot be loaded: {e}")
        self._set_position(pos, remember=True)
        self.current = 0
        who = ", ".join(p.name for p in pos.players)
        return self._say(True, f"Loaded a {pos.map.title} position with {who}.")

    def load_text(self, text: str, name: str = "the text") -> Outcome:
        """Load a position written in the position-file format (JSON, or YAML)."""
        if not isinstance(text, str) or not text.strip():
            return self._refuse(f"{name} is empty; paste a position file (JSON or YAML)")
        try:
            doc = json.loads(text)
        except json.JSONDecodeError as e:
            try:
                import yaml

                doc = yaml.safe_load(text)
            except Exception:
                return self._refuse(f"{name} is not a position file: not valid JSON "
                                    f"(line {e.lineno}, column {e.colno}: {e.msg}) nor YAML")
        if not isinstance(doc, dict):
            return self._refuse(f"{name} is not a position file: it should be a mapping with "
                                "'map' and 'players'")
        try:
            pos = Position.from_dict(doc, name)
        except TTRError as e:
            return self._refuse(f"the position cannot be loaded: {e}")
        return self.load(pos)

    def save_text(self) -> str:
        """The position in the position-file format (JSON text)."""
        return json.dumps(self._position.to_dict(), indent=1, ensure_ascii=False) + "\n"

    # -- words for the panel -----------------------------------------------------------------
    def describe_route(self, route: Route) -> str:
        """A sentence about ``route``: length, colour, points, tunnel, ferry, owner."""
        m = self.map
        route = self._route(route)
        points = m.rules.route_points(route.length)
        parts = [f"{m.cities[route.a].name}–{m.cities[route.b].name}: {route.length} "
                 f"{route.color} space{'s' if route.length > 1 else ''}, "
                 f"{points} point{'s' if points != 1 else ''}"]
        if route.tunnel:
            parts.append(f"tunnel ({m.rules.tunnel_reveal} cards are turned up when it is claimed)")
        if route.locomotives:
            parts.append(f"ferry (needs {route.locomotives} locomotive{'s' if route.locomotives > 1 else ''})")
        partner = m.partner(route)
        if partner is not None:
            other = self._position.owners.get(partner.index)
            whose = "unclaimed" if other is None else f"{self.players[other].name}’s"
            parts.append(f"double route (the {partner.color} half is {whose})")
        owner = self._position.owners.get(route.index)
        parts.append("unclaimed" if owner is None else
                     f"claimed by {self.players[owner].name} ({self.players[owner].color})")
        return "; ".join(parts) + "."

    def describe_city(self, city) -> str:
        """A sentence about ``city``: its routes and its station."""
        m = self.map
        cid = m.city_id(city.id if isinstance(city, City) else city)
        c = m.cities[cid]
        routes = m.routes_at(cid)
        neighbours = {r.other_end(cid) for r in routes}
        text = f"{c.name}: {len(routes)} routes to {len(neighbours)} cities"
        owner = self._position.station_owners.get(cid)
        if owner is None:
            if m.rules.has_stations:
                text += "; no station"
        else:
            p = self.players[owner]
            text += f"; {p.name}’s station"
            borrowed = self.borrowed_route(owner, cid)
            if borrowed is not None:
                text += f", which borrows {route_label(m, borrowed)}"
            else:
                text += ", which borrows no route"
        return text + "."

    def hover(self, x: float, y: float) -> str:
        """What the board says about the point ``(x, y)`` (empty when nothing is there)."""
        item = self.item_at(x, y)
        if isinstance(item, Route):
            return self.describe_route(item)
        if isinstance(item, City):
            return self.describe_city(item)
        return ""

    def borrowed_route(self, seat: int, city: str):
        """The route the scorer lets ``seat``'s station in ``city`` borrow, or None."""
        from ..highlights import borrowed_routes

        return borrowed_routes(self.map, self.result, seat, self._position).get(city)

    def station_tickets(self, seat: int, city: str) -> list:
        """The tickets (``"A–B"``) that ``seat``'s station in ``city`` helps to complete."""
        for item in self.result["players"][seat].get("stations_used", []):
            if isinstance(item, dict) and item.get("city") == city:
                return list(item.get("used_for", []))
        return []

    def ticket_text(self, ticket: Ticket) -> str:
        """Whose ``ticket`` it is and whether it is completed."""
        m = self.map
        for i, p in enumerate(self.players):
            if ticket in p.tickets:
                done = ticket_status(self.result, i, ticket)
                state = "completed" if done else "not completed"
                return f"{p.name}’s ticket {ticket_label(m, ticket)}: {state}."
        return f"Ticket {ticket_label(m, ticket)}: nobody holds it."

    def score_rows(self) -> list:
        """One row per player for the score table (plus ``winner`` marks)."""
        result = self.result
        rows = []
        for p, r in zip(self.players, result["players"]):
            tickets = r.get("tickets", [])
            done = sum(1 for t in tickets if _completed(t))
            rows.append({"name": p.name, "color": p.color, "route_points": r["route_points"],
                         "tickets_completed": r["tickets_completed"],
                         "tickets_failed": len(tickets) - done, "ticket_points": r["ticket_points"],
                         "stations_built": r["stations_built"], "station_points": r["station_points"],
                         "longest_route": r["longest_route"], "longest_bonus": r["longest_bonus"],
                         "total": r["total"], "trains_left": p.trains_left,
                         "winner": result.get("winner") == p.name})
        return rows

    def score_table_text(self) -> str:
        """The score table as plain text (what the panel shows, without colours).

        >>> print(SandboxModel("usa", players=["Ann", "Bo"]).score_table_text())
        player  routes     tickets  stations  longest  bonus  total  trains left
        Ann          0  0 ✓ 0 ✗ +0         0        0      0      0           45
        Bo           0  0 ✓ 0 ✗ +0         0        0      0      0           45
        winner: none (a tie)
        """
        head = ["player", "routes", "tickets", "stations", "longest", "bonus", "total", "trains left"]
        lines = []
        for r in self.score_rows():
            lines.append([r["name"], str(r["route_points"]),
                          f"{r['tickets_completed']} ✓ {r['tickets_failed']} ✗ {r['ticket_points']:+d}",
                          str(r["station_points"]), str(r["longest_route"]), str(r["longest_bonus"]),
                          str(r["total"]), str(r["trains_left"])])
        widths = [max(len(h), *(len(line[k]) for line in lines)) for k, h in enumerate(head)]
        out = ["  ".join(h.ljust(w) if k == 0 else h.rjust(w) for k, (h, w) in enumerate(zip(head, widths)))]
        for line in lines:
            out.append("  ".join(c.ljust(w) if k == 0 else c.rjust(w)
                                 for k, (c, w) in enumerate(zip(line, widths))))
        winner = self.result.get("winner")
        out.append(f"winner: {winner}" if winner else "winner: none (a tie)")
        return "\n".join(line.rstrip() for line in out)


def _completed(item) -> bool:
    return bool(item.get("completed")) if isinstance(item, dict) else False


def ticket_status(result: dict, seat: int, ticket: Ticket):
    """True/False: whether the scorer found ``ticket`` completed for player ``seat``."""
    for item in result["players"][seat].get("tickets", []):
        if isinstance(item, dict) and {item.get("a"), item.get("b")} == {ticket.a, ticket.b}:
            return _completed(item)
    return None
