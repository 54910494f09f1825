"""Checking a saved game's log, so that a game read back never fails later.

:func:`~ttr_teach.engine.game.saved.read_state` (and so :meth:`Game.from_dict
<ttr_teach.engine.game.core.Game.from_dict>`) reads the log with :func:`check_log`: every entry
must be an event the game writes (:mod:`ttr_teach.engine.game.log`) with exactly that event's
fields (:data:`EVENT_FIELDS`), each of the right type and in range for this game: a seat of
its players, a route, ticket or city of its map, a card, an action that reads as an action and
names things of the map. A log that is not empty begins with how the game began (``new_game``,
naming the state's map, players and seed; or ``start``, an arranged state) and says so once.
So :meth:`~ttr_teach.engine.game.core.Game.history`, the players' public logs and
:meth:`~ttr_teach.engine.game.core.Game.replay` can read every entry.

>>> from ttr_teach.engine.maps import load_map
>>> check_log([{"event": "claimed", "player": 7, "route": 3, "points": 2}], load_map("usa"),
...           ["Ann", "Bo"], seed=1)
Traceback (most recent call last):
...
ttr_teach.engine.errors.ReplayError: game state: log entry 0 (claimed): field 'player': 7 is not a seat of this game (0 to 1)
"""  # noqa: E501
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NoReturn

from ..actions import BuildStation, ClaimRoute, KeepTickets, action_from_dict
from ..cards import CARD_KINDS, FACE_UP_RESET, REPLACEMENT, RESHUFFLE
from ..errors import ReplayError, TTRError
from ..i18n import gettext
from ..maps import Map
from .log import (
    ACTION,
    CLAIMED,
    DEALT_CARDS,
    DEALT_TICKETS,
    DREW,
    FACE_UP,
    FINAL_ROUND,
    GAME_OVER,
    LONG_TICKETS_TO_BOX,
    NEW_GAME,
    NO_SECOND_CARD,
    PLAY_BEGINS,
    START,
    STATION_BUILT,
    TICKETS_DRAWN,
    TICKETS_KEPT,
    TUNNEL_DECLINED,
    TUNNEL_REVEAL,
)


