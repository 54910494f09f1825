"""A playable game of Ticket to Ride (Europe or USA), exact to the rulebook.

>>> g = Game.new(map="usa", players=["Ann", "Bo"], seed=7)
>>> g.phase, g.players, g.current_player
('setup', ['Ann', 'Bo'], 0)
>>> sum(g.hand("Ann").values()), len(g.face_up)
(4, 5)
>>> keep = g.legal_actions()[0]          # set-up: Ann keeps some of her 3 tickets
>>> print(keep)                          # doctest: +ELLIPSIS
keep ...
>>> _ = g.apply(keep)
>>> _ = g.apply(g.legal_actions()[0])    # Bo chooses too; then play begins with Ann
>>> g.phase, g.current_player
('play', 0)
>>> Game.from_dict(g.to_dict()).to_dict() == g.to_dict()
True

How the state is kept. The whole state is in :meth:`Game.to_dict` as plain JSON types: the
deck in order (first card on top), the discards, the face-up cards, every hand, the ticket deck
(first on top) and the box, what each player owns, the decision pending inside a turn, and a
log. Randomness comes only from the seed: the set-up shuffles and the ``n``-th reshuffle of the
discards each use a generator made from ``(seed, purpose)`` (see :func:`~ttr_teach.engine.cards.seeded_rng`),
so :meth:`Game.replay` rebuilds a game exactly from its log.

This module holds the play. Reading and checking a saved state is
:mod:`ttr_teach.engine.game.state`, staging a position for :meth:`Game.arranged` is
:mod:`ttr_teach.engine.game.arranged`, and the log in words is :mod:`ttr_teach.engine.game.log`. The rules
themselves are asked of :mod:`ttr_teach.engine.claims` (who may own what), :mod:`ttr_teach.engine.payment`
(paying with cards) and :mod:`ttr_teach.engine.cards` (the deck and the face-up market).

Readings of the rules that the rulebook leaves open (each is tested):

* Set-up: players choose their tickets one after the other in seat order (the rulebook has
  them choose at the same time; no one sees another's choice either way), then seat 0 plays.
* The face-up row is filled again at the end of every turn if places were left empty because
  the deck and the discards had run out. The 3-locomotive redeal stops when no redeal could
  ever show fewer than 3 locomotives (see :meth:`~ttr_teach.engine.cards.TrainCards.reset_can_end`).
* The deck is reshuffled from the discards when a card is needed and the deck is empty.
* A tunnel whose revealed cards ask for nothing more is claimed at once; otherwise the player
  decides (pay one of the ways listed, or decline). Declining is always allowed.
* Returned tickets go under the ticket deck in the order they were drawn.
* ``pass`` is legal only when no other action is: no card can be drawn, no ticket is left, and
  no route or station can be paid for. If every player passes in a row, nothing can change any
  more, so the game ends there (as if the final round had been played).
"""
from __future__ import annotations

import itertools

from ..actions import (Action, BuildStation, ClaimRoute, DeclineTunnel, DrawBlind, DrawFaceUp,
                      DrawTickets, KeepTickets, Pass, PayTunnel, action_from_dict)
from ..cards import CARD_KINDS, TrainCards, seeded_rng, tunnel_extra
from ..claims import why_route_unavailable, why_station_unavailable, why_trains_short
from ..errors import IllegalAction, MapError, PositionError, TTRError
from .arranged import arranged_state
from .log import describe_action, history_lines
from .state import (OVER, PLAY, SETUP, STATE_FORMAT, STATE_VERSION, Seat, check_names,
                         check_seed, plain_copy, read_state)
from ..maps import Map, load_map
from ..payment import (payment_options, route_cost, station_cost, tunnel_extra_cost,
                      why_payment_refused)
from ..position import PLAYER_COLORS, PlayerPosition, Position
from ..rules import LOCOMOTIVE


