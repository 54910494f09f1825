"""Exercises of ``graphs/02_connectivity_and_tickets``: components, union-find, BFS."""
from __future__ import annotations

from ....algorithms import bfs_steps, tickets_completed
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
            "Which ticket is not completed?", names, names[result["completed"].index(False)],
            hint="Follow the trains from one city of each ticket: can you reach the other city?",
            solution="**Budapest–Sofia**: Budapest is joined to the big western network, Sofia to the small "
                     "Sarajevo–Sofia–Athina group, and no route of the player joins the two groups."),
        "groups": NumberExercise(
            "How many groups (including cities on their own) are there after the 11 claims?",
            len(result["union_find"].groups()), unit="groups", example="37",
            hint=["Start with 47 groups, one per city.",
                  "Each union that merges two groups takes one away; one of the 11 claims did not merge."],
            nudges={36: "One of the 11 claims closed a loop: it merged nothing."},
            solution="47 − (11 − 1) = **37** groups: the 9-city group, the 3-city group and 35 cities alone."),
        "hops": NumberExercise(
            "Fewest routes from Lisboa to Moskva?", last["hops"], unit="routes", example="9",
            hint="The last step of `bfs_steps(\"europe\", \"Lisboa\", \"Moskva\")` has `'hops'`.",
            solution="**9** routes, e.g. Lisboa–Madrid–Pamplona–Paris–Frankfurt–Berlin–Warszawa–Kyiv–"
                     "Kharkov–Moskva."),
        "connected": is_connected_exercise(),
    })
