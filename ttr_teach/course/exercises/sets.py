"""A lesson's exercises: named, with their keys kept in the package, out of the learner's sight.

A notebook shows an exercise by its name and, in a hidden check cell, proves its key::

    exercises = questions.exercises()   # an ExerciseSet (lessons/questions/: the keys)
    exercises["second"]                 # the question, an answer box, Check / Hint / Show solution
    exercises.verify("second")          # hidden cell (tag "check"): the key is right; not a try
    exercises.progress                  # "0 of 4 solved" after Run All

>>> from ttr_teach.course.exercises.core import NumberExercise
>>> s = ExerciseSet("demo/lesson", "A demo", {"two": NumberExercise("1 + 1?", 2, example="2")})
>>> s["two"].id, s.ids
('demo/lesson/two', ['two'])
>>> s.verify("two"); s.progress.summary()
'0 of 1 solved'
"""
from __future__ import annotations

import html

from ...engine.i18n import gettext, ngettext
from .progress import Progress, ProgressStore


class ExerciseSet:
    """The exercises of one lesson, by name. ``name`` is the lesson's place in the course
    (``"notebooks/01_train_cards"``) and prefixes each exercise's id in the progress file;
    ``variable`` is what the notebook calls the set (coding exercises name it in their
    instructions)."""

    def __init__(self, name: str, title: str, exercises: dict, variable: str = "exercises",
                 store: ProgressStore | None = None):
        self.name, self.title, self.variable = name, title, variable
        self._exercises = dict(exercises)
        self.store = store if store is not None else ProgressStore()
        for key, ex in self._exercises.items():
            ex.id = f"{name}/{key}"
            ex.store = self.store
            if ex.answer_input == "function":     # answered in code: say how to check it
                ex.call = f'{variable}["{key}"].check({ex.function_name})'
            ex.on_check(self._note_lesson)
        self.progress = Progress(self._exercises.values(), store=self.store)

    def _note_lesson(self, *_):
        self.store.note_lesson(self.name, self.title, self._exercises)

    def __getitem__(self, key: str):
        try:
            return self._exercises[key]
        except KeyError:
            raise KeyError(gettext("no exercise {key} in {lesson}; there are: {keys}").format(
                key=repr(key), lesson=gettext(self.title), keys=", ".join(self._exercises))) from None

    def __iter__(self):
        return iter(self._exercises.values())

    def __len__(self):
        return len(self._exercises)

    def items(self):
        return self._exercises.items()

    @property
    def ids(self) -> list:
        return list(self._exercises)

    def verify(self, key: str, answer=None) -> None:
        """Raise ``AssertionError`` unless the exercise ``key`` accepts ``answer`` (default: its
        example answer). Never counts as a try."""
        try:
            self[key].verify(answer)
        except AssertionError as e:
            raise AssertionError(f"{self.name}/{key}: {e}") from None

    def verify_all(self) -> None:
        """:meth:`verify` every exercise with its example answer."""
        for key in self._exercises:
            self.verify(key)

    def _repr_html_(self):
        items = "".join(f"<li><code>{html.escape(k)}</code>: {html.escape(ex.prompt)}</li>"
                        for k, ex in self._exercises.items())
        count = ngettext("{n} exercise", "{n} exercises", len(self)).format(n=len(self))
        return f"<b>{html.escape(gettext(self.title))}</b>: {html.escape(count)}<ol>{items}</ol>"

    def __repr__(self):
        return f"<ExerciseSet {self.name}: {len(self)} exercises>"
