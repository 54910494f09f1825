"""Small pieces shared by the rules lessons: hands in words, cards as coloured chips, outcomes.

>>> hand_text({"red": 2, "locomotive": 1, "blue": 0})
'2 red, 1 locomotive'
>>> read_hand({"red": 2})["locomotive"]
0
>>> Outcome(False, "no", "because").ok
False
>>> print(resolve_route("europe", ("Paris", "Frankfurt", "white")))
Frankfurt–Paris (3 white)
"""
from __future__ import annotations

import textwrap
from dataclasses import dataclass
from html import escape

from ...engine.cards import CARD_KINDS, read_hand  # the engine's one reader of hands; lessons import it from here
from ...engine.i18n import gettext, pgettext
from ...engine.maps import Route, load_map
from ...engine.rules import GRAY
from ...engine.text import colour_count, colour_name, listing, sentence
from ...views.style import card_style as views_card_style

OK_INK, REFUSED_INK = "#1a7f37", "#c62828"


#: Every colour a learner may name: the cards' and the routes' (gray), and the locomotive.
COLOURS = (*CARD_KINDS, GRAY)


def read_colour(text: str) -> str:
    """The colour a learner typed, in English or in the language spoken now (as a noun, or as
    a payment counts it: Swedish *rött* or *röda*): ``"Red"`` -> ``"red"``. Raises
    ``ValueError`` naming the colours for a word that is none.

    >>> read_colour(" Black ")
    'black'
    """
    word = " ".join(str(text).split()).casefold()
    for kind in COLOURS:
        said = {kind, colour_name(kind).casefold(),
                *(colour_count(n, kind).replace(str(n), "", 1).strip().casefold() for n in (1, 2))}
        if word in said:
            return kind
    raise ValueError(gettext("“{word}” is not a colour: write one of {colours}").format(
        word=" ".join(str(text).split()), colours=listing(colour_name(k) for k in COLOURS)))


@dataclass(frozen=True)
class Outcome:
    """What a lesson widget's action did: ``ok`` False when the engine refused it, ``message``
    what happened (or the engine's reason), ``explanation`` the rule behind it, in words.
    An ``instruction`` says what to do next (before anything was done): it is shown without a
    tick, since nothing has succeeded yet (:func:`instruction`)."""

    ok: bool
    message: str
    explanation: str = ""
    instruction: bool = False

    def __bool__(self):
        return self.ok


#: Printed lines are wrapped at this width, between words (a notebook's output area would break
#: a long line anywhere, even inside a word).
LINE_WIDTH = 88


def wrapped(*texts) -> str:
    """The texts joined by spaces, each line wrapped between words at :data:`LINE_WIDTH`
    (a line's indentation is kept for the lines it wraps onto).

    >>> print(wrapped("Refused:", "a face-up locomotive cannot be your second card " * 2))
    Refused: a face-up locomotive cannot be your second card a face-up locomotive cannot be
    your second card
    """
    out = []
    for line in " ".join(str(t) for t in texts).splitlines() or [""]:
        indent = line[: len(line) - len(line.lstrip())]
        out.append(textwrap.fill(line, LINE_WIDTH, subsequent_indent=indent, break_long_words=False,
                                 break_on_hyphens=False) if line.strip() else line)
    return "\n".join(out)


def say(*texts) -> None:
    """Print the texts wrapped between words (see :func:`wrapped`): what a lesson's code cell prints."""
    print(wrapped(*texts))


def you() -> str:
    """The learner's seat in a lesson's game, named in the language spoken now.

    >>> you()
    'You'
    """
    return pgettext("seat", "You")


def seats(players, rival: str = "Bo") -> list:
    """A lesson game's player names: ``players`` when given, else the learner and ``rival``.

    >>> seats(None), seats(["Ann", "Bo"])
    (['You', 'Bo'], ['Ann', 'Bo'])
    """
    return [you(), rival] if players is None else list(players)


def hand_text(hand) -> str:
    """A hand in words, kinds in the rulebook's order: ``'2 red, 1 locomotive'`` (or ``'no cards'``)."""
    hand = read_hand(hand)
    parts = [colour_count(n, k) for k, n in hand.items() if n]
    return listing(parts) or gettext("no cards")


def card_style(kind: str) -> tuple:
    """``(background, ink, letter)`` of a card of ``kind``: the board's colours and letters
    (:func:`ttr_teach.views.style.card_style`, the one look of a card everywhere).

    >>> card_style("black"), card_style("locomotive")[2]
    (('#2b2b2b', '#ffffff', 'K'), '★')
    """
    return views_card_style(kind)


def card_chip_html(kind: str, count: int | None = None) -> str:
    """HTML for one card (or ``count`` cards) of ``kind``: a small coloured card with its letter
    and name, so colours never have to be told apart by hue alone."""
    fill, ink, letter = card_style(kind)
    times = f"{count} × " if count is not None else ""
    return (f'<span class="ttr-card" data-card="{escape(kind)}" style="display:inline-block;'
            f"background:{fill};color:{ink};border:1px solid #444;border-radius:4px;"
            f'padding:2px 6px;margin:2px;font-weight:bold;font-size:12px">{times}{letter} '
            f"<span style=\"font-weight:normal\">{escape(colour_name(kind))}</span></span>")


