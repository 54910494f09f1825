"""Claiming a route, and the decision a tunnel can leave: pay the extra cards, or decline.

Who may own a route is asked of :mod:`ttr_teach.engine.claims` and paying of
:mod:`ttr_teach.engine.payment`, so these moves only put the rules together: a route the player
may own and has the trains for, paid with cards of its colour (any one colour if gray, a ferry's
locomotives, locomotives wild). A tunnel then reveals 3 cards; when they ask for extra cards
the player decides (:class:`~ttr_teach.engine.game.pending.TunnelPayment`); declining is always
allowed and gives the cards played back.

>>> from ttr_teach.engine.game.core import Game
>>> g = Game.arranged("europe", ["Ann", "Bo"], hands=[{"red": 1, "blue": 2, "locomotive": 1}, {}])
>>> danzig = g.map.route("Danzig", "Warszawa").index
>>> [str(a) for a in CLAIM_ROUTE.options(g.state) if a.route == danzig]
['claim Danzig–Warszawa (2 gray) with 2 blue', 'claim Danzig–Warszawa (2 gray) with 1 blue + 1 locomotive', 'claim Danzig–Warszawa (2 gray) with 1 red + 1 locomotive']
"""  # noqa: E501
from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from functools import cache
from itertools import accumulate
from typing import TYPE_CHECKING, cast

from ...actions import ClaimRoute, DeclineTunnel, PayTunnel
from ...cards import tunnel_extra
from ...claims import why_route_unavailable, why_trains_short
from ...i18n import N_, gettext, language
from ...payment import nth_way_to_pay, payment_options, route_cost, why_payment_refused
from ..log import CLAIMED, TUNNEL_DECLINED, TUNNEL_REVEAL
from ..pending import TunnelPayment
from .base import Move
from .paying import cost_lanes, hand_ways
from .turn import end_turn

if TYPE_CHECKING:
    from ...maps import Map, Route
    from ..state import GameState


def why_route_closed(state: GameState, route: Route) -> str | None:
    """Why the player to act may not claim ``route`` whatever they pay (someone owns it, the
    double-route rules, too few trains), or None."""
    return (why_route_unavailable(state.map, len(state.seats), state.owners, route, state.current)
            or why_trains_short(state.trains_left(state.current), route))


@dataclass(frozen=True)
class _MapFacts:
    """What naming and drawing claims on one map needs, worked out once.

    ``routes[i]`` is ``(label, length, cost)`` of route ``i``. ``actions`` keeps each claim
    once made (``(route, colour, coloured, locomotives)`` -> the
    :class:`~ttr_teach.engine.actions.ClaimRoute`, immutable): a random player draws the same
    claims again and again.
    """

    routes: tuple
    actions: dict


@cache
def _facts_in(m: Map, lang: str) -> _MapFacts:
    return _MapFacts(routes=tuple((str(r), r.length, route_cost(r)) for r in m.routes), actions={})


def _facts(m: Map) -> _MapFacts:
    """The facts of map ``m``, its routes named in the language spoken now."""
    return _facts_in(m, language())


def claim_action(facts: _MapFacts, route: int, way: tuple) -> ClaimRoute:
    """The :class:`~ttr_teach.engine.actions.ClaimRoute` of ``route`` paid ``way``, made once."""
    key = (route, *way)
    action = facts.actions.get(key)
    if action is None:
        color, colored, locomotives = way
        action = facts.actions[key] = ClaimRoute(route, color, colored, locomotives, label=facts.routes[route][0])
    return action


def _claim_ways(state: GameState) -> bytes | bytearray:
    """How many ways the player to act has to claim each route, a byte per route: 0 for the
    routes they may not own (:func:`why_route_closed`, from the kept
    :class:`~ttr_teach.engine.claims.ClaimableRoutes`) or have not the trains for, else their
    ways to pay for it (:func:`~ttr_teach.engine.game.moves.paying.hand_ways` of the route's
    cost group: one ``bytes.translate`` of the seat's groups).

    Remembered on the state until it changes (a random player asks whether there is a claim,
    how many, then draws one).
    """
    by_route = state.claim_ways
    if by_route is None:
        seat = state.current
        ways = hand_ways(state)
        fits = cost_lanes(state.map).fits[state.trains[seat]]
        if fits is not None:
            ways &= fits
        by_route = state.claim_ways = state.claimable.groups[seat].translate(ways.to_bytes(256, "little"))
    return by_route


def _tunnel(state: GameState) -> TunnelPayment:
    """The tunnel payment pending (the tunnel moves are open only then)."""
    return cast(TunnelPayment, state.pending)


