"""Paying with train cards (docs/rules.md#claiming-a-route, docs/rules.md#building-a-station-europe).

Every expected value below is worked out by hand from the rule, not by the code under test,
except in the last part, which checks that the fast counts the game uses (the lookup tables and
the byte lanes of ``engine/game/moves/paying.py``) say what the readable rule says.
"""
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from ttr_teach.engine.actions import BuildStation, ClaimRoute, PayTunnel
from ttr_teach.engine.claims import station_cities
from ttr_teach.engine.errors import IllegalAction, TTRError
from ttr_teach.engine.game.core import Game
from ttr_teach.engine.game.moves import BUILD_STATION, CLAIM_ROUTE
from ttr_teach.engine.game.moves.paying import cost_lanes, hand_ways, lane
from ttr_teach.engine.game.moves.routes import why_route_closed
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
    ways_table,
    ways_to_pay,
    why_cannot_pay,
    why_hand_short,
    why_payment_refused,
)
from ttr_teach.engine.rules import COLORS, EUROPE

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


def test_counting_ways_to_pay_accepts_any_hand_a_learner_types():
    # more cards than a 110-card game holds, kinds missing: counted as listed
    hand = {"red": 30, LOCO: 20}
    assert count_ways_to_pay(hand, 6, "gray", 2) == len(ways_to_pay(hand, 6, "gray", 2)) == 5
    assert count_payment_options(tunnel_extra_cost(None, 2), {LOCO: 1}) == 0


# -- the fast paths are the readable rule --------------------------------------------------------
# The rule (docs/rules.md#claiming-a-route, #ferries-europe, #tunnels-europe,
# #building-a-station-europe): a route is paid with as many cards as it is long, all of its
# colour (any one colour if it is gray), locomotives wild; a ferry takes a locomotive per
# symbol; a tunnel is paid like any route, its extra cards in the colour played (locomotives
# only after locomotives only); the n-th station costs n cards of one colour. ways_to_pay and
# payment_options state it; the game counts and draws with lookup tables and byte lanes.
MAPS = {name: load_map(name) for name in ("europe", "usa")}


@st.composite
def seated_hands(draw):
    """A map, and Ann's holdings on it: any hand the 110 cards allow, some routes she owns
    (fewer trains left) and Bo owns (closed to her), and in Europe the stations she built."""
    m = MAPS[draw(st.sampled_from(sorted(MAPS)))]
    hand = {c: draw(st.integers(0, 12)) for c in COLORS}
    hand[LOCO] = draw(st.integers(0, 14))
    routes = draw(st.lists(st.integers(0, len(m.routes) - 1), max_size=14, unique=True))
    split = draw(st.integers(0, len(routes)))
    built = m.rules.stations_per_player - 1 if m.rules.has_stations else 0
    stations = draw(st.lists(st.sampled_from(sorted(m.cities)), max_size=built, unique=True))
    return m, hand, routes[:split], routes[split:], stations


@settings(max_examples=300, deadline=None)
@given(seated_hands())
def test_the_games_fast_counts_of_claims_and_stations_follow_the_payment_rule(holdings):
    m, hand, ann_routes, bo_routes, stations = holdings
    try:
        g = Game.arranged(m.name, ["Ann", "Bo"], hands=[hand, {}], face_up=[],
                          routes=[ann_routes, bo_routes], stations=[stations, []])
    except TTRError:                     # more trains than Ann has, or both of a double route
        assume(False)
    state = g.state
    # every cost lane of the hand: ferries, tunnels, gray and coloured routes, each station
    ways = hand_ways(state)
    for k, cost in enumerate(cost_lanes(m).costs):
        assert lane(ways, k) == len(ways_to_pay(hand, *cost)), cost
    for n in range(1, m.rules.stations_per_player + 1):
        cost = station_cost(m.rules, n)
        assert lane(ways, cost_lanes(m).station_lane[n]) == len(payment_options(cost, hand))
    # the claims the game counts and draws one by one: the rule's ways on each route Ann may claim
    claims = [(r.index, *way) for r in m.routes if why_route_closed(state, r) is None
              for way in payment_options(r, hand)]
    assert CLAIM_ROUTE.count(state) == len(claims)
    drawn = [CLAIM_ROUTE.option(state, i) for i in range(len(claims))]
    assert [(a.route, a.color, a.colored, a.locomotives) for a in drawn] == claims
    if m.rules.has_stations:             # her next station, in the first and the last city open
        cost = station_cost(m.rules, len(stations) + 1)
        cities = station_cities(m, state.station_owners, len(stations))
        paid = payment_options(cost, hand)
        assert BUILD_STATION.count(state) == len(cities) * len(paid)
        for i in [*range(len(paid)), *range((len(cities) - 1) * len(paid), len(cities) * len(paid))]:
            a = BUILD_STATION.option(state, i)
            assert (a.city, a.color, a.colored, a.locomotives) == (cities[i // len(paid)], *paid[i % len(paid)])


every_cost = st.sampled_from(
    [route_cost(r) for m in MAPS.values() for r in m.routes]
    + [station_cost(EUROPE, n) for n in (1, 2, 3)]
    + [tunnel_extra_cost(played, extra) for played in (None, "black", "orange") for extra in (1, 2, 3)])


@settings(max_examples=300, deadline=None)
@given(hands, every_cost)
def test_counting_and_drawing_ways_follow_the_payment_rule_for_every_cost_of_both_maps(hand, cost):
    listed = payment_options(cost, hand)
    assert count_payment_options(cost, hand) == len(listed)
    if not cost.locomotives_only:
        args = (cost.count, cost.color, cost.min_locomotives)
        assert [nth_way_to_pay(hand, *args, n) for n in range(len(listed))] == listed
        with pytest.raises(IndexError):
            nth_way_to_pay(hand, *args, len(listed))
        by_colour, alone = ways_table(*args)
        locos = hand[LOCO]
        assert sum(by_colour[locos][c][hand[colour]] for c, colour in enumerate(COLORS)) + alone[locos] \
            == len(listed)
