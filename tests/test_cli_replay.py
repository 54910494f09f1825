"""``ttr-teach board`` draws a saved game at any step, and names an unknown map as one;
``ttr-teach replay RESULT.json GAME -o game.html`` writes one game of a saved tournament as a
self-contained page (the board, slider, buttons, log and scores; nothing fetched)."""
from __future__ import annotations

import json
import re

import pytest

from ttr_teach.cli import main
from ttr_teach.players.play import play_game
from ttr_teach.players.random_bot import RandomBot
from ttr_teach.views.widgets.replay_model import ReplayModel


@pytest.fixture
def saved_game(tmp_path):
    game = play_game("usa", [RandomBot(1), RandomBot(2)], seed=4)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.to_dict()), encoding="utf-8")
    return game, path


def test_board_draws_a_saved_game_at_its_last_step_or_at_step_n(saved_game, capsys, tmp_path):
    game, path = saved_game
    model = ReplayModel(game)
    assert main(["board", str(path)]) == 0
    model.last()
    assert capsys.readouterr().out == model.board_svg(size=None)
    assert main(["board", str(path), "--step", "7", "-o", str(tmp_path / "b.svg")]) == 0
    model.go(7)
    assert (tmp_path / "b.svg").read_text() == model.board_svg(size=None)
    assert main(["board", str(path), "--step", "0", "--no-legend"]) == 0
    assert capsys.readouterr().out.count('class="route"') == len(game.map.routes)


def test_board_at_the_last_step_shows_every_claimed_route(saved_game, capsys):
    game, path = saved_game
    assert main(["board", str(path)]) == 0
    svg = capsys.readouterr().out
    trains = sum(r.length for p in range(len(game.players)) for r in game.routes(p))
    assert trains > 0 and svg.count('class="train"') == trains
    for seat, name in enumerate(game.players):
        left = game.rules.trains_per_player - sum(r.length for r in game.routes(seat))
        assert f"{name}</tspan> (" in svg and re.search(rf"{name}</tspan> \([\w, ]+\): {left} trains? left", svg)


def test_board_refuses_a_step_out_of_the_game_and_an_unknown_map(saved_game, capsys):
    game, path = saved_game
    steps = sum(1 for e in game.log if e.get("event") == "action")
    assert main(["board", str(path), "--step", str(steps + 1)]) == 2
    assert capsys.readouterr().err == (f"ttr-teach: {path}: --step {steps + 1}: this game has steps 0 (the deal) "
                                       f"to {steps}\n")
    assert main(["board", "narnia"]) == 2
    assert capsys.readouterr().err == ("ttr-teach: unknown map 'narnia'; the maps are europe, usa (or give a "
                                       "position file or a saved game)\n")
    assert main(["board", "europe", "--step", "3"]) == 2
    assert "--step needs a saved game with its log" in capsys.readouterr().err


def test_replay_writes_one_game_of_a_saved_tournament_as_a_page(tmp_path, capsys):
    saved = tmp_path / "t.json"
    assert main(["tournament", "--builtin", "random,planner", "--games", "2", "--map", "usa", "--jobs", "1",
                 "--no-progress", "--json", str(saved)]) == 0
    result = json.loads(saved.read_text())
    out = tmp_path / "game.html"
    assert main(["replay", str(saved), "1", "-o", str(out)]) == 0
    assert capsys.readouterr().err.startswith(f"wrote {out}: game 1, ")
    page = out.read_text()
    record = result["games"][1]
    data = json.loads(re.search(r'<script type="application/json" id="replay-data">(.*?)</script>', page, re.S)[1])
    assert data["finals"] == record["scores"] and data["names"] == record["players"]
    assert len(data["frames"]) == record["actions"] + 1 and 'type="range"' in page
    assert re.search(r'(src|href)="https?:', page) is None          # nothing fetched: it opens offline
    assert main(["replay", str(saved), "1", "-o", str(out)]) == 2     # not replaced without --force
    assert "the file exists already" in capsys.readouterr().err
    assert main(["replay", str(saved), "2"]) == 2
    assert capsys.readouterr().err == f"ttr-teach: {saved}: there is no game 2; this tournament has games 0 to 1\n"


def test_replay_says_when_a_bot_file_is_gone_since_the_tournament(tmp_path, capsys):
    bot = tmp_path / "ann.py"
    bot.write_text("class First:\n    def choose(self, view):\n        return view.legal_actions()[0]\n")
    saved = tmp_path / "t.json"
    assert main(["tournament", str(bot), "--builtin", "random", "--games", "2", "--map", "usa", "--jobs", "1",
                 "--no-progress", "--json", str(saved)]) == 0
    bot.rename(tmp_path / "elsewhere.py")
    assert main(["replay", str(saved), "0", "-o", str(tmp_path / "g.html")]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"ttr-teach: {saved}: game 0: ann's bot could not be loaded: {bot}: ") and \
        err.endswith("it was made when the game was played (a bot file moved or changed since?)\n"), err
    assert not (tmp_path / "g.html").exists()
