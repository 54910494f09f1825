"""The game in the notebook without a browser: whole games played by calling the model's click
methods, every refusal leaving the state unchanged, the rules' sentences, hot-seat hiding,
tunnels, ferries, stations, tickets, undo, saving, the coach and the scoring walk-through.

A "person" here is a :class:`RandomBot` whose choice is turned into the clicks a person would
make (:func:`click_action`), so whole games exercise every kind of click.
"""
from __future__ import annotations

import json
import random

import pytest

from ttr_teach import Game, RandomBot
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
from ttr_teach.engine.game.log import event_text
from ttr_teach.engine.scoring import score
from ttr_teach.players.view import PlayerView
from ttr_teach.views.geometry import board_geometry
from ttr_teach.views.highlights import resolve_highlight
from ttr_teach.views.widgets.play_model import PlayModel
from ttr_teach.views.widgets.play_setup import PlaySetup

from ..helpers import arranged_game


def click_action(model, action):
    """Make the clicks a person makes for ``action``; return the last click's Outcome."""
    if isinstance(action, DrawBlind):
        return model.click_deck()
    if isinstance(action, DrawFaceUp):
        return model.click_face_up(model.game.face_up.index(action.card))
    if isinstance(action, DrawTickets):
        return model.click_tickets()
    if isinstance(action, KeepTickets):
        for t in action.tickets:
            assert model.toggle_ticket(t).ok
        return model.keep_tickets()
    if isinstance(action, ClaimRoute):
        route = model.map.routes[action.route]
        x, y = board_geometry(model.map).rows[route.index].space_center(0)
        outcome = model.click(x, y)
        assert outcome.ok, outcome.message
        assert model.choice.target == route
        return model.choose(model.choice.options.index(action))
    if isinstance(action, BuildStation):
        city = model.map.cities[action.city]
        assert model.click(city.x, city.y).ok
        return model.choose(model.choice.options.index(action))
    if isinstance(action, PayTunnel):
        while model.reveal_next():
            pass
        return model.pay([a for a in model.tunnel_options if isinstance(a, PayTunnel)].index(action))
    if isinstance(action, DeclineTunnel):
        return model.decline()
    if isinstance(action, Pass):
        return model.click_pass()
    raise AssertionError(f"no click for {action}")


def state(model) -> tuple:
    """Everything a refusal must leave as it was."""
    return (json.dumps(model.game.to_dict()) if model.game else None, model.choice, model.keep,
            model.viewer, model.waiting_for, list(model.kinds), model.step, len(model.steps),
            model.banner, model.setup, model.selected_ticket)


def play_by_clicks(model, seed=0, max_actions=3000):
    """Play ``model``'s game to the end: people by clicks (random choices), bots by bot_step."""
    people = RandomBot(seed)
    for _ in range(max_actions):
        if model.screen == "over":
            return
        if model.screen == "pass":
            assert model.hand == {} and model.offer == ()
            assert model.i_am_here().ok
        elif model.bot_to_move:
            assert model.bot_step() is not None
        else:
            action = people.choose(model.view(model.current))
            outcome = click_action(model, action)
            assert outcome.ok, outcome.message
    raise AssertionError("the game did not end")


# == whole games by clicks ============================================================================
@pytest.mark.parametrize("map_name, seats, seed", [
    ("europe", [("Ann", "person"), ("Bo", "planner"), ("Cy", "random")], 1),
    ("usa", [("Ann", "person"), ("Bo", "random")], 2),
    ("europe", [("Ann", "person"), ("Bo", "person"), ("Cy", "random"), ("Dee", "planner"), ("Eve", "random")], 3),
])
def test_whole_game_played_by_clicks_ends_with_the_engines_final_scoring(map_name, seats, seed):
    model = PlayModel.new(map_name, seats, seed=seed, practice=False)
    play_by_clicks(model, seed)
    assert model.game.is_over and model.screen == "over"
    assert model.score.to_dict() == model.game.final_scores().to_dict()
    titles = [s.title for s in model.steps]
    assert titles[0] == "Route points" and titles[-1] == "The winner"
    assert model.steps[-1].lines[-1] == model.score.tie_break
    for k in range(len(model.steps)):          # every step's highlight is drawn from the engine's score
        assert model.show_step(k).ok
        position, items = model.highlight()
        resolve_highlight(position, items, lambda: model.score)
    assert model.next_step().ok and model.step == len(model.steps) - 1


