"""Destination tickets: drawing them, and choosing which to keep (at set-up and in play).

Drawing takes the top 3 tickets (fewer if fewer are left; not possible when none is); the
player keeps at least 1, and the others go under the ticket deck in the order they were drawn.
At set-up each player, in seat order, keeps at least 2 of those dealt; Europe's returned
set-up tickets go back to the box, USA's under the ticket deck. Kept tickets are kept for good.

>>> from ttr_teach.engine.game.core import Game
>>> g = Game.new("usa", ["Ann", "Bo"], seed=7)
>>> min_keep(g.state), KEEP_TICKETS.count(g.state)       # 2 or 3 of the 3 dealt
(2, 4)
"""
from __future__ import annotations

import itertools
import math
from collections.abc import Iterator
from typing import TYPE_CHECKING

from ...actions import DrawTickets, KeepTickets
from ...i18n import N_, gettext, ngettext
from ...text import listing
from ..log import PLAY_BEGINS, TICKETS_DRAWN, TICKETS_KEPT
from ..pending import TICKET_CHOICE
from ..state import PLAY, SETUP
from .base import Move
from .turn import end_turn

if TYPE_CHECKING:
    from ..state import GameState


def min_keep(state: GameState) -> int:
    """How many of the tickets on offer the player to act must keep."""
    rules = state.rules
    at_least = rules.setup_keep_at_least if state.phase == SETUP else rules.draw_keep_at_least
    return min(at_least, len(state.seat.offer))


class DrawTicketsMove(Move[DrawTickets]):
    """Draw destination tickets."""

    action = DrawTickets
    kind = "tickets"
    _draw = DrawTickets()

    def options(self, state: GameState) -> list:
        return [self._draw] if state.ticket_deck else []

    def count(self, state: GameState) -> int:
        return 1 if state.ticket_deck else 0

    def any_option(self, state: GameState) -> bool:
        return bool(state.ticket_deck)

    def option(self, state: GameState, i: int) -> DrawTickets:
        return self._draw

    def why_not(self, state: GameState, action: DrawTickets) -> str | None:
        return None if state.ticket_deck else gettext("the ticket deck is empty, so no tickets can be drawn")

    def apply(self, state: GameState, action: DrawTickets) -> None:
        k = min(state.rules.draw_tickets, len(state.ticket_deck))
        drawn = state.ticket_deck[:k]
        del state.ticket_deck[:k]
        state.seat.offer = drawn
        state.pending = TICKET_CHOICE
        if state.log is not None:
            state.log.append({"event": TICKETS_DRAWN, "player": state.current, "tickets": list(drawn)})


class KeepTicketsMove(Move[KeepTickets]):
    """Keep some of the tickets on offer (a decision inside the turn, or the set-up choice)."""

    action = KeepTickets
    nothing_pending = N_("you have no tickets to choose from; draw tickets first")

    def options(self, state: GameState) -> list:
        return [self._action(state, kept) for kept in self._choices(state)]

    def _choices(self, state: GameState) -> Iterator[tuple[int, ...]]:
        """Every choice of tickets to keep: the larger ones after the smaller."""
        offer = sorted(state.seat.offer)
        return itertools.chain.from_iterable(itertools.combinations(offer, size)
                                             for size in range(min_keep(state), len(offer) + 1))

    def _action(self, state: GameState, kept: tuple[int, ...]) -> KeepTickets:
        return KeepTickets(kept, label=listing(str(state.map.tickets[t]) for t in kept))

    def count(self, state: GameState) -> int:
        n = len(state.seat.offer)
        return sum(math.comb(n, size) for size in range(min_keep(state), n + 1))

    def option(self, state: GameState, i: int) -> KeepTickets:
        return self._action(state, next(itertools.islice(self._choices(state), i, None)))

    def why_not(self, state: GameState, action: KeepTickets) -> str | None:
        offer = state.seat.offer
        for t in action.tickets:
            if t not in offer:
                what = str(state.map.tickets[t]) if t < len(state.map.tickets) else f"#{t}"
                return gettext("ticket {ticket} is not one of the tickets you are choosing from").format(ticket=what)
        at_least = min_keep(state)
        if len(action.tickets) < at_least:
            return ngettext("you must keep at least {n} of your {offered} tickets",
                            "you must keep at least {n} of your {offered} tickets",
                            at_least).format(n=at_least, offered=len(offer))
        return None

    def apply(self, state: GameState, action: KeepTickets) -> None:
        seat = state.seat
        returned = [t for t in seat.offer if t not in action.tickets]
        seat.tickets.extend(action.tickets)
        seat.offer = []
        to_box = state.phase == SETUP and state.rules.setup_returned_to_box
        (state.ticket_box if to_box else state.ticket_deck).extend(returned)
        if state.log is not None:
            state.log.append({"event": TICKETS_KEPT, "player": state.current, "kept": list(action.tickets),
                              "returned": returned, "to": "box" if to_box else "bottom of the ticket deck"})
        state.pending = None
        if state.phase != SETUP:
            end_turn(state)
        elif state.current + 1 < len(state.seats):
            state.current += 1
            state.pending = TICKET_CHOICE
        else:
            state.phase = PLAY
            state.current = 0
            if state.log is not None:
                state.log.append({"event": PLAY_BEGINS, "player": 0})


DRAW_TICKETS = DrawTicketsMove()
KEEP_TICKETS = KeepTicketsMove()
