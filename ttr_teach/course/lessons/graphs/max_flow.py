"""Lesson 11, maximum flow and minimum cut (``notebooks/graphs/11_max_flow_min_cut.ipynb``):
how many routes an opponent must claim to cut one city off from another. Each pair of
neighbouring cities has a **capacity**, the number of its routes (a double route has two
tracks, both open to claims in a game of four or five players); a flow sends whole units
along tracks, at most a track's capacity, and the largest flow from one city to another is
the number of paths that share no track, which equals the fewest tracks whose loss separates
the two cities (the max-flow min-cut theorem; Menger's theorem on unit tracks).

The lesson's algorithm is Ford and Fulkerson's with a breadth-first search for each
augmenting path (Edmonds and Karp), traced path by path with the residual graph. The
exercises' checkers are in :mod:`.max_flow_checks`.

>>> cities, tracks = map_tracks("europe")
>>> run = augmenting_paths(cities, tracks, "Pamplona", "Paris")
>>> run["value"], len(run["paths"]), sorted(run["side"])
(5, 4, ['Barcelona', 'Cadiz', 'Lisboa', 'Madrid', 'Pamplona'])
"""
from __future__ import annotations

from collections import deque
from collections.abc import Hashable, Iterable

from ....engine.i18n import N_, gettext
from ....engine.maps import MAP_NAMES, load_map
from ....engine.text import listing
from .shared import DONE_COLOR, NOW_COLOR, PATH_COLOR, TREE_COLOR, WAITING_COLOR, Table, _step_title

#: The headings of this lesson's tables.
HEADINGS = (N_("from"), N_("to"), N_("capacity left before"), N_("capacity left after"), N_("pair"),
            N_("flow"), N_("cut"), N_("source side"), N_("routes of the source"), N_("routes of the sink"),
            N_("most paths"), N_("bound V·E/2"), N_("tracks"))


# -- the map as a network of tracks ----------------------------------------------------------------
def map_tracks(map) -> tuple[list, list]:
    """``(cities, tracks)``: the map's city ids, and one ``(city, city, capacity)`` per pair of
    neighbouring cities, the capacity being the number of routes between them (2 for a double
    route), in the map's order.

    >>> cities, tracks = map_tracks("europe")
    >>> len(cities), len(tracks), sum(c for _, _, c in tracks)
    (47, 90, 101)
    """
    m = load_map(map)
    count: dict = {}
    for r in m.routes:
        key = (r.a, r.b) if (r.b, r.a) not in count else (r.b, r.a)
        count[key] = count.get(key, 0) + 1
    return [c.id for c in m.cities.values()], [(a, b, n) for (a, b), n in count.items()]


def capacity_table() -> Table:
    """Each map's cities, pairs of neighbouring cities, double routes (pairs of capacity 2)
    and tracks (the capacities added up: every route of the map).

    >>> capacity_table().rows[0]
    {'map': 'europe', 'cities': 47, 'city pairs': 90, 'double routes': 11, 'tracks': 101}
    """
    rows = []
    for map in MAP_NAMES:
        cities, tracks = map_tracks(map)
        rows.append({"map": map, "cities": len(cities), "city pairs": len(tracks),
                     "double routes": sum(c == 2 for *_, c in tracks), "tracks": sum(c for *_, c in tracks)})
    return Table(rows)


def residual_of(cities: Iterable[Hashable], tracks: Iterable[tuple]) -> dict:
    """The residual graph before any flow: ``residual[u][v]``, the capacity left from ``u`` to
    ``v``. A pair's tracks run both ways, so each direction starts with the full capacity.

    >>> residual_of("AB", [("A", "B", 2)])
    {'A': {'B': 2}, 'B': {'A': 2}}
    """
    residual: dict = {c: {} for c in cities}
    for a, b, capacity in tracks:
        residual.setdefault(a, {})[b] = residual.get(a, {}).get(b, 0) + capacity
        residual.setdefault(b, {})[a] = residual.get(b, {}).get(a, 0) + capacity
    return residual


