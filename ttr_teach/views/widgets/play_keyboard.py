"""The keyboard mode of a canvas board: labelled selects to choose a city and one of its
routes, a button for what to do with each, the choice ringed on the board, and the board in
words for screen readers.

A canvas answers only the mouse. :class:`BoardKeys` sits under it and offers the same clicks
to the keyboard: Tab to the *City* select, arrows to a city (its ring appears on the board),
Tab to *Route*, arrows to one of its routes, Tab and Enter on *Claim this route* (or *Build a
station here*). Everything else in the game panel is already a button. The words
(:mod:`.play_words`) and the last message are kept in regions screen readers read: the words
visually hidden unless *Show the board in words* is ticked, the message a polite live region.

>>> from ttr_teach.engine.maps import load_map
>>> claimed = []
>>> keys = BoardKeys(load_map("europe"), on_route=claimed.append, on_city=claimed.append)
>>> keys.choose_city("Paris"); keys.route.options[0][0]
'– the routes from Paris –'
>>> keys.choose_route("Frankfurt", "white"); keys.route_button.click()
>>> [str(r) for r in claimed]
['Frankfurt–Paris (3 white)']
"""
from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ...engine.i18n import N_, gettext, ngettext
from ...engine.maps import City, Route
from ...engine.text import listing
from .play_controls import button, html, show
from .play_words import SR_ONLY_CSS
from .sentences import route_colour, route_label

#: What the page needs that no widget can say (the Voila template carries the same code; in
#: JupyterLab it runs from each board): Tab and Shift+Tab leave the board (ipycanvas takes every
#: key on its canvas, Tab too); the message and the line under the board are polite live
#: regions (on their persistent boxes, as ipywidgets replaces the content); the canvas is named,
#: and is an application to screen readers, so that its arrow keys reach it.
KEYBOARD_JS = """(function () {
  if (window.ttrKeyboardFixes) { return; }
  window.ttrKeyboardFixes = true;
  document.addEventListener('keydown', function (event) {
    var target = event.target;
    if (event.key === 'Tab' && target && target.tagName === 'CANVAS') { event.stopPropagation(); }
    // JupyterLab's notebook shortcuts (arrows move between cells) must not take a game's keys
    var control = target && (target.tagName === 'SELECT' || target.tagName === 'BUTTON'
                             || (target.tagName === 'INPUT' && target.type === 'checkbox'));
    if (control && event.key !== 'Tab' && target.closest('.ttr-play, .ttr-sandbox')) { event.stopPropagation(); }
  }, true);
  function mark() {
    document.querySelectorAll('.ttr-live > .widget-html-content:not([aria-live]), '
                              + '.ttr-hover > .widget-html-content:not([aria-live])').forEach(function (el) {
      el.setAttribute('aria-live', 'polite');
      el.setAttribute('role', 'status');
    });
    document.querySelectorAll('canvas.ttr-board:not([aria-label])').forEach(function (el) {
      el.setAttribute('role', 'application');
      el.setAttribute('aria-label', 'The board. Arrows: from city to city; ] and [: its routes; '
                      + 'Enter: claim; S: station; Tab: leave. The board in words follows.');
    });
  }
  mark();
  new MutationObserver(mark).observe(document.documentElement, {childList: true, subtree: true});
})();"""

NO_CITY = N_("– choose a city –")
KEYS_CSS = SR_ONLY_CSS + """<style>
canvas.ttr-board:focus-visible {outline: 3px solid #1a56c4; outline-offset: 2px;}
.ttr-keys .widget-dropdown > select {max-width: 100%;}
.ttr-keys .ttr-html, .ttr-keys .ttr-html .widget-html-content {line-height: 1.35; height: auto;}
.ttr-keys button:focus-visible, .ttr-keys select:focus-visible, .ttr-play button:focus-visible,
.ttr-sandbox button:focus-visible {outline: 3px solid #1a56c4; outline-offset: 1px;}
</style>"""


#: The arrow keys as directions on the board (y grows downwards).
DIRECTIONS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}
KEYS_HELP = N_("<small>On the focused board: the arrows go from city to city, <b>]</b> and <b>[</b> "
               "through the city's routes, <b>Enter</b> claims the route, <b>S</b> builds a station, "
               "<b>Esc</b> lets go of the route; Tab leaves the board.</small>")


def city_towards(map, city, key: str):
    """The city an arrow key moves to from ``city`` (an id): the nearest one in that direction,
    within 60 degrees of it, straight ahead counting more than off to the side; None if there
    is none (the edge of the map).

    >>> from ttr_teach.engine.maps import load_map
    >>> m = load_map("europe")
    >>> [m.cities[city_towards(m, "Paris", k)].name for k in ("ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight")]
    ['Bruxelles', 'Marseille', 'Dieppe', 'Frankfurt']
    >>> city_towards(m, "Lisboa", "ArrowLeft") is None      # the sea
    True
    """
    dx, dy = DIRECTIONS[key]
    here = map.cities[city]
    best, best_cost = None, None
    for other in map.cities.values():
        vx, vy = other.x - here.x, other.y - here.y
        ahead, aside = vx * dx + vy * dy, abs(vx * dy - vy * dx)
        if other.id == here.id or ahead <= 0 or aside > 1.75 * ahead:
            continue
        cost = ahead + 2 * aside
        if best_cost is None or cost < best_cost:
            best, best_cost = other.id, cost
    return best


