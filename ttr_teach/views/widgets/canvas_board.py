"""The board painted on an ipycanvas ``MultiCanvas``, layer by layer, repainting only changes.

The picture is the SVG board's (:mod:`ttr_teach.views.svg`): the same layout
(:mod:`ttr_teach.views.geometry`), colours, letters, tunnels, ferries, claimed routes (dark bars
of cars with the owner's shape), stations and last-move outline (:mod:`ttr_teach.views.style`);
the widgets show the same legend under it (:func:`ttr_teach.views.legend.legend_svg`).
It is split into layers, bottom to top:

``map``
    background and every route's row of spaces: drawn once.
``trains``
    the owners' trains: after a change only the rows whose owner changed are cleared
    (clipped to the row) and repainted.
``cities``
    city circles and names (over the trains, as on the SVG board): drawn once.
``stations``
    the station markers: repainted when a station changes (at most 15 markers).
``highlights``
    highlighted routes, ticket paths, longest paths, city rings, and the last move's dashed
    outline: repainted when they change.
``hover``
    the outline of the route or city under the mouse; the top layer gets the mouse events.

All drawing goes through ipycanvas's batched commands inside ``hold_canvas()``, so one
update is one message to the browser. Coordinates are board units; each layer carries the
board-to-pixel transform.
"""
from __future__ import annotations

import math
from typing import Any

import numpy as np

from ..geometry import CITY_RADIUS, board_geometry, text_width, trail_points
from ..style import (
    BACKGROUND,
    CAR_OUTLINE,
    CAR_OUTLINE_WIDTH,
    CITY_FILL,
    CITY_STROKE,
    DARK_INK,
    FONT_FAMILY,
    LABEL_HALO,
    LABEL_INK,
    LAST_MOVE_DASH,
    LAST_MOVE_HALO,
    LAST_MOVE_INK,
    LAST_MOVE_MARGIN,
    OWNED_BAND,
    OWNED_BAND_MARGIN,
    PLAYER_FILLS,
    PLAYER_INK,
    PLAYER_STROKE,
    PLAYER_SYMBOLS,
    ROUTE_FILLS,
    ROUTE_INK,
    ROUTE_LETTERS,
    SPACE_STROKE,
    TUNNEL_STROKE,
    car_symbol_radius,
)
from ..svg import MARGIN
from .shapes import rounded_rect, row_outline, row_polygon, shape_polygons, space_polygon

LAYERS = ("map", "trains", "cities", "stations", "highlights", "hover")
HOVER_COLOR = "#111111"
HOVER_HALO = "#ffffff"
#: Default width of the board in pixels.
DEFAULT_WIDTH = 900


def _rgb(color: str) -> tuple:
    color = color.lstrip("#")
    if len(color) == 3:
        color = "".join(ch * 2 for ch in color)
    return tuple(int(color[k:k + 2], 16) for k in (0, 2, 4))


def viewport(map) -> tuple:
    """``(x0, y0, width, height)`` of the board in board units: the map and everything drawn
    on it plus a margin (the SVG board's picture without its legend)."""
    geo = board_geometry(map)
    x0 = math.floor(min(0, geo.bounds[0]) - MARGIN)
    y0 = math.floor(min(0, geo.bounds[1]) - MARGIN)
    x1 = math.ceil(max(map.size[0], geo.bounds[2]) + MARGIN)
    y1 = math.ceil(max(map.size[1], geo.bounds[3]) + MARGIN)
    return x0, y0, x1 - x0, y1 - y0


def _paint_player_shapes(layer, color: str, shapes, symbols, line_width: float) -> None:
    """Paint a player's pieces (train cars or a station) on ``layer``: filled and outlined in
    the player's colour, with the player's symbol inked on top."""
    layer.fill_style = PLAYER_FILLS[color]
    layer.fill_polygons(shapes)
    layer.stroke_style = PLAYER_STROKE[color]
    layer.line_width = line_width
    layer.stroke_polygons(shapes)
    layer.fill_style = PLAYER_INK[color]
    layer.fill_polygons(symbols)