def test_bots_log_their_moves_with_the_engines_sentences():
    model = PlayModel.new("europe", [("Ann", "planner"), ("Bo", "random"), ("Cy", "person")], seed=5)
    assert model.bot_to_move
    outcome = model.bot_step()
    assert outcome.ok
    public = [line.rstrip(".") for line in model.log_lines(200)]
    history = [h[0].upper() + h[1:] for h in model.game.history()]
    assert all(line in history for line in public)
    # which tickets a bot keeps is secret: only how many
    assert outcome.message.startswith("Ann keeps ") and "(to the box)" in outcome.message
    # what a bot drew blind is not in the person's log
    model.run_bots()
    drawn = [e for e in model.game.log if e.get("event") == "drew" and e["from"] == "deck" and e["player"] != 2]
    texts = {event_text(model.map, model.names, e) for e in drawn}
    assert not texts & {line.rstrip(".").lower() for line in model.log_lines(500)}


# == refusals ===========================================================================================
def test_every_refusal_leaves_the_state_unchanged_and_says_why():
    model = PlayModel.new("europe", [("Ann", "person"), ("Bo", "random")], seed=11, practice=False)
    rng = random.Random(3)
    people = RandomBot(4)
    refusals = 0
    for _ in range(400):
        if model.screen == "over":
            break
        if model.bot_to_move:
            model.bot_step()
            continue
        attempts = [
            lambda: model.click_route(rng.randrange(len(model.map.routes))),
            lambda: model.click_city(rng.choice(list(model.map.cities))),
            lambda: model.click_face_up(rng.randrange(-1, 7)),
            lambda: model.click_deck(), lambda: model.click_tickets(), lambda: model.keep_tickets(),
            lambda: model.toggle_ticket(rng.randrange(60)), lambda: model.pay(rng.randrange(3)),
            lambda: model.decline(), lambda: model.click_pass(), lambda: model.choose(rng.randrange(5)),
            lambda: model.undo(), lambda: model.play_hint(), lambda: model.next_step(),
        ]
        attempt = rng.choice(attempts)
        before = state(model)
        kept = model.keep
        outcome = attempt()
        if not outcome.ok:
            refusals += 1
            assert state(model) == before, outcome.message
            assert outcome.message.startswith("Not allowed: ") and model.refused
            assert model.why_not().ok and model.message.startswith("Why not ")
        elif model.keep != kept or model.choice is not None:
            continue                                    # a selection: the move is not made yet
        if not model.bot_to_move and model.screen == "play" and model.game.pending is None:
            click_action(model, people.choose(model.view(model.current)))
    assert refusals > 50


def test_a_face_up_locomotive_cannot_be_the_second_card():
    game = arranged_game(hands=[{"red": 2}, {}], face_up=["locomotive", "pink", "pink", "orange", "white"])
    model = PlayModel.of_game(game, ["person", "random"])
    assert model.click_deck().ok and model.game.pending == {"kind": "second_card"}
    before = state(model)
    outcome = model.click_face_up(0)
    assert not outcome.ok and state(model) == before
    assert outcome.message == ("Not allowed: take the face-up locomotive: a face-up locomotive cannot be "
                               "your second card.")
    why = model.why_not().message
    assert why == ("Why not take the face-up locomotive? A face-up locomotive cannot be your second card. "
                   "You can draw a card blind, or take a face-up card (pink, white, orange).")
    assert model.click_face_up(1).ok and model.current == 1


def test_a_face_up_locomotive_first_is_the_whole_turn():
    game = arranged_game(hands=[{}, {}], face_up=["locomotive", "pink", "pink", "orange", "white"])
    model = PlayModel.of_game(game, ["person", "random"])
    assert model.click_face_up(0).ok
    assert model.current == 1 and model.game.hand(0) == {"locomotive": 1}


