"""Exercises of ``07_stations``: what stations cost and which route they borrow."""
from __future__ import annotations

from ....engine.i18n import gettext
from ....engine.scoring import score_position
from ...exercises import NumberExercise, TrueFalseExercise
from ..stations import StationExplorerModel, station_cost_rows
from . import lesson_set

#: Ann's station in Paris: Madrid–Zürich or Brest–Marseille?
PARIS = {"map": "europe", "players": [
    {"name": "Ann", "routes": [["Madrid", "Pamplona", "black"], ["Pamplona", "Paris", "blue"],
                               ["Brest", "Paris"], ["Dieppe", "Paris"]],
     "stations": ["Paris"], "tickets": [["Madrid", "Zurich"], ["Brest", "Marseille"], ["Dieppe", "Madrid"]]},
    {"name": "Bo", "routes": [["Paris", "Zurich"], ["Paris", "Marseille"]]}]}


def exercises():
    from IPython.display import SVG

    from ....views.svg import board_svg

    explorer = StationExplorerModel(PARIS, "Ann")
    return lesson_set("notebooks/07_stations", {
        "cards": NumberExercise(
            gettext("You have already built your first station. How many train cards will your second and third "
                    "stations cost you together?"),
            sum(row["cards"] for row in station_cost_rows()[1:]), unit="cards", example="5",
            hint=gettext("Each station costs more than the one before: look at the table of costs."),
            nudges={2: gettext("That is one card per station. Look at the table of costs again."),
                    6: gettext("That counts all three stations, but the first is already built.")},
            solution=gettext("2 + 3 = **5** cards, each station's cards of one colour (locomotives wild). And each "
                             "station built is 4 points not scored at the end.")),
        "two_routes": TrueFalseExercise(
            gettext("If two of your tickets need two different opponents' routes at the same city, one station "
                    "there can borrow both."), False,
            explanation=gettext("A station borrows exactly one route, for all of its owner's tickets. The scorer "
                                "picks the route that is worth the most."),
            hint=gettext("Look at the München example: how many routes did each choice borrow?")),
        "same_city": TrueFalseExercise(
            gettext("Two players may each build a station in the same city."), False,
            explanation=gettext("One station per city: the engine refuses “Wien already has a station; a city can "
                                "hold only one”."),
            hint=gettext("Try it in the station builder: Bo already has a station in Wien.")),
        "paris": NumberExercise(
            gettext("Ann's station is in Paris; Bo owns Paris–Zürich and Paris–Marseille. Ann holds Madrid–Zürich (8), "
                    "Brest–Marseille (7) and Dieppe–Madrid (8). How many points do Ann's tickets score at the end "
                    "(negative if she loses points)?"),
            score_position(PARIS)["players"][0]["ticket_points"], unit="points", example="9",
            figure=lambda: SVG(board_svg(PARIS)),
            hint=[gettext("Dieppe–Madrid needs no station."),
                  gettext("The station can borrow Paris–Zürich or Paris–Marseille, not both: which is worth more?")],
            nudges={23: gettext("The station borrows one route, not both."),
                    7: gettext("Compare the two choices: which one leaves the smaller ticket unfinished?")},
            solution=gettext("{explained} Borrowing Paris–Marseille instead completes Brest–Marseille (7) but "
                             "fails Madrid–Zürich (8): {points}.").format(
                explained=explorer.explain(0), points=explorer.rows()[1]["ticket points"]),
            solution_view=lambda: SVG(explorer.svg(0))),
    })
