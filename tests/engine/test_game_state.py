"""The game state: to_dict/from_dict, replay, actions as dicts, refusals that change nothing."""
import json
import random

import pytest

from ttr_teach.engine.actions import (
    ACTION_TYPES,
    BuildStation,
    ClaimRoute,
    DeclineTunnel,
    DrawBlind,
    DrawFaceUp,
    DrawTickets,
    KeepTickets,
    Pass,
    PayTunnel,
    action_from_dict,
)
from ttr_teach.engine.errors import IllegalAction, PositionError, ReplayError
from ttr_teach.engine.game.core import Game
from ttr_teach.engine.maps import load_map
from ttr_teach.engine.position import Position
from ttr_teach.players.random_bot import DEFAULT_WEIGHTS, RandomBot, play_random_game, random_action

from ..helpers import play_some

EUROPE = load_map("europe")
MADRID_BLACK = EUROPE.route("Madrid", "Pamplona", "black").index




def check_round_trip(g):
    d = g.to_dict()
    assert json.loads(json.dumps(d)) == d
    assert Game.from_dict(d).to_dict() == d
    assert Game.from_dict(json.loads(json.dumps(d))).to_dict() == d


def test_to_dict_is_plain_json_and_round_trips_at_every_kind_of_moment():
    g = Game.new(map="europe", players=["Ann", "Bo", "Cy"], seed=9)
    check_round_trip(g)                                     # set-up, tickets pending
    play_some(g, 3)
    check_round_trip(g)
    # second card pending
    g2 = Game.arranged("usa", ["Ann", "Bo"], deck=["red", "blue"])
    g2.apply(DrawBlind())
    assert g2.to_dict()["pending"] == {"kind": "second_card"}
    check_round_trip(g2)
    # tunnel pending
    g3 = Game.arranged("europe", ["Ann", "Bo"], hands=[{"black": 4}], deck=["black", "red", "blue"])
    g3.apply(ClaimRoute(MADRID_BLACK, "black", 3, 0))
    assert g3.to_dict()["pending"]["kind"] == "tunnel"
    check_round_trip(g3)
    # finished
    check_round_trip(play_random_game("usa", 2, seed=4))


def test_replay_rebuilds_the_same_game_from_seed_and_actions():
    g = play_random_game("europe", 4, seed=6)
    d = g.to_dict()
    assert Game.replay(d).to_dict() == d
    assert Game.replay(d["log"]).to_dict() == d
    half = play_some(Game.new(map="usa", players=["Ann", "Bo"], seed=3), 40, seed=1)
    assert Game.replay(half).to_dict() == half.to_dict()


def test_replay_of_an_arranged_game():
    g = Game.arranged("europe", ["Ann", "Bo"], hands=[{"black": 4}], deck=["black", "red", "blue"])
    g.apply(ClaimRoute(MADRID_BLACK, "black", 3, 0))
    g.apply(PayTunnel("black", 1, 0))
    play_some(g, 10)
    assert Game.replay(g.to_dict()).to_dict() == g.to_dict()


def test_replay_refuses_a_log_that_does_not_match():
    d = play_some(Game.new(map="usa", players=["Ann", "Bo"], seed=3), 10).to_dict()
    draws = [e for e in d["log"] if e["event"] == "drew"]
    draws[0]["card"] = "pink" if draws[0]["card"] != "pink" else "red"
    with pytest.raises(ReplayError, match="does not give the events in the log"):
        Game.replay(d)
    with pytest.raises(ReplayError, match="does not begin with how the game started"):
        Game.replay([{"event": "action", "player": 0, "action": {"type": "draw_blind"}}])


def test_apply_accepts_the_dict_form_of_an_action():
    g = Game.arranged("usa", ["Ann", "Bo"], deck=["red", "blue"])
    g.apply({"type": "draw_blind"})
    g.apply({"type": "draw_blind"})
    assert g.hand("Ann") == {"red": 1, "blue": 1}


@pytest.mark.parametrize("action", [
    DrawBlind(), DrawFaceUp("red"), DrawFaceUp("locomotive"), ClaimRoute(5, "red", 2, 1),
    ClaimRoute(5, None, 0, 3), PayTunnel("blue", 1, 1), PayTunnel(None, 0, 2), DeclineTunnel(),
    DrawTickets(), KeepTickets((3, 1, 7)), BuildStation("Wien", "green", 2, 0), Pass()])
def test_action_dict_form_round_trips_through_json(action):
    d = action.to_dict()
    assert json.loads(json.dumps(d)) == d
    assert action_from_dict(d) == action
    assert d["type"] in ACTION_TYPES
    assert str(action)


