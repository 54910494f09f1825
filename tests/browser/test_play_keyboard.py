"""A whole game by keyboard alone, in Voila, headless Debian Chromium.

The test never clicks: it presses Tab and Shift+Tab to move the focus (reading the page only
to know whether the control it wants is ahead or behind), arrows to choose in the selects,
Space to toggle a ticket and Enter to press a button. It sets the game up in the form, keeps
tickets, asks for a hint, takes a move back, builds a station, claims routes chosen with the
City and Route selects, pays tunnels, draws cards and tickets, plays on until the game is
over, and steps through the final scoring. On the way it checks that Tab leaves the canvas
(ipycanvas takes every key there), that the selects are named, that the message is a live
region and that the board in words names every claimed route.

As in ``test_play.py``, a *mirror* (the same PlayModel in the test process, given the same
moves) says what the person can do, and the browser's message must be the mirror's.
"""
from __future__ import annotations

import re

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from ttr_teach.engine.actions import BuildStation, ClaimRoute, DrawBlind, DrawFaceUp, PayTunnel
from ttr_teach.views.widgets import PlayModel
from ttr_teach.views.widgets.sentences import route_colour, route_label

from .lab import cell_errors, open_in_lab, run_all_cells
from .sandbox_page import no_autosave, page_xy, wait_painted
from .test_play import Table

SEED = 0
SEATS = [("Ann", "person"), ("Bo", "random")]

#: JavaScript: where the focus is against the k-th element matching ``css`` in the first game:
#: "here", "forward" (press Tab) or "back" (press Shift+Tab).
WHERE = """([css, k, root = '.ttr-play']) => {
    const target = document.querySelector(root).querySelectorAll(css)[k];
    const active = document.activeElement;
    if (!target) return 'missing';
    if (active === target) return 'here';
    if (!active || active === document.body) return 'forward';
    return (active.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING) ? 'forward' : 'back';
}"""


#: JavaScript: the labels of the ``css`` select's options in the game ``root``, no-break
#: spaces (as ipywidgets writes spaces) read as spaces.
OPTIONS = ("([css, root]) => Array.from(document.querySelector(root).querySelector(css).options)"
           ".map(o => o.textContent.replace(/\\u00a0/g, ' '))")


class Keyboard:
    """The first game of the page, played with keys only."""

    def __init__(self, page, table: Table | None, root: str = ".ttr-play"):
        self.page, self.table, self.root = page, table, root
        self.widget = page.locator(root).first

    def focus(self, css: str, k: int = 0, presses: int = 600):
        """Tab (or Shift+Tab) until the k-th ``css`` element of the game has the focus."""
        expect(self.widget.locator(css).nth(k)).to_be_enabled()
        for _ in range(presses):
            where = self.page.evaluate(WHERE, [css, k, self.root])
            if where == "here":
                return
            assert where != "missing", css
            self.page.keyboard.press("Tab" if where == "forward" else "Shift+Tab")
        raise AssertionError(f"Tab never reached {css} ({k})")

    def wait_focus(self, css: str, k: int = 0, timeout: float = 30_000):
        """Wait until the k-th ``css`` element has the focus without a key pressed (the game
        moved it there)."""
        self.page.wait_for_function(f"() => ({WHERE})([{css!r}, {k}, {self.root!r}]) === 'here'",
                                    timeout=timeout)

    def press(self, css: str, k: int = 0, key: str = "Enter"):
        self.focus(css, k)
        self.page.keyboard.press(key)

    def options(self, css: str) -> list:
        """The labels of the ``css`` select's options (ipywidgets writes their spaces as
        no-break spaces)."""
        return self.page.evaluate(OPTIONS, [css, self.root])

    def wait_option(self, css: str, label: str, timeout: float = 60):
        """Wait until the ``css`` select offers ``label`` (the kernel filled it); the page looks
        at each frame, so the test goes on as soon as it does."""
        try:
            self.page.wait_for_function(f"([css, root, label]) => ({OPTIONS})([css, root]).includes(label)",
                                        arg=[css, self.root, label], timeout=timeout * 1000)
        except PlaywrightTimeout:
            raise AssertionError(f"{css} never offered {label!r}: {self.options(css)}") from None

    def select(self, css: str, label_starts: str):
        """Focus the ``css`` select and press the arrows until its option starting with
        ``label_starts`` is chosen."""
        self.focus(css)
        labels = self.options(css)
        target = next(i for i, label in enumerate(labels) if label.startswith(label_starts))
        for _ in range(len(labels) + 1):
            now = self.page.evaluate("([css, root]) => document.querySelector(root)"
                                     ".querySelector(css).selectedIndex", [css, self.root])
            if now == target:
                return
            self.page.keyboard.press("ArrowDown" if now < target else "ArrowUp")
        raise AssertionError(f"{css} never showed {label_starts!r}")


