"""The class gradebook: the progress files students hand in, read safely and put in one table.

A student's progress comes in three shapes, all read here:

* the JSON export (*Export my progress*, :meth:`~.exercises.progress.ProgressStore.export`):
  ``{"learner", "lessons": [ROW, ...], "exercises": {ID: ENTRY}}``;
* its CSV export (a path ending in ``.csv``): a header ``learner,exercise,tries,solved,...``
  and one row per exercise;
* the progress file itself, ``~/.ttr-teach/progress.json``:
  ``{"version": 1, "learner", "lessons": {LESSON: {...}}, "exercises": {ID: ENTRY}}``.

Every file goes through the project's reader (:mod:`ttr_teach.engine.files`: a regular file
of bounded size, nothing that blocks); a file that is not one of these is refused with one
line naming the file and the field (:class:`~ttr_teach.engine.errors.FileError`), and the
others are still reported (:func:`read_class`).

>>> import json, tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "ann.json").write_text(json.dumps({"learner": "Ann", "exercises": {
...     "notebooks/01_train_cards/second": {"tries": 2, "solved": True, "hints": 1},
...     "notebooks/01_train_cards/first": {"tries": 1, "solved": False, "hints": 0}}}))
>>> _ = (folder / "bo.json").write_text('{"lessons": [1, 2]}')
>>> students, refused = read_class([folder / "ann.json", folder / "bo.json"])
>>> students[0].learner, students[0].lessons["notebooks/01_train_cards"]
('Ann', {'solved': 1, 'tried': 2, 'hints': 1})
>>> refused[0].endswith("bo.json: field 'exercises' is missing (not an exported progress file)")
True
"""
from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from pathlib import Path

from ..engine.errors import FileError
from ..engine.files import decode, load_file, read_bytes
from ..engine.i18n import N_, gettext, ngettext

#: The header of a student's CSV export (:func:`~.exercises.progress._csv` writes it).
EXPORT_CSV_HEADER = ("learner", "exercise", "tries", "solved", "hints", "solution_seen", "last_answer")
#: The header of the class CSV that ``course report --csv`` writes: one row per student and lesson.
CLASS_CSV_HEADER = ("student", "lesson", "title", "exercises", "solved", "tried", "hints", "file")
#: The most a CSV export is read (a whole course is some 150 rows of ~100 bytes).
MAX_CSV_BYTES = 2_000_000


@dataclass
class StudentProgress:
    """One student's file: who, and per lesson ``{"solved", "tried", "hints"}`` (exercises
    solved, exercises tried, hint steps seen), in the order the lessons first appear."""

    learner: str
    file: str
    lessons: dict = field(default_factory=dict)


def _count(value, where: str, source) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise FileError(gettext("{file}: field '{field}' must be a whole number of 0 or more, not {value}").format(
            file=source, field=where, value=f"{value!r:.40}"))
    return value


def _flag(value, where: str, source) -> bool:
    if not isinstance(value, bool):
        raise FileError(gettext("{file}: field '{field}' must be true or false, not {value}").format(
            file=source, field=where, value=f"{value!r:.40}"))
    return value


def _lesson_of(exercise_id: str) -> str:
    return exercise_id.rsplit("/", 1)[0] if "/" in exercise_id else exercise_id


def unnamed(source) -> str:
    """Who a file without a learner's name is: its name, or its folder's for a ``progress.json``.

    >>> unnamed("class/ann.json"), unnamed("class/bo/progress.json")
    ('ann', 'bo')
    """
    path = Path(str(source))
    return path.parent.name if path.stem == "progress" and path.parent.name else path.stem


