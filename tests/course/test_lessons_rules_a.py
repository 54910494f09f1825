"""The rules lessons 00-05: their helpers and the logic of their widgets, tested in Python.

Expected values are worked out by hand from the rules (docs/rules.md), never taken from the code
under test. Widgets are built with ipywidgets and their buttons clicked in Python.
"""
import json
from fractions import Fraction
from math import comb

import pytest

from ttr_teach.course.lessons import cards, claiming, doubles, ferries, start, tunnels
from ttr_teach.course.lessons.common import Outcome, hand_text, read_hand, resolve_route
from ttr_teach.engine.errors import MapError, TTRError
from ttr_teach.engine.payment import Cost

from ..helpers import NOTEBOOKS

LOCO = "locomotive"
MY_NOTEBOOKS = ["00_start_here", "01_train_cards", "02_claiming_routes", "03_double_routes",
                "04_ferries", "05_tunnels"]


def find(widget, css_class):
    """The widgets under ``widget`` (itself included) carrying ``css_class``."""
    found = [widget] if css_class in getattr(widget, "_dom_classes", ()) else []
    for child in getattr(widget, "children", ()):
        found += find(child, css_class)
    return found


# == common ====================================================================================
def test_hand_is_read_from_a_dict_or_a_list_of_cards():
    assert read_hand(["red", "red", LOCO])["red"] == 2
    assert hand_text({"blue": 1, LOCO: 2}) == "1 blue, 2 locomotives"
    with pytest.raises(TTRError, match="'purple'"):
        read_hand({"purple": 1})
    with pytest.raises(TTRError, match="whole number"):
        read_hand({"red": -1})


def test_route_is_named_by_cities_number_or_route():
    r = resolve_route("europe", ("Paris", "Frankfurt", "white"))
    assert (r.length, r.color) == (3, "white")
    assert resolve_route("europe", r.index) is r
    with pytest.raises(MapError):
        resolve_route("europe", 999)


# == 01 train cards ==============================================================================
def test_deck_has_110_cards_12_of_each_colour_and_14_locomotives():
    deck = cards.deck_composition()
    assert sum(deck.values()) == 110
    assert deck[LOCO] == 14
    assert [deck[c] for c in ("pink", "white", "blue", "yellow", "orange", "black", "red", "green")] == [12] * 8


def test_face_up_locomotive_cannot_be_second_card_in_the_market():
    market = cards.MarketModel()
    assert market.draw_blind().ok                      # the staged top card: a locomotive
    before = (market.hand, market.face_up, market.deck_size)
    outcome = market.take(market.face_up.index(LOCO))
    assert not outcome.ok
    assert outcome.message == "A face-up locomotive cannot be your second card."
    assert "whole turn" in outcome.explanation
    assert (market.hand, market.face_up, market.deck_size) == before   # the refusal changes nothing
    assert market.drawing_second


def test_replacement_locomotive_cannot_be_second_card():
    market = cards.MarketModel()                       # face up: red, loco, blue, green, yellow
    market.take(0)                                     # red, replaced by the deck's top: a locomotive
    assert market.face_up[:2] == [LOCO, LOCO]
    assert not market.take(0).ok and not market.take(1).ok
    assert market.hand == {"red": 1}


def test_blind_locomotive_counts_as_one_card():
    market = cards.MarketModel()
    outcome = market.draw_blind()
    assert outcome.ok and "counts as one card" in outcome.explanation
    assert market.hand == {LOCO: 1} and market.drawing_second


def test_face_up_locomotive_as_first_card_is_the_whole_turn():
    market = cards.MarketModel()
    outcome = market.take(1)                           # the face-up locomotive
    assert outcome.ok and "only card" in outcome.explanation
    assert not market.drawing_second
    assert market.history[0] == "You: locomotive"
    assert market.history[1] == "Bo drew 2 cards blind"   # Bo's turn was played; yours again
    assert market.game.current_player == 0


def test_two_cards_make_a_turn_and_the_opponent_then_draws_two():
    market = cards.MarketModel()
    deck = market.deck_size
    market.take(0)                                     # red: 1 replacement drawn from the deck
    market.take(2)                                     # blue: 1 more replacement
    assert market.hand == {"red": 1, "blue": 1}
    assert market.deck_size == deck - 2 - 2            # 2 replacements, then Bo's 2 blind cards


