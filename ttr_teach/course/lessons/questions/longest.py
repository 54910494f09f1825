"""Exercises of ``08_longest_route``: trails, loops, ties and stations."""
from __future__ import annotations

from ....engine.i18n import N_, gettext
from ...exercises import ChoiceExercise, NumberExercise, TrueFalseExercise
from ..longest import explain_network, network_position
from . import lesson_set

ROMA = [("Roma", "Venezia"), ("Venezia", "Zurich"), ("Zurich", "Marseille"), ("Marseille", "Roma"),
        ("Roma", "Palermo"), ("Roma", "Brindisi")]
TIE = [N_("Ann and Bo"), N_("nobody: the tie cancels it"), N_("whoever completed more tickets"), "Cy"]


def exercises():
    from IPython.display import SVG

    from ....views.svg import board_svg

    roma = explain_network(ROMA)
    position = network_position(roma.routes)
    return lesson_set("notebooks/08_longest_route", {
        "roma": NumberExercise(
            gettext("A network of six routes around Roma (on the board). How many trains long is its longest route?"),
            roma.length, unit="trains", example="16", figure=lambda: SVG(board_svg(position)),
            hint=[gettext("Count the cities with an odd number of routes."),
                  gettext("If there are at most two, the whole network is one trail.")],
            nudges={12: gettext("That is the longest route that never passes a city twice. May a route pass "
                                "through Roma twice?")},
            solution=gettext("**16**, all of it: Palermo → Roma → Venezia → Zürich → Marseille → Roma → Brindisi. "
                             "Roma has four routes (even); only Palermo and Brindisi are odd, so they are the two "
                             "ends. The route passes Roma twice; without that, the best would be 12."),
            solution_view=lambda: SVG(board_svg(position, highlight=roma.highlight()))),
        "twice": TrueFalseExercise(
            gettext("The longest route may pass through the same city twice."), True,
            explanation=gettext("It may not use a route twice, but it may come back through a city (a trail, "
                                "not a path)."),
            hint=gettext("Look at the loop with two tails: where does its longest route go?")),
        "station": TrueFalseExercise(
            gettext("A station lets you count one opponent's route toward the European Express."), False,
            explanation=gettext("Stations borrow a route for destination tickets only. The longest route "
                                "counts only your own routes."),
            hint=gettext("In the station example, Ann's station completed her ticket. What was her longest route?")),
        "tie": ChoiceExercise(
            gettext("Ann's and Bo's longest routes are both 17 trains; Cy's is 12. Who scores the 10-point bonus?"),
            TIE, TIE[0],
            explanations={TIE[2]: gettext("Completed tickets break a tie for the win, not for the bonus.")},
            hint=gettext("Look at the tie in the lesson."),
            solution=gettext("**Ann and Bo**: every player tied for the longest route scores the bonus.")),
    })
