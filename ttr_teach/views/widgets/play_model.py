"""A game in the notebook, in plain Python: the table, whose turn it is, what the person at the
laptop has selected, and what the panel says. The widget (:mod:`.play_widget`) only draws it
and turns mouse clicks into calls of its methods.

A :class:`PlayModel` holds a :class:`~ttr_teach.engine.game.core.Game` and its seats: people
(who share the laptop, hot-seat) and bots (:mod:`ttr_teach.players`). Every click is a method:
:meth:`~PlayModel.click_face_up`, :meth:`~PlayModel.click_deck`, :meth:`~PlayModel.click_route`
then :meth:`~PlayModel.choose` (the way to pay, the cheapest first), :meth:`~PlayModel.click_city`
for a station, :meth:`~PlayModel.click_tickets`, :meth:`~PlayModel.toggle_ticket` and
:meth:`~PlayModel.keep_tickets`, :meth:`~PlayModel.pay` or :meth:`~PlayModel.decline` for a
tunnel. Each returns an :class:`~ttr_teach.views.widgets.model.Outcome`; what the rules refuse
is refused with the engine's sentence and changes nothing. Bots move one action per
:meth:`~PlayModel.bot_step` (the widget calls it after a short delay).

>>> game = PlayModel.new("usa", [("Ann", "person"), ("Bo", "planner")], seed=4)
>>> game.toggle_ticket(game.offer[0]).ok
True
>>> print(game.keep_tickets().message)          # the rule: keep at least 2 of the 3
Not allowed: keep 1 ticket: you must keep at least 2 of your 3 tickets.
>>> _ = game.toggle_ticket(game.offer[1]); game.keep_tickets().ok
True
>>> game.bot_to_move, game.run_bots() > 0, game.is_person_turn
(True, True, True)
>>> game.click_face_up(7).message
'Not allowed: take face-up card 8: there are only 5 face-up cards.'
"""
from __future__ import annotations

from dataclasses import dataclass

from ...engine.actions import (BuildStation, ClaimRoute, DeclineTunnel, DrawBlind, DrawFaceUp,
                               DrawTickets, KeepTickets, Pass, PayTunnel)
from ...engine.errors import TTRError
from ...engine.game.core import Game
from ...engine.game.log import event_text
from ...engine.maps import City, Route
from ...engine.payment import route_cost, station_cost, why_cannot_pay, why_payment_refused
from ...engine.position import PLAYER_COLORS
from ...engine.rules import COLORS
from ...engine.scoring import score as score_of
from ...engine.text import plural
from ...players.play import Table
from .model import Outcome
from .play_board import ticket_highlights
from .play_save import read_saved, save_text
from .play_scoring import scoring_steps
from .play_setup import PERSON, SEAT_KINDS, PlaySetup, make_bot
from .play_text import cheapest_first, instead, payment_text, public_lines, sentence
from . import play_coach

SETUP, PASS, PLAY, OVER = "setup", "pass", "play", "over"
#: Highlight colours: what the person selected, and the coach's hint.
SELECTED, HINTED = "#ff1493", "#00b3e6"


@dataclass(frozen=True)
class Choice:
    """A route or city clicked, waiting for the way to pay: ``kind`` is ``"claim"`` or
    ``"station"``, ``target`` the Route or City, ``options`` the legal actions, cheapest first."""

    kind: str
    target: object
    options: tuple


@dataclass(frozen=True)
class Refusal:
    """The last refused action: ``what`` was tried, the ``action`` (None when the model, not
    the engine, refused it) and the ``reason``."""

    what: str
    action: object
    reason: str


