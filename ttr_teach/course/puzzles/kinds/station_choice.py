"""The kind ``station_choice`` (Europe): the route a station should borrow at the end of the
game, and how many points that choice adds."""
from __future__ import annotations

from ....engine.errors import MapError
from ....engine.i18n import N_, gettext, ngettext
from ....engine.position import Position
from ....engine.scoring import score_position
from ....engine.text import listing
from ....engine.tickets import station_choices
from ...exercises import NumberExercise
from ..answers import CityPairExercise, CompositeExercise
from .base import Kind, Solution, both_ways, need, not_of_form, pair_name, read_city_pair, read_int
from .scored import (
    borrowed_routes,
    pair_text,
    points_text,
    result_row,
    route_pair,
    signed,
    ticket_highlights,
    ticket_lines,
)


class StationChoice(Kind):
    name = "station_choice"
    uses_tickets = True
    title = N_("the best route for a station to borrow")
    maps = ("europe",)
    fields = {"station": (True, "the city of the station asked about")}
    #: Stations are built more often with more players: the generator's table of player counts.
    players = {"introductory": (2, 3), "intermediate": (3, 4), "expert": (3, 4)}
    answer_format = "{route: [city, city], worth: N}: the route to borrow and the points that choice adds"

    def read_params(self, doc, m, pos):
        city = need(doc, "station")
        if not isinstance(city, str):
            doc.fail(("station",), gettext("{value} is not a city").format(value=repr(city)))
        try:
            cid = m.city_id(city)
        except MapError as e:
            doc.fail(("station",), str(e))
        if cid not in pos.station_owners:
            doc.fail(("station",), gettext("there is no station in {city} in the position").format(
                city=m.cities[cid].name))
        return {"station": cid}

    def params_data(self, params, m):
        return {"station": params["station"]}

    def read_answer(self, doc, m, pos, params):
        value = need(doc, "answer")
        if not isinstance(value, dict) or set(value) != {"route", "worth"}:
            doc.fail(("answer",), not_of_form(value, "{route: [city, city], worth: N}"))
        a, b = read_city_pair(doc, ("answer", "route"), m, N_("{value} is not a route such as [Paris, Wien]"))
        if params["station"] not in (a, b):
            doc.fail(("answer", "route"), gettext("the route must start or end at the station's city ({city})").format(
                city=m.cities[params["station"]].name))
        if not m.routes_between(a, b):
            doc.fail(("answer", "route"), gettext("there is no route between {a} and {b}").format(
                a=m.cities[a].name, b=m.cities[b].name))
        return (frozenset((a, b)), read_int(doc, ("answer", "worth"),
                                            refusal=N_("{value} is not a whole number of points")))

    def answer_data(self, answer, m):
        pair, worth = answer
        return {"route": sorted(pair) if pair is not None else None, "worth": worth}

    def show(self, answer, m):
        pair, worth = answer
        if pair is None:
            return gettext("borrow nothing")
        return gettext("borrow {route}, worth {points}").format(route=pair_text(m, pair), points=points_text(worth))

    def mentions(self, answer, m):
        pair, worth = answer
        if pair is None:
            return ["nothing"]
        return [tuple(f"borrow {name}" for name in both_ways(m, *sorted(pair))), str(worth)]

    def _owner(self, puzzle):
        return puzzle.position.players[puzzle.position.station_owners[puzzle.params["station"]]]

    def solve(self, puzzle):
        _m, pos, city = puzzle.map, puzzle.position, puzzle.params["station"]
        owner = self._owner(puzzle)
        result = score_position(pos)
        row = result_row(result, owner.name)
        # the best ticket points with this station's choice fixed, the others free
        best: dict[frozenset | None, int] = {}
        for entry in station_choices(pos, owner.name, with_paths=False):
            route = entry.choice[city]
            key = None if route is None else route_pair(route)
            best.setdefault(key, entry.ticket_points)
        options: dict[frozenset | None, int] = {pair: points - best[None] for pair, points in best.items()
                                                if pair is not None}
        route = borrowed_routes(pos, owner.name).get(city)
        chosen = route_pair(route) if route is not None else None
        worth = options.get(chosen, 0)
        without = score_position(without_station(pos, owner.name, city))
        return Solution((chosen, worth), {"result": result, "row": row, "owner": owner.name,
                                          "options": options, "without": without})

    def ambiguity(self, puzzle, solution):
        pair, worth = solution.answer
        equal = sorted(pair_text(puzzle.map, p) for p, w in solution.work["options"].items()
                       if w == worth and p != pair)
        if pair is not None and equal and worth > 0:
            return ngettext("{others} would be worth as much as {route}: the puzzle has no single answer",
                            "{others} would be worth as much as {route}: the puzzle has no single answer",
                            len(equal)).format(others=gettext(", ").join(equal), route=pair_text(puzzle.map, pair))
        return None

    def question(self, params, m, pos):
        owner = pos.players[pos.station_owners[params["station"]]]
        return gettext("{player} has a station in {city}. Which route should it borrow at the end of the game, and "
                       "how many points does that choice add to {player}'s score (compared with borrowing "
                       "nothing)?").format(player=owner.name, city=m.cities[params["station"]].name)

    def exercise(self, puzzle):
        pair, worth = puzzle.answer
        parts = [("route", gettext("route"),
                  CityPairExercise("", puzzle.map, sorted(pair), station=puzzle.params["station"])),
                 ("worth", gettext("worth"), NumberExercise("", worth, unit="points"))]
        return CompositeExercise(puzzle.question + " " + gettext("(City-City; points)"), parts, hint=puzzle.hint,
                                 solution=puzzle.explanation)

    def highlight(self, puzzle, solution):
        owner = self._owner(puzzle)
        return [{"station": puzzle.params["station"]}] + ticket_highlights(owner)

    def question_highlight(self, puzzle):
        city = puzzle.params["station"]
        return [{"cities": [city], "label": gettext("{player}’s station in {city}").format(
            player=self._owner(puzzle).name, city=puzzle.map.cities[city].name)}]

    def hint(self, puzzle, solution):
        return gettext("List the other players' routes that touch the station's city: only those can be "
                       "borrowed, and only one of them. Which one completes the most ticket points? A ticket "
                       "completed changes the score twice: its points are no longer lost, and they are won.")

    def explain(self, puzzle, solution):
        m, pos, city = puzzle.map, puzzle.position, puzzle.params["station"]
        owner = self._owner(puzzle)
        row = solution.work["row"]
        options = [r for r in m.routes_at(city) if pos.owners.get(r.index) not in (None, pos.players.index(owner))]
        names = listing(f"{pair_name(m, r)} ({pos.players[pos.owners[r.index]].name})" for r in options)
        pair, worth = solution.answer
        before = result_row(solution.work["without"], owner.name)["ticket_points"]
        lines = [gettext("A station lets its owner use one route of another player that enters or leaves its city, "
                         "for tickets only. At {city} the choices are: {routes}.").format(city=m.cities[city].name,
                                                                                        routes=names)]
        for option, w in sorted(solution.work["options"].items(), key=lambda kv: (-kv[1], pair_text(m, kv[0]))):
            lines.append("- " + gettext("borrowing {route}: {points} ticket points").format(
                route=pair_text(m, option), points=signed(w)))
        lines.append(gettext("With the best choice, {player}'s tickets:").format(player=owner.name))
        lines += ticket_lines(m, pos, owner, solution.work["result"])
        lines.append(gettext("The best is to borrow {route}: {player}'s tickets score {points} instead of {before} "
                             "without it, so the choice is worth {worth}.").format(
            route=pair_text(m, pair), player=owner.name, points=signed(row["ticket_points"]), before=signed(before),
            worth=points_text(worth)))
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


def without_station(pos, name, city):
    """The position with ``name``'s station in ``city`` removed (to value what it borrows)."""
    d = pos.to_dict()
    for p in d["players"]:
        if p["name"] == name:
            p["stations"] = [c for c in p["stations"] if c != city]
    return Position.from_dict(d)
