"""The coach: a proposed move with the reason in a sentence or two, and why an action is refused.

:func:`hint` asks :class:`~ttr_teach.players.expert.ExpertBot` for the move and explains it
with the engine's own figures: the trains the cheapest network for the player's tickets still
needs (:meth:`PlayerView.trains_needed <ttr_teach.players.view.PlayerView.trains_needed>`),
the cards it is missing, the exact chance that a tunnel asks for more cards than the player
has left, and the routes another player's network already reaches (a route they may take).
The proposed action is always one of the view's legal actions. :func:`why_not` gives the
engine's own sentence for a refused action.

>>> from ttr_teach.engine.game.core import Game
>>> g = Game.new("usa", ["Ann", "Bo"], seed=4)
>>> h = hint(g)
>>> h.action in g.legal_actions(), h.reason.startswith("Keep ")
(True, True)
>>> why_not(g, {"type": "draw_blind"})
"the game has not started: each player first chooses which dealt tickets to keep, and it is Ann's turn to choose"
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..engine.actions import (
    Action,
    BuildStation,
    ClaimRoute,
    DeclineTunnel,
    DrawBlind,
    DrawFaceUp,
    DrawTickets,
    KeepTickets,
    Pass,
    PayTunnel,
)
from ..engine.text import plural
from .expert import ExpertBot
from .expert.cards import card_needs
from .expert.network import Network
from .expert.situation import Situation
from .protocol import as_view


@dataclass(frozen=True)
class Hint:
    """A proposed ``action`` (legal now), the ``reason`` in words, and the ``figures`` the
    reason quotes (trains needed, cards missing, chances...)."""

    action: Action
    reason: str
    figures: dict = field(default_factory=dict)

    def __str__(self):
        return f"{self.reason}"


def hint(view) -> Hint:
    """A move for the player of ``view`` (a PlayerView, or a Game: its player to act), with
    why. Raises ``ValueError`` when it is not this player's turn."""
    view = as_view(view)
    if not view.legal_actions():
        raise ValueError(f"it is not {view.name}'s turn, so there is nothing to hint")
    action = ExpertBot(0).choose(view)
    s = Situation(view)
    explain = _EXPLAIN.get(type(action), _explain_other)
    reason, figures = explain(s, action)
    return Hint(action, reason, figures)


def why_not(game, action) -> str:
    """Why ``game`` refuses ``action`` now (the engine's own sentence), or, for a legal
    action, a sentence saying that nothing stops it."""
    reason = game.why_illegal(action)
    if reason:
        return reason
    return f"nothing stops it: {game.describe(action)} is a legal move now"


# == the reasons ==============================================================================
def _tickets_text(tickets) -> str:
    return ", ".join(str(t) for t in tickets)


def _trains_sentence(s: Situation, tickets) -> tuple:
    """A sentence with the trains the cheapest network for ``tickets`` still needs."""
    if not tickets:
        return "", None
    built = len(s.view.me.station_cities)
    plan = s.view.ticket_plan(list(tickets), use_stations=built <= 1)
    if not plan.possible:
        return "they cannot all be completed any more", None
    trains = plan.trains
    return (f"the cheapest network for them needs {plural(trains, 'more train')} "
            f"and you have {s.view.trains_left}"), trains


def _explain_keep(s: Situation, action: KeepTickets):
    kept = [s.map.tickets[t] for t in action.tickets]
    sentence, trains = _trains_sentence(s, list(s.targets) + kept)
    points = sum(t.points for t in kept)
    reason = (f"Keep {_tickets_text(kept)} ({plural(points, 'point')}): with the tickets you hold, "
              f"{sentence}.")
    return reason, {"kept": [t.index for t in kept], "trains_needed": trains,
                    "trains_left": s.view.trains_left}


def _threat(s: Situation, route) -> list:
    """``(player, city)`` for each other player whose routes reach one of ``route``'s cities."""
    found = []
    for p in s.view.opponents:
        reached = [c for c in route.cities if any(c in r.cities for r in p.routes)]
        if reached:
            found.append((p.name, s.map.cities[reached[0]].name))
    return found