def _bbox(poly) -> tuple:
    xs, ys = [p[0] for p in poly], [p[1] for p in poly]
    return min(xs), min(ys), max(xs), max(ys)


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def mark_signature(marks) -> tuple:
    """A hashable summary of resolved highlight marks (to tell whether they changed)."""
    return tuple((k.color, tuple(k.routes), tuple(k.cities),
                  tuple(tuple(t) for t in k.trails), tuple(k.badges), tuple(k.dashed),
                  tuple(getattr(k, "city_badges", ()))) for k in marks)


class BoardCanvas:
    """A board of map ``m`` on a ``MultiCanvas`` ``width`` pixels wide.

    ``pixel_ratio``: canvas pixels per screen pixel (2 gives a crisp board on high-density
    screens, at four times the pixels to paint); ``width`` stays the size on the page.

    :meth:`draw` paints everything; :meth:`update` repaints what differs from the last
    picture; :meth:`show_hover` outlines one route or city. ``route_colors`` maps route
    index -> player colour, ``station_colors`` city id -> player colour.
    """

    def __init__(self, map, width: int = DEFAULT_WIDTH, pixel_ratio: float = 1):
        from ipycanvas import MultiCanvas

        self.map = map
        self.geo = board_geometry(map)
        self.x0, self.y0, self.board_width, self.board_height = viewport(map)
        self.scale = width * pixel_ratio / self.board_width
        self.canvas = MultiCanvas(len(LAYERS), width=round(self.board_width * self.scale),
                                  height=round(self.board_height * self.scale))
        #: The board's size on the page, in screen pixels.
        self.page_width = round(width)
        self.layers = {name: self.canvas[k] for k, name in enumerate(LAYERS)}
        self._routes: dict = {}
        self._stations: dict = {}
        self._marks: tuple = ((), None)
        self._hover: tuple[str, Any] | None = None
        self._row_boxes = [_bbox(row_outline(row, OWNED_BAND_MARGIN)) for row in self.geo.rows]
        #: How many times each layer was painted (whole or in part): for tests and benchmarks.
        self.paints = {name: 0 for name in LAYERS}

    # -- coordinates -------------------------------------------------------------------------
    def to_board(self, px: float, py: float) -> tuple:
        """Board coordinates of the canvas pixel ``(px, py)``."""
        return self.x0 + px / self.scale, self.y0 + py / self.scale

    def to_pixels(self, x: float, y: float) -> tuple:
        """Canvas pixel of the board point ``(x, y)``."""
        return (x - self.x0) * self.scale, (y - self.y0) * self.scale

    def _start(self, name: str, clear: bool = False):
        layer = self.layers[name]
        if clear:
            layer.reset_transform()
            layer.clear()
        s = self.scale
        layer.set_transform(s, 0, 0, s, -self.x0 * s, -self.y0 * s)
        self.paints[name] += 1
        return layer

    # -- whole picture -----------------------------------------------------------------------
    def draw(self, route_colors: dict, station_colors: dict, marks=(), hover=None, last_move=None) -> None:
        """Paint every layer (a new browser view starts blank: call this when it is ready).
        ``last_move``: a resolved :class:`~ttr_teach.views.last_move.LastMove` to outline."""
        from ipycanvas import hold_canvas

        with hold_canvas():
            self._draw_map()
            self._draw_cities()
            self._routes, self._stations, self._marks, self._hover = {}, {}, ((), None), None
            self._start("trains", clear=True)
            self._start("stations", clear=True)
            self._start("highlights", clear=True)
            self._start("hover", clear=True)
            self._update(route_colors, station_colors, marks, last_move)
            self._paint_hover(hover)

    def update(self, route_colors: dict, station_colors: dict, marks=(), last_move=None) -> dict:
        """Repaint only what changed since the last picture; return what was repainted:
        ``{"routes": [...], "stations": bool, "highlights": bool}``."""
        from ipycanvas import hold_canvas

        with hold_canvas():
            return self._update(route_colors, station_colors, marks, last_move)

    def _update(self, route_colors, station_colors, marks, last_move=None) -> dict:
        changed = sorted(i for i in set(self._routes) | set(route_colors)
                         if self._routes.get(i) != route_colors.get(i))
        if changed:
            self._repaint_routes(changed, route_colors)
        self._routes = dict(route_colors)
        stations = dict(station_colors) != self._stations
        if stations:
            self._stations = dict(station_colors)
            self._draw_stations()
        signature = (mark_signature(marks), last_move)
        highlights = signature != self._marks
        if highlights:
            self._marks = signature
            self._draw_marks(marks)
            if last_move is not None:
                self._draw_last_move(last_move)
        return {"routes": changed, "stations": stations, "highlights": highlights}

    # -- the map: spaces, letters, ferries' locomotives --------------------------------------
    def _draw_map(self):
        m, geo = self.map, self.geo
        layer = self._start("map", clear=True)
        layer.fill_style = BACKGROUND
        layer.fill_rect(self.x0, self.y0, self.board_width, self.board_height)
        polys: list = []
        colors: list = []
        plain: list = []
        tunnels: list = []
        locos: list = []
        for r in m.routes:
            row = geo.rows[r.index]
            for i in range(row.count):
                poly = np.array(space_polygon(row, i))
                polys.append(poly)
                colors.append(_rgb(ROUTE_FILLS[r.color]))
                (tunnels if r.tunnel else plain).append(poly)
                if i < r.locomotives:
                    scale = min(1.0, (row.space_length - 1) / 11.5, (row.width - 1) / 8.5)
                    cu = (i + 0.5) * row.pitch
                    locos += [np.array(row_polygon(row, p))
                              for p in shape_polygons("locomotive", cu, 0, scale)]
        if polys:
            layer.fill_styled_polygons(polys, np.array(colors, dtype=np.uint8))
        if plain:
            layer.stroke_style = SPACE_STROKE
            layer.line_width = 0.8
            layer.stroke_polygons(plain)
        if tunnels:
            layer.stroke_style = TUNNEL_STROKE
            layer.line_width = 1.6
            layer.set_line_dash([2.6, 1.6])
            layer.stroke_polygons(tunnels)
            layer.set_line_dash([])
        if locos:
            layer.fill_style = DARK_INK
            layer.fill_polygons(locos)
        # the colour letters, in each row's own (rotated) frame
        size = 0.7 * geo.rows[0].width if geo.rows else 7
        layer.font = f"bold {size:.1f}px {FONT_FAMILY}"
        layer.text_align = "center"
        layer.text_baseline = "alphabetic"
        for r in m.routes:
            letter = ROUTE_LETTERS.get(r.color)
            if not letter:
                continue
            row = geo.rows[r.index]
            layer.save()
            layer.translate(row.x, row.y)
            layer.rotate(math.radians(row.angle))
            layer.fill_style = ROUTE_INK[r.color]
            for i in range(r.locomotives, row.count):
                layer.fill_text(letter, (i + 0.5) * row.pitch, 2.5)
            layer.restore()

    def _draw_cities(self):
        m, geo = self.map, self.geo
        layer = self._start("cities", clear=True)
        marks = [geo.cities[cid] for cid in m.cities]
        xs = np.array([c.x for c in marks])
        ys = np.array([c.y for c in marks])
        layer.fill_style = CITY_FILL
        layer.fill_circles(xs, ys, CITY_RADIUS)
        layer.stroke_style = CITY_STROKE
        layer.line_width = 2
        layer.stroke_circles(xs, ys, CITY_RADIUS)
        layer.fill_style = CITY_STROKE
        layer.fill_circles(xs, ys, CITY_RADIUS * 0.35)
        layer.font = f"bold {marks[0].label.font_size:g}px {FONT_FAMILY}" if marks else "12px sans-serif"
        layer.text_baseline = "alphabetic"
        layer.line_join = "round"
        align = {"start": "left", "middle": "center", "end": "right"}
        for halo in (True, False):
            if halo:
                layer.stroke_style = LABEL_HALO
                layer.line_width = 3
            else:
                layer.fill_style = LABEL_INK
            for anchor in ("start", "middle", "end"):
                layer.text_align = align[anchor]
                for c in marks:
                    lab = c.label
                    if lab.anchor != anchor:
                        continue
                    if halo:
                        layer.stroke_text(m.cities[c.city].name, lab.x, lab.y)
                    else:
                        layer.fill_text(m.cities[c.city].name, lab.x, lab.y)

    # -- trains --------------------------------------------------------------------------------
    def _train_shapes(self, index: int, color: str):
        """(bar polygon, car polygons, symbol polygons) of the trains of ``color`` on route
        ``index``: the SVG board's claimed row (:func:`~ttr_teach.views.svg._owned_cars`)."""
        row = self.geo.rows[index]
        sl, h, m = row.space_length, row.width / 2, OWNED_BAND_MARGIN
        first, last = 0.5 * row.pitch - sl / 2, (row.count - 0.5) * row.pitch + sl / 2
        band = np.array(row_polygon(row, rounded_rect(first - m, -h - m, last + m, h + m, min(2.5, sl / 3))))
        cars, symbols = [], []
        shape = PLAYER_SYMBOLS[color]
        r_sym = car_symbol_radius(sl, row.width)
        for i in range(row.count):
            cars.append(np.array(space_polygon(row, i, inset=0.5, radius=1.5)))
            cu = (i + 0.5) * row.pitch
            symbols += [np.array(row_polygon(row, p)) for p in shape_polygons(shape, cu, 0, r_sym)]
        return band, cars, symbols

    def _paint_trains(self, layer, items):
        """Paint the trains of ``items`` ((route index, colour) pairs): the dark bars, then the
        cars grouped by colour with their white outlines and symbols."""
        bands: list = []
        by_color: dict = {}
        for index, color in items:
            band, cars, symbols = self._train_shapes(index, color)
            bands.append(band)
            group = by_color.setdefault(color, ([], []))
            group[0].extend(cars)
            group[1].extend(symbols)
        if bands:
            layer.fill_style = OWNED_BAND
            layer.fill_polygons(bands)
        for color, (cars, symbols) in by_color.items():
            layer.fill_style = PLAYER_FILLS[color]
            layer.fill_polygons(cars)
            layer.stroke_style = CAR_OUTLINE
            layer.line_width = CAR_OUTLINE_WIDTH
            layer.stroke_polygons(cars)
            layer.fill_style = PLAYER_INK[color]
            layer.fill_polygons(symbols)

    def _repaint_routes(self, indices, route_colors):
        """Clear the rows of ``indices`` on the trains layer and paint their new trains (and
        the parts of any neighbouring trains that the clearing touched)."""
        layer = self._start("trains")
        rows = self.geo.rows
        for index in indices:
            area = row_outline(rows[index], OWNED_BAND_MARGIN + 0.6)
            box = _bbox(area)
            layer.save()
            layer.begin_path()
            layer.move_to(*area[0])
            for p in area[1:]:
                layer.line_to(*p)
            layer.close_path()
            layer.clip()
            layer.clear_rect(box[0] - 1, box[1] - 1, box[2] - box[0] + 2, box[3] - box[1] + 2)
            items = [(i, color) for i, color in route_colors.items()
                     if i == index or _overlap(self._row_boxes[i], box)]
            self._paint_trains(layer, items)
            layer.restore()

    # -- stations --------------------------------------------------------------------------------
    def _draw_stations(self):
        layer = self._start("stations", clear=True)
        layer.line_join = "round"
        for cid, color in sorted(self._stations.items()):
            c = self.map.cities[cid]
            house = [np.array(p) for p in shape_polygons("station", c.x, c.y, 6.5)]
            symbol = [np.array(p) for p in shape_polygons(PLAYER_SYMBOLS[color], c.x, c.y + 1.8, 2.3)]
            _paint_player_shapes(layer, color, house, symbol, 1.3)

    # -- highlights --------------------------------------------------------------------------
    def _badge(self, layer, text, x, y, color):
        w = max(18.0, text_width(text, 11) + 8)
        pill = np.array(rounded_rect(x - w / 2, y - 9, x + w / 2, y + 9, 9, steps=5))
        layer.fill_style = color
        layer.fill_polygon(pill)
        layer.stroke_style = "#ffffff"
        layer.line_width = 1.5
        layer.stroke_polygon(pill)
        layer.fill_style = "#ffffff"
        layer.font = f"bold 11px {FONT_FAMILY}"
        layer.text_align = "center"
        layer.text_baseline = "alphabetic"
        layer.fill_text(text, x, y + 4)

    def _draw_marks(self, marks):
        m, geo = self.map, self.geo
        layer = self._start("highlights", clear=True)
        layer.line_join = "round"
        layer.line_cap = "round"
        for mark in marks:  # glow around routes
            if mark.routes:
                layer.stroke_style = mark.color
                layer.global_alpha = 0.75
                layer.line_width = 3.5
                layer.stroke_polygons([np.array(row_outline(geo.rows[i], 2.6)) for i in mark.routes])
                layer.global_alpha = 1.0
        for mark in marks:  # trails and dashed lines
            for steps in mark.trails:
                pts = np.array(trail_points(m, geo, steps))
                layer.stroke_style = "#ffffff"
                layer.line_width = 6.5
                layer.stroke_lines(pts)
                layer.stroke_style = mark.color
                layer.line_width = 3.5
                layer.stroke_lines(pts)
            for a, b in mark.dashed:
                ca, cb = m.cities[a], m.cities[b]
                layer.stroke_style = mark.color
                layer.line_width = 2.5
                layer.set_line_dash([7, 5])
                layer.stroke_line(ca.x, ca.y, cb.x, cb.y)
                layer.set_line_dash([])
        for mark in marks:  # rings and badges
            if mark.cities:
                layer.stroke_style = mark.color
                layer.line_width = 3.5
                cs = [m.cities[c] for c in mark.cities]
                layer.stroke_circles(np.array([c.x for c in cs]), np.array([c.y for c in cs]),
                                     CITY_RADIUS + 5)
            for text, index in mark.badges:
                x, y = geo.rows[index].middle
                self._badge(layer, text, x, y, mark.color)
            for text, cid in getattr(mark, "city_badges", ()):
                c = m.cities[cid]
                self._badge(layer, text, c.x, c.y, mark.color)

    def _draw_last_move(self, last):
        """The last move's dashed black-and-white outline (as on the SVG board)."""
        layer = self.layers["highlights"]
        outlines = [np.array(row_outline(self.geo.rows[i], LAST_MOVE_MARGIN)) for i in last.routes]
        cities = [self.map.cities[c] for c in last.cities]
        xs, ys = np.array([c.x for c in cities]), np.array([c.y for c in cities])
        for color, width, dash in ((LAST_MOVE_HALO, 4.0, []), (LAST_MOVE_INK, 2.2, list(LAST_MOVE_DASH))):
            layer.stroke_style = color
            layer.line_width = width
            layer.set_line_dash(dash)
            if outlines:
                layer.stroke_polygons(outlines)
            if cities:
                layer.stroke_circles(xs, ys, CITY_RADIUS + 5)
        layer.set_line_dash([])

    # -- hover ----------------------------------------------------------------------------------
    def show_hover(self, item) -> bool:
        """Outline ``item`` (a Route, a City or None); repaint only if it changed."""
        key = None if item is None else (type(item).__name__, getattr(item, "index", getattr(item, "id", None)))
        if key == self._hover:
            return False
        from ipycanvas import hold_canvas

        with hold_canvas():
            self._paint_hover(item)
        return True

    def _paint_hover(self, item):
        layer = self._start("hover", clear=True)
        self._hover = None
        if item is None:
            return
        layer.line_join = "round"
        # a dark ring on a white halo: seen on every route colour (it is also the keyboard's cursor)
        for color, width in ((HOVER_HALO, 4.5), (HOVER_COLOR, 2.2)):
            layer.stroke_style = color
            layer.line_width = width
            if hasattr(item, "index"):
                self._hover = ("Route", item.index)
                layer.stroke_polygon(np.array(row_outline(self.geo.rows[item.index], 1.6)))
            else:
                self._hover = ("City", item.id)
                layer.stroke_circle(item.x, item.y, CITY_RADIUS + 3)
