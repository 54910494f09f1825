"""ExpertBot: plans its tickets with exact cheapest networks and plays them with care.

:mod:`.network` (the player's costs on the map and the exact planner), :mod:`.tickets`
(which tickets to keep, how long the game will last), :mod:`.cards` (what the plan needs,
which card to draw), :mod:`.situation` (all of it read from the view once per decision) and
:mod:`.bot` (the choices).
"""
from .bot import ExpertBot

__all__ = ["ExpertBot"]
