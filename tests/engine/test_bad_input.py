"""Broken position files and wrong API calls: each is refused with a sentence naming the file,
the player and the item, from Python (a TTRError, a ValueError) and from the command line
(exit status 2, one line on stderr, never a traceback)."""
import json
import subprocess
import sys

import pytest

import ttr_teach
from ttr_teach.engine.errors import MapError, PositionError, TTRError
from ttr_teach.engine.longest import longest_route, longest_route_length
from ttr_teach.engine.position import load_position
from ttr_teach.engine.scoring import score_position
from ttr_teach.engine.tickets import station_choices


def europe(*players, map="europe"):
    return {"map": map, "players": list(players)}


# 48 trains: 6 + 8 + 6 + 4 * 7
TOO_MANY_TRAINS = [["Kyiv", "Budapest"], ["Stockholm", "Petrograd"], ["Palermo", "Smyrna"], ["Paris", "Pamplona"],
                   ["Marseille", "Roma"], ["Paris", "Marseille"], ["Berlin", "Warszawa"], ["Warszawa", "Wien"],
                   ["Danzig", "Berlin"], ["Bucuresti", "Budapest"]]

#: name -> (position document, words the message must contain)
BAD_DOCUMENTS = {
    "unknown city": (europe({"name": "Ann", "routes": [["Paris", "Atlantis"]]}),
                     ["player 'Ann'", "Paris–Atlantis", "no city called 'Atlantis'"]),
    "no such route": (europe({"name": "Ann", "routes": [["Paris", "Roma"]]}),
                      ["player 'Ann'", "Paris–Roma", "no route between Paris and Roma"]),
    "route owned twice": (europe({"name": "Ann", "routes": [["Wien", "Zagrab"]]},
                                 {"name": "Bo", "routes": [["Zagrab", "Wien"]]}),
                          ["player 'Bo'", "Zagrab–Wien", "already owned by 'Ann'"]),
    "route listed twice": (europe({"name": "Ann", "routes": [["Wien", "Zagrab"], ["Zagrab", "Wien"]]}),
                           ["player 'Ann'", "listed twice"]),
    "both halves of a double by one player": (
        europe({"name": "Ann", "routes": [["Paris", "Frankfurt", "white"], ["Paris", "Frankfurt", "orange"]]},
               {"name": "Bo"}, {"name": "Cy"}, {"name": "Di"}),
        ["player 'Ann'", "Paris–Frankfurt (orange)", "never own both"]),
    "second half of a double with three players": (
        europe({"name": "Ann", "routes": [["Paris", "Frankfurt", "white"]]},
               {"name": "Bo", "routes": [["Paris", "Frankfurt", "orange"]]}, {"name": "Cy"}),
        ["player 'Bo'", "Paris–Frankfurt (orange)", "with 2 or 3 players only one"]),
    "over 45 trains": (europe({"name": "Ann", "routes": TOO_MANY_TRAINS}),
                       ["player 'Ann'", "routes", "48 trains", "only 45"]),
    "over 3 stations": (europe({"name": "Ann", "stations": ["Paris", "Roma", "Wien", "Berlin"]}),
                        ["player 'Ann'", "station 'Berlin'", "all 3"]),
    "two stations in a city": (europe({"name": "Ann", "stations": ["Wien"]}, {"name": "Bo", "stations": ["Wien"]}),
                               ["player 'Bo'", "station 'Wien'", "station of 'Ann'"]),
    "a station listed twice": (europe({"name": "Ann", "stations": ["Wien", "wien"]}),
                               ["player 'Ann'", "station 'wien'", "listed twice"]),
    "ticket held twice": (europe({"name": "Ann", "tickets": [["Paris", "Wien"]]},
                                 {"name": "Bo", "tickets": [["Wien", "Paris"]]}),
                          ["player 'Bo'", "ticket Paris–Wien", "'Ann' holds it"]),
    "unknown ticket": (europe({"name": "Ann", "tickets": [["Paris", "Roma"]]}),
                       ["player 'Ann'", "ticket Paris–Roma", "no ticket"]),
    "ticket with an unknown city": (europe({"name": "Ann", "tickets": [["Paris", "Atlantis"]]}),
                                    ["player 'Ann'", "ticket Paris–Atlantis", "'Atlantis'"]),
    "stations on the USA map": (europe({"name": "Ann", "stations": ["Denver"]}, map="usa"),
                                ["player 'Ann'", "station 'Denver'", "no stations in the usa game"]),
    "missing players": ({"map": "europe"}, ["players", "list of 2 to 5 players"]),
    "no players": ({"map": "europe", "players": []}, ["players", "list of 2 to 5 players"]),
    "one player": (europe({"name": "Ann"}), ["players", "only 1 player", "2 to 5"]),
    "six players": (europe(*[{"name": f"P{i}"} for i in range(6)]), ["players", "6 players", "2 to 5"]),
    "unknown field": ({"map": "europe", "players": [{"name": "Ann"}], "winner": "Ann"},
                      ["unknown field 'winner'"]),
    "unknown player field": (europe({"name": "Ann", "score": 12}), ["player 'Ann'", "unknown field 'score'"]),
    "routes not a list": (europe({"name": "Ann", "routes": "Paris-Wien"}), ["player 'Ann'", "routes must be a list"]),
    "route of one city": (europe({"name": "Ann", "routes": [["Paris"]]}), ["player 'Ann'", "route #1", "['Paris']"]),
    "name not text": (europe({"name": 7}), ["player '#1'", "needs a name"]),
    "player not a mapping": (europe("Ann"), ["player '#1'", "must be a mapping"]),
    "stations not a list": (europe({"name": "Ann", "stations": "Wien"}), ["player 'Ann'", "stations must be a list"]),
    "unknown map": ({"map": "mars", "players": [{"name": "Ann"}]}, ["map", "unknown map 'mars'"]),
    "duplicate player names": (europe({"name": "Ann"}, {"name": "Ann"}),
                               ["player 'Ann'", "two players have this name"]),
    "bad player colour": (europe({"name": "Ann", "color": "purple"}),
                          ["player 'Ann'", "'purple' is not a player colour"]),
    "two players of one colour": (europe({"name": "Ann", "color": "red"}, {"name": "Bo", "color": "red"}),
                                  ["color", "two players have the colour red"]),
    "bad route colour": (europe({"name": "Ann", "routes": [["Paris", "Frankfurt", "purple"]]}),
                         ["player 'Ann'", "'purple' is not a route colour"]),
    "route colour the pair lacks": (europe({"name": "Ann", "routes": [["Paris", "Frankfurt", "green"]]}),
                                    ["player 'Ann'", "no green route"]),
}

