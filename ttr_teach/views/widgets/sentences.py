"""The sandbox's words: labels of routes and tickets, sentences about the board, the score table.

Every function reads a :class:`~ttr_teach.engine.position.Position` and, where points are
involved, its :class:`~ttr_teach.engine.scoring.Score` from the engine; nothing here decides a
rule or a point. :class:`~ttr_teach.views.widgets.model.SandboxModel` and the panel
(:mod:`~ttr_teach.views.widgets.panel_html`) say what these functions write.

>>> from ttr_teach.engine.position import Position
>>> pos = Position.from_dict({"map": "europe", "players": [
...     {"name": "Ann", "routes": [["Paris", "Frankfurt", "white"]], "tickets": [["Paris", "Wien"]]},
...     {"name": "Bo"}]})
>>> print(describe_route(pos, pos.map.route("Paris", "Frankfurt", "orange")))
Frankfurt–Paris: 3 orange spaces, 4 points; double route (the white half is Ann’s); unclaimed.
>>> print(ticket_text(pos, pos.map.ticket("Paris", "Wien")))
Ann’s ticket Paris–Wien (8): not completed.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.i18n import gettext, ngettext, pgettext
from ...engine.maps import City, Map, Route, Ticket
from ...engine.position import Position, half_side
from ...engine.scoring import Score
from ...engine.scoring import score as score_of
from ...engine.text import colour_name

#: The side of the board a half of a double route lies on, in the language spoken.
SIDE_WORDS = {"upper": lambda: pgettext("side", "upper"), "lower": lambda: pgettext("side", "lower"),
              "left": lambda: pgettext("side", "left"), "right": lambda: pgettext("side", "right")}


def route_colour(map, route: Route) -> str:
    """The route's colour, with the side of the board it lies on when the two halves of its
    double route have the same colour (the engine's
    :func:`~ttr_teach.engine.position.half_side`, the words a position file uses too):
    ``white``, ``upper gray``."""
    side = half_side(map, route)
    if not side:
        return colour_name(route.color)
    return gettext("{side} {colour}").format(side=SIDE_WORDS[side](), colour=colour_name(route.color))


def route_label(map, route: Route) -> str:
    """``Paris–Frankfurt (white)``: a route's cities and its colour (see :func:`route_colour`).

    >>> from ttr_teach.engine.maps import load_map
    >>> m = load_map("europe")
    >>> [route_label(m, r) for r in m.routes_between("Kobenhavn", "Essen")]
    ['Essen–København (left gray)', 'Essen–København (right gray)']
    """
    return gettext("{a}–{b} ({colour})").format(a=map.cities[route.a].name, b=map.cities[route.b].name,
                                                 colour=route_colour(map, route))


def ticket_label(map, ticket: Ticket) -> str:
    """``Paris–Wien (8)``."""
    return f"{map.cities[ticket.a].name}–{map.cities[ticket.b].name} ({ticket.points})"


def ticket_status(score, seat: int, ticket: Ticket):
    """True/False: whether the scorer found ``ticket`` completed for player ``seat`` in
    ``score`` (a :class:`~ttr_teach.engine.scoring.Score`); None if they do not hold it."""
    outcome = score.players[seat].outcome(ticket)
    return None if outcome is None else outcome.completed


def describe_route(pos, route: Route) -> str:
    """A sentence about ``route``: length, colour, points, tunnel, ferry, owner."""
    m = pos.map
    points = m.rules.route_points(route.length)
    parts = [gettext("{a}–{b}: {spaces}, {points}").format(
        a=m.cities[route.a].name, b=m.cities[route.b].name,
        spaces=ngettext("{n} {colour} space", "{n} {colour} spaces", route.length).format(
            n=route.length, colour=colour_name(route.color)),
        points=ngettext("{n} point", "{n} points", points).format(n=points))]
    if route.tunnel:
        parts.append(ngettext("tunnel ({n} card is turned up when it is claimed)",
                              "tunnel ({n} cards are turned up when it is claimed)",
                              m.rules.tunnel_reveal).format(n=m.rules.tunnel_reveal))
    if route.locomotives:
        parts.append(ngettext("ferry (needs {n} locomotive)", "ferry (needs {n} locomotives)",
                              route.locomotives).format(n=route.locomotives))
    partner = m.partner(route)
    if partner is not None:
        other = pos.owners.get(partner.index)
        parts.append(gettext("double route (the {colour} half is unclaimed)").format(colour=colour_name(partner.color))
                     if other is None else gettext("double route (the {colour} half is {player}’s)").format(
                         colour=colour_name(partner.color), player=pos.players[other].name))
    owner = pos.owners.get(route.index)
    parts.append(gettext("unclaimed") if owner is None else
                 gettext("claimed by {player} ({colour})").format(player=pos.players[owner].name,
                                                                  colour=colour_name(pos.players[owner].color)))
    return gettext("; ").join(parts) + gettext(".")


def describe_city(pos, city) -> str:
    """A sentence about ``city``: its routes and its station (and the route the station
    borrows, as the scorer chose it)."""
    m = pos.map
    cid = m.city_id(city.id if isinstance(city, City) else city)
    routes = m.routes_at(cid)
    neighbours = {r.other_end(cid) for r in routes}
    text = gettext("{city}: {routes} to {cities}").format(
        city=m.cities[cid].name, routes=ngettext("{n} route", "{n} routes", len(routes)).format(n=len(routes)),
        cities=ngettext("{n} city", "{n} cities", len(neighbours)).format(n=len(neighbours)))
    owner = pos.station_owners.get(cid)
    if owner is None:
        if m.rules.has_stations:
            text += gettext("; no station")
    else:
        borrowed = score_of(pos).players[owner].borrowed.get(cid)
        name = pos.players[owner].name
        text += (gettext("; {player}’s station, which borrows {route}").format(player=name,
                                                                                route=route_label(m, borrowed))
                 if borrowed is not None else gettext("; {player}’s station, which borrows no route").format(
                     player=name))
    return text + gettext(".")


def describe_step(before, after) -> str:
    """A short sentence saying how position ``after`` differs from ``before`` (for undo)."""
    m = after.map
    if [p.name for p in before.players] != [p.name for p in after.players] or \
            [p.color for p in before.players] != [p.color for p in after.players]:
        return gettext("the players are as they were")
    b_own, a_own = before.owners, after.owners
    for index in sorted(set(b_own) | set(a_own)):
        if b_own.get(index) != a_own.get(index):
            owner = a_own.get(index)
            name = route_label(m, m.routes[index])
            return (gettext("{route} is unclaimed").format(route=name) if owner is None
                    else gettext("{route} is {player}’s again").format(route=name, player=after.players[owner].name))
    b_st, a_st = before.station_owners, after.station_owners
    for cid in sorted(set(b_st) | set(a_st)):
        if b_st.get(cid) != a_st.get(cid):
            owner = a_st.get(cid)
            where = m.cities[cid].name
            return (gettext("no station in {city}").format(city=where) if owner is None
                    else gettext("{player}’s station in {city} is back").format(player=after.players[owner].name,
                                                                              city=where))
    return gettext("the tickets are as they were")


def ticket_text(pos, ticket: Ticket) -> str:
    """Whose ``ticket`` it is and whether it is completed."""
    m = pos.map
    for seat, p in enumerate(pos.players):
        if ticket in p.tickets:
            done = ticket_status(score_of(pos), seat, ticket)
            return (gettext("{player}’s ticket {ticket}: completed.") if done else
                    gettext("{player}’s ticket {ticket}: not completed.")).format(player=p.name,
                                                                                 ticket=ticket_label(m, ticket))
    return gettext("Ticket {ticket}: nobody holds it.").format(ticket=ticket_label(m, ticket))


def score_rows(pos) -> list:
    """One row per player for the score table, from the position's score (plus ``winner``)."""
    result = score_of(pos)
    return [{"name": s.name, "color": s.color, "route_points": s.route_points,
             "tickets_completed": s.tickets_completed, "tickets_failed": s.tickets_failed,
             "ticket_points": s.ticket_points, "stations_built": s.stations_built,
             "station_points": s.station_points, "longest_route": s.longest_route,
             "longest_bonus": s.longest_bonus, "total": s.total, "trains_left": s.trains_left,
             "winner": result.winner == s.name}
            for s in result.players]


