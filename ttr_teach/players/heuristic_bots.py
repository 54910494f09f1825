"""Three simple heuristic players, each with one idea: opponents to measure the levels against.

* :class:`GreedyBot` claims the longest route it can pay for now (its tickets are an
  afterthought: it keeps the fewest, the shortest);
* :class:`HoarderBot` draws cards until its hand pays for the whole of its tickets' cheapest
  network (or the end comes near), then claims route after route;
* :class:`ShortestPathBot` joins each ticket's cities by a shortest path (in trains, on the
  routes still open to it), claims those routes when it can pay, draws their colours, and once
  its tickets are done claims the longest route it can.

They draw the face-up card of a colour they want (never a locomotive, which ends the turn),
else blind; they pay with the fewest locomotives, pay a tunnel's extra cards when they can,
draw no new tickets and build no stations. Each is reproducible from its seed.

>>> from ttr_teach.players.play import play_game
>>> g = play_game("usa", [GreedyBot(1), ShortestPathBot(2)], seed=4)
>>> g.is_over
True
"""
from __future__ import annotations

import random

import networkx as nx

from ..engine.actions import ClaimRoute, DeclineTunnel, DrawBlind, DrawFaceUp, KeepTickets, PayTunnel
from ..engine.rules import LOCOMOTIVE
from .protocol import as_view

#: HoarderBot claims once its hand holds this many cards, plan paid for or not.
HOARD = 30
#: ... or once a player is down to this many trains (the end is near).
HOARD_END_TRAINS = 12


# == what every one of them does the same way ===================================================
def open_graph(view) -> nx.Graph:
    """The map as this player may still use it: its own routes cost nothing, open routes cost
    their trains (the cheapest of a double), other routes are missing."""
    g = nx.Graph()
    mine = set(view.me.routes)
    for r in list(mine) + view.open_routes():
        w = 0 if r in mine else r.length
        if not g.has_edge(r.a, r.b) or g[r.a][r.b]["weight"] > w:
            g.add_edge(r.a, r.b, weight=w, route=r)
    return g


def path_routes(view, tickets, g=None) -> list:
    """The open routes on a shortest path (in trains) between each ticket's cities, longest
    first; a ticket that cannot be completed is skipped.

    >>> from ttr_teach.engine.game.core import Game
    >>> from ttr_teach.players.view import PlayerView
    >>> v = PlayerView(Game.new("usa", ["Ann", "Bo"], seed=1), seat=0)
    >>> all(r.length > 0 for r in path_routes(v, v.offer))
    True
    """
    g = open_graph(view) if g is None else g
    wanted: dict[int, object] = {}
    for t in tickets:
        try:
            path = nx.shortest_path(g, t.a, t.b, weight="weight")
        except (nx.NetworkXNoPath, nx.NodeNotFound):
            continue
        for u, v in zip(path, path[1:], strict=False):
            r = g[u][v]["route"]
            if r.index not in view.owners:
                wanted[r.index] = r
    return sorted(wanted.values(), key=lambda r: (-r.length, r.index))


def path_trains(view, tickets, g) -> int:
    """Trains the shortest paths of ``tickets`` take (a large number if one is impossible)."""
    total = 0
    for t in tickets:
        try:
            total += nx.shortest_path_length(g, t.a, t.b, weight="weight")
        except (nx.NetworkXNoPath, nx.NodeNotFound):
            total += 1000
    return total


def keep_shortest(view, actions, fewest: bool = True):
    """Of the ``KeepTickets`` actions, the one (of the fewest tickets when ``fewest``) whose
    shortest paths take the fewest trains; with ``fewest=False``, every set that fits in half
    the trains left is considered and the most points kept."""
    g = open_graph(view)
    m = view.map
    keeps = [a for a in actions if isinstance(a, KeepTickets)]
    if fewest:
        least = min(len(a.tickets) for a in keeps)
        keeps = [a for a in keeps if len(a.tickets) == least]
        return min(keeps, key=lambda a: (path_trains(view, [m.tickets[i] for i in a.tickets], g), a.tickets))

    held = list(view.tickets)

    def value(a):
        chosen = [m.tickets[i] for i in a.tickets]
        trains = path_trains(view, held + chosen, g)
        fits = trains <= view.trains_left // 2 + 4
        return (fits, sum(t.points for t in chosen) if fits else -trains, -len(a.tickets), a.tickets)
    return max(keeps, key=value)


def cheapest_payment(view, options):
    """Of claims of one route: the fewest locomotives, then the colour held most."""
    return min(options, key=lambda a: (a.locomotives, -view.hand.get(a.color, 0) if a.color else 0,
                                       a.color or ""))


def claims_by_route(actions) -> dict:
    """Route index -> the cheapest way to claim it, of the claims in ``actions``."""
    by_route: dict[int, list] = {}
    for a in actions:
        if isinstance(a, ClaimRoute):
            by_route.setdefault(a.route, []).append(a)
    return by_route


