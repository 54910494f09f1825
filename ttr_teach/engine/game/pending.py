"""The decisions a player can owe inside a turn, as small immutable values.

A turn is usually one action, but three actions leave the player a decision to make before
the turn ends: a first train card asks for a :class:`SecondCard`, drawn (or dealt) tickets for
a :class:`TicketChoice`, and a tunnel whose revealed cards cost extra for a
:class:`TunnelPayment`. ``to_dict()`` writes each the way a saved game holds it; the tickets on
offer stay with the player (``offer`` in the saved state), so a ticket choice is only its kind.

>>> tunnel = TunnelPayment(route=28, color="black", colored=3, locomotives=0, revealed=("black", "red"))
>>> tunnel.to_dict()
{'kind': 'tunnel', 'route': 28, 'color': 'black', 'colored': 3, 'locomotives': 0, 'revealed': ['black', 'red']}
>>> tunnel.extra, str(tunnel.cost())
(1, '1 black card')
>>> pending_from_dict({"kind": "second_card"})
SecondCard()
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..cards import tunnel_extra
from ..i18n import gettext
from ..payment import Cost, tunnel_extra_cost
from ..rules import LOCOMOTIVE


@dataclass(frozen=True)
class SecondCard:
    """The player drew a first train card (blind, or a face-up card that is not a locomotive)
    and must draw a second one."""

    kind: ClassVar[str] = "second_card"

    def to_dict(self) -> dict:
        return {"kind": self.kind}

    def waiting_for(self, name: str, setup: bool) -> str:
        """Why another action must wait for this decision (``setup``: during the set-up)."""
        return gettext("{player} has drawn one train card and must draw a second one (blind, or a "
                       "face-up card that is not a locomotive)").format(player=name)


@dataclass(frozen=True)
class TicketChoice:
    """The player must choose which of the tickets on offer (dealt at set-up, or drawn) to keep."""

    kind: ClassVar[str] = "tickets"

    def to_dict(self) -> dict:
        return {"kind": self.kind}

    def waiting_for(self, name: str, setup: bool) -> str:
        if setup:
            return gettext("the game has not started: each player first chooses which dealt tickets "
                           "to keep, and it is {player}'s turn to choose").format(player=name)
        return gettext("{player} must first choose which of the drawn tickets to keep").format(player=name)


@dataclass(frozen=True)
class TunnelPayment:
    """The player laid ``colored`` cards of ``color`` and ``locomotives`` locomotives for tunnel
    number ``route``, and the ``revealed`` cards ask for extra cards: pay them or decline."""

    route: int
    color: str | None
    colored: int
    locomotives: int
    revealed: tuple
    kind: ClassVar[str] = "tunnel"

    @property
    def played(self) -> list:
        """The cards laid on the table for the route."""
        return [self.color] * self.colored + [LOCOMOTIVE] * self.locomotives

    @property
    def extra(self) -> int:
        """How many extra cards the revealed cards ask for (:func:`~ttr_teach.engine.cards.tunnel_extra`)."""
        return tunnel_extra(self.revealed, self.color)

    def cost(self) -> Cost:
        """The extra cards as a :class:`~ttr_teach.engine.payment.Cost` (locomotives only if the
        route was paid with locomotives only)."""
        return tunnel_extra_cost(self.color, self.extra)

    def to_dict(self) -> dict:
        return {"kind": self.kind, "route": self.route, "color": self.color, "colored": self.colored,
                "locomotives": self.locomotives, "revealed": list(self.revealed)}

    def waiting_for(self, name: str, setup: bool) -> str:
        return gettext("{player} must first pay the extra cards for the tunnel or decline it").format(player=name)


#: The decisions that carry nothing but their kind (immutable, so one of each serves every game).
SECOND_CARD, TICKET_CHOICE = SecondCard(), TicketChoice()
#: The pending decisions by the ``kind`` their ``to_dict()`` writes.
PENDING_TYPES = {cls.kind: cls for cls in (TicketChoice, SecondCard, TunnelPayment)}
#: The kinds, in the order messages list them.
PENDING_KINDS = tuple(PENDING_TYPES)


def pending_from_dict(d: dict | None) -> SecondCard | TicketChoice | TunnelPayment | None:
    """The decision a saved ``pending`` entry holds (None for none). The entry is taken to be
    checked already (:func:`~ttr_teach.engine.game.saved.read_state` checks it)."""
    if d is None:
        return None
    cls = PENDING_TYPES[d["kind"]]
    if cls is TunnelPayment:
        return TunnelPayment(d["route"], d["color"], d["colored"], d["locomotives"], tuple(d["revealed"]))
    return SECOND_CARD if cls is SecondCard else TICKET_CHOICE
