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

from collections.abc import Mapping
from functools import cache
from itertools import filterfalse, islice

from .i18n import N_, gettext, ngettext
from .maps import Map, Route
from .payment import cost_groups

#: Why a route is closed to a player (see :func:`route_closed`), and the sentence for each.
YOURS, CLAIMED, BOTH_HALVES, ONE_HALF = 1, 2, 3, 4
_CLOSED = {
    YOURS: N_("{a}–{b} is already yours"),
    CLAIMED: N_("{a}–{b} has already been claimed"),
    BOTH_HALVES: N_("you already own the other route of the double route {a}–{b}; one player may never own both"),
    ONE_HALF: N_("{a}–{b} is a double route and with 2 or 3 players only one of its two routes can be claimed"),
}


def route_closed(map: Map, n_players: int, owners: Mapping[int, int], route: Route, player: int) -> int:
    """0 when ``player`` may own ``route`` given ``owners`` (route index -> player), else why
    not, as one of :data:`YOURS`, :data:`CLAIMED`, :data:`BOTH_HALVES`, :data:`ONE_HALF`.

    Rules: a route has one owner; one player never owns both routes of a double route; with
    fewer players than the map's threshold (4), once one route of a double is claimed the
    other is closed for everyone.
    """
    owner = owners.get(route.index)
    if owner is not None:
        return YOURS if owner == player else CLAIMED
    partner = map.partner(route)
    if partner is not None and partner.index in owners:
        if owners[partner.index] == player:
            return BOTH_HALVES
        if not map.rules.double_routes_both_usable(n_players):
            return ONE_HALF
    return 0


def why_route_unavailable(map: Map, n_players: int, owners: Mapping[int, int], route: Route, player: int) -> str | None:
    """Why ``player`` may not own ``route`` given ``owners`` (route index -> player), or None:
    :func:`route_closed` in words."""
    closed = route_closed(map, n_players, owners, route, player)
    return gettext(_CLOSED[closed]).format(a=route.a, b=route.b) if closed else None


def why_trains_short(trains_left: int, route: Route) -> str | None:
    """Why a player with ``trains_left`` trains cannot claim ``route``, or None."""
    if trains_left < route.length:
        return ngettext("{a}–{b} needs {n} train and you have only {left} left",
                        "{a}–{b} needs {n} trains and you have only {left} left",
                        route.length).format(a=route.a, b=route.b, n=route.length, left=trains_left)
    return None


def why_station_unavailable(map: Map, station_owners: Mapping[str, int], city: str | None,
                            built: int) -> str | None:
    """Why a player who has built ``built`` stations may not build one in ``city``, or None.

    ``station_owners`` maps city id -> player index. Rules: stations exist only in Europe;
    three stations per player (:func:`why_no_more_stations`); at most one station per city.
    """
    why = why_no_more_stations(map, built)
    if why:
        return why
    if city is not None and city in station_owners:
        return gettext("{city} already has a station; a city can hold only one").format(city=map.cities[city].name)
    return None


def why_no_more_stations(map: Map, built: int) -> str | None:
    """Why a player who has built ``built`` stations may build none anywhere, or None."""
    rules = map.rules
    if not rules.has_stations:
        return gettext("there are no stations in the {map} game").format(map=map.name)
    if built >= rules.stations_per_player:
        return ngettext("you have already built your {n} station", "you have already built all {n} of your stations",
                        rules.stations_per_player).format(n=rules.stations_per_player)
    return None


def station_cities(map: Map, station_owners: Mapping[str, int], built: int) -> list:
    """The cities where a player who has built ``built`` stations may build one, in map order:
    those :func:`why_station_unavailable` allows (every city without a station, while the
    player may still build).

    >>> from ttr_teach.engine.maps import load_map
    >>> len(station_cities(load_map("europe"), {"Wien": 1}, 0)), station_cities(load_map("usa"), {}, 0)
    (46, [])
    """
    if why_no_more_stations(map, built):
        return []
    return [city for city in map.cities if city not in station_owners]


def nth_station_city(map: Map, station_owners: Mapping[str, int], built: int, n: int) -> str:
    """``station_cities(m, station_owners, built)[n]``, without listing the others.

    >>> from ttr_teach.engine.maps import load_map
    >>> nth_station_city(load_map("europe"), {"Amsterdam": 1}, 0, 0)
    'Angora'
    """
    if why_no_more_stations(map, built):
        raise IndexError("no city can take a station")
    return next(islice(filterfalse(station_owners.__contains__, map.cities), n, None))


