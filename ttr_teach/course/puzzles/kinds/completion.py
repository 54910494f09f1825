"""Cheapest-completion puzzles: how many more trains does a player need to complete a ticket?

The routes the player owns cost nothing; routes others own are closed, and so is the second
route of a double route in a 2-3 player game once the first is taken; in Europe each of the
player's stations may borrow one route of another player (``use_stations: false`` ignores
them). The engine's answer comes from :func:`ttr_teach.algorithms.planning.cheapest_completion`.
"""
from __future__ import annotations

from ....algorithms.planning import cheapest_completion, cheapest_network
from ....engine.claims import why_route_unavailable
from ....engine.i18n import N_, gettext, ngettext
from ....engine.text import listing
from ...exercises import NumberExercise
from .base import Kind, Solution, pair_name, read_int, read_player, read_ticket


def _rows_text(m, rows) -> str:
    return listing(f"{m.cities[a].name}–{m.cities[b].name} ({n})" for a, b, n, _ in rows)


def _path_order(rows, start) -> list:
    """Rows ``[a, b, length, colour]`` of a path, in travel order from ``start`` (rows that
    do not continue the path are left at the end, as given)."""
    rest, here = list(rows), start
    out: list = []
    while True:
        step = next((r for r in rest if here in r[:2]), None)
        if step is None:
            return out + rest
        rest.remove(step)
        out.append(step if step[0] == here else [step[1], step[0], *step[2:]])
        here = out[-1][1]


def _closed_rows(pos, player, rows) -> list:
    """The rows ``[a, b, length, colour]`` none of whose routes ``player`` owns or may claim."""
    m, owners = pos.map, pos.owners
    seat = pos.seat(player)
    closed = []
    for row in rows:
        routes = m.routes_between(row[0], row[1])
        if not any(owners.get(r.index) == seat
                   or why_route_unavailable(m, len(pos.players), owners, r, seat) is None for r in routes):
            closed.append(row)
    return closed


def _why_closed(pos, row) -> str:
    m, owners = pos.map, pos.owners
    routes = m.routes_between(row[0], row[1])
    who = sorted({pos.players[owners[r.index]].name for r in routes if r.index in owners})
    name = f"{m.cities[row[0]].name}–{m.cities[row[1]].name}"
    if len(routes) == 1:
        return gettext("{route} belongs to {player}").format(route=name, player=who[0])
    if len(who) == 2:
        return gettext("both halves of the double route {route} are taken, by {player} and {other}").format(
            route=name, player=who[0], other=who[1])
    return gettext("{player} owns one half of the double route {route}, and with {n} players the other half is "
                   "closed (in a 2 or 3 player game only one half of a double route is used)").format(
        player=who[0], route=name, n=len(pos.players))


def _closed_doubles(pos, player, rows) -> list:
    """The closed rows that are double routes: the free half is closed by the 2-3 player rule."""
    return [r for r in _closed_rows(pos, player, rows) if len(pos.map.routes_between(r[0], r[1])) == 2
            and not pos.map.rules.double_routes_both_usable(len(pos.players))]


