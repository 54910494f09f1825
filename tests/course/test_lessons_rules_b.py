"""The rules lessons 06-11: their helpers and the logic of their widgets, tested in Python.

Expected values are worked out by hand from the rules (docs/rules.md), never taken from the code
under test. Widgets are built with ipywidgets and driven in Python.
"""

import pytest

from ttr_teach.course.lessons import editions, misreadings, tickets
from ttr_teach.course.lessons.questions import misreadings as misreading_questions
from ttr_teach.engine.errors import IllegalAction, MapError, TTRError

LOCO = "locomotive"


def find(widget, css_class):
    """The widgets under ``widget`` (itself included) carrying ``css_class``."""
    found = [widget] if css_class in getattr(widget, "_dom_classes", ()) else []
    for child in getattr(widget, "children", ()):
        found += find(child, css_class)
    return found


# == 06 destination tickets: set-up and drawing =====================================================
def test_europe_setup_deals_one_long_and_three_regular_tickets_to_each_player():
    deal = tickets.deal_setup("europe", ["Ann", "Bo", "Cy"], seed=3)
    for dealt in deal.dealt:
        assert len(dealt) == 4
        assert sum(t.long for t in dealt) == 1
    # 6 long tickets, 3 dealt: the other 3 go back to the box unseen; 40 - 9 regular in the deck
    assert len(deal.box) == 3 and all(t.long for t in deal.box)
    assert deal.deck_size == 31


def test_usa_setup_deals_three_tickets_and_boxes_none():
    deal = tickets.deal_setup("usa", ["Ann", "Bo"], seed=3)
    assert [len(d) for d in deal.dealt] == [3, 3]
    assert deal.box == () and deal.deck_size == 30 - 6


def test_keep_ways_counts_subsets_of_at_least_the_minimum():
    assert tickets.keep_ways(4, 2) == 6 + 4 + 1
    assert tickets.keep_ways(3, 2) == 3 + 1
    assert tickets.keep_ways(3, 1) == 3 + 3 + 1
    assert tickets.keep_ways(2, 1) == 2 + 1


def test_keep_ways_matches_the_games_choices_at_europe_setup():
    deal = tickets.deal_setup("europe", ["Ann", "Bo"], seed=0)
    assert len(deal.game.legal_actions()) == 11


def test_europe_setup_keeping_one_ticket_is_refused_and_changes_nothing():
    deal = tickets.deal_setup("europe", ["Ann", "Bo"], seed=5)
    before = deal.game.to_dict()
    outcome, record = tickets.keep_tickets(deal.game, deal.dealt[0][:1])
    assert not outcome.ok and record is None
    assert outcome.message == "You must keep at least 2 of your 4 tickets."
    assert deal.game.to_dict() == before


def test_europe_setup_returned_tickets_go_to_the_box_not_the_deck():
    deal = tickets.deal_setup("europe", ["Ann", "Bo"], seed=5)
    records = tickets.finish_setup(deal.game, [list(deal.dealt[0][:2]), None])
    assert records[0].to == "box" and len(records[0].returned) == 2
    assert len(records[1].kept) == 4 and records[1].returned == ()
    state = deal.game.to_dict(log=False)
    # 4 long tickets were boxed at the deal (6 - 2 players), then Ann's 2 returned ones
    assert len(state["ticket_box"]) == 4 + 2
    assert len(state["ticket_deck"]) == 40 - 6
    assert deal.game.phase == "play"


def test_usa_setup_returned_ticket_goes_to_the_bottom_of_the_deck():
    deal = tickets.deal_setup("usa", ["Ann", "Bo"], seed=5)
    ann = deal.dealt[0]
    records = tickets.finish_setup(deal.game, [[ann[0], ann[2]], [deal.dealt[1][0], deal.dealt[1][1]]])
    deck = tickets.ticket_deck(deal.game)
    assert deck[-2:] == (ann[1], deal.dealt[1][2])
    assert records[0].to == "bottom of the ticket deck"


