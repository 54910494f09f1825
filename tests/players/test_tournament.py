"""Tournaments: the schedule's fairness, reproducibility, faulty bots, standings and replays.

Games here are few and on the cheap bots (RandomBot, PlannerBot), played in this process
(``jobs=1``); the process pool and the dask cluster are in test_tournament_parallel.py.
"""
from __future__ import annotations

import json
import time
from collections import Counter
from types import SimpleNamespace

import pytest

import ttr_teach
from ttr_teach import PlannerBot, RandomBot, TTRError
from ttr_teach.players.ratings import head_to_head, wilson_interval
from ttr_teach.players.records import outcome
from ttr_teach.players.referee import Fault, referee_game
from ttr_teach.players.schedule import round_size, schedule
from ttr_teach.players.tournament_result import TournamentResult


def small(bots=None, **kw):
    kw.setdefault("games", 4)
    kw.setdefault("maps", ("usa",))
    return ttr_teach.tournament(bots or {"random": RandomBot, "planner": PlannerBot}, jobs=1, progress=False, **kw)


# -- helper bots with faults ---------------------------------------------------------------------
class RaisesOnTurnFive:
    def __init__(self, seed):
        self.inner = RandomBot(seed)

    def choose(self, view):
        if view.turn >= 4:
            return {}["x"]
        return self.inner.choose(view)


class Illegal:
    def choose(self, view):
        return {"type": "claim_route", "route": 0, "color": "red", "colored": 1, "locomotives": 0}


class NotAnAction:
    def choose(self, view):
        return "claim everything"


class Endless:
    def choose(self, view):
        while True:
            pass


class Slow:
    def __init__(self, seed):
        self.inner = RandomBot(seed)

    def choose(self, view):
        start = time.thread_time()
        while time.thread_time() - start < 0.08:
            pass
        return self.inner.choose(view)


class Exits:
    def choose(self, view):
        raise SystemExit(3)


class CannotBeMade:
    def __init__(self, seed):
        raise ValueError("no seed for me")

    def choose(self, view):
        return None


# -- the schedule ----------------------------------------------------------------------------------
@pytest.mark.parametrize("n_bots, players", [(2, 2), (3, 2), (4, 3), (2, 3), (3, 4), (5, 5)])
def test_schedule_each_bot_sits_in_each_seat_equally(n_bots, players):
    names = [f"b{i}" for i in range(n_bots)]
    games = schedule(names, players, games=1, maps=("europe",))
    assert len(games) == round_size(n_bots, players)
    seats = Counter((bot, s) for g in games for s, bot in enumerate(g.seats))
    assert len(set(seats.values())) == 1 and len(seats) == n_bots * players
    assert all(set(names) <= set().union(*(set(g.seats) for g in games)) for _ in [0])


def test_schedule_rounds_up_to_whole_rounds_and_shares_each_rounds_deal():
    games = schedule(["a", "b", "c"], 2, games=13, maps=("europe", "usa"), seed=3)
    assert len(games) == 24                       # 3 tables x 2 seatings x 2 maps = 12 a round
    for r in range(2):
        for m in ("europe", "usa"):
            assert len({g.deal_seed for g in games if g.round == r and g.map == m}) == 1
    assert len({g.deal_seed for g in games}) == 4
    assert [g.index for g in games] == list(range(24))
    assert schedule(["a", "b", "c"], 2, games=13, maps=("europe", "usa"), seed=3) == games
    assert schedule(["a", "b", "c"], 2, games=13, maps=("europe", "usa"), seed=4) != games


def test_schedule_refuses_impossible_tables():
    with pytest.raises(TTRError, match="6 players: europe is played by 2 to 5"):
        schedule(["a", "b"], 6)
    with pytest.raises(TTRError, match="games=0"):
        schedule(["a", "b"], 2, games=0)


# -- one refereed game -----------------------------------------------------------------------------
def test_referee_a_bot_that_raises_loses_with_the_turn_in_the_reason():
    game, fault, _ = referee_game("usa", [PlannerBot, RaisesOnTurnFive], ["ann", "bo"], seed=2)
    assert fault.kind == "raised" and fault.seat == 1 and fault.bot == "bo"
    # turns are counted for the table: Bo's first turn from the fifth on is the sixth
    assert fault.reason == "bo's bot raised KeyError: 'x' on turn 6"
    assert "KeyError" in fault.detail and not game.is_over
    scores, wins, ranks = outcome(game, fault)
    assert wins == [1.0, 0.0] and ranks == [1, 2]


def test_a_seat_called_a_bot_is_not_called_the_bot_s_bot():
    # issue 26: the bot lesson's seat "your bot" was reported as "your bot's bot raised TypeError"
    _, fault, _ = referee_game("usa", [PlannerBot, RaisesOnTurnFive], ["ann", "your bot"], seed=2)
    assert fault.reason == "your bot raised KeyError: 'x' on turn 6"
    assert "bot's bot" not in fault.reason


