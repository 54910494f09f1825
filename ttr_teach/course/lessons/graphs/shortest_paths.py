"""Lesson 3, shortest paths (``notebooks/graphs/03_shortest_paths.ipynb``): Dijkstra's algorithm
step by step, fewest routes against fewest trains, what a ticket is worth against its
shortest distance, and the ``fewest_trains`` exercise, whose checker follows the order the learner's
function finishes the cities and refuses library shortcuts."""
from __future__ import annotations

import networkx as nx

from ....algorithms.graphs import map_graph, shortest_path, ticket_table
from ....algorithms.stepwise import dijkstra_steps
from ....engine.i18n import gettext, ngettext
from ....engine.maps import MAP_NAMES, load_map
from ....engine.text import listing
from ...exercises import FunctionExercise, Verdict, source_of
from ...exercises.functions import NOT_WRITTEN, describe, describe_case
from ...exercises.shortcuts import ShortcutUsed, refusing
from .shared import DONE_COLOR, NOW_COLOR, PATH_COLOR, TREE_COLOR, WAITING_COLOR, _name, _step_title, _tree_pairs


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
    frames: list[dict] = [{"title": _step_title(0, len(steps)), "board": m.name,
               "message": gettext("start: {city} is 0 trains from itself; every other city is at infinity "
                                  "(not reached yet)").format(city=_name(m, start)),
               "highlight": [{"city_badges": {start: 0}, "color": WAITING_COLOR,
                              "label": gettext("frontier: best so far")}]}]
    for s in steps:
        frames.append({"title": _step_title(s["step"], len(steps)), "board": m.name,
                       "message": s["message"], "highlight": [
                           {"routes": _tree_pairs(s["parent"], keep=s["settled"]), "color": TREE_COLOR,
                            "label": gettext("shortest-path tree of the settled cities")},
                           {"city_badges": s["settled"], "color": DONE_COLOR,
                            "label": gettext("settled: fewest trains, final")},
                           {"city_badges": s["frontier"], "color": WAITING_COLOR,
                            "label": gettext("frontier: best so far")},
                           {"cities": [s["city"]], "color": NOW_COLOR,
                            "label": gettext("just settled: {city}").format(city=_name(m, s["city"]))}]})
    if target is not None and steps:
        p = shortest_path(m, source, target)
        settled = steps[-1]["settled"]
        frames.append({"title": gettext("the answer."), "board": m.name, "trains": p.trains,
                       "message": gettext("fewest trains from {a} to {b}: {n} ({path})").format(
                           a=_name(m, p.cities[0]), b=_name(m, p.cities[-1]), n=p.trains,
                           path=" – ".join(_name(m, c) for c in p.cities)),
                       "highlight": [{"routes": [[u, v] for u, v in zip(p.cities, p.cities[1:], strict=False)],
                                      "color": PATH_COLOR,
                                      "label": ngettext("shortest path: {n} train", "shortest path: {n} trains",
                                                        p.trains).format(n=p.trains)},
                                     {"city_badges": {c: settled[c] for c in p.cities}, "color": DONE_COLOR,
                                      "label": gettext("trains from the start")}]})
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
         "label": gettext("fewest routes: {routes} routes, {trains} trains").format(**out["fewest_routes"])},
        {"routes": [[u, v] for u, v in zip(best.cities, best.cities[1:], strict=False)], "color": PATH_COLOR,
         "label": gettext("fewest trains: {routes} routes, {trains} trains").format(**out["fewest_trains"])}]
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
                   label=gettext("{map} ({n} tickets)").format(map=load_map(name).title, n=sum(spots.values())))
    top = max(max(r["points"], r["trains"]) for r in rows) + 1
    ax.plot([0, top], [0, top], color="gray", linestyle="--", linewidth=1, label=gettext("points = trains"))
    named: dict[tuple[int, int], list[str]] = {}
    for r in rows:
        if r["extra"]:
            named.setdefault((r["trains"], r["points"]), []).append(r["ticket"])
    for (t, p), tickets in sorted(named.items()):
        ax.annotate(listing(sorted(tickets)), (t, p), textcoords="offset points", xytext=(-9, 0),
                    ha="right", va="center", fontsize=8)
    ax.set_xlabel(gettext("shortest distance (trains)"))
    ax.set_ylabel(gettext("ticket points"))
    ax.legend(loc="lower right")
    ax.set_title(gettext("A ticket is worth (almost) its shortest distance"))
    fig.tight_layout()
    plt.close(fig)
    return fig


