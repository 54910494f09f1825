"""Exercises with checkers: the learner answers, the checker says right or wrong and why.

Every exercise works in two ways:

* in a notebook, ``exercise`` shows itself as a small widget (an answer box, *Check*,
  *Hint* and *Show solution* buttons);
* in code, ``exercise.check(answer)`` returns a :class:`Verdict`, and
  ``exercise.assert_correct(answer)`` raises ``AssertionError`` when the answer is wrong, so a
  notebook run under nbval proves that its answer key is right.

>>> ex = NumberExercise("How many train cards are in the deck?", 110,
...                     hint="12 of each of 8 colours, plus the locomotives.",
...                     solution="12 x 8 + 14 = 110.")
>>> ex.check(96)
Verdict(correct=False, message='Not quite: 96 is 14 too low.')
>>> ex.check("110").correct
True
>>> ex.assert_correct(110)

The module imports no widget library until a widget is actually shown.
"""
from __future__ import annotations

import html
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Iterable


@dataclass(frozen=True)
class Verdict:
    """The checker's answer: right or wrong, and a sentence saying why."""

    correct: bool
    message: str

    def __bool__(self):
        return self.correct


class Exercise:
    """Base class: a prompt, an answer key, a hint and a worked solution.

    Subclasses define :meth:`parse` (text from the answer box -> value) and :meth:`compare`
    (value -> :class:`Verdict`).
    """

    placeholder = "your answer"

    def __init__(self, prompt: str, answer: Any, *, hint: str = "", solution: str = "",
                 solution_view: Callable[[], Any] | None = None):
        self.prompt = prompt
        self.answer = answer
        self.hint = hint
        self.solution = solution
        #: Called when the solution is revealed; returns something to display (e.g. a board).
        self.solution_view = solution_view
        #: Every answer checked so far, with its verdict (the puzzles' progress uses it).
        self.attempts: list = []
        self._listeners: list = []

    def on_check(self, callback: Callable[["Exercise", Verdict], None]) -> None:
        """Call ``callback(exercise, verdict)`` after every check (a progress bar listens)."""
        self._listeners.append(callback)

    # -- pure checking -------------------------------------------------------------------
    def parse(self, text: Any) -> Any:
        return text

    def compare(self, value: Any) -> Verdict:
        raise NotImplementedError

    def check(self, answer: Any) -> Verdict:
        """Check ``answer`` (a value or the text typed in the box) and record the attempt."""
        try:
            value = self.parse(answer)
        except (ValueError, TypeError) as e:
            verdict = Verdict(False, f"I could not read that answer: {e}")
        else:
            verdict = self.compare(value)
        self.attempts.append((answer, verdict))
        for callback in self._listeners:
            callback(self, verdict)
        return verdict

    def assert_correct(self, answer: Any) -> None:
        """Raise ``AssertionError`` with the checker's message unless ``answer`` is right.

        The error is raised explicitly, not by an ``assert`` statement, so the check still
        happens under ``python -O`` (which strips ``assert`` statements).

        >>> NumberExercise("2 + 2?", 4).assert_correct(5)
        Traceback (most recent call last):
        ...
        AssertionError: Not quite: 5 is 1 too high.
        """
        verdict = self.check(answer)
        if not verdict.correct:
            raise AssertionError(verdict.message)

    @property
    def solved(self) -> bool:
        return any(v.correct for _, v in self.attempts)

    # -- the widget ------------------------------------------------------------------------
    def widget(self):
        """An ipywidgets box: prompt, answer input, Check / Hint / Show solution, feedback."""
        import ipywidgets as w
        from IPython.display import display

        answer_box = self._input_widget()
        check = w.Button(description="Check", button_style="primary", icon="check")
        hint = w.Button(description="Hint", icon="lightbulb-o", disabled=not self.hint)
        reveal = w.Button(description="Show solution", icon="eye")
        feedback = w.HTML()
        solution = w.Output()

        def on_check(_):
            verdict = self.check(answer_box.value)
            mark, colour = ("✔", "#1a7f37") if verdict.correct else ("✘", "#c62828")
            feedback.value = (f'<span style="color:{colour};font-weight:bold">{mark}</span> '
                              f"{html.escape(verdict.message)}")

        def on_hint(_):
            feedback.value = f"<i>Hint:</i> {html.escape(self.hint)}"

        def on_reveal(_):
            solution.clear_output()
            with solution:
                display(w.HTML(f"<b>Solution.</b> {_paragraphs(self.solution)}"))
                if self.solution_view is not None:
                    display(self.solution_view())

        check.on_click(on_check)
        hint.on_click(on_hint)
        reveal.on_click(on_reveal)
        box = w.VBox([w.HTML(f"<b>{html.escape(self.prompt)}</b>"),
                      w.HBox([answer_box, check, hint, reveal]), feedback, solution])
        box.add_class("ttr-exercise")
        return box

    def _input_widget(self):
        import ipywidgets as w

        return w.Text(placeholder=self.placeholder, layout=w.Layout(width="260px"))

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget())

    def __repr__(self):
        return f"<{type(self).__name__}: {self.prompt}>"