def _explain_claim(s: Situation, action: ClaimRoute):
    route = s.map.routes[action.route]
    points = s.map.rules.route_points(route.length)
    figures = {"route": route.index, "points": points}
    in_plan = s.plan is not None and any(route.index == r.index for rs in s.plan.to_claim for r in rs)
    parts = []
    if in_plan:
        _, trains = _trains_sentence(s, s.targets)
        needs = (f", which needs {plural(trains, 'more train')} (you have {s.view.trains_left})"
                 if trains is not None else "")
        parts.append(f"Claim {route} for {plural(points, 'point')}: it is on the cheapest network "
                     f"for your tickets{needs}")
        figures["trains_needed"] = trains
        without = Network(s.view, without=[route.cities], extra=s.scarcity).plan(s.targets)
        if without is None:
            parts.append("if another player took it, a ticket could not be completed")
            figures["extra_if_taken"] = None
        elif without.trains > s.plan.trains:
            extra = without.trains - s.plan.trains
            parts.append(f"if another player took it, you would need {plural(extra, 'more train')}")
            figures["extra_if_taken"] = extra
    else:
        done = s.completed_by(route)
        what = f" and it completes {_tickets_text(done)}" if done else ""
        parts.append(f"Claim {route} for {plural(points, 'point')}{what}")
    rivals = _threat(s, route)
    if rivals:
        reach = " and ".join(f"{name}'s routes reach {city}" for name, city in rivals)
        parts.append(f"{reach}, so it may be taken soon")
        figures["rivals"] = [name for name, _ in rivals]
    if route.tunnel:
        chance = 1 - s.tunnel_success(action.color, action.colored, action.locomotives)
        parts.append(f"the chance that the tunnel asks for more cards than you have left is {chance:.0%}")
        figures["tunnel_risk"] = chance
    return "; ".join(parts) + ".", figures


def _needs_text(s: Situation):
    """The plan's card needs and what is missing in words ("3 green, 1 red; your locomotive
    stands in for one")."""
    routes = s.plan.routes if s.plan is not None else []
    needs = card_needs(routes, s.hand)
    missing = {c: n for c, n in needs.missing.items() if n}
    text = ", ".join(f"{n} {c}" for c, n in sorted(missing.items(), key=lambda kv: -kv[1]))
    wild = sum(missing.values()) - needs.total
    if wild > 0 and text:
        text += (f"; your {plural(wild, 'locomotive')} stand in for {wild}" if wild > 1
                 else "; your locomotive stands in for one")
    return needs, text


def _explain_draw(s: Situation, action):
    needs, text = _needs_text(s)
    figures = {"cards_missing": needs.total}
    routes = s.plan.routes if s.plan is not None else []
    if routes and needs.total:
        base = (f"your network still needs {plural(len(routes), 'route')} and you are "
                f"missing {plural(needs.total, 'card')} ({text})")
    elif routes:
        tunnels = [r for r in routes if r.tunnel]
        if tunnels:
            base = f"you hold the cards for your network, but {tunnels[0]} is a tunnel that may ask for more"
        elif s.view.pending is not None:
            base = "you now hold the cards for your network: claim it next turn"
        else:
            base = "you hold the cards for your network; spare cards help"
    else:
        base = "your tickets need no more routes, so collect cards for a long route's points"
    if isinstance(action, DrawFaceUp):
        if action.card == "locomotive":
            return f"Take the face-up locomotive: it is wild, and {base}.", figures
        return f"Take the face-up {action.card} card: {base}.", figures
    return f"Draw blind: no face-up card helps more, and {base}.", figures


def _explain_tickets(s: Situation, action):
    return (f"Draw new tickets: your tickets are done, and you have {plural(s.view.trains_left, 'train')} "
            f"and about {plural(round(s.turns_left), 'turn')} left to complete more."), {
        "trains_left": s.view.trains_left, "turns_left": round(s.turns_left)}


def _explain_station(s: Situation, action: BuildStation):
    borrowed = [r for r in (s.plan.borrow if s.plan else []) if action.city in r.cities]
    if borrowed:
        r = borrowed[0]
        owner = s.view.names[s.view.owners[r.index]]
        return (f"Build a station in {s.map.cities[action.city].name}: {r} belongs to {owner}, and the "
                "station lets you use it for your tickets (a station kept is worth 4 points, a "
                "ticket more)."), {"borrow": r.index}
    return f"Build a station in {s.map.cities[action.city].name}.", {}


def _explain_tunnel(s: Situation, action):
    p = s.view.pending
    route = s.map.routes[p["route"]]
    extra = plural(p["extra"], "more card")
    if isinstance(action, PayTunnel):
        return (f"Pay {extra}: {route} is worth claiming now, and declining would waste the "
                "turn."), {"extra": p["extra"]}
    if not any(isinstance(a, PayTunnel) for a in s.view.legal_actions()):
        return (f"Decline: you cannot pay the {extra} {route} asks for; your cards come back."), {
            "extra": p["extra"]}
    return (f"Decline: {extra} for {route} is more than it is worth to you now; your cards "
            "come back."), {"extra": p["extra"]}


def _explain_other(s: Situation, action):
    if isinstance(action, Pass):
        return "Pass: no other action is possible.", {}
    return f"{s.view.describe(action)[0].upper()}{s.view.describe(action)[1:]}.", {}


_EXPLAIN = {KeepTickets: _explain_keep, ClaimRoute: _explain_claim, DrawBlind: _explain_draw,
            DrawFaceUp: _explain_draw, DrawTickets: _explain_tickets, BuildStation: _explain_station,
            PayTunnel: _explain_tunnel, DeclineTunnel: _explain_tunnel}
