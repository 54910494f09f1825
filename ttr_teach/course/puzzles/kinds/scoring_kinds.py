"""The scoring kinds: total score, route points, completed tickets, the longest route, the best
use of a station, and the winner. Every answer is read from
:func:`ttr_teach.engine.scoring.score_position` (the one scorer); these kinds only ask the question,
explain the answer and find interesting positions for it.
"""
from __future__ import annotations

from collections import Counter

from ...exercises import ChoiceExercise, NumberExercise
from ....engine.rules import FEWEST_STATIONS, LONGEST_HOLDER, MOST_TICKETS
from ....engine.scoring import score_position
from ....engine.tickets import station_choices
from ..answers import CityPairExercise, CityPairSetExercise, CompositeExercise, NameSetExercise
from .base import (Kind, Solution, both_ways, need, player_of, plural, read_int, read_player,
                   route_name, ticket_name)

# -- reading the scorer's result -------------------------------------------------------------------


def result_row(result, name) -> dict:
    return next(r for r in result["players"] if r["name"] == name)


def completed_tickets(m, row) -> list:
    """The tickets (as Ticket objects) the scorer counts as completed for this result row."""
    return [m.ticket(t["a"], t["b"]) for t in row["tickets"] if t["completed"]]


def borrowed_routes(m, row) -> dict:
    """Station city -> the Route the scorer lets it borrow (stations borrowing nothing left out)."""
    from ....views.highlights import route_indices

    out = {}
    for item in row["stations_used"]:
        if item["route"] is not None:
            out[m.city_id(item["city"])] = m.routes[route_indices(m, [item["route"]])[0]]
    return out


def route_pair(r) -> frozenset:
    return frozenset(r.cities)


def _pair_text(m, pair) -> str:
    a, b = sorted(pair)
    return f"{m.cities[a].name}–{m.cities[b].name}"


def _points(n: int) -> str:
    return plural(n, "point")


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"−{-n}"


# -- explanation pieces shared by the kinds ---------------------------------------------------------
def routes_breakdown(m, player) -> tuple:
    """``(lines, total)``: the player's routes grouped by length with the table's points."""
    by_length = Counter(r.length for r in player.routes)
    lines, total = [], 0
    for length in sorted(by_length):
        n, each = by_length[length], m.rules.route_point_table[length]
        total += n * each
        lines.append(f"- {plural(n, 'route')} of length {length}: {n} x {each} = {n * each}")
    return lines, total


def ticket_lines(m, pos, player, result) -> list:
    """One line per ticket of ``player``: completed (along the scorer's path, naming any
    borrowed route) or not, with its points."""
    row = result_row(result, player.name)
    on_board = {c for r in player.routes for c in r.cities}
    lines = []
    for t in row["tickets"]:
        name = ticket_name(m, m.ticket(t["a"], t["b"]))
        if t["completed"]:
            via = " – ".join(m.cities[c].name for c in t["path"])
            extra = "".join(f" (borrowing {m.cities[r[0]].name}–{m.cities[r[1]].name} through a station)"
                            for r in t["borrowed"])
            lines.append(f"- {name} is completed: {via}{extra}: +{t['points']}")
        elif t["a"] in on_board and t["b"] in on_board:
            lines.append(f"- {name} is not completed: both cities are on {player.name}'s trains, but in "
                         f"pieces that do not join: −{t['points']}")
        else:
            lines.append(f"- {name} is not completed: −{t['points']}")
    return lines


def _ticket_highlights(pos, player) -> list:
    return [{"ticket": [t.a, t.b], "player": player.name} for t in player.tickets]


def _longest_trail_text(m, row) -> str:
    """The scorer's longest trail for a result row, in words (noting a city passed twice)."""
    cities = row["longest_route_path"]["cities"]
    if not cities:
        return "no routes"
    text = " – ".join(m.cities[c].name for c in cities)
    repeats = [c for c, k in Counter(cities).items() if k > 1]
    if repeats:
        again = ", ".join(m.cities[c].name for c in repeats)
        text += f", passing {again} twice (a route may not be used twice, a city may)"
    return text


#: The scorer's ``decided_by`` (points or a tie-breaker of the rules) -> the word puzzle files use.
DECIDED_BY = {"points": "points", MOST_TICKETS: "tickets", FEWEST_STATIONS: "stations",
              LONGEST_HOLDER: "longest", None: "tie"}


