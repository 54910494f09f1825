"""The kind ``longest_route``: the longest continuous route of the game and every player who
gets the bonus for it."""
from __future__ import annotations

from ....engine.i18n import N_, gettext, ngettext
from ....engine.scoring import score_position
from ....engine.text import listing
from ...exercises import NumberExercise
from ..answers import CompositeExercise, NameSetExercise
from .base import Kind, Solution, need, not_of_form, read_int
from .scored import longest_trail_text, repeats_city, result_row


class LongestRoute(Kind):
    name = "longest_route"
    title = N_("the longest route and who gets the bonus")
    answer_format = "{length: N, bonus: [names]}: the longest route's length and every player who gets the bonus"

    def read_answer(self, doc, m, pos, params):
        value = need(doc, "answer")
        if not isinstance(value, dict) or set(value) != {"length", "bonus"}:
            doc.fail(("answer",), not_of_form(value, "{length: N, bonus: [names]}"))
        length = read_int(doc, ("answer", "length"), low=0, refusal=N_("{value} is not a length in trains"))
        bonus = value["bonus"]
        names = [p.name for p in pos.players]
        if isinstance(bonus, str):
            bonus = [bonus]
        if not isinstance(bonus, list) or not all(isinstance(b, str) and b in names for b in bonus):
            doc.fail(("answer", "bonus"), gettext("{value} is not a list of players (players: {players})").format(
                value=repr(bonus), players=listing(names)))
        return (length, frozenset(bonus))

    def answer_data(self, answer, m):
        return {"length": answer[0], "bonus": sorted(answer[1])}

    def show(self, answer, m):
        players = gettext(", ").join(sorted(answer[1])) or gettext("nobody")
        return ngettext("{n} train, bonus to {players}", "{n} trains, bonus to {players}", answer[0]).format(
            n=answer[0], players=players)

    def mentions(self, answer, m):
        return [str(answer[0])] + sorted(answer[1])

    def solve(self, puzzle):
        result = score_position(puzzle.position)
        length = max(r["longest_route"] for r in result["players"])
        holders = frozenset(r["name"] for r in result["players"] if r["longest_bonus"] > 0)
        return Solution((length, holders), {"result": result})

    def question(self, params, m, pos):
        return gettext("How long is the longest continuous route, and who gets the {bonus} bonus?").format(
            bonus=gettext(m.rules.longest_bonus_name))

    def exercise(self, puzzle):
        length, holders = puzzle.answer
        keys = {length, puzzle.solve().answer[0]}
        nudges = {wrong: why for wrong, why in self.mistakes(puzzle, puzzle.solve()).items() if wrong not in keys}
        parts = [("length", gettext("length"), NumberExercise("", length, unit="trains", nudges=nudges)),
                 ("bonus", gettext("bonus to"), NameSetExercise("", sorted(holders),
                                                       names=[p.name for p in puzzle.position.players]))]
        return CompositeExercise(puzzle.question + " " + gettext("(the length; the players, comma-separated)"), parts,
                                 hint=puzzle.hint, solution=puzzle.explanation)

    def mistakes(self, puzzle, solution):
        """Lengths a learner gets by counting routes instead of trains, or by taking all of the
        holder's trains when one trail cannot run through them all."""
        length = solution.answer[0]
        row = next((r for r in solution.work["result"]["players"] if r["longest_route"] == length), None)
        if row is None or not length:
            return {}
        me = puzzle.position.player(row["name"])
        found = {sum(r.length for r in me.routes): gettext(
            "That is all of {player}'s trains: a trail never uses a route twice, so not every network fits in "
            "one trail.").format(player=me.name)}
        found.setdefault(len(row["longest_route_path"]["cities"]) - 1,
                         gettext("That counts routes: the longest route is measured in trains."))
        return found

    def highlight(self, puzzle, solution):
        return [{"longest": name} for name in sorted(solution.answer[1])]

    def hint(self, puzzle, solution):
        return gettext("A route may pass through a city more than once, but it may not use a route twice. "
                       "Start at a city where an odd number of the player's routes meet. Ties all get the bonus.")

    def explain(self, puzzle, solution):
        m = puzzle.map
        lines = []
        for row in solution.work["result"]["players"]:
            lines.append(f"- {row['name']}: " + gettext("{length} ({trail})").format(
                length=row["longest_route"], trail=longest_trail_text(m, row)))
        length, holders = solution.answer
        who = gettext(" and ").join(sorted(holders))
        said = (gettext("The longest is {length} trains: the {bonus} bonus ({points} points) goes to {players} (a tie: "
                        "every tied player gets the bonus). Stations and other players' routes never count for it.")
                if len(holders) > 1 else
                gettext("The longest is {length} trains: the {bonus} bonus ({points} points) goes to {players}. "
                        "Stations and other players' routes never count for it."))
        lines.append(said.format(length=length, bonus=gettext(m.rules.longest_bonus_name),
                                 points=m.rules.longest_bonus, players=who))
        return "\n".join([gettext("Each player's longest continuous route:")] + lines)

    def candidates(self, source, level, rng):
        for pos in source.positions(level, rng):
            yield pos, {}

    def why_dull(self, puzzle, solution, level):
        length, holders = solution.answer
        if length == 0:
            return "nobody has a route"
        best = [puzzle.position.player(n) for n in holders]
        if level == "introductory":
            return None if max(len(p.routes) for p in best) <= 8 else "too many routes for beginners"
        if level == "intermediate":
            return None if length < sum(r.length for r in best[0].routes) else \
                "the holder's routes form one line: nothing to choose"
        rows = [result_row(solution.work["result"], n) for n in holders]
        if len(holders) > 1 or any(repeats_city(r) for r in rows):
            return None
        return "an expert longest route needs a tie or a trail through a city twice"