def test_claiming_offers_the_ways_to_pay_cheapest_first_and_refuses_what_the_hand_cannot_pay():
    game = arranged_game(hands=[{"white": 2, "blue": 4, "red": 3, "locomotive": 2}, {}])
    model = PlayModel.of_game(game, ["person", "random"])
    outcome = model.click_route(("Paris", "Frankfurt", "white"))     # 3 white: 1 or 2 locomotives
    assert outcome.ok and outcome.message.startswith("Claim Frankfurt–Paris (3 white): choose how to pay (2 ways")
    assert [(a.color, a.colored, a.locomotives) for a in model.choice.options] == [("white", 2, 1), ("white", 1, 2)]
    gray = model.map.route("Paris", "Zurich")                       # 3 gray tunnel: any one colour
    assert model.click_route(gray).ok and model.choice.target == gray
    first = model.choice.options[0]
    assert (first.color, first.colored, first.locomotives) == ("blue", 3, 0)   # the colour held most
    model.cancel()
    assert model.choice is None
    before = state(model)
    refused = model.click_route(model.map.route("Edinburgh", "London", "orange"))    # 4 orange
    assert not refused.ok and state(model) == before
    assert refused.message == ("Not allowed: claim Edinburgh–London (4 orange): Edinburgh–London needs 4 orange "
                               "cards (locomotives are wild); you have 0 orange cards and 2 locomotives.")


def test_a_claimed_route_and_a_closed_double_are_refused_with_the_rules_sentence():
    game = arranged_game(hands=[{"white": 3, "orange": 3}, {}], routes=[[], [["Paris", "Frankfurt", "white"]]])
    model = PlayModel.of_game(game, ["person", "random"])
    taken = model.click_route(("Paris", "Frankfurt", "white"))
    assert not taken.ok and "has already been claimed" in taken.message
    closed = model.click_route(("Paris", "Frankfurt", "orange"))
    assert not closed.ok and "with 2 or 3 players only one of its two routes can be claimed" in closed.message


def test_a_tunnel_reveals_three_cards_one_by_one_then_pay_or_decline():
    deck = ["blue", "locomotive", "green"]           # paid in blue: blue and locomotive cost 2 more
    game = arranged_game(hands=[{"blue": 4, "locomotive": 1}, {}], deck=deck)
    model = PlayModel.of_game(game, ["person", "random"])
    route = model.map.route("Munchen", "Venezia")    # 2 blue tunnel
    assert model.click_route(route).ok and "tunnel" in model.message
    blue = next(k for k, a in enumerate(model.choice.options) if a.locomotives == 0)
    assert model.choose(blue).ok
    assert model.tunnel == {"player": 0, "route": route.index, "cards": deck, "extra": 2, "shown": 0,
                            "turn": model.game.turn}
    assert model.game.pending["kind"] == "tunnel"
    # what the cards cost is held back until all three are shown, one by one
    assert model.message.endswith("The top 3 cards of the deck are turned over for the tunnel, one by one…")
    assert not any("Tunnel: revealed" in line for line in model.log_lines(50))
    assert [model.reveal_next() for _ in range(4)] == [True, True, True, False]
    assert model.message == ("Tunnel: revealed blue, locomotive, green; 2 extra cards. Ann, the tunnel asks "
                             "for 2 more cards: pay or decline.")
    assert model.log_lines(1) == ["Tunnel: revealed blue, locomotive, green; 2 extra cards."]
    options = model.tunnel_options
    assert isinstance(options[-1], DeclineTunnel)
    assert [(a.color, a.colored, a.locomotives) for a in options[:-1]] == [("blue", 2, 0), ("blue", 1, 1)]
    saved = model.game.to_dict()
    assert model.decline().ok
    assert model.game.hand(0) == {"blue": 4, "locomotive": 1} and route not in model.game.routes(0)
    again = PlayModel.of_game(Game.from_dict(saved), ["person", "random"])
    assert again.pay(0).ok and route in again.game.routes(0)
    assert again.game.hand(0) == {"locomotive": 1}


def test_a_ferry_is_paid_with_its_locomotives():
    game = arranged_game(hands=[{"red": 3, "locomotive": 2}, {}])
    model = PlayModel.of_game(game, ["person", "random"])
    ferry = model.map.route("Amsterdam", "London")   # 2 gray, 2 locomotives
    assert model.click_route(ferry).ok
    assert [(a.color, a.colored, a.locomotives) for a in model.choice.options] == [(None, 0, 2)]
    assert model.choose(0).ok and ferry in model.game.routes(0)
    refused = PlayModel.of_game(arranged_game(hands=[{"red": 3}, {}]), ["person", "random"]).click_route(ferry)
    assert not refused.ok and "is a ferry: it needs at least 2 locomotives and you have none" in refused.message


