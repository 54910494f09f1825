"""The map files: every fact checked against counts from the rulebooks (worked out by hand)."""
import json
from collections import Counter

import pytest

import ttr_teach
from ttr_teach.engine.errors import MapError
from ttr_teach.engine.maps import load_map_file, parse_map


@pytest.fixture(scope="module")
def europe():
    return ttr_teach.load_map("europe")


@pytest.fixture(scope="module")
def usa():
    return ttr_teach.load_map("usa")


def test_europe_has_47_cities_101_routes_46_tickets(europe):
    assert (len(europe.cities), len(europe.routes), len(europe.tickets)) == (47, 101, 46)


def test_europe_has_300_train_spaces_and_the_published_length_histogram(europe):
    assert sum(r.length for r in europe.routes) == 300
    assert Counter(r.length for r in europe.routes) == {1: 4, 2: 35, 3: 30, 4: 29, 6: 2, 8: 1}


def test_europe_colours_are_8_routes_of_each_colour_and_37_gray(europe):
    colours = Counter(r.color for r in europe.routes)
    assert colours.pop("gray") == 37
    assert colours == {c: 8 for c in ttr_teach.COLORS}


def test_europe_has_18_tunnels_of_55_spaces(europe):
    tunnels = [r for r in europe.routes if r.tunnel]
    assert len(tunnels) == 18 and sum(r.length for r in tunnels) == 55


def test_europe_has_13_ferries_9_with_one_locomotive_4_with_two(europe):
    ferries = [r for r in europe.routes if r.is_ferry]
    assert Counter(r.locomotives for r in ferries) == {1: 9, 2: 4}
    assert all(r.is_gray and not r.tunnel for r in ferries)


def test_europe_has_11_double_routes_90_city_pairs(europe):
    assert len(europe.double_pairs) == 11
    assert len({frozenset(r.cities) for r in europe.routes}) == 90


def test_europe_tickets_are_40_regular_5_to_13_and_6_long_20_or_21(europe):
    regular = [t.points for t in europe.tickets if not t.long]
    long = sorted(t.points for t in europe.tickets if t.long)
    assert len(regular) == 40 and min(regular) == 5 and max(regular) == 13
    assert long == [20, 20, 20, 21, 21, 21]


def test_europe_specific_routes(europe):
    assert europe.route("Petrograd", "Stockholm").length == 8
    assert europe.route("Petrograd", "Stockholm").tunnel
    assert europe.route("Palermo", "Smyrna").locomotives == 2
    assert sorted(r.color for r in europe.routes_between("Madrid", "Pamplona")) == ["black", "white"]
    assert all(r.tunnel for r in europe.routes_between("Madrid", "Pamplona"))
    assert europe.ticket("Edinburgh", "Athina").points == 21


def test_usa_has_36_cities_100_routes_30_tickets_309_spaces(usa):
    assert (len(usa.cities), len(usa.routes), len(usa.tickets)) == (36, 100, 30)
    assert sum(r.length for r in usa.routes) == 309
    assert Counter(r.length for r in usa.routes) == {1: 9, 2: 36, 3: 20, 4: 16, 5: 10, 6: 9}


def test_usa_has_22_doubles_44_gray_and_7_of_each_colour(usa):
    assert len(usa.double_pairs) == 22
    colours = Counter(r.color for r in usa.routes)
    assert colours.pop("gray") == 44 and colours == {c: 7 for c in ttr_teach.COLORS}
    assert not any(r.tunnel or r.is_ferry for r in usa.routes)


def test_usa_tickets_range_from_4_to_22(usa):
    points = sorted(t.points for t in usa.tickets)
    assert points[0] == 4 and points[-1] == 22
    assert usa.ticket("Los Angeles", "New York").points == 21
    assert usa.ticket("Seattle", "New York").points == 22


@pytest.mark.parametrize("alias,city", [("Zürich", "Zurich"), ("zurich", "Zurich"), ("Athens", "Athina"),
                                        ("København", "Kobenhavn"), ("Istanbul", "Constantinople"),
                                        ("Vienna", "Wien"), ("München", "Munchen")])
def test_city_aliases_resolve(europe, alias, city):
    assert europe.city(alias).id == city


def test_every_city_has_a_drawing_position_inside_the_board(europe, usa):
    for m in (europe, usa):
        w, h = m.size
        for c in m.cities.values():
            assert 0 < c.x < w and 0 < c.y < h, c


