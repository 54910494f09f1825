"""The words of a game in the notebook: the log as one person may read it, payments, and what
a player may do instead of a refused action.

Every sentence about the game comes from the engine (:func:`~ttr_teach.engine.game.log.event_text`
and :func:`~ttr_teach.engine.game.log.describe_action`); this module only chooses which log
entries a person at the table may read. In a hot-seat game the laptop passes between people,
so the log shown is that of the person looking at it: their own blind draws and tickets in
full, nobody else's (:func:`~ttr_teach.players.public_log.public_entry` decides).

>>> from ttr_teach.engine.maps import load_map
>>> m = load_map("usa")
>>> log = [{"event": "action", "player": 1, "action": {"type": "draw_blind"}},
...        {"event": "drew", "player": 1, "card": "red", "from": "deck"}]
>>> public_lines(m, ["Ann", "Bo"], log, seat=0)
['Bo: draw a card blind from the deck.']
>>> public_lines(m, ["Ann", "Bo"], log, seat=1)[-1]
'Bo draws red from the deck.'
"""
from __future__ import annotations

from ...engine.actions import BuildStation, ClaimRoute, DrawBlind, DrawFaceUp, DrawTickets, KeepTickets, cards_text
from ...engine.game.log import event_text
from ...engine.i18n import gettext, ngettext, pgettext
from ...engine.text import colour_list, listing, sentence
from ...players.public_log import public_entry

#: Log events whose sentence says only what everyone saw, although the entry holds more.
_COUNTS_ONLY = frozenset({"tickets_kept"})
#: No seat: the log as someone who holds no cards reads it.
NOBODY = -1


def may_read(entry: dict, seat) -> bool:
    """True when the person at ``seat`` (None: nobody's cards) may read ``entry`` whole."""
    if entry.get("event") in _COUNTS_ONLY:
        return True
    return public_entry(entry, NOBODY if seat is None else seat) == entry


def public_lines(map, names, entries, seat=None, start: int = 0) -> list:
    """The sentences of the log ``entries[start:]`` that the person at ``seat`` may read."""
    lines = []
    for e in entries[start:]:
        if may_read(e, seat):
            text = event_text(map, names, e)
            if text:
                lines.append(sentence(text))
    return lines


def payment_text(action) -> str:
    """The cards an action pays with: ``"2 red + 1 locomotive"``.

    >>> payment_text(ClaimRoute(3, "red", 2, 1))
    '2 red + 1 locomotive'
    """
    return cards_text(action.color, action.colored, action.locomotives)


def cheapest_first(options, hand) -> list:
    """Ways to pay (actions with ``color``, ``colored``, ``locomotives``), the cheapest first:
    fewest locomotives (the wild cards are the scarcest), then the colour the hand holds most
    of (so the colours that are short stay), then the rulebook's colour order.

    >>> hand = {"red": 2, "blue": 5, "locomotive": 2}
    >>> [payment_text(a) for a in cheapest_first(
    ...     [ClaimRoute(0, "red", 2, 0), ClaimRoute(0, None, 0, 2), ClaimRoute(0, "blue", 2, 0)], hand)]
    ['2 blue', '2 red', '2 locomotives']
    """
    order = list(options)
    return sorted(order, key=lambda a: (a.locomotives, -hand.get(a.color, 0) if a.colored else 0,
                                        order.index(a)))


def first_is_cheapest(options) -> bool:
    """True when the first of the ways to pay ``options`` (sorted by :func:`cheapest_first`) is
    really cheaper than another: it spends fewer locomotives. When every way costs the same
    cards (one card of any colour for a first station), none is "the cheapest".

    >>> first_is_cheapest([ClaimRoute(0, "red", 2, 0), ClaimRoute(0, None, 0, 2)])
    True
    >>> first_is_cheapest([BuildStation(3, "white", 1, 0), BuildStation(3, "red", 1, 0)])
    False
    """
    options = list(options)
    return len(options) > 1 and any(a.locomotives > options[0].locomotives for a in options[1:])


def instead(actions) -> str:
    """What the legal ``actions`` allow, in one sentence (for a refused action).

    >>> instead([DrawBlind(), DrawFaceUp("red"), DrawFaceUp("blue"), DrawTickets()])
    'You can draw a card blind, take a face-up card (red, blue), or draw destination tickets.'
    >>> instead([KeepTickets((1, 2)), KeepTickets((1, 2, 3))])
    'You can choose which of the offered tickets to keep (at least 2).'
    """
    parts = []
    if any(isinstance(a, DrawBlind) for a in actions):
        parts.append(gettext("draw a card blind"))
    face_up = [a.card for a in actions if isinstance(a, DrawFaceUp)]
    if face_up:
        parts.append(gettext("take a face-up card ({cards})").format(cards=colour_list(face_up)))
    if any(isinstance(a, DrawTickets) for a in actions):
        parts.append(gettext("draw destination tickets"))
    routes = {a.route for a in actions if isinstance(a, ClaimRoute)}
    if routes:
        parts.append(ngettext("claim one of {n} route you can pay for", "claim one of {n} routes you can pay for",
                              len(routes)).format(n=len(routes)))
    cities = {a.city for a in actions if isinstance(a, BuildStation)}
    if cities:
        parts.append(pgettext("you can", "build a station"))
    keeps = [a for a in actions if isinstance(a, KeepTickets)]
    if keeps:
        least = min(len(a.tickets) for a in keeps)
        parts.append(gettext("choose which of the offered tickets to keep (at least {n})").format(n=least))
    parts += [str(a) for a in actions if a.type not in _LISTED]
    if not parts:
        return gettext("Nothing: it is not your turn.")
    return gettext("You can {choices}.").format(choices=alternatives(parts))


def alternatives(parts) -> str:
    """Things one may do, as a list ending in "or" in the language spoken now.

    >>> alternatives(["wait"]), alternatives(["draw", "claim", "build"])
    ('wait', 'draw, claim, or build')
    """
    parts = list(parts)
    if len(parts) == 1:
        return parts[0]
    return gettext("{some}, or {last}").format(some=listing(parts[:-1]), last=parts[-1])


_LISTED = {DrawBlind.type, DrawFaceUp.type, DrawTickets.type, ClaimRoute.type, BuildStation.type,
           KeepTickets.type}
