"""Highlights: what a lesson wants to point at on the board, resolved into routes and cities.

:func:`~ttr_teach.views.svg.board_svg` (and the canvas widget) take a ``highlight`` argument. A
highlight is one item or a list of items; an item is a dict with any of these keys:

``"routes"``
    route references: a :class:`~ttr_teach.engine.maps.Route`, a route index, or ``[a, b]`` /
    ``[a, b, colour]`` (``[a, b]`` marks both halves of a double route). Drawn as a glow
    around the rows.
``"cities"``
    city names (aliases work): a ring around each city.
``"player"``
    a player: name, player colour (``"red"``) or seat index. Alone, it marks all of that
    player's routes and stations; with ``"ticket"`` it says whose ticket it is.
``"longest"``
    a player (or a list of players): their longest continuous path, a line over their
    trains with its length in a badge.
``"ticket"``
    ``[a, b]`` or a :class:`~ttr_teach.engine.maps.Ticket`: the path of the holder's routes (plus
    the routes their stations borrow) that completes it; if it is not complete, its two cities
    and a dashed line between them.
``"station"``
    a city with a station: the station and the route its owner borrows there.
``"trail"``
    a trail drawn as a line over the board (and its routes glowing): a list of steps
    ``[route, from city, to city]`` in travel order, the route a :class:`Route` or an index.
``"city_badges"``
    ``{city: text}`` (or ``[[city, text], ...]``): a small badge with the text drawn on the
    city, such as a distance found by a search.
``"label"``
    text shown in the legend beside a swatch of the item's colour (a sentence is made up
    for longest, ticket, station and player items that have no label).
``"color"``
    ``"#rgb"``, ``"#rrggbb"``, or a route or player colour name. By default the items take
    the colours of :data:`~ttr_teach.views.style.HIGHLIGHT_COLORS` in turn.

Shorthands: a Route, a route index, or a list of route references is ``{"routes": ...}``.

Highlights only point: what a player's longest path is, which route a station borrows and
which path completes a ticket all come from the engine's :class:`~ttr_teach.engine.scoring.Score`.

>>> from ttr_teach.engine.position import as_position
>>> board = as_position("europe")
>>> [mk.routes for mk in resolve_highlight(board, [["Paris", "Frankfurt"], 0])]
[[58, 59, 0]]
>>> mark = resolve_highlight(board, {"cities": ["Zürich"], "label": "here"})[0]
>>> mark.cities, mark.label, mark.color
(['Zurich'], 'here', '#ff1493')
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..engine.errors import MapError, PositionError, TTRError
from ..engine.i18n import gettext
from ..engine.integers import is_whole
from ..engine.maps import Route, Ticket
from ..engine.tickets import shortest_path
from .style import HIGHLIGHT_COLORS, PLAYER_FILLS, ROUTE_FILLS

KEYS = ("routes", "cities", "player", "longest", "ticket", "station", "trail", "city_badges", "label",
        "color")
_HEX = re.compile(r"#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?$")


class HighlightError(TTRError):
    """A ``highlight`` argument that cannot be understood."""


@dataclass
class Mark:
    """One highlight item, resolved: what to draw and in which colour.

    ``routes``: route indices to glow; ``cities``: city ids to ring; ``trails``: lists of steps
    ``(route index, from city, to city)`` to draw as a line; ``badges``: ``(text, route index)``
    shown on that route; ``dashed``: ``(city, city)`` pairs joined by a dashed line;
    ``city_badges``: ``(text, city id)`` shown on that city.
    """

    color: str
    label: str = ""
    routes: list = field(default_factory=list)
    cities: list = field(default_factory=list)
    trails: list = field(default_factory=list)
    badges: list = field(default_factory=list)
    dashed: list = field(default_factory=list)
    city_badges: list = field(default_factory=list)


def _color(value, k):
    if value is None:
        return HIGHLIGHT_COLORS[k % len(HIGHLIGHT_COLORS)]
    if isinstance(value, str):
        if _HEX.match(value):
            return value.lower()
        if value in PLAYER_FILLS:
            return PLAYER_FILLS[value]
        if value in ROUTE_FILLS:
            return ROUTE_FILLS[value]
    raise HighlightError(gettext("highlight colour {value}: use '#rrggbb' or a route or player colour").format(
        value=repr(value)))


def _is_pair(x) -> bool:
    return isinstance(x, (list, tuple)) and len(x) in (2, 3) and all(isinstance(s, str) for s in x)


def route_indices(map, refs) -> list:
    """Route indices named by ``refs`` (one reference or a list; see the module docstring)."""
    if isinstance(refs, (Route, int)) or _is_pair(refs):
        refs = [refs]
    if not isinstance(refs, (list, tuple)):
        raise HighlightError(gettext("highlight routes {value}: give a list of routes, route indices "
                                     "or [city, city(, colour)]").format(value=repr(refs)))
    out = []
    for ref in refs:
        if isinstance(ref, Route):
            if not (0 <= ref.index < len(map.routes) and map.routes[ref.index] == ref):
                raise MapError(gettext("highlight: {route} is not a route of the {map} map").format(
                    route=ref, map=map.name))
            out.append(ref.index)
        elif is_whole(ref):
            if not 0 <= ref < len(map.routes):
                raise MapError(gettext("highlight: there is no route number {number} on the {map} map "
                                       "(they are numbered 0 to {last})").format(
                                           number=ref, map=map.name, last=len(map.routes) - 1))
            out.append(ref)
        elif _is_pair(ref):
            if len(ref) == 3:
                out.append(map.route(*ref).index)
            else:
                found = map.routes_between(*ref)
                if not found:
                    map.route(*ref)  # raises "there is no route between ..."
                out += sorted(r.index for r in found)
        else:
            raise HighlightError(gettext("highlight route {value}: give a Route, a route index "
                                         "or [city, city(, colour)]").format(value=repr(ref)))
    return out


def _city_ids(m, refs) -> list:
    if isinstance(refs, str):
        refs = [refs]
    if not isinstance(refs, (list, tuple)) or not all(isinstance(c, str) for c in refs):
        raise HighlightError(gettext("highlight cities {value}: give a list of city names").format(value=repr(refs)))
    return [m.city_id(c) for c in refs]


def _trail_steps(m, spec) -> list:
    """``[[route, from, to], ...]`` as Mark trail steps ``(route index, from id, to id)``."""
    if not isinstance(spec, (list, tuple)):
        raise HighlightError(gettext("highlight trail {value}: give a list of [route, from city, to city] "
                                     "steps").format(value=repr(spec)))
    steps: list[tuple[int, str, str]] = []
    for step in spec:
        if not (isinstance(step, (list, tuple)) and len(step) == 3
                and (isinstance(step[0], Route) or is_whole(step[0]))):
            raise HighlightError(gettext("highlight trail step {value}: give [route, from city, to city]").format(
                value=repr(step)))
        index = route_indices(m, [step[0]])[0]
        a, b = m.city_id(step[1]), m.city_id(step[2])
        r = m.routes[index]
        if {a, b} != {r.a, r.b}:
            raise HighlightError(gettext("highlight trail step {value}: route {index} joins {a} and {b}, not {c} "
                                         "and {d}").format(value=repr(step), index=index, a=m.cities[r.a].name,
                                                           b=m.cities[r.b].name, c=m.cities[a].name,
                                                           d=m.cities[b].name))
        if steps and steps[-1][2] != a:
            raise HighlightError(gettext("highlight trail step {value} does not start where the trail is "
                                         "({city})").format(value=repr(step), city=m.cities[steps[-1][2]].name))
        steps.append((index, a, b))
    return steps


def _city_badges(m, spec) -> list:
    items = list(spec.items()) if isinstance(spec, dict) else spec
    refused = gettext("highlight city_badges {value}: give {{city: text}}")
    if not isinstance(items, (list, tuple)):
        raise HighlightError(refused.format(value=repr(spec)))
    out = []
    for item in items:
        if not (isinstance(item, (list, tuple)) and len(item) == 2 and isinstance(item[0], str)):
            raise HighlightError(refused.format(value=repr(spec)))
        out.append((str(item[1]), m.city_id(item[0])))
    return out


def player_index(pos, ref, what="player") -> int:
    """Seat index of the player ``ref`` (name, player colour or seat index) in ``pos``
    (the engine's one seat lookup, :meth:`Position.seat <ttr_teach.engine.position.Position.seat>`)."""
    if not pos.players:
        raise PositionError(gettext("highlight {key}: an empty board has no players; draw a position").format(
            key=what))
    try:
        return pos.seat(ref)
    except PositionError as e:
        raise PositionError(f"highlight {what}: {e}") from None


def _longest(pos, seat, mark, score) -> str:
    player = score().players[seat]
    steps = [(r.index, a, b) for r, a, b in player.longest_path]
    if steps:
        mark.trails.append(steps)
        mark.routes.extend(s[0] for s in steps)
        mark.badges.append((str(player.longest_route), steps[len(steps) // 2][0]))
    return gettext("longest path of {player}: {length}").format(player=player.name, length=player.longest_route)


def _ticket(m, pos, item, mark, score) -> str:
    spec = item["ticket"]
    if isinstance(spec, Ticket):
        spec = [spec.a, spec.b]
    if not _is_pair(spec) or len(spec) != 2:
        raise HighlightError(gettext("highlight ticket {value}: give [city, city]").format(value=repr(spec)))
    a, b = m.city_id(spec[0]), m.city_id(spec[1])
    try:
        ticket = m.ticket(a, b)
        name = f"{m.cities[ticket.a].name}–{m.cities[ticket.b].name} ({ticket.points})"
    except MapError:
        ticket, name = None, f"{m.cities[a].name}–{m.cities[b].name}"
    mark.cities += [a, b]
    player = None
    if "player" in item:
        player = player_index(pos, item["player"], "ticket")
    elif ticket is not None:
        player = next((i for i, p in enumerate(pos.players) if ticket in p.tickets), None)
    steps = None
    if player is not None:
        scored = score().players[player]
        outcome = scored.outcome((a, b))
        if outcome is not None:         # the holder's ticket: the path the scorer found
            steps = outcome.steps
        else:                           # any two cities: the same search over the same routes
            routes = (*pos.players[player].routes, *scored.borrowed.values())
            steps = shortest_path(routes, a, b)
    if steps:
        steps = [(r.index, x, y) for r, x, y in steps]
        mark.trails.append(steps)
        mark.routes += [s[0] for s in steps]
        return gettext("ticket {ticket}: completed by {player}").format(ticket=name, player=pos.players[player].name)
    mark.dashed.append((a, b))
    if player is None:
        return gettext("ticket {ticket}: not completed").format(ticket=name)
    return gettext("ticket {ticket}: not completed by {player}").format(ticket=name, player=pos.players[player].name)


def _station(m, pos, city, mark, score) -> str:
    if not isinstance(city, str):
        raise HighlightError(gettext("highlight station {value}: give the name of a city with a station").format(
            value=repr(city)))
    cid = m.city_id(city)
    if cid not in pos.station_owners:
        raise PositionError(gettext("highlight station: there is no station in {city}").format(
            city=m.cities[cid].name))
    owner = pos.station_owners[cid]
    mark.cities.append(cid)
    name, where = pos.players[owner].name, m.cities[cid].name
    r = score().players[owner].borrowed.get(cid)
    if r is not None:
        mark.routes.append(r.index)
        return gettext("{player}'s station in {city} borrows {a}–{b}").format(
            player=name, city=where, a=m.cities[r.a].name, b=m.cities[r.b].name)
    return gettext("{player}'s station in {city} borrows no route").format(player=name, city=where)


def _resolve_item(pos, item, k, score) -> Mark:
    m = pos.map
    if not isinstance(item, dict):
        raise HighlightError(gettext("highlight item {value}: use a dict such as "
                                     "{{'routes': [...], 'cities': [...], 'label': '...'}}").format(value=repr(item)))
    unknown = [key for key in item if key not in KEYS]
    if unknown:
        raise HighlightError(gettext("highlight: unknown key {key}; the keys are {keys}").format(
            key=repr(unknown[0]), keys=", ".join(KEYS)))
    mark = Mark(_color(item.get("color"), k), str(item.get("label", "")))
    said = []
    if "routes" in item:
        mark.routes += route_indices(m, item["routes"])
    if "cities" in item:
        mark.cities += _city_ids(m, item["cities"])
    if "trail" in item:
        steps = _trail_steps(m, item["trail"])
        if steps:
            mark.trails.append(steps)
            mark.routes += [index for index, _, _ in steps]
    if "city_badges" in item:
        mark.city_badges += _city_badges(m, item["city_badges"])
    if "longest" in item:
        who = item["longest"]
        for ref in (who if isinstance(who, (list, tuple)) else [who]):
            said.append(_longest(pos, player_index(pos, ref, "longest"), mark, score))
    if "ticket" in item:
        said.append(_ticket(m, pos, item, mark, score))
    if "station" in item:
        said.append(_station(m, pos, item["station"], mark, score))
    if "player" in item and "ticket" not in item:
        p = pos.players[player_index(pos, item["player"])]
        if "longest" not in item:
            mark.routes += [r.index for r in p.routes]
            mark.cities += list(p.stations)
            said.append(gettext("{player}'s routes and stations").format(player=p.name))
    if not mark.label:
        mark.label = gettext("; ").join(said)
    return mark


def resolve_highlight(position, highlight, score=None) -> list:
    """The ``highlight`` argument as a list of :class:`Mark` (see the module docstring).

    ``position`` is the :class:`~ttr_teach.engine.position.Position` drawn (without players
    for an empty board); ``score`` a function returning its
    :class:`~ttr_teach.engine.scoring.Score`, called only when an item needs it (a longest
    path, a ticket's path, a station's borrowed route). By default the engine scores the
    position (once: positions keep their score).
    """
    if highlight is None:
        return []
    if score is None:
        def score():
            from ..engine.scoring import score as score_of

            return score_of(position)
    if isinstance(highlight, dict):
        items = [highlight]
    elif isinstance(highlight, Route) or is_whole(highlight):
        items = [{"routes": [highlight]}]
    elif isinstance(highlight, (list, tuple)) and highlight and all(isinstance(h, dict) for h in highlight):
        items = list(highlight)
    elif isinstance(highlight, (list, tuple)) and not any(isinstance(h, dict) for h in highlight):
        items = [{"routes": highlight}] if highlight else []
    else:
        raise HighlightError(gettext("highlight {value}: give a dict, a list of dicts, or routes "
                                     "(see help(ttr_teach.views.highlights))").format(value=repr(highlight)))
    return [_resolve_item(position, item, k, score) for k, item in enumerate(items)]
