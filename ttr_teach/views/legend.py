"""The one legend of every board: the colour key (each route colour with its letter, tunnels,
ferries), each player's claimed car (their colour and shape on the dark bar) with their counts,
the highlights' labels and the last move's outline.

The SVG board draws it under the map (:func:`draw_legend`); the canvas boards show the same
drawing under the canvas (:func:`legend_svg`), so that the key reads alike everywhere.

>>> from ttr_teach.engine.maps import load_map
>>> svg = legend_svg(load_map("usa"), [("Ann", "red"), ("Bo", "blue")], last_move=True)
>>> 'role="img"' in svg, "Ann (red, circles)" in svg, "last move" in svg
(True, True, True)
"""
from __future__ import annotations

from html import escape

from ..engine.i18n import gettext
from ..engine.rules import COLORS, GRAY
from ..engine.text import colour_name, listing
from .board_words import player_words
from .geometry import text_width
from .style import (
    CAR_OUTLINE,
    DARK_INK,
    FONT_FAMILY,
    LABEL_INK,
    LAST_MOVE_DASH,
    LAST_MOVE_HALO,
    LAST_MOVE_INK,
    OWNED_BAND,
    PLAYER_FILLS,
    PLAYER_INK,
    PLAYER_SYMBOLS,
    ROUTE_FILLS,
    ROUTE_INK,
    ROUTE_LETTERS,
    SPACE_STROKE,
    TUNNEL_STROKE,
    _num,
    locomotive_path,
    symbol_path,
)

LEGEND_LINE = 24
#: Width of the legend drawn alone (under a canvas board): as readable at 760 pixels as on a laptop.
LEGEND_WIDTH = 720
LEGEND_FONT = 16


def _key(out, m, x, y, right) -> float:
    """The colour key: one swatch per route colour with its letter, then tunnel and ferry,
    wrapped before ``right``; the baseline of its last line."""
    n = _num
    left = x
    out.append(f'<g class="legend-key" font-size="{LEGEND_FONT - 1}">')

    def room(text):
        nonlocal x, y
        if x + 30 + text_width(text, LEGEND_FONT - 1) * 0.9 > right:
            x, y = left, y + LEGEND_LINE

    for color in (*COLORS, GRAY):
        word = colour_name(color)
        room(word)
        out.append(f'<rect x="{n(x)}" y="{n(y - 9)}" width="20" height="10" rx="2" fill="{ROUTE_FILLS[color]}" '
                   f'stroke="{SPACE_STROKE}" stroke-width="0.8"/>')
        letter = ROUTE_LETTERS.get(color)
        if letter:
            out.append(f'<text x="{n(x + 10)}" y="{n(y - 1.5)}" font-size="7.5" font-weight="bold" '
                       f'text-anchor="middle" fill="{ROUTE_INK[color]}">{letter}</text>')
        out.append(f'<text x="{n(x + 24)}" y="{n(y)}" fill="{LABEL_INK}">{escape(word)}</text>')
        x += 30 + text_width(word, LEGEND_FONT - 1) * 0.9
    if m.rules.has_tunnels:
        tunnel = gettext("tunnel")
        room(tunnel)
        out.append(f'<rect x="{n(x)}" y="{n(y - 9)}" width="20" height="10" rx="2" fill="{ROUTE_FILLS[GRAY]}" '
                   f'stroke="{TUNNEL_STROKE}" stroke-width="1.6" stroke-dasharray="2.6 1.6"/>'
                   f'<text x="{n(x + 24)}" y="{n(y)}" fill="{LABEL_INK}">{escape(tunnel)}</text>')
        x += 30 + text_width(tunnel, LEGEND_FONT - 1) * 0.9
    if m.rules.has_ferries:
        ferry = gettext("ferry: locomotive needed")
        room(ferry)
        out.append(f'<rect x="{n(x)}" y="{n(y - 9)}" width="20" height="10" rx="2" fill="{ROUTE_FILLS[GRAY]}" '
                   f'stroke="{SPACE_STROKE}" stroke-width="0.8"/>'
                   f'<path d="{locomotive_path(x + 10, y - 4, 0.8)}" fill="{DARK_INK}"/>'
                   f'<text x="{n(x + 24)}" y="{n(y)}" fill="{LABEL_INK}">{escape(ferry)}</text>')
    out.append("</g>")
    return y


def car_swatch(color: str, x: float, y: float) -> str:
    """A claimed car of player colour ``color`` as on the board (the dark bar, the car with its
    white outline and the player's shape), 24 x 12 with its top left at ``(x, y)``."""
    n = _num
    return (f'<rect x="{n(x - 1.5)}" y="{n(y - 1.5)}" width="27" height="15" rx="3" fill="{OWNED_BAND}"/>'
            f'<rect class="legend-car" x="{n(x)}" y="{n(y)}" width="24" height="12" rx="2" '
            f'fill="{PLAYER_FILLS[color]}" stroke="{CAR_OUTLINE}" stroke-width="1.1"/>'
            f'<path d="{symbol_path(PLAYER_SYMBOLS[color], x + 12, y + 6, 4)}" fill="{PLAYER_INK[color]}"/>')


