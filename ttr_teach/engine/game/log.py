"""A game's log in words: actions named from the map, and the history as sentences.

The log itself is plain data (see :attr:`Game.log <ttr_teach.engine.game.core.Game.log>`); this module
only reads it. :meth:`Game.describe <ttr_teach.engine.game.core.Game.describe>` and
:meth:`Game.history <ttr_teach.engine.game.core.Game.history>` call it.

>>> from ttr_teach.engine.maps import load_map
>>> m = load_map("usa")
>>> event_text(m, ["Ann", "Bo"], {"event": "claimed", "player": 1, "route": 0, "points": 4})
'Bo claims Atlanta–Charleston (2 gray) for 4 points'
>>> event_text(m, ["Ann", "Bo"], {"event": "drew", "player": 0, "card": "red", "from": "face_up"}) is None
True
"""
from __future__ import annotations

from ..actions import ClaimRoute, KeepTickets, action_from_dict
from ..maps import Map
from ..text import plural




def describe_action(m: Map, action) -> str:
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


def history_lines(m: Map, names, log) -> list:
    """The ``log`` of a game on map ``m`` between ``names`` as sentences, one per entry that a
    player would see or announce (see :func:`event_text`)."""
    lines = []
    for e in log:
        text = event_text(m, names, e)
        if text:
            lines.append(text)
    return lines


def event_text(m: Map, names, e):
    """Log entry ``e`` as a sentence, or None for an entry nobody announces (such as the
    face-up card a player takes, which the action already says)."""
    kind = e.get("event")
    who = names[e["player"]] if "player" in e else None
    if kind == "action":
        return f"{who}: {describe_action(m, e['action'])}"
    if kind == "new_game":
        return f"new {e['map']} game for {', '.join(e['players'])} (seed {e['seed']})"
    if kind == "start":
        return "game arranged"
    if kind == "face_up":
        return f"face up: {', '.join(e['cards'])}"
    if kind == "face_up_reset":
        return (f"{m.rules.face_up_locomotive_reset} face-up locomotives: {', '.join(e['discarded'])} discarded; "
                f"new face-up cards: {', '.join(e['face_up'])}")
    if kind == "reshuffle":
        return f"the discard pile ({plural(e['cards'], 'card')}) is shuffled into a new deck"
    if kind == "tunnel_reveal":
        return f"tunnel: revealed {', '.join(e['cards']) or 'nothing'}; {plural(e['extra'], 'extra card')}"
    if kind == "claimed":
        return f"{who} claims {m.routes[e['route']]} for {plural(e['points'], 'point')}"
    if kind == "final_round":
        return f"{who} has {plural(e['trains'], 'train')} left: everyone plays one more turn"
    if kind == "game_over":
        return f"game over: {e['reason']}"
    if kind == "tickets_kept":
        return f"{who} keeps {len(e['kept'])} and returns {len(e['returned'])} (to the {e['to']})"
    if kind == "station_built":
        return f"{who} builds a station in {m.cities[e['city']].name}"
    if kind == "drew" and e["from"] == "deck":
        return f"{who} draws {e['card']} from the deck"
    if kind == "replacement" and e["card"] is not None:
        return f"turned face up: {e['card']}"
    if kind == "tickets_drawn":
        tickets = ", ".join(str(m.tickets[t]) for t in e["tickets"])
        return f"{who} draws {plural(len(e['tickets']), 'ticket')}: {tickets}"
    if kind == "no_second_card":
        return f"{who} cannot draw a second card; the turn ends"
    return None
