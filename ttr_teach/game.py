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
discards each use a generator made from ``(seed, purpose)`` (see :func:`~ttr_teach.cards.seeded_rng`),
so :meth:`Game.replay` rebuilds a game exactly from its log.

Readings of the rules that the rulebook leaves open (each is tested):

* Set-up: players choose their tickets one after the other in seat order (the rulebook has
  them choose at the same time; no one sees another's choice either way), then seat 0 plays.
* The face-up row is filled again at the end of every turn if places were left empty because
  the deck and the discards had run out. The 3-locomotive redeal stops when no redeal could
  ever show fewer than 3 locomotives (see :meth:`~ttr_teach.cards.TrainCards.reset_can_end`).
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
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache

from .actions import (Action, BuildStation, ClaimRoute, DeclineTunnel, DrawBlind, DrawFaceUp,
                      DrawTickets, KeepTickets, Pass, PayTunnel, action_from_dict)
from .cards import CARD_KINDS, TrainCards, empty_hand, full_deck, hand_of, seeded_rng, tunnel_extra
from .claims import why_route_unavailable, why_station_unavailable, why_trains_short
from .errors import IllegalAction, MapError, PositionError, TTRError
from .mapdata import Map, load_map
from .payment import (payment_options, route_cost, station_cost, tunnel_extra_cost,
                      why_payment_refused)
from .position import PLAYER_COLORS, PlayerPosition, Position
from .rules import COLORS, LOCOMOTIVE

SETUP, PLAY, OVER = "setup", "play", "over"
STATE_FORMAT = "ttr-teach game"
STATE_VERSION = 1


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _plain_copy(x):
    """A deep copy of nested dicts and lists of JSON scalars (much faster than copy.deepcopy)."""
    if isinstance(x, dict):
        return {k: _plain_copy(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_plain_copy(v) for v in x]
    return x


@dataclass
class _Seat:
    """One player's private and public holdings (mutable; only the Game changes it)."""

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
        choose which tickets to keep (:class:`~ttr_teach.actions.KeepTickets`).
        """
        m = load_map(map)
        rules = m.rules
        names = _check_names(players, rules)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TTRError(f"the seed must be a whole number, not {seed!r}")
        log = [{"event": "new_game", "map": m.name, "players": list(names), "seed": seed}]
        seats = [_Seat(n) for n in names]
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
        m = load_map(map)
        rules = m.rules
        names = _check_names(players, rules)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TTRError(f"the seed must be a whole number, not {seed!r}")
        n = len(names)
        seat_hands = [_read_hand(h, names[i]) for i, h in enumerate(_per_seat(hands, names, "hands"))]
        placed = {}
        for where, cards in (("face_up", face_up), ("deck", deck), ("discard", discard)):
            placed[where] = None if cards is None else _read_cards(cards, where)
        pool = Counter(full_deck())
        for h in seat_hands:
            pool.subtract(h)
        for cards in placed.values():
            pool.subtract(cards or [])
        over = [k for k in CARD_KINDS if pool[k] < 0]
        if over:
            k = over[0]
            total = Counter(full_deck())[k]
            raise PositionError(f"arranged game: more {k} cards are placed than the {total} that exist")
        rest = list(pool.elements())
        rest.sort(key=CARD_KINDS.index)
        seeded_rng(seed, "arranged cards").shuffle(rest)
        if placed["face_up"] is None:
            placed["face_up"], rest = _deal_face_up(rest, rules)
        if leftover is None:
            leftover = "deck" if placed["deck"] is None else "discard" if placed["discard"] is None else None
        for where in ("deck", "discard"):
            if placed[where] is None:
                placed[where] = []
        if rest:
            if leftover in ("deck", "discard"):
                placed[leftover].extend(rest)
            elif leftover is not None and (leftover in names or (isinstance(leftover, int) and 0 <= leftover < n)):
                seat = names.index(leftover) if leftover in names else leftover
                for c in rest:
                    seat_hands[seat][c] += 1
            else:
                raise PositionError(f"arranged game: {len(rest)} cards have no place; give leftover="
                                    "'deck', 'discard' or a player's name")

        seat_routes = [[] for _ in names]
        taken = set()
        for i, specs in enumerate(_per_seat(routes, names, "routes")):
            for spec in specs or []:
                r = _read_route(m, spec, taken, names[i])
                taken.add(r)
                seat_routes[i].append(r)
        seat_stations = [[_city_id(m, c, names[i]) for c in (cs or [])]
                         for i, cs in enumerate(_per_seat(stations, names, "stations"))]
        seat_tickets = [[_read_ticket(m, t, names[i]) for t in (ts or [])]
                        for i, ts in enumerate(_per_seat(tickets, names, "tickets"))]
        held = {t for ts in seat_tickets for t in ts}
        if ticket_deck is None:
            tdeck = [t.index for t in m.tickets if t.index not in held]
            seeded_rng(seed, "arranged tickets").shuffle(tdeck)
            box = []
        else:
            if not isinstance(ticket_deck, (list, tuple)):
                raise PositionError("arranged game: ticket_deck must be a list of tickets")
            tdeck = [_read_ticket(m, t, "the ticket deck") for t in ticket_deck]
            box = [t.index for t in m.tickets if t.index not in held and t.index not in tdeck]
        if isinstance(current, str) and current in names:
            current = names.index(current)
        state = {
            "format": STATE_FORMAT, "version": STATE_VERSION, "map": m.name, "seed": seed,
            "phase": PLAY, "current": current, "turn": 0,
            "players": [{"name": names[i], "hand": seat_hands[i], "routes": seat_routes[i],
                         "stations": seat_stations[i], "tickets": seat_tickets[i], "offer": []}
                        for i in range(n)],
            "deck": placed["deck"], "discard": placed["discard"], "face_up": placed["face_up"],
            "shuffles": 0, "ticket_deck": tdeck, "ticket_box": box, "pending": None,
            "final_turns_left": None, "passes": 0, "log": [],
        }
        game = cls.from_dict(state)
        game._log.append({"event": "start", "state": game.to_dict()})
        return game

    @classmethod
    def from_dict(cls, d) -> "Game":
        """The game whose :meth:`to_dict` is ``d``; a broken state raises :class:`PositionError`.

        The state is checked: all 110 cards, all tickets, every train and station accounted
        for, and nobody owning what the rules forbid.
        """
        try:
            return _read_state(cls, d)
        except TTRError:
            raise
        except KeyError as e:
            raise PositionError(f"game state: the field {e.args[0]!r} is missing") from None
        except (TypeError, ValueError, AttributeError, IndexError) as e:
            raise PositionError(f"game state: not a valid game state ({type(e).__name__}: {e})") from None

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
            game._log = [_plain_copy(first)]
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
            "pending": _plain_copy(self._pending),
            "final_turns_left": self._final_turns_left, "passes": self._passes,
        }
        if log:
            d["log"] = _plain_copy(self._log)
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
        p = _plain_copy(self._pending)
        if p["kind"] == "tickets":
            p["tickets"] = list(self._seats[self._current].offer)
            p["keep_at_least"] = self._min_keep()
        elif p["kind"] == "tunnel":
            p["extra"] = tunnel_extra(p["revealed"], p["color"])
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
        return _plain_copy(self._log)

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
        """The board as a :class:`~ttr_teach.position.Position`: routes, stations, kept tickets."""
        return Position(self.map, tuple(
            PlayerPosition(s.name, tuple(self.map.routes[r] for r in s.routes), tuple(s.stations),
                           tuple(self.map.tickets[t] for t in s.tickets),
                           PLAYER_COLORS[i % len(PLAYER_COLORS)], self.rules.trains_per_player)
            for i, s in enumerate(self._seats)))

    def final_scores(self) -> dict:
        """``score_position(self.to_position())``: the final result once :attr:`is_over`
        (before that, the result if the game stopped now)."""
        from .scoring import score_position

        return score_position(self.to_position())

    def _repr_svg_(self):
        from .svg import board_svg

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
        for kind in CARD_KINDS:
            if kind in self.cards.face_up and not (second and kind == LOCOMOTIVE):
                actions.append(DrawFaceUp(kind))
        return actions

    def _claims(self) -> list:
        seat = self._seats[self._current]
        trains = self.trains_left()
        n = len(self._seats)
        doubles = _double_route_indices(self.map)
        options = {}  # routes of the same length, colour and ferry symbols are paid alike
        actions = []
        for r in self.map.routes:
            if (r.index in self._owners or r.length > trains or (
                    r.index in doubles and why_route_unavailable(self.map, n, self._owners, r, self._current))):
                continue
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
        if built >= self.rules.stations_per_player:
            return []
        options = payment_options(station_cost(self.rules, built + 1), seat.hand)
        return [BuildStation(city, *option) for city in self.map.cities
                if city not in self._station_owners for option in options]

    def _keep_options(self) -> list:
        offer = sorted(self._seats[self._current].offer)
        actions = []
        for size in range(self._min_keep(), len(offer) + 1):
            for kept in itertools.combinations(offer, size):
                label = ", ".join(str(self.map.tickets[t]) for t in kept)
                actions.append(KeepTickets(kept, label=label))
        return actions

    def _tunnel_options(self) -> list:
        p = self._pending
        cost = tunnel_extra_cost(p["color"], tunnel_extra(p["revealed"], p["color"]))
        options = payment_options(cost, self._seats[self._current].hand)
        return [PayTunnel(*o) for o in options] + [DeclineTunnel()]

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
        if second and a.card == LOCOMOTIVE:
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
        if not self.rules.has_stations:
            return f"there are no stations in the {self.map.name} game"
        try:
            city = self.map.city_id(a.city)
        except MapError as e:
            return str(e)
        built = len(self._seats[self._current].stations)
        why = why_station_unavailable(self.map, self._station_owners, city, built)
        if why:
            return why
        return self._why_not_pay(station_cost(self.rules, built + 1), a)

    def _why_not_pay(self, cost, pay):
        """The payment rules of :mod:`ttr_teach.payment` applied to the current player's hand."""
        return why_payment_refused(cost, self._seats[self._current].hand, pay.color, pay.colored,
                                   pay.locomotives)

    def _why_not_pay_tunnel(self, a: PayTunnel):
        p = self._pending
        return self._why_not_pay(tunnel_extra_cost(p["color"], tunnel_extra(p["revealed"], p["color"])), a)

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
        the rules forbid raises :class:`~ttr_teach.errors.IllegalAction` with the reason, and the
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
        return _plain_copy(self._log[start:])

    def describe(self, action) -> str:
        """``action`` in words, naming routes and tickets from this game's map."""
        if isinstance(action, dict):
            action = action_from_dict(action)
        if isinstance(action, ClaimRoute) and not action.label and action.route < len(self.map.routes):
            return str(ClaimRoute(action.route, action.color, action.colored, action.locomotives,
                                  label=str(self.map.routes[action.route])))
        if isinstance(action, KeepTickets) and not action.label and all(
                t < len(self.map.tickets) for t in action.tickets):
            return str(KeepTickets(action.tickets, label=", ".join(str(self.map.tickets[t]) for t in action.tickets)))
        return str(action)

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
        elif self.cards.can_draw() or any(c != LOCOMOTIVE for c in self.cards.face_up):
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
        lines = []
        for e in self._log:
            text = self._event_text(e)
            if text:
                lines.append(text)
        return lines

    def _event_text(self, e):
        kind = e.get("event")
        who = self._seats[e["player"]].name if "player" in e else None
        if kind == "action":
            return f"{who}: {self.describe(e['action'])}"
        if kind == "new_game":
            return f"new {e['map']} game for {', '.join(e['players'])} (seed {e['seed']})"
        if kind == "start":
            return "game arranged"
        if kind == "face_up":
            return f"face up: {', '.join(e['cards'])}"
        if kind == "face_up_reset":
            return (f"3 face-up locomotives: {', '.join(e['discarded'])} discarded; "
                    f"new face-up cards: {', '.join(e['face_up'])}")
        if kind == "reshuffle":
            return f"the discard pile ({_plural(e['cards'], 'card')}) is shuffled into a new deck"
        if kind == "tunnel_reveal":
            return f"tunnel: revealed {', '.join(e['cards']) or 'nothing'}; {_plural(e['extra'], 'extra card')}"
        if kind == "claimed":
            return f"{who} claims {self.map.routes[e['route']]} for {_plural(e['points'], 'point')}"
        if kind == "final_round":
            return f"{who} has {_plural(e['trains'], 'train')} left: everyone plays one more turn"
        if kind == "game_over":
            return f"game over: {e['reason']}"
        if kind == "tickets_kept":
            return f"{who} keeps {len(e['kept'])} and returns {len(e['returned'])} (to the {e['to']})"
        if kind == "station_built":
            return f"{who} builds a station in {self.map.cities[e['city']].name}"
        if kind == "drew" and e["from"] == "deck":
            return f"{who} draws {e['card']} from the deck"
        if kind == "replacement" and e["card"] is not None:
            return f"turned face up: {e['card']}"
        if kind == "tickets_drawn":
            names = ", ".join(str(self.map.tickets[t]) for t in e["tickets"])
            return f"{who} draws {_plural(len(e['tickets']), 'ticket')}: {names}"
        if kind == "no_second_card":
            return f"{who} cannot draw a second card; the turn ends"
        return None


@lru_cache(maxsize=None)
def _double_route_indices(m: Map) -> frozenset:
    return frozenset(r.index for pair in m.double_pairs for r in pair)


# == helpers for construction and reading states =====================================================
def _check_names(players, rules) -> list:
    if isinstance(players, str) or not isinstance(players, (list, tuple)):
        raise TTRError("players must be a list of names, e.g. ['Ann', 'Bo']")
    names = list(players)
    if not rules.min_players <= len(names) <= rules.max_players:
        raise TTRError(f"{len(names)} players: the game is for {rules.min_players} to {rules.max_players}")
    for n in names:
        if not isinstance(n, str) or not n.strip():
            raise TTRError(f"a player's name must be non-empty text, not {n!r}")
    if len(set(names)) != len(names):
        raise TTRError("two players have the same name")
    return names


def _deal_face_up(cards: list, rules) -> tuple:
    """``(face_up, rest)``: the first cards of ``cards`` to show, skipping locomotives that would
    make 3 face up (unless nothing else is left: then, as in play, the redeal stops)."""
    limit = rules.face_up_locomotive_reset - 1
    chosen, locomotives = [], 0
    for k, c in enumerate(cards):
        if len(chosen) == rules.face_up_cards:
            break
        if c == LOCOMOTIVE:
            if locomotives == limit:
                continue
            locomotives += 1
        chosen.append(k)
    for k in range(len(cards)):            # too few other cards: fill with what there is
        if len(chosen) == rules.face_up_cards:
            break
        if k not in chosen:
            chosen.append(k)
    taken = set(chosen)
    return [cards[k] for k in chosen], [c for k, c in enumerate(cards) if k not in taken]


def _per_seat(value, names, what) -> list:
    if value is None:
        return [None] * len(names)
    if isinstance(value, dict):
        unknown = [k for k in value if k not in names]
        if unknown:
            raise PositionError(f"arranged game: {what} names unknown player {unknown[0]!r}")
        return [value.get(n) for n in names]
    if isinstance(value, (list, tuple)) and len(value) <= len(names):
        return list(value) + [None] * (len(names) - len(value))
    raise PositionError(f"arranged game: {what} must be a list (one entry per player) or a dict by name")


def _read_cards(cards, where) -> list:
    if not isinstance(cards, (list, tuple)) or not all(c in CARD_KINDS for c in cards):
        raise PositionError(f"arranged game: {where} must be a list of cards "
                            f"({', '.join(CARD_KINDS)})")
    return list(cards)


def _read_hand(h, name) -> dict:
    if h is None:
        return empty_hand()
    if isinstance(h, dict):
        hand = empty_hand()
        for k, v in h.items():
            if k not in hand or not isinstance(v, int) or isinstance(v, bool) or v < 0:
                raise PositionError(f"arranged game: player {name!r}: hand entry {k!r}: {v!r} is not "
                                    "a card kind with a count")
            hand[k] = v
        return hand
    return hand_of(_read_cards(h, f"player {name!r}'s hand"))


def _city_id(m, c, who) -> str:
    try:
        return m.city_id(c)
    except MapError as e:
        raise PositionError(f"arranged game: {who}: {e}") from None


def _read_route(m, spec, taken, who) -> int:
    if isinstance(spec, int) and not isinstance(spec, bool) and 0 <= spec < len(m.routes):
        return spec
    if isinstance(spec, (list, tuple)) and len(spec) in (2, 3):
        try:
            found = m.routes_between(spec[0], spec[1])
        except MapError as e:
            raise PositionError(f"arranged game: {who}: {e}") from None
        if len(spec) == 3:
            found = [r for r in found if r.color == spec[2]]
        free = [r.index for r in found if r.index not in taken]
        if free:
            return free[0]
    raise PositionError(f"arranged game: {who}: {spec!r} does not name a free route of the map")


def _read_ticket(m, spec, who) -> int:
    if isinstance(spec, int) and not isinstance(spec, bool) and 0 <= spec < len(m.tickets):
        return spec
    if isinstance(spec, (list, tuple)) and len(spec) == 2:
        try:
            return m.ticket(*spec).index
        except MapError as e:
            raise PositionError(f"arranged game: {who}: {e}") from None
    raise PositionError(f"arranged game: {who}: {spec!r} does not name a ticket")


def _fail(reason):
    raise PositionError(f"game state: {reason}")


def _is_int(x, low=0, high=None) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and x >= low and (high is None or x <= high)


def _read_state(cls, d) -> Game:
    if not isinstance(d, dict):
        _fail("a game state is a dict as made by Game.to_dict()")
    if d.get("format", STATE_FORMAT) != STATE_FORMAT or d.get("version", STATE_VERSION) != STATE_VERSION:
        _fail(f"this is not a version-{STATE_VERSION} ttr-teach game state")
    try:
        m = load_map(d["map"])
    except MapError as e:
        _fail(str(e))
    rules = m.rules
    seed = d["seed"]
    if not isinstance(seed, int) or isinstance(seed, bool):
        _fail(f"the seed must be a whole number, not {seed!r}")
    phase = d["phase"]
    if phase not in (SETUP, PLAY, OVER):
        _fail(f"phase {phase!r} is not one of setup, play, over")
    players = d["players"]
    if not isinstance(players, list):
        _fail("players must be a list")
    try:
        names = _check_names([p.get("name") if isinstance(p, dict) else p for p in players], rules)
    except TTRError as e:
        _fail(str(e))
    n = len(names)

    def card_list(key):
        cards = d[key]
        if not isinstance(cards, list) or not all(isinstance(c, str) and c in CARD_KINDS for c in cards):
            _fail(f"{key} must be a list of cards ({', '.join(CARD_KINDS)})")
        return list(cards)

    def int_list(value, what, high):
        if not isinstance(value, list) or not all(_is_int(x, 0, high - 1) for x in value):
            _fail(f"{what} must be a list of numbers from 0 to {high - 1}")
        return list(value)

    seats = []
    for i, p in enumerate(players):
        who = f"player {names[i]!r}"
        hand = p["hand"]
        if not isinstance(hand, dict) or set(hand) != set(CARD_KINDS) or not all(
                _is_int(v) for v in hand.values()):
            _fail(f"{who}: the hand must give a count (0 or more) for each of {', '.join(CARD_KINDS)}")
        stations = p["stations"]
        if not isinstance(stations, list) or not all(isinstance(c, str) and c in m.cities for c in stations):
            _fail(f"{who}: stations must be a list of city ids of the {m.name} map")
        seats.append(_Seat(names[i], {k: hand[k] for k in CARD_KINDS},
                           int_list(p["routes"], f"{who}: routes", len(m.routes)), list(stations),
                           int_list(p["tickets"], f"{who}: tickets", len(m.tickets)),
                           int_list(p["offer"], f"{who}: offer", len(m.tickets))))
    deck, discard, face_up = card_list("deck"), card_list("discard"), card_list("face_up")
    if len(face_up) > rules.face_up_cards:
        _fail(f"there are {len(face_up)} face-up cards; at most {rules.face_up_cards}")
    shuffles = d.get("shuffles", 0)
    if not _is_int(shuffles):
        _fail("shuffles must be a whole number, 0 or more")
    ticket_deck = int_list(d["ticket_deck"], "ticket_deck", len(m.tickets))
    ticket_box = int_list(d["ticket_box"], "ticket_box", len(m.tickets))
    current = d["current"]
    if not _is_int(current, 0, n - 1):
        _fail(f"current must be a seat number from 0 to {n - 1}")
    turn, passes = d.get("turn", 0), d.get("passes", 0)
    if not _is_int(turn) or not _is_int(passes, 0, n):
        _fail("turn and passes must be whole numbers, 0 or more")
    final = d.get("final_turns_left")
    if final is not None and not _is_int(final, 0 if phase == OVER else 1, n):
        _fail(f"final_turns_left must be empty or a number from 1 to {n}")
    log = d.get("log", [])
    if not isinstance(log, list) or not all(isinstance(e, dict) for e in log):
        _fail("the log must be a list of dicts")

    # Ownership, checked with the same rules as play.
    owners, station_owners = {}, {}
    for i, s in enumerate(seats):
        for r in s.routes:
            why = why_route_unavailable(m, n, owners, m.routes[r], i)
            if why:
                _fail(f"player {s.name!r}: route {m.routes[r]}: {why}")
            owners[r] = i
        used = sum(m.routes[r].length for r in s.routes)
        if used > rules.trains_per_player:
            _fail(f"player {s.name!r} has routes of {used} trains; a player has only {rules.trains_per_player}")
        for k, c in enumerate(s.stations):
            why = why_station_unavailable(m, station_owners, c, k)
            if why:
                _fail(f"player {s.name!r}: station {c}: {why}")
            station_owners[c] = i

    # The decision pending inside the turn.
    pending = d.get("pending")
    table = []
    if pending is not None:
        if not isinstance(pending, dict) or pending.get("kind") not in ("tickets", "second_card", "tunnel"):
            _fail("pending must be empty or a dict with kind tickets, second_card or tunnel")
        if phase == OVER or (phase == SETUP and pending["kind"] != "tickets"):
            _fail(f"a {pending['kind']} decision cannot be pending in the {phase} phase")
        if pending["kind"] == "tickets" and not seats[current].offer:
            _fail("a ticket choice is pending but the current player has no tickets to choose from")
        if pending["kind"] == "tunnel":
            pending = {k: pending[k] for k in ("kind", "route", "color", "colored", "locomotives", "revealed")}
            r = pending["route"]
            if not _is_int(r, 0, len(m.routes) - 1) or not m.routes[r].tunnel or r in owners:
                _fail("the pending tunnel must be an unclaimed tunnel route")
            if pending["color"] is not None and pending["color"] not in COLORS:
                _fail("the pending tunnel's colour must be a card colour or empty")
            if not _is_int(pending["colored"]) or not _is_int(pending["locomotives"]):
                _fail("the pending tunnel's card counts must be whole numbers")
            if (pending["colored"] == 0) != (pending["color"] is None):
                _fail("the pending tunnel has a colour exactly when coloured cards were played")
            if pending["colored"] + pending["locomotives"] != m.routes[r].length:
                _fail("the cards played for the pending tunnel do not match its length")
            revealed = pending["revealed"]
            if not isinstance(revealed, list) or not all(c in CARD_KINDS for c in revealed) \
                    or len(revealed) > rules.tunnel_reveal or tunnel_extra(revealed, pending["color"]) == 0:
                _fail("the pending tunnel's revealed cards must be up to 3 cards that ask for extra cards")
            pending["revealed"] = list(revealed)
            table = ([pending["color"]] * pending["colored"] + [LOCOMOTIVE] * pending["locomotives"]
                     + pending["revealed"])
        else:
            pending = {"kind": pending["kind"]}
            if pending["kind"] == "second_card" and not (
                    deck or discard or any(c != LOCOMOTIVE for c in face_up)):
                _fail("a second card is pending but no card could be drawn")
    elif phase == SETUP:
        _fail("during set-up a ticket choice is always pending")
    for i, s in enumerate(seats):
        allowed = (i >= current) if phase == SETUP else (i == current and pending == {"kind": "tickets"})
        if s.offer and not allowed:
            _fail(f"player {s.name!r} holds tickets to choose from but no such choice is pending")
        if phase == SETUP and i >= current and not s.offer:
            _fail(f"player {s.name!r} has not chosen set-up tickets but has none to choose from")

    # Every card and ticket exactly once.
    cards = Counter(deck) + Counter(discard) + Counter(face_up) + Counter(table)
    for s in seats:
        cards.update(s.hand)
    expected = Counter(full_deck())
    for k in CARD_KINDS:
        if cards[k] != expected[k]:
            _fail(f"there are {cards[k]} {k} cards in the game; there must be exactly {expected[k]}")
    tickets = Counter(ticket_deck + ticket_box)
    for s in seats:
        tickets.update(s.tickets + s.offer)
    twice = [t for t, c in tickets.items() if c > 1]
    if twice:
        _fail(f"ticket {m.tickets[twice[0]]} is in the game twice")
    missing = [t.index for t in m.tickets if t.index not in tickets]
    if missing:
        _fail(f"ticket {m.tickets[missing[0]]} is missing (every ticket is in a hand, the deck or the box)")

    train_cards = TrainCards(rules, seed, deck, discard, face_up, shuffles)
    return cls(m, seed, seats, train_cards, ticket_deck, ticket_box, phase, current, pending,
               final, passes, turn, _plain_copy(log))
