"""The SVG board: structure of the drawing (parsed as XML), highlights, determinism, and the
committed reference pictures (regenerate them with ``python tests/views/regen_svgs.py``)."""
import copy
import re
import xml.etree.ElementTree as ET

import pytest

import ttr_teach
from ttr_teach.engine.errors import MapError, PositionError, TTRError
from ttr_teach.engine.position import Position
from ttr_teach.views import geometry as bg
from ttr_teach.views.highlights import HighlightError
from ttr_teach.views.svg import board_svg

from . import regen_svgs

NS = "{http://www.w3.org/2000/svg}"

# Ann owns Paris–Frankfurt (3, white), Frankfurt–München (2, pink), München–Wien (3, orange):
# 8 trains, so 45 - 8 = 37 left; one station (Berlin), so 3 - 1 = 2 left.
# Bo (black) owns Wien–Budapest (1, red) and København–Stockholm (3, yellow): 41 trains left.
POSITION = {"map": "europe", "players": [
    {"name": "Ann", "routes": [["Paris", "Frankfurt", "white"], ["Frankfurt", "Munchen"],
                               ["Munchen", "Wien"]],
     "stations": ["Berlin"], "tickets": [["Paris", "Wien"]]},
    {"name": "Bo", "color": "black", "routes": [["Wien", "Budapest", "red"],
                                                ["Kobenhavn", "Stockholm", "yellow"]],
     "tickets": [["Berlin", "Roma"]]},
]}


def parse(svg):
    return ET.fromstring(svg)


def route_group(root, index):
    found = root.findall(f".//{NS}g[@data-route='{index}']")
    assert len(found) == 1
    return found[0]


def spaces(group):
    return [e for e in group if e.tag == NS + "rect" and e.get("class") == "space"]


def of_class(group, cls):
    return [e for e in group.iter() if e.get("class") == cls]


def text_of(element):
    return "".join(element.itertext())


@pytest.fixture(scope="module")
def europe():
    return ttr_teach.load_map("europe")


@pytest.fixture(scope="module")
def usa():
    return ttr_teach.load_map("usa")


@pytest.fixture(scope="module", params=["europe", "usa"])
def empty_board(request):
    m = ttr_teach.load_map(request.param)
    return m, parse(board_svg(m))


@pytest.fixture(scope="module")
def position_root():
    return parse(board_svg(POSITION))


# -- the empty board ----------------------------------------------------------------------------
def test_every_city_is_drawn_with_its_display_name(empty_board):
    m, root = empty_board
    groups = root.findall(f".//{NS}g[@class='city']")
    assert sorted(g.get("data-city") for g in groups) == sorted(m.cities)
    for g in groups:
        city = m.cities[g.get("data-city")]
        assert text_of(g.find(f"{NS}text")) == city.name
        assert g.find(f"{NS}title").text == city.name


def test_display_names_keep_their_accents(europe):
    root = parse(board_svg(europe))
    names = {g.get("data-city"): text_of(g.find(f"{NS}text"))
             for g in root.findall(f".//{NS}g[@class='city']")}
    assert names["Zurich"] == "Zürich" and names["Kobenhavn"] == "København"
    assert names["Cadiz"] == "Cádiz" and names["Munchen"] == "München"


def test_every_route_is_a_row_of_as_many_spaces_as_its_length(empty_board):
    m, root = empty_board
    groups = root.findall(f".//{NS}g[@class='route']")
    assert len(groups) == len(m.routes)
    for r in m.routes:
        g = route_group(root, r.index)
        assert len(spaces(g)) == r.length, r
        assert (g.get("data-a"), g.get("data-b"), g.get("data-color")) == (r.a, r.b, r.color)


def test_europe_has_300_spaces_and_usa_309(europe, usa):
    for m, total in ((europe, 300), (usa, 309)):
        assert len(parse(board_svg(m)).findall(f".//{NS}rect[@class='space']")) == total