def test_finish_setup_refuses_too_few_tickets_naming_the_player():
    deal = tickets.deal_setup("usa", ["Ann", "Bo"], seed=5)
    with pytest.raises(IllegalAction, match="Ann: You must keep at least 2 of your 3 tickets."):
        tickets.finish_setup(deal.game, [[deal.dealt[0][0]]])


def test_drawn_tickets_not_kept_go_under_the_deck_in_drawn_order():
    deck = [("Paris", "Wien"), ("Berlin", "Roma"), ("Kyiv", "Sochi"), ("Essen", "Kyiv"), ("Riga", "Bucuresti")]
    draw = tickets.draw_and_keep(deck, keep=[("Kyiv", "Sochi")])
    assert [str(t) for t in draw.drawn] == ["Paris–Wien (8)", "Berlin–Roma (9)", "Kyiv–Sochi (8)"]
    assert [str(t) for t in draw.after] == ["Essen–Kyiv (10)", "Bucuresti–Riga (10)", "Paris–Wien (8)",
                                            "Berlin–Roma (9)"]


def test_drawing_tickets_keeps_at_least_one():
    with pytest.raises(IllegalAction, match="keep at least 1 of your 3"):
        tickets.draw_and_keep([("Paris", "Wien"), ("Berlin", "Roma"), ("Kyiv", "Sochi")], keep=[])


def test_short_ticket_deck_draws_what_is_left():
    draw = tickets.draw_and_keep([("Paris", "Wien"), ("Berlin", "Roma")], keep=[("Paris", "Wien")])
    assert len(draw.drawn) == 2 and [str(t) for t in draw.after] == ["Berlin–Roma (9)"]


def test_empty_ticket_deck_cannot_be_drawn_from():
    assert tickets.why_cannot_draw_tickets([]) == "the ticket deck is empty, so no tickets can be drawn"
    assert tickets.why_cannot_draw_tickets([("Paris", "Wien")]) is None


def test_read_ticket_accepts_cities_numbers_and_refuses_unknown():
    assert str(tickets.read_ticket("europe", ("Wien", "Paris"))) == "Paris–Wien (8)"
    with pytest.raises(MapError):
        tickets.read_ticket("europe", ("Paris", "Roma"))
    with pytest.raises(MapError):
        tickets.read_ticket("europe", 99)


def test_ticket_choice_refuses_keeping_one_at_setup_then_keeps_two():
    model = tickets.TicketChoiceModel(seed=7)
    assert len(model.offer) == 4 and model.keep_at_least == 2
    model.select([model.offer[0]])
    assert not model.keep().ok
    assert model.kept is None
    model.select(model.offer[:2])
    outcome = model.keep()
    assert outcome.ok and "back to the box" in outcome.message
    assert model.game.current_player == 1   # Bo chooses next
    assert not model.keep().ok              # one choice per deal


def test_ticket_choice_plan_is_the_shortest_network_for_the_selection():
    model = tickets.TicketChoiceModel(seed=7)
    model.select([("Smolensk", "Warszawa")])
    # Smolensk–Wilno (3) + Wilno–Warszawa (3): 6 trains
    assert model.plan().trains == 6
    assert model.at_stake() == 6
    model.select([])
    assert model.plan().trains == 0


def test_ticket_choice_refuses_a_ticket_not_offered():
    model = tickets.TicketChoiceModel(seed=7)
    assert not model.toggle(("Paris", "Wien")).ok


def test_ticket_choice_while_drawing_keeps_one_and_returns_to_the_deck():
    model = tickets.TicketChoiceModel(seed=3, draw=True)
    assert len(model.offer) == 3 and model.keep_at_least == 1
    model.select(model.offer[:1])
    outcome = model.keep()
    assert outcome.ok and "bottom of the ticket deck" in outcome.message


