"""Scoring puzzles: a position, a question, an answer key the engine checks.

Puzzle files live in the repository's ``puzzles/`` folder (format: ``puzzles/README.md`` and
:mod:`ttr_teach.course.puzzles.format`). This package reads and checks them, recomputes every key
(:mod:`~ttr_teach.course.puzzles.checker`), makes new ones from bot play
(:mod:`~ttr_teach.course.puzzles.generator`) and shows them in notebooks
(:mod:`~ttr_teach.course.puzzles.notebook`, :mod:`~ttr_teach.course.puzzles.worksheet`).

>>> from ttr_teach.course import puzzles
>>> sorted(puzzles.LEVELS)
['expert', 'intermediate', 'introductory']
"""
from ...lazy import lazy_exports

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


__getattr__, __dir__ = lazy_exports(__name__, _PUBLIC, globals())
