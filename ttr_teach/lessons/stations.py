"""Lesson 07, stations: what they cost, where they go, and the one route each one borrows.

Building is played in a real :class:`~ttr_teach.game.Game` (the engine refuses a second
station in a city, a fourth station, or the wrong cards). What a station borrows at the end
comes from the ticket module (:mod:`ttr_teach.tickets`), the scorer's own choice.

>>> [row["cost"] for row in station_cost_rows()]
['1 card of one colour', '2 cards of one colour', '3 cards of one colour']
>>> model = StationBuilderModel(hand={"red": 3, "blue": 1, "green": 2})
>>> print(model.build("Paris").message)
You build your first station in Paris with 1 blue (1 card of one colour). 2 stations left.
>>> print(model.build("Wien").message)
Wien already has a station; a city can hold only one
>>> print(model.build("Roma", ("green", 1, 0)).message)
your second station needs 2 cards; you offered 1
"""
from __future__ import annotations

from html import escape

from ..actions import BuildStation, DrawBlind, cards_text
from ..errors import IllegalAction
from ..game import Game
from ..mapdata import load_map
from ..payment import ORDINALS, payment_options, station_cost
from ..rules import EUROPE, LOCOMOTIVE, RuleSet
from .common import Outcome, hand_html, outcome_html, read_hand, svg_html


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def station_cost_rows(rules: RuleSet = EUROPE) -> list:
    """One row per station a player may build: its number, its cost in cards, and the cards
    spent on stations so far (from :func:`ttr_teach.payment.station_cost`)."""
    rows, total = [], 0
    for n in range(1, rules.stations_per_player + 1):
        cost = station_cost(rules, n)
        total += cost.count
        rows.append({"station": ORDINALS[n - 1], "cards": cost.count, "cost": str(cost),
                     "cards for all so far": total})
    return rows


#: Where the opponent's station stands in the builder (so the learner can try to build there).
OPPONENT_STATION = "Wien"


class StationBuilderModel:
    """The learner (seat 0) builds stations in a real game with ``hand``; the opponent already
    has a station in ``opponent_station`` and draws two cards between the learner's turns.

    Each build is a :class:`~ttr_teach.actions.BuildStation` applied by the engine: a refused
    build changes nothing and says why.
    """

    def __init__(self, hand=None, opponent_station: str = OPPONENT_STATION, seed: int = 0,
                 players=("You", "Bo")):
        self.map = load_map("europe")
        self.start_hand = read_hand(hand if hand is not None else {"red": 3, "blue": 2, "green": 2, LOCOMOTIVE: 1})
        self.opponent_station = opponent_station
        self.players = list(players)
        self.seed = seed
        self.reset()

    def reset(self) -> Outcome:
        self.game = Game.arranged(self.map, self.players, seed=self.seed,
                                  hands=[{k: v for k, v in self.start_hand.items() if v}, {}],
                                  stations=[[], [self.opponent_station]])
        self.last = Outcome(True, "Choose a city and build your first station.")
        return self.last

    @property
    def hand(self) -> dict:
        return self.game.hand(0)

    @property
    def built(self) -> list:
        return self.game.stations(0)

    def next_cost(self):
        """The :class:`~ttr_teach.payment.Cost` of the next station, or None after the third."""
        n = len(self.built) + 1
        if n > self.map.rules.stations_per_player:
            return None
        return station_cost(self.map.rules, n)

    def ways(self) -> list:
        """Every way the hand can pay for the next station (colour, coloured cards, locomotives)."""
        cost = self.next_cost()
        return payment_options(cost, self.game.hand(0)) if cost is not None else []

    def build(self, city, way=None) -> Outcome:
        """Build in ``city``, paying ``way`` (``(colour, coloured, locomotives)``; by default the
        first way the hand allows)."""
        cost = self.next_cost()
        if way is None:
            ways = self.ways()
            way = ways[0] if ways else ("red", cost.count if cost else 1, 0)
        action = BuildStation(city, *way)
        try:
            self.game.apply(action)
        except IllegalAction as e:
            return self._say(Outcome(False, str(e)))
        n = len(self.built)
        city_name = self.map.cities[self.built[-1]].name
        left = self.map.rules.stations_per_player - n
        message = (f"You build your {ORDINALS[n - 1]} station in {city_name} with "
                   f"{cards_text(*way)} ({cost}). {_plural(left, 'station')} left.")
        self._opponent_turn()
        return self._say(Outcome(True, message))

    def _opponent_turn(self):
        while self.game.current_player not in (None, 0):
            self.game.apply(DrawBlind())

    def _say(self, outcome: Outcome) -> Outcome:
        self.last = outcome
        return outcome

    def svg(self, size: int = 760) -> str:
        from ..svg import board_svg

        marks = []
        if self.built:
            marks.append({"cities": list(self.built), "label": "your stations"})
        marks.append({"cities": [self.opponent_station], "color": "blue", "label": "Bo's station"})
        return board_svg(self.game, highlight=marks, size=size)


def station_builder_widget(model: StationBuilderModel | None = None, board: bool = True):
    """Choose a city and the cards: *Build* asks the engine; the next station's cost updates."""
    import ipywidgets as w

    model = model or StationBuilderModel()
    m = model.map
    city = w.Dropdown(options=sorted((c.name, c.id) for c in m.cities.values()), value="Paris",
                      description="City")
    way = w.Dropdown(description="Pay with", layout=w.Layout(width="360px"))
    build = w.Button(description="Build", button_style="primary", icon="home")
    build.add_class("ttr-station-build")
    again = w.Button(description="Start again", icon="refresh")
    status, message, picture = w.HTML(), w.HTML(), w.HTML()
    status.add_class("ttr-station-status")
    message.add_class("ttr-station-message")

    def refresh():
        cost = model.next_cost()
        nxt = (f"Next: your {ORDINALS[len(model.built)]} station costs <b>{escape(str(cost))}</b>."
               if cost else "You have built all your stations.")
        status.value = f"Your hand: {hand_html(model.hand)}<br>{nxt}"
        ways = model.ways()
        way.options = [(cards_text(*x), x) for x in ways] or [("(no way to pay)", None)]
        message.value = outcome_html(model.last)
        if board:
            picture.value = svg_html(model.svg())

    def on_build(_):
        model.build(city.value, way.value)
        refresh()

    def on_again(_):
        model.reset()
        refresh()

    build.on_click(on_build)
    again.on_click(on_again)
    refresh()
    box = w.VBox([status, w.HBox([city, way, build, again]), message, picture])
    box.add_class("ttr-station-builder")
    return box
