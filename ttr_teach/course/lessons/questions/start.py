"""Exercises of ``00_start_here``: a first look at the board and the four actions."""
from __future__ import annotations

from ....engine.maps import load_map
from ...exercises import ChoiceExercise, NumberExercise
from . import lesson_set

ACTIONS = ["draw train cards", "claim a route", "draw destination tickets", "build a station",
           "trade cards with another player"]


def exercises():
    europe = load_map("europe")
    return lesson_set("notebooks/00_start_here", {
        "paris": NumberExercise(
            "How many routes leave Paris? (Count both routes of a double route.)",
            len(europe.routes_at("Paris")), example="10", unit="routes",
            hint=["Pick Paris in the city explorer above: it lists every route, one per line.",
                  "A double route is two routes: Paris–Frankfurt counts twice."],
            nudges={7: "That is the number of neighbouring cities: count both routes of each double route."},
            solution="Paris has **10** routes: Brest, Dieppe, Marseille and Zürich (one route each), and "
                     "Bruxelles, Frankfurt and Pamplona (two routes each, double routes): 4 + 3 × 2 = 10."),
        "actions": ChoiceExercise(
            "Which of these is NOT one of the four things you may do on your turn?",
            ACTIONS, "trade cards with another player",
            explanations={a: "That is one of the four actions." for a in ACTIONS[:4]},
            hint="Read *The game in one paragraph* again: it names the four actions.",
            solution="The four actions are: draw train cards, claim a route, draw destination tickets, and "
                     "(Europe only) build a station. There is no trading in Ticket to Ride."),
    })
