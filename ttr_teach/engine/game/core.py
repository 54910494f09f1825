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

This module is the game's front: making a game, reading it, and playing actions. The parts
behind it each have one job: the state itself is a :class:`~ttr_teach.engine.game.state.GameState`
(:mod:`ttr_teach.engine.game.state`), the decisions pending inside a turn are
:mod:`ttr_teach.engine.game.pending`, each type of action has its rules (legality, the legal
options and the effect, side by side) in :mod:`ttr_teach.engine.game.moves`, dealing a new
game is :mod:`ttr_teach.engine.game.setup`, reading and checking a saved state is
:mod:`ttr_teach.engine.game.saved`, staging a position for :meth:`Game.arranged` is
:mod:`ttr_teach.engine.game.arranged`, and the log's events and their sentences are
:mod:`ttr_teach.engine.game.log`. The rules themselves are asked of :mod:`ttr_teach.engine.claims`
(who may own what), :mod:`ttr_teach.engine.payment` (paying with cards) and
:mod:`ttr_teach.engine.cards` (the deck and the face-up market).

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

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, cast

from ..actions import Action, action_from_dict
from ..errors import IllegalAction, ReplayError, TTRError
from ..i18n import gettext
from ..maps import Map
from ..position import PLAYER_COLORS, PlayerPosition, Position
from ..rules import RuleSet
from . import moves
from .arranged import arranged_state
from .log import NEW_GAME, START, describe_action, history_lines
from .pending import TicketChoice, TunnelPayment
from .saved import read_state
from .setup import new_state
from .state import OVER, SETUP, GameState, copy_event, plain_copy

if TYPE_CHECKING:
    import os
    import random

    from ..cards import TrainCards
    from ..scoring import Score


