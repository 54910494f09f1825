"""The sandbox board without a browser: clicks, refusals, stations, undo, files, hover, redraws.

Clicks are made where a browser would make them: at a route's or city's board coordinates
(from board_geometry) turned into canvas pixels, or as the mouse events ipycanvas delivers.
Expected values are worked out by hand from the rules (route points 1, 2, 4, 7, 15, 21 for
lengths 1, 2, 3, 4, 6, 8; 45 trains; 3 stations; 4 points per station kept).
"""
from __future__ import annotations

import doctest
import importlib
import json

import pytest

from ttr_teach.engine.maps import load_map
from ttr_teach.views.geometry import board_geometry
from ttr_teach.views.widgets import BoardWidget, SandboxModel, sample_position
from ttr_teach.views.widgets.canvas_board import LAYERS

EUROPE = load_map("europe")


def route_pixel(widget, a, b, color=None, space=0):
    route = widget.model.map.route(a, b, color)
    x, y = board_geometry(widget.model.map).rows[route.index].space_center(space)
    return widget.board.to_pixels(x, y)


def city_pixel(widget, name):
    c = widget.model.map.city(name)
    return widget.board.to_pixels(c.x, c.y)


def mouse(widget, event, px, py):
    """Deliver a mouse event the way ipycanvas does (to the top layer's handler)."""
    widget.board.canvas[len(LAYERS) - 1]._handle_frontend_event(None, {"event": event, "x": px, "y": py}, [])


def owner_name(model, a, b, color=None):
    seat = model.position.owners.get(model.map.route(a, b, color).index)
    return None if seat is None else model.players[seat].name


def row_of(text, name):
    return next(line.split() for line in text.splitlines() if line.split()[:1] == [name])


# -- clicking routes ------------------------------------------------------------------------------
def test_clicking_a_route_claims_it_for_the_current_player_and_scores_it():
    w = BoardWidget("europe", players=["Ann", "Bo"])
    mouse(w, "mouse_down", *route_pixel(w, "Paris", "Frankfurt", "white", space=1))
    assert owner_name(w.model, "Paris", "Frankfurt", "white") == "Ann"
    # a length-3 route scores 4 points; nothing else is on the board
    assert row_of(w.model.score_table_text(), "Ann")[:2] == ["Ann", "4"]
    assert 'data-player="Ann"' in w.score.value and ">4</td>" in w.score.value
    assert w.message.value.count("Ann claims Frankfurt–Paris (white, 3 trains): 4 points.") == 1


def test_clicking_a_claimed_route_passes_it_round_the_table_then_unclaims_it():
    model = SandboxModel("europe", players=["Ann", "Bo", "Cy"])
    owners = []
    for _ in range(4):
        model.click_route(model.map.route("Wien", "Budapest", "red"))
        owners.append(owner_name(model, "Wien", "Budapest", "red"))
    assert owners == ["Ann", "Bo", "Cy", None]


def test_passing_a_route_on_starts_from_the_current_player():
    model = SandboxModel("europe", players=["Ann", "Bo", "Cy"])
    model.set_owner(("Roma", "Venezia"), "Ann")
    model.set_current("Bo")
    # seen from Bo the order is Bo, Cy, Ann: after Ann comes "unclaimed"
    model.click_route(model.map.route("Roma", "Venezia"))
    assert owner_name(model, "Roma", "Venezia") is None
    model.click_route(model.map.route("Roma", "Venezia"))
    assert owner_name(model, "Roma", "Venezia") == "Bo"


def test_passing_a_route_on_skips_a_player_who_owns_the_other_half():
    model = SandboxModel("europe", players=["Ann", "Bo", "Cy", "Dee"])
    model.set_owner(("Berlin", "Frankfurt", "red"), "Bo")
    model.click_route(model.map.route("Berlin", "Frankfurt", "black"))
    outcome = model.click_route(model.map.route("Berlin", "Frankfurt", "black"))
    assert outcome.ok and owner_name(model, "Berlin", "Frankfurt", "black") == "Cy"
    assert "skipped Bo" in outcome.message and "never own both" in outcome.message


# -- refusals -------------------------------------------------------------------------------------
def assert_refused(model, outcome, before, words):
    assert not outcome.ok and model.refused
    assert outcome.message.startswith("Refused: ") and words in outcome.message
    assert model.position is before


