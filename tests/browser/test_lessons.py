"""The rules lessons' widgets work in a real JupyterLab: click a button, the engine answers.

Each test opens a lesson, runs every cell, clicks a widget button and checks that the widget's
output changes. A screenshot of the widget after the click is kept in ``tests/artifacts/``.
"""
from .conftest import ARTIFACTS
from .lab import cell_errors, keep_file_clean, open_in_lab, run_all_cells


def _text(page, selector) -> str:
    """The text of the first element matching ``selector``, once it is shown and filled in
    (JupyterLab renders the outputs of cells scrolled out of view lazily)."""
    element = page.locator(selector).first
    element.scroll_into_view_if_needed()
    page.wait_for_function("sel => { const e = document.querySelector(sel); return e && e.innerText.trim(); }",
                           arg=selector, timeout=30_000)
    return element.inner_text()


def _click_and_wait_for_change(page, button, watched, timeout=30_000) -> str:
    before = _text(page, watched)
    page.locator(button).first.scroll_into_view_if_needed()
    page.locator(button).first.click()
    page.wait_for_function(
        "([sel, before]) => { const e = document.querySelector(sel); return e && e.innerText !== before; }",
        arg=[watched, before], timeout=timeout)
    return _text(page, watched)


def _screenshot(page, selector, name):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.locator(selector).first.screenshot(path=str(ARTIFACTS / name))


def test_train_cards_market_draws_and_refuses_in_jupyterlab(lab_page):
    page = open_in_lab(lab_page, "notebooks/01_train_cards.ipynb")
    run_all_cells(page)
    keep_file_clean(page)
    assert not cell_errors(page)
    page.wait_for_selector(".ttr-market .ttr-market-deck", state="visible")
    assert page.locator(".ttr-market .ttr-market-card").count() == 5
    after = _click_and_wait_for_change(page, ".ttr-market .ttr-market-deck", ".ttr-market .ttr-market-message")
    assert "You drew a locomotive blind" in after
    # the face-up locomotive (place 2) as second card: the engine refuses and says why
    refused = _click_and_wait_for_change(page, ".ttr-market .ttr-market-card >> nth=1",
                                         ".ttr-market .ttr-market-message")
    assert "cannot be your second card" in refused
    _screenshot(page, ".ttr-market", "lessons_01_market.png")
    keep_file_clean(page)


def test_tunnel_claim_reveals_three_cards_in_jupyterlab(lab_page):
    page = open_in_lab(lab_page, "notebooks/05_tunnels.ipynb")
    run_all_cells(page)
    keep_file_clean(page)
    assert not cell_errors(page)
    page.wait_for_selector(".ttr-tunnel .ttr-tunnel-claim", state="visible")
    assert "not yet" in _text(page, ".ttr-tunnel .ttr-tunnel-revealed")
    after = _click_and_wait_for_change(page, ".ttr-tunnel .ttr-tunnel-claim", ".ttr-tunnel .ttr-tunnel-revealed")
    assert "not yet" not in after
    assert page.locator(".ttr-tunnel .ttr-tunnel-revealed .ttr-card").count() == 3
    assert "extra card" in _text(page, ".ttr-tunnel .ttr-tunnel-message")
    _screenshot(page, ".ttr-tunnel", "lessons_05_tunnel.png")
    keep_file_clean(page)
