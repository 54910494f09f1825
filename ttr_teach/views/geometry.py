"""Where everything sits on the drawn board: route rows, train spaces, city circles, labels.

The SVG renderer (:mod:`ttr_teach.views.svg`) and the interactive canvas widget draw from this one
layout, so both show the same board and a click on the canvas can be turned into a route or a
city with :func:`route_at` and :func:`city_at`. All coordinates are board units: the map file's
``x``/``y`` (a canvas of ``Map.size``; x grows to the right, y downwards).

>>> from ttr_teach.engine.maps import load_map
>>> m = load_map("europe")
>>> g = board_geometry(m)
>>> row = g.rows[m.route("Paris", "Frankfurt", "white").index]
>>> row.count, len(row.space_polygon(0))
(3, 4)
>>> route_at(m, *row.space_center(1)).color
'white'
>>> city_at(m, m.city("Wien").x, m.city("Wien").y).name
'Wien'

How a route is laid out: a straight row of ``length`` equal spaces on the segment between the
two cities, leaving at least :data:`END_CLEARANCE` free around each city centre (more where two
routes leave a city at a narrow angle, so that their spaces never overlap). The row fills the
segment: its spaces are at most :data:`MAX_SPACE_LENGTH` long (between far-apart cities the
gaps grow instead) and shrink when the cities are close. The two halves of a double route are
two parallel rows, each :data:`DOUBLE_OFFSET` away from the centre line. A sparse map (the
USA) is drawn with proportionally larger spaces (:func:`layout_scale`). City labels are placed
by :func:`_place_labels`: never over another label or a city, covering as little of the
train spaces as possible, on the map file's preferred side when that is free.

For the canvas widget: :func:`board_geometry` gives every :class:`Row` (``space_polygon(i)``,
``space_center(i)``, ``to_board``/``to_frame``, ``start``/``end``/``middle``) and every
:class:`CityMark` (circle and :class:`Label` with text anchor and box), and ``bounds``;
:mod:`ttr_teach.views.style` gives the colours, letters and pictogram paths.
"""
from __future__ import annotations

import math
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

CITY_RADIUS = 8.0
#: Train space size: thickness across the row, least gap between neighbouring spaces, and
#: longest space (on a long segment the spaces keep this length and the gaps grow).
SPACE_WIDTH = 10.0
SPACE_GAP = 2.0
MAX_SPACE_LENGTH = 26.0
#: Distance from a city centre to where its routes' spaces may begin.
END_CLEARANCE = CITY_RADIUS + 3.0
#: Distance of each half of a double route from the centre line between the cities.
DOUBLE_OFFSET = 6.0
LABEL_FONT_SIZE = 12.0
#: Gap between a city circle and its label.
LABEL_GAP = 2.5
LABEL_SIDES = ("n", "s", "e", "w", "ne", "nw", "se", "sw")
_SIDE_VECTORS = {"n": (0, -1), "s": (0, 1), "e": (1, 0), "w": (-1, 0),
                 "ne": (1, -1), "nw": (-1, -1), "se": (1, 1), "sw": (-1, 1)}

# Advance widths (in em) of the bold sans-serif labels, measured on DejaVu Sans Bold, the widest
# common default; browsers with narrower fonts only leave a little more room.
_WIDTHS = dict(zip("ABCDEFGHIJKLMNOPQRSTUVWXYZ",
                   (.77, .76, .73, .83, .68, .68, .82, .84, .37, .37, .77, .64, 1.0, .84, .85, .73,
                    .85, .77, .72, .68, .81, .77, 1.1, .77, .72, .73), strict=True))
_WIDTHS.update(zip("abcdefghijklmnopqrstuvwxyz",
                   (.67, .72, .59, .72, .68, .44, .72, .71, .34, .34, .67, .34, 1.04, .71, .69, .72,
                    .72, .49, .6, .48, .71, .65, .92, .65, .65, .58), strict=True))
_WIDTHS.update({" ": .35, ".": .38, ",": .38, "-": .42, "–": .5, ":": .4, "(": .46, ")": .46,
                "ø": .69, "Ø": .85})