def test_one_player_may_never_own_both_halves_of_a_double_route():
    w = BoardWidget("europe", players=["Ann", "Bo", "Cy", "Dee"])
    mouse(w, "mouse_down", *route_pixel(w, "Berlin", "Frankfurt", "black"))
    before = w.model.position
    mouse(w, "mouse_down", *route_pixel(w, "Berlin", "Frankfurt", "red"))
    assert_refused(w.model, w.model.click_route(w.model.map.route("Berlin", "Frankfurt", "red")), before,
                   "one player may never own both")
    assert "Refused" in w.message.value and "#b3261e" in w.message.value


def test_second_half_of_a_double_route_is_closed_in_a_three_player_game():
    model = SandboxModel("europe", players=["Ann", "Bo", "Cy"])
    model.set_owner(("Paris", "Frankfurt", "white"), "Ann")
    model.set_current("Bo")
    before = model.position
    outcome = model.click_route(model.map.route("Paris", "Frankfurt", "orange"))
    assert_refused(model, outcome, before, "with 2 or 3 players only one of its two routes")


def test_second_half_of_a_double_route_is_open_to_another_player_with_four():
    model = SandboxModel("europe", players=["Ann", "Bo", "Cy", "Dee"])
    model.set_owner(("Paris", "Frankfurt", "white"), "Ann")
    model.set_current("Bo")
    assert model.click_route(model.map.route("Paris", "Frankfurt", "orange")).ok


def test_a_route_that_would_need_more_than_45_trains_is_refused():
    # 8 + 6 + 6 + 4 * 5 + 3 = 43 trains used, 2 left
    routes = [["Petrograd", "Stockholm"], ["Palermo", "Smyrna"], ["Budapest", "Kyiv"],
              ["Berlin", "Warszawa", "pink"], ["Brest", "Pamplona"], ["Athina", "Sarajevo"],
              ["Barcelona", "Marseille"], ["Kharkov", "Moskva"], ["Cadiz", "Madrid"]]
    model = SandboxModel({"map": "europe", "players": [{"name": "Ann", "routes": routes}, {"name": "Bo"}]})
    assert model.players[0].trains_left == 2
    before = model.position
    outcome = model.click_route(model.map.route("Paris", "Frankfurt", "white"))
    assert_refused(model, outcome, before, "needs 3 trains and you have only 2 left")
    assert model.click_route(model.map.route("Paris", "Dieppe")).ok  # a 1-train route still fits


def test_a_fourth_station_is_refused():
    model = SandboxModel({"map": "europe", "players": [
        {"name": "Ann", "stations": ["Wien", "Paris", "Roma"]}, {"name": "Bo"}]})
    before = model.position
    outcome = model.click_city("Berlin")
    assert_refused(model, outcome, before, "all 3 of your stations")


def test_there_are_no_stations_on_the_usa_map():
    w = BoardWidget("usa", players=["Ann", "Bo"])
    before = w.model.position
    mouse(w, "mouse_down", *city_pixel(w, "Denver"))
    assert w.model.position is before and w.model.refused
    assert "there are no stations in the usa game" in w.model.message


def test_a_city_holds_one_station():
    model = SandboxModel("europe", players=["Ann", "Bo"])
    model.click_city("Wien")
    model.set_current("Bo")
    before = model.position
    assert_refused(model, model.click_city("Wien"), before, "already has Ann’s station")


def test_bad_references_are_refused_with_a_sentence_not_an_exception():
    model = SandboxModel("europe", players=["Ann", "Bo"])
    before = model.position
    for outcome in (model.set_owner(("Paris", "Atlantis"), "Ann"), model.set_owner(0, "Zed"),
                    model.give_ticket(("Paris", "Lisboa")), model.click_city("Atlantis"),
                    model.rename_player("Ann", "Bo"), model.rename_player("Ann", " "),
                    model.load_text("{not json"), model.load_text('{"map": "europe", "players": []}')):
        assert not outcome.ok and outcome.message.startswith("Refused: ")
        assert model.position is before


def test_a_click_on_empty_board_changes_nothing():
    w = BoardWidget("europe", players=["Ann", "Bo"])
    before = w.model.position
    mouse(w, "mouse_down", 2, 2)
    assert w.model.position is before and not w.model.can_undo
    assert "Nothing here" in w.model.message