def test_ticket_choice_widget_ticks_boxes_and_keeps():
    w = tickets.ticket_choice_widget(tickets.TicketChoiceModel(seed=7), board=False)
    boxes = find(w, "ttr-ticket-box")
    assert len(boxes) == 4
    boxes[2].value = True
    summary = find(w, "ttr-tickets-summary")[0]
    assert "1 ticket selected" in summary.value
    find(w, "ttr-tickets-keep")[0].click()
    assert "keep at least 2" in find(w, "ttr-tickets-message")[0].value
    boxes[3].value = True
    find(w, "ttr-tickets-keep")[0].click()
    assert "You keep" in find(w, "ttr-tickets-message")[0].value
    assert all(b.disabled for b in find(w, "ttr-ticket-box"))
    find(w, "ttr-tickets-again")[0].click()
    assert not any(b.value or b.disabled for b in find(w, "ttr-ticket-box"))


# == 10 USA and Europe ================================================================================
def test_editions_differ_in_stations_tunnels_ferries_and_setup():
    rows = {r["rule"]: r for r in editions.rules_comparison()}
    assert (rows["stations per player"]["europe"], rows["stations per player"]["usa"]) == (3, 0)
    assert (rows["tunnels on the map"]["europe"], rows["tunnels on the map"]["usa"]) == (18, 0)
    assert (rows["ferries on the map"]["europe"], rows["ferries on the map"]["usa"]) == (13, 0)
    assert rows["tickets dealt at set-up"]["europe"] == "1 long + 3 regular"
    assert rows["keep at least (set-up)"]["same"] and rows["trains per player"]["same"]
    assert not rows["tie-breakers, in order"]["same"]


def test_usa_map_has_five_space_routes_and_no_eight():
    rows = {r["length"]: r for r in editions.route_length_rows()}
    assert rows[5] == {"length": 5, "points": 10, "europe routes": 0, "usa routes": 10}
    assert rows[8]["usa routes"] == 0 and rows[8]["europe routes"] == 1


def test_usa_has_no_stations():
    assert editions.why_no_station() == "there are no stations in the usa game"


def test_usa_and_europe_setups_send_returned_tickets_to_different_places():
    europe, usa = editions.setup_side_by_side(seed=2)
    assert (europe["dealt each"], europe["returned to"]) == (4, "box")
    assert (usa["dealt each"], usa["returned to"]) == (3, "bottom of the ticket deck")
    # USA: 30 tickets, 6 dealt, 2 returned under the deck
    assert usa["ticket deck after"] == 30 - 6 + 2 and usa["box after"] == 0


def test_edition_feature_sentences():
    assert editions.feature_sentence("europe", "length:8") == "europe: 1 route of length 8, 21 points each."
    assert editions.feature_sentence("europe", "length:5").startswith("europe: no routes of length 5")
    assert editions.feature_sentence("usa", "double") == "usa: 22 double routes (44 routes side by side)."
    assert editions.feature_highlight("usa", "ferry") == []


def test_edition_explorer_redraws_for_the_other_map():
    w = editions.edition_explorer("usa", "length:5")
    sentence = find(w, "ttr-edition-sentence")[0]
    assert "10 routes of length 5" in sentence.value
    w.children[0].value = "europe"
    assert "no routes of length 5" in sentence.value


# == 11 common misreadings ============================================================================
def test_every_misreading_has_a_statement_an_explanation_and_a_demonstration():
    assert len(misreadings.MISREADINGS) == 9
    for m in misreadings.MISREADINGS:
        assert m.statement and m.explanation and m.wrong_reading
        ex = m.exercise()
        ex.verify(m.truth)
        assert not ex.solved
        assert not ex.check(not m.truth).correct
        assert m.demonstrate().lines


def test_misreadings_mix_true_and_false_statements():
    truths = [m.truth for m in misreadings.MISREADINGS]
    assert 3 <= sum(truths) <= 6


def test_turn_order_is_clockwise_seat_order():
    facts = misreadings.misreading("turn_order").demonstrate().facts
    assert facts["order"] == ["Ann", "Bo", "Cy", "Dee", "Ann", "Bo"]


