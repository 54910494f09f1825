"""The student and teacher editions build, the student's notebooks run with no key in sight and
leave every progress at 0 solved after "Run All", and the teacher's key lists every exercise.

That the student's notebooks run is checked in two ways: for every notebook, no cell the
student keeps reads a name that only a removed cell (a check or a solution) defines, read from
the cells' code; and a sample of them (:data:`RUN_SAMPLE`, the ones with the most removed cells
of each kind of lesson) is run under nbval. The English notebooks themselves all run under
nbval in ``make test``."""
from __future__ import annotations

import ast
import builtins
import json
import os
import re

import nbformat
import pytest

from ttr_teach.cli import main
from ttr_teach.course import editions
from ttr_teach.course.lessons.questions import lesson_builders
from ttr_teach.course.printable import chromium, save_pdf
from ttr_teach.course.puzzles.notebook import PuzzleBook

from ..helpers import REPO

#: Code a notebook must never show a learner: keys, checks, solutions.
KEY_CODE = ("verify(", "assert_key(", "assert_correct(", "Exercise(", "example=", "solution=", "answer=")

#: Appended to each student notebook for the test: after "Run All", every exercise and progress
#: bar the kernel made must read 0 tries and 0 solved (an AssertionError fails the nbval run).
REPORT_CELL = """
import gc, json
from ttr_teach.course.exercises import Exercise, Progress

def _every(cls):
    found = []
    for o in gc.get_objects():
        try:
            if isinstance(o, cls):
                found.append(o)
        except ReferenceError:      # a weak proxy whose object is gone
            pass
    return found

_progress, _exercises = _every(Progress), _every(Exercise)
_report = {"progress": [p.summary() for p in _progress], "solved": sum(p.solved for p in _progress),
           "tries": sum(e.tries for e in _exercises), "exercises": len(_exercises)}
print(json.dumps(_report))
assert _report["solved"] == 0 and _report["tries"] == 0, _report
assert all(s.startswith("0 of ") for s in _report["progress"]), _report
"""


#: The student notebooks run under nbval: a rule lesson, a graph lesson and a puzzle book,
#: each of its kind the one with the most cells removed.
RUN_SAMPLE = ("notebooks/11_common_misreadings.ipynb", "notebooks/graphs/09_depth_first_search.ipynb",
              "puzzles/introductory.ipynb")


@pytest.fixture(scope="module")
def student(tmp_path_factory):
    out = tmp_path_factory.mktemp("student")
    assert main(["course", "student", str(out)]) == 0
    return out


@pytest.fixture(scope="module")
def teacher(tmp_path_factory):
    out = tmp_path_factory.mktemp("teacher")
    assert main(["course", "teacher", str(out)]) == 0
    return out


def shown_ids(nb) -> list:
    code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    return re.findall(r'exercises\["(\w+)"\]\s*$', code, re.M) + re.findall(r"book\.show\('([\w-]+)'\)", code)


def test_the_student_edition_has_every_notebook_but_no_check_cell_and_no_key(student):
    notebooks = sorted(p.relative_to(student).as_posix() for p in student.rglob("*.ipynb"))
    expected = [n for n in editions.course_notebooks() if n not in editions.TEACHER_ONLY]
    assert notebooks == sorted(expected)
    assert not (student / "answer_key").exists()
    assert all("student_copy: true" in p.read_text() for p in student.rglob("*.yaml"))   # puzzles without keys
    sets = {f"{name}.ipynb": build() for name, build in lesson_builders().items()}
    for rel in notebooks:
        nb = nbformat.read(student / rel, as_version=4)
        original = nbformat.read(REPO / rel, as_version=4)
        assert len(nb.cells) == sum(not set(c.metadata.get("tags", ())) & {"check", "solution", "languages"}
                                    for c in original.cells)        # one language: no links to the others
        for cell in nb.cells:
            assert not set(cell.metadata.get("tags", ())) & {"check", "solution"}, rel
            if cell.cell_type == "code":
                assert cell.outputs == [] and not any(k in cell.source for k in KEY_CODE), (rel, cell.source)
        text = "\n".join(c.source for c in nb.cells)
        for key, ex in sets.get(rel, {}).items() if rel in sets else []:
            assert ex.solution[:40] not in text, f"{rel}: the solution of {key} is in the notebook"
            assert f'exercises["{key}"]' in text, f"{rel}: exercise {key} is never shown"
    for handout in ("rules_summary", "glossary"):
        page = (student / "docs" / f"{handout}.html").read_text()
        assert "@media print" in page and "<table>" in page


def names_in(source: str) -> tuple[set, set]:
    """``(bound, read)``: the names a cell's code binds (assigned, defined, imported) and the
    names it reads, IPython's ``%`` and ``!`` lines left out.

    >>> [sorted(names) for names in names_in("import math; x = math.pi + y")]
    [['math', 'x'], ['math', 'y']]
    """
    code = "\n".join(line for line in source.splitlines() if not line.lstrip().startswith(("%", "!")))
    bound, read = set(), set()
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.Name):
            (bound if isinstance(node.ctx, ast.Store | ast.Del) else read).add(node.id)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            bound.add(node.name)
        elif isinstance(node, ast.alias):
            bound.add((node.asname or node.name).split(".")[0])
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            bound.add(node.name)
    return bound, read


