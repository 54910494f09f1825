"""The board in words: the title and description every SVG board carries for screen readers
(and that the canvas board's text alternative can read): who owns which routes and stations,
the scores, what is highlighted and the last move.

>>> from ttr_teach.engine.position import as_position
>>> pos = as_position({"map": "europe", "players": [
...     {"name": "Ann", "routes": [["Paris", "Frankfurt", "white"]], "stations": ["Wien"]},
...     {"name": "Bo"}]})
>>> board_title(pos)
'Ticket to Ride Europe board: Ann (red, circles), Bo (blue, squares)'
>>> print(board_description(pos, points=[4, 0], points_word="route point"))
Ann (red, circles): 4 route points, 42 trains left, 2 stations left; owns Frankfurt–Paris (3 white); a station in Wien.
Bo (blue, squares): 0 route points, 45 trains left, 3 stations left; owns no route yet.
"""
from __future__ import annotations

from ..engine.i18n import gettext, ngettext
from ..engine.text import colour_name, listing, plural
from .style import PLAYER_SYMBOLS, SYMBOL_WORDS


def player_words(name: str, color: str) -> str:
    """A player with their colour and the shape on their trains: ``'Ann (red, circles)'``."""
    return gettext("{name} ({colour}, {shape})").format(
        name=name, colour=colour_name(color), shape=gettext(SYMBOL_WORDS[PLAYER_SYMBOLS[color]]))


def board_title(position) -> str:
    """The board's title: the map and the players, each with their colour and shape."""
    m = position.map
    if not position.players:
        return gettext("{map} map").format(map=m.title)
    return gettext("{map} board: {players}").format(
        map=m.title, players=listing(player_words(p.name, p.color) for p in position.players))


#: How ``board_description`` counts points: ``points_word`` names one of these.
POINTS_WORDS = {
    "point": lambda n: ngettext("{n} point", "{n} points", n),
    "route point": lambda n: ngettext("{n} route point", "{n} route points", n),
}


def _points(n, points_word: str) -> str:
    phrase = POINTS_WORDS.get(points_word)
    return phrase(n).format(n=n) if phrase and isinstance(n, int) else plural(n, points_word)


def player_counts(m, p, points=None, points_word: str = "point") -> str:
    """A player's counts: points (if given), trains and stations left (the map's rules say
    whether there are stations): ``'4 route points, 42 trains left, 2 stations left'``."""
    parts = []
    if points is not None:
        parts.append(_points(points, points_word))
    parts.append(ngettext("{n} train left", "{n} trains left", p.trains_left).format(n=p.trains_left))
    if m.rules.has_stations:
        left = m.rules.stations_per_player - len(p.stations)
        parts.append(ngettext("{n} station left", "{n} stations left", left).format(n=left))
    return listing(parts)


def _player_sentence(position, seat: int, points, points_word: str) -> str:
    m, p = position.map, position.players[seat]
    counts = player_counts(m, p, None if points is None else points[seat], points_word)
    routes = sorted(p.routes, key=lambda r: r.index)
    owns = (gettext("owns {routes}").format(routes=listing(str(r) for r in routes)) if routes
            else gettext("owns no route yet"))
    text = gettext("{player}: {counts}; {owns}").format(player=player_words(p.name, p.color), counts=counts,
                                                         owns=owns)
    if p.stations:
        cities = listing(m.cities[c].name for c in p.stations)
        text += gettext("; ") + ngettext("a station in {cities}", "stations in {cities}",
                                         len(p.stations)).format(cities=cities)
    return text + gettext(".")


def _mark_words(m, mark) -> str:
    if mark.label:
        return mark.label
    parts = [str(m.routes[i]) for i in mark.routes]
    parts += [m.cities[c].name for c in mark.cities]
    parts += [f"{m.cities[a].name}–{m.cities[b].name}" for a, b in mark.dashed]
    return listing(parts)


def board_description(position, points=None, points_word: str = "point", marks=(), last_move=None) -> str:
    """The board in sentences, one per line: each player's points (``points``, one number per
    seat, counted as ``points_word``; None leaves them out), trains and stations left, routes
    and stations; then what is highlighted (``marks``, resolved highlights) and the last move
    (a resolved :class:`~ttr_teach.views.last_move.LastMove`)."""
    m = position.map
    lines = []
    if not position.players:
        lines.append(gettext("The {map} map: {cities} and {routes}, none claimed.").format(
            map=m.title, cities=ngettext("{n} city", "{n} cities", len(m.cities)).format(n=len(m.cities)),
            routes=ngettext("{n} route", "{n} routes", len(m.routes)).format(n=len(m.routes))))
    for seat in range(len(position.players)):
        lines.append(_player_sentence(position, seat, points, points_word))
    shown = [w for w in (_mark_words(m, k) for k in marks) if w]
    if shown:
        lines.append(gettext("Highlighted: {items}.").format(items=gettext("; ").join(shown)))
    if last_move is not None and last_move.words:
        lines.append(gettext("Last move, outlined: {items}.").format(items=gettext("; ").join(last_move.words)))
    return "\n".join(lines)
