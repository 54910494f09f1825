"""A student edition and a teacher edition of the course, written to a folder.

* **Student** (:func:`build_student`): every lesson, graph lesson, the sandbox and the puzzle
  notebooks, with the hidden check cells (tag ``check``) and solution cells (tag ``solution``)
  taken out and no outputs; the puzzles as student copies (no key, no worked explanation: the
  engine computes both from the position when a notebook reads them, as the lessons' keys are
  computed by the package); the one-page rules summary and the glossary. It runs with only the
  ``ttr_teach`` package installed, no repository beside it.
* **Teacher** (:func:`build_teacher`): the notebooks as they are (check cells included), the
  teachers' worksheet notebook, the rules summary and glossary, and ``answer_key/``: one
  printable page per notebook listing every exercise with its key, hints and worked solution
  (and a PDF of each where Chromium is installed, with ``pdf=True``).

Both keep the repository's layout (``notebooks/``, ``notebooks/graphs/``, ``puzzles/``,
``docs/``), so the links between notebooks work, and the puzzle notebooks read the puzzle files
beside them (``puzzles/<level>/``). Both are built in one language (``lang``: ``en``, ``vi``,
``fa``, ``sv``, ``it``; default the language spoken now): its notebooks where the English ones
would be, their links pointed from there (:mod:`~ttr_teach.course.edition_language`), and the
README, handouts and answer keys in it. A build records what it wrote in :data:`MANIFEST`; building
into a folder an earlier build wrote first removes that build's files (so a student edition
never keeps a teacher edition's keys), and a folder holding anything else is refused.
``ttr-teach course student OUT`` and ``ttr-teach course teacher OUT`` (and ``make student``)
build them; docs/course.md explains them.
"""
from __future__ import annotations

import html
import json
import re
import shutil
from pathlib import Path

from ..engine.errors import FileError
from ..engine.i18n import N_, gettext, speaking
from ..extras import require
from .edition_language import course_notebooks as course_notebooks  # where the tests and the walk look for it
from .edition_language import repository

#: Cell tags that only the teacher's edition keeps.
HIDDEN_TAGS = ("check", "solution")
#: Notebooks for teachers only.
TEACHER_ONLY = ("puzzles/worksheets.ipynb",)
#: Printable pages both editions carry, from ``docs/``.
HANDOUTS = ("rules_summary", "glossary")
#: The file in an edition's folder that lists what the build wrote.
MANIFEST = ".ttr-teach-edition.json"
#: How a puzzle notebook loads its book; an edition adds ``paths=`` (the files beside it).
_BOOK_LOAD = re.compile(r"PuzzleBook\.load\(level='([a-z]+)'\)")


def student_notebook(nb):
    """A copy of notebook ``nb`` (nbformat) without check and solution cells and without outputs."""
    import copy

    nb = copy.deepcopy(nb)
    nb.cells = [c for c in nb.cells if not set(c.metadata.get("tags", ())) & set(HIDDEN_TAGS)]
    for c in nb.cells:
        if c.cell_type == "code":
            c.outputs, c.execution_count = [], None
    return nb


def prepare_folder(out) -> tuple:
    """``(folder, removed)``: the folder ``out`` made ready for a build. A folder an earlier
    build wrote loses that build's files (``removed``: how many, and which edition); anything
    else in it is a refusal (:class:`FileError`), so nothing of the teacher's is ever deleted."""
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise FileError(gettext("{folder}: not a folder").format(folder=out))
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise FileError(gettext("{folder}: cannot make the folder ({reason})").format(folder=out,
                                                                                    reason=e.strerror)) from None
    present = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if not p.is_dir() or p.is_symlink())
    if not present:
        return out, None
    if MANIFEST not in present:
        raise FileError(gettext("{folder}: the folder is not empty and no ttr-teach course build wrote it ({file}, "
                                "...); build into a new or empty folder").format(folder=out, file=present[0]))
    from ..engine.files import load_file

    earlier = load_file(out / MANIFEST, "json")
    files = earlier.get("files") if isinstance(earlier, dict) else None
    if not isinstance(files, list) or not all(isinstance(f, str) and ".." not in Path(f).parts
                                              and not Path(f).is_absolute() for f in files):
        raise FileError(gettext("{file}: not a list of the files an earlier build wrote; build into a new or empty "
                                "folder").format(file=out / MANIFEST))
    others = [f for f in present if f not in set(files) | {MANIFEST}]
    if others:
        raise FileError(gettext("{folder}: the folder holds files no ttr-teach course build wrote ({files}); move "
                                "them away or build into a new folder").format(
            folder=out, files=others[0] + (", ..." if len(others) > 1 else "")))
    gone = [f for f in files if f in present]
    try:
        for f in gone:
            (out / f).unlink()
        (out / MANIFEST).unlink()
    except OSError as e:
        raise FileError(gettext("{folder}: cannot remove the earlier build's {file} ({reason})").format(
            folder=out, file=e.filename, reason=e.strerror)) from None
    for folder in sorted((p for p in out.rglob("*") if p.is_dir()), key=lambda p: -len(p.parts)):
        if not any(folder.iterdir()):
            folder.rmdir()
    edition = earlier.get("edition")
    return out, (len(gone), edition if edition in ("student", "teacher", "nbgrader") else "earlier")