def claim(state: GameState, route: Route) -> None:
    """The player to act claims ``route``: it is placed and scores at once; the turn ends."""
    state.place_route(route.index)
    if state.log is not None:
        state.log.append({"event": CLAIMED, "player": state.current, "route": route.index,
                          "points": state.rules.route_points(route.length)})
    end_turn(state)


class ClaimRouteMove(Move[ClaimRoute]):
    """Claim a route, paying for it from the hand (a tunnel first reveals 3 cards)."""

    action = ClaimRoute
    kind = "claim"

    def options(self, state: GameState) -> list:
        hand = state.seat.hand
        facts = _facts(state.map)
        actions: list[ClaimRoute] = []
        for r, ways in enumerate(_claim_ways(state)):
            if ways:
                actions.extend(claim_action(facts, r, way) for way in payment_options(facts.routes[r][2], hand))
        return actions

    def count(self, state: GameState) -> int:
        return sum(_claim_ways(state))

    def any_option(self, state: GameState) -> bool:
        return any(_claim_ways(state))

    def option(self, state: GameState, i: int) -> ClaimRoute:
        totals = list(accumulate(_claim_ways(state)))
        r = bisect_right(totals, i)
        route = state.map.routes[r]
        way = nth_way_to_pay(state.seats[state.current].hand, route.length, route.color,
                             route.locomotives, i - (totals[r - 1] if r else 0))
        return claim_action(_facts(state.map), r, way)

    def why_not(self, state: GameState, action: ClaimRoute) -> str | None:
        routes = state.map.routes
        if action.route >= len(routes):
            return gettext("there is no route number {number} on the {map} map (routes are numbered "
                           "0 to {last})").format(number=action.route, map=state.map.name, last=len(routes) - 1)
        r = routes[action.route]
        return why_route_closed(state, r) or why_payment_refused(
            _facts(state.map).routes[r.index][2], state.seat.hand, action.color, action.colored,
            action.locomotives)

    def apply(self, state: GameState, action: ClaimRoute) -> None:
        r = state.map.routes[action.route]
        played = state.take_from_hand(action.color, action.colored, action.locomotives)
        if r.tunnel:
            revealed = state.cards.reveal(state.rules.tunnel_reveal, state.log)
            extra = tunnel_extra(revealed, action.color)
            if state.log is not None:
                state.log.append({"event": TUNNEL_REVEAL, "player": state.current, "route": r.index,
                                  "cards": list(revealed), "extra": extra})
            if extra:
                state.pending = TunnelPayment(r.index, action.color, action.colored,
                                              action.locomotives, tuple(revealed))
                return
            state.cards.discard.extend(revealed)
        state.cards.discard.extend(played)
        claim(state, r)


class PayTunnelMove(Move[PayTunnel]):
    """Pay the extra cards the revealed cards ask for: the tunnel is claimed."""

    action = PayTunnel
    nothing_pending = N_("there is no tunnel waiting to be paid for")

    def options(self, state: GameState) -> list:
        return [PayTunnel(*way) for way in payment_options(_tunnel(state).cost(), state.seat.hand)]

    def why_not(self, state: GameState, action: PayTunnel) -> str | None:
        return why_payment_refused(_tunnel(state).cost(), state.seat.hand, action.color,
                                   action.colored, action.locomotives)

    def apply(self, state: GameState, action: PayTunnel) -> None:
        tunnel = _tunnel(state)
        extra = state.take_from_hand(action.color, action.colored, action.locomotives)
        state.cards.discard.extend(tunnel.played + extra + list(tunnel.revealed))
        claim(state, state.map.routes[tunnel.route])


class DeclineTunnelMove(Move[DeclineTunnel]):
    """Decline the tunnel: the cards played go back to the hand, the revealed ones are
    discarded, and the turn ends."""

    action = DeclineTunnel
    nothing_pending = N_("there is no tunnel waiting to be paid for")

    _decline = DeclineTunnel()

    def options(self, state: GameState) -> list:
        return [self._decline]

    def why_not(self, state: GameState, action: DeclineTunnel) -> str | None:
        return None

    def apply(self, state: GameState, action: DeclineTunnel) -> None:
        tunnel = _tunnel(state)
        state.give_back(tunnel.played)
        state.cards.discard.extend(tunnel.revealed)
        if state.log is not None:
            state.log.append({"event": TUNNEL_DECLINED, "player": state.current, "route": tunnel.route})
        end_turn(state)


CLAIM_ROUTE = ClaimRouteMove()
PAY_TUNNEL = PayTunnelMove()
DECLINE_TUNNEL = DeclineTunnelMove()