def test_game_does_not_end_when_trains_run_low_but_after_one_more_round():
    facts = misreadings.end_game_demo().facts
    assert facts["trains before"] == 5 and facts["trains at trigger"] == 2
    assert facts["last turns"] == ["Bo", "Cy", "Ann"] and facts["over"]


def test_ferry_needs_one_locomotive_per_symbol_not_per_space():
    facts = misreadings.misreading("ferry").demonstrate().facts
    assert facts["claimed"] and facts["claimed with"] == ("red", 4, 2)
    assert (facts["symbols"], facts["spaces"]) == (2, 6)


def test_face_up_locomotive_is_one_card_and_never_the_second():
    facts = misreadings.misreading("face_up_locomotive").demonstrate().facts
    assert facts["cards gained"] == 1 and facts["next player"] == "Bo"
    assert facts["refusal"] == "a face-up locomotive cannot be your second card"


def test_tunnels_of_every_length_reveal_three_cards():
    assert misreadings.misreading("tunnel_reveal").demonstrate().facts["revealed"] == {2: 3, 6: 3, 8: 3}


def test_with_three_players_one_half_of_a_double_route_is_open():
    facts = misreadings.misreading("double_routes").demonstrate().facts
    assert facts["first half"] is None and "only one of its two routes" in facts["second half"]


def test_europe_setup_misreading_demo_boxes_two_tickets():
    facts = misreadings.misreading("europe_setup").demonstrate().facts
    assert facts["box after"] == facts["box before"] + 2 and facts["deck after"] == facts["deck before"]


def test_unknown_misreading_is_refused_with_the_list():
    with pytest.raises(TTRError, match="turn_order"):
        misreadings.misreading("nope")


def test_quiz_widget_shows_verdict_and_engine_demo():
    exercises = misreading_questions.exercises()
    w = misreadings.quiz_widget(exercises, items=misreadings.MISREADINGS[:2])
    answers = find(w, "ttr-quiz-answer")
    verdicts = find(w, "ttr-quiz-verdict")
    answers[0].value = "False"
    assert "Not quite" in verdicts[0].value and "Ann → Bo" in verdicts[0].value
    assert "the statement is" not in verdicts[0].value          # a wrong answer never hears the key
    assert exercises["turn_order"].tries == 1                      # answers in the quiz count
    answers[1].value = "False"
    assert "Right" in verdicts[1].value and "keep at least 2" in verdicts[1].value


# == 07 stations: costs and building ==================================================================
from ttr_teach.course.lessons import endgame, longest, stations  # noqa: E402


def test_station_costs_one_two_three_cards_of_one_colour():
    rows = stations.station_cost_rows()
    assert [r["cards"] for r in rows] == [1, 2, 3]
    assert [r["cards for all so far"] for r in rows] == [1, 3, 6]


def test_second_station_needs_two_cards_of_one_colour():
    model = stations.StationBuilderModel(hand={"red": 1, "blue": 1, "green": 1})
    assert model.build("Paris", ("red", 1, 0)).ok
    assert model.ways() == []                        # 1 blue + 1 green: no two of one colour
    refused = model.build("Roma", ("blue", 1, 0))
    assert not refused.ok and "needs 2 cards" in refused.message
    assert model.built == ["Paris"]


def test_locomotives_are_wild_for_stations():
    model = stations.StationBuilderModel(hand={"red": 1, LOCO: 1, "blue": 3})
    model.build("Paris", ("blue", 1, 0))
    assert ("red", 1, 1) in model.ways()
    assert model.build("Roma", ("red", 1, 1)).ok


def test_one_station_per_city():
    model = stations.StationBuilderModel(hand={"red": 6}, opponent_station="Wien")
    refused = model.build("Wien")
    assert not refused.ok and "already has a station" in refused.message
    assert model.build("Paris").ok
    assert "already has a station" in model.build("Paris").message


