"""The bot protocol: one method, ``choose(view) -> action``.

A bot is any object with a ``choose`` method that takes a
:class:`~ttr_teach.players.view.PlayerView` (what its seat may see) and returns one of
``view.legal_actions()`` (or its ``to_dict()`` form). It is called for every decision of its
seat: set-up tickets, each turn, and the decisions inside a turn (the second card, a tunnel's
extra cards, which drawn tickets to keep). Bots built on a seed are reproducible.

>>> class FirstChoice:
...     def choose(self, view):
...         return view.legal_actions()[0]
>>> isinstance(FirstChoice(), Bot)
True

The built-in bots also accept a :class:`~ttr_teach.engine.game.core.Game` (they make the
view of the player to act with :func:`as_view`), so older code that hands them the game
still works.
"""
from __future__ import annotations

from typing import Protocol, runtime_checkable

from .view import PlayerView


@runtime_checkable
class Bot(Protocol):
    """Anything with ``choose(view) -> action``."""

    def choose(self, view: PlayerView):
        """One of ``view.legal_actions()``."""


def as_view(game_or_view) -> PlayerView:
    """``game_or_view`` if it is a view; for a game, the view of the player to act.

    >>> from ttr_teach.engine.game.core import Game
    >>> as_view(Game.new("usa", ["Ann", "Bo"], seed=1)).name
    'Ann'
    """
    if isinstance(game_or_view, PlayerView):
        return game_or_view
    return PlayerView(game_or_view)