def test_drawing_positions_follow_geography(europe, usa):
    """Projected from latitude and longitude: west is left, north is up."""
    assert europe.city("Lisboa").x < europe.city("Paris").x < europe.city("Moskva").x
    assert europe.city("Stockholm").y < europe.city("Roma").y
    assert usa.city("Seattle").x < usa.city("Chicago").x < usa.city("New York").x
    assert usa.city("Winnipeg").y < usa.city("Houston").y


def test_cities_are_at_least_40_units_apart(europe, usa):
    for m in (europe, usa):
        cs = list(m.cities.values())
        for i, a in enumerate(cs):
            for b in cs[i + 1:]:
                assert (a.x - b.x) ** 2 + (a.y - b.y) ** 2 >= 40 ** 2, (a.id, b.id)


def test_unknown_city_message_names_the_city(europe):
    with pytest.raises(MapError, match="no city called 'Atlantis'"):
        europe.city("Atlantis")


def test_unknown_map_is_refused():
    with pytest.raises(MapError, match="unknown map 'mars'"):
        ttr_teach.load_map("mars")


def _europe_doc():
    from ttr_teach.engine.maps import MAPS_DIR
    return json.loads((MAPS_DIR / "europe.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("damage,message", [
    (lambda d: d["routes"][0].update(a="Atlantis"), "route #1 .* unknown city 'Atlantis'"),
    (lambda d: d["routes"][0].update(length=5), "length 5"),
    (lambda d: d["routes"][0].update(color="purple"), "colour 'purple'"),
    (lambda d: d["routes"][0].pop("length"), "route #1 .* has no 'length'"),
    (lambda d: d["cities"].append(dict(d["cities"][0])), "listed twice"),
    (lambda d: d["tickets"][0].update(points=-3), "worth -3 points"),
    (lambda d: d["routes"].append(dict(d["routes"][16])), "3 routes join"),
    (lambda d: d.update(rules="mars"), "unknown rules 'mars'"),
])
def test_a_broken_map_is_refused_with_a_clear_message(damage, message):
    doc = _europe_doc()
    damage(doc)
    with pytest.raises(MapError, match=message):
        parse_map(doc, "broken.json")


def test_a_map_file_that_is_not_json_is_refused(tmp_path):
    p = tmp_path / "bad.json"
    p.write_text("{not json")
    with pytest.raises(MapError, match="bad.json: not valid JSON"):
        load_map_file(p)


# -- a shared map is read-only -------------------------------------------------------------------------
def test_the_map_is_shared_and_read_only(europe):
    import copy
    import pickle

    assert ttr_teach.load_map("Europe") is europe
    with pytest.raises(TypeError):
        europe.cities["Atlantis"] = europe.cities["Paris"]
    with pytest.raises(TypeError):
        del europe.cities["Paris"]
    assert isinstance(europe.routes, tuple) and isinstance(europe.tickets, tuple)
    # copying or pickling a built-in map gives the one shared map, never a second copy
    assert copy.deepcopy(europe) is europe and pickle.loads(pickle.dumps(europe)) is europe


def test_a_map_from_a_file_pickles_by_its_parts():
    import pickle

    doc = _europe_doc()
    doc["name"] = "my europe"
    m = parse_map(doc, "mine.json")
    again = pickle.loads(pickle.dumps(m))
    assert again is not m and again.name == "my europe"
    assert again.routes == m.routes and dict(again.cities) == dict(m.cities) and again.tickets == m.tickets


def test_routes_at_a_city_are_every_route_that_touches_it(europe, usa):
    for m in (europe, usa):
        for cid in m.cities:
            assert m.routes_at(cid) == [r for r in m.routes if cid in r.cities]
    assert europe.routes_at("vienna") == europe.routes_at("Wien")
    with pytest.raises(MapError, match="no city called 'Atlantis'"):
        europe.routes_at("Atlantis")


def test_find_route_and_find_ticket_take_every_kind_of_reference(europe):
    white = europe.route("Paris", "Frankfurt", "white")
    assert europe.find_route(white) is white and europe.find_route(white.index) is white
    assert europe.find_route(("Frankfurt", "Paris", "white")) is white
    ticket = europe.ticket("Paris", "Wien")
    assert europe.find_ticket(ticket) is ticket and europe.find_ticket(ticket.index) is ticket
    assert europe.find_ticket(["Wien", "Paris"]) is ticket
    for bad, words in [(999, "no route number 999"), ("Paris", "does not name a route"),
                       (ttr_teach.load_map("usa").routes[0], "not a route of the europe map")]:
        with pytest.raises(MapError, match=words):
            europe.find_route(bad)
    with pytest.raises(MapError, match="no ticket number -1"):
        europe.find_ticket(-1)
