"""Exercises of ``graphs/03_shortest_paths``: Dijkstra, and how tickets are priced."""
from __future__ import annotations

from ....algorithms import dijkstra_steps
from ....engine.i18n import N_, gettext
from ...exercises import ChoiceExercise, NumberExercise
from ..graphs.shortest_paths import fewest_trains_exercise, points_vs_trains
from . import lesson_set

#: What stays true at every step of Dijkstra, and proves it right.
INVARIANTS = [
    N_("a city's distance is final when it leaves the heap for good; every city in the heap carries the fewest "
       "trains over paths through finished cities only"),
    N_("every city in the heap already carries its shortest distance"),
    N_("cities are finished in the order breadth-first search reaches them"),
    N_("the finished cities and the routes that reached them form a cheapest spanning tree"),
]
INVARIANT_WHY = {
    INVARIANTS[1]: N_("Look at the table of the frame: a city waiting in the heap can still be improved later, "
                      "when a city next to it is finished."),
    INVARIANTS[2]: N_("Breadth-first search counts routes; Dijkstra may finish a city three short routes away "
                      "before one a single long route away."),
    INVARIANTS[3]: N_("That is Prim's algorithm of lesson 8. A shortest-path tree keeps each city close to the "
                      "start, not the tree's total trains low."),
}
#: Which graph makes Dijkstra return a wrong distance.
COUNTEREXAMPLES = [
    N_("one-way routes S→A 2, S→B 3 and B→A −2: a route of negative length"),
    N_("a route of length 0 between two cities"),
    N_("two different shortest paths of equal length to the same city"),
    N_("a map in two pieces, the target in the other piece"),
]
COUNTEREXAMPLE_WHY = {
    COUNTEREXAMPLES[1]: N_("The proof needs lengths that are never negative; 0 is allowed: a path can only get "
                           "longer or stay the same as it goes on."),
    COUNTEREXAMPLES[2]: N_("A tie only decides which of the equal cities is finished first; both get the same, "
                           "right distance."),
    COUNTEREXAMPLES[3]: N_("Dijkstra never reaches the other piece, and it is right: no path exists, the distance "
                           "is infinite."),
}


def exercises():
    europe_rows = [r for r in points_vs_trains(("europe",)) if r["map"] == "europe"]
    invariants = [gettext(option) for option in INVARIANTS]
    counterexamples = [gettext(option) for option in COUNTEREXAMPLES]
    return lesson_set("notebooks/graphs/03_shortest_paths", {
        "second": ChoiceExercise(
            gettext("Which city does Dijkstra settle right after Paris?"),
            ["Bruxelles", "Dieppe", "Frankfurt", "Zurich"],
            [s["city"] for s in dijkstra_steps("europe", "Paris")][1],
            hint=gettext("The frontier city with the smallest distance is settled first."),
            solution=gettext("**Dieppe**, 1 train from Paris: nothing can beat a 1-train route, since every "
                             "other way out of Paris already costs 2 or more.")),
        "invariant": ChoiceExercise(
            gettext("Which statement is true after every step of Dijkstra, and proves that it finds the fewest "
                    "trains?"), invariants, invariants[0],
            explanations={gettext(k): gettext(v) for k, v in INVARIANT_WHY.items()},
            hint=[gettext("A true statement about the heap must survive a city being improved later."),
                  gettext("Which statement still holds at the frame where a waiting city's badge is more than its "
                          "shortest distance?")],
            solution=gettext("**Finished cities are final; waiting cities are best through finished cities.** "
                             "The closest waiting city cannot be beaten: any other path to it leaves the finished "
                             "cities through a waiting city that is already at least as far, and the rest of "
                             "that path adds no negative length.")),
        "counterexample": ChoiceExercise(
            gettext("On which graph does Dijkstra return a wrong distance?"), counterexamples, counterexamples[0],
            explanations={gettext(k): gettext(v) for k, v in COUNTEREXAMPLE_WHY.items()},
            hint=[gettext("Which step of the proof can fail? It says the rest of a path adds nothing negative."),
                  gettext("Look for a graph where going on along a path can make it shorter.")],
            solution=gettext("**The one-way routes with −2.** Dijkstra finishes A at 2, then finds the path "
                             "S→B→A of 1 train too late: the route B→A makes a longer-looking path shorter.")),
        "dijkstra": fewest_trains_exercise(),
        "exact_price": NumberExercise(
            gettext("How many Europe tickets are worth exactly their shortest distance in trains?"),
            sum(r["extra"] == 0 for r in europe_rows), unit="tickets", example="44",
            hint=[gettext("Count the rows with extra == 0."),
                  gettext("Or look at the points on the dashed line of the plot.")],
            solution=gettext("**44** of the 46: only London–Wien and Athina–Edinburgh are worth one point "
                             "more.")),
    })
