"""Exact card odds refuse what they cannot answer exactly and quickly: reveals and draws over
MAX_DRAWS (the game's 110 cards), decks over MAX_DECK_CARDS, the depleting redeal model over
MAX_REDEAL_DECK; each refusal a ValueError (TTRError) in one short sentence."""
import pytest

from ttr_teach.algorithms.probability import (
    MAX_DECK_CARDS,
    MAX_DRAWS,
    MAX_REDEAL_DECK,
    check_deck,
    expected_redeals,
    hypergeometric_distribution,
    probability_at_least_one,
    tunnel_extra_distribution,
)
from ttr_teach.algorithms.simulation import simulate_tunnel
from ttr_teach.engine.errors import TTRError


@pytest.mark.parametrize("call, words", [
    (lambda: tunnel_extra_distribution({"red": 50_000, "blue": 50_000}, "red", reveal=100_000), "0 to 110"),
    (lambda: tunnel_extra_distribution({"red": 5}, "red", reveal=MAX_DRAWS + 1), "reveal must be"),
    (lambda: tunnel_extra_distribution({"red": 5}, "red", reveal=10 ** 5000), "not so long a number"),
    (lambda: tunnel_extra_distribution({"red": 5}, "red", reveal=-10 ** 5000), "not so long a number"),
    (lambda: tunnel_extra_distribution({"red": MAX_DECK_CARDS, "blue": 1}, "red"), f"at most {MAX_DECK_CARDS:,}"),
    (lambda: tunnel_extra_distribution({"red": 10 ** 5000}, "red"), "from 0 to 1,000,000 cards of each kind"),
    (lambda: tunnel_extra_distribution({"red": -10 ** 5000}, "red"), "from 0 to 1,000,000 cards of each kind"),
    (lambda: hypergeometric_distribution(10 ** 6, 10, 5000), "at most 110"),
    (lambda: hypergeometric_distribution(10 ** 7, 10, 3), "0 to 1,000,000"),
    (lambda: probability_at_least_one({"red": 5000, "locomotive": 5000}, "red", 1000), "at most 110"),
    (lambda: expected_redeals({"locomotive": 3000, "red": 3000}), f"at most {MAX_REDEAL_DECK} cards"),
    (lambda: simulate_tunnel({"red": 5}, "red", trials=1, reveal=10 ** 6), "reveal must be"),
])
def test_odds_beyond_the_documented_bounds_are_refused(call, words):
    with pytest.raises(TTRError) as caught:
        call()
    assert words in str(caught.value) and len(str(caught.value)) < 300
    assert isinstance(caught.value, ValueError)


def test_odds_up_to_the_bounds_are_exact():
    dist = tunnel_extra_distribution({"red": 50_000, "blue": 50_000}, "red", reveal=MAX_DRAWS)
    assert sum(dist.values()) == 1 and max(dist) == MAX_DRAWS
    assert tunnel_extra_distribution({"red": 1, "blue": 1}, "red", reveal=MAX_DRAWS) == {1: 1}
    assert sum(hypergeometric_distribution(5, 2, 10 ** 6).values()) == 1   # draws beyond the cards: all of them
    assert check_deck({"red": MAX_DECK_CARDS})["red"] == MAX_DECK_CARDS
    assert expected_redeals({"locomotive": 100, "red": 100}) > 0
