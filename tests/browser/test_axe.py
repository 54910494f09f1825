"""axe-core finds nothing serious or critical in any notebook served by Voila.

Each English notebook under ``notebooks/`` (found by glob, so a new lesson is scanned too) and
a sample of each translation (:data:`TRANSLATED_SAMPLE`; all of them with
``TTR_WALK_LANGUAGES=all``) is opened
in Voila at 1366x768; once its widgets have drawn, axe-core (from npm, see
:mod:`tests.browser.axe`) scans the page: a picture without alternative text, a control without
a name, text without enough contrast, a scrolling box the keyboard cannot reach, ... fails the
test with the elements and why. The list of violations goes to ``tests/artifacts/axe/``.
The same page must show no widget Voila cannot draw ("Error displaying widget": a progress bar
closed when its work was done left one in 05_tunnels).
"""
from __future__ import annotations

import os

import pytest

from .axe import inaccessible, settle
from .harness import ARTIFACTS, REPO
from .walk import LANGUAGE_SAMPLE, LANGUAGES, translated

#: Notebooks known not to be clean yet, with the reason. Strict: once one is clean its entry
#: must go (the test reports XPASS).
NOT_YET: dict = {}

#: The translated notebooks scanned in Voila: a lesson with widgets, a board and exercises in
#: each language (a translation changes the words, never the controls; the browser walk scans
#: its own sample of each language in JupyterLab), and Persian, right to left, the walk's whole
#: sample.
TRANSLATED_SAMPLE = {lang: ("notebooks/05_tunnels.ipynb",) for lang in LANGUAGES} | {"fa": LANGUAGE_SAMPLE}

def served_notebooks() -> list:
    """The notebooks Voila serves (relative to ``notebooks/``): every English one, and
    :data:`TRANSLATED_SAMPLE` in each language, or all of them with ``TTR_WALK_LANGUAGES=all``."""
    root = REPO / "notebooks"
    english = [p.relative_to(root).as_posix() for p in sorted(root.glob("**/*.ipynb"))
               if ".ipynb_checkpoints" not in p.parts and p.relative_to(root).parts[0] not in LANGUAGES]
    found = list(english)
    for lang in LANGUAGES:
        if os.environ.get("TTR_WALK_LANGUAGES") == "all":
            found += [f"{lang}/{n}" for n in english if (root / lang / n).exists()]
        else:
            found += [translated(n, lang).removeprefix("notebooks/") for n in TRANSLATED_SAMPLE[lang]]
    return found


def _scanned(notebook: str):
    reason = NOT_YET.get(notebook)
    if reason:
        return pytest.param(notebook, marks=pytest.mark.xfail(reason=reason, strict=True))
    return notebook


@pytest.mark.parametrize("notebook", [_scanned(n) for n in served_notebooks()])
def test_no_serious_accessibility_violation_in_voila(notebook, axe, voila_server, page):
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{voila_server.base}/voila/render/{notebook}?token={voila_server.token}", timeout=240_000)
    page.wait_for_selector(".jp-Cell", state="attached")
    settle(page)
    found = inaccessible(page, notebook, ARTIFACTS / "axe")
    assert not found, f"{notebook}:\n{found}"
    broken = page.locator("text=Error displaying widget").count()
    assert not broken, f"{notebook}: {broken} widget(s) Voila cannot display"