def test_three_stations_per_player_then_no_more():
    model = stations.StationBuilderModel(hand={"red": 10})
    for city in ("Paris", "Roma", "Berlin"):
        assert model.build(city).ok
    assert model.hand == {"red": 10 - 1 - 2 - 3}
    assert model.next_cost() is None
    assert "all 3 of your stations" in model.build("Madrid").message


def test_station_builder_widget_builds_and_updates_the_cost():
    w = stations.station_builder_widget(stations.StationBuilderModel(hand={"red": 4}), board=False)
    status = find(w, "ttr-station-status")[0]
    assert "1 card of one colour" in status.value
    find(w, "ttr-station-build")[0].click()
    assert "You build your first station in Paris" in find(w, "ttr-station-message")[0].value
    assert "2 cards of one colour" in status.value


def test_station_builder_shows_the_payment_it_will_use_and_leaves_a_built_city():
    w = stations.station_builder_widget(stations.StationBuilderModel(hand={"red": 3, "blue": 2}), board=False)
    city, way = [c for c in w.children[1].children if hasattr(c, "options")]
    assert way.value == ("blue", 1, 0) and way.label == "1 blue"     # not blank: what Build pays
    way.value = ("red", 1, 0)
    find(w, "ttr-station-build")[0].click()
    assert "first station in Paris with 1 red" in find(w, "ttr-station-message")[0].value
    assert city.value == "Petrograd"                                 # the next city without a station
    assert way.value == ("blue", 2, 0) and way.label == "2 blue"


# == 08 the longest route ===============================================================================
def test_longest_trail_may_pass_a_city_twice():
    answer = longest.explain_network(longest.PRESETS["a loop with two tails"])
    # Pamplona-Paris 4, Paris-Bruxelles 2, Bruxelles-Frankfurt 2, Frankfurt-Paris 3, Paris-Brest 3
    assert answer.length == 14 and answer.passed_twice == ["Paris"]
    # without revisiting Paris: Pamplona-Paris-Frankfurt-Bruxelles = 4 + 3 + 2
    assert answer.path_length == 9


def test_longest_trail_of_a_loop_closes_on_itself():
    answer = longest.explain_network(longest.PRESETS["a loop"])
    assert answer.length == 3 + 2 + 3 + 3 and answer.passed_twice == []
    assert answer.trail.cities[0] == answer.trail.cities[-1]


def test_network_with_four_odd_cities_cannot_be_used_whole():
    answer = longest.explain_network(longest.PRESETS["a star with three arms"])
    # arms from Wien: Berlin 3; Budapest 1 + Bucuresti 4; Munchen 3 + Zurich 2 -> best two arms 5 + 5
    assert (answer.total, answer.length) == (13, 10)
    assert answer.odd_cities == ["Berlin", "Bucuresti", "Wien", "Zurich"]
    assert "cannot use them all" in answer.sentence()


def test_longest_simple_path_never_revisits_a_city():
    rs = longest.read_routes([("Paris", "Bruxelles", "yellow"), ("Bruxelles", "Frankfurt"),
                              ("Frankfurt", "Paris", "white")])
    # a path may not close the triangle (that would visit its first city again): 3 + 2
    assert longest.longest_simple_path(rs) == 3 + 2
    assert longest.longest_simple_path([]) == 0


def test_network_builder_refuses_both_halves_of_a_double_and_too_many_trains():
    model = longest.NetworkBuilderModel(None)
    assert model.add(("Paris", "Frankfurt", "white")).ok
    refused = model.add(("Paris", "Frankfurt", "orange"))
    assert not refused.ok and "never own both" in refused.message
    assert not model.add(("Paris", "Frankfurt", "white")).ok   # already in the network
    assert model.remove(("Paris", "Frankfurt", "white")).ok and model.routes == []
    assert not model.remove(("Paris", "Frankfurt", "white")).ok


