"""Simple computer players, for tests, benchmarks and for filling seats in a lesson.

>>> g = play_random_game("usa", 3, seed=1)
>>> g.is_over
True
"""
from __future__ import annotations

import random

from ..engine.actions import BuildStation, ClaimRoute, DrawBlind, DrawFaceUp, DrawTickets, Pass

#: How much more often a random bot picks each kind of action when it has a free turn.
#: Claiming is preferred so that games end in a reasonable number of turns.
DEFAULT_WEIGHTS = {"claim": 6.0, "draw": 3.0, "tickets": 0.3, "station": 0.3, "pass": 1.0}


_KINDS = {ClaimRoute.type: "claim", DrawBlind.type: "draw", DrawFaceUp.type: "draw",
          DrawTickets.type: "tickets", BuildStation.type: "station", Pass.type: "pass"}


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
        """A legal action for the player to act in ``game``."""
        actions = game.legal_actions()
        groups = {}
        for a in actions:
            groups.setdefault(_KINDS.get(a.type, "decision"), []).append(a)
        if "decision" in groups:
            return self.rng.choice(actions)
        kinds = sorted(groups)
        weights = [self.weights.get(k, 1.0) for k in kinds]
        kind = self.rng.choices(kinds, weights)[0]
        return self.rng.choice(groups[kind])


def play_random_game(map="europe", n_players: int = 2, seed: int = 0, max_actions: int = 100_000):
    """A finished :class:`~ttr_teach.engine.game.core.Game` played by :class:`RandomBot` players from ``seed``.

    Raises ``RuntimeError`` if the game has not ended after ``max_actions`` actions (a bug).
    """
    from ..engine.game.core import Game

    names = [f"Bot {i + 1}" for i in range(n_players)]
    game = Game.new(map=map, players=names, seed=seed)
    bots = [RandomBot(seed * 10 + i) for i in range(n_players)]
    for _ in range(max_actions):
        if game.is_over:
            return game
        game.apply(bots[game.current_player].choose(game))
    raise RuntimeError(f"the random game ({map}, {n_players} players, seed {seed}) did not end "
                       f"after {max_actions} actions")
