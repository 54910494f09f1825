"""The bots by level: beginner, casual, club and expert, each stronger than the one below.

A level is what a learner picks a bot by (the play notebook's seats, ``ttr-teach
tournament``'s names): :data:`LEVELS` maps each level, weakest first, to its bot's class.
``bench/bots.py`` measures the ladder (each level's win rate against the one below, with 95%
intervals, and ratings from a round robin); ``bench/results/bots.json`` holds the figures.

* **beginner** (:class:`BeginnerBot`): claims the longest route it can pay for now and keeps
  its fewest, shortest tickets: it scores routes but rarely plays for its tickets, so a new
  player who follows their tickets can beat it, and it never plays at random.
* **casual** (:class:`~.planner_bot.PlannerBot`): plays for its tickets along cheap paths,
  with a stray claim now and then.
* **club** (:class:`ClubBot`): most turns the move of a player who follows shortest paths
  for its tickets, the others the expert's (without its endgame search).
* **expert** (:class:`~.expert.ExpertBot`): the strongest.

>>> [name for name in LEVELS]
['beginner', 'casual', 'club', 'expert']
>>> from ttr_teach.players.play import play_game
>>> play_game("usa", [ClubBot(1), BeginnerBot(2)], seed=3).is_over
True
"""
from __future__ import annotations

import random

from .expert import ExpertBot
from .heuristic_bots import GreedyBot, ShortestPathBot
from .planner_bot import PlannerBot
from .protocol import as_view

#: How often ClubBot plays the shortest-path move instead of the expert's on a free turn.
CLUB_SLIP = 0.85


class BeginnerBot(GreedyBot):
    """The beginner level: :class:`~.heuristic_bots.GreedyBot` (the longest route it can pay
    for now), reproducible from ``seed``."""


class ClubBot:
    """The club level: :class:`~.expert.ExpertBot` without its endgame search, that on
    :data:`CLUB_SLIP` of its free turns plays :class:`~.heuristic_bots.ShortestPathBot`'s move
    instead (reproducible from ``seed``)."""

    def __init__(self, seed: int = 0):
        self.seed = seed
        self.rng = random.Random(f"ttr-teach/club-bot/{seed}")
        self.expert = ExpertBot(seed, search=False)
        self.simple = ShortestPathBot(seed)

    def choose(self, view):
        """A legal action for the player of ``view`` (or the player to act in a game)."""
        view = as_view(view)
        if view.pending is None and view.phase == "play" and self.rng.random() < CLUB_SLIP:
            return self.simple.choose(view)
        return self.expert.choose(view)


#: The levels, weakest first: level name -> bot class.
LEVELS = {"beginner": BeginnerBot, "casual": PlannerBot, "club": ClubBot, "expert": ExpertBot}
