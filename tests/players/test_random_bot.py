"""The random bot: its policy (DEFAULT_WEIGHTS, random_action) asks whatever it is given (a game,
or a player's view of one) for an action sampled with the bot's own generator and weights, so
its games are reproducible, and they are the games it always played."""
import random

from ttr_teach.engine.game.core import Game
from ttr_teach.players.random_bot import DEFAULT_WEIGHTS, RandomBot, play_random_game, random_action
from ttr_teach.players.view import PlayerView


class RecordingView:
    """Anything with sample_action(rng, weights), as a game and a player's view have."""

    def __init__(self):
        self.calls = []

    def sample_action(self, rng, weights):
        self.calls.append((rng, weights))
        return "an action"


def test_choose_asks_what_it_is_given_for_a_sampled_action_with_its_generator_and_weights():
    bot = RandomBot(5, {"claim": 1.0})
    view = RecordingView()
    assert bot.choose(view) == "an action"
    assert view.calls == [(bot.rng, {"claim": 1.0})]
    assert RandomBot(5).weights == DEFAULT_WEIGHTS
    rng = random.Random(1)
    assert random_action(view, rng) == "an action"             # the policy's default weights
    assert view.calls[-1] == (rng, DEFAULT_WEIGHTS)


def test_choose_on_a_game_is_the_games_sampled_action_from_the_bots_generator_and_weights():
    g = Game.new("europe", ["Ann", "Bo", "Cy"], seed=4)
    bot = RandomBot(9)
    twin = random.Random(f"ttr-teach/random-bot/{9}")
    for _ in range(60):
        expected = g.sample_action(twin, DEFAULT_WEIGHTS)
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
    assert (g.turn, len(g.log), [g.route_points(i) for i in range(3)]) == (147, 604, [48, 51, 52])


def test_a_players_view_draws_the_games_random_action_from_what_it_sees():
    # the same action and the same use of the generator as the game's own sampler, for
    # every seat to act on random states of both maps; and the same in any game the seat cannot
    # tell apart from it (its hidden parts sampled anew), so nothing hidden is used
    weights = [None, {"claim": 1.0, "draw": 1.0, "tickets": 5.0, "station": 5.0}]
    for k, (map_name, n) in enumerate([("europe", 2), ("europe", 4), ("usa", 3), ("usa", 5)]):
        g = Game.new(map_name, [f"P{i}" for i in range(n)], seed=k)
        bot = RandomBot(k)
        step = 0
        while not g.is_over:
            view = PlayerView(g, g.current_player)
            w = weights[step % 2]
            mine, games = random.Random(step), random.Random(step)
            assert view.random_action(mine, w) == random_action(g, games, w)
            assert mine.getstate() == games.getstate()
            if step % 25 == 0:
                other = view.determinize(random.Random(step))
                assert other.to_dict(log=False) != g.to_dict(log=False)
                assert PlayerView(other, g.current_player).random_action(random.Random(step), w) == \
                    random_action(g, random.Random(step), w)
                assert PlayerView(g, (g.current_player + 1) % n).random_action(random.Random(1)) is None
            g.play(bot.choose(g))
            step += 1
