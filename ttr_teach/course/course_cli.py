"""``ttr-teach course``: the student and teacher editions, class reports, printable pages.

* ``ttr-teach course student OUT``: the course without check cells, solutions or keys.
* ``ttr-teach course teacher OUT [--pdf]``: the full course and an answer key per notebook.
* ``ttr-teach course report FILE...``: what each student solved, from their exported progress.
* ``ttr-teach course printable FILE.md [--pdf]``: a printable HTML page (and PDF) of a Markdown file.
"""
from __future__ import annotations

import json
from pathlib import Path

from ..engine.errors import FileError


def _cmd_student(args) -> int:
    from .editions import build_student

    written = build_student(args.out)
    print(f"student edition: {len(written)} files in {args.out}")
    return 0


def _cmd_teacher(args) -> int:
    from .editions import build_teacher

    written = build_teacher(args.out, pdf=args.pdf)
    keys = sum(1 for p in written if p.parent.name == "answer_key" and p.suffix == ".html")
    print(f"teacher edition: {len(written)} files in {args.out}, {keys} answer keys")
    return 0


def read_report(path) -> dict:
    """An exported progress file, checked: ``{"learner", "lessons": [...], "exercises": {...}}``."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as e:
        raise FileError(f"{path}: cannot read it ({e.strerror})") from None
    except ValueError as e:
        raise FileError(f"{path}: not an exported progress file (not JSON: {e})") from None
    if not isinstance(data, dict) or not isinstance(data.get("lessons"), list):
        raise FileError(f"{path}: not an exported progress file (no 'lessons' list)")
    return data


def report_lines(files) -> list:
    """One line per student and lesson: ``learner  lesson  solved of exercises (tried)``.

    >>> report_lines([])
    []
    """
    lines = []
    for f in files:
        data = read_report(f)
        who = data.get("learner") or Path(f).stem
        for row in data["lessons"]:
            total = row.get("exercises") or "?"
            lines.append(f"{who}\t{row.get('title', row.get('lesson'))}\t{row.get('solved', 0)} of {total} solved"
                         f" ({row.get('tried', 0)} tried)")
    return lines


def _cmd_report(args) -> int:
    for line in report_lines(args.files):
        print(line)
    return 0


def _cmd_printable(args) -> int:
    from .printable import save_pdf, write_markdown_page

    page = write_markdown_page(args.file)
    print(page)
    if args.pdf:
        pdf = save_pdf(page, page.with_suffix(".pdf"))
        print(pdf if pdf else "no PDF: Chromium is not installed (/usr/bin/chromium)")
    return 0


def add_course_parser(sub) -> None:
    """Add the ``course`` subcommand to the ``ttr-teach`` parser's subparsers ``sub``."""
    p = sub.add_parser("course", help="student and teacher editions, class reports, printable pages",
                       description="Build the course for a class: a student edition without answer keys, "
                                   "a teacher edition with an answer key per notebook.")
    course = p.add_subparsers(dest="course_command", required=True, parser_class=type(p))

    s = course.add_parser("student", help="the course without check cells, solutions or keys",
                          description="Write the student edition into OUT: every notebook with the hidden "
                                      "check and solution cells taken out, and the printable rules summary "
                                      "and glossary.")
    s.add_argument("out", metavar="OUT", help="the folder to write (made if needed)")
    s.set_defaults(run=_cmd_student)

    t = course.add_parser("teacher", help="the full course and an answer key per notebook",
                          description="Write the teacher edition into OUT: the notebooks as they are, and "
                                      "answer_key/ with one printable page per notebook (every exercise, its "
                                      "key, hints and worked solution).")
    t.add_argument("out", metavar="OUT", help="the folder to write (made if needed)")
    t.add_argument("--pdf", action="store_true", help="also print each key to PDF (needs /usr/bin/chromium)")
    t.set_defaults(run=_cmd_teacher)

    r = course.add_parser("report", help="what each student solved, from exported progress files",
                          description="Read the progress files students exported (the Export my progress "
                                      "button) and print one line per student and lesson.")
    r.add_argument("files", nargs="+", metavar="FILE", help="an exported progress file (.json)")
    r.set_defaults(run=_cmd_report)

    m = course.add_parser("printable", help="a printable HTML page (and PDF) of a Markdown file",
                          description="Write FILE.html beside FILE.md, with print CSS; --pdf prints it to PDF.")
    m.add_argument("file", metavar="FILE.md", help="a Markdown file, e.g. docs/rules_summary.md")
    m.add_argument("--pdf", action="store_true", help="also write FILE.pdf (needs /usr/bin/chromium)")
    m.set_defaults(run=_cmd_printable)
