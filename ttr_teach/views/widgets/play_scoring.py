"""The end of a game, walked through step by step: what each part of the final scoring counts,
in sentences and as highlights for the board.

The figures are the engine's typed :class:`~ttr_teach.engine.scoring.Score` (nothing is
counted here): route points, each ticket with the path that completes it or the gap that
fails it, each station with the route the scorer let it borrow (the station choice made to
its owner's best advantage), the longest continuous path, and the tie-breakers.

>>> from ttr_teach.engine.scoring import score
>>> s = score({"map": "europe", "players": [
...     {"name": "Ann", "routes": [["Paris", "Frankfurt", "white"], ["Frankfurt", "Munchen"]],
...      "stations": ["Wien"], "tickets": [["Paris", "Wien"]]},
...     {"name": "Bo", "routes": [["Munchen", "Wien"]], "tickets": [["Berlin", "Roma"]]}]})
>>> steps = scoring_steps(s)
>>> [step.title for step in steps]
['Route points', "Ann's tickets", "Bo's tickets", 'Stations', 'The longest route', 'The winner']
>>> steps[1].lines[0]
'✓ Paris–Wien (8): +8, along Paris–Frankfurt–München–Wien, with Bo’s München–Wien borrowed through a station.'
>>> [running_total(p, steps[1]) for p in s.players]   # Ann's tickets counted, not yet Bo's
[14, 4]
>>> [running_total(p, steps[2]) for p in s.players]
[14, -5]
>>> steps[3].lines[0]
'Ann’s station in Wien borrows Bo’s München–Wien (3 orange) for Paris–Wien (8).'
>>> steps[-1].lines[-1]
'Ann has the most points (32).'
"""
from __future__ import annotations

from dataclasses import dataclass

from ...engine.i18n import gettext, ngettext
from ...engine.text import listing
from ..style import PLAYER_FILLS

#: Colours of a completed ticket's path and of a failed ticket's gap.
COMPLETED, FAILED = "#1d7a36", "#b3261e"
#: The parts of a score, in the order the walk-through counts them.
PARTS = ("routes", "tickets", "stations", "longest")


@dataclass(frozen=True)
class ScoringStep:
    """One step: a ``title``, its ``lines`` (sentences), what the board should point at
    (``highlight``, a list of highlight items), the parts of the score counted so far
    (``counted``, a prefix of :data:`PARTS`) and, while the tickets are being counted, the
    players whose tickets are (``tickets_of``, names; ``None``: everyone's)."""

    title: str
    lines: tuple
    highlight: tuple
    counted: tuple
    tickets_of: tuple | None = None


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def _city(m, cid) -> str:
    return m.cities[cid].name


def _route_words(m, route) -> str:
    return f"{_city(m, route.a)}–{_city(m, route.b)}"


def route_step(s) -> ScoringStep:
    """Route points: every player's claimed routes."""
    lines, marks = [], []
    for p, pos in zip(s.players, s.position.players, strict=True):
        lines.append(gettext("{player}: {routes}, {points}.").format(
            player=p.name, routes=ngettext("{n} route", "{n} routes", len(pos.routes)).format(n=len(pos.routes)),
            points=ngettext("{n} point", "{n} points", p.route_points).format(n=p.route_points)))
        if pos.routes:
            marks.append({"player": p.name, "color": PLAYER_FILLS[p.color],
                          "label": gettext("{player}'s routes: {points}").format(player=p.name,
                                                                                 points=p.route_points)})
    return ScoringStep(gettext("Route points"), tuple(lines), tuple(marks), PARTS[:1])


def ticket_line(s, outcome) -> str:
    """One ticket's result in a sentence, with the path or the gap."""
    m = s.position.map
    t = outcome.ticket
    if not outcome.completed:
        return "✗ " + gettext("{ticket}: {points}, {a} and {b} are not joined.").format(
            ticket=t, points=_signed(outcome.value), a=_city(m, t.a), b=_city(m, t.b))
    path = "–".join(_city(m, c) for c in outcome.path)
    if not outcome.borrowed:
        return "✓ " + gettext("{ticket}: {points}, along {path}.").format(ticket=t, points=_signed(outcome.value),
                                                                          path=path)
    owners = s.position.owners
    names = listing(gettext("{player}’s {route}").format(player=s.position.players[owners[r.index]].name,
                                                         route=_route_words(m, r)) for r in outcome.borrowed)
    return "✓ " + gettext("{ticket}: {points}, along {path}, with {routes} borrowed through a station.").format(
        ticket=t, points=_signed(outcome.value), path=path, routes=names)


