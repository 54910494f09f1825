"""Exercises of ``graphs/12_reduction``: both directions of the reduction written and checked on
every small cubic graph, and three proof questions: which way a reduction must go to prove
hardness, what "unless P = NP" rules out, why every city needs exactly three routes, and why a
Hamiltonian path of the circuit-to-path instance ends inside each gadget."""
from __future__ import annotations

from ....engine.i18n import N_, gettext
from ...exercises import ChoiceExercise
from ..graphs.reduction_exercises import path_exercise, trail_exercise
from . import lesson_set

#: Which direction proves that the longest trail is hard.
DIRECTION = [N_("turn every Hamiltonian path question into a longest-trail question, quickly: a fast longest-trail "
                "program would then answer the hard question fast"),
             N_("turn every longest-trail question into a Hamiltonian path question: then the longest trail is "
                "no harder than the Hamiltonian path"),
             N_("find a cubic graph where the longest trail takes exponential time"),
             N_("show that backtracking tries exponentially many trails on the Petersen graph")]
DIRECTION_WHY = {
    DIRECTION[1]: N_("That direction shows the longest trail is at most as hard as Hamiltonian paths: it gives an "
                     "upper bound on its difficulty, not a lower one."),
    DIRECTION[2]: N_("One graph is one instance of fixed size: its time is a constant. Hardness is about how the "
                     "time grows over all instances."),
    DIRECTION[3]: N_("That is one algorithm being slow; a cleverer algorithm might not be. Hardness must speak of "
                     "every algorithm."),
}
#: What "NP-hard, unless P = NP" rules out.
UNLESS = [N_("an algorithm that finds the longest trail of every network in polynomial time"),
          N_("every exact algorithm taking exponential time"),
          N_("an algorithm that is fast on the networks of the game's maps"),
          N_("any exact algorithm for the longest trail")]
UNLESS_WHY = {
    UNLESS[1]: N_("Not known: between polynomial and exponential lie many growths (n to the power log n, say), "
                  "and NP-hardness does not exclude them."),
    UNLESS[2]: N_("It speaks of every network, the worst ones included; a family of easy networks, or one "
                  "fixed map, can be fast."),
    UNLESS[3]: N_("Lesson 5 has exact algorithms: backtracking always finds the longest trail. Hardness is about "
                  "their time, not whether they exist."),
}
#: Why the cities must have three routes each.
DEGREE = [N_("with at most 3 routes a city is passed through at most once, so the count gives n + 1 and a trail "
             "that long meets every city; with exactly 3, each end of a path has a route left to add"),
          N_("with 3 routes every city is odd, so by Euler's theorem no trail runs through every route"),
          N_("only cubic graphs can have Hamiltonian paths"),
          N_("a cubic graph has 3n/2 routes, which makes the search polynomial")]
DEGREE_WHY = {
    DEGREE[1]: N_("True, but it is not what the proof uses: it counts the routes of a trail at each city, and needs "
                  "at most 3 there."),
    DEGREE[2]: N_("Many graphs that are not cubic have Hamiltonian paths: a path of 4 cities is one."),
    DEGREE[3]: N_("The number of routes is small, but the number of trails among them is not: the search is still "
                  "exponential."),
}
#: Why a Hamiltonian path of the circuit-to-path instance ends inside each gadget.
GADGET = [N_("a gadget meets the rest of the graph by one route only: a path that crosses that route cannot cross "
             "back, so after visiting the gadget's cities it must stop there"),
          N_("the gadget's cities have fewer routes than the others, so a path cannot pass through them"),
          N_("a gadget has 5 cities, an odd number, and a path through an odd number of cities ends there"),
          N_("a Hamiltonian path starts at w, and the gadgets are the cities farthest from w")]
GADGET_WHY = {
    GADGET[1]: N_("Every city of H has 3 routes, the gadgets' cities too: that is the point of the construction."),
    GADGET[2]: N_("Parity plays no part: a path can pass through any number of cities and go on."),
    GADGET[3]: N_("Nothing makes a path start at w; in fact w is passed through, never an end."),
}


def exercises():
    direction = [gettext(option) for option in DIRECTION]
    unless = [gettext(option) for option in UNLESS]
    degree = [gettext(option) for option in DEGREE]
    gadget = [gettext(option) for option in GADGET]
    return lesson_set("notebooks/graphs/12_reduction", {
        "direction": ChoiceExercise(
            gettext("Hamiltonian paths in cubic graphs are known to be hard. To prove that the longest trail is hard "
                    "too, what must the reduction do?"), direction, direction[0],
            explanations={gettext(k): gettext(v) for k, v in DIRECTION_WHY.items()},
            hint=[gettext("If problem A can be turned quickly into problem B, a fast program for which one would "
                          "solve the other?"),
                  gettext("We want: a fast longest-trail program would solve something known to be hard.")],
            solution=gettext("**From the known hard problem to the new one.** A quick translation of every "
                             "Hamiltonian path question into a longest-trail question means a fast longest-trail "
                             "program would answer Hamiltonian path questions fast; so the longest trail is at "
                             "least as hard.")),
        "path": path_exercise(),
        "trail": trail_exercise(),
        "degree": ChoiceExercise(
            gettext("Why does the reduction start from cubic graphs, where every city has exactly 3 routes?"),
            degree, degree[0], explanations={gettext(k): gettext(v) for k, v in DEGREE_WHY.items()},
            hint=[gettext("Look at the two graphs of the last table that are not cubic: which step of the proof "
                          "breaks in each?"),
                  gettext("A city of 6 routes can be passed through three times; a city of 1 route has nothing "
                          "left once a path ends there.")],
            solution=gettext("**The count and the extension both need it.** At most 3 routes a city: a trail passes "
                             "each city at most once, so it has at most n + 1 routes and one that long meets every "
                             "city. At least 3: each end of a Hamiltonian path has a route left, so the path grows "
                             "into a trail of n + 1 routes.")),
        "gadget": ChoiceExercise(
            gettext("Why must every Hamiltonian path of H have one end inside each of the two gadgets?"), gadget,
            gadget[0], explanations={gettext(k): gettext(v) for k, v in GADGET_WHY.items()},
            hint=[gettext("A Hamiltonian path visits the gadget's cities and the other cities. How many routes join "
                          "those two parts?"),
                  gettext("Follow the path along: how often can it go from the rest of H into the gadget, and "
                          "how often back?")],
            solution=gettext("**One route in, none out.** A gadget is joined to the rest of H by a single route (a "
                             "bridge). The path must visit both sides, so it uses that route, and only once: the "
                             "part of the path on the gadget's side is one end of the path. With two gadgets, both "
                             "ends are in gadgets, so the path runs from s to c' through every city of G.")),
        "unless": ChoiceExercise(
            gettext("The longest trail is NP-hard. Unless P = NP, what does that rule out?"), unless, unless[0],
            explanations={gettext(k): gettext(v) for k, v in UNLESS_WHY.items()},
            hint=[gettext("P is the class of questions answered in polynomial time. What would a polynomial "
                          "algorithm for an NP-hard problem give?"),
                  gettext("The statement speaks of every network and of polynomial time, and of nothing else.")],
            solution=gettext("**A polynomial-time algorithm for every network.** With one, every problem in NP "
                             "would be solved in polynomial time: P = NP. It says nothing of exponential time, of "
                             "particular networks, or of exact algorithms existing (they do).")),
    })
