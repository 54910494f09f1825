"""Exercises of ``graphs/05_longest_route``: Euler, backtracking, the parity bound."""
from __future__ import annotations

from ....engine.i18n import gettext
from ....engine.maps import load_map
from ...exercises import NumberExercise, TrueFalseExercise
from ..graphs.backtracking import longest_trail_exercise
from ..graphs.longest import can_run_through_exercise, euler_check, konigsberg, parity_bound
from . import lesson_set


def exercises():
    europe_bound = parity_bound(load_map("europe").routes)
    return lesson_set("notebooks/graphs/05_longest_route", {
        "walk": TrueFalseExercise(
            gettext("One walk can cross all seven bridges of Königsberg, each exactly once."),
            euler_check(konigsberg())["one_trail"],
            explanation=gettext("A walk that passes through a piece of land uses one bridge in and one "
                                "out, so every land except where the walk starts and ends needs an even "
                                "number of bridges. All four lands of Königsberg have an odd number "
                                "(5, 3, 3, 3)."),
            hint=[gettext("Count the bridges at each piece of land."),
                  gettext("A walk that passes through a land uses its bridges two at a time.")]),
        "euler": can_run_through_exercise(),
        "trail": longest_trail_exercise(),
        "at_least": NumberExercise(
            gettext("At least how many routes does every trail of the whole Europe map leave out?"),
            (len(europe_bound["odd_cities"]) - 2) // 2, unit="routes", example="12",
            hint=[gettext("26 odd cities; a trail may keep two of them as its ends."),
                  gettext("Each route left out can fix two odd cities.")],
            nudges={24: gettext("One left-out route touches two cities: it can fix two odd cities at once.")},
            solution=gettext("(26 − 2) / 2 = **12** routes.")),
    })