def test_network_builder_stops_at_45_trains():
    model = longest.NetworkBuilderModel(None)
    for pair in [("Petrograd", "Stockholm"), ("Kyiv", "Budapest"), ("Palermo", "Smyrna"),
                 ("Lisboa", "Madrid"), ("Madrid", "Pamplona", "black"), ("Pamplona", "Paris", "blue"),
                 ("Paris", "Frankfurt", "white"), ("Frankfurt", "Berlin", "black"), ("Berlin", "Warszawa", "pink")]:
        assert model.add(pair).ok
    assert model.add(("Wien", "Budapest", "red")).ok and model.add(("Berlin", "Essen")).ok
    # 8 + 6 + 6 + 3 + 3 + 4 + 3 + 3 + 4 + 1 + 2 = 43 trains: a 4-space route no longer fits
    assert sum(r.length for r in model.routes) == 43
    refused = model.add(("Sevastopol", "Constantinople"))
    assert not refused.ok and "you have only 2 left" in refused.message


def test_trail_highlight_marks_cities_passed_twice():
    answer = longest.explain_network(longest.PRESETS["a figure eight"])
    item = answer.highlight()[0]
    assert item["city_badges"] == {"Paris": "×2"}
    assert len(item["trail"]) == 6


def test_network_builder_widget_loads_an_example_and_adds_a_route():
    w = longest.network_builder(longest.NetworkBuilderModel(None), board=False)
    answer = find(w, "ttr-network-answer")[0]
    assert "longest route is 0" in answer.value
    w.children[0].value = "a loop"
    assert "11 trains" in answer.value


# == 09 the end of the game ============================================================================
def test_final_round_gives_everyone_exactly_one_more_turn():
    game = endgame.play_to_the_end(seed=4)
    story = endgame.final_round(game)
    assert story.trains_at_trigger <= 2
    assert [t.player for t in story.last_turns] == story.expected_order
    assert story.last_turns[-1].player == story.trigger.player
    assert len(story.last_turns) == len(game.players)


def test_turns_count_the_trains_left_from_the_claims():
    game = endgame.play_to_the_end(seed=1)
    last = {t.player: t.trains_left for t in endgame.turns(game)}
    assert last == {p: game.trains_left(p) for p in game.players}


def test_final_round_of_an_unfinished_game_is_refused():
    from ttr_teach.engine.game.core import Game

    with pytest.raises(TTRError, match="not over"):
        endgame.final_round(Game.new("europe", ["Ann", "Bo"], seed=0))


# == 06 completing tickets / 07 borrowing =============================================================
def test_ticket_needs_a_continuous_path_of_own_routes():
    from ttr_teach.engine.scoring import score_position

    result = score_position(tickets.completion_position())
    rows = tickets.ticket_rows(result)
    assert [(r["player"], r["ticket"], r["completed"], r["value"]) for r in rows] == [
        ("Ann", "Paris–Wien (8)", "yes", "+8"),        # Paris-Frankfurt-Munchen-Wien, all Ann's
        ("Ann", "Berlin–Roma (9)", "no", "-9"),        # Munchen-Venezia is Bo's
        ("Bo", "Brindisi–Zürich (6)", "no", "-6")]     # Roma-Venezia is Ann's
    assert rows[0]["path"] == "Paris → Frankfurt → München → Wien"


def test_stations_borrow_the_missing_routes_for_tickets():
    from ttr_teach.engine.scoring import score_position

    rows = tickets.ticket_rows(score_position(tickets.completion_position(stations=True)))
    assert [r["completed"] for r in rows] == ["yes", "yes", "yes"]
    assert rows[1]["borrowed"] == "München–Venezia" and rows[2]["borrowed"] == "Roma–Venezia"


def test_one_station_borrows_one_route_for_all_tickets():
    model = stations.StationExplorerModel(stations.one_route_position(), "Ann")
    # none: -8 -7; Munchen-Wien: +8 -7; Munchen-Venezia: -8 +7; Munchen-Zurich: -8 -7
    assert sorted(c.ticket_points for c in model.choices) == [-15, -15, -1, 1]
    assert model.choices[0].ticket_points == 1
    assert model.scorer_choice() == {"Munchen": ["Munchen", "Wien"]}
    assert "scorer's choice" in model.explain(0)
    assert "2 ticket points fewer" in model.explain(1)