def test_gray_routes_are_gray_and_coloured_routes_carry_their_letter(empty_board):
    # the letters, worked out once: K is black (B is blue), P is pink.
    letters = {"red": "R", "orange": "O", "yellow": "Y", "green": "G", "blue": "B",
               "pink": "P", "white": "W", "black": "K"}
    m, root = empty_board
    gray_fills = set()
    for r in m.routes:
        g = route_group(root, r.index)
        marks = [e.text for e in of_class(g, "mark")]
        if r.color == "gray":
            assert marks == []
            gray_fills |= {s.get("fill") for s in spaces(g)}
        else:
            assert marks == [letters[r.color]] * (r.length - r.locomotives), r
    assert len(gray_fills) == 1


def test_each_route_colour_has_its_own_fill(empty_board):
    m, root = empty_board
    fill_of = {}
    for r in m.routes:
        for s in spaces(route_group(root, r.index)):
            fill_of.setdefault(r.color, set()).add(s.get("fill"))
    assert all(len(f) == 1 for f in fill_of.values())
    assert len({f.pop() for f in fill_of.values()}) == 9   # 8 colours and gray


def test_tunnel_spaces_have_a_dark_dashed_border_and_others_do_not(europe):
    root = parse(board_svg(europe))
    dashed = 0
    for r in europe.routes:
        g = route_group(root, r.index)
        has_dash = [s.get("stroke-dasharray") is not None for s in spaces(g)]
        assert has_dash == [r.tunnel] * r.length, r
        assert (g.get("data-tunnel") == "1") == r.tunnel
        dashed += r.tunnel
    assert dashed == 18


def test_ferries_show_one_locomotive_per_locomotive_symbol(europe):
    # 9 ferries with one locomotive symbol and 4 with two: 17 symbols on the board.
    root = parse(board_svg(europe))
    for r in europe.routes:
        assert len(of_class(route_group(root, r.index), "loco")) == r.locomotives, r
    assert len(root.findall(f".//{NS}path[@class='loco']")) == 9 * 1 + 4 * 2


def test_route_tooltips_name_the_cities_length_colour_tunnel_and_ferry(europe):
    root = parse(board_svg(europe))

    def title(a, b, color=None):
        return route_group(root, europe.route(a, b, color).index).find(f"{NS}title").text

    assert title("Paris", "Frankfurt", "white").startswith(("Paris–Frankfurt: 3 white",
                                                            "Frankfurt–Paris: 3 white"))
    assert "tunnel" in title("Petrograd", "Stockholm")
    assert "ferry (1 locomotive)" in title("Dieppe", "London", "gray")
    assert "ferry (2 locomotives)" in title("Palermo", "Smyrna")
    assert "double route" in title("Paris", "Frankfurt", "orange")


def test_double_routes_are_two_parallel_rows_side_by_side(empty_board):
    m, _ = empty_board
    geo = bg.board_geometry(m)
    for first, second in m.double_pairs:
        r1, r2 = geo.rows[first.index], geo.rows[second.index]
        assert r1.angle == pytest.approx(r2.angle)
        assert r1.offset == pytest.approx(-r2.offset)
        # the centre lines are further apart than a space is wide: the rows do not overlap
        u, v = r1.to_frame(*r2.start)
        assert abs(v) >= r1.width


def test_cities_are_drawn_on_top_of_routes(empty_board):
    _, root = empty_board
    layers = [g.get("class") for g in root if g.tag == NS + "g"]
    assert layers.index("routes") < layers.index("cities")


def test_the_empty_board_has_a_colour_key_and_no_players(empty_board):
    m, root = empty_board
    assert root.findall(f".//{NS}g[@class='legend-player']") == []
    key = text_of(root.find(f".//{NS}g[@class='legend-key']"))
    assert "black" in key and "gray" in key
    assert ("tunnel" in key) == (m.name == "europe")


# -- a position ---------------------------------------------------------------------------------
def legend_fill(root, player):
    g = root.find(f".//{NS}g[@class='legend-player'][@data-player='{player}']")
    return g.find(f"{NS}rect[@class='legend-car']").get("fill")


