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

The exercise is to write the function, so a check refuses the package's own functions (the
lesson's worked solution among them), as the bot exercises refuse its bots; the notebook's
hidden check cell (:meth:`~.core.Exercise.verify`) proves the key with them.

>>> from ttr_teach.engine.text import plural
>>> ex.check(plural).message, ex.tries
("plural is one of the package's own functions, not yours: write your own function, then check it.", 1)
"""
from __future__ import annotations

import copy
import inspect
from collections.abc import Callable
from typing import Any

from ...engine.i18n import gettext, ngettext
from ...engine.text import sentence
from .core import Exercise, Verdict

#: What :meth:`FunctionExercise.compare` says of a function that still raises NotImplementedError
#: (the notebook's placeholder); :meth:`FunctionExercise._judge` turns it into no try.
#: What a function that still raises NotImplementedError gets: no try counted, the learner is asked to write it.
NOT_WRITTEN = "not written yet"
_NOT_WRITTEN = NOT_WRITTEN


def package_function(fn) -> str | None:
    """The name of ``fn`` when it is one of ``ttr_teach``'s own functions (a function or
    method a module of the package defines, also inside a ``functools.partial``), else None.

    >>> from ttr_teach.engine.text import plural
    >>> package_function(plural), package_function(len), package_function(lambda: 0)
    ('plural', None, None)
    """
    import sys

    target = getattr(fn, "func", fn)
    target = getattr(target, "__func__", target)            # a bound method: its function
    module = getattr(target, "__module__", None) or ""
    if not (module == "ttr_teach" or module.startswith("ttr_teach.")):
        return None
    found: Any = sys.modules.get(module)
    for part in str(getattr(target, "__qualname__", "<>")).split("."):
        found = getattr(found, part, None)
    return target.__name__ if found is target else None


def describe(value, limit: int = 80) -> str:
    """A value in a few readable words: graphs by their size, long lists shortened.

    >>> import networkx as nx
    >>> describe(nx.path_graph(4)), describe(list(range(40)))[-12:]
    ('a graph of 4 nodes and 3 edges', ' (40 items)]')
    """
    if hasattr(value, "number_of_nodes") and hasattr(value, "number_of_edges"):
        n, m = value.number_of_nodes(), value.number_of_edges()
        nodes = ngettext("{n} node", "{n} nodes", n).format(n=n)
        edges = ngettext("{n} edge", "{n} edges", m).format(n=m)
        name = value.graph.get("name")
        if value.is_multigraph():
            said = (gettext("a multigraph ({name}) of {nodes} and {edges}") if name
                    else gettext("a multigraph of {nodes} and {edges}"))
        else:
            said = (gettext("a graph ({name}) of {nodes} and {edges}") if name
                    else gettext("a graph of {nodes} and {edges}"))
        return said.format(name=name, nodes=nodes, edges=edges)
    if isinstance(value, (list, tuple)) and len(repr(value)) > limit:
        shown = ", ".join(repr(v) for v in value[:2])
        return ngettext("[{shown}, ... ({n} item)]", "[{shown}, ... ({n} items)]", len(value)).format(
            shown=shown, n=len(value))
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
        self.function_name = function_name or gettext("your function")
        self.call = call or f"exercise.check({function_name or 'your_function'})"

    def check(self, answer):
        """The learner's try (see :meth:`~.core.Exercise.check`); a function of the package is
        refused without a try."""
        refused = package_function(answer)
        if refused:
            return Verdict(False, gettext("{function} is one of the package's own functions, not yours: write "
                                          "your own {name}, then check it.").format(
                function=refused, name=self.function_name.replace("your ", "")))
        return super().check(answer)

    def _args(self, args):
        return copy.deepcopy(args) if self.copy_args else args

    def parse(self, fn):
        if not callable(fn):
            raise ValueError(gettext("give the function itself (its name, without calling it)"))
        return fn

    def _judge(self, answer):
        verdict, readable = super()._judge(answer)
        if verdict.message in (_NOT_WRITTEN, gettext("Not written yet: write the function, then check it again.")):
            return Verdict(False, gettext("Not written yet: write {function}, then check it again.").format(
                function=self.function_name)), False
        return verdict, readable

    def compare(self, fn):
        for args in self.cases:
            expected = self.answer(*self._args(args))
            try:
                got = fn(*self._args(args))
            except NotImplementedError:
                return Verdict(False, _NOT_WRITTEN)
            except Exception as e:  # the learner's code may fail in any way; report it
                return Verdict(False, sentence(gettext("Not yet: for the case {case} your function raised "
                                                       "{error}: {reason}").format(
                    case=describe_case(args), error=type(e).__name__, reason=e)))
            if not self.equal(got, expected):
                said = gettext("Not yet: for the case {case} your function returned {value}, which is not "
                               "right.").format(case=describe_case(args), value=describe(got))
                return Verdict(False, said + _type_nudge(got, expected))
        return Verdict(True, ngettext("Right: your function agrees on the one case.",
                                      "Right: your function agrees on all {n} cases.", len(self.cases)).format(
            n=len(self.cases)))

    def answer_text(self) -> str:
        return gettext("a function {function} that agrees with the package on {n} cases (the worked solution "
                       "shows one)").format(function=self.function_name, n=len(self.cases))


def _type_nudge(got, expected) -> str:
    if got is None:
        return " " + gettext("(It returned None: did it forget to return its answer?)")
    if type(got) is not type(expected) and not (isinstance(got, (int, float)) and isinstance(expected, (int, float))
                                                and not isinstance(got, bool)):
        return " " + gettext("(It should return a value of type {expected}, not {got}.)").format(
            expected=type(expected).__name__, got=type(got).__name__)
    return ""


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
