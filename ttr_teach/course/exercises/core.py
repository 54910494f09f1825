"""Exercises that teach: the learner answers, the checker says right or wrong with a nudge, and
never the key or a part of it.

* ``exercise.check(answer)`` is the learner's try: it returns a :class:`Verdict` ("Right" or
  "Not quite: too high"), counts the try and tells the progress bars.
* ``exercise.verify(answer)`` is the notebook's hidden check that the key is right (nbval runs
  it): it raises ``AssertionError`` for a wrong answer and never counts as solving.
* Hints come in steps (:meth:`Exercise.next_hint`); the worked solution opens only after a
  try (:meth:`Exercise.reveal_solution`).

>>> ex = NumberExercise("How many train cards are in the deck?", 110,
...                     hint=["Count the colours first.", "12 of each of 8 colours, plus the locomotives."],
...                     solution="12 x 8 + 14 = 110.")
>>> ex.reveal_solution()
'Try an answer first: the solution opens after your first check.'
>>> ex.check(96)
<Verdict wrong: Not quite: 96 is too low.>
>>> ex.next_hint()
'Hint 1 of 2: Count the colours first.'
>>> ex.check("110").correct, ex.reveal_solution()
(True, '12 x 8 + 14 = 110.')
>>> ex.verify("110")

The module imports no widget library; :mod:`.widget` draws an exercise when it is shown.
"""
from __future__ import annotations

import html
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...engine.i18n import N_, gettext, local_digits, ngettext
from ...engine.text import listing, sentence
from .reading import is_none, plain_number, read_items, read_number

#: What the Show solution button says before the learner has tried an answer.
TRY_FIRST = N_("Try an answer first: the solution opens after your first check.")


@dataclass(frozen=True)
class Verdict:
    """The checker's answer: right or wrong, and a sentence saying so (with a nudge when wrong)."""

    correct: bool
    message: str

    def __bool__(self):
        return self.correct

    def __str__(self):
        return f"{'✔' if self.correct else '✘'} {self.message}"

    def __repr__(self):
        return f"<Verdict {'right' if self.correct else 'wrong'}: {self.message}>"

    def _repr_html_(self):
        colour = "#1a7f37" if self.correct else "#c62828"
        return (f'<div class="ttr-verdict" data-correct="{int(self.correct)}"><span style="color:{colour};'
                f'font-weight:bold">{"✔" if self.correct else "✘"}</span> {html.escape(self.message)}</div>')


class NotWrittenYet(Exception):
    """Raised by a placeholder function (``raise NotWrittenYet``): not a try yet."""