def text_width(text: str, font_size: float = LABEL_FONT_SIZE) -> float:
    """Estimated width of ``text`` in bold sans-serif at ``font_size`` (board units).

    >>> round(text_width("Wien", 10), 1)
    28.3
    """
    total = 0.0
    for ch in text:
        w = _WIDTHS.get(ch)
        if w is None:
            base = unicodedata.normalize("NFKD", ch)[:1]
            w = _WIDTHS.get(base, 0.7 if ch.isdigit() else 0.75)
        total += w
    return total * font_size


@dataclass(frozen=True)
class Row:
    """The row of train spaces of one route, in its own frame.

    The frame's origin ``(x, y)`` is the start of the first space on the row's centre line; its
    u axis runs along the row at ``angle`` degrees (always in (-90, 90], so text in the frame is
    never upside down), its v axis across it (v grows to the right of the direction of travel,
    which in SVG terms is "down" for a row running left to right). Space ``i`` covers
    ``u`` in ``(i + 1/2) * pitch -+ space_length / 2`` and ``v`` in ``[-width/2, width/2]``.
    ``offset`` is the row's distance from the centre line between the cities (0 for a single
    route, -+ :data:`DOUBLE_OFFSET` for the two halves of a double route).
    """

    route: int
    x: float
    y: float
    angle: float
    pitch: float
    space_length: float
    count: int
    width: float = SPACE_WIDTH
    offset: float = 0.0

    @property
    def gap(self) -> float:
        return self.pitch - self.space_length

    @property
    def length(self) -> float:
        """Length of the whole row (spaces and gaps)."""
        return self.pitch * self.count

    def _axes(self):
        t = math.radians(self.angle)
        return math.cos(t), math.sin(t)

    def to_board(self, u: float, v: float) -> tuple[float, float]:
        """Board coordinates of the frame point ``(u, v)``."""
        c, s = self._axes()
        return self.x + u * c - v * s, self.y + u * s + v * c

    def to_frame(self, x: float, y: float) -> tuple:
        """Frame coordinates ``(u, v)`` of the board point ``(x, y)``."""
        c, s = self._axes()
        dx, dy = x - self.x, y - self.y
        return dx * c + dy * s, -dx * s + dy * c

    @property
    def start(self) -> tuple:
        """Board point where the row begins (centre line)."""
        return self.x, self.y

    @property
    def end(self) -> tuple:
        """Board point where the row ends (centre line)."""
        return self.to_board(self.length, 0.0)

    @property
    def middle(self) -> tuple[float, float]:
        return self.to_board(self.length / 2, 0.0)

    def space_center(self, i: int) -> tuple:
        """Board coordinates of the centre of space ``i`` (0-based along the frame)."""
        return self.to_board((i + 0.5) * self.pitch, 0.0)

    def space_polygon(self, i: int) -> list:
        """The four corners of space ``i`` in board coordinates (a rotated rectangle)."""
        u0 = (i + 0.5) * self.pitch - self.space_length / 2
        u1 = u0 + self.space_length
        h = self.width / 2
        return [self.to_board(u, v) for u, v in ((u0, -h), (u1, -h), (u1, h), (u0, h))]

    def space_at(self, x: float, y: float, tolerance: float = 0.0):
        """Index of the space under the board point ``(x, y)``, or None.

        A point in the small gap between two spaces counts for the nearer space.
        """
        u, v = self.to_frame(x, y)
        if abs(v) > self.width / 2 + tolerance or not -tolerance <= u <= self.length + tolerance:
            return None
        return min(max(int(u // self.pitch), 0), self.count - 1)

    def distance(self, x: float, y: float) -> float:
        """Distance from ``(x, y)`` to the row's rectangle (0 inside)."""
        u, v = self.to_frame(x, y)
        du = max(0.0, -u, u - self.length)
        dv = max(0.0, abs(v) - self.width / 2)
        return math.hypot(du, dv)


@dataclass(frozen=True)
class Label:
    """Where a city's name is written: the text anchor point and the box the text occupies."""

    text: str
    side: str
    x: float
    y: float          # baseline
    anchor: str       # SVG text-anchor: start, middle or end
    box: tuple        # (x0, y0, x1, y1)
    font_size: float = LABEL_FONT_SIZE


@dataclass(frozen=True)
class CityMark:
    """A city circle and its label."""

    city: str
    x: float
    y: float
    radius: float
    label: Label


@dataclass(frozen=True)
class BoardGeometry:
    """The whole layout of one map: ``rows`` by route index, ``cities`` by city id, and
    ``bounds`` ``(x0, y0, x1, y1)``, the box that holds every row, circle and label."""

    map_name: str
    rows: tuple
    cities: dict
    bounds: tuple


def _pair_ends(m) -> dict:
    """For each city pair joined by routes: ``(p, q, halves)`` with ``p`` the left end."""
    pairs: dict[tuple, list] = {}
    for r in m.routes:
        pairs.setdefault(tuple(sorted(r.cities)), []).append(r)
    out = {}
    for key, halves in pairs.items():
        p, q = m.cities[key[0]], m.cities[key[1]]
        if q.x < p.x or (q.x == p.x and q.y < p.y):  # keep angles in (-90, 90]
            p, q = q, p
        out[key] = (p, q, sorted(halves, key=lambda r: r.index))
    return out


def layout_scale(map) -> float:
    """How much larger than the nominal size the spaces of map ``m`` are drawn: a sparse map
    (long segments per space, like the USA) gets wider, longer spaces so rows do not look dotted.
    Between 1 and 1.3, from the median room per space. O(routes log routes).
    """
    ends = _pair_ends(map)
    room = sorted((math.hypot(q.x - p.x, q.y - p.y) - 2 * END_CLEARANCE) / h[0].length
                  for p, q, h in ends.values())
    median = room[len(room) // 2]
    return min(max(median / (MAX_SPACE_LENGTH + SPACE_GAP), 1.0), 1.3)


def _end_clearances(m, ends, scale=1.0) -> dict:
    """``(pair, city) -> distance`` from the city centre at which the pair's rows begin.

    At least :data:`END_CLEARANCE`; more where two routes leave a city at a narrow angle and
    their bands of spaces would overlap near it. Of two such routes only one has to step back
    (beyond the point where its band clears the other's): the one whose spaces stay longer.
    Deterministic: cities in id order, conflicts from the narrowest angle on. O(sum of deg^2).
    """
    half = {k: scale * (SPACE_WIDTH / 2 + (DOUBLE_OFFSET if len(h) == 2 else 0.0))
            for k, (_, _, h) in ends.items()}
    length = {k: h[0].length for k, (_, _, h) in ends.items()}
    dist = {k: math.hypot(q.x - p.x, q.y - p.y) for k, (p, q, _) in ends.items()}
    clear = {(k, c): END_CLEARANCE for k in ends for c in k}
    at: dict[str, list[tuple[float, tuple]]] = {}
    for k in ends:
        for c in k:
            o = m.cities[k[1] if c == k[0] else k[0]]
            here = m.cities[c]
            at.setdefault(c, []).append((math.atan2(o.y - here.y, o.x - here.x), k))

    def other_end(k, c):
        return clear[(k, k[1] if c == k[0] else k[0])]

    def pitch_if(k, c, x):
        return (dist[k] - x - other_end(k, c)) / length[k]

    for c in sorted(at):
        conflicts = []
        spokes = sorted(at[c], key=lambda t: t[1])
        for i, (ai, ki) in enumerate(spokes):
            for aj, kj in spokes[i + 1:]:
                theta = abs(math.remainder(ai - aj, 2 * math.pi))
                if theta < math.radians(120):
                    conflicts.append((round(theta, 9), ki, kj))
        for theta, ki, kj in sorted(conflicts):
            sin, cos = math.sin(theta), math.cos(theta)
            if sin < 1e-6:
                continue
            need_i = (half[ki] * cos + half[kj] + 1.5) / sin
            need_j = (half[kj] * cos + half[ki] + 1.5) / sin
            if clear[(ki, c)] >= need_i or clear[(kj, c)] >= need_j:
                continue
            pi, pj = pitch_if(ki, c, need_i), pitch_if(kj, c, need_j)
            if max(pi, pj) < SPACE_GAP + 4:  # neither can step back that far: leave it
                continue
            if pi >= pj:
                clear[(ki, c)] = need_i
            else:
                clear[(kj, c)] = need_j
    return clear


def _route_rows(m) -> list:
    rows: list[Row | None] = [None] * len(m.routes)
    ends = _pair_ends(m)
    scale = layout_scale(m)
    clear = _end_clearances(m, ends, scale)
    for key, (p, q, halves) in ends.items():
        dx, dy = q.x - p.x, q.y - p.y
        dist = math.hypot(dx, dy)
        ux, uy = dx / dist, dy / dist
        nx, ny = -uy, ux
        angle = math.degrees(math.atan2(dy, dx))
        offsets = [0.0] if len(halves) == 1 else [-DOUBLE_OFFSET * scale, DOUBLE_OFFSET * scale]
        u0, u1 = clear[(key, p.id)], dist - clear[(key, q.id)]
        for r, off in zip(halves, offsets, strict=False):  # one or two routes join two cities
            pitch = (u1 - u0) / r.length
            space = min(pitch - SPACE_GAP, MAX_SPACE_LENGTH * scale)
            rows[r.index] = Row(r.index, p.x + ux * u0 + nx * off, p.y + uy * u0 + ny * off,
                                angle, pitch, space, r.length, SPACE_WIDTH * scale, off)
    return rows


def _label_box(c, text, side, font_size, extra=0.0, slide=0.0):
    """The label of city ``c`` on ``side``, ``extra`` further out, slid by ``slide`` (a fraction
    of its width or height) along the side."""
    w = text_width(text, font_size)
    h = font_size
    sx, sy = _SIDE_VECTORS[side]
    d = CITY_RADIUS + LABEL_GAP + extra
    if sx and sy:
        d *= 0.75
    cx, cy = c.x + sx * d, c.y + sy * d
    x0 = cx if sx > 0 else cx - w if sx < 0 else cx - w / 2 + slide * w
    y0 = cy if sy > 0 else cy - h if sy < 0 else cy - h / 2 + slide * h
    anchor = "start" if sx > 0 else "end" if sx < 0 else "middle"
    ax = x0 if sx > 0 else x0 + w if sx < 0 else x0 + w / 2
    baseline = y0 + 0.8 * h
    return Label(text, side, ax, baseline, anchor, (x0, y0, x0 + w, y0 + h), font_size)


def _boxes_overlap(a, b, pad=1.0) -> bool:
    return a[0] < b[2] + pad and b[0] < a[2] + pad and a[1] < b[3] + pad and b[1] < a[3] + pad


def _box_hits_circle(box, x, y, r) -> bool:
    nx, ny = min(max(x, box[0]), box[2]), min(max(y, box[1]), box[3])
    return (nx - x) ** 2 + (ny - y) ** 2 < r * r


def box_hits_polygon(box, poly) -> bool:
    """True if the axis-aligned ``box`` (x0, y0, x1, y1) and the convex polygon ``poly`` overlap
    (separating axis test)."""
    xs, ys = [p[0] for p in poly], [p[1] for p in poly]
    if max(xs) <= box[0] or min(xs) >= box[2] or max(ys) <= box[1] or min(ys) >= box[3]:
        return False
    corners = [(box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3])]
    for i in range(len(poly)):
        (ax, ay), (bx, by) = poly[i], poly[(i + 1) % len(poly)]
        nx, ny = ay - by, bx - ax
        pa = [nx * x + ny * y for x, y in poly]
        pb = [nx * x + ny * y for x, y in corners]
        if max(pa) <= min(pb) or max(pb) <= min(pa):
            return False
    return True


def _gap_label(c, font_size, phi, extra):
    """The label of city ``c`` centred on the ray at angle ``phi`` (radians), just clear of the
    circle (plus ``extra``)."""
    w, h = text_width(c.name, font_size), font_size
    ux, uy = math.cos(phi), math.sin(phi)
    reach = min(w / 2 / abs(ux) if abs(ux) > 1e-9 else math.inf,
                h / 2 / abs(uy) if abs(uy) > 1e-9 else math.inf)
    clearance = CITY_RADIUS + LABEL_GAP + extra
    d = clearance + reach
    while True:  # move out until the nearest point of the box is clear of the circle
        cx, cy = c.x + ux * d, c.y + uy * d
        dx, dy = max(abs(cx - c.x) - w / 2, 0.0), max(abs(cy - c.y) - h / 2, 0.0)
        if dx * dx + dy * dy >= clearance * clearance:
            break
        d += 1.0
    octant = round(math.degrees(phi) / 45) % 8
    side = ("e", "se", "s", "sw", "w", "nw", "n", "ne")[octant]
    return Label(c.name, side, cx, cy - h / 2 + 0.8 * h, "middle",
                 (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2), font_size)


def _clip_area(box, poly) -> float:
    """Area of the part of convex polygon ``poly`` inside the axis-aligned ``box``
    (Sutherland-Hodgman clipping, then the shoelace formula)."""
    x0, y0, x1, y1 = box
    pts = list(poly)
    for inside, cut in ((lambda p: p[0] >= x0, lambda p, q: _cut_x(p, q, x0)),
                        (lambda p: p[0] <= x1, lambda p, q: _cut_x(p, q, x1)),
                        (lambda p: p[1] >= y0, lambda p, q: _cut_y(p, q, y0)),
                        (lambda p: p[1] <= y1, lambda p, q: _cut_y(p, q, y1))):
        out = []
        for i, p in enumerate(pts):
            q = pts[i - 1]
            if inside(p):
                if not inside(q):
                    out.append(cut(q, p))
                out.append(p)
            elif inside(q):
                out.append(cut(q, p))
        pts = out
        if not pts:
            return 0.0
    return abs(sum(pts[i - 1][0] * p[1] - p[0] * pts[i - 1][1] for i, p in enumerate(pts))) / 2


def _cut_x(p, q, x):
    t = (x - p[0]) / (q[0] - p[0])
    return x, p[1] + t * (q[1] - p[1])


def _cut_y(p, q, y):
    t = (y - p[1]) / (q[1] - p[1])
    return p[0] + t * (q[0] - p[0]), y


def _label_candidates(c, font_size, spokes):
    """Candidate labels for city ``c`` with the cost of each choice (0 for the map file's side):
    the eight sides, a little further out, slid along the side, and centred in each angular gap
    between the routes (``spokes``: their directions in radians) that leave the city."""
    order = [c.label] + [s for s in LABEL_SIDES if s != c.label]
    out = []
    for extra in (0.0, 5.0, 11.0):
        for rank, side in enumerate(order):
            cost = (0.0 if rank == 0 else 3.0 + 0.05 * rank) + extra / 3
            out.append((cost, _label_box(c, c.name, side, font_size, extra)))
            if side in ("n", "s", "e", "w"):
                for slide in (-0.3, 0.3) if side in ("n", "s") else (-0.45, 0.45):
                    out.append((cost + 1.0, _label_box(c, c.name, side, font_size, extra, slide)))
    spokes = sorted(spokes)
    for i, a in enumerate(spokes):
        b = spokes[(i + 1) % len(spokes)] + (2 * math.pi if i + 1 == len(spokes) else 0.0)
        if b - a > math.radians(50):
            for extra in (0.0, 6.0, 12.0, 20.0):
                out.append((3.5 + extra / 3, _gap_label(c, font_size, (a + b) / 2, extra)))
    return out


def _place_labels(m, rows, font_size) -> dict:
    """Choose where every city's label goes: never over another label or a city circle; among
    those, fewest covered train spaces, then the map file's side. Greedy, most crowded cities
    first, so the result is deterministic. O(cities * candidates * nearby spaces)."""
    cities = list(m.cities.values())
    spaces = []
    for row in rows:
        for i in range(row.count):
            poly = row.space_polygon(i)
            xs, ys = [p[0] for p in poly], [p[1] for p in poly]
            spaces.append(((min(xs), min(ys), max(xs), max(ys)), poly, row.space_length * row.width))
    spokes: dict[str, list[float]] = {cid: [] for cid in m.cities}
    for r in m.routes:
        a, b = m.cities[r.a], m.cities[r.b]
        spokes[a.id].append(math.atan2(b.y - a.y, b.x - a.x))
        spokes[b.id].append(math.atan2(a.y - b.y, a.x - b.x))

    def crowd(c):
        return -sum(1 for o in cities if o is not c and math.hypot(o.x - c.x, o.y - c.y) < 130), c.id

    w_map, h_map = m.size
    placed: dict[str, Any] = {}
    for c in sorted(cities, key=crowd):
        best: tuple | None = None
        reach = text_width(c.name, font_size) + CITY_RADIUS + 30
        near_box = (c.x - reach, c.y - reach, c.x + reach, c.y + reach)
        near = [space for space in spaces if _boxes_overlap(space[0], near_box, 0)]
        others = [o for o in cities if o is not c and abs(o.x - c.x) < reach and abs(o.y - c.y) < reach]
        candidates = sorted((base, k, lab) for k, (base, lab)
                            in enumerate(_label_candidates(c, font_size, spokes[c.id])))
        for cost, k, lab in candidates:
            if best is not None and cost > best[0]:
                break  # penalties only add: no later candidate can win
            box = lab.box
            cost += 1000 * sum(_boxes_overlap(box, other.box) for other in placed.values())
            cost += 1000 * sum(_box_hits_circle(box, o.x, o.y, CITY_RADIUS + 1.5) for o in others)
            cost += 1000 * _box_hits_circle(box, c.x, c.y, CITY_RADIUS + 1.0)
            # covering a space costs 1, plus up to 15 more for covering all of it
            for bb, poly, area in near:
                if (bb[0] < box[2] and box[0] < bb[2] and bb[1] < box[3] and box[1] < bb[3]
                        and box_hits_polygon(box, poly)):
                    cost += 1 + 15 * _clip_area(box, poly) / area
            if box[0] < 0 or box[1] < 0 or box[2] > w_map or box[3] > h_map:
                cost += 2
            if best is None or (cost, k) < best[:2]:
                best = (cost, k, lab)
        assert best is not None, "every city has label candidates"
        placed[c.id] = best[2]
    return placed


@lru_cache(maxsize=8)
def board_geometry(map, font_size: float = LABEL_FONT_SIZE) -> BoardGeometry:
    """The layout of map ``m`` (computed once per map and cached)."""
    rows = _route_rows(map)
    labels = _place_labels(map, rows, font_size)
    cities = {cid: CityMark(cid, c.x, c.y, CITY_RADIUS, labels[cid]) for cid, c in map.cities.items()}
    xs, ys = [], []
    for mark in cities.values():
        xs += [mark.x - mark.radius, mark.x + mark.radius, mark.label.box[0], mark.label.box[2]]
        ys += [mark.y - mark.radius, mark.y + mark.radius, mark.label.box[1], mark.label.box[3]]
    for row in rows:
        for i in (0, row.count - 1):
            for px, py in row.space_polygon(i):
                xs.append(px)
                ys.append(py)
    bounds = (min(xs), min(ys), max(xs), max(ys))
    return BoardGeometry(map.name, tuple(rows), cities, bounds)


def route_at(map, x: float, y: float, tolerance: float = 2.0):
    """The route whose row of spaces lies under the board point ``(x, y)``, or None.

    ``tolerance`` widens every row by that much (board units) for easier clicking; when rows
    overlap there the nearest wins. Cost: O(routes).
    """
    best = None
    for row in board_geometry(map).rows:
        d = row.distance(x, y)
        if d <= tolerance and (best is None or d < best[0] or
                               (d == best[0] and abs(row.to_frame(x, y)[1]) < best[1])):
            best = (d, abs(row.to_frame(x, y)[1]), row.route)
    return None if best is None else map.routes[best[2]]


def city_at(map, x: float, y: float, tolerance: float = 2.0, labels: bool = True):
    """The city whose circle (or, with ``labels``, whose name) is under ``(x, y)``, or None."""
    best = None
    for mark in board_geometry(map).cities.values():
        d = math.hypot(x - mark.x, y - mark.y)
        if d <= mark.radius + tolerance and (best is None or d < best[0]):
            best = (d, mark.city)
    if best is None and labels:
        for mark in board_geometry(map).cities.values():
            x0, y0, x1, y1 = mark.label.box
            if x0 - tolerance <= x <= x1 + tolerance and y0 - tolerance <= y <= y1 + tolerance:
                return map.cities[mark.city]
    return None if best is None else map.cities[best[1]]


def trail_points(map, geo, steps) -> list:
    """The polyline of a trail through the board: ``steps`` are ``(route index, from, to)`` in
    travel order; the line runs from city centre along each route's row to the next city.
    Both the SVG board and the canvas draw a longest route with it."""
    pts: list[tuple[float, float]] = []
    for index, a, b in steps:
        row = geo.rows[index]
        ca, cb = map.cities[a], map.cities[b]
        ends = [row.start, row.end]
        if math.dist(ends[0], (ca.x, ca.y)) > math.dist(ends[1], (ca.x, ca.y)):
            ends.reverse()
        if not pts:
            pts.append((ca.x, ca.y))
        pts += [ends[0], ends[1], (cb.x, cb.y)]
    return pts