def score_table_text(pos) -> str:
    """The score table as plain text (what the panel shows, without colours)."""
    head = [gettext("player"), gettext("routes"), gettext("tickets"), gettext("stations"), gettext("longest"),
            gettext("bonus"), gettext("total"), gettext("trains left")]
    lines = []
    for r in score_rows(pos):
        lines.append([r["name"], str(r["route_points"]),
                      f"{r['tickets_completed']} ✓ {r['tickets_failed']} ✗ {r['ticket_points']:+d}",
                      str(r["station_points"]), str(r["longest_route"]), str(r["longest_bonus"]),
                      str(r["total"]), str(r["trains_left"])])
    widths = [max(len(h), *(len(line[k]) for line in lines)) for k, h in enumerate(head)]
    out = ["  ".join(h.ljust(w) if k == 0 else h.rjust(w) for k, (h, w) in enumerate(zip(head, widths, strict=True)))]
    for line in lines:
        out.append("  ".join(c.ljust(w) if k == 0 else c.rjust(w)
                             for k, (c, w) in enumerate(zip(line, widths, strict=True))))
    winner = score_of(pos).winner
    out.append(gettext("winner: {player}").format(player=winner) if winner else gettext("winner: none (a tie)"))
    return "\n".join(line.rstrip() for line in out)


