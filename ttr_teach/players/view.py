"""What one player may see of a game: the :class:`PlayerView` every bot chooses from.

A bot never receives the :class:`~ttr_teach.engine.game.core.Game` itself. It receives a
view made for its seat, which holds copies of what that player could see at the table:

* its own hand (by colour), its own tickets and the tickets it is choosing from;
* the face-up cards, every claimed route and built station with its owner, and for each
  player the public counts (cards, tickets, trains and stations left) and route points;
* the sizes of the deck, the discard pile (whose cards were all shown, so their colours too),
  the ticket deck and the box; the phase, whose turn it is, whether the final round has
  begun, its own pending decision, and the public log (:mod:`.public_log`).

It holds no reference to the game, so nothing hidden can be reached from it: two games that
differ only in what this seat cannot see give equal views. The legal actions and the random
action are the engine's own (:mod:`ttr_teach.engine.game.moves`), asked of a game state built
from the view alone (:func:`_seen_state`): the other hands empty, the deck and the ticket deck
stand-ins of the right size. What a player may do depends on nothing it cannot see, so they
are exactly the game's.

>>> from ttr_teach.engine.game.core import Game
>>> g = Game.new("usa", ["Ann", "Bo"], seed=3)
>>> v = PlayerView(g, 0)
>>> v.name, v.phase, v.is_my_turn, sum(v.hand.values()), len(v.offer)
('Ann', 'setup', True, 4, 3)
>>> [p.cards for p in v.players_info], v.deck_size
([4, 4], 97)
>>> PlayerView(g, 1).legal_actions()      # Bo is not to act: no action is his to take
[]

The helpers a bot needs (cheapest networks for its tickets, open routes, tunnel odds, a game
sampled from what it cannot see) are methods that call :mod:`.view_tools` and
:mod:`.determinize`.
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from types import MappingProxyType

from ..engine.cards import CARD_KINDS, TrainCards
from ..engine.game import moves
from ..engine.game.pending import pending_from_dict
from ..engine.game.state import OVER, SETUP, GameState, Seat, plain_copy
from ..engine.i18n import gettext
from .public_log import PublicLog
from .random_bot import random_action


@dataclass(frozen=True)
class PlayerInfo:
    """What everyone can see of one player."""

    seat: int
    name: str
    cards: int          #: train cards in hand
    tickets: int        #: tickets kept
    offer: int          #: tickets being chosen (dealt or drawn, not yet kept)
    trains: int         #: trains left
    stations: int       #: stations left (0 in an edition without stations)
    points: int         #: route points scored so far
    routes: tuple       #: the player's routes (Route objects), in the order claimed
    station_cities: tuple  #: city ids of the stations built, in order

    def to_dict(self) -> dict:
        return {"seat": self.seat, "name": self.name, "cards": self.cards, "tickets": self.tickets,
                "offer": self.offer, "trains": self.trains, "stations": self.stations,
                "points": self.points, "routes": [r.index for r in self.routes],
                "station_cities": list(self.station_cities)}


class PlayerView:
    """Player ``seat``'s view of ``game`` (the player to act when ``seat`` is None).

    ``public_log``: a :class:`~ttr_teach.players.public_log.PublicLog` already kept for this
    seat (as :func:`~ttr_teach.players.play.play_game` does); without it the game's log is
    read whole.
    """

    def __init__(self, game, seat=None, public_log: PublicLog | None = None):
        state = game.to_dict(log=False)
        players = state["players"]
        if seat is None:
            seat = game.current_player
            if seat is None:
                raise ValueError(gettext("the game is over: say whose view you want (seat=...)"))
        self.seat = game.seat(seat)
        self.map = game.map
        self.rules = game.map.rules
        self.phase = state["phase"]
        self.current_player = None if self.phase == OVER else state["current"]
        self.turn = state["turn"]
        self.final_turns_left = state["final_turns_left"]
        self.passes = state["passes"]
        self.names = tuple(p["name"] for p in players)
        me = players[self.seat]
        self.hand = MappingProxyType({k: me["hand"][k] for k in CARD_KINDS})
        self.tickets = tuple(self.map.tickets[t] for t in me["tickets"])
        self.offer = tuple(self.map.tickets[t] for t in me["offer"])
        self.face_up = tuple(state["face_up"])
        self.discard = MappingProxyType(dict(Counter(state["discard"])))
        self.deck_size = len(state["deck"])
        self.discard_size = len(state["discard"])
        self.tickets_left = len(state["ticket_deck"])
        self.box_size = len(state["ticket_box"])
        self.shuffles = state["shuffles"]
        self.owners = MappingProxyType({r: i for i, p in enumerate(players) for r in p["routes"]})
        self.station_owners = MappingProxyType({c: i for i, p in enumerate(players) for c in p["stations"]})
        self.players_info = tuple(self._info(i, p) for i, p in enumerate(players))
        self._decision = _public_decision(game.pending, self.current_player, self.seat)
        self._legal: tuple | None = None  # worked out when first asked for
        self._log = list(public_log.entries) if public_log is not None else PublicLog(
            self.seat, game.log).entries

    def _info(self, i, p) -> PlayerInfo:
        routes = tuple(self.map.routes[r] for r in p["routes"])
        rules = self.rules
        return PlayerInfo(i, p["name"], sum(p["hand"].values()), len(p["tickets"]), len(p["offer"]),
                          rules.trains_per_player - sum(r.length for r in routes),
                          rules.stations_per_player - len(p["stations"]),
                          sum(rules.route_points(r.length) for r in routes), routes, tuple(p["stations"]))

    # == who and when ===========================================================================
    @property
    def name(self) -> str:
        """This player's name."""
        return self.names[self.seat]

    @property
    def n_players(self) -> int:
        return len(self.names)

    @property
    def is_my_turn(self) -> bool:
        """True when this player is the one to act (a turn or a decision inside one)."""
        return self.current_player == self.seat

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def in_setup(self) -> bool:
        """True while players choose their first tickets."""
        return self.phase == SETUP

    @property
    def final_round(self) -> bool:
        """True once a player has ended a turn with few trains: everyone has one turn left."""
        return self.final_turns_left is not None

    @property
    def me(self) -> PlayerInfo:
        """This player's public counts."""
        return self.players_info[self.seat]

    @property
    def opponents(self) -> tuple:
        """The other players' public counts, in seat order."""
        return tuple(p for p in self.players_info if p.seat != self.seat)

    @property
    def trains_left(self) -> int:
        return self.me.trains

    @property
    def pending(self):
        """This player's decision inside its turn (a new dict), or None: ``{"kind": "tickets",
        "tickets", "keep_at_least"}``, ``{"kind": "second_card"}`` or ``{"kind": "tunnel",
        "route", "color", "colored", "locomotives", "revealed", "extra"}``."""
        return plain_copy(self._decision) if self.is_my_turn else None

    @property
    def decision(self):
        """The decision the player to act is making, as everyone sees it (a new dict), or
        None: the tunnel's cards are public, another player's tickets only as a count."""
        return plain_copy(self._decision)

    # == the log and the actions ===============================================================
    @property
    def log(self) -> list:
        """The public log (see :mod:`.public_log`), as a new list of new dicts."""
        return plain_copy(self._log)

    def legal_actions(self) -> list:
        """Exactly the actions the game accepts from this player now; empty when it is not
        this player's turn."""
        if self._legal is None:
            self._legal = tuple(moves.legal_actions(_seen_state(self))) if self.is_my_turn else ()
        return list(self._legal)

    def random_action(self, rng: random.Random, weights: dict[str, float] | None = None):
        """A random legal action, with :class:`~ttr_teach.players.random_bot.RandomBot`'s law
        (:func:`~ttr_teach.players.random_bot.random_action`): the same action, and the same
        use of ``rng``, as the game's. None if no action is this player's.

        On a free turn a kind of action (claim, draw, tickets, station, pass) is picked with
        the probabilities of ``weights`` (default: RandomBot's) among the kinds that are legal,
        then one action of that kind uniformly; a decision inside a turn is uniform.
        """
        return random_action(self, rng, weights)

    def sample_action(self, rng: random.Random, weights: dict[str, float]):
        """The game's :meth:`~ttr_teach.engine.game.core.Game.sample_action` (a random legal
        action drawn by kind with the weight table ``weights``), drawn from what this player
        sees: the same action, and the same use of ``rng``. None if no action is this
        player's."""
        if not self.is_my_turn:
            return None
        return moves.sample_action(_seen_state(self), rng, weights)

    def describe(self, action) -> str:
        """``action`` in words, naming routes and tickets from the map."""
        from ..engine.game.log import describe_action

        return describe_action(self.map, action)

    # == comparing and saving ====================================================================
    def log_since(self, start: int) -> list:
        """The public log's entries from ``start`` on (new dicts): what a bot in another
        process has not been sent yet."""
        return plain_copy(self._log[start:])

    def log_length(self) -> int:
        return len(self._log)

    def to_dict(self, log: bool = True, legal: bool = True) -> dict:
        """Everything in the view as plain JSON types (the legal actions as their dicts);
        ``log=False`` leaves the log out, ``legal=False`` the legal actions (a view made
        again by :meth:`from_dict` then works them out when asked)."""
        d = {"map": self.map.name, "seat": self.seat, "names": list(self.names),
                "phase": self.phase, "current_player": self.current_player, "turn": self.turn,
                "final_turns_left": self.final_turns_left, "passes": self.passes,
                "hand": dict(self.hand), "tickets": [t.index for t in self.tickets],
                "offer": [t.index for t in self.offer], "face_up": list(self.face_up),
                "discard": {k: self.discard[k] for k in sorted(self.discard)},
                "deck_size": self.deck_size, "discard_size": self.discard_size,
                "tickets_left": self.tickets_left, "box_size": self.box_size,
                "shuffles": self.shuffles, "players": [p.to_dict() for p in self.players_info],
                "decision": self.decision}
        if legal:
            d["legal_actions"] = [a.to_dict() for a in self.legal_actions()]
        if log:
            d["log"] = self.log
        return d

    @classmethod
    def from_dict(cls, d: dict, map=None) -> PlayerView:
        """The view whose :meth:`to_dict` is ``d``, on ``map`` (default: the built-in map
        ``d["map"]`` names). A bot in its own process receives its view this way
        (:mod:`.bot_host`): only plain data crosses, never the game.

        >>> from ttr_teach.engine.game.core import Game
        >>> v = PlayerView(Game.new("usa", ["Ann", "Bo"], seed=3), 0)
        >>> PlayerView.from_dict(v.to_dict()) == v
        True
        """
        from ..engine.actions import action_from_dict
        from ..engine.maps import load_map

        m = load_map(d["map"]) if map is None else map
        view = cls.__new__(cls)
        view.seat, view.map, view.rules = d["seat"], m, m.rules
        view.names, view.phase = tuple(d["names"]), d["phase"]
        view.current_player, view.turn = d["current_player"], d["turn"]
        view.final_turns_left, view.passes = d["final_turns_left"], d["passes"]
        view.hand = MappingProxyType({k: d["hand"].get(k, 0) for k in CARD_KINDS})
        view.tickets = tuple(m.tickets[t] for t in d["tickets"])
        view.offer = tuple(m.tickets[t] for t in d["offer"])
        view.face_up = tuple(d["face_up"])
        view.discard = MappingProxyType(dict(d["discard"]))
        for key in ("deck_size", "discard_size", "tickets_left", "box_size", "shuffles"):
            setattr(view, key, d[key])
        view.players_info = tuple(
            PlayerInfo(p["seat"], p["name"], p["cards"], p["tickets"], p["offer"], p["trains"],
                       p["stations"], p["points"], tuple(m.routes[r] for r in p["routes"]),
                       tuple(p["station_cities"])) for p in d["players"])
        view.owners = MappingProxyType({r.index: p.seat for p in view.players_info for r in p.routes})
        view.station_owners = MappingProxyType({c: p.seat for p in view.players_info
                                                for c in p.station_cities})
        view._decision = d["decision"]
        view._legal = tuple(action_from_dict(a) for a in d["legal_actions"]) if "legal_actions" in d else None
        view._log = list(d["log"])
        return view

    def __eq__(self, other):
        return isinstance(other, PlayerView) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]  # equal views compare by value, so none is hashable

    def __repr__(self):
        waiting = "" if self.current_player is None else self.names[self.current_player]
        state = "over" if self.is_over else ("to act" if self.is_my_turn else f"waiting for {waiting}")
        return (f"<PlayerView of {self.name} (seat {self.seat}) in a {self.map.name} game, "
                f"turn {self.turn}: {state}>")

    # == helpers (see view_tools and determinize) ===============================================
    def open_routes(self) -> list:
        """Routes this player could still own: unclaimed, and not closed to it by the
        double-route rules (whatever its cards and trains)."""
        from .view_tools import open_routes

        return open_routes(self)

    def claimable_routes(self) -> list:
        """The open routes this player has the trains for (cards aside)."""
        return [r for r in self.open_routes() if r.length <= self.trains_left]

    def position(self):
        """The board as a :class:`~ttr_teach.engine.position.Position`, with this player's
        tickets (the others' are hidden, so they hold none here)."""
        from .view_tools import view_position

        return view_position(self)

    def ticket_plan(self, tickets=None, use_stations: bool = True):
        """The fewest more trains that complete ``tickets`` (default: this player's), exactly:
        :func:`~ttr_teach.algorithms.planning.cheapest_completion` on this view's board
        (own routes free, others' and closed routes unusable, stations borrowing), a
        :class:`~ttr_teach.algorithms.plans.Completion` (``.trains``, ``.routes`` to claim, ...).
        Asked again on the same board (after a card draw, say), the kept plan is returned at once."""
        from ..algorithms.planning import cheapest_completion
        from ..algorithms.plans import Completion

        chosen = self.tickets if tickets is None else tickets
        if not chosen:
            return Completion((), 0, trains_left=self.trains_left)
        return cheapest_completion(self.position(), self.seat, list(chosen), use_stations)

    def trains_needed(self, tickets=None):
        """Trains still needed for ``tickets`` (default: this player's), or None if they cannot
        all be completed any more."""
        return self.ticket_plan(tickets).trains

    def ticket_done(self, ticket) -> bool:
        """True when ``ticket`` (a Ticket or a pair of cities) is joined by this player's own
        routes (stations not counted)."""
        from .view_tools import connected

        a, b = ticket.cities if hasattr(ticket, "cities") else ticket
        return connected(self.me.routes, self.map.city_id(a), self.map.city_id(b))

    def unseen_cards(self) -> dict:
        """``{kind: count}`` of the cards this player cannot see: the deck and the other
        players' hands together (all 110 minus its hand, the face-up row, the discards and
        the cards on the table for a tunnel)."""
        from .view_tools import unseen_cards

        return unseen_cards(self)

    def tunnel_odds(self, color, only_locomotives: bool = False) -> dict:
        """``{extra cards: Fraction}`` for a tunnel paid in ``color`` (None or
        ``only_locomotives``: with locomotives only), as this player can reckon it: the
        revealed cards come from the cards it cannot see (and, if the deck is short, from the
        shuffled discards). Exact (:func:`~ttr_teach.algorithms.probability.tunnel_extra_distribution`)."""
        from .view_tools import tunnel_odds

        return tunnel_odds(self, color, only_locomotives)

    def determinize(self, rng: random.Random):
        """A :class:`~ttr_teach.engine.game.core.Game` consistent with this view: what this
        player sees is as in the view, and what it cannot see (the other hands, the deck
        order, the other players' tickets, the ticket deck) is sampled with ``rng``. For
        search bots' playouts."""
        from .determinize import determinize

        return determinize(self, rng)


