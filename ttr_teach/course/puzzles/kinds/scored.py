"""What the scoring kinds share: reading the one scorer's result, the pieces of their worked
explanations, and the base of the kinds that ask for one number of a player's score.

Every answer of a scoring kind is read from :func:`ttr_teach.engine.scoring.score_position`;
the kinds only ask the question, explain the answer and find interesting positions for it.

>>> signed(5), signed(-7)
('+5', '−7')
"""
from __future__ import annotations

from collections import Counter

from ....engine.i18n import N_, gettext, local_digits, ngettext
from ....engine.scoring import score, score_position
from ....engine.text import listing
from ...exercises import NumberExercise
from .base import Kind, Solution, pair_name, read_int, read_player


# -- reading the scorer's result ---------------------------------------------------------------
def result_row(result, name) -> dict:
    """The scorer's row of the player called ``name``."""
    return next(r for r in result["players"] if r["name"] == name)


def completed_tickets(m, row) -> list:
    """The tickets (as Ticket objects) the scorer counts as completed for this result row."""
    return [m.ticket(t["a"], t["b"]) for t in row["tickets"] if t["completed"]]


def borrowed_routes(position, name) -> dict:
    """Station city -> the Route the scorer lets the player called ``name`` borrow (stations
    borrowing nothing left out): :attr:`PlayerScore.borrowed
    <ttr_teach.engine.scoring.PlayerScore.borrowed>` of the position's one scoring."""
    return score(position).player(name).borrowed


def route_pair(r) -> frozenset:
    """The two cities of a route or a ticket, in no order."""
    return frozenset(r.cities)


def repeats_city(row) -> bool:
    """True when the scorer's longest trail for this row passes through a city twice."""
    cities = row["longest_route_path"]["cities"]
    return len(set(cities)) < len(cities)


def looks_complete(player, row) -> bool:
    """True when a failed ticket has both its cities on the player's trains (in pieces that do
    not join): it looks complete at a glance."""
    on_board = {c for r in player.routes for c in r.cities}
    return any(not t["completed"] and t["a"] in on_board and t["b"] in on_board for t in row["tickets"])


# -- words -------------------------------------------------------------------------------------
def pair_text(m, pair) -> str:
    """``"Paris–Wien"``: a pair of city ids in words, in alphabetical order of the ids."""
    a, b = sorted(pair)
    return f"{m.cities[a].name}–{m.cities[b].name}"


def ticket_text(m, pair) -> str:
    """The ticket joining a pair of city ids, in words (the map's order)."""
    return pair_name(m, m.ticket(*sorted(pair)))


def points_text(n: int) -> str:
    """``"1 point"``, ``"7 points"``."""
    return ngettext("{n} point", "{n} points", n).format(n=n)


def signed(n: int) -> str:
    """A number of points with its sign (a true minus sign for a loss)."""
    return local_digits(f"+{n}" if n >= 0 else f"−{-n}")


# -- explanation pieces ------------------------------------------------------------------------
def routes_breakdown(m, player) -> tuple:
    """``(lines, total)``: the player's routes grouped by length with the table's points."""
    by_length = Counter(r.length for r in player.routes)
    lines, total = [], 0
    for length in sorted(by_length):
        n, each = by_length[length], m.rules.route_point_table[length]
        total += n * each
        lines.append("- " + ngettext("{n} route of length {length}: {n} x {each} = {points}",
                                     "{n} routes of length {length}: {n} x {each} = {points}", n).format(
            n=n, length=length, each=each, points=n * each))
    return lines, total


