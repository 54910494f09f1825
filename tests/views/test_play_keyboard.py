"""The keyboard mode of the canvas boards, without a browser: a whole game against a bot played
only through the widgets a keyboard reaches (the City and Route selects, their buttons, the
panel's buttons and toggles), the ring on the board following the selects, and the board in
words kept in step with the game.
"""
from __future__ import annotations

from html import escape
from pathlib import Path

from ttr_teach.engine.actions import BuildStation, ClaimRoute
from ttr_teach.views.widgets import BoardWidget, PlayModel, PlayWidget, play
from ttr_teach.views.widgets.canvas_board import LAYERS
from ttr_teach.views.widgets.play_keyboard import KEYBOARD_JS
from ttr_teach.views.widgets.play_words import owned_routes_lines

from ..helpers import arranged_game

REPO = Path(__file__).resolve().parents[2]


def keep_tickets(w):
    """Toggle the first tickets offered (as many as the rule asks), then Keep."""
    for b in w.offer_buttons[:w.model.game.pending["keep_at_least"]]:
        b.value = True                      # Space on a toggle button
    w.keep_button.click()


def claim_by_keys(w, action: ClaimRoute):
    """Choose the route's city and the route in the selects, Claim, pay the cheapest way."""
    route = w.model.map.routes[action.route]
    keys = w.board_keys
    keys.city.value = route.b
    keys.route.value = route.index
    assert w.board._hover == ("Route", route.index)          # ringed on the board
    keys.route_button.click()
    w.decisions.pay_buttons.children[0].click()


def take_turn(w, plan: dict):
    """One decision of the person at the laptop, made through keyboard-reachable widgets only."""
    m = w.model
    pending = m.game.pending
    kind = pending and pending["kind"]
    if m.offer:
        keep_tickets(w)
    elif kind == "tunnel":
        w.run_pending()                     # the tunnel's cards are turned over one by one
        w.decisions.tunnel_buttons.children[0].click()
    elif kind == "second_card":
        w.deck_button.click()
    else:
        legal = m.game.legal_actions()
        stations = [a for a in legal if isinstance(a, BuildStation)]
        claims = [a for a in legal if isinstance(a, ClaimRoute)]
        if stations and not plan["station"]:
            city = m.map.cities[stations[0].city]
            w.board_keys.city.value = city.id
            assert w.board._hover == ("City", city.id)
            w.board_keys.city_button.click()
            w.decisions.pay_buttons.children[0].click()
            plan["station"] = city.id
        elif claims:
            claim_by_keys(w, max(claims, key=lambda a: m.map.routes[a.route].length))
        elif not plan["tickets"] and m.game.turn > 6:
            w.ticket_deck_button.click()
            plan["tickets"] = True
        else:
            w.deck_button.click()


def test_a_whole_game_against_a_bot_played_through_the_keyboard_widgets_only():
    w = play("europe", [("Ann", "person"), ("Bo", "random")], seed=5, bot_delay=0)
    m = w.model
    plan = {"station": None, "tickets": False}
    for _ in range(600):
        w.run_pending()
        if m.screen == "over":
            break
        assert m.is_person_turn
        before = len(m.game.routes(0))
        take_turn(w, plan)
        assert not m.refused, m.message
        if len(m.game.routes(0)) > before:   # the words name the new route under its owner
            route = m.game.routes(0)[-1]
            assert f"{m.map.cities[route.a].name}–{m.map.cities[route.b].name}" in w.board_keys.words.value
            assert "Ann’s" in dict((i, label) for label, i in w.board_keys.route.options)[route.index]
    assert m.screen == "over", "the game did not end"
    assert plan["station"] is not None and plan["tickets"]
    assert plan["station"] in m.game.stations(0)
    # the final scoring, step by step, by its Next button
    while not w.next_button.disabled:
        w.next_button.click()
    assert "The winner" in w.board_keys.words.value
    # the words list every route each player owns, as the engine has it
    for line in owned_routes_lines(m.score.position):
        assert escape(line) in w.board_keys.words.value
    assert len(m.game.routes(0)) >= 5 and m.game.routes(1)


