"""A computer player that plays for its tickets, so that generated puzzles look like real games.

:class:`~ttr_teach.players.random_bot.RandomBot` claims routes anywhere, so its tickets are rarely
completed and its stations never matter. :class:`PlannerBot` plays like a beginner who
knows what they want: it plans the cheapest paths for its unfinished tickets (its own routes
cost nothing, routes closed to it are skipped), claims routes on them when it can, draws the
colours those routes need, builds a station when an opponent has blocked a ticket, and now
and then claims some other route (people do). All its choices are legal actions chosen by
:meth:`~ttr_teach.players.view.PlayerView.legal_actions` of its view, reproducibly
from its seed. It sees only its :class:`~ttr_teach.players.view.PlayerView` (given a game,
it makes the view of the player to act).

>>> from ttr_teach.players.play import play_game
>>> g = play_game("usa", [PlannerBot(1), PlannerBot(2)], seed=1)
>>> sum(len(g.routes(p)) for p in g.players) > 10
True
"""
from __future__ import annotations

import random

import networkx as nx

from ..engine.actions import (
    BuildStation,
    ClaimRoute,
    DeclineTunnel,
    DrawBlind,
    DrawFaceUp,
    DrawTickets,
    KeepTickets,
    PayTunnel,
)
from ..engine.claims import why_route_unavailable
from .protocol import as_view

#: Probability of claiming a route off the plan when one is affordable (for variety).
STRAY_CLAIM = 0.12
#: Probability of drawing more tickets once all of the bot's tickets are done.
MORE_TICKETS = 0.5
#: Extra cost of using an opponent's route through a station, when planning around a block.
STATION_PENALTY = 2


class PlannerBot:
    """A ticket-minded player (see the module docstring), reproducible from ``seed``."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(f"ttr-teach/planner-bot/{seed}")
        self._plan_key: tuple | None = None
        self._plan: tuple[set[int], list[str]] = (set(), [])

    # -- planning ------------------------------------------------------------------------
    def plan(self, view) -> tuple:
        """``(routes, stations)``: route indices to claim for the unfinished tickets, and
        cities where a station would let a blocked ticket through."""
        view = as_view(view)
        seat = view.seat
        key = (seat, sum(len(p.routes) + len(p.station_cities) for p in view.players_info),
               len(view.tickets))
        if key == self._plan_key:
            return self._plan
        m, n = view.map, view.n_players
        owners = dict(view.owners)
        g_open, g_any = nx.Graph(), nx.Graph()
        for r in m.routes:
            owner = owners.get(r.index)
            if owner == seat:
                cost, usable = 0, True
            elif owner is None:
                cost, usable = r.length, why_route_unavailable(m, n, owners, r, seat) is None
            else:
                cost, usable = None, False
            for g, ok, w in ((g_open, usable, cost), (g_any, True, cost if usable else r.length + STATION_PENALTY)):
                if ok and (not g.has_edge(r.a, r.b) or g[r.a][r.b]["weight"] > w):
                    g.add_edge(r.a, r.b, weight=w, route=r, owned=owner == seat, others=not usable)
        mine = set(view.me.station_cities)
        wanted, stations = set(), []
        for t in view.tickets:
            # A station pays when going round an opponent's route costs more than the station.
            path = g = best = None
            for graph in (g_open, g_any):
                try:
                    found = nx.shortest_path(graph, t.a, t.b, weight="weight")
                except (nx.NetworkXNoPath, nx.NodeNotFound):
                    continue
                cost = nx.path_weight(graph, found, "weight")
                if path is None or cost < best:
                    path, g, best = found, graph, cost
            if path is None:
                continue
            for u, v in zip(path, path[1:], strict=False):
                d = g[u][v]
                if d["others"]:
                    if not ({u, v} & mine):
                        stations.append(self.rng.choice([u, v]))
                elif not d["owned"]:
                    wanted.add(d["route"].index)
        self._plan_key, self._plan = key, (wanted, stations)
        return self._plan

    # -- choosing --------------------------------------------------------------------------
    def choose(self, view):
        """A legal action for the player of ``view`` (or the player to act in a game)."""
        view = as_view(view)
        actions = view.legal_actions()
        pending = view.pending
        if pending is not None:
            return self._decide(view, pending, actions)
        wanted, stations = self.plan(view)
        claims = [a for a in actions if isinstance(a, ClaimRoute)]
        good = [a for a in claims if a.route in wanted]
        if good:
            fewest = min(a.locomotives for a in good)
            return self.rng.choice([a for a in good if a.locomotives == fewest])
        builds = [a for a in actions if isinstance(a, BuildStation) and a.city in stations]
        if builds:
            return self.rng.choice(builds)
        if claims and (not wanted or self.rng.random() < STRAY_CLAIM):
            return self.rng.choice(claims)
        if not wanted and not stations and self.rng.random() < MORE_TICKETS:
            more = [a for a in actions if isinstance(a, DrawTickets)]
            if more and view.trains_left > 12:
                return more[0]
        return self._draw(view, actions, wanted)

    def _draw(self, view, actions, wanted):
        colors = {view.map.routes[i].color for i in wanted}
        face_up = [a for a in actions if isinstance(a, DrawFaceUp) and a.card in colors]
        if face_up and self.rng.random() < 0.7:
            return self.rng.choice(face_up)
        blind: list[DrawBlind | DrawFaceUp] = [a for a in actions if isinstance(a, DrawBlind)]
        draws = blind or [a for a in actions if isinstance(a, DrawFaceUp)]
        if draws:
            return self.rng.choice(draws)
        return self.rng.choice(actions)

    def _decide(self, view, pending, actions):
        kind = pending["kind"]
        if kind == "tunnel":
            pay = [a for a in actions if isinstance(a, PayTunnel)]
            return min(pay, key=lambda a: a.locomotives) if pay else next(
                a for a in actions if isinstance(a, DeclineTunnel))
        if kind == "tickets":
            keeps = [a for a in actions if isinstance(a, KeepTickets)]
            fewest = min(len(a.tickets) for a in keeps)
            return self.rng.choice([a for a in keeps if len(a.tickets) <= fewest + 1])
        if kind == "second_card":
            wanted, _ = self.plan(view)
            return self._draw(view, actions, wanted)
        return self.rng.choice(actions)
