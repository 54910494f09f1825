"""The kind ``route_points``: the points a player's routes score, by the scoring table."""
from __future__ import annotations

from ....engine.i18n import N_, gettext, ngettext
from ....engine.text import listing
from .scored import PER_TRAIN, PlayerScoreKind, points_text, routes_breakdown, trains_of


class RoutePoints(PlayerScoreKind):
    name = "route_points"
    title = N_("the points a player's routes score")
    score_field = "route_points"

    def question(self, params, m, pos):
        return gettext("How many points do {player}'s routes score (routes only)?").format(player=params["player"])

    def highlight(self, puzzle, solution):
        return [{"player": puzzle.params["player"]}]

    def hint(self, puzzle, solution):
        table = listing(f"{k}: {v}" for k, v in puzzle.map.rules.route_point_table.items())
        return gettext("Group the routes by length; the scoring table gives points per route (length: points): "
                       "{table}. Longer routes are worth more than their length.").format(table=table)

    def explain(self, puzzle, solution):
        me = self.player(puzzle)
        lines, total = routes_breakdown(puzzle.map, me)
        spaces = sum(r.length for r in me.routes)
        last = gettext("Total: {points}.").format(points=points_text(total))
        if total != spaces:
            last += " " + gettext("(Not {n}: a route of length n scores more than n points once n is 3 or "
                                  "more.)").format(n=spaces)
        routes = ngettext("{n} route", "{n} routes", len(me.routes)).format(n=len(me.routes))
        trains = ngettext("{n} train", "{n} trains", spaces).format(n=spaces)
        return "\n".join([gettext("{player} has {routes} ({trains}):").format(player=me.name, routes=routes,
                                                                             trains=trains)] + lines + [last])

    def mistakes(self, puzzle, solution):
        return {trains_of(self.player(puzzle)): gettext(PER_TRAIN)}

    def why_dull(self, puzzle, solution, level):
        me = self.player(puzzle)
        lengths = {r.length for r in me.routes}
        if level == "introductory":
            return None if 2 <= len(me.routes) <= 6 else "an introductory puzzle has 2 to 6 routes"
        if level == "intermediate":
            return None if max(lengths, default=0) >= 4 else "no long route to score"
        return None if len(me.routes) >= 10 and len(lengths) >= 4 else \
            "an expert count has many routes of at least four lengths"
