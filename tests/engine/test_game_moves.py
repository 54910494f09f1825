"""legal_actions() is exact and complete, and the fast paths agree with it.

legal_actions() equals a full enumeration of every action that could be legal, filtered by
why_illegal(), on random states of both maps with 2 to 5 players, in every kind of moment (free
turn, second card, ticket choice, tunnel payment, game over). The enumeration here is
deliberately dumb: every route with every colour and every split of its length, every city
with every payment of the station's cost, every subset of the tickets on offer, every face-up
card kind.

The fast paths that random players use (each move's count, i-th option and "any option";
Game.sample_action, which the random bot's random_action asks) are compared with that exact
list: random_action draws exactly what the random bot always drew from the full list (the same
action from the same generator state, which also leaves the generator in the same state), and
its frequencies match the intended distribution (a kind by its weight among the legal kinds,
then uniformly within the kind).
"""
import itertools
import math
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ttr_teach.engine.actions import (
    BuildStation,
    ClaimRoute,
    DeclineTunnel,
    DrawBlind,
    DrawFaceUp,
    DrawTickets,
    KeepTickets,
    Pass,
    PayTunnel,
)
from ttr_teach.engine.claims import CLOSED, why_route_unavailable
from ttr_teach.engine.errors import IllegalAction
from ttr_teach.engine.game import moves
from ttr_teach.engine.game.core import Game
from ttr_teach.engine.game.moves.paying import cost_lanes, hand_ways, lane
from ttr_teach.engine.payment import cost_groups, count_ways_to_pay
from ttr_teach.players.random_bot import DEFAULT_WEIGHTS, RandomBot, random_action

from ..helpers import arranged_game

COLOURS = ["pink", "white", "blue", "yellow", "orange", "black", "red", "green"]
KINDS = COLOURS + ["locomotive"]
HOARDER = {"claim": 1.0, "draw": 30.0, "tickets": 2.0, "station": 0.5, "pass": 1.0}


def payments(count):
    """Every (colour, coloured, locomotives) paying ``count`` cards, and two that pay one too
    few and one too many."""
    out = [(None, 0, count)]
    for colour in COLOURS:
        out += [(colour, k, count - k) for k in range(1, count + 1)]
    out += [(COLOURS[0], count + 1, 0), (None, 0, max(count - 1, 0))]
    return out


def every_candidate(g: Game) -> list:
    """Every action that could be legal in ``g`` (and some that cannot)."""
    m = g.map
    candidates = [DrawBlind(), DrawTickets(), Pass(), DeclineTunnel()]
    candidates += [DrawFaceUp(k) for k in KINDS]
    for r in m.routes:
        candidates += [ClaimRoute(r.index, *p) for p in payments(r.length)]
    if not g.is_over:                    # a station costs as many cards as it is the player's n-th
        k = min(4 - g.stations_left(), 3)
        candidates += [BuildStation(city, *p) for city in m.cities for p in payments(k)]
    for extra in range(1, 4):
        candidates += [PayTunnel(*p) for p in payments(extra)]
    offer = g.to_dict(log=False)["players"][g.current_player]["offer"] if not g.is_over else []
    for size in range(len(offer) + 1):
        candidates += [KeepTickets(kept) for kept in itertools.combinations(offer, size)]
    if offer:
        other = next(t.index for t in m.tickets if t.index not in offer)
        candidates.append(KeepTickets(offer[:1] + [other]))
    return candidates


def check_exact(g: Game):
    legal = g.legal_actions()
    assert len(set(legal)) == len(legal), "an action is listed twice"
    accepted = {a for a in every_candidate(g) if g.why_illegal(a) is None}
    assert set(legal) == accepted
    for a in legal:
        assert g.why_illegal(a) is None
    check_fast_paths(g)


def check_claimable_index(g: Game):
    """The kept index of claimable routes says what the rule says, seat by seat: each route's
    cost group while the seat may own it, CLOSED once it may not."""
    state = g.state
    index = state.claimable
    group_of = cost_groups(g.map)[0]
    for seat in range(len(state.seats)):
        open_routes = [r.index for r in g.map.routes
                       if why_route_unavailable(g.map, len(state.seats), state.owners, r, seat) is None]
        assert [i for i, flag in enumerate(index.open[seat]) if flag] == open_routes == index.routes(seat)
        assert list(index.groups[seat]) == [group_of[r] if r in open_routes else CLOSED
                                            for r in range(len(g.map.routes))]
        assert state.trains[seat] == 45 - sum(g.map.routes[r].length for r in state.seats[seat].routes)