def test_actions_read_as_sentences():
    assert str(ClaimRoute(MADRID_BLACK, "black", 2, 1, label="Madrid–Pamplona (3 black, tunnel)")) == \
        "claim Madrid–Pamplona (3 black, tunnel) with 2 black + 1 locomotive"
    assert str(PayTunnel(None, 0, 2)) == "pay 2 locomotives more for the tunnel"
    assert str(BuildStation("Wien", "red", 1, 0)) == "build a station in Wien with 1 red"
    assert str(DrawFaceUp("red")) == "take the face-up red card"
    g = Game.arranged("europe", ["Ann", "Bo"])
    assert g.describe({"type": "claim_route", "route": MADRID_BLACK, "color": None, "colored": 0,
                       "locomotives": 3}) == "claim Madrid–Pamplona (3 black, tunnel) with 3 locomotives"


@pytest.mark.parametrize("junk, message", [
    (42, "an action is a dict with a 'type'"),
    ("draw", "an action is a dict with a 'type'"),
    ({"type": "fly"}, "there is no action 'fly'"),
    ({"type": "draw_face_up"}, "a draw_face_up action needs the field 'card'"),
    ({"type": "draw_blind", "cards": 2}, "a draw_blind action has no field 'cards'"),
    ({"type": "draw_face_up", "card": "purple"}, "'purple' is not a train card"),
    ({"type": "claim_route", "route": "Paris", "color": "red", "colored": 1, "locomotives": 0},
     "a route is named by its number in the map"),
    ({"type": "claim_route", "route": 999, "color": "red", "colored": 1, "locomotives": 0},
     "there is no route number 999 on the europe map"),
    ({"type": "claim_route", "route": 1, "color": "red", "colored": -1, "locomotives": 0},
     "must be whole numbers, 0 or more"),
    ({"type": "claim_route", "route": 1, "color": None, "colored": 2, "locomotives": 0},
     "say which colour your 2 coloured cards are"),
    ({"type": "claim_route", "route": 1, "color": "locomotive", "colored": 2, "locomotives": 0},
     "count locomotives in 'locomotives'"),
    ({"type": "keep_tickets", "tickets": [1, 1]}, "a ticket is listed twice"),
    ({"type": "keep_tickets", "tickets": "all"}, "tickets to keep are given as a list"),
    ({"type": "build_station", "city": 3, "color": "red", "colored": 1, "locomotives": 0},
     "a station is built in a city named by text"),
    ("not an action", "an action is a dict"),
])
def test_junk_actions_are_refused_with_a_sentence_and_change_nothing(junk, message):
    g = Game.arranged("europe", ["Ann", "Bo"], hands=[{"red": 3, "locomotive": 1}])
    before = g.to_dict()
    with pytest.raises(IllegalAction, match=message):
        g.apply(junk)
    assert g.to_dict() == before


def test_objects_that_are_not_actions_are_refused():
    g = Game.arranged("usa", ["Ann", "Bo"])
    before = g.to_dict()
    with pytest.raises(IllegalAction, match="an action is a dict with a 'type'"):
        g.apply(object())
    assert g.to_dict() == before


def test_why_illegal_explains_without_applying():
    g = Game.arranged("europe", ["Ann", "Bo"], deck=[], discard=[], leftover="Bo")
    assert g.why_illegal(DrawBlind()) == \
        "there are no cards left to draw: the deck and the discard pile are both empty"
    assert g.why_illegal({"type": "draw_tickets"}) is None


def test_from_dict_refuses_a_state_with_a_card_missing():
    d = Game.arranged("usa", ["Ann", "Bo"], deck=["red"]).to_dict()
    d["deck"] = []
    with pytest.raises(ReplayError, match="there are 11 red cards in the game; there must be exactly 12"):
        Game.from_dict(d)


def test_from_dict_refuses_a_ticket_held_twice():
    d = Game.arranged("usa", ["Ann", "Bo"], tickets=[[["Denver", "El Paso"]], []]).to_dict()
    d["players"][1]["tickets"] = list(d["players"][0]["tickets"])
    with pytest.raises(ReplayError, match="ticket Denver–El Paso \\(4\\) is in the game twice"):
        Game.from_dict(d)


def test_from_dict_refuses_a_route_owned_twice():
    d = Game.arranged("usa", ["Ann", "Bo"], routes=[[3], []]).to_dict()
    d["players"][1]["routes"] = [3]
    with pytest.raises(ReplayError, match="has already been claimed"):
        Game.from_dict(d)


