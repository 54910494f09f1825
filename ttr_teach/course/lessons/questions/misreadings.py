"""Exercises of ``11_common_misreadings``: one true-or-false statement per misreading."""
from __future__ import annotations

from ..misreadings import MISREADINGS
from . import lesson_set


def exercises():
    return lesson_set("notebooks/11_common_misreadings", {m.key: m.exercise() for m in MISREADINGS})
