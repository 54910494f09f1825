"""How fast the sandbox board redraws after a click: in Python, and in a real browser.

1. Python side (no browser): a click on a route's pixel -> new position checked by the engine
   -> score_position -> the canvas commands (one batched message) -> the panel's HTML. Timed
   with ``time.perf_counter`` over many clicks, on an empty Europe board and on the late-game
   sample position.
2. Browser side: JupyterLab (then Voila) on loopback, the sandbox notebook run in headless
   Debian Chromium; the bench clicks routes on the canvas and measures, in the page, the time from
   the ``mousedown`` event to (a) the clicked route's pixel changing on the canvas and (b) the
   score table's text changing (MutationObserver). Resolution: a few milliseconds (polling).

Run: ``.venv/bin/python bench/widget_redraw.py`` (``--python-only`` skips the browser).
"""
from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))

#: Routes Ann claims on the empty board (29 trains in all), then passes on to Bo.
EMPTY_BOARD_ROUTES = [("Paris", "Frankfurt", "white"), ("Wien", "Budapest", "red"), ("Roma", "Venezia", None),
                      ("Kyiv", "Smolensk", None), ("Lisboa", "Madrid", None), ("Brest", "Dieppe", None),
                      ("Berlin", "Essen", None), ("Sofia", "Athina", None), ("Riga", "Danzig", None),
                      ("Rostov", "Sochi", None), ("Zagrab", "Sarajevo", None), ("Marseille", "Zurich", None)]
#: Unclaimed routes of the late-game sample that fit Ann's 7 trains (5 in all).
LATE_GAME_ROUTES = [("Paris", "Dieppe", None), ("Wien", "Budapest", "red"), ("Amsterdam", "Bruxelles", None),
                    ("Kyiv", "Wilno", None)]


def summary(values) -> str:
    values = sorted(values)
    p90 = values[min(len(values) - 1, round(0.9 * (len(values) - 1)))]
    return (f"median {statistics.median(values):6.1f} ms   p90 {p90:6.1f} ms   max {max(values):6.1f} ms"
            f"   (n={len(values)})")


def python_side() -> None:
    from ttr_teach.views.geometry import board_geometry
    from ttr_teach.views.widgets import BoardWidget, sample_position

    for title, source, routes in (("empty Europe board", "europe", EMPTY_BOARD_ROUTES),
                                  ("late-game sample", sample_position(), LATE_GAME_ROUTES)):
        w = BoardWidget(source)
        w.redraw()
        geo = board_geometry(w.model.map)
        totals, parts = [], {"board_ms": [], "score_ms": [], "panel_ms": []}
        for _ in range(5):  # claim, pass on, ... and back: many clicks on the same routes
            for a, b, color in routes:
                x, y = geo.rows[w.model.map.route(a, b, color).index].space_center(0)
                t0 = time.perf_counter()
                w.click_pixels(*w.board.to_pixels(x, y))
                totals.append(1000 * (time.perf_counter() - t0))
                for k in parts:
                    parts[k].append(w.last_timing[k])
        print(f"Python, {title}: click -> position -> score -> canvas commands -> panel")
        print(f"  whole click   {summary(totals)}")
        for k, label in (("board_ms", "canvas cmds"), ("score_ms", "scoring"), ("panel_ms", "panel html")):
            print(f"  {label:<13} {summary(parts[k])}")


WATCH = """([n, x, y]) => {
    const c = document.querySelectorAll('canvas.ttr-board')[n];
    const ctx = c.getContext('2d');
    const score = document.querySelectorAll('.ttr-score')[n];
    const before = ctx.getImageData(x, y, 1, 1).data.join();
    const scoreBefore = score.textContent;
    window.__t0 = null;
    c.addEventListener('mousedown', () => { window.__t0 = performance.now(); }, {capture: true, once: true});
    window.__result = new Promise(resolve => {
        let tCanvas = null, tScore = null;
        const finish = () => { if (tCanvas !== null && tScore !== null) { obs.disconnect(); resolve([tCanvas, tScore]); } };
        const obs = new MutationObserver(() => {
            if (tScore === null && window.__t0 !== null && score.textContent !== scoreBefore) {
                tScore = performance.now() - window.__t0; finish(); }
        });
        obs.observe(score, {subtree: true, childList: true, characterData: true});
        const poll = () => {
            if (window.__t0 !== null && ctx.getImageData(x, y, 1, 1).data.join() !== before) {
                tCanvas = performance.now() - window.__t0; finish();
            } else setTimeout(poll, 1);
        };
        poll();
        setTimeout(() => resolve([tCanvas, tScore]), 30000);
    });
}"""


