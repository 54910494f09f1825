"""The moves of a turn: one :class:`~ttr_teach.engine.game.moves.base.Move` per type of action,
and which of them are open at each moment.

On a free turn a player draws train cards, draws tickets, claims a route, builds a station or,
when none of these is possible, passes. A decision pending inside the turn opens only the moves
that answer it (:data:`STAGES`). :func:`legal_actions`, :func:`why_illegal` and :func:`apply` all
go through the same table, so the actions listed as legal are exactly those accepted.

>>> from ttr_teach.engine.game.core import Game
>>> g = Game.arranged("usa", ["Ann", "Bo"], face_up=["red"] * 5, deck=["blue", "green"])
>>> [m.kind for m in open_moves(g.state)]
['draw', 'draw', 'tickets', 'claim', 'station', 'pass']
>>> why_illegal(g.state, PayTunnel("red", 1, 0))
'there is no tunnel waiting to be paid for'
"""
from __future__ import annotations

from ...actions import Action, PayTunnel
from ..log import ACTION
from ..pending import SecondCard, TicketChoice, TunnelPayment
from ..state import OVER, SETUP
from .base import DECISION, Move
from .cards import DRAW_BLIND, DRAW_FACE_UP
from .routes import CLAIM_ROUTE, DECLINE_TUNNEL, PAY_TUNNEL
from .stations import BUILD_STATION
from .tickets import DRAW_TICKETS, KEEP_TICKETS, min_keep
from .turn import PassMove

PASS = PassMove(others=(DRAW_BLIND, DRAW_FACE_UP, DRAW_TICKETS, CLAIM_ROUTE, BUILD_STATION))
#: The moves open on a free turn and while each kind of decision is pending, in the order
#: their actions are listed.
STAGES = {
    type(None): (DRAW_BLIND, DRAW_FACE_UP, DRAW_TICKETS, CLAIM_ROUTE, BUILD_STATION, PASS),
    SecondCard: (DRAW_BLIND, DRAW_FACE_UP),
    TicketChoice: (KEEP_TICKETS,),
    TunnelPayment: (PAY_TUNNEL, DECLINE_TUNNEL),
}
#: Every move, by the class of its action.
MOVES = {m.action: m for m in (DRAW_BLIND, DRAW_FACE_UP, DRAW_TICKETS, KEEP_TICKETS, CLAIM_ROUTE,
                               PAY_TUNNEL, DECLINE_TUNNEL, BUILD_STATION, PASS)}

__all__ = ["BUILD_STATION", "CLAIM_ROUTE", "DECISION", "DECLINE_TUNNEL", "DRAW_BLIND",
           "DRAW_FACE_UP", "DRAW_TICKETS", "KEEP_TICKETS", "MOVES", "Move", "PASS", "PAY_TUNNEL",
           "STAGES", "apply", "legal_actions", "min_keep", "move_of", "open_moves", "why_illegal"]


def open_moves(state) -> tuple:
    """The moves open now (none once the game is over)."""
    if state.phase == OVER:
        return ()
    return STAGES[type(state.pending)]


def move_of(action):
    """The :class:`Move` that plays ``action``, or None if it is no action of this game."""
    move = MOVES.get(type(action))
    if move is None:
        move = next((MOVES[c] for c in type(action).__mro__ if c in MOVES), None)
    return move


def legal_actions(state) -> list:
    """Exactly the actions :func:`apply` accepts now (see :meth:`Game.legal_actions
    <ttr_teach.engine.game.core.Game.legal_actions>`)."""
    actions = []
    for move in open_moves(state):
        if move is PASS and actions:
            break                        # other actions are legal, so passing is not
        actions += move.options(state)
    return actions


def why_illegal(state, action):
    """Why ``action`` (an :class:`~ttr_teach.engine.actions.Action`) is refused now, or None."""
    if not isinstance(action, Action):
        return f"{action!r} is not an action; use one from legal_actions() or its to_dict() form"
    why = action.problem()
    if why:
        return why
    if state.phase == OVER:
        return "the game is over; no more actions can be taken"
    move = move_of(action)
    if move is None:
        return f"{action} is not an action of this game"
    if move not in STAGES[type(state.pending)]:
        if state.pending is not None:
            return state.pending.waiting_for(state.name, state.phase == SETUP)
        return move.nothing_pending
    return move.why_not(state, action)


def apply(state, action) -> None:
    """Play the legal ``action`` (checked by :func:`why_illegal` first) on ``state``: the log
    records the action, then what it causes."""
    move = move_of(action)
    action = move.canonical(state, action)
    state.record({"event": ACTION, "player": state.current, "action": action.to_dict()})
    move.apply(state, action)