@pytest.mark.parametrize("broken", [None, [], {"map": "europe"}, {"map": "mars"}])
def test_from_dict_refuses_junk_without_a_traceback(broken):
    from ttr_teach.engine.errors import TTRError

    with pytest.raises(TTRError):
        Game.from_dict(broken)


def test_arranged_refuses_more_cards_than_exist():
    with pytest.raises(PositionError, match="more red cards are placed than the 12 that exist"):
        Game.arranged("usa", ["Ann", "Bo"], hands=[{"red": 10}, {"red": 3}])


def test_to_position_lists_routes_stations_and_kept_tickets():
    g = Game.arranged("europe", ["Ann", "Bo"], routes=[[["Paris", "Frankfurt", "white"]], []],
                      stations=[["Wien"], []], tickets=[[["Paris", "Wien"]], []])
    pos = g.to_position()
    assert isinstance(pos, Position)
    assert pos.to_dict() == {"map": "europe", "players": [
        {"name": "Ann", "color": "red", "routes": [["Frankfurt", "Paris", "white"]], "stations": ["Wien"],
         "tickets": [["Paris", "Wien"]]},
        {"name": "Bo", "color": "blue", "routes": [], "stations": [], "tickets": []}]}
    assert Position.from_dict(pos.to_dict()).to_dict() == pos.to_dict()


def test_player_views():
    g = Game.arranged("europe", ["Ann", "Bo"], hands=[{"red": 2, "locomotive": 1}, {}],
                      routes=[[["Paris", "Frankfurt", "white"]], []], stations=[["Wien"], []])
    assert g.players == ["Ann", "Bo"] and g.current_player == 0 and g.current_name == "Ann"
    assert g.hand("Ann") == {"red": 2, "locomotive": 1} and g.hand(1) == {}
    assert (g.trains_left("Ann"), g.stations_left("Ann"), g.route_points("Ann")) == (42, 2, 4)
    assert (g.trains_left("Bo"), g.stations_left("Bo"), g.route_points("Bo")) == (45, 3, 0)


def test_game_draws_itself_as_svg():
    g = Game.arranged("europe", ["Ann", "Bo"], routes=[[["Paris", "Frankfurt", "white"]], []])
    svg = g._repr_svg_()
    assert svg.lstrip().startswith("<svg") or "<svg" in svg[:200]


def test_board_svg_reads_the_game_through_to_position():
    from ttr_teach.views import svg

    g = Game.arranged("europe", ["Ann", "Bo"], routes=[[["Paris", "Frankfurt", "white"]], []])
    assert svg.board_svg(g, legend=False) == svg.board_svg(g.to_position(), legend=False)


def test_history_reads_as_sentences():
    g = Game.arranged("europe", ["Ann", "Bo"], hands=[{"black": 3}], deck=["red", "blue", "green"])
    g.apply(ClaimRoute(MADRID_BLACK, "black", 3, 0))
    assert g.history()[1:] == [
        "Ann: claim Madrid–Pamplona (3 black, tunnel) with 3 black",
        "tunnel: revealed red, blue, green; 0 extra cards",
        "Ann claims Madrid–Pamplona (3 black, tunnel) for 4 points",
    ]


def test_arranged_face_up_row_is_dealt_without_three_locomotives_when_possible():
    all_but_green = {c: 12 for c in ["pink", "white", "blue", "yellow", "orange", "black", "red"]}
    # left to deal: 3 green + 14 locomotives: the row is the 3 greens and 2 locomotives
    g = Game.arranged("usa", ["Ann", "Bo"], hands=[all_but_green, {"green": 9}])
    assert sorted(g.face_up) == ["green", "green", "green", "locomotive", "locomotive"]
    assert g.cards.deck == ["locomotive"] * 12
    # left to deal: 2 green + 14 locomotives: no row of 5 can avoid 3 locomotives
    g = Game.arranged("usa", ["Ann", "Bo"], hands=[all_but_green, {"green": 10}])
    assert sorted(g.face_up) == ["green", "green", "locomotive", "locomotive", "locomotive"]


# -- copies for search ---------------------------------------------------------------------------
def test_copy_is_independent_and_shares_only_the_map():
    g = play_some(Game.new(map="europe", players=["Ann", "Bo", "Cy"], seed=5), 60)
    before = g.to_dict()
    c = g.copy()
    assert c.map is g.map and c.to_dict() == before
    play_some(c, 40, seed=3)
    assert g.to_dict() == before                      # the original did not move
    assert Game.replay(c.to_dict()).to_dict() == c.to_dict()


