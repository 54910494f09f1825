"""An edition in the class's language (``ttr-teach course student --lang sv OUT``): the notebooks
of that language where the English ones would be, without check or solution cells, every link
resolving inside the edition, a notebook running from the edition's folder; the README,
handouts, answer keys and nbgrader assignments in that language; the default is the language
the package speaks; an unknown language, or one whose notebooks are missing, is refused before
anything is written."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

import ttr_teach
from ttr_teach.cli import main
from ttr_teach.course import editions
from ttr_teach.course.edition_language import source_of
from ttr_teach.engine.errors import FileError

from ..helpers import REPO

HIDDEN = {"check", "solution"}


def tags(cell) -> set:
    return set(cell.metadata.get("tags", ()))


def words(cell) -> str:
    """A markdown cell's text without its links' targets (an edition points them from elsewhere)."""
    return re.sub(r"\[([^\]]*)\]\([^)\s]+\)", r"\1", cell.source)


@pytest.fixture(scope="module")
def swedish(tmp_path_factory):
    out = tmp_path_factory.mktemp("sv") / "student"
    assert main(["course", "student", "--lang", "sv", str(out)]) == 0
    return out


def links(edition: Path):
    """``(notebook, target)`` for every relative link of the edition's notebooks."""
    for path in sorted(edition.rglob("*.ipynb")):
        for cell in nbformat.read(path, as_version=4).cells:
            if cell.cell_type == "markdown":
                for target in re.findall(r"\]\(([^)\s]+)\)", cell.source) + re.findall(r'href="([^"]+)"',
                                                                                      cell.source):
                    if not re.match(r"^[a-z]+:|^#", target):
                        yield path, target.partition("#")[0]


def test_a_swedish_student_edition_holds_the_swedish_notebooks_without_check_or_solution_cells(swedish):
    places = sorted(p.relative_to(swedish).as_posix() for p in swedish.rglob("*.ipynb"))
    assert places == sorted(n for n in editions.course_notebooks() if n not in editions.TEACHER_ONLY)
    for place in places:
        nb = nbformat.read(swedish / place, as_version=4)
        source = nbformat.read(REPO / source_of(place, "sv"), as_version=4)
        kept = [c for c in source.cells if not tags(c) & (HIDDEN | {"languages"})]
        assert [words(c) for c in nb.cells if c.cell_type == "markdown"] == \
            [words(c) for c in kept if c.cell_type == "markdown"], place        # the same text, links aside
        assert not any(tags(c) & HIDDEN for c in nb.cells), place
        assert any(c.source.endswith('use_language("sv")') for c in nb.cells if c.cell_type == "code"), place
        assert all(c.source.startswith('<div lang="sv">') for c in nb.cells if c.cell_type == "markdown"), place
        assert all(c.outputs == [] for c in nb.cells if c.cell_type == "code"), place


def test_every_link_of_the_swedish_edition_resolves_inside_it(swedish):
    found = list(links(swedish))
    assert len(found) > 40
    for path, target in found:
        resolved = (path.parent / target).resolve()
        assert resolved.is_relative_to(swedish.resolve()) and resolved.exists(), (path, target)
    start = nbformat.read(swedish / "notebooks" / "00_start_here.ipynb", as_version=4)
    said = "\n".join(c.source for c in start.cells)
    assert "](../puzzles/introductory.ipynb)" in said and "](01_train_cards.ipynb)" in said
    assert "English</a>" not in said                   # no bar of links to the other languages


def test_the_swedish_editions_readme_and_handouts_are_swedish(swedish):
    assert (swedish / "README.md").read_text(encoding="utf-8").startswith("# Ticket to Ride: kursen (elevupplagan)")
    assert (swedish / "docs" / "glossary.md").read_text(encoding="utf-8").startswith("# Ordlista")
    assert '<html lang="sv">' in (swedish / "docs" / "glossary.html").read_text(encoding="utf-8")
    assert json.loads((swedish / editions.MANIFEST).read_text())["language"] == "sv"


def test_a_swedish_student_notebook_runs_under_nbval_from_inside_the_edition(swedish, tmp_path):
    notebook = "puzzles/introductory.ipynb"      # reads the puzzle files beside it, in the edition
    env = {**os.environ, "TTR_TEACH_PROGRESS": str(tmp_path / "progress.json"), "PYTHONPATH": str(REPO)}
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "--nbval-lax", "-p", "no:cacheprovider",
                          "-c", os.devnull, "--rootdir", str(swedish), notebook],
                         capture_output=True, text=True, env=env, cwd=swedish, timeout=900)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert re.search(r"\d+ passed", run.stdout)