def test_choosing_a_city_and_a_route_rings_them_and_says_what_they_are():
    w = PlayWidget(PlayModel.of_game(arranged_game(hands=[{"white": 3}, {}]), ["person", "random"]), bot_delay=0)
    keys = w.board_keys
    assert keys.route_button.disabled and keys.city_button.disabled        # nothing chosen yet
    keys.choose_city("Paris")
    assert w.board._hover == ("City", "Paris") and w.hover.value.startswith("Paris:")
    assert keys.route_button.disabled and not keys.city_button.disabled
    labels = [label for label, _ in keys.route.options]
    assert "to Frankfurt: white, 3 spaces, unclaimed" in labels
    assert keys.city_button.description == "Build a station here: Paris"
    keys.choose_route("Frankfurt", "white")
    assert w.board._hover[0] == "Route" and w.hover.value.startswith("Frankfurt–Paris: 3 white spaces")
    assert keys.route_button.description == "Claim this route: Frankfurt–Paris (white)"
    keys.route_button.click()
    assert w.model.choice is not None and "Claim Frankfurt–Paris" in w.model.message
    assert "Chosen: claim Frankfurt–Paris" in keys.words.value
    w.decisions.pay_buttons.children[0].click()
    assert "to Frankfurt: white, 3 spaces, Ann’s" in [label for label, _ in keys.route.options]
    assert "Ann (red, circles): 1 route: Frankfurt–Paris (white), 3 trains." in keys.words.value


def test_the_buttons_wait_while_a_bot_plays_and_a_refusal_is_said_in_the_live_region():
    calls = []
    w = PlayWidget(PlayModel.of_game(arranged_game(hands=[{}, {}]), ["person", "random"]), bot_delay=1,
                   scheduler=lambda delay, callback: calls.append(callback))
    keys = w.board_keys
    keys.choose_city("Paris")
    keys.choose_route("Frankfurt", "white")
    keys.route_button.click()                               # no white cards: refused, with the rule
    assert w.model.refused and w.model.message in keys.live.value
    w.deck_button.click()
    w.deck_button.click()                                   # two cards: Bo's turn now
    assert w.model.bot_to_move
    assert keys.route_button.disabled and keys.city_button.disabled
    while calls:
        calls.pop(0)()
    assert w.model.is_person_turn and not keys.route_button.disabled


def test_the_words_are_hidden_from_sight_until_asked_for_and_follow_the_cards():
    w = play("usa", [("Ann", "person"), ("Bo", "random")], seed=2, bot_delay=0)
    keys = w.board_keys
    assert "ttr-sr-only" in keys.words._dom_classes          # read by screen readers only
    keys.show_words.value = True
    assert "ttr-sr-only" not in keys.words._dom_classes
    keep_tickets(w)
    w.run_pending()
    face_up = ", ".join(w.model.game.face_up)
    assert f"Face up: {face_up}." in keys.words.value
    w.face_up_buttons[[c != "locomotive" for c in w.model.game.face_up].index(True)].click()
    assert f"Face up: {', '.join(w.model.game.face_up)}." in keys.words.value
    hand = w.model.hand
    assert f"({sum(hand.values())} cards)" in keys.words.value


def test_the_sandbox_claims_and_passes_on_by_keyboard_and_says_its_board_in_words():
    w = BoardWidget("europe", players=["Ann", "Bo"])
    keys = w.board_keys
    keys.choose_city("Berlin")
    keys.choose_route("Frankfurt", "black")
    keys.route_button.click()
    assert "Ann claims Berlin–Frankfurt" in w.model.message
    assert "Ann (red, circles): 1 route: Berlin–Frankfurt (black), 3 trains." in keys.words.value
    keys.route_button.click()
    assert "Bo takes Berlin–Frankfurt (black) from Ann." == w.model.message
    keys.choose_city("Wien")
    keys.city_button.click()
    assert "a station in Wien" in keys.words.value
    assert w.model.message in keys.live.value


