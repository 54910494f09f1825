"""A whole game in the notebook: the canvas board beside a panel of cards, tickets, players,
the coach and the log; bots move by themselves after a short delay.

>>> w = play("usa", [("Ann", "person"), ("Bo", "random")], seed=3, bot_delay=0)
>>> w.model.screen, w.model.is_person_turn, len(w.offer_buttons)
('play', True, 3)
>>> for button in w.offer_buttons[:2]:
...     button.value = True                 # choose two tickets
>>> w.keep_button.click()
>>> played = w.run_pending()            # Bo chooses tickets (no waiting outside a kernel)
>>> w.model.is_person_turn, w.model.game.phase
(True, 'play')
>>> w.deck_button.click(); "Ann: draw a card blind" in w.log_box.value
True

Everything goes through :class:`~ttr_teach.views.widgets.play_model.PlayModel` (``w.model``):
the widget turns clicks on the board and the buttons into model calls and draws what the
model says. Timers come from the kernel's event loop (``loop.call_later``), so nothing blocks
and the board shows every bot move; outside a running event loop (plain Python) nothing is
scheduled and :meth:`PlayWidget.run_pending` plays what is due.
"""
from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ...engine.actions import Pass
from ...engine.maps import load_map
from ..highlights import resolve_highlight
from .board import PANEL_CSS
from .canvas_board import DEFAULT_WIDTH, BoardCanvas
from .panel_html import message_html
from .play_controls import Decisions, button, html, show
from .play_files import FileBox
from .play_form import SetupForm
from .play_model import OVER, PASS, PLAY, SETUP, PlayModel
from .play_panel import card_style, hand_html, log_html, players_html, scoring_html, status_html, tickets_html
from .play_setup import PlaySetup
from .play_timers import BOT_DELAY, REVEAL_DELAY, Clock
from .sentences import describe_city, describe_route

#: The bots' speeds offered in the panel: seconds between two bot moves.
SPEEDS = (("slow", 1.6), ("normal", BOT_DELAY), ("fast", 0.05))
HOVER_HINT = "Point at a route or a city to read about it; click it to claim the route or build a station."
END_HINT = "Point at a route or a city: who owns it, and which route a station borrows."
#: Buttons that look like train cards, and a panel that fits beside or under the board.
PLAY_CSS = PANEL_CSS + """<style>
.ttr-play button.ttr-face-up {font-weight: bold;}
.ttr-play .ttr-panel .widget-html-content {line-height: 1.35;}
.ttr-play .ttr-market {gap: 2px;}
</style>"""


