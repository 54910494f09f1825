"""Paying with train cards (docs/rules.md#claiming-a-route, docs/rules.md#building-a-station-europe).

Every expected value below is worked out by hand from the rule, not by the code under test.
"""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ttr_teach.engine.actions import BuildStation, ClaimRoute, PayTunnel
from ttr_teach.engine.errors import IllegalAction
from ttr_teach.engine.game.core import Game
from ttr_teach.engine.maps import load_map
from ttr_teach.engine.payment import (
    Cost,
    count_payment_options,
    count_ways_to_pay,
    nth_way_to_pay,
    payment_options,
    route_cost,
    station_cost,
    tunnel_extra_cost,
    ways_to_pay,
    why_cannot_pay,
    why_hand_short,
    why_payment_refused,
)
from ttr_teach.engine.rules import EUROPE

from ..helpers import arranged_game

LOCO = "locomotive"
M = load_map("europe")
PARIS_WHITE = M.route("Frankfurt", "Paris", "white")     # 3 white
DANZIG_WARSZAWA = M.route("Danzig", "Warszawa")          # 2 gray
DIEPPE_LONDON = M.routes_between("Dieppe", "London")[0]  # 2 gray ferry, 1 locomotive symbol
AMSTERDAM_LONDON = M.route("Amsterdam", "London")        # 2 gray ferry, 2 locomotive symbols
PALERMO_SMYRNA = M.route("Palermo", "Smyrna")            # 6 gray ferry, 2 locomotive symbols


def test_coloured_route_is_paid_in_its_colour_with_locomotives_wild():
    # 3 white: from 2 white + 2 locomotives -> 2W+1L or 1W+2L; red cards are no use.
    hand = {"white": 2, "red": 5, LOCO: 2}
    assert payment_options(PARIS_WHITE, hand) == [("white", 2, 1), ("white", 1, 2)]


def test_locomotives_alone_pay_any_route():
    assert payment_options(PARIS_WHITE, {LOCO: 3}) == [(None, 0, 3)]


def test_gray_route_takes_any_one_colour_but_not_a_mix():
    # 2 gray from 1 red + 1 blue: no single colour has 2 and there is no locomotive.
    assert payment_options(DANZIG_WARSZAWA, {"red": 1, "blue": 1}) == []
    # With 1 locomotive: 1 blue + 1 loco, or 1 red + 1 loco (colours in rulebook order: blue first).
    assert payment_options(DANZIG_WARSZAWA, {"red": 1, "blue": 1, LOCO: 1}) == [("blue", 1, 1), ("red", 1, 1)]


def test_ferry_needs_one_locomotive_per_symbol_not_per_space():
    # Palermo-Smyrna: 6 spaces, 2 symbols -> 4 red + 2 locomotives is enough.
    assert ("red", 4, 2) in payment_options(PALERMO_SMYRNA, {"red": 4, LOCO: 2})
    assert payment_options(PALERMO_SMYRNA, {"red": 6, LOCO: 1}) == []
    # Dieppe-London: 1 symbol -> 1 red + 1 loco; 2 reds alone are not enough.
    assert payment_options(DIEPPE_LONDON, {"red": 2, LOCO: 1}) == [("red", 1, 1)]
    assert payment_options(DIEPPE_LONDON, {"red": 2}) == []


def test_ferry_with_two_symbols_on_two_spaces_takes_two_locomotives():
    assert payment_options(AMSTERDAM_LONDON, {"blue": 2, LOCO: 2}) == [(None, 0, 2)]


def test_station_costs_one_two_three_cards_of_one_colour():
    assert station_cost(EUROPE, 1).count == 1
    assert payment_options(station_cost(EUROPE, 2), {"red": 1, "blue": 1}) == []
    assert payment_options(station_cost(EUROPE, 3), {"green": 3}) == [("green", 3, 0)]


def test_tunnel_extras_paid_with_locomotives_only_must_be_locomotives():
    assert payment_options(tunnel_extra_cost(None, 1), {"red": 4}) == []
    assert payment_options(tunnel_extra_cost(None, 1), {"red": 4, LOCO: 1}) == [(None, 0, 1)]
    # Paid with red: 2 extra from 1 red + 1 loco -> 1R+1L only.
    assert payment_options(tunnel_extra_cost("red", 2), {"red": 1, LOCO: 1, "blue": 3}) == [("red", 1, 1)]


def test_ways_to_pay_lists_every_split_fewest_locomotives_first():
    # 3 gray from 3 yellow + 2 locos: 3Y, 2Y+1L, 1Y+2L; no 3 locos.
    assert ways_to_pay({"yellow": 3, LOCO: 2}, 3) == [("yellow", 3, 0), ("yellow", 2, 1), ("yellow", 1, 2)]


def test_why_cannot_pay_names_what_is_missing():
    assert why_cannot_pay(PARIS_WHITE, {"white": 3}) is None
    assert why_cannot_pay(PARIS_WHITE, {"white": 1, LOCO: 1}) == (
        "Frankfurt–Paris needs 3 white cards (locomotives are wild); you have 1 white card and 1 locomotive")
    assert why_cannot_pay(DIEPPE_LONDON, {"red": 5}) == (
        "Dieppe–London is a ferry: it needs at least 1 locomotive and you have none")
    assert why_cannot_pay(PALERMO_SMYRNA, {"red": 3, LOCO: 2}) == (
        "Palermo–Smyrna needs 6 cards of one colour (locomotives are wild) beyond the ferry's "
        "2 locomotives; your best is 3 red cards and 2 locomotives")
    assert why_cannot_pay(tunnel_extra_cost(None, 2), {LOCO: 1}) == (
        "the tunnel asks for 2 locomotives (you paid with locomotives only) and you have 1")