def _paragraphs(text: str) -> str:
    return "".join(f"<p>{html.escape(p)}</p>" for p in text.split("\n\n") if p.strip())


def _number(text: Any) -> Fraction:
    if isinstance(text, bool):
        raise ValueError("give a number")
    if isinstance(text, (int, Fraction)):
        return Fraction(text)
    if isinstance(text, float):
        return Fraction(text).limit_denominator(10**6)
    s = str(text).strip().replace(",", "").replace("%", "")
    if not s:
        raise ValueError("the box is empty")
    try:
        return Fraction(s)
    except ValueError:
        raise ValueError(f"{text!r} is not a number (write e.g. 42, 0.25 or 3/8)") from None


class NumberExercise(Exercise):
    """An exercise whose answer is a number; ``tolerance`` allows decimal answers to a fraction.

    >>> NumberExercise("1/4 as a decimal?", Fraction(1, 4), tolerance=0.001).check("0.2501").correct
    True
    """

    placeholder = "a number"

    def __init__(self, prompt, answer, *, tolerance: float = 0, unit: str = "", **kw):
        super().__init__(prompt, answer, **kw)
        self.tolerance = Fraction(tolerance).limit_denominator(10**9)
        self.unit = unit

    def parse(self, text):
        return _number(text)

    def compare(self, value):
        key = _number(self.answer)
        diff = value - key
        unit = f" {self.unit}" if self.unit else ""
        if abs(diff) <= self.tolerance:
            return Verdict(True, f"Right: {_show(key)}{unit}.")
        direction = "too high" if diff > 0 else "too low"
        return Verdict(False, f"Not quite: {_show(value)} is {_show(abs(diff))}{unit} {direction}.")


def _show(x: Fraction) -> str:
    if x.denominator == 1:
        return str(x.numerator)
    return f"{x.numerator}/{x.denominator} (≈ {float(x):.4g})"


class ChoiceExercise(Exercise):
    """Pick one of several options (shown as buttons); ``explanations`` says why each is wrong.

    >>> ex = ChoiceExercise("Turn order?", ["clockwise", "counter-clockwise"], "clockwise")
    >>> ex.check("counter-clockwise").message
    'Not quite: the answer is not counter-clockwise.'
    """

    def __init__(self, prompt, options: Iterable[str], answer, *, explanations: dict | None = None, **kw):
        super().__init__(prompt, answer, **kw)
        self.options = [str(o) for o in options]
        if str(answer) not in self.options:
            raise ValueError(f"the answer {answer!r} is not one of the options")
        self.explanations = explanations or {}

    def parse(self, text):
        s = str(text).strip()
        matches = [o for o in self.options if o.casefold() == s.casefold()]
        if not matches:
            raise ValueError(f"choose one of: {', '.join(self.options)}")
        return matches[0]

    def compare(self, value):
        why = self.explanations.get(value, "")
        if value == str(self.answer):
            return Verdict(True, f"Right: {value}. {why}".strip())
        return Verdict(False, (f"Not quite: the answer is not {value}. {why}").strip())

    def _input_widget(self):
        import ipywidgets as w

        return w.ToggleButtons(options=self.options, value=None)


class TrueFalseExercise(ChoiceExercise):
    """A statement the learner marks true or false; the explanation is given either way.

    >>> ex = TrueFalseExercise("The game ends when a player runs out of trains.", False,
    ...                        explanation="It ends one full round after a player has 2 or fewer.")
    >>> ex.check("false").message
    'Right: False. It ends one full round after a player has 2 or fewer.'
    """

    def __init__(self, statement: str, truth: bool, *, explanation: str = "", **kw):
        kw.setdefault("solution", explanation)
        super().__init__(statement, ["True", "False"], str(bool(truth)),
                         explanations={"True": explanation, "False": explanation}, **kw)

    def parse(self, text):
        if isinstance(text, bool):
            return str(text)
        return super().parse(text)


class SetExercise(Exercise):
    """An answer that is a set of names (cities, tickets, players), typed comma-separated.

    ``normalise`` maps each typed item to its canonical form (e.g. a city alias to its id).

    >>> ex = SetExercise("Which tickets are completed?", {"Paris-Wien", "Roma-Zagrab"})
    >>> ex.check("Paris-Wien").message
    'Not quite: you are missing 1 (Roma-Zagrab).'
    """

    placeholder = "comma-separated"

    def __init__(self, prompt, answer: Iterable, *, normalise: Callable[[str], str] | None = None, **kw):
        self.normalise = normalise or (lambda s: s)
        super().__init__(prompt, frozenset(self.normalise(str(a)) for a in answer), **kw)

    def parse(self, text):
        if isinstance(text, str):
            items = [t.strip() for t in text.split(",") if t.strip()]
        else:
            items = [str(t) for t in text]
        return frozenset(self.normalise(t) for t in items)

    def compare(self, value):
        return set_verdict(self.answer, value)


