"""Planning tickets: the fewest trains that complete a set of tickets, exactly.

Completing tickets ``(a1, b1), (a2, b2), ...`` with the fewest trains is a minimum Steiner
forest on the map: every ticket's two cities must be connected, but different tickets need
not be connected to each other (:func:`~ttr_teach.algorithms.steiner.steiner_forest`, exact).
:func:`cheapest_network` plans on an empty board, :func:`cheapest_completion` from a position
(the player's own routes are free, the others' are closed, stations may borrow);
:func:`approximate_network` wraps networkx's 2-approximation, which joins *all* the cities
into one tree, for comparison (:func:`compare_networks`).

Every function takes the map as ``map``: ``"europe"``, ``"usa"`` or a loaded
:class:`~ttr_teach.engine.maps.Map`; cities may be named by id, board name or alias.

Each returns a typed result (:mod:`ttr_teach.algorithms.plans`) whose ``to_dict()`` is plain JSON:

>>> net = cheapest_network("europe", [("Edinburgh", "London")])
>>> net.trains, [str(r) for r in net.routes]
(4, ['Edinburgh–London (4 black)'])
>>> net.to_dict()["routes"]
[['Edinburgh', 'London', 4, 'black']]
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache, lru_cache
from itertools import product
from typing import Any, NamedTuple

import networkx as nx

from ..engine.claims import route_closed
from ..engine.errors import MapError
from ..engine.i18n import gettext
from ..engine.maps import Map, Route, Ticket, load_map
from .plans import Borrowed, Completion, NetworkComparison, NetworkPiece, Plan
from .steiner import MetricClosure, SteinerForest, pieces_of_pairs, steiner_forest


# -- on the map ---------------------------------------------------------------------------------
@cache
def _map_closure(m: Map) -> MetricClosure:
    """All shortest distances of the map's graph, computed once per map."""
    from .graphs import map_graph

    return MetricClosure(map_graph(m))


def _parse_tickets(m: Map, tickets: Any) -> list[tuple[str, str]]:
    """``tickets`` as a list of ``(city id, city id)``; a single pair is accepted too."""
    if isinstance(tickets, Ticket) or (isinstance(tickets, (tuple, list)) and len(tickets) == 2
                                       and all(isinstance(c, str) for c in tickets)):
        tickets = [tickets]
    if isinstance(tickets, (str, bytes)) or not hasattr(tickets, "__iter__"):
        raise MapError(gettext("tickets must be a list of (city, city) pairs, not {value}").format(value=repr(tickets)))
    out: list[tuple[str, str]] = []
    for n, t in enumerate(tickets, 1):
        if isinstance(t, Ticket):
            out.append((t.a, t.b))
            continue
        if isinstance(t, str) or not hasattr(t, "__len__") or len(t) != 2:
            raise MapError(gettext("ticket #{n} ({value}) is not a pair of cities (city, city)").format(
                n=n, value=repr(t)))
        a, b = m.city_id(t[0]), m.city_id(t[1])
        if a == b:
            raise MapError(gettext("ticket #{n} joins {city} to itself; a ticket joins two cities").format(
                n=n, city=m.cities[a].name))
        out.append((a, b))
    return out


def _sorted_routes(routes: Iterable[Route]) -> list[Route]:
    return sorted(routes, key=lambda r: r.index)


def _network_result(m: Map, tickets: list[tuple[str, str]], route_of: Callable[[tuple], Route],
                    forest: Any) -> Plan:
    routes = _sorted_routes({route_of(e) for e in forest.edges})
    h = nx.Graph()
    h.add_edges_from((r.a, r.b) for r in routes)
    groups = []
    for members in forest.groups:
        piece = nx.node_connected_component(h, tickets[members[0]][0])
        groups.append(NetworkPiece(tuple(tuple(tickets[i]) for i in members),
                                   tuple(r for r in routes if r.a in piece)))
    return Plan(m.name, tuple(tuple(t) for t in tickets), tuple(routes), tuple(groups))


