"""What a player can infer from the public log beyond the view's counts.

* Cards known to be in another player's hand: a card taken from the face-up row is seen by
  everyone, and so are the cards laid for a tunnel that is then declined (they go back to
  the hand). Paying for a route, a tunnel or a station uses up known cards first (the
  counts kept are lower bounds: never more than the player really holds).
* How many tickets each player kept at set-up (in Europe, whether a player can hold a long
  ticket depends on it).
* Where the player's own returned tickets are: tickets go under the ticket deck and are drawn
  from the top, so a returned ticket's place is known until someone draws it; in Europe the
  tickets returned at set-up are in the box.

>>> from ttr_teach.engine.game.core import Game
>>> from ttr_teach.players.view import PlayerView
>>> g = Game.new("usa", ["Ann", "Bo"], seed=3)
>>> _ = g.apply(g.legal_actions()[0])          # Ann keeps 2 of her 3 tickets
>>> k = infer(PlayerView(g, 0))
>>> k.setup_kept, list(k.deck_known.values()) == [t for t in g.to_dict()["ticket_deck"][-1:]]
({0: 2}, True)
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ..engine.rules import LOCOMOTIVE


@dataclass
class Knowledge:
    """See the module docstring. ``deck_known`` maps a place in the ticket deck (0 is the
    top) to the ticket there."""

    known_cards: dict = field(default_factory=dict)    # seat -> Counter (lower bounds)
    setup_kept: dict = field(default_factory=dict)     # seat -> tickets kept at set-up
    deck_known: dict = field(default_factory=dict)     # place from the top -> ticket index
    box_known: set = field(default_factory=set)        # ticket indices known to be in the box


def _spend(known: Counter, color, colored: int, locomotives: int) -> None:
    if colored:
        known[color] = max(0, known[color] - colored)
    known[LOCOMOTIVE] = max(0, known[LOCOMOTIVE] - locomotives)


def infer(view) -> Knowledge:
    """What ``view``'s player knows from its public log (see the module docstring)."""
    seat = view.seat
    k = Knowledge(known_cards={p.seat: Counter() for p in view.players_info if p.seat != seat})
    drawn = appended = 0
    mine = []          # (index among all tickets put under the deck, ticket)
    laid = {}          # seat -> (colour, coloured, locomotives) laid for a pending tunnel
    phase_setup = True
    for e in view._log:
        kind, p = e.get("event"), e.get("player")
        if kind == "play_begins" or kind == "start":
            phase_setup = False
        elif kind == "drew" and p != seat and e.get("from") == "face_up":
            k.known_cards[p][e["card"]] += 1
        elif kind == "action" and p != seat:
            a = e["action"]
            if a["type"] in ("claim_route", "pay_tunnel", "build_station"):
                _spend(k.known_cards[p], a["color"], a["colored"], a["locomotives"])
            if a["type"] == "claim_route":
                laid[p] = (a["color"], a["colored"], a["locomotives"])
        elif kind == "tunnel_declined" and p != seat and p in laid:
            color, colored, locos = laid.pop(p)
            if colored:
                k.known_cards[p][color] += colored
            k.known_cards[p][LOCOMOTIVE] += locos
        elif kind == "tickets_drawn":
            drawn += len(e["tickets"]) if p == seat else e["count"]
        elif kind == "tickets_kept":
            if phase_setup:
                k.setup_kept[p] = len(e["kept"]) if p == seat else e["kept_count"]
            returned = e["returned"] if p == seat else [None] * e["returned_count"]
            if e["to"] == "box":
                if p == seat:
                    k.box_known.update(returned)
                continue
            for t in returned:
                if t is not None:
                    mine.append((appended, t))
                appended += 1
    # The ticket deck is a queue: the tickets under it are drawn in the order they were put
    # there, after the first_size tickets that were in it when the log began.
    first_size = view.tickets_left + drawn - appended
    for j, t in mine:
        place = first_size + j - drawn
        if place >= 0:
            k.deck_known[place] = t
    return k