class PlayWidget(widgets.VBox):
    """The game: board, panel, setup form. ``model``: a
    :class:`~ttr_teach.views.widgets.play_model.PlayModel` (by default one on the setup screen);
    ``bot_delay`` and ``reveal_delay``: seconds between bot moves and between a tunnel's cards;
    ``scheduler(delay, callback)``: how to call later (default: the kernel's event loop)."""

    def __init__(self, model: PlayModel | None = None, *, width: int = DEFAULT_WIDTH, pixel_ratio: float = 1,
                 bot_delay: float = BOT_DELAY, reveal_delay: float = REVEAL_DELAY, scheduler=None):
        self.model = model if model is not None else PlayModel()
        self.clock = Clock(self.model, bot_delay, reveal_delay, scheduler)
        self._width, self._pixel_ratio = width, pixel_ratio
        self._syncing = False
        self._hovered = None
        self._show_form = self.model.screen == SETUP
        self.form = SetupForm(self.model.setup)
        self.form.start_button.on_click(lambda _: self._start())
        self.board = BoardCanvas(self._board_map(), width, pixel_ratio)
        self.hover = html("ttr-hover", HOVER_HINT)
        self.hover.layout.min_height = "2.7em"
        self._board_box = widgets.VBox([self.board.canvas, self.hover], layout=widgets.Layout(
            flex="1 1 560px", max_width=f"{self.board.page_width}px", min_width="280px"))
        self._connect(self.board)
        self.panel = self._build_panel()
        game = widgets.HBox([self._board_box, self.panel], layout=widgets.Layout(
            flex_flow="row wrap", align_items="flex-start", width="100%"))
        super().__init__([widgets.HTML(PLAY_CSS), self.form, game], layout=widgets.Layout(width="100%"))
        self.add_class("ttr-play")
        self.model.on_change(self._on_model_change)
        self._refresh()
        self.clock.schedule()

    # == the board ======================================================================================
    def _board_map(self):
        return self.model.map if self.model.map is not None else load_map(self.model.setup.map)

    def _connect(self, board: BoardCanvas):
        canvas = board.canvas
        canvas.add_class("ttr-board")
        canvas.layout.width = "100%"
        canvas.layout.height = "auto"
        canvas.on_client_ready(self.redraw)
        canvas.on_mouse_down(lambda px, py: self.click_pixels(px, py))
        canvas.on_mouse_move(self._on_mouse_move)
        canvas.on_mouse_out(self._on_mouse_out)

    def _board_state(self):
        routes, stations = self.model.board_colors()
        position, items = self.model.highlight()
        marks = resolve_highlight(position, items or None) if position is not None else []
        return routes, stations, marks

    def redraw(self) -> None:
        """Paint the whole board again (done by itself when a browser view gets ready)."""
        self.board.draw(*self._board_state(), self._hovered)

    def click_pixels(self, px: float, py: float):
        """What a mouse click on the canvas pixel ``(px, py)`` does (the model's Outcome)."""
        return self.model.click(*self.board.to_board(px, py))

    def _on_mouse_move(self, px, py):
        item = self.model.item_at(*self.board.to_board(px, py))
        if self.board.show_hover(item) or item != self._hovered:
            self._hovered = item
            self.hover.value = escape(self._hover_text(item), quote=False)

    def _on_mouse_out(self, px, py):
        self._hovered = None
        self.board.show_hover(None)
        self.hover.value = escape(self._hover_text(None), quote=False)

    def _hover_text(self, item) -> str:
        if item is None or self.model.game is None:
            return END_HINT if self.model.screen == OVER else HOVER_HINT
        position, _ = self.model.highlight()
        if hasattr(item, "index"):
            return describe_route(position, item)
        if self.model.screen == OVER:
            return describe_city(position, item)
        owner = position.station_owners.get(item.id)
        station = f"; {position.players[owner].name}’s station" if owner is not None else ""
        return f"{item.name}: {len(self.model.map.routes_at(item.id))} routes{station}."

    # == the panel ======================================================================================
    def _build_panel(self) -> widgets.VBox:
        m = self.model
        self.status = html("ttr-status")
        self.message = html("ttr-message")
        self.pass_text = html("ttr-pass-text")
        self.i_am_here_button = button("", "ttr-i-am-here", button_style="primary", icon="eye")
        self.i_am_here_button.on_click(lambda _: m.i_am_here())
        self.pass_box = widgets.VBox([self.pass_text, self.i_am_here_button])
        self.decisions = Decisions(m)
        # the cards on the table
        self.face_up_buttons = [button("", "ttr-face-up", width="76px") for _ in range(5)]
        for k, b in enumerate(self.face_up_buttons):
            b.layout.height = "42px"
            b.on_click(lambda _, k=k: m.click_face_up(k))
        self.deck_button = button("Deck", "ttr-deck", icon="clone")
        self.deck_button.layout.height = "42px"
        self.deck_button.on_click(lambda _: m.click_deck())
        self.ticket_deck_button = button("Tickets", "ttr-ticket-deck", icon="ticket")
        self.ticket_deck_button.layout.height = "42px"
        self.ticket_deck_button.on_click(lambda _: m.click_tickets())
        self.pass_button = button("Pass", "ttr-pass")
        self.pass_button.on_click(lambda _: m.click_pass())
        self.market = widgets.HBox([*self.face_up_buttons, self.deck_button, self.ticket_deck_button,
                                    self.pass_button], layout=widgets.Layout(flex_flow="row wrap"))
        self.market.add_class("ttr-market")
        self.hand = html("ttr-hand")
        self.tickets = html("ttr-tickets")
        self.show_tickets_box = widgets.Checkbox(value=True, description="draw my tickets on the board",
                                                 indent=False, layout=widgets.Layout(width="auto"))
        self.show_tickets_box.observe(self._on_show_tickets, "value")
        # the coach
        self.hint_button = button("Hint", "ttr-hint", icon="lightbulb-o")
        self.hint_button.on_click(lambda _: m.ask_hint())
        self.play_hint_button = button("Play the hint", "ttr-play-hint", icon="play")
        self.play_hint_button.on_click(lambda _: m.play_hint())
        self.why_not_button = button("Why not?", "ttr-why-not", icon="question")
        self.why_not_button.on_click(lambda _: m.why_not())
        self.undo_button = button("Undo", "ttr-undo", icon="undo")
        self.undo_button.on_click(lambda _: m.undo())
        self.coach = widgets.HBox([self.hint_button, self.play_hint_button, self.why_not_button, self.undo_button],
                                  layout=widgets.Layout(flex_flow="row wrap"))
        self.players = html("ttr-players-box")
        self.log_box = html("ttr-log-box")
        # the end
        self.scoring = html("ttr-scoring-box")
        self.back_button = button("◀ Back", "ttr-step-back")
        self.back_button.on_click(lambda _: m.previous_step())
        self.next_button = button("Next ▶", "ttr-step-next", button_style="info")
        self.next_button.on_click(lambda _: m.next_step())
        self.scoring_box = widgets.VBox([self.scoring, widgets.HBox([self.back_button, self.next_button])])
        # tools
        self.new_game_button = button("New game", "ttr-new-game", icon="plus")
        self.new_game_button.on_click(lambda _: self._toggle_form())
        self.finish_button = button("Let the bots finish", "ttr-finish", icon="forward")
        self.finish_button.on_click(lambda _: m.finish_with_bots())
        self.speed = widgets.ToggleButtons(options=SPEEDS, description="Bots",
                                           style={"button_width": "74px", "description_width": "38px"})
        self.speed.add_class("ttr-speed")
        self.speed.value = min((d for _, d in SPEEDS), key=lambda d: abs(d - self.clock.bot_delay))
        self.speed.observe(self._on_speed, "value")
        self.file_box = FileBox(m)
        self.play_box = widgets.VBox([self.decisions, self.market, self.hand,
                                      self.coach, self.tickets, self.show_tickets_box])
        self.tools = widgets.VBox([self.speed, widgets.HBox([self.new_game_button, self.finish_button],
                                                            layout=widgets.Layout(flex_flow="row wrap"))])
        panel = widgets.VBox([self.status, self.message, self.pass_box, self.play_box, self.scoring_box,
                              self.players, self.log_box, self.tools, self.file_box],
                             layout=widgets.Layout(flex="1 1 340px", max_width="470px", min_width="300px",
                                                   padding="0 0 0 10px"))
        panel.add_class("ttr-panel")
        return panel

    # == changes ========================================================================================
    def _on_model_change(self, model):
        if self.board.map is not self._board_map():
            self._replace_board()
        self.board.update(*self._board_state())
        self._refresh()
        self.clock.schedule()

    def _replace_board(self):
        self._hovered = None
        self.board = BoardCanvas(self._board_map(), self._width, self._pixel_ratio)
        self._connect(self.board)
        self._board_box.children = [self.board.canvas, self.hover]

    def _refresh(self):
        m = self.model
        screen = m.screen
        self._syncing = True
        try:
            show(self.form, self._show_form or screen == SETUP)
            self.status.value = status_html(m)
            self.message.value = message_html(m)
            show(self.pass_box, screen == PASS)
            if screen == PASS:
                name = m.names[m.waiting_for]
                self.pass_text.value = (f"<div style='font-size:16px;padding:8px 0'>Pass the laptop to "
                                        f"<b>{escape(name)}</b>. The other players look away.</div>")
                self.i_am_here_button.description = f"I am {name}: show my cards"
            show(self.play_box, screen == PLAY)
            show(self.scoring_box, screen == OVER)
            for box in (self.players, self.log_box, self.tools, self.file_box):
                show(box, m.game is not None)
            if m.game is None:
                return
            self.players.value = players_html(m)
            self.log_box.value = log_html(m)
            self._refresh_play()
            if screen == OVER:
                self.scoring.value = scoring_html(m)
                self.back_button.disabled = m.step == 0
                self.next_button.disabled = m.step == len(m.steps) - 1
            show(self.finish_button, screen in (PLAY, PASS))
            show(self.speed, any(k != "person" for k in m.kinds) and screen != OVER)
            if self._hovered is None:
                self.hover.value = escape(self._hover_text(None), quote=False)
        finally:
            self._syncing = False

    def _refresh_play(self):
        m = self.model
        view = m.view()
        acting = m.is_person_turn
        for k, b in enumerate(self.face_up_buttons):
            card = view.face_up[k] if k < len(view.face_up) else None
            show(b, card is not None)
            if card is not None:
                fill, ink, letter = card_style(card)
                b.description = "★ loco" if card == "locomotive" else card
                b.style.button_color, b.style.text_color = fill, ink
                b.tooltip = f"take the face-up {card}"
                b.disabled = not acting
        self.deck_button.description = f"Deck {view.deck_size}"
        self.ticket_deck_button.description = f"Tickets {view.tickets_left}"
        self.deck_button.disabled = self.ticket_deck_button.disabled = not acting
        show(self.pass_button, acting and Pass() in m.game.legal_actions())
        self.hand.value = hand_html(m)
        self.tickets.value = ("<b>My tickets</b>" + tickets_html(m)) if m.viewer is not None else ""
        self.show_tickets_box.value = m.show_tickets
        self.decisions.refresh()
        for b in (self.hint_button, self.play_hint_button, self.why_not_button):
            b.disabled = not acting
        self.play_hint_button.disabled = m.hint is None
        self.why_not_button.disabled = m.refusal is None
        self.undo_button.disabled = not m.can_undo
        show(self.undo_button, m.setup.practice)

    # == panel events ===================================================================================
    def _on_speed(self, change):
        self.clock.bot_delay = change["new"]

    def _on_show_tickets(self, change):
        if not self._syncing:
            self.model.set_show_tickets(change["new"])

    def _toggle_form(self):
        self._show_form = not self._show_form
        if self._show_form:
            self.form.fill(self.model.setup)
        self._refresh()

    def _start(self):
        outcome = self.model.start(**self.form.values())
        if outcome.ok:
            self._show_form = False
            self._refresh()

    def run_pending(self, limit: int = 100_000) -> int:
        """Run the bot moves and tunnel cards that are due now instead of waiting (see
        :meth:`~.play_timers.Clock.run_pending`)."""
        return self.clock.run_pending(limit)

    @property
    def offer_buttons(self) -> list:
        return self.decisions.offer_buttons

    @property
    def keep_button(self):
        return self.decisions.keep_button


def play(map="europe", seats=None, seed: int = 0, practice: bool = True, *, start=None,
         width: int = DEFAULT_WIDTH, bot_delay: float = BOT_DELAY, pixel_ratio: float = 1) -> PlayWidget:
    """A game to play in the notebook: ``play()`` shows the setup form; ``play("usa",
    [("Ann", "person"), ("Bo", "planner")])`` starts that game at once. ``seats``: ``(name,
    kind)`` pairs, kind ``"person"`` or a bot strength (``"random"``, ``"planner"``,
    ``"expert"``). ``start``: start at once (default: when ``seats`` are given)."""
    setup = PlaySetup.of(map, seats if seats is not None else PlaySetup.of(map).seats, seed, practice)
    model = PlayModel(setup)
    if start if start is not None else seats is not None:
        model.start()
    return PlayWidget(model, width=width, pixel_ratio=pixel_ratio, bot_delay=bot_delay)
