"""The student edition stands on its own: built into an empty folder, its puzzle notebooks run
there with only the ``ttr_teach`` package importable (a copy of the package alone, no repository
beside it), read the puzzle files of the edition, and no puzzle key or worked explanation is in
the folder. Building into a used folder cleans only what an earlier build wrote, or refuses."""
from __future__ import annotations

import shutil

import nbformat
import pytest

from ttr_teach.cli import main
from ttr_teach.course import editions
from ttr_teach.course.puzzles.checker import load_puzzles
from ttr_teach.course.puzzles.names import LEVELS

from ..helpers import REPO

#: Appended to each puzzle notebook: the book came from the edition's own files, keyless, and
#: each puzzle's exercise accepts the answer the engine computes from the position.
CHECK_CELL = """
from pathlib import Path
here = Path.cwd().resolve()
assert len(book) > 0
assert all(Path(p.path).resolve().is_relative_to(here) for p in book), [p.path for p in book]
assert all("student_copy: true" in Path(p.path).read_text() for p in book)
for p in book:
    assert p.exercise.judge(p.kind.typed_answer(p.computed_answer, p.map)).correct, p.id
print("puzzles read from", here, len(book))
"""


@pytest.fixture(scope="module")
def edition(tmp_path_factory):
    out = tmp_path_factory.mktemp("edition") / "student"
    assert main(["course", "student", str(out)]) == 0
    return out


def test_no_puzzle_key_or_worked_explanation_is_in_the_student_edition(edition):
    puzzles, _ = load_puzzles(REPO / "puzzles")
    texts = {p: p.read_text(encoding="utf-8", errors="replace") for p in edition.rglob("*") if p.is_file()}
    copies = [p for p in texts if p.suffix == ".yaml"]
    assert len(copies) == len(puzzles)
    for path in copies:
        lines = texts[path].splitlines()
        assert not any(line.startswith(("answer:", "explanation:", "note:")) for line in lines), path
    for puzzle in puzzles:
        said = puzzle.explanation.splitlines()[0].strip()
        assert not any(said in text for text in texts.values()), f"{puzzle.id}: its explanation is in the edition"
    assert not (edition / "answer_key").exists()


def test_the_puzzle_notebooks_run_in_the_edition_with_only_the_package(edition, tmp_path, monkeypatch):
    from nbclient import NotebookClient

    site = tmp_path / "site"
    shutil.copytree(REPO / "ttr_teach", site / "ttr_teach", ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setenv("PYTHONPATH", str(site))          # the kernel sees the package and nothing else
    monkeypatch.setenv("TTR_TEACH_PROGRESS", str(tmp_path / "progress.json"))
    for level in LEVELS:
        path = edition / "puzzles" / f"{level}.ipynb"
        nb = nbformat.read(path, as_version=4)
        nb.cells.append(nbformat.v4.new_code_cell(CHECK_CELL))
        NotebookClient(nb, timeout=600, kernel_name="python3",
                       resources={"metadata": {"path": str(path.parent)}}).execute()
        said = "".join(o.get("text", "") for o in nb.cells[-1].outputs)
        assert f"puzzles read from {path.parent.resolve()}" in said, said
        errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"]
        assert not errors, (level, errors[:1])


def test_a_student_edition_built_over_a_teacher_edition_keeps_none_of_its_files(tmp_path, capsys):
    out = tmp_path / "class"
    assert main(["course", "teacher", str(out)]) == 0
    assert (out / "answer_key" / "index.html").exists()
    capsys.readouterr()
    assert main(["course", "student", str(out)]) == 0
    said = capsys.readouterr().out
    written = [p for p in out.rglob("*") if p.is_file() and p.name != editions.MANIFEST]
    assert said.startswith(f"student edition: {len(written)} files in {out} (first removed the ")
    assert "of the teacher edition built there before" in said
    assert not (out / "answer_key").exists() and not (out / "puzzles" / "worksheets.ipynb").exists()


def test_building_into_a_folder_holding_other_files_is_refused_and_leaves_them(tmp_path, capsys):
    out = tmp_path / "mine"
    out.mkdir()
    (out / "notes.txt").write_text("my own notes")
    assert main(["course", "student", str(out)]) == 2
    err = capsys.readouterr().err
    assert f"{out}: the folder is not empty and no ttr-teach course build wrote it (notes.txt, ...)" in err
    assert [p.name for p in out.iterdir()] == ["notes.txt"]
    used = tmp_path / "used"
    assert main(["course", "student", str(used)]) == 0
    (used / "notebooks" / "mine.ipynb").write_text("{}")
    assert main(["course", "student", str(used)]) == 2
    assert "holds files no ttr-teach course build wrote (notebooks/mine.ipynb)" in capsys.readouterr().err
    assert (used / "notebooks" / "mine.ipynb").exists() and (used / "notebooks" / "01_train_cards.ipynb").exists()


def test_a_broken_record_of_an_earlier_build_is_refused_not_trusted(tmp_path, capsys):
    out = tmp_path / "odd"
    out.mkdir()
    (out / editions.MANIFEST).write_text('{"edition": "student", "files": ["../../etc/passwd"]}')
    assert main(["course", "student", str(out)]) == 2
    assert "not a list of the files an earlier build wrote" in capsys.readouterr().err
