"""Boards everyone can read: every claimed route carries its owner's marker (on the SVG board and
the canvas), claimed routes look like no printed route, colours always come with a letter or a
shape, the last move is outlined, and every SVG board is an image with a title and a
description in words (issue 24)."""
import xml.etree.ElementTree as ET

import pytest

import ttr_teach
from ttr_teach.engine.actions import BuildStation, ClaimRoute
from ttr_teach.engine.cards import CARD_KINDS
from ttr_teach.engine.game.log import ACTION, CLAIMED, STATION_BUILT
from ttr_teach.engine.position import PLAYER_COLORS, as_position
from ttr_teach.engine.rules import COLORS
from ttr_teach.views.highlights import HighlightError
from ttr_teach.views.last_move import last_moves
from ttr_teach.views.legend import legend_svg
from ttr_teach.views.style import (
    OWNED_BAND,
    PLAYER_FILLS,
    PLAYER_SYMBOLS,
    ROUTE_FILLS,
    ROUTE_LETTERS,
    SYMBOL_WORDS,
    card_style,
)
from ttr_teach.views.svg import board_svg

NS = "{http://www.w3.org/2000/svg}"


def parse(svg):
    return ET.fromstring(svg)


def of_class(element, cls):
    return [e for e in element.iter() if e.get("class") == cls]


@pytest.fixture(scope="module", params=[("europe", 5, 3), ("usa", 4, 8)], ids=["europe", "usa"])
def finished(request):
    """A whole game of random bots (every player colour at the table on the Europe map)."""
    name, players, seed = request.param
    return ttr_teach.play_random_game(name, n_players=players, seed=seed)


# -- ownership at a glance --------------------------------------------------------------------------
def test_every_claimed_route_is_drawn_with_its_owners_colour_and_shape_on_every_car(finished):
    pos = as_position(finished)
    root = parse(board_svg(finished))
    owner_of = {r.index: p for p in pos.players for r in p.routes}
    assert len(owner_of) > 10
    for g in root.iter(NS + "g"):
        if g.get("class") != "route":
            continue
        index = int(g.get("data-route"))
        route, owner = pos.map.routes[index], owner_of.get(index)
        cars, marks = of_class(g, "train"), of_class(g, "train-mark")
        if owner is None:
            assert g.get("data-owner") is None and not cars and not marks and not of_class(g, "owned-band")
            continue
        assert g.get("data-owner") == owner.name
        assert len(cars) == len(marks) == route.length
        assert {c.get("fill") for c in cars} == {PLAYER_FILLS[owner.color]}
        assert {mk.get("data-symbol") for mk in marks} == {PLAYER_SYMBOLS[owner.color]}
        assert [b.get("fill") for b in of_class(g, "owned-band")] == [OWNED_BAND]


def test_every_station_carries_its_owners_colour(finished):
    pos = as_position(finished)
    root = parse(board_svg(finished))
    drawn = {(s.get("data-city"), s.get("data-player")) for s in of_class(root, "station")}
    assert drawn == {(c, p.name) for p in pos.players for c in p.stations}


def test_the_canvas_board_paints_each_claimed_route_with_its_owners_shape(finished):
    pytest.importorskip("ipycanvas")
    from ttr_teach.views.widgets.canvas_board import BoardCanvas
    from ttr_teach.views.widgets.shapes import shape_polygons

    pos = as_position(finished)
    board = BoardCanvas(pos.map)
    for p in pos.players:
        for r in p.routes:
            band, cars, symbols = board._train_shapes(r.index, p.color)
            per_car = len(shape_polygons(PLAYER_SYMBOLS[p.color], 0, 0, 1))
            assert len(cars) == r.length and len(symbols) == per_car * r.length
            assert len(band) >= 4


def test_player_colours_are_far_from_every_route_colour():
    """A player's trains are never painted in a route's colour: each player fill differs from
    every route fill by a clear step (40 of 255) in at least one channel."""
    def rgb(h):
        return tuple(int(h[k:k + 2], 16) for k in (1, 3, 5))

    for player, fill in PLAYER_FILLS.items():
        for route, route_fill in ROUTE_FILLS.items():
            diff = max(abs(a - b) for a, b in zip(rgb(fill), rgb(route_fill), strict=True))
            assert diff >= 40, (player, route)


