"""Drawing train cards: blind from the deck, or one of the face-up cards.

Two cards a turn. A face-up locomotive taken as the first card is the only card of the turn,
and a face-up locomotive can never be the second card; a locomotive drawn blind counts as one
card. When no second card can be drawn, the turn ends after the first. The deck, the discards
and the face-up row themselves follow :class:`~ttr_teach.engine.cards.TrainCards`.

>>> from ttr_teach.engine.game.core import Game
>>> g = Game.arranged("usa", ["Ann", "Bo"], face_up=["locomotive", "red"], deck=["blue"])
>>> DRAW_FACE_UP.options(g.state)
[DrawFaceUp(card='red'), DrawFaceUp(card='locomotive')]
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...actions import DrawBlind, DrawFaceUp
from ...cards import CARD_KINDS
from ...i18n import gettext
from ...rules import LOCOMOTIVE
from ...text import colour_name
from ..log import DREW, NO_SECOND_CARD
from ..pending import SECOND_CARD, SecondCard
from .base import Move
from .turn import end_turn

if TYPE_CHECKING:
    from ..state import GameState

#: The card actions: immutable, so one of each serves every game.
_BLIND = DrawBlind()
_FACE_UP = {kind: DrawFaceUp(kind) for kind in CARD_KINDS}


def after_card(state: GameState, second: bool) -> None:
    """After a card is drawn: the turn ends after the second card, or when no second card can
    be drawn; otherwise the player owes a second card."""
    if second:
        end_turn(state)
    elif state.cards.can_draw_second():
        state.pending = SECOND_CARD
    else:
        if state.log is not None:
            state.log.append({"event": NO_SECOND_CARD, "player": state.current})
        end_turn(state)


class DrawBlindMove(Move[DrawBlind]):
    """Draw the top card of the deck (the discards are reshuffled into a new deck when it is empty)."""

    action = DrawBlind
    kind = "draw"

    def options(self, state: GameState) -> list:
        return [_BLIND] if state.cards.can_draw() else []

    def count(self, state: GameState) -> int:
        return 1 if state.cards.can_draw() else 0

    def any_option(self, state: GameState) -> bool:
        return state.cards.can_draw()

    def option(self, state: GameState, i: int) -> DrawBlind:
        return _BLIND

    def why_not(self, state: GameState, action: DrawBlind) -> str | None:
        if not state.cards.can_draw():
            return gettext("there are no cards left to draw: the deck and the discard pile are both empty")
        return None

    def apply(self, state: GameState, action: DrawBlind) -> None:
        second = type(state.pending) is SecondCard
        log = state.log
        card = state.cards.draw(log)
        state.seats[state.current].hand[card] += 1
        if log is not None:
            log.append({"event": DREW, "player": state.current, "card": card, "from": "deck"})
        after_card(state, second)


class DrawFaceUpMove(Move[DrawFaceUp]):
    """Take a face-up card; a new one is turned up in its place at once."""

    action = DrawFaceUp
    kind = "draw"

    def options(self, state: GameState) -> list:
        return [_FACE_UP[kind] for kind in state.cards.face_up_kinds(type(state.pending) is SecondCard)]

    def count(self, state: GameState) -> int:
        return state.cards.count_face_up_kinds(type(state.pending) is SecondCard)

    def any_option(self, state: GameState) -> bool:
        # (any face-up card may be the first; only locomotives are barred as the second)
        if type(state.pending) is SecondCard:
            return bool(state.cards.face_up_choices(True))
        return bool(state.cards.face_up)

    def option(self, state: GameState, i: int) -> DrawFaceUp:
        return _FACE_UP[state.cards.face_up_kinds(type(state.pending) is SecondCard)[i]]

    def why_not(self, state: GameState, action: DrawFaceUp) -> str | None:
        if action.card not in state.cards.face_up:
            if action.card == LOCOMOTIVE:
                return gettext("there is no face-up locomotive")
            return gettext("there is no face-up {colour} card").format(colour=colour_name(action.card))
        if action.card not in state.cards.face_up_choices(type(state.pending) is SecondCard):
            return gettext("a face-up locomotive cannot be your second card")
        return None

    def apply(self, state: GameState, action: DrawFaceUp) -> None:
        second = type(state.pending) is SecondCard
        card = action.card
        log = state.log
        state.seats[state.current].hand[card] += 1
        if log is not None:
            log.append({"event": DREW, "player": state.current, "card": card, "from": "face_up"})
        state.cards.take_face_up(card, log)
        if not second and card == LOCOMOTIVE:
            end_turn(state)
        else:
            after_card(state, second)


DRAW_BLIND = DrawBlindMove()
DRAW_FACE_UP = DrawFaceUpMove()