def test_stations_by_clicking_a_city():
    game = arranged_game(hands=[{"red": 1, "blue": 3}, {}], stations=[[], ["Wien"]])
    model = PlayModel.of_game(game, ["person", "random"])
    taken = model.click_city("Wien")
    assert not taken.ok and "Wien already has a station; a city can hold only one" in taken.message
    city = model.map.cities["Berlin"]
    assert model.click(city.x, city.y).ok and model.choice.kind == "station"
    assert "first station" in model.message
    assert [(a.color, a.colored) for a in model.choice.options] == [("blue", 1), ("red", 1)]
    assert model.choose(0).ok and model.game.stations(0) == ["Berlin"]
    usa = PlayModel.of_game(arranged_game(map="usa", hands=[{"red": 3}, {}]), ["person", "random"])
    refused = usa.click_city("Denver")
    assert not refused.ok and "there are no stations in the usa game" in refused.message


def test_drawing_and_keeping_tickets_at_least_the_rules_minimum():
    model = PlayModel.new("europe", [("Ann", "person"), ("Bo", "random")], seed=8)
    offer = model.offer
    assert len(offer) == 4 and sum(t.long for t in offer) == 1
    assert model.toggle_ticket(offer[0]).ok
    before = state(model)
    refused = model.keep_tickets()
    assert not refused.ok and state(model) == before
    assert refused.message == "Not allowed: keep 1 ticket: you must keep at least 2 of your 4 tickets."
    assert not model.toggle_ticket(45 if offer[0].index != 45 and all(t.index != 45 for t in offer) else 0).ok
    assert model.toggle_ticket(offer[3]).ok and model.keep_tickets().ok
    assert set(model.game.tickets(0)) == {offer[0], offer[3]}
    model.run_bots()
    assert model.click_tickets().ok and len(model.offer) == 3
    assert model.game.pending["keep_at_least"] == 1
    assert model.toggle_ticket(model.offer[1]).ok and model.keep_tickets().ok
    assert len(model.game.tickets(0)) == 3


# == hot-seat ==============================================================================================
def test_hot_seat_hides_the_hand_until_the_next_person_says_they_are_at_the_laptop():
    model = PlayModel.new("usa", [("Ann", "person"), ("Bo", "person")], seed=6)
    assert model.screen == "pass" and model.waiting_for == 0 and model.hand == {}
    refused = model.click_deck()
    assert not refused.ok and "the laptop goes to Ann first" in refused.message
    assert model.i_am_here().ok and model.viewer == 0 and sum(model.hand.values()) == 4
    click_action(model, KeepTickets(tuple(t.index for t in model.offer[:2])))
    assert model.screen == "pass" and model.waiting_for == 1 and model.hand == {} and model.offer == ()
    assert model.i_am_here().ok and model.hand == dict(PlayerView(model.game, 1).hand)
    click_action(model, KeepTickets(tuple(t.index for t in model.offer)))
    assert model.i_am_here().ok                       # Ann again
    assert model.click_deck().ok                      # Ann sees her blind card in her log...
    card_line = model.log_lines(1)[0]
    assert card_line.startswith("Ann draws ")
    model.click_deck()
    assert model.i_am_here().ok and model.viewer == 1      # ...Bo does not
    assert not any(line.startswith("Ann draws ") for line in model.log_lines(50))


# == practice: undo; saving =================================================================================
def test_undo_takes_back_the_persons_move_and_the_bots_replies():
    model = PlayModel.new("europe", [("Ann", "person"), ("Bo", "planner")], seed=9, practice=True)
    click_action(model, KeepTickets(tuple(t.index for t in model.offer[:2])))
    model.run_bots()
    before = model.game.to_dict()
    assert model.click_deck().ok and model.click_deck().ok
    model.run_bots()
    assert model.game.to_dict() != before
    bots_moves = sum(e["event"] == "action" for e in model.game.log) - sum(
        e["event"] == "action" for e in before["log"]) - 2
    assert model.undo().ok                             # the second card, and Bo's moves since
    assert model.message.startswith(f"Undone: Ann: draw a card blind from the deck, and "
                                    f"{bots_moves} move{'s' if bots_moves != 1 else ''} played since. ")
    assert model.undo().ok                             # the first card
    assert model.game.to_dict() == before and model.is_person_turn
    assert model.message.startswith("Undone: Ann: draw a card blind from the deck. Ann, your turn")
    strict = PlayModel.new("europe", [("Ann", "person"), ("Bo", "planner")], seed=9, practice=False)
    assert not strict.undo().ok and "practice games only" in strict.message


