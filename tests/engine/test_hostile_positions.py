"""Positions at the file boundary: 2 to 5 players, keys written once, the gray halves of a
double route named by their side of the board (and kept through save and load), and the
engine's API refusing what it cannot answer exactly (the longest route); a fuzz test that
mutates real position files."""
import copy
import json
import random
from decimal import Decimal

import pytest

from ttr_teach import PositionError, TTRError, load_map
from ttr_teach.engine.longest import MAX_ROUTE_LENGTH, longest_route, longest_route_certificate, longest_route_length
from ttr_teach.engine.position import SIDES, PlayerPosition, Position, half_side, load_position, read_text, route_spec
from ttr_teach.engine.scoring import score_position
from ttr_teach.views.svg import board_svg

EUROPE, USA = load_map("europe"), load_map("usa")


def same_colour_doubles(m):
    return [(r, m.partner(r)) for r in m.routes
            if m.partner(r) is not None and m.partner(r).color == r.color and r.index < m.partner(r).index]


# -- players and keys ------------------------------------------------------------------------------
@pytest.mark.parametrize("doc", [{"map": "europe", "players": [{"name": "Ann"}]},
                                 {"map": "usa", "players": [{"name": "Ann", "routes": [["Denver", "Omaha"]]}]}])
def test_rule_a_position_has_2_to_5_players(doc):
    with pytest.raises(PositionError, match=r"players: only 1 player; the game is for 2 to 5"):
        Position.from_dict(doc)


def test_a_lone_players_broken_item_is_named_before_the_count():
    with pytest.raises(PositionError, match="player 'Ann': route Paris–Atlantis"):
        Position.from_dict({"map": "europe", "players": [{"name": "Ann", "routes": [["Paris", "Atlantis"]]}]})


@pytest.mark.parametrize("suffix, text", [
    (".json", '{"map": "europe", "players": [{"name": "Ann", "name": "Bo"}, {"name": "Cy"}]}'),
    (".yaml", "map: europe\nplayers:\n  - {name: Ann, name: Bo}\n  - {name: Cy}\n"),
])
def test_a_key_written_twice_in_a_position_file_is_refused(tmp_path, suffix, text):
    path = tmp_path / f"twice{suffix}"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(PositionError, match=f"^{path}: .*field '(players\\[0\\]\\.)?name' appears twice"):
        load_position(str(path))
    with pytest.raises(PositionError, match="appears twice"):
        read_text(text, "pasted")


# -- gray halves ----------------------------------------------------------------------------------
def test_rule_each_gray_half_of_a_double_is_named_by_its_side():
    for m in (EUROPE, USA):
        for first, second in same_colour_doubles(m):
            sides = {half_side(m, first), half_side(m, second)}
            assert sides in ({"upper", "lower"}, {"left", "right"})
            for r in (first, second):
                spec = route_spec(m, r)
                assert spec == [r.a, r.b, r.color, half_side(m, r)]
                other = {"name": "Bo", "routes": [[r.a, r.b, r.color, half_side(m, m.partner(r))]]}
                p = Position.from_dict({"map": m.name, "players": [{"name": "Ann", "routes": [spec]}, other,
                                                                   {"name": "Cy"}, {"name": "Di"}]})
                assert p.players[0].routes == (r,) and p.players[1].routes == (m.partner(r),)
    assert set(SIDES) == {"upper", "lower", "left", "right"}


def test_the_older_forms_still_read():
    p = Position.from_dict({"map": "europe", "players": [
        {"name": "Ann", "routes": [["Essen", "Kobenhavn"]]}, {"name": "Bo", "routes": [["Kobenhavn", "Essen", "gray"]]},
        {"name": "Cy"}, {"name": "Di"}]})
    assert {p.players[0].routes[0].index, p.players[1].routes[0].index} == {
        r.index for r in EUROPE.routes_between("Essen", "Kobenhavn")}


@pytest.mark.parametrize("spec, words", [
    (["Essen", "Kobenhavn", "gray", "upper"], "'upper' is not a side of this double route: its gray halves are "
                                              "the left and the right one"),
    (["Paris", "Frankfurt", "white", "left"], "only the two halves of a double route of one colour"),
    (["Wien", "Zagrab", "gray", "left"], "only the two halves of a double route of one colour"),
    (["Essen", "Kobenhavn", "gray", 2], "is not [city, city], [city, city, colour] or [city, city, colour, side]"),
    (["Essen", "Kobenhavn", "gray", "left", "x"], "is not [city, city]"),
])
def test_a_side_that_names_no_half_is_refused(spec, words):
    with pytest.raises(PositionError) as caught:
        Position.from_dict({"map": "europe", "players": [{"name": "Ann", "routes": [spec]}, {"name": "Bo"},
                                                         {"name": "Cy"}, {"name": "Di"}]})
    assert words in str(caught.value) and "player 'Ann'" in str(caught.value)


