"""Algorithms on the map, one family per module, in the manner of networkx.

* :mod:`.graphs`: the map as a graph (degrees, hubs, bridges, articulation cities, distances
  in trains);
* :mod:`.stepwise`: union-find, breadth-first search and Dijkstra step by step, for lessons;
* :mod:`.steiner`: exact Steiner trees and forests on any weighted graph;
* :mod:`.planning`: the fewest trains that complete a set of tickets, on an empty board or
  from a position (its typed results in :mod:`.plans`);
* :mod:`.probability`: exact card odds (tunnels, the face-up reset, blind draws);
* :mod:`.simulation`: random draws converging to those odds, for lessons;
* :mod:`.best_score`: the best possible score with a train budget, by integer programming
  (its model in :mod:`.best_score_model`, greedy start in :mod:`.best_score_greedy`, cached
  sweep in :mod:`.best_score_cache`, cuts found by :mod:`.min_cut`).

They build on :mod:`ttr_teach.engine` and never import a view. As in networkx, every public
function is also a name of this package, imported on first use:

>>> from ttr_teach import algorithms
>>> algorithms.bridges("europe"), algorithms.shortest_path("europe", "Paris", "Wien").trains
([('Edinburgh', 'London')], 8)

"""
from ..lazy import lazy_exports

_FAMILIES = {
    "graphs": ("map_multigraph", "map_graph", "degree_table", "hubs", "bridges", "articulation_cities",
               "chokepoints", "TrainPath", "shortest_path", "shortest_distances", "ticket_table"),
    "stepwise": ("UnionFind", "tickets_completed", "bfs_steps", "path_from_parents", "dijkstra_steps"),
    "steiner": ("MAX_TERMINALS", "MetricClosure", "SteinerForest", "steiner_tree_table", "steiner_tree",
                "steiner_forest", "pieces_of_pairs"),
    "planning": ("cheapest_network", "approximate_network", "compare_networks", "cheapest_completion"),
    "plans": ("Plan", "NetworkPiece", "Completion", "Borrowed", "NetworkComparison"),
    "probability": ("CARD_KINDS", "TUNNEL_REVEAL", "full_deck", "check_deck", "hypergeometric_distribution",
                    "tunnel_hits", "tunnel_extra_distribution", "expected_extra_cost", "probability_at_least",
                    "spare_cards_for_tunnel", "tunnel_success_probability", "can_afford_tunnel",
                    "extra_probability_formula", "extra_probability_expression", "blind_draw_probability",
                    "probability_at_least_one", "market_locomotive_distribution", "market_reset_probability",
                    "expected_redeals"),
    "simulation": ("simulate_tunnel", "simulate_market_reset"),
}
#: Public name -> the module of this package that defines it.
_PUBLIC = {name: module for module, names in _FAMILIES.items() for name in names}

__all__ = sorted(_PUBLIC)

__getattr__, __dir__ = lazy_exports(__name__, _PUBLIC, globals())
