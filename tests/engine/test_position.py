"""Position files: parsing routes (double routes by colour, gray doubles, the two-pass
assignment), stations, tickets, colours, YAML and JSON files, and the round trip to_dict."""
import json
from pathlib import Path

import pytest
import yaml

import ttr_teach
from ttr_teach.engine.position import Position, load_position, route_spec

EUROPE = ttr_teach.load_map("europe")
USA = ttr_teach.load_map("usa")


def test_a_route_is_named_by_its_two_cities_in_either_order():
    p = Position.from_dict({"map": "europe", "players": [{"name": "Ann", "routes": [["Wien", "Zagrab"]]},
                                                         {"name": "Bo", "routes": [["Roma", "Venezia"]]}]})
    assert p.players[0].routes == (EUROPE.route("Zagrab", "Wien"),)
    assert p.players[1].routes[0].cities == ("Roma", "Venezia") or p.players[1].routes[0].cities == ("Venezia", "Roma")


def test_city_names_ignore_case_accents_and_accept_aliases():
    p = Position.from_dict({"map": "europe", "players": [
        {"name": "Ann", "routes": [["zürich", "MÜNCHEN"]], "stations": ["athens"], "tickets": [["Zurich", "Brindisi"]]}]})
    assert p.players[0].routes[0] == EUROPE.route("Zurich", "Munchen")
    assert p.players[0].stations == ("Athina",)
    assert p.players[0].tickets == (EUROPE.ticket("Brindisi", "Zurich"),)


def test_colour_picks_one_half_of_a_double_route():
    # Paris-Frankfurt is orange and white
    p = Position.from_dict({"map": "europe", "players": [
        {"name": "Ann", "routes": [["Paris", "Frankfurt", "white"]]},
        {"name": "Bo", "routes": [["Frankfurt", "Paris", "orange"]]},
        {"name": "Cy"}, {"name": "Di"}]})
    assert p.players[0].routes[0].color == "white" and p.players[1].routes[0].color == "orange"


def test_without_colour_a_double_route_gives_the_first_free_half():
    p = Position.from_dict({"map": "europe", "players": [
        {"name": "Ann", "routes": [["Paris", "Frankfurt"]]}, {"name": "Bo"}]})
    assert p.players[0].routes[0] == EUROPE.routes_between("Paris", "Frankfurt")[0]


def test_two_pass_assignment_a_named_colour_is_never_taken_by_an_unnamed_one():
    # Ann (seat 1) names Paris-Frankfurt without colour, Bo (seat 2) names the orange half,
    # which is also the first half in the map file. Specs naming one route are placed first,
    # so Bo gets orange and Ann the white half, whatever the seat order.
    p = Position.from_dict({"map": "europe", "players": [
        {"name": "Ann", "routes": [["Paris", "Frankfurt"]]},
        {"name": "Bo", "routes": [["Paris", "Frankfurt", "orange"]]},
        {"name": "Cy"}, {"name": "Di"}]})
    assert EUROPE.routes_between("Paris", "Frankfurt")[0].color == "orange"
    assert (p.players[0].routes[0].color, p.players[1].routes[0].color) == ("white", "orange")


def test_gray_double_route_halves_go_to_two_players_of_a_four_player_game():
    # Essen-Kobenhavn: both halves gray, so colour cannot tell them apart.
    halves = EUROPE.routes_between("Essen", "Kobenhavn")
    assert [r.color for r in halves] == ["gray", "gray"]
    p = Position.from_dict({"map": "europe", "players": [
        {"name": "Ann", "routes": [["Essen", "Kobenhavn"]]},
        {"name": "Bo", "routes": [["Kobenhavn", "Essen", "gray"]]},
        {"name": "Cy"}, {"name": "Di"}]})
    assert {p.players[0].routes[0].index, p.players[1].routes[0].index} == {r.index for r in halves}


def test_usa_gray_double_route_in_a_four_player_game():
    p = Position.from_dict({"map": "usa", "players": [
        {"name": "Ann", "routes": [["Seattle", "Portland"]]}, {"name": "Bo", "routes": [["Portland", "Seattle"]]},
        {"name": "Cy"}, {"name": "Di"}]})
    assert p.players[0].routes[0] != p.players[1].routes[0]


def test_trains_left_counts_the_routes_lengths():
    # 4 (Paris-Marseille) + 4 (Marseille-Roma) = 8 trains used of 45
    p = Position.from_dict({"map": "europe", "players": [{"name": "Ann", "routes": [["Paris", "Marseille"],
                                                                                     ["Marseille", "Roma"]]}]})
    assert (p.players[0].trains_used, p.players[0].trains_left) == (8, 37)


def test_players_get_seat_colours_unless_they_name_one():
    p = Position.from_dict({"map": "usa", "players": [{"name": "Ann"}, {"name": "Bo"}, {"name": "Cy"}]})
    assert [x.color for x in p.players] == ["red", "blue", "green"]
    # a named colour is kept away from the others (this used to refuse a legal position:
    # Bo's default "blue" clashed with Ann's chosen one)
    p = Position.from_dict({"map": "usa", "players": [{"name": "Ann", "color": "blue"}, {"name": "Bo"},
                                                      {"name": "Cy"}]})
    assert [x.color for x in p.players] == ["blue", "red", "green"]