def test_two_stations_choose_together():
    model = stations.StationExplorerModel(stations.two_stations_position(), "Ann")
    assert len(model.choices) == 3 * 3
    best = model.choices[0]
    assert best.ticket_points == 8 + 7
    assert {c: (r.a, r.b) for c, r in best.choice.items()} == {"Munchen": ("Munchen", "Wien"),
                                                                 "Zagrab": ("Wien", "Zagrab")}
    assert model.scorer_choice() == {"Munchen": ["Munchen", "Wien"], "Zagrab": ["Wien", "Zagrab"]}


def test_station_explorer_highlights_the_borrowed_routes_of_the_selected_choice():
    model = stations.StationExplorerModel(stations.two_stations_position(), "Ann")
    m = model.map
    model.select(3)
    chosen = model.choices[3].choice
    station_mark = model.highlight()[-1]
    assert set(station_mark["routes"]) == {r.index for r in chosen.values() if r}
    assert station_mark["cities"] == ["Munchen", "Zagrab"]
    with pytest.raises(TTRError):
        model.select(99)
    assert m.name == "europe"


def test_station_explorer_widget_changes_with_the_choice():
    from html import unescape

    w = stations.station_explorer("one station, two tickets (Ann)", board=False)
    why = find(w, "ttr-station-why")[0]
    assert "scorer's choice" in unescape(why.value)
    find(w, "ttr-station-choice")[0].value = 1
    assert "Not chosen" in why.value
    w.children[0].value = "two stations (Ann)"
    assert "scorer's choice" in unescape(why.value) and "Wien–Zagrab" in why.value


def test_ticket_values_of_the_europe_map():
    counts = tickets.ticket_value_counts("europe")
    assert sum(r + n for r, n in counts.values()) == 46
    assert counts[21] == (0, 3) and counts[5] == (5, 0)


# == 09 final scoring and ties =========================================================================
def test_finished_game_is_scored_line_by_line():
    from ttr_teach.engine.scoring import score_position

    position = endgame.finished_position()
    result = score_position(position)
    lines = {line.part: line for line in endgame.score_lines(position, "Ann", result)}
    # Ann's routes: 4+4+7+4+4+4+1+4+1+2+7
    assert lines["routes"].points == 42 and len(lines["routes"].details) == 11
    # Danzig-Lisboa (20, via the station), Paris-Wien (8), Edinburgh-Paris (7); Sarajevo-Sevastopol fails (8)
    assert lines["tickets"].points == 20 + 8 + 7 - 8
    assert "borrowing Berlin–Danzig" in lines["tickets"].details[0]
    assert lines["stations"].points == 2 * 4
    assert lines["longest"].points == 0 and "Bo has a longer one (31)" in lines["longest"].details[-1]
    assert lines["total"].points == 42 + 27 + 8


def test_stations_that_help_nothing_borrow_nothing_and_still_cost_their_points():
    from ttr_teach.engine.scoring import score_position

    position = endgame.finished_position()
    lines = {line.part: line for line in endgame.score_lines(position, "Cy", score_position(position))}
    assert lines["stations"].points == 4
    assert sum("borrows nothing" in d for d in lines["stations"].details) == 2


def test_score_rows_mark_the_winner():
    from ttr_teach.engine.scoring import score_position

    rows = endgame.score_rows(score_position(endgame.finished_position()))
    assert [(r["player"], r["total"], r[""]) for r in rows] == [("Ann", 77, ""), ("Bo", 83, "winner"), ("Cy", 65, "")]


