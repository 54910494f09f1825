"""``ttr-teach course``: the student and teacher editions, class reports, printable pages.

* ``ttr-teach course student OUT [--lang LANG]``: the course without check cells, solutions or keys.
* ``ttr-teach course teacher OUT [--pdf] [--lang LANG]``: the full course and an answer key per notebook.
* ``ttr-teach course nbgrader OUT [--lang LANG]``: the exercises as nbgrader assignments (keys in hidden
  tests).
* ``--lang``: the language of the edition or assignments (default: the one spoken now).
* ``ttr-teach course report FILE... [--csv OUT.csv]``: a class table of what each student solved.
* ``ttr-teach course printable FILE.md [--pdf] [--force]``: a printable HTML page (and PDF) of a
  Markdown file (an existing page is replaced only with ``--force``).
"""
from __future__ import annotations

from ..engine.files import REPLACE_HINT, force_help
from ..engine.i18n import gettext, ngettext
from ..engine.text import one_line


def _removed(removed) -> str:
    if not removed:
        return ""
    count, edition = removed
    # TRANSLATORS: {edition} is the English word "student", "teacher" or "nbgrader"
    return " " + ngettext("(first removed the {n} file of the {edition} edition built there before)",
                          "(first removed the {n} files of the {edition} edition built there before)",
                          count).format(n=count, edition=edition)


def _cmd_student(args) -> int:
    from .editions import build_student

    written, removed = build_student(args.out, lang=args.lang)
    print(ngettext("student edition: {n} file in {folder}", "student edition: {n} files in {folder}",
                   len(written)).format(n=len(written), folder=args.out) + _removed(removed))
    return 0


def _cmd_teacher(args) -> int:
    from .editions import build_teacher

    written, removed = build_teacher(args.out, pdf=args.pdf, lang=args.lang)
    keys = sum(1 for p in written if p.parent.name == "answer_key" and p.suffix == ".html" and p.name != "index.html")
    files = ngettext("{n} file", "{n} files", len(written)).format(n=len(written))
    print(ngettext("teacher edition: {files} in {folder}, {n} answer key (answer_key/index.html lists it)",
                   "teacher edition: {files} in {folder}, {n} answer keys (answer_key/index.html lists them)",
                   keys).format(files=files, folder=args.out, n=keys) + _removed(removed))
    return 0


def _cmd_nbgrader(args) -> int:
    from .assignments import write_course

    written, removed = write_course(args.out, lang=args.lang)
    assignments = sum(1 for p in written if p.suffix == ".ipynb")
    print(ngettext("nbgrader course: {n} assignment in {folder}/source", "nbgrader course: {n} assignments in "
                   "{folder}/source", assignments).format(n=assignments, folder=args.out) + _removed(removed) + "; "
          + gettext("next, in {folder}: nbgrader generate_assignment NAME (see docs/course.md)").format(
              folder=args.out))
    return 0


def _cmd_report(args) -> int:
    """The class table (and ``--csv FILE``); each file that cannot be read gets one line on
    stderr, the others are still reported, and the exit status is then 2."""
    import sys

    from ..engine.files import check_writable, write_text
    from .gradebook import class_csv, class_table, read_class

    if args.csv:
        check_writable(args.csv, overwrite=args.force, hint=gettext(REPLACE_HINT))
    students, refused = read_class(args.files)
    for message in refused:
        print(f"ttr-teach: {one_line(message)}", file=sys.stderr)
    print(class_table(students))
    if args.csv:
        write_text(args.csv, class_csv(students), overwrite=args.force, hint=gettext(REPLACE_HINT))
        print(ngettext("wrote {file}: {n} student, one row per student and lesson",
                       "wrote {file}: {n} students, one row per student and lesson",
                       len(students)).format(file=args.csv, n=len(students)))
    return 2 if refused else 0


def _cmd_printable(args) -> int:
    from pathlib import Path

    from ..engine.files import check_writable
    from .printable import save_pdf, write_markdown_page

    source = Path(args.file)
    targets = [source.with_suffix(".html")] + ([source.with_suffix(".pdf")] if args.pdf else [])
    for target in targets:      # refused before anything is written
        check_writable(target, overwrite=args.force, hint=gettext(REPLACE_HINT))
    page = write_markdown_page(source, overwrite=args.force)
    print(page)
    if args.pdf:
        pdf = save_pdf(page, page.with_suffix(".pdf"))
        print(pdf if pdf else gettext("no PDF: Chromium is not installed (/usr/bin/chromium)"))
    return 0