def test_why_payment_refused_checks_count_colour_ferry_then_hand():
    hand = {"white": 2, "red": 3, LOCO: 1}
    assert why_payment_refused(PARIS_WHITE, hand, "white", 2, 0) == "Frankfurt–Paris needs 3 cards; you offered 2"
    assert why_payment_refused(PARIS_WHITE, hand, "red", 3, 0) == (
        "Frankfurt–Paris must be paid with white cards (locomotives are wild), not red")
    assert why_payment_refused(PARIS_WHITE, hand, "white", 3, 0) == "you have only 2 white cards and offered 3"
    assert why_payment_refused(PARIS_WHITE, hand, "white", 2, 1) is None
    assert why_payment_refused(DIEPPE_LONDON, hand, "red", 2, 0) == (
        "Dieppe–London is a ferry: it needs at least 1 locomotive and you offered 0")


def test_why_hand_short_counts_locomotives_too():
    assert why_hand_short({"red": 2}, "red", 1, 1) == "you have only 0 locomotives and offered 1"


def test_route_cost_reads_the_route():
    assert route_cost(PALERMO_SMYRNA) == Cost(6, "gray", 2, what="Palermo–Smyrna", kind="route")
    assert str(route_cost(PARIS_WHITE)) == "3 white cards"


# -- the game uses the same rule ------------------------------------------------------------------
def _game(hand):
    return arranged_game(hands=[hand, {}])


@pytest.mark.parametrize("route", [PARIS_WHITE, DANZIG_WARSZAWA, DIEPPE_LONDON, PALERMO_SMYRNA])
@pytest.mark.parametrize("hand", [{"white": 2, LOCO: 2}, {"red": 4, LOCO: 2}, {"red": 6}, {LOCO: 6}])
def test_game_offers_exactly_the_ways_to_pay(route, hand):
    g = _game(hand)
    offered = [(a.color, a.colored, a.locomotives) for a in g.legal_actions()
               if isinstance(a, ClaimRoute) and a.route == route.index]
    assert offered == payment_options(route, hand)
    for way in offered:
        assert g.why_illegal(ClaimRoute(route.index, *way)) is None


def test_game_refuses_with_the_payment_message():
    g = _game({"red": 3, LOCO: 1})
    with pytest.raises(IllegalAction, match="must be paid with white cards"):
        g.apply(ClaimRoute(PARIS_WHITE.index, "red", 3, 0))
    with pytest.raises(IllegalAction, match="your first station needs 1 card; you offered 2"):
        g.apply(BuildStation("Wien", "red", 2, 0))


def test_game_tunnel_extras_follow_the_payment_rule():
    tunnel = M.route("Madrid", "Pamplona", "black")   # 3 black tunnel
    g = Game.arranged("europe", ["Ann", "Bo"], hands=[{LOCO: 4, "black": 2}, {}],
                      face_up=["pink", "pink", "orange", "orange", "white"],
                      deck=["black", LOCO, "red"])
    g.apply(ClaimRoute(tunnel.index, None, 0, 3))    # locomotives only: only the revealed loco counts
    assert g.pending["extra"] == 1
    assert [(a.color, a.colored, a.locomotives) for a in g.legal_actions() if isinstance(a, PayTunnel)] == \
        [(None, 0, 1)]
    assert "must be locomotives too" in g.why_illegal(PayTunnel("black", 1, 0))


# -- counting ways to pay without listing them (the same rule) --------------------------------
hands = st.fixed_dictionaries({c: st.integers(0, 12) for c in
                               ["pink", "white", "blue", "yellow", "orange", "black", "red", "green"]}
                              ).flatmap(lambda h: st.integers(0, 14).map(lambda loco: {**h, LOCO: loco}))
costs = st.sampled_from([(r.length, r.color, r.locomotives) for r in M.routes] +
                        [(k, "gray", 0) for k in (1, 2, 3)])


@settings(max_examples=300, deadline=None)
@given(hands, costs)
def test_counted_ways_to_pay_equal_the_listed_ones(hand, cost):
    count, color, symbols = cost
    listed = ways_to_pay(hand, count, color, symbols)
    assert count_ways_to_pay(hand, count, color, symbols) == len(listed)
    assert [nth_way_to_pay(hand, count, color, symbols, n) for n in range(len(listed))] == listed
    with pytest.raises(IndexError):
        nth_way_to_pay(hand, count, color, symbols, len(listed))


def test_counting_ways_to_pay_accepts_any_hand_a_learner_types():
    # more cards than a 110-card game holds, kinds missing: counted as listed
    hand = {"red": 30, LOCO: 20}
    assert count_ways_to_pay(hand, 6, "gray", 2) == len(ways_to_pay(hand, 6, "gray", 2)) == 5
    assert count_payment_options(tunnel_extra_cost(None, 2), {LOCO: 1}) == 0
