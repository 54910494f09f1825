"""The rule constants of each edition, in one place.

Everything the engine, the scorer, the notebooks and the puzzles need to know about *which*
game is played (how many trains, what a route scores, how tickets are dealt, the tie-breakers)
is read from a :class:`RuleSet`. Europe and USA are two instances of the same class, as
python-chess keeps its variants as small changes to one core.

>>> EUROPE.route_points(8), USA.route_points(5)
(21, 10)
>>> EUROPE.station_cost(2), USA.stations_per_player
(2, 0)
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .errors import MapError
from .i18n import N_, gettext

#: The eight card colours, in the order the rulebook lists them.
COLORS = ("pink", "white", "blue", "yellow", "orange", "black", "red", "green")
LOCOMOTIVE = "locomotive"
GRAY = "gray"
#: Cards of each colour and locomotives in the 110-card train deck.
CARDS_PER_COLOR = 12
LOCOMOTIVES = 14
DECK_SIZE = CARDS_PER_COLOR * len(COLORS) + LOCOMOTIVES  # 110

#: Tie-breaker names used in results and lessons.
MOST_TICKETS = N_("most completed tickets")
FEWEST_STATIONS = N_("fewest stations built")
LONGEST_HOLDER = N_("holder of the longest route bonus")


@dataclass(frozen=True)
class RuleSet:
    """What differs between editions; docs/rules.md states every number and where it applies."""

    name: str
    route_point_table: dict = field(default_factory=dict)
    min_players: int = 2
    max_players: int = 5
    trains_per_player: int = 45
    stations_per_player: int = 0
    unused_station_points: int = 0
    initial_hand: int = 4
    face_up_cards: int = 5
    face_up_locomotive_reset: int = 3
    setup_long_tickets: int = 0
    setup_regular_tickets: int = 3
    setup_keep_at_least: int = 2
    #: Europe: tickets not kept at set-up leave the game; USA: they go under the ticket deck.
    setup_returned_to_box: bool = False
    draw_tickets: int = 3
    draw_keep_at_least: int = 1
    #: With fewer players than this, only one route of a double pair can be claimed.
    double_routes_both_usable_from: int = 4
    end_trigger_trains: int = 2
    longest_bonus: int = 10
    longest_bonus_name: str = N_("Longest Continuous Path")
    tunnel_reveal: int = 3
    has_tunnels: bool = False
    has_ferries: bool = False
    tie_breakers: tuple = (MOST_TICKETS, LONGEST_HOLDER)

    def route_points(self, length: int) -> int:
        """Points scored at once for claiming a route of ``length`` spaces."""
        try:
            return self.route_point_table[length]
        except KeyError:
            raise MapError(gettext("no route of length {length} exists in {rules}").format(
                length=length, rules=self.name)) from None

    @property
    def has_stations(self) -> bool:
        return self.stations_per_player > 0

    def station_cost(self, number: int) -> int:
        """Cards of one colour that the ``number``-th station (1, 2 or 3) costs."""
        if not 1 <= number <= self.stations_per_player:
            raise MapError(gettext("{rules} has no station number {number}").format(rules=self.name, number=number))
        return number

    def double_routes_both_usable(self, n_players: int) -> bool:
        """True when both routes of a double pair may be claimed (by different players)."""
        return n_players >= self.double_routes_both_usable_from


EUROPE = RuleSet(
    name="europe",
    route_point_table={1: 1, 2: 2, 3: 4, 4: 7, 6: 15, 8: 21},
    stations_per_player=3,
    unused_station_points=4,
    setup_long_tickets=1,
    setup_regular_tickets=3,
    setup_keep_at_least=2,
    setup_returned_to_box=True,
    longest_bonus_name=N_("European Express"),
    has_tunnels=True,
    has_ferries=True,
    tie_breakers=(MOST_TICKETS, FEWEST_STATIONS, LONGEST_HOLDER),
)

USA = RuleSet(
    name="usa",
    route_point_table={1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15},
    setup_regular_tickets=3,
    setup_keep_at_least=2,
)

RULESETS = {"europe": EUROPE, "usa": USA}


def ruleset(name: str) -> RuleSet:
    """The :class:`RuleSet` called ``name`` ("europe" or "usa")."""
    try:
        return RULESETS[name]
    except KeyError:
        raise MapError(gettext("unknown rules {name}; choose one of {rules}").format(
            name=repr(name), rules=", ".join(RULESETS))) from None