def test_claimed_routes_show_their_owners_trains_in_the_players_colour(europe, position_root):
    root = position_root
    ann, bo = legend_fill(root, "Ann"), legend_fill(root, "Bo")
    assert ann != bo
    for (a, b, color), owner, fill, length in (
            (("Paris", "Frankfurt", "white"), "Ann", ann, 3), (("Munchen", "Wien", None), "Ann", ann, 3),
            (("Kobenhavn", "Stockholm", "yellow"), "Bo", bo, 3), (("Wien", "Budapest", "red"), "Bo", bo, 1)):
        g = route_group(root, europe.route(a, b, color).index)
        trains = of_class(g, "train")
        assert g.get("data-owner") == owner
        assert len(trains) == length and {t.get("fill") for t in trains} == {fill}
        assert len(of_class(g, "train-mark")) == length
        assert f"claimed by {owner}" in g.find(f"{NS}title").text


def test_unclaimed_routes_have_no_trains(europe, position_root):
    g = route_group(position_root, europe.route("Paris", "Frankfurt", "orange").index)
    assert g.get("data-owner") is None and of_class(g, "train") == []


def test_players_trains_are_marked_by_a_shape_not_only_a_colour(position_root):
    root = position_root
    ann_marks = {p.get("d") for g in root.findall(f".//{NS}g[@data-owner='Ann']") for p in of_class(g, "train-mark")}
    bo_marks = {p.get("d") for g in root.findall(f".//{NS}g[@data-owner='Bo']") for p in of_class(g, "train-mark")}
    # red is a circle (drawn with arcs), black a cross (straight lines only)
    assert all("A" in d for d in ann_marks) and not any("A" in d for d in bo_marks)


def test_a_station_is_drawn_at_its_city_in_its_owners_colour(europe, position_root):
    root = position_root
    stations = root.findall(f".//{NS}g[@class='station']")
    assert [(s.get("data-city"), s.get("data-player")) for s in stations] == [("Berlin", "Ann")]
    house = stations[0].find(f"{NS}path")
    assert house.get("fill") == legend_fill(root, "Ann")
    xs = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", house.get("d"))[::2]]
    berlin = europe.city("Berlin")
    assert min(xs) < berlin.x < max(xs)


def test_the_legend_lists_each_player_with_trains_and_stations_left(position_root):
    texts = {g.get("data-player"): text_of(g)
             for g in position_root.findall(f".//{NS}g[@class='legend-player']")}
    assert list(texts) == ["Ann", "Bo"]
    assert "Ann (red, circles)" in texts["Ann"]
    assert "37 trains left" in texts["Ann"] and "2 stations left" in texts["Ann"]
    assert "Bo (black, crosses)" in texts["Bo"] and "41 trains left" in texts["Bo"] and "3 stations left" in texts["Bo"]


def _legend_texts(root) -> dict:
    return {g.get("data-player"): text_of(g) for g in root.findall(f".//{NS}g[@class='legend-player']")}


def test_the_legend_shows_each_players_route_points_by_default(position_root):
    # Rule: route points are scored as each route is claimed (the running score of the game).
    # Ann: routes 4 + 2 + 4 = 10. Bo: routes 1 + 4 = 5.
    texts = _legend_texts(position_root)
    assert "10 route points" in texts["Ann"] and "5 route points" in texts["Bo"]
    assert "36" not in texts["Ann"] and " 8 " not in texts["Bo"]


@pytest.mark.parametrize("scores", ["final", True])
def test_the_final_legend_shows_each_players_final_total(scores):
    # Rule: final scoring. Ann: routes 10; Paris–Wien completed by her own routes +8; 2 stations
    # unbuilt +8; longest trail 8 beats Bo's 3 (+10): 36. Bo: routes 5; Berlin–Roma failed -9;
    # 3 stations unbuilt +12: 8.
    texts = _legend_texts(parse(board_svg(POSITION, scores=scores)))
    assert "36 points" in texts["Ann"] and "8 points" in texts["Bo"]
    assert "route points" not in texts["Ann"]


@pytest.mark.parametrize("scores", ["all", "total", None, 1.5, ["routes"]])
def test_an_unknown_scores_choice_is_refused_with_a_sentence(scores):
    with pytest.raises(TTRError, match='give "routes", "final" or False'):
        board_svg(POSITION, scores=scores)


