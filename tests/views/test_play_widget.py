"""The game widget without a browser: board clicks at canvas pixels, the panel's buttons, the
hot-seat screen, the timers that move the bots, saving from the panel, and the layout that
puts the panel beside the board or under it.
"""
from __future__ import annotations

import json
import re

from ttr_teach.views.geometry import board_geometry
from ttr_teach.views.widgets import PlayModel, PlayWidget, play
from ttr_teach.views.widgets.canvas_board import LAYERS

from ..helpers import arranged_game


def route_pixel(widget, a, b, color=None, space=0):
    route = widget.model.map.route(a, b, color)
    x, y = board_geometry(widget.model.map).rows[route.index].space_center(space)
    return widget.board.to_pixels(x, y)


def mouse(widget, event, px, py):
    """Deliver a mouse event the way ipycanvas does (to the top layer's handler)."""
    widget.board.canvas[len(LAYERS) - 1]._handle_frontend_event(None, {"event": event, "x": px, "y": py}, [])


class ManualClock:
    """A scheduler that only records what is due, so a test decides when time passes."""

    def __init__(self):
        self.calls = []

    def __call__(self, delay, callback):
        self.calls.append((delay, callback))
        return object()

    def tick(self):
        delay, callback = self.calls.pop(0)
        callback()
        return delay


def test_claiming_by_clicking_the_board_and_a_pay_button():
    game = arranged_game(hands=[{"white": 2, "locomotive": 2}, {}])
    w = PlayWidget(PlayModel.of_game(game, ["person", "random"]), bot_delay=0)
    mouse(w, "mouse_move", *route_pixel(w, "Paris", "Frankfurt", "white", 1))
    assert w.hover.value.startswith("Frankfurt–Paris: 3 white spaces, 4 points")
    mouse(w, "mouse_down", *route_pixel(w, "Paris", "Frankfurt", "white", 1))
    pay = w.decisions.pay_buttons.children
    assert [b.description for b in pay] == ["2 white + 1 locomotive (cheapest)", "1 white + 2 locomotives"]
    assert w.decisions.choice_box.layout.display is None
    pay[0].click()
    assert w.model.game.routes(0) == [w.model.map.route("Paris", "Frankfurt", "white")]
    assert w.decisions.choice_box.layout.display == "none"
    assert "Ann claims Frankfurt–Paris (3 white) for 4 points." in w.log_box.value
    assert w.board.paints["trains"] >= 1


def test_no_way_to_pay_is_called_the_cheapest_when_all_cost_the_same():
    # issue 26: "1 white (cheapest)" when every way to pay a first station is one card
    game = arranged_game(hands=[{"white": 2, "red": 1, "blue": 1}, {}])
    w = PlayWidget(PlayModel.of_game(game, ["person", "random"]), bot_delay=0)
    assert w.model.click_city("Paris").ok
    labels = [b.description for b in w.decisions.pay_buttons.children]
    assert len(labels) == 3 and not any("cheapest" in label for label in labels)


def test_face_up_and_deck_buttons_and_a_refusal_with_why_not():
    game = arranged_game(hands=[{}, {}], face_up=["locomotive", "pink", "pink", "orange", "white"])
    w = PlayWidget(PlayModel.of_game(game, ["person", "random"]), bot_delay=0)
    # each face-up card carries its letter as well as its colour (a star for a locomotive)
    assert [b.description for b in w.face_up_buttons] == ["★ loco", "P pink", "P pink", "O orange", "W white"]
    assert w.face_up_buttons[1].style.button_color == "#d77cc0"
    w.deck_button.click()
    w.face_up_buttons[0].click()
    assert "a face-up locomotive cannot be your second card" in w.message.value
    assert not w.why_not_button.disabled
    w.why_not_button.click()
    assert "You can draw a card blind" in w.message.value
    w.face_up_buttons[1].click()
    assert w.model.current == 1 and w.model.bot_to_move


