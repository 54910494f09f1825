"""The course as a learner meets it in a real JupyterLab: after "Run All" every progress reads
0 solved and no check cell shows its code; a wrong answer hears a nudge, never the key; a hint
comes one step at a time, the solution only after a try; the union-find animation draws the
parent pointers. Screenshots go to ``tests/artifacts/`` (``course_*.png``) for a person to look at.
"""
from .conftest import ARTIFACTS
from .lab import cell_errors, keep_file_clean, open_in_lab, run_all_cells, wait_text


def _check_cells(page) -> list:
    """``[(hidden in the page, source)]`` of every cell tagged ``check``."""
    return page.evaluate(
        """() => window.jupyterapp.shell.currentWidget.content.widgets
               .filter(c => (c.model.getMetadata('tags') || []).includes('check'))
               .map(c => [c.inputHidden, c.model.sharedModel.getSource()])""")


def test_run_all_counts_nothing_and_a_wrong_answer_hears_no_key(lab_page):
    page = open_in_lab(lab_page, "notebooks/01_train_cards.ipynb")
    run_all_cells(page)
    keep_file_clean(page)
    assert not cell_errors(page)
    checks = _check_cells(page)
    assert checks and all(hidden for hidden, _ in checks), [s for h, s in checks if not h]
    progress = page.locator(".ttr-progress-label").last
    assert wait_text(page, progress, "solved") == "0 of 4 solved"

    blind = page.locator(".ttr-exercise", has_text="top card of the deck is a locomotive").first
    blind.scroll_into_view_if_needed()
    feedback = blind.locator(".ttr-exercise-feedback")
    blind.locator("button", has_text="Show solution").click()
    assert "Try an answer first" in wait_text(page, blind, "Try an answer first")
    blind.locator("input[type='text']").first.fill("0,2")
    blind.locator("button", has_text="Check").click()
    said = wait_text(page, feedback, "Not quite")
    for key in ("7/55", "14/110", "0.127", "0,127", "12.7", "14"):
        assert key not in said, said
    blind.locator("button", has_text="Hint").click()
    hints = blind.locator(".ttr-exercise-hints")
    assert "How many locomotives" in wait_text(page, hints, "Hints") and "Out of how many" not in hints.inner_text()
    blind.locator("button", has_text="Next hint").click()
    assert "Out of how many" in wait_text(page, hints, "Out of how many")
    blind.locator("input[type='text']").first.fill("12,7%")
    blind.locator("button", has_text="Check").click()
    assert wait_text(page, feedback, "Right").startswith("✔")
    assert wait_text(page, progress, "1 of") == "1 of 4 solved"
    blind.locator("button", has_text="Show solution").click()
    assert "14 locomotives out of 110 cards" in wait_text(page, blind, "14 locomotives out of 110 cards")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    blind.screenshot(path=str(ARTIFACTS / "course_01_blind_exercise.png"))
    keep_file_clean(page)


def test_union_find_animation_draws_parent_pointers_and_path_compression(lab_page):
    page = open_in_lab(lab_page, "notebooks/graphs/02_connectivity_and_tickets.ipynb")
    run_all_cells(page)
    keep_file_clean(page)
    assert not cell_errors(page)
    player = page.locator(".ttr-frame-player").first
    player.scroll_into_view_if_needed()
    steps = int(wait_text(page, player.locator(".ttr-stepper-label").first, "of").split(" of ")[1])
    player.locator(".ttr-stepper-next").first.focus()
    for _ in range(steps - 1):                 # to the last step by keyboard: one more find, path compression
        page.keyboard.press("Enter")
    caption = player.locator(".ttr-frame-caption").first
    assert "path compression: Pamplona now points straight at Frankfurt" in wait_text(
        page, caption, "path compression")
    forest = player.locator("svg.ttr-forest")
    assert forest.count() == 1 and forest.locator("line").count() == 10
    assert "Parent pointers" in player.inner_text()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    player.screenshot(path=str(ARTIFACTS / "course_graphs02_union_find.png"))
    keep_file_clean(page)
