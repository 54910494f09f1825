"""Driving JupyterLab from Playwright: open a notebook, run every cell, wait for the kernel."""
from __future__ import annotations

import time


def open_notebook(page, server, path: str) -> None:
    """Open ``path`` (relative to the repo) in JupyterLab and wait until its kernel is idle."""
    page.goto(f"{server.base}/lab/tree/{path}?token={server.token}&reset")
    page.wait_for_selector(".jp-NotebookPanel", state="visible")
    page.wait_for_function("() => window.jupyterapp !== undefined")
    wait_kernel_idle(page)


def start_lab(page, server) -> None:
    """Load JupyterLab (a fresh workspace, no notebook open) in ``page`` and wait until it has
    started, to open notebooks in it with :func:`open_in_lab`."""
    page.goto(f"{server.base}/lab?token={server.token}&reset")
    page.wait_for_function("() => window.jupyterapp !== undefined")
    page.evaluate("async () => { await window.jupyterapp.started; await window.jupyterapp.restored; }")


def open_in_lab(page, path: str):
    """Open ``path`` (relative to the repo) in the JupyterLab already running in ``page`` (see
    :func:`start_lab`; no page load, so a few seconds quicker than :func:`open_notebook`) and
    wait until its kernel is idle; ``page``. The notebook gets the same room as with
    :func:`open_notebook`."""
    page.evaluate("async (path) => { await window.jupyterapp.commands.execute('docmanager:open',"
                  " {path, factory: 'Notebook'}); }", path)
    page.wait_for_selector(".jp-NotebookPanel", state="visible")
    wait_kernel_idle(page)
    return page


def close_everything(page) -> None:
    """Shut down the kernels of JupyterLab's main-area tabs and close the tabs (without saving:
    see :func:`keep_file_clean`)."""
    page.evaluate("""async () => {
        const tabs = Array.from(window.jupyterapp.shell.widgets('main'));
        for (const w of tabs) {
            const s = w.sessionContext;
            if (s && s.session) await s.shutdown();
        }
        for (const w of tabs) w.dispose();
    }""")
    page.wait_for_selector(".jp-NotebookPanel", state="detached")


def wait_kernel_idle(page, timeout: float = 120) -> None:
    """Wait until the current notebook's kernel exists and is idle."""
    page.wait_for_function(
        """() => {
            const w = window.jupyterapp.shell.currentWidget;
            const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
            return k && k.status === 'idle';
        }""", timeout=timeout * 1000)


def run_all_cells(page, timeout: float = 180) -> None:
    """Run every cell of the open notebook and wait until all have finished.

    JupyterLab's run-all command resolves when the last cell has run (or one failed); the
    cells' models, not the page, say whether any is still running.
    """
    page.evaluate("async () => { await window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    wait_kernel_idle(page, timeout)
    deadline = time.time() + timeout
    while time.time() < deadline:
        running = page.evaluate(
            """() => window.jupyterapp.shell.currentWidget.content.widgets
                   .some(c => c.model.type === 'code' && c.model.executionState === 'running')""")
        if not running:
            return
        time.sleep(0.5)
    raise TimeoutError("the notebook's cells did not finish running")


def cell_errors(page) -> list:
    """The errors raised by the open notebook's cells (empty when every cell ran cleanly)."""
    return page.evaluate(
        """() => window.jupyterapp.shell.currentWidget.content.widgets
               .filter(c => c.model.type === 'code')
               .flatMap(c => c.model.outputs.toJSON())
               .filter(o => o.output_type === 'error')
               .map(o => `${o.ename}: ${o.evalue}`.slice(0, 500))""")


def keep_file_clean(page) -> None:
    """Mark the open notebook unchanged, so JupyterLab's autosave never writes a run's outputs
    into the repository's notebooks (they are committed without outputs)."""
    page.evaluate("() => { window.jupyterapp.shell.currentWidget.context.model.dirty = false; }")


def wait_text(page, locator, text: str, timeout: float = 30_000) -> str:
    """Wait until ``locator``'s text contains ``text``; its whole text."""
    locator.scroll_into_view_if_needed()
    page.wait_for_function("([el, text]) => el.innerText.includes(text)", arg=[locator.element_handle(), text],
                           timeout=timeout)
    return locator.inner_text()