def set_verdict(key, answer, label=str) -> Verdict:
    """Compare a set ``answer`` with the ``key``: right, or which items are missing or extra
    (each shown through ``label``).

    >>> set_verdict({"a", "b"}, {"a", "c"}).message
    'Not quite: you are missing 1 (b); c should not be there.'
    """
    missing = sorted(label(x) for x in key - answer)
    extra = sorted(label(x) for x in answer - key)
    if not missing and not extra:
        return Verdict(True, f"Right: {', '.join(sorted(label(x) for x in key)) or 'none'}.")
    parts = []
    if missing:
        parts.append(f"you are missing {len(missing)} ({', '.join(missing)})")
    if extra:
        parts.append(f"{', '.join(extra)} should not be there")
    return Verdict(False, "Not quite: " + "; ".join(parts) + ".")


class FunctionExercise(Exercise):
    """The learner writes a function; the checker runs it on ``cases`` against a reference.

    ``cases`` is a list of argument tuples; the expected result of each is ``reference(*args)``
    (a function from the package), compared with ``equal``. With ``copy_args=True`` every
    call gets a deep copy of the case's arguments, so a function that changes its input (a
    graph, a list) cannot spoil the cases for the reference or for the next check.

    >>> ex = FunctionExercise("Write points(length).", reference=lambda n: {1: 1, 2: 2, 3: 4}[n],
    ...                       cases=[(1,), (2,), (3,)])
    >>> ex.check(lambda n: n).message
    'Not yet: for (3,) your function returned 3, expected 4.'
    >>> ex.check(lambda n: {1: 1, 2: 2, 3: 4}[n]).message
    'Right: your function agrees on all 3 cases.'
    >>> ex = FunctionExercise("Write total(xs).", reference=sum, cases=[([1, 2],)], copy_args=True)
    >>> ex.check(lambda xs: xs.pop() + xs.pop()).correct, ex.cases
    (True, [([1, 2],)])
    """

    def __init__(self, prompt, *, reference: Callable, cases: list,
                 equal: Callable[[Any, Any], bool] | None = None, copy_args: bool = False, **kw):
        super().__init__(prompt, reference, **kw)
        self.cases = [c if isinstance(c, tuple) else (c,) for c in cases]
        self.equal = equal or (lambda a, b: a == b)
        self.copy_args = copy_args

    def _args(self, args):
        if not self.copy_args:
            return args
        import copy

        return copy.deepcopy(args)

    def compare(self, fn):
        if not callable(fn):
            return Verdict(False, "Give the function itself (its name, without calling it).")
        for args in self.cases:
            expected = self.answer(*self._args(args))
            try:
                got = fn(*self._args(args))
            except Exception as e:  # the learner's code may fail in any way; report it
                return Verdict(False, f"Not yet: for {_short(args)} your function raised "
                                      f"{type(e).__name__}: {e}")
            if not self.equal(got, expected):
                return Verdict(False, f"Not yet: for {_short(args)} your function returned "
                                      f"{_short(got)}, expected {_short(expected)}.")
        return Verdict(True, f"Right: your function agrees on all {len(self.cases)} cases.")

    def widget(self):
        import ipywidgets as w

        text = (f"<b>{html.escape(self.prompt)}</b><br>Write your function in a cell, then run "
                f"<code>exercise.check(your_function)</code>.")
        hint = w.Button(description="Hint", icon="lightbulb-o", disabled=not self.hint)
        reveal = w.Button(description="Show solution", icon="eye")
        out = w.HTML()
        hint.on_click(lambda _: setattr(out, "value", f"<i>Hint:</i> {html.escape(self.hint)}"))
        reveal.on_click(lambda _: setattr(out, "value", f"<pre>{html.escape(self.solution)}</pre>"))
        return w.VBox([w.HTML(text), w.HBox([hint, reveal]), out])


def _short(x, limit=120) -> str:
    s = repr(x)
    return s if len(s) <= limit else s[: limit - 3] + "..."


class Progress:
    """Counts solved exercises of a series and shows it as a progress bar.

    >>> a, b = NumberExercise("1+1?", 2), NumberExercise("2+2?", 4)
    >>> p = Progress([a, b]); _ = a.check(2); p.summary()
    '1 of 2 solved'
    """

    def __init__(self, exercises: Iterable[Exercise]):
        self.exercises = list(exercises)

    @property
    def solved(self) -> int:
        return sum(e.solved for e in self.exercises)

    def summary(self) -> str:
        return f"{self.solved} of {len(self.exercises)} solved"

    def widget(self):
        import ipywidgets as w

        bar = w.IntProgress(value=self.solved, min=0, max=len(self.exercises), description="Progress")
        label = w.Label(self.summary())

        def refresh(*_):
            bar.value = self.solved
            label.value = self.summary()

        for exercise in self.exercises:
            exercise.on_check(refresh)
        return w.HBox([bar, label])

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget())
