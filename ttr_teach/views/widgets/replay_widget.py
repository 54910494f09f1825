"""The replay board: any finished (or stopped) game, step by step.

``ttr_teach.views.widgets.replay(game_or_file)`` makes one. (This module is not called ``replay``
so that importing it never hides that function behind a module of the same name.)

>>> from ttr_teach.players.play import play_game
>>> from ttr_teach.players.random_bot import RandomBot
>>> w = replay(play_game("usa", [RandomBot(1), RandomBot(2)], seed=4))
>>> w.stepper.value = 3
>>> w.model.step, "step 3 of" in w.caption.value
(3, True)
>>> w.stepper.next_button.click(); w.model.step
4

Above the board: Previous and Next, the step in words, Play (a step every
:data:`PLAY_INTERVAL` seconds), a number box to go to a step (see
:class:`~ttr_teach.views.widgets.stepper.Stepper`) and the player being watched (whose hand
and tickets are shown). Beside it: the step in words, that player's hand, the face-up cards and the
route points of every player over the game, with a line at the current step. All the
content comes from :class:`~ttr_teach.views.widgets.replay_model.ReplayModel` (``w.model``).
"""
from __future__ import annotations

import ipywidgets as widgets

from ...engine.i18n import gettext
from .replay_model import ReplayModel
from .stepper import Stepper

#: Seconds between steps when playing.
PLAY_INTERVAL = 0.6
#: The panel's HTML boxes keep a normal line height (widgets default to 28 px lines).
REPLAY_CSS = ("<style>.ttr-replay .widget-html-content {line-height: 1.35; height: auto;}"
              ".ttr-replay .ttr-replay-hand, .ttr-replay .ttr-replay-faceup {margin: 4px 0;}</style>")


def _html(css_class: str) -> widgets.HTML:
    box = widgets.HTML()
    box.add_class(css_class)
    return box


class ReplayWidget(widgets.VBox):
    """A replay of ``source`` (a Game, a saved game or its JSON file), watching ``seat``.
    ``board_width``: the board's width in pixels."""

    def __init__(self, source, seat=0, board_width: int = 760, stopped: str | None = None):
        self.model = source if isinstance(source, ReplayModel) else ReplayModel(source, seat, stopped)
        self.board_width = board_width
        last = len(self.model) - 1
        self.stepper = Stepper(0, last, description=gettext("step"), play=True, interval=PLAY_INTERVAL,
                               jump=True, words=lambda k: gettext("the deal") if k == 0 else gettext(
                                   "{description} {k} of {n}").format(description=gettext("step"), k=k, n=last))
        self.stepper.add_class("ttr-replay-stepper")
        self.watch = widgets.Dropdown(options=[(name, i) for i, name in enumerate(self.model.names)],
                                      value=self.model.seat, description=gettext("watch"),
                                      layout=widgets.Layout(width="230px"))
        self.watch.observe(self._on_watch, names="value")
        self.board = _html("ttr-replay-board")
        self.caption = _html("ttr-replay-caption-box")
        self.hand = _html("ttr-replay-hand-box")
        self.face_up = _html("ttr-replay-faceup-box")
        self.scores = _html("ttr-replay-scores-box")
        self.stepper.observe(self._on_step, names="value")
        controls = widgets.HBox([self.stepper, self.watch], layout=widgets.Layout(flex_flow="row wrap"))
        panel = widgets.VBox([widgets.HTML(REPLAY_CSS), self.caption, self.hand, self.face_up, self.scores],
                             layout=widgets.Layout(width="480px"))
        body = widgets.HBox([self.board, panel], layout=widgets.Layout(flex_flow="row wrap"))
        super().__init__([controls, body])
        self.add_class("ttr-replay")
        self._show()

    def _on_step(self, change) -> None:
        self.model.go(change["new"])
        self._show()

    def _on_watch(self, change) -> None:
        self.model.watch(change["new"])
        self.hand.value = self.model.hand_html()

    def _show(self) -> None:
        m = self.model
        self.board.value = m.board_svg(self.board_width)
        self.caption.value = m.caption_html()
        self.hand.value = m.hand_html()
        self.face_up.value = m.face_up_html()
        self.scores.value = m.score_svg()


def replay(game_or_file, seat=0, game: int | None = None, board_width: int = 760) -> ReplayWidget:
    """A :class:`ReplayWidget` of ``game_or_file``: a Game, a saved game (``Game.to_dict()``)
    or its JSON file, or a tournament's result with ``game=`` the game's number (rebuilt
    from its seeds by :meth:`~ttr_teach.players.tournament_result.TournamentResult.game`;
    a game a bot's fault stopped ends with why: the bot, the turn and the reason, such as a
    time-out). ``seat``: the player watched (a seat number or a name)."""
    stopped = None
    if game is not None:
        fault = game_or_file.games[game].fault
        stopped = fault["reason"] if fault else None
        game_or_file = game_or_file.game(game)
    return ReplayWidget(game_or_file, seat, board_width, stopped)
