"""How many ways the player to act has to pay for each cost of the map, all at once.

Claiming a route of each cost group (:func:`~ttr_teach.engine.payment.cost_groups`: routes of
the same length, colour and ferry symbols) and building each station
(:func:`~ttr_teach.engine.payment.station_cost`) are paid by one rule, stated once in
:func:`~ttr_teach.engine.payment.ways_to_pay`; this module only packs the counts that
:func:`~ttr_teach.engine.payment.ways_table` reads off that rule. A random player asks how
many ways there are for many costs on every turn, so the counts are kept as one integer with a
byte per cost, a *lane* (cost ``k`` in bits ``8k`` to ``8k + 7``; no cost has more than 255
ways): the integers of the colours a hand holds, added, give the ways cost by cost.

>>> from ttr_teach.engine.game.core import Game
>>> g = Game.arranged("europe", ["Ann", "Bo"], hands=[{"red": 2, "blue": 1, "locomotive": 1}, {}])
>>> lanes = cost_lanes(g.map)
>>> lane(hand_ways(g.state), lanes.station_lane[2])       # the second station: 2 of one colour
3
>>> from ttr_teach.engine.payment import payment_options, station_cost
>>> payment_options(station_cost(g.rules, 2), g.hand("Ann"))
[('blue', 1, 1), ('red', 2, 0), ('red', 1, 1)]
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from operator import getitem
from typing import TYPE_CHECKING

from ...payment import cost_groups, station_cost, ways_table
from ...rules import COLORS

if TYPE_CHECKING:
    from ...maps import Map
    from ..state import GameState


@dataclass(frozen=True)
class CostLanes:
    """The lanes of one map, worked out once.

    ``costs[k]`` is lane ``k``'s ``(cards, colour, locomotive symbols)``: the cost groups of the
    routes first (lane ``g`` is group ``g``), then the stations' costs not among them;
    ``station_lane[n]`` is the lane of the ``n``-th station. For a hand holding
    ``locomotives``: ``alone[locomotives]`` is the ways with locomotives only, and
    ``by_colour[locomotives][colour][have]`` the ways with ``have`` cards of that colour (the
    lanes of that colour and the gray ones). ``fits[t]`` keeps the lanes of the route groups
    of ``t`` trains or fewer (255 in their byte; None when every route fits).
    """

    costs: tuple
    station_lane: tuple
    alone: tuple
    by_colour: tuple
    fits: tuple


def _as_lanes(values: Iterable[int]) -> int:
    values = list(values)
    if max(values, default=0) > 255:
        raise ValueError("more ways to pay than a lane holds")
    return int.from_bytes(bytes(values), "little")


@cache
def cost_lanes(m: Map) -> CostLanes:
    """The :class:`CostLanes` of map ``m``: each lane's byte is read off the payment rule's
    :func:`~ttr_teach.engine.payment.ways_table` of that cost, nothing else."""
    rules = m.rules
    costs = list(cost_groups(m)[1])
    routes = len(costs)
    stations = []
    for n in range(1, rules.stations_per_player + 1):
        cost = station_cost(rules, n)
        stations.append((cost.count, cost.color, cost.min_locomotives))
    costs += [c for c in dict.fromkeys(stations) if c not in costs]
    tables = [ways_table(*cost) for cost in costs]
    most = len(tables[0][1])             # (a hand holds fewer than that many of a kind)
    alone = tuple(_as_lanes(table[1][locos] for table in tables) for locos in range(most))
    by_colour = tuple(tuple(tuple(_as_lanes(table[0][locos][colour][have] for table in tables)
                                  for have in range(most)) for colour in range(len(COLORS)))
                      for locos in range(most))
    for locos in range(most):            # every colour held at its most: still a byte a lane
        _as_lanes(sum(lane(by_colour[locos][c][most - 1], k) for c in range(len(COLORS)))
                  + lane(alone[locos], k) for k in range(len(costs)))
    longest = max(count for count, _, _ in costs[:routes])
    return CostLanes(
        costs=tuple(costs),
        station_lane=(None, *(costs.index(c) for c in stations)),
        alone=alone, by_colour=by_colour,
        fits=tuple(_as_lanes(255 * (k < routes and costs[k][0] <= t) for k in range(len(costs)))
                   if t < longest else None for t in range(rules.trains_per_player + 1)))


def lane(ways: int, k: int) -> int:
    """The ways in lane ``k`` of ``ways``."""
    return (ways >> (8 * k)) & 255


def hand_ways(state: GameState) -> int:
    """The ways of the hand of the player to act, every lane of :func:`cost_lanes` at once.

    Remembered on the state until it changes. A hand holds at most 12 cards of a colour and
    14 locomotives (the 110 cards), which the lanes cover.
    """
    ways = state.hand_ways
    if ways is None:
        lanes = cost_lanes(state.map)
        held = list(state.seats[state.current].hand.values())
        locos = held.pop()               # the last kind is the locomotive
        ways = state.hand_ways = lanes.alone[locos] + sum(map(getitem, lanes.by_colour[locos], held))
    return ways
