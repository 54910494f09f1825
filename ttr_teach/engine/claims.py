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

from functools import lru_cache
from itertools import filterfalse, islice

from .maps import Map, Route
from .payment import cost_groups


#: Why a route is closed to a player (see :func:`route_closed`), and the sentence for each.
YOURS, CLAIMED, BOTH_HALVES, ONE_HALF = 1, 2, 3, 4
_CLOSED = {
    YOURS: "{a}–{b} is already yours",
    CLAIMED: "{a}–{b} has already been claimed",
    BOTH_HALVES: "you already own the other route of the double route {a}–{b}; one player may never own both",
    ONE_HALF: "{a}–{b} is a double route and with 2 or 3 players only one of its two routes can be claimed",
}


def route_closed(m: Map, n_players: int, owners: dict, route: Route, player: int) -> int:
    """0 when ``player`` may own ``route`` given ``owners`` (route index -> player), else why
    not, as one of :data:`YOURS`, :data:`CLAIMED`, :data:`BOTH_HALVES`, :data:`ONE_HALF`.

    Rules: a route has one owner; one player never owns both routes of a double route; with
    fewer players than the map's threshold (4), once one route of a double is claimed the
    other is closed for everyone.
    """
    owner = owners.get(route.index)
    if owner is not None:
        return YOURS if owner == player else CLAIMED
    partner = m.partner(route)
    if partner is not None and partner.index in owners:
        if owners[partner.index] == player:
            return BOTH_HALVES
        if not m.rules.double_routes_both_usable(n_players):
            return ONE_HALF
    return 0


def why_route_unavailable(m: Map, n_players: int, owners: dict, route: Route, player: int):
    """Why ``player`` may not own ``route`` given ``owners`` (route index -> player), or None:
    :func:`route_closed` in words."""
    closed = route_closed(m, n_players, owners, route, player)
    return _CLOSED[closed].format(a=route.a, b=route.b) if closed else None


def why_trains_short(trains_left: int, route: Route):
    """Why a player with ``trains_left`` trains cannot claim ``route``, or None."""
    if trains_left < route.length:
        return (f"{route.a}–{route.b} needs {route.length} trains and you have only {trains_left} left")
    return None


def why_station_unavailable(m: Map, station_owners: dict, city: str, built: int):
    """Why a player who has built ``built`` stations may not build one in ``city``, or None.

    ``station_owners`` maps city id -> player index. Rules: stations exist only in Europe;
    three stations per player (:func:`why_no_more_stations`); at most one station per city.
    """
    why = why_no_more_stations(m, built)
    if why:
        return why
    if city in station_owners:
        return f"{m.cities[city].name} already has a station; a city can hold only one"
    return None


@lru_cache(maxsize=None)
def why_no_more_stations(m: Map, built: int):
    """Why a player who has built ``built`` stations may build none anywhere, or None."""
    rules = m.rules
    if not rules.has_stations:
        return f"there are no stations in the {m.name} game"
    if built >= rules.stations_per_player:
        return f"you have already built all {rules.stations_per_player} of your stations"
    return None


def station_cities(m: Map, station_owners: dict, built: int) -> list:
    """The cities where a player who has built ``built`` stations may build one, in map order:
    those :func:`why_station_unavailable` allows (every city without a station, while the
    player may still build).

    >>> from ttr_teach.engine.maps import load_map
    >>> len(station_cities(load_map("europe"), {"Wien": 1}, 0)), station_cities(load_map("usa"), {}, 0)
    (46, [])
    """
    if why_no_more_stations(m, built):
        return []
    return [city for city in m.cities if city not in station_owners]


def nth_station_city(m: Map, station_owners: dict, built: int, n: int) -> str:
    """``station_cities(m, station_owners, built)[n]``, without listing the others.

    >>> from ttr_teach.engine.maps import load_map
    >>> nth_station_city(load_map("europe"), {"Amsterdam": 1}, 0, 0)
    'Angora'
    """
    if why_no_more_stations(m, built):
        raise IndexError("no city can take a station")
    return next(islice(filterfalse(station_owners.__contains__, m.cities), n, None))


def count_station_cities(m: Map, station_owners: dict, built: int) -> int:
    """``len(station_cities(m, station_owners, built))``, without listing them.

    >>> from ttr_teach.engine.maps import load_map
    >>> count_station_cities(load_map("europe"), {"Wien": 1}, 0)
    46
    """
    if why_no_more_stations(m, built):
        return 0
    return len(m.cities) - len(station_owners)