class Exercise:
    """Base class: a prompt, an answer key, hints in steps and a worked solution (Markdown).

    Subclasses define :meth:`parse` (what the learner typed -> a value), :meth:`compare`
    (value -> :class:`Verdict`) and :meth:`answer_text` (the key as a person writes it, for
    the teacher's answer key). ``example`` is the answer as a learner would type it; the
    notebook's hidden check cell and the tests :meth:`verify` it against the key.
    ``figure`` (optional) is called to show a board or a table with the question.
    """

    placeholder = N_("your answer")
    #: How the learner answers, for the widget: "text", "choice", "true/false" or "function".
    answer_input = "text"
    #: The words for one item of the answer, in feedback ("one colour too many").
    item = "item"

    def __init__(self, prompt: str, answer: Any, *, hint: str | Iterable[str] = (), solution: str = "",
                 solution_view: Callable[[], Any] | None = None, example: Any = None,
                 figure: Callable[[], Any] | None = None, id: str | None = None):
        self.prompt = prompt
        self.answer = answer
        self.hints = (hint,) if isinstance(hint, str) else tuple(hint)
        self.hints = tuple(h for h in self.hints if h)
        self.solution = solution
        #: Called when the solution is revealed; returns something to display (e.g. a board).
        self.solution_view = solution_view
        self.example = example
        self.figure = figure
        #: The exercise's name in the learner's progress file (``"01_train_cards/second"``).
        self.id = id
        #: Where tries are kept across notebooks (a :class:`~.progress.ProgressStore`), or None.
        self.store = None
        #: Every answer the learner checked, with its verdict.
        self.attempts: list = []
        self.hints_seen = 0
        self._listeners: list = []

    @property
    def hint(self) -> str:
        """Every hint step, one after the other."""
        return " ".join(self.hints)

    def on_check(self, callback: Callable[[Exercise, Verdict], None]) -> None:
        """Call ``callback(exercise, verdict)`` after every try (a progress bar listens)."""
        self._listeners.append(callback)

    # -- checking --------------------------------------------------------------------------
    def parse(self, text: Any) -> Any:
        return text

    def compare(self, value: Any) -> Verdict:
        raise NotImplementedError

    def judge(self, answer: Any) -> Verdict:
        """The verdict on ``answer``, recording nothing."""
        return self._judge(answer)[0]

    def _judge(self, answer: Any) -> tuple:
        """``(verdict, readable)``: an answer that cannot be read is no try."""
        try:
            value = self.parse(answer)
        except NotWrittenYet:
            return Verdict(False, gettext("Not written yet: write the function, then check it again.")), False
        except (ValueError, TypeError) as e:
            return Verdict(False, sentence(gettext("I could not read that answer: {reason}").format(reason=e))), False
        return self.respond(value, answer), True

    def respond(self, value: Any, written: Any) -> Verdict:
        """The verdict on the read ``value`` of what the learner ``written``: by default
        :meth:`compare`; an exercise that repeats the answer back overrides it to repeat it as
        it was written (``84/110``, not ``0.7636``)."""
        return self.compare(value)

    def check(self, answer: Any) -> Verdict:
        """The learner's try: judge ``answer``, count it and tell the listeners.

        An answer that cannot be read is not counted as a try."""
        verdict, readable = self._judge(answer)
        if readable:
            self.attempts.append((answer, verdict))
            if self.store is not None and self.id:
                self.store.record_try(self.id, _answer_words(answer), verdict.correct)
            for callback in self._listeners:
                callback(self, verdict)
        return verdict

    def verify(self, answer: Any = None) -> None:
        """Raise ``AssertionError`` with the checker's sentence unless ``answer`` (default: the
        :attr:`example`) is right. Never counts as a try: this is how a notebook's hidden
        check cell proves the key.

        The error is raised explicitly, not by an ``assert`` statement, so the check still
        happens under ``python -O``.

        >>> NumberExercise("2 + 2?", 4).verify(5)
        Traceback (most recent call last):
        ...
        AssertionError: Not quite: 5 is too high.
        """
        if answer is None:
            if self.example is None:
                raise AssertionError(f"{self.id or self.prompt!r}: no example answer to verify")
            answer = self.example
        verdict = self.judge(answer)
        if not verdict.correct:
            raise AssertionError(verdict.message)

    #: The name earlier notebooks used; like :meth:`verify`, it never counts as solving.
    assert_correct = verify

    @property
    def tries(self) -> int:
        return len(self.attempts)

    @property
    def solved(self) -> bool:
        return any(v.correct for _, v in self.attempts)

    # -- hints and the solution ------------------------------------------------------------
    def next_hint(self) -> str:
        """The next hint step (the last one again once all have been seen)."""
        if not self.hints:
            return gettext("There is no hint for this one.")
        self.hints_seen = min(self.hints_seen + 1, len(self.hints))
        if self.store is not None and self.id:
            self.store.record_hint(self.id, self.hints_seen)
        n = self.hints_seen
        return gettext("Hint {n} of {total}: {hint}").format(n=n, total=len(self.hints), hint=self.hints[n - 1])

    @property
    def may_reveal(self) -> bool:
        """True once the learner has tried an answer (the solution is shown only then)."""
        return self.tries > 0

    def reveal_solution(self) -> str:
        """The worked solution (Markdown) after a try; before that, a sentence saying to try."""
        if not self.may_reveal:
            return gettext(TRY_FIRST)
        if self.store is not None and self.id:
            self.store.record_solution(self.id)
        return self.solution or gettext("The answer: {answer}.").format(answer=self.answer_text())

    def answer_text(self) -> str:
        """The key as a person writes it (for the teacher's answer key)."""
        return str(self.answer)

    # -- display ---------------------------------------------------------------------------
    def widget(self):
        """The exercise as an ipywidgets box (see :mod:`.widget`)."""
        from .widget import exercise_widget

        return exercise_widget(self)

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget())

    def __repr__(self):
        return f"<{type(self).__name__}: {self.prompt}>"


