"""Every sentence a user can see comes from the gettext catalogs (docs/translating.md): an
English sentence written in the code of the views, the players (bots, tournaments) or the
command line without ``gettext``, ``ngettext``, ``pgettext``,
``npgettext`` or ``N_`` would reach a Vietnamese, Persian, Swedish or Italian learner in
English. The check reads the source (``ast``): every string with two English words in a row
that is neither a docstring nor inside a marking call is a finding, the markup of HTML, SVG
and CSS taken out first; the allowlist names the few that no learner or teacher sees, each
with why."""
import ast
import re
from pathlib import Path

import pytest

from ttr_teach.engine.errors import TTRError
from ttr_teach.engine.i18n import set_language
from ttr_teach.engine.maps import load_map
from ttr_teach.engine.position import Position
from ttr_teach.views.highlights import resolve_highlight
from ttr_teach.views.svg import board_svg
from ttr_teach.views.widgets.play_model import PlayModel
from ttr_teach.views.widgets.play_save import read_saved
from ttr_teach.views.widgets.play_setup import PlaySetup

PACKAGE = Path(__file__).resolve().parents[1] / "ttr_teach"
#: The folders and modules checked: every string in them a user may read is marked.
#: (Glob patterns under ``ttr_teach/``.)
CHECKED = (
    "views/**/*.py", "players/**/*.py",
    "cli.py", "cli_best.py", "cli_tournament.py", "extras.py", "lazy.py", "__init__.py", "__main__.py",
    # the course's puzzles

    # the graph lessons

    # the rule lessons, exercises, editions and the course's commands
    "course/*.py", "course/lessons/*.py", "course/lessons/questions/*.py", "course/exercises/**/*.py",

    # the engine and the algorithms

)
MARKERS = {"gettext", "ngettext", "pgettext", "npgettext", "N_"}
_TWO_WORDS = re.compile(r"[A-Za-z]{2,}[,;:.'’]?\s+[A-Za-z]{2,}")
_TAG = re.compile(r"<[^<>]*>|^[^<>]*>|<[^<>]*$")       # whole tags, and a tag cut by an f-string
_STYLE = re.compile(r"<style>.*?</style>", re.S)
#: CSS as this package writes it: ``property:value`` without a space, sizes, font lists, flex values
_CSS = re.compile(r"[a-z-]+:[^\s/]|\d(px|em)\b|\bsans-serif\b|\bsolid\b|^row wrap$")

