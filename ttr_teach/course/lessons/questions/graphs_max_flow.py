"""Exercises of ``graphs/11_max_flow_min_cut``: why no flow exceeds any cut, how many augmenting
paths a breadth-first search can need, and the maximum flow and the minimum cut written and
followed path by path."""
from __future__ import annotations

from ....engine.i18n import N_, gettext
from ...exercises import ChoiceExercise
from ..graphs.max_flow_checks import max_flow_exercise, min_cut_exercise
from . import lesson_set

#: Why every flow is at most the capacity of every cut.
BOUND = [N_("every unit of flow leaves the source's side and never stays there, so the flow equals what crosses "
            "the cut from inside to outside minus what comes back, and that is at most the tracks crossing it"),
         N_("because the algorithm stops when the flow reaches the smallest cut"),
         N_("because a cut's tracks are the shortest path from the source to the sink"),
         N_("because the flow through every city is at most that city's number of tracks")]
BOUND_WHY = {
    BOUND[1]: N_("The statement is about every flow, found by any means, not about when one algorithm stops."),
    BOUND[2]: N_("A cut is a set of tracks that separates the two cities; it need not be a path, and a path need "
                 "not cut anything."),
    BOUND[3]: N_("That is true, but it bounds the flow by one city's tracks only, and a cut may be elsewhere, "
                 "smaller."),
}
#: How many augmenting paths Edmonds-Karp (breadth-first search) can need.
COUNT = [N_("O(V × E): a track is the bottleneck of a shortest path at most V / 2 times, because the distance of "
            "its start from the source grows by 2 between two such times"),
         N_("O(the flow's value): each path sends at least one unit"),
         N_("O(E): each path fills at least one track for good"),
         N_("O(V): each path reaches one new city")]
COUNT_WHY = {
    COUNT[1]: N_("That is the bound for any choice of paths with whole capacities; it depends on the numbers, not "
                 "on the size of the network. Breadth-first search gives a bound without them."),
    COUNT[2]: N_("A full track can open again: a later path may send flow back along it."),
    COUNT[3]: N_("Paths may reach the same cities again and again; the count of paths is not tied to new cities."),
}


def exercises():
    bound = [gettext(option) for option in BOUND]
    count = [gettext(option) for option in COUNT]
    return lesson_set("notebooks/graphs/11_max_flow_min_cut", {
        "bound": ChoiceExercise(
            gettext("Every flow from the source to the sink is at most the capacity of every cut that separates "
                    "them (weak duality). Why?"), bound, bound[0],
            explanations={gettext(k): gettext(v) for k, v in BOUND_WHY.items()},
            hint=[gettext("Follow one unit of flow from the source: where must it be when it reaches the sink?"),
                  gettext("Add up, over the cities of the source's side, what goes out minus what comes in.")],
            solution=gettext("**Sum the flow out minus the flow in over the cities of S.** For the source it is the "
                             "flow's value; for every other city of S it is 0. Inside S each track counts once out "
                             "and once in and cancels, so what is left is the flow out of S minus the flow into S: "
                             "at most the capacity of the tracks leaving S.")),
        "count": ChoiceExercise(
            gettext("Ford-Fulkerson with a breadth-first search for each augmenting path (Edmonds-Karp), on a "
                    "network of V cities and E pairs: how many augmenting paths can it need?"), count, count[0],
            explanations={gettext(k): gettext(v) for k, v in COUNT_WHY.items()},
            hint=[gettext("Each path has a bottleneck track, which it fills. When can that track be the bottleneck "
                          "again?"),
                  gettext("The distance from the source to each city in the residual graph never shrinks.")],
            solution=gettext("**O(V × E).** Distances from the source never shrink. A bottleneck track u→v of a "
                             "shortest path has d(v) = d(u) + 1; it can carry flow again only after a path uses "
                             "v→u, which needs d(u) = d(v) + 1: d(u) has grown by 2. So each track is a "
                             "bottleneck at most V / 2 times, and there are O(E) tracks. Each search costs O(E): "
                             "O(V E²) in all.")),
        "max_flow": max_flow_exercise(),
        "min_cut": min_cut_exercise(),
    })
