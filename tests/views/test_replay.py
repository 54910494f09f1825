"""The replay board: the model steps through a game's log (board, hands, face-up cards, running
scores), loads saved games and tournament games, refuses bad files clearly; the widget follows
its stepper (no browser needed here; tests/browser/test_replay.py drives it in
JupyterLab)."""
from __future__ import annotations

import json

import pytest

import ttr_teach
from ttr_teach import PlannerBot, RandomBot, TTRError
from ttr_teach.views.widgets import replay
from ttr_teach.views.widgets.replay_model import ReplayModel, score_plot_svg


@pytest.fixture(scope="module")
def game():
    return ttr_teach.play_game("europe", [PlannerBot(1), RandomBot(2)], seed=4, names=["Ann", "Bo"])


@pytest.fixture(scope="module")
def model(game):
    return ReplayModel(game)


def test_replay_has_one_step_per_action_after_the_deal(model, game):
    actions = [e for e in game.log if e["event"] == "action"]
    assert len(model) == len(actions) + 1
    assert model.frames[0].player is None and model.frames[0].text.startswith("The deal")
    for frame, entry in zip(model.frames[1:], actions, strict=True):
        assert frame.player == entry["player"]
        assert frame.text.startswith(f"{game.players[entry['player']]}: ")


def test_the_deal_caption_names_the_deal_once(model):
    # issue 26: the caption read "the deal: The deal: ..."
    model.go(0)
    caption = model.caption_html()
    assert caption.lower().count("the deal") == 1 and "<b>The deal</b>: each player is dealt 4" in caption


def test_replay_last_step_is_the_finished_game(model, game):
    last = model.last()
    state = game.to_dict()
    assert last.over and model.step == len(model) - 1
    for seat, p in enumerate(state["players"]):
        assert list(last.routes[seat]) == p["routes"] and list(last.stations[seat]) == p["stations"]
        assert {k: v for k, v in last.hands[seat].items() if v} == {k: v for k, v in p["hand"].items() if v}
        assert last.route_points[seat] == game.route_points(seat)
    assert list(last.face_up) == state["face_up"]


def test_replay_cards_are_all_accounted_for_at_every_step(model):
    for f in model.frames:
        in_hands = sum(sum(h.values()) for h in f.hands)
        assert in_hands + len(f.face_up) + f.deck_size <= 110
        assert all(n >= 0 for h in f.hands for n in h.values())


def test_replay_steps_move_and_clamp(model):
    assert model.go(5).step == 5 and model.next().step == 6 and model.previous().step == 5
    assert model.go(-3).step == 0 and model.go(10 ** 6).step == len(model) - 1
    assert model.first().step == 0


def test_replay_board_points_at_the_route_just_claimed(model):
    step = next(f.step for f in model.frames if f.claimed is not None)
    model.go(step)
    svg = model.board_svg()
    who = model.names[model.frame.player]
    route = model.map.routes[model.frame.claimed]
    assert svg.startswith("<svg") and f'class="last-move" data-routes="{route.index}"' in svg
    assert f"last move: {who} claimed {route}" in svg
    assert model.position().players[model.frame.player].routes[-1].index == model.frame.claimed
    model.go(0)
    assert 'class="last-move"' not in model.board_svg()


def test_replay_hand_shows_the_watched_players_cards_and_tickets(model, game):
    model.watch("Bo")
    model.last()
    html = model.hand_html()
    assert "Bo</span> holds" in html
    for kind, n in game.hand(1).items():
        if n:
            assert f'data-card="{kind}"' in html and f"</b> {n} {kind}<" in html
    for t in game.tickets(1):
        assert str(t) in html
    model.watch(0)
    with pytest.raises(TTRError, match="'Cy' does not play in this game"):
        model.watch("Cy")
    with pytest.raises(TTRError, match="seat 5: this game has seats 0 to 1"):
        model.watch(5)


def test_replay_face_up_cards_follow_the_steps(model):
    for step in (0, 10, len(model) - 1):
        model.go(step)
        html = model.face_up_html()
        assert html.count('class="ttr-card"') == len(model.frame.face_up)


