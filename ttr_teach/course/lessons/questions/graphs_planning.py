"""Exercises of ``graphs/04_planning_tickets``: Steiner trees and forests."""
from __future__ import annotations

from ....algorithms.planning import cheapest_network
from ....engine.i18n import N_, gettext
from ...exercises import ChoiceExercise, NumberExercise, TrueFalseExercise
from ..graphs.planning import compare_plans, three_city_tree_exercise
from . import lesson_set

HAND_A = [("Edinburgh", "Paris"), ("Paris", "Zagrab"), ("Brest", "Venezia")]
HAND_C = [("Constantinople", "Venezia"), ("Berlin", "Moskva")]
CROSSING = [N_("one connected network"), N_("two separate networks"), N_("they cost the same")]


def exercises():
    pieces = len(compare_plans("europe", HAND_C)["forest"].groups)
    crossing = [gettext(option) for option in CROSSING]
    return lesson_set("notebooks/graphs/04_planning_tickets", {
        "sharing": TrueFalseExercise(
            gettext("A network completing all three tickets can use fewer than 22 trains."),
            cheapest_network("europe", HAND_A).trains < 22,
            explanation=gettext("Paris–Zagrab and Brest–Venezia can share Paris–Zürich–Venezia, and "
                                "Brest–Venezia and Edinburgh–Paris can share Dieppe–Paris; the cheapest "
                                "network needs only 16 trains."),
            hint=gettext("Can two of the tickets use the same routes for part of the way?")),
        "tree": three_city_tree_exercise(),
        "crossing": ChoiceExercise(
            gettext("Constantinople–Venezia and Berlin–Moskva: which is cheaper?"), crossing,
            crossing[1] if pieces == 2 else crossing[0],
            hint=[gettext("The two tickets' shortest distances are 10 and 12 trains."),
                  gettext("What does the best single tree through all four cities cost?")],
            solution=gettext("**Two separate networks**: 10 + 12 = 22 trains. The cheapest single tree "
                             "joining all four cities needs 24.")),
        "growth": NumberExercise(
            gettext("How many times more work for 12 cities than for 10?"), 3 ** 12 // 3 ** 10, unit="times",
            example="9",
            hint=gettext("3^12 / 3^10 = 3^(12 − 10)."),
            nudges={6: gettext("Not 3 × 2: the work is multiplied by 3 for each city.")},
            solution=gettext("3 to the power 2: **9** times more.")),
    })
