"""Lesson 3, why Dijkstra is right (``notebooks/graphs/03_shortest_paths.ipynb``): its invariant
checked on every frame of a trace the lesson draws, and a small graph with one negative length
where it returns a wrong distance (Bellman-Ford gets it right).

The invariant, after every step: (1) each finished city's badge is its shortest distance;
(2) each frontier city's badge is the fewest trains over the paths whose cities, all but the
last, are finished.

>>> invariant_problems("europe", "Paris", "Wien")
[]
>>> c = negative_counterexample()
>>> c["dijkstra"]["T"], c["bellman-ford"]["T"]
(3, 2)
"""
from __future__ import annotations

from collections.abc import Hashable

import networkx as nx

from ....algorithms.graphs import map_graph
from ....algorithms.stepwise import dijkstra_steps
from ....engine.i18n import N_, gettext, ngettext
from ....engine.maps import load_map
from .shared import Table

#: The headings of :func:`invariant_table` and :func:`negative_counterexample`'s tables.
HEADINGS = (N_("badge"), N_("through finished cities only"), N_("shortest distance"), N_("state"),
            N_("Dijkstra"), N_("Bellman-Ford"), N_("step"), N_("what Dijkstra does"))


def _through_finished(g: nx.Graph, finished: dict, city: Hashable) -> float | None:
    """The fewest trains from the start to ``city`` over paths whose cities, all but the last,
    are ``finished`` (their distances are known): the best finished neighbour plus its route."""
    options = [d + g[u][city]["weight"] for u, d in finished.items() if g.has_edge(u, city)]
    return min(options) if options else None


def invariant_problems(map, source, target=None) -> list:
    """Every step of :func:`~ttr_teach.algorithms.stepwise.dijkstra_steps` on ``map`` where
    the invariant fails, as sentences: an empty list when it holds at every step.

    >>> invariant_problems("usa", "Miami", "Vancouver")
    []
    """
    m = load_map(map)
    g = map_graph(m)
    true = nx.single_source_dijkstra_path_length(g, m.city_id(source))
    problems = []
    for s in dijkstra_steps(m, source, target):
        for city, d in s["settled"].items():
            if d != true[city]:
                problems.append(gettext("step {step}: {city} finished at {distance}, shortest {shortest}").format(
                    step=s["step"], city=city, distance=d, shortest=true[city]))
        for city, d in s["frontier"].items():
            if d != _through_finished(g, s["settled"], city):
                problems.append(gettext("step {step}: {city} waits at {distance}, not its best through finished "
                                        "cities").format(step=s["step"], city=city, distance=d))
    return problems


def invariant_steps(map, source, target=None) -> int:
    """How many steps of the trace the invariant was checked at (all of them).

    >>> invariant_steps("europe", "Paris", "Wien")
    21
    """
    return sum(1 for _ in dijkstra_steps(map, source, target))


def invariant_report(map, source, target=None) -> str:
    """A sentence saying at how many steps the invariant was checked, and whether it held.

    >>> invariant_report("europe", "Paris", "Wien")
    'The invariant holds after each of the 21 steps: every finished city at its shortest distance, every waiting city at its best through finished cities.'
    """  # noqa: E501
    problems = invariant_problems(map, source, target)
    if problems:
        return gettext("The invariant fails: {problem}.").format(problem=problems[0])
    return ngettext("The invariant holds after the one step: every finished city at its shortest distance, every "
                    "waiting city at its best through finished cities.",
                    "The invariant holds after each of the {n} steps: every finished city at its shortest distance, "
                    "every waiting city at its best through finished cities.",
                    invariant_steps(map, source, target)).format(n=invariant_steps(map, source, target))


def first_step_waiting_too_high(map, source, target=None) -> int:
    """The first step after which a frontier city's badge is more than its shortest distance
    (the frontier is *not* final yet), or 0 if there is none.

    >>> first_step_waiting_too_high("europe", "Paris", "Wien")
    4
    """
    m = load_map(map)
    true = nx.single_source_dijkstra_path_length(map_graph(m), m.city_id(source))
    for s in dijkstra_steps(m, source, target):
        if any(d > true[c] for c, d in s["frontier"].items()):
            return s["step"]
    return 0


