"""Exercises of ``06_destination_tickets``: keeping tickets, where they go, completing them."""
from __future__ import annotations

from typing import Any

from ....engine.i18n import N_, gettext
from ....engine.scoring import score_position
from ...exercises import ChoiceExercise, NumberExercise, TrueFalseExercise
from ..tickets import deal_setup
from . import lesson_set

WHERE = [N_("back into the box"), N_("to the bottom of the ticket deck"), N_("to the next player")]
#: Cy's network for the last exercise: London to Danzig, and three tickets (Dee, who owns
#: nothing yet, is there because a game has 2 players or more).
CY: dict[str, Any] = {"map": "europe", "players": [
    {"name": "Cy", "routes": [["Edinburgh", "London", "black"], ["London", "Amsterdam"], ["Amsterdam", "Essen"],
                              ["Essen", "Berlin"], ["Berlin", "Danzig"]],
     "tickets": [["Edinburgh", "Paris"], ["Berlin", "London"], ["Bruxelles", "Danzig"]]},
    {"name": "Dee"}]}


def board(position, highlight=None):
    from IPython.display import SVG

    from ....views.svg import board_svg

    return SVG(board_svg(position, highlight=highlight))


def exercises():
    cy = score_position(CY)["players"][0]
    tickets = [{"ticket": t} for t in CY["players"][0]["tickets"]]
    return lesson_set("notebooks/06_destination_tickets", {
        "ways": NumberExercise(
            gettext("In a Europe game you are dealt 4 tickets. In how many different ways can you choose the ones "
                    "to keep?"),
            len(deal_setup("europe", ["Ann", "Bo"], seed=0).game.legal_actions()), unit="ways", example="11",
            hint=[gettext("You keep 2, 3 or 4 of them."),
                  gettext("How many pairs can you make from 4 tickets? How many triples?")],
            solution=gettext("6 pairs + 4 triples + 1 (all four) = **11**.")),
        "box": ChoiceExercise(
            gettext("At the start of a Europe game, where do the tickets you do not keep go?"),
            WHERE, WHERE[0],
            explanations={WHERE[1]: gettext("That is where tickets go that you return during the game "
                                            "(and at set-up in the USA).")},
            hint=gettext("Look at the ticket box in the set-up above."),
            solution=gettext("**Back into the box**: they are out of the game. Tickets returned during the game go "
                             "to the bottom of the ticket deck.")),
        "other": TrueFalseExercise(
            gettext("Bo's ticket Brindisi–Zürich is completed, because the two cities are joined by trains on the "
                    "board."),
            False,
            explanation=gettext("Only your own routes count: the line passes through Ann's Roma–Venezia. (A station "
                                "could borrow that route: lesson 07.)"),
            hint=gettext("Follow Bo's line from Brindisi to Zürich: whose trains are on each route?")),
        "points": NumberExercise(
            gettext("Cy holds Edinburgh–Paris (7), Berlin–London (7) and Bruxelles–Danzig (9). How many points do "
                    "Cy's tickets score in total (negative if Cy loses points)?"),
            cy["ticket_points"], unit="points", example="−9", figure=lambda: board(CY),
            hint=[gettext("Follow Cy's trains from each ticket's first city. Does the line reach the second one?"),
                  gettext("A completed ticket adds its points; an unfinished one subtracts them.")],
            nudges={7: gettext("Only one ticket is completed, but the others are not worth zero."),
                    23: gettext("Are all three tickets really completed?")},
            solution=gettext("- Berlin–London is completed (London–Amsterdam–Essen–Berlin): +7.\n"
                             "- Edinburgh–Paris and Bruxelles–Danzig are not (Cy has no route into Paris or "
                             "Bruxelles): −7 −9.\n\nTotal **−9**."),
            solution_view=lambda: board(CY, tickets)),
    })
