"""The last move: what the other players claimed or built since you last acted, for the board
to outline until your next action (``board_svg(..., last_move=...)`` and the canvas board).

A last move is one item or a list of items; an item is a claim or a station:

- a :class:`~ttr_teach.engine.actions.ClaimRoute` or ``{"route": ROUTE}`` (a route reference as
  in :mod:`ttr_teach.views.highlights`: a Route, an index or ``[a, b, colour]``);
- a :class:`~ttr_teach.engine.actions.BuildStation` or ``{"station": CITY}``.

Who made it is read from the board (the route's owner, the station's builder).
:func:`last_moves` finds the items in a game's log.

>>> from ttr_teach.engine.position import as_position
>>> pos = as_position({"map": "europe", "players": [{"name": "Ann"},
...     {"name": "Bo", "routes": [["Berlin", "Frankfurt", "black"]], "stations": ["Wien"]}]})
>>> move = resolve_last_move(pos, [{"route": ["Berlin", "Frankfurt", "black"]}, {"station": "Wien"}])
>>> move.words
('Bo claimed Berlin–Frankfurt (3 black)', 'Bo built a station in Wien')
"""
from __future__ import annotations

from dataclasses import dataclass

from ..engine.actions import BuildStation, ClaimRoute
from ..engine.game.log import ACTION, CLAIMED, STATION_BUILT
from ..engine.i18n import gettext
from .highlights import HighlightError, route_indices


@dataclass(frozen=True)
class LastMove:
    """The resolved last move: route indices and city ids to outline, and each item in words."""

    routes: tuple = ()
    cities: tuple = ()
    words: tuple = ()


def _items(last_move) -> list:
    if isinstance(last_move, (dict, ClaimRoute, BuildStation)):
        return [last_move]
    if isinstance(last_move, (list, tuple)):
        return list(last_move)
    raise HighlightError(gettext("last_move {value}: give a claim or a station ({{'route': ...}} or "
                                 "{{'station': city}}), or a list of them").format(value=repr(last_move)))


def resolve_last_move(position, last_move) -> LastMove | None:
    """``last_move`` (see the module docstring) on ``position``, resolved; None for none."""
    if last_move is None:
        return None
    m = position.map
    route_owner = {r.index: p.name for p in position.players for r in p.routes}
    station_owner = {c: p.name for p in position.players for c in p.stations}
    routes, cities, words = [], [], []
    for item in _items(last_move):
        if isinstance(item, ClaimRoute):
            item = {"route": item.route}
        elif isinstance(item, BuildStation):
            item = {"station": item.city}
        if not isinstance(item, dict) or len(item) != 1 or not {"route", "station"} & set(item):
            raise HighlightError(gettext("last_move item {item}: give {{'route': route}} or "
                                         "{{'station': city}}").format(item=repr(item)))
        if "route" in item:
            for index in route_indices(m, [item["route"]]):
                routes.append(index)
                who = route_owner.get(index)
                words.append(gettext("{player} claimed {route}").format(player=who, route=m.routes[index]) if who
                             else gettext("{route} (unclaimed)").format(route=m.routes[index]))
        else:
            cid = m.city_id(item["station"])
            cities.append(cid)
            who = station_owner.get(cid)
            where = m.cities[cid].name
            words.append(gettext("{player} built a station in {city}").format(player=who, city=where) if who
                         else gettext("{city} (no station)").format(city=where))
    return LastMove(tuple(routes), tuple(cities), tuple(words))


def last_moves(log, seat: int) -> list:
    """The claims and stations of the other players in a game's ``log`` since seat ``seat``
    last acted, in the order they were played (``[]`` when there are none).

    >>> log = [{"event": "action", "player": 0}, {"event": "claimed", "player": 0, "route": 3},
    ...        {"event": "action", "player": 1}, {"event": "claimed", "player": 1, "route": 7},
    ...        {"event": "action", "player": 1}, {"event": "station_built", "player": 1, "city": "Wien"}]
    >>> last_moves(log, 0), last_moves(log, 1)
    ([{'route': 7}, {'station': 'Wien'}], [])
    """
    out: list[dict] = []
    for e in reversed(log):
        kind = e.get("event")
        if kind == ACTION and e.get("player") == seat:
            break
        if e.get("player") == seat:
            continue
        if kind == CLAIMED:
            out.append({"route": e["route"]})
        elif kind == STATION_BUILT:
            out.append({"station": e["city"]})
    return out[::-1]