def check_paying_lanes(g: Game):
    """The hand's ways kept a lane per cost are the payment rule's count, cost by cost."""
    if g.is_over:
        return
    ways, hand = hand_ways(g.state), g.state.seats[g.current_player].hand
    for k, (count, colour, locomotives) in enumerate(cost_lanes(g.map).costs):
        assert lane(ways, k) == count_ways_to_pay(hand, count, colour, locomotives), (count, colour, locomotives)


def check_fast_paths(g: Game):
    """Each open move counts, names and finds its options as it lists them."""
    check_claimable_index(g)
    check_paying_lanes(g)
    state = g.state
    listed = []
    for move in moves.open_moves(state):
        options = move.options(state)
        if move is moves.PASS and listed:
            continue                     # legal_actions stops before passing
        assert move.count(state) == len(options), move
        assert move.any_option(state) == bool(options), move
        for i, a in enumerate(options):
            b = move.option(state, i)
            assert b == a and str(b) == str(a), (move, i)
        listed += options
    assert listed == g.legal_actions()


KIND = {"claim_route": "claim", "draw_blind": "draw", "draw_face_up": "draw",
        "draw_tickets": "tickets", "build_station": "station", "pass": "pass"}


def reference_choice(g: Game, rng, weights):
    """The random bot as it always chose, from the full list of legal actions."""
    actions = g.legal_actions()
    groups = {}
    for a in actions:
        groups.setdefault(KIND.get(a.type, "decision"), []).append(a)
    if "decision" in groups:
        return rng.choice(actions)
    kinds = sorted(groups)
    kind = rng.choices(kinds, [weights.get(k, 1.0) for k in kinds])[0]
    return rng.choice(groups[kind])


def check_random_action(g: Game, seed: int, weights):
    fast, slow = random.Random(seed), random.Random(seed)
    try:
        b = reference_choice(g, slow, DEFAULT_WEIGHTS if weights is None else weights)
    except ValueError:                   # only kinds weighing 0 are legal: refused alike
        with pytest.raises(ValueError):
            random_action(g, fast, weights)
        return
    a = random_action(g, fast, weights)
    assert a == b and str(a) == str(b)
    assert fast.getstate() == slow.getstate()


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["europe", "usa"]), st.integers(2, 5), st.integers(0, 2 ** 31),
       st.sampled_from([None, HOARDER]), st.integers(12, 40))
def test_legal_actions_equal_the_full_enumeration_on_random_states(map_name, n, seed, weights, every):
    g = Game.new(map=map_name, players=[f"P{i}" for i in range(n)], seed=seed)
    bot = RandomBot(seed, weights)
    step = 0
    while not g.is_over:
        if step % every == 0 or g.pending and g.pending["kind"] == "tunnel":
            check_exact(g)
        g.apply(bot.choose(g))
        step += 1
    check_exact(g)                       # over: nothing is legal
    assert g.legal_actions() == []


ODD_WEIGHTS = {"claim": 0.0, "draw": 1.0, "station": 5.0}     # unnamed kinds weigh 1


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["europe", "usa"]), st.integers(2, 5), st.integers(0, 2 ** 31),
       st.sampled_from([None, HOARDER, ODD_WEIGHTS]))
def test_random_action_draws_what_the_bot_drew_from_the_full_list_in_every_state(map_name, n, seed, weights):
    g = Game.new(map=map_name, players=[f"P{i}" for i in range(n)], seed=seed)
    bot = RandomBot(seed, HOARDER if weights is ODD_WEIGHTS else weights)
    step = 0
    while not g.is_over:
        check_random_action(g, seed + step, weights)
        if step % 7 == 0:
            check_fast_paths(g)
        g.apply(bot.choose(g))
        step += 1
    assert random_action(g, random.Random(0)) is None