@lru_cache(maxsize=None)
def _unclaimed(m: Map, n_players: int) -> tuple:
    """For each seat, ``(open, by_group)`` before anyone owns anything, by the rule."""
    group_of, groups = cost_groups(m)
    seats = []
    for seat in range(n_players):
        flags, counts = bytearray(len(m.routes)), [0] * len(groups)
        for r in m.routes:
            if not route_closed(m, n_players, {}, r, seat):
                flags[r.index] = 1
                counts[group_of[r.index]] += 1
        seats.append((bytes(flags), tuple(counts)))
    return tuple(seats)


class ClaimableRoutes:
    """For each seat, the routes it may still own (by :func:`route_closed`; cards and
    trains aside), kept up to date as routes are claimed.

    Claiming a route changes who may own that route and its partner only, so :meth:`claimed`
    asks the rule (:func:`route_closed`) again for those two: the cache holds no rule of its
    own. ``open[seat]`` is a bytearray indexed by route (1: the seat may own it) and ``by_group[seat]`` counts the
    open routes of each group of :func:`~ttr_teach.engine.payment.cost_groups` (routes paid
    alike), so a player's claims can be counted group by group (``by_length`` lists the groups,
    shortest routes first); ``routes[seat]`` lists the open routes in map order and
    ``groups[seat]`` their groups. ``shortest[seat]`` gives, for each kind of route (colour and
    ferry symbols, see ``kinds``), its open group of the shortest routes, or -1.

    >>> from ttr_teach.engine.maps import load_map
    >>> m = load_map("europe")
    >>> black, red = m.routes_between("Berlin", "Frankfurt")
    >>> routes = ClaimableRoutes(m, 3, {})
    >>> routes.claimed({black.index: 0}, black.index)
    >>> routes.open[1][red.index], routes.open[1][black.index], sum(routes.open[1])
    (0, 0, 99)
    """

    def __init__(self, m: Map, n_players: int, owners: dict):
        self.map = m
        self.n_players = n_players
        self.group_of, groups = cost_groups(m)
        self.by_length = tuple(sorted(range(len(groups)), key=lambda g: (groups[g][0], g)))
        kinds = {}
        for g in self.by_length:
            kinds.setdefault(groups[g][1:], []).append(g)
        self.kinds = tuple(tuple(gs) for gs in kinds.values())
        self.kind_of = tuple(list(kinds).index(group[1:]) for group in groups)
        unclaimed = _unclaimed(m, n_players)
        self.open = [bytearray(flags) for flags, _ in unclaimed]
        self.by_group = [list(counts) for _, counts in unclaimed]
        self.shortest = [[self._first_open(counts, kind) for kind in range(len(self.kinds))]
                         for counts in self.by_group]
        self.routes = [[i for i, f in enumerate(flags) if f] for flags in self.open]
        self.groups = [[self.group_of[i] for i in routes] for routes in self.routes]
        claimed = {}                                      # the owners so far, route by route
        for index, seat in owners.items():
            claimed[index] = seat
            self.claimed(claimed, index)

    def _first_open(self, counts, kind: int) -> int:
        return next((g for g in self.kinds[kind] if counts[g]), -1)

    def claimed(self, owners: dict, index: int) -> None:
        """Route ``index`` has just been given its owner in ``owners``: update every seat."""
        route = self.map.routes[index]
        partner = self.map.partner(route)
        for r in (route,) if partner is None else (route, partner):
            group = self.group_of[r.index]
            for seat in range(self.n_players):
                if not self.open[seat][r.index]:
                    continue              # (more owners never open a route again)
                if route_closed(self.map, self.n_players, owners, r, seat):
                    self.open[seat][r.index] = 0
                    counts = self.by_group[seat]
                    counts[group] -= 1
                    if not counts[group]:                     # the group emptied
                        kind = self.kind_of[group]
                        self.shortest[seat][kind] = self._first_open(counts, kind)
                    k = self.routes[seat].index(r.index)
                    del self.routes[seat][k], self.groups[seat][k]

    def copy(self) -> "ClaimableRoutes":
        new = object.__new__(ClaimableRoutes)
        new.__dict__.update(self.__dict__)
        new.open = [bytearray(flags) for flags in self.open]
        new.by_group = [list(counts) for counts in self.by_group]
        new.shortest = [list(kinds) for kinds in self.shortest]
        new.routes = [list(routes) for routes in self.routes]
        new.groups = [list(groups) for groups in self.groups]
        return new
