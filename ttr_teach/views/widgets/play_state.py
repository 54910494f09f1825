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
from typing import Any

from ...engine.actions import DeclineTunnel, PayTunnel
from ...engine.errors import TTRError
from ...engine.game.core import Game
from ...engine.game.log import event_text
from ...engine.i18n import gettext, ngettext
from ...engine.position import PLAYER_COLORS
from ...engine.scoring import score as score_of
from ...engine.text import listing
from ...players.coach import Hint
from ...players.play import Table
from .model import Notifier, Outcome
from .play_save import read_saved, save_text
from .play_scoring import scoring_steps
from .play_setup import PERSON, PlaySetup, make_bot, seat_kind_words
from .play_text import cheapest_first, public_lines, sentence

SETUP, PASS, PLAY, OVER = "setup", "pass", "play", "over"
#: How many turns a tunnel's revealed cards stay shown at least: the tunnel's own and the next one.
TUNNEL_SHOWN_FOR = 2


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
        self.game: Game | None = None
        self.table: Table           # made with the game (_install)
        self.kinds = [s.kind for s in self.setup.seats]
        self.bots: dict[int, Any] = {}
        self.viewer: int | None = None          # the person whose hand and tickets are shown
        self.waiting_for: int | None = None     # hot-seat: the person the laptop is passed to
        self.choice: Any = None                 # the claim or station being paid for (play_model.Choice)
        self.keep: frozenset[int] = frozenset()
        self.hint: Hint | None = None
        self.refusal: Refusal | None = None
        self.banner: str | None = None          # the final round, announced
        self.tunnel: Any = None     # the last tunnel's revealed cards, and how many are shown
        self._said: list = []       # the sentences of the last action played
        self._bot_turn: tuple | None = None     # (turn, seat, sentences) of the bot's actions in this turn
        self._held: Any = None      # what the tunnel's cards cost, until all are shown
        self._hidden_from: int | None = None
        self.steps: list = []
        self.step = 0
        self.show_tickets = True
        self.selected_ticket: int | None = None
        self.message, self.refused = gettext("Choose the map and the players, then start the game."), False
        self._undo: list = []
        self._generation = 0
        self._cache: dict = {}
        self._listeners = []

    @property
    def playing(self) -> Game:
        """The game being played (asked for only once one has started)."""
        if self.game is None:
            raise RuntimeError("no game has started yet")  # a programmer's mistake: the widget asks only once one has
        return self.game

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
        return self._say(False, sentence(gettext("Not allowed: {action}: {reason}").format(
            action=what, reason=reason.rstrip("."))))

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
            return self._refuse(gettext("start the game"), str(e))
        self._install(game, setup)
        seats = listing(s.label for s in self.setup.seats)
        return self._say(True, gettext("A new {map} game: {seats}.").format(map=game.map.title, seats=seats)
                         + " " + self._whose_turn())

    def _install(self, game: Game, setup: PlaySetup) -> None:
        self.setup, self.game, self.table = setup, game, Table(game)
        self.kinds = [s.kind for s in setup.seats]
        self._generation += 1
        self._make_bots()
        self._undo, self._log_len = [], len(game.log)
        self.viewer, self.waiting_for = None, None
        self._reset_turn_state()
        self.banner = _final_round_banner(game)
        self.tunnel = self._held = self._hidden_from = self._bot_turn = None
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

    def load_text(self, text, name: str | None = None) -> Outcome:
        """Carry on with the game saved in ``text``; a broken file is refused (with the
        engine's sentence) and the current game kept."""
        name = gettext("the file") if name is None else name
        try:
            game, setup = read_saved(text, name)
        except TTRError as e:
            return self._refuse(gettext("load {file}").format(file=name), str(e))
        self._install(game, setup)
        return self._say(True, gettext("Loaded {file}: a {map} game, turn {n}.").format(
            file=name, map=game.map.title, n=game.turn) + " " + self._whose_turn())

    # == what the panel reads =====================================================================
    @property
    def map(self):
        return self.playing.map if self.game is not None else None

    @property
    def names(self) -> list:
        return self.setup.names

    @property
    def screen(self) -> str:
        """``"setup"`` (no game yet), ``"pass"`` (hot-seat: the laptop goes to
        :attr:`waiting_for`), ``"play"`` or ``"over"``."""
        if self.game is None:
            return SETUP
        if self.playing.is_over:
            return OVER
        return PASS if self.waiting_for is not None else PLAY

    @property
    def current(self):
        """Seat of the player to act (None: no game, or over)."""
        return None if self.game is None else self.playing.current_player

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
        return f"{self.names[seat]} ({seat_kind_words(self.kinds[seat])})"

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
        return self._cached("score", lambda: score_of(self.playing.to_position()))

    def log_lines(self, n: int = 10) -> list:
        """The last ``n`` sentences of the log that the viewer may read."""
        lines = self._cached(("log", self.viewer, self._hidden_from), lambda: public_lines(
            self.map, self.names, self.playing.log[:self._hidden_from], self.viewer))
        return lines[-n:]

    def board_colors(self) -> tuple:
        """``(route index -> player colour, city -> player colour)`` of what is on the board."""
        if self.game is None:
            return {}, {}
        routes, stations = {}, {}
        for seat in range(len(self.names)):
            color = PLAYER_COLORS[seat % len(PLAYER_COLORS)]
            routes.update({r.index: color for r in self.playing.routes(seat)})
            stations.update({c: color for c in self.playing.stations(seat)})
        return routes, stations

    def _why_not_now(self):
        """Why nobody at the laptop may act now (None: the person to act may)."""
        if self.game is None:
            return gettext("no game has started: choose the players and click Start")
        if self.playing.is_over:
            return gettext("the game is over; step through the final scoring")
        name = self.names[self.current]
        if self.kinds[self.current] != PERSON:
            return gettext("it is {name}'s turn ({kind}): wait for {name} to play").format(
                name=name, kind=seat_kind_words(self.kinds[self.current]))
        if self.waiting_for is not None:
            return gettext("the laptop goes to {name} first: {name}, click “I am {name}” to see your cards").format(
                name=name)
        return None

    # == playing an action ===========================================================================
    def _apply(self, action) -> str:
        """Play a legal ``action``; the sentences of what happened that the viewer may read.

        A tunnel's revealed cards are shown one by one (:meth:`reveal_next`): until the last
        one is, what they cost is held back from the message and the log. They stay shown for
        :data:`TUNNEL_SHOWN_FOR` turns, the tunnel's own and the next player's (who sees what
        the tunnel cost), and until a person acts after those: a bot's quick turn does not take
        them away before the person at the laptop has read them."""
        before, start, turn = self.viewer, self._log_len, self.playing.turn
        by_person = self.kinds[self.current] == PERSON or PERSON not in self.kinds
        events = self.table.apply(action)
        self._log_len += len(events)
        self._reset_turn_state()
        self._finish_reveal()
        reveal = None
        for k, e in enumerate(events):
            if e.get("event") == "final_round":
                self.banner = sentence(event_text(self.map, self.names, e) or "")
            elif e.get("event") == "tunnel_reveal":
                self.tunnel = {"player": e["player"], "route": e["route"], "cards": list(e["cards"]),
                               "extra": e["extra"], "shown": 0, "turn": turn}
                reveal = k if e["cards"] else None
        if (self.tunnel is not None and by_person
                and self.playing.turn >= self.tunnel["turn"] + TUNNEL_SHOWN_FOR):
            self.tunnel = None
        self._check_over()
        self._update_viewer()
        after = [self._whose_turn()] if not self.playing.is_over else []
        self._said = public_lines(self.map, self.names, events, before)
        if reveal is None:
            return " ".join(public_lines(self.map, self.names, events, before) + after)
        self._held = " ".join(public_lines(self.map, self.names, events[reveal:], before) + after)
        self._hidden_from = start + reveal
        lines = public_lines(self.map, self.names, events[:reveal], before)
        n = len(self.tunnel["cards"])
        return " ".join(lines + [ngettext("The top card of the deck is turned over for the tunnel…",
                                          "The top {n} cards of the deck are turned over for the tunnel, one by one…",
                                          n).format(n=n)])

    def _finish_reveal(self):
        """Show the last tunnel's cards whole (another action is played)."""
        if self.tunnel is not None:
            self.tunnel["shown"] = len(self.tunnel["cards"])
        self._held = self._hidden_from = None

    def _check_over(self):
        if self.playing.is_over and not self.steps:
            self.steps, self.step = scoring_steps(self.score), 0
        elif not self.playing.is_over:
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
        return whose_turn(self)

    # == bots ==========================================================================================
    def bot_step(self):
        """Let the bot to act play one action (None if no bot is to act); returns the Outcome."""
        if not self.bot_to_move:
            return None
        seat, turn = self.current, self.playing.turn
        # the header tells all of the bot's turn: its earlier actions in this turn come first
        earlier = self._bot_turn[2] if self._bot_turn is not None and self._bot_turn[:2] == (turn, seat) else []
        action = self.bots[seat].choose(self.table.view(seat))
        why = self.playing.why_illegal(action)
        if why:  # a bot's mistake must not stop the game: say so, and play a legal action
            fallback = self.playing.legal_actions()[0]
            text = self._apply(fallback)
            self._bot_turn = (turn, seat, earlier + self._said)
            said = gettext("{player} chose {action}, which the rules refuse ({why}); it plays {fallback} "
                           "instead.").format(player=self.seat_label(seat), action=action, why=why, fallback=fallback)
            return self._say(False, " ".join([*earlier, said, text]))
        text = self._apply(action)
        self._bot_turn = (turn, seat, earlier + self._said)
        return self._say(True, " ".join(earlier + [text]))

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
            self._undo.append((self.playing.to_dict(log=False), self._log_len, self.current))

    @property
    def can_undo(self) -> bool:
        """True when the person looking may take back their last move."""
        return bool(self._undo) and self.viewer is not None and self._undo[-1][2] == self.viewer

    def undo(self) -> Outcome:
        """Take back the last move of the person looking, and the moves played since (the
        bots' replies): practice games only. In a hot-seat game nobody takes back another
        person's move."""
        if not self.setup.practice:
            return self._refuse(gettext("undo"), gettext("undo is for practice games only"))
        if not self.can_undo:
            last = self._undo[-1][2] if self._undo else None
            return self._refuse(gettext("undo"), gettext("there is no move of yours to take back") if last is None or
                                self.viewer is None else gettext("the last move was {player}’s").format(
                                    player=self.names[last]))
        state, log_len, _ = self._undo.pop()
        log = self.playing.log
        state["log"] = log[:log_len]
        moves = [e for e in log[log_len:] if e.get("event") == "action"]
        first = public_lines(self.map, self.names, [moves[0]], self.viewer)[0].rstrip(".")
        later = len(moves) - 1
        game = Game.from_dict(state)
        self.game, self.table, self._log_len = game, Table(game), log_len
        self._generation += 1
        self._make_bots()
        self._reset_turn_state()
        self.banner = _final_round_banner(game)
        self.tunnel = self._held = self._hidden_from = self._bot_turn = None
        self._check_over()
        self._update_viewer()
        undone = (ngettext("Undone: {move}, and {n} move played since.", "Undone: {move}, and {n} moves played since.",
                           later) if later else gettext("Undone: {move}.")).format(move=first, n=later)
        return self._say(True, undone + " " + self._whose_turn())

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
            return sentence(event_text(game.map, game.players, e) or "")
    return None