def frequencies_match(g: Game, weights, draws: int = 20_000):
    """random_action's frequencies over ``draws`` draws (a fixed seed) are within 5 standard
    deviations of the intended probabilities: a kind by its weight among the legal kinds,
    then uniformly within it (uniformly among all while a decision is pending)."""
    legal = g.legal_actions()
    kinds = {}
    for a in legal:
        kinds.setdefault(KIND.get(a.type, "decision"), []).append(a)
    if "decision" in kinds:
        expected = {a: 1 / len(legal) for a in legal}
    else:
        total = sum(weights.get(k, 1.0) for k in kinds)
        expected = {a: weights.get(k, 1.0) / total / len(group) for k, group in kinds.items() for a in group}
    rng = random.Random(20240611)
    counts = {}
    for _ in range(draws):
        a = random_action(g, rng, weights)
        counts[a] = counts.get(a, 0) + 1
    assert set(counts) <= set(expected)
    for a, p in expected.items():
        assert abs(counts.get(a, 0) / draws - p) <= 5 * math.sqrt(p * (1 - p) / draws) + 1e-12, a


def test_random_action_follows_the_bots_distribution_on_a_free_turn():
    g = arranged_game(hands=[{"red": 2, "blue": 1, "locomotive": 1}, {}], ticket_deck=[0, 1, 2])
    assert {KIND[a.type] for a in g.legal_actions()} == {"claim", "draw", "station", "tickets"}
    frequencies_match(g, DEFAULT_WEIGHTS)
    frequencies_match(g, {"claim": 1.0, "draw": 1.0, "station": 1.0, "tickets": 1.0})


def test_random_action_follows_the_bots_distribution_inside_a_turn():
    g = arranged_game(hands=[{"black": 4, "locomotive": 2}, {}], deck=["black", "locomotive", "red", "blue"],
                      ticket_deck=[0, 1, 2, 3])
    g.apply(ClaimRoute(g.map.route("Madrid", "Pamplona", "black").index, "black", 3, 0))
    frequencies_match(g, DEFAULT_WEIGHTS)                         # pay one of the ways, or decline
    g.apply(DeclineTunnel())
    g.apply(DrawBlind())
    frequencies_match(g, DEFAULT_WEIGHTS)                         # the second card
    g.apply(DrawBlind())
    g.apply(DrawTickets())
    frequencies_match(g, DEFAULT_WEIGHTS)                         # which tickets to keep


def test_a_drawn_action_is_refused_once_the_state_it_was_drawn_from_has_changed():
    g = arranged_game(hands=[{"red": 2}, {}], deck=["white", "orange", "pink"])
    only_claims = {"claim": 1.0, "draw": 0.0, "tickets": 0.0, "station": 0.0}
    drawn = random_action(g, random.Random(3), only_claims)
    assert isinstance(drawn, ClaimRoute)
    copy = g.copy()
    g.play(DrawBlind())                                           # the state has changed
    before = g.to_dict()
    with pytest.raises(IllegalAction, match="must draw a second one"):
        g.play(drawn)
    assert g.to_dict() == before
    copy.play(drawn)                                              # the copy has not changed
    assert copy.routes("Ann") == [g.map.routes[drawn.route]]


def test_apply_checks_every_action_even_one_just_drawn_from_this_very_state(monkeypatch):
    g = arranged_game(hands=[{"red": 2}, {}], deck=["white", "orange", "pink"])
    drawn = random_action(g, random.Random(3), {"claim": 1.0, "draw": 0.0, "tickets": 0.0, "station": 0.0})
    checked, why_illegal = [], moves.why_illegal
    monkeypatch.setattr(moves, "why_illegal", lambda state, a: checked.append(a) or why_illegal(state, a))
    g.play(drawn)
    g.apply(DrawBlind())
    assert checked == [drawn, DrawBlind()]


def test_legal_actions_equal_the_full_enumeration_at_a_tunnel_and_at_a_second_card():
    g = arranged_game(hands=[{"black": 4, "locomotive": 2, "red": 1}, {}],
                      deck=["black", "locomotive", "red", "blue"])
    check_exact(g)
    g.apply(ClaimRoute(g.map.route("Madrid", "Pamplona", "black").index, "black", 3, 0))
    assert g.pending["kind"] == "tunnel" and g.pending["extra"] == 2
    check_exact(g)
    g.apply(DeclineTunnel())
    g.apply(DrawBlind())                 # Bo's first card: a second one is owed
    assert g.pending == {"kind": "second_card"}
    check_exact(g)


def test_legal_actions_equal_the_full_enumeration_when_only_passing_is_left():
    g = arranged_game(face_up=[], deck=[], discard=[], leftover="Bo", ticket_deck=[])
    check_exact(g)
    assert g.legal_actions() == [Pass()]