def test_three_face_up_locomotives_are_discarded_and_dealt_again():
    market = cards.MarketModel(face_up=[LOCO, LOCO, "red", "blue", "green"],
                               deck_top=[LOCO, "white", "white", "white", "white", "white"])
    outcome = market.take(2)                           # red; the replacement is a third locomotive
    assert outcome.ok and "discarded" in outcome.explanation
    assert market.face_up.count(LOCO) < 3
    assert market.game.discard_size == 5


def test_market_refuses_a_place_that_does_not_exist():
    market = cards.MarketModel()
    assert not market.take(7).ok
    assert market.hand == {}


def test_market_starts_again():
    market = cards.MarketModel()
    market.take(1)
    market.reset()
    assert market.hand == {} and market.face_up == list(cards.MARKET_FACE_UP) and market.history == []


def test_reset_probability_is_three_or_more_locomotives_among_five():
    by_hand = Fraction(sum(comb(14, j) * comb(96, 5 - j) for j in (3, 4, 5)), comb(110, 5))
    assert cards.reset_probability() == by_hand
    assert cards.reset_probability_expression().doit() == by_hand


def test_engine_deals_reset_about_as_often_as_the_formula():
    sim = cards.simulate_first_deals(3000, seed=5, progress=False)
    assert sim["trials"] == 3000 and sim["running"][-1] == (3000, sim["frequency"])
    # exact 0.01436; 4 standard errors of 3000 trials is about 0.009
    assert abs(float(sim["frequency"]) - 0.01436) < 0.009


def test_market_widget_buttons_draw_through_the_engine():
    market = cards.MarketModel()
    box = cards.market_widget(market)
    deck_button, = find(box, "ttr-market-deck")
    message, = find(box, "ttr-market-message")
    face_up = find(box, "ttr-market-card")
    assert len(face_up) == 5 and face_up[1].description.endswith("locomotive")
    deck_button.click()
    assert market.hand == {LOCO: 1} and "counts as one card" in message.value
    face_up[1].click()                                  # the face-up locomotive as second card
    assert 'data-ok="0"' in message.value and "cannot be your second card" in message.value
    assert market.hand == {LOCO: 1}


# == 02 claiming routes ==========================================================================
def test_route_is_paid_in_its_colour_with_locomotives_wild():
    answer = claiming.can_claim(("Paris", "Frankfurt", "white"), {"white": 1, "red": 3, LOCO: 2})
    assert answer.ok and answer.ways_text() == ["1 white + 2 locomotives"]
    answer = claiming.can_claim(("Paris", "Frankfurt", "orange"), {"white": 2, LOCO: 1})
    assert not answer.ok and "3 orange cards" in answer.reason


def test_gray_route_takes_one_colour_not_a_mix():
    answer = claiming.can_claim(("Danzig", "Warszawa"), {"red": 1, "blue": 1})
    assert not answer.ok and "No" in answer.html()
    # 2 red, 1 blue, 2 locos: 2R, 1R+1L, 1B+1L, 2L
    assert len(claiming.can_claim(("Danzig", "Warszawa"), {"red": 2, "blue": 1, LOCO: 2}).ways) == 4


def test_colours_that_pay_a_gray_route_of_three():
    hand = {"yellow": 2, "black": 3, "orange": 1, LOCO: 1}
    assert claiming.colours_that_pay(Cost(3), hand) == {"yellow", "black"}


def test_long_routes_score_more_points_per_train():
    rows = claiming.scoring_rows()
    assert [(r["length"], r["points"]) for r in rows] == [(1, 1), (2, 2), (3, 4), (4, 7), (6, 15), (8, 21)]
    assert [r["points per train"] for r in rows] == [1, 1, Fraction(4, 3), Fraction(7, 4), Fraction(5, 2),
                                                      Fraction(21, 8)]
    assert "<td>10</td>" in claiming.scoring_table_html()     # the USA's length-5 route


def test_claim_widget_answers_when_the_hand_changes():
    box = claiming.claim_widget(("Paris", "Frankfurt", "white"), {"white": 3}, board=False)
    answer, = find(box, "ttr-claim-result")
    assert "data-ok='1'" in answer.value
    white = next(w for w in box.children[2].children if w.description == "white")
    white.value = 1
    assert "data-ok='0'" in answer.value and "1 white card" in answer.value


