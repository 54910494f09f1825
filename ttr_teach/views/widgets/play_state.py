"""The table of a game in the notebook: the game, who sits where (people and bots), whose
cards are shown, the final round, the scoring walk-through, undo, saving and loading.

:class:`PlayState` is the part of :class:`~.play_model.PlayModel` that does not depend on what
is clicked: it plays legal actions (:meth:`PlayState._apply`), lets the bots move
(:meth:`~PlayState.bot_step`), hides a person's hand while the laptop passes to the next
person (hot-seat: :attr:`~PlayState.screen` is ``"pass"`` until :meth:`~PlayState.i_am_here`),
takes moves back in practice games (:meth:`~PlayState.undo`) and walks through the final
scoring (:meth:`~PlayState.show_step`).

>>> table = PlayState.new("usa", [("Ann", "planner"), ("Bo", "random")], seed=1)
>>> table.run_bots() > 20, table.screen, table.steps[-1].title
(True, 'over', 'The winner')
"""
from __future__ import annotations

from dataclasses import dataclass

from ...engine.actions import DeclineTunnel, PayTunnel
from ...engine.errors import TTRError
from ...engine.game.core import Game
from ...engine.game.log import event_text
from ...engine.position import PLAYER_COLORS
from ...engine.scoring import score as score_of
from ...engine.text import plural
from ...players.play import Table
from .model import Notifier, Outcome
from .play_save import read_saved, save_text
from .play_scoring import scoring_steps
from .play_setup import PERSON, SEAT_KINDS, PlaySetup, make_bot
from .play_text import cheapest_first, public_lines, sentence

SETUP, PASS, PLAY, OVER = "setup", "pass", "play", "over"


@dataclass(frozen=True)
class Refusal:
    """The last refused action: ``what`` was tried, the ``action`` (None when the model, not
    the engine, refused it) and the ``reason``."""

    what: str
    action: object
    reason: str
    #: True when ``action`` is a probe the model made up to find the reason (the person clicked
    #: a route or a city and offered no cards): *Why not?* must not say "you offered".
    probe: bool = False


