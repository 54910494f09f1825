"""Lesson helpers for the graph-algorithm series (``notebooks/graphs/``).

The algorithms live in :mod:`ttr_teach.algorithms` (the map as a graph, the step-by-step
searches, Steiner planning) and :mod:`ttr_teach.engine.longest`; this package turns their
answers and step traces into what a lesson shows: board highlights, animation frames (one
board per algorithm step), tables, plots, timing experiments, and exercises whose checkers
compare the learner's function with the package on several cases. One module per lesson:
:mod:`.map_as_graph` (1 the map as a graph), :mod:`.connectivity` (2 union-find, BFS),
:mod:`.shortest_paths` and :mod:`.dijkstra_proof` (3 Dijkstra, its invariant and a negative-length
counterexample, ticket prices), :mod:`.planning` (4 Steiner trees and
forests), :mod:`.longest` and :mod:`.backtracking` (5 the longest route: Euler and the parity
bound as a proof; a teaching backtracking search with its exact speed-ups and timings),
:mod:`.write_a_bot` (6 a bot from shortest paths and Steiner forests, measured in
tournaments), :mod:`.best_score` (7 the best possible score; its names are read from here on
first use), :mod:`.spanning_trees` (8 Kruskal and Prim traced, the cut property, the
Steiner 2-approximation proved with numbers), :mod:`.depth_first` and :mod:`.depth_first_checks`
(9 depth-first search traced, tree and back routes, low-links, bridges and articulation
cities; the checkers that follow the learner's search), :mod:`.bounded_search` and
:mod:`.bound_exercises` (10 branch and bound on a region's routes and tickets, the bound and the
search written by the learner and followed node by node), :mod:`.max_flow` and
:mod:`.max_flow_checks` (11 maximum flow and minimum cut: Edmonds-Karp traced with its residual
graph, the cut read off the last search, the flow and the cut written by the learner and
followed path by path), :mod:`.reduction` and :mod:`.reduction_exercises` (12 Hamiltonian
paths in cubic graphs reduced to the longest trail, checked on every small cubic graph, both
directions written by the learner; :mod:`.circuit_to_path`, the step before it: Hamiltonian
circuits to Hamiltonian paths, cubic graphs kept cubic); the pieces they share are in
:mod:`.shared` and :mod:`.frames`. Every public
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
    starts_report,
    timings_table,
    trail_search,
    trail_starts,
)
from .bot_exercise import next_step, refusal
from .bound_exercises import (
    BoundExercise,
    SearchExercise,
    bound_exercise,
    search_exercise,
    search_trace_problem,
    solution_bound,
    solution_branch_and_bound,
)
from .bounded_search import (
    Problem,
    RouteOption,
    TicketOption,
    best_first_order,
    branch_and_bound,
    brute_force_best,
    choice_highlight,
    everything_bound,
    exhaustive_search,
    hard_problem,
    lesson_problem,
    plot_node_counts,
    plot_search_trees,
    region_problem,
    relaxation_bound,
    root_bound,
    route_rows,
    routes_only_bound,
    search_summary,
    search_table,
    small_problem,
    ticket_rows,
    worst_case_table,
    wrong_bound_report,
)
from .circuit_to_path import (
    PathInstance,
    add_pendant,
    circuit_from_path,
    circuit_table,
    hamiltonian_circuit,
    hamiltonian_path_of,
    is_hamiltonian_circuit,
    keeps_three_routes,
    path_from_circuit,
    path_instance,
    plot_circuit_to_path,
)
from .connectivity import (
    bfs_frames,
    example_network,
    is_connected_exercise,
    reference_is_connected,
    solution_is_connected,
    union_find_frames,
)
from .depth_first import (
    bridge_table,
    bridges_highlight,
    depth_first_search,
    dfs_frames,
    frame_with_stack,
    low_link_rows,
    parentheses,
    short_routes,
)
from .depth_first_checks import (
    TraceExercise,
    articulation_exercise,
    dfs_exercise,
    follow_articulation,
    follow_low_links,
    follow_order,
    low_links_exercise,
    reference_articulation,
    reference_dfs,
    reference_low_links,
    solution_articulation_cities,
    solution_dfs,
    solution_low_links,
)
from .dijkstra_proof import (
    draw_negative_graph,
    first_step_waiting_too_high,
    invariant_problems,
    invariant_report,
    invariant_steps,
    invariant_table,
    negative_counterexample,
    negative_graph,
)
from .frames import FramePlayer, draw_frame, frame_player
from .longest import (
    can_run_through_exercise,
    euler_check,
    euler_summary,
    grow_network,
    konigsberg,
    network_trail_highlight,
    odd_cities,
    parity_bound,
    parity_summary,
    petersen,
    plot_network,
    reference_can_run_through,
    solution_can_run_through,
    whole_map_longest,
)
from .map_as_graph import (
    chokepoints_highlight,
    city_cuts,
    graph_in_words,
    graph_summary,
    hub_rows,
    hubs_highlight,
    is_bridge_exercise,
    neighbour_counts,
    plot_degree_histograms,
    reference_is_bridge,
    solution_is_bridge,
)
from .max_flow import (
    augmentation_counts,
    augmenting_paths,
    capacity_table,
    cut_capacity,
    cut_rows,
    flow_frames,
    flow_on,
    map_tracks,
    pair_table,
    residual_of,
    residual_rows,
    shortest_augmenting_path,
)
from .max_flow_checks import (
    FlowExercise,
    follow_cut,
    follow_paths,
    max_flow_exercise,
    min_cut_exercise,
    networkx_value,
    reference_cut,
    reference_paths,
    solution_max_flow,
    solution_min_cut,
    tracks_of,
)
from .planning import (
    CROSSING,
    FAR_APART,
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
from .reduction import (
    TrailInstance,
    beyond_cubic,
    connected_cubic_graphs,
    cubic_graphs,
    equivalence_table,
    hamiltonian_path,
    instance_summary,
    is_hamiltonian_path,
    is_trail,
    longer_trail_summary,
    longest_trail,
    no_trail_is_longer,
    path_from_trail,
    plot_reduction,
    trace_if,
    trace_only_if,
    trail_frames,
    trail_from_path,
    trail_instance,
    trail_player,
    visits,
)
from .reduction_exercises import (
    ReductionExercise,
    path_exercise,
    solution_path_from_trail,
    solution_trail_from_path,
    trail_exercise,
)
from .shared import DONE_COLOR, GROUP_COLORS, NOW_COLOR, PATH_COLOR, TREE_COLOR, WAITING_COLOR, Table
from .shortest_paths import (
    DijkstraExercise,
    dijkstra_frames,
    dijkstra_trace_problem,
    fewest_routes_vs_fewest_trains,
    fewest_trains_exercise,
    plot_points_vs_trains,
    points_vs_trains,
    reference_fewest_trains,
    solution_fewest_trains,
    ticket_outliers,
)
from .spanning_trees import (
    KruskalExercise,
    cut_highlight,
    kruskal_exercise,
    kruskal_frames,
    kruskal_steps,
    map_edges,
    mst_weight_networkx,
    prim_frames,
    prim_steps,
    reference_kruskal,
    solution_kruskal,
    spanning_tree_table,
    steiner_bound,
    trace_problem,
    walk_and_tour,
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
    your_bot,
)

#: Lesson 7's helpers (:mod:`.best_score`), read from here on first use: importing them loads the
#: optimiser's cache and scipy, which the other lessons do not need.
BEST_SCORE = (
    "BudgetExplorer", "always_taken", "best_scores", "budget_facts", "greedy_rows", "greedy_table", "lp_per_train",
    "lp_rows", "missed_tickets", "only_optimum_summary", "plot_sweep", "proof_summary", "route_set_counts",
    "shortest_ticket_trains", "side_by_side", "split_rows", "split_summary", "sweep_rows", "taken_summary",
    "ticket_counts", "never_taken", "greedy_networks",
)


def __getattr__(name: str):
    """Lesson 7's helpers (:data:`BEST_SCORE`), imported when first asked for."""
    if name in BEST_SCORE:
        from . import best_score

        return getattr(best_score, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    # shared pieces
    "GROUP_COLORS", "NOW_COLOR", "DONE_COLOR", "WAITING_COLOR", "TREE_COLOR", "PATH_COLOR", "Table",
    "draw_frame", "FramePlayer", "frame_player",
    # lesson 1: the map as a graph
    "graph_summary", "graph_in_words", "neighbour_counts", "plot_degree_histograms", "hub_rows", "hubs_highlight",
    "city_cuts", "chokepoints_highlight", "reference_is_bridge", "solution_is_bridge",
    "is_bridge_exercise",
    # lesson 2: connectivity and tickets
    "example_network", "union_find_frames", "bfs_frames", "reference_is_connected",
    "solution_is_connected", "is_connected_exercise",
    # lesson 3: shortest paths
    "dijkstra_frames", "fewest_routes_vs_fewest_trains", "points_vs_trains", "ticket_outliers",
    "plot_points_vs_trains", "reference_fewest_trains", "solution_fewest_trains",
    "fewest_trains_exercise", "DijkstraExercise", "dijkstra_trace_problem",
    "invariant_problems", "invariant_report", "invariant_steps", "invariant_table", "first_step_waiting_too_high",
    "negative_graph", "negative_counterexample", "draw_negative_graph",
    # lesson 4: planning tickets
    "steiner_tree_network", "compare_plans", "approximation_ratios", "CROSSING", "FAR_APART", "network_highlight",
    "plans_side_by_side",
    "reference_three_city_tree", "solution_three_city_tree", "three_city_tree_exercise",
    "random_hand", "planner_timings", "plot_planner_timings", "TicketPicker",
    # lesson 5: the longest route
    "konigsberg", "petersen", "odd_cities", "euler_check", "euler_summary", "parity_bound", "parity_summary",
    "whole_map_longest",
    "grow_network", "network_trail_highlight", "plot_network", "reference_can_run_through",
    "solution_can_run_through", "can_run_through_exercise",
    "SPEEDUPS", "trail_starts", "trail_search", "starts_report", "speedup_table", "independent_loops",
    "longest_timings",
    "timings_table", "plot_longest_timings",
    "reference_longest_trail", "solution_longest_trail", "longest_trail_exercise",
    # lesson 6: write a bot
    "of_type", "wanted_colours", "draw_for", "missing_cards", "draw_most_missing", "claim_or_draw",
    "answer_decision", "open_graph",
    "shortest_path_routes", "PathBot", "network_cost", "plan_routes", "NetworkBot", "station_for",
    "ImprovedBot", "OPPONENTS", "mini_tournament", "your_bot", "BotExercise", "next_step", "refusal",
    "network_bot_exercise",
    "improve_bot_exercise", "keep_shortest", "keep_cheapest_network", "example_class_folder",
    # lesson 8: minimum spanning trees
    "map_edges", "kruskal_steps", "prim_steps", "kruskal_frames", "prim_frames", "cut_highlight",
    "mst_weight_networkx", "spanning_tree_table", "steiner_bound", "walk_and_tour", "reference_kruskal",
    "solution_kruskal",
    "trace_problem",
    "KruskalExercise", "kruskal_exercise",
    # lesson 7: the best possible score (imported on first use)
    *BEST_SCORE,
    # lesson 9: depth-first search
    "short_routes", "depth_first_search", "parentheses", "dfs_frames", "frame_with_stack", "bridges_highlight",
    "low_link_rows",
    "bridge_table", "follow_order", "follow_low_links", "reference_dfs", "reference_low_links", "solution_dfs",
    "solution_low_links", "follow_articulation", "reference_articulation", "solution_articulation_cities",
    "TraceExercise", "dfs_exercise", "low_links_exercise", "articulation_exercise",
    # lesson 10: branch and bound
    "Problem", "RouteOption", "TicketOption", "region_problem", "lesson_problem", "small_problem",
    "exhaustive_search", "search_summary", "root_bound", "branch_and_bound", "brute_force_best", "relaxation_bound",
    "everything_bound",
    "routes_only_bound", "best_first_order", "search_table", "route_rows", "ticket_rows", "wrong_bound_report",
    "choice_highlight", "plot_search_trees", "plot_node_counts", "hard_problem", "worst_case_table",
    "solution_bound", "solution_branch_and_bound", "search_trace_problem", "BoundExercise", "SearchExercise",
    "bound_exercise", "search_exercise",
    # lesson 11: maximum flow and minimum cut
    "map_tracks", "capacity_table", "residual_of", "shortest_augmenting_path", "augmenting_paths", "flow_on",
    "cut_capacity",
    "flow_frames", "residual_rows", "cut_rows", "pair_table", "augmentation_counts", "networkx_value",
    "follow_paths", "follow_cut", "tracks_of", "reference_paths", "reference_cut", "solution_max_flow",
    "solution_min_cut", "FlowExercise", "max_flow_exercise", "min_cut_exercise",
    # lesson 12: a reduction
    "TrailInstance", "cubic_graphs", "connected_cubic_graphs", "longest_trail", "hamiltonian_path", "trail_instance",
    "trail_from_path", "path_from_trail", "is_trail", "is_hamiltonian_path", "visits", "trace_if", "trace_only_if",
    "equivalence_table", "no_trail_is_longer", "longer_trail_summary", "instance_summary", "beyond_cubic",
    "plot_reduction", "trail_frames", "trail_player",
    "ReductionExercise", "path_exercise", "trail_exercise", "solution_path_from_trail", "solution_trail_from_path",
    "PathInstance", "add_pendant", "path_instance", "keeps_three_routes", "hamiltonian_circuit", "hamiltonian_path_of",
    "path_from_circuit", "circuit_from_path", "is_hamiltonian_circuit", "circuit_table", "plot_circuit_to_path",
]
