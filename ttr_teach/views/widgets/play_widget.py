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
from ...engine.i18n import N_, gettext, ngettext, pgettext
from ...engine.maps import load_map
from ...engine.position import PLAYER_COLORS
from ...engine.text import colour_name
from ..highlights import resolve_highlight
from ..last_move import resolve_last_move
from ..legend import legend_svg
from ..style import card_style
from .board import PANEL_CSS
from .canvas_board import DEFAULT_WIDTH, BoardCanvas
from .panel_html import message_html
from .play_controls import Decisions, button, html, show
from .play_files import FileBox
from .play_form import SetupForm
from .play_keyboard import BoardKeys
from .play_model import OVER, PASS, PLAY, SETUP, PlayModel
from .play_panel import hand_html, log_html, players_html, scoring_html, status_html, tickets_html
from .play_setup import PlaySetup
from .play_timers import BOT_DELAY, REVEAL_DELAY, Clock
from .play_words import play_words
from .sentences import describe_city, describe_route

#: The bots' speeds offered in the panel: seconds between two bot moves.
SPEEDS = (("slow", 1.6), ("normal", BOT_DELAY), ("fast", 0.05))
#: The speeds' names as the panel shows them (translated where shown).
SPEED_WORDS = {"slow": N_("slow"), "normal": N_("normal"), "fast": N_("fast")}
HOVER_HINT = N_("Point at a route or a city to read about it; click it to claim the route or build a station.")
END_HINT = N_("Point at a route or a city: who owns it, and which route a station borrows.")
#: The room the decisions keep (a way to pay, a tunnel's cards, the tickets offered).
DECISIONS_HEIGHT = "9em"
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
        self.hover = html("ttr-hover", gettext(HOVER_HINT))
        self.hover.layout.min_height = "2.7em"
        self.legend = widgets.HTML(self._legend())
        self.board_keys = BoardKeys(self._board_map(), on_route=lambda r: self.model.click_route(r),
                                    on_city=lambda c: self.model.click_city(c), cursor=self.point_at)
        self._board_box = widgets.VBox([self.board.canvas, self.hover, self.board_keys, self.legend],
                                       layout=widgets.Layout(flex="1 1 560px", min_width="280px",
                                                             max_width=f"{self.board.page_width}px"))
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
        canvas.on_key_down(lambda key, *_: self.board_keys.press_key(key))

    def _legend(self) -> str:
        """The board's legend (the SVG board's): the key, each player's cars, the last move."""
        m = self.model
        players = tuple((name, PLAYER_COLORS[k % len(PLAYER_COLORS)]) for k, name in enumerate(m.names)) \
            if m.game is not None else ()
        return legend_svg(self._board_map(), players, last_move=m.game is not None)

    def _board_state(self):
        """``(route colours, station colours, highlight marks, last move)`` for the canvas."""
        routes, stations = self.model.board_colors()
        position, items = self.model.highlight()
        marks = resolve_highlight(position, items or None) if position is not None else []
        moved = self.model.last_move()
        last = resolve_last_move(position, moved) if position is not None and moved else None
        return routes, stations, marks, last

    def redraw(self) -> None:
        """Paint the whole board again (done by itself when a browser view gets ready)."""
        routes, stations, marks, last = self._board_state()
        self.board.draw(routes, stations, marks, self._hovered, last_move=last)

    def click_pixels(self, px: float, py: float):
        """What a mouse click on the canvas pixel ``(px, py)`` does (the model's Outcome)."""
        return self.model.click(*self.board.to_board(px, py))

    def _on_mouse_move(self, px, py):
        item = self.model.item_at(*self.board.to_board(px, py))
        if self.board.show_hover(item) or item != self._hovered:
            self._hovered = item
            self.hover.value = escape(self._hover_text(item), quote=False)

    def _on_mouse_out(self, px, py):
        self.point_at(None)

    def point_at(self, item) -> None:
        """Ring ``item`` (a City, a Route or None) on the board and say what it is under the
        board: where the mouse points, or what the keyboard controls chose."""
        self._hovered = item
        self.board.show_hover(item)
        self.hover.value = escape(self._hover_text(item), quote=False)

    def _hover_text(self, item) -> str:
        if item is None:
            return gettext(END_HINT if self.model.screen == OVER else HOVER_HINT)
        if self.model.game is None:             # the map before a game: what is printed on it
            m = self.board.map
            if hasattr(item, "index"):
                return gettext("{a}–{b}: {spaces}.").format(
                    a=m.cities[item.a].name, b=m.cities[item.b].name,
                    spaces=ngettext("{n} {colour} space", "{n} {colour} spaces", item.length).format(
                        n=item.length, colour=colour_name(item.color)))
            return _city_routes(item.name, len(m.routes_at(item.id)))
        position, _ = self.model.highlight()
        if hasattr(item, "index"):
            return describe_route(position, item)
        if self.model.screen == OVER:
            return describe_city(position, item)
        owner = position.station_owners.get(item.id)
        routes = len(self.model.map.routes_at(item.id))
        if owner is None:
            return _city_routes(item.name, routes)
        return ngettext("{city}: {n} route; {player}’s station.", "{city}: {n} routes; {player}’s station.",
                        routes).format(city=item.name, n=routes, player=position.players[owner].name)

    # == the panel ======================================================================================
    def _build_panel(self) -> widgets.VBox:
        m = self.model
        self.status = html("ttr-status")
        self.message = html("ttr-message")
        self.pass_text = html("ttr-pass-text")
        self.i_am_here_button = button(gettext("Show my cards"), "ttr-i-am-here", button_style="primary", icon="eye")
        self.i_am_here_button.on_click(lambda _: m.i_am_here())
        self.pass_box = widgets.VBox([self.pass_text, self.i_am_here_button])
        self.decisions = Decisions(m)
        # the cards on the table
        self.face_up_buttons = [button("", "ttr-face-up", tooltip=gettext("a face-up card")) for _ in range(5)]
        for k, b in enumerate(self.face_up_buttons):
            b.layout.height, b.layout.min_width = "42px", "84px"    # as wide as its colour's name
            b.on_click(lambda _, k=k: m.click_face_up(k))
        self.deck_button = button(gettext("Deck"), "ttr-deck", icon="clone")
        self.deck_button.layout.height = "42px"
        self.deck_button.on_click(lambda _: m.click_deck())
        self.ticket_deck_button = button(gettext("Tickets"), "ttr-ticket-deck", icon="ticket")
        self.ticket_deck_button.layout.height = "42px"
        self.ticket_deck_button.on_click(lambda _: m.click_tickets())
        self.pass_button = button(gettext("Pass"), "ttr-pass")
        self.pass_button.on_click(lambda _: m.click_pass())
        self.market = widgets.HBox([*self.face_up_buttons, self.deck_button, self.ticket_deck_button,
                                    self.pass_button], layout=widgets.Layout(flex_flow="row wrap"))
        self.market.add_class("ttr-market")
        self.hand = html("ttr-hand")
        self.tickets = html("ttr-tickets")
        self.show_tickets_box = widgets.Checkbox(value=True, description=gettext("draw my tickets on the board"),
                                                 indent=False, layout=widgets.Layout(width="auto"))
        self.show_tickets_box.observe(self._on_show_tickets, "value")
        # the coach
        self.hint_button = button(gettext("Hint"), "ttr-hint", icon="lightbulb-o")
        self.hint_button.on_click(lambda _: m.ask_hint())
        self.play_hint_button = button(gettext("Play the hint"), "ttr-play-hint", icon="play")
        self.play_hint_button.on_click(lambda _: m.play_hint())
        self.why_not_button = button(gettext("Why not?"), "ttr-why-not", icon="question")
        self.why_not_button.on_click(lambda _: m.why_not())
        self.undo_button = button(gettext("Undo"), "ttr-undo", icon="undo")
        self.undo_button.on_click(lambda _: m.undo())
        self.coach = widgets.HBox([self.hint_button, self.play_hint_button, self.why_not_button, self.undo_button],
                                  layout=widgets.Layout(flex_flow="row wrap"))
        self.players = html("ttr-players-box")
        self.log_box = html("ttr-log-box")
        # the end
        self.scoring = html("ttr-scoring-box")
        self.back_button = button(gettext("◀ Back"), "ttr-step-back")
        self.back_button.on_click(lambda _: m.previous_step())
        self.next_button = button(gettext("Next ▶"), "ttr-step-next", button_style="info")
        self.next_button.on_click(lambda _: m.next_step())
        self.scoring_box = widgets.VBox([self.scoring, widgets.HBox([self.back_button, self.next_button])])
        # tools
        self.new_game_button = button(gettext("New game"), "ttr-new-game", icon="plus")
        self.new_game_button.on_click(lambda _: self._toggle_form())
        self.finish_button = button(gettext("Let the bots finish"), "ttr-finish", icon="forward")
        self.finish_button.on_click(lambda _: m.finish_with_bots())
        speeds = [(gettext(SPEED_WORDS[name]), delay) for name, delay in SPEEDS]
        self.speed = widgets.ToggleButtons(options=speeds, description=gettext("Bots"),
                                           style={"button_width": "auto", "description_width": "initial"})
        self.speed.add_class("ttr-speed")
        self.speed.value = min((d for _, d in SPEEDS), key=lambda d: abs(d - self.clock.bot_delay))
        self.speed.observe(self._on_speed, "value")
        self.file_box = FileBox(m)
        # the decisions open below what is clicked most (market, hand, coach) and keep their
        # height, so that nothing moves under the cursor when one opens or closes
        self.decisions.layout.min_height = DECISIONS_HEIGHT
        self.play_box = widgets.VBox([self.market, self.hand, self.coach, self.decisions])
        # the person's tickets come after the log (they are drawn on the board as well), so that
        # the log stays beside the board on a laptop screen (1366x768)
        self.tickets_box = widgets.VBox([self.tickets, self.show_tickets_box])
        self.tools = widgets.VBox([self.speed, widgets.HBox([self.new_game_button, self.finish_button],
                                                            layout=widgets.Layout(flex_flow="row wrap"))])
        panel = widgets.VBox([self.status, self.message, self.pass_box, self.play_box, self.scoring_box,
                              self.players, self.log_box, self.tickets_box, self.tools, self.file_box],
                             layout=widgets.Layout(flex="1 1 340px", max_width="470px", min_width="300px",
                                                   padding="0 0 0 10px"))
        panel.add_class("ttr-panel")
        return panel

    # == changes ========================================================================================
    def _on_model_change(self, model):
        if self.board.map is not self._board_map():
            self._replace_board()
        routes, stations, marks, last = self._board_state()
        self.board.update(routes, stations, marks, last_move=last)
        legend = self._legend()
        if legend != self.legend.value:
            self.legend.value = legend
        self._refresh()
        self.clock.schedule()

    def _replace_board(self):
        self._hovered = None
        self.board = BoardCanvas(self._board_map(), self._width, self._pixel_ratio)
        self._connect(self.board)
        self._board_box.children = [self.board.canvas, self.hover, self.board_keys, self.legend]
        self.board_keys.set_map(self.board.map)

    def _refresh(self):
        m = self.model
        screen = m.screen
        self._syncing = True
        try:
            show(self.form, self._show_form or screen == SETUP)
            self.status.value = status_html(m)
            self.message.value = message_html(m)
            show(self.pass_box, screen == PASS)
            if screen == PASS and m.waiting_for is not None:
                name = m.names[m.waiting_for]
                self.pass_text.value = ("<div style='font-size:16px;padding:8px 0'>" + gettext(
                    "Pass the laptop to <b>{player}</b>. The other players look away.").format(player=escape(name))
                    + "</div>")
                self.i_am_here_button.description = gettext("I am {player}: show my cards").format(player=name)
            show(self.play_box, screen == PLAY)
            show(self.tickets_box, screen == PLAY)
            show(self.scoring_box, screen == OVER)
            for box in (self.players, self.log_box, self.tools, self.file_box):
                show(box, m.game is not None)
            if m.game is None:
                self.board_keys.refresh({}, enabled=False, words=play_words(m), message=m.message)
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
            position = m.highlight()[0]
            owners = {index: position.players[seat].name for index, seat in position.owners.items()}
            self.board_keys.refresh(owners, enabled=m.is_person_turn, words=play_words(m), message=m.message)
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
                # a locomotive's name shortened to fit the button ("loco"), the colours named
                name = pgettext("face-up button", "loco") if card == "locomotive" else colour_name(card)
                b.description = f"{letter} {name}"
                b.style.button_color, b.style.text_color = fill, ink
                b.tooltip = gettext("take the face-up card: {colour}").format(colour=colour_name(card))
                b.disabled = not acting
        self.deck_button.description = gettext("Deck {n}").format(n=view.deck_size)
        self.ticket_deck_button.description = gettext("Tickets {n}").format(n=view.tickets_left)
        self.deck_button.disabled = self.ticket_deck_button.disabled = not acting
        show(self.pass_button, acting and Pass() in m.playing.legal_actions())
        self.hand.value = hand_html(m)
        mine = "<b>" + escape(gettext("My tickets")) + "</b>"
        self.tickets.value = (mine + tickets_html(m)) if m.viewer is not None else ""
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


def _city_routes(city: str, n: int) -> str:
    return ngettext("{city}: {n} route.", "{city}: {n} routes.", n).format(city=city, n=n)


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