def _lang_option(parser, assignments: bool = False) -> None:
    from ..engine.i18n import LANGUAGES, language

    if assignments:
        said = gettext("the language of the assignments: {languages} (default: the language ttr-teach speaks now, "
                       "{current}, from TTR_TEACH_LANG or the locale): their questions, hints, choices and "
                       "feedback, and the language their hidden tests grade answers in")
    else:
        said = gettext("the language of the edition: {languages} (default: the language ttr-teach speaks now, "
                       "{current}, from TTR_TEACH_LANG or the locale): its notebooks (those make translations "
                       "writes, each where the English one would be), README, handouts and answer keys")
    parser.add_argument("--lang", metavar="LANG", default=None,
                        help=said.format(languages=", ".join(LANGUAGES), current=language()))


def add_course_parser(sub) -> None:
    """Add the ``course`` subcommand to the ``ttr-teach`` parser's subparsers ``sub``."""
    p = sub.add_parser("course", help=gettext("student and teacher editions, nbgrader assignments, class reports, "
                                      "printable pages"),
                       description=gettext("Build the course for a class: a student edition without answer keys, "
                                   "a teacher edition with an answer key per notebook, nbgrader assignments; "
                                   "read the progress files students hand in."))
    course = p.add_subparsers(dest="course_command", required=True, parser_class=type(p))

    s = course.add_parser("student", help=gettext("the course without check cells, solutions or keys"),
                          description=gettext("Write the student edition into OUT: every notebook with the hidden "
                                      "check and solution cells taken out, the puzzles without their keys "
                                      "(the engine computes them), and the printable rules summary and "
                                      "glossary. It runs with only the ttr_teach package installed. OUT must "
                                      "be new, empty, or a folder an earlier course build wrote (whose files "
                                      "are removed first); a folder holding anything else is refused."))
    s.add_argument("out", metavar="OUT", help=gettext("the folder to write (made if needed)"))
    _lang_option(s)
    s.set_defaults(run=_cmd_student)

    t = course.add_parser("teacher", help=gettext("the full course and an answer key per notebook"),
                          description=gettext("Write the teacher edition into OUT: the notebooks as they are, the "
                                      "puzzle files, and answer_key/ with one printable page per notebook "
                                      "(every exercise, its key, hints and worked solution). OUT as for "
                                      "the student edition."))
    t.add_argument("out", metavar="OUT", help=gettext("the folder to write (made if needed)"))
    t.add_argument("--pdf", action="store_true", help=gettext("also print each key to PDF (needs /usr/bin/chromium)"))
    _lang_option(t)
    t.set_defaults(run=_cmd_teacher)

    g = course.add_parser("nbgrader", help=gettext("the lessons' exercises as nbgrader assignments, autograded"),
                          description=gettext("Write an nbgrader course folder into OUT: nbgrader_config.py and "
                                      "source/<lesson>/<lesson>.ipynb, one assignment per lesson. Each exercise "
                                      "is an autograded answer cell (the answer written as a value) and a test "
                                      "cell whose hidden tests hold the key and check the answer with the "
                                      "course's checker. Then: nbgrader generate_assignment, collect, autograde. "
                                      "OUT as for the student edition."))
    g.add_argument("out", metavar="OUT", help=gettext("the course folder to write (made if needed)"))
    _lang_option(g, assignments=True)
    g.set_defaults(run=_cmd_nbgrader)

    r = course.add_parser("report", help=gettext("a class table of what each student solved, from their progress "
                                                 "files"),
                          description=gettext("Read the progress files students hand in (the Export my progress "
                                              "button's "
                                      ".json or .csv, or their ~/.ttr-teach/progress.json) and print a table: "
                                      "one row per student, one column per lesson, each cell solved/tried/hints. "
                                      "A file that cannot be read is named on stderr, the others are still "
                                      "reported, and the exit status is 2."))
    r.add_argument("files", nargs="+", metavar="FILE", help=gettext("a student's progress file (.json or .csv)"))
    r.add_argument("--csv", metavar="FILE", help=gettext("also write the table as CSV with a header row, one row per "
                                                 "student and lesson (for a spreadsheet or a learning platform)"))
    r.add_argument("--force", action="store_true", help=force_help())
    r.set_defaults(run=_cmd_report)

    m = course.add_parser("printable", help=gettext("a printable HTML page (and PDF) of a Markdown file"),
                          description=gettext("Write FILE.html beside FILE.md, with print CSS; --pdf prints it to PDF. "
                                      "An existing FILE.html or FILE.pdf is replaced only with --force."))
    m.add_argument("file", metavar="FILE.md", help=gettext("a Markdown file, e.g. docs/rules_summary.md"))
    m.add_argument("--pdf", action="store_true", help=gettext("also write FILE.pdf (needs /usr/bin/chromium)"))
    m.add_argument("--force", action="store_true", help=force_help(gettext("FILE.html or FILE.pdf")))
    m.set_defaults(run=_cmd_printable)