def shortest_augmenting_path(residual: dict, source, sink) -> tuple[list | None, dict]:
    """A breadth-first search of the residual graph, neighbours by name, along the directions
    with capacity left: ``(the path from source to sink with fewest steps or None, the
    distance of every city it reached)``.

    >>> shortest_augmenting_path({"A": {"B": 1}, "B": {"A": 1, "C": 0}, "C": {"B": 0}}, "A", "C")
    (None, {'A': 0, 'B': 1})
    """
    came_from = {source: None}
    distance = {source: 0}
    queue = deque([source])
    while queue:
        city = queue.popleft()
        for other in sorted(residual[city], key=str):
            if residual[city][other] > 0 and other not in came_from:
                came_from[other] = city
                distance[other] = distance[city] + 1
                queue.append(other)
    if sink not in came_from:
        return None, distance
    path = [sink]
    while path[-1] != source:
        path.append(came_from[path[-1]])
    return path[::-1], distance


def augmenting_paths(cities: Iterable[Hashable], tracks: Iterable[tuple], source, sink) -> dict:
    """Edmonds-Karp: while a breadth-first search of the residual graph reaches ``sink``, send
    the path's bottleneck (its smallest capacity left) along it. O(V E²): at most V E / 2
    augmentations, each one search of O(E).

    Returns ``{"value", "paths" (each ``{"path", "bottleneck", "residual"`` (before it)``,
    "reached"}``), "residual" (the final one), "side" (the cities the last search reached: the
    source side of a minimum cut), "cut" (the pairs ``(inside, outside, capacity)`` crossing it)}``.

    >>> run = augmenting_paths("ABCD", [("A", "B", 1), ("A", "C", 1), ("B", "D", 1), ("C", "D", 1),
    ...                                 ("B", "C", 1)], "A", "D")
    >>> [p["path"] for p in run["paths"]], run["value"], run["cut"]
    ([['A', 'B', 'D'], ['A', 'C', 'D']], 2, [('A', 'B', 1), ('A', 'C', 1)])
    """
    tracks = list(tracks)
    residual = residual_of(cities, tracks)
    paths = []
    value = 0
    while True:
        path, reached = shortest_augmenting_path(residual, source, sink)
        if path is None:
            break
        steps = list(zip(path, path[1:], strict=False))
        bottleneck = min(residual[u][v] for u, v in steps)
        paths.append({"path": path, "bottleneck": bottleneck, "reached": reached,
                      "residual": {u: dict(out) for u, out in residual.items()}})
        for u, v in steps:
            residual[u][v] -= bottleneck
            residual[v][u] += bottleneck
        value += bottleneck
    side = set(reached)
    cut = [(a, b, c) if a in side else (b, a, c) for a, b, c in tracks if (a in side) != (b in side)]
    return {"value": value, "paths": paths, "residual": residual, "side": side, "cut": cut, "reached": reached}


def flow_on(run: dict, tracks: Iterable[tuple]) -> dict:
    """The flow on each pair at the end of ``run``: ``{(a, b): units from a to b}`` (negative:
    from b to a), read off the residual graph (capacity - capacity left, halved since each
    direction started full).

    >>> cities, tracks = "ABC", [("A", "B", 2), ("B", "C", 1)]
    >>> flow_on(augmenting_paths(cities, tracks, "A", "C"), tracks)
    {('A', 'B'): 1, ('B', 'C'): 1}
    """
    return _flow_of(run["residual"], tracks)


