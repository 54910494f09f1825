"""The puzzle levels and kind names: plain data, importable without the engine.

The command line reads these to build its ``--help`` without importing the scorer;
:data:`ttr_teach.course.puzzles.kinds.KINDS` holds the kinds themselves, in this order.

>>> LEVELS[0], KIND_NAMES[-1]
('introductory', 'cheapest_completion')
"""

LEVELS = ("introductory", "intermediate", "expert")
KIND_NAMES = ("total_score", "route_points", "tickets_completed", "longest_route", "station_choice",
              "winner", "tunnel_odds", "tunnel_cost", "cheapest_completion")