def test_the_bots_move_on_the_clock_one_at_a_time():
    clock = ManualClock()
    w = PlayWidget(PlayModel.new("usa", [("Ann", "person"), ("Bo", "random"), ("Cy", "random")], seed=2),
                   bot_delay=0.8, scheduler=clock)
    for b in w.offer_buttons[:2]:
        b.value = True
    w.keep_button.click()
    assert len(clock.calls) == 1 and w.model.bot_to_move
    turn = w.model.game.turn
    assert clock.tick() == 0.8                   # Bo chooses his tickets
    assert w.model.current == 2 and len(clock.calls) == 1
    assert clock.tick() == 0.8                   # Cy
    assert w.model.is_person_turn and not clock.calls and w.model.game.turn == turn
    w.speed.value = 0.05
    w.deck_button.click()
    w.deck_button.click()
    assert clock.calls[0][0] == 0.05


def test_a_tunnel_shows_its_cards_one_by_one_before_the_person_decides():
    clock = ManualClock()
    game = arranged_game(hands=[{"blue": 4, "locomotive": 1}, {}], deck=["blue", "locomotive", "green"])
    w = PlayWidget(PlayModel.of_game(game, ["person", "random"]), scheduler=clock)
    mouse(w, "mouse_down", *route_pixel(w, "Munchen", "Venezia", space=0))
    w.decisions.pay_buttons.children[0].click()
    buttons = w.decisions.tunnel_buttons.children
    assert [b.description for b in buttons] == ["Pay 2 blue", "Pay 1 blue + 1 locomotive", "Decline"]
    assert all(b.disabled for b in buttons) and w.decisions.tunnel_text.value.count(">?<") == 3
    for shown in (1, 2, 3):
        assert clock.tick() == 0.45
        assert w.decisions.tunnel_text.value.count(">?<") == 3 - shown
    assert "2 extra cards" in w.decisions.tunnel_text.value
    assert not any(b.disabled for b in w.decisions.tunnel_buttons.children)
    w.decisions.tunnel_buttons.children[0].click()
    assert w.model.map.route("Munchen", "Venezia") in w.model.game.routes(0)


def test_a_tunnels_result_stays_while_the_bot_plays_and_is_gone_once_the_person_acts():
    clock = ManualClock()
    game = arranged_game(hands=[{"blue": 4, "locomotive": 1}, {}], deck=["blue", "locomotive", "green"])
    w = PlayWidget(PlayModel.of_game(game, ["person", "random"]), scheduler=clock)
    mouse(w, "mouse_down", *route_pixel(w, "Munchen", "Venezia", space=0))
    w.decisions.pay_buttons.children[0].click()
    for _ in range(3):
        clock.tick()                                  # the three cards, one by one
    w.decisions.tunnel_buttons.children[0].click()    # pay: Bo's turn
    assert not w.model.is_person_turn and w.decisions.tunnel_box.layout.display is None
    assert "2 extra cards" in w.decisions.tunnel_text.value
    while not w.model.is_person_turn:
        clock.tick()                                  # Bo plays his turn
    assert "2 extra cards" in w.decisions.tunnel_text.value     # still there for Ann to read
    w.deck_button.click()                             # Ann acts: the tunnel is old news
    assert w.model.tunnel is None and w.decisions.tunnel_box.layout.display == "none"


