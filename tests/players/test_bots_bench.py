"""The cached results of ``bench/bots.py`` are real and meet the strength the bots promise.

Rule checked (issue 11): ExpertBot wins at least 70% of 2-player games against PlannerBot on
each map, seats alternated, and nearly all (98%) against RandomBot. The cache holds every
game's seed, seats and final scores; some games are played again here from their seeds and
must give the very same result.
"""
import json

import pytest
from scipy.stats import binomtest

import ttr_teach
from ttr_teach.players import play_game

from ..helpers import REPO

RESULTS = REPO / "bench" / "results" / "bots.json"
THRESHOLDS = {"PlannerBot": 0.70, "RandomBot": 0.98}
EXPERT = "ExpertBot"


@pytest.fixture(scope="module")
def cache():
    return json.loads(RESULTS.read_text())


def games_of(cache, map, opponent):
    return [g for g in cache["games"] if g["map"] == map and g["opponent"] == opponent]


@pytest.mark.parametrize("map_name", ["europe", "usa"])
@pytest.mark.parametrize("opponent", sorted(THRESHOLDS))
def test_the_cache_has_enough_games_with_seats_alternated(cache, map_name, opponent):
    games = games_of(cache, map_name, opponent)
    assert len(games) >= 200
    assert sorted(g["seed"] for g in games) == list(range(len(games)))
    for g in games:
        assert g["seats"] == ([EXPERT, opponent] if g["seed"] % 2 == 0 else [opponent, EXPERT])
        assert g["winner"] in (*g["seats"], None)
        if g["winner"] is not None:
            assert g["scores"][g["seats"].index(g["winner"])] == max(g["scores"])


@pytest.mark.parametrize("map_name", ["europe", "usa"])
@pytest.mark.parametrize("opponent", sorted(THRESHOLDS))
def test_expert_bot_meets_its_win_rates(cache, map_name, opponent):
    games = games_of(cache, map_name, opponent)
    wins = sum(g["winner"] == EXPERT for g in games)          # a tie is not a win
    assert wins / len(games) >= THRESHOLDS[opponent]
    if opponent == "PlannerBot":   # and the 95% interval lies above 70%
        low = binomtest(wins, len(games)).proportion_ci(0.95, method="wilson").low
        assert low > THRESHOLDS[opponent]
    row = next(r for r in cache["summary"] if (r["map"], r["opponent"]) == (map_name, opponent))
    assert (row["games"], row["wins"]) == (len(games), wins)


@pytest.mark.parametrize("map_name", ["europe", "usa"])
@pytest.mark.parametrize("opponent", sorted(THRESHOLDS))
def test_cached_games_play_again_the_same_from_their_seeds(cache, map_name, opponent):
    games = games_of(cache, map_name, opponent)
    for g in (games[0], games[1], games[-1]):
        bots = [getattr(ttr_teach, name)(seed) for name, seed in zip(g["seats"], g["bot_seeds"], strict=True)]
        game = play_game(map_name, bots, seed=g["seed"], names=g["seats"])
        result = game.final_scores()
        assert [p.total for p in result.players] == g["scores"], g["seed"]
        assert result.winner == g["winner"] and game.turn == g["turns"]