def invariant_table(map, source, step, target=None) -> Table:
    """The invariant at one frame of the trace: after ``step`` steps, every finished and frontier
    city with its badge, the fewest trains through finished cities only, and its shortest
    distance. Finished: all three agree; frontier: the badge is the second, perhaps more than
    the third.

    >>> rows = invariant_table("europe", "Paris", 2).rows
    >>> [r for r in rows if r["city"] == "Dieppe"][0]["state"]
    'finished'
    """
    m = load_map(map)
    g = map_graph(m)
    true = nx.single_source_dijkstra_path_length(g, m.city_id(source))
    at = next(s for s in dijkstra_steps(m, source, target) if s["step"] == step)
    rows = []
    for state, badges in ((N_("finished"), at["settled"]), (N_("frontier"), at["frontier"])):
        for city, d in sorted(badges.items(), key=lambda item: (item[1], m.cities[item[0]].name)):
            through = d if state == "finished" else _through_finished(g, at["settled"], city)
            rows.append({"city": m.cities[city].name, "state": gettext(state), "badge": d,
                         "through finished cities only": through, "shortest distance": true[city]})
    return Table(rows, columns=["city", "state", "badge", "through finished cities only", "shortest distance"])


# -- a negative length breaks it ---------------------------------------------------------------
def negative_graph() -> nx.DiGraph:
    """Four places and one-way routes, one of them of length -2 (a route that *pays* you):
    S→A 2, S→B 3, B→A -2, A→T 1. The shortest way to A is S→B→A (1 train), not S→A (2)."""
    g = nx.DiGraph()
    g.add_weighted_edges_from([("S", "A", 2), ("S", "B", 3), ("B", "A", -2), ("A", "T", 1)])
    return g


def negative_counterexample() -> dict:
    """Dijkstra's trace on :func:`negative_graph` from S, against Bellman-Ford's distances:
    ``{"graph", "steps", "dijkstra": {city: distance}, "bellman-ford": {...}, "wrong": [cities],
    "trace": Table, "table": Table}``.

    >>> negative_counterexample()["wrong"]
    ['A', 'T']
    """
    g = negative_graph()
    steps = list(dijkstra_steps(g, "S"))
    found = steps[-1]["settled"]
    right = nx.single_source_bellman_ford_path_length(g, "S")
    wrong = [c for c in sorted(g) if found.get(c) != right[c]]
    return {"graph": g, "steps": steps, "dijkstra": found, "bellman-ford": dict(right), "wrong": wrong,
            "trace": Table([{"step": s["step"], "what Dijkstra does": s["message"]} for s in steps]),
            "table": Table([{"city": c, "Dijkstra": found.get(c), "Bellman-Ford": right[c]} for c in sorted(g)])}


def draw_negative_graph(size: float = 3.2):
    """The graph of :func:`negative_counterexample` drawn with its lengths (the negative one in
    red). Returns the matplotlib Figure."""
    import matplotlib.pyplot as plt

    g = negative_graph()
    pos = {"S": (0, 0), "A": (1, 0.6), "B": (1, -0.6), "T": (2, 0.6)}
    fig, ax = plt.subplots(figsize=(size * 1.4, size))
    colours = ["#d62728" if w < 0 else "#444444" for *_, w in g.edges(data="weight")]
    nx.draw_networkx(g, pos, ax=ax, node_color="#ffffff", edgecolors="#222222", node_size=700,
                     edge_color=colours, width=2, arrowsize=18)
    nx.draw_networkx_edge_labels(g, pos, ax=ax, edge_labels={(a, b): w for a, b, w in g.edges(data="weight")})
    ax.set_axis_off()
    ax.set_title(gettext("One-way routes; B→A has length −2"))
    fig.tight_layout()
    plt.close(fig)
    return fig