def test_a_bots_tunnel_stays_for_the_persons_turn_and_is_gone_when_it_ends():
    from ttr_teach.engine.actions import ClaimRoute, PayTunnel

    class TunnelBot:
        """Claims München-Venezia, pays what the tunnel asks, else draws."""

        def choose(self, view):
            actions = model.playing.legal_actions()
            pays = [a for a in actions if isinstance(a, PayTunnel)]
            claims = [a for a in actions if isinstance(a, ClaimRoute) and a.route == tunnel.index]
            return (pays or claims or actions)[0]

    clock = ManualClock()
    game = arranged_game(hands=[{}, {"blue": 4, "locomotive": 1}], deck=["blue", "locomotive", "green"] * 3)
    model = PlayModel.of_game(game, ["person", "random"])
    tunnel = model.map.route("Munchen", "Venezia")
    model.bots[1] = TunnelBot()
    w = PlayWidget(model, scheduler=clock)
    w.deck_button.click()
    w.deck_button.click()                             # Ann ends her turn; Bo claims the tunnel
    while not w.model.is_person_turn:
        clock.tick()                                  # Bo's claim, its cards one by one
    assert tunnel in model.game.routes(1)
    assert w.decisions.tunnel_box.layout.display is None and "Bo" in w.decisions.tunnel_text.value
    w.deck_button.click()                             # Ann's first card: the tunnel is still shown
    assert model.tunnel is not None
    w.deck_button.click()                             # her turn ends: gone
    assert model.tunnel is None and w.decisions.tunnel_box.layout.display == "none"


def test_nothing_moves_under_the_cursor_when_a_decision_opens_or_closes():
    """The market, the hand and the coach come first; the decisions (pay, the tunnel, tickets)
    open below them, in an area that keeps its height."""
    w = play("europe", [("Ann", "person"), ("Bo", "random")], seed=3, bot_delay=0)
    order = list(w.play_box.children)
    assert order.index(w.market) < order.index(w.hand) < order.index(w.coach) < order.index(w.decisions)
    assert w.decisions.layout.min_height


def test_the_log_comes_before_the_persons_tickets_so_it_stays_beside_the_board():
    w = play("europe", [("Ann", "person"), ("Bo", "random")], seed=3, bot_delay=0)
    panel = list(w.panel.children)
    assert panel.index(w.play_box) < panel.index(w.players) < panel.index(w.log_box) < panel.index(w.tickets_box)
    assert w.tickets_box.layout.display is None and "My tickets" in w.tickets.value


def test_hot_seat_hides_the_panel_behind_the_pass_screen():
    w = play("usa", [("Ann", "person"), ("Bo", "person")], seed=5, bot_delay=0)
    assert w.pass_box.layout.display is None and w.play_box.layout.display == "none"
    assert "Pass the laptop to <b>Ann</b>" in w.pass_text.value and "hidden" in w.hand.value
    w.i_am_here_button.click()
    assert w.play_box.layout.display is None and "Ann’s hand" in w.hand.value
    for b in w.offer_buttons[:2]:
        b.value = True
    w.keep_button.click()
    assert w.pass_box.layout.display is None and "Bo" in w.i_am_here_button.description
    assert "Ann’s hand" not in w.hand.value


def test_setup_form_starts_the_game_and_a_new_game_changes_the_board():
    w = play()
    assert w.model.screen == "setup" and w.form.layout.display is None
    assert w.players.layout.display == "none"
    w.form.map.value = "usa"
    w.form.count.value = 3
    w.form.kinds[1].value = "random"
    w.form.kinds[2].value = "random"
    w.form.start_button.click()
    assert w.model.screen == "play" and w.form.layout.display == "none"
    assert w.model.map.name == "usa" and w.board.map.name == "usa"
    assert [s.kind for s in w.model.setup.seats] == ["person", "random", "random"]
    w.new_game_button.click()
    assert w.form.layout.display is None
    w.form.names[0].value = "Bo"             # two players called Bo: refused
    w.form.start_button.click()
    assert "two players have the same name" in w.message.value and w.model.map.name == "usa"


def test_save_and_load_from_the_panel():
    w = play("europe", [("Ann", "person"), ("Bo", "random")], seed=4, bot_delay=0)
    w.file_box.save()
    saved = json.loads(w.file_box.text.value)
    assert saved["format"] == "ttr-teach play" and "base64" in w.file_box.download.value
    w.file_box.text.value = "{broken"
    w.file_box.children[0].children[0].children[1].click()      # Load the text
    assert "the text box is not JSON" in w.message.value and w.model.game.to_dict() == saved["game"]