def test_replay_score_plot_follows_the_step_and_ends_with_the_final_totals(model, game):
    series = model.score_series()
    assert [s[-1] for s in series] == [game.route_points(i) for i in range(2)]
    assert all(a <= b for s in series for a, b in zip(s, s[1:], strict=False))     # route points only grow
    model.go(7)
    svg = model.score_svg()
    assert 'data-step="7"' in svg and svg.count("<polyline") == 2
    for p in game.final_scores().players:
        assert f">{p.total}</text>" in svg
    assert 'data-step="2"' in score_plot_svg(["a"], [[0, 1, 2]], 2)


def test_replay_opens_a_saved_game_file_and_refuses_bad_ones(game, tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.to_dict()))
    assert len(ReplayModel(str(path))) == len(ReplayModel(game))
    assert len(ReplayModel(game.to_dict())) == len(ReplayModel(game))
    (tmp_path / "nolog.json").write_text(json.dumps(game.to_dict(log=False)))
    with pytest.raises(TTRError, match=r"nolog.json: the saved game has no log \(saved with log=False\)"):
        ReplayModel(tmp_path / "nolog.json")
    (tmp_path / "broken.json").write_text("{")
    with pytest.raises(TTRError, match="broken.json: not a saved game"):
        ReplayModel(tmp_path / "broken.json")
    with pytest.raises(TTRError, match="missing.json: cannot read the saved game"):
        ReplayModel(tmp_path / "missing.json")
    bad = game.to_dict()
    bad["log"][5] = {"event": "action", "player": 0, "action": {"type": "pass"}}
    with pytest.raises(TTRError, match="cannot be replayed"):
        ReplayModel(bad)


def test_replay_opens_any_game_of_a_tournament(game):
    result = ttr_teach.tournament({"random": RandomBot, "planner": PlannerBot}, games=2, maps=("usa",),
                                  jobs=1, progress=False)
    widget = replay(result, game=1, seat="planner")
    rec = result.games[1]
    assert widget.model.names == rec.players and widget.model.game.seed == rec.deal_seed
    assert widget.model.names[widget.model.seat] == "planner"
    assert [p.total for p in widget.model.final.players] == rec.scores


def test_replay_widget_follows_its_stepper_and_chooser(game):
    w = replay(game)
    s = w.stepper
    assert s.maximum == len(w.model) - 1 and s.label.value == "the deal" and s.previous_button.disabled
    s.value = 12
    assert w.model.step == 12 and 'data-step="12"' in w.scores.value and "step 12 of" in w.caption.value
    assert s.label.value == f"step 12 of {s.maximum}" and s.jump_box.value == 12
    s.next_button.click()
    assert w.model.step == 13 and s.value == 13
    s.previous_button.click()
    s.previous_button.click()
    assert w.model.step == 11
    s.jump_box.value = 0                      # typed in the "go to step" box
    assert w.model.step == 0
    s.previous_button.click()
    assert w.model.step == 0
    w.watch.value = 1
    assert "Bo</span> holds" in w.hand.value
    assert w.board.value.startswith("<svg")


class _SlowOnTurnTen:
    """A bot that takes too long to decide from the 11th turn on."""

    def __init__(self, seed=0):
        self.bot = RandomBot(seed)

    def choose(self, view):
        if view.turn >= 10:
            import time
            end = time.process_time() + 0.3
            while time.process_time() < end:
                pass
        return self.bot.choose(view)


def test_replay_of_a_game_stopped_by_a_fault_says_where_and_why_it_stopped():
    result = ttr_teach.tournament({"slow": _SlowOnTurnTen, "random": RandomBot}, games=1, maps=("usa",),
                                  jobs=1, progress=False, time_limit=0.2, hard_limit=60)
    fault = result.games[0].fault
    assert fault["kind"] == "slow"
    w = replay(result, game=0, seat="slow")
    w.model.last()
    caption = w.model.caption_html()
    assert "The game stopped here:</b>" in caption and "took" in caption and "the limit is 0.2 s" in caption
    assert "to decide on turn 11" in caption and "Game over" not in caption     # view.turn 10 is turn 11
    w.model.go(1)
    assert "stopped here" not in w.model.caption_html()
