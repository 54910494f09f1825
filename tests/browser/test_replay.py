"""The replay board in a real JupyterLab: run lesson 06, then step through a game.

The first replay of notebooks/graphs/06_write_a_bot.ipynb is driven like a person would: the
Next button with the mouse, then with the keyboard, then the last step typed in the "go to
step" box; each move must redraw the caption, the board and the score plot's marker. A
screenshot is kept in tests/artifacts/.
"""
from __future__ import annotations

import re

from .conftest import ARTIFACTS
from .lab import cell_errors, keep_file_clean, open_in_lab, run_all_cells

REPLAY = ".ttr-replay >> nth=0"




def _state(page) -> dict:
    """The first replay's caption, the step its score plot marks, and its board's size."""
    return page.evaluate("""() => {
        const r = document.querySelector('.ttr-replay');
        const caption = r.querySelector('.ttr-replay-caption');
        const marker = r.querySelector('.ttr-replay-scores .ttr-replay-step');
        const board = r.querySelector('.ttr-replay-board svg');
        return {caption: caption ? caption.textContent : '', step: marker ? marker.dataset.step : null,
                board: board ? board.outerHTML.length : 0};
    }""")


def _wait_step(page, step: str, timeout=60_000) -> dict:
    """The first replay's state once its score plot and caption both show ``step``."""
    page.wait_for_function(
        """(step) => { const r = document.querySelector('.ttr-replay');
                       const m = r.querySelector('.ttr-replay-scores .ttr-replay-step');
                       const caption = r.querySelector('.ttr-replay-caption').textContent;
                       return m && m.dataset.step === step && caption.startsWith('step ' + step + ' of'); }""",
        arg=step, timeout=timeout)
    return _state(page)


def _wait_step_change(page, before: str, timeout=60_000):
    page.wait_for_function(
        """(before) => { const m = document.querySelector('.ttr-replay .ttr-replay-scores .ttr-replay-step');
                         return m && m.dataset.step !== before; }""", arg=before, timeout=timeout)
    return _state(page)


def test_replay_widget_follows_its_stepper_by_mouse_and_keyboard_in_jupyterlab(lab_page):
    page = open_in_lab(lab_page, "notebooks/graphs/06_write_a_bot.ipynb")
    run_all_cells(page, timeout=400)
    keep_file_clean(page)
    assert not cell_errors(page)
    replay = page.locator(REPLAY)
    replay.scroll_into_view_if_needed()
    page.wait_for_function("() => { const m = document.querySelector('.ttr-replay .ttr-replay-step');"
                           " return m && m.dataset.step === '0'; }", timeout=60_000)
    start = _state(page)
    assert start["caption"].startswith("The deal: each player") and start["board"] > 10_000

    # one step on with the button
    page.locator(".ttr-replay .ttr-stepper-next").first.click()
    after_button = _wait_step_change(page, "0")
    assert after_button["step"] == "1" and after_button["caption"].startswith("step 1 of")

    # the Next button, pressed with the keyboard
    page.locator(".ttr-replay .ttr-stepper-next").first.focus()
    for _ in range(4):
        page.keyboard.press("Enter")
    # every press handled before the next move: a late one would reset the "go to step" box
    after_keys = _wait_step(page, "5")
    assert re.match(r"step 5 of \d+", after_keys["caption"])

    # and the last step typed in the "go to step" box: the game over
    total = int(re.search(r"of (\d+)", after_keys["caption"]).group(1))
    jump = page.locator(".ttr-replay .ttr-stepper-jump input").first
    jump.fill(str(total))
    jump.press("Enter")
    # the caption and the score plot's marker are redrawn one after the other: wait for both
    page.wait_for_function("""(total) => {
        const r = document.querySelector('.ttr-replay');
        const marker = r.querySelector('.ttr-replay-scores .ttr-replay-step');
        return r.querySelector('.ttr-replay-caption').textContent.includes('Game over')
            && marker && marker.dataset.step === String(total); }""", arg=total, timeout=60_000)
    last = _state(page)
    assert last["step"] == str(total)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    replay.screenshot(path=str(ARTIFACTS / "replay_widget.png"))
    keep_file_clean(page)