def test_tab_leaves_the_canvas_in_voila_and_in_jupyterlab():
    """ipycanvas takes every key on its canvas, Tab too: the page stops Tab before it gets there
    (the Voila template), and each board carries the same code for JupyterLab."""
    template = (REPO / "share/jupyter/voila/templates/ttr/index.html.j2").read_text()
    tab = "if (event.key === 'Tab' && target && target.tagName === 'CANVAS') { event.stopPropagation(); }"
    assert tab in template and tab in KEYBOARD_JS
    mark = KEYBOARD_JS[KEYBOARD_JS.index("  function mark()"):KEYBOARD_JS.index("  mark();")]
    assert mark in template                              # the same live regions and names
    keys = KEYBOARD_JS[KEYBOARD_JS.index("  document.addEventListener('keydown'"):KEYBOARD_JS.index("}, true);")]
    assert keys in template and "'.ttr-play, .ttr-sandbox'" in keys     # and the same keys kept from JupyterLab
    w = BoardWidget("usa", players=["Ann", "Bo"])
    assert w.board_keys.script.outputs[0]["data"]["application/javascript"] == KEYBOARD_JS


def key(w, name):
    """A key pressed on the focused board, delivered the way ipycanvas does (to the top layer)."""
    w.board.canvas[len(LAYERS) - 1]._handle_frontend_event(
        None, {"event": "key_down", "key": name, "shift_key": False, "ctrl_key": False, "meta_key": False}, [])


def test_the_focused_board_answers_the_arrows_brackets_enter_s_and_escape():
    w = PlayWidget(PlayModel.of_game(arranged_game(hands=[{"white": 3, "red": 3}, {}]), ["person", "random"]),
                   bot_delay=0)
    keys = w.board_keys
    key(w, "ArrowUp")                                   # nothing chosen: the city in the middle
    first = keys.city.value
    assert first is not None and w.board._hover == ("City", first)
    keys.choose_city("Paris")
    key(w, "ArrowRight")
    assert keys.city.value == "Frankfurt" and w.hover.value.startswith("Frankfurt:")
    key(w, "]")
    routes = [v for _, v in keys.route.options if v is not None]
    assert keys.route.value == routes[0] and w.board._hover == ("Route", routes[0])
    key(w, "[")
    assert keys.route.value == routes[-1]
    key(w, "Escape")
    assert keys.route.value is None and w.board._hover == ("City", "Frankfurt")
    keys.choose_city("Paris")
    keys.choose_route("Frankfurt", "white")
    key(w, "Enter")
    assert "Claim Frankfurt–Paris" in w.model.message
    w.decisions.cancel_button.click()
    key(w, "s")
    assert w.model.message.startswith("Build your first station in Paris")
    key(w, "x")                                         # any other key: nothing happens
    assert w.model.message.startswith("Build your first station in Paris")


def test_before_a_game_the_keys_explore_the_map_and_the_buttons_wait():
    w = PlayWidget(bot_delay=0)                          # the setup form: no game yet
    keys = w.board_keys
    keys.choose_city("Paris")
    assert w.hover.value.startswith("Paris: ") and keys.city_button.disabled
    keys.choose_route("Frankfurt", "white")
    assert w.hover.value == "Frankfurt–Paris: 3 white spaces." and keys.route_button.disabled
    assert "No game yet" in keys.words.value


def test_the_words_never_tell_a_hand_behind_the_hot_seat_screen():
    w = play("usa", [("Ann", "person"), ("Bo", "person")], seed=4, bot_delay=0)
    assert w.model.screen == "pass"
    assert "hand" not in w.board_keys.words.value and "Tickets offered" not in w.board_keys.words.value
    w.i_am_here_button.click()
    assert "Ann’s hand" in w.board_keys.words.value and "Tickets offered" in w.board_keys.words.value
