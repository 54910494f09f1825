"""The end of a turn and of the game, and passing.

>>> from ttr_teach.engine.game.core import Game
>>> from ttr_teach.engine.game.moves import PASS
>>> g = Game.arranged("europe", ["Ann", "Bo"], face_up=[], deck=[], discard=[], leftover="Bo",
...                   ticket_deck=[])
>>> PASS.options(g.state)          # Ann holds no card: nothing else is possible
[Pass()]
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ...actions import Pass
from ...i18n import N_, gettext
from ..log import FINAL_ROUND, GAME_OVER
from ..state import OVER
from .base import Move

if TYPE_CHECKING:
    from ..state import GameState


def end_turn(state: GameState, passed: bool = False) -> None:
    """End the current player's turn: refill the face-up row, count the final round and the
    passes in a row, end the game when either says so, else hand over to the next seat.

    The final round begins when a player ends a turn with 2 trains or fewer: from then on every
    player, that one included, has exactly one more turn.
    """
    player = state.current
    n = len(state.seats)
    state.pending = None
    state.cards.settle(state.log)
    state.turn += 1
    state.passes = state.passes + 1 if passed else 0
    if state.final_turns_left is not None:
        state.final_turns_left -= 1
        if state.final_turns_left == 0:
            return finish(state, N_("the final round has been played"))
    else:
        trains = state.trains[player]
        if trains <= state.map.rules.end_trigger_trains:
            state.final_turns_left = n
            if state.log is not None:
                state.log.append({"event": FINAL_ROUND, "player": player, "trains": trains})
    if state.passes >= n:
        return finish(state, N_("every player had to pass, so nothing can change any more"))
    state.current = (player + 1) % n


def finish(state: GameState, reason: str) -> None:
    """The game is over, for ``reason`` (in English words marked with ``N_``: the log keeps
    them English, and reading the log translates them)."""
    state.phase = OVER
    if state.log is not None:
        state.log.append({"event": GAME_OVER, "reason": reason})


class PassMove(Move[Pass]):
    """Pass: legal only when no other action is (no card can be drawn, no ticket is left, and no
    route or station can be paid for). If every player passes in a row, nothing can change any
    more, so the game ends there (as if the final round had been played)."""

    action = Pass
    kind = "pass"
    _pass = Pass()

    def __init__(self, others: Iterable[Move] = ()) -> None:
        #: The other moves of a free turn: passing is legal when none of them is.
        self.others = tuple(others)

    def can_act(self, state: GameState) -> bool:
        """True when the player to act (on a free turn) has an action besides passing."""
        return any(m.count(state) for m in self.others)

    def options(self, state: GameState) -> list:
        return [] if self.can_act(state) else [self._pass]

    def why_not(self, state: GameState, action: Pass) -> str | None:
        if self.can_act(state):
            return gettext("you can still take an action (draw cards or tickets, claim a route or build "
                           "a station), so you may not pass")
        return None

    def apply(self, state: GameState, action: Pass) -> None:
        end_turn(state, passed=True)

