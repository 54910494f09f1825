"""Simple computer players, for tests, benchmarks and for filling seats in a lesson.

The random player's policy lives here: :data:`DEFAULT_WEIGHTS` and :func:`random_action`.
The engine only offers the fast sampler it draws with
(:meth:`Game.sample_action <ttr_teach.engine.game.core.Game.sample_action>`, which takes a
weight table).

>>> g = play_random_game("usa", 3, seed=1)
>>> g.is_over
True
"""
from __future__ import annotations

import random

from ..engine.i18n import gettext

#: How often a random player picks each kind of action on a free turn (relative weights; a
#: kind not named weighs 1). Claiming is preferred so that games end in a reasonable number
#: of turns.
DEFAULT_WEIGHTS = {"claim": 6.0, "draw": 3.0, "tickets": 0.3, "station": 0.3, "pass": 1.0}


def random_action(game, rng: random.Random, weights: dict[str, float] | None = None):
    """A random legal action of ``game`` (a Game, or anything with ``sample_action(rng,
    weights)`` such as a :class:`~ttr_teach.players.view.PlayerView`) with the random
    player's law: on a free turn a kind of action (claim, draw, tickets, station, pass) is
    picked with the probabilities of ``weights`` (default :data:`DEFAULT_WEIGHTS`) among the
    kinds that are legal, then one action of that kind uniformly; a decision inside a turn is
    uniform. None once the game is over.

    >>> from ttr_teach.engine.game.core import Game
    >>> g = Game.new("usa", ["Ann", "Bo"], seed=3)
    >>> random_action(g, random.Random(1)) in g.legal_actions()
    True
    """
    return game.sample_action(rng, DEFAULT_WEIGHTS if weights is None else weights)


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
        ``sample_action(rng, weights)`` such as a player's view of one): its
        :func:`random_action` with the bot's generator and weights, which draws without
        listing every legal action."""
        return random_action(game, self.rng, self.weights)


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
        raise RuntimeError(gettext("the random game ({map}, {n} players, seed {seed}) did not end after {actions} "
                                   "actions").format(map=map, n=n_players, seed=seed, actions=max_actions)) from None
