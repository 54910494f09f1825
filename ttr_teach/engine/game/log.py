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

from .. import rules
from ..actions import Action, ClaimRoute, KeepTickets, action_from_dict
from ..cards import FACE_UP_RESET, REPLACEMENT, RESHUFFLE
from ..i18n import gettext, ngettext
from ..maps import Map
from ..text import colour_list, colour_name, listing

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


def describe_action(map: Map, action: Action | dict) -> str:
    """``action`` (an Action or its dict) in words, naming routes and tickets from map ``map``.

    >>> from ttr_teach.engine.maps import load_map
    >>> describe_action(load_map("usa"), {"type": "claim_route", "route": 0, "color": "red",
    ...                                   "colored": 2, "locomotives": 0})
    'claim Atlanta–Charleston (2 gray) with 2 red'
    """
    if isinstance(action, dict):
        action = action_from_dict(action)
    if isinstance(action, ClaimRoute) and not action.label and action.route < len(map.routes):
        return str(ClaimRoute(action.route, action.color, action.colored, action.locomotives,
                              label=str(map.routes[action.route])))
    if isinstance(action, KeepTickets) and not action.label and all(
            t < len(map.tickets) for t in action.tickets):
        return str(KeepTickets(action.tickets, label=listing(str(map.tickets[t]) for t in action.tickets)))
    return str(action)


def _tickets(m: Map, tickets: Iterable[int]) -> str:
    return listing(str(m.tickets[t]) for t in tickets)


def _drew(who: str | None, e: dict) -> str | None:
    if e["from"] != "deck":
        return None
    if e["card"] == rules.LOCOMOTIVE:
        return gettext("{player} draws locomotive from the deck").format(player=who)
    return gettext("{player} draws {colour} from the deck").format(player=who, colour=colour_name(e["card"]))


def _revealed(e: dict) -> str:
    extra = e["extra"]
    if e["cards"]:
        return ngettext("tunnel: revealed {cards}; {n} extra card", "tunnel: revealed {cards}; {n} extra cards",
                        extra).format(cards=colour_list(e["cards"]), n=extra)
    return ngettext("tunnel: revealed nothing; {n} extra card", "tunnel: revealed nothing; {n} extra cards",
                    extra).format(n=extra)


def _kept(who: str | None, e: dict) -> str:
    kept, returned = len(e["kept"]), len(e["returned"])
    if e["to"] == "box":
        return gettext("{player} keeps {kept} and returns {returned} (to the box)").format(
            player=who, kept=kept, returned=returned)
    return gettext("{player} keeps {kept} and returns {returned} (to the bottom of the ticket deck)").format(
        player=who, kept=kept, returned=returned)


#: Each event in words: ``EVENT_TEXT[kind](map, player's name or None, event)`` gives a
#: sentence in the language spoken now, or None for an event nobody announces (the face-up card
#: a player takes, which the action already says; the seat who begins; a declined tunnel, which
#: the action says).
EVENT_TEXT = {
    ACTION: lambda map, who, e: f"{who}: {describe_action(map, e['action'])}",
    NEW_GAME: lambda map, who, e: gettext("new {map} game for {players} (seed {seed})").format(
        map=e["map"], players=listing(e["players"]), seed=e["seed"]),
    START: lambda map, who, e: gettext("game arranged"),
    DEALT_CARDS: lambda map, who, e: None,
    FACE_UP: lambda map, who, e: gettext("face up: {cards}").format(cards=colour_list(e["cards"])),
    DEALT_TICKETS: lambda map, who, e: None,
    LONG_TICKETS_TO_BOX: lambda map, who, e: None,
    FACE_UP_RESET: lambda map, who, e: gettext(
        "{n} face-up locomotives: {discarded} discarded; new face-up cards: {cards}").format(
        n=map.rules.face_up_locomotive_reset, discarded=colour_list(e["discarded"]), cards=colour_list(e["face_up"])),
    RESHUFFLE: lambda map, who, e: ngettext(
        "the discard pile ({n} card) is shuffled into a new deck",
        "the discard pile ({n} cards) is shuffled into a new deck", e["cards"]).format(n=e["cards"]),
    REPLACEMENT: lambda map, who, e: None if e["card"] is None else gettext("turned face up: {card}").format(
        card=colour_name(e["card"])),
    DREW: lambda map, who, e: _drew(who, e),
    NO_SECOND_CARD: lambda map, who, e: gettext("{player} cannot draw a second card; the turn ends").format(player=who),
    TUNNEL_REVEAL: lambda map, who, e: _revealed(e),
    TUNNEL_DECLINED: lambda map, who, e: None,
    CLAIMED: lambda map, who, e: ngettext(
        "{player} claims {route} for {n} point", "{player} claims {route} for {n} points", e["points"]).format(
        player=who, route=map.routes[e["route"]], n=e["points"]),
    TICKETS_DRAWN: lambda map, who, e: ngettext(
        "{player} draws {n} ticket: {tickets}", "{player} draws {n} tickets: {tickets}", len(e["tickets"])).format(
        player=who, n=len(e["tickets"]), tickets=_tickets(map, e["tickets"])),
    TICKETS_KEPT: lambda map, who, e: _kept(who, e),
    PLAY_BEGINS: lambda map, who, e: None,
    STATION_BUILT: lambda map, who, e: gettext("{player} builds a station in {city}").format(
        player=who, city=map.cities[e["city"]].name),
    FINAL_ROUND: lambda map, who, e: ngettext(
        "{player} has {n} train left: everyone plays one more turn",
        "{player} has {n} trains left: everyone plays one more turn", e["trains"]).format(player=who, n=e["trains"]),
    GAME_OVER: lambda map, who, e: gettext("game over: {reason}").format(reason=gettext(e["reason"])),
}


def event_text(map: Map, names: Sequence[str], e: dict) -> str | None:
    """Log entry ``e`` of a game on map ``map`` between ``names`` as a sentence (see
    :data:`EVENT_TEXT`), or None for an entry nobody announces or an unknown one."""
    text = EVENT_TEXT.get(e.get("event", ""))
    if text is None:
        return None
    return text(map, names[e["player"]] if "player" in e else None, e)


def history_lines(map: Map, names: Sequence[str], log: Iterable[dict]) -> list[str]:
    """The ``log`` of a game on map ``map`` between ``names`` as sentences, one per entry that a
    player would see or announce (see :func:`event_text`)."""
    lines = []
    for e in log:
        text = event_text(map, names, e)
        if text:
            lines.append(text)
    return lines
