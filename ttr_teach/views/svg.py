"""The board as an SVG picture: ``board_svg(position_or_game, highlight=None)``.

>>> import xml.etree.ElementTree as ET
>>> root = ET.fromstring(board_svg("europe", size=600))
>>> root.get("width"), len(root.findall(".//{*}g[@data-route]"))
('600', 101)
>>> p = {"map": "europe", "players": [{"name": "Ann", "routes": [["Paris", "Frankfurt", "white"]],
...      "stations": ["Wien"]}, {"name": "Bo"}]}
>>> svg = board_svg(p, highlight={"routes": [["Paris", "Frankfurt", "white"]], "label": "look here"})
>>> 'data-owner="Ann"' in svg and "look here" in svg
True

What is drawn: every route as its row of spaces in its colour (gray routes gray) with a letter
on each coloured space (R, O, Y, G, B, P, W, K for black) so that colours never have to be told
apart by hue alone; tunnels with a dark dashed border; ferries with a locomotive on as many
spaces as the ferry needs locomotives; the two halves of a double route as two parallel rows;
every city with its name, on top of the routes. On a position: each claimed route carries its
owner's trains (the player's colour and symbol: red circle, blue square, green triangle,
yellow diamond, black cross), each station is a little house in its owner's colour and symbol,
and a legend under the map lists every player with their score, trains and stations left.
Highlights are described in :mod:`ttr_teach.views.highlights`.

The layout (where every space, city and label is) comes from :mod:`ttr_teach.views.geometry`
and the colours from :mod:`ttr_teach.views.style`, which the canvas widget shares.

Every route is a ``<g class="route" data-route="INDEX">`` (with ``data-a``, ``data-b``,
``data-color``, ``data-length``, ``data-tunnel``, ``data-locomotives``, ``data-owner``) holding
one ``<rect class="space">`` per space, and every city a ``<g class="city" data-city="ID">``;
both carry a ``<title>`` tooltip. The output is deterministic (coordinates rounded to 0.1).
"""
from __future__ import annotations

import math
from functools import lru_cache
from html import escape

from ..engine.errors import ArgumentError
from ..engine.i18n import gettext, language, ngettext
from ..engine.position import as_position
from ..engine.text import listing, route_spaces
from .board_words import board_description, board_title, player_counts, player_words
from .geometry import CITY_RADIUS, LABEL_FONT_SIZE, board_geometry, text_width, trail_points
from .highlights import resolve_highlight
from .last_move import resolve_last_move
from .legend import draw_legend
from .style import (
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
    _num,
    car_symbol_radius,
    locomotive_path,
    station_path,
    symbol_path,
)

MARGIN = 10
#: The tallest a board fitting its container may be: the window's height, less a little, so that a
#: laptop (1366 x 768) shows the whole board with its legend without scrolling.
FIT_HEIGHT = "95vh"


# -- drawing -------------------------------------------------------------------------------------
def _attr(**kw) -> str:
    parts = []
    for k, v in kw.items():
        if v is None:
            continue
        parts.append(f'{k.rstrip("_").replace("_", "-")}="{escape(str(v), quote=True)}"')
    return " ".join(parts)


def _route_title(m, r, owner=None) -> str:
    text = gettext("{a}–{b}: {spaces}").format(a=m.cities[r.a].name, b=m.cities[r.b].name,
                                               spaces=route_spaces(r.length, r.color))
    features = [gettext("tunnel")] if r.tunnel else []
    if r.locomotives:
        features.append(ngettext("ferry ({n} locomotive)", "ferry ({n} locomotives)", r.locomotives).format(
            n=r.locomotives))
    if m.partner(r) is not None:
        features.append(gettext("double route"))
    if features:
        text = gettext("{route}, {features}").format(route=text, features=listing(features))
    if owner is not None:
        text = gettext("{route}; claimed by {player}").format(route=text, player=player_words(owner.name, owner.color))
    return text


def _draw_route(out, m, row, r, owner):
    """A route's group: its spaces, letters or locomotives, and its owner's trains."""
    n = _num
    data = _attr(class_="route", id=f"route-{r.index}", data_route=r.index, data_a=r.a, data_b=r.b,
                 data_color=r.color, data_length=r.length, data_tunnel="1" if r.tunnel else None,
                 data_locomotives=r.locomotives or None,
                 data_owner=owner.name if owner else None)
    out.append(f'<g {data} transform="translate({n(row.x)} {n(row.y)}) rotate({n(row.angle)})">'
               f"<title>{escape(_route_title(m, r, owner))}</title>")
    out.append(_route_body(m, r.index, owner.color if owner else None))
    out.append("</g>")