class SandboxText:
    """The words of :class:`~ttr_teach.views.widgets.model.SandboxModel` about its current
    ``position`` (and its ``score``): what the panel and the hover box say."""

    if TYPE_CHECKING:   # what the model that mixes these words in provides
        @property
        def position(self) -> Position: ...

        @property
        def map(self) -> Map: ...

        @property
        def score(self) -> Score: ...

        def item_at(self, x: float, y: float) -> City | Route | None: ...

    def describe_route(self, route) -> str:
        """A sentence about ``route``: length, colour, points, tunnel, ferry, owner."""
        return describe_route(self.position, self.map.find_route(route))

    def describe_city(self, city) -> str:
        """A sentence about ``city``: its routes and its station."""
        return describe_city(self.position, city)

    @staticmethod
    def describe_step(before, after) -> str:
        """How position ``after`` differs from ``before``, in a few words (for undo and redo)."""
        return describe_step(before, after)

    def hover(self, x: float, y: float) -> str:
        """What the board says about the point ``(x, y)`` (empty when nothing is there)."""
        item = self.item_at(x, y)
        if isinstance(item, Route):
            return self.describe_route(item)
        if isinstance(item, City):
            return self.describe_city(item)
        return ""

    def borrowed_route(self, seat: int, city: str):
        """The route the scorer lets ``seat``'s station in ``city`` borrow, or None."""
        return self.score.players[seat].borrowed.get(city)

    def station_tickets(self, seat: int, city: str) -> list:
        """The tickets (:class:`~ttr_teach.engine.maps.Ticket`) that ``seat``'s station in
        ``city`` helps to complete."""
        use = next((s for s in self.score.players[seat].stations if s.city == city), None)
        return list(use.used_for) if use is not None else []

    def ticket_text(self, ticket) -> str:
        """Whose ``ticket`` it is and whether it is completed."""
        return ticket_text(self.position, self.map.find_ticket(ticket))

    def score_rows(self) -> list:
        """One row per player for the score table (plus ``winner`` marks)."""
        return score_rows(self.position)

    def score_table_text(self) -> str:
        """The score table as plain text (what the panel shows, without colours).

        >>> from ttr_teach.views.widgets import SandboxModel
        >>> print(SandboxModel("usa", players=["Ann", "Bo"]).score_table_text())
        player  routes     tickets  stations  longest  bonus  total  trains left
        Ann          0  0 ✓ 0 ✗ +0         0        0      0      0           45
        Bo           0  0 ✓ 0 ✗ +0         0        0      0      0           45
        winner: none (a tie)
        """
        return score_table_text(self.position)
