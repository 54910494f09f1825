"""Driving JupyterLab from Playwright: open a notebook, run every cell, wait for the kernel."""
from __future__ import annotations

import time


def open_notebook(page, server, path: str) -> None:
    """Open ``path`` (relative to the repo) in JupyterLab and wait until its kernel is idle."""
    page.goto(f"{server.base}/lab/tree/{path}?token={server.token}&reset")
    page.wait_for_selector(".jp-NotebookPanel", state="visible")
    page.wait_for_function("() => window.jupyterapp !== undefined")
    wait_kernel_idle(page)


def wait_kernel_idle(page, timeout: float = 120) -> None:
    """Wait until the current notebook's kernel exists and is idle."""
    page.wait_for_function(
        """() => {
            const w = window.jupyterapp.shell.currentWidget;
            const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
            return k && k.status === 'idle';
        }""", timeout=timeout * 1000)


def run_all_cells(page, timeout: float = 180) -> None:
    """Run every cell of the open notebook and wait until all have finished."""
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    deadline = time.time() + timeout
    # A cell is done when its prompt shows a number instead of [*] or [ ].
    while time.time() < deadline:
        busy = page.evaluate(
            """() => {
                const nb = window.jupyterapp.shell.currentWidget.content;
                return nb.widgets.filter(c => c.model.type === 'code')
                    .some(c => c.model.executionCount === null || c.promptNode.textContent.includes('*'));
            }""")
        if not busy:
            return
        time.sleep(0.5)
    raise TimeoutError("the notebook's cells did not finish running")


def cell_errors(page) -> list:
    """The error outputs shown in the open notebook (empty when every cell ran cleanly)."""
    return page.eval_on_selector_all(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr'], "
                                     ".jp-RenderedText[data-mime-type='application/vnd.jupyter.error']",
                                     "els => els.map(e => e.textContent.slice(0, 500))")
