"""A student edition and a teacher edition of the course, written to a folder.

* **Student** (:func:`build_student`): every lesson, graph lesson, the sandbox and the puzzle
  notebooks, with the hidden check cells (tag ``check``) and solution cells (tag ``solution``)
  taken out and no outputs; the one-page rules summary and the glossary. The notebooks hold
  questions only: the keys stay in the ``ttr_teach`` package, which the notebooks import (so
  the edition needs the package installed, as ``make lab`` does), and the puzzle files, with
  their keys, are not copied.
* **Teacher** (:func:`build_teacher`): the notebooks as they are (check cells included), the
  teachers' worksheet notebook, the rules summary and glossary, and ``answer_key/``: one
  printable page per notebook listing every exercise with its key, hints and worked solution
  (and a PDF of each where Chromium is installed, with ``pdf=True``).

Both keep the repository's layout (``notebooks/``, ``notebooks/graphs/``, ``puzzles/``,
``docs/``), so the links between notebooks work. ``ttr-teach course student OUT`` and
``ttr-teach course teacher OUT`` (and ``make student``) build them; docs/course.md explains them.
"""
from __future__ import annotations

import html
import shutil
from pathlib import Path

from ..engine.errors import FileError
from ..extras import require

#: Cell tags that only the teacher's edition keeps.
HIDDEN_TAGS = ("check", "solution")
#: Notebooks for teachers only.
TEACHER_ONLY = ("puzzles/worksheets.ipynb",)
#: Printable pages both editions carry, from ``docs/``.
HANDOUTS = ("rules_summary", "glossary")


def repository() -> Path:
    """The repository this package runs from (it holds the notebooks)."""
    root = Path(__file__).resolve().parents[2]
    if not (root / "notebooks").is_dir():
        raise FileError(f"{root}: no notebooks/ folder here; the editions are built from the repository")
    return root


def course_notebooks(root: Path | None = None) -> list:
    """Every notebook of the course, as paths relative to the repository, in course order."""
    root = root or repository()
    found = sorted((root / "notebooks").glob("*.ipynb")) + sorted((root / "notebooks" / "graphs").glob("*.ipynb"))
    found += sorted((root / "puzzles").glob("*.ipynb"))
    return [p.relative_to(root).as_posix() for p in found]


def student_notebook(nb):
    """A copy of notebook ``nb`` (nbformat) without check and solution cells and without outputs."""
    import copy

    nb = copy.deepcopy(nb)
    nb.cells = [c for c in nb.cells if not set(c.metadata.get("tags", ())) & set(HIDDEN_TAGS)]
    for c in nb.cells:
        if c.cell_type == "code":
            c.outputs, c.execution_count = [], None
    return nb


def _out_dir(out) -> Path:
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise FileError(f"{out}: not a folder")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise FileError(f"{out}: cannot make the folder ({e.strerror})") from None
    return out


def _handouts(root: Path, out: Path) -> list:
    from .printable import write_markdown_page

    written = []
    (out / "docs").mkdir(exist_ok=True)
    for name in HANDOUTS:
        md = out / "docs" / f"{name}.md"
        shutil.copyfile(root / "docs" / f"{name}.md", md)
        written += [md, write_markdown_page(md)]
    shutil.copyfile(root / "docs" / "rules.md", out / "docs" / "rules.md")
    return written + [out / "docs" / "rules.md"]


def build_student(out, root: Path | None = None) -> list:
    """Write the student edition into the folder ``out``; returns the files written."""
    nbformat = require("nbformat", "building the student edition")
    root, out = root or repository(), _out_dir(out)
    written = []
    for rel in course_notebooks(root):
        if rel in TEACHER_ONLY:
            continue
        target = out / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(student_notebook(nbformat.read(root / rel, as_version=4)), target)
        written.append(target)
    written += _handouts(root, out)
    readme = out / "README.md"
    readme.write_text(STUDENT_README, encoding="utf-8")
    return written + [readme]


def build_teacher(out, root: Path | None = None, pdf: bool = False) -> list:
    """Write the teacher edition into the folder ``out`` (the notebooks as they are, the answer
    keys, the handouts); with ``pdf=True`` also a PDF of each key where Chromium is installed."""
    from .printable import save_pdf

    root, out = root or repository(), _out_dir(out)
    written = []
    for rel in course_notebooks(root):
        target = out / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(root / rel, target)
        written.append(target)
    written += _handouts(root, out)
    keys = out / "answer_key"
    keys.mkdir(exist_ok=True)
    index = []
    for rel, title, page in answer_keys(root):
        name = rel.replace("/", "-").replace(".ipynb", ".html")
        path = keys / name
        path.write_text(page, encoding="utf-8")
        written.append(path)
        if pdf:
            made = save_pdf(path, path.with_suffix(".pdf"))
            written += [made] if made else []
        index.append(f"<li><a href='{html.escape(name)}'>{html.escape(title)}</a> ({html.escape(rel)})</li>")
    from .printable import print_page

    (keys / "index.html").write_text(print_page("Answer keys", "<h1>Answer keys</h1><ul>" + "".join(index) + "</ul>"),
                                     encoding="utf-8")
    readme = out / "README.md"
    readme.write_text(TEACHER_README, encoding="utf-8")
    return written + [keys / "index.html", readme]


def answer_keys(root: Path | None = None) -> list:
    """``(notebook, title, key page)`` for every notebook with exercises or puzzles."""
    from .answer_key import key_page, lesson_entries, puzzle_entries
    from .lessons.questions import LESSONS, lesson_builders
    from .puzzles.names import LEVELS
    from .puzzles.notebook import PuzzleBook

    root = root or repository()
    out = []
    for name, build in lesson_builders().items():
        title = LESSONS[name][1]
        out.append((f"{name}.ipynb", title, key_page(title, lesson_entries(build()))))
    for level in LEVELS:
        if (root / "puzzles" / f"{level}.ipynb").exists():
            title = f"Puzzles: {level}"
            out.append((f"puzzles/{level}.ipynb", title, key_page(title, puzzle_entries(PuzzleBook.load(level=level)))))
    return out


STUDENT_README = """# Ticket to Ride: the course (student edition)

Open `notebooks/00_start_here.ipynb` and work through the lessons in order. Each exercise has a
**Check** button (it says whether you are right, and gives a nudge if not), **Hint** (one hint
at a time) and **Show solution** (after your first try). Your progress is kept in
`~/.ttr-teach/progress.json`; the progress bar of each lesson has an **Export my progress**
button: hand the file it saves to your teacher.

`docs/rules_summary.html` is the rules on one page and `docs/glossary.html` the words of the
game, both ready to print.
"""

TEACHER_README = """# Ticket to Ride: the course (teacher edition)

The notebooks are the full course, with the folded check cells that prove every answer key.
`answer_key/` holds one printable page per notebook (open `answer_key/index.html`): every
exercise with its answer, its hints and a worked solution. `puzzles/worksheets.ipynb` makes
printable worksheets of new puzzles. Students export their progress as a JSON file (a button
under every lesson); `ttr-teach course report FILE...` lists what each student solved.

The student edition (`ttr-teach course student OUT`) is the same course without the check cells.
"""