def test_in_a_hot_seat_game_nobody_takes_back_another_persons_move():
    model = PlayModel.new("usa", [("Ann", "person"), ("Bo", "person")], seed=6, practice=True)
    model.i_am_here()
    click_action(model, KeepTickets(tuple(t.index for t in model.offer[:2])))
    assert model.screen == "pass" and not model.can_undo
    model.i_am_here()
    before = state(model)
    refused = model.undo()
    assert not refused.ok and state(model) == before
    assert refused.message == "Not allowed: undo: the last move was Ann’s."
    click_action(model, KeepTickets(tuple(t.index for t in model.offer[:2])))
    model.i_am_here()                                  # Ann again: her first turn
    assert model.click_deck().ok and model.can_undo
    assert model.undo().ok and model.game.pending is None and model.viewer == 0


def test_save_and_load_a_game_in_progress_and_refuse_a_broken_file():
    model = PlayModel.new("europe", [("Ann", "person"), ("Bo", "expert" if _has_expert() else "planner")], seed=2)
    click_action(model, KeepTickets(tuple(t.index for t in model.offer[:3])))
    model.run_bots()
    text = model.save_text()
    other = PlayModel.new("usa", [("Cy", "person"), ("Dee", "random")], seed=1)
    assert other.load_text(text, "game.json").ok
    assert other.game.to_dict() == model.game.to_dict() and other.kinds == model.kinds
    assert other.is_person_turn and other.viewer == 0
    saved = json.loads(text)
    saved["game"]["players"][1]["hand"]["red"] += 1
    before = state(other)
    broken = other.load_text(json.dumps(saved), "broken.json")
    assert not broken.ok and state(other) == before
    assert broken.message == ("Not allowed: load broken.json: broken.json: game state: there are 13 red cards in "
                              "the game; there must be exactly 12.")
    for text, words in [("{", "is not JSON"), ("[]", "is not a saved game"), ('{"format": "x"}', "is not a saved game"),
                        ("", "is empty")]:
        refused = other.load_text(text, "bad.json")
        assert not refused.ok and words in refused.message and state(other) == before
    bare = other.load_text(json.dumps(Game.new("usa", ["A", "B"], seed=1).to_dict()), "bare.json")
    assert bare.ok and other.kinds == ["person", "person"]


def _has_expert() -> bool:
    try:
        import ttr_teach.players.expert  # noqa: F401
    except ImportError:
        return False
    return True


# == the end ==================================================================================================
def test_the_final_round_is_announced_with_the_engines_sentence():
    model = PlayModel.new("usa", [("Ann", "random"), ("Bo", "random")], seed=4)
    while model.banner is None:
        model.bot_step()
    event = next(e for e in model.game.log if e["event"] == "final_round")
    assert model.banner == event_text(model.map, model.names, event) + "."
    assert "everyone plays one more turn" in model.banner
    model.run_bots()
    assert model.screen == "over" and model.banner


def test_the_scoring_walk_through_follows_the_typed_score():
    model = PlayModel.new("europe", [("Ann", "planner"), ("Bo", "planner"), ("Cy", "random")], seed=12)
    model.run_bots()
    s = score(model.game.to_position())
    steps = model.steps
    assert [st.title for st in steps] == (["Route points"] + [f"{n}'s tickets" for n in model.names]
                                          + ["Stations", "The longest route", "The winner"])
    tickets = steps[1]
    assert len(tickets.highlight) == len(s.players[0].tickets)
    assert all(("✓" in line) == o.completed  # more lines than tickets: the first ones are the tickets'
               for line, o in zip(tickets.lines, s.players[0].tickets, strict=False))
    station_step = steps[-3]
    assert len(station_step.highlight) == sum(len(p.stations) for p in s.players)
    longest = steps[-2]
    assert {i["longest"] for i in longest.highlight} == {p.name for p in s.players if p.longest_route}
    assert steps[-1].lines[-1] == s.tie_break
    assert not model.click_deck().ok and "the game is over" in model.message


def test_letting_the_bots_finish():
    model = PlayModel.new("usa", [("Ann", "person"), ("Bo", "person")], seed=3)
    assert model.finish_with_bots("random").ok and model.kinds == ["random", "random"]
    model.run_bots()
    assert model.screen == "over"
    assert not model.finish_with_bots().ok