# == 03 double routes ============================================================================
@pytest.mark.parametrize("players", [2, 3])
def test_double_route_closed_to_everyone_with_2_or_3_players(players):
    demo = doubles.double_route_demo(("Berlin", "Frankfurt"), players, owner=0, asker=1)
    assert not demo.open and "only one of its two routes" in demo.reason
    assert demo.highlight()[0]["color"] == "#c62828"


@pytest.mark.parametrize("players", [4, 5])
def test_double_route_open_to_others_with_4_or_5_players(players):
    demo = doubles.double_route_demo(("Paris", "Frankfurt"), players, owner=0, asker=players - 1)
    assert demo.open and demo.sentence().endswith("Yes.")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_one_player_never_owns_both_routes_of_a_double(players):
    demo = doubles.double_route_demo(("Dieppe", "London"), players, owner=0, asker=0)
    assert not demo.open and "one player may never own both" in demo.reason


def test_double_route_table_for_2_to_5_players():
    rows = doubles.double_route_table()
    assert [(r["players"], r["owner"], r["another player"]) for r in rows] == [
        (2, "no", "no"), (3, "no", "no"), (4, "no", "yes"), (5, "no", "yes")]


def test_europe_has_11_double_routes_to_choose_from():
    assert len(doubles.double_pair_choices()) == 11


def test_doubles_widget_opens_the_route_with_four_players():
    box = doubles.doubles_widget(("Berlin", "Frankfurt"), players=3)
    answer, = find(box, "ttr-doubles-answer")
    assert "closed" in answer.value
    box.children[1].value = 4
    assert "open" in answer.value and "Yes." in answer.value


def test_not_a_double_route_is_refused():
    with pytest.raises(MapError, match="not a double route"):
        doubles.double_route_demo(("Paris", "Dieppe"))


# == 04 ferries ==================================================================================
def test_thirteen_ferries_nine_with_one_symbol_four_with_two():
    assert len(ferries.ferries()) == 13
    assert len(ferries.ferries(symbols=1)) == 9 and len(ferries.ferries(symbols=2)) == 4
    marks = ferries.ferry_highlight()
    assert [len(m["routes"]) for m in marks] == [9, 4]


def test_ferry_needs_one_locomotive_per_symbol_not_per_space():
    assert ferries.ferry_cost(("Palermo", "Smyrna"), {"green": 4, LOCO: 2}).ways == (("green", 4, 2),)
    answer = ferries.ferry_cost(("Palermo", "Smyrna"), {"green": 6, LOCO: 1})
    assert not answer.ok and "at least 2 locomotives" in answer.reason
    # Athina-Brindisi, 4 spaces, 1 symbol, from 4 yellow + 3 locos: 3Y+1L, 2Y+2L, 1Y+3L
    assert len(ferries.ferry_cost(("Athina", "Brindisi"), {"yellow": 4, LOCO: 3}).ways) == 3


def test_ferry_rows_count_the_other_cards():
    row = next(r for r in ferries.ferry_rows() if r["ferry"] == "Palermo–Smyrna")
    assert (row["length"], row["locomotive symbols"], row["other cards"], row["points"]) == (6, 2, 4, 15)


def test_one_locomotive_and_one_card_pay_only_short_single_symbol_ferries():
    routes = ferries.payable_ferries({LOCO: 1, "blue": 1})
    assert {(r.length, r.locomotives) for r in routes} == {(2, 1)}
    assert len(routes) == 4   # Athina-Smyrna, Dieppe-London twice, Sevastopol-Sochi


def test_ferry_calculator_offers_only_ferries():
    box = ferries.ferry_calculator(board=False)
    dropdown = box.children[0]
    assert len(dropdown.options) == 13


# == 05 tunnels ==================================================================================
def staged(deck_top, hand=None):
    return tunnels.TunnelModel(("Madrid", "Pamplona", "black"), hand=hand, deck_top=deck_top)


