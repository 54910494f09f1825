"""The coach: a proposed move with the reason in a sentence or two, and why an action is refused.

:func:`hint` asks :class:`~ttr_teach.players.expert.ExpertBot` for the move and explains it
with the engine's own figures: the trains the cheapest network for the player's tickets still
needs (:meth:`PlayerView.trains_needed <ttr_teach.players.view.PlayerView.trains_needed>`),
the cards it is missing, the exact chance that a tunnel asks for more cards than the player
has left, and the routes another player's network already reaches (a route they may take).
The proposed action is always one of the view's legal actions. Its card advice reads the
same plan (:mod:`.coach_draws`): it names what is missing, in which colours and the
locomotives a ferry asks for, and never draws blind while a face-up card the plan lacks can
be taken; when that differs from the expert's choice, the reason says what the expert would
rather do. :func:`why_not` gives the engine's own sentence for a refused action.

>>> from ttr_teach.engine.game.core import Game
>>> g = Game.new("usa", ["Ann", "Bo"], seed=4)
>>> h = hint(g)
>>> h.action in g.legal_actions(), h.reason.startswith("Keep ")
(True, True)
>>> why_not(g, {"type": "draw_blind"})
"the game has not started: each player first chooses which dealt tickets to keep, and it is Ann's turn to choose"
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

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
from ..engine.i18n import gettext, ngettext
from ..engine.text import colour_count, colour_name, listing, sentence
from .coach_draws import advise_draw, blind_chance, draw_plan, is_draw, missing_text
from .expert import ExpertBot
from .expert.network import Network
from .expert.situation import Situation
from .protocol import as_view


@dataclass(frozen=True)
class Hint:
    """A proposed ``action`` (legal now), the ``reason`` in words, the ``figures`` the
    reason quotes (trains needed, cards missing, chances...), and the ``expert``'s choice."""

    action: Action
    reason: str
    figures: dict = field(default_factory=dict)
    #: ExpertBot's own choice (the coach's card advice may differ: the reason then says why).
    expert: Action | None = None

    def __str__(self):
        return f"{self.reason}"


def hint(view) -> Hint:
    """A move for the player of ``view`` (a PlayerView, or a Game: its player to act), with
    why. Raises ``ValueError`` when it is not this player's turn."""
    view = as_view(view)
    if not view.legal_actions():
        raise ValueError(gettext("it is not {player}'s turn, so there is nothing to hint").format(player=view.name))
    expert = ExpertBot(0).choose(view)
    s = Situation(view)
    if is_draw(expert):
        action = advise_draw(s, draw_plan(s), view.legal_actions(), expert)
        reason, figures = _explain_draw(s, action, expert)
    else:
        action = expert
        reason, figures = _EXPLAIN.get(type(action), _explain_other)(s, action)
    return Hint(action, reason, figures, expert)


def why_not(game, action) -> str:
    """Why ``game`` refuses ``action`` now (the engine's own sentence), or, for a legal
    action, a sentence saying that nothing stops it."""
    reason = game.why_illegal(action)
    if reason:
        return reason
    return gettext("nothing stops it: {action} is a legal move now").format(action=game.describe(action))


# == the reasons ==============================================================================
def _more_trains(n: int) -> str:
    return ngettext("{n} more train", "{n} more trains", n).format(n=n)


def _cards(n: int) -> str:
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def _trains(n: int) -> str:
    return ngettext("{n} train", "{n} trains", n).format(n=n)


def _points(n: int) -> str:
    return ngettext("{n} point", "{n} points", n).format(n=n)


def _tickets_text(tickets) -> str:
    return listing(str(t) for t in tickets)


def _trains_sentence(s: Situation, tickets) -> tuple:
    """A sentence with the trains the cheapest network for ``tickets`` still needs."""
    if not tickets:
        return "", None
    built = len(s.view.me.station_cities)
    plan = s.view.ticket_plan(list(tickets), use_stations=built <= 1)
    if not plan.possible:
        return gettext("they cannot all be completed any more"), None
    trains = plan.trains
    return gettext("the cheapest network for them needs {trains} and you have {left}").format(
        trains=_more_trains(trains), left=s.view.trains_left), trains


