"""The whole state of a game as one dataclass, and the players' holdings.

A :class:`GameState` holds everything :meth:`Game.to_dict <ttr_teach.engine.game.core.Game.to_dict>`
writes: the map and seed, the seats (:class:`Seat`: hand, routes, stations, tickets, tickets on
offer), the train cards, the ticket deck and box, the phase, whose turn it is, the decision
pending inside the turn (:mod:`ttr_teach.engine.game.pending`), the final round's countdown,
the passes in a row, the turn number and the log. Its methods are the only ones that change
what a player holds, so the indexes it keeps beside (who owns each route and station, the
trains each player has left, the routes each may still claim) never disagree with the seats.
Reading a saved state back, with checks, is :mod:`ttr_teach.engine.game.saved`.

>>> from ttr_teach.engine.game.core import Game
>>> state = Game.new("usa", ["Ann", "Bo"], seed=1).state
>>> state.phase, [s.name for s in state.seats], len(state.cards.face_up), state.pending
('setup', ['Ann', 'Bo'], 5, TicketChoice())
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, cast

from ..cards import TrainCards, empty_hand
from ..claims import ClaimableRoutes
from ..errors import ArgumentError, NotFoundError
from ..i18n import gettext
from ..maps import Map
from ..rules import LOCOMOTIVE, RuleSet
from ..seats import find_seat
from ..text import listing
from .pending import SecondCard, TicketChoice, TunnelPayment

if TYPE_CHECKING:
    from ..actions import Action

#: The phases of a game: players choosing their first tickets, turns, the end.
SETUP, PLAY, OVER = "setup", "play", "over"
STATE_FORMAT = "ttr-teach game"
STATE_VERSION = 1


class _Rule(Protocol):
    """What :meth:`GameState.play` asks of a :class:`~ttr_teach.engine.game.moves.base.Move`
    (not imported here: the moves import this module)."""

    def apply(self, state: GameState, action: Any) -> None: ...


def plain_copy(x: Any) -> Any:
    """A deep copy of nested dicts and lists of JSON scalars (much faster than copy.deepcopy).

    >>> a = {"x": [1, {"y": 2}]}
    >>> b = plain_copy(a)
    >>> b == a, b["x"] is a["x"]
    (True, False)
    """
    if isinstance(x, dict):
        return {k: plain_copy(v) for k, v in x.items()}
    if isinstance(x, list):
        return [plain_copy(v) for v in x]
    return x


def copy_event(e: dict) -> dict:
    """A copy of the log entry ``e`` (its values are scalars, lists of scalars, or an action or
    a saved state as a dict), as :func:`plain_copy` would make it but quicker.

    >>> e = {"event": "drew", "player": 0, "cards": ["red"]}
    >>> copy_event(e) == e and copy_event(e)["cards"] is not e["cards"]
    True
    """
    out = e.copy()
    for k, v in e.items():
        if type(v) is list:
            out[k] = v[:]
        elif type(v) is dict:
            out[k] = plain_copy(v)
    return out


@dataclass
class Seat:
    """One player's private and public holdings (mutable; only the game state changes it)."""

    name: str
    hand: dict = field(default_factory=empty_hand)
    routes: list = field(default_factory=list)      # route indices, in the order claimed
    stations: list = field(default_factory=list)    # city ids, in the order built
    tickets: list = field(default_factory=list)     # kept ticket indices
    offer: list = field(default_factory=list)       # tickets drawn or dealt, not yet chosen

    def to_dict(self) -> dict:
        return {"name": self.name, "hand": dict(self.hand), "routes": list(self.routes),
                "stations": list(self.stations), "tickets": list(self.tickets),
                "offer": list(self.offer)}

    def copy(self) -> Seat:
        new = Seat.__new__(Seat)
        new.__dict__ = {"name": self.name, "hand": self.hand.copy(), "routes": self.routes[:],
                        "stations": self.stations[:], "tickets": self.tickets[:], "offer": self.offer[:]}
        return new