def progress_from_data(data, source) -> StudentProgress:
    """A :class:`StudentProgress` from the data of a JSON export or a ``progress.json``,
    checked field by field (:class:`FileError` naming ``source`` and the field)."""
    if not isinstance(data, dict):
        raise FileError(gettext("{file}: not an exported progress file (it holds a {type}, not a mapping with "
                                "'learner' and 'exercises')").format(file=source, type=type(data).__name__))
    if "exercises" not in data:
        raise FileError(gettext("{file}: field 'exercises' is missing (not an exported progress file)").format(
            file=source))
    exercises, lessons = data["exercises"], data.get("lessons", {})
    if not isinstance(exercises, dict):
        raise FileError(gettext("{file}: field 'exercises' must map each exercise to its record").format(file=source))
    if isinstance(lessons, list):           # a JSON export's rows: checked, the counts come from 'exercises'
        for i, row in enumerate(lessons):
            if not isinstance(row, dict):
                raise FileError(gettext("{file}: field '{field}' must be a lesson's row, not {value}").format(
                    file=source, field=f"lessons[{i}]", value=f"{row!r:.40}"))
            for key in ("solved", "tried"):
                if key in row:
                    _count(row[key], f"lessons[{i}].{key}", source)
    elif not isinstance(lessons, dict):
        raise FileError(gettext("{file}: field 'lessons' must be a list of rows or a mapping of lessons").format(
            file=source))
    learner = data.get("learner")
    if learner is not None and not isinstance(learner, str):
        raise FileError(gettext("{file}: field 'learner' must be a name, not {value}").format(
            file=source, value=f"{learner!r:.40}"))
    name = "".join(c for c in (learner or "") if c.isprintable()).strip()
    student = StudentProgress(name or unnamed(source), str(source))
    for key, entry in exercises.items():
        if not isinstance(entry, dict):
            raise FileError(gettext("{file}: field '{field}' must be a record, not {value}").format(
                file=source, field=f"exercises.{key}", value=f"{entry!r:.40}"))
        tries = _count(entry.get("tries", 0), f"exercises.{key}.tries", source)
        solved = _flag(entry.get("solved", False), f"exercises.{key}.solved", source)
        hints = _count(entry.get("hints", 0), f"exercises.{key}.hints", source)
        row = student.lessons.setdefault(_lesson_of(key), {"solved": 0, "tried": 0, "hints": 0})
        row["solved"] += solved
        row["tried"] += tries > 0
        row["hints"] += hints
    return student


def _csv_number(text: str, line: int, column: str, source) -> int:
    if not text.strip().isdigit():
        raise FileError(gettext("{file}: line {line}: column '{column}' must be a whole number of 0 or more, not "
                                "{value}").format(file=source, line=line, column=column, value=f"{text!r:.40}"))
    return int(text)


def _csv_flag(text: str, line: int, column: str, source) -> bool:
    word = text.strip().casefold()
    if word not in ("true", "false"):
        raise FileError(gettext("{file}: line {line}: column '{column}' must be True or False, not {value}").format(
            file=source, line=line, column=column, value=f"{text!r:.40}"))
    return word == "true"


def progress_from_csv(text: str, source) -> StudentProgress:
    """A :class:`StudentProgress` from a student's CSV export (its header first)."""
    rows = list(csv.reader(io.StringIO(text)))
    header = tuple(h.strip() for h in rows[0]) if rows else ()
    if header == CLASS_CSV_HEADER:
        raise FileError(gettext("{file}: this is a class report (course report --csv), not a student's progress "
                                "export").format(file=source))
    if header[:len(EXPORT_CSV_HEADER)] != EXPORT_CSV_HEADER:
        raise FileError(gettext("{file}: not an exported progress file (the first row must be the header "
                                "{header})").format(file=source, header=",".join(EXPORT_CSV_HEADER)))
    exercises, learner = {}, ""
    for line, row in enumerate(rows[1:], 2):
        if not row:
            continue
        if len(row) < len(EXPORT_CSV_HEADER):
            raise FileError(gettext("{file}: line {line}: {n} columns, not {wanted}").format(
                file=source, line=line, n=len(row), wanted=len(EXPORT_CSV_HEADER)))
        learner = learner or row[0].strip()
        exercises[row[1]] = {"tries": _csv_number(row[2], line, "tries", source),
                             "solved": _csv_flag(row[3], line, "solved", source),
                             "hints": _csv_number(row[4], line, "hints", source)}
    return progress_from_data({"learner": learner or None, "exercises": exercises}, source)