@lru_cache(maxsize=2048)
def _route_body(m, index, owner_color) -> str:
    """The inside of route ``index``'s group (in its row's frame) when ``owner_color`` owns it
    (None: unclaimed). Depends only on these, so it is made once."""
    n = _num
    r, row = m.routes[index], board_geometry(m).rows[index]
    fill, ink = ROUTE_FILLS[r.color], ROUTE_INK[r.color]
    stroke = TUNNEL_STROKE if r.tunnel else SPACE_STROKE
    stroke_extra = ' stroke-width="1.6" stroke-dasharray="2.6 1.6"' if r.tunnel else ' stroke-width="0.8"'
    sl, h = row.space_length, row.width / 2
    rx = n(min(2.0, sl / 4))
    out = []
    for i in range(row.count):
        u0 = (i + 0.5) * row.pitch - sl / 2
        out.append(f'<rect class="space" x="{n(u0)}" y="{n(-h)}" width="{n(sl)}" height="{n(row.width)}" '
                   f'rx="{rx}" fill="{fill}" stroke="{stroke}"{stroke_extra}/>')
    letter = ROUTE_LETTERS.get(r.color)
    scale = min(1.0, (sl - 1) / 11.5, (row.width - 1) / 8.5)
    baseline = n(0.245 * row.width)  # letters are 0.7 * width high: centre them
    for i in range(row.count):
        cu = (i + 0.5) * row.pitch
        if i < r.locomotives:
            out.append(f'<path class="loco" d="{locomotive_path(cu, 0, scale)}" fill="{DARK_INK}"/>')
        elif letter and owner_color is None:
            out.append(f'<text class="mark" x="{n(cu)}" y="{baseline}" fill="{ink}">{letter}</text>')
    if owner_color is not None:
        out.append(_owned_cars(row, owner_color))
    return "\n".join(out)


def _owned_cars(row, owner_color: str) -> str:
    """A claimed row in its own frame: the dark bar joining its spaces, and on each space a car
    in the owner's colour with a white outline and the owner's symbol (see
    :data:`~ttr_teach.views.style.OWNED_BAND`)."""
    n = _num
    sl, h, m = row.space_length, row.width / 2, OWNED_BAND_MARGIN
    first, last = 0.5 * row.pitch - sl / 2, (row.count - 0.5) * row.pitch + sl / 2
    pf, pi, shape = PLAYER_FILLS[owner_color], PLAYER_INK[owner_color], PLAYER_SYMBOLS[owner_color]
    out = [f'<rect class="owned-band" x="{n(first - m)}" y="{n(-h - m)}" width="{n(last - first + 2 * m)}" '
           f'height="{n(row.width + 2 * m)}" rx="{n(min(2.5, sl / 3))}" fill="{OWNED_BAND}"/>']
    r_sym = car_symbol_radius(sl, row.width)
    for i in range(row.count):
        u0, cu = (i + 0.5) * row.pitch - sl / 2, (i + 0.5) * row.pitch
        out.append(f'<rect class="train" x="{n(u0 + 0.5)}" y="{n(-h + 0.5)}" width="{n(sl - 1)}" '
                   f'height="{n(row.width - 1)}" rx="1.5" fill="{pf}" stroke="{CAR_OUTLINE}" '
                   f'stroke-width="{CAR_OUTLINE_WIDTH}"/>')
        out.append(f'<path class="train-mark" data-symbol="{shape}" d="{symbol_path(shape, cu, 0, r_sym)}" '
                   f'fill="{pi}"/>')
    return "\n".join(out)


@lru_cache(maxsize=8)
def _static_parts(m, lang: str) -> tuple:
    """The SVG of every unclaimed route and of every city of map ``m`` (the same on every
    board of that map, so made once per language, which the routes' titles are written in):
    ``(route groups by index, city groups)``."""
    geo = board_geometry(m)
    routes = []
    for r in m.routes:
        out: list[str] = []
        _draw_route(out, m, geo.rows[r.index], r, None)
        routes.append("\n".join(out))
    cities: list[str] = []
    for cid in m.cities:
        _draw_city(cities, m, geo.cities[cid])
    return tuple(routes), tuple(cities)


