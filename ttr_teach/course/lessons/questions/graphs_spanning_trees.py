"""Exercises of ``graphs/08_spanning_trees``: Kruskal written and checked step by step, a
spanning tree's size, the cut that proves a step of Kruskal, and where its time goes."""
from __future__ import annotations

from ....engine.i18n import N_, gettext
from ...exercises import ChoiceExercise, NumberExercise
from ..graphs.spanning_trees import kruskal_exercise, map_edges
from . import lesson_set

#: Which fact proves that the route Kruskal takes belongs to a cheapest spanning tree.
CUTS = [N_("the cut between the group of one of its cities and all the other cities: it is a cheapest route "
           "crossing that cut"),
        N_("it is the cheapest route of the whole map"),
        N_("it closes no loop, and every route that closes no loop belongs to a cheapest spanning tree"),
        N_("the cut between the cities already reached and the others: it is the cheapest route crossing it")]
CUT_WHY = {
    CUTS[1]: N_("Only the first route Kruskal takes is the cheapest of the map; the later ones are not."),
    CUTS[2]: N_("A route can close no loop and still belong to no cheapest tree: in a triangle of routes of 1, 1 "
                "and 9 trains, the 9-train route alone closes no loop."),
    CUTS[3]: N_("Kruskal's routes may form several separate groups, so there is no single set of cities "
                "reached so far; that is the cut of Prim's algorithm."),
}
#: Where Kruskal's time goes, with union-find (union by size, path compression).
COSTS = [N_("sorting the routes by trains: O(E log E)"), N_("the unions and finds: O(E α(V))"),
         N_("looking for a loop by a search from one city at each route: O(E V)"),
         N_("trying every spanning tree: exponential")]
COST_WHY = {
    COSTS[1]: N_("With union by size and path compression each union or find costs almost nothing: α(V) is at "
                 "most 4. Something else costs more."),
    COSTS[2]: N_("That is Kruskal without union-find; with it, no search is needed."),
    COSTS[3]: N_("Kruskal never tries trees: it looks at each route once."),
}


def exercises():
    cities, _ = map_edges("europe")
    cuts = [gettext(option) for option in CUTS]
    costs = [gettext(option) for option in COSTS]
    return lesson_set("notebooks/graphs/08_spanning_trees", {
        "size": NumberExercise(
            gettext("How many routes does a spanning tree of the Europe map have?"), len(cities) - 1,
            unit="routes", example="46",
            hint=[gettext("Start with 47 cities, each a group of its own: how many groups does each route of "
                          "the tree remove?"),
                  gettext("The tree is done when one group is left.")],
            nudges={47: gettext("A tree on 2 cities has 1 route, on 3 cities 2 routes: count once more."),
                    90: gettext("That is every pair of neighbouring cities; a tree has no loop.")},
            solution=gettext("Every route of the tree joins two groups into one: from 47 groups to 1 takes "
                             "**46** routes, whatever the lengths.")),
        "cut": ChoiceExercise(
            gettext("Kruskal takes a route because its two cities are in different groups and no cheaper route "
                    "joins two groups. Which fact proves that a cheapest spanning tree holds it together with "
                    "the routes taken before?"), cuts, cuts[0],
            explanations={gettext(k): gettext(v) for k, v in CUT_WHY.items()},
            hint=[gettext("The cut property needs a set of cities that none of the routes taken so far crosses."),
                  gettext("Which set of cities has no route taken so far leaving it, and this route leaving it?")],
            solution=gettext("**The cut around one of its two groups.** No route taken so far leaves that group, "
                             "and every route leaving it joins two groups, so none is cheaper than this one: by the "
                             "cut property a cheapest tree holding the routes taken so far can be changed to hold "
                             "this one too, at no extra cost.")),
        "cost": ChoiceExercise(
            gettext("Kruskal on a map of V cities and E routes, with union by size and path compression: which "
                    "part takes the most time?"), costs, costs[0],
            explanations={gettext(k): gettext(v) for k, v in COST_WHY.items()},
            hint=[gettext("Count what happens to each route: how often is it looked at, and what does looking "
                          "at it cost?"),
                  gettext("Before the first union, something is done to all E routes at once.")],
            solution=gettext("**Sorting: O(E log E)**. After it, each route costs one union (two finds): "
                             "O(E α(V)) for all, almost linear.")),
        "kruskal": kruskal_exercise(),
    })
