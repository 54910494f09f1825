"""The puzzle levels and kind names: plain data, importable without the engine.

The command line reads these to build its ``--help`` without importing the scorer;
:data:`ttr_teach.course.puzzles.kinds.KINDS` holds the kinds themselves, in this order, which
is the order a learner meets them in (a book of puzzles and a worksheet follow it): the parts
of a score first, then whole scores and the winner, then planning and tunnels.

>>> LEVELS[0], KIND_NAMES[0], KIND_NAMES[-1]
('introductory', 'route_points', 'tunnel_cost')
"""

LEVELS = ("introductory", "intermediate", "expert")
#: Every puzzle kind, in teaching order: the one list of kinds (a new kind goes here too).
KIND_NAMES = ("route_points", "tickets_completed", "longest_route", "station_choice", "total_score",
              "winner", "cheapest_completion", "tunnel_odds", "tunnel_cost")
