"""Lesson 3, shortest paths (``notebooks/graphs/03_shortest_paths.ipynb``): Dijkstra's algorithm
step by step, fewest routes against fewest trains, what a ticket is worth against its
shortest distance, and the ``fewest_trains`` exercise."""
from __future__ import annotations

import networkx as nx

from ....algorithms.graphs import map_graph, shortest_path, ticket_table
from ....algorithms.stepwise import dijkstra_steps
from ....engine.maps import MAP_NAMES, load_map
from ...exercises import FunctionExercise, source_of
from .shared import DONE_COLOR, NOW_COLOR, PATH_COLOR, TREE_COLOR, WAITING_COLOR, _name, _tree_pairs


def dijkstra_frames(map, source, target=None) -> list:
    """Frames of Dijkstra's algorithm from ``source`` (until ``target`` is settled, if given).

    Settled cities carry their distance in trains on a green badge; cities on the frontier
    carry their best distance so far on an orange one; the routes of the shortest-path
    tree of the settled cities glow blue; the city just settled is ringed. With a
    ``target``, a last frame shows the shortest path.

    Frame ``k`` shows the search after step ``k`` (frame 0: before it starts).

    >>> [f["message"] for f in dijkstra_frames("europe", "Palermo", "Roma")][1:3]
    ['settle Palermo at 0; improve Brindisi to 3, Roma to 4, Smyrna to 6', 'settle Brindisi at 3; improve Athina to 7']
    """
    m = load_map(map)
    start = m.city_id(source)
    steps = list(dijkstra_steps(m, source, target))
    frames = [{"title": f"step 0 of {len(steps)}.", "board": m.name,
               "message": f"start: {_name(m, start)} is 0 trains from itself; every other city is "
                          "at infinity (not reached yet)",
               "highlight": [{"city_badges": {start: 0}, "color": WAITING_COLOR, "label": "frontier: best so far"}]}]
    for s in steps:
        frames.append({"title": f"step {s['step']} of {len(steps)}.", "board": m.name,
                       "message": s["message"], "highlight": [
                           {"routes": _tree_pairs(s["parent"], keep=s["settled"]), "color": TREE_COLOR,
                            "label": "shortest-path tree of the settled cities"},
                           {"city_badges": s["settled"], "color": DONE_COLOR,
                            "label": "settled: fewest trains, final"},
                           {"city_badges": s["frontier"], "color": WAITING_COLOR,
                            "label": "frontier: best so far"},
                           {"cities": [s["city"]], "color": NOW_COLOR,
                            "label": f"just settled: {_name(m, s['city'])}"}]})
    if target is not None and steps:
        p = shortest_path(m, source, target)
        settled = steps[-1]["settled"]
        frames.append({"title": "the answer.", "board": m.name,
                       "message": f"fewest trains from {_name(m, p.cities[0])} to {_name(m, p.cities[-1])}: "
                                  f"{p.trains} ({' – '.join(_name(m, c) for c in p.cities)})",
                       "highlight": [{"routes": [[u, v] for u, v in zip(p.cities, p.cities[1:], strict=False)],
                                      "color": PATH_COLOR, "label": f"shortest path: {p.trains} trains"},
                                     {"city_badges": {c: settled[c] for c in p.cities}, "color": DONE_COLOR,
                                      "label": "trains from the start"}]})
    return frames


