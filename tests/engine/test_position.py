"""Position files: parsing routes (double routes by colour, gray doubles, the two-pass
assignment), stations, tickets, colours, YAML and JSON files, and the round trip to_dict;
Position.validate rule by rule; the one seat lookup; as_position and read_text."""
import json
from dataclasses import replace
from pathlib import Path

import pytest
import yaml

import ttr_teach
from ttr_teach.engine.errors import PositionError
from ttr_teach.engine.position import PlayerPosition, Position, as_position, load_position, read_text, route_spec

EUROPE = ttr_teach.load_map("europe")
USA = ttr_teach.load_map("usa")


def test_a_route_is_named_by_its_two_cities_in_either_order():
    p = Position.from_dict({"map": "europe", "players": [{"name": "Ann", "routes": [["Wien", "Zagrab"]]},
                                                         {"name": "Bo", "routes": [["Roma", "Venezia"]]}]})
    assert p.players[0].routes == (EUROPE.route("Zagrab", "Wien"),)
    assert p.players[1].routes[0].cities == ("Roma", "Venezia") or p.players[1].routes[0].cities == ("Venezia", "Roma")


def test_city_names_ignore_case_accents_and_accept_aliases():
    p = Position.from_dict({"map": "europe", "players": [
        {"name": "Ann", "routes": [["zürich", "MÜNCHEN"]], "stations": ["athens"], "tickets": [["Zurich", "Brindisi"]]},
        {"name": "Bo"}]})
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
                                                                                     ["Marseille", "Roma"]]},
                                                         {"name": "Bo"}]})
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


def test_route_spec_names_the_colour_and_side_only_when_they_tell_the_halves_apart():
    assert route_spec(EUROPE, EUROPE.route("Paris", "Frankfurt", "white")) in (
        ["Paris", "Frankfurt", "white"], ["Frankfurt", "Paris", "white"])
    # gray + gray: the colour cannot tell the halves apart, the side of the board does
    assert route_spec(EUROPE, EUROPE.routes_between("Essen", "Kobenhavn")[1]) == ["Essen", "Kobenhavn", "gray", "right"]
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
    for a, b in zip(p.players, again.players, strict=True):
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
    p = Position.from_dict({"map": "usa", "title": "A puzzle", "note": "anything",
                            "players": [{"name": "Ann"}, {"name": "Bo"}]})
    assert p.players[0].name == "Ann"


@pytest.mark.parametrize("map_name", ["europe", "usa"])
def test_every_route_of_the_map_can_be_named(map_name):
    m = ttr_teach.load_map(map_name)
    for r in m.routes:
        p = Position.from_dict({"map": map_name, "players": [{"name": "Ann", "routes": [[r.a, r.b, r.color]]},
                                                             {"name": "Bo"}]})
        got = p.players[0].routes[0]
        partner = m.partner(r)
        if partner is not None and partner.color == r.color:
            # the two halves of a same-coloured double are interchangeable: the first is used
            assert got.index == min(r.index, partner.index)
        else:
            assert got.index == r.index


# -- Position.validate: the rules of a position, for the parser, the sandbox and the Game -----------
def player(name, color, routes=(), stations=(), tickets=()):
    return PlayerPosition(name, tuple(routes), tuple(stations), tuple(tickets), color)


