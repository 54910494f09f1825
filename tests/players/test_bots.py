"""Every bot returns a legal action from its view, on hundreds of random states of both maps
with 2 to 5 players, and whole games between bots end."""
import random

import pytest

from ttr_teach.engine.game.core import Game
from ttr_teach.players import ExpertBot, PlannerBot, RandomBot, play_game
from ttr_teach.players.heuristic_bots import GreedyBot, HoarderBot, ShortestPathBot
from ttr_teach.players.levels import ClubBot
from ttr_teach.players.view import PlayerView

from ..helpers import play_some

BOTS = {"random": RandomBot, "planner": PlannerBot, "expert": ExpertBot, "club": ClubBot,
        "greedy": GreedyBot, "hoarder": HoarderBot, "shortest_path": ShortestPathBot}
PARAMS = [(m, n) for m in ("europe", "usa") for n in (2, 3, 4, 5)]


def random_states(map, n, count, seed=0):
    """``count`` games after random numbers of random actions (set-up and decisions included)."""
    rng = random.Random(f"{map}/{n}/{seed}")
    for k in range(count):
        g = Game.new(map, [f"P{i}" for i in range(n)], seed=rng.randrange(10 ** 6))
        play_some(g, rng.choice([0, 1, 2, 5, 20, 60, 120, 200, 400]), seed=k)
        if not g.is_over:
            yield g


@pytest.mark.parametrize("kind", sorted(BOTS))
@pytest.mark.parametrize("map_name, n", PARAMS)
def test_bots_choose_legal_actions_on_random_states(kind, map_name, n):
    for k, g in enumerate(random_states(map_name, n, 30)):
        view = PlayerView(g)
        action = BOTS[kind](k).choose(view)
        assert action in view.legal_actions(), (kind, g, action)


@pytest.mark.parametrize("kind", sorted(BOTS))
def test_bots_still_accept_a_game(kind):
    g = Game.new("europe", ["Ann", "Bo"], seed=3)
    assert BOTS[kind](1).choose(g) in g.legal_actions()


@pytest.mark.parametrize("map_name, n", PARAMS)
def test_games_between_the_bots_end(map_name, n):
    bots = [BOTS[sorted(BOTS)[i % 3]](i) for i in range(n)]
    assert play_game(map_name, bots, seed=n).is_over
