"""The coach behind the game's "Hint" and "Why not?" buttons: one small interface over
:mod:`ttr_teach.players.coach`, so the play model asks for a hint in one place.

``hint(view)`` returns an object with ``action`` (one of the view's legal actions) and
``reason`` (a sentence or two from the engine's figures); ``why_not(game, action)`` the
engine's sentence for a refused action.
"""
from __future__ import annotations


def hint(view):
    """The coach's move for the player of ``view`` (a PlayerView), with ``reason``."""
    from ...players.coach import hint as coach_hint

    return coach_hint(view)


def why_not(game, action) -> str:
    """Why ``game`` refuses ``action`` now (the engine's sentence)."""
    from ...players.coach import why_not as coach_why_not

    return coach_why_not(game, action)