# -- stations ---------------------------------------------------------------------------------------
def test_clicking_a_city_builds_then_removes_the_current_players_station():
    w = BoardWidget("europe", players=["Ann", "Bo"])
    mouse(w, "mouse_down", *city_pixel(w, "Wien"))
    assert w.model.position.station_owners == {"Wien": 0}
    # one station built, two kept: 2 * 4 = 8 station points for Ann, 3 * 4 = 12 for Bo
    assert row_of(w.model.score_table_text(), "Ann")[7] == "8"
    assert row_of(w.model.score_table_text(), "Bo")[7] == "12"
    assert "Ann" in w.stations.value and "Wien" in w.stations.value
    mouse(w, "mouse_down", *city_pixel(w, "Wien"))
    assert w.model.position.station_owners == {}


def test_a_city_name_is_clickable_too():
    w = BoardWidget("europe", players=["Ann", "Bo"])
    label = board_geometry(w.model.map).cities["Madrid"].label
    x0, y0, x1, y1 = label.box
    assert w.click_pixels(*w.board.to_pixels((x0 + x1) / 2, (y0 + y1) / 2)).ok
    assert w.model.position.station_owners == {"Madrid": 0}


# -- tickets ----------------------------------------------------------------------------------------
def test_a_ticket_shows_a_cross_until_its_cities_are_joined():
    model = SandboxModel("europe", players=["Ann", "Bo"])
    assert model.give_ticket(("Paris", "Wien")).ok
    # not completed: -8; 3 stations kept: +12
    assert row_of(model.score_table_text(), "Ann")[2:7] == ["0", "✓", "1", "✗", "-8"]
    for a, b, color in (("Paris", "Frankfurt", "white"), ("Frankfurt", "Munchen", None),
                        ("Munchen", "Wien", None)):
        model.set_owner((a, b, color) if color else (a, b), "Ann")
    row = row_of(model.score_table_text(), "Ann")
    # routes 3 + 2 + 3 trains: 4 + 2 + 4 = 10 points; ticket +8; longest 8 (with the bonus 10)
    assert row[1] == "10" and row[2:7] == ["1", "✓", "0", "✗", "+8"]
    assert row[8:11] == ["8", "10", str(10 + 8 + 12 + 10)]
    from ttr_teach.views.widgets.panel_html import tickets_html

    html = tickets_html(model)
    assert "✓" in html and "Paris–Wien (8)" in html and "+8" in html


def test_selecting_a_ticket_shows_its_path_on_the_board():
    w = BoardWidget("europe", players=["Ann", "Bo"])
    for a, b, color in (("Paris", "Frankfurt", "white"), ("Frankfurt", "Munchen", None),
                        ("Munchen", "Wien", None)):
        w.model.set_owner((a, b, color) if color else (a, b), "Ann")
    w.model.give_ticket(("Paris", "Wien"))
    ticket = w.model.map.ticket("Paris", "Wien")
    w.ticket_choice.value = ticket.index  # what choosing it in the list does
    assert w.model.selected_ticket == ticket
    (mark,) = w._board_state()[2]
    path = {w.model.map.route("Paris", "Frankfurt", "white").index,
            w.model.map.route("Frankfurt", "Munchen").index, w.model.map.route("Munchen", "Wien").index}
    assert set(mark.routes) == path and set(mark.cities) == {"Paris", "Wien"}
    assert "Ann’s ticket Paris–Wien (8): completed." == w.model.message


def test_tickets_can_be_given_and_given_back():
    model = SandboxModel("europe", players=["Ann", "Bo"])
    n = len(model.available_tickets())
    model.give_ticket(("Berlin", "Roma"), "Bo")
    assert [t.points for t in model.players[1].tickets] == [9]
    assert len(model.available_tickets()) == n - 1
    before = model.position
    assert not model.give_ticket(("Berlin", "Roma"), "Ann").ok and model.position is before
    model.remove_ticket(("Berlin", "Roma"))
    assert model.players[1].tickets == () and len(model.available_tickets()) == n


# -- players -----------------------------------------------------------------------------------------
def test_players_can_be_added_renamed_recoloured_and_removed():
    model = SandboxModel("europe", players=["Ann", "Bo"])
    assert model.add_player().ok and model.players[2].name == "Cy" and model.players[2].color == "green"
    assert model.rename_player(2, "Cyd").ok and model.players[2].name == "Cyd"
    assert model.set_color("Ann", "blue").ok
    assert [p.color for p in model.players] == ["blue", "red", "green"]
    assert model.remove_player("Bo").ok and [p.name for p in model.players] == ["Ann", "Cyd"]


