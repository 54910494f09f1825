"""Building a station (Europe): on any city without one, at most three per player.

The first station costs 1 card of any colour, the second 2 cards of one colour, the third 3
(locomotives wild): :func:`~ttr_teach.engine.payment.station_cost`. Who may build where is
asked of :func:`~ttr_teach.engine.claims.why_station_unavailable`.

>>> from ttr_teach.engine.game.core import Game
>>> g = Game.arranged("europe", ["Ann", "Bo"], hands=[{"red": 1}, {}], stations=[[], ["Wien"]])
>>> BUILD_STATION.count(g.state)        # 46 cities without a station, one way to pay
46
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...actions import BuildStation
from ...claims import count_station_cities, nth_station_city, station_cities, why_station_unavailable
from ...errors import MapError
from ...payment import Cost, nth_way_to_pay, payment_options, station_cost, why_payment_refused
from ..log import STATION_BUILT
from .base import Move
from .paying import cost_lanes, hand_ways, lane
from .turn import end_turn

if TYPE_CHECKING:
    from ...rules import RuleSet
    from ..state import GameState


class BuildStationMove(Move[BuildStation]):
    """Build a station in a city, paying for it from the hand."""

    action = BuildStation
    kind = "station"

    def __init__(self) -> None:
        self._costs: dict[tuple, Cost] = {}
        self._actions: dict[tuple, BuildStation] = {}  # each station action once made (they are immutable)

    def exists(self, rules: RuleSet) -> bool:
        return rules.has_stations

    def _cost(self, state: GameState) -> Cost:
        """The :func:`~ttr_teach.engine.payment.station_cost` of the player's next station."""
        rules = state.map.rules
        number = len(state.seats[state.current].stations) + 1
        cost = self._costs.get((rules.name, number))
        if cost is None:
            cost = self._costs[(rules.name, number)] = station_cost(rules, number)
        return cost

    def _cities(self, state: GameState) -> list:
        return station_cities(state.map, state.station_owners, len(state.seat.stations))

    def options(self, state: GameState) -> list:
        cities = self._cities(state)
        if not cities:
            return []
        ways = payment_options(self._cost(state), state.seat.hand)
        return [self._action((city, *way)) for city in cities for way in ways]

    def _action(self, key: tuple) -> BuildStation:
        """``BuildStation(*key)``, made once (actions are immutable)."""
        action = self._actions.get(key)
        if action is None:
            action = self._actions[key] = BuildStation(*key)
        return action

    def count(self, state: GameState) -> int:
        built = len(state.seats[state.current].stations)
        cities = count_station_cities(state.map, state.station_owners, built)
        if not cities:
            return 0
        return cities * lane(hand_ways(state), cost_lanes(state.map).station_lane[built + 1])

    def option(self, state: GameState, i: int) -> BuildStation:
        cost, hand = self._cost(state), state.seat.hand
        built = len(state.seat.stations)
        ways = lane(hand_ways(state), cost_lanes(state.map).station_lane[built + 1])
        city = nth_station_city(state.map, state.station_owners, built, i // ways)
        return self._action((city, *nth_way_to_pay(hand, cost.count, cost.color, cost.min_locomotives,
                                                   i % ways)))

    def why_not(self, state: GameState, action: BuildStation) -> str | None:
        try:
            city = state.map.city_id(action.city)
        except MapError as e:
            # in an edition without stations, say that rather than that the city is unknown
            return why_station_unavailable(state.map, {}, None, 0) or str(e)
        built = len(state.seat.stations)
        return why_station_unavailable(state.map, state.station_owners, city, built) or why_payment_refused(
            self._cost(state), state.seat.hand, action.color, action.colored, action.locomotives)

    def canonical(self, state: GameState, action: BuildStation) -> BuildStation:
        return BuildStation(state.map.city_id(action.city), action.color, action.colored,
                            action.locomotives)

    def apply(self, state: GameState, action: BuildStation) -> None:
        state.cards.discard.extend(state.take_from_hand(action.color, action.colored, action.locomotives))
        state.place_station(action.city)
        if state.log is not None:
            state.log.append({"event": STATION_BUILT, "player": state.current, "city": action.city})
        end_turn(state)


BUILD_STATION = BuildStationMove()
