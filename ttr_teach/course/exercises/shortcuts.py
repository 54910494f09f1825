"""Refusing shortcuts while a learner's function is checked: for the length of a check, the
library functions that would compute the answer for them raise :class:`ShortcutUsed`.

An exercise whose point is to *write* an algorithm (Kruskal's, say) cannot be checked on its
output alone: ``networkx.minimum_spanning_edges`` gives the same output. :func:`refusing`
replaces the forbidden functions, wherever the learner's code can reach them (their module,
the modules that re-export them, and the names the learner's own function sees), by one that
raises, and puts everything back afterwards.

>>> import networkx as nx
>>> def lazy(graph):
...     return list(nx.minimum_spanning_edges(graph))
>>> try:
...     with refusing(lazy, [("networkx", "minimum_spanning_edges")]):
...         lazy(nx.path_graph(3))
... except ShortcutUsed as e:
...     print(e.name)
minimum_spanning_edges
>>> len(lazy(nx.path_graph(3)))          # put back afterwards
2
"""
from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from importlib import import_module
from typing import Any


class ShortcutUsed(Exception):
    """The learner's function called a function that computes the answer for them."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


def _raiser(name: str) -> Callable[..., Any]:
    def refused(*args, **kwargs):
        raise ShortcutUsed(name)

    refused.__name__ = name
    return refused


@contextmanager
def refusing(fn: Callable, forbidden: Iterable[tuple[str, str]]) -> Iterator[None]:
    """While the ``with`` block runs, every ``(module, name)`` of ``forbidden`` raises
    :class:`ShortcutUsed` when called: in every loaded module that holds the same object
    (``networkx`` re-exports its algorithms several times), and under any name in ``fn``'s
    globals (``from networkx import minimum_spanning_tree``) or in the variables it closes over."""
    originals: dict[int, tuple[Any, str]] = {}
    for module_name, name in forbidden:
        obj = getattr(import_module(module_name), name, None)
        if obj is None:     # a misspelt or moved name would refuse nothing, silently
            raise ValueError(f"refusing: {module_name} has no {name}")
        originals[id(obj)] = (obj, name)
    patched: list[tuple[Any, str, Any]] = []

    def patch_namespace(owner, names: dict) -> None:
        for attr, value in list(names.items()):
            if id(value) in originals and originals[id(value)][0] is value:
                patched.append((owner, attr, value))
                replacement = _raiser(originals[id(value)][1])
                if isinstance(owner, dict):
                    owner[attr] = replacement
                else:
                    setattr(owner, attr, replacement)

    roots = {m.split(".")[0] for m, _ in forbidden}
    try:
        for module_name, module in list(sys.modules.items()):
            if module is not None and module_name.split(".")[0] in roots:
                patch_namespace(module, dict(vars(module)))
        target = getattr(fn, "func", fn)
        target = getattr(target, "__func__", target)
        names = getattr(target, "__globals__", None)
        if isinstance(names, dict):
            patch_namespace(names, dict(names))
        for cell in getattr(target, "__closure__", None) or ():     # a name of the enclosing function
            try:
                value = cell.cell_contents
            except ValueError:                                      # a cell not filled yet
                continue
            if id(value) in originals and originals[id(value)][0] is value:
                patched.append((cell, "cell_contents", value))
                cell.cell_contents = _raiser(originals[id(value)][1])
        yield
    finally:
        for owner, attr, value in reversed(patched):
            if isinstance(owner, dict):
                owner[attr] = value
            else:
                setattr(owner, attr, value)
