"""The kind ``total_score``: a player's final score, routes, tickets, stations and bonus."""
from __future__ import annotations

from ....engine.i18n import N_, gettext, local_digits, ngettext
from ..plausible import why_implausible
from .scored import (
    PlayerScoreKind,
    borrowed_routes,
    longest_trail_text,
    looks_complete,
    points_text,
    repeats_city,
    routes_breakdown,
    signed,
    ticket_highlights,
    ticket_lines,
    trains_of,
)


class TotalScore(PlayerScoreKind):
    name = "total_score"
    uses_tickets = True
    #: Beginners score small positions from the middle of a game, "as if it ended now".
    ends_game = ("intermediate", "expert")
    title = N_("a player's total score")
    score_field = "total"

    def question(self, params, m, pos):
        if pos is not None and why_implausible(pos, final=True) is not None:
            return gettext("Score this position as if the game ended now (no more turns). What would {player}'s "
                           "final score be?").format(player=params["player"])
        return gettext("The game ends in this position. What is {player}'s final score?").format(
            player=params["player"])

    def highlight(self, puzzle, solution):
        me = self.player(puzzle)
        marks = ticket_highlights(me)
        if solution.work["row"]["longest_bonus"]:
            marks.append({"longest": me.name})
        return marks

    def hint(self, puzzle, solution):
        if puzzle.map.rules.has_stations:
            text = gettext("Four parts: the routes (by the scoring table), the tickets (+ if completed, − if not), "
                           "the stations kept in reserve, and the {bonus} bonus. Is {player}'s longest route the "
                           "longest of the game?")
        else:
            text = gettext("Three parts: the routes (by the scoring table), the tickets (+ if completed, − if "
                           "not) and the {bonus} bonus. Is {player}'s longest route the longest of the game?")
        return text.format(bonus=gettext(puzzle.map.rules.longest_bonus_name), player=puzzle.params["player"])

    def explain(self, puzzle, solution):
        m, pos = puzzle.map, puzzle.position
        me, row = self.player(puzzle), solution.work["row"]
        lines, route_points = routes_breakdown(m, me)
        out = [gettext("Routes: {points}.").format(points=points_text(route_points))] + lines
        out += [gettext("Tickets: {points}.").format(points=signed(row["ticket_points"]))]
        out += ticket_lines(m, pos, me, solution.work["result"])
        if m.rules.has_stations:
            kept, built = m.rules.stations_per_player - row["stations_built"], row["stations_built"]
            out.append(ngettext("Stations: {n} station built, {kept} kept: {kept} x {each} = {points}.",
                                "Stations: {n} stations built, {kept} kept: {kept} x {each} = {points}.",
                                built).format(n=built, kept=kept, each=m.rules.unused_station_points,
                                              points=row["station_points"]))
        best = max(r["longest_route"] for r in solution.work["result"]["players"])
        out.append(gettext("Longest route: {player}'s is {length} ({trail}); the longest of the game is {best}, "
                           "so the bonus is {bonus}.").format(player=me.name, length=row["longest_route"],
                                                              trail=longest_trail_text(m, row), best=best,
                                                              bonus=row["longest_bonus"]))
        parts = [row["route_points"], row["ticket_points"]] + (
            [row["station_points"]] if m.rules.has_stations else []) + [row["longest_bonus"]]
        sums = str(parts[0]) + "".join(f" + {x}" if x >= 0 else f" − {-x}" for x in parts[1:])
        out.append(gettext("Total: {sums} = {points}.").format(sums=local_digits(sums),
                                                              points=points_text(row["total"])))
        return "\n".join(out)

    def mistakes(self, puzzle, solution):
        me, row, rules = self.player(puzzle), solution.work["row"], puzzle.map.rules
        total = row["total"]
        failed = sum(t["points"] for t in row["tickets"] if not t["completed"])
        found = {total - row["route_points"] + trains_of(me): gettext(
                     "Route points are not one point per train: a route scores by its length from the scoring "
                     "table."),
                 total + failed: gettext("A ticket that is not completed is not worth 0: it costs its points.")}
        if rules.has_stations and row["station_points"]:
            found[total - row["station_points"]] = gettext(
                "Did you leave out the stations? Each one not built scores.")
        if row["longest_bonus"]:
            found[total - row["longest_bonus"]] = gettext(
                "Did you leave out the {bonus} bonus? Compare the longest routes of all the players.").format(
                bonus=gettext(rules.longest_bonus_name))
        else:
            found[total + rules.longest_bonus] = gettext(
                "The {bonus} bonus goes only to the longest route of the game: compare it with the other "
                "players'.").format(bonus=gettext(rules.longest_bonus_name))
        return found

    def why_dull(self, puzzle, solution, level):
        me, row = self.player(puzzle), solution.work["row"]
        if not me.tickets:
            return "the player holds no ticket"
        if level == "introductory":
            return None if len(me.routes) <= 7 else "too many routes for an introductory puzzle"
        if level == "intermediate":
            return None if row["ticket_points"] != sum(t.points for t in me.tickets) else \
                "every ticket is completed: no minus points to catch"
        holders = [r for r in solution.work["result"]["players"] if r["longest_bonus"]]
        if (borrowed_routes(puzzle.position, me.name) or repeats_city(row) or looks_complete(me, row)
                or (row["longest_bonus"] and len(holders) > 1)):
            return None
        return ("an expert total needs a station that completes a ticket, a longest route that loops, "
                "a shared bonus or a ticket that only looks complete")