def test_the_end_walks_through_the_scoring_with_back_and_next():
    w = play("usa", [("Ann", "random"), ("Bo", "random")], seed=6, bot_delay=0)
    w.run_pending()
    assert w.model.screen == "over" and w.scoring_box.layout.display is None
    assert "Final scoring 1/" in w.scoring.value and w.back_button.disabled
    while not w.next_button.disabled:
        w.next_button.click()
    assert "The winner" in w.scoring.value and w.model.score.tie_break in w.scoring.value
    n, winner = len(w.model.steps), w.model.score.winner or "none (a tie)"
    assert f"Final scoring, step {n} of {n}: The winner. Winner: {winner}." in w.message.value
    assert w.hover.value.startswith("Point at a route or a city: who owns it")
    assert "final score" in w.players.value                 # the players' table shows the totals
    for p in w.model.score.players:
        assert re.search(rf'data-player="{p.name}".*?<b>{p.total}</b>', w.players.value)


def test_the_panel_sits_beside_a_wide_board_and_under_a_narrow_one():
    w = play("europe", [("Ann", "person"), ("Bo", "random")], seed=1)
    game_row = w.children[2]
    assert game_row.layout.flex_flow == "row wrap"
    assert w._board_box.layout.flex == "1 1 560px" and w.panel.layout.flex == "1 1 340px"
    assert w.panel.layout.max_width == "470px" and w.board.canvas.layout.width == "100%"


def test_the_scoring_reveals_each_players_ticket_points_at_their_own_step():
    w = play("usa", [("Ann", "random"), ("Bo", "random")], seed=6, bot_delay=0)
    w.run_pending()
    m = w.model
    ann, bo = m.score.players
    assert bo.ticket_points != 0                     # else this game cannot show the difference
    totals = lambda: dict(re.findall(r'<tr data-player="(\w+)">.*?<b>(-?\d+)</b>', w.scoring.value))  # noqa: E731
    m.next_step()                                    # Ann's tickets: Bo's still uncounted
    assert m.steps[m.step].title == "Ann's tickets"
    assert totals() == {"Ann": str(ann.route_points + ann.ticket_points), "Bo": str(bo.route_points)}
    m.next_step()                                    # Bo's tickets
    assert totals() == {"Ann": str(ann.route_points + ann.ticket_points),
                        "Bo": str(bo.route_points + bo.ticket_points)}


def test_the_header_tells_every_action_of_the_bots_turn():
    """A bot drawing two cards: the message names both draws, not only the second."""
    w = play("usa", [("Ann", "person"), ("Bo", "random")], seed=3, bot_delay=0)
    m = w.model
    for button in w.offer_buttons[:2]:
        button.value = True
    w.keep_button.click()
    w.run_pending()                                   # Bo keeps his tickets
    for _ in range(30):                               # until Bo's turn is two draws
        turn = m.game.turn
        w.deck_button.click()
        w.deck_button.click()
        assert not m.is_person_turn
        before = len(m.log_lines(1000))
        w.run_pending()
        bo = [line for line in m.log_lines(1000)[before:] if line.startswith(("Bo: take", "Bo: draw"))]
        if len(bo) == 2 and m.game.turn == turn + 2:
            break
    else:
        raise AssertionError("Bo never drew two cards in 30 turns")
    assert all(line in w.message.value for line in bo), (bo, w.message.value)


def test_the_log_scrolls_within_reach_of_the_keyboard_and_reads_as_a_log():
    w = play("usa", [("Ann", "person"), ("Bo", "random")], seed=3, bot_delay=0)
    assert 'role="log"' in w.log_box.value and 'tabindex="0"' in w.log_box.value
    assert 'aria-label="The game\'s log"' in w.log_box.value
