"""Exercises of ``02_claiming_routes``: paying for routes, and what they score."""
from __future__ import annotations

from ....engine.i18n import gettext
from ....engine.maps import load_map
from ....engine.payment import Cost, payment_options
from ....engine.rules import EUROPE
from ...exercises import NumberExercise, SetExercise, TrueFalseExercise
from ..claiming import colours_that_pay
from ..common import colour_name, read_colour
from . import lesson_set


def exercises():
    europe = load_map("europe")
    danzig = europe.route("Danzig", "Warszawa")
    hand = {"yellow": 2, "black": 3, "orange": 1, "locomotive": 1}
    return lesson_set("notebooks/02_claiming_routes", {
        "points": NumberExercise(
            gettext("Ann spends 8 trains on one route of 8. Bo spends his 8 trains on two routes of 4. How many "
                    "more points does Ann score than Bo?"),
            EUROPE.route_points(8) - 2 * EUROPE.route_points(4), unit="points", example="7",
            hint=[gettext("Look up each route in the scoring table."),
                  gettext("Bo scores the points of a 4-route twice.")],
            nudges={0: gettext("The same trains do not score the same points: look at the scoring table."),
                    21 - 2 * 4: gettext("Bo's routes do not score one point per train either: look up a route of 4.")},
            solution=gettext("Ann: **21** points. Bo: 7 + 7 = 14. Ann scores **7** more with the same 8 trains: "
                             "points grow faster than length.")),
        "ways": NumberExercise(
            gettext("You hold 2 red, 1 blue and 2 locomotives. In how many different ways can you pay for "
                    "Danzig–Warszawa (2 spaces, gray)?"),
            len(payment_options(danzig, {"red": 2, "blue": 1, "locomotive": 2})), example="4",
            hint=[gettext("Go colour by colour: how many locomotives can go with the red cards?"),
                  gettext("With the blue one? And can locomotives pay alone?")],
            solution=gettext("- Red: 2 red, or 1 red + 1 locomotive (2 ways).\n"
                             "- Blue: 1 blue + 1 locomotive (1 way).\n"
                             "- Locomotives alone: 2 locomotives (1 way).\n\n"
                             "**4** ways in all. A mix such as 1 red + 1 blue is not allowed.")),
        "mix": TrueFalseExercise(
            gettext("You may pay for a gray route of 2 with 1 red card and 1 blue card."), False,
            explanation=gettext("A gray route takes any colour, but all its cards must be the same colour "
                                "(locomotives can replace any of them)."),
            hint=gettext("Any colour, yes. But how many colours at once?")),
        "colours": SetExercise(
            gettext("You hold 2 yellow, 3 black, 1 orange and 1 locomotive. Which colours can pay for a gray "
                    "route of 3? (Type the colours, e.g. red, blue.)"),
            colours_that_pay(Cost(3), hand), normalise=read_colour, label=colour_name, item="colour",
            example="yellow black",
            hint=[gettext("Go colour by colour: do its cards plus your one locomotive make 3?"),
                  gettext("Can the locomotive pay for a route of 3 on its own?")],
            solution=gettext("- Yellow: 2 yellow + 1 locomotive = 3, yes.\n"
                             "- Black: 3 black (or 2 + 1 locomotive), yes.\n"
                             "- Orange: 1 orange + 1 locomotive = 2, too few.\n\n"
                             "One locomotive alone cannot pay 3. So: **yellow and black**.")),
    })
