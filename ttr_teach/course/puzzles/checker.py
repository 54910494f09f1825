"""Checking puzzle files: every key is recomputed by the engine.

:func:`check_puzzles` reads every puzzle file under some paths, refuses the broken ones (the
others are still checked), recomputes each answer key and reports::

    {"puzzles": 62, "verified": 62,
     "by_kind": {"total_score": 8, ...}, "by_level": {...}, "by_map": {...},
     "mismatches": [{"file", "id", "field", "expected", "computed", "message"}],
     "errors": [{"file", "message"}]}

``puzzles`` counts the files read (broken ones included); ``verified`` those whose key the
engine confirms. This is what ``ttr-teach puzzles check --json`` prints.
"""
from __future__ import annotations

from pathlib import Path

from ...engine.errors import TTRError
from ...engine.i18n import gettext, ngettext
from ...engine.maps import MAP_NAMES
from ...engine.text import listing
from .document import PuzzleError
from .format import load_puzzle, puzzle_files
from .kinds import KINDS
from .names import LEVELS


def repo_puzzles_dir():
    """The ``puzzles/`` folder of the repository this package runs from, or None (an
    installed copy of the package has no puzzle files)."""
    here = Path(__file__).resolve().parents[3] / "puzzles"
    return here if here.is_dir() else None


def load_puzzles(paths=None) -> tuple:
    """``(puzzles, errors)``: the good puzzles under ``paths`` (default: the repository's
    ``puzzles/``) and ``[{"file", "message"}]`` for each broken file. Ids must be unique:
    a file reusing an id is refused."""
    if paths is None:
        paths = repo_puzzles_dir()
        if paths is None:
            raise PuzzleError(gettext("there is no puzzles/ folder beside this copy of ttr_teach; give the paths"))
    puzzles: list = []
    errors: list = []
    ids: dict[str, str] = {}
    for f in puzzle_files(paths):
        try:
            p = load_puzzle(f)
        except TTRError as e:
            errors.append({"file": str(f), "message": str(e)})
            continue
        if p.id in ids:
            errors.append({"file": str(f), "message": gettext(
                "{file}: field 'id': {id} is already the id of {other}; every puzzle needs its own id").format(
                    file=f, id=repr(p.id), other=ids[p.id])})
            continue
        ids[p.id] = str(f)
        puzzles.append(p)
    return puzzles, errors


def check_puzzle(puzzle) -> list:
    """The problems of one puzzle (see :meth:`~ttr_teach.course.puzzles.format.Puzzle.problems`),
    each with the puzzle's file and id; an engine error becomes a problem too."""
    try:
        found = puzzle.problems()
    except TTRError as e:
        found = [{"field": "answer", "expected": puzzle.kind.show(puzzle.answer, puzzle.map),
                  "computed": None, "message": gettext("the engine cannot solve it: {problem}").format(problem=e)}]
    return [{"file": puzzle.path, "id": puzzle.id, **p} for p in found]


def check_puzzles(paths=None, progress=None) -> dict:
    """Read, check and recompute every puzzle under ``paths``; the report described above.

    ``progress``: an optional callable ``progress(puzzle, problems)`` called after each one.
    """
    puzzles, errors = load_puzzles(paths)
    mismatches, verified = [], 0
    for p in puzzles:
        found = check_puzzle(p)
        mismatches += found
        verified += not found
        if progress is not None:
            progress(p, found)
    def count(attr, names):
        return {n: sum(getattr(p, attr) == n for p in puzzles) for n in names}

    return {"puzzles": len(puzzles) + len(errors), "verified": verified,
            "by_kind": {k: sum(p.kind.name == k for p in puzzles) for k in KINDS},
            "by_level": count("level", LEVELS),
            "by_map": {m: sum(p.map.name == m for p in puzzles) for m in MAP_NAMES},
            "mismatches": mismatches, "errors": errors}


def report_text(report: dict) -> str:
    """The report as lines a person reads (what ``ttr-teach puzzles check`` prints)."""
    lines = []
    for e in report["errors"]:
        lines.append(gettext("BROKEN {message}").format(message=e["message"]))
    for m in report["mismatches"]:
        lines.append(gettext("MISMATCH {file}: field {field!r}: {message} (expected {expected}, computed "
                             "{computed})").format(file=m["file"], field=m["field"], message=m["message"],
                                                   expected=m["expected"], computed=m["computed"]))
    n, ok = report["puzzles"], report["verified"]
    kinds = listing(f"{k} {v}" for k, v in report["by_kind"].items() if v)
    levels = listing(f"{k} {v}" for k, v in report["by_level"].items())
    puzzles = ngettext("{n} puzzle", "{n} puzzles", n).format(n=n)
    mismatches = ngettext("{n} mismatch", "{n} mismatches", len(report["mismatches"])).format(
        n=len(report["mismatches"]))
    lines.append(gettext("{puzzles}: {verified} verified, {mismatches}, {broken} broken").format(
        puzzles=puzzles, verified=ok, mismatches=mismatches, broken=len(report["errors"])))
    if kinds:
        lines.append("  " + gettext("by kind: {kinds}").format(kinds=kinds))
        lines.append("  " + gettext("by level: {levels}").format(levels=levels))
    return "\n".join(lines)
