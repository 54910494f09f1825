"""A game's log: the names of its events, and the one table that puts each event into words.

The log is a list of plain dicts, each with an ``"event"`` naming what happened (one of the
constants below) and the facts of it (see :attr:`Game.log <ttr_teach.engine.game.core.Game.log>`).
:data:`EVENT_TEXT` turns an event into a sentence; :meth:`Game.describe
<ttr_teach.engine.game.core.Game.describe>` and :meth:`Game.history
<ttr_teach.engine.game.core.Game.history>` read the log through it.

>>> from ttr_teach.engine.maps import load_map
>>> m = load_map("usa")
>>> event_text(m, ["Ann", "Bo"], {"event": CLAIMED, "player": 1, "route": 0, "points": 4})
'Bo claims Atlanta–Charleston (2 gray) for 4 points'
>>> event_text(m, ["Ann", "Bo"], {"event": DREW, "player": 0, "card": "red", "from": "face_up"}) is None
True
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..actions import Action, ClaimRoute, KeepTickets, action_from_dict
from ..cards import FACE_UP_RESET, REPLACEMENT, RESHUFFLE
from ..maps import Map
from ..text import plural

#: How the game began: a new game (map, players, seed), or an arranged state.
NEW_GAME, START = "new_game", "start"
#: The set-up: cards dealt to a player, the face-up row, tickets dealt, long tickets boxed.
DEALT_CARDS, FACE_UP, DEALT_TICKETS, LONG_TICKETS_TO_BOX = (
    "dealt_cards", "face_up", "dealt_tickets", "long_tickets_to_box")
#: A player's action as played (its ``to_dict()``), logged before what it causes.
ACTION = "action"
#: What actions cause. The cards' own events (:data:`RESHUFFLE`, :data:`REPLACEMENT`,
#: :data:`FACE_UP_RESET`) come from :mod:`ttr_teach.engine.cards`.
DREW, NO_SECOND_CARD = "drew", "no_second_card"
TUNNEL_REVEAL, TUNNEL_DECLINED, CLAIMED = "tunnel_reveal", "tunnel_declined", "claimed"
TICKETS_DRAWN, TICKETS_KEPT, PLAY_BEGINS = "tickets_drawn", "tickets_kept", "play_begins"
STATION_BUILT, FINAL_ROUND, GAME_OVER = "station_built", "final_round", "game_over"


def describe_action(m: Map, action: Action | dict) -> str:
    """``action`` (an Action or its dict) in words, naming routes and tickets from map ``m``.

    >>> from ttr_teach.engine.maps import load_map
    >>> describe_action(load_map("usa"), {"type": "claim_route", "route": 0, "color": "red",
    ...                                   "colored": 2, "locomotives": 0})
    'claim Atlanta–Charleston (2 gray) with 2 red'
    """
    if isinstance(action, dict):
        action = action_from_dict(action)
    if isinstance(action, ClaimRoute) and not action.label and action.route < len(m.routes):
        return str(ClaimRoute(action.route, action.color, action.colored, action.locomotives,
                              label=str(m.routes[action.route])))
    if isinstance(action, KeepTickets) and not action.label and all(
            t < len(m.tickets) for t in action.tickets):
        return str(KeepTickets(action.tickets, label=", ".join(str(m.tickets[t]) for t in action.tickets)))
    return str(action)


def _tickets(m: Map, tickets: Iterable[int]) -> str:
    return ", ".join(str(m.tickets[t]) for t in tickets)


#: Each event in words: ``EVENT_TEXT[kind](map, player's name or None, event)`` gives a
#: sentence, or None for an event nobody announces (the face-up card a player takes, which
#: the action already says; the seat who begins; a declined tunnel, which the action says).
EVENT_TEXT = {
    ACTION: lambda m, who, e: f"{who}: {describe_action(m, e['action'])}",
    NEW_GAME: lambda m, who, e: f"new {e['map']} game for {', '.join(e['players'])} (seed {e['seed']})",
    START: lambda m, who, e: "game arranged",
    DEALT_CARDS: lambda m, who, e: None,
    FACE_UP: lambda m, who, e: f"face up: {', '.join(e['cards'])}",
    DEALT_TICKETS: lambda m, who, e: None,
    LONG_TICKETS_TO_BOX: lambda m, who, e: None,
    FACE_UP_RESET: lambda m, who, e: (
        f"{m.rules.face_up_locomotive_reset} face-up locomotives: {', '.join(e['discarded'])} "
        f"discarded; new face-up cards: {', '.join(e['face_up'])}"),
    RESHUFFLE: lambda m, who, e: f"the discard pile ({plural(e['cards'], 'card')}) is shuffled into a new deck",
    REPLACEMENT: lambda m, who, e: None if e["card"] is None else f"turned face up: {e['card']}",
    DREW: lambda m, who, e: f"{who} draws {e['card']} from the deck" if e["from"] == "deck" else None,
    NO_SECOND_CARD: lambda m, who, e: f"{who} cannot draw a second card; the turn ends",
    TUNNEL_REVEAL: lambda m, who, e: (
        f"tunnel: revealed {', '.join(e['cards']) or 'nothing'}; {plural(e['extra'], 'extra card')}"),
    TUNNEL_DECLINED: lambda m, who, e: None,
    CLAIMED: lambda m, who, e: f"{who} claims {m.routes[e['route']]} for {plural(e['points'], 'point')}",
    TICKETS_DRAWN: lambda m, who, e: (
        f"{who} draws {plural(len(e['tickets']), 'ticket')}: {_tickets(m, e['tickets'])}"),
    TICKETS_KEPT: lambda m, who, e: (
        f"{who} keeps {len(e['kept'])} and returns {len(e['returned'])} (to the {e['to']})"),
    PLAY_BEGINS: lambda m, who, e: None,
    STATION_BUILT: lambda m, who, e: f"{who} builds a station in {m.cities[e['city']].name}",
    FINAL_ROUND: lambda m, who, e: f"{who} has {plural(e['trains'], 'train')} left: everyone plays one more turn",
    GAME_OVER: lambda m, who, e: f"game over: {e['reason']}",
}


def event_text(m: Map, names: Sequence[str], e: dict) -> str | None:
    """Log entry ``e`` of a game on map ``m`` between ``names`` as a sentence (see
    :data:`EVENT_TEXT`), or None for an entry nobody announces or an unknown one."""
    text = EVENT_TEXT.get(e.get("event", ""))
    if text is None:
        return None
    return text(m, names[e["player"]] if "player" in e else None, e)


def history_lines(m: Map, names: Sequence[str], log: Iterable[dict]) -> list[str]:
    """The ``log`` of a game on map ``m`` between ``names`` as sentences, one per entry that a
    player would see or announce (see :func:`event_text`)."""
    lines = []
    for e in log:
        text = event_text(m, names, e)
        if text:
            lines.append(text)
    return lines
