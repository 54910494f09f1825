"""The expert's map: what each connection costs this player, and the cheapest network for
a set of tickets on it (an exact Steiner forest, :mod:`ttr_teach.algorithms.planning`).

A connection between two cities is free when the player owns a route there, costs the
route's *weight* when a route there is still open to it, and is missing when every route
there is taken or closed. The weight is the trains plus a little for each route (every claim
is a turn), for a ferry's locomotives and for a tunnel's risk, so of two networks with the
same trains the one with fewer, surer routes wins. In Europe a route another player owns can
be borrowed through a station: while the player has stations left it is an edge too, at the
price of a station (its 4 points and its cards).

>>> from ttr_teach.engine.game.core import Game
>>> from ttr_teach.players.view import PlayerView
>>> v = PlayerView(Game.arranged("europe", ["Ann", "Bo"], routes=[[["Paris", "Frankfurt", "white"]], []]), 0)
>>> net = Network(v)
>>> plan = net.plan([v.map.ticket("Paris", "Wien")])
>>> plan.trains, sorted(str(r) for r in plan.routes)
(5, ['Frankfurt–München (2 pink)', 'München–Wien (3 orange)'])
"""
from __future__ import annotations

from dataclasses import dataclass, field

import networkx as nx

from ...algorithms.planning import MetricClosure, steiner_forest
from ...engine.claims import why_route_unavailable
from ..view_tools import components

#: Extra weight of every route to claim (a turn), of each ferry locomotive, of a tunnel.
PER_ROUTE, PER_FERRY_LOCOMOTIVE, TUNNEL = 0.6, 1.0, 0.8
#: Weight taken off a route per point it scores beyond its trains (long routes score more a train:
#: with 0.5 rather than 0.25, and the pace and drawing of :mod:`.tickets` retuned with it, ExpertBot
#: won 86.9% instead of 80.7% of 720 games against the hoarder and the shortest-path bot, seeds
#: 0-59, 100-159 and 200-259; above about 0.66 an 8-train route would weigh less than nothing).
LONG_BONUS = 0.5
#: The weight of borrowing another player's route through a new station.
STATION = 7.0
#: Tickets whose cities are more than this many different places are planned in parts.
MAX_TERMINALS = 10


def route_weight(route) -> float:
    """What claiming ``route`` costs in the plan: its trains and a bit more (see above), and
    a millionth per route number so that no two plans weigh the same: the planner then has
    one best answer, whatever order Python's sets happen to list the cities in. Both halves
    of a double route weigh the same (they are one connection); pass the first half."""
    return (route.length + PER_ROUTE + PER_FERRY_LOCOMOTIVE * route.locomotives
            + (TUNNEL if route.tunnel else 0.0) + _tie_break(route))


def _tie_break(route) -> float:
    """A millionth per route number (the same for both halves of a double route)."""
    return 1e-6 * (route.index + 1)


@dataclass
class Plan:
    """The cheapest network for some tickets: ``to_claim`` lists, per connection still to be
    made, the open routes that make it (both halves of an open double route); ``borrow``
    the other players' routes to borrow through a new station."""

    tickets: list
    weight: float
    trains: int
    to_claim: list = field(default_factory=list)      # lists of Route (alternatives)
    borrow: list = field(default_factory=list)        # Route objects of other players
    edges: set = field(default_factory=set)           # the plan's city pairs (frozensets)

    @property
    def routes(self) -> list:
        """One route per connection still to claim."""
        return [rs[0] for rs in self.to_claim]