def fewest_routes_vs_fewest_trains(map, a, b) -> dict:
    """The path with the fewest routes (BFS) against the one with the fewest trains
    (Dijkstra): ``{"fewest_routes": {"cities", "routes", "trains"}, "fewest_trains": {...}}``
    and a highlight showing both.

    >>> d = fewest_routes_vs_fewest_trains("europe", "Budapest", "Stockholm")
    >>> d["fewest_routes"]["routes"], d["fewest_routes"]["trains"]
    (4, 20)
    >>> d["fewest_trains"]["routes"], d["fewest_trains"]["trains"]
    (5, 12)
    """
    m = load_map(map)
    g = map_graph(m)
    a, b = m.city_id(a), m.city_id(b)
    hop_paths = list(nx.all_shortest_paths(g, a, b))
    fewest_hops = min(hop_paths, key=lambda p: (nx.path_weight(g, p, "weight"), p))
    best = shortest_path(m, a, b)

    def info(path):
        return {"cities": path, "routes": len(path) - 1, "trains": nx.path_weight(g, path, "weight")}

    out = {"fewest_routes": info(fewest_hops), "fewest_trains": info(list(best.cities))}
    out["highlight"] = [
        {"routes": [[u, v] for u, v in zip(fewest_hops, fewest_hops[1:], strict=False)], "color": WAITING_COLOR,
         "label": f"fewest routes: {out['fewest_routes']['routes']} routes, {out['fewest_routes']['trains']} trains"},
        {"routes": [[u, v] for u, v in zip(best.cities, best.cities[1:], strict=False)], "color": PATH_COLOR,
         "label": f"fewest trains: {out['fewest_trains']['routes']} routes, {out['fewest_trains']['trains']} trains"}]
    return out


def points_vs_trains(maps=MAP_NAMES) -> list:
    """Every ticket of ``maps`` with its points and its shortest distance in trains
    (:func:`ttr_teach.algorithms.graphs.ticket_table`), plus ``"map"``, ``"extra"`` = points - trains,
    and what its shortest paths hold: ``"shortest paths"`` (how many), ``"ferries"`` (fewest
    ferry routes on one) and ``"longest step"`` (the longest route on the first).

    >>> rows = points_vs_trains(["europe"])
    >>> sum(r["extra"] == 0 for r in rows), len(rows)
    (44, 46)
    """
    out = []
    for name in maps:
        m = load_map(name)
        g = map_graph(m)
        for row in ticket_table(m):
            paths = list(nx.all_shortest_paths(g, row["a"], row["b"], weight="weight"))

            def ferries(path, g=g):
                return sum(any(r.locomotives for r in g.edges[u, v]["routes"])
                           for u, v in zip(path, path[1:], strict=False))

            out.append({"map": m.name, "ticket": row["ticket"], "points": row["points"], "trains": row["trains"],
                        "extra": row["points"] - row["trains"], "long": row["long"],
                        "shortest paths": len(paths), "ferries": min(ferries(p) for p in paths),
                        "longest step": max(g.edges[u, v]["weight"]
                                            for u, v in zip(row["path"], row["path"][1:], strict=False)),
                        "path": row["path"]})
    return out


def ticket_outliers(maps=MAP_NAMES) -> list:
    """The tickets whose points differ from their shortest distance, most extra first.

    >>> [(r["ticket"], r["extra"]) for r in ticket_outliers(["europe"])]
    [('Athina–Edinburgh', 1), ('London–Wien', 1)]
    """
    rows = [r for r in points_vs_trains(maps) if r["extra"] != 0]
    return sorted(rows, key=lambda r: (-r["extra"], r["map"], r["ticket"]))