def test_referee_an_illegal_or_malformed_action_loses_with_the_rules_sentence():
    _, fault, _ = referee_game("usa", [Illegal, RandomBot], ["ann", "bo"], seed=2)
    assert fault.kind == "illegal" and fault.seat == 0
    assert fault.reason.startswith("ann's bot chose {'type': 'claim_route'")
    assert "which the rules refuse: the game has not started" in fault.reason
    _, fault, _ = referee_game("usa", [RandomBot, NotAnAction], ["ann", "bo"], seed=2)
    assert fault.kind == "illegal" and "'claim everything'" in fault.reason


def test_referee_time_limit_is_processor_time_checked_after_the_decision():
    _, fault, clock = referee_game("usa", [RandomBot, Slow], ["ann", "bo"], seed=2, time_limit=0.05)
    assert fault.kind == "slow" and fault.seat == 1
    assert "(the limit is 0.05 s a decision)" in fault.reason and "bo's bot took 0.0" in fault.reason
    assert clock.decisions[1] == 1 and clock.slowest[1] >= 0.08


def test_referee_hard_limit_stops_a_bot_that_never_returns():
    start = time.perf_counter()
    _, fault, _ = referee_game("usa", [Endless, RandomBot], ["ann", "bo"], seed=2, time_limit=0.1, hard_limit=0.5)
    assert time.perf_counter() - start < 30
    assert fault.kind == "stopped" and fault.reason == ("ann's bot was still deciding after 0.5 s while "
                                                        "choosing its first tickets and was stopped")


def test_referee_hard_limit_outside_the_main_thread_uses_a_helper_thread():
    import threading

    box = {}
    worker = threading.Thread(target=lambda: box.setdefault("r", referee_game(
        "usa", [RandomBot, Endless], ["ann", "bo"], seed=2, time_limit=0.1, hard_limit=0.5)))
    worker.start()
    worker.join(60)
    assert box["r"][1].kind == "stopped" and box["r"][1].seat == 1


def test_referee_system_exit_and_a_broken_constructor_are_faults_not_crashes():
    _, fault, _ = referee_game("usa", [RandomBot, Exits], ["ann", "bo"], seed=2)
    assert fault.kind == "raised" and "SystemExit: 3" in fault.reason
    game, fault, _ = referee_game("usa", [CannotBeMade, RandomBot], ["ann", "bo"], seed=2)
    assert fault.kind == "build" and fault.reason == "ann's bot could not be made: ValueError: no seed for me"
    assert len(game.log) and not game.is_over


def test_referee_plays_like_play_game_when_nobody_faults():
    game, fault, clock = referee_game("usa", [RandomBot, PlannerBot], ["a", "b"], seed=5, bot_seeds=[1, 2])
    same = ttr_teach.play_game("usa", [RandomBot(1), PlannerBot(2)], seed=5, names=["a", "b"])
    assert fault is None and game.to_dict() == same.to_dict()
    assert sum(clock.decisions) == sum(1 for e in game.log if e["event"] == "action")


# -- counting results ------------------------------------------------------------------------------
def test_outcome_shared_win_counts_a_fraction_to_each_tied_player():
    class Tied:
        def final_scores(self):
            return SimpleNamespace(players=[SimpleNamespace(name="a", total=50), SimpleNamespace(name="b", total=50),
                                            SimpleNamespace(name="c", total=9)], winner=None, tied=("a", "b"))

    assert outcome(Tied(), None) == ([50, 50, 9], [0.5, 0.5, 0.0], [1, 1, 3])
    blamed = Fault("raised", 0, "a", "...", 3)
    assert outcome(Tied(), blamed) == ([50, 50, 9], [0.0, 1.0, 0.0], [3, 1, 2])
    stalled = Fault("stalled", None, None, "...", 3)
    assert outcome(Tied(), stalled)[1] == [0.0, 0.0, 0.0]


def test_wilson_interval_matches_the_formula():
    low, high = wilson_interval(50, 100)
    assert round(low, 4) == 0.4038 and round(high, 4) == 0.5962
    assert wilson_interval(0, 10)[0] == 0 and wilson_interval(10, 10)[1] == 1


# -- whole tournaments -----------------------------------------------------------------------------
def test_tournament_is_reproducible_and_seeded():
    a, b = small(seed=1), small(seed=1)
    assert a == b and a.to_dict(timings=False) == b.to_dict(timings=False)
    assert small(seed=2) != a
    assert [r.seats for r in a.games] == [["random", "planner"], ["planner", "random"]] * 2


