"""Saved games read back (Game.from_dict, Game.load, Game.replay): a broken log is refused
naming the entry and the field, so that a game that loads never fails later; and a fuzz test
that mutates real saved games at random."""
import copy
import json
import random

import pytest

from ttr_teach import Game, ReplayError, TTRError
from ttr_teach.engine.game.saved_log import EVENT_FIELDS
from ttr_teach.players.random_bot import play_random_game
from ttr_teach.views.svg import board_svg


@pytest.fixture(scope="module")
def saved():
    """A finished 3-player Europe game, as saved."""
    return play_random_game("europe", 3, seed=4).to_dict()


def refusal(d) -> str:
    with pytest.raises(ReplayError) as caught:
        Game.from_dict(d)
    message = str(caught.value)
    assert message.startswith("game state: ") and "\n" not in message
    return message


def with_entry(d, k, entry):
    d = copy.deepcopy(d)
    d["log"][k] = entry
    return d


# -- the log is checked against the state -------------------------------------------------------
@pytest.mark.parametrize("entry, words", [
    ({"event": "claimed", "player": 7, "route": 3, "points": 2},
     "field 'player': 7 is not a seat of this game (0 to 2)"),
    ({"event": "claimed", "player": -1, "route": 3, "points": 2}, "field 'player': -1 is not a seat"),
    ({"event": "claimed", "player": True, "route": 3, "points": 2}, "field 'player': True is not a seat"),
    ({"event": "claimed", "player": 0, "route": 101, "points": 2}, "field 'route': 101 is not a route number of "
                                                                   "the europe map (0 to 100)"),
    ({"event": "claimed", "player": 0, "route": 3}, "the field 'points' is missing"),
    ({"event": "claimed", "player": 0, "route": 3, "points": 2, "why": "x"}, "unknown field 'why'"),
    ({"event": "teleported", "player": 0}, "'teleported' is not an event of the game's log"),
    ({"player": 0}, "None is not an event"),
    ("claimed", "'claimed' is not a log entry"),
    ({"event": "action", "player": 0, "action": {"type": "jump"}}, "field 'action': there is no action 'jump'"),
    ({"event": "action", "player": 0, "action": "pass"}, "field 'action': 'pass' is not an action"),
    ({"event": "action", "player": 0, "action": {"type": "claim_route", "route": 500, "color": "red",
                                                 "colored": 1, "locomotives": 0}},
     "there is no route number 500 on the europe map"),
    ({"event": "action", "player": 0, "action": {"type": "keep_tickets", "tickets": [99]}},
     "the europe map has tickets 0 to 45"),
    ({"event": "action", "player": 0, "action": {"type": "build_station", "city": "Atlantis", "color": "red",
                                                 "colored": 1, "locomotives": 0}}, "no city 'Atlantis'"),
    ({"event": "drew", "player": 0, "card": "purple", "from": "deck"}, "field 'card': 'purple' is not a card"),
    ({"event": "drew", "player": 0, "card": "red", "from": "sky"}, "field 'from'"),
    ({"event": "station_built", "player": 0, "city": "Denver"}, "'Denver' is not a city id of the europe map"),
    ({"event": "tickets_kept", "player": 0, "kept": [1], "returned": [46], "to": "box"}, "field 'returned'"),
    ({"event": "reshuffle", "cards": 10 ** 5000, "shuffles": 1}, None),
    ({"event": "game_over", "reason": ["no"]}, "field 'reason'"),
    ({"event": "new_game", "map": "europe", "players": ["Ann"], "seed": 1}, "only there"),
    ({"event": "start", "state": {}}, "only there"),
])
def test_a_log_entry_the_game_could_not_have_written_is_refused(saved, entry, words):
    message = refusal(with_entry(saved, 5, entry))
    assert "log entry 5" in message
    if words:
        assert words in message
    assert len(message) < 500


def test_the_log_must_begin_with_how_the_game_began(saved):
    assert "a log begins with how the game began" in refusal(with_entry(saved, 0, saved["log"][1]))
    other = dict(saved["log"][0], seed=saved["seed"] + 1)
    assert "it names another game than this state's" in refusal(with_entry(saved, 0, other))
    other = dict(saved["log"][0], players=["Ann", "Bo", "Zed"])
    assert "another game" in refusal(with_entry(saved, 0, other))


def test_an_arranged_start_holds_a_state_without_a_log_of_its_own():
    g = Game.arranged("usa", ["Ann", "Bo"])
    d = g.to_dict()
    assert Game.from_dict(d).to_dict() == d
    d["log"][0]["state"]["log"] = [{"event": "start", "state": {}}]
    assert "a saved game state without a log of its own" in refusal(d)


def test_every_event_a_game_writes_is_in_the_table():
    seen = set()
    for seed, (m, n) in enumerate([("europe", 2), ("usa", 3), ("europe", 5), ("usa", 2)]):
        g = play_random_game(m, n, seed=seed)
        seen |= {e["event"] for e in g.log}
        assert Game.from_dict(g.to_dict()).to_dict() == g.to_dict()
    assert seen <= set(EVENT_FIELDS)
    assert {"new_game", "action", "claimed", "drew", "game_over"} <= seen


def test_a_loaded_game_with_no_log_still_loads(saved):
    assert Game.from_dict({k: v for k, v in saved.items() if k != "log"}).log == []


