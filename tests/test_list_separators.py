"""Every list a learner or a teacher reads is joined with the language's separator
(:func:`ttr_teach.engine.text.listing`, ``gettext(", ")``; :func:`~ttr_teach.engine.text.clauses`,
``gettext("; ")``): Persian writes "۱۲ کارت صورتی، ۱۲ کارت سفید", with the Arabic comma, never
the Latin one. The check reads the package's source (``ast``): a ``", ".join(...)`` or
``"; ".join(...)`` is a finding unless the allowlist names it, each with why (the lists
of code a user types — colours, map names, field names, bot names —, reprs and the
progress file)."""
import ast
from pathlib import Path

import pytest

from ttr_teach.course.lessons.common import hand_text, read_colour
from ttr_teach.course.puzzles.facts import cards_words
from ttr_teach.engine.i18n import speaking
from ttr_teach.engine.text import clauses, listing

PACKAGE = Path(__file__).resolve().parents[1] / "ttr_teach"

CODE = "names of code a user types (the words the refusal asks for), left in Latin"
#: ``(module under ttr_teach/, the source of the joined argument)``: why it keeps a literal separator.
ALLOWED = {
    ("cli.py", "MAP_NAMES"): CODE,
    ("cli_tournament.py", "BUILTIN"): CODE,
    ("players/bot_loading.py", "sorted((c.__name__ for c in leaves))"): CODE + " (Python class names)",
    ("players/bot_loading.py", "BUILTIN"): CODE,
    ("players/tournament.py", "factories"): CODE,
    ("views/highlights.py", "KEYS"): CODE,
    ("views/widgets/model.py", "SAMPLES"): CODE,
    ("engine/i18n.py", "LANGUAGES"): CODE,
    ("engine/cards.py", "COLORS"): CODE,
    ("engine/longest/methods.py", "METHODS"): CODE,
    ("engine/game/saved.py", "CARD_KINDS"): CODE,
    ("engine/game/arranged.py", "CARD_KINDS"): CODE,
    ("engine/game/saved_log.py", "CARD_KINDS"): CODE,
    ("engine/game/saved_log.py", "fields"): CODE,
    ("engine/actions.py", "COLORS"): CODE,
    ("engine/actions.py", "sorted(ACTION_TYPES)"): CODE,
    ("engine/actions.py", "names"): CODE + " (an action's field names)",
    ("engine/rules.py", "RULESETS"): CODE,
    ("engine/maps.py", "COLORS"): CODE,
    ("engine/maps.py", "MAP_NAMES"): CODE,
    ("engine/files.py", "FORMATS"): CODE,
    ("engine/position.py", "(f'{p.name}: {len(p.routes)} routes' for p in self.players)"): "Position's repr",
    ("engine/position.py", "PLAYER_COLORS"): CODE,
    ("engine/position.py", "sorted(PLAYER_KEYS)"): CODE,
    ("course/lessons/graphs/reduction_exercises.py", "(str(c) for c in cities)"): "a Python list as code shows it",
    ("course/lessons/graphs/reduction_exercises.py",
     "(_shown(a) if isinstance(a, list) else _graph(a) for a in args)"): "a call's arguments, as code",
    ("course/lessons/graphs/write_a_bot.py", "OPPONENTS"): CODE,
    ("course/lessons/graphs/backtracking.py", "SPEEDUPS"): CODE,
    ("course/lessons/graphs/best_score.py", "(f'{m.city(t.a).name}-{m.city(t.b).name}' for t in longs)"):
        "the example answer to type, which the exercise splits at Latin commas",
    ("course/lessons/endgame.py", "PARTS"): CODE,
    ("course/lessons/endgame.py", "ties"): CODE + " (the tie examples' keys)",
    ("course/lessons/misreadings.py", "(m.key for m in MISREADINGS)"): CODE,
    ("course/exercises/functions.py", "(repr(v) for v in value[:2])"): "values as code (reprs)",
    ("course/exercises/functions.py", "(describe(a) for a in args)"): "a call's arguments, as code",
    ("course/exercises/core.py", "(str(v) for v in answer.values())"): "the progress file's record, no one reads it",
    ("course/exercises/sets.py", "self._exercises"): CODE + " (exercise keys)",
    ("course/assignments.py", "(f'\"{o}\"' for o in ex.options)"): CODE + " (quoted, as typed)",
    ("course/assignments.py", "shown"): CODE + " (sample answers in backticks)",
    ("course/course_cli.py", "LANGUAGES"): CODE,
    ("course/puzzles/kinds/tunnel.py", "COLORS"): CODE,
    ("course/puzzles/kinds/winner.py", "ways"): CODE,
    ("course/puzzles/answers.py", "(k for k, _, _ in self.parts)"): CODE + " (dict keys)",
    ("course/puzzles/generator.py", "KINDS"): CODE,
    ("course/puzzles/generator.py", "LEVELS"): CODE,
    ("course/puzzles/generator.py", "KINDS[kind].maps"): CODE,
    ("course/puzzles/format.py", "REQUIRED_FIELDS"): CODE,
    ("course/puzzles/format.py", "KINDS"): CODE,
    ("course/puzzles/format.py", "kind.fields"): CODE,
    ("course/puzzles/format.py", "LEVELS"): CODE,
    ("course/puzzles/format.py", "kind.maps"): CODE,
    ("course/puzzles/worksheet.py", "KINDS"): CODE,
    ("course/puzzles/worksheet.py", "LEVELS"): CODE,
    ("algorithms/probability.py", "COLORS"): CODE,
    ("algorithms/probability.py", "CARD_KINDS"): CODE,
}


def literal_joins() -> set[tuple[str, str]]:
    """``(module, argument)`` of every ``", ".join(...)`` and ``"; ".join(...)`` in the package."""
    found = set()
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "join"
                    and isinstance(node.func.value, ast.Constant) and node.func.value.value in (", ", "; ")):
                found.add((path.relative_to(PACKAGE).as_posix(), ast.unparse(node.args[0]) if node.args else ""))
    return found


def test_lists_use_the_languages_separator():
    unlisted = sorted(literal_joins() - set(ALLOWED))
    assert not unlisted, ("lists joined with a Latin separator (use listing() or clauses() from "
                          f"ttr_teach.engine.text, or allowlist code with why): {unlisted}")


def test_the_allowlist_is_current():
    assert not set(ALLOWED) - literal_joins(), "allowlisted joins that are gone: remove them from ALLOWED"


@pytest.mark.parametrize(("lang", "comma", "semicolon"), [("en", ", ", "; "), ("fa", "، ", "؛ "),
                                                          ("vi", ", ", "; "), ("sv", ", ", "; "), ("it", ", ", "; ")])
def test_helpers_speak_the_language(lang, comma, semicolon):
    with speaking(lang):
        assert listing(["a", "b"]) == f"a{comma}b" and clauses(["a", "b"]) == f"a{semicolon}b"


def test_a_hand_in_persian_has_arabic_commas():
    hand = {"pink": 12, "white": 12, "locomotive": 1}
    assert hand_text(hand) == "12 pink, 12 white, 1 locomotive"
    with speaking("fa"):
        said = hand_text(hand)
        cards = cards_words(hand)
    assert said.count("، ") == 2 and ", " not in said, said
    assert cards.count("، ") == 2 and ", " not in cards, cards


def test_a_refused_colour_lists_the_colours_with_arabic_commas():
    with speaking("fa"), pytest.raises(ValueError) as refused:
        read_colour("mauve")
    assert "، " in str(refused.value) and ", " not in str(refused.value), str(refused.value)