def last_move_swatch(x: float, y: float) -> str:
    """The last move's outline around a 22 x 8 gray row, top left at ``(x, y)``."""
    n = _num
    dash = " ".join(_num(d) for d in LAST_MOVE_DASH)
    return (f'<rect x="{n(x + 2)}" y="{n(y + 2)}" width="20" height="8" rx="2" fill="{ROUTE_FILLS[GRAY]}" '
            f'stroke="{SPACE_STROKE}" stroke-width="0.8"/>'
            f'<rect x="{n(x)}" y="{n(y)}" width="24" height="12" rx="3" fill="none" '
            f'stroke="{LAST_MOVE_HALO}" stroke-width="3.5"/>'
            f'<rect x="{n(x)}" y="{n(y)}" width="24" height="12" rx="3" fill="none" '
            f'stroke="{LAST_MOVE_INK}" stroke-width="2" stroke-dasharray="{dash}"/>')


def _players(out, players, x, y) -> float:
    """One line per player: ``(name, colour, counts text or None)``."""
    n = _num
    for name, color, counts in players:
        more = escape(gettext(": {counts}").format(counts=counts)) if counts else ""
        out.append(f'<g class="legend-player" data-player="{escape(name, quote=True)}" data-color="{color}">'
                   f'{car_swatch(color, x, y - 10)}'
                   f'<text x="{n(x + 32)}" y="{n(y)}"><tspan font-weight="bold">{escape(name)}</tspan>'
                   f'{escape(player_words(name, color)[len(name):])}{more}</text></g>')
        y += LEGEND_LINE
    return y


def _last_text(last_words) -> str:
    return (gettext("last move: {items}").format(items=gettext("; ").join(last_words)) if last_words
            else gettext("the other players’ last move"))


def _marks(out, marks, last_words, x, y) -> float:
    n = _num
    for k, mark in enumerate(marks):
        if not mark.label:
            continue
        out.append(f'<g class="legend-highlight" data-highlight="{k}">'
                   f'<path d="M{n(x)} {n(y - 4)}H{n(x + 22)}" stroke="{mark.color}" stroke-width="7" '
                   f'stroke-linecap="round"/>'
                   f'<text x="{n(x + 30)}" y="{n(y)}">{escape(mark.label)}</text></g>')
        y += LEGEND_LINE
    if last_words is not None:
        text = _last_text(last_words)
        out.append(f'<g class="legend-last-move">{last_move_swatch(x - 1, y - 10)}'
                   f'<text x="{n(x + 30)}" y="{n(y)}">{escape(text)}</text></g>')
        y += LEGEND_LINE
    return y


def draw_legend(out, m, players, marks, last_words, x0: float, width: float, y: float) -> float:
    """Append the legend to ``out``, its first line at ``y``, and return its height:
    ``players`` as ``(name, colour, counts)``, ``marks`` resolved highlights, ``last_words``
    the last move's sentences (None: no last move). The key comes first (on as many lines as
    the width needs), then the players, with the highlights beside them when there is room
    and under them when not."""
    font = LEGEND_FONT
    out.append(f'<g class="legend" font-size="{font}" fill="{LABEL_INK}">')
    out.append(f'<text x="{_num(x0 + 10)}" y="{_num(y)}" font-weight="bold" font-size="{font + 1}">'
               f"{escape(m.title)}</text>")
    top = y
    y = _key(out, m, x0 + 10 + text_width(m.title, font + 1) + 18, y, x0 + width - 10) + LEGEND_LINE
    widest = max((32 + text_width(f"{name}{player_words(name, color)[len(name):]}: {counts or ''}", font) * 0.9
                  for name, color, counts in players), default=0)
    right = [k.label for k in marks if k.label] + ([_last_text(last_words)] if last_words is not None else [])
    widest_right = max((30 + text_width(t, font) * 0.9 for t in right), default=0)
    below = _players(out, players, x0 + 10, y)
    beside = 10 + widest + 24 <= width / 2 and width / 2 + widest_right <= width - 10
    end = _marks(out, marks, last_words, x0 + width / 2 if beside else x0 + 10, y if beside else below)
    out.append("</g>")
    return max(below, end) - LEGEND_LINE - top + 12


def _legend_title(players) -> str:
    if not players:
        return gettext("Key: route colours with their letters")
    return gettext("Key: route colours with their letters, {players}").format(
        players=listing(player_words(n, c) for n, c in players))


def legend_svg(m, players=(), last_move: bool = False, width: float | None = None) -> str:
    """The legend alone as an SVG picture (``role="img"`` with a title), for the boards drawn on
    a canvas: ``players`` as ``(name, colour)`` pairs; ``last_move`` adds the outline's key.
    ``width``: in pixels at full size (default :data:`LEGEND_WIDTH`; the key wraps to fit, and
    the picture shrinks with a narrower page)."""
    w = width or LEGEND_WIDTH
    body: list[str] = []
    height = draw_legend(body, m, [(n, c, None) for n, c in players], (), () if last_move else None, 0, w, 18) + 14
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="ttr-legend" role="img" viewBox="0 0 {_num(w)} '
           f'{height}" width="100%" style="max-width:{_num(w)}px;height:auto" font-family="{FONT_FAMILY}">',
           f"<title>{escape(_legend_title(players))}</title>"]
    out += body
    out.append("</svg>")
    return "\n".join(out) + "\n"
