"""The lessons' charts speak the learner's language: drawn in Persian, which writes no Latin
letters and its own digits, a chart's titles, axes, legend, tick labels and the numbers
written on its bars hold no English word and no Latin digit (the editions' and cities' names
aside, printed as on the board; the axes' scales are numbered by matplotlib). A chart is a
picture: the check reads every text matplotlib draws in it."""
from __future__ import annotations

import re

import matplotlib
import pytest

from ttr_teach.engine.i18n import set_language
from ttr_teach.engine.maps import EDITION_NAMES, load_map

matplotlib.use("Agg")

#: Names printed as they are in every language: the game's, the editions' and the cities'.
NAMES = {"Ticket", "to", "Ride", *EDITION_NAMES.values(),
         *(word for m in ("europe", "usa") for city in load_map(m).cities
           for word in re.findall(r"[A-Za-z]+", str(city)))}
_LATIN = re.compile(r"[A-Za-z]+")


def _charts():
    from ttr_teach.algorithms.probability import tunnel_extra_distribution
    from ttr_teach.course.lessons import cards, claiming, editions, tickets, tunnels
    from ttr_teach.course.lessons.graphs import longest, map_as_graph, shortest_paths

    law = tunnel_extra_distribution(tunnels.tunnel_deck("red"), "red")
    return {
        "the deck": lambda: cards.plot_deck(),
        "points per train": lambda: claiming.plot_points_per_train(),
        "route lengths": lambda: editions.plot_route_lengths(),
        "ticket values": lambda: tickets.plot_ticket_values(),
        "a tunnel's extra cards": lambda: tunnels.plot_distribution(law, simulated=law),
        "two ways to pay a tunnel": lambda: tunnels.plot_compare_payments(tunnels.tunnel_deck("red"), "red"),
        "degrees": lambda: map_as_graph.plot_degree_histograms(),
        "points against trains": lambda: shortest_paths.plot_points_vs_trains(),
        "the bridges of Königsberg": lambda: longest.plot_network(longest.konigsberg()),
    }


def _texts(drawn) -> list:
    """Every text of the figures open, and of ``drawn`` (what the chart returned: a figure or
    its axes; some charts close their figure before returning it)."""
    import matplotlib.pyplot as plt

    figures = [plt.figure(n) for n in plt.get_fignums()]
    figure = getattr(drawn, "figure", drawn)
    if figure is not None and figure not in figures and hasattr(figure, "findobj"):
        figures.append(figure)
    found = []
    for fig in figures:
        fig.canvas.draw()       # the axes' own tick labels exist once drawn
        ticks = {id(label) for ax in fig.axes for axis in (ax.xaxis, ax.yaxis)
                 for tick in axis.get_major_ticks() + axis.get_minor_ticks()
                 for label in (tick.label1, tick.label2)}
        for artist in fig.findobj(lambda o: hasattr(o, "get_text")):
            text = artist.get_text()
            if text and text.strip():
                found.append((text, id(artist) in ticks))
    plt.close("all")
    return found


def english_in(texts) -> list:
    """Of ``texts`` (``(text, is an axis's tick label)``), those with a Latin word that is not
    a name, or a Latin digit outside the axes' scales (which matplotlib numbers itself, as
    charts in Persian often are).

    >>> english_in([("۱۲", False), ("Europe", False), ("Paris", False), ("cards", False), ("12", False),
    ...             ("0.5", True), ("red", True)])
    ['cards', '12', 'red']
    """
    return [t for t, tick in texts
            if any(w not in NAMES for w in _LATIN.findall(t)) or (not tick and re.search(r"[0-9]", t))]


@pytest.mark.parametrize("chart", list(_charts()))
def test_a_chart_drawn_in_persian_has_no_english_word_or_latin_digit(chart):
    set_language("fa")
    try:
        texts = _texts(_charts()[chart]())
    finally:
        set_language(None)
    assert texts, "the chart draws some text"
    assert english_in(texts) == [], chart
