"""Exercises of ``graphs/01_map_as_graph``: degrees, hubs, bridges, chokepoints."""
from __future__ import annotations

from ....algorithms.graphs import articulation_cities, degree_table, map_graph
from ....engine.i18n import gettext
from ....engine.maps import load_map
from ...exercises import ChoiceExercise, NumberExercise, SetExercise
from ..graphs.map_as_graph import graph_summary, is_bridge_exercise
from . import lesson_set


def exercises():
    europe = load_map("europe")
    cities = {c.name: c.id for c in europe.cities.values()}
    return lesson_set("notebooks/graphs/01_map_as_graph", {
        "usa_doubles": NumberExercise(
            gettext("How many double routes does the USA map have?"),
            graph_summary("usa")["double routes"], unit="double routes", example="22",
            hint=[gettext("Every pair with a double route has 2 routes, every other pair 1."),
                  gettext("So each double route adds one route to the 78 pairs.")],
            solution=gettext("100 routes on 78 pairs: the 100 − 78 = **22** pairs with an extra route "
                             "are the doubles.")),
        "kansas": NumberExercise(
            gettext("How many neighbouring cities does Kansas City have?"),
            map_graph("usa").degree("Kansas City"), unit="cities", example="4",
            hint=[gettext("Count the cities at the other end of its routes."),
                  gettext("A double route leads to one city.")],
            nudges={8: gettext("That counts routes. How many different cities do they lead to?")},
            solution=gettext("Kansas City has four double routes: to Omaha, Saint Louis, Oklahoma City and "
                             "Denver, so 8 routes but only **4** neighbours.")),
        "lonely": ChoiceExercise(
            gettext("Which city of Europe has exactly one neighbouring city?"),
            ["Lisboa", "Edinburgh", "Stockholm", "Palermo"],
            europe.cities[next(row["city"] for row in degree_table("europe") if row["neighbours"] == 1)].name,
            hint=gettext("Look for a city whose routes all lead to the same place."),
            solution=gettext("**Edinburgh**: its two routes both go to London.")),
        "bridge": is_bridge_exercise(),
        "cut_cities": SetExercise(
            gettext("Which cities of Europe are articulation cities? (Type their names, e.g. Paris, Wien.)"),
            [europe.cities[c].name for c in articulation_cities("europe")], options=sorted(cities),
            normalise=lambda name: europe.cities[europe.city_id(name)].name, item="city",
            example="Madrid and London",
            hint=[gettext("Look at the corners of the map."),
                  gettext("Which city is the only way into Britain? Into Portugal and southern Spain?")],
            solution=gettext("**London** (the only way to Edinburgh) and **Madrid** (the only way to Lisboa "
                             "and Cádiz).")),
    })