class Game:
    """A game in progress: the state, the legal actions and :meth:`apply`.

    Create one with :meth:`new` (a shuffled set-up), :meth:`arranged` (cards and holdings you
    choose, for lessons and tests), :meth:`from_dict` or :meth:`replay`. :attr:`state` is the
    whole state (a :class:`~ttr_teach.engine.game.state.GameState`): read it, change it only
    through :meth:`apply`.
    """

    def __init__(self, state: GameState):
        self.state = state

    # == construction ===============================================================================
    @classmethod
    def new(cls, map: str | Map = "europe", players: Iterable[str] = ("Ann", "Bo"), seed: int = 0,
            log: bool = True) -> Game:
        """A new game on ``map`` for ``players`` (names, in seat order), set up from ``seed``.

        Set-up: the 110 cards are shuffled, 4 dealt to each player (one at a time around the
        table) and 5 turned face up (3-locomotive rule applied). USA: each player is dealt 3
        tickets. Europe: each is dealt 1 long ticket (the other long tickets go back to the box
        unseen) and 3 regular ones. The game then waits for each player, in seat order, to
        choose which tickets to keep (:class:`~ttr_teach.engine.actions.KeepTickets`).

        ``log=False`` gives the very same game keeping no log (for playouts: it plays on
        exactly as a logged game would, but cannot be replayed and :attr:`log` stays empty).
        """
        return cls(new_state(map, players, seed, log))

    @classmethod
    def arranged(cls, map: str | Map = "europe", players: Iterable[str] = ("Ann", "Bo"), *, seed: int = 0,
                 current: int | str = 0, hands: object = None, face_up: object = None, deck: object = None,
                 discard: object = None, leftover: str | None = None, routes: object = None,
                 stations: object = None, tickets: object = None, ticket_deck: object = None) -> Game:
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
        assert game.state.log is not None           # a game read from a dict keeps a log
        game.state.log.append({"event": START, "state": game.to_dict()})
        return game

    @classmethod
    def from_dict(cls, d: object) -> Game:
        """The game whose :meth:`to_dict` is ``d``; a broken state raises :class:`ReplayError`.

        The state is checked (:func:`~ttr_teach.engine.game.saved.read_state`): all 110 cards, all
        tickets, every train and station accounted for, and nobody owning what the rules forbid.
        """
        return cls(read_state(d))

    @classmethod
    def replay(cls, source: Game | dict | list) -> Game:
        """Rebuild a game from its log: a ``to_dict()``, a log list, or a Game.

        The log's first entry says how the game began (``new_game``: map, players, seed; or
        ``start``: an arranged state), and every ``action`` entry is applied again in order.
        A log that cannot be replayed, or whose replay does not give the same log again,
        raises :class:`ReplayError` (beginning ``replay:``), whatever is wrong in it.
        """
        if isinstance(source, Game):
            log = source.state.log
        elif isinstance(source, dict):
            log = source.get("log")
        else:
            log = source
        if not isinstance(log, list) or not log or not isinstance(log[0], dict):
            raise ReplayError(gettext("replay: give a game, its to_dict(), or its log (a non-empty list)"))
        first = log[0]
        try:
            if first.get("event") == NEW_GAME:
                game = cls.new(first.get("map"), first.get("players"), first.get("seed"))  # type: ignore[arg-type]
            elif first.get("event") == START:
                game = cls.from_dict(first.get("state"))
                game.state.log = [plain_copy(first)]
            else:
                raise ReplayError(gettext("the log does not begin with how the game started (a 'new_game' or "
                                          "'start' entry)"))
        except TTRError as e:
            raise ReplayError(gettext("replay: {problem}").format(
                problem=str(e).removeprefix(gettext("replay: {problem}").format(problem="")))) from None
        for k, entry in enumerate(log):
            if isinstance(entry, dict) and entry.get("event") == "action":
                try:
                    game.apply(entry.get("action"))
                except TTRError as e:
                    raise ReplayError(gettext("replay: log entry {number} cannot be replayed: {problem}").format(
                        number=k, problem=e)) from None
        if game.state.log != log:
            raise ReplayError(gettext("replay: replaying the actions does not give the events in the log"))
        return game

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Game:
        """The game saved (as :meth:`to_dict`, in JSON or YAML) in the file at ``path``: read
        by the project's one reader (:mod:`ttr_teach.engine.files`) and checked like
        :meth:`from_dict`; a broken file raises :class:`ReplayError` naming it."""
        from ..files import load_file

        d = load_file(path, error=ReplayError)
        try:
            return cls.from_dict(d)
        except ReplayError as e:
            raise ReplayError(gettext("{file}: {problem}").format(file=path, problem=e)) from None

    def to_dict(self, log: bool = True) -> dict:
        """The whole state as plain JSON types (see the module docstring).

        ``log=False`` leaves out the log: a smaller state that :meth:`from_dict` still reads
        (with an empty log), but that :meth:`replay` cannot rebuild.
        """
        return self.state.to_dict(log)

    def copy(self, log: bool = True) -> Game:
        """An independent copy of this game, cheap enough for a search: the map and the log's
        entries are shared, never copied (nothing changes them). ``log=False`` gives a copy
        that keeps no log at all (a playout: it plays on exactly the same, but cannot be
        replayed and :attr:`log` stays empty)."""
        return Game(self.state.copy(log))

    # == what a learner reads =======================================================================
    @property
    def map(self) -> Map:
        return self.state.map

    @property
    def rules(self) -> RuleSet:
        return self.state.map.rules

    @property
    def seed(self) -> int:
        return self.state.seed

    @property
    def cards(self) -> TrainCards:
        """The train cards: deck, discards and face-up row (a :class:`~ttr_teach.engine.cards.TrainCards`)."""
        return self.state.cards

    @property
    def phase(self) -> str:
        """``"setup"`` (players choosing their first tickets), ``"play"`` or ``"over"``."""
        return self.state.phase

    @property
    def turn(self) -> int:
        """Turns played since the set-up."""
        return self.state.turn

    @property
    def players(self) -> list:
        """The players' names in seat order (play goes clockwise: seat 0, 1, 2, ...)."""
        return [s.name for s in self.state.seats]

    @property
    def is_over(self) -> bool:
        return self.state.phase == OVER

    @property
    def current_player(self) -> int | None:
        """Seat index of the player to act, or None when the game is over."""
        return None if self.state.phase == OVER else self.state.current

    @property
    def current_name(self) -> str | None:
        return None if self.state.phase == OVER else self.state.name

    @property
    def pending(self) -> dict | None:
        """The decision the current player must make inside their turn, or None.

        ``{"kind": "tickets", "tickets": [...], "keep_at_least": n}``, ``{"kind": "second_card"}`` or
        ``{"kind": "tunnel", "route": i, "revealed": [...], "extra": n, ...}``.
        """
        pending = self.state.pending
        if pending is None:
            return None
        p = pending.to_dict()
        if isinstance(pending, TicketChoice):
            p["tickets"] = list(self.state.seat.offer)
            p["keep_at_least"] = moves.min_keep(self.state)
        elif isinstance(pending, TunnelPayment):
            p["extra"] = pending.extra
        return p

    @property
    def face_up(self) -> list:
        return list(self.state.cards.face_up)

    @property
    def deck_size(self) -> int:
        return len(self.state.cards.deck)

    @property
    def discard_size(self) -> int:
        return len(self.state.cards.discard)

    @property
    def tickets_left(self) -> int:
        """Tickets left in the ticket deck."""
        return len(self.state.ticket_deck)

    @property
    def log(self) -> list:
        """What happened: ``action`` entries and the events they caused (cards dealt, drawn,
        revealed, reshuffles, face-up redeals, claims, the final round...); the event names
        are the constants of :mod:`ttr_teach.engine.game.log`."""
        return plain_copy(self.state.log or [])

    def seat(self, player: int | str | None = None) -> int:
        """Seat index of ``player`` (a name or an index; None means the current player)."""
        return self.state.seat_index(player)

    def hand(self, player: int | str | None = None) -> dict:
        """The train cards in ``player``'s hand: card kind -> count (kinds held only)."""
        return {k: v for k, v in self.state.seats[self.seat(player)].hand.items() if v}

    def trains_left(self, player: int | str | None = None) -> int:
        return self.state.trains_left(self.seat(player))

    def stations_left(self, player: int | str | None = None) -> int:
        return self.rules.stations_per_player - len(self.state.seats[self.seat(player)].stations)

    def route_points(self, player: int | str | None = None) -> int:
        """The route points ``player`` has scored so far, as each route is claimed (the final
        score adds tickets, stations and the longest route: :func:`ttr_teach.engine.scoring.score`)."""
        s = self.state.seats[self.seat(player)]
        return sum(self.rules.route_points(self.map.routes[r].length) for r in s.routes)

    def routes(self, player: int | str | None = None) -> list:
        return [self.map.routes[r] for r in self.state.seats[self.seat(player)].routes]

    def stations(self, player: int | str | None = None) -> list:
        return list(self.state.seats[self.seat(player)].stations)

    def tickets(self, player: int | str | None = None) -> list:
        """The tickets ``player`` has kept (kept tickets are never given back)."""
        return [self.map.tickets[t] for t in self.state.seats[self.seat(player)].tickets]

    def to_position(self) -> Position:
        """The board as a :class:`~ttr_teach.engine.position.Position`: routes, stations, kept tickets."""
        m = self.map
        return Position(m, tuple(
            PlayerPosition(s.name, tuple(m.routes[r] for r in s.routes), tuple(s.stations),
                           tuple(m.tickets[t] for t in s.tickets),
                           PLAYER_COLORS[i % len(PLAYER_COLORS)], self.rules.trains_per_player)
            for i, s in enumerate(self.state.seats)))

    def final_scores(self) -> Score:
        """``score(self.to_position())``: the final :class:`~ttr_teach.engine.scoring.Score`
        once :attr:`is_over` (before that, the result if the game stopped now);
        ``.to_dict()`` is the result format of ``score_position``."""
        from ..scoring import score

        return score(self.to_position())

    def _repr_svg_(self) -> str:
        from ...views.svg import board_svg

        return board_svg(self)

    def __repr__(self) -> str:
        s = self.state
        if s.phase == OVER:
            doing = "over"
        else:
            doing = f"{s.name} to {'choose tickets' if s.phase == SETUP else 'play'}"
        return f"<Game {s.map.name} seed={s.seed}, {len(s.seats)} players, turn {s.turn}: {doing}>"

    # == playing ====================================================================================
    def legal_actions(self) -> list:
        """Exactly the actions :meth:`apply` accepts now, with readable labels.

        Inside a turn these are the decisions (second card, tunnel payment or decline, tickets
        to keep). Payments are listed as (colour, cards of it, locomotives), not card by card.
        """
        return moves.legal_actions(self.state)

    def why_illegal(self, action: Action | dict) -> str | None:
        """Why :meth:`apply` would refuse ``action`` (an Action or its dict), or None if legal."""
        if isinstance(action, dict):
            try:
                action = action_from_dict(action)
            except IllegalAction as e:
                return str(e)
        return moves.why_illegal(self.state, action)

    def apply(self, action: Action | dict | None) -> list:
        """Play ``action`` (an Action or its dict form) for the current player.

        Returns the log entries it produced (what was drawn, revealed, claimed...). An action
        the rules forbid raises :class:`~ttr_teach.engine.errors.IllegalAction` with the reason, and the
        game is left exactly as it was.
        """
        log = self.state.log
        start = len(log) if log is not None else 0
        self.play(action)
        return [copy_event(e) for e in log[start:]] if log is not None else []

    def play(self, action: Action | dict | None) -> None:
        """:meth:`apply` without returning the log entries: the same checks and the same
        effect, for bots that do not read what happened."""
        if not isinstance(action, Action):
            action = action_from_dict(action)
        why = moves.why_illegal(self.state, action)
        if why:
            raise IllegalAction(why)
        moves.apply(self.state, action)

    def sample_action(self, rng: random.Random, weights: dict[str, float]) -> Action | None:
        """A random legal action without listing them all (for bots and playouts): the same
        choice, from the same ``rng`` (a :class:`random.Random`), as picking among
        :meth:`legal_actions` first a kind of action (claim, draw, tickets, station, pass) with
        the weight table ``weights`` (kind -> weight; a kind not named weighs 1) and then one of
        that kind uniformly; inside a turn, a uniform decision. See
        :func:`~ttr_teach.engine.game.moves.sample_action`. None once the game is over.

        >>> import random
        >>> g = Game.new("usa", ["Ann", "Bo"], seed=3)
        >>> g.sample_action(random.Random(1), {"claim": 2.0}) in g.legal_actions()
        True
        """
        return moves.sample_action(self.state, rng, weights)

    def playout(self, rng: random.Random | Sequence[random.Random], weights: dict[str, float],
                max_actions: int = 100_000) -> Game:
        """Play random actions until the game is over, and return this game.

        ``rng`` is a :class:`random.Random` for every seat, or a list of one per seat: each
        action is the :meth:`sample_action` of the seat to act with its generator and the
        weight table ``weights``, so a playout with the generators and weights of some
        :class:`~ttr_teach.players.random_bot.RandomBot` players is the game they would play.
        Quickest on a game that keeps no log (``copy(log=False)``, ``Game.new(..., log=False)``).
        ``RuntimeError`` if the game is not over after ``max_actions`` actions.

        >>> import random
        >>> g = Game.new("usa", ["Ann", "Bo"], seed=3, log=False).playout(random.Random(1), {})
        >>> g.is_over, g.log
        (True, [])
        """
        # a list or tuple is one generator per seat; anything else is the one generator for all
        rngs = cast("Sequence[random.Random]",
                    rng if isinstance(rng, (list, tuple)) else [rng] * len(self.state.seats))
        if len(rngs) != len(self.state.seats):
            raise ValueError(gettext("{n} generators for {players} players; give one per seat").format(
                n=len(rngs), players=len(self.state.seats)))
        moves.playout(self.state, rngs, weights, max_actions)
        return self

    def describe(self, action: Action | dict) -> str:
        """``action`` in words, naming routes and tickets from this game's map."""
        return describe_action(self.map, action)

    def history(self) -> list:
        """The log as sentences, one per entry that a player would see or announce."""
        return history_lines(self.map, self.players, self.state.log or [])