# -- replay and load ------------------------------------------------------------------------------
@pytest.mark.parametrize("log", [
    [{"event": "new_game", "map": "mars", "players": ["Ann", "Bo"], "seed": 1}],
    [{"event": "new_game", "map": "usa", "players": 5, "seed": 1}],
    [{"event": "new_game", "map": "usa", "players": ["Ann"], "seed": 1}],
    [{"event": "new_game", "map": "usa", "players": ["Ann", "Bo"], "seed": "x"}],
    [{"event": "start", "state": {"map": "usa"}}],
    [{"event": "start"}],
    [{"event": "drew"}],
    [{"event": "new_game", "map": "usa", "players": ["Ann", "Bo"], "seed": 1},
     {"event": "action", "player": 0, "action": {"type": "teleport"}}],
    [{"event": "new_game", "map": "usa", "players": ["Ann", "Bo"], "seed": 1},
     {"event": "action", "player": 0, "action": None}],
    [{"event": "new_game", "map": "usa", "players": ["Ann", "Bo"], "seed": 1},
     {"event": "action", "player": 0, "action": {"type": "pass"}}],
])
def test_replay_raises_the_documented_error_whatever_is_wrong(log):
    with pytest.raises(ReplayError, match="^replay: "):
        Game.replay(log)


def test_replay_of_a_broken_saved_game(saved):
    d = copy.deepcopy(saved)
    d["log"].insert(3, {"event": "action", "player": 0, "action": {"type": "pass"}})
    with pytest.raises(ReplayError, match="^replay: log entry 3 cannot be replayed"):
        Game.replay(d)
    assert Game.replay(saved).to_dict() == saved


def test_load_reads_a_saved_game_file_with_the_one_reader(saved, tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(saved), encoding="utf-8")
    assert Game.load(path).to_dict() == saved
    (tmp_path / "game.yaml").write_text("format: ttr-teach game\nformat: x\n", encoding="utf-8")
    with pytest.raises(ReplayError, match="game.yaml: line 2: field 'format' appears twice"):
        Game.load(tmp_path / "game.yaml")
    broken = with_entry(saved, 4, {"event": "claimed", "player": 9, "route": 0, "points": 1})
    path.write_text(json.dumps(broken), encoding="utf-8")
    with pytest.raises(ReplayError, match=r"game.json: game state: log entry 4 \(claimed\)"):
        Game.load(path)


# -- fuzz: mutated saved games are refused, or load and then work --------------------------------------
ODD_VALUES = [None, True, -1, 0, 1, 2, 7, 45, 99, 10 ** 40, 2.5, "", "x", "red", "locomotive", "Paris",
              "Denver", [], [0], [7, 7], {}, {"type": "pass"}]


def mutate(d, rng):
    """``d`` with one value replaced, deleted or repeated, somewhere at random (often in the log)."""
    d = copy.deepcopy(d)
    paths, stack = [], [((), d)]
    while stack:
        path, x = stack.pop()
        if path:
            paths.append(path)
        items = x.items() if isinstance(x, dict) else enumerate(x) if isinstance(x, list) else ()
        stack.extend((path + (k,), v) for k, v in items)
    log_paths = [p for p in paths if p[0] == "log"]
    path = rng.choice(log_paths if log_paths and rng.random() < 0.6 else paths)
    parent = d
    for k in path[:-1]:
        parent = parent[k]
    key, r = path[-1], rng.random()
    if r < 0.15 and isinstance(parent, dict):
        del parent[key]
    elif r < 0.25 and isinstance(parent, list):
        parent.insert(key, copy.deepcopy(parent[key]))
    elif r < 0.4 and isinstance(parent[key], int) and not isinstance(parent[key], bool):
        parent[key] += rng.choice([-1, 1, 3, 50])
    else:
        parent[key] = copy.deepcopy(rng.choice(ODD_VALUES))
    return d


def bases():
    out = []
    for seed, (m, n, moves) in enumerate([("europe", 3, None), ("usa", 2, 40), ("europe", 5, 90), ("usa", 4, 0)]):
        if moves is None:
            out.append(play_random_game(m, n, seed=seed).to_dict())
            continue
        g = Game.new(m, [f"P{i}" for i in range(n)], seed=seed)
        rng = random.Random(seed)
        for _ in range(moves):
            if g.is_over:
                break
            g.apply(rng.choice(g.legal_actions()))
        out.append(g.to_dict())
    return out


def test_mutated_saved_games_are_refused_or_work_everywhere():
    rng = random.Random(13)
    games = bases()
    loaded = 0
    for k in range(400):
        d = mutate(rng.choice(games), rng)
        if rng.random() < 0.3:
            d = mutate(d, rng)
        d = json.loads(json.dumps(d))
        try:
            g = Game.from_dict(d)
        except TTRError as e:
            assert str(e).startswith("game state: ") and "\n" not in str(e), (k, str(e))
            continue
        loaded += 1
        g.history()
        assert json.loads(json.dumps(g.to_dict())) == g.to_dict()
        board_svg(g)
        play = g.copy()
        for _ in range(5):
            actions = play.legal_actions()
            if play.is_over or not actions:
                break
            play.apply(rng.choice(actions))
        play.history()
        try:
            Game.replay(d)
        except ReplayError as e:
            assert str(e).startswith("replay: ")
    assert loaded >= 20     # the fuzz reaches games that load, not only refusals