def _explain_keep(s: Situation, action: KeepTickets):
    kept = [s.map.tickets[t] for t in action.tickets]
    sentence, trains = _trains_sentence(s, list(s.targets) + kept)
    points = sum(t.points for t in kept)
    reason = gettext("Keep {tickets} ({points}): with the tickets you hold, {sentence}.").format(
        tickets=_tickets_text(kept), points=_points(points), sentence=sentence)
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
        parts.append(gettext("Claim {route} for {points}: it is on the cheapest network for your tickets")
                     .format(route=route, points=_points(points)) if trains is None else
                     gettext("Claim {route} for {points}: it is on the cheapest network for your tickets, "
                             "which needs {trains} (you have {left})").format(
                         route=route, points=_points(points), trains=_more_trains(trains), left=s.view.trains_left))
        figures["trains_needed"] = trains
        without = Network(s.view, without=[route.cities], extra=s.scarcity).plan(s.targets)
        if without is None:
            parts.append(gettext("if another player took it, a ticket could not be completed"))
            figures["extra_if_taken"] = None
        elif without.trains > s.plan.trains:
            extra = without.trains - s.plan.trains
            parts.append(gettext("if another player took it, you would need {trains}").format(
                trains=_more_trains(extra)))
            figures["extra_if_taken"] = extra
    else:
        done = s.completed_by(route)
        parts.append(gettext("Claim {route} for {points} and it completes {tickets}").format(
            route=route, points=_points(points), tickets=_tickets_text(done)) if done else
            gettext("Claim {route} for {points}").format(route=route, points=_points(points)))
    rivals = _threat(s, route)
    if rivals:
        reach = gettext(" and ").join(gettext("{player}'s routes reach {city}").format(player=name, city=city)
                                      for name, city in rivals)
        parts.append(gettext("{reach}, so it may be taken soon").format(reach=reach))
        figures["rivals"] = [name for name, _ in rivals]
    if route.tunnel:
        chance = 1 - s.tunnel_success(action.color, action.colored, action.locomotives)
        parts.append(gettext("the chance that the tunnel asks for more cards than you have left is {chance:.0%}")
                     .format(chance=chance))
        figures["tunnel_risk"] = chance
    return gettext("; ").join(parts) + gettext("."), figures


def _plan_text(s: Situation, plan) -> str:
    """The plan and what it lacks, in words."""
    text = missing_text(plan)
    if plan.for_tickets:
        routes = ngettext("{n} route", "{n} routes", len(plan.routes)).format(n=len(plan.routes))
        if plan.needs.total:
            return gettext("your network still needs {routes} and you are missing {cards} ({missing})").format(
                routes=routes, cards=_cards(plan.needs.total), missing=text)
        tunnels = [r for r in plan.routes if r.tunnel]
        if tunnels:
            return gettext("you hold the cards for your network, but {route} is a tunnel that may ask for more"
                           ).format(route=tunnels[0])
        if s.view.pending is not None:
            return gettext("you now hold the cards for your network: claim it next turn")
        return gettext("you hold the cards for your network; spare cards help")
    if not plan.routes:
        return gettext("your tickets need no more routes and no open route is left to aim at")
    target = plan.routes[0]
    points = _points(s.map.rules.route_points(target.length))
    if plan.needs.total:
        return gettext("your tickets need no more routes, so aim at {route} for {points}: you are missing "
                       "{cards} ({missing})").format(route=target, points=points,
                                                    cards=_cards(plan.needs.total), missing=text)
    return gettext("your tickets need no more routes, and you hold the cards for {route} ({points})").format(
        route=target, points=points)


def _draw_sentence(s: Situation, plan, action) -> str:
    """The advised draw and why it is this card."""
    if isinstance(action, DrawFaceUp):
        if action.card == "locomotive":
            if "locomotive" in plan.wanted and not plan.wanted - {"locomotive"}:
                return gettext("Take the face-up locomotive: only locomotives pay a ferry's locomotive spaces")
            return gettext("Take the face-up locomotive: it is wild")
        if action.card in plan.wanted:
            return gettext("Take the face-up {colour} card: your plan lacks {cards}").format(
                colour=colour_name(action.card), cards=colour_count(plan.missing[action.card], action.card))
        return gettext("Take the face-up {colour} card").format(colour=colour_name(action.card))
    if not plan.wanted:
        return gettext("Draw blind: your plan lacks no card, so any card is a spare")
    row = listing(colour_name(c) for c in s.view.face_up) or gettext("none")
    why = gettext("Draw blind: none of the face-up cards ({cards}) is one your plan lacks").format(cards=row)
    if "locomotive" in s.view.face_up and "locomotive" in plan.wanted and s.view.pending is not None:
        why = gettext("Draw blind: the face-up locomotive cannot be your second card, and no other "
                      "face-up card ({cards}) is one your plan lacks").format(cards=row)
    chance = blind_chance(s, plan)
    return gettext("{why}; a blind card helps with a chance of {chance:.0%} (locomotives count)").format(
        why=why, chance=chance)