@dataclass(eq=False)
class GameState:
    """Everything about a game at one moment (see the module docstring).

    ``pending`` is None on a free turn, else a :class:`~ttr_teach.engine.game.pending.SecondCard`,
    :class:`~ttr_teach.engine.game.pending.TicketChoice` or
    :class:`~ttr_teach.engine.game.pending.TunnelPayment`. ``log`` is None for a game that keeps
    no log (a playout: it cannot be replayed). Kept from the seats: ``owners`` (route index ->
    seat), ``station_owners`` (city id -> seat), ``trains`` (trains left, by seat) and
    ``claimable`` (a :class:`~ttr_teach.engine.claims.ClaimableRoutes`).
    """

    map: Map
    seed: int
    seats: list
    cards: TrainCards
    ticket_deck: list
    ticket_box: list
    phase: str = SETUP
    current: int = 0
    pending: SecondCard | TicketChoice | TunnelPayment | None = None
    final_turns_left: int | None = None
    passes: int = 0
    turn: int = 0
    log: list | None = field(default_factory=list)

    def __post_init__(self) -> None:
        routes = self.map.routes
        self.owners = {r: i for i, s in enumerate(self.seats) for r in s.routes}
        self.station_owners = {c: i for i, s in enumerate(self.seats) for c in s.stations}
        self.trains = [self.rules.trains_per_player - sum(routes[r].length for r in s.routes)
                       for s in self.seats]
        self.claimable = ClaimableRoutes(self.map, len(self.seats), self.owners)
        #: The player to act's ways to pay for each cost, and to claim each route, once worked
        #: out (:mod:`ttr_teach.engine.game.moves.paying`, :mod:`~ttr_teach.engine.game.moves.routes`),
        #: until :meth:`play` changes the state.
        self.hand_ways: int | None = None
        self.claim_ways: bytes | bytearray | None = None

    @property
    def rules(self) -> RuleSet:
        return self.map.rules

    @property
    def seat(self) -> Seat:
        """The seat of the player to act."""
        return self.seats[self.current]

    @property
    def name(self) -> str:
        """The name of the player to act."""
        return self.seats[self.current].name

    def record(self, event: dict) -> None:
        """Append ``event`` to the log (nothing when the game keeps no log)."""
        if self.log is not None:
            self.log.append(event)

    def trains_left(self, seat: int) -> int:
        return self.trains[seat]

    def seat_index(self, player: str | int | None = None) -> int:
        """Seat index of ``player`` (a name or an index; None means the player to act)."""
        if player is None:
            return self.current
        seat = find_seat(self.seats, player)
        if seat is not None:
            return seat
        names = listing(s.name for s in self.seats)
        raise NotFoundError(gettext("there is no player {player} in this game (players: {names})").format(
            player=repr(player), names=names))

    # -- playing: the one change to a state once it is set up ---------------------------------------
    def play(self, move: _Rule, action: Action) -> None:
        """Play the legal ``action`` by the rule of ``move`` (its
        :class:`~ttr_teach.engine.game.moves.base.Move`). Everything a game does after its
        set-up goes through here, so this is where what was worked out from the state before
        (:attr:`hand_ways`, :attr:`claim_ways`) is forgotten.

        >>> from ttr_teach.engine.game.core import Game
        >>> from ttr_teach.engine.game.moves import CLAIM_ROUTE, DRAW_BLIND
        >>> state = Game.arranged("usa", ["Ann", "Bo"], hands=[{"red": 1}, {}], deck=["red", "blue"]).state
        >>> CLAIM_ROUTE.count(state), state.claim_ways is None    # Ann's claims, remembered
        (9, False)
        >>> state.play(DRAW_BLIND, DRAW_BLIND.option(state, 0))  # a second red card
        >>> state.claim_ways is None, CLAIM_ROUTE.count(state)    # forgotten, worked out again
        (True, 36)
        """
        self.hand_ways = self.claim_ways = None
        move.apply(self, action)

    # -- the only changes to what players hold ---------------------------------------------------
    def take_from_hand(self, color: str | None, colored: int, locomotives: int) -> list[str]:
        """Take the cards of a payment from the current player's hand; return them."""
        hand = self.seats[self.current].hand
        if colored:
            hand[color] -= colored
        hand[LOCOMOTIVE] -= locomotives
        return cast("list[str]", [color] * colored) + [LOCOMOTIVE] * locomotives

    def give_back(self, cards: Iterable[str]) -> None:
        """Put ``cards`` back into the current player's hand."""
        hand = self.seats[self.current].hand
        for card in cards:
            hand[card] += 1

    def place_route(self, index: int) -> None:
        """The current player now owns route ``index``."""
        self.owners[index] = self.current
        self.seats[self.current].routes.append(index)
        self.trains[self.current] -= self.map.routes[index].length
        self.claimable.claimed(self.owners, index)

    def place_station(self, city: str) -> None:
        """The current player now has a station in ``city``."""
        self.station_owners[city] = self.current
        self.seats[self.current].stations.append(city)

    # -- writing and copying ---------------------------------------------------------------------
    def to_dict(self, log: bool = True) -> dict:
        """The state as plain JSON types, in the saved-game format (``log=False``: without it)."""
        d = {
            "format": STATE_FORMAT, "version": STATE_VERSION, "map": self.map.name, "seed": self.seed,
            "phase": self.phase, "current": self.current, "turn": self.turn,
            "players": [s.to_dict() for s in self.seats],
            **self.cards.to_dict(),
            "ticket_deck": list(self.ticket_deck), "ticket_box": list(self.ticket_box),
            "pending": None if self.pending is None else self.pending.to_dict(),
            "final_turns_left": self.final_turns_left, "passes": self.passes,
        }
        if log:
            d["log"] = plain_copy(self.log or [])
        return d

    def copy(self, log: bool = True) -> GameState:
        """An independent copy sharing only what never changes (the map, the pending decision,
        the log's entries); the indexes are copied, not rebuilt. ``log=False``: the copy keeps
        no log."""
        new = GameState.__new__(GameState)
        d = new.__dict__ = self.__dict__.copy()
        d["seats"] = [s.copy() for s in self.seats]
        d["cards"] = self.cards.copy()
        d["ticket_deck"], d["ticket_box"] = self.ticket_deck[:], self.ticket_box[:]
        d["log"] = self.log[:] if log and self.log is not None else None
        d["owners"], d["station_owners"] = self.owners.copy(), self.station_owners.copy()
        d["trains"], d["claimable"] = self.trains[:], self.claimable.copy()
        return new