def plot_points_vs_trains(maps=MAP_NAMES):
    """Ticket points against shortest distance in trains: one marker per map (its area grows
    with the number of tickets at that spot; the maps are nudged apart), the line
    points = trains, and the outliers named. Returns the matplotlib Figure."""
    import matplotlib.pyplot as plt

    rows = points_vs_trains(maps)
    fig, ax = plt.subplots(figsize=(7.5, 5.5))
    nudge = {name: 0.18 * (k - (len(maps) - 1) / 2) for k, name in enumerate(maps)}
    for name, marker, colour in zip(maps, "os^", ("#1f3fbf", "#ff8c00", "#00a383"), strict=False):  # up to 3 maps
        spots: dict[tuple[int, int], int] = {}
        for r in rows:
            if r["map"] == load_map(name).name:
                spots[r["trains"], r["points"]] = spots.get((r["trains"], r["points"]), 0) + 1
        ax.scatter([t + nudge[name] for t, _ in spots], [p for _, p in spots], s=[22 * n for n in spots.values()],
                   marker=marker, color=colour, alpha=0.75,
                   label=f"{load_map(name).title} ({sum(spots.values())} tickets)")
    top = max(max(r["points"], r["trains"]) for r in rows) + 1
    ax.plot([0, top], [0, top], color="gray", linestyle="--", linewidth=1, label="points = trains")
    named: dict[tuple[int, int], list[str]] = {}
    for r in rows:
        if r["extra"]:
            named.setdefault((r["trains"], r["points"]), []).append(r["ticket"])
    for (t, p), tickets in sorted(named.items()):
        ax.annotate(", ".join(sorted(tickets)), (t, p), textcoords="offset points", xytext=(-9, 0),
                    ha="right", va="center", fontsize=8)
    ax.set_xlabel("shortest distance (trains)")
    ax.set_ylabel("ticket points")
    ax.legend(loc="lower right")
    ax.set_title("A ticket is worth (almost) its shortest distance")
    fig.tight_layout()
    plt.close(fig)
    return fig


def reference_fewest_trains(graph, a, b):
    """Fewest trains from ``a`` to ``b`` in ``graph`` (``weight`` = trains), by the package's
    :func:`~ttr_teach.algorithms.stepwise.dijkstra_steps` (the checker's reference).

    >>> reference_fewest_trains(map_graph("europe"), "Lisboa", "Moskva")
    28
    """
    for step in dijkstra_steps(graph, a, target=b):
        if step["city"] == b:
            return step["distance"]
    raise nx.NetworkXNoPath(f"{b} cannot be reached from {a}")


def solution_fewest_trains(graph, a, b):
    """Dijkstra: always settle the closest unsettled city next (a heap of (distance, city))."""
    import heapq

    best = {a: 0}
    heap = [(0, a)]
    settled = set()
    while heap:
        d, city = heapq.heappop(heap)
        if city in settled:
            continue
        if city == b:
            return d
        settled.add(city)
        for n in graph[city]:
            new = d + graph[city][n]["weight"]
            if n not in best or new < best[n]:
                best[n] = new
                heapq.heappush(heap, (new, n))
    return None


def _detour_graph() -> nx.Graph:
    """A small graph where the fewest routes are not the fewest trains."""
    g = nx.Graph()
    g.add_weighted_edges_from([("A", "D", 6), ("A", "B", 1), ("B", "C", 1), ("C", "D", 1), ("B", "D", 5)])
    return g


def fewest_trains_exercise() -> FunctionExercise:
    """Write ``fewest_trains(graph, a, b)`` (Dijkstra); checked on both maps and a small graph.

    >>> fewest_trains_exercise().check(solution_fewest_trains).correct
    True
    """
    eu, us = map_graph("europe"), map_graph("usa")
    cases = [(eu, "Paris", "Wien"), (eu, "Lisboa", "Moskva"), (eu, "Edinburgh", "Athina"),
             (eu, "Palermo", "Roma"), (eu, "Berlin", "Berlin"), (us, "Seattle", "Duluth"),
             (us, "Miami", "Vancouver"), (_detour_graph(), "A", "D")]
    return FunctionExercise(
        "Write fewest_trains(graph, a, b): the fewest trains (the sum of the edges' 'weight') "
        "on a path from a to b. graph[city] lists a city's neighbours and "
        "graph[city][n]['weight'] is the length of the route to n.",
        reference=reference_fewest_trains, cases=cases, copy_args=True,
        hint=["Keep a heap (heapq) of (distance so far, city), starting with (0, a).",
              "Pop the closest city; the first time you pop b, its distance is final.",
              "For each neighbour n of the popped city, push (distance + graph[city][n]['weight'], n)."],
        function_name="fewest_trains", example=solution_fewest_trains,
        solution=source_of(solution_fewest_trains, "fewest_trains"))
