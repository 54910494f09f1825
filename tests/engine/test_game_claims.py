"""Claiming routes: colours, trains, double routes, ferries and tunnels (docs/rules.md#claiming-a-route,
docs/rules.md#double-routes, docs/rules.md#ferries-europe, docs/rules.md#tunnels-europe)."""
from collections import Counter

import pytest

from ttr_teach.engine.actions import ClaimRoute, DeclineTunnel, DrawBlind, PayTunnel
from ttr_teach.engine.game.core import Game
from ttr_teach.engine.maps import load_map

from ..helpers import arranged_game
from ..helpers import assert_refused as refused

LOCO = "locomotive"
EUROPE = load_map("europe")

PARIS_WHITE = EUROPE.route("Frankfurt", "Paris", "white").index       # 3 white
PARIS_ORANGE = EUROPE.route("Frankfurt", "Paris", "orange").index     # 3 orange
DANZIG_WARSZAWA = EUROPE.route("Danzig", "Warszawa").index            # 2 gray
DIEPPE_LONDON = EUROPE.routes_between("Dieppe", "London")[0].index    # 2 gray ferry, 1 locomotive
AMSTERDAM_LONDON = EUROPE.route("Amsterdam", "London").index          # 2 gray ferry, 2 locomotives
PALERMO_SMYRNA = EUROPE.route("Palermo", "Smyrna").index              # 6 gray ferry, 2 locomotives
MADRID_BLACK = EUROPE.route("Madrid", "Pamplona", "black").index      # 3 black tunnel
MUNCHEN_ZURICH = EUROPE.route("Munchen", "Zurich").index              # 2 yellow tunnel
# 8 + 6 + 6 + 4 + 4 + 4 + 4 + 4 + 3 = 43 trains: 2 left
ROUTES_OF_43 = [["Petrograd", "Stockholm"], ["Budapest", "Kyiv"], ["Palermo", "Smyrna"],
                ["Athina", "Sarajevo"], ["Barcelona", "Marseille"], ["Berlin", "Danzig"],
                ["Brest", "Pamplona"], ["Bucuresti", "Kyiv"], ["Angora", "Smyrna"]]


game = arranged_game




def claims_of(g, route):
    return [a for a in g.legal_actions() if isinstance(a, ClaimRoute) and a.route == route]


def test_claim_pays_the_cards_places_the_trains_and_scores_at_once():
    g = game(hands=[{"white": 2, LOCO: 1}, {}])
    discards = len(g.cards.discard)
    g.apply(ClaimRoute(PARIS_WHITE, "white", 2, 1))
    assert g.routes("Ann") == [EUROPE.routes[PARIS_WHITE]]
    assert g.route_points("Ann") == 4          # a 3-route scores 4
    assert g.trains_left("Ann") == 42   # 45 - 3
    assert g.hand("Ann") == {}
    assert Counter(g.cards.discard[discards:]) == {"white": 2, LOCO: 1}
    assert g.current_player == 1


def test_route_points_follow_the_table():
    # Europe: 1, 2, 4, 7, 15, 21 points for routes of 1, 2, 3, 4, 6, 8 trains
    g = game(routes=[[["Dieppe", "Paris"], ["Danzig", "Warszawa"], ["Frankfurt", "Paris", "white"],
                      ["Athina", "Sarajevo"], ["Budapest", "Kyiv"], ["Petrograd", "Stockholm"]], []])
    assert g.route_points("Ann") == 1 + 2 + 4 + 7 + 15 + 21


def test_route_must_be_paid_in_its_colour_with_locomotives_wild():
    g = game(hands=[{"red": 3, "white": 1, LOCO: 2}, {}])
    assert [(a.color, a.colored, a.locomotives) for a in claims_of(g, PARIS_WHITE)] == [("white", 1, 2)]
    refused(g, ClaimRoute(PARIS_WHITE, "red", 3, 0),
            "Frankfurt–Paris must be paid with white cards \\(locomotives are wild\\), not red")


def test_claim_needs_cards_equal_to_the_length():
    g = game(hands=[{"white": 4}, {}])
    refused(g, ClaimRoute(PARIS_WHITE, "white", 4, 0), "Frankfurt–Paris needs 3 cards; you offered 4")
    refused(g, ClaimRoute(PARIS_WHITE, "white", 2, 0), "Frankfurt–Paris needs 3 cards; you offered 2")


def test_claim_needs_the_cards_in_hand():
    g = game(hands=[{"white": 2}, {}])
    refused(g, ClaimRoute(PARIS_WHITE, "white", 3, 0), "you have only 2 white cards and offered 3")
    refused(g, ClaimRoute(PARIS_WHITE, "white", 2, 1), "you have only 0 locomotives and offered 1")


def test_gray_route_takes_any_one_colour():
    g = game(hands=[{"red": 2, "blue": 1, LOCO: 1}, {}])
    options = [(a.color, a.colored, a.locomotives) for a in claims_of(g, DANZIG_WARSZAWA)]
    assert options == [("blue", 1, 1), ("red", 2, 0), ("red", 1, 1)]


