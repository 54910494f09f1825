"""The sandbox notebook in a real browser: JupyterLab and Voila, headless Debian Chromium.

The board is clicked where a route lies (computed from the board geometry and the canvas's
bounding box); the test checks that the canvas repaints that route in the player's colour
and that the score table changes. A screenshot is kept on failure (see conftest.py).
"""
from __future__ import annotations

import time

from ttr_teach.views.style import PLAYER_FILLS, ROUTE_FILLS

from .lab import cell_errors, open_in_lab, run_all_cells
from .sandbox_page import BOARD, city_point, no_autosave, page_xy, panel_text, pixel, route_point, wait_painted


def _rgb(color: str) -> tuple:
    return tuple(int(color[k:k + 2], 16) for k in (1, 3, 5))


ANN_RED = _rgb(PLAYER_FILLS["red"])
WHITE_ROUTE = _rgb(ROUTE_FILLS["white"])


def near(rgba, rgb, tolerance=40) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(rgba[:3], rgb, strict=True))


def retry(check, attempts: int = 2, pause: float = 2.0):
    """Run ``check()``; if it fails, wait and run it once more (the first click can race the
    kernel's comm set-up or a layout shift on a loaded machine)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    for k in range(attempts):
        try:
            return check()
        except (AssertionError, PlaywrightTimeout):
            if k == attempts - 1:
                raise
            time.sleep(pause)


def score_row(page, n: int, player: str) -> list:
    """The cells of ``player``'s row in the n-th score table."""
    return page.evaluate("""([n, p]) => Array.from(document.querySelectorAll('.ttr-score')[n]
        .querySelector(`tr[data-player="${p}"]`).querySelectorAll('td')).map(td => td.textContent.trim())""",
                         [n, player])


def click_claims_paris_frankfurt(page, n: int = 0):
    """Click Paris–Frankfurt (white) on the n-th board; check repaint, score and message."""
    # a point inside the first train car, clear of the player symbol at its centre
    probe = route_point("europe", "Paris", "Frankfurt", "white", space=0, along=-0.3)
    target = route_point("europe", "Paris", "Frankfurt", "white", space=1)

    def check():
        before = page.evaluate(f"([n]) => document.querySelectorAll('{BOARD}')[n].toDataURL()", [n])
        score = panel_text(page, "ttr-score", n)
        if near(pixel(page, n, *probe), WHITE_ROUTE):
            page.mouse.click(*page_xy(page, n, *target))
        page.wait_for_function(f"([n, d]) => document.querySelectorAll('{BOARD}')[n].toDataURL() !== d",
                               arg=[n, before], timeout=60_000)
        page.wait_for_function(
            "([n, s]) => document.querySelectorAll('.ttr-score')[n].textContent !== s",
            arg=[n, score], timeout=60_000)
        deadline = time.time() + 30
        while not near(pixel(page, n, *probe), ANN_RED) and time.time() < deadline:
            time.sleep(0.2)
        assert near(pixel(page, n, *probe), ANN_RED), pixel(page, n, *probe)
        assert "Ann claims Frankfurt–Paris (white, 3 trains): 4 points." in panel_text(page, "ttr-message", n)
        return panel_text(page, "ttr-score", n)

    return retry(check)


def test_sandbox_board_redraws_after_a_click_in_jupyterlab(lab_page):
    page = open_in_lab(lab_page, "notebooks/sandbox.ipynb")
    no_autosave(page)
    run_all_cells(page)
    assert not cell_errors(page)
    assert page.locator(BOARD).count() == 3
    for n in range(3):
        wait_painted(page, n)
    click_claims_paris_frankfurt(page, 0)
    # Ann: 4 route points (a 3-train route), 3 stations kept (12), the longest route (3 trains
    # against nothing): 4 + 12 + 10 = 26
    cells = score_row(page, 0, "Ann")
    assert cells[1] == "4" and cells[-2] == "26", cells
    # hovering a city tells about it
    page.mouse.move(*page_xy(page, 0, *city_point("europe", "Wien")))
    page.wait_for_function("() => document.querySelectorAll('.ttr-hover')[0].textContent.startsWith('Wien:')",
                           timeout=60_000)


def test_sandbox_in_voila_draws_the_boards_and_answers_clicks(voila_server, page):
    page.goto(f"{voila_server.base}/voila/render/sandbox.ipynb?token={voila_server.token}",
              timeout=180_000)
    for n in range(3):
        wait_painted(page, n, timeout=180)
    assert page.locator(BOARD).count() == 3
    panel_beside_on_wide_screens_under_on_narrow_ones(page)
    # the page is now narrower than the canvas's 900 pixels: a click is mapped back through the scale
    shown = page.evaluate(f"() => document.querySelector('{BOARD}').getBoundingClientRect().width")
    assert shown < 0.9 * page.evaluate(f"() => document.querySelector('{BOARD}').width")
    click_claims_paris_frankfurt(page, 0)


#: JavaScript: the first sandbox's board canvas and panel boxes (left, top, right, bottom).
BOXES = """() => [document.querySelector('canvas.ttr-board'), document.querySelector('.ttr-panel')]
    .map(e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })"""


def panel_beside_on_wide_screens_under_on_narrow_ones(page):
    """At 1366x768 and wider the panel sits right of the board, tops aligned; on a narrow
    page it wraps under the board; the board never reaches past the page's right edge."""
    for width, height, beside in ((1366, 768, True), (1920, 1080, True), (800, 900, False)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(800)
        board, panel = page.evaluate(BOXES)
        where = f"at {width}x{height}: board {board}, panel {panel}"
        assert board[2] <= width and panel[2] <= width, where
        if beside:
            assert panel[0] >= board[2] - 1 and abs(panel[1] - board[1]) < 2, where
            assert board[2] - board[0] >= 560, where
        else:
            assert panel[1] >= board[3] - 1, where
