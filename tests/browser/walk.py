"""Walking a notebook in JupyterLab as a student would see it: what is cut, what failed.

Used by ``test_walk.py``: after a notebook has run in the page, :func:`cut_outputs` lists
every output wider than the room the notebook gives it (its content scrolls sideways or is
clipped), :func:`notebook_scrolls_sideways` tells whether the notebook panel itself has a
horizontal scrollbar, and :func:`error_outputs` lists error outputs and tracebacks.
"""
from __future__ import annotations

from pathlib import Path

from .axe import settle as settle_page
from .harness import REPO

#: The screens the course is checked on: a common laptop and a desktop monitor.
SCREENS = ((1366, 768), (1920, 1080))

#: A pixel of slack for rounding in the browser's layout.
SLACK = 1


#: The languages the course is translated into (``notebooks/<lang>/``, ``puzzles/<lang>/``).
LANGUAGES = ("vi", "fa", "sv", "it")
#: The translated notebooks walked by ``make test`` in each language (``make test-languages``
#: walks them all): the start, a lesson with a board and exercises, and the misreadings.
LANGUAGE_SAMPLE = ("notebooks/00_start_here.ipynb", "notebooks/05_tunnels.ipynb",
                   "notebooks/11_common_misreadings.ipynb")


def course_notebooks(lang: str | None = None) -> list:
    """Every English notebook of the course (``notebooks/`` and ``puzzles/``), or with ``lang``
    every notebook in that language, found by glob so that a new lesson is walked too; paths
    relative to the repository, in course order."""
    found = sorted(REPO.glob("notebooks/**/*.ipynb")) + sorted(REPO.glob("puzzles/**/*.ipynb"))
    paths = [p.relative_to(REPO) for p in found if ".ipynb_checkpoints" not in p.parts]
    if lang is None:
        return [p.as_posix() for p in paths if p.parts[1] not in LANGUAGES]
    return [p.as_posix() for p in paths if p.parts[1] == lang]


def translated(notebook: str, lang: str) -> str:
    """``notebooks/05_tunnels.ipynb`` in ``lang``: ``notebooks/<lang>/05_tunnels.ipynb``."""
    folder, rest = notebook.split("/", 1)
    return f"{folder}/{lang}/{rest}"


#: JavaScript: every output (and every clipping box inside one) whose content is wider than
#: its box, and every element that reaches past the output area's right edge.
CUT = """([slack]) => {
    const panel = window.jupyterapp.shell.currentWidget;
    const found = [];
    const describe = (el) => {
        const cell = el.closest('.jp-CodeCell');
        const cells = Array.from(panel.content.node.querySelectorAll('.jp-Cell'));
        const cls = (el.className && el.className.baseVal !== undefined ? el.className.baseVal : el.className) || '';
        return {cell: cells.indexOf(cell), element: `${el.tagName.toLowerCase()}.${String(cls).trim().split(/\\s+/).join('.')}`};
    };
    const FORM = new Set(['SELECT', 'TEXTAREA', 'INPUT', 'OPTION']);
    for (const area of panel.content.node.querySelectorAll('.jp-OutputArea-output')) {
        if (!area.offsetParent) continue;                      // hidden (collapsed) output
        const box = area.getBoundingClientRect();
        if (area.scrollWidth > area.clientWidth + slack)
            found.push({...describe(area), why: `content ${area.scrollWidth} px wide in ${area.clientWidth} px`});
        for (const el of area.querySelectorAll('*')) {
            if (FORM.has(el.tagName) || el.closest('select, textarea') || !el.getClientRects().length) continue;
            if (el.closest('.ttr-sr-only')) continue;          // for screen readers: clipped to 1 px on purpose
            const style = getComputedStyle(el);
            if (style.visibility === 'hidden') continue;
            const clips = ['auto', 'scroll', 'hidden', 'clip'].includes(style.overflowX);
            if (clips && el.scrollWidth > el.clientWidth + slack && el.clientWidth > 0)
                found.push({...describe(el), why: `content ${el.scrollWidth} px wide in a ${el.clientWidth} px box`});
            const r = el.getBoundingClientRect();
            if (r.width > 0 && r.right > box.right + slack && !el.closest('.jp-mod-unconfined'))
                found.push({...describe(el), why: `reaches ${Math.round(r.right - box.right)} px past the output area`});
        }
    }
    // one line per cell and element is enough
    const seen = new Set();
    return found.filter(f => { const k = f.cell + f.element; if (seen.has(k)) return false; seen.add(k); return true; });
}"""  # noqa: E501

#: JavaScript: the notebook panel's sideways overflow (scrollWidth - clientWidth) in pixels.
SIDEWAYS = """() => {
    const panel = window.jupyterapp.shell.currentWidget;
    const scrollers = [panel.content.node, ...panel.content.node.querySelectorAll('.jp-WindowedPanel-outer')];
    return Math.max(0, ...scrollers.map(n => n.scrollWidth - n.clientWidth));
}"""