def test_a_sixth_player_is_refused():
    model = SandboxModel("europe", players=["A", "B", "C", "D", "E"])
    before = model.position
    assert_refused(model, model.add_player(), before, "the game is for 2 to 5")


def test_removing_a_player_cannot_leave_both_halves_of_a_double_in_a_three_player_game():
    model = SandboxModel("europe", players=["Ann", "Bo", "Cy", "Dee"])
    model.set_owner(("Paris", "Frankfurt", "white"), "Ann")
    model.set_owner(("Paris", "Frankfurt", "orange"), "Bo")
    before = model.position
    assert_refused(model, model.remove_player("Dee"), before, "only one of its two routes")
    assert model.current == 0


def test_the_panel_follows_the_players():
    w = BoardWidget("europe", players=["Ann", "Bo"])
    w.model.add_player("Cy")
    assert [label for label, _ in w.current.options] == ["Ann", "Bo", "Cy"]
    assert len(w.player_rows.children) == 3
    w.current.value = 2
    assert w.model.current == 2 and w.give_button.description == "Give to Cy"
    w.player_rows.children[0].children[0].value = "Anna"  # type a new name
    assert w.model.players[0].name == "Anna"


# -- undo, redo, files -------------------------------------------------------------------------------
def test_undo_and_redo_step_through_changes():
    model = SandboxModel("europe", players=["Ann", "Bo"])
    empty = model.position
    model.set_owner(("Roma", "Venezia"), "Ann")
    one = model.position
    model.click_city("Roma")
    two = model.position
    assert model.undo().ok and model.position is one
    assert model.undo().ok and model.position is empty
    assert not model.undo().ok and model.message == "Nothing to undo."
    assert model.redo().ok and model.position is one
    assert model.redo().ok and model.position is two
    assert not model.can_redo
    model.undo()
    model.set_owner(("Paris", "Dieppe"), "Bo")  # a new change forgets what was undone
    assert not model.can_redo


def test_undo_button_in_the_panel():
    w = BoardWidget("europe", players=["Ann", "Bo"])
    assert w.undo_button.disabled
    w.model.set_owner(("Roma", "Venezia"), "Ann")
    assert not w.undo_button.disabled
    w.undo_button.click()
    assert w.model.position.owners == {} and not w.redo_button.disabled


def test_save_and_load_round_trip_in_the_position_file_format():
    model = SandboxModel(sample_position())
    text = model.save_text()
    other = SandboxModel("europe")
    assert other.load_text(text).ok
    assert other.position.to_dict() == model.position.to_dict() == json.loads(text)
    assert other.undo().ok and [p.name for p in other.players] == ["Ann", "Bo", "Cy"]


def test_loading_a_position_file_that_breaks_a_rule_is_refused():
    model = SandboxModel("europe", players=["Ann", "Bo"])
    before = model.position
    broken = {"map": "europe", "players": [{"name": "Ann", "stations": ["Wien"]},
                                           {"name": "Bo", "stations": ["Wien"]}]}
    assert_refused(model, model.load_text(json.dumps(broken)), before, "a city holds only one")
    assert model.load_text("map: usa\nplayers:\n- name: Ann\n- name: Bo\n").ok  # YAML works too
    assert model.map.name == "usa"


def test_loading_a_position_on_another_map_replaces_the_board():
    w = BoardWidget("europe", players=["Ann", "Bo"])
    w.file_text.value = json.dumps({"map": "usa", "players": [{"name": "Ann", "routes": [["Denver", "Omaha"]]},
                                                                {"name": "Bo"}]})
    w.model.load_text(w.file_text.value)
    assert w.board.map.name == "usa" and w._board_box.children == (w.board.canvas, w.board_keys, w.legend)
    assert "ferry" not in w.legend.value     # the legend is the new map's (the USA has no ferries)
    assert w.board_keys.map is w.board.map and "Denver" in dict(w.board_keys.city.options)
    assert owner_name(w.model, "Denver", "Omaha") == "Ann"
    mouse(w, "mouse_down", *route_pixel(w, "Denver", "Kansas City", "black"))
    assert owner_name(w.model, "Denver", "Kansas City", "black") == "Ann"


