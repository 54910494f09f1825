"""The notebooks' code cells are the same in every language (docs/translating.md: only the
markdown is translated), so an English sentence typed in a code cell reaches a Vietnamese,
Persian, Swedish or Italian learner in English (issue 23): ``print(f"{n} cities, ...")``,
``say("Refused:", ...)``, a board's ``label``, a chart's ``title=``, a seat named ``"You"``.
Such a sentence belongs in the lesson's module, built with ``gettext``/``ngettext``.

The check reads the English notebooks' code cells (``ast``) and fails on a string literal
that a learner sees and that is English:

* where it is shown: an argument of ``print``, ``say``, ``tell``, ``display``, ``HTML``,
  ``Markdown`` (not what a nested call is given: that call builds the text), the text of an
  f-string, the value of a keyword argument ``label=``, ``title=``, ``name=``, ``names=``,
  ``players=``, ``seat=``, ``description=``, ``xlabel=``, ``ylabel=``, ``caption=`` or of a
  dict literal's ``"label"``, ``"title"``, ``"name"``, ``"caption"``, a key of a dict literal
  given to a call (a table's row names), an item of a list or tuple of strings given to a call
  as a positional argument (seat names); never inside an ``assert`` (a check, not shown);
* what is English: two words or more of the package's English (the words of the catalog's
  msgids; an f-string's text read whole), or a single such word printed or in the label and
  seat places;
  the game's data (colours, card
  kinds, maps, cities, the bots' and the example players' names) is not English prose.

The allowlist names the few that stay, each with why.
"""
import ast
import json
import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from ttr_teach.engine.cards import CARD_KINDS
from ttr_teach.engine.maps import MAP_NAMES, load_map
from ttr_teach.engine.rules import GRAY

ROOT = Path(__file__).resolve().parents[2]
#: The English notebooks: the source of every language's code cells.
NOTEBOOKS = sorted([*ROOT.glob("notebooks/*.ipynb"), *ROOT.glob("notebooks/graphs/*.ipynb"),
                    *ROOT.glob("puzzles/*.ipynb")])

SHOWN_CALLS = {"print", "say", "tell", "display", "HTML", "Markdown"}
LABEL_KEYWORDS = {"label", "title", "name", "names", "players", "seat", "description", "xlabel", "ylabel",
                  "caption"}
LABEL_KEYS = {"label", "title", "name", "caption"}

#: The example players' names and the bots' (data, the same in every language).
NAMES = {"ann", "bo", "cy", "dee", "eve", "random", "planner", "path", "network", "expert", "greedy",
         "plannerbot", "pathbot", "networkbot", "randombot", "person"}

#: (notebook, text) -> why it may stay English.
ALLOWED = {
    **{("notebooks/graphs/07_best_possible_score.ipynb", caption):
       "a Table shows its caption translated (graphs.shared.CAPTIONS marks it)"
       for caption in ("LP bounds (stored) against the optimum (cached)",
                       "Europe: the tickets the optimum takes most", "Europe, 45 trains: the split rule",
                       "USA: the tickets the optimum takes most")},
    **{("puzzles/worksheets.ipynb", title):
       "make_worksheet shows its title translated (puzzles.worksheet.TITLES marks it)"
       for title in ("Ticket to Ride: scoring practice", "Tunnels and tickets")},
}

WORD = re.compile(r"[A-Za-z]+")


@cache
def english_words() -> frozenset:
    """The words of the package's English messages (the msgids of its catalog)."""
    words = set()
    for name in ("ttr_teach.pot", "ttr_teach_puzzles.pot"):
        path = ROOT / "ttr_teach" / "locale" / name
        if not path.exists():
            continue
        with path.open("rb") as f:
            for message in read_po(f):
                ids = message.id if isinstance(message.id, (list, tuple)) else [message.id]
                for text in ids:
                    words.update(w.lower() for w in WORD.findall(re.sub(r"\{[^}]*\}", " ", text or "")))
    return frozenset(words - data_words())


@cache
def data_words() -> frozenset:
    """Words of the game's data: colours, card kinds, maps, cities, the players' names."""
    words = {w.lower() for kind in (*CARD_KINDS, GRAY, "grey", *MAP_NAMES) for w in WORD.findall(kind)}
    for map_name in MAP_NAMES:
        m = load_map(map_name)
        for city_id, city in m.cities.items():
            words.update(w.lower() for w in WORD.findall(f"{city_id} {getattr(city, 'name', '')}"))
    return frozenset(words | NAMES)


def is_english(text: str, single_word: bool) -> bool:
    """Two words or more of the package's English; or, in a label or seat place, one."""
    words = [w.lower() for w in WORD.findall(text)]
    english = [w for w in words if w in english_words()]
    return len(english) >= 2 or (single_word and len(english) >= 1)