def count_station_cities(map: Map, station_owners: Mapping[str, int], built: int) -> int:
    """``len(station_cities(m, station_owners, built))``, without listing them.

    >>> from ttr_teach.engine.maps import load_map
    >>> count_station_cities(load_map("europe"), {"Wien": 1}, 0)
    46
    """
    if why_no_more_stations(map, built):
        return 0
    return len(map.cities) - len(station_owners)


#: In :attr:`ClaimableRoutes.groups`, the mark of a route closed to the seat.
CLOSED = 255


class _Tables:
    """What :class:`ClaimableRoutes` needs on one map with ``n_players``, worked out once from
    :func:`route_closed` and :func:`~ttr_teach.engine.payment.cost_groups`.

    ``start[seat]`` is the seat's ``groups`` before anything is claimed, and ``closes[r][owner]``
    lists ``(seat, route)`` for each route that :func:`route_closed` closes to a seat when
    ``owner`` claims route ``r``: ``r`` itself for everyone, and its partner for whom the
    double-route rules close it. (A route open to a seat before the claim was unowned, and so
    was its partner, so the rule's answer after the claim depends on this claim alone.)
    """

    def __init__(self, map: Map, n_players: int):
        group_of, groups = cost_groups(map)
        if len(groups) >= CLOSED:
            raise ValueError(gettext("the {map} map has {n} cost groups; at most {most} fit").format(
                map=map.name, n=len(groups), most=CLOSED - 1))
        seats = range(n_players)
        self.start = tuple(bytes(group_of[r.index] if not route_closed(map, n_players, {}, r, seat) else CLOSED
                                 for r in map.routes) for seat in seats)
        self.closes = tuple(
            tuple(tuple((seat, t.index) for seat in seats
                        for t in (r, map.partner(r)) if t is not None
                        if route_closed(map, n_players, {r.index: owner}, t, seat))
                  for owner in seats)
            for r in map.routes)


@cache
def _tables(m: Map, n_players: int) -> _Tables:
    return _Tables(m, n_players)


class ClaimableRoutes:
    """For each seat, the routes it may still own (by :func:`route_closed`; cards and
    trains aside), kept up to date as routes are claimed.

    ``groups[seat]`` is a bytearray indexed by route: the route's cost group
    (:func:`~ttr_teach.engine.payment.cost_groups`: routes paid alike) while the seat may own
    it, :data:`CLOSED` once it may not. So a player's ways to claim each route are one
    ``bytes.translate`` of it (see :mod:`ttr_teach.engine.game.moves.routes`). Claiming a route
    changes who may own that route and its partner only, and how is worked out once per map
    from the rule (:func:`route_closed`): the index holds no rule of its own.

    >>> from ttr_teach.engine.maps import load_map
    >>> m = load_map("europe")
    >>> black, red = m.routes_between("Berlin", "Frankfurt")
    >>> routes = ClaimableRoutes(m, 3, {})
    >>> routes.claimed({black.index: 0}, black.index)
    >>> routes.open[1][red.index], routes.open[1][black.index], sum(routes.open[1])
    (0, 0, 99)
    """

    __slots__ = ("map", "n_players", "tables", "groups")

    def __init__(self, map: Map, n_players: int, owners: dict):
        self.map = map
        self.n_players = n_players
        tables = self.tables = _tables(map, n_players)
        self.groups = [bytearray(start) for start in tables.start]
        for index in owners:
            self.claimed(owners, index)

    @property
    def open(self) -> list:
        """For each seat, a bytes indexed by route: 1 if the seat may own it, else 0."""
        return [bytes(int(g != CLOSED) for g in groups) for groups in self.groups]

    def routes(self, seat: int) -> list:
        """The routes open to ``seat``, in map order."""
        return [r for r, g in enumerate(self.groups[seat]) if g != CLOSED]

    def claimed(self, owners: dict, index: int) -> None:
        """Route ``index`` has just been given its owner in ``owners``: update every seat."""
        groups = self.groups
        for seat, r in self.tables.closes[index][owners[index]]:
            groups[seat][r] = CLOSED

    def copy(self) -> ClaimableRoutes:
        new = ClaimableRoutes.__new__(ClaimableRoutes)
        new.map, new.n_players, new.tables = self.map, self.n_players, self.tables
        new.groups = [bytearray(groups) for groups in self.groups]
        return new