def _draw_marks_under(out, geo, marks):
    """The glow around highlighted routes, drawn under the spaces."""
    n = _num
    for k, mark in enumerate(marks):
        if not mark.routes:
            continue
        glow = geo.rows[mark.routes[0]].width + 9
        out.append(f'<g class="highlight-routes" data-highlight="{k}" '
                   f'data-routes="{" ".join(str(i) for i in mark.routes)}" fill="none" '
                   f'stroke="{mark.color}" stroke-width="{n(glow)}" stroke-linecap="round" '
                   'stroke-opacity="0.7">')
        for i in mark.routes:
            row = geo.rows[i]
            (x0, y0), (x1, y1) = row.start, row.end
            out.append(f'<path d="M{n(x0)} {n(y0)}L{n(x1)} {n(y1)}"/>')
        out.append("</g>")


def _draw_marks_over(out, m, geo, marks):
    """Trail lines (longest path, a ticket's path) over the trains; dashed ticket lines."""
    n = _num
    for k, mark in enumerate(marks):
        for steps in mark.trails:
            d = "M" + "L".join(f"{n(x)} {n(y)}" for x, y in trail_points(m, geo, steps))
            out.append(f'<g class="highlight-trail" data-highlight="{k}" '
                       f'data-routes="{" ".join(str(s[0]) for s in steps)}" fill="none" '
                       'stroke-linecap="round" stroke-linejoin="round">'
                       f'<path d="{d}" stroke="#ffffff" stroke-width="6.5"/>'
                       f'<path d="{d}" stroke="{mark.color}" stroke-width="3.5"/></g>')
        for a, b in mark.dashed:
            ca, cb = m.cities[a], m.cities[b]
            out.append(f'<path class="highlight-dashed" data-highlight="{k}" '
                       f'd="M{n(ca.x)} {n(ca.y)}L{n(cb.x)} {n(cb.y)}" fill="none" stroke="{mark.color}" '
                       'stroke-width="2.5" stroke-dasharray="7 5" stroke-linecap="round"/>')


def _draw_marks_top(out, m, geo, marks):
    """Rings around highlighted cities, badges on routes (such as a longest path's length)
    and on cities (such as a distance)."""
    n = _num
    for k, mark in enumerate(marks):
        for cid in mark.cities:
            c = m.cities[cid]
            out.append(f'<circle class="highlight-city" data-highlight="{k}" data-city="{escape(cid)}" '
                       f'cx="{n(c.x)}" cy="{n(c.y)}" r="{n(CITY_RADIUS + 5)}" fill="none" '
                       f'stroke="{mark.color}" stroke-width="3.5"/>')
        for text, index in mark.badges:
            x, y = geo.rows[index].middle
            out.append(_badge(f'class="highlight-badge" data-highlight="{k}"', x, y, text, mark.color))
        for text, cid in mark.city_badges:
            c = m.cities[cid]
            out.append(_badge(f'class="highlight-city-badge" data-highlight="{k}" data-city="{escape(cid)}"',
                              c.x, c.y, text, mark.color))


def _badge(attributes: str, x: float, y: float, text: str, color: str) -> str:
    """A rounded label centred on ``(x, y)``: white bold ``text`` on ``color``, as wide as the
    text needs (a route's badge and a city's badge are the same shape).

    >>> _badge('class="b"', 10, 20, "7", "#123456")
    '<g class="b"><rect x="1" y="11" width="18" height="18" rx="9" fill="#123456" ...>7</text></g>'
    """
    n = _num
    w = max(18.0, text_width(text, 11) + 8)
    return (f'<g {attributes}>'
            f'<rect x="{n(x - w / 2)}" y="{n(y - 9)}" width="{n(w)}" height="18" rx="9" '
            f'fill="{color}" stroke="#ffffff" stroke-width="1.5"/>'
            f'<text x="{n(x)}" y="{n(y + 4)}" text-anchor="middle" font-size="11" '
            f'font-weight="bold" fill="#ffffff">{escape(text)}</text></g>')


