"""The kind ``winner``: who wins, through every tie-breaker of the rules (or that nobody does)."""
from __future__ import annotations

from ....engine.i18n import N_, gettext, ngettext
from ....engine.rules import FEWEST_STATIONS, LONGEST_HOLDER, MOST_TICKETS
from ....engine.scoring import score_position
from ....engine.text import listing
from ...exercises import ChoiceExercise
from ..answers import CompositeExercise
from ..names import LEVELS
from .base import Kind, Solution, need, not_of_form
from .scored import signed

#: The scorer's ``decided_by`` (points or a tie-breaker of the rules) -> the word puzzle files use.
DECIDED_BY = {"points": "points", MOST_TICKETS: "tickets", FEWEST_STATIONS: "stations",
              LONGEST_HOLDER: "longest", None: "tie"}
#: Every answer to "what decides it", in the order of the rules.
WINNER_WAYS = ("points", "tickets", "stations", "longest", "tie")
#: Each way in the words a learner picks from.
WAY_LABELS = {"points": N_("most points"), "tickets": N_("most completed tickets"),
              "stations": N_("fewest stations built"), "longest": N_("longest route bonus"),
              "tie": N_("nobody: a full tie")}
#: Each tie-breaker of the rules in the words of the hint.
TIE_BREAKER_WORDS = {MOST_TICKETS: N_("most completed tickets"), FEWEST_STATIONS: N_("fewest stations built"),
                     LONGEST_HOLDER: N_("holder of the longest route bonus")}
#: The option for "nobody wins" (a full tie).
NOBODY = N_("nobody")


class Winner(Kind):
    name = "winner"
    uses_tickets = True
    ends_game = LEVELS
    title = N_("who wins, through every tie-breaker")
    answer_format = ("{winner: NAME or null, decided_by: points | tickets | stations | longest | tie}")

    def read_answer(self, doc, m, pos, params):
        value = need(doc, "answer")
        if not isinstance(value, dict) or set(value) != {"winner", "decided_by"}:
            doc.fail(("answer",), not_of_form(value, "{winner: NAME or null, decided_by: ...}"))
        names = [p.name for p in pos.players]
        winner = value["winner"]
        if winner is not None and winner not in names:
            doc.fail(("answer", "winner"), gettext("there is no player {player} (players: {players}; null when "
                                                   "nobody wins)").format(
                player=repr(winner), players=listing(names)))
        how = value["decided_by"]
        ways = [w for w in WINNER_WAYS if w != "stations" or m.rules.has_stations]
        if how not in ways:
            doc.fail(("answer", "decided_by"), gettext("{value} is not one of {ways}").format(
                value=repr(how), ways=", ".join(ways)))
        if (winner is None) != (how == "tie"):
            doc.fail(("answer",), gettext("winner: null goes with decided_by: tie, and only with it"))
        return (winner, how)

    def answer_data(self, answer, m):
        return {"winner": answer[0], "decided_by": answer[1]}

    def typed_answer(self, answer, m):
        return {"winner": answer[0] or gettext(NOBODY), "decided_by": gettext(WAY_LABELS[answer[1]])}

    def show(self, answer, m):
        winner, how = answer
        if winner is None:
            return gettext("nobody wins (a full tie)")
        return gettext("{player}, by {way}").format(player=winner, way=gettext(WAY_LABELS[how]))

    def mentions(self, answer, m):
        winner, how = answer
        return ["nobody" if winner is None else winner]

    def solve(self, puzzle):
        result = score_position(puzzle.position)
        return Solution((result["winner"], DECIDED_BY[result["decided_by"]]), {"result": result})

    def question(self, params, m, pos):
        return gettext("The game ends in this position. Who wins, and what decides it?")

    def exercise(self, puzzle):
        m = puzzle.map
        names = [p.name for p in puzzle.position.players]
        winner, how = puzzle.answer
        ways = [gettext(WAY_LABELS[w]) for w in WINNER_WAYS if w != "stations" or m.rules.has_stations]
        nobody = gettext(NOBODY)
        parts = [("winner", gettext("winner"), ChoiceExercise("", names + [nobody], winner or nobody)),
                 ("decided_by", gettext("decided by"), ChoiceExercise("", ways, gettext(WAY_LABELS[how])))]
        return CompositeExercise(puzzle.question, parts, hint=puzzle.hint, solution=puzzle.explanation)

    def highlight(self, puzzle, solution):
        holders = [r["name"] for r in solution.work["result"]["players"] if r["longest_bonus"]]
        return [{"longest": n} for n in holders]

    def hint(self, puzzle, solution):
        order = gettext(", then ").join(gettext(TIE_BREAKER_WORDS.get(t, t)) for t in puzzle.map.rules.tie_breakers)
        return gettext("Score every player completely first. If the top scores are equal, the tie-breakers are: "
                       "{order}.").format(order=order)

    def explain(self, puzzle, solution):
        m = puzzle.map
        rows = solution.work["result"]["players"]
        lines = [gettext("Final scores:")]
        for r in rows:
            parts = (gettext("routes {routes}, tickets {tickets}, stations {stations}, bonus {bonus}")
                     if m.rules.has_stations else gettext("routes {routes}, tickets {tickets}, bonus {bonus}")).format(
                routes=r["route_points"], tickets=signed(r["ticket_points"]), stations=r["station_points"],
                bonus=r["longest_bonus"])
            done, built = r["tickets_completed"], r["stations_built"]
            tickets = ngettext("{n} ticket completed", "{n} tickets completed", done).format(n=done)
            if m.rules.has_stations:
                tickets = ngettext("{tickets}, {n} station built", "{tickets}, {n} stations built", built).format(
                    tickets=tickets, n=built)
            lines.append("- " + gettext("{player}: {total} ({parts}); {tickets}").format(
                player=r["name"], total=r["total"], parts=parts, tickets=tickets))
        winner, how = solution.answer
        order = gettext(", then ").join(gettext(t) for t in m.rules.tie_breakers)
        if how == "points":
            lines.append(gettext("{player} has the most points and wins.").format(player=winner))
        elif how == "tie":
            lines.append(gettext("The top players are level on points and on every tie-breaker ({order}): nobody "
                                 "wins, the game is shared.").format(order=order))
        else:
            lines.append(gettext("The top players are level on points. The tie-breakers, in order: {order}. "
                                 "{player} wins on {way}.").format(order=order, player=winner,
                                                                   way=gettext(WAY_LABELS[how])))
        return "\n".join(lines)

    def candidates(self, source, level, rng):
        for pos in source.end_positions(rng):
            yield pos, {}

    def why_dull(self, puzzle, solution, level):
        winner, how = solution.answer
        if level == "introductory":
            return None if how == "points" and len(puzzle.position.players) == 2 else "beginners: decided by points"
        if level == "intermediate":
            rows = sorted((r["total"] for r in solution.work["result"]["players"]), reverse=True)
            return None if how != "points" or rows[0] - rows[1] <= 5 else "a clear win on points"
        if how != "points":
            return None
        rows = solution.work["result"]["players"]
        ahead_without_bonus = max(rows, key=lambda r: (r["total"] - r["longest_bonus"], r["name"] != winner))
        if ahead_without_bonus["name"] != winner:
            return None
        return "an expert winner puzzle needs a tie on points, or a win the longest route bonus decides"