def test_usa_legend_has_no_stations():
    pos = {"map": "usa", "players": [{"name": "Cy", "routes": [["Denver", "Omaha"]]}, {"name": "Di"}]}
    root = parse(board_svg(pos))
    texts = [text_of(g) for g in root.findall(f".//{NS}g[@class='legend-player']")]
    assert "stations" not in " ".join(texts) and "41 trains left" in texts[0]   # Denver–Omaha is 4


def test_a_position_object_a_dict_and_a_game_draw_alike():
    pos = Position.from_dict(POSITION)

    class GameLike:
        def to_position(self):
            return pos

    assert board_svg(pos) == board_svg(POSITION) == board_svg(GameLike())


def test_a_real_game_shows_itself():
    g = ttr_teach.Game.new(map="usa", players=["Ann", "Bo"], seed=3)
    root = parse(g._repr_svg_())
    assert len(root.findall(f".//{NS}g[@class='legend-player']")) == 2


def test_map_and_position_show_themselves_in_jupyter(europe):
    assert europe._repr_svg_() == board_svg("europe")
    assert Position.from_dict(POSITION)._repr_svg_() == board_svg(POSITION)


def test_the_input_position_is_not_changed():
    doc = copy.deepcopy(POSITION)
    board_svg(doc, highlight={"longest": "Ann"})
    assert doc == POSITION


# -- highlights -----------------------------------------------------------------------------------
def highlight_groups(root, cls):
    return root.findall(f".//*[@class='{cls}']")


def test_highlighted_routes_and_cities_are_marked(europe):
    pf = [r.index for r in europe.routes_between("Paris", "Frankfurt")]
    root = parse(board_svg("europe", highlight={"routes": [["Paris", "Frankfurt"]],
                                                "cities": ["Zürich", "Wien"], "label": "look"}))
    glow, = highlight_groups(root, "highlight-routes")
    assert sorted(int(i) for i in glow.get("data-routes").split()) == sorted(pf)
    assert len(glow) == 2
    assert [c.get("data-city") for c in highlight_groups(root, "highlight-city")] == ["Zurich", "Wien"]
    legend, = highlight_groups(root, "legend-highlight")
    assert text_of(legend) == "look"


@pytest.mark.parametrize("spec", [
    lambda m: m.route("Paris", "Frankfurt", "white"),
    lambda m: m.route("Paris", "Frankfurt", "white").index,
    lambda m: [["Paris", "Frankfurt", "white"]],
    lambda m: {"routes": ["Frankfurt", "Paris", "white"]},
])
def test_a_route_can_be_named_by_object_index_or_cities(europe, spec):
    root = parse(board_svg("europe", highlight=spec(europe)))
    glow, = highlight_groups(root, "highlight-routes")
    assert glow.get("data-routes") == str(europe.route("Paris", "Frankfurt", "white").index)


def test_highlight_colours_can_be_chosen(europe):
    root = parse(board_svg("europe", highlight={"cities": ["Wien"], "color": "#123456"}))
    assert highlight_groups(root, "highlight-city")[0].get("stroke") == "#123456"


def test_highlight_items_get_different_colours_by_default():
    root = parse(board_svg("europe", highlight=[{"cities": ["Wien"]}, {"cities": ["Roma"]}]))
    a, b = highlight_groups(root, "highlight-city")
    assert a.get("stroke") != b.get("stroke")


def test_longest_route_is_drawn_over_the_trains_with_its_length(europe):
    # Ann's routes form one chain Paris–Frankfurt–München–Wien: 3 + 2 + 3 = 8.
    root = parse(board_svg(POSITION, highlight={"longest": "Ann"}))
    trail, = highlight_groups(root, "highlight-trail")
    expected = {europe.route("Paris", "Frankfurt", "white").index, europe.route("Frankfurt", "Munchen").index,
                europe.route("Munchen", "Wien").index}
    assert {int(i) for i in trail.get("data-routes").split()} == expected
    badge, = highlight_groups(root, "highlight-badge")
    assert text_of(badge) == "8"
    layers = [g.get("class") for g in root]
    assert layers.index("routes") < layers.index("highlight-trail")
    assert "longest path of Ann: 8" in text_of(root.find(f".//{NS}g[@class='legend']"))