def _draw_city(out, m, mark):
    n = _num
    c = m.cities[mark.city]
    lab = mark.label
    out.append(f'<g {_attr(class_="city", id="city-" + c.id.replace(" ", "_"), data_city=c.id)}>'
               f"<title>{escape(c.name)}</title>"
               f'<circle cx="{n(c.x)}" cy="{n(c.y)}" r="{n(mark.radius)}" fill="{CITY_FILL}" '
               f'stroke="{CITY_STROKE}" stroke-width="2"/>'
               f'<circle cx="{n(c.x)}" cy="{n(c.y)}" r="{n(mark.radius * 0.35)}" fill="{CITY_STROKE}"/>'
               f'<text class="label" x="{n(lab.x)}" y="{n(lab.y)}" text-anchor="{lab.anchor}" '
               f'stroke="{LABEL_HALO}" stroke-width="3" stroke-linejoin="round" paint-order="stroke">'
               f"{escape(c.name)}</text></g>")


def _draw_station(out, m, cid, player):
    c = m.cities[cid]
    fill, stroke = PLAYER_FILLS[player.color], PLAYER_STROKE[player.color]
    title = gettext("{player}'s station in {city}").format(player=player.name, city=c.name)
    out.append(f'<g {_attr(class_="station", data_city=cid, data_player=player.name, data_color=player.color)}>'
               f"<title>{escape(title, quote=False)}</title>"
               f'<path d="{station_path(c.x, c.y, 6.5)}" fill="{fill}" stroke="{stroke}" stroke-width="1.3" '
               f'stroke-linejoin="round"/>'
               f'<path d="{symbol_path(PLAYER_SYMBOLS[player.color], c.x, c.y + 1.8, 2.3)}" '
               f'fill="{PLAYER_INK[player.color]}"/></g>')


#: The points a legend can show (``scores=`` of :func:`board_svg`).
SCORE_LEGENDS = ("routes", "final", True, False)


def _draw_last_move(out, m, geo, last):
    """The dashed black-and-white outline around the last move's routes and stations."""
    n = _num
    dash = " ".join(n(d) for d in LAST_MOVE_DASH)
    out.append(f'<g class="last-move" data-routes="{" ".join(str(i) for i in last.routes)}" '
               f'data-cities="{escape(" ".join(last.cities))}" fill="none">')
    for i in last.routes:
        row = geo.rows[i]
        mg = LAST_MOVE_MARGIN
        box = (f'x="{n(-mg)}" y="{n(-row.width / 2 - mg)}" width="{n(row.length + 2 * mg)}" '
               f'height="{n(row.width + 2 * mg)}" rx="4"')
        frame = f'transform="translate({n(row.x)} {n(row.y)}) rotate({n(row.angle)})"'
        out.append(f'<rect data-route="{i}" {box} {frame} stroke="{LAST_MOVE_HALO}" stroke-width="4"/>'
                   f'<rect {box} {frame} stroke="{LAST_MOVE_INK}" stroke-width="2.2" stroke-dasharray="{dash}"/>')
    for cid in last.cities:
        c = m.cities[cid]
        r = n(CITY_RADIUS + 5)
        out.append(f'<circle data-city="{escape(cid)}" cx="{n(c.x)}" cy="{n(c.y)}" r="{r}" '
                   f'stroke="{LAST_MOVE_HALO}" stroke-width="4"/>'
                   f'<circle cx="{n(c.x)}" cy="{n(c.y)}" r="{r}" stroke="{LAST_MOVE_INK}" stroke-width="2.2" '
                   f'stroke-dasharray="{dash}"/>')
    out.append("</g>")