def test_owners_and_station_owners_by_seat():
    p = Position.from_dict({"map": "europe", "players": [
        {"name": "Ann", "routes": [["Wien", "Zagrab"]], "stations": ["Roma"]},
        {"name": "Bo", "routes": [["Roma", "Venezia"]], "stations": ["Wien"]}]})
    assert p.owners == {EUROPE.route("Wien", "Zagrab").index: 0, EUROPE.route("Roma", "Venezia").index: 1}
    assert p.station_owners == {"Roma": 0, "Wien": 1}
    assert p.player("Bo") is p.players[1] and p.player(0) is p.players[0]


def test_route_spec_names_the_colour_only_when_it_tells_the_halves_apart():
    assert route_spec(EUROPE, EUROPE.route("Paris", "Frankfurt", "white")) in (
        ["Paris", "Frankfurt", "white"], ["Frankfurt", "Paris", "white"])
    assert len(route_spec(EUROPE, EUROPE.routes_between("Essen", "Kobenhavn")[1])) == 2   # gray + gray
    assert len(route_spec(EUROPE, EUROPE.route("Wien", "Zagrab"))) == 2                   # single route


ROUND_TRIP = {"map": "europe", "players": [
    {"name": "Ann", "color": "green", "routes": [["Paris", "Frankfurt", "white"], ["Essen", "Kobenhavn"]],
     "stations": ["Wien", "Roma"], "tickets": [["Paris", "Wien"], ["Brest", "Petrograd"]]},
    {"name": "Bo", "routes": [["Frankfurt", "Paris", "orange"], ["Kobenhavn", "Essen"]],
     "stations": [], "tickets": [["Berlin", "Roma"]]},
    {"name": "Cy"}, {"name": "Di", "routes": [["Wien", "Budapest", "white"]]}]}


def test_to_dict_round_trips_and_is_plain_json():
    p = Position.from_dict(ROUND_TRIP)
    d = p.to_dict()
    assert json.loads(json.dumps(d)) == d
    again = Position.from_dict(d)
    assert again.to_dict() == d
    # the same routes, stations, tickets and colours
    for a, b in zip(p.players, again.players):
        assert (a.name, a.color, a.stations, a.tickets) == (b.name, b.color, b.stations, b.tickets)
        assert sorted(r.index for r in a.routes) == sorted(r.index for r in b.routes)


def test_yaml_and_json_files_give_the_same_position(tmp_path):
    (tmp_path / "p.json").write_text(json.dumps(ROUND_TRIP), encoding="utf-8")
    (tmp_path / "p.yaml").write_text(yaml.safe_dump(ROUND_TRIP), encoding="utf-8")
    (tmp_path / "p.yml").write_text(yaml.safe_dump(ROUND_TRIP), encoding="utf-8")
    from_json = load_position(tmp_path / "p.json")
    assert load_position(str(tmp_path / "p.yaml")).to_dict() == from_json.to_dict()
    assert load_position(tmp_path / "p.yml").to_dict() == from_json.to_dict()
    assert from_json.to_dict() == Position.from_dict(ROUND_TRIP).to_dict()


def test_handwritten_yaml_with_comments_is_read():
    text = """# a position written by hand
map: usa
players:
  - name: Ann
    routes:
      - [Denver, Omaha]          # 4 trains
      - [Kansas City, Denver, black]
    tickets: [[Denver, El Paso]]
  - name: Bo
"""
    p = load_position(_write(text, ".yaml"))
    assert [r.length for r in p.players[0].routes] == [4, 4]
    assert p.players[0].tickets[0].points == 4


def _write(text, suffix):
    import tempfile

    f = tempfile.NamedTemporaryFile("w", suffix=suffix, delete=False, encoding="utf-8")
    f.write(text)
    f.close()
    return Path(f.name)


def test_load_position_passes_a_position_through_and_reads_a_game():
    p = Position.from_dict(ROUND_TRIP)
    assert load_position(p) is p
    game = ttr_teach.Game.new(map="usa", players=["Ann", "Bo"], seed=3)
    assert [x.name for x in load_position(game).players] == ["Ann", "Bo"]


def test_a_note_and_a_title_are_allowed_at_the_top():
    p = Position.from_dict({"map": "usa", "title": "A puzzle", "note": "anything", "players": [{"name": "Ann"}]})
    assert p.players[0].name == "Ann"


@pytest.mark.parametrize("map_name", ["europe", "usa"])
def test_every_route_of_the_map_can_be_named(map_name):
    m = ttr_teach.load_map(map_name)
    for r in m.routes:
        p = Position.from_dict({"map": map_name, "players": [{"name": "Ann", "routes": [[r.a, r.b, r.color]]}]})
        got = p.players[0].routes[0]
        partner = m.partner(r)
        if partner is not None and partner.color == r.color:
            # the two halves of a same-coloured double are interchangeable: the first is used
            assert got.index == min(r.index, partner.index)
        else:
            assert got.index == r.index
