"""Lesson helpers for the graph-algorithm series (``notebooks/graphs/``).

The algorithms live in :mod:`ttr_teach.algorithms` (the map as a graph, the step-by-step
searches, Steiner planning) and :mod:`ttr_teach.engine.longest`; this package turns their
answers and step traces into what a lesson shows: board highlights, animation frames (one
board per algorithm step), tables, plots, timing experiments, and exercises whose checkers
compare the learner's function with the package on several cases. One module per lesson:
:mod:`.map_as_graph` (1 the map as a graph), :mod:`.connectivity` (2 union-find, BFS),
:mod:`.shortest_paths` (3 Dijkstra, ticket prices), :mod:`.planning` (4 Steiner trees and
forests), :mod:`.longest` and :mod:`.backtracking` (5 the longest route: Euler and the parity
bound as a proof; a teaching backtracking search with its exact speed-ups and timings),
:mod:`.write_a_bot` (6 a bot from shortest paths and Steiner forests, measured in
tournaments); the pieces they share are in :mod:`.shared` and :mod:`.frames`. Every public
name is importable from here too (``from ttr_teach.course.lessons import graphs as lesson``).

>>> [row["city"] for row in hub_rows("europe", 3)]
['Paris', 'Frankfurt', 'Berlin']
>>> frames = union_find_frames(**example_network())
>>> frames[7]["message"]
'claim Pamplona–Paris: Pamplona (group of 3) and Paris (group of 4) join: Frankfurt now leads a group of 7 (Madrid now points at Frankfurt)'

A *frame* is a dict ``{"title", "message", "board", "highlight"}`` (union-find's frames also
keep ``"forest"``, the parent pointers drawn by :mod:`.forest`): ``board`` is a map name
or a position dict and ``highlight`` a highlight for :func:`~ttr_teach.views.svg.board_svg`
(:func:`draw_frame` draws it); :func:`frame_player` steps through frames with a slider.

Nothing here imports matplotlib, ipywidgets or tqdm until a function that draws or shows
progress is called.
"""  # noqa: E501
from .backtracking import (
                           SPEEDUPS,
                           independent_loops,
                           longest_timings,
                           longest_trail_exercise,
                           plot_longest_timings,
                           reference_longest_trail,
                           solution_longest_trail,
                           speedup_table,
                           timings_table,
                           trail_search,
                           trail_starts,
)
from .bot_exercise import next_step, refusal
from .connectivity import (
                           bfs_frames,
                           example_network,
                           is_connected_exercise,
                           reference_is_connected,
                           solution_is_connected,
                           union_find_frames,
)
from .frames import FramePlayer, draw_frame, frame_player
from .longest import (
                           can_run_through_exercise,
                           euler_check,
                           grow_network,
                           konigsberg,
                           network_trail_highlight,
                           odd_cities,
                           parity_bound,
                           petersen,
                           plot_network,
                           reference_can_run_through,
                           solution_can_run_through,
                           whole_map_longest,
)
from .map_as_graph import (
                           chokepoints_highlight,
                           city_cuts,
                           graph_summary,
                           hub_rows,
                           hubs_highlight,
                           is_bridge_exercise,
                           neighbour_counts,
                           plot_degree_histograms,
                           reference_is_bridge,
                           solution_is_bridge,
)
from .planning import (
                           TicketPicker,
                           approximation_ratios,
                           compare_plans,
                           network_highlight,
                           planner_timings,
                           plans_side_by_side,
                           plot_planner_timings,
                           random_hand,
                           reference_three_city_tree,
                           solution_three_city_tree,
                           steiner_tree_network,
                           three_city_tree_exercise,
)
from .shared import DONE_COLOR, GROUP_COLORS, NOW_COLOR, PATH_COLOR, TREE_COLOR, WAITING_COLOR, Table
from .shortest_paths import (
                           dijkstra_frames,
                           fewest_routes_vs_fewest_trains,
                           fewest_trains_exercise,
                           plot_points_vs_trains,
                           points_vs_trains,
                           reference_fewest_trains,
                           solution_fewest_trains,
                           ticket_outliers,
)
from .write_a_bot import (
                           OPPONENTS,
                           BotExercise,
                           ImprovedBot,
                           NetworkBot,
                           PathBot,
                           answer_decision,
                           claim_or_draw,
                           draw_for,
                           draw_most_missing,
                           example_class_folder,
                           improve_bot_exercise,
                           keep_cheapest_network,
                           keep_shortest,
                           mini_tournament,
                           missing_cards,
                           network_bot_exercise,
                           network_cost,
                           of_type,
                           open_graph,
                           plan_routes,
                           shortest_path_routes,
                           station_for,
                           wanted_colours,
)

__all__ = [
    # shared pieces
    "GROUP_COLORS", "NOW_COLOR", "DONE_COLOR", "WAITING_COLOR", "TREE_COLOR", "PATH_COLOR", "Table",
    "draw_frame", "FramePlayer", "frame_player",
    # lesson 1: the map as a graph
    "graph_summary", "neighbour_counts", "plot_degree_histograms", "hub_rows", "hubs_highlight",
    "city_cuts", "chokepoints_highlight", "reference_is_bridge", "solution_is_bridge",
    "is_bridge_exercise",
    # lesson 2: connectivity and tickets
    "example_network", "union_find_frames", "bfs_frames", "reference_is_connected",
    "solution_is_connected", "is_connected_exercise",
    # lesson 3: shortest paths
    "dijkstra_frames", "fewest_routes_vs_fewest_trains", "points_vs_trains", "ticket_outliers",
    "plot_points_vs_trains", "reference_fewest_trains", "solution_fewest_trains",
    "fewest_trains_exercise",
    # lesson 4: planning tickets
    "steiner_tree_network", "compare_plans", "approximation_ratios", "network_highlight", "plans_side_by_side",
    "reference_three_city_tree", "solution_three_city_tree", "three_city_tree_exercise",
    "random_hand", "planner_timings", "plot_planner_timings", "TicketPicker",
    # lesson 5: the longest route
    "konigsberg", "petersen", "odd_cities", "euler_check", "parity_bound", "whole_map_longest",
    "grow_network", "network_trail_highlight", "plot_network", "reference_can_run_through",
    "solution_can_run_through", "can_run_through_exercise",
    "SPEEDUPS", "trail_starts", "trail_search", "speedup_table", "independent_loops", "longest_timings",
    "timings_table", "plot_longest_timings",
    "reference_longest_trail", "solution_longest_trail", "longest_trail_exercise",
    # lesson 6: write a bot
    "of_type", "wanted_colours", "draw_for", "missing_cards", "draw_most_missing", "claim_or_draw",
    "answer_decision", "open_graph",
    "shortest_path_routes", "PathBot", "network_cost", "plan_routes", "NetworkBot", "station_for",
    "ImprovedBot", "OPPONENTS", "mini_tournament", "BotExercise", "next_step", "refusal", "network_bot_exercise",
    "improve_bot_exercise", "keep_shortest", "keep_cheapest_network", "example_class_folder",
]
