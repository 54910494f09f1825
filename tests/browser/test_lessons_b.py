"""The rules lessons 06-11 in a real JupyterLab: run a notebook, use its widget, see it answer.

Each test opens a lesson, runs every cell, interacts with a widget (clicks a button, ticks a
box, picks from a list) and checks that the widget's output changes to the engine's answer.
A screenshot of the widget is kept in ``tests/artifacts/``.
"""
from .conftest import ARTIFACTS
from .lab import cell_errors, open_in_lab, run_all_cells


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


def _wait_for(page, selector, needle, timeout=30_000) -> str:
    """The text of ``selector`` once it contains ``needle`` (a widget may update its parts one
    after the other: waiting for "a change" could catch an earlier one)."""
    page.wait_for_function(
        "([sel, needle]) => { const e = document.querySelector(sel); return e && e.innerText.includes(needle); }",
        arg=[selector, needle], timeout=timeout)
    return _text(page, selector)


def _screenshot(page, selector, name):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.locator(selector).first.screenshot(path=str(ARTIFACTS / name))


def test_misreadings_quiz_answers_with_the_engine_in_jupyterlab(lab_page):
    page = open_in_lab(lab_page, "notebooks/11_common_misreadings.ipynb")
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


def test_edition_explorer_switches_maps_in_jupyterlab(lab_page):
    page = open_in_lab(lab_page, "notebooks/10_usa_vs_europe.ipynb")
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


def test_station_explorer_shows_each_choice_in_jupyterlab(lab_page):
    page = open_in_lab(lab_page, "notebooks/07_stations.ipynb")
    run_all_cells(page)
    assert not cell_errors(page)
    explorer = ".ttr-station-explorer"
    why = f"{explorer} .ttr-station-why"
    first = _text(page, why)
    assert "scorer's choice" in first and "Wien–Zagrab" in first
    board_before = page.locator(f"{explorer} .ttr-board").first.inner_html()
    page.locator(f"{explorer} .ttr-station-choice select").first.select_option(index=3)
    after = _wait_change(page, why, first)
    assert "Not chosen" in after and "Venezia" in after
    page.wait_for_function(
        "([sel, before]) => document.querySelector(sel).innerHTML !== before",
        arg=[f"{explorer} .ttr-board", board_before], timeout=30_000)
    assert "choice 4" in page.locator(f"{explorer} .ttr-board").first.inner_text()
    _screenshot(page, explorer, "lessons_07_station_explorer.png")


def test_ticket_choice_refuses_one_and_keeps_two_in_jupyterlab(lab_page):
    page = open_in_lab(lab_page, "notebooks/06_destination_tickets.ipynb")
    run_all_cells(page)
    assert not cell_errors(page)
    widget = ".ttr-tickets >> nth=0"
    message = ".ttr-tickets .ttr-tickets-message"
    summary = ".ttr-tickets .ttr-tickets-summary"
    page.locator(f"{widget} >> .ttr-ticket-box input >> nth=2").check()
    _wait_for(page, summary, "1 ticket selected")
    page.locator(f"{widget} >> .ttr-tickets-keep").click()
    _wait_for(page, message, "keep at least 2")
    page.locator(f"{widget} >> .ttr-ticket-box input >> nth=3").check()
    _wait_for(page, summary, "2 tickets selected")
    page.locator(f"{widget} >> .ttr-tickets-keep").click()
    kept = _wait_for(page, message, "You keep")
    assert "back to the box" in kept
    _screenshot(page, ".ttr-tickets", "lessons_06_ticket_choice.png")