def board_svg(position_or_game, highlight=None, size=None, legend=True, scores="routes",
              last_move=None) -> str:
    """SVG text of the whole board: an empty map, or a position with its owners' trains.

    ``position_or_game``: anything :func:`~ttr_teach.engine.position.as_position` accepts (a
    map name or :class:`~ttr_teach.engine.maps.Map` for the empty board, a position dict or
    file, a Position, a Game): the engine reads and scores it, this only draws.
    ``highlight``: what to point at (see :mod:`ttr_teach.views.highlights`).
    ``size``: a fixed width in pixels (the height follows), for files and printed pages. By
    default the picture fits its container: it is as wide as the page or output area gives
    it room for, never wider than one pixel per board unit nor taller than the window
    (:data:`FIT_HEIGHT`), and keeps its aspect.
    ``legend``: draw the colour key and the players (name, colour and shape, points, trains
    and stations left) under the map (:mod:`ttr_teach.views.legend`). ``scores`` says which
    points the legend and the description give:
    ``"routes"`` (the default) the points scored so far for claimed routes, as on the game's
    score track; ``"final"`` (or ``True``) the final count with tickets, unbuilt stations and
    the longest-route bonus, for where final scoring is the subject; ``False`` none (a
    puzzle's board must not give its answer away).
    ``last_move``: the other players' last claims and stations, outlined in dashed black and
    white until the viewer acts (see :mod:`ttr_teach.views.last_move`).

    The picture is ``role="img"`` with a ``<title>`` and a ``<desc>`` saying in words who owns
    which routes and stations, the points, what is highlighted and the last move
    (:mod:`ttr_teach.views.board_words`).

    >>> svg = board_svg("usa")
    >>> 'width="100%"' in svg, 'style="max-width:' in svg, 'width="550"' in board_svg("usa", size=550)
    (True, True, True)

    The same input always gives byte-identical text. Cost: O(routes + cities + highlighted
    items), plus the position's score for the legend (the engine computes it once per position).
    """
    pos = as_position(position_or_game)
    m = pos.map
    if size is not None and (isinstance(size, bool) or not isinstance(size, (int, float)) or size <= 0):
        raise ArgumentError(gettext("size {size}: give the picture's width in pixels, such as 600").format(
            size=repr(size)))
    if not isinstance(scores, (bool, str)) or scores not in SCORE_LEGENDS:
        raise ArgumentError(gettext("scores={scores}: give \"routes\", \"final\" or False").format(
            scores=repr(scores)))
    geo = board_geometry(m)

    def score():
        from ..engine.scoring import score as score_of

        return score_of(pos)

    marks = resolve_highlight(pos, highlight, score)
    last = resolve_last_move(pos, last_move)
    x0, y0 = math.floor(min(0, geo.bounds[0]) - MARGIN), math.floor(min(0, geo.bounds[1]) - MARGIN)
    x1 = math.ceil(max(m.size[0], geo.bounds[2]) + MARGIN)
    map_bottom = math.ceil(max(m.size[1], geo.bounds[3]) + MARGIN)
    points, points_word = None, "point"
    if scores and pos.players:
        s = score()
        if scores == "routes":
            points, points_word = [p.route_points for p in s.players], "route point"
        else:
            points = [p.total for p in s.players]
    width, legend_height = x1 - x0, 0.0
    legend_out: list[str] = []
    if legend:
        players = [(p.name, p.color, player_counts(m, p, None if points is None else points[i], points_word))
                   for i, p in enumerate(pos.players)]
        legend_height = draw_legend(legend_out, m, players, marks, None if last is None else last.words,
                                    x0, width, map_bottom + 14)
    height = math.ceil(map_bottom + (14 + legend_height if legend else 0) - y0)
    if size is None:    # fit the container and the window, at most one pixel per board unit
        sizing = f'width="100%" style="max-width:{width}px;height:auto;max-height:{FIT_HEIGHT}"'
    else:
        sizing = f'width="{round(size)}" height="{round(size * height / width)}"'

    owners = {r.index: p for p in pos.players for r in p.routes}
    description = board_description(pos, points, points_word, marks, last)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{x0} {y0} {width} {height}" '
           f'{sizing} role="img" font-family="{FONT_FAMILY}" data-map="{m.name}">',
           f"<title>{escape(board_title(pos))}</title>",
           f"<desc>{escape(description)}</desc>",
           f'<rect class="background" x="{x0}" y="{y0}" width="{width}" height="{height}" '
           f'fill="{BACKGROUND}"/>']
    _draw_marks_under(out, geo, marks)
    letter_size = _num(0.7 * geo.rows[0].width) if geo.rows else "7"
    out.append(f'<g class="routes" font-size="{letter_size}" font-weight="bold" text-anchor="middle">')
    static_routes, static_cities = _static_parts(m, language())
    for r in m.routes:
        owner = owners.get(r.index)
        if owner is None:
            out.append(static_routes[r.index])
        else:
            _draw_route(out, m, geo.rows[r.index], r, owner)
    out.append("</g>")
    _draw_marks_over(out, m, geo, marks)
    out.append(f'<g class="cities" font-size="{_num(LABEL_FONT_SIZE)}" font-weight="bold" '
               f'fill="{LABEL_INK}">')
    out.extend(static_cities)
    out.append("</g>")
    if pos.players:
        out.append('<g class="stations">')
        for p in pos.players:
            for cid in p.stations:
                _draw_station(out, m, cid, p)
        out.append("</g>")
    _draw_marks_top(out, m, geo, marks)
    if last is not None:
        _draw_last_move(out, m, geo, last)
    out += legend_out
    out.append("</svg>")
    return "\n".join(out) + "\n"
