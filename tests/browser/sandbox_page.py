"""Finding and clicking things on the sandbox board in a real browser page.

Used by the sandbox browser tests and by ``bench/widget_redraw.py``. Positions on the canvas
are computed from the board geometry: a board point's fraction of the board's viewport is the
same fraction of the canvas element's bounding box, whatever size the page gives the canvas.
"""
from __future__ import annotations

from ttr_teach.engine.maps import load_map
from ttr_teach.views.geometry import board_geometry
from ttr_teach.views.widgets.canvas_board import viewport

BOARD = "canvas.ttr-board"

#: JavaScript: true once the n-th board canvas has been painted (many non-blank pixels).
PAINTED = """([n]) => {
    const c = document.querySelectorAll('canvas.ttr-board')[n];
    if (!c || !c.width) return false;
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let painted = 0;
    for (let i = 3; i < d.length; i += 4 * 97) if (d[i] > 0) painted++;
    return painted > 0.5 * d.length / (4 * 97);
}"""

#: JavaScript: the RGBA of one canvas pixel (canvas pixel coordinates).
PIXEL = """([n, x, y]) => {
    const c = document.querySelectorAll('canvas.ttr-board')[n];
    return Array.from(c.getContext('2d').getImageData(Math.round(x), Math.round(y), 1, 1).data);
}"""


def route_point(map: str, a: str, b: str, color=None, space: int = 0, along: float = 0.0):
    """Fractions ``(fx, fy)`` of the board where space ``space`` of the route lies; ``along``
    moves the point along the row by that fraction of a space (0: the centre of the space)."""
    m = load_map(map)
    row = board_geometry(m).rows[m.route(a, b, color).index]
    x, y = row.to_board((space + 0.5) * row.pitch + along * row.space_length, 0.0)
    x0, y0, w, h = viewport(m)
    return (x - x0) / w, (y - y0) / h


def city_point(map: str, name: str):
    m = load_map(map)
    c = m.city(name)
    x0, y0, w, h = viewport(m)
    return (c.x - x0) / w, (c.y - y0) / h


def wait_painted(page, n: int = 0, timeout: float = 120) -> None:
    """Wait until the n-th sandbox board on the page is painted (not blank)."""
    page.wait_for_selector(BOARD, state="attached", timeout=timeout * 1000)
    page.wait_for_function(PAINTED, arg=[n], timeout=timeout * 1000)


def canvas_xy(page, n: int, fx: float, fy: float) -> tuple:
    """Canvas pixel coordinates of the board fractions ``(fx, fy)`` on the n-th board."""
    size = page.evaluate("([n]) => { const c = document.querySelectorAll('canvas.ttr-board')[n];"
                         " return [c.width, c.height]; }", [n])
    return fx * size[0], fy * size[1]


def pixel(page, n: int, fx: float, fy: float) -> list:
    """RGBA of the n-th board at the board fractions ``(fx, fy)``."""
    return page.evaluate(PIXEL, [n, *canvas_xy(page, n, fx, fy)])


def page_xy(page, n: int, fx: float, fy: float, timeout: float = 30) -> tuple:
    """Page coordinates (for ``page.mouse``) of the board fractions ``(fx, fy)``.

    Scrolls the board into view and waits until it stops moving (JupyterLab lays out a long
    notebook lazily, so a board can shift after scrolling) and the canvas is what lies under
    the point.
    """
    import time

    board = page.query_selector_all(BOARD)[n]
    deadline = time.time() + timeout
    board.scroll_into_view_if_needed()
    last = board.bounding_box()          # where it is right after scrolling: a first sample
    while True:
        time.sleep(0.3)
        box = board.bounding_box()
        x, y = box["x"] + fx * box["width"], box["y"] + fy * box["height"]
        on_board = page.evaluate("([x, y, n]) => document.elementFromPoint(x, y) === "
                                 f"document.querySelectorAll('{BOARD}')[n]", [x, y, n])
        if (on_board and box == last) or time.time() > deadline:
            return x, y
        last = box
        board.scroll_into_view_if_needed()


def panel_text(page, css_class: str, n: int = 0) -> str:
    """Text of the n-th panel box with ``css_class`` (``ttr-score``, ``ttr-message``, ...)."""
    return page.eval_on_selector_all(f".{css_class}", "(els, n) => els[n].textContent", n)


def no_autosave(page) -> None:
    """Turn JupyterLab's autosave off, so that running a notebook in the browser never writes
    its outputs into the repository's notebook file."""
    page.evaluate("""async () => {
        const id = 'docmanager:toggle-autosave';
        const app = window.jupyterapp;
        if (app.commands.hasCommand(id) && app.commands.isToggled(id)) await app.commands.execute(id);
    }""")
