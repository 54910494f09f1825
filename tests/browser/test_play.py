"""A whole game in a real browser: JupyterLab and Voila, headless Debian Chromium.

The test plays notebooks/12_play.ipynb by clicking, as a student would: it sets the game up in
the form, is refused (keeping no ticket) and asks why, asks the coach for a hint, keeps its
tickets, builds a station, draws cards, claims a tunnel and a route on the board, draws
tickets, then lets the bots finish and steps through the final scoring.

Games are deterministic (the seed deals the cards, the bots are seeded), so the test keeps a
*mirror*: the same :class:`PlayModel` in the test process, given the same clicks. The mirror
says what can be clicked (which tunnel the hand can pay for, which face-up card is not a
locomotive), and after every click the panel in the browser must say exactly what the
mirror's model says.
"""
from __future__ import annotations

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from ttr_teach.engine.actions import ClaimRoute, PayTunnel
from ttr_teach.views.geometry import board_geometry
from ttr_teach.views.widgets import PlayModel
from ttr_teach.views.widgets.canvas_board import viewport

from .harness import ARTIFACTS
from .lab import cell_errors, open_in_lab, run_all_cells
from .sandbox_page import city_point, no_autosave, page_xy, wait_painted

SEED = 3
SEATS = [("Ann", "person"), ("Bo", "random")]


def _route_point(m, index: int, space: int = 0):
    row = board_geometry(m).rows[index]
    x, y = row.to_board((space + 0.5) * row.pitch, 0.0)
    x0, y0, w, h = viewport(m)
    return (x - x0) / w, (y - y0) / h


#: JavaScript: ``[text]`` once the n-th game's ``css`` element says ``expected`` (``exact``) or
#: contains it, its text trimmed (in a list: an empty text is an answer too); else false.
SAYS = """([n, css, expected, exact]) => {
    const game = document.querySelectorAll('.ttr-play')[n];
    const el = game && game.querySelector(css);
    const seen = el ? el.textContent.trim() : null;
    return seen !== null && (exact ? seen === expected : seen.includes(expected)) ? [seen] : false;
}"""


class Table:
    """The first game widget of the page, and the mirror of its model."""

    def __init__(self, page, mirror: PlayModel, n: int = 0):
        self.page, self.mirror, self.n = page, mirror, n
        self.widget = page.locator(".ttr-play").nth(n)

    def text(self, css: str) -> str:
        return self.widget.locator(css).first.text_content() or ""

    def wait_text(self, css: str, expected: str, exact: bool = True, timeout: float = 60):
        """Wait until the widget's ``css`` element says ``expected`` (or contains it); what it
        says. The page looks at each frame, so the test goes on as soon as the text is there."""
        try:
            found = self.page.wait_for_function(SAYS, arg=[self.n, css, expected, exact], timeout=timeout * 1000)
        except PlaywrightTimeout:
            seen = self.page.evaluate(SAYS, [self.n, css, "", False])
            raise AssertionError(f"{css} says {seen and seen[0]!r}, expected {expected!r}") from None
        return found.json_value()[0]

    def in_sync(self):
        """The browser's message is the mirror's (after the bots' replies, if any)."""
        self.mirror.run_bots()
        self.wait_text(".ttr-message", self.mirror.message)
        assert self.mirror.is_person_turn or self.mirror.screen == "over"

    def click(self, css: str, k: int = 0):
        self.widget.locator(css).nth(k).click()

    def click_board(self, fx: float, fy: float):
        self.page.mouse.click(*page_xy(self.page, self.n, fx, fy))

    def claim(self, action: ClaimRoute):
        """Click the route on the board, then its cheapest way to pay."""
        m = self.mirror.map
        assert self.mirror.click_route(action.route).ok
        self.click_board(*_route_point(m, action.route))
        self.wait_text(".ttr-message", self.mirror.message)
        self.mirror.choose(0)
        self.click(".ttr-pay", 0)