def test_longest_route_can_name_the_player_by_colour_or_seat():
    a = board_svg(POSITION, highlight={"longest": "Ann"})
    assert board_svg(POSITION, highlight={"longest": "red"}) == a
    assert board_svg(POSITION, highlight={"longest": 0}) == a


def test_a_completed_ticket_shows_the_path_that_completes_it(europe):
    root = parse(board_svg(POSITION, highlight={"ticket": ["Paris", "Wien"]}))
    trail, = highlight_groups(root, "highlight-trail")
    assert len(trail.get("data-routes").split()) == 3
    assert highlight_groups(root, "highlight-dashed") == []
    assert "ticket Paris–Wien (8): completed by Ann" in text_of(root.find(f".//{NS}g[@class='legend']"))


def test_an_incomplete_ticket_shows_its_two_cities(europe):
    root = parse(board_svg(POSITION, highlight={"ticket": ["Berlin", "Roma"]}))
    assert highlight_groups(root, "highlight-trail") == []
    assert len(highlight_groups(root, "highlight-dashed")) == 1
    assert sorted(c.get("data-city") for c in highlight_groups(root, "highlight-city")) == ["Berlin", "Roma"]
    assert "not completed by Bo" in text_of(root.find(f".//{NS}g[@class='legend']"))


# Cy's station in Wien can only borrow Di's München–Wien, which completes Paris–Wien for Cy.
BORROWING = {"map": "europe", "players": [
    {"name": "Cy", "routes": [["Paris", "Frankfurt", "white"], ["Frankfurt", "Munchen"]],
     "stations": ["Wien"], "tickets": [["Paris", "Wien"]]},
    {"name": "Di", "routes": [["Munchen", "Wien"]], "tickets": [["Berlin", "Roma"]]}]}


def test_a_station_highlight_shows_the_route_it_borrows(europe):
    root = parse(board_svg(BORROWING, highlight={"station": "Wien"}))
    glow, = highlight_groups(root, "highlight-routes")
    assert glow.get("data-routes") == str(europe.route("Munchen", "Wien").index)
    assert [c.get("data-city") for c in highlight_groups(root, "highlight-city")] == ["Wien"]
    assert "Cy's station in Wien borrows München–Wien" in text_of(root.find(f".//{NS}g[@class='legend']"))


def test_a_ticket_path_may_use_the_route_a_station_borrows(europe):
    root = parse(board_svg(BORROWING, highlight={"ticket": ["Paris", "Wien"]}))
    trail, = highlight_groups(root, "highlight-trail")
    assert str(europe.route("Munchen", "Wien").index) in trail.get("data-routes").split()
    assert "completed by Cy" in text_of(root.find(f".//{NS}g[@class='legend']"))


def test_a_station_that_borrows_nothing_says_so():
    root = parse(board_svg(POSITION, highlight={"station": "Berlin"}))
    assert highlight_groups(root, "highlight-routes") == []
    assert "Ann's station in Berlin borrows no route" in text_of(root.find(f".//{NS}g[@class='legend']"))


def test_a_players_routes_and_stations_can_be_highlighted(europe):
    root = parse(board_svg(POSITION, highlight={"player": "Ann"}))
    glow, = highlight_groups(root, "highlight-routes")
    assert len(glow.get("data-routes").split()) == 3
    assert [c.get("data-city") for c in highlight_groups(root, "highlight-city")] == ["Berlin"]


def test_a_city_badge_shows_its_text_on_the_city(europe):
    root = parse(board_svg("europe", highlight={"city_badges": {"Zürich": 7, "Wien": "12"}}))
    badges = highlight_groups(root, "highlight-city-badge")
    assert [(b.get("data-city"), text_of(b)) for b in badges] == [("Zurich", "7"), ("Wien", "12")]
    rect = badges[0].find(f"{NS}rect")
    zurich = europe.cities["Zurich"]
    assert float(rect.get("x")) + float(rect.get("width")) / 2 == pytest.approx(zurich.x, abs=0.1)


