"""The coach behind the game's "Hint" and "Why not?" buttons: one small interface over
:mod:`ttr_teach.players.coach`, so the play model asks for a hint in one place.

``hint(view)`` returns the coach's :class:`~ttr_teach.players.coach.Hint`: ``action`` (one of
the view's legal actions) and ``reason`` (a sentence or two from the engine's figures).
``why_not(game, action)`` gives the engine's sentence for a refused action. An installation
without the coach raises :class:`CoachMissing` for a hint (the model refuses with its
sentence); "why not?" needs no coach, the engine says why.
"""
from __future__ import annotations

from ...engine.errors import TTRError


class CoachMissing(TTRError):
    """The coach (:mod:`ttr_teach.players.coach`) is not part of this installation."""


def _coach():
    try:
        from ...players import coach
    except ImportError:
        raise CoachMissing("the coach (ttr_teach.players.coach) is not installed") from None
    return coach


def hint(view):
    """The coach's move for the player of ``view`` (a PlayerView), with its ``reason``."""
    return _coach().hint(view)


def why_not(game, action) -> str:
    """Why ``game`` refuses ``action`` now: the coach's answer, which is the engine's sentence."""
    try:
        coach = _coach()
    except CoachMissing:
        return game.why_illegal(action) or f"nothing stops it: {game.describe(action)} is a legal move now"
    return coach.why_not(game, action)