@pytest.mark.parametrize("players, words", [
    # one player may never own both routes of a double route
    ([player("Ann", "red", [EUROPE.route("Paris", "Frankfurt", "white"), EUROPE.route("Paris", "Frankfurt", "orange")]),
      player("Bo", "blue"), player("Cy", "green"), player("Di", "yellow")],
     ["player 'Ann'", "route Frankfurt–Paris (orange)", "never own both"]),
    # with 2 or 3 players only one route of a double pair is claimed
    ([player("Ann", "red", [EUROPE.route("Paris", "Frankfurt", "white")]),
      player("Bo", "blue", [EUROPE.route("Paris", "Frankfurt", "orange")])],
     ["player 'Bo'", "with 2 or 3 players only one"]),
    # the two gray halves are told apart (the file format cannot)
    ([player("Ann", "red", [EUROPE.routes_between("Essen", "Kobenhavn")[0]]),
      player("Bo", "blue", [EUROPE.routes_between("Essen", "Kobenhavn")[1]])],
     ["player 'Bo'", "route Essen–Kobenhavn", "only one of its two routes"]),
    # a route has one owner
    ([player("Ann", "red", [EUROPE.route("Wien", "Zagrab")]), player("Bo", "blue", [EUROPE.route("Wien", "Zagrab")])],
     ["player 'Bo'", "already owned by 'Ann'"]),
    # at most 45 trains
    ([player("Ann", "red", [EUROPE.route(*pair) for pair in [("Kyiv", "Budapest"), ("Stockholm", "Petrograd"),
                                                             ("Palermo", "Smyrna"), ("Paris", "Pamplona", "blue"),
                                                             ("Marseille", "Roma"), ("Paris", "Marseille"),
                                                             ("Berlin", "Warszawa", "pink"), ("Warszawa", "Wien"),
                                                             ("Danzig", "Berlin"), ("Bucuresti", "Budapest")]])],
     ["player 'Ann'", "routes", "48 trains", "only 45"]),
    # three stations each, one per city, none in the USA game
    ([player("Ann", "red", stations=["Paris", "Roma", "Wien", "Berlin"])],
     ["player 'Ann'", "station 'Berlin'", "all 3"]),
    ([player("Ann", "red", stations=["Wien"]), player("Bo", "blue", stations=["Wien"])],
     ["player 'Bo'", "station 'Wien'", "a city holds only one"]),
    # a ticket exists once
    ([player("Ann", "red", tickets=[EUROPE.ticket("Paris", "Wien")]),
      player("Bo", "blue", tickets=[EUROPE.ticket("Paris", "Wien")])],
     ["player 'Bo'", "ticket Paris–Wien", "'Ann' holds it"]),
    # names and colours
    ([player("Ann", "red"), player("Ann", "blue")], ["player 'Ann'", "two players have this name"]),
    ([player(" ", "red")], ["player '#1'", "needs a name"]),
    ([player("Ann", "red"), player("Bo", "red")], ["two players have the colour red"]),
    ([player("Ann", "purple")], ["'purple' is not a player colour"]),
    ([player(f"P{i}", c) for i, c in enumerate(("red", "blue", "green", "yellow", "black", "red"))],
     ["6 players", "2 to 5"]),
    ([], ["players", "2 to 5 players"]),
    # items of another map, and things that are not items at all
    ([player("Ann", "red", [USA.routes[0]])], ["player 'Ann'", "not a route of the europe map"]),
    ([player("Ann", "red", ["Paris-Wien"])], ["player 'Ann'", "route 'Paris-Wien'", "not a route"]),
    ([player("Ann", "red", stations=[["Wien"]])], ["player 'Ann'", "no city called ['Wien']"]),
    ([player("Ann", "red", tickets=[USA.tickets[0]])], ["player 'Ann'", "not a ticket of the europe map"]),
    ([None], ["player '#1'", "None is not a PlayerPosition"]),
])
def test_validate_refuses_a_position_that_breaks_a_rule(players, words):
    with pytest.raises(PositionError) as caught:
        Position(EUROPE, tuple(players)).validate("here")
    message = str(caught.value)
    assert message.startswith("here: ")
    for w in words:
        assert w in message


def test_validate_rule_for_stations_on_the_usa_map():
    with pytest.raises(PositionError, match="no stations in the usa game"):
        Position(USA, (player("Ann", "red", stations=["Denver"]),)).validate()