#: (module, text): strings a user never reads, and why.
ALLOWED = {
    ("views/board_words.py", "route point"):
        "a key of POINTS_WORDS, which holds the marked phrases (ngettext) the board shows",
    ("views/svg.py", "route point"): "the key of POINTS_WORDS the board's score legend uses",
    ("views/geometry.py", "every city has label candidates"):
        "an assertion on the board's own layout data, which no argument can break",
    ("views/widgets/play_save.py", "ttr-teach play"): "the saved file's format name, a key in the JSON",
    ("views/widgets/play_save.py", "not valid JSON"):
        "compared with the engine's English refusal, to say it of a saved game; in another language "
        "the engine's own translated sentence is shown",
    ("views/widgets/replay_model.py", "cannot read the file"):
        "compared with the engine's English refusal, as above",
    ("views/widgets/play_state.py", "no game has started yet"):
        "a RuntimeError for a programmer: the widgets ask for the game only once one has started",
    ("views/widgets/shapes.py", "only half-circle arcs are supported, not "):
        "the parser of the package's own SVG path data (station and symbol shapes), not of user input",
    ("views/widgets/shapes.py", "SVG path command "): "as above",
    ("views/widgets/shapes.py", " is not supported"): "as above",
    ("players/bot_loading.py", "a .py file has a loader"): "an assertion on importlib's contract",
    ("players/bot_process.py", "a bot decides between start() and close()"):
        "an assertion on the referee's own order of calls",
    ("players/expert/tickets.py", "an offer holds at least keep_at_least tickets"):
        "an assertion on the engine's offer, which the rules guarantee",
    ("players/referee.py", "ttr-teach bot decision"): "a thread's name, seen only in a debugger",
    ("players/tournament_result.py", " stopped by a fault"): "__repr__, a programmer's view of the object",
    ("players/view.py", "to act"): "__repr__, as above",
    ("players/view.py", "waiting for "): "__repr__, as above",
    ("players/view.py", " game, turn "): "__repr__, as above",
    ("extras.py", "pip install "): "a command to type, the same in every language",
    # extras.py sits below the engine and imports nothing of the package (docs/architecture.md),
    # so it cannot reach the catalogs: its "X needs the package P, which is not installed" stays
    # English for now, and so do the purposes the players give it (a sentence half translated
    # would read worse)
    ("extras.py", "it comes with the extra "): "below the engine, see above",
    ("extras.py", ": pip install 'ttr-teach["): "below the engine, see above",
    ("extras.py", "]' (in a checkout: pip install '.["): "below the engine, see above",
    ("extras.py", " needs the package "): "below the engine, see above",
    ("extras.py", ", which is not installed; "): "below the engine, see above",
    ("players/bot_loading.py", "sending a bot defined in a notebook"): "a purpose given to extras.require, see above",
    ("players/ratings.py", "rating the bots of a tournament"): "a purpose given to extras.require, see above",
    ("lazy.py", " has no attribute "): "Python's own AttributeError wording, which tools and IDEs rely on",
    # the rule lessons, exercises, editions and the course's commands
    ("course/assignments.py", "writing nbgrader assignments"): "a purpose given to extras.require, see above",
    ("course/editions.py", "building the "): "a purpose given to extras.require, see above",
    ("course/assignments.py", "# your answer\n### BEGIN SOLUTION"):
        "the code of an nbgrader answer cell: nbgrader reads its markers, and code stays code",
    ("course/assignments.py", "\n### END SOLUTION"): "as above",
    ("course/assignments.py", " with the course's checker\nfrom ttr_teach"):
        "the code of an nbgrader test cell (hidden tests), as above",
    ("course/assignments.py", ")\n### END HIDDEN TESTS"): "as above",
    ("course/assignments.py", '"""nbgrader\'s configuration'): "nbgrader_config.py, Python code the teacher runs",
    ("course/assignments.py", '"\nc.GenerateAssignment'): "nbgrader_config.py, as above",
    ("course/notebook_translation.py", ": a block has no translation in "):
        "make translations, the maintainers' tool that writes the catalogs themselves",
    ("course/notebook_translation.py", " catalog is not complete"): "make translations, as above",
    ("course/notebook_translation.py", " notebooks translated"): "make translations' report, as above",
    ("course/notebook_translation.py", "from ttr_teach.course.language import"):
        "the code cell a translated notebook starts with",
    ("course/replay_page.py", "\n(function(){"):
        "the replay page's script; the words it shows (Play, Pause) come translated in its data",
    ("course/lessons/claiming.py", "points per train"): "a key of scoring_rows' rows, whose headings are marked",
    ("course/lessons/claiming.py", "offset points"): "a matplotlib argument",
    ("course/lessons/editions.py", "offset points"): "a matplotlib argument",
    ("course/lessons/endgame.py", "Europe: "):
        "the name of a tie-breaker example, a key the notebook's code cells pass to tie_position",
    ("course/lessons/endgame.py", "USA: "): "as above",
    ("course/lessons/questions/endgame.py", "Europe: still tied"): "as above",
    ("course/lessons/endgame.py", "New York"): "a city's name on the map, data the engine looks up",
    ("course/lessons/endgame.py", "Los Angeles"): "a city's name, as above",
    ("course/lessons/endgame.py", "San Francisco"): "a city's name, as above",
    ("course/lessons/endgame.py", "El Paso"): "a city's name, as above",
    ("course/lessons/endgame.py", "Santa Fe"): "a city's name, as above",
    ("course/lessons/endgame.py", "Kansas City"): "a city's name, as above",
    ("course/lessons/endgame.py", "Oklahoma City"): "a city's name, as above",
    ("course/lessons/questions/graphs_map.py", "Kansas City"): "a city's name, as above",
    ("course/lessons/longest.py", "a loop with two tails"): "a key of PRESETS, whose names are marked (N_)",
    ("course/lessons/misreadings.py", "returned to"):
        "a key of a demonstration's facts, which the notebook's check cells assert",
    ("course/lessons/misreadings.py", "deck "): "a key of a demonstration's facts, as above",
    ("course/lessons/misreadings.py", "box "): "a key of a demonstration's facts, as above",
    ("course/lessons/misreadings.py", "returned at the bottom"): "a key of a demonstration's facts, as above",
    ("course/lessons/misreadings.py", "claimed with"): "a key of a demonstration's facts, as above",
    ("course/lessons/misreadings.py", "trains "): "a key of a demonstration's facts, as above",
    ("course/lessons/misreadings.py", "last turns"): "a key of a demonstration's facts, as above",
    ("course/lessons/misreadings.py", "ann trains at end"): "a key of a demonstration's facts, as above",
    ("course/lessons/misreadings.py", "cards gained"): "a key of a demonstration's facts, as above",
    ("course/lessons/misreadings.py", "next player"): "a key of a demonstration's facts, as above",
    ("course/lessons/misreadings.py", "first half"): "a key of a demonstration's facts, as above",
    ("course/lessons/misreadings.py", "second half"): "a key of a demonstration's facts, as above",
    ("course/lessons/stations.py", "ticket points"): "a key of the explorer's rows, whose headings are marked",
    ("course/lessons/questions/stations.py", "ticket points"): "a key of the explorer's rows, as above",
    ("course/lessons/tickets.py", "bottom of the ticket deck"):
        "where the game's log says returned tickets went, a key of PLACES (marked)",
    ("course/lessons/questions/claiming.py", "yellow black"):
        "an exercise's example answer, which its hidden check cell reads (never shown)",
    ("course/lessons/questions/graphs_map.py", "Madrid and London"): "an example answer, as above",
    ("course/lessons/questions/graphs_map.py", "double routes"):
        "a key of graph_summary, and the unit's key in exercises.core._UNITS (marked)",
    ("course/exercises/core.py", "double routes"): "a key of _UNITS, whose phrases are marked (ngettext)",
    ("course/exercises/core.py", ": no example answer to verify"):
        "an AssertionError for a lesson's author: every exercise the package builds has an example",
    ("course/exercises/core.py", "the nudge for "):
        "a ValueError for a lesson's author (a nudge that right answers would hear), never a learner's",
    ("course/exercises/core.py", " would be heard by right answers"): "as above",
    ("course/exercises/core.py", "the answer "): "a ValueError for a lesson's author (a key not among the options)",
    ("course/exercises/core.py", " is not one of the options"): "as above",
    ("course/exercises/functions.py", "not written yet"):
        "a sentinel verdict compared in FunctionExercise._judge, which shows a marked sentence instead",
    ("course/exercises/reading.py", "no one"):
        "English words a learner may type for none, read as well as the language's own (NONE_WORDS_HERE)",
    ("course/exercises/reading.py", "no tickets"): "as above",
    ("course/exercises/reading.py", "zero one two"): "English number words a learner may type, read (never shown)",
    ("course/exercises/shortcuts.py", " has no "):
        "a ValueError for a lesson's author: a misspelt forbidden function in the package's own list",
}


