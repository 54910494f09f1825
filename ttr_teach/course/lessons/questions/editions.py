"""Exercises of ``10_usa_vs_europe``: what the original game does differently."""
from __future__ import annotations

from ....engine.i18n import N_, gettext
from ....engine.maps import load_map
from ....engine.rules import USA
from ...exercises import ChoiceExercise, NumberExercise, TrueFalseExercise
from ..tickets import deal_setup
from . import lesson_set

WHERE = [N_("back into the box"), N_("to the bottom of the ticket deck"), N_("to a ticket discard pile")]


def exercises():
    usa = load_map("usa")
    return lesson_set("notebooks/10_usa_vs_europe", {
        "five": NumberExercise(
            gettext("In the USA game you claim a route of 5 spaces and a route of 6 spaces. How many points do "
                    "the two routes score together?"),
            USA.route_points(5) + USA.route_points(6), unit="points", example="25",
            hint=gettext("Look up each length in the scoring table (the USA has 5-space routes; Europe does not)."),
            nudges={11: gettext("Points are not one per space: look at the scoring table.")},
            solution=gettext("10 + 15 = **25** points for 11 trains. Europe has no 5-space route, so its table "
                             "skips from 4 (7 points) to 6 (15).")),
        "ways": NumberExercise(
            gettext("At the start of a USA game you are dealt 3 tickets. In how many different ways can you "
                    "choose which ones to keep?"),
            len(deal_setup("usa", ["Ann", "Bo"], seed=4).game.legal_actions()), unit="ways", example="4",
            hint=[gettext("You keep at least 2 of the 3."), gettext("Count the pairs, then add keeping all three.")],
            solution=gettext("3 pairs + 1 way to keep all three = **4**. The engine lists exactly these 4 choices "
                             "(`game.legal_actions()` at set-up).")),
        "station": TrueFalseExercise(
            gettext("In the USA game, a player who cannot get through may build a station to borrow a route."), False,
            explanation=gettext("There are no stations in the USA game: the engine refuses with “there are no "
                                "stations in the usa game”. Stations (and tunnels and ferries) came with Europe."),
            hint=gettext("Look at the rules side by side: stations per player.")),
        "back": ChoiceExercise(
            gettext("In the USA game, where does a ticket you do not keep at set-up go?"),
            WHERE, WHERE[1],
            explanations={WHERE[0]: gettext("That is Europe's set-up rule."),
                          WHERE[2]: gettext("There is no ticket discard pile in either game.")},
            hint=gettext("Only Europe removes set-up tickets from the game."),
            solution=gettext("**To the bottom of the ticket deck**: it can be drawn again later. In Europe it goes "
                             "back into the box.")),
        "doubles": NumberExercise(
            gettext("How many routes of the USA map are not part of a double route?"),
            len(usa.routes) - 2 * len(usa.double_pairs), unit="routes", example="56",
            hint=[gettext("The map has 100 routes, and you met its double routes above."),
                  gettext("A double route is two routes.")],
            nudges={len(usa.routes) - len(usa.double_pairs): gettext("A double route is two routes side by side: "
                                                                     "both of them are part of it."),
                    2 * len(usa.double_pairs): gettext("That counts the routes that are part of a double route.")},
            solution=gettext("{routes} routes − 2 × {pairs} routes in double routes = **{single}** single "
                             "routes.").format(routes=len(usa.routes), pairs=len(usa.double_pairs),
                                               single=len(usa.routes) - 2 * len(usa.double_pairs))),
    })
