"""How the board is painted: route and player colours, the letters and symbols that keep them
apart without colour, and the small pictograms (locomotive, station, player symbols).

Shared by the SVG renderer, the canvas widget and the panels' card chips, so that all paint the
same board and cards. Every colour has a second cue for colour-blind readers: each coloured
route space and train card carries a letter (:data:`ROUTE_LETTERS`, a star on a locomotive),
each player's trains and stations carry a shape (:data:`PLAYER_SYMBOLS`). A claimed route is
drawn unlike any printed one: a dark bar of cars, each with a white outline and its owner's
shape (:data:`OWNED_BAND`); the last move gets a dashed black-and-white outline.

>>> ROUTE_LETTERS["black"], ROUTE_LETTERS["pink"], PLAYER_SYMBOLS["green"]
('K', 'P', 'triangle')
>>> symbol_path("square", 0, 0, 2)
'M-2 -2H2V2H-2Z'
"""
from __future__ import annotations

from ..engine.i18n import N_
from ..engine.rules import COLORS, GRAY, LOCOMOTIVE

#: Fill of the route spaces, by route colour.
ROUTE_FILLS = {"pink": "#d77cc0", "white": "#f8f8f4", "blue": "#2f6fc4", "yellow": "#f4d21f",
               "orange": "#f08c25", "black": "#2b2b2b", "red": "#d63434", "green": "#3f9d4a",
               GRAY: "#b9b9b2"}
#: The letter printed on each space of a coloured route (gray routes have none).
ROUTE_LETTERS = {"pink": "P", "white": "W", "blue": "B", "yellow": "Y", "orange": "O",
                 "black": "K", "red": "R", "green": "G"}
#: Ink for text and symbols drawn on a fill (dark on light fills, white on dark ones).
DARK_INK, LIGHT_INK = "#1b1b1b", "#ffffff"
ROUTE_INK = {c: (LIGHT_INK if c in ("blue", "black", "red", "green") else DARK_INK)
             for c in (*COLORS, GRAY)}
SPACE_STROKE = "#4a4a4a"
TUNNEL_STROKE = "#111111"

#: Fill of each player's trains and stations, by player colour: deeper or lighter than the route
#: colour of the same name (a claimed route is told apart by its shape as well, see below).
PLAYER_FILLS = {"red": "#9e0b24", "blue": "#0b3b8f", "green": "#075b36", "yellow": "#fff38a",
                "black": "#000000"}
#: The shape drawn on each train and station of a player, by player colour.
PLAYER_SYMBOLS = {"red": "circle", "blue": "square", "green": "triangle", "yellow": "diamond",
                  "black": "cross"}
#: The shape in words (for titles, descriptions and legends) and as one character (for HTML).
#: The shapes on each player's trains, in words (translated where shown).
SYMBOL_WORDS = {"circle": N_("circles"), "square": N_("squares"), "triangle": N_("triangles"),
                "diamond": N_("diamonds"), "cross": N_("crosses")}
SYMBOL_CHARS = {"circle": "●", "square": "■", "triangle": "▲", "diamond": "◆", "cross": "✚"}
PLAYER_INK = {"red": LIGHT_INK, "blue": LIGHT_INK, "green": LIGHT_INK, "yellow": DARK_INK,
              "black": LIGHT_INK}
#: Outline of each player's trains and stations (light around black pieces, dark otherwise).
PLAYER_STROKE = {c: ("#f4f4f4" if c == "black" else "#111111") for c in PLAYER_FILLS}

#: How a claimed route looks, unlike any printed one: its spaces joined into one dark bar
#: (:data:`OWNED_BAND`, reaching :data:`OWNED_BAND_MARGIN` past the spaces), each space covered
#: by a car in the owner's colour with a white outline and the owner's symbol, large.
OWNED_BAND = "#0d0d0d"
OWNED_BAND_MARGIN = 1.0
CAR_OUTLINE, CAR_OUTLINE_WIDTH = "#ffffff", 1.1


def car_symbol_radius(space_length: float, width: float) -> float:
    """Radius of the owner's symbol on a car of a space ``space_length`` x ``width``.

    >>> car_symbol_radius(26, 10), car_symbol_radius(8, 10)
    (3.3, 2.2)
    """
    return round(max(1.0, min(0.33 * width, (space_length - 3.6) / 2)), 1)


#: The last move (the other player's claim or station, shown until the viewer acts): a black
#: dashed outline on a white halo, a shape no route, owner or highlight has.
LAST_MOVE_INK, LAST_MOVE_HALO = "#000000", "#ffffff"
LAST_MOVE_DASH = (4.0, 2.5)
LAST_MOVE_MARGIN = 3.2

