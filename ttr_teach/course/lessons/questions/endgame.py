"""Exercises of ``09_end_and_scoring``: the final round, the final count, the tie-breakers."""
from __future__ import annotations

from ....engine.i18n import N_, gettext
from ....engine.rules import EUROPE, FEWEST_STATIONS, USA
from ....engine.scoring import score_position
from ....engine.text import listing
from ...exercises import ChoiceExercise, NumberExercise, TrueFalseExercise
from ..common import table_html
from ..endgame import final_round, finished_position, play_to_the_end, score_rows, tie_position, tie_sentence
from . import lesson_set

NOBODY = N_("nobody alone: it stays a tie")


def exercises():
    from IPython.display import HTML

    four = final_round(play_to_the_end(players=["Ann", "Bo", "Cy", "Dee"], seed=1))
    final = score_position(finished_position())
    still = score_position(tie_position("Europe: still tied"))
    return lesson_set("notebooks/09_end_and_scoring", {
        "turns": NumberExercise(
            gettext("In a 4-player game, Dee ends her turn with 1 train left. How many more turns are played "
                    "before the game ends (all players together)?"),
            len(four.last_turns), unit="turns", example="4",
            hint=[gettext("Who gets one more turn?"), gettext("Does Dee herself?")],
            nudges={3: gettext("The player who starts the final round plays one more turn too.")},
            solution=gettext("**4**: Ann, Bo, Cy and then Dee herself each play one more turn. (The engine's "
                             "game with seed 1 shows exactly this: {turns}.)").format(
                turns=listing(t.player for t in four.last_turns))),
        "cy": NumberExercise(
            gettext("In the finished game above, Cy built two stations. How many points would his stations "
                    "score if he had built only one of them?"),
            final["players"][2]["station_points"] + EUROPE.unused_station_points, unit="points", example="8",
            hint=[gettext("Which stations score at the end, built or kept?"), gettext("How many would he keep?")],
            nudges={final["players"][2]["station_points"]: gettext("That is what his stations score now, with two "
                                                                   "built. With one built, how many would he keep?"),
                    EUROPE.stations_per_player * EUROPE.unused_station_points: gettext("He would still have built "
                                                                                       "one station.")},
            solution=gettext("**8**: only a station that is not built scores (4 points each). With one built, Cy "
                             "would keep 2 of 3: 2 × 4.")),
        "still": ChoiceExercise(
            gettext("Who wins this Europe game?"), ["Ann", "Bo", "Cy", NOBODY],
            NOBODY if still["winner"] is None else still["winner"],
            figure=lambda: HTML(table_html(score_rows(still))),
            hint=[gettext("Ann and Bo have the same total."), gettext("Go through the three tie-breakers in order.")],
            explanations={"Cy": gettext("Cy holds the European Express, but the tie-breakers only decide "
                                        "between the players tied for the most points.")},
            solution=gettext("{tie} Both completed 2 tickets, built no station, and neither holds the European "
                             "Express (Cy does, with his 11-train route, but he is far behind).").format(
                tie=tie_sentence(still))),
        "usa": TrueFalseExercise(
            gettext("In the USA game, a tie on points and tickets goes to the player who built fewer stations."),
            FEWEST_STATIONS in USA.tie_breakers,
            explanation=gettext("There are no stations in the USA game: after the tickets, the Longest Continuous "
                                "Path bonus decides."),
            hint=gettext("Does the USA game have stations at all?")),
    })