# -- the kinds -----------------------------------------------------------------------------------
class _PlayerScoreKind(Kind):
    """Base of the kinds that ask about one player's score."""

    fields = {"player": (True, "whose score")}
    answer_format = "a whole number of points"
    unit = "points"

    def read_params(self, doc, m, pos):
        return {"player": read_player(doc, pos)}

    def read_answer(self, doc, m, pos, params):
        return read_int(doc, ("answer",), what="a whole number of points")

    def show(self, answer, m):
        return _points(answer)

    def mentions(self, answer, m):
        return [str(answer)]

    def exercise(self, puzzle):
        return NumberExercise(puzzle.question, puzzle.answer, unit=self.unit, hint=puzzle.hint,
                              solution=puzzle.explanation)

    def candidates(self, source, level, rng):
        for pos in source.positions(level, rng):
            players = list(pos.players)
            rng.shuffle(players)
            for p in players:
                yield pos, {"player": p.name}


class TotalScore(_PlayerScoreKind):
    name = "total_score"
    title = "a player's total score"

    def solve(self, puzzle):
        result = score_position(puzzle.position)
        row = result_row(result, puzzle.params["player"])
        return Solution(row["total"], {"result": result, "row": row})

    def question(self, params, m, pos):
        return f"The game ends in this position. What is {params['player']}'s final score?"

    def highlight(self, puzzle, solution):
        me = player_of(puzzle.position, puzzle.params["player"])
        marks = _ticket_highlights(puzzle.position, me)
        if solution.work["row"]["longest_bonus"]:
            marks.append({"longest": me.name})
        return marks

    def hint(self, puzzle, solution):
        extra = " the stations kept in reserve," if puzzle.map.rules.has_stations else ""
        return (f"Four parts: the routes (by the scoring table), the tickets (+ if completed, − if "
                f"not),{extra} and the {puzzle.map.rules.longest_bonus_name} bonus. Is "
                f"{puzzle.params['player']}'s longest route the longest of the game?")

    def explain(self, puzzle, solution):
        m, pos = puzzle.map, puzzle.position
        me, row = player_of(pos, puzzle.params["player"]), solution.work["row"]
        lines, rp = routes_breakdown(m, me)
        out = [f"Routes: {rp} points."] + lines
        out += [f"Tickets: {_signed(row['ticket_points'])}."] + ticket_lines(m, pos, me, solution.work["result"])
        if m.rules.has_stations:
            kept = m.rules.stations_per_player - row["stations_built"]
            out.append(f"Stations: {plural(row['stations_built'], 'station')} built, {kept} kept: "
                       f"{kept} x {m.rules.unused_station_points} = {row['station_points']}.")
        best = max(r["longest_route"] for r in solution.work["result"]["players"])
        out.append(f"Longest route: {me.name}'s is {row['longest_route']} ({_longest_trail_text(m, row)}); "
                   f"the longest of the game is {best}, so the bonus is {row['longest_bonus']}.")
        parts = [row["route_points"], row["ticket_points"]] + (
            [row["station_points"]] if m.rules.has_stations else []) + [row["longest_bonus"]]
        sums = str(parts[0]) + "".join(f" + {x}" if x >= 0 else f" − {-x}" for x in parts[1:])
        out.append(f"Total: {sums} = {row['total']} points.")
        return "\n".join(out)

    def why_dull(self, puzzle, solution, level):
        me = player_of(puzzle.position, puzzle.params["player"])
        row = solution.work["row"]
        if not me.tickets:
            return "the player holds no ticket"
        if level == "introductory":
            return None if len(me.routes) <= 7 else "too many routes for an introductory puzzle"
        if level == "intermediate":
            return None if row["ticket_points"] != sum(t.points for t in me.tickets) else \
                "every ticket is completed: no minus points to catch"
        holders = [r for r in solution.work["result"]["players"] if r["longest_bonus"]]
        if (borrowed_routes(puzzle.map, row) or _repeats_city(row) or _looks_complete(me, row)
                or (row["longest_bonus"] and len(holders) > 1)):
            return None
        return ("an expert total needs a station that completes a ticket, a longest route that loops, "
                "a shared bonus or a ticket that only looks complete")


def _repeats_city(row) -> bool:
    cities = row["longest_route_path"]["cities"]
    return len(set(cities)) < len(cities)


