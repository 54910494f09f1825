"""The sandbox: a clickable board (ipycanvas) beside a panel of players, scores and tickets.

>>> from ttr_teach.views.widgets import BoardWidget
>>> w = BoardWidget("europe", players=["Ann", "Bo"])
>>> x, y = w.board.geo.rows[w.model.map.route("Paris", "Frankfurt", "white").index].space_center(1)
>>> w.click_pixels(*w.board.to_pixels(x, y)).message
'Ann claims Frankfurt–Paris (white, 3 trains): 4 points.'
>>> "Ann" in w.score.value and ">4<" in w.score.value
True

Everything the board does goes through :class:`~ttr_teach.views.widgets.model.SandboxModel`
(``w.model``): the widget only turns mouse events into model calls and repaints what the
model changed. The board is painted when the browser says it is ready (``on_client_ready``),
so it is never blank in JupyterLab, after a page reload, or in Voila.
"""
from __future__ import annotations

import time
from html import escape

import ipywidgets as widgets

from ...engine.i18n import gettext
from ...engine.position import PLAYER_COLORS
from ...engine.text import colour_name
from ..highlights import resolve_highlight
from ..legend import legend_svg
from .canvas_board import DEFAULT_WIDTH, BoardCanvas
from .model import SandboxModel
from .panel_html import HOVER_HINT, hover_html, message_html, score_table_html, stations_html, tickets_html
from .play_keyboard import BoardKeys
from .play_words import sandbox_words
from .sentences import ticket_label, ticket_status
from .upload import load_upload

FILE_TAB = 3
#: The board and the panel share a row when there is room for both at these widths (the
#: board grows up to its own width, the panel up to PANEL_MAX); on a narrower page the row
#: wraps and the panel sits under the board. 490 + 400 fits JupyterLab's output area on a
#: 1366x768 laptop (934 px with the file browser open): the board gets about 510 px there.
BOARD_MIN, PANEL_MIN, PANEL_MAX = "490px", "400px", "460px"
#: The whole width of a tab, less the 2 px margin ipywidgets puts on each side of an input.
FULL_WIDTH = "calc(100% - 4px)"


def _html(css_class: str, value: str = "") -> widgets.HTML:
    box = widgets.HTML(value)
    box.add_class(css_class)
    box.add_class("ttr-html")
    return box


#: The panel's HTML boxes keep a normal line height (widgets default to 28 px lines).
PANEL_CSS = ("<style>.ttr-panel .ttr-html, .ttr-panel .ttr-html .widget-html-content "
             "{line-height: 1.35; height: auto;}"
             # the tabs not chosen keep a readable grey (WCAG 4.5:1 on the tab's background)
             ".ttr-panel .widget-tab .lm-TabBar-tab, .ttr-panel .widget-tab .lm-TabBar-tabLabel "
             "{color: #4a4a4a !important;}</style>")