#: How train cards look (the route colours; a locomotive is dark with a star as its letter).
LOCOMOTIVE_FILL, LOCOMOTIVE_INK, LOCOMOTIVE_LETTER = "#4b3b2a", "#ffd75e", "★"


def card_style(card: str) -> tuple:
    """``(fill, ink, letter)`` of a train card of kind ``card``: the route colour's fill and
    letter, or the locomotive's.

    >>> card_style("black"), card_style("locomotive")[2]
    (('#2b2b2b', '#ffffff', 'K'), '★')
    """
    if card == LOCOMOTIVE:
        return LOCOMOTIVE_FILL, LOCOMOTIVE_INK, LOCOMOTIVE_LETTER
    return ROUTE_FILLS[card], ROUTE_INK[card], ROUTE_LETTERS[card]


FONT_FAMILY = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"
BACKGROUND = "#f4efdf"
CITY_FILL = "#fffaf0"
CITY_STROKE = "#3a2a1a"
LABEL_INK = "#1f1a14"
LABEL_HALO = "#f4efdf"
#: Colours that highlight items take in turn (strong hues that no route or player uses).
HIGHLIGHT_COLORS = ("#ff1493", "#00b3e6", "#8a2be2", "#00a383", "#8b4513")


def _num(v: float) -> str:
    """``v`` rounded to 0.1 with no noisy digits: ``2.0 -> '2'``, ``-0.04 -> '0'``."""
    r = round(v, 1)
    if r == 0:
        return "0"
    s = f"{r:.1f}"
    return s[:-2] if s.endswith(".0") else s


def symbol_path(shape: str, x: float, y: float, r: float) -> str:
    """SVG path data of a player symbol of radius ``r`` centred on ``(x, y)``."""
    n = _num
    if shape == "square":
        return f"M{n(x - r)} {n(y - r)}H{n(x + r)}V{n(y + r)}H{n(x - r)}Z"
    if shape == "triangle":
        return f"M{n(x)} {n(y - 1.15 * r)}L{n(x + 1.1 * r)} {n(y + 0.8 * r)}H{n(x - 1.1 * r)}Z"
    if shape == "diamond":
        return f"M{n(x)} {n(y - 1.25 * r)}L{n(x + r)} {n(y)}L{n(x)} {n(y + 1.25 * r)}L{n(x - r)} {n(y)}Z"
    if shape == "cross":
        a, b = 0.35 * r, r
        pts = [(-b, -b + a), (-b + a, -b), (0, -a), (b - a, -b), (b, -b + a), (a, 0), (b, b - a),
               (b - a, b), (0, a), (-b + a, b), (-b, b - a), (-a, 0)]
        return "M" + "L".join(f"{n(x + px)} {n(y + py)}" for px, py in pts) + "Z"
    # circle, as two arcs so that every symbol is a single path
    return (f"M{n(x - r)} {n(y)}A{n(r)} {n(r)} 0 1 0 {n(x + r)} {n(y)}"
            f"A{n(r)} {n(r)} 0 1 0 {n(x - r)} {n(y)}Z")


def locomotive_path(x: float, y: float, scale: float = 1.0) -> str:
    """SVG path data of a small locomotive pictogram (about 11 x 8 at scale 1) centred on ``(x, y)``."""
    n = _num

    def rect(x0, y0, x1, y1):
        return (f"M{n(x + x0 * scale)} {n(y + y0 * scale)}H{n(x + x1 * scale)}"
                f"V{n(y + y1 * scale)}H{n(x + x0 * scale)}Z")

    def wheel(cx):
        r = 1.25 * scale
        wx, wy = x + cx * scale, y + 2.6 * scale
        return f"M{n(wx - r)} {n(wy)}A{n(r)} {n(r)} 0 1 0 {n(wx + r)} {n(wy)}A{n(r)} {n(r)} 0 1 0 {n(wx - r)} {n(wy)}Z"

    return (rect(-5.5, -1.6, 1.5, 1.6) + rect(1.5, -4.2, 5.5, 1.6) + rect(-4.4, -4.0, -2.6, -1.6)
            + wheel(-3.4) + wheel(0.1) + wheel(3.6))


def station_path(x: float, y: float, size: float = 7.0) -> str:
    """SVG path data of a station marker (a little house) centred on ``(x, y)``."""
    n = _num
    s = size
    return (f"M{n(x - s)} {n(y + s)}H{n(x + s)}V{n(y - 0.2 * s)}L{n(x)} {n(y - s)}"
            f"L{n(x - s)} {n(y - 0.2 * s)}Z")
