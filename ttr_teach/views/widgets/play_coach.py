"""The coach behind the game's "Hint" and "Why not?" buttons: one small interface over
:mod:`ttr_teach.players.coach`, so the play model asks for a hint in one place.

``hint(view)`` returns an object with ``action`` (one of the view's legal actions) and
``reason`` (a sentence or two from the engine's figures); ``why_not(game, action)`` the
engine's sentence for a refused action.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class _Hint:   # TEMPORARY until players/coach.py lands on main
    action: object
    reason: str


def hint(view):
    """The coach's move for the player of ``view`` (a PlayerView), with ``reason``."""
    try:
        from ...players.coach import hint as coach_hint
    except ImportError:   # TEMPORARY until players/coach.py lands on main
        from ...players.planner_bot import PlannerBot

        return _Hint(PlannerBot(0).choose(view), "(The planner bot's move: the coach is not installed yet.)")
    return coach_hint(view)


def why_not(game, action) -> str:
    """Why ``game`` refuses ``action`` now (the engine's sentence)."""
    try:
        from ...players.coach import why_not as coach_why_not
    except ImportError:   # TEMPORARY until players/coach.py lands on main
        return game.why_illegal(action) or f"nothing stops it: {game.describe(action)} is a legal move now"
    return coach_why_not(game, action)
