"""play_game: whole games between bots, each seeing only its own view, reproducible from the seed."""
import pytest

import ttr_teach
from ttr_teach.engine.actions import ClaimRoute, DrawBlind
from ttr_teach.engine.game.core import Game
from ttr_teach.players import BotError, PlannerBot, RandomBot, Table, play_game
from ttr_teach.players.view import PlayerView


class Spy:
    """Plays like RandomBot and records what it was given."""

    def __init__(self, seed):
        self.inner = RandomBot(seed)
        self.given = []

    def choose(self, view):
        self.given.append(view)
        return self.inner.choose(view)


def test_play_game_is_reproducible_from_the_seed_and_the_bots():
    a = play_game("europe", [PlannerBot(1), RandomBot(2), PlannerBot(3)], seed=5)
    b = play_game("europe", [PlannerBot(1), RandomBot(2), PlannerBot(3)], seed=5)
    assert a.is_over and a.to_dict() == b.to_dict()
    c = play_game("europe", [PlannerBot(1), RandomBot(2), PlannerBot(3)], seed=6)
    assert c.to_dict() != a.to_dict()


def test_each_bot_receives_only_its_own_view_set_up_included():
    spies = [Spy(1), Spy(2), Spy(3)]
    g = play_game("usa", spies, seed=2, names=["Ann", "Bo", "Cy"])
    assert g.is_over and g.players == ["Ann", "Bo", "Cy"]
    for seat, spy in enumerate(spies):
        assert spy.given and all(type(v) is PlayerView and v.seat == seat and v.is_my_turn for v in spy.given)
        assert spy.given[0].phase == "setup" and spy.given[0].pending["kind"] == "tickets"
    decisions = sum(1 for e in g.log if e["event"] == "action")
    assert decisions == sum(len(s.given) for s in spies)


def test_a_bot_returning_an_illegal_action_is_named_with_the_action():
    class Cheater:
        name = "Cheater"

        def choose(self, view):
            if view.phase == "play":
                return ClaimRoute(0, "red", 9, 0)
            return view.legal_actions()[0]

    with pytest.raises(BotError, match=r"Cheater \(seat 1, 'Bo'\) chose 'claim route #0 with 9 red', "
                                        r"which the rules refuse: .*needs 2 cards; you offered 9") as caught:
        play_game("usa", [RandomBot(1), Cheater()], seed=1, names=["Ann", "Bo"])
    assert caught.value.seat == 1 and caught.value.action == ClaimRoute(0, "red", 9, 0)
    assert isinstance(caught.value, ttr_teach.IllegalAction)

    class Nonsense:
        def choose(self, view):
            return "draw please"

    with pytest.raises(BotError, match="Nonsense \\(seat 0, 'Nonsense'\\) chose 'draw please'"):
        play_game("usa", [Nonsense(), RandomBot(2)], seed=1, names=["Nonsense", "Other"])


def test_actions_as_dicts_are_accepted():
    class DictBot:
        def __init__(self):
            self.inner = RandomBot(4)

        def choose(self, view):
            return self.inner.choose(view).to_dict()

    assert play_game("usa", [DictBot(), RandomBot(5)], seed=3).is_over


def test_default_names_and_wrong_number_of_bots():
    g = play_game("usa", [RandomBot(1), PlannerBot(2)], seed=1)
    assert g.players == ["RandomBot", "PlannerBot"]
    with pytest.raises(ValueError, match="3 bots for 2 players"):
        play_game("usa", [RandomBot(1), RandomBot(2), RandomBot(3)], names=["A", "B"])


def test_a_game_that_never_ends_is_stopped():
    class Drawer:
        def choose(self, view):
            return DrawBlind() if DrawBlind() in view.legal_actions() else view.legal_actions()[0]

    with pytest.raises(RuntimeError, match="did not end after 50 actions"):
        play_game("usa", [Drawer(), Drawer()], seed=1, max_actions=50)


def test_the_table_keeps_each_seats_log_as_a_fresh_view_would():
    table = Table(Game.new("europe", ["Ann", "Bo"], seed=9))
    bot = RandomBot(3)
    for _ in range(120):
        table.apply(bot.choose(table.view()))
        for seat in (0, 1):
            assert table.view(seat).log == PlayerView(table.game, seat).log


def test_public_names_are_exported():
    for name in ("RandomBot", "PlannerBot", "play_game", "PlayerView"):
        assert getattr(ttr_teach, name) is getattr(ttr_teach.players, name)


def test_a_game_is_the_same_in_another_python_process():
    # Python orders sets of names differently in each process (hash randomisation); the bots
    # must not depend on it, or a game could not be replayed from its seed.
    import hashlib
    import json
    import os
    import subprocess
    import sys

    from ttr_teach.players import ExpertBot

    code = ("import hashlib, json; from ttr_teach.players import play_game, ExpertBot, PlannerBot; "
            "g = play_game('{m}', [ExpertBot(5), PlannerBot(6)], seed=5); "
            "print(hashlib.sha256(json.dumps(g.to_dict(), sort_keys=True).encode()).hexdigest())")
    for m in ("usa", "europe"):
        here = play_game(m, [ExpertBot(5), PlannerBot(6)], seed=5)
        digest = hashlib.sha256(json.dumps(here.to_dict(), sort_keys=True).encode()).hexdigest()
        for hash_seed in ("1", "2"):
            env = dict(os.environ, PYTHONHASHSEED=hash_seed)
            out = subprocess.run([sys.executable, "-c", code.format(m=m)], capture_output=True, text=True,
                                 env=env, check=True).stdout.strip()
            assert out == digest, (m, hash_seed)
