"""Final scoring of a position, exactly as the rulebooks count it.

1. route points, by the map's scoring table;
2. tickets: + value when completed (own routes, plus in Europe one borrowed route per station,
   chosen to the owner's best advantage), - value when not;
3. Europe: points for each station kept in reserve;
4. the longest-route bonus to every player tied for the longest trail of their own routes
   (stations and opponents' routes never count);
5. the winner: most points, then the map's tie-breakers; ``None`` if they leave a tie.

>>> result = score_position({"map": "europe", "players": [
...     {"name": "red", "routes": [["Paris", "Frankfurt", "white"], ["Frankfurt", "Munchen"]],
...      "stations": ["Wien"], "tickets": [["Paris", "Wien"]]},
...     {"name": "blue", "routes": [["Munchen", "Wien"]], "tickets": [["Berlin", "Roma"]]}]})
>>> red, blue = result["players"]
>>> red["route_points"], red["ticket_points"], red["station_points"], red["longest_bonus"], red["total"]
(6, 8, 8, 10, 32)
>>> blue["route_points"], blue["ticket_points"], blue["station_points"], blue["longest_bonus"], blue["total"]
(4, -9, 12, 0, 7)
>>> result["winner"], result["decided_by"]
('red', 'points')

Red: Paris–Frankfurt (3 trains, 4 points) and Frankfurt–München (2 trains, 2 points); the
station in Wien borrows blue's München–Wien, which completes Paris–Wien (+8); two stations
unbuilt (+8); red's trail of 5 trains beats blue's 3 (+10). Blue: München–Wien (4 points),
Berlin–Roma failed (-9), three stations unbuilt (+12).
"""
from __future__ import annotations

from .longest import longest_route
from .position import Position, load_position, route_spec
from .rules import FEWEST_STATIONS, LONGEST_HOLDER, MOST_TICKETS
from .tickets import outcome_to_dict, ticket_result


def score_position(position) -> dict:
    """Score ``position`` (a dict, a file path, a :class:`Position` or a Game).

    Returns the result format of DESIGN.md: ``{"players": [...], "winner": name or None}``,
    each player with ``name, route_points, ticket_points, tickets_completed, station_points,
    stations_built, longest_route, longest_bonus, total, tickets, stations_used`` and also
    ``color, trains_left, tickets_failed, longest_route_path`` (``length``, ``cities``,
    route specs and ``steps`` ``[route index, from, to]`` for drawing). The result also says
    which rule decided the winner (``decided_by``: "points", a tie-breaker, or None), who is
    still ``tied`` when the tie-breakers leave a tie, and ``tie_break``: how, in words.

    Every number comes from the map's :class:`~ttr_teach.engine.rules.RuleSet`. The longest-route
    bonus needs a route: with no routes at all, nobody gets it.

    Complexity: one longest-trail search and one station enumeration per player; a few
    milliseconds for the densest 45-train networks (see ``bench/scoring.py``).
    """
    position = load_position(position)
    rules = position.map.rules
    players = [_score_player(position, seat) for seat in range(len(position.players))]
    best_trail = max(p["longest_route"] for p in players)
    for p in players:
        p["longest_bonus"] = rules.longest_bonus if best_trail > 0 and p["longest_route"] == best_trail else 0
        p["total"] = (p["route_points"] + p["ticket_points"] + p["station_points"] + p["longest_bonus"])
    winner, decided_by, tied, why = _winner(players, rules.tie_breakers)
    return {"map": position.map.name, "players": players, "winner": winner,
            "decided_by": decided_by, "tied": tied, "tie_break": why}


def _score_player(position: Position, seat: int) -> dict:
    m = position.map
    rules = m.rules
    me = position.players[seat]
    tickets = ticket_result(position, seat)
    trail = longest_route(me.routes)
    trail_routes = [me.routes[i] for i in trail.edge_indices]
    names = {i: p.name for i, p in enumerate(position.players)}
    owners = position.owners
    stations_used = []
    for city in me.stations:
        route = tickets.borrowed.get(city)
        stations_used.append({
            "city": city,
            "route": route_spec(m, route) if route else None,
            "route_index": route.index if route else None,
            "route_owner": names[owners[route.index]] if route else None,
            "used_for": [f"{o.ticket.a}–{o.ticket.b}" for o in tickets.outcomes
                         if route is not None and route in o.borrowed],
        })
    return {
        "name": me.name,
        "color": me.color,
        "route_points": sum(rules.route_points(r.length) for r in me.routes),
        "ticket_points": tickets.ticket_points,
        "tickets_completed": tickets.completed,
        "tickets_failed": len(tickets.outcomes) - tickets.completed,
        "station_points": rules.unused_station_points * (rules.stations_per_player - len(me.stations)),
        "stations_built": len(me.stations),
        "longest_route": trail.length,
        "longest_bonus": 0,
        "total": 0,
        "trains_left": me.trains_left,
        "tickets": [outcome_to_dict(position, o) for o in tickets.outcomes],
        "stations_used": stations_used,
        "longest_route_path": {"length": trail.length, "cities": list(trail.cities),
                               "routes": [route_spec(m, r) for r in trail_routes],
                               "steps": [[r.index, a, b] for r, (a, b, _) in zip(trail_routes, trail.edges)]},
    }


#: How each tie-breaker ranks a player's result (higher is better).
_TIE_BREAK_KEYS = {
    MOST_TICKETS: lambda p: p["tickets_completed"],
    FEWEST_STATIONS: lambda p: -p["stations_built"],
    LONGEST_HOLDER: lambda p: 1 if p["longest_bonus"] else 0,
}


#: What each tie-breaker looks at, in words, for the explanation.
_TIE_BREAK_WORDS = {
    MOST_TICKETS: lambda p: f"{p['tickets_completed']} completed",
    FEWEST_STATIONS: lambda p: f"{p['stations_built']} built",
    LONGEST_HOLDER: lambda p: "holds it" if p["longest_bonus"] else "does not hold it",
}


def _winner(players: list, tie_breakers) -> tuple:
    """``(winner name or None, the rule that decided, names still tied, why in words)``."""
    top = max(p["total"] for p in players)
    contenders = [p for p in players if p["total"] == top]
    if len(contenders) == 1:
        return contenders[0]["name"], "points", [], f"{contenders[0]['name']} has the most points ({top})."
    why = [f"{_names(contenders)} are tied on {top} points."]
    for rule in tie_breakers:
        key = _TIE_BREAK_KEYS[rule]
        best = max(key(p) for p in contenders)
        words = ", ".join(f"{p['name']} {_TIE_BREAK_WORDS[rule](p)}" for p in contenders)
        contenders = [p for p in contenders if key(p) == best]
        why.append(f"{rule[0].upper()}{rule[1:]}: {words}.")
        if len(contenders) == 1:
            why.append(f"{contenders[0]['name']} wins.")
            return contenders[0]["name"], rule, [], " ".join(why)
    why.append(f"Still tied: {_names(contenders)}; there is no winner.")
    return None, None, [p["name"] for p in contenders], " ".join(why)


def _names(players) -> str:
    names = [p["name"] for p in players]
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]
