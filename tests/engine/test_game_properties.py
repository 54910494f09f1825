"""Property-based tests over seeded random games on both maps with 2 to 5 players.

Everything is recounted here from the game's state, independently of the engine's own checks:
the 110 train cards, the tickets, the trains and the stations are always all accounted for;
every game ends; an action that is not in legal_actions() is refused and changes nothing,
and one that is, is accepted.
"""
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

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
from ttr_teach.engine.errors import IllegalAction
from ttr_teach.engine.game.core import Game
from ttr_teach.engine.maps import load_map
from ttr_teach.players.random_bot import RandomBot

CARDS = {"pink": 12, "white": 12, "blue": 12, "yellow": 12, "orange": 12, "black": 12, "red": 12,
         "green": 12, "locomotive": 14}
COLOURS = ["pink", "white", "blue", "yellow", "orange", "black", "red", "green"]
TICKETS = {"europe": 46, "usa": 30}
STATIONS = {"europe": 3, "usa": 0}
ROUTE_POINTS = {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15, 8: 21}
MAX_ACTIONS = 20_000

game_params = st.tuples(st.sampled_from(["europe", "usa"]), st.integers(2, 5), st.integers(0, 2 ** 31))


def slow(examples):
    """Settings for tests that play whole games: no per-example deadline, few examples."""
    return settings(max_examples=examples, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def check_accounted(g: Game):
    d = g.to_dict(log=False)
    m = load_map(d["map"])
    cards = Counter(d["deck"]) + Counter(d["discard"]) + Counter(d["face_up"])
    for p in d["players"]:
        cards.update(p["hand"])
    pending = d["pending"]
    if pending and pending["kind"] == "tunnel":       # cards on the table during a tunnel
        cards[pending["color"]] += pending["colored"]
        cards["locomotive"] += pending["locomotives"]
        cards.update(pending["revealed"])
    cards.pop(None, None)
    assert +cards == CARDS

    tickets = Counter(d["ticket_deck"] + d["ticket_box"])
    for p in d["players"]:
        tickets.update(p["tickets"] + p["offer"])
    assert sorted(tickets) == list(range(TICKETS[d["map"]])) and set(tickets.values()) == {1}

    owned = Counter()
    cities = Counter()
    for i, p in enumerate(d["players"]):
        used = sum(m.routes[r].length for r in p["routes"])
        assert 0 <= g.trains_left(i) == 45 - used
        assert g.stations_left(i) + len(p["stations"]) == STATIONS[d["map"]] and g.stations_left(i) >= 0
        owned.update(p["routes"])
        cities.update(p["stations"])
        assert g.route_points(i) == sum(ROUTE_POINTS[m.routes[r].length] for r in p["routes"])
    assert set(owned.values()) <= {1} and set(cities.values()) <= {1}
    for a, b in m.double_pairs:                       # never both halves in a 2-3 player game
        if len(d["players"]) <= 3:
            assert not (a.index in owned and b.index in owned)
    assert len(d["face_up"]) <= 5


#: Bots that mostly draw cards: they empty the deck and the face-up row, so reshuffles, empty
#: piles, the 3-locomotive rule with few cards left and passing all happen.
HOARDER = {"claim": 1.0, "draw": 30.0, "tickets": 2.0, "station": 0.5, "pass": 1.0}


@slow(40)
@given(game_params, st.sampled_from([None, HOARDER]))
def test_cards_tickets_trains_and_stations_always_accounted_for_and_every_game_ends(params, weights):
    map_name, n, seed = params
    g = Game.new(map=map_name, players=[f"P{i}" for i in range(n)], seed=seed)
    bot = RandomBot(seed, weights)
    check_accounted(g)
    for _ in range(MAX_ACTIONS):
        if g.is_over:
            break
        g.apply(bot.choose(g))
        check_accounted(g)
    assert g.is_over
    ended = g.log[-1]
    assert ended["event"] == "game_over"


# -- illegal actions change nothing, legal ones are accepted ------------------------------------
json_scalars = st.none() | st.booleans() | st.integers(-3, 120) | st.text(max_size=6) | \
    st.sampled_from(COLOURS + ["locomotive", "gray", "Wien", "Denver"])
json_values = st.recursive(json_scalars, lambda inner: st.lists(inner, max_size=3)
                           | st.dictionaries(st.text(max_size=4), inner, max_size=2), max_leaves=4)
junk = st.one_of(
    json_values,
    st.fixed_dictionaries({"type": st.sampled_from(sorted(ACTION_TYPES))},
                          optional={k: json_values for k in ("card", "route", "color", "colored",
                                                             "locomotives", "tickets", "city", "extra")}))
colour_or_none = st.none() | st.sampled_from(COLOURS)
count = st.integers(0, 4)
plausible = st.one_of(
    st.just(DrawBlind()), st.builds(DrawFaceUp, st.sampled_from(COLOURS + ["locomotive"])),
    st.builds(ClaimRoute, st.integers(0, 101), colour_or_none, count, count),
    st.builds(PayTunnel, colour_or_none, count, count), st.just(DeclineTunnel()), st.just(DrawTickets()),
    st.builds(KeepTickets, st.lists(st.integers(0, 46), max_size=4, unique=True).map(tuple)),
    st.builds(BuildStation, st.sampled_from(["Wien", "Paris", "Kobenhavn", "Denver", "Atlantis"]),
              colour_or_none, count, count),
    st.just(Pass()))
candidates = st.lists(st.one_of(plausible, junk), min_size=4, max_size=14)


def check_refused_or_accepted(g: Game, candidate):
    legal = g.legal_actions()
    try:
        action = action_from_dict(candidate)
    except IllegalAction:
        action = None
    if action is not None and any(action == a for a in legal):
        copy = Game.from_dict(g.to_dict())
        copy.apply(candidate)                         # accepted
        return
    before = g.to_dict()
    with pytest.raises(IllegalAction) as refusal:
        g.apply(candidate)
    assert str(refusal.value) and "\n" not in str(refusal.value)
    assert g.to_dict() == before


@slow(25)
@given(game_params, st.sampled_from([None, HOARDER]), candidates)
def test_actions_not_in_legal_actions_are_refused_and_change_nothing(params, weights, tries):
    map_name, n, seed = params
    g = Game.new(map=map_name, players=[f"P{i}" for i in range(n)], seed=seed)
    bot = RandomBot(seed + 1, weights)
    step = 0
    while not g.is_over and step < MAX_ACTIONS:
        if step % 23 == 0:
            for c in tries:
                check_refused_or_accepted(g, c)
        g.apply(bot.choose(g))
        step += 1
    assert g.is_over
    for c in tries[:3]:
        check_refused_or_accepted(g, c)


@slow(20)
@given(game_params, st.sampled_from([None, HOARDER]))
def test_every_legal_action_is_accepted(params, weights):
    map_name, n, seed = params
    g = Game.new(map=map_name, players=[f"P{i}" for i in range(n)], seed=seed)
    bot = RandomBot(seed + 2, weights)
    step = 0
    while not g.is_over:
        if step % 17 == 0:
            state = g.to_dict(log=False)
            legal = g.legal_actions()
            for a in legal[:: max(1, len(legal) // 6)]:
                Game.from_dict(state).apply(a)
                assert g.to_dict(log=False) == state
        g.apply(bot.choose(g))
        step += 1


@slow(15)
@given(game_params, st.sampled_from([None, HOARDER]))
def test_replay_reproduces_the_state_exactly(params, weights):
    map_name, n, seed = params
    g = Game.new(map=map_name, players=[f"P{i}" for i in range(n)], seed=seed)
    bot = RandomBot(seed + 3, weights)
    while not g.is_over:
        g.apply(bot.choose(g))
    d = g.to_dict()
    assert Game.replay(d).to_dict() == d
    assert Game.from_dict(d).to_dict() == d


@slow(15)
@given(game_params)
def test_final_scores_equal_a_recount_through_score_position(params):
    from ttr_teach.engine import scoring

    map_name, n, seed = params
    g = Game.new(map=map_name, players=[f"P{i}" for i in range(n)], seed=seed)
    bot = RandomBot(seed + 4)
    while not g.is_over:
        g.apply(bot.choose(g))
    result = g.final_scores().to_dict()
    assert result == scoring.score_position(g.to_position())
    m = load_map(map_name)
    for i, p in enumerate(result["players"]):
        assert p["name"] == g.players[i]
        assert p["route_points"] == sum(ROUTE_POINTS[r.length] for r in g.routes(i))
        unbuilt = STATIONS[map_name] - len(g.stations(i))
        assert p["station_points"] == 4 * unbuilt
        assert len(p["tickets"]) == len(g.tickets(i))
    assert m.name == map_name


# -- a broken state is refused with a sentence, never a traceback ------------------------------
STATE_KEYS = ["map", "seed", "phase", "current", "turn", "players", "deck", "discard", "face_up",
              "shuffles", "ticket_deck", "ticket_box", "pending", "final_turns_left", "passes", "log"]
PLAYER_KEYS = ["name", "hand", "routes", "stations", "tickets", "offer"]


@slow(150)
@given(st.sampled_from(["europe", "usa"]), st.integers(0, 60), st.sampled_from(STATE_KEYS + PLAYER_KEYS),
       json_values)
def test_from_dict_refuses_a_broken_state_with_a_sentence(map_name, steps, key, value):
    from ttr_teach.engine.errors import TTRError

    g = Game.new(map=map_name, players=["Ann", "Bo", "Cy"], seed=steps)
    bot = RandomBot(steps)
    for _ in range(steps):
        g.apply(bot.choose(g))
    d = g.to_dict()
    if key in PLAYER_KEYS:
        d["players"][steps % 3][key] = value
    else:
        d[key] = value
    try:
        accepted = Game.from_dict(d)
    except TTRError as e:
        assert str(e).startswith("game state: ") and "\n" not in str(e)
        return
    # a state that is accepted can be played on
    assert accepted.is_over or accepted.legal_actions()
    if not accepted.is_over:
        accepted.apply(accepted.legal_actions()[-1])
