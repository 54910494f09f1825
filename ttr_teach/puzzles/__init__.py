"""Scoring puzzles: a position, a question, an answer key the engine checks.

Puzzle files live in the repository's ``puzzles/`` folder (format: ``puzzles/README.md`` and
:mod:`ttr_teach.puzzles.format`). This package reads and checks them, recomputes every key
(:mod:`~ttr_teach.puzzles.checker`), makes new ones from bot play
(:mod:`~ttr_teach.puzzles.generator`) and shows them in notebooks
(:mod:`~ttr_teach.puzzles.notebook`, :mod:`~ttr_teach.puzzles.worksheet`).

>>> from ttr_teach import puzzles
>>> sorted(puzzles.LEVELS)
['expert', 'intermediate', 'introductory']
"""
from importlib import import_module

_PUBLIC = {
    "PuzzleError": "document", "LEVELS": "names", "KIND_NAMES": "names", "KINDS": "kinds",
    "Puzzle": "format", "load_puzzle": "format", "puzzle_from_data": "format",
    "puzzle_from_text": "format", "puzzle_files": "format",
    "check_puzzles": "checker", "load_puzzles": "checker",
    "new_puzzle": "generator",
    "PuzzleBook": "notebook", "show_puzzle": "notebook",
    "Worksheet": "worksheet", "make_worksheet": "worksheet",
}

__all__ = sorted(_PUBLIC)


def __getattr__(name):
    try:
        module = _PUBLIC[name]
    except KeyError:
        raise AttributeError(f"module 'ttr_teach.puzzles' has no attribute {name!r}") from None
    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(_PUBLIC))
