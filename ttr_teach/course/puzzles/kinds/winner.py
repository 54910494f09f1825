"""The kind ``winner``: who wins, through every tie-breaker of the rules (or that nobody does)."""
from __future__ import annotations

from ....engine.rules import FEWEST_STATIONS, LONGEST_HOLDER, MOST_TICKETS
from ....engine.scoring import score_position
from ....engine.text import plural
from ...exercises import ChoiceExercise
from ..answers import CompositeExercise
from .base import Kind, Solution, need
from .scored import signed

#: The scorer's ``decided_by`` (points or a tie-breaker of the rules) -> the word puzzle files use.
DECIDED_BY = {"points": "points", MOST_TICKETS: "tickets", FEWEST_STATIONS: "stations",
              LONGEST_HOLDER: "longest", None: "tie"}
#: Every answer to "what decides it", in the order of the rules.
WINNER_WAYS = ("points", "tickets", "stations", "longest", "tie")
#: Each way in the words a learner picks from.
WAY_LABELS = {"points": "most points", "tickets": "most completed tickets",
              "stations": "fewest stations built", "longest": "longest route bonus",
              "tie": "nobody: a full tie"}


class Winner(Kind):
    name = "winner"
    uses_tickets = True
    title = "who wins, through every tie-breaker"
    answer_format = ("{winner: NAME or null, decided_by: points | tickets | stations | longest | tie}")

    def read_answer(self, doc, m, pos, params):
        value = need(doc, "answer")
        if not isinstance(value, dict) or set(value) != {"winner", "decided_by"}:
            doc.fail(("answer",), f"{value!r} is not {{winner: NAME or null, decided_by: ...}}")
        names = [p.name for p in pos.players]
        winner = value["winner"]
        if winner is not None and winner not in names:
            doc.fail(("answer", "winner"), f"there is no player {winner!r} (players: {', '.join(names)}; "
                                           "null when nobody wins)")
        how = value["decided_by"]
        ways = [w for w in WINNER_WAYS if w != "stations" or m.rules.has_stations]
        if how not in ways:
            doc.fail(("answer", "decided_by"), f"{how!r} is not one of {', '.join(ways)}")
        if (winner is None) != (how == "tie"):
            doc.fail(("answer",), "winner: null goes with decided_by: tie, and only with it")
        return (winner, how)

    def answer_data(self, answer, m):
        return {"winner": answer[0], "decided_by": answer[1]}

    def typed_answer(self, answer, m):
        return {"winner": answer[0] or "nobody", "decided_by": WAY_LABELS[answer[1]]}

    def show(self, answer, m):
        winner, how = answer
        return "nobody wins (a full tie)" if winner is None else f"{winner}, by {WAY_LABELS[how]}"

    def mentions(self, answer, m):
        winner, how = answer
        return ["nobody" if winner is None else winner]

    def solve(self, puzzle):
        result = score_position(puzzle.position)
        return Solution((result["winner"], DECIDED_BY[result["decided_by"]]), {"result": result})

    def question(self, params, m, pos):
        return "The game ends in this position. Who wins, and what decides it?"

    def exercise(self, puzzle):
        m = puzzle.map
        names = [p.name for p in puzzle.position.players]
        winner, how = puzzle.answer
        ways = [WAY_LABELS[w] for w in WINNER_WAYS if w != "stations" or m.rules.has_stations]
        parts = [("winner", "winner", ChoiceExercise("", names + ["nobody"], winner or "nobody")),
                 ("decided_by", "decided by", ChoiceExercise("", ways, WAY_LABELS[how]))]
        return CompositeExercise(puzzle.question, parts, hint=puzzle.hint, solution=puzzle.explanation)

    def highlight(self, puzzle, solution):
        holders = [r["name"] for r in solution.work["result"]["players"] if r["longest_bonus"]]
        return [{"longest": n} for n in holders]

    def hint(self, puzzle, solution):
        order = ", then ".join(puzzle.map.rules.tie_breakers)
        return f"Score every player completely first. If the top scores are equal, the tie-breakers are: {order}."

    def explain(self, puzzle, solution):
        m = puzzle.map
        rows = solution.work["result"]["players"]
        lines = ["Final scores:"]
        for r in rows:
            parts = f"routes {r['route_points']}, tickets {signed(r['ticket_points'])}"
            if m.rules.has_stations:
                parts += f", stations {r['station_points']}"
            parts += f", bonus {r['longest_bonus']}"
            lines.append(f"- {r['name']}: {r['total']} ({parts}); {plural(r['tickets_completed'], 'ticket')} "
                         f"completed" + (f", {plural(r['stations_built'], 'station')} built"
                                         if m.rules.has_stations else ""))
        winner, how = solution.answer
        order = ", then ".join(m.rules.tie_breakers)
        if how == "points":
            lines.append(f"{winner} has the most points and wins.")
        elif how == "tie":
            lines.append(f"The top players are level on points and on every tie-breaker ({order}): "
                         "nobody wins, the game is shared.")
        else:
            lines.append(f"The top players are level on points. The tie-breakers, in order: {order}. "
                         f"{winner} wins on {WAY_LABELS[how]}.")
        return "\n".join(lines)

    def candidates(self, source, level, rng):
        for pos in source.positions(level, rng):
            yield pos, {}

    def why_dull(self, puzzle, solution, level):
        winner, how = solution.answer
        if level == "introductory":
            return None if how == "points" and len(puzzle.position.players) == 2 else "beginners: decided by points"
        if level == "intermediate":
            rows = sorted((r["total"] for r in solution.work["result"]["players"]), reverse=True)
            return None if how != "points" or rows[0] - rows[1] <= 5 else "a clear win on points"
        return None if how != "points" else "an expert winner puzzle needs a tie on points"
