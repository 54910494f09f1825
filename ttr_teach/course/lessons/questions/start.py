"""Exercises of ``00_start_here``: a first look at the board and the four actions."""
from __future__ import annotations

from ....engine.i18n import N_, gettext
from ....engine.maps import load_map
from ...exercises import ChoiceExercise, NumberExercise
from . import lesson_set

ACTIONS = [N_("draw train cards"), N_("claim a route"), N_("draw destination tickets"), N_("build a station"),
           N_("trade cards with another player")]


def exercises():
    europe = load_map("europe")
    return lesson_set("notebooks/00_start_here", {
        "paris": NumberExercise(
            gettext("How many routes leave Paris? (Count both routes of a double route.)"),
            len(europe.routes_at("Paris")), example="10", unit="routes",
            hint=[gettext("Pick Paris in the city explorer above: it lists every route, one per line."),
                  gettext("A double route is two routes: Paris–Frankfurt counts twice.")],
            nudges={7: gettext("That is the number of neighbouring cities: count both routes of each double route.")},
            solution=gettext("Paris has **10** routes: Brest, Dieppe, Marseille and Zürich (one route each), and "
                             "Bruxelles, Frankfurt and Pamplona (two routes each, double routes): 4 + 3 × 2 = 10.")),
        "actions": ChoiceExercise(
            gettext("Which of these is NOT one of the four things you may do on your turn?"),
            ACTIONS, ACTIONS[4],
            explanations={a: gettext("That is one of the four actions.") for a in ACTIONS[:4]},
            hint=gettext("Read *The game in one paragraph* again: it names the four actions."),
            solution=gettext("The four actions are: draw train cards, claim a route, draw destination tickets, and "
                             "(Europe only) build a station. There is no trading in Ticket to Ride.")),
    })