def test_copy_without_log_plays_on_exactly_the_same_and_keeps_no_log():
    g = play_some(Game.new(map="usa", players=["Ann", "Bo"], seed=8), 30)
    bare = g.copy(log=False)
    assert bare.to_dict(log=False) == g.to_dict(log=False) and bare.log == []
    for _ in range(50):
        if g.is_over:
            break
        a = random_action(g, random.Random(len(g.log)))
        assert bare.apply(a) == []                    # nothing is logged...
        g.apply(a)
        assert bare.to_dict(log=False) == g.to_dict(log=False)   # ...but the game is the same
    assert Game.replay(g).to_dict() == g.to_dict()


def test_play_is_apply_without_the_log_entries_it_returns():
    a = Game.arranged("usa", ["Ann", "Bo"], deck=["red", "blue", "green"])
    b = a.copy()
    assert a.apply(DrawBlind()) == [{"event": "action", "player": 0, "action": {"type": "draw_blind"}},
                                    {"event": "drew", "player": 0, "card": "red", "from": "deck"}]
    assert b.play(DrawBlind()) is None
    assert a.to_dict() == b.to_dict()
    with pytest.raises(IllegalAction, match="must draw a second one"):
        b.play(ClaimRoute(0, "red", 2, 0))


# -- playouts: games that keep no log -------------------------------------------------------------
@pytest.mark.parametrize("map_name", ["europe", "usa"])
def test_a_playout_without_a_log_reaches_exactly_the_state_of_the_logged_game(map_name):
    # the same seed and bots: the state without its log is the same, move for move to the end
    for n in (2, 3, 4, 5):
        for seed in range(3):
            logged = play_random_game(map_name, n, seed)
            bare = play_random_game(map_name, n, seed, log=False)
            assert bare.is_over and bare.log == [] and bare.to_dict()["log"] == []
            assert bare.to_dict(log=False) == logged.to_dict(log=False)
            assert Game.replay(logged).to_dict() == logged.to_dict()     # the logged one replays


def test_a_new_game_without_a_log_is_dealt_the_same():
    logged = Game.new("europe", ["Ann", "Bo", "Cy"], seed=4)
    bare = Game.new("europe", ["Ann", "Bo", "Cy"], seed=4, log=False)
    assert bare.to_dict(log=False) == logged.to_dict(log=False) and bare.log == []
    action = logged.legal_actions()[2]
    assert bare.apply(action) == [] and logged.apply(action) != []
    assert bare.to_dict(log=False) == logged.to_dict(log=False)


def test_playout_plays_what_random_bots_with_those_generators_play():
    g = play_some(Game.new("europe", ["Ann", "Bo", "Cy"], seed=6), 50, seed=2)
    bots = [RandomBot(10 + i) for i in range(3)]
    twins = [RandomBot(10 + i) for i in range(3)]
    by_bots = g.copy()
    while not by_bots.is_over:
        by_bots.play(bots[by_bots.current_player].choose(by_bots))
    out = g.copy(log=False).playout([t.rng for t in twins], DEFAULT_WEIGHTS)
    assert out.is_over and out.to_dict(log=False) == by_bots.to_dict(log=False)
    assert [t.rng.getstate() for t in twins] == [b.rng.getstate() for b in bots]
    logged = g.copy().playout([RandomBot(10 + i).rng for i in range(3)], DEFAULT_WEIGHTS)
    assert logged.to_dict() == by_bots.to_dict()                    # the same log entries too


def test_playout_with_one_generator_for_every_seat_and_its_limits():
    one, same = random.Random(5), random.Random(5)
    a = Game.new("usa", ["Ann", "Bo"], seed=1, log=False).playout(one, DEFAULT_WEIGHTS)
    b = Game.new("usa", ["Ann", "Bo"], seed=1, log=False).playout([same, same], DEFAULT_WEIGHTS)
    assert a.is_over and a.to_dict() == b.to_dict()
    with pytest.raises(ValueError, match="one per seat"):
        Game.new("usa", ["Ann", "Bo"], seed=1).playout([random.Random(1)], DEFAULT_WEIGHTS)
    with pytest.raises(RuntimeError, match="did not end after 10"):
        Game.new("usa", ["Ann", "Bo"], seed=1).playout(random.Random(1), DEFAULT_WEIGHTS, max_actions=10)
    with pytest.raises(RuntimeError, match="did not end after 10 actions"):
        play_random_game("usa", 2, 1, max_actions=10)
