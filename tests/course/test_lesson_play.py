"""Lesson 12 (notebooks/12_play.ipynb) reads as prose in Voila: its "from code" sections show
paragraphs and a numbered list, never printed text or Python values."""
from __future__ import annotations

from pathlib import Path

import nbformat
from nbclient import NotebookClient

from ttr_teach.course.lessons import play as lesson
from ttr_teach.engine.game import Game
from ttr_teach.views.widgets import PlayModel

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "12_play.ipynb"


def test_the_play_notebook_shows_no_printed_text_and_no_python_values():
    nb = nbformat.read(NOTEBOOK, as_version=4)
    NotebookClient(nb, timeout=300, resources={"metadata": {"path": str(NOTEBOOK.parent)}}).execute()
    shown = []
    for k, cell in enumerate(nb.cells):
        for out in cell.get("outputs", []):
            assert out.output_type != "stream", f"cell {k} prints: {out.text[:200]!r}"
            assert out.output_type != "error", f"cell {k}: {out.ename}: {out.evalue}"
            data = out.get("data", {})
            assert "text/html" in data or "application/vnd.jupyter.widget-view+json" in data, (k, data)
            shown.append(data.get("text/html", ""))
    prose = "".join(shown)
    assert "Ways to pay: 2 blue (the cheapest) or 1 blue + 1 locomotive." in prose
    assert "The cards turned over: blue, locomotive and green; the tunnel asks for 2 extra cards." in prose
    assert '<ol class="ttr-scoring-walk">' in prose and "<b>The winner</b>" in prose
    assert "['" not in prose and "']" not in prose                              # no Python list


def test_the_scoring_walk_lists_every_step_with_its_sentences():
    model = PlayModel.of_game(Game.new("usa", ["Ann", "Bo"], seed=2), ["random", "random"])
    model.run_bots()
    html = lesson.scoring_walk_html(model.steps)
    assert html.count("<li>") == len(model.steps)
    assert all(f"<b>{s.title.replace(chr(39), '&#x27;')}</b>" in html for s in model.steps)