def record_build(out: Path, edition: str, written: list, lang: str = "en") -> None:
    files = sorted({p.relative_to(out).as_posix() for p in written})
    (out / MANIFEST).write_text(json.dumps({"edition": edition, "language": lang, "files": files}, indent=1),
                                encoding="utf-8")


def _puzzle_notebook(nb, rel: str):
    """The puzzle notebook ``nb`` (at ``rel``) reading the puzzle files beside it."""
    found = 0
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.source, n = _BOOK_LOAD.subn(r"PuzzleBook.load(level='\1', paths='\1')", cell.source)
            found += n
    if rel.startswith("puzzles/") and rel not in TEACHER_ONLY and not found:
        raise FileError(gettext("{file}: no PuzzleBook.load(level='...') cell to point at the puzzles beside "
                                "it").format(file=rel))
    return nb


def _puzzle_files(root: Path, out: Path, keys: bool) -> list:
    """Every puzzle file into ``out/puzzles/<level>/``: as it is (``keys``) or its student copy."""
    from .puzzles.checker import load_puzzles
    from .puzzles.format import student_copy

    puzzles, errors = load_puzzles(root / "puzzles")
    if errors:
        raise FileError(errors[0]["message"])
    written = []
    for p in puzzles:
        source = Path(p.path)
        target = out / source.relative_to(root)
        target.parent.mkdir(parents=True, exist_ok=True)
        if keys:
            shutil.copyfile(source, target)
        else:
            target = target.with_suffix(".yaml")
            target.write_text(student_copy(p), encoding="utf-8")
        written.append(target)
    return written


def _handouts(root: Path, out: Path, lang: str) -> list:
    """The rules summary and the glossary in ``lang`` (Markdown and their printable pages), and
    the rules (English: they are the course's reference text)."""
    from .edition_language import translated_document
    from .printable import write_markdown_page

    written = []
    (out / "docs").mkdir(exist_ok=True)
    for name in HANDOUTS:
        md = out / "docs" / f"{name}.md"
        md.write_text(translated_document(root, f"docs/{name}.md", lang), encoding="utf-8")
        written += [md, write_markdown_page(md)]
    shutil.copyfile(root / "docs" / "rules.md", out / "docs" / "rules.md")
    return written + [out / "docs" / "rules.md"]


def _notebooks(root: Path, out: Path, notebooks: list, student: bool) -> list:
    """Write the edition's notebooks (``(place, source)`` pairs, as
    :func:`~ttr_teach.course.edition_language.edition_notebooks` gives them) into ``out``: each
    at its place, its links pointed from there; a student's copy without check cells."""
    from .edition_language import edition_notebook

    nbformat = require("nbformat", "building the editions")
    handouts = [f"docs/{name}{suffix}" for name in HANDOUTS for suffix in (".md", ".html")] + ["docs/rules.md"]
    places = {source: place for place, source in notebooks if not (student and place in TEACHER_ONLY)}
    places |= {h: h for h in handouts}
    written = []
    for place, source in notebooks:
        if student and place in TEACHER_ONLY:
            continue
        target = out / place
        target.parent.mkdir(parents=True, exist_ok=True)
        nb = nbformat.read(root / source, as_version=4)
        nb = edition_notebook(student_notebook(nb) if student else nb, source, place, places)
        nbformat.write(_puzzle_notebook(nb, place), target)
        written.append(target)
    return written


def build_student(out, root: Path | None = None, lang: str | None = None) -> tuple:
    """Write the student edition in ``lang`` (default: the language spoken now) into the folder
    ``out``; returns ``(files written, removed)``, ``removed`` as :func:`prepare_folder` says.
    An unknown language, or one whose notebooks are not all translated, is refused before
    anything is written."""
    from .edition_language import edition_lang, edition_notebooks

    require("nbformat", "building the student edition")
    root = root or repository()
    lang = edition_lang(lang)
    notebooks = edition_notebooks(lang, root)
    out, removed = prepare_folder(out)
    with speaking(lang):
        written = _notebooks(root, out, notebooks, student=True)
        written += _puzzle_files(root, out, keys=False)
        written += _handouts(root, out, lang)
        readme = out / "README.md"
        readme.write_text(readme_text(STUDENT_README), encoding="utf-8")
    written.append(readme)
    record_build(out, "student", written, lang)
    return written, removed