#: What would compute the distances for the learner: refused while their function is checked.
SHORTCUTS = tuple(("networkx", name) for name in (
    "shortest_path", "shortest_path_length", "all_shortest_paths", "dijkstra_path", "dijkstra_path_length",
    "single_source_dijkstra", "single_source_dijkstra_path", "single_source_dijkstra_path_length",
    "multi_source_dijkstra", "multi_source_dijkstra_path", "multi_source_dijkstra_path_length",
    "bidirectional_dijkstra", "all_pairs_dijkstra", "all_pairs_dijkstra_path", "all_pairs_dijkstra_path_length",
    "bellman_ford_path", "bellman_ford_path_length", "single_source_bellman_ford",
    "single_source_bellman_ford_path_length", "all_pairs_bellman_ford_path_length", "goldberg_radzik",
    "johnson", "astar_path", "astar_path_length", "floyd_warshall", "floyd_warshall_numpy",
    "path_weight")) + (
    ("ttr_teach.algorithms.stepwise", "dijkstra_steps"), ("ttr_teach.algorithms.graphs", "shortest_path"),
    ("ttr_teach.algorithms.graphs", "ticket_table"), (__name__, "reference_fewest_trains"),
    (__name__, "solution_fewest_trains"), (__name__, "dijkstra_frames"))


def reference_fewest_trains(graph, a, b, finish=None):
    """Fewest trains from ``a`` to ``b`` in ``graph`` (``weight`` = trains), by the package's
    :func:`~ttr_teach.algorithms.stepwise.dijkstra_steps` (the checker's key), calling
    ``finish(city, trains)`` for each city it settles, when given.

    >>> reference_fewest_trains(map_graph("europe"), "Lisboa", "Moskva")
    28
    """
    for step in dijkstra_steps(graph, a, target=b):
        if finish is not None:
            finish(step["city"], step["distance"])
        if step["city"] == b:
            return step["distance"]
    raise nx.NetworkXNoPath(gettext("{b} cannot be reached from {a}").format(a=a, b=b))


def _distances(graph, a) -> dict:
    """Every city's shortest distance from ``a`` (the package's Dijkstra, run to the end)."""
    steps = list(dijkstra_steps(graph, a))
    return steps[-1]["settled"] if steps else {a: 0}


def dijkstra_trace_problem(distances: dict, start, target, finished: list, returned) -> str | None:
    """What is wrong with a learner's Dijkstra run from ``start`` to ``target``, whose calls of
    ``finish(city, trains)`` were ``finished`` (in order) and which returned ``returned``; None
    when it is right. ``distances`` are the true shortest distances from ``start``. Each finished
    city must be at its shortest distance and come after every city strictly closer to the start
    (equal distances in any order); the target must be finished, and its distance returned.

    >>> true = {"A": 0, "B": 1, "C": 2, "D": 3}
    >>> dijkstra_trace_problem(true, "A", "D", [("A", 0), ("B", 1), ("C", 2), ("D", 3)], 3) is None
    True
    >>> dijkstra_trace_problem(true, "A", "D", [("A", 0), ("C", 2), ("B", 1)], 3)
    'city number 2 you finished, C, comes too early: B is closer to the start and not finished yet'
    >>> dijkstra_trace_problem(true, "A", "D", [("A", 0), ("B", 1), ("C", 3)], 3)
    'city number 3 you finished, C, is finished at 3 trains, but a shorter path to it exists'
    """
    if not finished:
        return gettext("your function never called finish(city, trains): call it each time you take a city from "
                       "the heap for good, so that the checker can follow your algorithm")
    done: set = set()
    for k, item in enumerate(finished, 1):
        city, d = item
        if city not in distances:
            return gettext("city number {k} you finished, {city}, cannot be reached from the start").format(
                k=k, city=city)
        if city in done:
            return gettext("city number {k} you finished, {city}, was finished before: a city leaves the heap for "
                           "good once (skip it when it comes out again)").format(k=k, city=city)
        true = distances[city]
        if d != true:
            if d > true:
                return gettext("city number {k} you finished, {city}, is finished at {n} trains, but a shorter "
                               "path to it exists").format(k=k, city=city, n=d)
            return gettext("city number {k} you finished, {city}, is finished at {n} trains, but no path to it is "
                           "that short").format(k=k, city=city, n=d)
        closer = sorted((c for c, t in distances.items() if t < true and c not in done), key=str)
        if closer:
            return gettext("city number {k} you finished, {city}, comes too early: {other} is closer to the start "
                           "and not finished yet").format(k=k, city=city, other=closer[0])
        done.add(city)
    if target not in done:
        return gettext("it never finished {city}, the city it was asked about").format(city=target)
    if returned != distances[target]:
        return gettext("it finished {city} at {n} trains but returned {value}").format(
            city=target, n=distances[target], value=describe(returned))
    return None