def visible_text(value: str) -> str:
    """The words of ``value`` a reader would see: markup (HTML, SVG, CSS) taken out.

    >>> visible_text('<div class="x">Winner: <b>'), visible_text(';border:1px solid ')
    (' Winner:  ', '')
    """
    text = _STYLE.sub("", value)
    if "<" in text or ">" in text:
        text = _TAG.sub(" ", text)
    return "" if _CSS.search(text) else text


def _skipped(tree) -> set:
    """ids of the docstrings and of everything inside a marking call."""
    skip = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            skip.add(id(node.value))        # a docstring, or an attribute's
        if isinstance(node, ast.Call):
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None
            if name in MARKERS:
                skip.update(id(sub) for arg in node.args for sub in ast.walk(arg))
    return skip


def unmarked(source: str) -> list:
    """``(line, text)`` of each string in ``source`` with English words a user would read unmarked.

    >>> unmarked('x = gettext("Game over.")\\ny = f"it is {name}\\'s turn"')
    [(2, 'it is ')]
    """
    tree = ast.parse(source)
    skip = _skipped(tree)
    return sorted((node.lineno, node.value) for node in ast.walk(tree)
                  if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip
                  and _TWO_WORDS.search(visible_text(node.value)))


def _allowed(module: str, text: str) -> bool:
    return any(module == m and text.startswith(start) for m, start in ALLOWED)