def test_setup_refusals_keep_the_current_game():
    model = PlayModel.new("usa", [("Ann", "person"), ("Bo", "random")], seed=3)
    before = state(model)
    for kwargs, words in [({"map": "mars"}, "mars"), ({"seats": [("Ann", "person")]}, "the game is for 2 to 5"),
                          ({"seats": [("Ann", "person"), ("Ann", "random")]}, "the same name"),
                          ({"seats": [("Ann", "person"), ("Bo", "wizard")]}, "no seat kind 'wizard'")]:
        outcome = model.start(**kwargs)
        assert not outcome.ok and words in outcome.message and state(model) == before
    assert PlaySetup.of("europe", [("A", "person"), ("B", "random")]).people == [0]
    empty = PlayModel()
    assert empty.screen == "setup" and not empty.click_deck().ok and "no game has started" in empty.message
    assert empty.start().ok and empty.screen == "play"


# == the coach ==================================================================================================
def test_hints_are_legal_and_explained():
    pytest.importorskip("ttr_teach.players.coach")
    model = PlayModel.new("europe", [("Ann", "person"), ("Bo", "planner")], seed=21)
    for _ in range(12):
        if model.screen == "over":
            break
        if model.bot_to_move:
            model.bot_step()
            continue
        outcome = model.ask_hint()
        assert outcome.ok and model.hint.action in model.game.legal_actions()
        assert outcome.message == f"Hint: {model.hint.reason}" and len(model.hint.reason) > 20
        position, items = model.highlight()          # a route or a city to play is pointed at
        if model.hint.action.type in ("claim_route", "build_station"):
            assert any(i.get("label") == "hint" for i in items)
        assert model.play_hint().ok


def test_bad_input_is_refused_with_a_sentence_never_a_traceback():
    model = PlayModel.of_game(arranged_game(hands=[{"white": 3}, {}]), ["person", "random"])
    assert model.click_route(("Paris", "Frankfurt", "white")).ok and model.choice is not None
    calls = [lambda: model.click_route(None), lambda: model.click_route(999), lambda: model.click_route("x"),
             lambda: model.click_city(42), lambda: model.click_city("Atlantis"), lambda: model.toggle_ticket("x"),
             lambda: model.choose("a"), lambda: model.choose(True), lambda: model.choose(-1),
             lambda: model.click_face_up("x"), lambda: model.click_face_up(None), lambda: model.pay("x"),
             lambda: model.show_step("x"), lambda: model.load_text(None), lambda: model.load_text(b"\xff"),
             lambda: model.start(map=None), lambda: model.start(seats="Ann"), lambda: model.start(seed="x"),
             lambda: model.finish_with_bots("x"), lambda: model.select_ticket("x"), lambda: model.click(None, None)]
    for call in calls:
        before = state(model)
        outcome = call()
        assert not outcome.ok and outcome.message.startswith("Not allowed: "), outcome
        assert state(model) == before


def test_why_not_after_a_click_never_says_the_person_offered_cards():
    # issue 26: "Why not?" said "you have only 0 orange cards and offered 4" after a mere click
    game = arranged_game(hands=[{"white": 2, "blue": 4, "red": 3, "locomotive": 2}, {}])
    model = PlayModel.of_game(game, ["person", "random"])
    refused = model.click_route(model.map.route("Edinburgh", "London", "orange"))
    why = model.why_not().message
    assert "offered" not in refused.message and "offered" not in why
    assert why.startswith("Why not claim Edinburgh–London (4 orange)? Edinburgh–London needs 4 orange cards")
    game = arranged_game(hands=[{"white": 1, "red": 1, "blue": 1}, {}], stations=[["Paris"], []])
    model = PlayModel.of_game(game, ["person", "random"])
    assert not model.click_city("Wien").ok            # a second station: 2 cards of one colour
    why = model.why_not().message
    assert why.startswith("Why not build a station in Wien? Your second station needs 2 cards of one colour")
    assert "offered" not in why


def test_why_not_answers_with_the_engines_sentence_and_a_hint_then_works():
    """Rule: keep at least 2 of the 3 tickets dealt (USA); the coach's reason after "Hint:"."""
    model = PlayModel.new("usa", [("Ann", "person"), ("Bo", "random")], seed=2)
    model.keep_tickets()
    assert model.why_not().message.startswith("Why not keep 0 tickets? You must keep at least 2 of your 3 tickets.")
    before = state(model)
    hinted = model.ask_hint()
    assert hinted.ok and hinted.message.startswith("Hint: Keep ") and model.hint is not None
    assert state(model) == before                    # a hint changes nothing in the game
