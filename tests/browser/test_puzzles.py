"""A puzzle notebook in a real JupyterLab: answer, check, hint, solution, progress.

Opens ``puzzles/introductory.ipynb``, runs it, answers the first puzzle (Ann's route points,
13) wrongly then rightly, asks for the hint and the solution, and checks that the progress
bars count the solved puzzle. A screenshot of the answered puzzle goes to ``tests/artifacts/``.
"""
from .conftest import ARTIFACTS
from .lab import cell_errors, open_notebook, run_all_cells


def _keep_file_clean(page):
    """Mark the notebook unchanged so JupyterLab's autosave never writes outputs into the repo."""
    page.evaluate("() => { window.jupyterapp.shell.currentWidget.context.model.dirty = false; }")


def _wait_text(page, locator, text, timeout=30_000):
    locator.scroll_into_view_if_needed()
    page.wait_for_function("([el, text]) => el.innerText.includes(text)", arg=[locator.element_handle(), text],
                           timeout=timeout)
    return locator.inner_text()


def test_first_introductory_puzzle_checks_hints_solves_and_counts(jupyter_lab, page):
    open_notebook(page, jupyter_lab, "puzzles/introductory.ipynb")
    run_all_cells(page)
    _keep_file_clean(page)
    assert not cell_errors(page)
    puzzle = page.locator(".ttr-exercise").first
    puzzle.scroll_into_view_if_needed()
    box = puzzle.locator("input[type='text']").first
    feedback = puzzle.locator(".widget-html").nth(1)

    box.fill("12")
    puzzle.locator("button", has_text="Check").click()
    assert "12 is 1 points too low" in _wait_text(page, feedback, "Not quite")

    box.fill("13")
    puzzle.locator("button", has_text="Check").click()
    assert "Right: 13" in _wait_text(page, feedback, "Right")
    progress = page.locator(".widget-label", has_text="solved").first
    assert _wait_text(page, progress, "1 of").startswith("1 of 20 solved")

    puzzle.locator("button", has_text="Hint").click()
    assert "scoring table" in _wait_text(page, feedback, "Hint")

    puzzle.locator("button", has_text="Show solution").click()
    # the board with what counts highlighted (JupyterLab shows an SVG output as an image)
    page.wait_for_function("el => el.querySelector('.jp-RenderedSVG, svg') !== null",
                           arg=puzzle.element_handle(), timeout=30_000)
    assert "13 points" in puzzle.inner_text()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    puzzle.screenshot(path=str(ARTIFACTS / "puzzles_introductory_first.png"))
    _keep_file_clean(page)