def hand_html(hand) -> str:
    """A hand as a row of card chips (or "no cards")."""
    hand = read_hand(hand)
    chips = [card_chip_html(k, n) for k, n in hand.items() if n]
    return "".join(chips) or "<i>" + escape(gettext("no cards")) + "</i>"


def refused(reason: str, explanation: str = "") -> Outcome:
    """A refusal (the engine's reason, or the lesson's) as the learner reads it: a sentence.

    >>> refused("Wien already has a station; a city can hold only one").message
    'Wien already has a station; a city can hold only one.'
    >>> refused("your second station needs 2 cards; you have 1").message
    'Your second station needs 2 cards; you have 1.'
    """
    return Outcome(False, sentence(reason), explanation)


def instruction(message: str) -> Outcome:
    """What the learner is asked to do next, as an outcome shown without a tick.

    >>> instruction("Choose a city.").instruction, outcome_html(instruction("Choose a city."))
    (True, '<div class="ttr-outcome ttr-instruction" data-ok="1"><span>Choose a city.</span></div>')
    """
    return Outcome(True, message, instruction=True)


def outcome_html(outcome: Outcome) -> str:
    """An outcome as HTML: a green tick or a red cross, the message, then the explanation; an
    instruction plainly, with no mark."""
    if outcome.instruction:
        text = f'<div class="ttr-outcome ttr-instruction" data-ok="1"><span>{escape(outcome.message)}</span>'
        return text + (f"<br><i>{escape(outcome.explanation)}</i>" if outcome.explanation else "") + "</div>"
    mark, ink = ("✔", OK_INK) if outcome.ok else ("✘", REFUSED_INK)
    text = (f'<div class="ttr-outcome" data-ok="{int(outcome.ok)}"><span style="color:{ink};'
            f'font-weight:bold">{mark} {escape(outcome.message)}</span>')
    if outcome.explanation:
        text += f"<br><i>{escape(outcome.explanation)}</i>"
    return text + "</div>"


def svg_html(svg: str, width: str = "100%") -> str:
    """An SVG picture inside a div that scales it to ``width`` (for an ipywidgets HTML).

    >>> svg_html('<svg width="600" height="400"></svg>')
    '<div class="ttr-board" style="width:100%;max-width:900px"><svg style="width:100%;height:auto" width="600" height="400"></svg></div>'
    """  # noqa: E501
    first_tag = svg[:svg.find(">")]
    # board_svg without a size already fits its container (and has a style of its own)
    scaled = svg if " style=" in first_tag else svg.replace("<svg ", '<svg style="width:100%;height:auto" ', 1)
    return f'<div class="ttr-board" style="width:{width};max-width:900px">{scaled}</div>'


def resolve_route(map, spec) -> Route:
    """The route named by ``spec`` on ``map``: a Route, its number, or ``(a, b)`` / ``(a, b, colour)``.

    Raises :class:`~ttr_teach.engine.errors.MapError` naming what was not found (the map's
    own reader, :meth:`Map.find_route <ttr_teach.engine.maps.Map.find_route>`).
    """
    return load_map(map).find_route(spec)


def route_choices(map, routes=None) -> list:
    """``(label, index)`` pairs for a dropdown of ``routes`` (default: every route of ``map``);
    the two halves of a same-coloured double route are told apart as "half 1" and "half 2".

    >>> [label for label, _ in route_choices("europe") if "London (2 gray" in label and "Dieppe" in label]
    ['Dieppe–London (2 gray, ferry, 1 locomotive), half 1', 'Dieppe–London (2 gray, ferry, 1 locomotive), half 2']
    """
    m = load_map(map)
    out = []
    for r in (m.routes if routes is None else routes):
        label = str(r)
        partner = m.partner(r)
        if partner is not None and partner.color == r.color:
            label = gettext("{route}, half {n}").format(route=label, n=1 if r.index < partner.index else 2)
        out.append((label, r.index))
    return out


def _shown(value) -> str:
    """A table cell as the learner reads it: a marked word in their language, anything else as is."""
    return gettext(value) if isinstance(value, str) and value else str(value)


def table_html(rows) -> str:
    """A list of dicts (same keys) as an HTML table, the keys as its header (a key marked
    ``N_("points")`` where the rows are made is shown in the learner's language, and so is a
    cell holding a marked word, such as ``N_("yes")``).

    >>> table_html([{"a": 1}])
    "<table class='ttr-table'><tr><th>a</th></tr><tr><td>1</td></tr></table>"
    """
    head = "".join(f"<th>{escape(gettext(str(k)) if str(k) else '')}</th>" for k in rows[0])
    body = "".join("<tr>" + "".join(f"<td>{escape(_shown(v))}</td>" for v in r.values()) + "</tr>" for r in rows)
    return f"<table class='ttr-table'><tr>{head}</tr>{body}</table>"