def _answer_words(answer) -> str:
    """What the learner answered, as short text for the progress file."""
    if callable(answer):
        return f"a function {getattr(answer, '__name__', '')}".strip()
    text = str(answer) if not isinstance(answer, dict) else "; ".join(str(v) for v in answer.values())
    return text if len(text) <= 200 else text[:197] + "..."


# -- numbers ---------------------------------------------------------------------------------
#: Answers longer than this are not repeated back as written (the number is, in plain decimals).
ECHO_LIMIT = 24


def as_written(written, value) -> str:
    """What the learner wrote, to repeat back in the feedback: their own text (``84/110``,
    ``0,445``, ``12.7 %``) when it is short, else the number in plain decimals.

    >>> as_written(" 84/110 ", Fraction(42, 55)), as_written(None, Fraction(42, 55))
    ('84/110', '0.7636')
    """
    text = " ".join(str(written).split()) if isinstance(written, (str, int)) and not isinstance(written, bool) \
        else ""
    return text if text and len(text) <= ECHO_LIMIT else local_digits(plain_number(value, 4))


def unit_words(n, unit: str) -> str:
    """``n`` with its ``unit`` in the right number: ``1 card``, ``3 cards``, ``1 city``.

    >>> unit_words(1, "cards"), unit_words(3, "cards"), unit_words(1, "cities"), unit_words(2, "")
    ('1 card', '3 cards', '1 city', '2')
    """
    if not unit:
        return local_digits(str(n))
    if unit in _UNITS:
        return _UNITS[unit](n).format(n=n)
    if n == 1 and unit.endswith("ies"):
        unit = unit[:-3] + "y"
    elif n == 1 and unit.endswith("s"):
        unit = unit[:-1]
    return f"{local_digits(str(n))} {unit}"


