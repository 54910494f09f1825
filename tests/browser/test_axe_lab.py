"""axe-core on the course's notebooks as JupyterLab shows them, run to the end: no serious or
critical violation in what the course puts on the page (the rendered lessons and every output:
boards, widgets, tables, charts). JupyterLab's own frame (menus, toolbars, the cells' prompts)
is JupyterLab's to answer for and is left out of the scan.

The notebooks are the ones with the most widgets (the play and sandbox widgets, the tunnel
chart, the station builder, the exercises, a puzzle, the graph lessons' frame players) and one
in Persian, right to left.
"""
from __future__ import annotations

import pytest

from .axe import assert_accessible, settle
from .harness import ARTIFACTS, REPO
from .lab import cell_errors, keep_file_clean, open_in_lab, run_all_cells

#: What the course puts on the page in JupyterLab: rendered markdown and cell outputs.
COURSE_CONTENT = {"include": [[".jp-MarkdownOutput"], [".jp-OutputArea-output"]]}

SCANNED = ["notebooks/05_tunnels.ipynb", "notebooks/07_stations.ipynb", "notebooks/12_play.ipynb",
           "notebooks/sandbox.ipynb", "notebooks/graphs/03_shortest_paths.ipynb",
           "notebooks/graphs/06_write_a_bot.ipynb", "notebooks/fa/05_tunnels.ipynb",
           "puzzles/introductory.ipynb"]


def _existing(paths: list) -> list:
    found = [p for p in paths if (REPO / p).exists()]
    missing = sorted(set(paths) - set(found))
    assert not missing, f"the scanned notebooks moved: {missing}"
    return found


@pytest.mark.parametrize("notebook", _existing(SCANNED))
def test_no_serious_accessibility_violation_in_jupyterlab(notebook, axe, lab_page):
    page = open_in_lab(lab_page, notebook)
    page.set_viewport_size({"width": 1366, "height": 768})
    run_all_cells(page, timeout=400)
    keep_file_clean(page)
    assert not cell_errors(page), cell_errors(page)
    settle(page)
    assert_accessible(page, notebook, ARTIFACTS / "axe-lab", context=COURSE_CONTENT)