#: JavaScript: error outputs and standard-error text that reports a failure or a warning.
ERRORS = """() => window.jupyterapp.shell.currentWidget.content.widgets
    .filter(c => c.model.type === 'code')
    .flatMap((c, i) => c.model.outputs.toJSON().map(o => [i, o]))
    .filter(([i, o]) => o.output_type === 'error' ||
        (o.output_type === 'stream' && o.name === 'stderr' && /Traceback|Error|Warning/.test([].concat(o.text).join(''))))
    .map(([i, o]) => `cell ${i}: ` + (o.output_type === 'error' ? `${o.ename}: ${o.evalue}` : [].concat(o.text).join('')).slice(0, 400))"""  # noqa: E501


#: JavaScript: the indices of the cells whose outputs show a board (SVG, image or canvas).
BOARDS = """() => Array.from(window.jupyterapp.shell.currentWidget.content.node.querySelectorAll('.jp-Cell'))
    .map((c, i) => c.querySelector('.jp-OutputArea svg[data-map], .jp-OutputArea img[src^="data:image/svg"],'
                                   + ' .jp-OutputArea canvas.ttr-board') ? i : -1).filter(i => i >= 0)"""


def board_cells(page) -> list:
    """The indices of the open notebook's cells that show a board (to look at their pictures)."""
    return page.evaluate(BOARDS)


def cut_outputs(page) -> list:
    """What is cut in the open notebook: ``{"cell", "element", "why"}`` for each output (or
    box inside one) whose content is wider than its room."""
    return page.evaluate(CUT, [SLACK])


def notebook_scrolls_sideways(page) -> int:
    """How many pixels the open notebook's panel scrolls sideways (0: no horizontal scrollbar)."""
    return page.evaluate(SIDEWAYS)


def error_outputs(page) -> list:
    """Error outputs, and standard-error text with a traceback, an error or a warning."""
    return page.evaluate(ERRORS)


#: JavaScript: the size of the notebook JupyterLab shows, and its number of elements.
NOTEBOOK_SIZE = ("() => { const n = window.jupyterapp.shell.currentWidget.content.node;"
                 " return [n.scrollHeight, n.scrollWidth, n.querySelectorAll('*').length]; }")


def settle(page, seconds: float = 1.5, timeout: float = 30) -> None:
    """Wait until the notebook's layout stops changing (widgets render after the kernel is idle)."""
    settle_page(page, seconds, timeout, measure=NOTEBOOK_SIZE)


def shot(page, folder: Path, name: str) -> Path:
    """A screenshot of the whole page (the notebook as the student sees it) in ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    page.screenshot(path=str(path))
    return path


def shoot_cells(page, folder: Path, stem: str, cells) -> list:
    """Screenshots of the given cells (by index) of the open notebook, each scrolled into view."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for k in sorted(set(cells)):
        cell = page.locator(".jp-NotebookPanel .jp-Cell").nth(k)
        try:
            cell.scroll_into_view_if_needed(timeout=10_000)
            path = folder / f"{stem}-cell{k}.png"
            cell.screenshot(path=str(path), timeout=20_000)
            paths.append(path)
        except Exception:  # noqa: BLE001 - a screenshot is a help, not the test
            continue
    return paths


#: JavaScript: how the rendered markdown of the notebook reads: the cells marked right to left,
#: those whose text does not run right to left, and those whose text is wider than its cell.
DIRECTION = """() => {
    const panel = window.jupyterapp.shell.currentWidget;
    const cells = Array.from(panel.content.node.querySelectorAll('.jp-MarkdownCell'));
    const out = {rtl: 0, wrong: [], cut: []};
    cells.forEach((cell, i) => {
        const marked = cell.querySelector('.jp-RenderedMarkdown [dir="rtl"]');
        if (marked) {
            out.rtl += 1;
            // every paragraph, item, heading and table cell runs right to left, from the right edge
            const blocks = [marked, ...marked.querySelectorAll('p, li, h1, h2, h3, h4, td, th')];
            const bad = blocks.filter((el) => {
                const style = getComputedStyle(el);
                return style.direction !== 'rtl' || style.textAlign === 'left';
            });
            if (bad.length) out.wrong.push(i + ': ' + bad.map((el) => el.tagName + ' ' +
                getComputedStyle(el).direction + '/' + getComputedStyle(el).textAlign + ' "' +
                el.textContent.slice(0, 30) + '"').join('; '));
        }
        const md = cell.querySelector('.jp-RenderedMarkdown');
        if (md && md.scrollWidth > md.clientWidth + 1) out.cut.push(i);
    });
    return out;
}"""


def reading_direction(page) -> dict:
    """``{"rtl": cells marked right to left, "wrong": cells marked so whose text does not run
    right to left, "cut": markdown cells wider than their box}`` (cell numbers from 0)."""
    return page.evaluate(DIRECTION)