def _seen_state(view) -> GameState:
    """A game state made of what ``view``'s player sees, for the engine to work out that
    player's actions: its hand, tickets and pending decision, the board, the face-up row and
    the discards as they are; the other hands empty; the deck and the ticket deck stand-ins of
    their sizes (cards and tickets it cannot see, in a fixed order); no log. Only the player
    to act may use it (the others' actions would depend on their hidden hands)."""
    m, rules = view.map, view.rules
    seats = []
    for p in view.players_info:
        mine = p.seat == view.seat
        seat = Seat(p.name, routes=[r.index for r in p.routes], stations=list(p.station_cities))
        if mine:
            seat.hand.update(view.hand)
            seat.tickets, seat.offer = [t.index for t in view.tickets], [t.index for t in view.offer]
        seats.append(seat)
    unseen = [kind for kind, n in view.unseen_cards().items() for _ in range(n)]
    discard = [kind for kind in CARD_KINDS for _ in range(view.discard.get(kind, 0))]
    cards = TrainCards(rules, 0, unseen[:view.deck_size], discard, view.face_up, view.shuffles)
    known = {t.index for t in view.tickets + view.offer}
    ticket_deck = [t.index for t in m.tickets if t.index not in known][:view.tickets_left]
    return GameState(m, 0, seats, cards, ticket_deck, [], view.phase, view.current_player or 0,
                     pending_from_dict(view.pending), view.final_turns_left, view.passes, view.turn,
                     None)


def _public_decision(pending, current, seat):
    """The pending decision as ``seat`` may see it: whole if it is its own; otherwise with
    the tickets being chosen as a count."""
    if pending is None:
        return None
    if current == seat or pending["kind"] != "tickets":
        return pending
    return {"kind": "tickets", "count": len(pending["tickets"]),
            "keep_at_least": pending["keep_at_least"]}