def test_tunnel_reveals_three_cards_and_charges_each_matching_one():
    t = staged(["black", "red", LOCO])
    outcome = t.claim(("black", 3, 0))
    assert outcome.ok and t.revealed == ["black", "red", LOCO] and t.extra == 2
    # hand 4 black + 4 locos, 3 black laid: 1 black left -> 1B+1L or 2L
    assert [(a.color, a.colored, a.locomotives) for a in t.pay_choices()] == [("black", 1, 1), (None, 0, 2)]


def test_paid_tunnel_is_claimed_and_scores():
    t = staged(["black", "red", LOCO])
    t.claim(("black", 3, 0))
    outcome = t.pay(1)
    assert outcome.ok and "4 points" in outcome.message
    assert t.game.routes(0) == [t.route] and t.hand == {"black": 1, LOCO: 2}


def test_declined_tunnel_gives_the_cards_back_and_ends_the_turn():
    t = staged(["black", "red", LOCO])
    before = t.hand
    t.claim(("black", 2, 1))
    assert t.decline().ok
    assert t.hand == before and t.game.routes(0) == [] and t.game.current_player == 1
    assert not t.decline().ok                             # nothing left to decline


def test_tunnel_paid_with_locomotives_only_counts_only_locomotives():
    t = staged(["black", "black", LOCO])
    t.claim((None, 0, 3))
    assert t.extra == 1
    assert [(a.color, a.colored, a.locomotives) for a in t.pay_choices()] == [(None, 0, 1)]
    refused = t.pay(("black", 1, 0))
    assert not refused.ok and "must be locomotives too" in refused.message


def test_tunnel_with_nothing_matching_is_claimed_at_once():
    t = staged(["red", "blue", "green"])
    outcome = t.claim(("black", 3, 0))
    assert outcome.ok and t.extra == 0 and t.stage == "done" and "no extra cost" in outcome.message
    assert t.game.routes(0) == [t.route]


def test_tunnel_payment_of_the_wrong_colour_is_refused_by_the_engine():
    t = staged(["red", "blue", "green"], hand={"red": 3, "black": 3})
    outcome = t.claim(("red", 3, 0))
    assert not outcome.ok and "must be paid with black cards" in outcome.message
    assert t.stage == "choose" and t.hand == {"red": 3, "black": 3}


def test_tunnel_that_cannot_be_paid_must_be_declined():
    t = staged([LOCO, LOCO, "black"], hand={"black": 3})
    outcome = t.claim(("black", 3, 0))
    assert t.extra == 3 and t.pay_choices() == [] and "You cannot pay them" in outcome.message
    assert t.decline().ok and t.hand == {"black": 3}


def test_short_deck_reveals_only_what_there_is():
    t = tunnels.short_deck_claim([LOCO, "blue"])
    assert t.revealed == [LOCO, "blue"] and t.extra == 1


def test_empty_deck_and_discards_make_a_tunnel_free():
    t = tunnels.short_deck_claim([])
    assert t.revealed == [] and t.extra == 0 and t.game.routes(0) == [t.route]


def test_tunnel_reveal_shuffles_the_discards_when_the_deck_runs_out():
    t = tunnels.short_deck_claim(["red"], discard=[LOCO, "black"])
    assert t.revealed[0] == "red" and sorted(t.revealed[1:]) == ["black", LOCO]
    assert t.extra == 2


def test_exact_law_of_the_extra_cards_for_the_full_deck():
    rows = tunnels.distribution_rows(tunnels.tunnel_deck("red"), "red")
    total = comb(110, 3)
    # 26 matching cards (12 red + 14 locomotives), 84 others
    expected = [Fraction(comb(26, k) * comb(84, 3 - k), total) for k in range(4)]
    assert [r["probability"] for r in rows] == expected
    assert "exact probability" in tunnels.distribution_html(rows)


def test_tunnel_deck_spreads_the_other_cards_over_the_other_colours():
    deck = tunnels.tunnel_deck("red", matching=3, locomotives=2, others=15)
    assert (deck["red"], deck[LOCO], sum(deck.values())) == (3, 2, 20)
    assert sorted(deck[c] for c in deck if c not in ("red", LOCO)) == [2, 2, 2, 2, 2, 2, 3]


def test_engine_tunnels_agree_with_the_exact_law():
    result = tunnels.engine_reveals(trials=300, seed=4, progress=False)
    deck = result["deck"]
    assert sum(deck.values()) == 110 - 8 - 5          # all but the hand (4 black, 4 locos) and face-up row
    exact = tunnels.tunnel_extra_distribution(deck, "black")
    assert all(abs(result["distribution"].get(k, 0) - p) < 0.1 for k, p in exact.items())