def route_option(map, route: Route, city: int, owner: str | None) -> str:
    """How a route from ``city`` reads in the *Route* select: where it goes, its colour and
    length, what is special about it, and who owns it.

    >>> from ttr_teach.engine.maps import load_map
    >>> m = load_map("europe")
    >>> paris = m.city_id("Paris")
    >>> route_option(m, m.route("Paris", "Frankfurt", "white"), paris, None)
    'to Frankfurt: white, 3 spaces, unclaimed'
    >>> route_option(m, m.route("Zürich", "Paris", "gray"), paris, "Bo")
    'to Zürich: gray, 3 spaces, tunnel, Bo’s'
    """
    other = route.b if route.a == city else route.a
    extras = ([gettext("tunnel")] if route.tunnel else []) + (
        [ngettext("ferry ({n} loco)", "ferry ({n} locos)", route.locomotives).format(n=route.locomotives)]
        if route.locomotives else [])
    whose = gettext("{player}’s").format(player=owner) if owner else gettext("unclaimed")
    return listing([gettext("to {city}: {colour}").format(city=map.cities[other].name,
                                                          colour=route_colour(map, route)),
                    ngettext("{n} space", "{n} spaces", route.length).format(n=route.length), *extras, whose])


class BoardKeys(widgets.VBox):
    """The keyboard controls of a board of ``map``: ``on_route(route)`` and ``on_city(city)``
    are called by the two buttons (a claim and a station in a game; in the sandbox, the same
    as a click); ``cursor(item)`` is told the City or Route chosen (to ring it on the board).
    ``route_verb`` and ``city_verb`` label the buttons, followed by what is chosen (so the
    button says, and a screen reader reads, what it will do)."""

    def __init__(self, map, *, on_route, on_city, cursor=None, route_verb: str | None = None,
                 city_verb: str | None = None):
        route_verb = gettext("Claim this route") if route_verb is None else route_verb
        city_verb = gettext("Build a station here") if city_verb is None else city_verb
        self.map = map
        self._on_route, self._on_city, self._cursor = on_route, on_city, cursor
        self._owners: dict = {}
        self._syncing = False
        style = {"description_width": "initial"}     # as wide as its word, in any language
        self.city = widgets.Dropdown(description=gettext("City"), style=style, layout=widgets.Layout(width="250px"))
        self.city.add_class("ttr-key-city")
        self.route = widgets.Dropdown(description=gettext("Route"), style=style, layout=widgets.Layout(width="100%",
                                                                                              max_width="430px"))
        self.route.add_class("ttr-key-route")
        self._verbs = (route_verb, city_verb)
        self.route_button = button(route_verb, "ttr-key-claim", icon="road")
        self.city_button = button(city_verb, "ttr-key-station", icon="home")
        self.route_button.on_click(lambda _: self._press_route())
        self.city_button.on_click(lambda _: self._press_city())
        self.city.observe(self._on_city_change, "value")
        self.route.observe(self._on_route_change, "value")
        self.show_words = widgets.Checkbox(value=False, description=gettext("Show the board in words"), indent=False,
                                           layout=widgets.Layout(width="auto"))
        self.show_words.observe(lambda ch: self._show_words(ch["new"]), "value")
        self.words = html("ttr-words")
        self.words.add_class("ttr-sr-only")
        self.live = html("ttr-live")
        self.live.add_class("ttr-sr-only")
        self.script = widgets.Output(layout=widgets.Layout(display="none"))
        self._add_script()
        self.buttons = widgets.HBox([self.route_button, self.city_button], layout=widgets.Layout(flex_flow="row wrap"))
        selects = widgets.HBox([self.city, self.route], layout=widgets.Layout(flex_flow="row wrap"))
        super().__init__([widgets.HTML(KEYS_CSS), selects, self.buttons, html("ttr-keys-help", gettext(KEYS_HELP)),
                          self.show_words, self.words, self.live, self.script])
        self.add_class("ttr-keys")
        self.set_map(map)

    def _add_script(self):
        from IPython.display import Javascript

        self.script.append_display_data(Javascript(KEYBOARD_JS))

    # -- the map and its items -------------------------------------------------------------------
    def set_map(self, map) -> None:
        """Offer the cities of ``map`` (a new game may be on another map)."""
        self.map = map
        self._syncing = True
        try:
            cities = sorted(map.cities.values(), key=lambda c: c.name)
            self.city.options = [(gettext(NO_CITY), None)] + [(c.name, c.id) for c in cities]
            self.city.value = None
            self._fill_routes()
        finally:
            self._syncing = False
        self.city_button.disabled = True
        show(self.city_button, map.rules.has_stations)
        self._name_buttons()

    def _fill_routes(self):
        cid = self.city.value
        if cid is None:
            self.route.options = [(gettext("– choose a city first –"), None)]
            self.route.value = None
            return
        routes = sorted(self.map.routes_at(cid), key=lambda r: (self.map.cities[r.b if r.a == cid else r.a].name,
                                                                r.index))
        options = [(gettext("– the routes from {city} –").format(city=self.map.cities[cid].name), None)] + [
            (route_option(self.map, r, cid, self._owners.get(r.index)), r.index) for r in routes]
        value = self.route.value if any(i == self.route.value for _, i in options) else None
        if list(self.route.options) != options:
            self.route.options = options
        self.route.value = value

    @property
    def chosen(self):
        """The Route chosen, else the City chosen, else None."""
        if self.route.value is not None:
            return self.map.routes[self.route.value]
        if self.city.value is not None:
            return self.map.cities[self.city.value]
        return None

    def choose_city(self, city) -> None:
        """Choose ``city`` (a name, id or City) in the *City* select, as the arrows would."""
        self.city.value = self.map.city_id(city.id if isinstance(city, City) else city)

    def choose_route(self, *route) -> None:
        """Choose a route of the chosen city, as the arrows would: ``choose_route("Frankfurt",
        "white")`` (the other city, and a colour if the two cities have a double route), or a
        Route; its city is chosen first if need be."""
        if len(route) == 1 and isinstance(route[0], Route):
            found = route[0]
            if self.city.value not in (found.a, found.b):
                self.city.value = found.a
        else:
            found = self.map.route(self.map.cities[self.city.value].name, *route)
        self.route.value = found.index

    # -- keys pressed on the focused board (ipycanvas sends them) --------------------------------
    def press_key(self, key: str) -> None:
        """What a key pressed on the focused board does: the arrows choose the next city that
        way, ``]`` and ``[`` the city's next and previous route, Enter presses *Claim*, ``s``
        *Build a station*, Escape lets go of the route. Other keys do nothing."""
        if key in DIRECTIONS:
            if self.city.value is None:
                self.city.value = self._middle_city()
            else:
                city = city_towards(self.map, self.city.value, key)
                if city is not None:
                    self.city.value = city
        elif key in ("]", "["):
            values = [v for _, v in self.route.options if v is not None]
            if values:
                now = values.index(self.route.value) if self.route.value in values else (-1 if key == "]" else 0)
                self.route.value = values[(now + (1 if key == "]" else -1)) % len(values)]
        elif key == "Enter" and not self.route_button.disabled:
            self._press_route()
        elif key in ("s", "S") and not self.city_button.disabled and self.map.rules.has_stations:
            self._press_city()
        elif key == "Escape":
            self.route.value = None

    def _middle_city(self):
        xs = [c.x for c in self.map.cities.values()]
        ys = [c.y for c in self.map.cities.values()]
        mx, my = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
        return min(self.map.cities.values(), key=lambda c: (c.x - mx) ** 2 + (c.y - my) ** 2).id

    # -- events ----------------------------------------------------------------------------------
    def _on_city_change(self, change):
        if self._syncing:
            return
        self._syncing = True
        try:
            self._fill_routes()
        finally:
            self._syncing = False
        self._moved()

    def _on_route_change(self, change):
        if not self._syncing:
            self._moved()

    def _name_buttons(self):
        route_verb, city_verb = self._verbs
        route, city = self.route.value, self.city.value
        self.route_button.description = route_verb if route is None else gettext("{verb}: {item}").format(
            verb=route_verb, item=route_label(self.map, self.map.routes[route]))
        self.city_button.description = city_verb if city is None else gettext("{verb}: {item}").format(
            verb=city_verb, item=self.map.cities[city].name)

    def _moved(self):
        self._name_buttons()
        self.route_button.disabled = self.route.value is None or self._locked
        self.city_button.disabled = self.city.value is None or self._locked
        if self._cursor is not None:
            self._cursor(self.chosen)

    def _press_route(self):
        if self.route.value is not None:
            self._on_route(self.map.routes[self.route.value])

    def _press_city(self):
        if self.city.value is not None:
            self._on_city(self.map.cities[self.city.value])

    def _show_words(self, visible: bool):
        if visible:
            self.words.remove_class("ttr-sr-only")
        else:
            self.words.add_class("ttr-sr-only")

    _locked = False

    def refresh(self, owners: dict, *, enabled: bool, words: str, message: str) -> None:
        """Bring the controls in step: ``owners`` maps route index -> owner's name (for the
        route labels); ``enabled``: whether the buttons may act now; ``words``: the board in
        words (HTML); ``message``: the sentence the live region says."""
        self._locked = not enabled
        if owners != self._owners:
            self._owners = dict(owners)
            self._syncing = True
            try:
                self._fill_routes()
            finally:
                self._syncing = False
        self.route_button.disabled = self.route.value is None or not enabled
        self.city_button.disabled = self.city.value is None or not enabled
        self._name_buttons()
        if self.words.value != words:
            self.words.value = words
        live = f"<div>{escape(message or '')}</div>"
        if self.live.value != live:
            self.live.value = live