def test_claim_needs_as_many_trains_as_the_route_length():
    g = game(hands=[{"white": 3}, {}], routes=[ROUTES_OF_43, []])
    assert g.trains_left("Ann") == 2
    assert claims_of(g, PARIS_WHITE) == []
    refused(g, ClaimRoute(PARIS_WHITE, "white", 3, 0), "Frankfurt–Paris needs 3 trains and you have only 2 left")


def test_claimed_route_cannot_be_claimed_again():
    g = game(hands=[{"white": 3}, {}], routes=[[], [PARIS_WHITE]])
    refused(g, ClaimRoute(PARIS_WHITE, "white", 3, 0), "Frankfurt–Paris has already been claimed")


@pytest.mark.parametrize("players", [("Ann", "Bo"), ("Ann", "Bo", "Cy")])
def test_double_route_with_2_or_3_players_only_one_half_can_be_claimed(players):
    g = game(players, hands=[{"white": 3}], routes=[[], [PARIS_ORANGE]])
    assert claims_of(g, PARIS_WHITE) == []
    refused(g, ClaimRoute(PARIS_WHITE, "white", 3, 0),
            "Frankfurt–Paris is a double route and with 2 or 3 players only one of its two routes can be claimed")


@pytest.mark.parametrize("players", [("Ann", "Bo", "Cy", "Di"), ("Ann", "Bo", "Cy", "Di", "Ed")])
def test_double_route_with_4_or_5_players_both_halves_can_be_claimed(players):
    g = game(players, hands=[{"white": 3}], routes=[[], [PARIS_ORANGE]])
    g.apply(ClaimRoute(PARIS_WHITE, "white", 3, 0))
    assert g.routes("Ann") == [EUROPE.routes[PARIS_WHITE]]


def test_one_player_never_owns_both_routes_of_a_double():
    g = game(("Ann", "Bo", "Cy", "Di"), hands=[{"white": 3}], routes=[[PARIS_ORANGE]])
    refused(g, ClaimRoute(PARIS_WHITE, "white", 3, 0),
            "you already own the other route of the double route Frankfurt–Paris; one player may never own both")


def test_ferry_needs_one_locomotive_per_locomotive_symbol():
    g = game(hands=[{"red": 2}, {}])
    assert claims_of(g, DIEPPE_LONDON) == []
    refused(g, ClaimRoute(DIEPPE_LONDON, "red", 2, 0),
            "Dieppe–London is a ferry: it needs at least 1 locomotive and you offered 0")


def test_ferry_with_too_few_locomotives_cannot_be_claimed():
    # Amsterdam–London has 2 locomotive symbols: one locomotive is not enough
    g = game(hands=[{"red": 2, LOCO: 1}, {}])
    assert claims_of(g, AMSTERDAM_LONDON) == []
    refused(g, ClaimRoute(AMSTERDAM_LONDON, "red", 1, 1),
            "Amsterdam–London is a ferry: it needs at least 2 locomotives and you offered 1")
    g2 = game(hands=[{LOCO: 2}, {}])
    assert [(a.color, a.colored, a.locomotives) for a in claims_of(g2, AMSTERDAM_LONDON)] == [(None, 0, 2)]


def test_ferry_other_spaces_take_any_one_colour_or_more_locomotives():
    g = game(hands=[{"green": 4, LOCO: 3}, {}])
    options = [(a.color, a.colored, a.locomotives) for a in claims_of(g, PALERMO_SMYRNA)]
    assert options == [("green", 4, 2), ("green", 3, 3)]
    g.apply(ClaimRoute(PALERMO_SMYRNA, "green", 3, 3))
    assert g.hand("Ann") == {"green": 1} and g.route_points("Ann") == 15


# -- tunnels ------------------------------------------------------------------------------------
def tunnel_game(hand, deck, **kw):
    kw.setdefault("discard", None)
    return game(hands=[hand, {}], deck=deck, **kw)


def test_tunnel_reveals_three_cards_and_with_no_match_is_claimed_at_once():
    g = tunnel_game({"black": 3}, ["red", "blue", "green", "white"])
    discards = len(g.cards.discard)
    g.apply(ClaimRoute(MADRID_BLACK, "black", 3, 0))
    assert g.routes("Ann") == [EUROPE.routes[MADRID_BLACK]] and g.route_points("Ann") == 4
    assert g.cards.deck == ["white"]
    assert Counter(g.cards.discard[discards:]) == {"red": 1, "blue": 1, "green": 1, "black": 3}
    assert g.current_player == 1
    reveal = [e for e in g.log if e["event"] == "tunnel_reveal"]
    assert reveal[0]["cards"] == ["red", "blue", "green"] and reveal[0]["extra"] == 0


