"""The lessons as nbgrader assignments: autograded answer cells, keys in hidden tests only.

:func:`write_course` writes an nbgrader course folder: ``nbgrader_config.py`` and
``source/<assignment>/<assignment>.ipynb``, one assignment per lesson with exercises. In each
notebook every exercise is a question (Markdown, with its hints), an **autograded answer
cell** where the student writes the answer as a value (``answer_second = "7/55"``; a number,
a text, True/False; a function for the coding exercises) and a **test cell** worth
:data:`POINTS` points whose hidden part (``### BEGIN HIDDEN TESTS``) holds the key and checks
the answer through the course's own checker (:func:`grade`: ``0,127``, ``12.7%`` and ``7/55``
are read as in the notebooks' answer boxes). ``nbgrader generate_assignment`` takes the
hidden tests and the solution regions out of the released copy, so the key is in the
teacher's ``source/`` only; ``nbgrader autograde`` puts the hidden tests back to grade.

The bot exercises (graphs lesson 6) are measured over many games against other bots, not
graded by a test cell, and are left out.

>>> grade("notebooks/01_train_cards/blind", "12.7%", key="7/55")
>>> grade("notebooks/01_train_cards/blind", "2/11", key="7/55")
Traceback (most recent call last):
...
AssertionError: notebooks/01_train_cards/blind: Not quite: 2/11 is too high.
"""
from __future__ import annotations

import copy
from pathlib import Path

from ..engine.errors import NotFoundError
from ..engine.i18n import gettext, ngettext, speaking
from ..extras import require

#: Points for each exercise's test cell.
POINTS = 1
#: How a number may be written, shown with each number question (any that is the key is left out).
NUMBER_SAMPLES = ("12", "2/9", "0,25", "40%")
#: The course's id in nbgrader.
COURSE_ID = "ttr-teach"
#: What nbgrader needs in a cell's metadata (its schema version 3).
_SCHEMA = 3


def course_exercise(exercise_id: str):
    """The course's exercise ``notebooks/01_train_cards/second`` (a fresh copy, keeping no tries)."""
    from .lessons.questions import lesson_builders

    lesson, _, key = exercise_id.rpartition("/")
    builders = lesson_builders()
    if lesson not in builders:
        raise NotFoundError(gettext("{exercise}: no lesson {lesson} in the course").format(
            exercise=exercise_id, lesson=repr(lesson)))
    exercises = builders[lesson]()
    if key not in exercises.ids:
        raise NotFoundError(gettext("{exercise}: no exercise {key} in {lesson}").format(
            exercise=exercise_id, key=repr(key), lesson=gettext(exercises.title)))
    ex = exercises[key]
    ex.store = None
    return ex


def _blank(answer) -> bool:
    return answer is None or answer is Ellipsis or (isinstance(answer, str) and not answer.strip())


def grade(exercise_id: str, answer, key=None, lang: str | None = None) -> None:
    """Raise ``AssertionError`` (with the course's feedback) unless ``answer`` is right.

    ``key`` is the right answer as a learner writes it (the hidden test holds it: a teacher
    may change it there); the answer is read and judged by the exercise's own checker with that
    key. A coding exercise has no ``key``: the student's function is checked against the
    package on the exercise's cases. ``lang``: the language the assignment was written in (its
    choices' words, its feedback), default the language spoken now. Never counts as a try in
    anyone's progress file."""
    if lang is not None:
        with speaking(lang):
            return grade(exercise_id, answer, key)
    ex = copy.copy(course_exercise(exercise_id))
    if _blank(answer):
        raise AssertionError(gettext("{exercise}: no answer yet").format(exercise=exercise_id))
    if ex.answer_input == "function":
        from .exercises.functions import package_function

        own = package_function(answer)
        if own:
            raise AssertionError(gettext("{exercise}: {function} is one of the package's own functions, not the "
                                         "student's").format(exercise=exercise_id, function=own))
    if key is not None:
        try:
            ex.answer = ex.parse(key)
        except (ValueError, TypeError) as e:
            raise AssertionError(gettext("{exercise}: the test's key {key} cannot be read ({reason})").format(
                exercise=exercise_id, key=repr(key), reason=e)) from None
    verdict = ex.judge(answer)
    if not verdict.correct:
        raise AssertionError(f"{exercise_id}: {verdict.message}")


def _answer_cell(nbformat, grade_id: str, source: str):
    cell = nbformat.v4.new_code_cell(source)
    cell.metadata["nbgrader"] = {"grade": False, "solution": True, "locked": False, "grade_id": grade_id,
                                 "schema_version": _SCHEMA}
    return cell


def _test_cell(nbformat, grade_id: str, source: str):
    cell = nbformat.v4.new_code_cell(source)
    cell.metadata["nbgrader"] = {"grade": True, "solution": False, "locked": True, "grade_id": grade_id,
                                 "points": POINTS, "schema_version": _SCHEMA}
    return cell


