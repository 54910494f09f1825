"""The game's log as one seat may read it: public events whole, hidden details as counts.

A game's log (:attr:`Game.log <ttr_teach.engine.game.core.Game.log>`) records everything,
including what only one player saw: the cards dealt to each player, the card each player drew
blind, the tickets each player was dealt, drew and kept, and the seed that fixes the order of
every deck. :func:`public_entry` gives an entry as a given seat saw it at the table:

* events everyone sees (claims, face-up cards, tunnel reveals, reshuffles, stations, the final
  round...) are copied whole;
* the seat's own dealt cards, blind draws and tickets are copied whole;
* another player's are reduced to counts: ``{"event": "drew", "player": 1, "from": "deck"}``
  (no ``card``), ``{"event": "tickets_kept", "player": 1, "kept_count": 2,
  "returned_count": 1, ...}`` and so on;
* the seed and an arranged game's starting state are left out;
* an event this module does not know is left out (a new kind of event must be declared
  public here before a bot sees it, so nothing hidden can leak by accident).

>>> public_entry({"event": "drew", "player": 1, "card": "red", "from": "deck"}, seat=0)
{'event': 'drew', 'player': 1, 'from': 'deck'}
>>> public_entry({"event": "drew", "player": 0, "card": "red", "from": "deck"}, seat=0)
{'event': 'drew', 'player': 0, 'card': 'red', 'from': 'deck'}
>>> public_entry({"event": "new_game", "map": "usa", "players": ["Ann", "Bo"], "seed": 7}, 1)
{'event': 'new_game', 'map': 'usa', 'players': ['Ann', 'Bo']}
"""
from __future__ import annotations

from ..engine.game.state import plain_copy

#: Events every player sees whole.
PUBLIC_EVENTS = frozenset({
    "face_up", "long_tickets_to_box", "replacement", "face_up_reset", "reshuffle",
    "tunnel_reveal", "claimed", "tunnel_declined", "station_built", "final_round", "game_over",
    "no_second_card", "play_begins"})


def _new_game(e, seat):
    return {k: plain_copy(v) for k, v in e.items() if k != "seed"}


def _start(e, seat):
    return {"event": "start"}


def _dealt_cards(e, seat):
    return {"event": "dealt_cards", "player": e["player"], "count": len(e["cards"])}


def _dealt_tickets(e, seat):
    return {"event": "dealt_tickets", "player": e["player"], "count": len(e["tickets"])}


def _drew(e, seat):
    if e.get("from") == "face_up":
        return plain_copy(e)
    return {"event": "drew", "player": e["player"], "from": e.get("from")}


def _tickets_drawn(e, seat):
    return {"event": "tickets_drawn", "player": e["player"], "count": len(e["tickets"])}


def _tickets_kept(e, seat):
    return {"event": "tickets_kept", "player": e["player"], "kept_count": len(e["kept"]),
            "returned_count": len(e["returned"]), "to": e["to"]}


def _action(e, seat):
    action = e.get("action") or {}
    if action.get("type") == "keep_tickets" and e.get("player") != seat:
        action = {"type": "keep_tickets", "count": len(action.get("tickets", ()))}
    return {"event": "action", "player": e.get("player"), "action": plain_copy(action)}


#: Events whose details only their own player sees: how another seat sees them.
_FOR_OTHERS = {"dealt_cards": _dealt_cards, "dealt_tickets": _dealt_tickets, "drew": _drew,
               "tickets_drawn": _tickets_drawn, "tickets_kept": _tickets_kept}
#: Events that nobody sees whole (the seed, an arranged game's full state) or that are
#: redacted field by field.
_FOR_ALL = {"new_game": _new_game, "start": _start, "action": _action}


def public_entry(entry: dict, seat: int):
    """Log ``entry`` as player ``seat`` may see it (a new dict), or None if not at all.

    >>> public_entry({"event": "tickets_drawn", "player": 1, "tickets": [3, 9, 12]}, seat=0)
    {'event': 'tickets_drawn', 'player': 1, 'count': 3}
    >>> public_entry({"event": "something_new", "secret": 42}, seat=0) is None
    True
    """
    kind = entry.get("event")
    if kind in PUBLIC_EVENTS:
        return plain_copy(entry)
    if kind in _FOR_ALL:
        return _FOR_ALL[kind](entry, seat)
    if kind in _FOR_OTHERS:
        return plain_copy(entry) if entry.get("player") == seat else _FOR_OTHERS[kind](entry, seat)
    return None


class PublicLog:
    """The public log of one seat, kept up to date as raw entries arrive.

    :func:`~ttr_teach.players.play.play_game` keeps one per seat and feeds it what each
    :meth:`Game.apply <ttr_teach.engine.game.core.Game.apply>` returns, so building a view
    does not re-read the whole log every turn.

    >>> log = PublicLog(seat=0)
    >>> log.extend([{"event": "drew", "player": 1, "card": "red", "from": "deck"}])
    >>> log.entries
    [{'event': 'drew', 'player': 1, 'from': 'deck'}]
    """

    def __init__(self, seat: int, raw=()):
        self.seat = seat
        self.entries: list[dict] = []
        self.extend(raw)

    def extend(self, raw) -> None:
        """Add the public form of each raw log entry in ``raw``."""
        for e in raw:
            public = public_entry(e, self.seat)
            if public is not None:
                self.entries.append(public)
