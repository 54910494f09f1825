"""Simple computer players, for tests, benchmarks and for filling seats in a lesson.

>>> g = play_random_game("usa", 3, seed=1)
>>> g.is_over
True
"""
from __future__ import annotations

import random

from ..engine.game.moves import DEFAULT_WEIGHTS


class RandomBot:
    """A player that picks a random legal action, reproducibly from ``seed``.

    On a free turn it first picks a kind of action (claim a route, draw cards, draw tickets,
    build a station) with the probabilities of ``weights`` among the kinds that are legal, then
    one action of that kind uniformly. Decisions inside a turn (second card, tunnel payment,
    tickets to keep) are uniform among the legal choices.
    """

    def __init__(self, seed: int = 0, weights: dict | None = None):
        self.rng = random.Random(f"ttr-teach/random-bot/{seed}")
        self.weights = dict(DEFAULT_WEIGHTS if weights is None else weights)

    def choose(self, game):
        """A legal action for the player to act in ``game`` (a game, or anything with a
        ``random_action(rng, weights)`` such as a player's view of one): its
        :meth:`~ttr_teach.engine.game.core.Game.random_action`, which draws without listing every
        legal action."""
        return game.random_action(self.rng, self.weights)


def play_random_game(map="europe", n_players: int = 2, seed: int = 0, max_actions: int = 100_000,
                     log: bool = True):
    """A finished :class:`~ttr_teach.engine.game.core.Game` played by :class:`RandomBot` players from ``seed``.

    ``log=False`` plays the very same game keeping no log (a playout: quicker, but it cannot be
    replayed). Raises ``RuntimeError`` if the game has not ended after ``max_actions`` actions
    (a bug).
    """
    from ..engine.game.core import Game

    names = [f"Bot {i + 1}" for i in range(n_players)]
    game = Game.new(map=map, players=names, seed=seed, log=log)
    bots = [RandomBot(seed * 10 + i) for i in range(n_players)]
    # each bot's choice is the game's random_action with its generator: a playout
    try:
        return game.playout([bot.rng for bot in bots], DEFAULT_WEIGHTS, max_actions)
    except RuntimeError:
        raise RuntimeError(f"the random game ({map}, {n_players} players, seed {seed}) did not end "
                           f"after {max_actions} actions") from None
