"""The teacher's answer key: every exercise of a notebook with its key, hints and worked solution.

One printable HTML page per notebook (:func:`key_page`): for a lesson, each exercise of its
:class:`~ttr_teach.course.exercises.ExerciseSet` in order; for a puzzle notebook, each puzzle of
its book with the facts it shows, the question, the answer and the worked explanation.

>>> from ttr_teach.course.lessons.questions import lesson_builders
>>> page = key_page("01 Train cards", lesson_entries(lesson_builders()["notebooks/01_train_cards"]()))
>>> "7/55, about 0.127" in page and "Hint 1" in page
True
"""
from __future__ import annotations

import html

from ..engine.i18n import gettext, ngettext
from .exercises.widget import markdown_html
from .printable import print_page


def lesson_entries(exercises) -> list:
    """``[{"id", "prompt", "answer", "hints", "solution"}]`` for a lesson's exercise set."""
    return [{"id": key, "prompt": ex.prompt, "answer": ex.answer_text(), "hints": list(ex.hints),
             "solution": ex.solution, "facts": []} for key, ex in exercises.items()]


def puzzle_entries(book) -> list:
    """The same for a :class:`~ttr_teach.course.puzzles.notebook.PuzzleBook`, one entry per puzzle,
    its texts in the language spoken now (as the puzzle notebooks show them)."""
    from .puzzles.facts import fact_lines

    shown = [(p, p.in_language()) for p in book]
    return [{"id": p.id, "title": s.title, "prompt": s.question, "facts": fact_lines(p),
             "answer": p.kind.show(p.answer, p.map), "hints": list(p.exercise.hints),
             "solution": s.explanation} for p, s in shown]


def key_page(title: str, entries: list) -> str:
    """The answer key of one notebook as a printable HTML page."""
    heading = gettext("Answer key: {notebook}").format(notebook=title)
    parts = [f"<h1>{html.escape(heading)}</h1>",
             "<p class='small'>" + html.escape(ngettext(
                 "{n} exercise. For the teacher: the students' notebooks show the questions, never these keys.",
                 "{n} exercises. For the teacher: the students' notebooks show the questions, never these keys.",
                 len(entries)).format(n=len(entries))) + "</p>"]
    answer, solution = html.escape(gettext("Answer:")), html.escape(gettext("Solution."))
    hint = gettext("Hint {n}:")
    for n, e in enumerate(entries, 1):
        head = html.escape(e.get("title") or e["id"])
        facts = "".join(f"<li>{html.escape(f, quote=False)}</li>" for f in e["facts"])
        hints = "".join("<li>" + html.escape(hint.format(n=k)) + f" {markdown_html(h, inline=True)}</li>"
                        for k, h in enumerate(e["hints"], 1))
        parts.append(
            f"<div class='item' id='{html.escape(e['id'])}'><h3>{n}. {head} <span class='small'>"
            f"({html.escape(e['id'])})</span></h3><p>{markdown_html(e['prompt'], inline=True)}</p>"
            + (f"<ul>{facts}</ul>" if facts else "")
            + f"<p class='key'><b>{answer}</b> {html.escape(e['answer'])}</p>"
            + (f"<ul class='small'>{hints}</ul>" if hints else "")
            + f"<div><b>{solution}</b> {markdown_html(e['solution'] or e['answer'])}</div></div>")
    return print_page(heading, "\n".join(parts))