class Game:
    """A game in progress: the state, the legal actions and :meth:`apply`.

    Create one with :meth:`new` (a shuffled set-up), :meth:`arranged` (cards and holdings you
    choose, for lessons and tests), :meth:`from_dict` or :meth:`replay`.
    """

    def __init__(self, m: Map, seed: int, seats, cards: TrainCards, ticket_deck, ticket_box,
                 phase: str, current: int, pending, final_turns_left, passes: int, turn: int, log):
        self.map = m
        self.rules = m.rules
        self.seed = seed
        self._seats = seats
        self.cards = cards
        self._ticket_deck = list(ticket_deck)
        self._ticket_box = list(ticket_box)
        self.phase = phase
        self._current = current
        self._pending = pending
        self._final_turns_left = final_turns_left
        self._passes = passes
        self.turn = turn
        self._log = log
        self._owners = {r: i for i, s in enumerate(seats) for r in s.routes}
        self._station_owners = {c: i for i, s in enumerate(seats) for c in s.stations}

    # == construction ===============================================================================
    @classmethod
    def new(cls, map="europe", players=("Ann", "Bo"), seed: int = 0) -> "Game":
        """A new game on ``map`` for ``players`` (names, in seat order), set up from ``seed``.

        Set-up: the 110 cards are shuffled, 4 dealt to each player (one at a time around the
        table) and 5 turned face up (3-locomotive rule applied). USA: each player is dealt 3
        tickets. Europe: each is dealt 1 long ticket (the other long tickets go back to the box
        unseen) and 3 regular ones. The game then waits for each player, in seat order, to
        choose which tickets to keep (:class:`~ttr_teach.engine.actions.KeepTickets`).
        """
        m = load_map(map)
        rules = m.rules
        names = check_names(players, rules)
        check_seed(seed)
        log = [{"event": "new_game", "map": m.name, "players": list(names), "seed": seed}]
        seats = [Seat(n) for n in names]
        cards = TrainCards.shuffled(rules, seed)
        dealt = [[] for _ in seats]
        for _ in range(rules.initial_hand):
            for i, s in enumerate(seats):
                card = cards.draw(log)
                s.hand[card] += 1
                dealt[i].append(card)
        for i, d in enumerate(dealt):
            log.append({"event": "dealt_cards", "player": i, "cards": d})
        cards.settle(log)
        log.append({"event": "face_up", "cards": list(cards.face_up)})

        rng = seeded_rng(seed, "tickets")
        regular = [t.index for t in m.tickets if not t.long]
        rng.shuffle(regular)
        box = []
        if rules.setup_long_tickets:
            longs = [t.index for t in m.tickets if t.long]
            rng.shuffle(longs)
            for s in seats:
                s.offer.extend(longs[:rules.setup_long_tickets])
                del longs[:rules.setup_long_tickets]
            box = longs
        for i, s in enumerate(seats):
            s.offer.extend(regular[:rules.setup_regular_tickets])
            del regular[:rules.setup_regular_tickets]
            log.append({"event": "dealt_tickets", "player": i, "tickets": list(s.offer)})
        if box:
            log.append({"event": "long_tickets_to_box", "count": len(box)})
        return cls(m, seed, seats, cards, regular, box, SETUP, 0, {"kind": "tickets"},
                   None, 0, 0, log)

    @classmethod
    def arranged(cls, map="europe", players=("Ann", "Bo"), *, seed: int = 0, current=0,
                 hands=None, face_up=None, deck=None, discard=None, leftover=None,
                 routes=None, stations=None, tickets=None, ticket_deck=None) -> "Game":
        """A game in the middle of play, holding exactly the cards and pieces you give.

        For lessons and tests: force a situation (a tunnel about to reveal three locomotives,
        an empty deck, a player with 2 trains left...). Per-player arguments are lists in seat
        order (or dicts keyed by player name): ``hands`` (``{card: count}`` or a list of cards),
        ``routes`` (route numbers, or ``[city, city]`` / ``[city, city, colour]``), ``stations``
        (cities) and ``tickets`` (``[city, city]`` or ticket numbers). ``deck`` lists cards top
        first; ``ticket_deck`` lists tickets top first.

        Every one of the 110 cards must be somewhere: the cards you do not place are shuffled by
        ``seed`` and go, when ``face_up`` is not given, first to 5 face-up places (never 3
        locomotives; a ``face_up`` you give is kept as it is), then to
        ``leftover``: ``"deck"`` (under the given deck; the default when ``deck`` is not given),
        ``"discard"`` (the default when it is) or a player (their hand). Tickets nobody holds go
        to the ticket deck, or to the box when ``ticket_deck`` is given.

        >>> g = Game.arranged("europe", ["Ann", "Bo"], hands=[{"red": 3}, {}],
        ...                   face_up=["red"] * 5, deck=["blue", "locomotive"])
        >>> g.hand("Ann"), g.cards.deck, len(g.cards.discard)
        ({'red': 3}, ['blue', 'locomotive'], 100)
        """
        state = arranged_state(map, players, seed=seed, current=current, hands=hands,
                               face_up=face_up, deck=deck, discard=discard, leftover=leftover,
                               routes=routes, stations=stations, tickets=tickets,
                               ticket_deck=ticket_deck)
        game = cls.from_dict(state)
        game._log.append({"event": "start", "state": game.to_dict()})
        return game

    @classmethod
    def from_dict(cls, d) -> "Game":
        """The game whose :meth:`to_dict` is ``d``; a broken state raises :class:`PositionError`.

        The state is checked (:func:`~ttr_teach.engine.game.state.read_state`): all 110 cards, all
        tickets, every train and station accounted for, and nobody owning what the rules forbid.
        """
        return cls(**read_state(d))

    @classmethod
    def replay(cls, source) -> "Game":
        """Rebuild a game from its log: a ``to_dict()``, a log list, or a Game.

        The log's first entry says how the game began (``new_game``: map, players, seed; or
        ``start``: an arranged state), and every ``action`` entry is applied again in order.
        The rebuilt game's log must match the given one, or :class:`PositionError` is raised.
        """
        if isinstance(source, Game):
            log = source._log
        elif isinstance(source, dict):
            log = source.get("log")
        else:
            log = source
        if not isinstance(log, list) or not log or not isinstance(log[0], dict):
            raise PositionError("replay: give a game, its to_dict(), or its log (a non-empty list)")
        first = log[0]
        if first.get("event") == "new_game":
            game = cls.new(first.get("map"), first.get("players"), first.get("seed"))
        elif first.get("event") == "start":
            game = cls.from_dict(first.get("state"))
            game._log = [plain_copy(first)]
        else:
            raise PositionError("replay: the log does not begin with how the game started "
                                "(a 'new_game' or 'start' entry)")
        for k, entry in enumerate(log):
            if isinstance(entry, dict) and entry.get("event") == "action":
                try:
                    game.apply(entry.get("action"))
                except IllegalAction as e:
                    raise PositionError(f"replay: log entry {k} cannot be replayed: {e}") from None
        if game._log != log:
            raise PositionError("replay: replaying the actions does not give the events in the log")
        return game

    def to_dict(self, log: bool = True) -> dict:
        """The whole state as plain JSON types (see the module docstring).

        ``log=False`` leaves out the log: a smaller state that :meth:`from_dict` still reads
        (with an empty log), but that :meth:`replay` cannot rebuild.
        """
        d = {
            "format": STATE_FORMAT, "version": STATE_VERSION, "map": self.map.name, "seed": self.seed,
            "phase": self.phase, "current": self._current, "turn": self.turn,
            "players": [s.to_dict() for s in self._seats],
            **self.cards.to_dict(),
            "ticket_deck": list(self._ticket_deck), "ticket_box": list(self._ticket_box),
            "pending": plain_copy(self._pending),
            "final_turns_left": self._final_turns_left, "passes": self._passes,
        }
        if log:
            d["log"] = plain_copy(self._log)
        return d

    def copy(self) -> "Game":
        """An independent copy of this game."""
        return Game.from_dict(self.to_dict())

    # == what a learner reads =======================================================================
    @property
    def players(self) -> list:
        """The players' names in seat order (play goes clockwise: seat 0, 1, 2, ...)."""
        return [s.name for s in self._seats]

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def current_player(self):
        """Seat index of the player to act, or None when the game is over."""
        return None if self.phase == OVER else self._current

    @property
    def current_name(self):
        return None if self.phase == OVER else self._seats[self._current].name

    @property
    def pending(self):
        """The decision the current player must make inside their turn, or None.

        ``{"kind": "tickets", "tickets": [...], "keep_at_least": n}``, ``{"kind": "second_card"}`` or
        ``{"kind": "tunnel", "route": i, "revealed": [...], "extra": n, ...}``.
        """
        if self._pending is None:
            return None
        p = plain_copy(self._pending)
        if p["kind"] == "tickets":
            p["tickets"] = list(self._seats[self._current].offer)
            p["keep_at_least"] = self._min_keep()
        elif p["kind"] == "tunnel":
            p["extra"] = self._tunnel_cost().count
        return p

    @property
    def face_up(self) -> list:
        return list(self.cards.face_up)

    @property
    def deck_size(self) -> int:
        return len(self.cards.deck)

    @property
    def discard_size(self) -> int:
        return len(self.cards.discard)

    @property
    def tickets_left(self) -> int:
        """Tickets left in the ticket deck."""
        return len(self._ticket_deck)

    @property
    def log(self) -> list:
        """What happened: ``action`` entries and the events they caused (cards dealt, drawn,
        revealed, reshuffles, face-up redeals, claims, the final round...)."""
        return plain_copy(self._log)

    def seat(self, player=None) -> int:
        """Seat index of ``player`` (a name or an index; None means the current player)."""
        if player is None:
            return self._current
        if isinstance(player, int) and not isinstance(player, bool) and 0 <= player < len(self._seats):
            return player
        for i, s in enumerate(self._seats):
            if s.name == player:
                return i
        raise TTRError(f"there is no player {player!r} in this game (players: {', '.join(self.players)})")

    def hand(self, player=None) -> dict:
        """The train cards in ``player``'s hand: card kind -> count (kinds held only)."""
        return {k: v for k, v in self._seats[self.seat(player)].hand.items() if v}

    def trains_left(self, player=None) -> int:
        s = self._seats[self.seat(player)]
        return self.rules.trains_per_player - sum(self.map.routes[r].length for r in s.routes)

    def stations_left(self, player=None) -> int:
        return self.rules.stations_per_player - len(self._seats[self.seat(player)].stations)

    def score(self, player=None) -> int:
        """Points scored so far: the route points, which are scored as each route is claimed."""
        s = self._seats[self.seat(player)]
        return sum(self.rules.route_points(self.map.routes[r].length) for r in s.routes)

    def routes(self, player=None) -> list:
        return [self.map.routes[r] for r in self._seats[self.seat(player)].routes]

    def stations(self, player=None) -> list:
        return list(self._seats[self.seat(player)].stations)

    def tickets(self, player=None) -> list:
        """The tickets ``player`` has kept (kept tickets are never given back)."""
        return [self.map.tickets[t] for t in self._seats[self.seat(player)].tickets]

    def to_position(self) -> Position:
        """The board as a :class:`~ttr_teach.engine.position.Position`: routes, stations, kept tickets."""
        return Position(self.map, tuple(
            PlayerPosition(s.name, tuple(self.map.routes[r] for r in s.routes), tuple(s.stations),
                           tuple(self.map.tickets[t] for t in s.tickets),
                           PLAYER_COLORS[i % len(PLAYER_COLORS)], self.rules.trains_per_player)
            for i, s in enumerate(self._seats)))

    def final_scores(self) -> dict:
        """``score_position(self.to_position())``: the final result once :attr:`is_over`
        (before that, the result if the game stopped now)."""
        from ..scoring import score_position

        return score_position(self.to_position())

    def _repr_svg_(self):
        from ...views.svg import board_svg

        return board_svg(self)

    def __repr__(self):
        if self.phase == OVER:
            state = "over"
        else:
            state = f"{self._seats[self._current].name} to {'choose tickets' if self.phase == SETUP else 'play'}"
        return f"<Game {self.map.name} seed={self.seed}, {len(self._seats)} players, turn {self.turn}: {state}>"

    # == legal actions ==============================================================================
    def legal_actions(self) -> list:
        """Exactly the actions :meth:`apply` accepts now, with readable labels.

        Inside a turn these are the decisions (second card, tunnel payment or decline, tickets
        to keep). Payments are listed as (colour, cards of it, locomotives), not card by card.
        """
        if self.phase == OVER:
            return []
        kind = self._pending and self._pending["kind"]
        if kind == "tickets":
            return self._keep_options()
        if kind == "second_card":
            return self._card_draws(second=True)
        if kind == "tunnel":
            return self._tunnel_options()
        actions = self._card_draws(second=False)
        if self._ticket_deck:
            actions.append(DrawTickets())
        actions += self._claims()
        actions += self._station_builds()
        return actions or [Pass()]

    def _card_draws(self, second: bool) -> list:
        actions = [DrawBlind()] if self.cards.can_draw() else []
        choices = self.cards.face_up_choices(second)
        return actions + [DrawFaceUp(kind) for kind in CARD_KINDS if kind in choices]

    def _claimable_routes(self) -> list:
        """The routes the current player has the trains for and may own, by the rules of
        :mod:`ttr_teach.engine.claims`."""
        n, trains = len(self._seats), self.trains_left()
        return [r for r in self.map.routes
                if not (why_trains_short(trains, r)
                        or why_route_unavailable(self.map, n, self._owners, r, self._current))]

    def _claims(self) -> list:
        seat = self._seats[self._current]
        options = {}  # routes of the same length, colour and ferry symbols are paid alike
        actions = []
        for r in self._claimable_routes():
            cost = (r.length, r.color, r.locomotives)
            if cost not in options:
                options[cost] = payment_options(route_cost(r), seat.hand)
            if options[cost]:
                label = str(r)
                for color, colored, locos in options[cost]:
                    actions.append(ClaimRoute(r.index, color, colored, locos, label=label))
        return actions

    def _station_builds(self) -> list:
        seat = self._seats[self._current]
        built = len(seat.stations)
        cities = [city for city in self.map.cities
                  if why_station_unavailable(self.map, self._station_owners, city, built) is None]
        if not cities:
            return []
        options = payment_options(station_cost(self.rules, built + 1), seat.hand)
        return [BuildStation(city, *option) for city in cities for option in options]

    def _keep_options(self) -> list:
        offer = sorted(self._seats[self._current].offer)
        actions = []
        for size in range(self._min_keep(), len(offer) + 1):
            for kept in itertools.combinations(offer, size):
                label = ", ".join(str(self.map.tickets[t]) for t in kept)
                actions.append(KeepTickets(kept, label=label))
        return actions

    def _tunnel_options(self) -> list:
        options = payment_options(self._tunnel_cost(), self._seats[self._current].hand)
        return [PayTunnel(*o) for o in options] + [DeclineTunnel()]

    def _tunnel_cost(self):
        """The :class:`~ttr_teach.engine.payment.Cost` of the extra cards the pending tunnel asks for."""
        p = self._pending
        return tunnel_extra_cost(p["color"], tunnel_extra(p["revealed"], p["color"]))

    def _min_keep(self) -> int:
        at_least = self.rules.setup_keep_at_least if self.phase == SETUP else self.rules.draw_keep_at_least
        return min(at_least, len(self._seats[self._current].offer))

    def _can_act(self) -> bool:
        """True when the current player (with no decision pending) has an action besides passing."""
        if self.cards.can_draw() or self.cards.face_up or self._ticket_deck:
            return True
        return bool(self._claims() or self._station_builds())

    # == why an action is illegal ===================================================================
    def why_illegal(self, action):
        """Why :meth:`apply` would refuse ``action`` (an Action or its dict), or None if legal."""
        if isinstance(action, dict):
            try:
                action = action_from_dict(action)
            except IllegalAction as e:
                return str(e)
        return self._why_illegal(action)

    def _why_illegal(self, a):
        if not isinstance(a, Action):
            return f"{a!r} is not an action; use one from legal_actions() or its to_dict() form"
        why = a.problem()
        if why:
            return why
        if self.phase == OVER:
            return "the game is over; no more actions can be taken"
        name = self._seats[self._current].name
        kind = self._pending and self._pending["kind"]
        if kind == "tickets":
            if not isinstance(a, KeepTickets):
                if self.phase == SETUP:
                    return (f"the game has not started: each player first chooses which dealt tickets "
                            f"to keep, and it is {name}'s turn to choose")
                return f"{name} must first choose which of the drawn tickets to keep"
            return self._why_not_keep(a)
        if kind == "second_card":
            if not isinstance(a, (DrawBlind, DrawFaceUp)):
                return (f"{name} has drawn one train card and must draw a second one (blind, or a "
                        "face-up card that is not a locomotive)")
            return self._why_not_draw(a, second=True)
        if kind == "tunnel":
            if isinstance(a, DeclineTunnel):
                return None
            if not isinstance(a, PayTunnel):
                return f"{name} must first pay the extra cards for the tunnel or decline it"
            return self._why_not_pay_tunnel(a)
        if isinstance(a, (DrawBlind, DrawFaceUp)):
            return self._why_not_draw(a, second=False)
        if isinstance(a, ClaimRoute):
            return self._why_not_claim(a)
        if isinstance(a, DrawTickets):
            return None if self._ticket_deck else "the ticket deck is empty, so no tickets can be drawn"
        if isinstance(a, BuildStation):
            return self._why_not_station(a)
        if isinstance(a, Pass):
            return None if not self._can_act() else (
                "you can still take an action (draw cards or tickets, claim a route or build a "
                "station), so you may not pass")
        if isinstance(a, (PayTunnel, DeclineTunnel)):
            return "there is no tunnel waiting to be paid for"
        if isinstance(a, KeepTickets):
            return "you have no tickets to choose from; draw tickets first"
        return f"{a} is not an action of this game"

    def _why_not_draw(self, a, second: bool):
        if isinstance(a, DrawBlind):
            if not self.cards.can_draw():
                return "there are no cards left to draw: the deck and the discard pile are both empty"
            return None
        if a.card not in self.cards.face_up:
            return f"there is no face-up {a.card}" + ("" if a.card == LOCOMOTIVE else " card")
        if a.card not in self.cards.face_up_choices(second):
            return "a face-up locomotive cannot be your second card"
        return None

    def _why_not_claim(self, a: ClaimRoute):
        if a.route >= len(self.map.routes):
            return (f"there is no route number {a.route} on the {self.map.name} map "
                    f"(routes are numbered 0 to {len(self.map.routes) - 1})")
        r = self.map.routes[a.route]
        why = (why_route_unavailable(self.map, len(self._seats), self._owners, r, self._current)
               or why_trains_short(self.trains_left(), r))
        if why:
            return why
        return self._why_not_pay(route_cost(r), a)

    def _why_not_station(self, a: BuildStation):
        try:
            city = self.map.city_id(a.city)
        except MapError as e:
            # in an edition without stations, say that rather than that the city is unknown
            return why_station_unavailable(self.map, {}, None, 0) or str(e)
        built = len(self._seats[self._current].stations)
        why = why_station_unavailable(self.map, self._station_owners, city, built)
        if why:
            return why
        return self._why_not_pay(station_cost(self.rules, built + 1), a)

    def _why_not_pay(self, cost, pay):
        """The payment rules of :mod:`ttr_teach.engine.payment` applied to the current player's hand."""
        return why_payment_refused(cost, self._seats[self._current].hand, pay.color, pay.colored,
                                   pay.locomotives)

    def _why_not_pay_tunnel(self, a: PayTunnel):
        return self._why_not_pay(self._tunnel_cost(), a)

    def _why_not_keep(self, a: KeepTickets):
        offer = self._seats[self._current].offer
        for t in a.tickets:
            if t not in offer:
                what = str(self.map.tickets[t]) if t < len(self.map.tickets) else f"#{t}"
                return f"ticket {what} is not one of the tickets you are choosing from"
        at_least = self._min_keep()
        if len(a.tickets) < at_least:
            return f"you must keep at least {at_least} of your {len(offer)} tickets"
        return None

    # == applying actions ===========================================================================
    def apply(self, action) -> list:
        """Play ``action`` (an Action or its dict form) for the current player.

        Returns the log entries it produced (what was drawn, revealed, claimed...). An action
        the rules forbid raises :class:`~ttr_teach.engine.errors.IllegalAction` with the reason, and the
        game is left exactly as it was.
        """
        if not isinstance(action, Action):
            action = action_from_dict(action)
        why = self._why_illegal(action)
        if why:
            raise IllegalAction(why)
        if isinstance(action, BuildStation):
            action = BuildStation(self.map.city_id(action.city), action.color, action.colored,
                                  action.locomotives)
        start = len(self._log)
        self._log.append({"event": "action", "player": self._current, "action": action.to_dict()})
        getattr(self, "_do_" + action.type)(action)
        return plain_copy(self._log[start:])

    def describe(self, action) -> str:
        """``action`` in words, naming routes and tickets from this game's map."""
        return describe_action(self.map, action)

    # -- drawing cards --
    def _do_draw_blind(self, a):
        second = self._pending is not None
        card = self.cards.draw(self._log)
        self._seats[self._current].hand[card] += 1
        self._log.append({"event": "drew", "player": self._current, "card": card, "from": "deck"})
        self._after_card(second)

    def _do_draw_face_up(self, a):
        second = self._pending is not None
        self._seats[self._current].hand[a.card] += 1
        self._log.append({"event": "drew", "player": self._current, "card": a.card, "from": "face_up"})
        self.cards.take_face_up(a.card, self._log)
        if not second and a.card == LOCOMOTIVE:
            self._end_turn()
        else:
            self._after_card(second)

    def _after_card(self, second: bool):
        if second:
            self._end_turn()
        elif self.cards.can_draw_second():
            self._pending = {"kind": "second_card"}
        else:
            self._log.append({"event": "no_second_card", "player": self._current})
            self._end_turn()

    # -- claiming routes --
    def _take_from_hand(self, color, colored: int, locomotives: int) -> list:
        hand = self._seats[self._current].hand
        if colored:
            hand[color] -= colored
        hand[LOCOMOTIVE] -= locomotives
        return [color] * colored + [LOCOMOTIVE] * locomotives

    def _do_claim_route(self, a: ClaimRoute):
        r = self.map.routes[a.route]
        played = self._take_from_hand(a.color, a.colored, a.locomotives)
        if r.tunnel:
            revealed = self.cards.reveal(self.rules.tunnel_reveal, self._log)
            extra = tunnel_extra(revealed, a.color)
            self._log.append({"event": "tunnel_reveal", "player": self._current, "route": r.index,
                              "cards": list(revealed), "extra": extra})
            if extra:
                self._pending = {"kind": "tunnel", "route": r.index, "color": a.color,
                                 "colored": a.colored, "locomotives": a.locomotives,
                                 "revealed": revealed}
                return
            self.cards.discard.extend(revealed)
        self.cards.discard.extend(played)
        self._place_route(r)
        self._end_turn()

    def _do_pay_tunnel(self, a: PayTunnel):
        p = self._pending
        extra = self._take_from_hand(a.color, a.colored, a.locomotives)
        played = [p["color"]] * p["colored"] + [LOCOMOTIVE] * p["locomotives"]
        self.cards.discard.extend(played + extra + p["revealed"])
        self._place_route(self.map.routes[p["route"]])
        self._end_turn()

    def _do_decline_tunnel(self, a):
        p = self._pending
        hand = self._seats[self._current].hand
        if p["colored"]:
            hand[p["color"]] += p["colored"]
        hand[LOCOMOTIVE] += p["locomotives"]
        self.cards.discard.extend(p["revealed"])
        self._log.append({"event": "tunnel_declined", "player": self._current, "route": p["route"]})
        self._end_turn()

    def _place_route(self, r):
        self._owners[r.index] = self._current
        self._seats[self._current].routes.append(r.index)
        self._log.append({"event": "claimed", "player": self._current, "route": r.index,
                          "points": self.rules.route_points(r.length)})

    # -- tickets --
    def _do_draw_tickets(self, a):
        k = min(self.rules.draw_tickets, len(self._ticket_deck))
        drawn = self._ticket_deck[:k]
        del self._ticket_deck[:k]
        self._seats[self._current].offer = drawn
        self._pending = {"kind": "tickets"}
        self._log.append({"event": "tickets_drawn", "player": self._current, "tickets": list(drawn)})

    def _do_keep_tickets(self, a: KeepTickets):
        seat = self._seats[self._current]
        returned = [t for t in seat.offer if t not in a.tickets]
        seat.tickets.extend(a.tickets)
        seat.offer = []
        to_box = self.phase == SETUP and self.rules.setup_returned_to_box
        (self._ticket_box if to_box else self._ticket_deck).extend(returned)
        self._log.append({"event": "tickets_kept", "player": self._current, "kept": list(a.tickets),
                          "returned": returned, "to": "box" if to_box else "bottom of the ticket deck"})
        self._pending = None
        if self.phase != SETUP:
            self._end_turn()
        elif self._current + 1 < len(self._seats):
            self._current += 1
            self._pending = {"kind": "tickets"}
        else:
            self.phase = PLAY
            self._current = 0
            self._log.append({"event": "play_begins", "player": 0})

    # -- stations --
    def _do_build_station(self, a: BuildStation):
        self.cards.discard.extend(self._take_from_hand(a.color, a.colored, a.locomotives))
        self._seats[self._current].stations.append(a.city)
        self._station_owners[a.city] = self._current
        self._log.append({"event": "station_built", "player": self._current, "city": a.city})
        self._end_turn()

    def _do_pass(self, a):
        self._end_turn(passed=True)

    # -- the end of a turn and of the game --
    def _end_turn(self, passed: bool = False):
        player = self._current
        n = len(self._seats)
        self._pending = None
        self.cards.settle(self._log)
        self.turn += 1
        self._passes = self._passes + 1 if passed else 0
        if self._final_turns_left is not None:
            self._final_turns_left -= 1
            if self._final_turns_left == 0:
                return self._finish("the final round has been played")
        elif self.trains_left(player) <= self.rules.end_trigger_trains:
            self._final_turns_left = n
            self._log.append({"event": "final_round", "player": player,
                              "trains": self.trains_left(player)})
        if self._passes >= n:
            return self._finish("every player had to pass, so nothing can change any more")
        self._current = (player + 1) % n

    def _finish(self, reason: str):
        self.phase = OVER
        self._log.append({"event": "game_over", "reason": reason})

    # == a readable history =========================================================================
    def history(self) -> list:
        """The log as sentences, one per entry that a player would see or announce."""
        return history_lines(self.map, self.players, self._log)