def test_the_download_link_holds_the_position():
    import base64

    w = BoardWidget("europe", players=["Ann", "Bo"])
    assert w.download.value == ""  # filled only while the File tab is open
    w.tabs.selected_index = 3
    w.model.set_owner(("Roma", "Venezia"), "Bo")
    data = w.download.value.split("base64,")[1].split('"')[0]
    assert json.loads(base64.b64decode(data))["players"][1]["routes"] == [["Roma", "Venezia"]]


# -- hover -------------------------------------------------------------------------------------------
def test_hovering_a_ferry_tells_its_length_colour_locomotives_and_owner():
    w = BoardWidget("europe", players=["Ann", "Bo"])
    route = w.model.map.routes_between("Dieppe", "London")[0]
    x, y = board_geometry(w.model.map).rows[route.index].space_center(0)
    w.model.set_owner(route, "Bo")
    mouse(w, "mouse_move", *w.board.to_pixels(x, y))
    text = w.hover_text.value
    assert text.startswith("Dieppe–London: 2 gray spaces, 2 points")
    assert "ferry (needs 1 locomotive)" in text and "claimed by Bo (blue)" in text
    mouse(w, "mouse_out", 0, 0)
    assert w.hover_text.value.startswith("Point at a route")


def test_hovering_a_tunnel_and_a_city():
    model = SandboxModel("europe", players=["Ann", "Bo"])
    tunnel = model.map.route("Marseille", "Zurich")
    assert "tunnel (3 cards are turned up" in model.describe_route(tunnel)
    assert model.describe_route(tunnel).endswith("unclaimed.")
    wien = model.map.city("Wien")
    model.click_city("Wien")
    # Berlin, Budapest (two routes), München, Warszawa, Zagrab
    assert model.hover(wien.x, wien.y).startswith("Wien: 6 routes to 5 cities; Ann’s station")


# -- painting ----------------------------------------------------------------------------------------
def test_the_board_is_painted_when_a_browser_view_is_ready():
    w = BoardWidget("europe", players=["Ann", "Bo"])
    assert all(n == 0 for n in w.board.paints.values())  # nothing is sent before a view exists
    w.board.canvas[len(LAYERS) - 1]._handle_frontend_event(None, {"event": "client_ready"}, [])
    assert all(n >= 1 for n in w.board.paints.values())


def test_a_click_repaints_only_the_clicked_route():
    w = BoardWidget("europe", players=["Ann", "Bo"])
    w.redraw()
    painted = dict(w.board.paints)
    updates = []
    update = w.board.update
    w.board.update = lambda *a, **k: updates.append(update(*a, **k)) or updates[-1]
    mouse(w, "mouse_down", *route_pixel(w, "Paris", "Frankfurt", "white"))
    index = w.model.map.route("Paris", "Frankfurt", "white").index
    assert updates == [{"routes": [index], "stations": False, "highlights": False}]
    assert w.board.paints["map"] == painted["map"] and w.board.paints["cities"] == painted["cities"]
    assert w.board.paints["trains"] == painted["trains"] + 1


def test_the_redraw_is_one_message_to_the_browser():
    import ipycanvas.canvas as ipc

    w = BoardWidget("europe", players=["Ann", "Bo"])
    sent = []
    manager = ipc._CANVAS_MANAGER
    original = manager._send_custom
    manager._send_custom = lambda command, buffers=[]: sent.append(command)
    try:
        w.model.set_owner(("Paris", "Frankfurt", "white"), "Ann")
    finally:
        manager._send_custom = original
    assert len(sent) == 1


def test_the_map_layer_has_every_space_of_the_map():
    # Europe: 300 train spaces (docs/rules.md#components); every one is a polygon of the map layer
    from ttr_teach.views.widgets.canvas_board import BoardCanvas

    board = BoardCanvas(EUROPE)
    assert sum(board.geo.rows[r.index].count for r in EUROPE.routes) == 300
    x0, y0 = board.to_board(0, 0)
    x1, y1 = board.to_board(board.canvas.width, board.canvas.height)
    gx0, gy0, gx1, gy1 = board.geo.bounds
    assert x0 < gx0 and y0 < gy0 and x1 > gx1 and y1 > gy1  # nothing drawn is cut off


# -- the sample and the docstrings -----------------------------------------------------------------
def test_the_sample_late_game_position():
    p = sample_position()
    # Ann 38 trains, Bo 42, Cy 42 (summed by hand from the file)
    assert [q.trains_left for q in p.players] == [7, 3, 3]
    assert [len(q.stations) for q in p.players] == [0, 1, 1]


