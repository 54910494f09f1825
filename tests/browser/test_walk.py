"""Every notebook of the course, walked in JupyterLab on a laptop and on a desktop screen.

Each English notebook under ``notebooks/`` and ``puzzles/`` (found by glob, so a new one is walked
too), and a sample of each translation (all of them with ``make test-languages``; Persian
checked to read right to left) is opened at 1366x768, run from top to bottom, then looked at as
run, at 1366x768 and again at 1920x1080 (the same page resized, so the cells run once): no output
may be wider than the room it has (nothing cut, no sideways scrolling inside an output), the
notebook may not scroll sideways, no cell may show an error, no request may leave the machine
(the ``lab_offline_page`` guard), and axe-core (:mod:`tests.browser.axe`) may find no serious or
critical violation in what the course puts on the page at 1366x768 (the rendered lessons and
every output: boards, widgets, tables, charts; JupyterLab's own frame is left out).

The notebooks are opened one after the other in one JupyterLab page per test worker, as a
student going through the course would, each closed (its kernel shut down) before the next;
after a failure the next notebook gets a freshly loaded JupyterLab. On a failure, screenshots
of the page and of the cut cells go to ``tests/artifacts/walk/`` (axe's findings to
``tests/artifacts/axe-lab/``); ``TTR_WALK_SHOTS=1`` keeps them for every notebook, with one of
each cell that shows a board, to look at.
"""
from __future__ import annotations

import os

import pytest

from .axe import COURSE_CONTENT, inaccessible
from .harness import ARTIFACTS
from .lab import keep_file_clean, open_in_lab, run_all_cells
from .sandbox_page import no_autosave
from .walk import (
    LANGUAGE_SAMPLE,
    LANGUAGES,
    SCREENS,
    board_cells,
    course_notebooks,
    cut_outputs,
    error_outputs,
    notebook_scrolls_sideways,
    reading_direction,
    settle,
    shoot_cells,
    shot,
    translated,
)

#: the languages written right to left: their lessons must read so in the browser
RIGHT_TO_LEFT = ("fa",)

SHOTS = ARTIFACTS / "walk"

#: Notebooks known to fail the walk for a reason another part of issue 14 fixes, with that
#: reason. Strict: once a notebook walks cleanly its entry must go (the test reports XPASS).
ELSEWHERE: dict = {}


def _walked(notebook: str):
    reason = ELSEWHERE.get(notebook)
    return pytest.param(notebook, marks=pytest.mark.xfail(reason=reason, strict=True)) if reason else notebook


def walked_notebooks() -> list:
    """The English notebooks, and in each other language a sample (``LANGUAGE_SAMPLE``) or,
    with ``TTR_WALK_LANGUAGES=all`` (``make test-languages``), every translated notebook."""
    walked = course_notebooks()
    for lang in LANGUAGES:
        if os.environ.get("TTR_WALK_LANGUAGES") == "all":
            walked += course_notebooks(lang)
        else:
            walked += [translated(n, lang) for n in LANGUAGE_SAMPLE]
    return walked




def _shut_down_kernel(page):
    page.evaluate("async () => { const s = window.jupyterapp.shell.currentWidget.sessionContext;"
                  " if (s && s.session) await s.shutdown(); }")


@pytest.mark.parametrize("notebook", [_walked(n) for n in walked_notebooks()])
def test_notebook_fits_the_screen_and_runs_cleanly_offline(notebook, lab_offline_page, axe):
    page, guard = lab_offline_page
    stem = notebook.replace("/", "_").removesuffix(".ipynb")
    keep_shots = os.environ.get("TTR_WALK_SHOTS") == "1"
    page.set_viewport_size({"width": SCREENS[0][0], "height": SCREENS[0][1]})
    open_in_lab(page, notebook)
    no_autosave(page)
    problems = []
    try:
        run_all_cells(page, timeout=600)
        keep_file_clean(page)
        problems += [f"error output in {e}" for e in error_outputs(page)]
        if notebook.split("/")[1] in RIGHT_TO_LEFT:
            direction = reading_direction(page)
            if not direction["rtl"]:
                problems.append("no markdown cell reads right to left")
            problems += [f"markdown cell {i} is marked right to left but does not read so" for i in direction["wrong"]]
        problems += [f"markdown cell {i} is wider than the notebook" for i in reading_direction(page)["cut"]]
        for width, height in SCREENS:
            page.set_viewport_size({"width": width, "height": height})
            settle(page)
            cut = cut_outputs(page)
            sideways = notebook_scrolls_sideways(page)
            where = f"at {width}x{height}"
            problems += [f"{where}: cell {c['cell']} {c['element']}: {c['why']}" for c in cut]
            if sideways:
                problems.append(f"{where}: the notebook scrolls {sideways} px sideways")
            if (width, height) == SCREENS[0]:
                found = inaccessible(page, notebook, ARTIFACTS / "axe-lab", context=COURSE_CONTENT)
                problems += [f"{where}: axe-core: {line}" for line in found.splitlines()]
            if cut or sideways or keep_shots:
                shot(page, SHOTS, f"{stem}-{width}x{height}.png")
                boards = board_cells(page) if keep_shots else []
                shoot_cells(page, SHOTS, f"{stem}-{width}x{height}", [c["cell"] for c in cut] + boards)
        problems += [f"a request would leave the machine: {r}" for r in guard.outside]
    finally:
        keep_file_clean(page)
        _shut_down_kernel(page)
    if problems:
        SHOTS.mkdir(parents=True, exist_ok=True)
        (SHOTS / f"{stem}.txt").write_text("\n".join(problems) + "\n", encoding="utf-8")
    assert not problems, f"{notebook}:\n" + "\n".join(problems)
