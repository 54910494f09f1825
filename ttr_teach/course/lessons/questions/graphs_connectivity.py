"""Exercises of ``graphs/02_connectivity_and_tickets``: components, union-find, BFS."""
from __future__ import annotations

from ....algorithms import bfs_steps, tickets_completed
from ....engine.i18n import gettext
from ...exercises import ChoiceExercise, NumberExercise
from ..graphs.connectivity import example_network, is_connected_exercise
from . import lesson_set

TICKETS = [("Paris", "Wien"), ("Madrid", "Zürich"), ("Budapest", "Sofia")]


def exercises():
    net = example_network()
    result = tickets_completed("europe", net["routes"], net["tickets"])
    names = [f"{a}–{b}" for a, b in TICKETS]
    *_, last = bfs_steps("europe", "Lisboa", "Moskva")
    return lesson_set("notebooks/graphs/02_connectivity_and_tickets", {
        "open_ticket": ChoiceExercise(
            gettext("Which ticket is not completed?"), names, names[result["completed"].index(False)],
            hint=gettext("Follow the trains from one city of each ticket: can you reach the other city?"),
            solution=gettext("**Budapest–Sofia**: Budapest is joined to the big western network, Sofia to "
                             "the small Sarajevo–Sofia–Athina group, and no route of the player joins the "
                             "two groups.")),
        "groups": NumberExercise(
            gettext("How many groups (including cities on their own) are there after the 11 claims?"),
            len(result["union_find"].groups()), unit="groups", example="37",
            hint=[gettext("Start with 47 groups, one per city."),
                  gettext("Each union that merges two groups takes one away; one of the 11 claims did not "
                          "merge.")],
            nudges={36: gettext("One of the 11 claims closed a loop: it merged nothing.")},
            solution=gettext("47 − (11 − 1) = **37** groups: the 9-city group, the 3-city group and 35 "
                             "cities alone.")),
        "hops": NumberExercise(
            gettext("Fewest routes from Lisboa to Moskva?"), last["hops"], unit="routes", example="9",
            hint=gettext("The last step of `bfs_steps(\"europe\", \"Lisboa\", \"Moskva\")` has `'hops'`."),
            solution=gettext("**9** routes, e.g. Lisboa–Madrid–Pamplona–Paris–Frankfurt–Berlin–Warszawa–"
                             "Kyiv–Kharkov–Moskva.")),
        "connected": is_connected_exercise(),
    })
