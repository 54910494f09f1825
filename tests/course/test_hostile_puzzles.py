"""Puzzle files mutated at random (seeded): each mutant is refused with one line naming the
file (and the line or field where known), or it loads and then everything a notebook does
with a puzzle works: recompute its key, draw its boards, write it back, build its exercise."""
import random

import pytest

from ttr_teach.course.puzzles.format import puzzle_from_text
from ttr_teach.engine.errors import TTRError

from ..helpers import PUZZLES

SNIPPETS = ["9" * 5000, "'" + "9" * 5000 + "/3'", "-1", "null", "[]", "{}", "&a x", "*a", ".nan", "1e999",
            "[" * 60 + "]" * 60, "!!binary aGVsbG8=", "2001-12-14", "!!set {a, b}", "<script>", "Ann", "Paris",
            "full", "exactly 99", "at least -1", "'1/0'", "'0.3333'", "100000000000000000000", "yes", "~",
            "!!python/object:os.system {}", "<<: {a: 1}"]


def mutate(text: str, rng) -> str:
    lines = text.split("\n")
    i, r = rng.randrange(len(lines)), rng.random()
    if r < 0.4 and ":" in lines[i]:
        key = lines[i].partition(":")[0]
        lines[i] = f"{key}: {rng.choice(SNIPPETS)}"
    elif r < 0.55:
        del lines[i]
    elif r < 0.7:
        lines.insert(i, lines[rng.randrange(len(lines))])
    elif r < 0.85 and lines[i]:
        j = rng.randrange(len(lines[i]))
        lines[i] = lines[i][:j] + rng.choice(SNIPPETS) + lines[i][j + 1:]
    else:
        data = bytearray(text.encode("utf-8"))
        for _ in range(rng.randint(1, 4)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        return data.decode("utf-8", "replace")
    return "\n".join(lines)


@pytest.mark.parametrize("seed", range(3))
def test_mutated_puzzle_files_are_refused_in_one_line_or_work(seed):
    rng = random.Random(seed)
    texts = [p.read_text(encoding="utf-8") for p in sorted(PUZZLES.rglob("*.yaml"))]
    loaded = 0
    for _k in range(90):
        text = rng.choice(texts)
        for _ in range(rng.randint(1, 3)):
            text = mutate(text, rng)
        try:
            puzzle = puzzle_from_text(text, "mutant.yaml")
        except TTRError as e:
            message = str(e)
            assert message.startswith("mutant.yaml") and "\n" not in message and len(message) < 800, message
            continue
        loaded += 1
        puzzle.problems()
        puzzle.board_svg()
        puzzle.board_svg(solution=True)
        assert puzzle_from_text(puzzle.to_yaml(), "again.yaml").id == puzzle.id
        assert puzzle.exercise.prompt
    assert loaded >= 5