def findings() -> list:
    out = []
    for pattern in CHECKED:
        for file in sorted(PACKAGE.glob(pattern)):
            module = file.relative_to(PACKAGE).as_posix()
            out += [f"{module}:{line}: {text!r}" for line, text in unmarked(file.read_text(encoding="utf-8"))
                    if not _allowed(module, text)]
    return out


def test_every_sentence_of_the_views_players_and_command_line_is_marked_for_translation():
    assert findings() == [], "mark these with gettext (or allow them here, saying why)"


def test_the_check_finds_an_unmarked_sentence_and_passes_marked_ones_and_markup():
    found = unmarked('def f(name):\n    """A docstring stays English."""\n'
                     '    a = gettext("the game is over; step through the final scoring")\n'
                     '    b = ngettext("{n} train left", "{n} trains left", 2)\n'
                     '    c = \'<rect class="space" x="\'\n'
                     '    d = "row wrap"\n'
                     '    e = f"the laptop goes to {name} first"\n'
                     '    g = \'<div class="ttr-winner">Winner: <b>\'\n'
                     '    return "; claimed by " + name\n')
    assert [line for line, _ in found] == [7, 9]


def test_every_allowance_is_still_needed():
    """An allowance whose string is gone (or now marked) must go too, so the list stays short."""
    used = set()
    for module, start in ALLOWED:
        texts = [t for _, t in unmarked((PACKAGE / module).read_text(encoding="utf-8"))]
        if any(t.startswith(start) for t in texts):
            used.add((module, start))
    assert set(ALLOWED) == used


@pytest.fixture
def in_language():
    yield set_language
    set_language(None)


def test_the_play_widgets_refusals_come_out_in_swedish(in_language):
    """The person at the laptop reads why nothing happens in their own language."""
    in_language("sv")
    model = PlayModel()
    assert model.click_deck().message == ("Inte tillåtet: dra ett kort blint från draghögen: inget parti har "
                                          "börjat: välj spelarna och klicka på ”Starta spelet”.")
    with pytest.raises(TTRError, match="det finns ingen platssort 'wizard'"):
        PlaySetup.of("usa", [("Ann", "person"), ("Bo", "wizard")])
    with pytest.raises(TTRError, match="spara.json är inget sparat parti: den innehåller list"):
        read_saved("[]", "spara.json")


def test_a_refused_action_says_what_may_be_done_instead_in_persian(in_language):
    in_language("fa")
    model = PlayModel.new("usa", [("Ann", "person"), ("Bo", "random")], seed=1)
    refused = model.click_face_up(9)
    assert refused.message.startswith("مجاز نیست:") and "فقط ۵ کارتِ رو هست" in refused.message
    model.keep_tickets()                                   # Ann keeps none of the 3 dealt: refused
    assert model.why_not().message.endswith(
        "می‌توانید انتخاب کنید کدام بلیت‌های پیشنهادی را نگه دارید (دست‌کم ۲).")


def test_the_boards_route_titles_and_the_highlight_refusals_in_italian(in_language):
    in_language("it")
    board = Position.empty(load_map("europe"))
    assert "Frankfurt–Paris: 3 caselle arancioni, percorso doppio" in board_svg(board)
    with pytest.raises(TTRError, match="chiave 'colour' sconosciuta"):
        resolve_highlight(board, {"colour": "red"})
    in_language("en")               # the board of a map is made once per language, not once
    assert "Frankfurt–Paris: 3 orange, double route" in board_svg(board)