class RoutePoints(_PlayerScoreKind):
    name = "route_points"
    title = "the points a player's routes score"

    def solve(self, puzzle):
        result = score_position(puzzle.position)
        row = result_row(result, puzzle.params["player"])
        return Solution(row["route_points"], {"result": result, "row": row})

    def question(self, params, m, pos):
        return f"How many points do {params['player']}'s routes score (routes only)?"

    def highlight(self, puzzle, solution):
        return [{"player": puzzle.params["player"]}]

    def hint(self, puzzle, solution):
        table = ", ".join(f"{k}: {v}" for k, v in puzzle.map.rules.route_point_table.items())
        return (f"Group the routes by length; the scoring table gives points per route (length: points): "
                f"{table}. Longer routes are worth more than their length.")

    def explain(self, puzzle, solution):
        me = player_of(puzzle.position, puzzle.params["player"])
        lines, total = routes_breakdown(puzzle.map, me)
        spaces = sum(r.length for r in me.routes)
        return "\n".join([f"{me.name} has {plural(len(me.routes), 'route')} ({spaces} trains):"] + lines +
                         [f"Total: {total} points. (Not {spaces}: a route of length n scores more than "
                          "n points once n is 3 or more.)" if total != spaces else
                          f"Total: {total} points."])

    def why_dull(self, puzzle, solution, level):
        me = player_of(puzzle.position, puzzle.params["player"])
        lengths = {r.length for r in me.routes}
        if level == "introductory":
            return None if 2 <= len(me.routes) <= 6 else "an introductory puzzle has 2 to 6 routes"
        if level == "intermediate":
            return None if max(lengths, default=0) >= 4 else "no long route to score"
        return None if len(me.routes) >= 10 and len(lengths) >= 4 else \
            "an expert count has many routes of at least four lengths"


class TicketsCompleted(Kind):
    name = "tickets_completed"
    title = "which tickets a player has completed"
    fields = {"player": (True, "whose tickets")}
    answer_format = "a list of the completed tickets, [[city, city], ...] ([] for none)"

    def read_params(self, doc, m, pos):
        return {"player": read_player(doc, pos)}

    def read_answer(self, doc, m, pos, params):
        from .base import read_ticket

        value = need(doc, "answer")
        if not isinstance(value, list):
            doc.fail(("answer",), f"{value!r} is not a list of tickets such as [[Paris, Wien]] ([] for none)")
        held = player_of(pos, params["player"]).tickets
        out = set()
        for i in range(len(value)):
            t = read_ticket(doc, ("answer", i), m)
            if t not in held:
                doc.fail(("answer", i), f"{params['player']} does not hold the ticket {ticket_name(m, t)}")
            out.add(route_pair(t))
        return frozenset(out)

    def answer_data(self, answer, m):
        return [list(m.ticket(*sorted(pair)).cities) for pair in
                sorted(answer, key=lambda p: m.ticket(*sorted(p)).index)]

    def show(self, answer, m):
        return ", ".join(sorted(_ticket_text(m, p) for p in answer)) or "none"

    def mentions(self, answer, m):
        return [both_ways(m, *sorted(p)) for p in answer]

    def solve(self, puzzle):
        result = score_position(puzzle.position)
        row = result_row(result, puzzle.params["player"])
        done = frozenset(route_pair(t) for t in completed_tickets(puzzle.map, row))
        return Solution(done, {"result": result, "row": row})

    def question(self, params, m, pos):
        return (f"Which of {params['player']}'s tickets are completed? "
                "(Write them as City-City, separated by commas, or none.)")

    def exercise(self, puzzle):
        pairs = [sorted(p) for p in puzzle.answer]
        return CityPairSetExercise(puzzle.question, puzzle.map, pairs, hint=puzzle.hint,
                                   solution=puzzle.explanation)

    def highlight(self, puzzle, solution):
        return _ticket_highlights(puzzle.position, player_of(puzzle.position, puzzle.params["player"]))

    def hint(self, puzzle, solution):
        me = player_of(puzzle.position, puzzle.params["player"])
        text = "Follow each ticket from one city to the other over the player's own trains only."
        if me.stations:
            text += " Each station may borrow one route of another player at its city, for all tickets."
        return text

    def explain(self, puzzle, solution):
        me = player_of(puzzle.position, puzzle.params["player"])
        lines = ticket_lines(puzzle.map, puzzle.position, me, solution.work["result"])
        done = self.show(solution.answer, puzzle.map)
        return "\n".join(lines + [f"Completed: {done}."])

    def candidates(self, source, level, rng):
        for pos in source.positions(level, rng):
            players = list(pos.players)
            rng.shuffle(players)
            for p in players:
                yield pos, {"player": p.name}

    def why_dull(self, puzzle, solution, level):
        me = player_of(puzzle.position, puzzle.params["player"])
        done, n = len(solution.answer), len(me.tickets)
        if n < 2 or done == 0:
            return "too few tickets, or none completed"
        if level == "introductory":
            return None
        if level == "intermediate":
            return None if done < n and n >= 3 else "an intermediate puzzle mixes 3 tickets, some failed"
        if borrowed_routes(puzzle.map, solution.work["row"]) or _looks_complete(me, solution.work["row"]):
            return None
        return "an expert ticket puzzle needs a ticket completed only through a station, or one that looks complete"