class NumberExercise(Exercise):
    """An exercise whose answer is a number. ``tolerance`` lets a decimal answer a fraction;
    ``nudges`` maps common wrong answers to a sentence that diagnoses the mistake (and must
    not give the key). A nudge is heard by every answer within ``tolerance`` of its number,
    so ``0.445`` and ``44.5%`` hear the nudge of ``(84/110)**3``. The feedback repeats the
    answer as the learner wrote it.

    >>> ex = NumberExercise("Chance of a locomotive?", Fraction(14, 110), tolerance=0.001)
    >>> [ex.check(a).correct for a in ("0,127", "12.7%", "14/110", "7/55")]
    [True, True, True, True]
    >>> ex.check("0.2").message, ex.check("14").message
    ('Not quite: 0.2 is too high.', 'Not quite: 14 is too high. A probability is at most 1 (or 100%).')
    >>> ex.check("2/11").message
    'Not quite: 2/11 is too high.'
    """

    placeholder = N_("a number")

    def __init__(self, prompt, answer, *, tolerance: float | Fraction = 0, unit: str = "",
                 nudges: dict | None = None, **kw):
        super().__init__(prompt, answer, **kw)
        self.tolerance = Fraction(tolerance).limit_denominator(10**9)
        self.unit = unit
        self.nudges = {read_number(k): v for k, v in (nudges or {}).items()}
        for wrong in self.nudges:
            if abs(wrong - self.key) <= self.tolerance:
                raise ValueError(f"the nudge for {plain_number(wrong)} would be heard by right answers: "
                                 "it is within the tolerance of the key")
        if self.example is None:
            key = self.key
            self.example = str(key.numerator) if key.denominator == 1 else f"{key.numerator}/{key.denominator}"

    def parse(self, text):
        return read_number(text, units=(self.unit,) if self.unit else ())

    @property
    def key(self) -> Fraction:
        return read_number(self.answer)

    def nudge_for(self, value) -> str | None:
        """The diagnosis of a common wrong answer near ``value`` (the nearest one), or None."""
        near = [(abs(value - wrong), wrong) for wrong in self.nudges if abs(value - wrong) <= self.tolerance]
        return self.nudges[min(near)[1]] if near else None

    def respond(self, value, written):
        return self.compare(value, written)

    def compare(self, value, written=None):
        key = self.key
        if abs(value - key) <= self.tolerance:
            return Verdict(True, gettext("Right: {answer}.").format(answer=self.answer_text()))
        if value > key:
            message = gettext("Not quite: {answer} is too high.").format(answer=as_written(written, value))
        else:
            message = gettext("Not quite: {answer} is too low.").format(answer=as_written(written, value))
        extra = self.nudge_for(value)
        if extra is None and 0 <= key <= 1 and self.tolerance and not 0 <= value <= 1:
            extra = (gettext("A probability is at most 1 (or 100%).") if value > 1
                     else gettext("A probability is never negative."))
        return Verdict(False, f"{message} {extra}" if extra else message)

    def answer_text(self) -> str:
        key = self.key
        if key.denominator == 1:
            return unit_words(key.numerator, self.unit)
        unit = f" {self.unit}" if self.unit else ""
        return gettext("{fraction}, about {decimal}").format(
            fraction=local_digits(f"{key.numerator}/{key.denominator}"), decimal=local_digits(plain_number(key))) + unit


# -- choices -----------------------------------------------------------------------------------
class ChoiceExercise(Exercise):
    """Pick one of several options; ``explanations`` says why a wrong option is wrong (never
    naming the right one).

    The options are the keys (English, marked with ``N_`` where they are words of ours); the
    learner sees each through :meth:`label`: its translation, or ``labels[option]`` for an option
    written with names in it. An answer may be written as the key or as the label.

    >>> ex = ChoiceExercise("Turn order?", ["clockwise", "counter-clockwise"], "clockwise")
    >>> ex.check("counter-clockwise").message
    'Not quite: not “counter-clockwise”.'
    """

    answer_input = "choice"

    def __init__(self, prompt, options: Iterable[str], answer, *, explanations: dict | None = None,
                 labels: dict | None = None, **kw):
        super().__init__(prompt, answer, **kw)
        self.options = [str(o) for o in options]
        if str(answer) not in self.options:
            raise ValueError(f"the answer {answer!r} is not one of the options")
        self.explanations = explanations or {}
        self.labels = labels or {}
        if self.example is None:
            self.example = str(answer)

    def parse(self, text):
        if text is None:
            raise ValueError(gettext("choose one of the options"))
        s = " ".join(str(text).split()).casefold()
        matches = [o for o in self.options if s in (o.casefold(), " ".join(self.label(o).split()).casefold())]
        if not matches:
            raise ValueError(gettext("choose one of: {options}").format(
                options=listing(self.label(o) for o in self.options)))
        return matches[0]

    def compare(self, value):
        why = self.explanations.get(value, "")
        if value == str(self.answer):
            right = gettext("Right: {answer}.").format(answer=self.label(value))
            return Verdict(True, f"{right} {why}".strip())
        wrong = gettext("Not quite: not “{answer}”.").format(answer=self.label(value))
        return Verdict(False, f"{wrong} {why}".strip())

    def label(self, option: str) -> str:
        """How ``option`` is shown to the learner: ``labels[option]`` if given, else its
        translation (an option that is no message of ours, a city or a number, stays as it is)."""
        if option in self.labels:
            return self.labels[option]
        return gettext(option) if option else option

    def answer_text(self) -> str:
        return self.label(str(self.answer))


