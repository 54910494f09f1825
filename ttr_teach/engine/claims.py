"""Who may own what: the claiming rules shared by the game and by position checking.

Each function returns ``None`` when the rule allows the thing, or a sentence saying why not,
so the game can raise :class:`~ttr_teach.engine.errors.IllegalAction` and a position file can be
refused with :class:`~ttr_teach.engine.errors.PositionError` from the very same rule.

>>> from ttr_teach.engine.maps import load_map
>>> m = load_map("europe")
>>> black, red = m.routes_between("Berlin", "Frankfurt")
>>> print(why_route_unavailable(m, 3, {black.index: 0}, red, player=1))
Berlin–Frankfurt is a double route and with 2 or 3 players only one of its two routes can be claimed
>>> why_route_unavailable(m, 4, {black.index: 0}, red, player=1) is None
True
"""
from __future__ import annotations

from .maps import Map, Route


def why_route_unavailable(m: Map, n_players: int, owners: dict, route: Route, player: int):
    """Why ``player`` may not own ``route`` given ``owners`` (route index -> player), or None.

    Rules: a route has one owner; one player never owns both routes of a double route; with
    fewer players than the map's threshold (4), once one route of a double is claimed the
    other is closed for everyone.
    """
    owner = owners.get(route.index)
    if owner is not None:
        return (f"{route.a}–{route.b} is already yours" if owner == player
                else f"{route.a}–{route.b} has already been claimed")
    partner = m.partner(route)
    if partner is not None and partner.index in owners:
        if owners[partner.index] == player:
            return (f"you already own the other route of the double route {route.a}–{route.b}; "
                    "one player may never own both")
        if not m.rules.double_routes_both_usable(n_players):
            return (f"{route.a}–{route.b} is a double route and with 2 or 3 players only one of its "
                    "two routes can be claimed")
    return None


def why_trains_short(trains_left: int, route: Route):
    """Why a player with ``trains_left`` trains cannot claim ``route``, or None."""
    if trains_left < route.length:
        return (f"{route.a}–{route.b} needs {route.length} trains and you have only {trains_left} left")
    return None


def why_station_unavailable(m: Map, station_owners: dict, city: str, built: int):
    """Why a player who has built ``built`` stations may not build one in ``city``, or None.

    ``station_owners`` maps city id -> player index. Rules: stations exist only in Europe;
    at most one station per city; three stations per player.
    """
    rules = m.rules
    if not rules.has_stations:
        return f"there are no stations in the {m.name} game"
    if built >= rules.stations_per_player:
        return f"you have already built all {rules.stations_per_player} of your stations"
    if city in station_owners:
        return f"{m.cities[city].name} already has a station; a city can hold only one"
    return None