def _choose_route(keys: Keyboard, mirror, route):
    """The route's city in the City select (its routes then fill the Route select), the route."""
    m = mirror.map
    city, other = m.cities[route.a], m.cities[route.b]
    keys.select(".ttr-key-city select", city.name)
    keys.wait_option(".ttr-key-route select", f"– the routes from {city.name} –")
    keys.select(".ttr-key-route select", f"to {other.name}: {route_colour(m, route)},")
    # the game has it when the Claim button names it (as a player sees and hears)
    keys.table.wait_text(".ttr-key-claim", f"Claim this route: {route_label(m, route)}")


def _claim_on_the_board(keys: Keyboard, mirror, route):
    """The route's city in the City select, then on the focused board ] until the Route select
    (which the game sets) shows the route, and Enter."""
    m = mirror.map
    city, other = m.cities[route.a], m.cities[route.b]
    css = ".ttr-key-route select"
    keys.select(".ttr-key-city select", city.name)
    keys.wait_option(css, f"– the routes from {city.name} –")
    keys.focus("canvas.ttr-board")
    index = "([css]) => document.querySelectorAll('.ttr-play')[0].querySelector(css).selectedIndex"
    target = next(i for i, label in enumerate(keys.options(css))
                  if label.startswith(f"to {other.name}: {route_colour(m, route)},"))
    for _ in range(len(m.routes_at(city.id)) + 1):
        before = keys.page.evaluate(index, [css])
        if before == target:
            break
        keys.page.keyboard.press("]")
        keys.page.wait_for_function(f"([css, before]) => ({index})([css]) !== before", arg=[css, before])
    assert keys.page.evaluate(index, [css]) == target
    keys.table.wait_text(".ttr-hover", f"{city.name}–{other.name}: {route.length} {route.color} space",
                         exact=False)
    keys.page.keyboard.press("Enter")


def _draw(keys: Keyboard, mirror):
    legal = mirror.game.legal_actions()
    if DrawBlind() in legal:
        mirror.click_deck()
        keys.press(".ttr-deck")
        return
    slot = next(k for k, card in enumerate(mirror.game.face_up) if DrawFaceUp(card) in legal)
    mirror.click_face_up(slot)
    keys.press(".ttr-face-up", slot)


def _turn(keys: Keyboard, mirror, plan: dict):
    """One decision of Ann's, by keys; the mirror makes it too."""
    table = keys.table
    pending = mirror.game.pending
    kind = pending and pending["kind"]
    if mirror.offer:
        for k in range(pending["keep_at_least"]):
            mirror.toggle_ticket(mirror.offer[k])
            keys.press(".ttr-offer", k, "Space")
        table.wait_text(".ttr-keep", f"Keep {pending['keep_at_least']} ticket", exact=False)
        mirror.keep_tickets()
        keys.press(".ttr-keep")
    elif kind == "tunnel":
        table.wait_text(".ttr-tunnel", "→", exact=False)          # every card turned over
        if any(isinstance(a, PayTunnel) for a in mirror.tunnel_options):
            mirror.pay(0)
            keys.press(".ttr-tunnel-pay")
        else:
            mirror.decline()
            keys.press(".ttr-tunnel-decline")
    elif kind == "second_card":
        _draw(keys, mirror)
    else:
        legal = mirror.game.legal_actions()
        stations = [a for a in legal if isinstance(a, BuildStation)]
        claims = [a for a in legal if isinstance(a, ClaimRoute)]
        if stations and plan["station"] is None:
            city = mirror.map.cities[stations[0].city]
            keys.select(".ttr-key-city select", city.name)
            table.wait_text(".ttr-key-station", f"Build a station here: {city.name}")
            mirror.click_city(city.id)
            keys.press(".ttr-key-station")
            table.wait_text(".ttr-message", mirror.message)
            mirror.choose(0)
            keys.press(".ttr-pay")
            plan["station"] = city.name
        elif claims:
            route = mirror.map.routes[max(claims, key=lambda a: mirror.map.routes[a.route].length).route]
            mirror.click_route(route)
            if not plan["on_board"]:          # once on the focused board: ] to the route, Enter
                _claim_on_the_board(keys, mirror, route)
                plan["on_board"] = True
            else:
                _choose_route(keys, mirror, route)
                keys.press(".ttr-key-claim")
            table.wait_text(".ttr-message", mirror.message)
            keys.wait_focus(".ttr-pay")      # Claim leads the keyboard to the payment
            mirror.choose(0)
            keys.press(".ttr-pay")
        elif not plan["tickets"] and mirror.game.turn > 6:
            mirror.click_tickets()
            keys.press(".ttr-ticket-deck")
            plan["tickets"] = True
        else:
            _draw(keys, mirror)
    in_sync(table)


def in_sync(table):
    """The browser's message is the mirror's, after the bots' replies and a tunnel's cards
    (which the page turns over one by one)."""
    mirror = table.mirror
    mirror.run_bots()
    while mirror.reveal_next():
        pass
    table.wait_text(".ttr-message", mirror.message)
    assert mirror.is_person_turn or mirror.screen == "over"


