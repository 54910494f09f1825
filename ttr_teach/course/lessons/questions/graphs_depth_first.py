"""Exercises of ``graphs/09_depth_first_search``: how many back routes a search finds, why an
undirected search has no cross routes, its running time, and the search and its low-links
and the articulation cities written and checked step by step."""
from __future__ import annotations

from ....engine.i18n import N_, gettext
from ...exercises import ChoiceExercise, NumberExercise
from ..graphs.depth_first_checks import articulation_exercise, dfs_exercise, low_links_exercise
from ..graphs.spanning_trees import map_edges
from . import lesson_set

#: Why a depth-first search of an undirected network finds no cross route.
CROSS = [N_("when it discovers the first of the route's two cities, the other is not discovered yet, and the "
            "search looks along every route of that city before it finishes it: so the other city is discovered "
            "below it"),
         N_("the search visits the neighbours in the order of their names, so a cross route would come too late"),
         N_("a cross route would close a loop, and a depth-first search never closes a loop"),
         N_("there are cross routes; they are just drawn like back routes")]
CROSS_WHY = {
    CROSS[1]: N_("The order of the neighbours does not matter: the reason must hold for every order."),
    CROSS[2]: N_("Back routes close loops too, and the search finds many of them."),
    CROSS[3]: N_("Try to draw one: a route between two cities in separate branches, the left branch finished "
                 "first. When the search was at the left city, was the right one discovered yet?"),
}
#: The running time of a depth-first search with lists of neighbours.
COSTS = [N_("O(V + E)"), N_("O(V × E)"), N_("O(V²)"), N_("O(E log E)")]
COST_WHY = {
    COSTS[1]: N_("That would be one look at every route for every city; a city looks only at its own routes."),
    COSTS[2]: N_("That is the cost with a table of every pair of cities; with lists of neighbours it is less."),
    COSTS[3]: N_("Nothing is sorted or kept in a heap: that cost belongs to Kruskal and Dijkstra."),
}


def exercises():
    cities, edges = map_edges("europe")
    cross = [gettext(option) for option in CROSS]
    costs = [gettext(option) for option in COSTS]
    return lesson_set("notebooks/graphs/09_depth_first_search", {
        "back": NumberExercise(
            gettext("A depth-first search from Paris over the whole Europe map: how many back routes does it find? "
                    "(The map has 47 cities and 90 pairs of neighbouring cities.)"), len(edges) - (len(cities) - 1),
            unit="routes", example="44",
            hint=[gettext("Every pair of neighbouring cities is either a tree route or a back route."),
                  gettext("How many tree routes does a tree that reaches all 47 cities have?")],
            nudges={46: gettext("That is the number of tree routes; the question asks for the other kind."),
                    90: gettext("That counts every route; the tree routes are not back routes.")},
            solution=gettext("The tree routes form a spanning tree: **46** of them (lesson 8). The other "
                             "90 − 46 = **44** routes are back routes, whatever the order of the neighbours.")),
        "cross": ChoiceExercise(
            gettext("In a depth-first search of a network whose routes go both ways, every route joins a city to "
                    "one of its ancestors or descendants: there is no cross route between two separate branches. "
                    "Why?"), cross, cross[0],
            explanations={gettext(k): gettext(v) for k, v in CROSS_WHY.items()},
            hint=[gettext("Take a route u–v and say the search discovers u first. What is v at that moment?"),
                  gettext("When can the search finish u?")],
            solution=gettext("**Say u is discovered first.** Then v is not discovered yet, and u cannot finish "
                             "before it has looked along u–v. So v is discovered while u is on the stack: v is "
                             "a descendant of u. In a network with one-way routes this fails (v may be reached "
                             "only later, from elsewhere), and cross routes appear.")),
        "cost": ChoiceExercise(
            gettext("A depth-first search of a network of V cities and E routes, each city with a list of its "
                    "neighbours: how long does it take?"), costs, costs[0],
            explanations={gettext(k): gettext(v) for k, v in COST_WHY.items()},
            hint=[gettext("How often is each city put on the stack, and how often taken off?"),
                  gettext("How often is each route looked at, from its two ends?")],
            solution=gettext("**O(V + E).** Each city is discovered once and finished once; a city's list of "
                             "neighbours is read once, so each route is looked at twice, once from each end.")),
        "dfs": dfs_exercise(),
        "low_links": low_links_exercise(),
        "articulation": articulation_exercise(),
    })