def _call_name(node: ast.Call) -> str:
    func = node.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def shown_strings(tree: ast.AST):
    """``(text, single_word)`` for each string literal of the code that a learner sees."""
    def literals(node, single_word):
        """The literals of an expression shown as it is (not those a nested call is given)."""
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node.value, single_word
        elif isinstance(node, (ast.BinOp, ast.IfExp)):
            for child in ast.iter_child_nodes(node):
                yield from literals(child, single_word)
        elif isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            for child in node.elts:
                yield from literals(child, single_word)
        elif isinstance(node, ast.Dict):
            for value in node.values:
                yield from literals(value, single_word)

    checks = {id(n) for a in ast.walk(tree) if isinstance(a, ast.Assert) for n in ast.walk(a)}
    for node in ast.walk(tree):
        if id(node) in checks:                         # an assertion: a check, never shown
            continue
        if isinstance(node, ast.JoinedStr):
            yield "".join(p.value if isinstance(p, ast.Constant) else "{}" for p in node.values), False
        elif isinstance(node, ast.Call):
            if _call_name(node) in SHOWN_CALLS:
                for arg in node.args:
                    yield from literals(arg, True)
            for keyword in node.keywords:
                if keyword.arg in LABEL_KEYWORDS:
                    yield from literals(keyword.value, True)
            for arg in [*node.args, *(k.value for k in node.keywords)]:
                if isinstance(arg, ast.Dict):        # a table's row names (its keys of one word are data)
                    for key in arg.keys:
                        if isinstance(key, ast.Constant) and isinstance(key.value, str):
                            yield key.value, False
            for arg in node.args:
                if isinstance(arg, (ast.List, ast.Tuple)) and arg.elts and all(
                        isinstance(e, ast.Constant) and isinstance(e.value, str) for e in arg.elts):
                    for e in arg.elts:                 # seat names
                        yield e.value, True
        elif isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values, strict=True):
                if isinstance(key, ast.Constant) and key.value in LABEL_KEYS:
                    yield from literals(value, True)


def code_cells(path: Path):
    for index, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"]):
        if cell["cell_type"] == "code":
            source = "".join(cell["source"])
            # IPython's magics and shell escapes are not Python
            yield index, "\n".join("" if line.lstrip().startswith(("%", "!")) else line
                                   for line in source.splitlines())


def findings(path: Path) -> list:
    rel = path.relative_to(ROOT).as_posix()
    found = []
    for index, source in code_cells(path):
        for text, single_word in shown_strings(ast.parse(source)):
            if is_english(text, single_word) and (rel, text) not in ALLOWED:
                found.append(f"{rel}[{index}]: {text!r}")
    return found


def test_the_notebooks_are_found():
    assert len(NOTEBOOKS) > 20 and all("/fa/" not in p.as_posix() for p in NOTEBOOKS)


def test_the_check_sees_what_it_is_for():
    """The misses of issue 23, written again: each is found."""
    cases = {
        'print(f"{a} cities, {b} routes, {c} tickets")': "{} cities, {} routes, {} tickets",
        'say("Refused:", refusal.message)': "Refused:",
        'print(len(choices), "choices; the best:")': "choices; the best:",
        'print(len(choices), "choices")': "choices",
        'board_svg(m, highlight={"routes": r, "label": f"the {n} tunnels"})': "the {} tunnels",
        'plot(exact, title="exact (bars) and simulated (dots)")': "exact (bars) and simulated (dots)",
        'Game.arranged("europe", ["You", "Bo"])': "You",
        'ratios("europe", {"crossing": a, "far apart": b})': "far apart",
        'tournament({"your bot": bot, "random": other})': "your bot",
    }
    for source, text in cases.items():
        shown = [t for t, single in shown_strings(ast.parse(source)) if is_english(t, single)]
        assert text in shown, (source, shown)
    data = 'Game.arranged("europe", ["Ann", "Bo"], hands=[{"red": 2, "locomotive": 1}]); print("Paris")'
    assert not [t for t, single in shown_strings(ast.parse(data)) if is_english(t, single)]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_english_in_the_code_cells(path):
    assert not findings(path), ("English in a code cell, shared by every language: build the text in the "
                                "lesson's module with gettext/ngettext (docs/translating.md)")


def test_the_allowlist_is_used():
    used = {(path.relative_to(ROOT).as_posix(), text) for path in NOTEBOOKS for _, source in code_cells(path)
            for text, _ in shown_strings(ast.parse(source))}
    assert not set(ALLOWED) - used, "an allowlisted text is no longer in its notebook"