class PlayModel:
    """A game at the laptop (see the module docstring). Start with :meth:`new`, or make an
    empty model (``PlayModel()``: the setup screen) and call :meth:`start`."""

    def __init__(self, setup: PlaySetup | None = None):
        self.setup = setup if setup is not None else PlaySetup.of()
        self.game = None
        self.table = None
        self.kinds = [s.kind for s in self.setup.seats]
        self.bots = {}
        self.viewer = None          # the person whose hand and tickets are shown
        self.waiting_for = None     # hot-seat: the person the laptop is passed to
        self.choice = None
        self.keep = frozenset()
        self.hint = None
        self.refusal = None
        self.banner = None          # the final round, announced
        self.tunnel = None          # the last tunnel's revealed cards, and how many are shown
        self.steps, self.step = [], 0
        self.show_tickets = True
        self.selected_ticket = None
        self.message, self.refused = "Choose the map and the players, then start the game.", False
        self._undo = []
        self._generation = 0
        self._version = 0
        self._cache = {}
        self._listeners = []

    @classmethod
    def new(cls, map="europe", seats=(("Ann", PERSON), ("Bo", "planner")), seed: int = 0,
            practice: bool = True) -> "PlayModel":
        """A model with a game started (see :class:`~.play_setup.PlaySetup`)."""
        model = cls(PlaySetup.of(map, seats, seed, practice))
        model.start()
        return model

    # == listeners and messages =================================================================
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

    def _refuse(self, what: str, reason: str, action=None) -> Outcome:
        self.refusal = Refusal(what, action, reason)
        return self._say(False, sentence(f"Not allowed: {what}: {reason.rstrip('.')}"))

    # == starting, saving, loading ===============================================================
    def start(self, setup: PlaySetup | None = None, **kwargs) -> Outcome:
        """Deal a new game for ``setup`` (or :meth:`PlaySetup.of(**kwargs) <.play_setup.PlaySetup.of>`;
        by default the last setup again, with the next seed)."""
        try:
            if kwargs:
                setup = PlaySetup.of(**kwargs)
            elif setup is None:
                s = self.setup
                setup = s if self.game is None else PlaySetup.of(s.map, s.seats, s.seed + 1, s.practice)
            game = Game.new(setup.map, setup.names, setup.seed)
        except TTRError as e:
            return self._refuse("start the game", str(e))
        self._install(game, setup)
        seats = ", ".join(s.label for s in self.setup.seats)
        return self._say(True, f"A new {game.map.title} game: {seats}. " + self._whose_turn())

    def _install(self, game: Game, setup: PlaySetup) -> None:
        self.setup, self.game, self.table = setup, game, Table(game)
        self.kinds = [s.kind for s in setup.seats]
        self._generation += 1
        self._make_bots()
        self._undo, self._log_len = [], len(game.log)
        self.viewer, self.waiting_for = None, None
        self._reset_turn_state()
        self.banner = _final_round_banner(game)
        self.tunnel = None
        self._check_over()
        self._update_viewer()

    def _make_bots(self):
        seed = self.setup.seed
        self.bots = {seat: make_bot(kind, seed * 100 + 10 * self._generation + seat)
                     for seat, kind in enumerate(self.kinds) if kind != PERSON}

    def _reset_turn_state(self):
        self.choice, self.keep, self.hint, self.refusal = None, frozenset(), None, None
        self._version += 1
        self._cache.clear()

    def save_text(self) -> str:
        """The game in progress and its seats, as the text of a saved file (JSON)."""
        if self.game is None:
            return ""
        seats = [(s.name, k) for s, k in zip(self.setup.seats, self.kinds)]
        return save_text(self.game, PlaySetup.of(self.setup.map, seats, self.setup.seed, self.setup.practice))

    def load_text(self, text, name: str = "the file") -> Outcome:
        """Carry on with the game saved in ``text``; a broken file is refused (with the
        engine's sentence) and the current game kept."""
        try:
            game, setup = read_saved(text, name)
        except TTRError as e:
            return self._refuse(f"load {name}", str(e))
        self._install(game, setup)
        return self._say(True, f"Loaded {name}: a {game.map.title} game, turn {game.turn}. "
                         + self._whose_turn())

    # == what the panel reads =====================================================================
    @property
    def map(self):
        return self.game.map if self.game is not None else None

    @property
    def names(self) -> list:
        return self.setup.names

    @property
    def screen(self) -> str:
        """``"setup"`` (no game yet), ``"pass"`` (hot-seat: the laptop goes to
        :attr:`waiting_for`), ``"play"`` or ``"over"``."""
        if self.game is None:
            return SETUP
        if self.game.is_over:
            return OVER
        return PASS if self.waiting_for is not None else PLAY

    @property
    def current(self):
        """Seat of the player to act (None: no game, or over)."""
        return None if self.game is None else self.game.current_player

    @property
    def people(self) -> list:
        return [i for i, k in enumerate(self.kinds) if k == PERSON]

    @property
    def is_person_turn(self) -> bool:
        """True when a person is to act and sees their cards (not behind the pass screen)."""
        return self.screen == PLAY and self.kinds[self.current] == PERSON

    @property
    def bot_to_move(self) -> bool:
        """True when a bot is to act: the widget then calls :meth:`bot_step`."""
        return self.screen == PLAY and self.kinds[self.current] != PERSON

    def seat_label(self, seat: int) -> str:
        return f"{self.names[seat]} ({SEAT_KINDS[self.kinds[seat]]})"

    def _cached(self, key, make):
        if key not in self._cache:
            self._cache[key] = make()
        return self._cache[key]

    def view(self, seat=None):
        """The :class:`~ttr_teach.players.view.PlayerView` of ``seat`` (default: the person
        looking, or seat 0 for what everyone sees)."""
        if seat is None:
            seat = self.viewer if self.viewer is not None else 0
        return self._cached(("view", seat), lambda: self.table.view(seat))

    @property
    def hand(self) -> dict:
        """The viewer's cards by kind (empty when nobody's hand may be shown)."""
        return dict(self.view().hand) if self.viewer is not None else {}

    @property
    def offer(self) -> tuple:
        """The tickets the person to act is choosing from (empty otherwise)."""
        if not self.is_person_turn:
            return ()
        return self.view(self.current).offer

    @property
    def tunnel_options(self) -> list:
        """The ways to pay a pending tunnel's extra cards, cheapest first (then decline)."""
        if not self.is_person_turn:
            return []
        actions = self.view(self.current).legal_actions()
        pays = cheapest_first([a for a in actions if isinstance(a, PayTunnel)], self.hand)
        return pays + [a for a in actions if isinstance(a, DeclineTunnel)]

    @property
    def score(self):
        """The engine's :class:`~ttr_teach.engine.scoring.Score` of the board, every ticket
        counted (the final scoring once the game is over)."""
        return self._cached("score", lambda: score_of(self.game.to_position()))

    def log_lines(self, n: int = 10) -> list:
        """The last ``n`` sentences of the log that the viewer may read."""
        lines = self._cached(("log", self.viewer), lambda: public_lines(
            self.map, self.names, self.game.log, self.viewer))
        return lines[-n:]

    def board_colors(self) -> tuple:
        """``(route index -> player colour, city -> player colour)`` of what is on the board."""
        if self.game is None:
            return {}, {}
        routes, stations = {}, {}
        for seat in range(len(self.names)):
            color = PLAYER_COLORS[seat % len(PLAYER_COLORS)]
            routes.update({r.index: color for r in self.game.routes(seat)})
            stations.update({c: color for c in self.game.stations(seat)})
        return routes, stations

    def highlight(self) -> tuple:
        """``(position, highlight items)`` for the board: the scoring step at the end; else what
        is selected, the hint, a pending tunnel and the viewer's tickets."""
        if self.game is None:
            return None, []
        if self.screen == OVER:
            return self.score.position, list(self.steps[self.step].highlight) if self.steps else []
        items = []
        if self.choice is not None:
            t = self.choice.target
            items.append({"routes": [t.index]} if isinstance(t, Route) else {"cities": [t.id]})
            items[-1].update(color=SELECTED, label=f"chosen: {t}")
        pending = self.game.pending
        if pending and pending["kind"] == "tunnel":
            items.append({"routes": [pending["route"]], "color": SELECTED, "label": "the tunnel"})
        if self.hint is not None:
            items += _action_marks(self.hint.action, HINTED, "hint")
        if self.viewer is None:
            return self.view().position(), items
        view = self.view()
        shown = [self.selected_ticket] if self.selected_ticket is not None else (
            list(view.tickets) if self.show_tickets else [])
        position = view.position()
        return position, items + self._cached(("tickets", self.viewer, tuple(t.index for t in shown)),
                                              lambda: ticket_highlights(view, position, shown))

    # == the board ==================================================================================
    def item_at(self, x: float, y: float):
        """The City or Route under the board point ``(x, y)``, or None."""
        from ..geometry import city_at, route_at

        if self.game is None:
            return None
        m = self.map
        return city_at(m, x, y, labels=False) or route_at(m, x, y) or city_at(m, x, y)

    def click(self, x: float, y: float) -> Outcome:
        """A click at the board point ``(x, y)``: a route (claim it) or a city (a station)."""
        item = self.item_at(x, y)
        if isinstance(item, Route):
            return self.click_route(item)
        if isinstance(item, City):
            return self.click_city(item)
        return self._say(False, "Nothing here: click the spaces of a route, or a city.")

    def _why_not_now(self):
        """Why nobody at the laptop may act now (None: the person to act may)."""
        if self.game is None:
            return "no game has started: choose the players and click Start"
        if self.game.is_over:
            return "the game is over; step through the final scoring"
        name = self.names[self.current]
        if self.kinds[self.current] != PERSON:
            return f"it is {self.seat_label(self.current)}'s turn: wait for {name} to play"
        if self.waiting_for is not None:
            return f"the laptop goes to {name} first: {name}, click “I am {name}” to see your cards"
        return None

    def click_route(self, route) -> Outcome:
        """Select ``route`` (a Route, index or ``(a, b[, colour])``) to claim: the ways to pay
        are offered in :attr:`choice`, cheapest first (:meth:`choose` pays)."""
        try:
            route = self.map.find_route(route) if self.game is not None else None
        except TTRError as e:
            return self._refuse("claim a route", str(e))
        what = f"claim {route}" if route is not None else "claim a route"
        why = self._why_not_now()
        if why:
            return self._refuse(what, why)
        options = [a for a in self.game.legal_actions() if isinstance(a, ClaimRoute) and a.route == route.index]
        if not options:
            return self._refuse(what, *self._claim_reason(route))
        self.choice = Choice("claim", route, tuple(cheapest_first(options, self.hand)))
        self.hint = None
        ways = "" if len(options) == 1 else f" ({len(options)} ways, the cheapest first)"
        extra = " It is a tunnel: three cards will be turned over and may cost more." if route.tunnel else ""
        return self._say(True, f"Claim {route}: choose how to pay{ways}.{extra}")

    def _claim_reason(self, route) -> tuple:
        hand = self.game.hand()
        color = route.color if route.color in COLORS else max(COLORS, key=lambda c: hand.get(c, 0))
        probe = ClaimRoute(route.index, color, route.length - route.locomotives, route.locomotives)
        why = self.game.why_illegal(probe)
        cost = route_cost(route)
        if why == why_payment_refused(cost, hand, probe.color, probe.colored, probe.locomotives):
            why = why_cannot_pay(cost, hand) or why
        return why, probe

    def click_city(self, city) -> Outcome:
        """Select ``city`` (a City or name) for a station: the ways to pay are offered in
        :attr:`choice` (:meth:`choose` builds it)."""
        try:
            cid = self.map.city_id(city.id if isinstance(city, City) else city) if self.game else None
        except TTRError as e:
            return self._refuse("build a station", str(e))
        where = self.map.cities[cid] if cid is not None else None
        what = f"build a station in {where}" if where else "build a station"
        why = self._why_not_now()
        if why:
            return self._refuse(what, why)
        options = [a for a in self.game.legal_actions() if isinstance(a, BuildStation) and a.city == cid]
        if not options:
            return self._refuse(what, *self._station_reason(cid))
        self.choice = Choice("station", where, tuple(cheapest_first(options, self.hand)))
        self.hint = None
        number = self.map.rules.stations_per_player - self.game.stations_left() + 1
        return self._say(True, f"Build your {_ORDINAL[number]} station in {where}: choose how to pay.")

    def _station_reason(self, cid) -> tuple:
        rules, hand = self.map.rules, self.game.hand()
        built = len(self.game.stations())
        number = built + 1 if rules.has_stations and built < rules.stations_per_player else None
        color = max(COLORS, key=lambda c: hand.get(c, 0))
        probe = BuildStation(cid, color, number or 1, 0)
        why = self.game.why_illegal(probe)
        if number is not None:
            cost = station_cost(rules, number)
            if why == why_payment_refused(cost, hand, color, number, 0):
                why = why_cannot_pay(cost, hand) or why
        return why, probe

    def choose(self, k: int = 0) -> Outcome:
        """Pay for the selected route or station the ``k``-th way offered (0: the cheapest)."""
        if self.choice is None:
            return self._refuse("pay", "nothing is selected: click a route, or a city for a station")
        if not 0 <= k < len(self.choice.options):
            return self._refuse("pay", f"there are {plural(len(self.choice.options), 'way')} to pay, "
                                       f"numbered 0 to {len(self.choice.options) - 1}")
        return self._act(self.choice.options[k])

    def cancel(self) -> Outcome:
        """Forget the selected route or city."""
        self.choice = None
        return self._say(True, "Nothing selected. " + self._whose_turn())

    # == the cards and the tickets ===================================================================
    def click_face_up(self, slot: int) -> Outcome:
        """Take face-up card number ``slot`` (0 to 4)."""
        cards = self.game.face_up if self.game is not None else []
        if not (isinstance(slot, int) and 0 <= slot < len(cards)):
            return self._refuse(f"take face-up card {slot + 1 if isinstance(slot, int) else slot}",
                                f"there are only {plural(len(cards), 'face-up card')}")
        return self._act(DrawFaceUp(cards[slot]))

    def click_deck(self) -> Outcome:
        """Draw a card blind from the deck."""
        return self._act(DrawBlind())

    def click_tickets(self) -> Outcome:
        """Draw destination tickets (then :meth:`toggle_ticket` and :meth:`keep_tickets`)."""
        return self._act(DrawTickets())

    def toggle_ticket(self, ticket) -> Outcome:
        """Choose (or un-choose) an offered ticket (a Ticket or its index) to keep."""
        index = getattr(ticket, "index", ticket)
        why = self._why_not_now()
        if why is None and not (isinstance(index, int) and not isinstance(index, bool)):
            why = "say which ticket, by its number"
        if why is None and index not in [t.index for t in self.offer]:
            why = self.game.why_illegal(KeepTickets((index,)))
        if why:
            return self._refuse("choose a ticket", why)
        self.keep = self.keep ^ {index}
        t = self.map.tickets[index]
        return self._say(True, f"{'Keep' if index in self.keep else 'Give back'} {t}: "
                               f"{plural(len(self.keep), 'ticket')} chosen.")

    def keep_tickets(self) -> Outcome:
        """Keep the tickets chosen with :meth:`toggle_ticket`; the others go back."""
        return self._act(KeepTickets(tuple(sorted(self.keep))),
                         f"keep {plural(len(self.keep), 'ticket')}")

    def pay(self, k: int = 0) -> Outcome:
        """Pay a pending tunnel's extra cards the ``k``-th way of :attr:`tunnel_options`."""
        pays = [a for a in self.tunnel_options if isinstance(a, PayTunnel)]
        if not 0 <= k < len(pays):
            probe = PayTunnel(None, 0, 0)
            why = self._why_not_now() or self.game.why_illegal(DeclineTunnel()) or (
                "you cannot pay the extra cards: decline, and your cards come back")
            return self._refuse("pay for the tunnel", why, probe)
        return self._act(pays[k])

    def decline(self) -> Outcome:
        """Decline a pending tunnel: the cards played go back to the hand."""
        return self._act(DeclineTunnel())

    def click_pass(self) -> Outcome:
        """Pass (only when no other action is possible)."""
        return self._act(Pass())

    def select_ticket(self, ticket=None) -> Outcome:
        """Show one of the viewer's tickets on the board (None: all of them)."""
        self.selected_ticket = None if ticket is None else self.map.find_ticket(ticket)
        return self._say(True, f"Shown on the board: {self.selected_ticket or 'all your tickets'}.")

    def set_show_tickets(self, show: bool) -> Outcome:
        self.show_tickets = bool(show)
        return self._say(True, "Your tickets are drawn on the board." if show else "Tickets hidden.")

    # == playing an action ===========================================================================
    def _act(self, action, what=None) -> Outcome:
        """Play ``action`` for the person to act, or refuse it with the engine's sentence."""
        what = what or (self.game.describe(action) if self.game is not None else str(action))
        why = self._why_not_now() or self.game.why_illegal(action)
        if why:
            return self._refuse(what, why, action)
        if self.setup.practice:
            self._undo.append((self.game.to_dict(log=False), self._log_len))
        return self._say(True, self._apply(action))

    def _apply(self, action) -> str:
        """Play a legal ``action``; the sentences of what happened that the viewer may read."""
        before = self.viewer
        events = self.table.apply(action)
        self._log_len += len(events)
        self._reset_turn_state()
        for e in events:
            if e.get("event") == "final_round":
                self.banner = sentence(event_text(self.map, self.names, e))
            elif e.get("event") == "tunnel_reveal":
                self.tunnel = {"player": e["player"], "route": e["route"], "cards": list(e["cards"]),
                               "extra": e["extra"], "shown": 0}
        self._check_over()
        self._update_viewer()
        lines = public_lines(self.map, self.names, events, before)
        return " ".join(lines + ([self._whose_turn()] if not self.game.is_over else []))

    def _check_over(self):
        if self.game.is_over and not self.steps:
            self.steps, self.step = scoring_steps(self.score), 0
        elif not self.game.is_over:
            self.steps, self.step = [], 0

    def _update_viewer(self):
        """Whose cards are shown: the person to act; in a hot-seat game, only once they say
        they are at the laptop (the pass screen hides the last person's hand)."""
        seat = self.current
        if seat is None or self.kinds[seat] != PERSON:
            self.waiting_for = None
            return
        if self.viewer == seat:
            return
        if len(self.people) > 1:
            self.viewer, self.waiting_for = None, seat
        else:
            self.viewer, self.waiting_for = seat, None

    def i_am_here(self) -> Outcome:
        """Hot-seat: the person the laptop was passed to shows their cards."""
        if self.waiting_for is None:
            return self._say(False, "Nobody is waiting for the laptop.")
        self.viewer, self.waiting_for = self.waiting_for, None
        self._cache.clear()
        return self._say(True, self._whose_turn())

    def _whose_turn(self) -> str:
        g = self.game
        if g.is_over:
            return "The game is over."
        name = self.names[g.current_player]
        if self.waiting_for is not None:
            return f"Pass the laptop to {name}."
        if self.kinds[g.current_player] != PERSON:
            return f"{self.seat_label(g.current_player)} is playing."
        pending = g.pending
        kind = pending and pending["kind"]
        if kind == "tickets":
            return (f"{name}, choose the tickets to keep (at least {pending['keep_at_least']} of "
                    f"{len(pending['tickets'])}).")
        if kind == "second_card":
            return f"{name}, draw your second card (blind, or a face-up card that is not a locomotive)."
        if kind == "tunnel":
            return f"{name}, the tunnel asks for {plural(pending['extra'], 'more card')}: pay or decline."
        return f"{name}, your turn: draw cards, claim a route, draw tickets" + (
            ", or build a station." if self.map.rules.has_stations else ".")

    # == bots ==========================================================================================
    def bot_step(self):
        """Let the bot to act play one action (None if no bot is to act); returns the Outcome."""
        if not self.bot_to_move:
            return None
        seat = self.current
        action = self.bots[seat].choose(self.table.view(seat))
        why = self.game.why_illegal(action)
        if why:  # a bot's mistake must not stop the game: say so, and play a legal action
            fallback = self.game.legal_actions()[0]
            text = self._apply(fallback)
            return self._say(False, f"{self.seat_label(seat)} chose {action}, which the rules refuse "
                                    f"({why}); it plays {fallback} instead. {text}")
        return self._say(True, self._apply(action))

    def run_bots(self, limit: int = 100_000) -> int:
        """Let the bots play until a person is to act or the game ends; the actions played."""
        played = 0
        while self.bot_to_move and played < limit:
            self.bot_step()
            played += 1
        return played

    def finish_with_bots(self, kind: str = "planner") -> Outcome:
        """Every person's seat is played by a bot of strength ``kind`` from now on (to see the
        end of a game quickly)."""
        if self.game is None or self.game.is_over:
            return self._refuse("let the bots finish", self._why_not_now())
        if kind not in SEAT_KINDS or kind == PERSON:
            return self._refuse("let the bots finish", f"there is no bot of kind {kind!r}")
        self.kinds = [kind if k == PERSON else k for k in self.kinds]
        self._make_bots()
        self.waiting_for = None
        self._reset_turn_state()
        return self._say(True, f"{SEAT_KINDS[kind].capitalize()}s play every seat to the end.")

    # == the coach ======================================================================================
    def ask_hint(self) -> Outcome:
        """The coach's move for the person to act, and why (the move is shown on the board)."""
        why = self._why_not_now()
        if why:
            return self._refuse("ask for a hint", why)
        self.hint = play_coach.hint(self.view(self.current))
        return self._say(True, f"Hint: {self.game.describe(self.hint.action)}. {self.hint.reason}")

    def play_hint(self) -> Outcome:
        """Play the move the coach proposed."""
        if self.hint is None:
            return self._refuse("play the hint", "there is no hint: ask for one first")
        return self._act(self.hint.action)

    def why_not(self) -> Outcome:
        """Why the last refused action was refused (the engine's sentence), and what the
        person to act may do instead."""
        r = self.refusal
        if r is None:
            return self._say(True, "Nothing was refused.")
        reason = r.reason
        if r.action is not None and self.game is not None and self._why_not_now() is None:
            reason = play_coach.why_not(self.game, r.action)
        text = sentence(f"Why not {r.what}? {reason[0].upper()}{reason[1:]}")
        if self.is_person_turn:
            text += " " + instead(self.game.legal_actions())
        self.message, self.refused = text, False
        self._notify()
        return Outcome(True, text)

    # == undo (practice games) ==========================================================================
    @property
    def can_undo(self) -> bool:
        return bool(self._undo) and self.game is not None and not self.game.is_over

    def undo(self) -> Outcome:
        """Take back the last move of a person (and the bots' moves since): practice games only."""
        if not self.setup.practice:
            return self._refuse("undo", "undo is for practice games only")
        if not self.can_undo:
            return self._refuse("undo", "there is no move of yours to take back")
        state, log_len = self._undo.pop()
        state["log"] = self.game.log[:log_len]
        undone = public_lines(self.map, self.names, self.game.log[log_len:], self.viewer)
        game = Game.from_dict(state)
        self.game, self.table, self._log_len = game, Table(game), log_len
        self._generation += 1
        self._make_bots()
        self._reset_turn_state()
        self.banner, self.tunnel = _final_round_banner(game), None
        self._check_over()
        self._update_viewer()
        first = undone[0].rstrip(".") if undone else "nothing"
        return self._say(True, f"Undone: {first}" + (f" and {plural(len(undone) - 1, 'thing')} after it"
                                                       if len(undone) > 1 else "") + ". " + self._whose_turn())

    # == the tunnel's cards, one by one; the scoring, step by step ==========================================
    def reveal_next(self) -> bool:
        """Show one more of the last tunnel's revealed cards; False when all are shown."""
        if self.tunnel is None or self.tunnel["shown"] >= len(self.tunnel["cards"]):
            return False
        self.tunnel["shown"] += 1
        self._notify()
        return True

    def show_step(self, k: int) -> Outcome:
        """Show step ``k`` of the final scoring."""
        if not self.steps:
            return self._refuse("show the scoring", "the game is not over yet")
        self.step = max(0, min(int(k), len(self.steps) - 1))
        s = self.steps[self.step]
        return self._say(True, f"{self.step + 1}/{len(self.steps)} {s.title}: " + " ".join(s.lines))

    def next_step(self) -> Outcome:
        return self.show_step(self.step + 1)

    def previous_step(self) -> Outcome:
        return self.show_step(self.step - 1)


_ORDINAL = ("", "first", "second", "third", "fourth", "fifth")


def _final_round_banner(game):
    for e in reversed(game.log):
        if e.get("event") == "final_round":
            return sentence(event_text(game.map, game.players, e))
    return None


def _action_marks(action, color, label) -> list:
    if isinstance(action, ClaimRoute):
        return [{"routes": [action.route], "color": color, "label": label}]
    if isinstance(action, BuildStation):
        return [{"cities": [action.city], "color": color, "label": label}]
    return []
