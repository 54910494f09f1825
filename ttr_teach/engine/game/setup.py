"""Setting up a new game: shuffling and dealing the cards and the tickets from a seed.

The 110 cards are shuffled, 4 dealt to each player (one at a time around the table) and 5
turned face up (the 3-locomotive rule applied). USA: each player is dealt 3 tickets. Europe:
each is dealt 1 long ticket (the other long tickets go back to the box, unseen) and 3 regular
ones. The game then waits for each player, in seat order, to choose which tickets to keep.

>>> state = new_state("usa", ["Ann", "Bo"], seed=7)
>>> [sum(s.hand.values()) for s in state.seats], [len(s.offer) for s in state.seats]
([4, 4], [3, 3])
"""
from __future__ import annotations

from collections.abc import Iterable

from ..cards import TrainCards, seeded_rng
from ..maps import Map, load_map
from .log import DEALT_CARDS, DEALT_TICKETS, FACE_UP, LONG_TICKETS_TO_BOX, NEW_GAME
from .pending import TICKET_CHOICE
from .state import SETUP, GameState, Seat, check_names, check_seed


def new_state(map: str | Map = "europe", players: Iterable[str] = ("Ann", "Bo"), seed: int = 0,
              log: bool = True) -> GameState:
    """The state of a new game on ``map`` for ``players`` (names, in seat order), set up from
    ``seed`` (see the module docstring); its log tells how it was dealt. ``log=False``: the
    same game, keeping no log."""
    m = load_map(map)
    rules = m.rules
    names = check_names(players, rules)
    check_seed(seed)
    events = [{"event": NEW_GAME, "map": m.name, "players": list(names), "seed": seed}] if log else None
    seats = [Seat(n) for n in names]
    cards = TrainCards.shuffled(rules, seed)
    dealt: list[list] = [[] for _ in seats]
    for _ in range(rules.initial_hand):
        for i, s in enumerate(seats):
            card = cards.draw(events)
            s.hand[card] += 1
            dealt[i].append(card)
    if events is not None:
        events += [{"event": DEALT_CARDS, "player": i, "cards": d} for i, d in enumerate(dealt)]
    cards.settle(events)
    if events is not None:
        events.append({"event": FACE_UP, "cards": list(cards.face_up)})

    rng = seeded_rng(seed, "tickets")
    regular = [t.index for t in m.tickets if not t.long]
    rng.shuffle(regular)
    box = []
    if rules.setup_long_tickets:
        longs = [t.index for t in m.tickets if t.long]
        rng.shuffle(longs)
        for s in seats:
            s.offer.extend(longs[:rules.setup_long_tickets])
            del longs[:rules.setup_long_tickets]
        box = longs
    for i, s in enumerate(seats):
        s.offer.extend(regular[:rules.setup_regular_tickets])
        del regular[:rules.setup_regular_tickets]
        if events is not None:
            events.append({"event": DEALT_TICKETS, "player": i, "tickets": list(s.offer)})
    if box and events is not None:
        events.append({"event": LONG_TICKETS_TO_BOX, "count": len(box)})
    return GameState(m, seed, seats, cards, regular, box, SETUP, 0, TICKET_CHOICE, None, 0, 0, events)