def _how_to_answer(ex) -> str:
    if ex.answer_input == "function":
        return gettext("Write the function `{function}` in the cell below.").format(function=ex.function_name)
    if ex.answer_input == "true/false":
        return gettext("Answer `True` or `False`.")
    if ex.answer_input == "choice":
        options = ", ".join(f'"{o}"' for o in ex.options)
        return gettext("Answer with one of: {options} (in quotes).").format(options=options)
    if type(ex).__name__.endswith("SetExercise"):
        return gettext('Answer with the names in quotes, separated by commas: `"red, blue"`.')
    shown = [f"`{x}`" if x.isdigit() else f'`"{x}"`' for x in NUMBER_SAMPLES
             if not ex.judge(x).correct]        # never the key itself
    return gettext("Answer with a number, in quotes when it is a fraction or a percentage: {samples}.").format(
        samples=", ".join(shown))


def assignment_notebook(lesson: str, lang: str | None = None):
    """The nbgrader source notebook of ``lesson`` (``notebooks/01_train_cards``) in ``lang``
    (default: the language spoken now): its questions, hints and choices in that language, a
    first cell that speaks it (as a translated lesson's), and its hidden tests grading in it."""
    from .edition_language import edition_lang

    lang = edition_lang(lang)
    with speaking(lang):
        return _assignment_notebook(lesson, lang)


def _assignment_notebook(lesson: str, lang: str):
    nbformat = require("nbformat", "writing nbgrader assignments")
    from .lessons.questions import LESSONS, lesson_builders
    from .notebook_translation import in_language, language_code

    def markdown(text: str):
        return nbformat.v4.new_markdown_cell(text if lang == "en" else in_language(text, lang))

    exercises = lesson_builders()[lesson]()
    title = gettext(LESSONS[lesson][1])
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    if lang != "en":
        nb.cells.append(nbformat.v4.new_code_cell(language_code(lang)))
    nb.cells.append(markdown(
        "# " + gettext("{lesson}: graded exercises").format(lesson=title) + "\n\n"
        + ngettext("Write each answer in the cell under its question, as a value (`answer_name = ...`), then "
                   "run the cell. The lesson's notebook explains everything these exercises ask. Each exercise "
                   "is worth {n} point.",
                   "Write each answer in the cell under its question, as a value (`answer_name = ...`), then "
                   "run the cell. The lesson's notebook explains everything these exercises ask. Each exercise "
                   "is worth {n} points.", POINTS).format(n=POINTS)))
    for key, ex in exercises.items():
        if ex.answer_input == "function" and not hasattr(ex, "cases"):
            continue                    # a bot: measured over many games, not by a test cell
        hints = "".join("\n- " + gettext("Hint: {hint}").format(hint=h) for h in ex.hints)
        nb.cells.append(markdown(f"## {key}\n\n{ex.prompt}\n\n{_how_to_answer(ex)}{hints}"))
        if ex.answer_input == "function":
            answer, name = f"{ex.function_name} = None", ex.function_name
            key_part = ""
        else:
            name = f"answer_{key}"
            answer, key_part = f"{name} = None", f", key={ex.example!r}"
        nb.cells.append(_answer_cell(nbformat, f"answer_{key}",
                                     f"# your answer\n### BEGIN SOLUTION\n{answer}\n### END SOLUTION"))
        nb.cells.append(_test_cell(nbformat, f"test_{key}",
                                   f"# checks {name} with the course's checker\n"
                                   "from ttr_teach.course.assignments import grade\n"
                                   "### BEGIN HIDDEN TESTS\n"
                                   f"grade({exercises[key].id!r}, globals().get({name!r}){key_part}, lang={lang!r})\n"
                                   "### END HIDDEN TESTS"))
    return nb


def assignment_name(lesson: str) -> str:
    """The assignment's name: ``01_train_cards``, ``graphs_03_shortest_paths``.

    >>> assignment_name("notebooks/graphs/03_shortest_paths")
    'graphs_03_shortest_paths'
    """
    return lesson.removeprefix("notebooks/").replace("/", "_")


CONFIG = f'''"""nbgrader's configuration for the Ticket to Ride course (written by ttr-teach course nbgrader)."""
c = get_config()  # noqa: F821 (nbgrader defines it)
c.CourseDirectory.course_id = "{COURSE_ID}"
c.GenerateAssignment.create_assignment = True     # each source/ folder becomes an assignment
c.Autograde.create_student = True                  # each submitted/ folder a student
c.ExecutePreprocessor.timeout = 120
'''


def write_course(out, lang: str | None = None) -> tuple:
    """Write the nbgrader course folder ``out`` with the assignments in ``lang`` (default: the
    language spoken now); returns ``(files written, removed)`` as the editions do (a folder an
    earlier build wrote is cleaned, one holding anything else, such as nbgrader's own
    ``release/`` or ``gradebook.db``, is refused; an unknown language before anything is written)."""
    nbformat = require("nbformat", "writing nbgrader assignments")
    from .edition_language import edition_lang
    from .editions import prepare_folder, record_build
    from .lessons.questions import lesson_builders

    lang = edition_lang(lang)
    out, removed = prepare_folder(out)
    written = []
    for lesson in lesson_builders():
        nb = assignment_notebook(lesson, lang)
        if not any("nbgrader" in c.metadata for c in nb.cells):
            continue
        name = assignment_name(lesson)
        target = out / "source" / name / f"{name}.ipynb"
        target.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(nb, target)
        written.append(target)
    config = Path(out) / "nbgrader_config.py"
    config.write_text(CONFIG, encoding="utf-8")
    written.append(config)
    record_build(out, "nbgrader", written, lang)
    return written, removed