def test_a_trail_is_drawn_as_a_line_in_travel_order(europe):
    pf = europe.route("Paris", "Frankfurt", "white").index
    fm = europe.route("Frankfurt", "Munchen").index
    root = parse(board_svg("europe", highlight={"trail": [[pf, "Paris", "Frankfurt"],
                                                          [fm, "Frankfurt", "München"]]}))
    trail, = highlight_groups(root, "highlight-trail")
    assert trail.get("data-routes") == f"{pf} {fm}"
    paris = europe.cities["Paris"]
    from ttr_teach.views.style import _num

    assert trail.find(f"{NS}path").get("d").startswith(f"M{_num(paris.x)} {_num(paris.y)}L")


@pytest.mark.parametrize("source,highlight,error,words", [
    ("europe", {"rout": [1]}, HighlightError, "unknown key 'rout'"),
    ("europe", {"trail": [[0, "Paris", "Wien"]]}, HighlightError, "route 0 joins Amsterdam and Bruxelles"),
    ("europe", {"trail": [[0, "Amsterdam", "Bruxelles"], [1, "Amsterdam", "Essen"]]}, HighlightError,
     "does not start where the trail is (Bruxelles)"),
    ("europe", {"city_badges": ["Wien"]}, HighlightError, "give {city: text}"),
    ("europe", {"cities": ["Atlantis"]}, MapError, "Atlantis"),
    ("europe", {"routes": [999]}, MapError, "no route number 999"),
    ("europe", {"routes": [["Paris", "Roma"]]}, MapError, "no route between Paris and Roma"),
    ("europe", {"cities": ["Wien"], "color": "not-a-colour"}, HighlightError, "colour"),
    ("europe", {"longest": "Ann"}, PositionError, "empty board has no players"),
    (POSITION, {"longest": "Zed"}, PositionError, "no player called 'Zed'"),
    (POSITION, {"station": "Paris"}, PositionError, "no station in Paris"),
    ("europe", "Paris", HighlightError, "give a dict"),
    ("europe", [{"cities": ["Wien"]}, 3], HighlightError, "give a dict"),
])
def test_a_bad_highlight_is_refused_with_a_sentence(source, highlight, error, words):
    with pytest.raises(error, match=re.escape(words)):
        board_svg(source, highlight=highlight)


def test_a_bad_size_is_refused():
    with pytest.raises(TTRError, match="width in pixels"):
        board_svg("europe", size=-3)


# -- output properties ---------------------------------------------------------------------------
def test_the_same_input_gives_byte_identical_svg():
    h = [{"longest": "Ann"}, {"ticket": ["Berlin", "Roma"]}]
    assert board_svg(POSITION, highlight=h) == board_svg(POSITION, highlight=copy.deepcopy(h))


def test_numbers_are_rounded_to_one_decimal():
    svg = board_svg(POSITION, highlight={"longest": "Ann"})
    assert not re.search(r"\d\.\d\d", svg)
    assert "-0 " not in svg and '"-0"' not in svg


def test_ids_are_unique():
    root = parse(board_svg(POSITION))
    ids = [e.get("id") for e in root.iter() if e.get("id")]
    assert len(ids) == len(set(ids)) == 101 + 47


def test_by_default_the_board_fits_its_container_up_to_one_pixel_per_unit():
    root = parse(board_svg("europe"))
    width = float(root.get("viewBox").split()[2])
    assert root.get("width") == "100%" and root.get("height") is None
    assert root.get("style") == f"max-width:{width:g}px;height:auto;max-height:95vh"   # fits a laptop's window


def test_size_sets_the_width_and_keeps_the_aspect_ratio():
    full, small = parse(board_svg("usa")), parse(board_svg("usa", size=550))
    assert small.get("width") == "550" and small.get("viewBox") == full.get("viewBox")
    w, h = (float(v) for v in full.get("viewBox").split()[2:])
    assert int(small.get("height")) == round(550 * h / w)


def test_text_is_escaped():
    pos = {"map": "usa", "players": [{"name": "<Ann & \"Bo\">"}, {"name": "Cy"}]}
    root = parse(board_svg(pos, highlight={"cities": ["Denver"], "label": "a < b & c"}))
    assert "<Ann & \"Bo\">" in text_of(root.find(f".//{NS}g[@class='legend']"))