class DijkstraExercise(FunctionExercise):
    """The learner writes ``fewest_trains(graph, a, b, finish)``, calling ``finish(city, trains)``
    each time a city leaves the heap for good, and returning the fewest trains from a to b.

    The checker follows those calls (:func:`dijkstra_trace_problem`): a city finished at a
    wrong distance, before a closer one, or twice each get a sentence naming it. While the
    learner's function runs, the library's shortest-path functions and the package's own
    answer raise (:data:`SHORTCUTS`), so only a function that does the steps itself can pass.
    """

    def compare(self, fn):
        for args in self.cases:
            distances = _distances(args[0], args[1])
            finished: list = []

            def finish(city, trains, finished=finished):
                finished.append((city, trains))

            try:
                with refusing(fn, SHORTCUTS):
                    got = fn(*self._args(args), finish)
            except ShortcutUsed as e:
                return Verdict(False, gettext("Not yet: your function calls {name}, which finds the distance for "
                                              "it; write Dijkstra's steps yourself.").format(name=e.name))
            except NotImplementedError:
                return Verdict(False, NOT_WRITTEN)
            except Exception as e:  # the learner's code may fail in any way; report it
                return Verdict(False, gettext("Not yet: for the case {case} your function raised {error}.").format(
                    case=describe_case(args), error=f"{type(e).__name__}: {e}"))
            problem = dijkstra_trace_problem(distances, args[1], args[2], finished, got)
            if problem:
                return Verdict(False, gettext("Not yet: for the case {case}, {problem}.").format(
                    case=describe_case(args), problem=problem))
        return Verdict(True, gettext("Right: your function finishes the cities in Dijkstra's order and returns the "
                                     "fewest trains on all {n} cases.").format(n=len(self.cases)))


def solution_fewest_trains(graph, a, b, finish):
    """Dijkstra: always finish the closest unfinished city next (a heap of (distance, city))."""
    import heapq

    best = {a: 0}
    heap = [(0, a)]
    finished = set()
    while heap:
        d, city = heapq.heappop(heap)
        if city in finished:
            continue
        finish(city, d)
        if city == b:
            return d
        finished.add(city)
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


def _ties_graph() -> nx.Graph:
    """A small graph with equal distances, finished in any order among them."""
    g = nx.Graph()
    g.add_weighted_edges_from([("A", "B", 2), ("A", "C", 2), ("A", "D", 2), ("B", "E", 1), ("C", "E", 1),
                               ("D", "E", 3)])
    return g


def fewest_trains_exercise() -> DijkstraExercise:
    """Write ``fewest_trains(graph, a, b, finish)`` (Dijkstra); checked on both maps and small
    graphs, following the order it finishes the cities.

    >>> fewest_trains_exercise().judge(solution_fewest_trains).correct   # a check() refuses it: not yours
    True
    >>> def shortcut(graph, a, b, finish):
    ...     return nx.shortest_path_length(graph, a, b, weight="weight")
    >>> fewest_trains_exercise().judge(shortcut).message
    "Not yet: your function calls shortest_path_length, which finds the distance for it; write Dijkstra's steps yourself."
    """  # noqa: E501
    eu, us = map_graph("europe"), map_graph("usa")
    cases = [(_detour_graph(), "A", "D"), (_ties_graph(), "A", "E"), (eu, "Paris", "Wien"),
             (eu, "Lisboa", "Moskva"), (eu, "Edinburgh", "Athina"), (eu, "Palermo", "Roma"), (eu, "Berlin", "Berlin"),
             (us, "Seattle", "Duluth"), (us, "Miami", "Vancouver")]
    return DijkstraExercise(
        gettext("Write fewest_trains(graph, a, b, finish): the fewest trains (the sum of the edges' 'weight') "
                "on a path from a to b. graph[city] lists a city's neighbours and graph[city][n]['weight'] is "
                "the length of the route to n. Each time a city leaves the heap for good, call "
                "finish(city, trains): the checker follows your algorithm by these calls."),
        reference=reference_fewest_trains, cases=cases, copy_args=True,
        hint=[gettext("Keep a heap (heapq) of (distance so far, city), starting with (0, a)."),
              gettext("Pop the closest city; a city popped for the first time is finished: its distance is final. "
                      "A city popped again was already finished: skip it."),
              gettext("For each neighbour of a city just finished, push its distance through that city when it is "
                      "shorter than the best found so far.")],
        function_name="fewest_trains", example=solution_fewest_trains,
        solution=source_of(solution_fewest_trains, "fewest_trains"))