def build_teacher(out, root: Path | None = None, pdf: bool = False, lang: str | None = None) -> tuple:
    """Write the teacher edition in ``lang`` into the folder ``out`` (the notebooks as they are,
    the puzzle files with their keys, the answer keys, the handouts); with ``pdf=True`` also a
    PDF of each key where Chromium is installed. Returns ``(files written, removed)`` and
    refuses a language as :func:`build_student`."""
    from .edition_language import edition_lang, edition_notebooks

    require("nbformat", "building the teacher edition")
    root = root or repository()
    lang = edition_lang(lang)
    notebooks = edition_notebooks(lang, root)
    out, removed = prepare_folder(out)
    with speaking(lang):
        written = _teacher_files(root, out, notebooks, pdf, lang)
    record_build(out, "teacher", written, lang)
    return written, removed


def _teacher_files(root: Path, out: Path, notebooks: list, pdf: bool, lang: str) -> list:
    from .printable import save_pdf

    written = _notebooks(root, out, notebooks, student=False)
    written += _puzzle_files(root, out, keys=True)
    written += _handouts(root, out, lang)
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

    heading = html.escape(gettext("Answer keys"))
    (keys / "index.html").write_text(print_page(gettext("Answer keys"), f"<h1>{heading}</h1><ul>" + "".join(index)
                                                + "</ul>"), encoding="utf-8")
    readme = out / "README.md"
    readme.write_text(readme_text(TEACHER_README), encoding="utf-8")
    written += [keys / "index.html", readme]
    return written


def answer_keys(root: Path | None = None) -> list:
    """``(notebook, title, key page)`` for every notebook with exercises or puzzles."""
    from .answer_key import key_page, lesson_entries, puzzle_entries
    from .lessons.questions import LESSONS, lesson_builders
    from .puzzles.names import LEVELS
    from .puzzles.notebook import LEVEL_NAMES, PuzzleBook

    root = root or repository()
    out = []
    for name, build in lesson_builders().items():
        title = gettext(LESSONS[name][1])
        out.append((f"{name}.ipynb", title, key_page(title, lesson_entries(build()))))
    for level in LEVELS:
        if (root / "puzzles" / f"{level}.ipynb").exists():
            title = gettext("Puzzles: {level}").format(level=gettext(LEVEL_NAMES[level]))
            book = PuzzleBook.load(level=level, paths=root / "puzzles")
            out.append((f"puzzles/{level}.ipynb", title, key_page(title, puzzle_entries(book))))
    return out


# The READMEs of the editions, a heading then paragraphs, each marked: :func:`readme_text` writes
# them in the language spoken when the edition is built.
STUDENT_README = (
    N_("Ticket to Ride: the course (student edition)"),
    N_("Open `notebooks/00_start_here.ipynb` and work through the lessons in order. The folder needs\n"
       "only the `ttr_teach` package installed with its `lab` extra (as `make setup` in the course's\n"
       "repository does); the puzzles are in `puzzles/`, without their answers. Each exercise has a\n"
       "**Check** button (it says whether you are right, and gives a nudge if not), **Hint** (one hint\n"
       "at a time) and **Show solution** (after your first try). Your progress is kept in\n"
       "`~/.ttr-teach/progress.json`; the progress bar of each lesson has an **Export my progress**\n"
       "button: hand the file it saves (`ttr-progress-<your name>.json`) to your teacher."),
    N_("`docs/rules_summary.html` is the rules on one page and `docs/glossary.html` the words of the\n"
       "game, both ready to print."),
)

TEACHER_README = (
    N_("Ticket to Ride: the course (teacher edition)"),
    N_("The notebooks are the full course, with the folded check cells that prove every answer key.\n"
       "`answer_key/` holds one printable page per notebook (open `answer_key/index.html`): every\n"
       "exercise with its answer, its hints and a worked solution. `puzzles/worksheets.ipynb` makes\n"
       "printable worksheets of new puzzles; from a shell, `ttr-teach puzzles worksheet --count 10 --level\n"
       "introductory -o sheet.html --key key.html` writes the students' sheet and its key in two files.\n"
       "A class tournament of the students' bots: `ttr-teach tournament bots/ --builtin planner --json\n"
       "class.json`, then `ttr-teach replay class.json 0 -o game0.html` shows one game as a page that plays\n"
       "it back. Students export their progress as a JSON file (a button\n"
       "under every lesson); `ttr-teach course report FILE... --csv class.csv` shows a class table of what\n"
       "each student solved, tried and the hints they took, and writes it as CSV for a spreadsheet.\n"
       "`ttr-teach course nbgrader OUT` writes the exercises as nbgrader assignments (autograded, the\n"
       "keys only in hidden tests)."),
    N_("The student edition (`ttr-teach course student OUT`) is the same course without the check cells."),
)


def readme_text(parts: tuple) -> str:
    """An edition's README (markdown) in the language spoken now: its heading, then its paragraphs.

    >>> readme_text(STUDENT_README).splitlines()[0]
    '# Ticket to Ride: the course (student edition)'
    """
    heading, *paragraphs = (gettext(part) for part in parts)
    return "\n\n".join([f"# {heading}", *paragraphs]) + "\n"
