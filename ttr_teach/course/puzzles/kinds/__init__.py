"""The kinds of puzzle, by the name used in puzzle files (``kind: total_score``).

======================== ===========================================================
kind                     the learner finds
======================== ===========================================================
``total_score``          a player's total score (routes, tickets, stations, bonus)
``route_points``         the points a player's routes score
``tickets_completed``    which of a player's tickets are completed
``longest_route``        the longest route's length and who gets the bonus
``station_choice``       the route a station should borrow and what it is worth (Europe)
``winner``               who wins, through every tie-breaker (or that nobody does)
``tunnel_odds``          the exact probability of a tunnel event (Europe)
``tunnel_cost``          the expected extra cost of a tunnel (Europe)
``cheapest_completion``  the fewest trains that complete a ticket from a position
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

#: name -> Kind, in the order of the table above.
KINDS = {k.name: k for k in sorted(SCORING_KINDS + [CheapestCompletion(), TunnelOdds(), TunnelCost()],
                                   key=lambda k: KIND_NAMES.index(k.name))}
