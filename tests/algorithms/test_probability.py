"""Exact card probabilities: every expected value below is worked out by hand in the test."""
import subprocess
import sys
from fractions import Fraction
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ttr_teach
from ttr_teach.algorithms.probability import (
    blind_draw_probability,
    can_afford_tunnel,
    check_deck,
    expected_extra_cost,
    expected_redeals,
    extra_probability_expression,
    extra_probability_formula,
    full_deck,
    hypergeometric_distribution,
    market_reset_probability,
    probability_at_least,
    probability_at_least_one,
    spare_cards_for_tunnel,
    tunnel_extra_distribution,
    tunnel_success_probability,
)
from ttr_teach.algorithms.simulation import simulate_market_reset, simulate_tunnel
from ttr_teach.engine.errors import TTRError

# 12 red + 14 locomotives + 84 cards of the seven other colours: the full 110-card deck.
# Paying red, 12 + 14 = 26 cards cost an extra and 84 do not.  C(110, 3) = 110*109*108/6 = 215820.
C110_3 = 215820
P0 = Fraction(84 * 83 * 82 // 6, C110_3)          # C(84,3) = 95284
P1 = Fraction(26 * (84 * 83 // 2), C110_3)        # 26 * C(84,2) = 26 * 3486 = 90636
P2 = Fraction((26 * 25 // 2) * 84, C110_3)        # C(26,2) * 84 = 325 * 84 = 27300
P3 = Fraction(26 * 25 * 24 // 6, C110_3)          # C(26,3) = 2600


def red_deck():
    deck = {"red": 12, "locomotive": 14}
    deck.update({c: 12 for c in ("pink", "white", "blue", "yellow", "orange", "black", "green")})
    return deck


def test_tunnel_with_no_extra_is_c84_3_over_c110_3():
    dist = tunnel_extra_distribution(red_deck(), "red")
    assert dist[0] == P0 == Fraction(95284, 215820)


def test_tunnel_extra_distribution_of_the_full_deck_paying_red():
    assert ttr_teach.tunnel_extra_distribution(red_deck(), "red") == {0: P0, 1: P1, 2: P2, 3: P3}
    assert P0 + P1 + P2 + P3 == 1


def test_tunnel_distribution_is_exact_fractions_in_increasing_order():
    dist = tunnel_extra_distribution(red_deck(), "red")
    assert list(dist) == [0, 1, 2, 3]
    assert all(isinstance(p, Fraction) for p in dist.values())


def test_tunnel_reveals_every_card_of_a_two_card_deck():
    assert tunnel_extra_distribution({"red": 1, "blue": 1}, "red") == {1: 1}
    assert tunnel_extra_distribution({"red": 1, "locomotive": 1}, "red") == {2: 1}
    assert tunnel_extra_distribution({"green": 2}, "red") == {0: 1}


def test_tunnel_with_an_empty_deck_has_no_risk():
    assert tunnel_extra_distribution({}, "red") == {0: 1}
    assert tunnel_extra_distribution({"red": 0, "locomotive": 0}, "blue") == {0: 1}


def test_tunnel_paid_with_locomotives_counts_only_revealed_locomotives():
    # 5 red + 1 locomotive, reveal 3 of 6: the locomotive is among them with probability
    # C(5,2)/C(6,3) = 10/20; the red cards do not count.
    deck = {"red": 5, "locomotive": 1}
    expected = {0: Fraction(1, 2), 1: Fraction(1, 2)}
    assert tunnel_extra_distribution(deck, "red", only_locomotives=True) == expected
    assert tunnel_extra_distribution(deck, "locomotive") == expected
    assert tunnel_extra_distribution(deck, None, only_locomotives=True) == expected


def test_tunnel_reveal_count_can_be_changed_for_lessons():
    # one card from 1 red + 3 blue: P(extra) = 1/4
    assert tunnel_extra_distribution({"red": 1, "blue": 3}, "red", reveal=1) == {0: Fraction(3, 4), 1: Fraction(1, 4)}
    assert tunnel_extra_distribution({"red": 1, "blue": 3}, "red", reveal=0) == {0: 1}


@pytest.mark.parametrize("color", ["pink", "white", "blue", "yellow", "orange", "black", "red", "green"])
def test_tunnel_accepts_every_card_colour(color):
    assert tunnel_extra_distribution(full_deck(), color) == {0: P0, 1: P1, 2: P2, 3: P3}


def test_expected_extra_cost_is_three_times_26_over_110():
    assert expected_extra_cost(red_deck(), "red") == Fraction(3 * 26, 110)
    assert expected_extra_cost({}, "red") == 0


def test_probability_of_at_least_two_extras():
    assert probability_at_least(red_deck(), "red", 2) == P2 + P3
    assert probability_at_least(red_deck(), "red", 0) == 1
    assert probability_at_least(red_deck(), "red", 4) == 0


def test_tunnel_succeeds_when_spare_cards_cover_the_extras():
    assert tunnel_success_probability(red_deck(), "red", 0) == P0
    assert tunnel_success_probability(red_deck(), "red", 1) == P0 + P1
    assert tunnel_success_probability(red_deck(), "red", 3) == 1


def test_spare_cards_are_matching_cards_and_locomotives_beyond_the_route_length():
    hand = {"red": 3, "locomotive": 1, "blue": 5}
    assert spare_cards_for_tunnel(hand, "red", 2) == 2          # 3 + 1 - 2
    assert spare_cards_for_tunnel(hand, "blue", 6) == 0         # 5 + 1 - 6
    assert spare_cards_for_tunnel({"locomotive": 3, "red": 4}, "red", 2, only_locomotives=True) == 1


def test_a_hand_that_cannot_pay_the_tunnel_is_refused():
    with pytest.raises(TTRError, match="only 2 red cards and locomotives; the tunnel needs 3"):
        spare_cards_for_tunnel({"red": 1, "locomotive": 1}, "red", 3)


def test_can_afford_tunnel_combines_hand_and_deck():
    # 2 red + 1 locomotive for a 2-space tunnel: one spare, so at most one extra is payable.
    assert can_afford_tunnel({"red": 2, "locomotive": 1}, red_deck(), "red", 2) == P0 + P1


@pytest.mark.parametrize("deck, message", [
    ({"red": -1}, "-1 red cards; a count cannot be negative"),
    ({"purple": 3}, "'purple' cards"),
    ({"red": 2.0}, "2.0 red cards; a count must be a whole number"),
    ({"red": "3"}, "'3' red cards"),
    ({"red": True}, "True red cards"),
    (["red"], "must be a mapping"),
])
def test_a_bad_deck_is_refused_with_a_sentence(deck, message):
    with pytest.raises(TTRError, match=message.replace("(", r"\(").replace(")", r"\)")):
        tunnel_extra_distribution(deck, "red")


@pytest.mark.parametrize("color", ["gray", "purple", "", 3, None])
def test_a_tunnel_is_paid_with_a_card_colour(color):
    with pytest.raises(TTRError, match="not a card colour"):
        tunnel_extra_distribution(red_deck(), color)


def test_a_negative_reveal_is_refused():
    with pytest.raises(TTRError, match="reveal must be a whole number"):
        tunnel_extra_distribution(red_deck(), "red", reveal=-1)


def test_the_symbolic_formula_gives_the_same_value():
    import sympy

    N, m, n, k = sympy.symbols("N m n k", integer=True, nonnegative=True)
    value = extra_probability_formula().subs({N: 110, m: 26, n: 3, k: 0})
    assert sympy.Rational(value) == sympy.Rational(95284, 215820)
    expr = extra_probability_expression(red_deck(), "red", 1)
    assert str(expr) == "binomial(26, 1)*binomial(84, 2)/binomial(110, 3)"
    assert Fraction(str(expr.doit())) == P1


def test_the_hypergeometric_law_of_a_small_urn():
    # 2 successes in 5, draw 2: P(0) = C(3,2)/C(5,2) = 3/10, P(1) = 2*3/10, P(2) = 1/10
    assert hypergeometric_distribution(5, 2, 2) == {0: Fraction(3, 10), 1: Fraction(6, 10), 2: Fraction(1, 10)}
    with pytest.raises(TTRError, match="cannot be among only"):
        hypergeometric_distribution(3, 4, 1)


# -- blind draws and the face-up market ---------------------------------------------------------
def test_a_blind_draw_is_a_locomotive_14_times_in_110():
    assert blind_draw_probability() == Fraction(14, 110)
    assert blind_draw_probability({"red": 3, "locomotive": 1}, "red") == Fraction(3, 4)
    with pytest.raises(TTRError, match="the deck is empty"):
        blind_draw_probability({})


def test_at_least_one_locomotive_in_two_blind_draws():
    # 1 locomotive among 4: P(none in 2 draws) = C(3,2)/C(4,2) = 3/6
    assert probability_at_least_one({"locomotive": 1, "red": 3}, "locomotive", 2) == Fraction(1, 2)


def test_full_deck_is_12_of_each_colour_and_14_locomotives():
    deck = full_deck()
    assert sum(deck.values()) == 110 and deck["locomotive"] == 14
    assert set(deck) == set(ttr_teach.COLORS) | {"locomotive"}
    assert check_deck({"red": 1}) == {**{c: 0 for c in deck}, "red": 1}


def test_three_face_up_locomotives_reset_probability_from_the_full_deck():
    # [C(14,3) C(96,2) + C(14,4) C(96,1) + C(14,5)] / C(110,5)
    # = (364*4560 + 1001*96 + 2002) / 122391522 = 1757938 / 122391522
    assert market_reset_probability() == Fraction(1757938, 122391522)
    assert market_reset_probability(full_deck()) == Fraction(1757938, 122391522)


def test_market_reset_probability_of_a_small_deck():
    # 3 locomotives + 3 red, 5 of 6 dealt: the one card left out is a locomotive half the time
    assert market_reset_probability({"locomotive": 3, "red": 3}) == Fraction(1, 2)
    assert market_reset_probability({"locomotive": 2, "red": 30}) == 0
    assert market_reset_probability({"locomotive": 3, "red": 2}) == 1


def test_expected_redeals_fresh_deals_are_geometric():
    p = Fraction(1757938, 122391522)
    assert expected_redeals(depleting=False) == p / (1 - p)
    # 3 locomotives + 7 red: p = C(3,3) C(7,2) / C(10,5) = 21/252 = 1/12; mean p/(1-p) = 1/11
    assert expected_redeals({"locomotive": 3, "red": 7}, depleting=False) == Fraction(1, 11)


def test_expected_redeals_with_the_deck_running_down():
    # 3 locomotives + 7 red: the first deal resets with probability 1/12, and then the 5 cards
    # left are all red, so there is never a second redeal: the mean is exactly 1/12.
    assert expected_redeals({"locomotive": 3, "red": 7}) == Fraction(1, 12)
    assert 0 < expected_redeals() < expected_redeals(depleting=False)


def test_expected_redeals_refuses_a_deck_that_could_run_out():
    with pytest.raises(TTRError, match="fewer than a market of 5"):
        expected_redeals({"locomotive": 3, "red": 4})
    with pytest.raises(TTRError, match="dealt again for ever"):
        expected_redeals({"locomotive": 3, "red": 2}, depleting=False)


# -- simulations --------------------------------------------------------------------------------
def test_simulated_tunnels_are_repeatable_with_a_seed_and_near_the_exact_law():
    a = simulate_tunnel(red_deck(), "red", trials=20_000, seed=11)
    b = simulate_tunnel(red_deck(), "red", trials=20_000, seed=11)
    assert a == b
    assert sum(a["distribution"].values()) == 1
    assert abs(float(a["distribution"][0]) - float(P0)) < 0.02
    assert abs(a["mean"] - 78 / 110) < 0.03
    assert a["running_mean"][-1] == (20_000, a["mean"])
    assert [t for t, _ in a["running_mean"]][:4] == [1, 2, 5, 10]


def test_simulated_market_resets_are_near_the_exact_probability():
    sim = simulate_market_reset(20_000, seed=5)
    assert abs(float(sim["probability"]) - 1757938 / 122391522) < 0.005
    assert simulate_market_reset(200, deck={"locomotive": 3, "red": 7}, seed=1)["mean_redeals"] <= 1


def test_a_market_that_can_never_settle_stops_redealing():
    sim = simulate_market_reset(50, deck={"locomotive": 3, "red": 2}, seed=1)
    assert sim["probability"] == 1 and sim["mean_redeals"] == 0


def test_simulation_progress_accepts_a_wrapper():
    seen = []

    def wrapper(iterable):
        seen.append(len(iterable))
        return iterable

    simulate_tunnel({"red": 2}, "red", trials=7, progress=wrapper, seed=0)
    assert seen == [7]
    with pytest.raises(TTRError, match="at least one trial"):
        simulate_tunnel({"red": 2}, "red", trials=0)


def test_importing_probability_imports_neither_tqdm_nor_sympy():
    code = "import sys, ttr_teach.algorithms.probability; print('tqdm' in sys.modules, 'sympy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]


# -- property: the exact law against brute force ------------------------------------------------
small_decks = st.dictionaries(st.sampled_from(["red", "blue", "green", "locomotive"]),
                              st.integers(0, 3), max_size=4)


@settings(max_examples=60, deadline=None)
@given(deck=small_decks, color=st.sampled_from(["red", "blue", "yellow"]),
       only_locomotives=st.booleans(), reveal=st.integers(0, 4))
def test_tunnel_law_matches_every_ordered_draw(deck, color, only_locomotives, reveal):
    cards = [kind for kind, n in deck.items() for _ in range(n)]
    costly = {"locomotive"} if only_locomotives else {"locomotive", color}
    shown = min(reveal, len(cards))
    counts, total = {}, 0
    for draw in permutations(range(len(cards)), shown):
        extra = sum(cards[i] in costly for i in draw)
        counts[extra] = counts.get(extra, 0) + 1
        total += 1
    brute = {k: Fraction(v, total) for k, v in counts.items()}
    dist = tunnel_extra_distribution(deck, color, only_locomotives, reveal)
    assert dist == brute
    assert sum(dist.values()) == 1
