"""Progress bars for long work in a lesson: tqdm's, hidden once the work is done.

A tqdm bar made with ``leave=False`` closes its widget when it finishes, but the notebook keeps
the widget's place in the cell's output: Voila, and JupyterLab when the notebook is opened
again, then show "Error displaying widget: model not found" there. The bars made here are
left open and hidden instead (in a terminal, the finished bar's line stays).

>>> list(progress_bar(range(3), "counting", "number", shown=False))
[0, 1, 2]
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator


def progress_bar(items: Iterable, desc: str, unit: str, shown: bool = True) -> Iterator:
    """The items of ``items``, in order, with a tqdm bar labelled ``desc`` while they are
    worked through (none if not ``shown``); the bar is hidden, not closed, at the end.
    ``unit`` names one item, in the learner's language (the bar counts ``deal/s``, never
    tqdm's English ``it/s``)."""
    if not shown:
        yield from items
        return
    from tqdm.auto import tqdm

    bar = tqdm(items, desc=desc, unit=unit, leave=True)
    try:
        yield from bar
    finally:
        finish_bar(bar)


def finish_bar(bar) -> None:
    """Close tqdm's ``bar`` (made with ``leave=True``) and, in a notebook, hide its widget
    instead of closing it (see the module docstring)."""
    bar.close()
    container = getattr(bar, "container", None)     # the widget, in a notebook
    if container is not None:
        container.layout.display = "none"
