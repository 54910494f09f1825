"""Polygons for the canvas board: rounded train spaces and the pictograms of the SVG board.

The canvas widget draws with ipycanvas's batched polygon commands (one message fills hundreds
of polygons), so every shape here is a list of ``(x, y)`` points in board units. The
pictograms are read from the very SVG path data that :mod:`ttr_teach.views.style` gives the
SVG renderer, so both boards show the same locomotives, stations and player symbols.

>>> square = svg_path_polygons("M-2 -2H2V2H-2Z")
>>> square
[[(-2.0, -2.0), (2.0, -2.0), (2.0, 2.0), (-2.0, 2.0)]]
>>> len(svg_path_polygons("M-1 0A1 1 0 1 0 1 0A1 1 0 1 0 -1 0Z")[0])
24
"""
from __future__ import annotations

import math
import re
from functools import cache

from ..style import locomotive_path, station_path, symbol_path

_TOKEN = re.compile(r"[MLHVAZmlhvaz]|-?\d+(?:\.\d+)?")
#: Points per half circle when an SVG arc is turned into a polygon.
ARC_STEPS = 12


def _half_circle(x0, y0, x1, y1, sweep):
    """Points after ``(x0, y0)`` on the half circle with diameter ``(x0, y0)-(x1, y1)``.

    ``sweep`` is the SVG sweep flag (1: clockwise on screen, where y grows downwards).
    """
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    r = math.hypot(x1 - x0, y1 - y0) / 2
    start = math.atan2(y0 - cy, x0 - cx)
    direction = 1 if sweep else -1
    return [(cx + r * math.cos(start + direction * math.pi * k / ARC_STEPS),
             cy + r * math.sin(start + direction * math.pi * k / ARC_STEPS))
            for k in range(1, ARC_STEPS + 1)]


def svg_path_polygons(d: str) -> list:
    """The closed sub-paths of the SVG path data ``d`` as polygons.

    Understands the commands the board's pictograms use: absolute ``M``, ``L``, ``H``, ``V``,
    ``Z`` and ``A`` arcs that are half circles (their end point opposite their start).
    O(length of ``d``).
    """
    tokens = _TOKEN.findall(d)
    polygons: list[list[tuple[float, float]]] = []
    current: list[tuple[float, float]] = []
    x = y = 0.0
    i = 0

    def num():
        nonlocal i
        i += 1
        return float(tokens[i - 1])

    while i < len(tokens):
        cmd = tokens[i]
        i += 1
        if cmd == "M":
            if current:
                polygons.append(current)
            x, y = num(), num()
            current = [(x, y)]
        elif cmd == "L":
            x, y = num(), num()
            current.append((x, y))
        elif cmd == "H":
            x = num()
            current.append((x, y))
        elif cmd == "V":
            y = num()
            current.append((x, y))
        elif cmd == "A":
            rx, _ry, _rot, _large, sweep, x1, y1 = (num() for _ in range(7))
            if abs(math.hypot(x1 - x, y1 - y) - 2 * rx) > 0.11:
                raise ValueError(f"only half-circle arcs are supported, not {d!r}")
            current += _half_circle(x, y, x1, y1, sweep)
            x, y = x1, y1
        elif cmd in "Zz":
            if len(current) > 1 and math.dist(current[-1], current[0]) < 1e-6:
                current.pop()
            polygons.append(current)
            current = []
        else:
            raise ValueError(f"SVG path command {cmd!r} is not supported")
    if current:
        polygons.append(current)
    return polygons


#: Pictograms are read at this size and scaled down (the SVG path data is rounded to 0.1).
_UNIT = 100.0


@cache
def _unit_shape(kind: str) -> tuple:
    if kind == "locomotive":
        d = locomotive_path(0, 0, _UNIT)
    elif kind == "station":
        d = station_path(0, 0, _UNIT)
    else:
        d = symbol_path(kind, 0, 0, _UNIT)
    return tuple(tuple(p) for p in svg_path_polygons(d))


def shape_polygons(kind: str, x: float, y: float, size: float) -> list:
    """Polygons of a pictogram centred on ``(x, y)``: ``kind`` is ``"locomotive"`` (``size``
    is its scale, as in :func:`~ttr_teach.views.style.locomotive_path`), ``"station"`` (size
    as in :func:`~ttr_teach.views.style.station_path`) or a player symbol shape (``"circle"``,
    ``"square"``, ... with ``size`` its radius).

    >>> shape_polygons("square", 10, 10, 2)
    [[(8.0, 8.0), (12.0, 8.0), (12.0, 12.0), (8.0, 12.0)]]
    """
    k = size / _UNIT
    return [[(x + px * k, y + py * k) for px, py in poly] for poly in _unit_shape(kind)]


def rounded_rect(u0: float, v0: float, u1: float, v1: float, radius: float, steps: int = 3) -> list:
    """Corners of the rectangle ``[u0, u1] x [v0, v1]`` with rounded corners, as a polygon.

    >>> len(rounded_rect(0, 0, 10, 4, 1)), rounded_rect(0, 0, 10, 4, 0)
    (16, [(0, 0), (10, 0), (10, 4), (0, 4)])
    """
    if radius <= 0:
        return [(u0, v0), (u1, v0), (u1, v1), (u0, v1)]
    r = min(radius, (u1 - u0) / 2, (v1 - v0) / 2)
    out = []
    for cx, cy, start in ((u1 - r, v0 + r, -90), (u1 - r, v1 - r, 0), (u0 + r, v1 - r, 90),
                          (u0 + r, v0 + r, 180)):
        for k in range(steps + 1):
            a = math.radians(start + 90 * k / steps)
            out.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return out


def row_polygon(row, points) -> list:
    """``points`` given in ``row``'s own frame (u along the row, v across), in board units."""
    return [row.to_board(u, v) for u, v in points]


def space_polygon(row, i: int, inset: float = 0.0, radius: float | None = None) -> list:
    """Space ``i`` of ``row`` shrunk by ``inset`` on every side, with rounded corners
    (``radius`` defaults to the SVG board's ``min(2, space length / 4)``)."""
    sl, h = row.space_length, row.width / 2
    u0 = (i + 0.5) * row.pitch - sl / 2 + inset
    r = min(2.0, sl / 4) if radius is None else radius
    return row_polygon(row, rounded_rect(u0, -h + inset, u0 + sl - 2 * inset, h - inset, r))


def row_outline(row, margin: float) -> list:
    """The rectangle around the whole ``row`` grown by ``margin`` on every side."""
    h = row.width / 2 + margin
    return row_polygon(row, [(-margin, -h), (row.length + margin, -h), (row.length + margin, h),
                             (-margin, h)])