def check_names(players: object, rules: RuleSet) -> list[str]:
    """``players`` as a list of names, if they are as many as ``rules`` allow, non-empty and
    different; otherwise :class:`~ttr_teach.engine.errors.ArgumentError` says what is wrong.

    >>> from ttr_teach.engine.rules import USA
    >>> check_names(("Ann", "Bo"), USA)
    ['Ann', 'Bo']
    >>> check_names(["Ann"], USA)
    Traceback (most recent call last):
    ...
    ttr_teach.engine.errors.ArgumentError: 1 players: the game is for 2 to 5
    """
    if isinstance(players, str) or not isinstance(players, (list, tuple)):
        raise ArgumentError(gettext("players must be a list of names, e.g. ['Ann', 'Bo']"))
    names = list(players)
    if not rules.min_players <= len(names) <= rules.max_players:
        raise ArgumentError(gettext("{n} players: the game is for {low} to {high}").format(
            n=len(names), low=rules.min_players, high=rules.max_players))
    for n in names:
        if not isinstance(n, str) or not n.strip():
            raise ArgumentError(gettext("a player's name must be non-empty text, not {value}").format(value=repr(n)))
    if len(set(names)) != len(names):
        raise ArgumentError(gettext("two players have the same name"))
    return names


def check_seed(seed: object) -> int:
    """``seed`` if it is a whole number (not a bool) of at most 100 digits; otherwise
    :class:`~ttr_teach.engine.errors.ArgumentError`.

    >>> check_seed(7)
    7
    """
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ArgumentError(gettext("the seed must be a whole number, not {value}").format(value=repr(seed)[:120]))
    if abs(seed) >= 10 ** 100:
        raise ArgumentError(gettext("the seed must be a whole number of at most 100 digits"))
    return seed