#: name -> (file suffix, raw file text, words the message must contain)
BAD_FILES = {
    "bad JSON": (".json", '{"map": "europe", "players": [', ["not valid JSON", "line 1"]),
    "bad YAML": (".yaml", "map: europe\nplayers: [\n  - name: Ann\n", ["not valid YAML"]),
    "YAML tab indentation": (".yml", "map: europe\nplayers:\n\t- name: Ann\n", ["not valid YAML"]),
    "not a mapping": (".json", '["europe", "Ann"]', ["must be a mapping"]),
    "empty YAML": (".yaml", "", ["must be a mapping"]),
    "empty JSON": (".json", "", ["not valid JSON"]),
    "not UTF-8": (".json", None, ["not UTF-8"]),
    "nested too deeply": (".json", "[" * 100000 + "]" * 100000, ["nested too deeply"]),
    "mixed-type keys": (".yaml", "map: europe\nplayers:\n  - name: Ann\n    7: x\n    foo: 1\n",
                        ["player 'Ann'", "unknown field"]),
}


@pytest.fixture(scope="module")
def bad_files(tmp_path_factory):
    """Every broken document and raw file written to disk: name -> (path, expected words)."""
    d = tmp_path_factory.mktemp("bad")
    files = {}
    for k, (name, (doc, words)) in enumerate(BAD_DOCUMENTS.items()):
        path = d / f"doc{k:02d}.json"
        path.write_text(json.dumps(doc), encoding="utf-8")
        files[name] = (path, words)
    for k, (name, (suffix, text, words)) in enumerate(BAD_FILES.items()):
        path = d / f"raw{k:02d}{suffix}"
        if text is None:
            path.write_bytes(b"\xff\xfe\x00map")
        else:
            path.write_text(text, encoding="utf-8")
        files[name] = (path, words)
    files["file not found"] = (d / "missing.json", ["cannot read the file"])
    files["a directory"] = (d, ["cannot read the file"])
    return files