class TrueFalseExercise(ChoiceExercise):
    """A statement the learner marks true or false. The explanation comes with a right answer
    (and in the solution); a wrong one gets ``nudge``, a question to think about.

    >>> ex = TrueFalseExercise("The game ends when a player runs out of trains.", False,
    ...                        explanation="It ends one full round after a player has 2 or fewer.")
    >>> ex.check("true").message
    'Not quite. Read the statement once more, word by word, then try the hint.'
    >>> ex.check("no").message
    'Right: False. It ends one full round after a player has 2 or fewer.'
    """

    answer_input = "true/false"

    TRUE_WORDS, FALSE_WORDS = ("true", "t", "yes", "y"), ("false", "f", "no", "n")
    WORDS = (N_("True"), N_("False"))

    def __init__(self, statement: str, truth: bool, *, explanation: str = "", nudge: str = "", **kw):
        kw.setdefault("solution", f"**{gettext(str(bool(truth)))}.** {explanation}".strip())
        super().__init__(statement, ["True", "False"], str(bool(truth)), **kw)
        self.explanation = explanation
        self.nudge = nudge or gettext("Read the statement once more, word by word, then try the hint.")

    def parse(self, text):
        if isinstance(text, bool):
            return str(text)
        s = str(text).strip().casefold() if text is not None else ""
        if s in self.TRUE_WORDS or s == gettext("True").casefold():
            return "True"
        if s in self.FALSE_WORDS or s == gettext("False").casefold():
            return "False"
        raise ValueError(gettext("answer {true} or {false}").format(true=gettext("True"), false=gettext("False")))

    def label(self, option: str) -> str:
        return gettext(option)  # "True" or "False", extracted below as N_ words

    def compare(self, value):
        if value == str(self.answer):
            right = gettext("Right: {answer}.").format(answer=self.label(value))
            return Verdict(True, f"{right} {self.explanation}".strip())
        return Verdict(False, gettext("Not quite. {nudge}").format(nudge=self.nudge))


# -- sets --------------------------------------------------------------------------------------
#: the units answers are counted in, as the language forms ``n`` of them
_UNITS: dict[str, Callable[[int], str]] = {
    "cards": lambda n: ngettext("{n} card", "{n} cards", n),
    "cities": lambda n: ngettext("{n} city", "{n} cities", n),
    "double routes": lambda n: ngettext("{n} double route", "{n} double routes", n),
    "games": lambda n: ngettext("{n} game", "{n} games", n),
    "groups": lambda n: ngettext("{n} group", "{n} groups", n),
    "locomotives": lambda n: ngettext("{n} locomotive", "{n} locomotives", n),
    "points": lambda n: ngettext("{n} point", "{n} points", n),
    "routes": lambda n: ngettext("{n} route", "{n} routes", n),
    "tickets": lambda n: ngettext("{n} ticket", "{n} tickets", n),
    "times": lambda n: ngettext("{n} time", "{n} times", n),
    "trains": lambda n: ngettext("{n} train", "{n} trains", n),
    "turns": lambda n: ngettext("{n} turn", "{n} turns", n),
    "ways": lambda n: ngettext("{n} way", "{n} ways", n),
}
#: the things a set answer holds, as the language says one of them or ``n`` of them
_ITEMS: dict[str, Callable[[int], str]] = {
    "item": lambda n: ngettext("one item", "{n} items", n),
    "ticket": lambda n: ngettext("one ticket", "{n} tickets", n),
    "city": lambda n: ngettext("one city", "{n} cities", n),
    "colour": lambda n: ngettext("one colour", "{n} colours", n),
    "player": lambda n: ngettext("one player", "{n} players", n),
}