def test_validate_returns_the_position_and_every_parsed_position_is_valid():
    p = Position.from_dict(ROUND_TRIP)
    assert p.validate() is p
    # a position made directly (the sandbox, a Game) keeps both gray halves apart
    halves = EUROPE.routes_between("Essen", "Kobenhavn")
    four = Position(EUROPE, (player("Ann", "red", [halves[1]]), player("Bo", "blue", [halves[0]]),
                             player("Cy", "green"), player("Di", "yellow")))
    assert four.validate().players[0].routes == (halves[1],)


@pytest.mark.parametrize("map_name, n, seed", [("europe", 2, 0), ("europe", 3, 5), ("europe", 5, 1), ("usa", 4, 2)])
def test_a_game_position_is_valid_by_construction(map_name, n, seed):
    # Game.to_position builds its Position without checks (the trusted constructor): the
    # game's own rules kept it legal, and validate() agrees, mid-game and at the end.
    from ttr_teach.players.random_bot import play_random_game

    game = play_random_game(map_name, n, seed=seed)
    position = game.to_position()
    assert position.validate() is position
    assert [p.trains_left for p in position.players] == [game.trains_left(i) for i in range(n)]


def test_owners_are_read_only_and_computed_once():
    p = Position.from_dict(ROUND_TRIP)
    assert p.owners is p.owners and p.station_owners is p.station_owners
    with pytest.raises(TypeError):
        p.owners[0] = 1
    # a changed copy has its own
    q = replace(p, players=p.players[:1])
    assert set(q.owners.values()) == {0}


# -- one seat lookup ---------------------------------------------------------------------------------
def test_a_player_is_found_by_seat_name_or_colour():
    p = Position.from_dict({"map": "europe", "players": [{"name": "Ann", "color": "blue"}, {"name": "red"},
                                                         {"name": "Cy"}]})
    # the player called "red" gets the first colour nobody asked for: red
    assert [x.color for x in p.players] == ["blue", "red", "green"]
    assert p.seat("Ann") == 0 and p.seat(0) == 0 and p.seat("blue") == 0
    assert p.seat("red") == 1 and p.seat("green") == 2
    assert p.player("Cy") is p.players[2]


def test_a_name_is_found_before_a_colour():
    p = Position.from_dict({"map": "europe", "players": [{"name": "Ann", "color": "green"}, {"name": "green"}]})
    assert p.seat("green") == 1


def test_an_unknown_player_is_refused_naming_the_players():
    p = Position.from_dict({"map": "europe", "players": [{"name": "Ann"}, {"name": "Bo"}]})
    with pytest.raises(PositionError, match=r"no player called 'Zed' \(the players are Ann, Bo\)"):
        p.seat("Zed")
    with pytest.raises(PositionError, match=r"no player number 2 \(the seats are 0 to 1\)"):
        p.player(2)
    with pytest.raises(PositionError, match="no player called True"):
        p.seat(True)


# -- as_position and read_text: the one place that reads "a position" -----------------------------------
def test_as_position_gives_a_map_its_empty_board_and_reads_the_rest_like_load_position():
    assert as_position("Europe").players == () and as_position(USA).map is USA
    p = Position.from_dict(ROUND_TRIP)
    assert as_position(p) is p and as_position(ROUND_TRIP) == p
    with pytest.raises(PositionError, match="cannot read a position from int"):
        as_position(7)
    # load_position does not take a map: a score needs players
    with pytest.raises(PositionError, match="cannot read the file"):
        load_position("europe")


def test_read_text_takes_json_or_yaml_and_names_the_source():
    assert read_text('{"map": "usa"}') == {"map": "usa"}
    assert read_text("map: usa\nplayers:\n- name: Ann\n") == {"map": "usa", "players": [{"name": "Ann"}]}
    with pytest.raises(PositionError, match="^pasted: not valid JSON .* nor YAML$"):
        read_text("{oops: [", "pasted")
    with pytest.raises(PositionError, match="^pasted: there is nothing to read"):
        read_text("  \n", "pasted")