def whose_turn(self: PlayState) -> str:
    """What the game waits for, as the message under the board says it."""
    g = self.playing
    seat = g.current_player
    if g.is_over or seat is None:
        return gettext("The game is over.")
    name = self.names[seat]
    if self.waiting_for is not None:
        return gettext("Pass the laptop to {player}.").format(player=name)
    if self.kinds[seat] != PERSON:
        return gettext("{player} is playing.").format(player=self.seat_label(seat))
    pending = g.pending or {}
    kind = pending.get("kind")
    if kind == "tickets":
        return gettext("{player}, choose the tickets to keep (at least {n} of {total}).").format(
            player=name, n=pending["keep_at_least"], total=len(pending["tickets"]))
    if kind == "second_card":
        return gettext("{player}, draw your second card (blind, or a face-up card that is not a "
                       "locomotive).").format(player=name)
    if kind == "tunnel":
        extra = ngettext("{n} more card", "{n} more cards", pending["extra"]).format(n=pending["extra"])
        if any(isinstance(a, PayTunnel) for a in g.legal_actions()):
            return gettext("{player}, the tunnel asks for {cards}: pay or decline.").format(player=name,
                                                                                            cards=extra)
        return gettext("{player}, the tunnel asks for {cards}, which you cannot pay: decline, and your cards "
                       "come back.").format(player=name, cards=extra)
    return (gettext("{player}, your turn: draw cards, claim a route, draw tickets, or build a station.")
            if self.map.rules.has_stations else
            gettext("{player}, your turn: draw cards, claim a route, draw tickets.")).format(player=name)
