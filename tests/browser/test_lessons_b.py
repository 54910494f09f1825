"""The rules lessons 06-11 in a real JupyterLab: run a notebook, use its widget, see it answer.

Each test opens a lesson, runs every cell, interacts with a widget (clicks a button, ticks a
box, picks from a list) and checks that the widget's output changes to the engine's answer.
A screenshot of the widget is kept in ``tests/artifacts/``.
"""
from .conftest import ARTIFACTS
from .lab import cell_errors, open_notebook, run_all_cells


def _text(page, selector) -> str:
    """The text of the first element matching ``selector`` once it is shown and filled in."""
    element = page.locator(selector).first
    element.scroll_into_view_if_needed()
    page.wait_for_function("sel => { const e = document.querySelector(sel); return e && e.innerText.trim(); }",
                           arg=selector, timeout=30_000)
    return element.inner_text()


def _wait_change(page, selector, before, timeout=30_000) -> str:
    page.wait_for_function(
        "([sel, before]) => { const e = document.querySelector(sel); return e && e.innerText !== before; }",
        arg=[selector, before], timeout=timeout)
    return _text(page, selector)


def _screenshot(page, selector, name):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.locator(selector).first.screenshot(path=str(ARTIFACTS / name))


def test_misreadings_quiz_answers_with_the_engine_in_jupyterlab(jupyter_lab, page):
    open_notebook(page, jupyter_lab, "notebooks/11_common_misreadings.ipynb")
    run_all_cells(page)
    assert not cell_errors(page)
    page.wait_for_selector(".ttr-quiz .ttr-quiz-item", state="visible")
    assert page.locator(".ttr-quiz .ttr-quiz-item").count() == 9
    first = ".ttr-quiz .ttr-quiz-item >> nth=0"
    verdict = ".ttr-quiz .ttr-quiz-verdict"
    before = page.locator(verdict).first.inner_text()
    page.locator(f"{first} >> .ttr-quiz-answer button >> text=False").click()
    after = _wait_change(page, verdict, before)
    assert "Not quite" in after and "The engine" in after and "Ann → Bo → Cy → Dee" in after
    _screenshot(page, ".ttr-quiz .ttr-quiz-item >> nth=0", "lessons_11_quiz.png")


def test_edition_explorer_switches_maps_in_jupyterlab(jupyter_lab, page):
    open_notebook(page, jupyter_lab, "notebooks/10_usa_vs_europe.ipynb")
    run_all_cells(page)
    assert not cell_errors(page)
    sentence = ".ttr-edition-explorer .ttr-edition-sentence"
    before = _text(page, sentence)
    assert "usa: 10 routes of length 5" in before
    page.locator(".ttr-edition-explorer .widget-toggle-buttons button >> text=europe").click()
    after = _wait_change(page, sentence, before)
    assert "europe: no routes of length 5" in after
    page.wait_for_function("() => document.querySelector('.ttr-edition-explorer .ttr-edition-board')"
                           ".textContent.includes('Ticket to Ride Europe')", timeout=30_000)
    _screenshot(page, ".ttr-edition-explorer", "lessons_10_explorer.png")
