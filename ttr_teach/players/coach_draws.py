"""The coach's card advice: which card to draw, read from the same plan the hint names.

The plan is the expert's (:class:`~.expert.situation.Situation`): the routes of the cheapest
network for the tickets still worth playing for, or, when the tickets need no more routes,
the open route best worth aiming at for its points. :func:`draw_plan` counts what those
routes still lack (by colour, and the locomotives a ferry asks for) and :func:`advise_draw`
picks a draw that never contradicts the face-up row: when a face-up card the plan lacks can
be taken, the advice takes one (a coloured card first, since a face-up locomotive ends the
turn), and it draws blind only when none can.

>>> from ttr_teach.engine.game.core import Game
>>> from ttr_teach.players.view import PlayerView
>>> from ttr_teach.players.expert.situation import Situation
>>> g = Game.new("europe", ["Ann", "Bo"], seed=2)
>>> for _ in range(2):
...     _ = g.apply(g.legal_actions()[0])          # both players keep their first choice
>>> plan = draw_plan(Situation(PlayerView(g)))
>>> plan.for_tickets, sum(plan.missing.values()) >= plan.needs.total > 0
(True, True)
>>> advice = advise_draw(Situation(PlayerView(g)), plan, g.legal_actions(), DrawBlind())
>>> advice == DrawBlind() or advice.card in plan.wanted
True
"""
from __future__ import annotations

from dataclasses import dataclass

from ..engine.actions import DrawBlind, DrawFaceUp
from ..engine.i18n import gettext, ngettext
from ..engine.rules import LOCOMOTIVE
from ..engine.text import colour_count, listing
from .expert.bot import points_target
from .expert.cards import Needs, card_needs, route_missing


@dataclass
class DrawPlan:
    """What the plan's ``routes`` still lack: ``missing`` cards by kind (colours, and
    ``"locomotive"`` for the locomotives the ``ferries`` ask for beyond those in hand), the
    expert's :class:`~.expert.cards.Needs`, and whether the routes are the tickets' network
    (``for_tickets``) or one route aimed at for its points."""

    routes: list
    needs: Needs
    missing: dict
    ferries: list
    for_tickets: bool

    @property
    def wanted(self) -> set:
        """The kinds of card the plan lacks (none when the hand pays every route)."""
        return {k for k, n in self.missing.items() if n} if self.needs.total else set()


def draw_plan(s) -> DrawPlan:
    """The card needs of the plan of :class:`Situation` ``s`` (see the module docstring)."""
    if s.plan is not None and s.plan.routes:
        routes, for_tickets = list(s.plan.routes), True
    else:
        target = points_target(s)
        routes, for_tickets = ([target] if target is not None else []), False
    needs = card_needs(routes, s.hand)
    missing = {c: n for c, n in needs.missing.items() if n}
    short = needs.locomotives - s.hand.get(LOCOMOTIVE, 0)
    ferries = [r for r in routes if r.locomotives]
    if short > 0:
        missing[LOCOMOTIVE] = short
    return DrawPlan(routes, needs, missing, ferries, for_tickets)


def missing_text(plan: DrawPlan) -> str:
    """What the plan lacks, in words: ``"7 pink, 3 black; 2 locomotives for the ferry ..."``,
    with the locomotives in hand that stand in for coloured cards."""
    colours = {c: n for c, n in plan.missing.items() if c != LOCOMOTIVE}
    parts = [colour_count(n, c) for c, n in sorted(colours.items(), key=lambda kv: (-kv[1], kv[0]))]
    text = listing(parts)
    locos = plan.missing.get(LOCOMOTIVE, 0)
    if locos:
        ferries = gettext(" and ").join("–".join(r.names or r.cities) for r in plan.ferries)
        phrase = (ngettext("{n} locomotive for the ferry {ferries}", "{n} locomotives for the ferry {ferries}", locos)
                  if len(plan.ferries) == 1 else
                  ngettext("{n} locomotive for the ferries {ferries}", "{n} locomotives for the ferries {ferries}",
                           locos))
        text += (gettext("; ") if text else "") + phrase.format(n=locos, ferries=ferries)
    wild = sum(plan.missing.values()) - plan.needs.total
    if wild > 0 and colours:
        text += gettext("; ") + ngettext("your locomotive stands in for one", "your {n} locomotives stand in for {n}",
                                         wild).format(n=wild)
    return text


def _rank(plan: DrawPlan, s, card: str) -> tuple:
    """Which wanted face-up card to take first: a coloured card (a face-up locomotive ends
    the turn), the colour of the route nearest to being paid, then the colour most lacked."""
    if card == LOCOMOTIVE:
        return (1, 0, 0)
    gray = plan.needs.gray_colors
    paid = [route_missing(r, s.hand, gray.get(r.index)) for r in plan.routes
            if card in (r.color, gray.get(r.index))]
    return (0, min(paid, default=99), -plan.missing.get(card, 0))


def wanted_face_up(plan: DrawPlan, actions) -> list:
    """The legal face-up draws of a card the plan lacks."""
    return [a for a in actions if isinstance(a, DrawFaceUp) and a.card in plan.wanted]


def advise_draw(s, plan: DrawPlan, actions, expert):
    """The draw to advise, given the ``expert``'s choice (a draw among ``actions``): the
    expert's when it takes a card the plan lacks or when no such card can be taken face up;
    else the best such face-up card."""
    wanted = wanted_face_up(plan, actions)
    if not wanted or (isinstance(expert, DrawFaceUp) and expert.card in plan.wanted):
        return expert
    return min(wanted, key=lambda a: _rank(plan, s, a.card))


def blind_chance(s, plan: DrawPlan) -> float:
    """The chance that a blind card is one the plan lacks (a locomotive counts: it is wild)."""
    unseen = s.unseen
    total = sum(unseen.values())
    if not total:
        return 0.0
    useful = plan.wanted | ({LOCOMOTIVE} if plan.wanted else set())
    return sum(n for k, n in unseen.items() if k in useful) / total


def is_draw(action) -> bool:
    return isinstance(action, (DrawBlind, DrawFaceUp))
