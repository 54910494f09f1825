"""The registries: one list each, everything else derived from it, and docs/architecture.md's
"Where new things go" naming files that exist.

The lists: the maps are the map files (``MAP_NAMES``), the puzzle kinds are ``KIND_NAMES`` in
teaching order (``KINDS`` holds the kinds in that order), the built-in bots are ``BUILTIN``.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import ttr_teach
from ttr_teach.course.puzzles.kinds import KINDS, _in_teaching_order
from ttr_teach.course.puzzles.kinds.base import Kind
from ttr_teach.course.puzzles.names import KIND_NAMES
from ttr_teach.engine.maps import MAP_NAMES, MAPS_DIR, load_map
from ttr_teach.players.bot_loading import BUILTIN, load_bot_class

REPO = Path(ttr_teach.__file__).resolve().parent.parent
ARCHITECTURE = REPO / "docs" / "architecture.md"


def where_new_things_go() -> str:
    text = ARCHITECTURE.read_text(encoding="utf-8")
    return text.split("## Where new things go", 1)[1].split("\n## ", 1)[0]


# -- the maps: one per map file ---------------------------------------------------------------
def test_the_built_in_maps_are_the_map_files():
    assert MAP_NAMES == tuple(sorted(p.stem for p in MAPS_DIR.glob("*.json")))
    assert [load_map(name).name for name in MAP_NAMES] == list(MAP_NAMES)


def test_no_module_lists_the_maps_by_hand():
    """A list of the map names written out is a second registry that a new map would miss."""
    by_hand = re.compile(r"""\(\s*["']europe["']\s*,\s*["']usa["']\s*\)|\[\s*["']europe["']\s*,\s*["']usa["']\s*\]""")
    found = [f"{p.relative_to(REPO)}:{n}" for p in sorted((REPO / "ttr_teach").rglob("*.py"))
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             if by_hand.search(line) and not line.lstrip().startswith((">>>", "...", "#"))]
    assert found == []


# -- the puzzle kinds: KIND_NAMES, in teaching order ------------------------------------------
def test_the_kinds_are_in_the_one_teaching_order():
    assert tuple(KINDS) == KIND_NAMES


def test_a_kind_left_out_of_the_teaching_order_is_refused_naming_both_files():
    class NewKind(Kind):
        name = "new_kind"

    with pytest.raises(RuntimeError, match=r"\['new_kind'\].*kinds/__init__.py.*names.py's KIND_NAMES"):
        _in_teaching_order([*KINDS.values(), NewKind()])
    with pytest.raises(RuntimeError, match=r"\['winner'\]"):
        _in_teaching_order([k for k in KINDS.values() if k.name != "winner"])


def test_a_puzzle_book_follows_the_teaching_order_within_a_level():
    from ttr_teach.course.puzzles.notebook import PuzzleBook

    book = PuzzleBook.load(level="introductory")
    ranks = [KIND_NAMES.index(p.kind.name) for p in book]
    assert ranks == sorted(ranks) and len(set(ranks)) > 1


# -- the built-in bots: BUILTIN ---------------------------------------------------------------
def test_every_built_in_bot_loads_and_sits_at_the_play_widget():
    from ttr_teach.views.widgets.play_setup import PERSON, SEAT_KINDS, make_bot

    for name in BUILTIN:
        assert callable(load_bot_class(name).choose)
        assert callable(make_bot(name, seed=1).choose)
    assert set(SEAT_KINDS) == {PERSON, *BUILTIN}


# -- docs/architecture.md: where new things go --------------------------------------------------
SECTIONS = ("### A new map, or a new rule set", "### A new puzzle kind", "### A new built-in bot",
            "### A new lesson", "### A new language")
#: The first folders of the paths the section names, relative to the repository.
ROOTS = ("ttr_teach/", "notebooks/", "puzzles/", "tests/", "docs/", "bench/")


def named_paths(text: str) -> list:
    """The repository paths written in backticks (``ttr_teach/engine/rules.py``, ``README.md``)."""
    return [p for p in re.findall(r"`([^`\s]+)`", text) if p.startswith(ROOTS) or p == "README.md"]


def test_where_new_things_go_has_a_part_for_each_kind_of_new_thing():
    text = where_new_things_go()
    assert [s for s in SECTIONS if s not in text] == []
    for registry in ("MAP_NAMES", "RULESETS", "KIND_NAMES", "KINDS", "BUILTIN", "SEAT_KINDS", "COURSE", "LESSONS"):
        assert f"`{registry}`" in text, registry


def test_every_file_where_new_things_go_names_exists():
    paths = named_paths(where_new_things_go())
    assert len(paths) >= 30
    missing = []
    for path in paths:
        # NAME and NN_NAME stand for the new thing: its folder must exist
        target = REPO / path if "NAME" not in path else (REPO / path).parent
        if not target.exists():
            missing.append(path)
    assert missing == []


def test_the_registries_are_where_the_section_says():
    text = where_new_things_go()
    places = {"MAP_NAMES": "ttr_teach/engine/maps.py", "RULESETS": "ttr_teach/engine/rules.py",
              "KIND_NAMES": "ttr_teach/course/puzzles/names.py", "KINDS": "ttr_teach/course/puzzles/kinds/__init__.py",
              "BUILTIN": "ttr_teach/players/bot_loading.py", "SEAT_KINDS": "ttr_teach/views/widgets/play_setup.py",
              "COURSE": "ttr_teach/course/lessons/start.py",
              "LESSONS": "ttr_teach/course/lessons/questions/__init__.py"}
    for registry, path in places.items():
        assert f"`{path}`" in text, path
        assert re.search(rf"^{registry}\b.*=", (REPO / path).read_text(encoding="utf-8"), re.M), (registry, path)