def test_tournament_standings_have_every_figure():
    result = small(games=6)
    table = result.standings()
    assert [row["bot"] for row in table] == ["planner", "random"]
    planner = table["planner"]
    assert planner["games"] == 6 and planner["wins"] + table["random"]["wins"] == 6
    assert planner["low"] <= planner["win_rate"] <= planner["high"]
    assert planner["mean_score"] > table["random"]["mean_score"] and planner["sd_score"] >= 0
    assert planner["rating"] > table["random"]["rating"] and planner["faults"] == 0
    assert planner["ms_per_decision"] > 0
    text = str(table)
    assert text.splitlines()[1].split()[:4] == ["bot", "games", "wins", "win_rate"]
    assert "<table" in table._repr_html_()
    assert table.to_csv().splitlines()[0].startswith("bot,games,wins,win_rate,low,high")


def test_tournament_faulty_bots_lose_their_games_and_the_tournament_goes_on():
    bots = {"planner": PlannerBot, "crash": RaisesOnTurnFive, "cheat": Illegal, "loop": Endless}
    result = small(bots, games=12, time_limit=0.5, hard_limit=0.5)
    assert len(result.games) == 12
    for rec in result.games:
        faulty = [b for b in rec.seats if b != "planner"]
        if faulty and "planner" in rec.seats:
            assert rec.fault is not None and rec.winners == ["planner"]
    table = result.standings()
    assert table["planner"]["wins"] == 6 and table["planner"]["faults"] == 0
    # between two faulty bots, the one that errs first loses: cheat errs at once, loop too
    # (and whichever sits first between them), crash only on turn 5
    faults = {row["bot"]: row["faults"] for row in table}
    assert faults == {"planner": 0, "crash": 2, "cheat": 5, "loop": 5}
    kinds = {row["bot"]: row["kinds"] for row in result.fault_summary()}
    assert kinds["cheat"] == "illegal 5" and kinds["loop"] == "stopped 5" and kinds["crash"] == "raised 2"
    assert "crash's bot raised KeyError: 'x'" in str(result)


def test_tournament_head_to_head_counts_every_meeting():
    result = small({"random": RandomBot, "planner": PlannerBot, "other": "random"}, games=6)
    scores = result.head_to_head_scores()
    for a in result.bots:
        for b in result.bots:
            if a != b:
                assert scores[a][b][1] == 2
                assert scores[a][b][0] + scores[b][a][0] == 2
    assert result.head_to_head()["planner"]["random"] in ("100% (2)", "50% (2)", "0% (2)")


def test_tournament_rebuilds_any_game_by_its_seed_even_one_stopped_by_a_fault():
    result = small({"planner": PlannerBot, "crash": RaisesOnTurnFive}, games=2)
    for rec in result.games:
        game = result.game(rec.index)
        assert game.seed == rec.deal_seed and game.players == rec.players
        assert sum(1 for e in game.log if e["event"] == "action") == rec.actions
        assert not game.is_over
    with pytest.raises(TTRError, match="this tournament has games 0 to 1"):
        result.game(2)


def test_tournament_saves_and_loads_as_json_and_csv(tmp_path):
    result = small({"random": "random", "planner": PlannerBot}, games=2)
    path = tmp_path / "t.json"
    result.save(path)
    loaded = TournamentResult.load(path)
    assert loaded == result and json.loads(path.read_text())["specs"] == {"random": "random"}
    with pytest.raises(TTRError, match="the bot 'planner' is not known here"):
        loaded.game(0)
    assert TournamentResult.load(path, bots={"planner": PlannerBot}).game(1).is_over
    rows = result.to_csv(tmp_path / "t.csv").splitlines()
    assert rows[0] == "game,round,map,deal_seed,seat,bot,bot_seed,player,score,win,rank,finished,fault"
    assert len(rows) == 1 + 2 * 2 and (tmp_path / "t.csv").exists()
    (tmp_path / "bad.json").write_text("{")
    with pytest.raises(TTRError, match="bad.json: cannot read a saved tournament"):
        TournamentResult.load(tmp_path / "bad.json")


def test_tournament_plot_draws_scores_and_win_rates():
    fig = small().plot()
    left, right = fig.axes
    assert left.get_title() == "Score distributions" and right.get_title() == "Wins"
    assert [t.get_text() for t in right.get_yticklabels()] == ["planner", "random"]


def test_tournament_refuses_bad_arguments_with_a_sentence():
    with pytest.raises(TTRError, match="at least two bots"):
        small({"random": RandomBot})
    with pytest.raises(TTRError, match="not a class, a function of the seed"):
        small({"random": RandomBot, "x": 3})
    with pytest.raises(TTRError, match="time_limit=-1"):
        small(time_limit=-1)
    with pytest.raises(TTRError, match="jobs=0"):
        ttr_teach.tournament({"a": RandomBot, "b": RandomBot}, jobs=0)


def test_tournament_bots_as_a_list_are_named():
    result = small(["random", PlannerBot], games=2)
    assert result.bots == ["random", "PlannerBot"]


def test_head_to_head_skips_stalled_games():
    from types import SimpleNamespace as G

    games = [G(seats=["a", "b"], ranks=[1, 1], fault={"seat": None})]
    assert head_to_head(games, ["a", "b"])["a"]["b"] == (0.0, 0)