def _flow_of(residual: dict, tracks: Iterable[tuple]) -> dict:
    return {(a, b): (residual[b][a] - residual[a][b]) // 2 for a, b, _ in tracks}


def cut_capacity(tracks: Iterable[tuple], side: Iterable[Hashable]) -> int:
    """The capacity of the cut: the tracks with one end in ``side`` and the other outside.

    >>> cut_capacity([("A", "B", 2), ("B", "C", 1)], {"A", "B"})
    1
    """
    inside = set(side)
    return sum(c for a, b, c in tracks if (a in inside) != (b in inside))


# -- on the board ----------------------------------------------------------------------------------
def _network(map):
    m = load_map(map)
    cities, tracks = map_tracks(m)
    return m, cities, tracks, {c.id: c.name for c in m.cities.values()}


def _flow_routes(m, flow: dict) -> list:
    """One route index per unit of flow on a pair (both halves of a double route carrying two)."""
    out = []
    for (a, b), units in flow.items():
        if units:
            out += [r.index for r in sorted(m.routes_between(a, b), key=lambda r: r.index)[:abs(units)]]
    return out


def _path_text(path: list, names: dict) -> str:
    return " → ".join(names.get(c, str(c)) for c in path)


def flow_frames(map, source, sink) -> list:
    """Frames of Edmonds-Karp from ``source`` to ``sink`` on the map: for each augmenting path,
    one frame with the breadth-first search's reach (each city's distance on a badge) and the
    path found, then one with the flow after sending its bottleneck; last, the minimum cut.
    The routes carrying flow glow blue, the path is a pink line; the cut's routes glow black.

    >>> frames = flow_frames("europe", "Pamplona", "Paris")
    >>> len(frames), frames[1]["message"]
    (10, 'search 1 reaches Paris: Pamplona → Paris; capacity left along it: 2; the bottleneck is 2')
    """
    m, cities, tracks, names = _network(map)
    s, t = m.city_id(source), m.city_id(sink)
    run = augmenting_paths(cities, tracks, s, t)
    total = 2 * len(run["paths"]) + 1
    ends = {"cities": [s, t], "color": NOW_COLOR, "label": gettext("the two cities")}
    frames: list[dict] = [{"title": _step_title(0, total), "board": m.name, "highlight": [ends],
                           "message": gettext("no flow yet: every track has its whole capacity left")}]
    after = [q["residual"] for q in run["paths"][1:]] + [run["residual"]]
    flow: dict = {}
    for k, p in enumerate(run["paths"]):
        path, left = p["path"], p["residual"]
        steps = list(zip(path, path[1:], strict=False))
        carried = {"routes": _flow_routes(m, flow), "color": TREE_COLOR, "label": gettext("routes carrying flow")}
        reach = {"city_badges": p["reached"], "color": WAITING_COLOR,
                 "label": gettext("reached by the search: steps from the start")}
        line = {"trail": [[_route_index(m, u, v), u, v] for u, v in steps], "color": PATH_COLOR,
                "label": gettext("the augmenting path")}
        frames.append({"title": _step_title(2 * k + 1, total), "board": m.name, "residual": left, "path": path,
                       "highlight": [carried, reach, line, ends],
                       "message": gettext("search {k} reaches {sink}: {path}; capacity left along it: {left}; the "
                                          "bottleneck is {b}").format(
                           k=k + 1, sink=names[t], path=_path_text(path, names),
                           left=listing(str(left[u][v]) for u, v in steps), b=p["bottleneck"])})
        flow = _flow_of(after[k], tracks)
        frames.append({"title": _step_title(2 * k + 2, total), "board": m.name, "highlight": [
            {"routes": _flow_routes(m, flow), "color": TREE_COLOR, "label": gettext("routes carrying flow")}, ends],
            "message": gettext("send {b} along it: the flow is now {value}").format(
                b=p["bottleneck"], value=sum(q["bottleneck"] for q in run["paths"][:k + 1]))})
    cut_routes = [r.index for a, b, _ in run["cut"] for r in m.routes_between(a, b)]
    frames.append({"title": _step_title(total, total), "board": m.name, "run": run, "highlight": [
        {"routes": _flow_routes(m, flow), "color": TREE_COLOR, "label": gettext("routes carrying flow")},
        {"city_badges": run["reached"], "color": DONE_COLOR,
         "label": gettext("the last search's reach: the source side")},
        {"routes": cut_routes, "color": PATH_COLOR, "label": gettext("the minimum cut")}, ends],
        "message": gettext("search {k} does not reach {sink}: no augmenting path is left. The flow is {value}; the "
                           "routes leaving the cities it reached hold {cut} tracks, all full").format(
            k=len(run["paths"]) + 1, sink=names[t], value=run["value"], cut=cut_capacity(tracks, run["side"]))})
    return frames


def _route_index(m, a, b) -> int:
    return min(r.index for r in m.routes_between(a, b))


def residual_rows(frame: dict) -> Table:
    """For a frame of :func:`flow_frames` that finds a path: each step of the path with the
    capacity left in its direction before and after the bottleneck is sent (the reverse
    direction gains as much: flow sent back cancels flow sent forward).

    >>> residual_rows(flow_frames("europe", "Pamplona", "Paris")[1]).rows[0]
    {'from': 'Pamplona', 'to': 'Paris', 'capacity left before': 2, 'capacity left after': 0}
    """
    m = load_map(frame["board"])
    left, path = frame["residual"], frame["path"]
    steps = list(zip(path, path[1:], strict=False))
    b = min(left[u][v] for u, v in steps)
    return Table([{"from": m.cities[u].name, "to": m.cities[v].name, "capacity left before": left[u][v],
                   "capacity left after": left[u][v] - b} for u, v in steps])


def cut_rows(map, source, sink) -> Table:
    """The minimum cut found from the last search: each pair crossing it and its capacity.

    >>> [r["pair"] for r in cut_rows("europe", "Pamplona", "Paris").rows][:2]
    ['Barcelona–Marseille', 'Pamplona–Brest']
    """
    m, cities, tracks, names = _network(map)
    run = augmenting_paths(cities, tracks, m.city_id(source), m.city_id(sink))
    return Table([{"pair": f"{names[a]}–{names[b]}", "cut": c} for a, b, c in run["cut"]])


def pair_table(pairs: Iterable[tuple] = (("europe", "Pamplona", "Paris"), ("europe", "Edinburgh", "Athina"),
                                         ("europe", "Madrid", "Berlin"), ("usa", "Seattle", "Miami"),
                                         ("usa", "Los Angeles", "New York"))) -> Table:
    """For each ``(map, source, sink)``: the flow, the cut found, the tracks of each end (a cut
    too: the smallest of the three is never below the flow, and the flow equals the cut).

    >>> [r["flow"] == r["cut"] for r in pair_table().rows]
    [True, True, True, True, True]
    """
    rows = []
    for map, a, b in pairs:
        m, cities, tracks, names = _network(map)
        s, t = m.city_id(a), m.city_id(b)
        run = augmenting_paths(cities, tracks, s, t)
        rows.append({"map": map, "source side": len(run["side"]), "pair": f"{names[s]}–{names[t]}",
                     "flow": run["value"], "cut": cut_capacity(tracks, run["side"]),
                     "routes of the source": cut_capacity(tracks, {s}),
                     "routes of the sink": cut_capacity(tracks, set(cities) - {t})})
    return Table(rows, columns=["map", "pair", "flow", "cut", "source side", "routes of the source",
                                "routes of the sink"])


def augmentation_counts(seed: int = 11, pairs: int = 40) -> Table:
    """On each map, over ``pairs`` pairs of cities (the same every time): the most augmenting
    paths Edmonds-Karp needed, against the bound V·E/2 of its proof.

    >>> rows = augmentation_counts(pairs=5).rows
    >>> all(r["most paths"] <= r["bound V·E/2"] for r in rows)
    True
    """
    import random

    rng = random.Random(seed)
    rows = []
    for map in MAP_NAMES:
        cities, tracks = map_tracks(map)
        most = 0
        for _ in range(pairs):
            s, t = rng.sample(cities, 2)
            most = max(most, len(augmenting_paths(cities, tracks, s, t)["paths"]))
        rows.append({"map": map, "cities": len(cities), "city pairs": len(tracks), "most paths": most,
                     "bound V·E/2": len(cities) * len(tracks) // 2})
    return Table(rows)