class Network:
    """The player's costs on the map (see the module docstring), with an exact planner.

    ``without``: city pairs to leave out (as if their routes were taken); ``extra``: more
    weight for some routes (route index -> weight), e.g. for colours that are running out.
    """

    def __init__(self, view, stations: bool = True, without=(), extra=None):
        m, seat = view.map, view.seat
        self.view, self.map, self.seat = view, m, seat
        owners = dict(view.owners)
        self.mine = [r for r in m.routes if owners.get(r.index) == seat]
        self.label = components(self.mine)
        self.graph = nx.Graph()
        self.graph.add_nodes_from(m.cities)
        can_borrow = stations and view.rules.has_stations and view.me.stations > 0
        my_stations = set(view.me.station_cities)
        excluded = {frozenset(k) for k in without}
        for r in m.routes:
            key = frozenset(r.cities)
            if key in excluded:
                continue
            owner = owners.get(r.index)
            if owner == seat:
                self._offer(key, r, _tie_break(r), "owned")
            elif owner is None:
                if why_route_unavailable(m, view.n_players, owners, r, seat) is None:
                    weight = (route_weight(_first_half(m, r)) + (extra or {}).get(r.index, 0.0)
                              - LONG_BONUS * (m.rules.route_points(r.length) - r.length))
                    self._offer(key, r, weight, "claim")
            elif my_stations & set(r.cities):
                self._offer(key, r, 0.001 + _tie_break(r), "station")
            elif can_borrow:
                self._offer(key, r, STATION + _tie_break(r), "borrow")
        self.closure = MetricClosure(self.graph)

    def _offer(self, key, route, weight, how):
        a, b = tuple(key)
        data = self.graph.get_edge_data(a, b)
        if data is None or weight < data["weight"]:
            self.graph.add_edge(a, b, weight=weight, how=how, routes=[route])
        elif weight == data["weight"] and how == data["how"]:
            data["routes"].append(route)

    def distance(self, a, b) -> float:
        """The cheapest weight joining cities ``a`` and ``b`` (inf when impossible)."""
        return self.closure.distance(a, b)

    def done(self, ticket) -> bool:
        """True when the player's own routes already join ``ticket``'s cities."""
        la = self.label.get(ticket.a)
        return la is not None and la == self.label.get(ticket.b)

    def possible(self, ticket) -> bool:
        return self.distance(ticket.a, ticket.b) < float("inf")

    def _rep(self, city):
        return self.label.get(city, city)

    def plan(self, tickets) -> Plan | None:
        """The cheapest network completing every ticket of ``tickets``, or None if one of them
        cannot be completed any more. Tickets already done cost nothing."""
        pairs, todo = [], []
        for t in tickets:
            if self.done(t):
                continue
            if not self.possible(t):
                return None
            todo.append(t)
            pairs.append((self._rep(t.a), self._rep(t.b)))
        if not pairs:
            return Plan(list(tickets), 0.0, 0)
        edges = set()
        weight = 0.0
        for part in _parts(pairs):
            forest = steiner_forest(self.graph, part, closure=self.closure)
            edges |= {frozenset(e[:2]) for e in forest.edges}
            weight += forest.weight
        return self._plan(list(tickets), weight, edges)

    def _plan(self, tickets, weight, edges) -> Plan:
        to_claim, borrow, trains = [], [], 0
        for key in edges:
            a, b = tuple(key)
            data = self.graph.edges[a, b]
            if data["how"] == "claim":
                to_claim.append(list(data["routes"]))
                trains += data["routes"][0].length
            elif data["how"] == "borrow":
                borrow.append(data["routes"][0])
        to_claim.sort(key=lambda rs: rs[0].index)
        return Plan(tickets, weight, trains, to_claim, borrow, edges)


def _first_half(m, route):
    """The half of a double route with the smaller number (the route itself if single)."""
    partner = m.partner(route)
    return partner if partner is not None and partner.index < route.index else route


def _parts(pairs) -> list:
    """``pairs`` in parts of at most :data:`MAX_TERMINALS` cities each (the exact planner's
    work grows as 3 to that power), each part planned alone. Pairs sharing a city stay in
    one part (unless such a group alone is too big), so only unrelated tickets are split.

    >>> _parts([("a", "b"), ("c", "d"), ("b", "e")])
    [[('a', 'b'), ('b', 'e'), ('c', 'd')]]
    """
    groups = nx.Graph()
    for i, (a, b) in enumerate(pairs):
        groups.add_edge(("pair", i), ("city", a))
        groups.add_edge(("pair", i), ("city", b))
    units = sorted((sorted(pairs[n[1]] for n in comp if n[0] == "pair")
                    for comp in nx.connected_components(groups)), key=lambda u: (-len(u), u))
    parts: list[list] = []
    current: list = []
    cities: set[str] = set()
    for unit in units:
        unit_cities = {c for p in unit for c in p}
        if current and len(cities | unit_cities) > MAX_TERMINALS:
            parts.append(current)
            current, cities = [], set()
        current += unit
        cities |= unit_cities
    if current:
        parts.append(sorted(current))
    return parts