def count_words(n: int, item: str) -> str:
    """``"one colour"``, ``"2 colours"``.

    >>> count_words(1, "ticket"), count_words(3, "city")
    ('one ticket', '3 cities')
    """
    if item in _ITEMS:
        return _ITEMS[item](n).format(n=n)
    if n == 1:
        return f"one {item}"
    plural = item[:-1] + "ies" if item.endswith("y") and item[-2:-1] not in "aeiou" else item + "s"
    return f"{n} {plural}"


def set_verdict(key, answer, label=str, item: str = "item") -> Verdict:
    """Compare a set ``answer`` with the ``key``: right (naming the items, each through
    ``label``), or how many are missing and how many should not be there, never which.

    >>> set_verdict({"a", "b"}, {"a", "c"}).message
    'Not quite: one item is missing, and one item should not be there.'
    >>> set_verdict({"a", "b"}, {"b", "a"}, item="colour").message
    'Right: a and b.'
    """
    missing, extra = len(key - answer), len(answer - key)
    if not missing and not extra:
        names = sorted(label(x) for x in key)
        said = (gettext("{items} and {last}").format(items=listing(names[:-1]), last=names[-1])
                if len(names) > 1 else names[0] if names else gettext("none"))
        return Verdict(True, gettext("Right: {answer}.").format(answer=said))
    lacking = ngettext("{count} is missing", "{count} are missing", missing).format(
        count=count_words(missing, item))
    wrong = gettext("{count} should not be there").format(count=count_words(extra, item))
    if missing and extra:
        return Verdict(False, gettext("Not quite: {missing}, and {extra}.").format(missing=lacking, extra=wrong))
    return Verdict(False, gettext("Not quite: {problem}.").format(problem=lacking if missing else wrong))


class SetExercise(Exercise):
    """An answer that is a set of names (colours, cities, players), typed with commas, ``and``
    or just spaces. ``options`` are the names a learner may use (needed to split "yellow
    black" at the space); ``normalise`` maps a typed item to its canonical form and raises
    ``ValueError`` for one it does not know; ``label`` writes an item for the learner.

    >>> ex = SetExercise("Which colours?", {"yellow", "black"}, item="colour",
    ...                  options=["yellow", "black", "orange", "red"])
    >>> [ex.check(a).correct for a in ("yellow black", "Black and yellow", "yellow, black")]
    [True, True, True]
    >>> ex.check("yellow").message
    'Not quite: one colour is missing.'
    >>> ex.check("yellow, purple").message
    'I could not read that answer: “purple” is not one of: black, orange, red, yellow.'
    """

    placeholder = N_("e.g. red, blue")

    def __init__(self, prompt, answer: Iterable, *, options: Iterable | None = None,
                 normalise: Callable[[str], str] | None = None, label: Callable[[Any], str] = str,
                 item: str = "item", **kw):
        self.options = None if options is None else {str(o).casefold(): o for o in options}
        self.normalise = normalise or self._from_options
        self.label = label
        self.item = item
        super().__init__(prompt, frozenset(self.normalise(str(a)) for a in answer), **kw)
        if self.example is None:
            self.example = self.answer_text()

    def _from_options(self, text: str):
        s = " ".join(text.split())
        if self.options is None:
            return s
        try:
            return self.options[s.casefold()]
        except KeyError:
            raise ValueError(gettext("“{item}” is not one of: {options}").format(
                item=s, options=listing(sorted(map(str, self.options.values()))))) from None

    def _known(self, piece: str) -> bool:
        try:
            self.normalise(piece)
        except (ValueError, KeyError):
            return False
        return True

    def parse(self, text):
        items = read_items(text, self._known) if isinstance(text, str) else [str(t) for t in text]
        try:
            return frozenset(self.normalise(t) for t in items)
        except KeyError as e:
            raise ValueError(gettext("I do not know {item}").format(item=e)) from None

    def compare(self, value):
        return set_verdict(self.answer, value, self.label, self.item)

    def answer_text(self) -> str:
        return listing(sorted(self.label(a) for a in self.answer)) or gettext("none")


def none_or(text) -> bool:
    """True when a set answer ``text`` says "none"."""
    return isinstance(text, str) and is_none(text)