def read_progress(path) -> StudentProgress:
    """Read one student's progress file (JSON export, CSV export or ``progress.json``)."""
    if str(path).lower().endswith(".csv"):
        return progress_from_csv(decode(read_bytes(path, MAX_CSV_BYTES, what=N_("a progress file")), str(path)),
                                 path)
    return progress_from_data(load_file(path, "json"), path)


def read_class(paths) -> tuple:
    """``(students, refused)``: every file that reads, and one line for each that does not."""
    students, refused = [], []
    for path in paths:
        try:
            students.append(read_progress(path))
        except FileError as e:
            refused.append(str(e))
    return students, refused


def lesson_titles() -> dict:
    """Lesson id -> its title, for every lesson of the course (and the puzzles)."""
    from .lessons.questions import LESSONS

    return {**{name: title for name, (_module, title) in LESSONS.items()}, "puzzles": N_("Puzzles")}


def lesson_order(students) -> list:
    """The lessons any student met, in course order (unknown ones last, by name)."""
    course = list(lesson_titles())
    met = {lesson for s in students for lesson in s.lessons}
    return [x for x in course if x in met] + sorted(met - set(course))


def short_label(lesson: str) -> str:
    """A column label for a lesson: its number, ``g`` and the number for a graph lesson.

    >>> short_label("notebooks/01_train_cards"), short_label("notebooks/graphs/03_shortest_paths")
    ('01', 'g03')
    >>> short_label("puzzles")
    'puzzles'
    """
    name = lesson.rsplit("/", 1)[-1]
    number = name.split("_", 1)[0]
    if not number.isdigit():
        return name[:12]
    return ("g" if "/graphs/" in lesson else "") + number


def exercise_counts() -> dict:
    """Lesson id -> how many exercises it has."""
    from .lessons.questions import lesson_builders

    return {name: len(build()) for name, build in lesson_builders().items()}


def class_table(students) -> str:
    """The class as a table a terminal shows: one row per student, one column per lesson, each
    cell ``solved/tried/hints`` (``-``: not started), then what each column is."""
    if not students:
        return gettext("no progress files to report")
    lessons, titles, counts = lesson_order(students), lesson_titles(), exercise_counts()
    heads = [gettext("student")] + [short_label(x) for x in lessons]
    rows = [[s.learner] + ["{solved}/{tried}/{hints}".format(**s.lessons[x]) if x in s.lessons else "-"
                           for x in lessons] for s in students]
    widths = [max(len(r[i]) for r in [heads] + rows) for i in range(len(heads))]

    def line(cells):
        padded = [c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths, strict=True))]
        return "  ".join(padded).rstrip()

    out = [line(heads), line(["-" * w for w in widths])] + [line(r) for r in rows]
    out.append("")
    out.append(gettext("each cell: exercises solved/tried/hints seen; - not started"))
    for x in lessons:
        total = (" " + ngettext("({n} exercise)", "({n} exercises)", counts[x]).format(n=counts[x])
                 if x in counts else "")
        title = gettext(titles[x]) if x in titles else x
        out.append(f"  {short_label(x):>7}  {title}{total}")
    return "\n".join(out)


def class_csv(students) -> str:
    """The class as CSV with a header row (:data:`CLASS_CSV_HEADER`), one row per student and
    lesson met: what a spreadsheet or a learning platform imports."""
    titles, counts = lesson_titles(), exercise_counts()
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CLASS_CSV_HEADER)
    for s in students:
        for x in lesson_order([s]):
            row = s.lessons[x]
            writer.writerow([s.learner, x, titles.get(x, x), counts.get(x, ""), row["solved"], row["tried"],
                             row["hints"], s.file])
    return out.getvalue()