def ticket_step(s, seat: int) -> ScoringStep:
    """One player's tickets: each completed one with its path, each failed one with its gap."""
    p = s.players[seat]
    lines = [ticket_line(s, o) for o in p.tickets] or [gettext("No tickets.")]
    lines.append(gettext("Tickets: {points} ({completed} completed, {failed} failed).").format(
        points=_signed(p.ticket_points), completed=p.tickets_completed, failed=p.tickets_failed))
    marks = [{"ticket": [o.ticket.a, o.ticket.b], "player": p.name,
              "color": COMPLETED if o.completed else FAILED} for o in p.tickets]
    counted_so_far = tuple(q.name for q in s.players[:seat + 1])   # the next players' tickets come later
    title = gettext("{player}'s tickets").format(player=p.name)
    return ScoringStep(title, tuple(lines), tuple(marks), PARTS[:2], counted_so_far)


def station_step(s) -> ScoringStep:
    """The stations: the route each one borrows (the scorer's choice) and those kept."""
    m, pos = s.position.map, s.position
    rules = m.rules
    lines, marks = [], []
    for p in s.players:
        for use in p.stations:
            where = _city(m, use.city)
            if use.route is None:
                lines.append(gettext("{player}’s station in {city} borrows no route: none of its routes "
                                     "helps a ticket.").format(player=p.name, city=where))
            else:
                whose = pos.players[use.owner].name
                helped = listing(str(t) for t in use.used_for)
                lines.append((gettext("{player}’s station in {city} borrows {owner}’s {route} for {tickets}.")
                              if helped else gettext("{player}’s station in {city} borrows {owner}’s {route}."))
                             .format(player=p.name, city=where, owner=whose, route=use.route, tickets=helped))
            marks.append({"station": use.city, "color": PLAYER_FILLS[p.color]})
        kept = rules.stations_per_player - p.stations_built
        lines.append(ngettext("{player} kept {n} station: {points}.", "{player} kept {n} stations: {points}.",
                              kept).format(player=p.name, n=kept, points=_signed(p.station_points)))
    return ScoringStep(gettext("Stations"), tuple(lines), tuple(marks), PARTS[:3])


def longest_step(s) -> ScoringStep:
    """Each player's longest continuous path, and who takes the bonus."""
    rules = s.position.map.rules
    lines, marks = [], []
    for p in s.players:
        trains = ngettext("{n} train", "{n} trains", p.longest_route).format(n=p.longest_route)
        lines.append(gettext("{player}: {trains}: the {bonus}, +{points}.").format(
            player=p.name, trains=trains, bonus=gettext(rules.longest_bonus_name), points=p.longest_bonus)
            if p.longest_bonus else gettext("{player}: {trains}.").format(player=p.name, trains=trains))
        if p.longest_route:
            marks.append({"longest": p.name, "color": PLAYER_FILLS[p.color]})
    return ScoringStep(gettext("The longest route"), tuple(lines), tuple(marks), PARTS)


def winner_step(s) -> ScoringStep:
    """The totals and how the winner is decided (tie-breakers in words)."""
    lines = [f"{p.name}: {p.route_points} {'−' if p.ticket_points < 0 else '+'} {abs(p.ticket_points)} + "
             f"{p.station_points} + {p.longest_bonus} = {p.total}." for p in sorted(s.players, key=lambda p: -p.total)]
    lines.append(s.tie_break)
    marks = [{"player": s.winner, "color": PLAYER_FILLS[s.player(s.winner).color],
              "label": gettext("{player} wins").format(player=s.winner)}] if s.winner else []
    return ScoringStep(gettext("The winner"), tuple(lines), tuple(marks), PARTS)


def scoring_steps(s) -> list:
    """The walk-through of the final :class:`~ttr_teach.engine.scoring.Score` ``s``."""
    steps = [route_step(s)] + [ticket_step(s, k) for k in range(len(s.players))]
    if s.position.map.rules.has_stations:
        steps.append(station_step(s))
    return steps + [longest_step(s), winner_step(s)]


def running_total(player, step: ScoringStep) -> int:
    """A player's points from the parts ``step`` has counted so far: their ticket points
    only from their own ticket step on."""
    tickets = step.tickets_of is None or player.name in step.tickets_of
    parts = {"routes": player.route_points, "tickets": player.ticket_points if tickets else 0,
             "stations": player.station_points, "longest": player.longest_bonus}
    return sum(parts[k] for k in step.counted)