def cheapest_network(map: str | Map, tickets: Any) -> Plan:
    """The fewest trains that complete all ``tickets`` on an empty board, exactly.

    Parameters
    ----------
    map : str or Map
        ``"europe"``, ``"usa"`` or a loaded :class:`~ttr_teach.engine.maps.Map`.
    tickets : iterable
        ``[(city_a, city_b), ...]`` (city aliases allowed; Ticket objects too; a single pair
        is read as one ticket).

    Returns
    -------
    Plan
        ``map``, ``tickets`` (``(a, b)`` city ids), ``trains`` (the total length), ``routes``
        (:class:`~ttr_teach.engine.maps.Route` objects in map order; for a double route its
        first half: either half does) and ``groups``: one
        :class:`~ttr_teach.algorithms.plans.NetworkPiece` per connected piece of the network.
        ``to_dict()`` gives ``{"map", "tickets", "trains", "routes", "groups"}`` with routes
        as ``[a, b, length, colour]``.

    Raises
    ------
    MapError
        If a ticket names an unknown city, or one city twice.
    LimitError
        If the tickets have more than :data:`~ttr_teach.algorithms.steiner.MAX_TERMINALS`
        different cities.

    Notes
    -----
    Tickets need not be joined to each other, so this is a minimum Steiner forest
    (:func:`~ttr_teach.algorithms.steiner.steiner_forest`); a double route counts once.
    O(3^k V + 2^k V^2 + 3^u) for k ticket cities in u groups (the map's all-pairs distances
    are computed once per map); 6 tickets (12 cities) take well under a second
    (``python bench/planner.py``).

    References
    ----------
    .. [1] S. E. Dreyfus and R. A. Wagner, "The Steiner problem in graphs", Networks 1
       (1971) 195-207.

    Examples
    --------
    >>> net = cheapest_network("europe", [("Paris", "Wien"), ("Lisboa", "Cadiz")])
    >>> net.trains, [g.trains for g in net.groups]
    (10, [8, 2])
    """
    m = load_map(map)
    pairs = _parse_tickets(m, tickets)
    forest = steiner_forest(_map_closure(m).graph, pairs, closure=_map_closure(m))
    g = _map_closure(m).graph
    return _network_result(m, pairs, lambda e: g.edges[e[0], e[1]]["routes"][0], forest)


def approximate_network(map: str | Map, tickets: Any, method: str = "mehlhorn") -> Plan:
    """The network networkx's 2-approximation builds: one tree joining every ticket city.

    Parameters
    ----------
    map : str or Map
        ``"europe"``, ``"usa"`` or a loaded :class:`~ttr_teach.engine.maps.Map`.
    tickets : iterable
        As for :func:`cheapest_network`.
    method : {"mehlhorn", "kou"}, default "mehlhorn"
        The approximation of :func:`networkx.algorithms.approximation.steiner_tree`.

    Returns
    -------
    Plan
        As :func:`cheapest_network`'s; unlike it, all tickets end up in one piece.

    Notes
    -----
    O(E + V log V) for Mehlhorn's method, O(k V^2) for Kou's; at most twice the weight of
    the best tree (and the best tree may weigh more than the best forest).

    References
    ----------
    .. [1] K. Mehlhorn, "A faster approximation algorithm for the Steiner problem in
       graphs", Information Processing Letters 27 (1988) 125-128.
    .. [2] L. Kou, G. Markowsky and L. Berman, "A fast algorithm for Steiner trees", Acta
       Informatica 15 (1981) 141-145.

    Examples
    --------
    >>> approximate_network("europe", [("Paris", "Wien"), ("Lisboa", "Cadiz")]).trains >= 10
    True
    """
    from networkx.algorithms.approximation import steiner_tree as approx_tree

    m = load_map(map)
    pairs = _parse_tickets(m, tickets)
    g = _map_closure(m).graph
    cities = list(dict.fromkeys(c for p in pairs for c in p))
    tree = approx_tree(g, cities, weight="weight", method=method) if len(cities) > 1 else nx.Graph()
    edges = set(tree.edges())
    forest = SteinerForest(tree.size(weight="weight"), frozenset(edges), pieces_of_pairs(edges, pairs))
    return _network_result(m, pairs, lambda e: g.edges[e[0], e[1]]["routes"][0], forest)


