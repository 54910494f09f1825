"""Coding exercises: the learner writes a function, the checker runs it on cases.

The expected result of each case comes from a reference function of the package. A wrong
function hears which case it got wrong and what it returned, never what it should have
returned; a placeholder that still raises ``NotImplementedError`` is not a try.

>>> ex = FunctionExercise("Write points(length).", reference=lambda n: {1: 1, 2: 2, 3: 4}[n],
...                       cases=[(1,), (2,), (3,)], function_name="points")
>>> ex.check(lambda n: n).message
'Not yet: for the case (3) your function returned 3, which is not right.'
>>> def points(n):
...     raise NotImplementedError
>>> ex.check(points).message, ex.tries
('Not written yet: write points, then check it again.', 1)
>>> ex.check(lambda n: {1: 1, 2: 2, 3: 4}[n]).message
'Right: your function agrees on all 3 cases.'
>>> ex = FunctionExercise("Write total(xs).", reference=sum, cases=[([1, 2],)], copy_args=True)
>>> ex.check(lambda xs: xs.pop() + xs.pop()).correct, ex.cases
(True, [([1, 2],)])
"""
from __future__ import annotations

import copy
import inspect
from collections.abc import Callable
from typing import Any

from ...engine.text import sentence
from .core import Exercise, Verdict


def describe(value, limit: int = 80) -> str:
    """A value in a few readable words: graphs by their size, long lists shortened.

    >>> import networkx as nx
    >>> describe(nx.path_graph(4)), describe(list(range(40)))[-12:]
    ('a graph of 4 nodes and 3 edges', ' (40 items)]')
    """
    if hasattr(value, "number_of_nodes") and hasattr(value, "number_of_edges"):
        kind = "multigraph" if value.is_multigraph() else "graph"
        name = value.graph.get("name")
        called = f" ({name})" if name else ""
        return f"a {kind}{called} of {value.number_of_nodes()} nodes and {value.number_of_edges()} edges"
    if isinstance(value, (list, tuple)) and len(repr(value)) > limit:
        shown = ", ".join(repr(v) for v in value[:2])
        return f"[{shown}, ... ({len(value)} items)]"
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def describe_case(args: tuple) -> str:
    """The arguments of one case in words: ``(a graph of 47 nodes and 90 edges, 'Paris', 'Wien')``."""
    return "(" + ", ".join(describe(a) for a in args) + ")"


class FunctionExercise(Exercise):
    """The learner writes a function; the checker runs it on ``cases`` against ``reference``.

    ``cases`` is a list of argument tuples; each expected result is ``reference(*args)``,
    compared with ``equal``. With ``copy_args=True`` every call gets a deep copy of the
    arguments, so a function that changes its input cannot spoil the next case.
    ``function_name`` is what the learner's function is called, and ``call`` the code that
    checks it (the widget shows it, naming the notebook's real variable).
    """

    placeholder = ""
    answer_input = "function"

    def __init__(self, prompt, *, reference: Callable, cases: list,
                 equal: Callable[[Any, Any], bool] | None = None, copy_args: bool = False,
                 function_name: str = "", call: str = "", **kw):
        super().__init__(prompt, reference, **kw)
        self.cases = [c if isinstance(c, tuple) else (c,) for c in cases]
        self.equal = equal or (lambda a, b: a == b)
        self.copy_args = copy_args
        self.function_name = function_name or "your function"
        self.call = call or f"exercise.check({function_name or 'your_function'})"

    def _args(self, args):
        return copy.deepcopy(args) if self.copy_args else args

    def parse(self, fn):
        if not callable(fn):
            raise ValueError("give the function itself (its name, without calling it)")
        return fn

    def _judge(self, answer):
        verdict, readable = super()._judge(answer)
        if verdict.message.startswith("Not written yet"):
            return Verdict(False, f"Not written yet: write {self.function_name}, then check it again."), False
        return verdict, readable

    def compare(self, fn):
        for args in self.cases:
            expected = self.answer(*self._args(args))
            try:
                got = fn(*self._args(args))
            except NotImplementedError:
                return Verdict(False, "Not written yet")
            except Exception as e:  # the learner's code may fail in any way; report it
                return Verdict(False, sentence(f"Not yet: for the case {describe_case(args)} your function "
                                               f"raised {type(e).__name__}: {e}"))
            if not self.equal(got, expected):
                return Verdict(False, f"Not yet: for the case {describe_case(args)} your function returned "
                                      f"{describe(got)}, which is not right.{_type_nudge(got, expected)}")
        cases = "the one case" if len(self.cases) == 1 else f"all {len(self.cases)} cases"
        return Verdict(True, f"Right: your function agrees on {cases}.")

    def answer_text(self) -> str:
        return f"a function {self.function_name} that agrees with the package on {len(self.cases)} cases " \
               "(the worked solution shows one)"


def _type_nudge(got, expected) -> str:
    if got is None:
        return " (It returned None: did it forget to return its answer?)"
    if type(got) is not type(expected) and not (isinstance(got, (int, float)) and isinstance(expected, (int, float))
                                                and not isinstance(got, bool)):
        return f" (It should return {_a(type(expected).__name__)}, not {_a(type(got).__name__)}.)"
    return ""


def _a(word: str) -> str:
    return f"{'an' if word[:1] in 'aeiou' else 'a'} {word}"


def source_of(fn: Callable, name: str | None = None) -> str:
    """The source of ``fn`` as a Markdown code block, renamed to ``name`` (a worked solution).

    >>> def solution_double(x):
    ...     return 2 * x
    >>> print(source_of(solution_double, "double"))
    ```python
    def double(x):
        return 2 * x
    ```
    """
    text = inspect.getsource(fn)
    lines = text.splitlines()
    indent = len(lines[0]) - len(lines[0].lstrip())
    text = "\n".join(line[indent:] for line in lines)
    if name:
        text = text.replace(f"def {fn.__name__}(", f"def {name}(", 1)
    return f"```python\n{text}\n```"
