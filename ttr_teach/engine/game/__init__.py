"""The game: :class:`Game` holds a state and applies actions, exact to the rulebook.

>>> g = Game.new(map="usa", players=["Ann", "Bo"], seed=7)
>>> g.phase
'setup'
"""
from .core import Game

__all__ = ["Game"]
