"""The kind ``tickets_completed``: which of a player's tickets are completed (through their own
routes and, in Europe, the routes their stations borrow)."""
from __future__ import annotations

from ....engine.i18n import N_, gettext
from ....engine.scoring import score_position
from ..answers import CityPairSetExercise
from .base import Kind, Solution, both_ways, need, pair_name, read_player, read_ticket
from .scored import (
    borrowed_routes,
    completed_tickets,
    each_player,
    looks_complete,
    result_row,
    route_pair,
    ticket_highlights,
    ticket_lines,
    ticket_text,
)


class TicketsCompleted(Kind):
    name = "tickets_completed"
    uses_tickets = True
    title = N_("which tickets a player has completed")
    fields = {"player": (True, "whose tickets")}
    answer_format = "a list of the completed tickets, [[city, city], ...] ([] for none)"

    def read_params(self, doc, m, pos):
        return {"player": read_player(doc, pos)}

    def read_answer(self, doc, m, pos, params):
        value = need(doc, "answer")
        if not isinstance(value, list):
            doc.fail(("answer",), gettext("{value} is not a list of tickets such as [[Paris, Wien]] ([] for "
                                          "none)").format(value=repr(value)))
        held = pos.player(params["player"]).tickets
        out = set()
        for i in range(len(value)):
            t = read_ticket(doc, ("answer", i), m)
            if t not in held:
                doc.fail(("answer", i), gettext("{player} does not hold the ticket {ticket}").format(
                    player=params["player"], ticket=pair_name(m, t)))
            out.add(route_pair(t))
        return frozenset(out)

    def answer_data(self, answer, m):
        return [list(m.ticket(*sorted(pair)).cities) for pair in
                sorted(answer, key=lambda p: m.ticket(*sorted(p)).index)]

    def show(self, answer, m):
        return gettext(", ").join(sorted(ticket_text(m, p) for p in answer)) or gettext("none")

    def mentions(self, answer, m):
        return [both_ways(m, *sorted(p)) for p in answer]

    def solve(self, puzzle):
        result = score_position(puzzle.position)
        row = result_row(result, puzzle.params["player"])
        done = frozenset(route_pair(t) for t in completed_tickets(puzzle.map, row))
        return Solution(done, {"result": result, "row": row})

    def question(self, params, m, pos):
        return gettext("Which of {player}'s tickets are completed? (Write them as City-City, separated by "
                       "commas, or none.)").format(player=params["player"])

    def exercise(self, puzzle):
        pairs = [sorted(p) for p in puzzle.answer]
        return CityPairSetExercise(puzzle.question, puzzle.map, pairs, hint=puzzle.hint,
                                   solution=puzzle.explanation)

    def highlight(self, puzzle, solution):
        return ticket_highlights(self._player(puzzle))

    def hint(self, puzzle, solution):
        text = gettext("Follow each ticket from one city to the other over the player's own trains only.")
        if self._player(puzzle).stations:
            text += " " + gettext("Each station may borrow one route of another player at its city, for all "
                                  "tickets.")
        return text

    def explain(self, puzzle, solution):
        lines = ticket_lines(puzzle.map, puzzle.position, self._player(puzzle), solution.work["result"])
        done = self.show(solution.answer, puzzle.map)
        return "\n".join(lines + [gettext("Completed: {tickets}.").format(tickets=done)])

    def candidates(self, source, level, rng):
        return each_player(source, level, rng)

    def why_dull(self, puzzle, solution, level):
        me = self._player(puzzle)
        done, n = len(solution.answer), len(me.tickets)
        if n < 2 or done == 0:
            return "too few tickets, or none completed"
        if level == "introductory":
            return None
        if level == "intermediate":
            return None if done < n and n >= 3 else "an intermediate puzzle mixes 3 tickets, some failed"
        if borrowed_routes(puzzle.position, me.name) or looks_complete(me, solution.work["row"]):
            return None
        return "an expert ticket puzzle needs a ticket completed only through a station, or one that looks complete"

    @staticmethod
    def _player(puzzle):
        return puzzle.position.player(puzzle.params["player"])