def test_there_are_at_least_twenty_kinds_of_broken_files():
    assert len(BAD_DOCUMENTS) + len(BAD_FILES) + 2 >= 20


@pytest.mark.parametrize("name", list(BAD_DOCUMENTS))
def test_broken_position_document_is_refused_naming_player_and_item(name):
    doc, words = BAD_DOCUMENTS[name]
    with pytest.raises(PositionError) as caught:
        load_position(doc)
    message = str(caught.value)
    assert message.startswith("<position>: ")
    for w in words:
        assert w in message
    assert isinstance(caught.value, ValueError)


@pytest.mark.parametrize("name", list(BAD_DOCUMENTS) + list(BAD_FILES) + ["file not found", "a directory"])
def test_broken_file_is_refused_naming_the_file(bad_files, name):
    path, words = bad_files[name]
    with pytest.raises(PositionError) as caught:
        score_position(str(path))
    message = str(caught.value)
    assert message.startswith(f"{path}: ")
    for w in words:
        assert w in message


def test_command_line_refuses_every_broken_file_without_a_traceback(bad_files):
    paths = [str(p) for p, _ in bad_files.values()]
    run = subprocess.run([sys.executable, "-m", "ttr_teach", "score", *paths],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 2
    assert run.stdout == ""
    assert "Traceback" not in run.stderr
    lines = run.stderr.splitlines()
    assert len(lines) == len(paths)
    for line, (path, words) in zip(lines, bad_files.values(), strict=True):
        assert line.startswith(f"ttr-teach: {path}: ")
        for w in words:
            assert w in line


# -- wrong calls from Python ------------------------------------------------------------------------
@pytest.mark.parametrize("value", [42, None, ["europe"], 3.5, b"europe"])
def test_score_position_refuses_a_wrong_type(value):
    with pytest.raises(PositionError, match="cannot read a position from"):
        score_position(value)


@pytest.mark.parametrize("edges, words", [
    ([("A", "B", -2)], ["edge #1", "length -2", "positive whole number"]),
    ([("A", "B", 0)], ["edge #1", "length 0"]),
    ([("A", "B", 2.5)], ["length 2.5"]),
    ([("A", "B", True)], ["length True"]),
    ([("A", "B", "3")], ["length '3'"]),
    ([("A", "B")], ["edge #1", "is not (city_a, city_b, length)"]),
    ([("A", "B", 1), "A-B"], ["edge #2", "'A-B'"]),
    ([("A", "B", 1), ("B", None, 1)], ["edge #2", "not NoneType"]),
    ([(["A"], "B", 1)], ["a city must be a name", "not list"]),
    (5, ["edges must be a list", "not int"]),
    ("A-B-3", ["edges must be a list", "not str"]),
    ({"A": "B"}, ["not dict"]),
])
def test_longest_route_refuses_bad_edges(edges, words):
    for fn in (longest_route_length, longest_route):
        with pytest.raises(MapError) as caught:
            fn(edges)
        for w in words:
            assert w in str(caught.value)


def test_longest_route_refuses_an_unknown_method():
    with pytest.raises(MapError, match="unknown longest-route method 'fastest'"):
        longest_route_length([("A", "B", 1)], method="fastest")


def test_station_choices_for_an_unknown_player():
    with pytest.raises(PositionError, match="no player called 'Zed'"):
        station_choices({"map": "europe", "players": [{"name": "Ann"}, {"name": "Bo"}]}, "Zed")


def test_unknown_map_name_from_python():
    with pytest.raises(MapError, match="unknown map 'atlantis'"):
        ttr_teach.load_map("atlantis")


def test_every_refusal_is_a_ttr_error_and_a_value_error():
    assert issubclass(PositionError, TTRError) and issubclass(MapError, TTRError)
    assert issubclass(TTRError, ValueError)