def _looks_complete(player, row) -> bool:
    """True when a failed ticket has both its cities on the player's trains (in pieces that do
    not join): it looks complete at a glance."""
    on_board = {c for r in player.routes for c in r.cities}
    return any(not t["completed"] and t["a"] in on_board and t["b"] in on_board for t in row["tickets"])


def _ticket_text(m, pair) -> str:
    return ticket_name(m, m.ticket(*sorted(pair)))


class LongestRoute(Kind):
    name = "longest_route"
    title = "the longest route and who gets the bonus"
    answer_format = "{length: N, bonus: [names]}: the longest route's length and every player who gets the bonus"

    def read_answer(self, doc, m, pos, params):
        value = need(doc, "answer")
        if not isinstance(value, dict) or set(value) != {"length", "bonus"}:
            doc.fail(("answer",), f"{value!r} is not {{length: N, bonus: [names]}}")
        length = read_int(doc, ("answer", "length"), low=0, what="a length in trains")
        bonus = value["bonus"]
        names = [p.name for p in pos.players]
        if isinstance(bonus, str):
            bonus = [bonus]
        if not isinstance(bonus, list) or not all(isinstance(b, str) and b in names for b in bonus):
            doc.fail(("answer", "bonus"), f"{bonus!r} is not a list of players (players: {', '.join(names)})")
        return (length, frozenset(bonus))

    def answer_data(self, answer, m):
        return {"length": answer[0], "bonus": sorted(answer[1])}

    def show(self, answer, m):
        return f"{answer[0]} trains, bonus to {', '.join(sorted(answer[1])) or 'nobody'}"

    def mentions(self, answer, m):
        return [str(answer[0])] + sorted(answer[1])

    def solve(self, puzzle):
        result = score_position(puzzle.position)
        length = max(r["longest_route"] for r in result["players"])
        holders = frozenset(r["name"] for r in result["players"] if r["longest_bonus"] > 0)
        return Solution((length, holders), {"result": result})

    def question(self, params, m, pos):
        return (f"How long is the longest continuous route, and who gets the "
                f"{m.rules.longest_bonus_name} bonus?")

    def exercise(self, puzzle):
        length, holders = puzzle.answer
        parts = [("length", "length", NumberExercise("", length, unit="trains")),
                 ("bonus", "bonus to", NameSetExercise("", sorted(holders)))]
        return CompositeExercise(puzzle.question + " (the length; the players, comma-separated)", parts,
                                 hint=puzzle.hint, solution=puzzle.explanation)

    def highlight(self, puzzle, solution):
        return [{"longest": name} for name in sorted(solution.answer[1])]

    def hint(self, puzzle, solution):
        return ("A route may pass through a city more than once, but it may not use a route twice. "
                "Start at a city where an odd number of the player's routes meet. Ties all get the bonus.")

    def explain(self, puzzle, solution):
        m = puzzle.map
        lines = []
        for row in solution.work["result"]["players"]:
            lines.append(f"- {row['name']}: {row['longest_route']} ({_longest_trail_text(m, row)})")
        length, holders = solution.answer
        who = " and ".join(sorted(holders))
        tie = " (a tie: every tied player gets the bonus)" if len(holders) > 1 else ""
        lines.append(f"The longest is {length} trains: the {m.rules.longest_bonus_name} bonus "
                     f"({m.rules.longest_bonus} points) goes to {who}{tie}. Stations and other players' "
                     "routes never count for it.")
        return "\n".join(["Each player's longest continuous route:"] + lines)

    def candidates(self, source, level, rng):
        for pos in source.positions(level, rng):
            yield pos, {}

    def why_dull(self, puzzle, solution, level):
        length, holders = solution.answer
        if length == 0:
            return "nobody has a route"
        best = [player_of(puzzle.position, n) for n in holders]
        if level == "introductory":
            return None if max(len(p.routes) for p in best) <= 8 else "too many routes for beginners"
        if level == "intermediate":
            return None if length < sum(r.length for r in best[0].routes) else \
                "the holder's routes form one line: nothing to choose"
        rows = [result_row(solution.work["result"], n) for n in holders]
        if len(holders) > 1 or any(_repeats_city(r) for r in rows):
            return None
        return "an expert longest route needs a tie or a trail through a city twice"