@pytest.mark.parametrize("name, winner, rule", [
    ("Europe: most tickets", "Ann", "most completed tickets"),
    ("Europe: fewest stations", "Bo", "fewest stations built"),
    ("Europe: the European Express", "Bo", "holder of the longest route bonus"),
    ("USA: most tickets", "Bo", "most completed tickets"),
    ("USA: the longest path", "Bo", "holder of the longest route bonus"),
    ("Europe: still tied", None, None),
])
def test_tie_examples_are_exact_ties_broken_by_the_named_rule(name, winner, rule):
    from ttr_teach.engine.scoring import score_position

    result = score_position(endgame.tie_position(name))
    rows = endgame.tie_rows(result)
    assert len(rows) == 2 and rows[0]["total"] == rows[1]["total"]
    assert (result["winner"], result["decided_by"]) == (winner, rule)
    assert (winner or "no single winner") in endgame.tie_sentence(result)


def test_tie_rows_leave_out_stations_in_the_usa():
    from ttr_teach.engine.scoring import score_position

    rows = endgame.tie_rows(score_position(endgame.tie_position("USA: most tickets")))
    assert "stations built" not in rows[0]


def test_line_highlights_point_at_the_right_things():
    position = endgame.finished_position()
    assert endgame.line_highlight(position, "Ann", "stations") == [{"station": "Danzig"}]
    assert endgame.line_highlight(position, "Bo", "longest") == [{"longest": "Bo"}]
    assert len(endgame.line_highlight(position, "Ann", "tickets")) == 4
    with pytest.raises(TTRError):
        endgame.line_highlight(position, "Ann", "nope")


def test_scoring_walkthrough_widget_follows_the_choice():
    w = endgame.scoring_walkthrough(board=False)
    text = find(w, "ttr-score-line")[0]
    assert "Ann: tickets +27" in text.value
    w.children[0].value = "Bo"
    w.children[1].value = "longest"
    assert "Bo: longest +10" in text.value and "European Express" in text.value


def test_tickets_sharing_a_region_cost_less_together():
    model = tickets.TicketChoiceModel(seed=7)
    model.select([("Danzig", "Lisboa")])
    alone = model.plan().trains
    model.select([("Danzig", "Lisboa"), ("Dieppe", "Madrid")])
    # Dieppe-Paris (1) is the only route Dieppe-Madrid adds to Danzig-Lisboa's network
    assert model.plan().trains == alone + 1


def test_long_tickets_need_at_least_twenty_trains():
    rows = tickets.long_ticket_rows()
    assert len(rows) == 6
    assert all(20 <= row["fewest trains"] <= 21 for row in rows)


def test_clickable_network_board_draws_the_longest_route_as_routes_are_clicked():
    from ttr_teach.course.lessons.longest import clickable_network_board

    board = clickable_network_board()
    m = board.model
    for a, b in [("Paris", "Bruxelles"), ("Bruxelles", "Amsterdam"), ("Amsterdam", "Essen")]:
        assert m.click_route(m.map.route(a, b)).ok
    # Paris-Bruxelles 2 + Bruxelles-Amsterdam 1 + Amsterdam-Essen 3 = 6, one line.
    assert m.result["players"][0]["longest_route"] == 6
    assert {"longest": "You"}.items() <= m.highlight()[0].items()
    assert board.longest_box.value is True


# -- issue 26: refusals are sentences, instructions carry no tick ----------------------------------
def test_the_station_builders_refusals_are_sentences():
    from ttr_teach.course.lessons import stations as station_lesson

    builder = station_lesson.StationBuilderModel(hand={"red": 1, "blue": 1, "green": 2})
    builder.build("Paris", ("red", 1, 0))
    said = [builder.build("Wien").message, builder.build("Roma", ("blue", 1, 0)).message]
    assert said == ["Wien already has a station; a city can hold only one.",
                    "Your second station needs 2 cards; you offered 1."]


def test_an_instruction_is_shown_without_a_tick():
    from ttr_teach.course.lessons import tunnels as tunnel_lesson
    from ttr_teach.course.lessons.common import outcome_html

    model = tunnel_lesson.TunnelModel(("Madrid", "Pamplona", "black"), seed=3)
    first = outcome_html(model.last)
    assert model.last.instruction and "Choose how to pay" in first and "✔" not in first
    assert "✔" in outcome_html(model.claim(0))          # what happened, once something did
