"""Quick networks for the train-budget problem of :func:`~ttr_teach.algorithms.best_score.best_score`:
the greedy tries a player would make, and the starting solution of the exact solver.

* :func:`longest_routes_first`: only route points, the best knapsack of routes (exact, by
  dynamic programming over the budget);
* :func:`cheapest_tickets_first`: complete tickets one at a time, always the one with the most
  points per extra train (routes already taken are free), then spend what is left on the best
  routes;
* :func:`greedy_network`: the best of :func:`cheapest_tickets_first` started from every ticket.

Each returns a list of :class:`~ttr_teach.engine.maps.Route` within the budget, never both halves of a
double route unless allowed.

>>> from ttr_teach import load_map
>>> sum(r.length for r in longest_routes_first(load_map("europe"), 20))
20
"""
from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from typing import TYPE_CHECKING

import numpy as np
from scipy.sparse.csgraph import shortest_path

from ..engine.tickets import route_pieces

if TYPE_CHECKING:
    from ..engine.maps import Map, Route, Ticket


def route_points(map: Map, routes: Iterable[Route]) -> int:
    """Route points of ``routes`` by the map's scoring table."""
    return sum(map.rules.route_points(r.length) for r in routes)


def _allowed(m: Map, taken: Iterable[Route], allow_both_doubles: bool) -> list[Route]:
    """Routes that may still be added to ``taken``."""
    ids = {r.index for r in taken}
    blocked = set(ids)
    if not allow_both_doubles:
        for r in taken:
            other = m.partner(r)
            if other is not None:
                blocked.add(other.index)
    return [r for r in m.routes if r.index not in blocked]


def best_routes(map: Map, candidates: Iterable[Route], trains: int) -> list[Route]:
    """The routes among ``candidates`` with the most route points in at most ``trains`` trains,
    at most one of each double route (0/1 knapsack by dynamic programming, O(n B)).

    >>> from ttr_teach import load_map
    >>> usa = load_map("usa")
    >>> route_points(usa, best_routes(usa, usa.routes, 12))
    30
    """
    groups: dict[int, list[Route]] = {}
    for r in candidates:
        partner = map.partner(r)
        key = min(r.index, partner.index) if partner is not None else r.index
        groups.setdefault(key, []).append(r)
    best: list[tuple[int, tuple[Route, ...]]] = [(0, ())] * (trains + 1)   # best[b]: (points, routes) within b trains
    for options in groups.values():
        new = list(best)
        for r in options:               # one half of a double at most
            gain = map.rules.route_points(r.length)
            for b in range(r.length, trains + 1):
                value, chosen = best[b - r.length]
                if value + gain > new[b][0]:
                    new[b] = (value + gain, chosen + (r,))
        best = new
    return sorted(best[trains][1], key=lambda r: r.index)


def longest_routes_first(map: Map, trains: int, allow_both_doubles: bool = False) -> list[Route]:
    """Only route points: the best set of routes within ``trains`` (tickets ignored)."""
    if allow_both_doubles:   # both halves may be taken: each half is then its own item
        return _knapsack_all(map, map.routes, trains)
    return best_routes(map, map.routes, trains)


def _knapsack_all(m: Map, candidates: Iterable[Route], trains: int) -> list[Route]:
    best: list[tuple[int, tuple[Route, ...]]] = [(0, ())] * (trains + 1)
    for r in candidates:
        gain = m.rules.route_points(r.length)
        for b in range(trains, r.length - 1, -1):
            value, chosen = best[b - r.length]
            if value + gain > best[b][0]:
                best[b] = (value + gain, chosen + (r,))
    return sorted(best[trains][1], key=lambda r: r.index)


class _Board:
    """City indices and a dense matrix of route lengths, for fast shortest paths."""

    def __init__(self, map: Map) -> None:
        self.m = map
        self.cities = sorted(map.cities)
        self.index = {c: i for i, c in enumerate(self.cities)}

    def distances(self, usable: Iterable[Route], owned: Collection[int]
                  ) -> tuple[np.ndarray, np.ndarray, dict[tuple[int, int], Route]]:
        n = len(self.cities)
        w = np.full((n, n), np.inf)
        via: dict[tuple[int, int], Route] = {}
        for r in usable:
            i, j = self.index[r.a], self.index[r.b]
            cost = 0.0 if r.index in owned else float(r.length)
            if cost < w[i, j]:
                w[i, j] = w[j, i] = cost
                via[i, j] = via[j, i] = r
        for r in (self.m.routes[e] for e in owned):
            i, j = self.index[r.a], self.index[r.b]
            w[i, j] = w[j, i] = 0.0
            via[i, j] = via[j, i] = r
        # csgraph treats 0 as "no edge": owned routes cost a tiny epsilon instead
        dense = np.where(w == 0.0, 1e-9, w)
        dense[np.isinf(dense)] = 0.0
        dist, pred = shortest_path(dense, method="D", directed=False, return_predecessors=True)
        return dist, pred, via

    def path(self, pred: np.ndarray, via: dict[tuple[int, int], Route], a: str, b: str) -> list[Route]:
        i, j = self.index[a], self.index[b]
        routes = []
        while j != i:
            k = pred[i, j]
            routes.append(via[k, j])
            j = k
        return routes


def _joined(piece: dict, ticket: Ticket) -> bool:
    return ticket.a in piece and piece.get(ticket.b) == piece[ticket.a]