@pytest.mark.parametrize("module", ["ttr_teach.views.widgets", "ttr_teach.views.widgets.model",
                                    "ttr_teach.views.widgets.shapes", "ttr_teach.views.widgets.panel_html",
                                    "ttr_teach.views.widgets.board", "ttr_teach.views.widgets.history",
                                    "ttr_teach.views.widgets.sentences"])
def test_widget_docstring_examples(module):
    result = doctest.testmod(importlib.import_module(module),
                             optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0


def test_a_sharper_board_keeps_its_clicks():
    w = BoardWidget("europe", players=["Ann", "Bo"], width=600, pixel_ratio=2)
    assert w.board.canvas.width == 1200 and w._board_box.layout.max_width == "600px"
    mouse(w, "mouse_down", *route_pixel(w, "Roma", "Venezia"))
    assert owner_name(w.model, "Roma", "Venezia") == "Ann"


def test_show_borrowed_routes_marks_every_station():
    model = SandboxModel(sample_position())
    model.set_show_stations(True)
    assert [item["station"] for item in model.highlight()] == ["Budapest", "Frankfurt"]
    w = BoardWidget(model=model)
    assert w.stations_box.value and w.stations_box.layout.display is None
    assert BoardWidget("usa").stations_box.layout.display == "none"


def test_the_panel_shows_the_route_each_station_borrows():
    # Bo's station in Budapest: of Budapest's routes only Cy's Bucuresti–Budapest is owned, and
    # with Bo's Bucuresti–Sofia it joins Budapest to Sofia, one of Bo's tickets.
    from ttr_teach.views.widgets.panel_html import stations_html

    model = SandboxModel(sample_position())
    assert model.borrowed_route(1, "Budapest") == model.map.route("Bucuresti", "Budapest")
    text = stations_html(model)
    assert "station in Budapest borrows Cy’s Bucuresti–Budapest (gray) for Budapest–Sofia" in text
    assert "✓" in [line for line in model.score_table_text().splitlines() if line.startswith("Bo")][0]
    before = model.result["players"][1]["total"]
    model.set_current("Bo")
    model.click_city("Budapest")
    # without the station the ticket fails (+5 becomes -5), and the station is kept (+4)
    assert model.result["players"][1]["total"] == before - 10 + 4
    assert model.ticket_text(model.map.ticket("Budapest", "Sofia")) == \
        "Bo’s ticket Budapest–Sofia (5): not completed."


# -- the model asks the engine: validation and scores ----------------------------------------------------
def test_the_two_gray_halves_of_a_double_stay_who_owns_which():
    # The sandbox checks its positions with Position.validate, not through the file format
    # (which names the two gray halves alike): each player keeps the half they were given.
    model = SandboxModel("europe", players=["Ann", "Bo", "Cy", "Dee"])
    first, second = model.map.routes_between("Essen", "Kobenhavn")
    assert model.set_owner(second, "Ann").message.startswith("Ann claims Essen–København (right gray, ")
    assert model.set_owner(first, "Bo").ok
    assert model.position.owners == {second.index: 0, first.index: 1}
    model.undo()
    assert model.position.owners == {second.index: 0}


def test_the_score_comes_from_the_engine_once_per_position():
    from ttr_teach.engine.scoring import score, score_position

    model = SandboxModel(sample_position())
    assert model.score is score(model.position) and model.score is model.score
    assert model.result == score_position(model.position) and model.result is model.result
    model.set_owner(("Roma", "Venezia"), "Ann")
    assert model.score is score(model.position) and model.result == model.score.to_dict()
    assert [row["total"] for row in model.score_rows()] == [p.total for p in model.score.players]


def test_a_station_names_the_tickets_it_helps_as_tickets():
    model = SandboxModel(sample_position())
    m = model.map
    assert model.station_tickets(1, "Budapest") == [m.ticket("Budapest", "Sofia")]
    assert model.station_tickets(1, "Paris") == []


def test_reading_a_file_is_the_engines_job():
    # the text box and an uploaded file both go through engine.position.read_text (JSON or YAML)
    model = SandboxModel("europe", players=["Ann", "Bo"])
    before = model.position
    outcome = model.load_text("{map: [", "upload.json")
    assert not outcome.ok and "upload.json: not valid JSON" in outcome.message and "nor YAML" in outcome.message
    assert model.position is before
    assert model.load_text("map: usa\nplayers: [{name: Ann}, {name: Bo}]", "upload.yaml").ok