def compare_networks(map: str | Map, tickets: Any) -> NetworkComparison:
    """The exact and the approximate networks' trains for the same tickets, side by side.

    Parameters
    ----------
    map : str or Map
        ``"europe"``, ``"usa"`` or a loaded :class:`~ttr_teach.engine.maps.Map`.
    tickets : iterable
        As for :func:`cheapest_network`.

    Returns
    -------
    NetworkComparison
        The ``exact`` and ``approximate`` :class:`~ttr_teach.algorithms.plans.Plan`, their
        ``extra_trains`` and ``ratio`` (approximate / exact, 1.0 when both are 0);
        ``to_dict()`` gives ``{"tickets", "exact", "approximate", "extra_trains", "ratio"}``
        with the trains of each.

    Notes
    -----
    The cost of :func:`cheapest_network` plus :func:`approximate_network`.

    References
    ----------
    .. [1] Dreyfus and Wagner (1971) and Mehlhorn (1988), see those two functions.

    Examples
    --------
    >>> compare_networks("europe", [("Paris", "Wien")]).extra_trains
    0
    """
    return NetworkComparison(cheapest_network(map, tickets), approximate_network(map, tickets))


# -- from a position ----------------------------------------------------------------------------
def cheapest_completion(position: Any, player: str | int, tickets: Any = None,
                        use_stations: bool = True) -> Completion:
    """The fewest more trains ``player`` needs to complete ``tickets`` in ``position``, exactly.

    Parameters
    ----------
    position : dict, Position or Game
        Anything :func:`~ttr_teach.engine.position.load_position` reads.
    player : str or int
        The player's name or seat number.
    tickets : iterable, optional
        One ``(a, b)`` pair or a list of them; by default all the player's tickets.
    use_stations : bool, default True
        In Europe each station the player has built may borrow one route of another player
        at its city (one route per station, for all the tickets together, as at final
        scoring); False ignores stations.

    Returns
    -------
    Completion
        ``possible``, ``trains`` (None when the tickets cannot be completed), ``routes`` (the
        :class:`~ttr_teach.engine.maps.Route` objects to claim), ``owned`` (the player's own
        routes used), ``borrowed`` (:class:`~ttr_teach.algorithms.plans.Borrowed`: station,
        route, owner), ``trains_left``, ``enough_trains`` and ``tickets``. ``to_dict()``
        gives them as plain JSON, routes as ``[a, b, length, colour]``.

    Raises
    ------
    PositionError
        If there is no such player.

    Notes
    -----
    Routes the player owns cost 0; routes that others own, or that the double-route rules
    close to this player, cannot be used; every other route costs its length. Every choice
    of the stations is tried, each an exact Steiner forest
    (:func:`~ttr_teach.algorithms.steiner.steiner_forest`), so the work is that of
    :func:`cheapest_network` times the number of choices (at most 11^3). The last
    :data:`COMPLETION_CACHE_SIZE` answers are kept, by map, seat, tickets and board (owners,
    names, the player's stations and trains): a bot asking again while the board is unchanged,
    as on a card draw, gets the same immutable :class:`~ttr_teach.algorithms.plans.Completion`
    at once; each board's graph and shortest distances are kept too, shared by every set of
    tickets planned on it.

    References
    ----------
    .. [1] Agrawal, Klein and Ravi (1995), see
       :func:`~ttr_teach.algorithms.steiner.steiner_forest`.

    Examples
    --------
    >>> from ttr_teach.engine.position import Position
    >>> pos = Position.from_dict({"map": "europe", "players": [
    ...     {"name": "red", "routes": [["Paris", "Frankfurt", "white"]]},
    ...     {"name": "blue", "routes": [["Frankfurt", "Munchen"]]}]})
    >>> done = cheapest_completion(pos, "red", ("Paris", "Wien"))
    >>> done.trains, [str(r) for r in done.routes]
    (6, ['Berlin–Frankfurt (3 black)', 'Berlin–Wien (3 green)'])
    >>> done.to_dict()["owned"]
    [['Frankfurt', 'Paris', 3, 'white']]
    """
    from ..engine.position import load_position

    pos = load_position(position)
    m, seat = pos.map, pos.seat(player)
    me = pos.players[seat]
    pairs = _parse_tickets(m, list(me.tickets) if tickets is None else tickets)
    board = _Board(tuple(sorted(pos.owners.items())), tuple(p.name for p in pos.players),
                   tuple(me.stations) if use_stations else (), me.trains_left)
    return _completion(m, seat, tuple(pairs), board)


#: How many completions :func:`cheapest_completion` keeps (least recently used dropped first).
COMPLETION_CACHE_SIZE = 256