def connected_tickets(map: Map, routes: Iterable[Route]) -> list[Ticket]:
    """The map's tickets whose two cities ``routes`` connect (the engine's pieces of a
    network, :func:`~ttr_teach.engine.tickets.route_pieces`)."""
    piece = route_pieces(routes)
    return [t for t in map.tickets if _joined(piece, t)]


def network_score(map: Map, routes: Sequence[Route]) -> int:
    """Route points plus the points of every ticket ``routes`` complete."""
    return route_points(map, routes) + sum(t.points for t in connected_tickets(map, routes))


def cheapest_tickets_first(map: Map, trains: int, allow_both_doubles: bool = False, first: Ticket | None = None,
                           board: _Board | None = None, seeds: Iterable[Ticket] = (),
                           banned: Collection[Ticket] = ()) -> list[Route]:
    """Complete tickets one at a time, each time the one with the most (ticket + route)
    points per extra train along its cheapest path over what is taken (``first``: a ticket
    to start with; ``seeds``: tickets to complete first, in order, if they fit; ``banned``:
    tickets never to aim at), then spend the trains left on the best routes.
    O(T^2 V^2) for T tickets."""
    board = board or _Board(map)
    taken: list[Route] = []
    left = trains
    todo = [t for t in map.tickets if t not in banned]
    forced_list = ([first] if first is not None else []) + [t for t in seeds if t in todo]
    for t in forced_list:
        todo.remove(t)
    todo = forced_list + todo
    forced = len(forced_list)
    while todo:
        usable = _allowed(map, taken, allow_both_doubles)
        dist, pred, via = board.distances(usable, {r.index for r in taken})
        best: tuple[float, Ticket, list[Route], int] | None = None
        piece = route_pieces(taken)
        open_tickets = [u for u in map.tickets if not _joined(piece, u)]
        for t in (todo[:1] if forced else todo):
            d = dist[board.index[t.a], board.index[t.b]]
            if not np.isfinite(d) or round(d) > left:
                continue
            path = [r for r in board.path(pred, via, t.a, t.b) if r not in taken]
            cost = sum(r.length for r in path)
            # every ticket the path completes counts, not only the one aimed at
            merged = {piece.get(c, c) for r in path for c in r.cities} | {piece.get(t.a, t.a)}
            gain = route_points(map, path) + sum(u.points for u in open_tickets
                                               if piece.get(u.a, u.a) in merged
                                               and piece.get(u.b, u.b) in merged)
            rank = gain / cost if cost else float("inf")
            if best is None or rank > best[0]:
                best = (rank, t, path, cost)
        if forced:
            forced -= 1
            if best is None:          # a seed that no longer fits: skip it
                todo.pop(0)
                continue
        if best is None:
            break
        _, t, path, cost = best
        todo.remove(t)
        taken += path
        left -= cost
    knapsack = _knapsack_all if allow_both_doubles else best_routes
    fill = knapsack(map, _allowed(map, taken, allow_both_doubles), left)
    return sorted(taken + fill, key=lambda r: r.index)


def greedy_network(map: Map, trains: int, allow_both_doubles: bool = False, improve: bool = True,
                   starts: Iterable[Sequence[Route]] = ()) -> list[Route]:
    """The best :func:`cheapest_tickets_first` network over every choice of first ticket
    (and the routes-only network, and any legal network in ``starts``), by
    :func:`network_score`; then :func:`improve_network` unless ``improve=False``."""
    board = _Board(map)
    tries = [longest_routes_first(map, trains, allow_both_doubles)]
    tries.append(cheapest_tickets_first(map, trains, allow_both_doubles, board=board))
    for t in map.tickets:
        tries.append(cheapest_tickets_first(map, trains, allow_both_doubles, first=t, board=board))
    tries += [list(rs) for rs in starts if _legal(map, rs, trains, allow_both_doubles)]
    best = max(tries, key=lambda rs: (network_score(map, rs), -sum(r.length for r in rs)))
    return improve_network(map, trains, best, allow_both_doubles, board) if improve else best


def _legal(m: Map, routes: Sequence[Route], trains: int, allow_both_doubles: bool) -> bool:
    if sum(r.length for r in routes) > trains or len({r.index for r in routes}) < len(routes):
        return False
    pairs = [frozenset(r.cities) for r in routes]
    return allow_both_doubles or len(set(pairs)) == len(pairs)


def improve_network(map: Map, trains: int, routes: Sequence[Route], allow_both_doubles: bool = False,
                    board: _Board | None = None) -> list[Route]:
    """Local search: drop one completed ticket (rebuild the others in the same order with
    :func:`cheapest_tickets_first`, the dropped ticket banned) or aim at a new ticket first
    (then the others); keep the first change that scores more; repeat until none helps. Each
    round costs at most one greedy run per ticket of the map."""
    board = board or _Board(map)
    best, value = list(routes), network_score(map, routes)
    improved = True
    while improved:
        improved = False
        tickets = sorted(connected_tickets(map, best), key=lambda t: -t.points)
        drops = [([u for u in tickets if u is not t], (t,)) for t in tickets]
        adds = [([t] + tickets, ()) for t in map.tickets if t not in tickets]
        for seeds, banned in drops + adds:
            candidate = cheapest_tickets_first(map, trains, allow_both_doubles, board=board, seeds=seeds,
                                               banned=banned)
            score = network_score(map, candidate)
            if score > value:
                best, value, improved = candidate, score, True
                break
    return best