def test_each_player_colour_has_its_own_shape_with_a_name():
    shapes = [PLAYER_SYMBOLS[c] for c in PLAYER_COLORS]
    assert len(set(shapes)) == len(PLAYER_COLORS)
    assert all(s in SYMBOL_WORDS for s in shapes)


# -- colour is never the only cue -------------------------------------------------------------------
def test_every_route_colour_and_card_carries_its_own_letter():
    assert set(ROUTE_LETTERS) == set(COLORS)
    letters = [card_style(k)[2] for k in CARD_KINDS]
    assert len(set(letters)) == len(CARD_KINDS) and all(letters)


def test_the_legend_shows_each_route_colour_with_its_letter_and_each_player_with_their_shape():
    m = ttr_teach.load_map("europe")
    root = parse(legend_svg(m, [("Ann", "red"), ("Bo", "black")], last_move=True))
    key = root.find(f".//{NS}g[@class='legend-key']")
    texts = ["".join(t.itertext()) for t in key.iter(NS + "text")]
    for color in COLORS:
        assert ROUTE_LETTERS[color] in texts and color in texts
    players = "".join("".join(g.itertext()) for g in of_class(root, "legend-player"))
    assert "Ann (red, circles)" in players and "Bo (black, crosses)" in players
    assert of_class(root, "legend-last-move")


def test_hand_face_up_and_replay_card_chips_carry_the_cards_letter():
    from ttr_teach.course.lessons.common import card_chip_html
    from ttr_teach.views.widgets.play_panel import card_swatch
    from ttr_teach.views.widgets.replay_model import card_chip

    for kind in CARD_KINDS:
        letter = card_style(kind)[2]
        for html in (card_swatch(kind, 2), card_chip(kind, 2), card_chip_html(kind, 2)):
            assert f">{letter}<" in html or f">2 × {letter} <" in html, (kind, html)


# -- the last move ----------------------------------------------------------------------------------
POSITION = {"map": "europe", "players": [
    {"name": "Ann", "routes": [["Paris", "Frankfurt", "white"]]},
    {"name": "Bo", "routes": [["Berlin", "Frankfurt", "black"]], "stations": ["Wien"]}]}


def test_the_last_claim_and_station_are_outlined_and_said():
    m = ttr_teach.load_map("europe")
    berlin = m.route("Berlin", "Frankfurt", "black").index
    root = parse(board_svg(POSITION, last_move=[ClaimRoute(route=berlin, color="black", colored=3, locomotives=0),
                                                BuildStation(city="Wien", color="red", colored=1, locomotives=0)]))
    outline = of_class(root, "last-move")
    assert len(outline) == 1
    assert outline[0].get("data-routes") == str(berlin) and outline[0].get("data-cities") == "Wien"
    legend = "".join("".join(g.itertext()) for g in of_class(root, "legend-last-move"))
    assert "Bo claimed Berlin–Frankfurt (3 black)" in legend and "Bo built a station in Wien" in legend
    assert "Last move, outlined: Bo claimed Berlin–Frankfurt" in root.find(NS + "desc").text


def test_no_last_move_no_outline():
    assert 'class="last-move"' not in board_svg(POSITION)
    assert 'class="last-move"' not in board_svg(POSITION, last_move=None)


@pytest.mark.parametrize("bad", [42, {"city": "Wien"}, [{"route": 0, "station": "Wien"}]])
def test_a_last_move_that_is_not_a_claim_or_a_station_is_refused_with_a_sentence(bad):
    with pytest.raises(HighlightError, match="give"):
        board_svg(POSITION, last_move=bad)


def test_the_last_moves_are_the_others_claims_and_stations_since_the_seat_last_acted(finished):
    log = finished.log
    for seat in range(len(finished.players)):
        since = max(k for k, e in enumerate(log) if e["event"] == ACTION and e["player"] == seat)
        expected = [{"route": e["route"]} if e["event"] == CLAIMED else {"station": e["city"]}
                    for e in log[since:] if e["event"] in (CLAIMED, STATION_BUILT) and e["player"] != seat]
        assert last_moves(log, seat) == expected


