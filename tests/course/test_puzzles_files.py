"""Every committed puzzle: its file is valid and the engine recomputes its answer key.

Also: the collection covers every kind on every map it exists on and every level, the
README's example is a real puzzle, and the keys of a few puzzles are worked out by hand here.
"""
import re

import pytest

from ttr_teach.course.puzzles.checker import check_puzzles, load_puzzles
from ttr_teach.course.puzzles.format import load_puzzle, puzzle_from_text
from ttr_teach.course.puzzles.kinds import KINDS
from ttr_teach.course.puzzles.names import KIND_NAMES, LEVELS

from ..helpers import PUZZLES

FILES = sorted(p for p in PUZZLES.rglob("*.yaml"))


def test_the_command_line_knows_the_kinds_without_importing_them():
    assert tuple(KINDS) == KIND_NAMES


def test_there_are_at_least_60_puzzles_over_every_kind_map_and_level():
    puzzles, errors = load_puzzles(PUZZLES)
    assert errors == [] and len(puzzles) >= 60
    combos = {(p.kind.name, p.map.name) for p in puzzles}
    assert combos == {(k, m) for k in KINDS for m in KINDS[k].maps}
    assert {p.level for p in puzzles} == set(LEVELS)
    for level in LEVELS:
        assert sum(p.level == level for p in puzzles) >= 15


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_puzzle_key_is_recomputed_by_the_engine(path):
    puzzle = load_puzzle(path)
    assert puzzle.problems() == []
    assert path.parent.name == puzzle.level      # the folder says the level too
    assert path.stem == puzzle.id
    puzzle.assert_key()


def test_check_reports_every_puzzle_verified():
    report = check_puzzles([PUZZLES])
    assert report["verified"] == report["puzzles"] == len(FILES)
    assert report["mismatches"] == [] and report["errors"] == []


def test_readme_example_is_a_verified_puzzle():
    readme = (PUZZLES / "README.md").read_text(encoding="utf-8")
    example = re.search(r"```yaml\n(.*?)```", readme, re.S).group(1)
    puzzle = puzzle_from_text(example)
    assert puzzle.problems() == []
    assert example == (PUZZLES / "introductory" / f"{puzzle.id}.yaml").read_text(encoding="utf-8")


# -- keys worked out by hand ------------------------------------------------------------------------
def test_first_final_score_by_hand():
    # routes 4 + 2 + 4, Paris–Wien +8, 3 stations kept 12, longest 8 > Bo's 6: 10
    assert load_puzzle(PUZZLES / "introductory" / "intro-eu-total-1.yaml").computed_answer == 10 + 8 + 12 + 10


def test_figure_of_eight_runs_both_loops_by_hand():
    # Frankfurt–Paris 3, Paris–Bruxelles 2, Bruxelles–Frankfurt 2; Frankfurt–Essen 2, Essen–Berlin 2,
    # Berlin–Frankfurt 3: every city even, so one stroke covers all 14; Bo's line is 13.
    p = load_puzzle(PUZZLES / "expert" / "expert-eu-longest-1.yaml")
    assert p.computed_answer == (14, frozenset({"Ann"}))


def test_full_tie_has_no_winner_by_hand():
    # Ann 11 + 8 + 8 = 27, Bo 11 + 8 + 8 = 27, one ticket and one station each, Cy holds the bonus.
    p = load_puzzle(PUZZLES / "expert" / "expert-eu-winner-3.yaml")
    assert p.computed_answer == (None, "tie")


def test_station_chooses_points_over_ticket_count_by_hand():
    # Budapest–Sarajevo completes 5 + 10 (a swing of 30); Budapest–Kyiv completes 20 (a swing of 40).
    p = load_puzzle(PUZZLES / "expert" / "expert-eu-station-2.yaml")
    pair, worth = p.computed_answer
    assert pair == frozenset({"Budapest", "Kyiv"}) and worth == 40
