"""Exercises of ``graphs/03_shortest_paths``: Dijkstra, and how tickets are priced."""
from __future__ import annotations

from ....algorithms import dijkstra_steps
from ...exercises import ChoiceExercise, NumberExercise
from ..graphs.shortest_paths import fewest_trains_exercise, points_vs_trains
from . import lesson_set


def exercises():
    europe_rows = [r for r in points_vs_trains(("europe",)) if r["map"] == "europe"]
    return lesson_set("notebooks/graphs/03_shortest_paths", {
        "second": ChoiceExercise(
            "Which city does Dijkstra settle right after Paris?",
            ["Bruxelles", "Dieppe", "Frankfurt", "Zurich"],
            [s["city"] for s in dijkstra_steps("europe", "Paris")][1],
            hint="The frontier city with the smallest distance is settled first.",
            solution="**Dieppe**, 1 train from Paris: nothing can beat a 1-train route, since every other "
                     "way out of Paris already costs 2 or more."),
        "dijkstra": fewest_trains_exercise(),
        "exact_price": NumberExercise(
            "How many Europe tickets are worth exactly their shortest distance in trains?",
            sum(r["extra"] == 0 for r in europe_rows), unit="tickets", example="44",
            hint=["Count the rows with extra == 0.", "Or look at the points on the dashed line of the plot."],
            solution="**44** of the 46: only London–Wien and Athina–Edinburgh are worth one point more."),
    })