def _screenshot(table, name: str):
    """Keep a picture of the game widget in tests/artifacts/ (to look at as a student would)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    table.widget.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def _claimable(mirror, tunnel: bool):
    options = [a for a in mirror.game.legal_actions() if isinstance(a, ClaimRoute)
               and mirror.map.routes[a.route].tunnel == tunnel]
    return options[0] if options else None


def _draw_two(table):
    """Draw a card blind, then a face-up card that is not a locomotive (or blind again)."""
    m = table.mirror
    m.click_deck()
    table.click(".ttr-deck")
    if m.game.pending is not None:                 # the second card
        table.wait_text(".ttr-message", m.message)
        slots = [k for k, card in enumerate(m.game.face_up) if card != "locomotive"]
        if slots:
            m.click_face_up(slots[0])
            table.click(".ttr-face-up", slots[0])
        else:
            m.click_deck()
            table.click(".ttr-deck")
    table.in_sync()


def _until_claimable(table, tunnel: bool, turns: int = 25):
    for _ in range(turns):
        action = _claimable(table.mirror, tunnel)
        if action is not None:
            return action
        _draw_two(table)
    raise AssertionError("no route became claimable")


def test_a_whole_game_by_clicking_in_jupyterlab(lab_page):
    page = open_in_lab(lab_page, "notebooks/12_play.ipynb")
    no_autosave(page)
    run_all_cells(page)
    assert not cell_errors(page)
    for n in range(3):
        wait_painted(page, n)
    mirror = PlayModel.new("europe", SEATS, seed=SEED, practice=True)
    table = Table(page, mirror)
    form = table.widget.locator(".ttr-setup")
    form.locator(".ttr-seat").nth(1).locator("select").select_option(label="random bot")
    seed = form.locator("input[type=number]")
    seed.fill(str(SEED))
    seed.press("Tab")
    table.click(".ttr-start")
    table.wait_text(".ttr-message", mirror.message)
    table.click(".ttr-speed button:has-text('fast')")
    # the click redraws the panel: wait for the four ticket offers to be back
    expect(table.widget.locator(".ttr-offer")).to_have_count(4, timeout=30_000)

    # a refused action, with the rule's sentence, and why not
    assert not mirror.keep_tickets().ok
    table.click(".ttr-keep")
    table.wait_text(".ttr-message", "Not allowed: keep 0 tickets: you must keep at least 2 of your 4 tickets.")
    mirror.why_not()
    table.click(".ttr-why-not")
    table.wait_text(".ttr-message", mirror.message)

    # the coach's hint: a legal move, explained
    hint = mirror.ask_hint()
    table.click(".ttr-hint")
    table.wait_text(".ttr-message", hint.message)
    assert hint.ok and hint.message.startswith("Hint: Keep ")
    _screenshot(table, "play_lab_hint")
    assert mirror.hint.action in mirror.game.legal_actions()

    # keep two tickets
    for k in (0, 1):
        mirror.toggle_ticket(mirror.offer[k])
        table.click(".ttr-offer", k)
        table.wait_text(".ttr-keep", "Keep 1 ticket" if k == 0 else "Keep 2 tickets")
    mirror.keep_tickets()
    table.click(".ttr-keep")
    table.in_sync()

    # a station: click a city, pay
    city = next(c for c in ("Wien", "Berlin", "Roma", "Madrid") if mirror.click_city(c).ok)
    table.click_board(*city_point("europe", city))
    table.wait_text(".ttr-message", mirror.message)
    mirror.choose(0)
    table.click(".ttr-pay", 0)
    table.in_sync()
    assert f"Ann builds a station in {city}." in table.text(".ttr-log-box")

    # cards, until a tunnel can be paid for; claim it (three cards shown one by one)
    tunnel = _until_claimable(table, tunnel=True)
    table.claim(tunnel)
    table.wait_text(".ttr-tunnel", "the cards turned over", exact=False)
    table.wait_text(".ttr-tunnel", "→", exact=False)           # all three shown, and what they cost
    _screenshot(table, "play_lab_tunnel")
    if mirror.game.pending is not None:                       # the tunnel asks for more
        pays = [a for a in mirror.tunnel_options if isinstance(a, PayTunnel)]
        if pays:
            mirror.pay(0)
            table.click(".ttr-tunnel-pay", 0)
        else:
            mirror.decline()
            table.click(".ttr-tunnel-decline")
    table.in_sync()
    assert "Tunnel: revealed" in table.text(".ttr-log-box")

    # an ordinary route
    route = _until_claimable(table, tunnel=False)
    table.claim(route)
    table.in_sync()
    assert mirror.map.routes[route.route] in mirror.game.routes("Ann")

    # more tickets: keep one
    mirror.click_tickets()
    table.click(".ttr-ticket-deck")
    table.wait_text(".ttr-message", mirror.message)
    mirror.toggle_ticket(mirror.offer[0])
    table.click(".ttr-offer", 0)
    mirror.keep_tickets()
    table.click(".ttr-keep")
    table.in_sync()

    # let the bots finish, then walk through the final scoring
    mirror.finish_with_bots()
    table.click(".ttr-finish")
    mirror.run_bots()
    table.wait_text(".ttr-scoring-box", "Final scoring 1/", exact=False, timeout=240)
    _screenshot(table, "play_lab_scoring_first")
    for _ in range(len(mirror.steps) - 1):
        mirror.next_step()
        table.click(".ttr-step-next")
        table.wait_text(".ttr-message", mirror.message)
    scoring = table.text(".ttr-scoring-box")
    assert "The winner" in scoring and mirror.score.tie_break in scoring
    _screenshot(table, "play_lab_scoring_last")
    totals = page.evaluate("""() => Array.from(document.querySelectorAll('.ttr-play')[0]
        .querySelectorAll('.ttr-totals tr[data-player]')).map(tr => [tr.dataset.player,
                                                                     tr.querySelector('b').textContent])""")
    assert totals == [[p.name, str(p.total)] for p in mirror.score.players]
    assert mirror.score.winner is None or f"{mirror.score.winner}" in scoring


def test_play_in_voila_starts_a_game_and_answers_clicks(voila_server, page):
    page.goto(f"{voila_server.base}/voila/render/12_play.ipynb?token={voila_server.token}", timeout=180_000)
    for n in range(3):
        wait_painted(page, n, timeout=180)
    mirror = PlayModel.new("europe", [("Ann", "person"), ("Bo", "planner")], seed=0)
    table = Table(page, mirror)
    table.click(".ttr-start")
    table.wait_text(".ttr-message", mirror.message)
    for k in (0, 1):
        mirror.toggle_ticket(mirror.offer[k])
        table.click(".ttr-offer", k)
    mirror.keep_tickets()
    table.click(".ttr-keep")
    table.in_sync()
    mirror.click_deck()
    table.click(".ttr-deck")
    table.wait_text(".ttr-message", mirror.message)
    # the log is redrawn after the message: wait for the line rather than read it at once
    table.wait_text(".ttr-log-box", "Ann: draw a card blind from the deck.", exact=False)


LAPTOP, NARROW = {"width": 1366, "height": 768}, {"width": 760, "height": 900}
BOXES = """() => {
    const play = document.querySelectorAll('.ttr-play')[0];
    const box = e => { const r = e.getBoundingClientRect(); return {x: r.left, y: r.top, right: r.right,
                                                                     bottom: r.bottom}; };
    return {board: box(play.querySelector('canvas.ttr-board')), panel: box(play.querySelector('.ttr-panel')),
            log: box(play.querySelector('.ttr-log-box')),
            scroll: document.documentElement.scrollWidth, width: window.innerWidth};
}"""


def test_the_game_fits_a_laptop_screen_panel_beside_or_below_the_board(voila_server, browser):
    """1366x768: nothing cut, no horizontal scroll, the panel beside the board, the log (after
    a few turns) beside it on the same screen; on a narrow window the panel goes below the
    board. Screenshots are kept in tests/artifacts/."""
    context = browser.new_context(viewport=LAPTOP)
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        page.goto(f"{voila_server.base}/voila/render/12_play.ipynb?token={voila_server.token}", timeout=180_000)
        wait_painted(page, 0, timeout=180)
        mirror = PlayModel.new("europe", [("Ann", "person"), ("Bo", "planner")], seed=0)
        table = Table(page, mirror)
        table.click(".ttr-start")
        table.wait_text(".ttr-message", mirror.message)
        table.widget.scroll_into_view_if_needed()
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "play_1366x768.png"))
        boxes = page.evaluate(BOXES)
        assert boxes["scroll"] <= boxes["width"], boxes                       # no horizontal scroll
        board, panel = boxes["board"], boxes["panel"]
        assert board["x"] >= 0 and board["right"] <= LAPTOP["width"], boxes   # the board is whole
        assert board["bottom"] - board["y"] <= LAPTOP["height"], boxes        # and fits the height
        assert panel["x"] >= board["right"] - 1 and panel["right"] <= LAPTOP["width"], boxes
        # the log, full after some turns, is beside the board and on the screen with it
        for k in (0, 1):
            mirror.toggle_ticket(mirror.offer[k])
            table.click(".ttr-offer", k)
        mirror.keep_tickets()
        table.click(".ttr-keep")
        table.in_sync()
        for _ in range(4):
            mirror.click_deck()
            table.click(".ttr-deck")
            table.in_sync()
        table.widget.scroll_into_view_if_needed()
        page.evaluate("() => document.querySelectorAll('.ttr-play')[0].scrollIntoView()")
        page.screenshot(path=str(ARTIFACTS / "play_1366x768_log.png"))
        boxes = page.evaluate(BOXES)
        log = boxes["log"]
        assert log["x"] >= boxes["board"]["right"] - 1 and 0 <= log["y"] and log["bottom"] <= LAPTOP["height"], boxes
        page.set_viewport_size(NARROW)
        page.wait_for_function("() => { const p = document.querySelectorAll('.ttr-play')[0];"
                               " return p.querySelector('.ttr-panel').getBoundingClientRect().top >="
                               " p.querySelector('canvas.ttr-board').getBoundingClientRect().bottom - 1; }")
        table.widget.scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / "play_760x900.png"))
        boxes = page.evaluate(BOXES)
        assert boxes["scroll"] <= boxes["width"] and boxes["board"]["right"] <= NARROW["width"], boxes
    finally:
        context.close()