def test_the_default_edition_follows_the_language_spoken_and_persian_reads_right_to_left(tmp_path, monkeypatch):
    monkeypatch.setenv("TTR_TEACH_LANG", "fa")
    out = tmp_path / "fa"
    assert main(["course", "student", str(out)]) == 0
    assert json.loads((out / editions.MANIFEST).read_text())["language"] == "fa"
    nb = nbformat.read(out / "notebooks" / "01_train_cards.ipynb", as_version=4)
    markdown = [c.source for c in nb.cells if c.cell_type == "markdown"]
    assert markdown and all(s.startswith('<div lang="fa" dir="rtl">') for s in markdown)
    assert (out / "README.md").read_text(encoding="utf-8").startswith("# تیکت تو راید")
    assert '<html lang="fa" dir="rtl">' in (out / "docs" / "rules_summary.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("command", ["student", "teacher", "nbgrader"])
def test_an_unknown_language_is_refused_naming_the_languages_and_nothing_is_written(command, tmp_path, capsys):
    out = tmp_path / "out"
    assert main(["course", command, "--lang", "klingon", str(out)]) == 2
    assert "there is no language 'klingon': give one of en, vi, fa, sv, it" in capsys.readouterr().err
    assert not out.exists()


def test_a_language_whose_notebooks_are_missing_is_refused_before_anything_is_written(tmp_path):
    root = tmp_path / "repo"
    for path in ("notebooks/00_start_here.ipynb", "notebooks/01_cards.ipynb", "notebooks/sv/00_start_here.ipynb"):
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(nbformat.v4.new_notebook(), root / path)
    out = tmp_path / "out"
    with pytest.raises(FileError, match=r"no edition in Svenska: 1 notebook of the course is not translated yet "
                                        r"\(notebooks/sv/01_cards.ipynb\); complete its catalog in "
                                        r"translations/sv/ and run make translations"):
        editions.build_student(out, root=root, lang="sv")
    assert not out.exists()


def test_a_swedish_nbgrader_assignment_asks_and_grades_in_swedish_whatever_the_package_speaks():
    from ttr_teach.course.assignments import assignment_notebook, grade

    nb = assignment_notebook("notebooks/graphs/04_planning_tickets", "sv")
    assert nb.cells[0].source.endswith('use_language("sv")')
    markdown = [c.source for c in nb.cells if c.cell_type == "markdown"]
    assert all(s.startswith('<div lang="sv">') for s in markdown) and "två separata nät" in "\n".join(markdown)
    calls = re.findall(r"### BEGIN HIDDEN TESTS\n(grade\(.*\))\n### END HIDDEN TESTS", "\n".join(c.source for c in
                                                                                            nb.cells))
    assert calls and all(call.endswith(", lang='sv')") for call in calls)
    ttr_teach.set_language("en")
    try:
        for call in calls:
            exercise, key = re.fullmatch(r"grade\('([^']+)', globals\(\)\.get\('\w+'\)(?:, key=(.+))?, "
                                         r"lang='sv'\)", call).groups()
            if key is not None:                      # its Swedish key, read back in Swedish, is right
                grade(exercise, eval(key), key=eval(key), lang="sv")    # noqa: S307 (our own repr of a string)
                with pytest.raises(AssertionError, match="inget svar ännu"):
                    grade(exercise, None, key=eval(key), lang="sv")     # noqa: S307
    finally:
        ttr_teach.set_language(None)


def test_a_teachers_puzzle_key_speaks_the_editions_language():
    from ttr_teach.course.answer_key import puzzle_entries
    from ttr_teach.course.puzzles.notebook import PuzzleBook
    from ttr_teach.engine.i18n import speaking

    english = puzzle_entries(PuzzleBook.load(level="introductory"))
    with speaking("sv"):
        swedish = puzzle_entries(PuzzleBook.load(level="introductory"))
    assert [e["id"] for e in swedish] == [e["id"] for e in english]
    assert all(s["title"] != e["title"] and s["prompt"] != e["prompt"] for s, e in zip(swedish, english, strict=True))
