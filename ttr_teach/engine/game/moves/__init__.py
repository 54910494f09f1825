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

from bisect import bisect
from operator import methodcaller
from typing import TYPE_CHECKING, Any

from ...actions import Action, PayTunnel  # noqa: F401 - used by the module doctest
from ...i18n import gettext, ngettext
from ..log import ACTION
from ..pending import SecondCard, TicketChoice, TunnelPayment
from ..state import OVER, SETUP
from .base import DECISION, Move
from .cards import DRAW_BLIND, DRAW_FACE_UP
from .routes import CLAIM_ROUTE, DECLINE_TUNNEL, PAY_TUNNEL
from .stations import BUILD_STATION
from .tickets import DRAW_TICKETS, KEEP_TICKETS, min_keep
from .turn import PassMove

if TYPE_CHECKING:
    from collections.abc import Sequence
    from random import Random

    from ...maps import Map
    from ..state import GameState

PASS = PassMove(others=(DRAW_BLIND, DRAW_FACE_UP, DRAW_TICKETS, CLAIM_ROUTE, BUILD_STATION))
#: The moves open on a free turn and while each kind of decision is pending, in the order
#: their actions are listed.
STAGES: dict[type, tuple[Move[Any], ...]] = {
    type(None): (DRAW_BLIND, DRAW_FACE_UP, DRAW_TICKETS, CLAIM_ROUTE, BUILD_STATION, PASS),
    SecondCard: (DRAW_BLIND, DRAW_FACE_UP),
    TicketChoice: (KEEP_TICKETS,),
    TunnelPayment: (PAY_TUNNEL, DECLINE_TUNNEL),
}
#: For each stage (the type of the pending decision), its moves grouped by kind, the kinds in
#: alphabetical order; None for the stages of decisions, which are drawn uniformly.
KINDS = {stage: None if any(m.kind == DECISION for m in moves) else
         tuple((kind, tuple(m for m in moves if m.kind == kind)) for kind in sorted({m.kind for m in moves}))
         for stage, moves in STAGES.items()}
#: What :func:`sample_action` draws from, by stage and map (see :func:`_choices`).
_CHOICES: dict[type, dict[Map, tuple]] = {stage: {} for stage in STAGES}
#: The kind of each type of action (its ``type``), as :func:`sample_action` groups them.
KIND_OF_ACTION = {move.action.type: move.kind for move in
                  (DRAW_BLIND, DRAW_FACE_UP, DRAW_TICKETS, KEEP_TICKETS, CLAIM_ROUTE, PAY_TUNNEL,
                   DECLINE_TUNNEL, BUILD_STATION, PASS)}
#: Every move, by the class of its action.
MOVES: dict[type, Move[Any]] = {m.action: m for m in (DRAW_BLIND, DRAW_FACE_UP, DRAW_TICKETS, KEEP_TICKETS, CLAIM_ROUTE,
                               PAY_TUNNEL, DECLINE_TUNNEL, BUILD_STATION, PASS)}

__all__ = ["BUILD_STATION", "CLAIM_ROUTE", "DECISION", "DECLINE_TUNNEL", "DRAW_BLIND",
           "DRAW_FACE_UP", "DRAW_TICKETS", "KEEP_TICKETS", "KIND_OF_ACTION", "MOVES", "Move", "PASS",
           "PAY_TUNNEL", "STAGES", "apply", "legal_actions", "min_keep", "move_of", "open_moves",
           "playout", "sample_action", "why_illegal"]


def open_moves(state: GameState) -> tuple:
    """The moves open now (none once the game is over)."""
    if state.phase == OVER:
        return ()
    return STAGES[type(state.pending)]


def move_of(action: object) -> Move | None:
    """The :class:`Move` that plays ``action``, or None if it is no action of this game."""
    move = MOVES.get(type(action))
    if move is None:
        move = next((MOVES[c] for c in type(action).__mro__ if c in MOVES), None)
    return move


def legal_actions(state: GameState) -> list:
    """Exactly the actions :func:`apply` accepts now (see :meth:`Game.legal_actions
    <ttr_teach.engine.game.core.Game.legal_actions>`)."""
    actions: list[Action] = []
    for move in open_moves(state):
        if move is PASS and actions:
            break                        # other actions are legal, so passing is not
        actions += move.options(state)
    return actions


def why_illegal(state: GameState, action: object) -> str | None:
    """Why ``action`` (an :class:`~ttr_teach.engine.actions.Action`) is refused now, or None."""
    if not isinstance(action, Action):
        return gettext("{action} is not an action; use one from legal_actions() or its to_dict() "
                       "form").format(action=repr(action))
    why = action.problem()
    if why:
        return why
    if state.phase == OVER:
        return gettext("the game is over; no more actions can be taken")
    move = move_of(action)
    if move is None:
        return gettext("{action} is not an action of this game").format(action=action)
    if move not in STAGES[type(state.pending)]:
        if state.pending is not None:
            return state.pending.waiting_for(state.name, state.phase == SETUP)
        return gettext(move.nothing_pending)
    return move.why_not(state, action)