class StationChoice(Kind):
    name = "station_choice"
    title = "the best route for a station to borrow"
    maps = ("europe",)
    fields = {"station": (True, "the city of the station asked about")}
    #: Stations are built more often with more players: the generator's table of player counts.
    players = {"introductory": (2, 3), "intermediate": (3, 4), "expert": (3, 4)}
    answer_format = "{route: [city, city], worth: N}: the route to borrow and the points that choice adds"

    def read_params(self, doc, m, pos):
        from ....engine.errors import MapError

        city = need(doc, "station")
        if not isinstance(city, str):
            doc.fail(("station",), f"{city!r} is not a city")
        try:
            cid = m.city_id(city)
        except MapError as e:
            doc.fail(("station",), str(e))
        if cid not in pos.station_owners:
            doc.fail(("station",), f"there is no station in {m.cities[cid].name} in the position")
        return {"station": cid}

    def params_data(self, params, m):
        return {"station": params["station"]}

    def read_answer(self, doc, m, pos, params):
        value = need(doc, "answer")
        if not isinstance(value, dict) or set(value) != {"route", "worth"}:
            doc.fail(("answer",), f"{value!r} is not {{route: [city, city], worth: N}}")
        from .base import read_city_pair

        a, b = read_city_pair(doc, ("answer", "route"), m, "a route")
        if params["station"] not in (a, b):
            doc.fail(("answer", "route"), f"the route must start or end at the station's city "
                                          f"({m.cities[params['station']].name})")
        if not m.routes_between(a, b):
            doc.fail(("answer", "route"), f"there is no route between {m.cities[a].name} and {m.cities[b].name}")
        return (frozenset((a, b)), read_int(doc, ("answer", "worth"), what="a whole number of points"))

    def answer_data(self, answer, m):
        pair, worth = answer
        return {"route": sorted(pair) if pair is not None else None, "worth": worth}

    def show(self, answer, m):
        pair, worth = answer
        if pair is None:
            return "borrow nothing"
        return f"borrow {_pair_text(m, pair)}, worth {_points(worth)}"

    def mentions(self, answer, m):
        pair, worth = answer
        if pair is None:
            return ["nothing"]
        return [tuple(f"borrow {name}" for name in both_ways(m, *sorted(pair))), str(worth)]

    def _owner(self, puzzle):
        return puzzle.position.players[puzzle.position.station_owners[puzzle.params["station"]]]

    def solve(self, puzzle):
        m, pos, city = puzzle.map, puzzle.position, puzzle.params["station"]
        owner = self._owner(puzzle)
        result = score_position(pos)
        row = result_row(result, owner.name)
        # the best ticket points with this station's choice fixed, the others free
        best = {}
        for entry in station_choices(pos, owner.name, with_paths=False):
            route = entry["choice"][city]
            key = None if route is None else route_pair(route)
            best.setdefault(key, entry["ticket_points"])
        options = {pair: points - best[None] for pair, points in best.items() if pair is not None}
        route = borrowed_routes(m, row).get(city)
        chosen = route_pair(route) if route is not None else None
        worth = options.get(chosen, 0)
        without = score_position(_without_station(pos, owner.name, city))
        return Solution((chosen, worth), {"result": result, "row": row, "owner": owner.name,
                                          "options": options, "without": without})

    def ambiguity(self, puzzle, solution):
        pair, worth = solution.answer
        equal = sorted(_pair_text(puzzle.map, p) for p, w in solution.work["options"].items()
                       if w == worth and p != pair)
        if pair is not None and equal and worth > 0:
            return (f"{', '.join(equal)} would be worth as much as {_pair_text(puzzle.map, pair)}: "
                    "the puzzle has no single answer")
        return None

    def question(self, params, m, pos):
        owner = pos.players[pos.station_owners[params["station"]]]
        return (f"{owner.name} has a station in {m.cities[params['station']].name}. Which route should it "
                f"borrow at the end of the game, and how many points does that choice add to "
                f"{owner.name}'s score (compared with borrowing nothing)?")

    def exercise(self, puzzle):
        pair, worth = puzzle.answer
        parts = [("route", "route", CityPairExercise("", puzzle.map, sorted(pair))),
                 ("worth", "worth", NumberExercise("", worth, unit="points"))]
        return CompositeExercise(puzzle.question + " (City-City; points)", parts, hint=puzzle.hint,
                                 solution=puzzle.explanation)

    def highlight(self, puzzle, solution):
        owner = self._owner(puzzle)
        return [{"station": puzzle.params["station"]}] + _ticket_highlights(puzzle.position, owner)

    def question_highlight(self, puzzle):
        city = puzzle.params["station"]
        return [{"cities": [city], "label": f"{self._owner(puzzle).name}'s station in {puzzle.map.cities[city].name}"}]

    def hint(self, puzzle, solution):
        return ("List the other players' routes that touch the station's city: only those can be "
                "borrowed, and only one of them. Which one completes the most ticket points? A ticket "
                "completed changes the score twice: its points are no longer lost, and they are won.")

    def explain(self, puzzle, solution):
        m, pos, city = puzzle.map, puzzle.position, puzzle.params["station"]
        owner = self._owner(puzzle)
        row = solution.work["row"]
        options = [r for r in m.routes_at(city) if pos.owners.get(r.index) not in (None, pos.players.index(owner))]
        names = ", ".join(f"{route_name(m, r)} ({pos.players[pos.owners[r.index]].name})" for r in options)
        pair, worth = solution.answer
        before = result_row(solution.work["without"], owner.name)["ticket_points"]
        lines = [f"A station lets its owner use one route of another player that enters or leaves its "
                 f"city, for tickets only. At {m.cities[city].name} the choices are: {names}."]
        for option, w in sorted(solution.work["options"].items(), key=lambda kv: (-kv[1], _pair_text(m, kv[0]))):
            lines.append(f"- borrowing {_pair_text(m, option)}: {_signed(w)} ticket points")
        lines.append(f"With the best choice, {owner.name}'s tickets:")
        lines += ticket_lines(m, pos, owner, solution.work["result"])
        lines.append(f"The best is to borrow {_pair_text(m, pair)}: {owner.name}'s tickets score "
                     f"{_signed(row['ticket_points'])} instead of {_signed(before)} without it, so the choice "
                     f"is worth {_points(worth)}.")
        return "\n".join(lines)

    def candidates(self, source, level, rng):
        for pos in source.positions_with_stations(rng):
            cities = sorted(pos.station_owners)
            rng.shuffle(cities)
            for c in cities:
                yield pos, {"station": c}

    def why_dull(self, puzzle, solution, level):
        pair, worth = solution.answer
        if pair is None or worth <= 0:
            return "the station borrows nothing useful"
        if self.ambiguity(puzzle, solution):
            return "two routes are equally good"
        pos, city = puzzle.position, puzzle.params["station"]
        seat = pos.station_owners[city]
        options = {route_pair(r) for r in puzzle.map.routes_at(city) if pos.owners.get(r.index) not in (None, seat)}
        if len(options) < 2:
            return "there is no choice to make: one route only"
        if level == "introductory" and (len(puzzle.position.players) > 3 or len(options) > 3):
            return "beginners: at most three routes to choose from"
        if level == "expert":
            result, without = solution.work["result"], solution.work["without"]
            row = solution.work["row"]
            used_for = next(s["used_for"] for s in row["stations_used"] if s["city"] == city)
            useful = sum(w > 0 for w in solution.work["options"].values())
            if result["winner"] == without["winner"] and len(used_for) < 2 and useful < 2:
                return ("an expert station puzzle needs a station that changes the winner, serves two "
                        "tickets, or chooses between two useful routes")
        return None


def _without_station(pos, name, city):
    """The position with ``name``'s station in ``city`` removed (to value what it borrows)."""
    from ....engine.position import Position

    d = pos.to_dict()
    for p in d["players"]:
        if p["name"] == name:
            p["stations"] = [c for c in p["stations"] if c != city]
    return Position.from_dict(d)


WINNER_WAYS = ("points", "tickets", "stations", "longest", "tie")
WAY_LABELS = {"points": "most points", "tickets": "most completed tickets",
              "stations": "fewest stations built", "longest": "longest route bonus",
              "tie": "nobody: a full tie"}


class Winner(Kind):
    name = "winner"
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
            parts = f"routes {r['route_points']}, tickets {_signed(r['ticket_points'])}"
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


SCORING_KINDS = [TotalScore(), RoutePoints(), TicketsCompleted(), LongestRoute(), StationChoice(), Winner()]