class _Board(NamedTuple):
    """All of a position that a player's cheapest completion depends on besides the map."""

    owners: tuple[tuple[int, int], ...]  #: (route index, owner's seat), sorted
    names: tuple[str, ...]               #: the players' names, in seat order
    stations: tuple[str, ...]            #: the cities of the player's stations that may borrow
    trains_left: int                     #: the player's trains left


@lru_cache(maxsize=COMPLETION_CACHE_SIZE)
def _completion(m: Map, seat: int, pairs: tuple[tuple[str, str], ...], board: _Board) -> Completion:
    """:func:`cheapest_completion` for ``seat`` on ``board``: a function of its arguments alone
    (all hashable), so it is kept; the :class:`Completion` is immutable, so sharing it is safe.

    >>> m = load_map("europe")
    >>> _completion(m, 0, (("Paris", "Wien"),), _Board((), ("red",), (), 45)).trains
    8
    """
    owners = dict(board.owners)
    station_options = []
    for city in board.stations:
        theirs = [r for r in m.routes if city in r.cities and owners.get(r.index, seat) != seat]  # others' routes
        station_options.append([(city, None)] + [(city, r) for r in theirs])

    best = None
    for choice in product(*station_options):
        borrowed = [(city, r) for city, r in choice if r is not None]
        closure = _usable_closure(m, seat, len(board.names), board.owners, tuple(r for _city, r in borrowed))
        g = closure.graph
        try:
            forest = steiner_forest(g, list(pairs), closure=closure)
        except nx.NetworkXNoPath:
            continue
        used = [g.edges[e] for e in forest.edges]
        used_borrowed = {d["route"].index for d in used if d["how"] == "borrowed"}
        score = (forest.weight, len(used_borrowed))
        if best is None or score < best[0]:
            stations = tuple(Borrowed(city, r, board.names[owners[r.index]])
                             for city, r in borrowed if r.index in used_borrowed)
            best = (score, used, stations)
    tickets_done = tuple(tuple(p) for p in pairs)
    if best is None:
        return Completion(tickets_done, None, trains_left=board.trains_left)
    (trains, _), used, stations = best
    routes = {how: tuple(_sorted_routes(d["route"] for d in used if d["how"] == how)) for how in ("claim", "owned")}
    return Completion(tickets_done, int(trains), routes["claim"], routes["owned"], stations, board.trains_left)


@lru_cache(maxsize=16)
def _usable_routes(m: Map, seat: int, n: int, owners: tuple[tuple[int, int], ...]) -> tuple:
    """``((city pair, (cost, route, how)), ...)``: for each pair of cities, the cheapest route
    ``seat`` may use with ``owners`` (sorted ``(route index, seat)``) among ``n`` players: its
    own (cost 0, ``"owned"``) or one it may claim (its length, ``"claim"``).

    >>> m = load_map("usa")
    >>> len(_usable_routes(m, 0, 2, ())) == len({frozenset(r.cities) for r in m.routes})
    True
    """
    mine = dict(owners)
    base: dict[frozenset[str], tuple[int, Route, str]] = {}
    for r in m.routes:
        owner = mine.get(r.index)
        if owner == seat:
            option = (0, r, "owned")
        elif owner is None and not route_closed(m, n, mine, r, seat):
            option = (r.length, r, "claim")
        else:
            continue
        key = frozenset(r.cities)
        if key not in base or option[0] < base[key][0]:
            base[key] = option
    return tuple(base.items())


@lru_cache(maxsize=64)
def _usable_closure(m: Map, seat: int, n: int, owners: tuple[tuple[int, int], ...],
                    borrowed: tuple[Route, ...]) -> MetricClosure:
    """The graph of the routes ``seat`` may use (:func:`_usable_routes`, plus the ``borrowed``
    routes at cost 0), with its shortest distances: the same for every set of tickets planned
    on one board, so it is kept. Edges carry ``weight``, ``route`` and ``how``; never altered.

    >>> m = load_map("europe")
    >>> _usable_closure(m, 0, 2, (), ()).distance("Paris", "Wien")
    8.0
    """
    edges = dict(_usable_routes(m, seat, n, owners))
    for r in borrowed:
        edges[frozenset(r.cities)] = (0, r, "borrowed")
    g = nx.Graph()
    g.add_nodes_from(m.cities)
    for _key, (cost, r, how) in edges.items():
        g.add_edge(r.a, r.b, weight=cost, route=r, how=how)
    return MetricClosure(g)