def test_no_cell_a_student_keeps_reads_a_name_only_a_removed_cell_defines():
    removed_tags = {"check", "solution"}
    for rel in editions.course_notebooks():
        nb = nbformat.read(REPO / rel, as_version=4)
        only_removed: set = set()
        kept: set = set(dir(builtins)) | {"get_ipython", "display"}
        for k, cell in enumerate(nb.cells):
            if cell.cell_type != "code":
                continue
            bound, read = names_in(cell.source)
            if set(cell.metadata.get("tags", ())) & removed_tags:
                only_removed |= bound - kept
                continue
            missing = (read - bound - kept) & only_removed
            assert not missing, f"{rel}, cell {k}: reads {sorted(missing)}, which only a removed cell defines"
            kept |= bound
            only_removed -= bound


def test_the_student_notebooks_run_under_nbval_and_leave_every_progress_at_zero(student, tmp_path):
    import shutil
    import subprocess
    import sys

    run_dir = tmp_path / "run"
    shutil.copytree(student, run_dir)
    notebooks = [run_dir / rel for rel in RUN_SAMPLE]
    for path in notebooks:
        nb = nbformat.read(path, as_version=4)
        nb.cells.append(nbformat.v4.new_code_cell(REPORT_CELL))
        nbformat.write(nb, path)
    progress_file = tmp_path / "progress.json"
    env = {**os.environ, "TTR_TEACH_PROGRESS": str(progress_file), "PYTHONPATH": str(REPO)}
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "--nbval-lax", "-p", "no:cacheprovider",
                          "-c", os.devnull, "--rootdir", str(run_dir), *map(str, notebooks)],
                         capture_output=True, text=True, env=env, cwd=run_dir, timeout=1800)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert re.search(r"\d+ passed", run.stdout) and "failed" not in run.stdout.splitlines()[-1]
    recorded = json.loads(progress_file.read_text())["exercises"] if progress_file.exists() else {}
    assert not any(e.get("solved") or e.get("tries") for e in recorded.values())


def test_the_teacher_key_lists_every_exercise_of_every_notebook(teacher):
    keys = teacher / "answer_key"
    index = (keys / "index.html").read_text()
    for name, build in lesson_builders().items():
        page = (keys / f"{name.replace('/', '-')}.html").read_text()
        listed = re.findall(r"<div class='item' id='([\w-]+)'>", page)
        nb = nbformat.read(teacher / f"{name}.ipynb", as_version=4)
        assert listed == build().ids == shown_ids(nb), name
        assert f"{name.replace('/', '-')}.html" in index
    for level in ("introductory", "intermediate", "expert"):
        page = (keys / f"puzzles-{level}.html").read_text()
        listed = re.findall(r"<div class='item' id='([\w-]+)'>", page)
        nb = nbformat.read(teacher / "puzzles" / f"{level}.ipynb", as_version=4)
        assert sorted(listed) == sorted(PuzzleBook.load(level=level).ids) == sorted(shown_ids(nb))
        assert page.count("class='key'") == len(listed)
    assert any("check" in c.metadata.get("tags", ()) for c in
               nbformat.read(teacher / "notebooks" / "01_train_cards.ipynb", as_version=4).cells)
    assert (teacher / "puzzles" / "worksheets.ipynb").exists()


def test_a_key_shows_answers_hints_and_solutions(teacher):
    page = (teacher / "answer_key" / "notebooks-01_train_cards.html").read_text()
    assert "Answer:</b> 7/55, about 0.127" in page and "Hint 2:" in page and "Solution." in page
    assert "@media print" in page


@pytest.mark.skipif(chromium() is None, reason="no Chromium to print PDFs")
def test_a_key_prints_to_pdf(teacher, tmp_path):
    pdf = save_pdf(teacher / "answer_key" / "notebooks-05_tunnels.html", tmp_path / "key.pdf")
    assert pdf.read_bytes().startswith(b"%PDF")


@pytest.mark.skipif(chromium() is None, reason="no Chromium to print PDFs")
def test_the_rules_summary_prints_on_one_page(tmp_path):
    pdf = save_pdf(REPO / "docs" / "rules_summary.html", tmp_path / "rules_summary.pdf").read_bytes()
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 1


def test_the_committed_printable_pages_are_up_to_date(tmp_path):
    from ttr_teach.course.printable import write_markdown_page

    for name in editions.HANDOUTS:
        fresh = write_markdown_page(REPO / "docs" / f"{name}.md", tmp_path / f"{name}.html")
        assert fresh.read_text() == (REPO / "docs" / f"{name}.html").read_text(), \
            f"docs/{name}.html is stale: run ttr-teach course printable docs/{name}.md --force"


def test_the_start_notebook_links_the_rules_summary_and_the_glossary():
    nb = nbformat.read(REPO / "notebooks" / "00_start_here.ipynb", as_version=4)
    text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    for target in ("../docs/rules_summary.md", "../docs/rules_summary.html", "../docs/glossary.md",
                   "../docs/glossary.html"):
        assert f"]({target})" in text and (REPO / "notebooks" / target).resolve().exists()