def test_tunnel_one_extra_card():
    g = tunnel_game({"black": 4, LOCO: 1}, ["black", "red", "blue", "white"])
    g.apply(ClaimRoute(MADRID_BLACK, "black", 3, 0))
    assert g.pending["extra"] == 1 and g.current_player == 0
    assert g.legal_actions() == [PayTunnel("black", 1, 0), PayTunnel(None, 0, 1), DeclineTunnel()]
    discards = len(g.cards.discard)
    g.apply(PayTunnel("black", 1, 0))
    assert g.routes("Ann") == [EUROPE.routes[MADRID_BLACK]]
    assert g.hand("Ann") == {LOCO: 1}
    # the 3 played, the 1 extra and the 3 revealed cards are all discarded
    assert Counter(g.cards.discard[discards:]) == {"black": 5, "red": 1, "blue": 1}
    assert g.current_player == 1


def test_tunnel_revealed_locomotives_also_cost_extra_cards():
    g = tunnel_game({"black": 5, LOCO: 1}, [LOCO, "black", "red"])
    g.apply(ClaimRoute(MADRID_BLACK, "black", 3, 0))
    assert g.pending["extra"] == 2
    assert g.legal_actions() == [PayTunnel("black", 2, 0), PayTunnel("black", 1, 1), DeclineTunnel()]


def test_tunnel_three_extra_cards():
    g = tunnel_game({"black": 4, LOCO: 2}, ["black", "black", LOCO])
    g.apply(ClaimRoute(MADRID_BLACK, "black", 3, 0))
    assert g.pending["extra"] == 3
    assert g.legal_actions() == [PayTunnel("black", 1, 2), DeclineTunnel()]
    refused(g, PayTunnel("black", 1, 1), "the tunnel asks for 3 more cards; you offered 2")
    refused(g, PayTunnel("red", 1, 2),
            "the extra cards must be black \\(the colour you played\\) or locomotives, not red")
    g.apply(PayTunnel("black", 1, 2))
    assert g.hand("Ann") == {} and g.trains_left("Ann") == 42


def test_tunnel_paid_with_locomotives_only_counts_only_revealed_locomotives():
    g = tunnel_game({"yellow": 5, LOCO: 3}, ["yellow", LOCO, "yellow"])
    g.apply(ClaimRoute(MUNCHEN_ZURICH, None, 0, 2))
    assert g.pending["extra"] == 1      # the two yellows do not count
    assert g.legal_actions() == [PayTunnel(None, 0, 1), DeclineTunnel()]
    refused(g, PayTunnel("yellow", 1, 0), "the extra cards must be locomotives too")
    g.apply(PayTunnel(None, 0, 1))
    assert g.hand("Ann") == {"yellow": 5}


def test_tunnel_declined_returns_the_cards_to_the_hand_and_ends_the_turn():
    g = tunnel_game({"black": 3}, ["black", "black", "black", "white"])
    discards = len(g.cards.discard)
    g.apply(ClaimRoute(MADRID_BLACK, "black", 3, 0))
    assert g.legal_actions() == [DeclineTunnel()]   # nothing left to pay with
    g.apply(DeclineTunnel())
    assert g.hand("Ann") == {"black": 3}
    assert g.routes("Ann") == [] and g.trains_left("Ann") == 45 and g.route_points("Ann") == 0
    assert g.cards.discard[discards:] == ["black", "black", "black"]   # the revealed cards
    assert g.current_player == 1


def test_tunnel_must_be_paid_or_declined_before_anything_else():
    g = tunnel_game({"black": 4}, ["black", "red", "blue"])
    g.apply(ClaimRoute(MADRID_BLACK, "black", 3, 0))
    refused(g, DrawBlind(), "Ann must first pay the extra cards for the tunnel or decline it")


def test_tunnel_reveal_from_a_short_deck_reshuffles_the_discards():
    # deck: 1 card; discards: 1 card; the rest is in Bo's hand: 2 cards are revealed
    g = tunnel_game({"black": 3}, ["red"], discard=["blue"], leftover="Bo")
    g.apply(ClaimRoute(MADRID_BLACK, "black", 3, 0))
    reveal = [e for e in g.log if e["event"] == "tunnel_reveal"][0]
    assert reveal["cards"] == ["red", "blue"] and reveal["extra"] == 0
    assert g.cards.shuffles == 1
    assert g.routes("Ann") == [EUROPE.routes[MADRID_BLACK]]
    assert Counter(g.cards.discard) == {"red": 1, "blue": 1, "black": 3}


def test_tunnel_with_no_cards_to_reveal_is_claimed_without_risk():
    g = tunnel_game({"black": 3}, [], discard=[], leftover="Bo")
    g.apply(ClaimRoute(MADRID_BLACK, "black", 3, 0))
    reveal = [e for e in g.log if e["event"] == "tunnel_reveal"][0]
    assert reveal["cards"] == [] and reveal["extra"] == 0
    assert g.routes("Ann") == [EUROPE.routes[MADRID_BLACK]]


def test_tunnel_cards_on_the_table_are_counted_until_the_end_of_the_turn():
    g = tunnel_game({"black": 4}, ["black", "red", "blue"])
    g.apply(ClaimRoute(MADRID_BLACK, "black", 3, 0))
    d = g.to_dict()
    assert d["pending"] == {"kind": "tunnel", "route": MADRID_BLACK, "color": "black", "colored": 3,
                            "locomotives": 0, "revealed": ["black", "red", "blue"]}
    assert Game.from_dict(d).to_dict() == d