def test_tunnel_widget_claim_button_reveals_three_cards():
    model = staged(["black", "red", LOCO])
    box = tunnels.tunnel_widget(model, board=False)
    claim, = find(box, "ttr-tunnel-claim")
    revealed, = find(box, "ttr-tunnel-revealed")
    message, = find(box, "ttr-tunnel-message")
    assert "not yet" in revealed.value
    claim.click()
    assert revealed.value.count('class="ttr-card"') == 3 and "2 extra cards" in message.value
    again, = find(box, "ttr-tunnel-again")
    again.click()
    assert "not yet" in revealed.value and model.stage == "choose"


def test_tunnel_model_refuses_a_route_that_is_not_a_tunnel():
    with pytest.raises(TTRError, match="is not a tunnel"):
        tunnels.TunnelModel(("Paris", "Frankfurt", "white"))


def test_distribution_widget_updates_its_table_from_named_number_boxes():
    box = tunnels.distribution_widget("red")
    table, = find(box, "ttr-tunnel-law")
    counts = box.children[0].children[0].children
    assert [c.description for c in counts[:3]] == ["red cards", "locomotives", "other cards"]
    for c in counts[:3]:
        c.value = 0
    counts[1].value = 1                                 # one locomotive, nothing else
    assert "<td>1</td><td>1</td>" in table.value          # one extra card, certainly


# == 00 start here and the notebooks =============================================================
def test_course_lists_the_lessons_in_order():
    paths = [e.path for e in start.COURSE]
    assert paths[:11] == [f"notebooks/{n}.ipynb" for n in (
        "01_train_cards", "02_claiming_routes", "03_double_routes", "04_ferries", "05_tunnels",
        "06_destination_tickets", "07_stations", "08_longest_route", "09_end_and_scoring",
        "10_usa_vs_europe", "11_common_misreadings")]
    assert paths[11:] == ["notebooks/12_play.ipynb", "notebooks/sandbox.ipynb", "puzzles/introductory.ipynb",
                          "notebooks/graphs/00_index.ipynb"]


def test_every_course_entry_exists():
    repo = NOTEBOOKS.parent
    for entry in start.COURSE:
        assert (repo / entry.path).exists(), entry.path


def test_start_notebook_links_every_course_entry():
    nb = json.loads((NOTEBOOKS / "00_start_here.ipynb").read_text())
    text = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    for entry in start.COURSE:
        assert f"]({entry.link_from('notebooks')})" in text, entry.path


@pytest.mark.parametrize("name", MY_NOTEBOOKS)
def test_lesson_notebook_is_committed_clean_with_an_exercise_and_a_widget(name):
    nb = json.loads((NOTEBOOKS / f"{name}.ipynb").read_text())
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert all(c["outputs"] == [] and c["execution_count"] is None for c in code)
    assert all(c.get("id") for c in nb["cells"])
    assert nb["metadata"]["kernelspec"]["name"] == "python3"
    source = "".join("".join(c["source"]) for c in code)
    checks = "".join("".join(c["source"]) for c in code if "check" in c["metadata"].get("tags", []))
    assert 'exercises["' in source and "exercises.verify(" in checks and "Exercise(" not in source
    assert "_widget(" in source or "city_explorer(" in source or "ferry_calculator(" in source


def test_city_summary_lists_the_routes_of_a_city():
    lines = start.city_summary("Wien").splitlines()
    # Wien: Berlin, Budapest (red and white), München, Warszawa, Zagrab
    assert lines[0] == "Wien: 6 routes"
    assert lines[2:4] == ["  Budapest–Wien (1 red)", "  Budapest–Wien (1 white)"]


def test_outcome_is_false_when_refused():
    assert not Outcome(False, "no")


def test_lesson_helpers_take_the_map_as_map_and_by_no_other_keyword():
    assert ferries.ferries(map="europe") == ferries.ferries()
    assert start.city_summary("Denver", map="usa") == start.city_summary("Denver", "usa")
    for old in ("m", "map_name"):
        with pytest.raises(TypeError):
            ferries.ferries(**{old: "europe"})
