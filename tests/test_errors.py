"""One error class per kind of failure, all under TTRError, which is never raised itself.

The source walk keeps the rule; the other tests check each class where it is raised, with the
message unchanged (docs/architecture.md#errors lists them)."""
from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

import ttr_teach
from ttr_teach.engine import errors
from ttr_teach.engine.errors import (
    ArgumentError,
    FileError,
    IllegalAction,
    LimitError,
    MapError,
    NotFoundError,
    PositionError,
    ReplayError,
    ToolError,
    TTRError,
)

PACKAGE = Path(ttr_teach.__file__).parent
KINDS = (IllegalAction, MapError, PositionError, ReplayError, FileError, ArgumentError, NotFoundError,
         LimitError, ToolError)


def _names_the_base(node) -> bool:
    if isinstance(node, ast.Call):
        node = node.func
    return (isinstance(node, ast.Name) and node.id == "TTRError") or \
        (isinstance(node, ast.Attribute) and node.attr == "TTRError")


def base_error_uses(path: Path) -> list:
    """Lines of ``path`` that raise TTRError itself, or hand it on as the class to raise (a
    default or a keyword argument such as ``error=TTRError``)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Raise) and node.exc is not None and _names_the_base(node.exc):
            found.append(node.lineno)
        elif isinstance(node, ast.arguments):
            found += [d.lineno for d in node.defaults + node.kw_defaults if d is not None and _names_the_base(d)]
        elif isinstance(node, ast.keyword) and _names_the_base(node.value):
            found.append(node.value.lineno)
    return found


def test_no_module_raises_the_base_class_ttrerror():
    found = [f"{p.relative_to(PACKAGE.parent)}:{line}" for p in sorted(PACKAGE.rglob("*.py"))
             for line in base_error_uses(p)]
    assert found == []


def test_the_source_walk_finds_a_raise_of_the_base_class(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("from x import TTRError\n\ndef f(error=TTRError):\n    raise TTRError('no')\n\n"
                   "def g():\n    read(error=errors.TTRError)\n", encoding="utf-8")
    assert base_error_uses(bad) == [3, 4, 7]


def test_every_kind_is_a_ttrerror_and_a_value_error_and_public():
    for kind in KINDS:
        assert issubclass(kind, TTRError) and issubclass(kind, ValueError), kind
        assert getattr(ttr_teach, kind.__name__) is kind
    assert issubclass(IllegalAction, ValueError)      # kept: code that catches ValueError still works
    assert {k.__name__ for k in KINDS} <= set(vars(errors))


def test_architecture_lists_every_error_class():
    from ttr_teach.course.puzzles.document import PuzzleError
    from ttr_teach.players.bot_loading import BotLoadError
    from ttr_teach.players.play import BotError
    from ttr_teach.views.highlights import HighlightError

    text = (PACKAGE.parent / "docs" / "architecture.md").read_text(encoding="utf-8")
    table = text.split("## Errors", 1)[1].split("\n## ", 1)[0]
    classes = KINDS + (BotError, BotLoadError, HighlightError, PuzzleError)
    assert [k.__name__ for k in classes if f"| `{k.__name__}`" not in table] == []


# -- each class where it is raised ---------------------------------------------------------------
def test_a_broken_saved_game_is_a_replay_error_not_a_position_error():
    g = ttr_teach.Game.new("usa", ["Ann", "Bo"], seed=1)
    d = g.to_dict()
    d["players"][0]["hand"]["red"] += 1
    with pytest.raises(ReplayError, match="^game state: there are 13 red cards") as caught:
        ttr_teach.Game.from_dict(d)
    assert not isinstance(caught.value, PositionError)
    with pytest.raises(ReplayError, match="^replay: give a game"):
        ttr_teach.Game.replay([])


def test_a_saved_game_file_that_is_not_json_is_a_replay_error(tmp_path):
    path = tmp_path / "game.json"
    path.write_text("{", encoding="utf-8")
    with pytest.raises(ReplayError, match="game.json"):
        ttr_teach.Game.load(path)


def test_a_file_that_is_not_a_saved_tournament_is_a_file_error(tmp_path):
    path = tmp_path / "t.json"
    path.write_text(json.dumps({"format": "something else"}), encoding="utf-8")
    with pytest.raises(FileError, match=r"t.json: not a saved tournament \(expected format"):
        ttr_teach.TournamentResult.load(path)
    with pytest.raises(FileError, match="cannot read a saved tournament"):
        ttr_teach.TournamentResult.load(tmp_path / "missing.json")


def test_the_file_reader_refuses_with_a_file_error_by_default(tmp_path):
    from ttr_teach.engine.files import load_file

    with pytest.raises(FileError, match="missing.json"):
        load_file(tmp_path / "missing.json")


@pytest.mark.parametrize("call, message", [
    (lambda: ttr_teach.Game.new("usa", ["Ann"], seed=1), "1 players: the game is for 2 to 5"),
    (lambda: ttr_teach.Game.new("usa", ["Ann", "Bo"], seed=1.5), "the seed must be a whole number"),
    (lambda: ttr_teach.board_svg("usa", size=-3), "give the picture's width in pixels"),
    (lambda: ttr_teach.tunnel_extra_distribution({"purple": 1}, "red"), "the deck has 'purple' cards"),
    (lambda: ttr_teach.best_score("usa", trains=-1), "trains must be a whole number of trains"),
])
def test_a_bad_argument_is_an_argument_error(call, message):
    with pytest.raises(ArgumentError, match=message):
        call()


def test_a_name_that_is_not_there_is_a_not_found_error():
    from ttr_teach.course.puzzles.generator import new_puzzle

    with pytest.raises(NotFoundError, match="unknown puzzle kind 'riddle'; the kinds are"):
        new_puzzle("riddle", "introductory", "usa", 1)
    with pytest.raises(NotFoundError, match="there is no player 'Zed' in this game"):
        ttr_teach.Game.new("usa", ["Ann", "Bo"], seed=1).hand("Zed")


def test_an_input_beyond_an_exact_method_is_a_limit_error():
    m = ttr_teach.load_map("europe")
    cities = sorted(m.cities)[:18]
    with pytest.raises(LimitError, match="18 different cities is too many for the exact planner"):
        ttr_teach.cheapest_network("europe", list(zip(cities[::2], cities[1::2], strict=False)))


def test_a_failing_chromium_is_a_tool_error(tmp_path, monkeypatch):
    from ttr_teach.course import printable

    monkeypatch.setattr(printable, "chromium", lambda: "/bin/false")
    page = tmp_path / "page.html"
    page.write_text("<p>hi</p>", encoding="utf-8")
    with pytest.raises(ToolError, match="page.pdf: Chromium could not print it"):
        printable.save_pdf(page, tmp_path / "page.pdf")


def test_a_bad_bot_in_a_tournament_is_a_bot_load_error():
    from ttr_teach.players.bot_loading import BotLoadError

    with pytest.raises(BotLoadError, match="bots: 'x' is 3, not a class"):
        ttr_teach.tournament({"x": 3, "y": ttr_teach.RandomBot}, games=1)