def ticket_lines(m, pos, player, result) -> list:
    """One line per ticket of ``player``: completed (along the scorer's path, naming any
    borrowed route) or not, with its points."""
    row = result_row(result, player.name)
    on_board = {c for r in player.routes for c in r.cities}
    lines = []
    for t in row["tickets"]:
        name = pair_name(m, m.ticket(t["a"], t["b"]))
        if t["completed"]:
            via = " – ".join(m.cities[c].name for c in t["path"])
            extra = "".join(" " + gettext("(borrowing {route} through a station)").format(
                route=f"{m.cities[r[0]].name}–{m.cities[r[1]].name}") for r in t["borrowed"])
            lines.append("- " + gettext("{ticket} is completed: {path}: {points}").format(
                ticket=name, path=via + extra, points=signed(t["points"])))
        elif t["a"] in on_board and t["b"] in on_board:
            lines.append("- " + gettext("{ticket} is not completed: both cities are on {player}'s trains, but in "
                                        "pieces that do not join: {points}").format(
                ticket=name, player=player.name, points=signed(-t["points"])))
        else:
            lines.append("- " + gettext("{ticket} is not completed: {points}").format(
                ticket=name, points=signed(-t["points"])))
    return lines


def ticket_highlights(player) -> list:
    """Highlights of every ticket ``player`` holds."""
    return [{"ticket": [t.a, t.b], "player": player.name} for t in player.tickets]


def longest_trail_text(m, row) -> str:
    """The scorer's longest trail for a result row, in words (noting a city passed twice)."""
    cities = row["longest_route_path"]["cities"]
    if not cities:
        return gettext("no routes")
    text = " – ".join(m.cities[c].name for c in cities)
    repeats = [c for c, k in Counter(cities).items() if k > 1]
    if repeats:
        again = listing(m.cities[c].name for c in repeats)
        text += gettext(", passing {cities} twice (a route may not be used twice, a city may)").format(cities=again)
    return text


# -- finding candidates ------------------------------------------------------------------------
def each_player(source, level, rng, ends_game=()):
    """``(position, {"player": name})`` for every player of every position ``source`` offers
    at ``level`` (its end positions when ``level`` is in ``ends_game``), players in random order."""
    for pos in (source.end_positions(rng) if level in ends_game else source.positions(level, rng)):
        players = list(pos.players)
        rng.shuffle(players)
        for p in players:
            yield pos, {"player": p.name}


# -- common mistakes ---------------------------------------------------------------------------
#: The diagnosis of an answer that counts one point per train.
PER_TRAIN = N_("That is one point per train. A route scores by its length from the scoring table, and "
               "a route of 3 or more scores more points than it has trains.")


def trains_of(player) -> int:
    """The trains on a player's routes (what a one-point-per-train count adds up)."""
    return sum(r.length for r in player.routes)


# -- the base of the kinds asking for one number of a player's score ---------------------------
class PlayerScoreKind(Kind):
    """A kind whose answer is one field of a player's row in the scorer's result (its
    ``score_field``: ``"total"``, ``"route_points"``...), solved the same way for all of them."""

    fields = {"player": (True, "whose score")}
    answer_format = "a whole number of points"
    unit = "points"
    #: The field of the scorer's row that is the answer.
    score_field = ""

    def read_params(self, doc, m, pos):
        return {"player": read_player(doc, pos)}

    def read_answer(self, doc, m, pos, params):
        return read_int(doc, ("answer",), refusal=N_("{value} is not a whole number of points"))

    def solve(self, puzzle):
        result = score_position(puzzle.position)
        row = result_row(result, puzzle.params["player"])
        return Solution(row[self.score_field], {"result": result, "row": row})

    def show(self, answer, m):
        return points_text(answer)

    def mentions(self, answer, m):
        return [str(answer)]

    def exercise(self, puzzle):
        return NumberExercise(puzzle.question, puzzle.answer, unit=self.unit, hint=puzzle.hint,
                              solution=puzzle.explanation, nudges=self.nudges(puzzle))

    def candidates(self, source, level, rng):
        return each_player(source, level, rng, self.ends_game)

    def player(self, puzzle):
        """The position's player the puzzle asks about."""
        return puzzle.position.player(puzzle.params["player"])