@pytest.mark.parametrize("name", sorted(regen_svgs.CASES))
def test_reference_svgs_are_unchanged(name):
    """If this fails after an intended change of the drawing, run ``python tests/views/regen_svgs.py``,
    look at the new pictures, and commit them."""
    expected = (regen_svgs.HERE / name).read_text(encoding="utf-8")
    assert regen_svgs.render(name) == expected


# -- the geometry shared with the canvas widget --------------------------------------------------
def test_route_at_finds_every_space_of_every_route(empty_board):
    m, _ = empty_board
    geo = bg.board_geometry(m)
    for row in geo.rows:
        for i in range(row.count):
            assert bg.route_at(m, *row.space_center(i)) == m.routes[row.route]
            assert row.space_at(*row.space_center(i)) == i


def test_route_at_tells_the_two_halves_of_a_double_route_apart(europe):
    geo = bg.board_geometry(europe)
    orange, white = europe.routes_between("Paris", "Frankfurt")
    for r in (orange, white):
        x, y = geo.rows[r.index].space_center(1)
        assert bg.route_at(europe, x, y) == r


def test_city_at_finds_each_city_by_its_circle_and_its_label(empty_board):
    m, _ = empty_board
    geo = bg.board_geometry(m)
    for cid, mark in geo.cities.items():
        assert bg.city_at(m, mark.x, mark.y) == m.cities[cid]
        x0, y0, x1, y1 = mark.label.box
        assert bg.city_at(m, (x0 + x1) / 2, (y0 + y1) / 2) == m.cities[cid]


def test_nothing_is_found_off_the_board(europe):
    assert bg.route_at(europe, -500, -500) is None and bg.city_at(europe, -500, -500) is None


def test_labels_do_not_collide_with_each_other_or_with_cities(empty_board):
    m, _ = empty_board
    marks = list(bg.board_geometry(m).cities.values())
    for i, a in enumerate(marks):
        for b in marks[i + 1:]:
            ax0, ay0, ax1, ay1 = a.label.box
            bx0, by0, bx1, by1 = b.label.box
            assert ax1 <= bx0 or bx1 <= ax0 or ay1 <= by0 or by1 <= ay0, (a.city, b.city)
        for c in marks:
            x0, y0, x1, y1 = a.label.box
            nx, ny = min(max(c.x, x0), x1), min(max(c.y, y0), y1)
            assert (nx - c.x) ** 2 + (ny - c.y) ** 2 >= c.radius ** 2, (a.city, c.city)


def test_no_two_routes_share_any_part_of_a_space(empty_board):
    m, _ = empty_board
    geo = bg.board_geometry(m)
    polys = [(row.route, row.space_polygon(i)) for row in geo.rows for i in range(row.count)]
    for k, (r1, p) in enumerate(polys):
        box = (min(x for x, _ in p), min(y for _, y in p), max(x for x, _ in p), max(y for _, y in p))
        for r2, q in polys[k + 1:]:
            if r1 != r2 and bg.box_hits_polygon(box, q):
                assert not _convex_overlap(p, q), (m.routes[r1], m.routes[r2])


def _convex_overlap(p, q):
    for poly in (p, q):
        for i in range(len(poly)):
            (ax, ay), (bx, by) = poly[i], poly[(i + 1) % len(poly)]
            nx, ny = ay - by, bx - ax
            a = [nx * x + ny * y for x, y in p]
            b = [nx * x + ny * y for x, y in q]
            if max(a) <= min(b) or max(b) <= min(a):
                return False
    return True


def test_no_row_runs_through_another_city(empty_board):
    m, _ = empty_board
    geo = bg.board_geometry(m)
    for row in geo.rows:
        r = m.routes[row.route]
        for c in m.cities.values():
            if c.id not in r.cities:
                assert row.distance(c.x, c.y) > bg.CITY_RADIUS, (r, c.id)


def test_spaces_are_long_enough_to_see_and_rows_stay_between_their_cities(empty_board):
    m, _ = empty_board
    geo = bg.board_geometry(m)
    for row in geo.rows:
        r = m.routes[row.route]
        assert row.space_length >= 12 and row.gap >= bg.SPACE_GAP - 1e-9, r
        a, b = m.cities[r.a], m.cities[r.b]
        for end in (row.start, row.end):
            for c in (a, b):
                assert (end[0] - c.x) ** 2 + (end[1] - c.y) ** 2 >= bg.CITY_RADIUS ** 2


