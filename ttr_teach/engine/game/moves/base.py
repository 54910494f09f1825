"""What every kind of move knows: when its action is legal, which ones are, and what it does.

A :class:`Move` holds the rules of one type of action side by side, so that the list of legal
actions and the reason an action is refused come from the same place:

* :meth:`Move.options` lists the legal actions of its type now, in a fixed order;
* :meth:`Move.why_not` says why one action of its type is refused (None: it is legal);
* :meth:`Move.apply` plays a legal action on the :class:`~ttr_teach.engine.game.state.GameState`;
* :meth:`Move.any_option`, :meth:`Move.count`, :meth:`Move.option` and
  :meth:`Move.random_option` say whether any action of the type is legal, how many, the
  ``i``-th one and a random one, without listing the others, which a random player needs; the
  plain versions here list them, and the moves with many options (claims, stations) count
  them instead.

Which moves are open depends on the decision pending inside the turn (see
:mod:`ttr_teach.engine.game.moves`).
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, ClassVar, Generic, TypeVar

from ...actions import Action
from ...rules import RuleSet

if TYPE_CHECKING:
    from ..state import GameState

A = TypeVar("A", bound=Action)

#: The kind of a decision inside a turn (keep tickets, pay or decline a tunnel), for players
#: that choose a kind of action first (see :func:`ttr_teach.engine.game.moves.sample_action`).
DECISION = "decision"


class Move(Generic[A]):
    """The rules of one type of action (a subclass per type; one instance of each is used)."""

    #: The :class:`~ttr_teach.engine.actions.Action` class this move plays.
    action: ClassVar[type] = Action
    #: What kind of move this is for a player choosing a kind first: ``"draw"``, ``"claim"``,
    #: ``"tickets"``, ``"station"``, ``"pass"``, or :data:`DECISION` inside a turn.
    kind: ClassVar[str] = DECISION
    #: Why the action is refused when the decision it answers is not pending (decisions only).
    nothing_pending: ClassVar[str] = ""

    def exists(self, rules: RuleSet) -> bool:
        """Whether the edition of ``rules`` has this action at all (stations: Europe only)."""
        return True

    def options(self, state: GameState) -> list:
        """Every legal action of this type now, in the order :meth:`Game.legal_actions
        <ttr_teach.engine.game.core.Game.legal_actions>` lists them."""
        raise NotImplementedError

    def why_not(self, state: GameState, action: A) -> str | None:
        """Why ``action`` (of this type, while this move is open) is refused, or None."""
        raise NotImplementedError

    def apply(self, state: GameState, action: A) -> None:
        """Play the legal ``action`` for the player to act."""
        raise NotImplementedError

    def canonical(self, state: GameState, action: A) -> A:
        """``action`` as the log records it (e.g. a city named by its id); legal ``action`` only."""
        return action

    def count(self, state: GameState) -> int:
        """How many legal actions of this type there are now."""
        return len(self.options(state))

    def any_option(self, state: GameState) -> bool:
        """Whether an action of this type is legal now (``count(state) > 0``, sometimes quicker)."""
        return self.count(state) > 0

    def option(self, state: GameState, i: int) -> A:
        """The ``i``-th of :meth:`options` (0-based)."""
        return self.options(state)[i]

    def random_option(self, state: GameState, rng: random.Random) -> A:
        """One of :meth:`options`, uniformly: the ``rng.randrange(count)``-th."""
        return self.option(state, rng.randrange(self.count(state)))

    def __repr__(self) -> str:
        return f"<{type(self).__name__}>"
