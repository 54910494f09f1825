"""Bots a learner writes by following lesson 6's hints in order, on the notebook's skeleton
(``MyPathBot``, run from its cell in ``notebooks/graphs/06_write_a_bot.ipynb``): the tests
check that they reach the exercises' goals."""
from __future__ import annotations

import random

import networkx as nx

from ttr_teach.course.lessons import graphs as lesson


def notebook_path_bot():
    """The notebook's own ``MyPathBot`` (its cell run as the learner runs it)."""
    import nbformat

    from ..helpers import NOTEBOOKS

    nb = nbformat.read(NOTEBOOKS / "graphs" / "06_write_a_bot.ipynb", as_version=4)
    cell = next(c.source for c in nb.cells if c.source.startswith("class MyPathBot"))
    scope = {"lesson": lesson, "nx": nx, "random": random}
    exec(cell, scope)  # noqa: S102 (the notebook's own cell, as the learner runs it)
    return scope["MyPathBot"]


MyPathBot = notebook_path_bot()


class MyNetworkBot(MyPathBot):
    """Exercise 1 by its hints: (1) override wanted, (2) the routes of view.ticket_plan()
    through lesson.plan_routes, (3) override keep: the most points for what
    lesson.network_cost says the tickets cost."""

    def wanted(self, view):
        plan = view.ticket_plan()
        return lesson.plan_routes(view, plan.routes)

    def keep(self, view, actions):
        def value(action):
            tickets = [view.map.tickets[t] for t in action.tickets]
            cost = lesson.network_cost(view, tickets)
            return -1000 if cost is None else sum(t.points for t in tickets) - cost
        return max(actions, key=value)


class MyBot(MyNetworkBot):
    """Exercise 2 by its hints: (2) draw what the wanted routes lack most
    (lesson.draw_most_missing) on a free turn with nothing to claim and for the second card,
    (3) a station where lesson.station_for says a blocked ticket gets through, and more
    tickets once all are done while 20 trains or more are left (the skeleton's
    answer_decision keeps the cheapest drawn ones)."""

    def choose(self, view):
        if view.pending is not None and view.pending["kind"] == "second_card":
            return lesson.draw_most_missing(view, view.legal_actions(), self.wanted(view))
        return super().choose(view)

    def free_turn(self, view, actions, wanted):
        for ticket in view.tickets:
            if not view.ticket_done(ticket) and lesson.network_cost(view, [ticket]) is None:
                city = lesson.station_for(view, ticket)
                builds = [a for a in lesson.of_type(actions, "build_station") if a.city == city]
                if builds:
                    return builds[0]
        if not wanted and view.trains_left >= 20:
            more = lesson.of_type(actions, "draw_tickets")
            if more:
                return more[0]
        claims = [a for a in lesson.of_type(actions, "claim_route") if a.route in wanted]
        if wanted and not claims:
            return lesson.draw_most_missing(view, actions, wanted)
        return super().free_turn(view, actions, wanted)
