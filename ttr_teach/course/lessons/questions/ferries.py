"""Exercises of ``04_ferries``: one locomotive per symbol."""
from __future__ import annotations

from ....engine.i18n import gettext
from ....engine.maps import load_map
from ...exercises import NumberExercise, TrueFalseExercise
from ..ferries import ferry_cost
from . import lesson_set


def exercises():
    europe = load_map("europe")
    # the lesson works Palermo–Smyrna out in full, so the question asks about another ferry
    black_sea, athina = europe.route("Constantinople", "Sevastopol"), europe.route("Athina", "Brindisi")
    return lesson_set("notebooks/04_ferries", {
        "palermo": NumberExercise(
            gettext("At least how many locomotives do you need to claim Constantinople–Sevastopol (4 spaces)? "
                    "Look at the board."),
            black_sea.locomotives, unit="locomotives", example="2",
            hint=gettext("Count the locomotive symbols on the board, not the spaces."),
            nudges={black_sea.length: gettext("That is one per space. What does a ferry ask for, per symbol or "
                                              "per space?")},
            solution=gettext("**{locomotives}**: one locomotive per symbol. The other {spaces} spaces take "
                             "cards of any one colour.").format(locomotives=black_sea.locomotives,
                                                                spaces=black_sea.length - black_sea.locomotives)),
        "per_space": TrueFalseExercise(
            gettext("Essen–København (3 spaces, 1 locomotive symbol) needs 3 locomotives."), False,
            explanation=gettext("It needs 1 locomotive (one per symbol) and 2 cards of any one colour "
                                "(or more locomotives)."),
            hint=gettext("One locomotive per what?")),
        "ways": NumberExercise(
            gettext("You hold 4 yellow and 3 locomotives. In how many ways can you pay for Athina–Brindisi "
                    "(4 spaces, 1 locomotive symbol)?"),
            len(ferry_cost(athina, {"yellow": 4, "locomotive": 3}).ways), unit="ways", example="3",
            hint=[gettext("At least one locomotive. How many yellow cards go with 1, 2 or 3 locomotives?"),
                  gettext("Can 4 yellow cards alone pay? Can 3 locomotives alone?")],
            solution=gettext("- 3 yellow + 1 locomotive\n- 2 yellow + 2 locomotives\n- 1 yellow + 3 locomotives\n\n"
                             "**3** ways. 4 yellow is not allowed (no locomotive), and 3 locomotives alone are too "
                             "few.")),
    })