# -- command line ---------------------------------------------------------------------------------
def test_cli_board_draws_a_map_or_a_position_file(tmp_path, capsys):
    from ttr_teach.cli import main

    assert main(["board", "usa", "--size", "400"]) == 0
    assert parse(capsys.readouterr().out).get("width") == "400"
    out = tmp_path / "late.svg"
    source = regen_svgs.HERE / "late_game_europe.json"
    assert main(["board", str(source), "-o", str(out), "--no-legend"]) == 0
    root = parse(out.read_text(encoding="utf-8"))
    assert root.find(f".//{NS}g[@class='legend']") is None
    assert len(root.findall(f".//{NS}g[@data-owner]")) > 0


def test_cli_board_refuses_a_missing_file_in_one_line(tmp_path, capsys):
    from ttr_teach.cli import main

    assert main(["board", str(tmp_path / "nope.json")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("ttr-teach: ") and "nope.json" in err and err.count("\n") == 1


def test_scores_false_leaves_the_points_out_of_the_legend():
    position = {"map": "europe", "players": [
        {"name": "Ann", "routes": [["Paris", "Frankfurt", "white"]]},
        {"name": "Bo", "routes": [["Wien", "Budapest", "red"]]}]}
    with_scores = ttr_teach.board_svg(position, scores="final")
    without = ttr_teach.board_svg(position, scores=False)
    # Totals: Ann 4 (3-train route) + 12 (3 stations unbuilt) + 10 (longest, 3 > 1) = 26;
    # Bo 1 (1-train route) + 12 = 13.
    assert "26 points" in with_scores and "13 points" in with_scores
    assert "26 points" not in without and "13 points" not in without
    assert "42 trains left" in without and "44 trains left" in without


# -- views draw; the engine reads and scores ----------------------------------------------------------------
def test_no_view_parses_or_scores_a_position_itself():
    # Reading "a position" is engine.position.as_position; scoring is engine.scoring.score. A
    # view module imports neither the longest-route search, nor the ticket and station
    # choice, nor the parser's helpers: it asks the engine and draws what it gets.
    import ast
    from pathlib import Path

    import ttr_teach.views as views

    forbidden = {"ttr_teach.engine.longest", "ttr_teach.engine.tickets.ticket_result",
                 "ttr_teach.engine.tickets.station_choices", "ttr_teach.engine.tickets.best_station_choice",
                 "ttr_teach.engine.scoring.score_position", "ttr_teach.engine.position.read_document"}
    found = []
    root = Path(views.__file__).parent
    for path in root.rglob("*.py"):
        package = "ttr_teach." + ".".join(path.relative_to(root.parent).with_suffix("").parts[:-1])
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                base = package.split(".")[: len(package.split(".")) - node.level + 1] if node.level else []
                module = ".".join(base + ([node.module] if node.module else []))
                for alias in node.names:
                    name = f"{module}.{alias.name}"
                    if any(name == f or name.startswith(f + ".") for f in forbidden):
                        found.append(f"{path.name}: {name}")
    assert found == []


def test_the_highlights_draw_the_scores_own_paths(europe):
    # the longest path and a ticket's path on the board are those of the engine's Score
    from ttr_teach.engine.position import load_position
    from ttr_teach.engine.scoring import score
    from ttr_teach.views.highlights import resolve_highlight

    pos = load_position(BORROWING)
    s = score(pos)
    cy = s.player("Cy")
    marks = resolve_highlight(pos, [{"longest": "Cy"}, {"ticket": ["Paris", "Wien"]}, {"station": "Wien"}],
                              lambda: s)
    assert marks[0].trails == [[(r.index, a, b) for r, a, b in cy.longest_path]]
    assert marks[1].trails == [[(r.index, a, b) for r, a, b in cy.outcome(("Paris", "Wien")).steps]]
    assert marks[2].routes == [cy.borrowed["Wien"].index]
