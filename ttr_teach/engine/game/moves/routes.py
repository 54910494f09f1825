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

from bisect import bisect_right
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate
from operator import getitem, itemgetter, mul

from ...actions import ClaimRoute, DeclineTunnel, PayTunnel
from ...cards import tunnel_extra
from ...claims import why_route_unavailable, why_trains_short
from ...payment import (cost_groups, nth_way_to_pay, payment_options, route_cost, ways_table,
                        why_payment_refused)
from ...rules import COLORS, GRAY, LOCOMOTIVE
from ..log import CLAIMED, TUNNEL_DECLINED, TUNNEL_REVEAL
from ..pending import TunnelPayment
from .base import Move
from .turn import end_turn


def why_route_closed(state, route):
    """Why the player to act may not claim ``route`` whatever they pay (someone owns it, the
    double-route rules, too few trains), or None."""
    return (why_route_unavailable(state.map, len(state.seats), state.owners, route, state.current)
            or why_trains_short(state.trains_left(state.current), route))


def _picker(indices):
    """A function giving the tuple of a sequence's items at ``indices`` (a C-speed loop)."""
    if len(indices) == 1:
        return lambda seq: (seq[indices[0]],)
    return itemgetter(*indices)


@dataclass(frozen=True)
class _MapFacts:
    """What counting, drawing and naming claims on one map needs, worked out once.

    ``routes[i]`` is ``(label, length, cost)`` of route ``i``. With ``locomotives`` held,
    ``coloured[locomotives]`` gives each coloured cost group's ways to pay by the cards held of
    its colour (locomotives alone included), and ``gray[locomotives]`` each gray group's ``(ways
    by cards held of one colour, ways with locomotives alone)``; ``colour_of`` picks from a hand
    the cards of each coloured group's colour (the groups of
    :func:`~ttr_teach.engine.payment.cost_groups` come coloured first). ``fits[t]`` marks the
    groups of ``t`` trains or fewer when some group is longer. ``by_group[locomotives][g]`` is
    ``(length, colour index or -1, ways by cards of one colour, ways alone)`` of group ``g``.
    """

    routes: tuple
    coloured: tuple
    gray: tuple
    colour_of: object
    fits: tuple
    by_group: tuple


@lru_cache(maxsize=None)
def _facts(m) -> _MapFacts:
    group_of, groups = cost_groups(m)
    tables = [(length, COLORS.index(color) if color != GRAY else -1, *ways_table(length, locomotives))
              for length, color, locomotives in groups]
    coloured = [g for g, t in enumerate(tables) if t[1] >= 0]
    gray = [g for g, t in enumerate(tables) if t[1] < 0]
    most = len(tables[0][3])
    longest = max(length for length, *_ in groups)
    return _MapFacts(
        routes=tuple((str(r), r.length, route_cost(r)) for r in m.routes),
        coloured=tuple(tuple(tuple(row[locos] + tables[g][3][locos] for row in tables[g][2])
                             for g in coloured) for locos in range(most)),
        gray=tuple(tuple((tuple(row[locos] for row in tables[g][2]), tables[g][3][locos]) for g in gray)
                   for locos in range(most)),
        colour_of=_picker([tables[g][1] for g in coloured]),
        fits=tuple(tuple(int(length <= t) for length, *_ in groups) if t < longest else None
                   for t in range(m.rules.trains_per_player + 1)),
        by_group=tuple(tuple((length, colour, tuple(row[locos] for row in by_colour), alone[locos])
                             for length, colour, by_colour, alone in tables) for locos in range(most)))


def _claim_ways(state) -> tuple:
    """``(ways, total)``: how many ways the player to act has to pay for a route of each cost
    group (0 for a group of routes longer than the trains they have left), and how many claims
    they have in all (over the routes they may own: :func:`why_route_closed`, from the kept
    :class:`~ttr_teach.engine.claims.ClaimableRoutes`).

    Remembered on the state until the player, their hand or the routes claimed change (a
    random player counts the claims, then draws one).
    """
    seat = state.current
    hand = state.seats[seat].hand
    key = (seat, len(state.owners), *hand.values())
    if state.claim_ways[0] == key:
        return state.claim_ways[1]
    facts = _facts(state.map)
    held = list(hand.values())
    locos = held.pop()                                       # the last kind is the locomotive
    ways = list(map(getitem, facts.coloured[locos], facts.colour_of(held)))
    colours = [have for have in held if have]
    ways.extend(alone + sum(map(by_colour.__getitem__, colours)) for by_colour, alone in facts.gray[locos])
    fits = facts.fits[state.trains[seat]]
    if fits is not None:
        ways = list(map(mul, ways, fits))
    result = ways, sum(map(mul, state.claimable.by_group[seat], ways))
    state.claim_ways = (key, result)
    return result


def _any_way(state) -> bool:
    """Whether the player to act can claim some route (:func:`_claim_ways` would count more than
    0). Paying for fewer cards of the same colour and ferry symbols is never harder, so only
    the shortest open group of each colour and symbols needs a look."""
    seat = state.current
    held = list(state.seats[seat].hand.values())
    groups = _facts(state.map).by_group[held.pop()]          # the last kind is the locomotive
    trains = state.trains[seat]
    for g in state.claimable.shortest[seat]:
        if g < 0:
            continue
        length, colour, by_colour, alone = groups[g]
        if length > trains:
            continue
        if alone:
            return True
        if colour >= 0:
            if by_colour[held[colour]]:
                return True
        else:
            for have in held:
                if by_colour[have]:
                    return True
    return False


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
        ways = _claim_ways(state)[0]
        facts = _facts(state.map)
        claimable = state.claimable
        actions = []
        for r, group in zip(claimable.routes[state.current], claimable.groups[state.current]):
            if ways[group]:
                label, length, cost = facts.routes[r]
                actions.extend(ClaimRoute(r, color, colored, locomotives, label=label)
                               for color, colored, locomotives in payment_options(cost, hand))
        return actions

    def count(self, state) -> int:
        return _claim_ways(state)[1]

    def any_option(self, state) -> bool:
        return _any_way(state)

    def option(self, state, i: int):
        ways = _claim_ways(state)[0]
        claimable = state.claimable
        totals = list(accumulate(map(ways.__getitem__, claimable.groups[state.current])))
        k = bisect_right(totals, i)
        r = claimable.routes[state.current][k]
        route = state.map.routes[r]
        way = nth_way_to_pay(state.seat.hand, route.length, route.color, route.locomotives,
                             i - (totals[k - 1] if k else 0))
        return ClaimRoute(r, *way, label=_facts(state.map).routes[r][0])

    def why_not(self, state, action):
        routes = state.map.routes
        if action.route >= len(routes):
            return (f"there is no route number {action.route} on the {state.map.name} map "
                    f"(routes are numbered 0 to {len(routes) - 1})")
        r = routes[action.route]
        return why_route_closed(state, r) or why_payment_refused(
            _facts(state.map).routes[r.index][2], state.seat.hand, action.color, action.colored,
            action.locomotives)

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