class BoardWidget(widgets.HBox):
    """The sandbox board and its panel.

    ``source``: a map name (an empty board with ``players``) or a position (dict, file path,
    Position, Game). ``width``: the board's width on the page in pixels; ``pixel_ratio``: canvas
    pixels per page pixel (2 for a crisp board on high-density screens). ``model``: an existing
    :class:`~ttr_teach.views.widgets.model.SandboxModel` to show (instead of ``source``).

    Attributes: ``model`` (the state and click logic), ``board`` (the
    :class:`~ttr_teach.views.widgets.canvas_board.BoardCanvas`), ``score``, ``tickets``,
    ``stations``, ``message``, ``hover_text`` (the panel's HTML boxes), ``last_timing``
    (milliseconds spent in Python on the last change: score, board, panel).
    """

    def __init__(self, source="europe", players=None, *, width: int = DEFAULT_WIDTH,
                 pixel_ratio: float = 1, model=None):
        self.model = model if model is not None else SandboxModel(source, players)
        self._width = width
        self._pixel_ratio = pixel_ratio
        self._syncing = False
        self._hovered = None
        self.last_timing: dict = {}
        self.board = BoardCanvas(self.model.map, width, pixel_ratio)
        self.legend = widgets.HTML(self._legend())
        self.board_keys = BoardKeys(self.model.map, on_route=lambda r: self.model.click_route(r),
                                    on_city=lambda c: self.model.click_city(c), cursor=self.point_at,
                                    route_verb=gettext("Claim or pass on this route"),
                                    city_verb=gettext("Station here, or pass it on"))
        self._board_box = widgets.Box([self.board.canvas, self.board_keys, self.legend], layout=widgets.Layout(
            flex=f"1 1 {BOARD_MIN}", flex_flow="column", max_width=f"{self.board.page_width}px",
            min_width="0"))
        self._connect(self.board)
        panel = self._build_panel()
        super().__init__([self._board_box, panel], layout=widgets.Layout(
            flex_flow="row wrap", align_items="flex-start", width="100%"))
        self.add_class("ttr-sandbox")
        self.model.on_change(self._on_model_change)
        self._refresh_panel(force=True)

    # -- the board -----------------------------------------------------------------------------
    def _connect(self, board: BoardCanvas):
        canvas = board.canvas
        canvas.add_class("ttr-board")
        canvas.layout.width = "100%"
        canvas.layout.height = "auto"
        canvas.on_client_ready(self.redraw)
        canvas.on_mouse_down(self._on_mouse_down)
        canvas.on_mouse_move(self._on_mouse_move)
        canvas.on_mouse_out(self._on_mouse_out)
        canvas.on_key_down(lambda key, *_: self.board_keys.press_key(key))

    def _legend(self) -> str:
        """The board's legend (the SVG board's): the key and each player's cars."""
        players = tuple((p.name, p.color) for p in self.model.position.players)
        return legend_svg(self.model.map, players)

    def _board_state(self):
        pos = self.model.position
        routes = {r.index: p.color for p in pos.players for r in p.routes}
        stations = {c: p.color for p in pos.players for c in p.stations}
        marks = resolve_highlight(pos, self.model.highlight() or None, lambda: self.model.score)
        return routes, stations, marks

    def redraw(self) -> None:
        """Paint the whole board again (done by itself whenever a browser view gets ready)."""
        routes, stations, marks = self._board_state()
        self.board.draw(routes, stations, marks, self._hovered)

    def click_pixels(self, px: float, py: float):
        """What a mouse click on the canvas pixel ``(px, py)`` does; returns the model's Outcome."""
        return self.model.click(*self.board.to_board(px, py))

    def _on_mouse_down(self, px, py):
        self.click_pixels(px, py)

    def _on_mouse_move(self, px, py):
        item = self.model.item_at(*self.board.to_board(px, py))
        if self.board.show_hover(item) or item != self._hovered:
            self._hovered = item
            self._show_hover_text()

    def _on_mouse_out(self, px, py):
        self.point_at(None)

    def point_at(self, item) -> None:
        """Ring ``item`` (a City, a Route or None) on the board and describe it in the panel:
        where the mouse points, or what the keyboard controls chose."""
        self._hovered = item
        self.board.show_hover(item)
        self._show_hover_text()

    def _show_hover_text(self):
        self.hover_text.value = hover_html(self.model, self._hovered)

    # -- model changes -------------------------------------------------------------------------
    def _on_model_change(self, model):
        t0 = time.perf_counter()
        if model.map is not self.board.map:
            self._replace_board()
        routes, stations, marks = self._board_state()
        self.board.update(routes, stations, marks)
        legend = self._legend()
        if legend != self.legend.value:
            self.legend.value = legend
        t1 = time.perf_counter()
        model.score  # noqa: B018 - the engine scores the position (once; the position keeps it)
        t2 = time.perf_counter()
        self._refresh_panel()
        t3 = time.perf_counter()
        self.last_timing = {"board_ms": 1000 * (t1 - t0), "score_ms": 1000 * (t2 - t1),
                            "panel_ms": 1000 * (t3 - t2), "total_ms": 1000 * (t3 - t0)}

    def _replace_board(self):
        self._hovered = None
        self.board = BoardCanvas(self.model.map, self._width, self._pixel_ratio)
        self._connect(self.board)
        self._board_box.layout.max_width = f"{self.board.page_width}px"
        self._board_box.children = [self.board.canvas, self.board_keys, self.legend]
        self.board_keys.set_map(self.model.map)
        self._apply_map()

    def _apply_map(self):
        """Show what the map's rules have (station options only where there are stations)."""
        self.title.value = self._title()
        self.stations_box.layout.display = None if self.model.map.rules.has_stations else "none"

    # -- the panel -----------------------------------------------------------------------------
    def _title(self) -> str:
        m = self.model.map
        how = (gettext("Click a route to claim it for the chosen player or a city for a station; click again "
                       "to pass it on.") if m.rules.has_stations else
               gettext("Click a route to claim it for the chosen player; click again to pass it on."))
        return f"{PANEL_CSS}<b style='font-size:15px'>{escape(m.title)}</b><br>{escape(how)}"

    def _build_panel(self) -> widgets.VBox:
        self.title = _html("ttr-title", self._title())
        self.current = widgets.ToggleButtons(description=gettext("Clicks for"), style={"button_width": "auto",
                                                                              "description_width": "initial"})
        self.current.add_class("ttr-current")
        self.current.observe(self._on_current, "value")
        self.message = _html("ttr-message")
        self.hover_text = _html("ttr-hover", gettext(HOVER_HINT))
        self.hover_text.layout.min_height = "2.6em"
        self.score = _html("ttr-score")
        self.undo_button = widgets.Button(description=gettext("Undo"), icon="undo",
                                          layout=widgets.Layout(width="auto", min_width="90px"))
        self.redo_button = widgets.Button(description=gettext("Redo"), icon="repeat",
                                          layout=widgets.Layout(width="auto", min_width="90px"))
        self.undo_button.on_click(lambda _: self.model.undo())
        self.redo_button.on_click(lambda _: self.model.redo())
        self.longest_box = widgets.Checkbox(description=gettext("show longest paths"), indent=False,
                                            layout=widgets.Layout(width="auto"))
        self.longest_box.observe(self._on_longest_box, "value")
        self.stations_box = widgets.Checkbox(description=gettext("show borrowed routes"), indent=False,
                                             layout=widgets.Layout(width="auto"))
        self.stations_box.observe(self._on_stations_box, "value")
        tools = widgets.HBox([self.undo_button, self.redo_button,
                              widgets.VBox([self.longest_box, self.stations_box])],
                             layout=widgets.Layout(flex_flow="row wrap"))

        self.tickets = _html("ttr-tickets")
        # each list has a visible label of its own, which a screen reader says with it
        self.ticket_choice = widgets.Select(rows=6, description=gettext("Ticket"),
                                            style={"description_width": "initial"},
                                            layout=widgets.Layout(width=FULL_WIDTH))
        self.ticket_choice.add_class("ttr-ticket-choice")
        self.ticket_choice.observe(self._on_ticket_choice, "value")
        self.give_back_button = widgets.Button(description=gettext("Give back"), icon="minus",
                                               layout=widgets.Layout(width="auto", min_width="110px"))
        self.give_back_button.on_click(self._on_give_back)
        self.new_ticket = widgets.Dropdown(description=gettext("New"), style={"description_width": "initial"},
                                           layout=widgets.Layout(width="57%"))
        self.give_button = widgets.Button(description=gettext("Give"), icon="plus", layout=widgets.Layout(width="38%"))
        self.give_button.on_click(self._on_give)
        tickets_tab = widgets.VBox([
            self.tickets,
            widgets.HTML("<i>" + escape(gettext("Choose a ticket to see its path on the board:")) + "</i>"),
            self.ticket_choice,
            widgets.HBox([self.give_back_button]),
            widgets.HBox([self.new_ticket, self.give_button])])

        self.stations = _html("ttr-stations")

        self.player_rows = widgets.VBox()
        self.add_button = widgets.Button(description=gettext("Add player"), icon="user-plus")
        self.add_button.on_click(lambda _: self.model.add_player())
        players_tab = widgets.VBox([self.player_rows, self.add_button])

        self.file_text = widgets.Textarea(placeholder='{"map": "europe", "players": [...]}',
                                          layout=widgets.Layout(width=FULL_WIDTH, height="160px"))
        self.file_text.add_class("ttr-file-text")
        load_button = widgets.Button(description=gettext("Load this"), icon="upload")
        save_button = widgets.Button(description=gettext("Show current"), icon="file-text")
        load_button.on_click(lambda _: self.model.load_text(self.file_text.value))
        save_button.on_click(lambda _: self._show_position_text())
        self.upload = widgets.FileUpload(accept=".json,.yaml,.yml", multiple=False,
                                         description=gettext("Open file"))
        self.upload.observe(self._on_upload, "value")
        self.download = _html("ttr-download")
        file_tab = widgets.VBox([widgets.HTML(escape(gettext("Positions in the position-file format (JSON or YAML):"))),
                                 self.file_text, widgets.HBox([load_button, save_button]),
                                 widgets.HBox([self.upload, self.download])])

        self.tabs = widgets.Tab([tickets_tab, self.stations, players_tab, file_tab])
        for k, name in enumerate((gettext("Tickets"), gettext("Stations"), gettext("Players"), gettext("File"))):
            self.tabs.set_title(k, name)
        self.tabs.observe(lambda _: self._refresh_download(), "selected_index")
        panel = widgets.VBox([self.title, self.current, self.message, self.hover_text, self.score,
                              tools, self.tabs],
                             layout=widgets.Layout(flex=f"1 1 {PANEL_MIN}", max_width=PANEL_MAX,
                                                   padding="0 0 0 10px"))
        panel.add_class("ttr-panel")
        self._apply_map()
        return panel

    def _refresh_panel(self, force: bool = False):
        model = self.model
        self._syncing = True
        try:
            options = [(p.name, i) for i, p in enumerate(model.players)]
            if list(self.current.options) != options or force:
                self.current.options = options
            self.current.value = model.current
            self.message.value = message_html(model)
            self.score.value = score_table_html(model)
            self.tickets.value = tickets_html(model)
            self.stations.value = stations_html(model)
            self._refresh_ticket_widgets()
            self._refresh_player_rows(force)
            self.undo_button.disabled = not model.can_undo
            self.redo_button.disabled = not model.can_redo
            self.longest_box.value = model.show_longest
            self.stations_box.value = model.show_stations
            if self._hovered is not None:
                self._show_hover_text()
            self._refresh_download()
            pos = model.position
            owners = {index: pos.players[seat].name for index, seat in pos.owners.items()}
            self.board_keys.refresh(owners, enabled=True, words=sandbox_words(model), message=model.message)
        finally:
            self._syncing = False

    def _refresh_ticket_widgets(self):
        model, m = self.model, self.model.map
        held = []
        for seat, p in enumerate(model.players):
            for t in p.tickets:
                done = ticket_status(model.score, seat, t)
                held.append((f"{p.name}: {'✓' if done else '✗'} {ticket_label(m, t)}", t.index))
        if list(self.ticket_choice.options) != held:
            self.ticket_choice.options = held
        selected = model.selected_ticket
        self.ticket_choice.value = selected.index if selected is not None and \
            any(i == selected.index for _, i in held) else None
        self.give_back_button.disabled = selected is None
        free = [(ticket_label(m, t), t.index) for t in model.available_tickets()]
        if list(self.new_ticket.options) != free:
            value = self.new_ticket.value
            self.new_ticket.options = free
            indices = [i for _, i in free]
            self.new_ticket.value = value if value in indices else (indices[0] if indices else None)
        self.give_button.description = gettext("Give to {player}").format(player=model.players[model.current].name)
        self.give_button.disabled = not free

    def _refresh_player_rows(self, force: bool):
        players = self.model.players
        key = tuple((p.name, p.color) for p in players)
        if not force and getattr(self, "_player_key", None) == key:
            return
        self._player_key = key
        rows = []
        for seat, p in enumerate(players):
            name = widgets.Text(value=p.name, continuous_update=False,
                                description=gettext("Player {n}").format(n=seat + 1),
                                style={"description_width": "initial"}, layout=widgets.Layout(width="182px"))
            colours = [(colour_name(c), c) for c in PLAYER_COLORS]
            color = widgets.Dropdown(options=colours, value=p.color, description=gettext("colour"),
                                     style={"description_width": "initial"}, layout=widgets.Layout(width="146px"))
            remove = widgets.Button(description=gettext("Remove"), icon="user-times",
                                    layout=widgets.Layout(width="auto", min_width="100px"))
            name.observe(lambda ch, s=seat: self._on_rename(s, ch["new"]), "value")
            color.observe(lambda ch, s=seat: self._on_color(s, ch["new"]), "value")
            remove.on_click(lambda _, s=seat: self.model.remove_player(s))
            rows.append(widgets.HBox([name, color, remove], layout=widgets.Layout(flex_flow="row wrap")))
        self.player_rows.children = rows
        self.add_button.disabled = len(players) >= self.model.map.rules.max_players

    def _refresh_download(self):
        """Put the position in the download link (only while the File tab is open: the link
        holds the whole position, too much to send after every click)."""
        import base64

        if self.tabs.selected_index != FILE_TAB:
            if self.download.value:
                self.download.value = ""
            return
        data = base64.b64encode(self.model.save_text().encode("utf-8")).decode("ascii")
        said = escape(gettext("⬇ Download {file}").format(file="position.json"))
        self.download.value = (f'<a download="position.json" href="data:application/json;base64,{data}" '
                               f'style="line-height:28px">{said}</a>')

    def _show_position_text(self):
        self.file_text.value = self.model.save_text()
        self.model._say(True, gettext("The current position is in the box (copy it, or edit it and load it)."))

    # -- panel events ----------------------------------------------------------------------------
    def _on_current(self, change):
        if not self._syncing and change["new"] is not None:
            self.model.set_current(change["new"])

    def _on_rename(self, seat, name):
        if not self._syncing:
            if not self.model.rename_player(seat, name).ok:
                self._refresh_panel(force=True)

    def _on_color(self, seat, color):
        if not self._syncing:
            self.model.set_color(seat, color)

    def _on_longest_box(self, change):
        if not self._syncing:
            self.model.set_show_longest(change["new"])

    def _on_stations_box(self, change):
        if not self._syncing:
            self.model.set_show_stations(change["new"])

    def _on_ticket_choice(self, change):
        if not self._syncing:
            self.model.select_ticket(change["new"])

    def _on_give_back(self, _):
        if self.model.selected_ticket is not None:
            self.model.remove_ticket(self.model.selected_ticket)

    def _on_give(self, _):
        if self.new_ticket.value is not None:
            self.model.give_ticket(self.new_ticket.value)

    def _on_upload(self, change):
        load_upload(self.model, change["new"])    # the engine's reader decodes and checks it


def sandbox(source="europe", players=None, width: int = DEFAULT_WIDTH, pixel_ratio: float = 1) -> BoardWidget:
    """A :class:`BoardWidget` to play with: ``sandbox("europe")``, ``sandbox(position)``."""
    return BoardWidget(source, players, width=width, pixel_ratio=pixel_ratio)