def draw_for(view, actions, colors, rng):
    """A face-up card of one of ``colors`` (the first listed first), else blind, else any
    face-up card that is not a locomotive, else any legal action."""
    face_up = {a.card: a for a in actions if isinstance(a, DrawFaceUp)}
    for c in colors:
        if c in face_up and c != LOCOMOTIVE:
            return face_up[c]
    blind = [a for a in actions if isinstance(a, DrawBlind)]
    if blind:
        return blind[0]
    plain = [a for c, a in sorted(face_up.items()) if c != LOCOMOTIVE]
    if plain:
        return plain[0]
    return face_up.get(LOCOMOTIVE) or rng.choice(actions)


def pay_tunnel(actions):
    """Pay a tunnel's extra cards with the fewest locomotives, or decline if it cannot."""
    pays = [a for a in actions if isinstance(a, PayTunnel)]
    if pays:
        return min(pays, key=lambda a: (a.locomotives, a.color or ""))
    return next(a for a in actions if isinstance(a, DeclineTunnel))


def colors_for(view, routes) -> list:
    """The colours ``routes`` ask for, the colour of a gray route being the one held most."""
    held = sorted((c for c in view.hand if c != LOCOMOTIVE), key=lambda c: (-view.hand[c], c))
    wanted = []
    for r in routes:
        c = r.color if r.color not in (None, "gray") else (held[0] if held else None)
        if c and c not in wanted:
            wanted.append(c)
    return wanted


def longest_claim(view, actions):
    """The claim of the longest route (fewest locomotives), or None."""
    by_route = claims_by_route(actions)
    if not by_route:
        return None
    route = max(by_route, key=lambda i: (view.map.routes[i].length, -i))
    return cheapest_payment(view, by_route[route])


class _Simple:
    """What the three share: the seed, the view, the decisions inside a turn."""

    fewest_tickets = True

    def __init__(self, seed: int = 0):
        self.seed = seed
        self.rng = random.Random(f"ttr-teach/{type(self).__name__}/{seed}")

    def choose(self, view):
        """A legal action for the player of ``view`` (or the player to act in a game)."""
        view = as_view(view)
        actions = view.legal_actions()
        if len(actions) <= 1:
            return actions[0] if actions else None
        pending = view.pending
        if pending is not None and pending["kind"] == "tickets":
            return keep_shortest(view, actions, self.fewest_tickets)
        if pending is not None and pending["kind"] == "tunnel":
            return pay_tunnel(actions)
        return self.turn(view, actions)

    def turn(self, view, actions):
        raise NotImplementedError


class GreedyBot(_Simple):
    """Claims the longest route it can pay for now; else draws the colour it holds most of."""

    def turn(self, view, actions):
        claim = longest_claim(view, actions)
        if claim is not None:
            return claim
        return draw_for(view, actions, colors_for(view, []) or
                        sorted((c for c in view.hand if c != LOCOMOTIVE), key=lambda c: -view.hand[c]),
                        self.rng)


class HoarderBot(_Simple):
    """Draws cards (the colours its tickets' network needs) until its hand pays for the whole
    network, holds :data:`HOARD` cards, or the end nears; then claims every turn it can, the
    network's routes first (longest first), then the longest route it can pay for."""

    fewest_tickets = False

    def turn(self, view, actions):
        plan = path_routes(view, [t for t in view.tickets if not view.ticket_done(t)])
        by_route = claims_by_route(actions)
        cards = sum(view.hand.values())
        near_end = min(p.trains for p in view.players_info) <= HOARD_END_TRAINS or view.final_round
        ready = (cards >= HOARD or near_end or not plan
                 or (all(r.index in by_route for r in plan) and cards >= sum(r.length for r in plan)))
        draws = [a for a in actions if isinstance(a, (DrawBlind, DrawFaceUp))]
        if ready or not draws:
            for r in plan:
                if r.index in by_route:
                    return cheapest_payment(view, by_route[r.index])
            if not plan or near_end or cards >= HOARD:
                claim = longest_claim(view, actions)
                if claim is not None:
                    return claim
        return draw_for(view, actions, colors_for(view, plan), self.rng)


class ShortestPathBot(_Simple):
    """Plays its tickets along shortest paths (see the module docstring)."""

    fewest_tickets = False

    def turn(self, view, actions):
        plan = path_routes(view, [t for t in view.tickets if not view.ticket_done(t)])
        by_route = claims_by_route(actions)
        for r in plan:
            if r.index in by_route:
                return cheapest_payment(view, by_route[r.index])
        if not plan:
            claim = longest_claim(view, actions)
            if claim is not None:
                return claim
        return draw_for(view, actions, colors_for(view, plan), self.rng)
