"""A puzzle notebook in a real JupyterLab: answer, check, hint, solution, progress.

Opens ``puzzles/introductory.ipynb``, runs it, answers the first puzzle (Ann's route points,
13) wrongly then rightly, asks for the hint and the solution, and checks that the progress
bars count the solved puzzle. A screenshot of the answered puzzle goes to ``tests/artifacts/``.
"""
from .conftest import ARTIFACTS
from .lab import cell_errors, keep_file_clean, open_in_lab, run_all_cells, wait_text


def _choose(puzzle, text):
    """Click the option ``text`` (a radio button: long options wrap, never cut) and wait until it is chosen."""
    from playwright.sync_api import expect

    option = puzzle.locator(".widget-radio-box label", has_text=text).first
    option.click()
    expect(option.locator("input")).to_be_checked(timeout=30_000)


def test_first_introductory_puzzle_checks_hints_solves_and_counts(lab_page):
    page = open_in_lab(lab_page, "puzzles/introductory.ipynb")
    run_all_cells(page)
    keep_file_clean(page)
    assert not cell_errors(page)
    puzzle = page.locator(".ttr-exercise").first
    puzzle.scroll_into_view_if_needed()
    box = puzzle.locator("input[type='text']").first
    feedback = puzzle.locator(".ttr-exercise-feedback")

    box.fill("12")
    puzzle.locator("button", has_text="Check").click()
    said = wait_text(page, feedback, "Not quite")
    assert "12 is too low" in said and "13" not in said and "1 points" not in said     # a nudge, never the key

    box.fill("13")
    puzzle.locator("button", has_text="Check").click()
    assert "Right: 13" in wait_text(page, feedback, "Right")
    progress = page.locator(".widget-label", has_text="solved").first
    assert wait_text(page, progress, "1 of").startswith("1 of 20 solved")

    puzzle.locator("button", has_text="Hint").click()
    assert "scoring table" in wait_text(page, puzzle.locator(".ttr-exercise-hints"), "Hint")

    puzzle.locator("button", has_text="Show solution").click()
    # the board with what counts highlighted (an image whose alt text is the board's words)
    page.wait_for_function("el => el.querySelector('.jp-RenderedSVG, svg, .ttr-picture img') !== null",
                           arg=puzzle.element_handle(), timeout=30_000)
    assert "13 points" in puzzle.inner_text()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    puzzle.screenshot(path=str(ARTIFACTS / "puzzles_introductory_first.png"))
    keep_file_clean(page)


def test_winner_puzzle_takes_a_two_part_answer_in_jupyterlab(lab_page):
    # expert-eu-winner-1: Ann wins on the fewest stations built (tied on points and tickets)
    page = open_in_lab(lab_page, "puzzles/expert.ipynb")
    run_all_cells(page)
    keep_file_clean(page)
    assert not cell_errors(page)
    puzzle = page.locator(".ttr-exercise", has_text="Bo's station in Wien completes").first
    puzzle.scroll_into_view_if_needed()
    feedback = puzzle.locator(".ttr-exercise-feedback")

    _choose(puzzle, "Ann")
    _choose(puzzle, "most completed tickets")
    puzzle.locator("button", has_text="Check").click()
    said = wait_text(page, feedback, "✘")
    assert "Winner: right: Ann" in said and "decided by: not quite" in said

    _choose(puzzle, "fewest stations built")
    puzzle.locator("button", has_text="Check").click()
    assert "decided by: right: fewest stations built" in wait_text(page, feedback, "✔")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    puzzle.screenshot(path=str(ARTIFACTS / "puzzles_expert_winner.png"))
    keep_file_clean(page)
