"""The random bot: it asks whatever it is given for a random action (a game, or a player's view
of one) with its own generator and weights, so its games are reproducible, and they are the
games it always played."""
import random

from ttr_teach.engine.game.core import Game
from ttr_teach.players.random_bot import DEFAULT_WEIGHTS, RandomBot, play_random_game


class RecordingView:
    """Anything with random_action(rng, weights), as a player's view will have."""

    def __init__(self):
        self.calls = []

    def random_action(self, rng, weights=None):
        self.calls.append((rng, weights))
        return "an action"


def test_choose_asks_what_it_is_given_for_a_random_action_with_its_generator_and_weights():
    bot = RandomBot(5, {"claim": 1.0})
    view = RecordingView()
    assert bot.choose(view) == "an action"
    assert view.calls == [(bot.rng, {"claim": 1.0})]
    assert RandomBot(5).weights == DEFAULT_WEIGHTS


def test_choose_on_a_game_is_the_games_random_action_from_the_bots_generator():
    g = Game.new("europe", ["Ann", "Bo", "Cy"], seed=4)
    bot = RandomBot(9)
    twin = random.Random(f"ttr-teach/random-bot/{9}")
    for _ in range(60):
        expected = g.random_action(twin, DEFAULT_WEIGHTS)
        assert bot.choose(g) == expected
        g.apply(expected)


def test_random_games_are_reproducible_and_end():
    a = play_random_game("usa", 3, seed=11)
    b = play_random_game("usa", 3, seed=11)
    assert a.is_over and a.to_dict() == b.to_dict()
    assert play_random_game("usa", 3, seed=12).to_dict() != a.to_dict()


def test_random_game_of_the_engine_before_the_fast_paths_is_played_the_same():
    # Europe, 3 players, seed 2 ended this way with the bot that listed every legal action
    g = play_random_game("europe", 3, seed=2)
    assert (g.turn, len(g.log), [g.score(i) for i in range(3)]) == (147, 604, [48, 51, 52])