def test_a_whole_game_by_keyboard_alone_in_voila(voila_server, page):
    page.goto(f"{voila_server.base}/voila/render/12_play.ipynb?token={voila_server.token}", timeout=180_000)
    wait_painted(page, 0, timeout=180)
    mirror = PlayModel.new("europe", SEATS, seed=SEED, practice=True)
    table = Table(page, mirror)
    keys = Keyboard(page, table)

    # Tab goes into the board; an arrow there chooses a city; Tab goes out of it again, both ways
    keys.focus("canvas.ttr-board")
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("() => /^[^:]+: \\d+ routes/.test(document.querySelector('.ttr-play .ttr-hover')"
                           ".textContent.trim())")
    assert page.evaluate(WHERE, ["canvas.ttr-board", 0]) == "here"
    page.keyboard.press("Tab")
    assert page.evaluate(WHERE, [".ttr-key-city select", 0]) == "here"
    keys.focus("canvas.ttr-board")
    page.keyboard.press("Shift+Tab")
    assert page.evaluate(WHERE, ["canvas.ttr-board", 0]) == "forward"
    # the selects have names; the message is a polite live region
    expect(table.widget.get_by_role("combobox", name="City")).to_have_count(1)
    expect(table.widget.get_by_role("combobox", name="Route")).to_have_count(1)
    expect(table.widget.locator(".ttr-live > .widget-html-content[aria-live=polite]")).to_have_count(1)
    expect(table.widget.locator(".ttr-hover > .widget-html-content[aria-live=polite]")).to_have_count(1)
    expect(table.widget.get_by_role("application", name="The board.", exact=False)).to_have_count(1)

    # the form: Bo a random bot, then Start
    keys.select(".ttr-setup .ttr-seat:nth-child(2) select", "random bot")
    keys.press(".ttr-start")
    table.wait_text(".ttr-message", mirror.message)
    keys.press(".ttr-speed button", 2)                        # the bots play fast
    expect(table.widget.locator(".ttr-speed button").nth(2)).to_have_class(re.compile("mod-active"))

    # a hint, then the tickets
    mirror.ask_hint()
    keys.press(".ttr-hint")
    table.wait_text(".ttr-message", mirror.message)
    plan = {"station": None, "tickets": False, "on_board": False}
    _turn(keys, mirror, plan)
    # a move taken back (a practice game), and played again
    mirror.click_deck()
    keys.press(".ttr-deck")
    table.wait_text(".ttr-message", mirror.message)
    mirror.undo()
    keys.press(".ttr-undo")
    table.wait_text(".ttr-message", mirror.message)

    for _ in range(400):
        if mirror.screen == "over":
            break
        _turn(keys, mirror, plan)
    assert mirror.screen == "over" and plan["station"] and plan["tickets"] and plan["on_board"]
    table.wait_text(".ttr-scoring-box", "Final scoring 1/", exact=False, timeout=120)
    for _ in range(len(mirror.steps) - 1):
        mirror.next_step()
        keys.press(".ttr-step-next")
        table.wait_text(".ttr-message", mirror.message)
    assert "The winner" in table.text(".ttr-scoring-box")
    words = table.text(".ttr-words")
    for seat in (0, 1):
        for route in mirror.game.routes(seat):
            assert f"{mirror.map.cities[route.a].name}–{mirror.map.cities[route.b].name}" in words


def test_tab_leaves_the_sandbox_board_in_jupyterlab(lab_page):
    """JupyterLab has no course template: the board's own script lets Tab leave the canvas
    (clicked first, as a mouse user would) and makes the message a live region."""
    page = open_in_lab(lab_page, "notebooks/sandbox.ipynb")
    no_autosave(page)
    run_all_cells(page)
    assert not cell_errors(page)
    wait_painted(page, 0)
    page.mouse.click(*page_xy(page, 0, 0.01, 0.01))          # a corner of the sea: nothing there
    assert page.evaluate("() => document.activeElement === document.querySelectorAll('canvas.ttr-board')[0]")
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement === document.querySelectorAll('.ttr-key-city select')[0]")
    expect(page.locator(".ttr-live > .widget-html-content[aria-live=polite]")).to_have_count(3)
    # the sandbox by keys: Berlin, its black route to Frankfurt, Claim
    keys = Keyboard(page, None, ".ttr-sandbox")
    keys.select(".ttr-key-city select", "Berlin")
    keys.wait_option(".ttr-key-route select", "– the routes from Berlin –")
    keys.select(".ttr-key-route select", "to Frankfurt: black,")
    page.wait_for_function("() => document.querySelector('.ttr-sandbox .ttr-hover').textContent"
                           ".startsWith('Berlin–Frankfurt: 3 black spaces')")
    keys.press(".ttr-key-claim")
    page.wait_for_function("() => document.querySelector('.ttr-sandbox .ttr-message').textContent"
                           ".includes('claims Berlin–Frankfurt (black')")
    # the board in words follows (it may reach the page a moment after the message)
    page.wait_for_function("() => document.querySelector('.ttr-sandbox .ttr-words').textContent"
                           ".includes('Berlin–Frankfurt (black), 3 trains')")