def test_the_game_outlines_the_others_last_claim_until_the_person_looking_acts():
    from ttr_teach.engine.actions import DrawBlind
    from ttr_teach.engine.game.core import Game
    from ttr_teach.views.widgets.play_model import PlayModel

    game = Game.arranged("europe", ["Ann", "Bo"], hands=[{"red": 5}, {"black": 5}])
    berlin = game.map.route("Berlin", "Frankfurt", "black").index
    game.play(DrawBlind())
    game.play(DrawBlind())                        # Ann's turn
    game.play(ClaimRoute(route=berlin, color="black", colored=3, locomotives=0))     # Bo's turn
    model = PlayModel.of_game(game, ["person", "random"])
    model.viewer = None
    assert model.last_move() == []                # nobody is looking at the laptop
    model.viewer = 0
    assert model.last_move() == [{"route": berlin}]
    model.viewer = 1
    assert model.last_move() == []                # Bo's own move is not outlined for Bo


# -- words for screen readers -----------------------------------------------------------------------
def test_every_board_is_an_image_with_a_title_and_a_description_first():
    for source in ("europe", "usa", POSITION):
        root = parse(board_svg(source))
        assert root.get("role") == "img"
        assert [root[0].tag, root[1].tag] == [NS + "title", NS + "desc"]
        assert root[0].text and root[1].text


def test_the_title_names_the_players_with_their_colours_and_shapes():
    root = parse(board_svg(POSITION))
    assert root[0].text == "Ticket to Ride Europe board: Ann (red, circles), Bo (blue, squares)"


def test_the_description_says_who_owns_which_routes_and_stations_and_the_points(finished):
    pos = as_position(finished)
    lines = parse(board_svg(finished))[1].text.splitlines()
    for p, line in zip(pos.players, lines, strict=False):
        assert line.startswith(f"{p.name} ({p.color}, {SYMBOL_WORDS[PLAYER_SYMBOLS[p.color]]}): "
                               f"{finished.route_points(p.name)} route point")
        assert all(str(r) in line for r in p.routes)
        assert all(pos.map.cities[c].name in line for c in p.stations)


def test_the_description_follows_the_scores_choice():
    routes = parse(board_svg(POSITION))[1].text
    final = parse(board_svg(POSITION, scores="final"))[1].text
    none = parse(board_svg(POSITION, scores=False))[1].text
    assert "route points" in routes.splitlines()[0]
    assert "route point" not in final and " points" in final.splitlines()[0]
    assert "point" not in none        # a puzzle's board gives no points away


def test_the_description_names_the_highlighted_tickets():
    desc = parse(board_svg(POSITION, highlight={"ticket": ["Paris", "Wien"], "player": "Ann"}))[1].text
    assert "Highlighted: ticket Paris–Wien" in desc


def test_an_empty_map_is_described_as_a_map():
    desc = parse(board_svg("usa"))[1].text
    assert desc.startswith("The Ticket to Ride (USA) map: 36 cities and 100 routes, none claimed.")


def test_the_canvas_repaints_the_last_moves_outline_only_when_it_changes():
    pytest.importorskip("ipycanvas")
    from ttr_teach.views.last_move import resolve_last_move
    from ttr_teach.views.widgets.canvas_board import BoardCanvas

    pos = as_position(POSITION)
    berlin = pos.map.route("Berlin", "Frankfurt", "black").index
    routes = {r.index: p.color for p in pos.players for r in p.routes}
    last = resolve_last_move(pos, {"route": berlin})
    board = BoardCanvas(pos.map)
    board.draw(routes, {}, (), None, last_move=last)
    assert board.update(routes, {}, (), last_move=last)["highlights"] is False
    assert board.update(routes, {}, (), last_move=None)["highlights"] is True
    assert board.update(routes, {}, (), last_move=last)["highlights"] is True


def test_the_game_widget_outlines_the_others_last_claim_and_shows_the_legend():
    pytest.importorskip("ipycanvas")
    from ttr_teach.engine.actions import DrawBlind
    from ttr_teach.engine.game.core import Game
    from ttr_teach.views.widgets.play_model import PlayModel
    from ttr_teach.views.widgets.play_widget import PlayWidget

    game = Game.arranged("europe", ["Ann", "Bo"], hands=[{"red": 5}, {"black": 5}])
    berlin = game.map.route("Berlin", "Frankfurt", "black").index
    game.play(DrawBlind())
    game.play(DrawBlind())
    game.play(ClaimRoute(route=berlin, color="black", colored=3, locomotives=0))
    model = PlayModel.of_game(game, ["person", "random"])
    model.viewer = 0
    w = PlayWidget(model, bot_delay=0)
    routes, stations, marks, last = w._board_state()
    assert last is not None and last.routes == (berlin,)
    assert "Ann (red, circles)" in w.legend.value and "last move" in w.legend.value
