"""The kinds of puzzle, by the name used in puzzle files (``kind: total_score``), in the order a
learner meets them (:data:`~ttr_teach.course.puzzles.names.KIND_NAMES`).

======================== ===========================================================
kind                     the learner finds
======================== ===========================================================
``route_points``         the points a player's routes score
``tickets_completed``    which of a player's tickets are completed
``longest_route``        the longest route's length and who gets the bonus
``station_choice``       the route a station should borrow and what it is worth (Europe)
``total_score``          a player's total score (routes, tickets, stations, bonus)
``winner``               who wins, through every tie-breaker (or that nobody does)
``cheapest_completion``  the fewest trains that complete a ticket from a position
``tunnel_odds``          the exact probability of a tunnel event (Europe)
``tunnel_cost``          the expected extra cost of a tunnel (Europe)
======================== ===========================================================
"""
from __future__ import annotations

from ..names import KIND_NAMES
from .completion import CheapestCompletion
from .longest_route import LongestRoute
from .route_points import RoutePoints
from .station_choice import StationChoice
from .tickets_completed import TicketsCompleted
from .total_score import TotalScore
from .tunnel import TunnelCost, TunnelOdds
from .winner import Winner

#: The kinds read from the one scorer's result (:mod:`.scored` holds what they share).
SCORING_KINDS = [TotalScore(), RoutePoints(), TicketsCompleted(), LongestRoute(), StationChoice(), Winner()]



def _in_teaching_order(kinds) -> dict:
    """``{name: kind}`` in the order of :data:`KIND_NAMES`; a kind missing from that list (or a
    name there without its kind) is refused, so a new kind cannot be left out of the order."""
    by_name = {k.name: k for k in kinds}
    if set(by_name) != set(KIND_NAMES):
        raise RuntimeError(f"puzzle kinds {sorted(set(by_name) ^ set(KIND_NAMES))} must be both made in "
                           "course/puzzles/kinds/__init__.py and named in course/puzzles/names.py's KIND_NAMES")
    return {name: by_name[name] for name in KIND_NAMES}


#: name -> Kind, in teaching order (the order of the table above).
KINDS = _in_teaching_order(SCORING_KINDS + [CheapestCompletion(), TunnelOdds(), TunnelCost()])