def _whole(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v >= 0


def _shown(v: object) -> str:
    """``repr(v)``, short (a log entry may hold anything, a number of 4300 digits too)."""
    if isinstance(v, int) and not isinstance(v, bool) and abs(v) > 10 ** 30:
        return gettext("so long a number")
    text = repr(v)
    return text if len(text) <= 60 else text[:50] + "…"


class _Game:
    """What an entry is checked against: the map and the number of seats."""

    def __init__(self, m: Map, seats: int) -> None:
        self.map, self.seats = m, seats


# each check: (test(value, game) -> bool, what it should be, in words, given the game)
SEAT = (lambda v, g: _whole(v) and v < g.seats,
        lambda g: gettext("a seat of this game (0 to {last})").format(last=g.seats - 1))
COUNT = (lambda v, g: _whole(v) and v < 10 ** 9,
         lambda g: gettext("a whole number from 0 to {most:,}").format(most=10 ** 9 - 1))
TEXT = (lambda v, g: isinstance(v, str), lambda g: gettext("text"))
ROUTE = (lambda v, g: _whole(v) and v < len(g.map.routes),
         lambda g: gettext("a route number of the {map} map (0 to {last})").format(map=g.map.name,
                                                                                   last=len(g.map.routes) - 1))
CITY = (lambda v, g: isinstance(v, str) and v in g.map.cities,
        lambda g: gettext("a city id of the {map} map").format(map=g.map.name))
CARD = (lambda v, g: isinstance(v, str) and v in CARD_KINDS,
        lambda g: gettext("a card ({cards})").format(cards=", ".join(CARD_KINDS)))
CARD_OR_NONE = (lambda v, g: v is None or CARD[0](v, g), lambda g: gettext("a card or null"))
CARDS = (lambda v, g: isinstance(v, list) and len(v) <= 110 and all(CARD[0](c, g) for c in v),
         lambda g: gettext("a list of cards"))
TICKETS = (lambda v, g: isinstance(v, list) and all(_whole(t) and t < len(g.map.tickets) for t in v),
           lambda g: gettext("a list of ticket numbers of the {map} map (0 to {last})").format(
               map=g.map.name, last=len(g.map.tickets) - 1))
NAMES = (lambda v, g: isinstance(v, list) and all(isinstance(n, str) for n in v), lambda g: gettext("a list of names"))
STATE = (lambda v, g: isinstance(v, dict) and v.get("log", []) == [],
         lambda g: gettext("a saved game state without a log of its own"))
FROM = (lambda v, g: v in ("deck", "face_up"),
        lambda g: gettext("{first} or {second}").format(first=repr("deck"), second=repr("face_up")))
TO = (lambda v, g: v in ("box", "bottom of the ticket deck"),
      lambda g: gettext("{first} or {second}").format(first=repr("box"), second=repr("bottom of the ticket deck")))


def _action_problem(v: object, g: _Game) -> str | None:
    """Why ``v`` is not an action of this game's map, or None."""
    if not isinstance(v, dict):
        return gettext("{value} is not an action (a mapping with a 'type')").format(value=_shown(v))
    try:
        action = action_from_dict(v)
    except TTRError as e:
        return str(e)
    m = g.map
    if isinstance(action, ClaimRoute) and action.route >= len(m.routes):
        return gettext("there is no route number {number} on the {map} map").format(number=action.route, map=m.name)
    if isinstance(action, KeepTickets) and any(t >= len(m.tickets) for t in action.tickets):
        return gettext("the {map} map has tickets 0 to {last}").format(map=m.name, last=len(m.tickets) - 1)
    if isinstance(action, BuildStation) and action.city not in m.cities:
        return gettext("there is no city {city} on the {map} map").format(city=_shown(action.city), map=m.name)
    return None


ACTION_CHECK = (lambda v, g: _action_problem(v, g) is None, lambda g: gettext("an action"))

#: Every event a game writes in its log, and the checks of its fields.
EVENT_FIELDS = {
    NEW_GAME: {"map": TEXT, "players": NAMES, "seed": (lambda v, g: isinstance(v, int) and not isinstance(v, bool),
                                                      lambda g: gettext("a whole number"))},   # checked: the state's
    START: {"state": STATE},
    DEALT_CARDS: {"player": SEAT, "cards": CARDS},
    FACE_UP: {"cards": CARDS},
    DEALT_TICKETS: {"player": SEAT, "tickets": TICKETS},
    LONG_TICKETS_TO_BOX: {"count": COUNT},
    ACTION: {"player": SEAT, "action": ACTION_CHECK},
    RESHUFFLE: {"cards": COUNT, "shuffles": COUNT},
    REPLACEMENT: {"card": CARD_OR_NONE},
    FACE_UP_RESET: {"discarded": CARDS, "face_up": CARDS},
    DREW: {"player": SEAT, "card": CARD, "from": FROM},
    NO_SECOND_CARD: {"player": SEAT},
    TUNNEL_REVEAL: {"player": SEAT, "route": ROUTE, "cards": CARDS, "extra": COUNT},
    TUNNEL_DECLINED: {"player": SEAT, "route": ROUTE},
    CLAIMED: {"player": SEAT, "route": ROUTE, "points": COUNT},
    TICKETS_DRAWN: {"player": SEAT, "tickets": TICKETS},
    TICKETS_KEPT: {"player": SEAT, "kept": TICKETS, "returned": TICKETS, "to": TO},
    PLAY_BEGINS: {"player": SEAT},
    STATION_BUILT: {"player": SEAT, "city": CITY},
    FINAL_ROUND: {"player": SEAT, "trains": COUNT},
    GAME_OVER: {"reason": TEXT},
}


def _fail(k: int, event: object, reason: str) -> NoReturn:
    if isinstance(event, str) and event in EVENT_FIELDS:
        where = gettext("log entry {number} ({event})").format(number=k, event=event)
    else:
        where = gettext("log entry {number}").format(number=k)
    raise ReplayError(gettext("game state: {where}: {problem}").format(where=where, problem=reason))


def check_entry(k: int, e: object, game: _Game) -> None:
    """Refuse log entry number ``k`` unless it is an event of :data:`EVENT_FIELDS` with exactly
    its fields, each passing its check for ``game``."""
    if not isinstance(e, dict):
        _fail(k, None, gettext("{value} is not a log entry (a mapping with an 'event')").format(value=_shown(e)))
    event = e.get("event")
    fields = EVENT_FIELDS.get(event) if isinstance(event, str) else None
    if fields is None:
        _fail(k, None, gettext("{value} is not an event of the game's log").format(value=_shown(event)))
    for name in e:
        if name != "event" and name not in fields:
            _fail(k, event, gettext("unknown field {field} (its fields: {fields})").format(
                field=_shown(name), fields=", ".join(fields)))
    for name, (test, words) in fields.items():
        if name not in e:
            _fail(k, event, gettext("the field {field} is missing").format(field=repr(name)))
        if not test(e[name], game):
            why = _action_problem(e[name], game) if fields[name] is ACTION_CHECK else None
            why = why or gettext("{value} is not {expected}").format(value=_shown(e[name]), expected=words(game))
            _fail(k, event, gettext("field {field}: {problem}").format(field=repr(name), problem=why))


def check_log(log: Iterable[dict], m: Map, names: Sequence[str], seed: int) -> None:
    """Refuse (:class:`~ttr_teach.engine.errors.ReplayError`, ``game state: log entry K
    ...``) a log that a game on map ``m`` between ``names`` from ``seed`` could not have
    written (see the module docstring)."""
    game = _Game(m, len(names))
    for k, e in enumerate(log):
        check_entry(k, e, game)
        event = e["event"]
        if (event in (NEW_GAME, START)) != (k == 0):
            _fail(k, event, gettext("a log begins with how the game began (new_game or start), and only there"))
        if event == NEW_GAME and (e["map"] != m.name or e["players"] != list(names) or e["seed"] != seed):
            _fail(k, event, gettext("it names another game than this state's (map, players or seed)"))