class CheapestCompletion(Kind):
    name = "cheapest_completion"
    uses_tickets = True
    title = N_("the fewest trains needed to complete a ticket")
    fields = {"player": (True, "whose ticket"),
              "ticket": (True, "the ticket, [city, city]; the player must hold it"),
              "use_stations": (False, "true (default) or false: may the player's stations borrow routes?")}
    answer_format = "a whole number of trains"

    def read_params(self, doc, m, pos):
        player = read_player(doc, pos)
        ticket = read_ticket(doc, ("ticket",), m)
        if ticket not in pos.player(player).tickets:
            doc.fail(("ticket",), gettext("{player} does not hold the ticket {ticket}").format(
                player=player, ticket=pair_name(m, ticket)))
        use = doc.data.get("use_stations", True)
        if not isinstance(use, bool):
            doc.fail(("use_stations",), gettext("{value} is not true or false").format(value=repr(use)))
        return {"player": player, "ticket": ticket, "use_stations": use}

    def params_data(self, params, m):
        d = {"player": params["player"], "ticket": [params["ticket"].a, params["ticket"].b]}
        if not params["use_stations"]:
            d["use_stations"] = False
        return d

    def read_answer(self, doc, m, pos, params):
        return read_int(doc, ("answer",), low=0, refusal=N_("{value} is not a whole number of trains"))

    def show(self, answer, m):
        return gettext("impossible") if answer is None else ngettext("{n} train", "{n} trains", answer).format(n=answer)

    def mentions(self, answer, m):
        return [self.show(answer, m)]

    def solve(self, puzzle):
        p = puzzle.params
        t = p["ticket"]
        done = cheapest_completion(puzzle.position, p["player"], [(t.a, t.b)], p["use_stations"])
        empty = cheapest_network(puzzle.map, [(t.a, t.b)])
        return Solution(done.trains, {"completion": done.to_dict(), "empty_map": empty.trains,
                                      "empty_routes": _path_order(empty.to_dict()["routes"], t.a)})

    def question(self, params, m, pos):
        t = params["ticket"]
        asked = (gettext("How many more trains does {player} need, at the least, to complete the ticket {ticket}?")
                 if params["use_stations"] else
                 gettext("How many more trains does {player} need, at the least, to complete the ticket {ticket} "
                         "(without using stations)?"))
        return asked.format(player=params["player"], ticket=pair_name(m, t))

    def exercise(self, puzzle):
        return NumberExercise(puzzle.question, puzzle.answer,
                              unit="trains", hint=puzzle.hint, solution=puzzle.explanation)

    def highlight(self, puzzle, solution):
        done, m = solution.work["completion"], puzzle.map
        out = []
        if done["routes"]:
            out.append({"routes": [r[:2] + [r[3]] if len(m.routes_between(r[0], r[1])) > 1 else r[:2]
                                   for r in done["routes"]],
                        "label": ngettext("to claim: {n} train", "to claim: {n} trains", done["trains"]).format(
                            n=done["trains"])})
        if done["owned"]:
            out.append({"routes": [r[:2] + [r[3]] if len(m.routes_between(r[0], r[1])) > 1 else r[:2]
                                   for r in done["owned"]],
                        "label": gettext("{player}'s own routes (free)").format(player=puzzle.params["player"])})
        for b in done["borrowed"]:
            out.append({"station": b["station"]})
        t = puzzle.params["ticket"]
        out.append({"cities": [t.a, t.b], "label": gettext("ticket {ticket}").format(ticket=pair_name(m, t))})
        return out

    def question_highlight(self, puzzle):
        t = puzzle.params["ticket"]
        return [{"cities": [t.a, t.b], "label": gettext("{player}'s ticket {ticket}").format(
            player=puzzle.params["player"], ticket=pair_name(puzzle.map, t))}]

    def hint(self, puzzle, solution):
        me = puzzle.position.player(puzzle.params["player"])
        text = gettext("{player}'s own routes cost nothing and routes other players own are closed. Look for "
                       "the path whose free routes add up to the fewest trains; it need not be the shortest path "
                       "on an empty map.").format(player=me.name)
        if me.stations and puzzle.params["use_stations"]:
            where = listing(puzzle.map.cities[c].name for c in me.stations)
            text += " " + gettext("And {player} has a station ({where}): it may borrow one route of another "
                                  "player there.").format(player=me.name, where=where)
        return text

    def explain(self, puzzle, solution):
        m, p = puzzle.map, puzzle.params
        done, t = solution.work["completion"], p["ticket"]
        name, me = p["player"], puzzle.position.player(p["player"])
        if solution.answer is None:
            return gettext("{player} cannot complete {ticket} any more: every path between {a} and {b} uses a route "
                           "that is closed to them. The answer is impossible.").format(
                player=name, ticket=pair_name(m, t), a=m.cities[t.a].name, b=m.cities[t.b].name)
        empty = solution.work["empty_map"]
        lines = [ngettext("On an empty map {ticket} takes {n} train ({routes}).",
                          "On an empty map {ticket} takes {n} trains ({routes}).", empty).format(
            ticket=pair_name(m, t), n=empty, routes=_rows_text(m, solution.work["empty_routes"]))]
        if done["owned"]:
            lines.append(gettext("{player} already owns {routes}: these cost nothing.").format(
                player=name, routes=_rows_text(m, done["owned"])))
        for b in done["borrowed"]:
            a, c = b["route"][:2]
            lines.append(gettext("{player}'s station in {city} borrows {owner}'s {route}: it costs nothing "
                                 "either.").format(player=name, city=m.cities[b["station"]].name, owner=b["owner"],
                                                   route=f"{m.cities[a].name}–{m.cities[c].name}"))
        if done["routes"]:
            lines.append(ngettext("The cheapest way is to claim {routes}: {n} train.",
                                  "The cheapest way is to claim {routes}: {n} trains.", solution.answer).format(
                routes=_rows_text(m, done["routes"]), n=solution.answer))
        else:
            lines.append(gettext("Nothing is left to claim: the ticket is complete already, so the answer is 0 "
                                 "trains."))
        borrowed = [frozenset(b["route"][:2]) for b in done["borrowed"]]
        closed = [r for r in _closed_rows(puzzle.position, name, solution.work["empty_routes"])
                  if frozenset(r[:2]) not in borrowed]
        if closed:
            why = gettext("; ").join(_why_closed(puzzle.position, row) for row in closed)
            lines.append(gettext("The empty-map path is not open to {player}: {why}.").format(player=name, why=why))
        left = me.trains_left
        lines.append((ngettext("{player} has {n} train left: enough for this.",
                               "{player} has {n} trains left: enough for this.", left)
                      if solution.answer <= left else
                      ngettext("{player} has {n} train left: not enough for this.",
                               "{player} has {n} trains left: not enough for this.", left)).format(player=name, n=left))
        return "\n".join(lines)

    def candidates(self, source, level, rng):
        for pos in source.positions(level, rng):
            players = list(pos.players)
            rng.shuffle(players)
            for me in players:
                for t in me.tickets:
                    yield pos, {"player": me.name, "ticket": t, "use_stations": True}

    def why_dull(self, puzzle, solution, level):
        done = solution.work["completion"]
        me = puzzle.position.player(puzzle.params["player"])
        if solution.answer is None or solution.answer == 0:
            return "the ticket is complete already or cannot be completed"
        if solution.answer > me.trains_left:
            return "the player has not enough trains left"
        if not done["owned"] and not done["borrowed"]:
            return "the player's own routes do not help"
        if level == "introductory":
            return None if solution.answer <= 8 else "too many trains for an introductory puzzle"
        changed = solution.answer != solution.work["empty_map"] - sum(r[2] for r in done["owned"])
        if level == "intermediate":
            return None if changed or done["borrowed"] else "the plain shortest path answers it"
        if done["borrowed"] or _closed_doubles(puzzle.position, me.name, solution.work["empty_routes"]):
            return None
        return "an expert completion puzzle needs a station to borrow a route or a closed double route"