class PlayState(Notifier):
    """A game at the laptop (see the module docstring). Start with :meth:`new` or
    :meth:`of_game`, or make an empty one (the setup screen) and call :meth:`start`."""

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
        self._held = self._hidden_from = None   # what the tunnel's cards cost, until all are shown
        self.steps, self.step = [], 0
        self.show_tickets = True
        self.selected_ticket = None
        self.message, self.refused = "Choose the map and the players, then start the game.", False
        self._undo = []
        self._generation = 0
        self._cache = {}
        self._listeners = []

    @classmethod
    def new(cls, map="europe", seats=(("Ann", PERSON), ("Bo", "planner")), seed: int = 0,
            practice: bool = True) -> PlayState:
        """A model with a game started (see :class:`~.play_setup.PlaySetup`)."""
        model = cls(PlaySetup.of(map, seats, seed, practice))
        model.start()
        return model

    @classmethod
    def of_game(cls, game: Game, kinds=None, practice: bool = True) -> PlayState:
        """A model carrying on with ``game`` (a Game, e.g. :meth:`Game.arranged
        <ttr_teach.engine.game.core.Game.arranged>` for a lesson); ``kinds``: one seat kind per
        player (default: every seat a person)."""
        kinds = list(kinds) if kinds is not None else [PERSON] * len(game.players)
        model = cls(PlaySetup.of(game.map.name, list(zip(game.players, kinds, strict=True)), game.seed, practice))
        model._install(game.copy(), model.setup)
        model.message = model._whose_turn()
        return model

    # == listeners and messages =================================================================
    def report(self, message: str) -> Outcome:
        """Show ``message`` as a problem (the widget reports what went wrong outside a move)."""
        return self._say(False, message)

    def _refuse(self, what: str, reason: str, action=None, probe: bool = False) -> Outcome:
        self.refusal = Refusal(what, action, reason, probe)
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
        self.tunnel = self._held = self._hidden_from = None
        self._check_over()
        self._update_viewer()

    def _make_bots(self):
        seed = self.setup.seed
        self.bots = {seat: make_bot(kind, seed * 100 + 10 * self._generation + seat)
                     for seat, kind in enumerate(self.kinds) if kind != PERSON}

    def _reset_turn_state(self):
        self.choice, self.keep, self.hint, self.refusal = None, frozenset(), None, None
        self._cache.clear()

    def save_text(self) -> str:
        """The game in progress and its seats, as the text of a saved file (JSON)."""
        if self.game is None:
            return ""
        seats = [(s.name, k) for s, k in zip(self.setup.seats, self.kinds, strict=True)]
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
        lines = self._cached(("log", self.viewer, self._hidden_from), lambda: public_lines(
            self.map, self.names, self.game.log[:self._hidden_from], self.viewer))
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

    def _why_not_now(self):
        """Why nobody at the laptop may act now (None: the person to act may)."""
        if self.game is None:
            return "no game has started: choose the players and click Start"
        if self.game.is_over:
            return "the game is over; step through the final scoring"
        name = self.names[self.current]
        if self.kinds[self.current] != PERSON:
            return f"it is {name}'s turn ({SEAT_KINDS[self.kinds[self.current]]}): wait for {name} to play"
        if self.waiting_for is not None:
            return f"the laptop goes to {name} first: {name}, click “I am {name}” to see your cards"
        return None

    # == playing an action ===========================================================================
    def _apply(self, action) -> str:
        """Play a legal ``action``; the sentences of what happened that the viewer may read.

        A tunnel's revealed cards are shown one by one (:meth:`reveal_next`): until the last
        one is, what they cost is held back from the message and the log."""
        before, start = self.viewer, self._log_len
        events = self.table.apply(action)
        self._log_len += len(events)
        self._reset_turn_state()
        self._finish_reveal()
        reveal = None
        for k, e in enumerate(events):
            if e.get("event") == "final_round":
                self.banner = sentence(event_text(self.map, self.names, e))
            elif e.get("event") == "tunnel_reveal":
                self.tunnel = {"player": e["player"], "route": e["route"], "cards": list(e["cards"]),
                               "extra": e["extra"], "shown": 0}
                reveal = k if e["cards"] else None
        self._check_over()
        self._update_viewer()
        after = [self._whose_turn()] if not self.game.is_over else []
        if reveal is None:
            return " ".join(public_lines(self.map, self.names, events, before) + after)
        self._held = " ".join(public_lines(self.map, self.names, events[reveal:], before) + after)
        self._hidden_from = start + reveal
        lines = public_lines(self.map, self.names, events[:reveal], before)
        return " ".join(lines + [f"The top {plural(len(self.tunnel['cards']), 'card')} of the deck are "
                                 "turned over for the tunnel, one by one…"])

    def _finish_reveal(self):
        """Show the last tunnel's cards whole (another action is played)."""
        if self.tunnel is not None:
            self.tunnel["shown"] = len(self.tunnel["cards"])
        self._held = self._hidden_from = None

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
            asks = f"{name}, the tunnel asks for {plural(pending['extra'], 'more card')}"
            if any(isinstance(a, PayTunnel) for a in g.legal_actions()):
                return f"{asks}: pay or decline."
            return f"{asks}, which you cannot pay: decline, and your cards come back."
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

    # == undo (practice games) ==========================================================================
    def _remember(self) -> None:
        """Keep the state before a person's move, to take it back (practice games)."""
        if self.setup.practice:
            self._undo.append((self.game.to_dict(log=False), self._log_len, self.current))

    @property
    def can_undo(self) -> bool:
        """True when the person looking may take back their last move."""
        return bool(self._undo) and self.viewer is not None and self._undo[-1][2] == self.viewer

    def undo(self) -> Outcome:
        """Take back the last move of the person looking, and the moves played since (the
        bots' replies): practice games only. In a hot-seat game nobody takes back another
        person's move."""
        if not self.setup.practice:
            return self._refuse("undo", "undo is for practice games only")
        if not self.can_undo:
            last = self._undo[-1][2] if self._undo else None
            return self._refuse("undo", "there is no move of yours to take back" if last is None or
                                self.viewer is None else f"the last move was {self.names[last]}’s")
        state, log_len, _ = self._undo.pop()
        log = self.game.log
        state["log"] = log[:log_len]
        moves = [e for e in log[log_len:] if e.get("event") == "action"]
        first = public_lines(self.map, self.names, [moves[0]], self.viewer)[0].rstrip(".")
        since = f", and {plural(len(moves) - 1, 'move')} played since" if len(moves) > 1 else ""
        game = Game.from_dict(state)
        self.game, self.table, self._log_len = game, Table(game), log_len
        self._generation += 1
        self._make_bots()
        self._reset_turn_state()
        self.banner = _final_round_banner(game)
        self.tunnel = self._held = self._hidden_from = None
        self._check_over()
        self._update_viewer()
        return self._say(True, f"Undone: {first}{since}. " + self._whose_turn())

    # == the tunnel's cards, one by one; the scoring, step by step ==========================================
    def reveal_next(self) -> bool:
        """Show one more of the last tunnel's revealed cards; False when all are shown."""
        if self.tunnel is None or self.tunnel["shown"] >= len(self.tunnel["cards"]):
            return False
        self.tunnel["shown"] += 1
        if self.tunnel["shown"] == len(self.tunnel["cards"]) and self._held is not None:
            self.message, self.refused = self._held, False
            self._held = self._hidden_from = None
        self._notify()
        return True



def _final_round_banner(game):
    for e in reversed(game.log):
        if e.get("event") == "final_round":
            return sentence(event_text(game.map, game.players, e))
    return None
