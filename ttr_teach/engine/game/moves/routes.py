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
"""
from __future__ import annotations

from ...actions import ClaimRoute, DeclineTunnel, PayTunnel
from ...cards import tunnel_extra
from ...claims import why_route_unavailable, why_trains_short
from ...payment import payment_options, route_cost, why_payment_refused
from ..log import CLAIMED, TUNNEL_DECLINED, TUNNEL_REVEAL
from ..pending import TunnelPayment
from .base import Move
from .turn import end_turn


def why_route_closed(state, route):
    """Why the player to act may not claim ``route`` whatever they pay (someone owns it, the
    double-route rules, too few trains), or None."""
    return (why_route_unavailable(state.map, len(state.seats), state.owners, route, state.current)
            or why_trains_short(state.trains_left(state.current), route))


def claim(state, route) -> None:
    """The player to act claims ``route``: it is placed and scores at once; the turn ends."""
    state.place_route(route.index)
    state.record({"event": CLAIMED, "player": state.current, "route": route.index,
                  "points": state.rules.route_points(route.length)})
    end_turn(state)


class ClaimRouteMove(Move):
    """Claim a route, paying for it from the hand (a tunnel first reveals 3 cards)."""

    action = ClaimRoute
    kind = "claim"

    def options(self, state) -> list:
        hand = state.seat.hand
        ways = {}  # routes of the same length, colour and ferry symbols are paid alike
        actions = []
        for r in state.map.routes:
            if why_route_closed(state, r):
                continue
            cost = (r.length, r.color, r.locomotives)
            if cost not in ways:
                ways[cost] = payment_options(route_cost(r), hand)
            if ways[cost]:
                label = str(r)
                actions.extend(ClaimRoute(r.index, color, colored, locomotives, label=label)
                               for color, colored, locomotives in ways[cost])
        return actions

    def why_not(self, state, action):
        routes = state.map.routes
        if action.route >= len(routes):
            return (f"there is no route number {action.route} on the {state.map.name} map "
                    f"(routes are numbered 0 to {len(routes) - 1})")
        r = routes[action.route]
        return why_route_closed(state, r) or why_payment_refused(
            route_cost(r), state.seat.hand, action.color, action.colored, action.locomotives)

    def apply(self, state, action) -> None:
        r = state.map.routes[action.route]
        played = state.take_from_hand(action.color, action.colored, action.locomotives)
        if r.tunnel:
            revealed = state.cards.reveal(state.rules.tunnel_reveal, state.log)
            extra = tunnel_extra(revealed, action.color)
            state.record({"event": TUNNEL_REVEAL, "player": state.current, "route": r.index,
                          "cards": list(revealed), "extra": extra})
            if extra:
                state.pending = TunnelPayment(r.index, action.color, action.colored,
                                              action.locomotives, tuple(revealed))
                return
            state.cards.discard.extend(revealed)
        state.cards.discard.extend(played)
        claim(state, r)


class PayTunnelMove(Move):
    """Pay the extra cards the revealed cards ask for: the tunnel is claimed."""

    action = PayTunnel
    nothing_pending = "there is no tunnel waiting to be paid for"

    def options(self, state) -> list:
        return [PayTunnel(*way) for way in payment_options(state.pending.cost(), state.seat.hand)]

    def why_not(self, state, action):
        return why_payment_refused(state.pending.cost(), state.seat.hand, action.color,
                                   action.colored, action.locomotives)

    def apply(self, state, action) -> None:
        tunnel = state.pending
        extra = state.take_from_hand(action.color, action.colored, action.locomotives)
        state.cards.discard.extend(tunnel.played + extra + list(tunnel.revealed))
        claim(state, state.map.routes[tunnel.route])


class DeclineTunnelMove(Move):
    """Decline the tunnel: the cards played go back to the hand, the revealed ones are
    discarded, and the turn ends."""

    action = DeclineTunnel
    nothing_pending = "there is no tunnel waiting to be paid for"

    def options(self, state) -> list:
        return [DeclineTunnel()]

    def why_not(self, state, action):
        return None

    def apply(self, state, action) -> None:
        tunnel = state.pending
        state.give_back(tunnel.played)
        state.cards.discard.extend(tunnel.revealed)
        state.record({"event": TUNNEL_DECLINED, "player": state.current, "route": tunnel.route})
        end_turn(state)


CLAIM_ROUTE = ClaimRouteMove()
PAY_TUNNEL = PayTunnelMove()
DECLINE_TUNNEL = DeclineTunnelMove()