def apply(state: GameState, action: Action) -> None:
    """Play the legal ``action`` (checked by :func:`why_illegal` first) on ``state``: the log
    records the action, then what it causes (its move played by
    :meth:`~ttr_teach.engine.game.state.GameState.play`)."""
    move = MOVES.get(type(action)) or move_of(action)
    assert move is not None, f"{action!r} is not an action of this game"
    action = move.canonical(state, action)
    if state.log is not None:
        state.log.append({"event": ACTION, "player": state.current, "action": action.to_dict()})
    state.play(move, action)


def sample_action(state: GameState, rng: Random, weights: dict) -> Action | None:
    """A random legal action, drawn by kind with the weight table ``weights``, without listing
    every legal action (the law of :class:`~ttr_teach.players.random_bot.RandomBot`, whose
    weights are its own).

    While a ticket choice or a tunnel is pending: one of the legal decisions, uniformly.
    Otherwise first a kind of move (``"draw"``, ``"claim"``, ``"tickets"``, ``"station"`` or
    ``"pass"``; a second card is a ``"draw"``) among the kinds with a legal action, with
    probabilities proportional to ``weights`` (kind -> weight; a kind not named weighs 1),
    then uniformly one action of that kind. ``rng`` (a :class:`random.Random`) is used exactly
    as picking from the full list of legal actions would use it (one ``choices`` for the
    kind, then one ``randrange`` over that kind's actions in the order of
    :func:`legal_actions`), so a seeded player makes the very same choices, but only the
    chosen kind's actions are counted and only the one drawn is built. None once the game is
    over.
    """
    if state.phase == OVER:
        return None
    stage = type(state.pending)
    choices = _CHOICES[stage].get(state.map)
    if choices is None:
        choices = _choices(stage, state.map)
    if not choices:                      # a decision: uniformly among the legal ones
        chosen = STAGES[stage]
    else:
        # the kinds with a legal action, in alphabetical order, drawn as
        # random.choices(kinds, weights) draws (one random())
        legal, totals, total = [], [], 0.0
        for kind, group, tests in choices:
            for test in tests:
                if test(state):
                    total += weights.get(kind, 1.0)
                    totals.append(total)
                    legal.append(group)
                    break
        if not legal:                    # passing is legal when nothing else is
            if PASS not in STAGES[stage] or not PASS.any_option(state):
                return None
            legal, total = [(PASS,)], weights.get(PASS.kind, 1.0) + 0.0
        if not total > 0:
            raise ValueError(gettext("the weights of the kinds of action that are legal add up to 0"))
        if len(legal) == 1:
            rng.random()
            chosen = legal[0]
        else:
            chosen = legal[bisect(totals, rng.random() * total, 0, len(legal) - 1)]
    if len(chosen) == 1:
        move = chosen[0]
        action = move.option(state, rng.randrange(move.count(state)))
    else:
        counts = list(map(methodcaller("count", state), chosen))
        i = rng.randrange(sum(counts))
        for move, n in zip(chosen, counts, strict=True):  # noqa: B007 - the move the loop stops at is used below
            if i < n:
                break
            i -= n
        action = move.option(state, i)
    return action


def playout(state: GameState, rngs: Sequence[Random], weights: dict, max_actions: int = 100_000) -> int:
    """Play random actions on ``state`` until the game is over: each the :func:`sample_action`
    of ``rngs[seat]`` (a :class:`random.Random` for each seat) for the seat to act, with the
    weight table ``weights``, as a :class:`~ttr_teach.players.random_bot.RandomBot` with those
    weights in each seat would choose it (drawn here from this very state, so legal: played
    without asking :func:`why_illegal`). Returns how many actions were played;
    ``RuntimeError`` if the game is not over after ``max_actions``."""
    for played in range(max_actions):
        if state.phase == OVER:
            return played
        action = sample_action(state, rngs[state.current], weights)
        assert action is not None, "a game not over has a legal action"
        apply(state, action)
    if state.phase == OVER:
        return max_actions
    raise RuntimeError(ngettext("the game did not end after {n} random action",
                                 "the game did not end after {n} random actions", max_actions).format(n=max_actions))


def _choices(stage: type, m: Map) -> tuple:
    """What :func:`sample_action` draws from at ``stage`` on map ``m``: each kind of move but
    passing (legal only when nothing else is), in alphabetical order, as ``(kind, its moves,
    their any_option)``, leaving out the moves the edition has not; empty for the stages of
    decisions."""
    groups = KINDS[stage] or ()
    choices = tuple((kind, group, tuple(move.any_option for move in group))
                    for kind, group in ((kind, tuple(move for move in group if move.exists(m.rules)))
                                        for kind, group in groups)
                    if group and kind != PASS.kind)
    _CHOICES[stage][m] = choices
    return choices