def measure_clicks(page, title: str, n: int, routes) -> None:
    """Click each route twice (claim for Ann, then pass on to Bo) on the n-th board and print
    the times from mousedown to the canvas change and to the score table change."""
    from browser.sandbox_page import canvas_xy, page_xy, route_point

    canvas_ms, score_ms = [], []
    for _ in range(2):
        for a, b, color in routes:
            probe = route_point("europe", a, b, color, space=0, along=-0.3)
            target = route_point("europe", a, b, color, space=0, along=0.2)
            x, y = page_xy(page, n, *target)
            page.mouse.move(x, y)
            time.sleep(0.4)  # let the hover outline settle first
            page.evaluate(WATCH, [n, *canvas_xy(page, n, *probe)])
            page.mouse.down()
            page.mouse.up()
            t_canvas, t_score = page.evaluate("() => window.__result")
            if t_canvas is None or t_score is None:
                print(f"  ! no redraw seen for {a}–{b}")
                continue
            canvas_ms.append(t_canvas)
            score_ms.append(t_score)
    print(f"{title}: mousedown ->")
    print(f"  canvas shows the new owner  {summary(canvas_ms)}")
    print(f"  score table updated         {summary(score_ms)}")


def browser_side() -> None:
    from playwright.sync_api import sync_playwright

    from browser.harness import chromium_available, launch_chromium, start_jupyter_lab, start_voila
    from browser.lab import cell_errors, open_notebook, run_all_cells
    from browser.sandbox_page import no_autosave, wait_painted

    if not chromium_available():
        print("browser side skipped: Debian's chromium is not installed")
        return
    with sync_playwright() as p:
        browser = launch_chromium(p)
        server = start_jupyter_lab(Path(tempfile.mkdtemp(prefix="ttr-bench-")))
        try:
            page = browser.new_context(viewport={"width": 1700, "height": 1100}).new_page()
            page.set_default_timeout(120_000)
            open_notebook(page, server, "notebooks/sandbox.ipynb")
            no_autosave(page)
            t0 = time.perf_counter()
            run_all_cells(page)
            assert not cell_errors(page), cell_errors(page)
            for n in range(3):
                wait_painted(page, n)
            print(f"\nJupyterLab (headless Chromium): notebook run and 3 boards painted in "
                  f"{time.perf_counter() - t0:.1f} s")
            measure_clicks(page, "JupyterLab, empty Europe board", 0, EMPTY_BOARD_ROUTES)
            measure_clicks(page, "JupyterLab, late-game sample", 1, LATE_GAME_ROUTES)
            page.close()
        finally:
            server.stop()
        server = start_voila(Path(tempfile.mkdtemp(prefix="ttr-bench-")))
        try:
            page = browser.new_context(viewport={"width": 1700, "height": 1100}).new_page()
            page.set_default_timeout(180_000)
            t0 = time.perf_counter()
            page.goto(f"{server.base}/voila/render/sandbox.ipynb?token={server.token}")
            for n in range(3):
                wait_painted(page, n, timeout=180)
            print(f"\nVoila (headless Chromium): page loaded and 3 boards painted in "
                  f"{time.perf_counter() - t0:.1f} s")
            measure_clicks(page, "Voila, empty Europe board", 0, EMPTY_BOARD_ROUTES)
            page.close()
        finally:
            server.stop()
        browser.close()


if __name__ == "__main__":
    python_side()
    if "--python-only" not in sys.argv:
        browser_side()