@pytest.mark.parametrize("m", [EUROPE, USA], ids=["europe", "usa"])
def test_halves_keep_their_owners_through_save_and_load(m):
    # the second half of each gray double to Ann, the first to Bo: the order a reader without
    # sides would swap
    pairs = same_colour_doubles(m)
    ann = tuple(second for _, second in pairs)[:3]
    bo = tuple(first for first, _ in pairs)[:3]
    pos = Position(m, (PlayerPosition("Ann", ann, color="red"), PlayerPosition("Bo", bo, color="blue"),
                       PlayerPosition("Cy", color="green"), PlayerPosition("Di", color="yellow")))
    pos.validate()
    again = Position.from_dict(json.loads(json.dumps(pos.to_dict())))
    assert [p.routes for p in again.players] == [p.routes for p in pos.players]
    assert board_svg(again) == board_svg(pos)
    assert score_position(again) == score_position(pos)


# -- the longest route refuses what it cannot answer exactly ---------------------------------------------
@pytest.mark.parametrize("edges, words", [
    ([("A", float("nan"), 2), ("B", "A", 1)], "a city must be a name (text), not nan, which is not even equal"),
    ([(float("nan"), float("nan"), 2)], "not nan"),
    ([("A", "B", 1), ("B", Decimal("NaN"), 1)], "not Decimal('NaN')"),
    ([("A", "B", 1), ((["A"],), "B", 1)], "edge #2"),
    ([("A", "B", 1), (True, "B", 1)], "not bool"),
    ([("A", "B", 2 ** 53)], f"lengths go up to {MAX_ROUTE_LENGTH:,}"),
    ([("A", "B", 10 ** 400)], "is too long"),
    ([("A", "B", 10 ** 5000)], "is too long"),
    ([("A", "B", float("inf"))], "length inf is not a positive whole number"),
    ([("A", "B", float("nan"))], "length nan is not a positive whole number"),
    ([("A", "B", 2.0)], "length 2.0 is not a positive whole number"),
])
def test_longest_route_refuses_what_it_cannot_answer_exactly(edges, words):
    for fn in (longest_route_length, longest_route, longest_route_certificate):
        with pytest.raises(ValueError) as caught:
            fn(edges)
        assert words in str(caught.value) and len(str(caught.value)) < 300


def test_longest_route_is_exact_up_to_the_bound_by_every_method():
    from ttr_teach.engine.longest import longest_route_exhaustive

    big = MAX_ROUTE_LENGTH
    # two odd cities (D and E): the whole network is one trail, 3 big + 1
    star = [("A", "B", big), ("A", "C", big - 1), ("A", "D", big - 2), ("A", "E", 1), ("B", "C", 3)]
    assert longest_route_length(star) == 3 * big + 1
    rng = random.Random(3)
    for _ in range(15):
        edges = [(rng.randrange(6), rng.randrange(6), rng.choice([big, big - 1, big - rng.randrange(1, 9), 1]))
                 for _ in range(rng.randint(5, 10))]
        expected = longest_route_exhaustive(edges).length
        for method in ("removal", "trails", "ilp"):
            assert longest_route_length(edges, method=method) == expected, method
        cert = longest_route_certificate(edges)
        assert cert.length == cert.upper_bound == expected and cert.optimal
    assert longest_route_length([(1, 2, 3), (2, 3, 4)]) == 7      # whole numbers name cities too


# -- fuzz: mutated position files are refused in one line, or load and then work ----------------------
def mutate_position(d, rng):
    d = copy.deepcopy(d)
    player = rng.choice(d["players"])
    r = rng.random()
    field = rng.choice(["routes", "stations", "tickets"])
    items = player.setdefault(field, [])
    if r < 0.2 and items:
        items.pop(rng.randrange(len(items)))
    elif r < 0.4 and items:
        items.append(copy.deepcopy(rng.choice(items)))
    elif r < 0.55:
        player["name"] = rng.choice(["", " ", "Ann", "<b>x</b>", 7, None, "x" * 300])
    elif r < 0.7 and items:
        item = items[rng.randrange(len(items))]
        if isinstance(item, list) and item:
            item[rng.randrange(len(item))] = rng.choice(["Atlantis", "gray", "left", "upper", 3, None, "Paris", ""])
    elif r < 0.8:
        d["players"].append(copy.deepcopy(player))
    elif r < 0.9 and len(d["players"]) > 1:
        d["players"].pop()
    else:
        player[rng.choice(["color", "score", "routes"])] = rng.choice(["purple", "red", [], {}, 5])
    return d


def test_mutated_position_files_are_refused_in_one_line_or_score_and_draw(tmp_path):
    from ttr_teach.players.random_bot import play_random_game

    rng = random.Random(7)
    bases = [play_random_game(m, n, seed=s).to_position().to_dict()
             for s, (m, n) in enumerate([("europe", 4), ("usa", 5), ("europe", 2)])]
    loaded = 0
    for k in range(150):
        d = rng.choice(bases)
        for _ in range(rng.randint(1, 3)):
            d = mutate_position(d, rng)
        path = tmp_path / f"p{k}{rng.choice(['.json', '.yaml'])}"
        if path.suffix == ".json":
            path.write_text(json.dumps(d), encoding="utf-8")
        else:
            import yaml

            path.write_text(yaml.safe_dump(d), encoding="utf-8")
        try:
            p = load_position(str(path))
        except TTRError as e:
            assert str(e).startswith(f"{path}: ") and "\n" not in str(e) and len(str(e)) < 800, str(e)
            continue
        loaded += 1
        assert Position.from_dict(p.to_dict()).to_dict() == p.to_dict()
        score_position(p)
        board_svg(p)
    assert loaded >= 20
