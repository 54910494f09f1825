"""Every word a widget shows is in the learner's language, single words too: a button's words
and tooltip, a select's options, a box's placeholder and label, and the words and tooltips
(``title``) of its HTML. ``tests/test_no_unmarked_sentences.py`` reads the source for two
English words in a row; a lone ``"slow"``, a colour key shown as it is (``"pink"``) or a
seat's ``"random bot"`` slips past it. Here the widgets of the course are built in Persian,
which writes no Latin letters: a Latin word left in them is English, unless it is a name
(of a player, a city, a map or the game) or a code span the learner types."""
from __future__ import annotations

import html
import re

import ipywidgets as widgets
import pytest

from ttr_teach.engine.i18n import set_language
from ttr_teach.engine.maps import load_map
from ttr_teach.players.bot_loading import BUILTIN
from ttr_teach.views.alt_text import figure_alt, svg_alt

from .test_widget_names import WIDGETS, _walk

#: Latin words a Persian learner may meet: the game's and the maps' names, the players' names
#: the widgets are built with, the bots' (their kinds and class names), the keys of the keyboard
#: as printed on it and the file formats (the cards' letters are one letter, below the check).
NAMES = {"Ticket", "to", "Ride", "Europe", "USA", "Ann", "Bo", "Cy", "Dee", "Eve", *BUILTIN, *BUILTIN.values(),
         "RandomBot", "Enter", "Esc", "Tab", "JSON", "YAML"}
_LATIN = re.compile(r"[A-Za-z][A-Za-z'’-]*[A-Za-z]")
_TAG = re.compile(r"<(style|script)\b.*?</\1>|<[^>]*>", re.S | re.I)
_TOOLTIP = re.compile(r'\b(?:title|aria-label|alt|placeholder)="([^"]*)"')
_CODE = re.compile(r"<code>.*?</code>", re.S)


def _city_words() -> set:
    words = set()
    for name in ("europe", "usa"):
        for city in load_map(name).cities.values():
            words.update(_LATIN.findall(city.name))
            words.update(_LATIN.findall(str(getattr(city, "id", ""))))
    return words


CITY_WORDS = _city_words()


def _html_words(value: str) -> list:
    value = _CODE.sub(" ", value)
    return [html.unescape(t) for t in _TOOLTIP.findall(value)] + [html.unescape(_TAG.sub(" ", value))]


def shown_texts(root) -> list:
    """``(widget, what, text)`` for every text the widget tree under ``root`` shows."""
    found = []
    for w in _walk(root):
        kind = type(w).__name__
        for attr in ("description", "tooltip", "placeholder"):
            text = getattr(w, attr, None)
            if isinstance(text, str) and text:
                found.append((kind, attr, text))
        for label in getattr(w, "_options_labels", ()) or ():
            found.append((kind, "option", label))
        for tip in getattr(w, "tooltips", ()) or ():
            found.append((kind, "tooltip", tip))
        if isinstance(w, (widgets.HTML, widgets.HTMLMath)):
            found += [(kind, "html", t) for t in _html_words(w.value)]
        elif isinstance(w, widgets.Label):
            found.append((kind, "value", w.value))
    return found


def latin_words(text: str) -> list:
    """The Latin words of ``text`` that are neither names nor code (``a_name``, ``name()``)."""
    text = re.sub(r"\w*_\w+|\w+\(\)|\{[^}]*\}", " ", text)
    return [w for w in _LATIN.findall(text) if w not in NAMES and w not in CITY_WORDS]


@pytest.fixture
def persian():
    set_language("fa")
    yield
    set_language(None)


@pytest.mark.parametrize("name", list(WIDGETS))
def test_every_label_option_and_tooltip_of_a_widget_is_persian(name, persian):
    english = sorted({f"{kind}.{what}: {latin_words(text)}" for kind, what, text in shown_texts(WIDGETS[name]())
                      if latin_words(text)})
    assert english == []


def test_the_check_finds_a_lone_english_word():
    box = widgets.VBox([widgets.Button(description="slow"), widgets.HTML('<span title="pink">P</span>'),
                        widgets.Dropdown(options=[("random bot", "random")]),
                        widgets.HTML("Ann · Paris · <code>is_bridge</code> · ۳")])
    assert [text for _, _, text in shown_texts(box) if latin_words(text)] == ["slow", "pink", "random bot"]


def test_a_picture_without_words_is_named_in_persian(persian):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots()
    ax.set(xlabel="x", ylabel="y")
    try:
        assert figure_alt(fig) == "یک نمودار. y بر حسب x."
    finally:
        plt.close(fig)
    assert svg_alt("<svg/>") == "یک تصویر"