def _expert_rather(s: Situation, plan, advice, expert) -> str:
    """What the expert would rather do when it chose ``expert`` instead of ``advice``, and
    its reason."""
    what = s.view.describe(expert)
    if isinstance(expert, DrawBlind):
        chance = blind_chance(s, plan)
        if isinstance(advice, DrawFaceUp) and advice.card == "locomotive":
            return gettext("The expert would rather {action}: a face-up locomotive is the only card you "
                           "draw this turn, blind you draw two, and a blind card helps with a chance "
                           "of {chance:.0%}.").format(action=what, chance=chance)
        return gettext("The expert would rather {action}: a blind card helps with a chance of {chance:.0%} "
                       "and may be a locomotive, which it values about as much as a sure card.").format(
            action=what, chance=chance)
    if isinstance(expert, DrawFaceUp) and expert.card == "locomotive":
        return gettext("The expert would rather {action}: it is wild, though it is the only card you draw "
                       "this turn.").format(action=what)
    return gettext("The expert would rather {action}.").format(action=what)


def _explain_draw(s: Situation, action, expert=None):
    plan = draw_plan(s)
    figures = {"cards_missing": plan.needs.total, "missing": dict(plan.missing)}
    reason = gettext("{draw}, and {plan}.").format(draw=_draw_sentence(s, plan, action), plan=_plan_text(s, plan))
    if expert is not None and expert != action:
        reason += " " + _expert_rather(s, plan, action, expert)
    return reason, figures


def _explain_tickets(s: Situation, action):
    turns = round(s.turns_left)
    return gettext("Draw new tickets: your tickets are done, and you have {trains} and about {turns} left "
                   "to complete more.").format(trains=_trains(s.view.trains_left),
                                               turns=ngettext("{n} turn", "{n} turns", turns).format(n=turns)), {
        "trains_left": s.view.trains_left, "turns_left": turns}


def _explain_station(s: Situation, action: BuildStation):
    borrowed = [r for r in (s.plan.borrow if s.plan else []) if action.city in r.cities]
    city = s.map.cities[action.city].name
    if borrowed:
        r = borrowed[0]
        owner = s.view.names[s.view.owners[r.index]]
        return gettext("Build a station in {city}: {route} belongs to {player}, and the station lets you use "
                       "it for your tickets (a station kept is worth 4 points, a ticket more).").format(
            city=city, route=r, player=owner), {"borrow": r.index}
    return gettext("Build a station in {city}.").format(city=city), {}


def _explain_tunnel(s: Situation, action):
    p = s.view.pending
    route = s.map.routes[p["route"]]
    extra = ngettext("{n} more card", "{n} more cards", p["extra"]).format(n=p["extra"])
    if isinstance(action, PayTunnel):
        return gettext("Pay {cards}: {route} is worth claiming now, and declining would waste the turn.").format(
            cards=extra, route=route), {"extra": p["extra"]}
    if not any(isinstance(a, PayTunnel) for a in s.view.legal_actions()):
        return gettext("Decline: you cannot pay the {cards} {route} asks for; your cards come back.").format(
            cards=extra, route=route), {"extra": p["extra"]}
    return gettext("Decline: {cards} for {route} is more than it is worth to you now; your cards come back."
                   ).format(cards=extra, route=route), {"extra": p["extra"]}


def _explain_other(s: Situation, action):
    if isinstance(action, Pass):
        return gettext("Pass: no other action is possible."), {}
    return sentence(s.view.describe(action)), {}


_EXPLAIN: dict[type, Callable[[Situation, Any], tuple]] = {
    KeepTickets: _explain_keep, ClaimRoute: _explain_claim, DrawTickets: _explain_tickets,
    BuildStation: _explain_station, PayTunnel: _explain_tunnel, DeclineTunnel: _explain_tunnel}
