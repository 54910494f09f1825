"""Lesson 5, the longest route (``notebooks/graphs/05_longest_route.ipynb``): Euler's theorem on
small networks, the parity bound as a proof, the longest trail through a whole map, networks
grown around a city, and the ``can_run_through`` exercise. The teaching backtracking search
and its timings are in :mod:`.backtracking`."""
from __future__ import annotations

from typing import Any

import networkx as nx

from ....algorithms.graphs import map_graph
from ....engine.errors import MapError
from ....engine.i18n import gettext, ngettext, pgettext
from ....engine.maps import load_map
from ....engine.text import listing
from ...exercises import FunctionExercise, source_of
from .connectivity import example_network
from .shared import NOW_COLOR, PATH_COLOR, TREE_COLOR, WAITING_COLOR, _edge_list, _routes_of


def _lands() -> tuple:
    """The four lands of Königsberg in the language spoken now: north, south, island, east."""
    # TRANSLATORS: the four lands of Königsberg, named in the pictures and sentences of lesson 5
    return (pgettext("Königsberg", "north"), pgettext("Königsberg", "south"),
            pgettext("Königsberg", "island"), pgettext("Königsberg", "east"))


def konigsberg() -> list:
    """The seven bridges of Königsberg (Euler, 1736) as ``(a, b, 1)`` edges between the north
    bank, the south bank, the island (Kneiphof) and the east island.

    >>> len(konigsberg()), sorted(odd_cities(konigsberg()))
    (7, ['east', 'island', 'north', 'south'])
    """
    north, south, island, east = _lands()
    return [(north, island, 1), (north, island, 1), (south, island, 1), (south, island, 1),
            (north, east, 1), (south, east, 1), (island, east, 1)]


def petersen() -> list:
    """The Petersen graph (10 cities, 15 routes of length 1, every city with 3 routes) as
    ``(a, b, 1)`` edges: a classic small network with no Hamiltonian cycle.

    >>> len(petersen()), len(odd_cities(petersen()))
    (15, 10)
    """
    return [(u, v, 1) for u, v in nx.petersen_graph().edges]


def _route_counts(edges) -> dict:
    """``{city: number of routes}`` in ``edges`` (a loop counts twice), cities in order of
    first appearance."""
    degree: dict[str, int] = {}
    for a, b, _ in _edge_list(edges):
        degree[a] = degree.get(a, 0) + 1
        degree[b] = degree.get(b, 0) + 1
    return degree


def odd_cities(edges) -> list:
    """Cities with an odd number of routes in ``edges`` (a loop counts twice), sorted by name.

    >>> odd_cities([("A", "B", 1), ("B", "C", 2)])
    ['A', 'C']
    """
    return sorted((c for c, d in _route_counts(edges).items() if d % 2), key=str)


def euler_check(edges) -> dict:
    """Euler's theorem for a network: ``{"connected", "odd_cities", "total",
    "one_trail"}``; ``one_trail`` is True when every route can be run through in one trail
    (connected, and at most two odd cities).

    >>> euler_check(konigsberg())["one_trail"]
    False
    """
    edges = _edge_list(edges)
    g = nx.MultiGraph()
    g.add_edges_from((a, b) for a, b, _ in edges)
    connected = g.number_of_nodes() == 0 or nx.is_connected(g)
    odd = odd_cities(edges)
    return {"connected": connected, "odd_cities": odd, "total": sum(w for _, _, w in edges),
            "one_trail": connected and len(odd) <= 2}


def parity_bound(edges) -> dict:
    """An upper bound on every trail from parity alone, with its witness.

    A trail uses, at every city but its two ends, an even number of routes; so the routes it
    leaves out touch an odd number of times every odd city that is not an end (and an end
    that is an even city, which can only make that set dearer). The cheapest such set of
    routes (a minimum *T-join*) is found as a minimum-weight perfect matching of the odd
    cities by shortest distance, two of them free to match a dummy "end" at no cost.
    Every trail is at most ``total - left_out``; a trail that long is therefore the longest,
    and the bound is a proof anyone can check.

    Returns ``{"total", "odd_cities", "left_out", "bound", "pairs": [(a, b, distance)],
    "paths": [a shortest path of each pair], "ends": [the two odd cities left as ends]}``.
    Complexity: O(V^3) (matching).
    References: J. Edmonds and E. L. Johnson, "Matching, Euler tours and the Chinese
    postman", Math. Programming 5 (1973) 88-124; :func:`networkx.min_weight_matching`.

    >>> b = parity_bound(konigsberg())
    >>> b["total"], len(b["odd_cities"]), b["left_out"], b["bound"]
    (7, 4, 1, 6)
    """
    edges = _edge_list(edges)
    total = sum(w for _, _, w in edges)
    odd = odd_cities(edges)
    if len(odd) <= 2:
        return {"total": total, "odd_cities": odd, "left_out": 0, "bound": total, "pairs": [], "paths": [],
                "ends": odd}
    g = nx.Graph()
    for a, b, w in edges:
        if a != b and (not g.has_edge(a, b) or w < g[a][b]["weight"]):
            g.add_edge(a, b, weight=w)
    k = nx.Graph()
    ends = ("end 1", "end 2")
    for i, a in enumerate(odd):
        dist = nx.single_source_dijkstra_path_length(g, a)
        for b in odd[i + 1:]:
            if b in dist:
                k.add_edge(a, b, weight=dist[b])
        for e in ends:
            k.add_edge(a, e, weight=0)
    k.add_edge(*ends, weight=total + 1)
    matching = nx.min_weight_matching(k)
    if 2 * len(matching) != k.number_of_nodes():
        raise MapError("the odd cities cannot be paired up (is the network in several pieces "
                       "with an odd number of odd cities? it cannot be)")  # pragma: no cover
    pairs, free = [], []
    for a, b in matching:
        if a in ends or b in ends:
            free.append(b if a in ends else a)
        else:
            a, b = sorted((a, b), key=str)
            pairs.append((a, b, k[a][b]["weight"]))
    pairs.sort(key=lambda p: (str(p[0]), str(p[1])))
    left = sum(w for _, _, w in pairs)
    return {"total": total, "odd_cities": odd, "left_out": left, "bound": total - left,
            "pairs": pairs, "paths": [nx.dijkstra_path(g, a, b) for a, b, _ in pairs],
            "ends": sorted(free, key=str)}


def whole_map_longest(map) -> dict:
    """The longest trail through *every* route of the map (as if one player owned them all),
    with its two proofs: the integer program's bound
    (:func:`ttr_teach.engine.longest.longest_route_certificate`) and the parity bound
    (:func:`parity_bound`).

    Returns ``{"length", "trail", "upper_bound", "optimal", "parity", "left_out" (routes not
    on the trail), "highlight" (the routes left out and the two ends), "proof_highlight"
    (the odd cities and the cheapest routes parity forces out)}``.
    """
    from ....engine.longest import longest_route_certificate

    m = load_map(map)
    cert = longest_route_certificate(m.routes)
    trail = cert.trail
    on_trail = {m.routes[i].index for i in trail.edge_indices}
    left_out = [r for r in m.routes if r.index not in on_trail]
    parity = parity_bound(m.routes)
    forced = []
    for path in parity["paths"]:
        for u, v in zip(path, path[1:], strict=False):
            forced.append(min(m.routes_between(u, v), key=lambda r: (r.length, r.index)).index)
    ends = [trail.cities[0], trail.cities[-1]]
    highlight = [{"routes": [r.index for r in left_out], "color": TREE_COLOR,
                  "label": gettext("left out: {routes} routes, {trains} trains; the trail runs through all the "
                                   "others ({length} trains)").format(
                      routes=len(left_out), trains=sum(r.length for r in left_out), length=trail.length)},
                 {"cities": ends, "color": NOW_COLOR, "label": gettext("the two ends of the trail")}]
    proof = [{"cities": parity["odd_cities"], "color": WAITING_COLOR,
              "label": gettext("{n} cities with an odd number of routes").format(n=len(parity["odd_cities"]))},
             {"routes": forced, "color": PATH_COLOR,
              "label": gettext("cheapest routes parity forces out: {n} trains").format(n=parity["left_out"])},
             {"cities": parity["ends"], "color": NOW_COLOR, "label": gettext("odd cities kept as the ends")}]
    return {"length": cert.length, "trail": trail, "upper_bound": cert.upper_bound,
            "optimal": cert.optimal, "parity": parity, "left_out": left_out, "highlight": highlight,
            "proof_highlight": proof}


def grow_network(map, center, n_routes: int) -> list:
    """A network of ``n_routes`` routes around ``center``: the city pairs nearest to it (in
    trains, the farther city first, then the nearer), one route per pair. Networks grown
    from one centre are nested, which makes them good for timing an algorithm by size.

    >>> [(r.a, r.b) for r in grow_network("europe", "Frankfurt", 3)]
    [('Amsterdam', 'Frankfurt'), ('Bruxelles', 'Frankfurt'), ('Essen', 'Frankfurt')]
    """
    m = load_map(map)
    g = map_graph(m)
    d = nx.single_source_dijkstra_path_length(g, m.city_id(center))
    pairs = sorted(g.edges, key=lambda e: (max(d[e[0]], d[e[1]]), min(d[e[0]], d[e[1]]), sorted(e)))
    if not 0 <= n_routes <= len(pairs):
        raise MapError(gettext("the {map} map has {pairs} city pairs; ask for 0 to {pairs} routes").format(
            map=m.name, pairs=len(pairs)))
    return [g.edges[u, v]["routes"][0] for u, v in pairs[:n_routes]]


def network_trail_highlight(map, routes) -> list:
    """A highlight for a network of map ``routes`` on an empty board: the longest trail
    (:func:`ttr_teach.engine.longest.longest_route`) drawn as a line over its glowing routes, the
    routes it leaves out glowing in another colour, its two ends ringed, and the odd cities
    with a badge giving their number of routes.

    >>> [h["label"] for h in network_trail_highlight("europe", grow_network("europe", "Wien", 3))][:2]
    ["longest trail: 5 of the network's 5 trains", 'left out: 0 routes, 0 trains']
    """
    from ....engine.longest import longest_route

    m = load_map(map)
    routes = _routes_of(m, routes)
    trail = longest_route(routes)
    steps = [[routes[i].index, f, t] for i, (f, t, _) in zip(trail.edge_indices, trail.edges, strict=True)]
    on_trail = {s[0] for s in steps}
    left_out = [r for r in routes if r.index not in on_trail]
    trains_left = sum(r.length for r in left_out)
    return [{"trail": steps, "color": PATH_COLOR,
             "label": gettext("longest trail: {length} of the network's {trains} trains").format(
                 length=trail.length, trains=sum(r.length for r in routes))},
            {"routes": [r.index for r in left_out], "color": TREE_COLOR,
             "label": gettext("left out: {routes}, {trains}").format(
                 routes=ngettext("{n} route", "{n} routes", len(left_out)).format(n=len(left_out)),
                 trains=ngettext("{n} train", "{n} trains", trains_left).format(n=trains_left))},
            {"city_badges": {c: d for c, d in _route_counts(routes).items() if d % 2}, "color": WAITING_COLOR,
             "label": gettext("odd cities (their number of routes)")},
            {"cities": [trail.cities[0], trail.cities[-1]] if trail.cities else [], "color": NOW_COLOR,
             "label": gettext("the two ends")}]


def _default_title(edges, trail, layout: str) -> str:
    """The title of the lesson's pictures of Königsberg and of the Petersen graph (none for others)."""
    if layout == "konigsberg":
        return (gettext("A longest trail: {n} bridges").format(n=trail.length) if trail is not None
                else gettext("The seven bridges (odd lands in orange)"))
    if layout == "petersen" and trail is not None:
        return gettext("Petersen graph: a longest trail has {n} of {total} routes").format(
            n=trail.length, total=len(edges))
    return ""


def euler_summary(check: dict) -> str:
    """:func:`euler_check`'s answer in one line: one piece or several, and the odd cities.

    >>> euler_summary(euler_check(konigsberg()))
    'one piece, 4 odd cities: east, island, north, south'
    """
    cities = listing(check["odd_cities"])
    n = len(check["odd_cities"])
    if check["connected"]:
        return ngettext("one piece, {n} odd city: {cities}", "one piece, {n} odd cities: {cities}", n).format(
            n=n, cities=cities)
    return ngettext("several pieces, {n} odd city: {cities}", "several pieces, {n} odd cities: {cities}", n).format(
        n=n, cities=cities)


def parity_summary(parity: dict) -> list:
    """The parity bound in three sentences (:func:`parity_bound`'s result), for a lesson to print.

    >>> parity_summary(parity_bound(konigsberg()))[2]
    'so every trail leaves out at least 1 trains: at most 6.'
    """
    pairs = listing(f"{a}–{b} ({d})" for a, b, d in parity["pairs"])
    return [gettext("{total} trains on the map, {odd} odd cities;").format(total=parity["total"],
                                                                          odd=len(parity["odd_cities"])),
            gettext("pairs: {pairs}").format(pairs=pairs),
            gettext("so every trail leaves out at least {left_out} trains: at most {bound}.").format(
                left_out=parity["left_out"], bound=parity["bound"])]


def plot_network(edges, trail=None, layout: str = "spring", title: str = ""):
    """Draw a small abstract network (parallel routes bent apart) with matplotlib; if
    ``trail`` (a :class:`~ttr_teach.engine.longest.Trail` of these edges) is given, its routes are
    drawn thick and numbered in travel order. Odd cities are drawn in orange.
    ``layout``: "spring", "petersen" (for :func:`petersen`) or "konigsberg" (for
    :func:`konigsberg`), which also give the picture its title when ``title`` is empty.
    Returns the Figure.
    """
    import matplotlib.pyplot as plt
    from matplotlib.patches import FancyArrowPatch

    edges = _edge_list(edges)
    g = nx.MultiGraph()
    g.add_edges_from((a, b) for a, b, _ in edges)
    if layout == "konigsberg":
        north, south, island, east = _lands()
        pos: dict[Any, tuple[float, float]] = {north: (0, 1), island: (0, 0), south: (0, -1), east: (1.4, 0)}
    elif layout == "petersen":     # networkx numbering: outer cycle 0-4, spokes i to i + 5
        import math

        pos = {i + 5 * ring: ((1 - 0.5 * ring) * math.cos(math.radians(90 + 72 * i)),
                              (1 - 0.5 * ring) * math.sin(math.radians(90 + 72 * i)))
               for i in range(5) for ring in (0, 1)}
    else:
        pos = nx.spring_layout(g, seed=1)
    order = {}
    if trail is not None:
        for step, i in enumerate(trail.edge_indices, 1):
            order[i] = step
    fig, ax = plt.subplots(figsize=(5, 4))
    seen: dict[frozenset, int] = {}
    for i, (a, b, _w) in enumerate(edges):
        key = frozenset((a, b))
        k = seen.get(key, 0)
        seen[key] = k + 1
        rad = 0.0 if k == 0 else (0.25 * ((k + 1) // 2)) * (1 if k % 2 else -1)
        on = i in order
        patch = FancyArrowPatch(pos[a], pos[b], arrowstyle="-", connectionstyle=f"arc3,rad={rad}",
                                color=PATH_COLOR if on else "#999999", linewidth=3.5 if on else 1.5,
                                shrinkA=12, shrinkB=12)
        ax.add_patch(patch)
        if on:
            (xa, ya), (xb, yb) = pos[a], pos[b]
            # the middle of matplotlib's arc3 curve (a quadratic Bezier through the control point)
            mx, my = (xa + xb) / 2 + rad * (yb - ya) / 2, (ya + yb) / 2 - rad * (xb - xa) / 2
            ax.text(mx, my, str(order[i]), fontsize=8, ha="center", va="center",
                    bbox={"boxstyle": "circle,pad=0.2", "fc": "white", "ec": PATH_COLOR})
    odd = set(odd_cities(edges))
    nx.draw_networkx_nodes(g, pos, ax=ax, node_size=320,
                           node_color=[WAITING_COLOR if c in odd else "#dddddd" for c in g])
    nx.draw_networkx_labels(g, pos, ax=ax, font_size=8)
    ax.set_title(title or _default_title(edges, trail, layout))
    ax.set_aspect("equal")
    ax.axis("off")
    ax.margins(0.15)
    fig.tight_layout()
    plt.close(fig)
    return fig


def reference_can_run_through(edges) -> bool:
    """Euler's theorem (the checker's reference): :func:`euler_check`'s ``one_trail``.

    >>> reference_can_run_through([("A", "B", 2), ("B", "C", 1)])
    True
    """
    return euler_check(edges)["one_trail"]


def solution_can_run_through(edges):
    """Euler: connected, and at most two cities with an odd number of routes."""
    degree: dict[str, int] = {}
    g = nx.MultiGraph()
    for a, b, _ in edges:
        degree[a] = degree.get(a, 0) + 1
        degree[b] = degree.get(b, 0) + 1
        g.add_edge(a, b)
    odd = [c for c, d in degree.items() if d % 2 == 1]
    return (len(g) == 0 or nx.is_connected(g)) and len(odd) <= 2


def can_run_through_exercise() -> FunctionExercise:
    """Write ``can_run_through(edges)`` (Euler's theorem).

    >>> can_run_through_exercise().judge(solution_can_run_through).correct   # a check() refuses it: not yours
    True
    """
    square = [("A", "B", 1), ("B", "C", 1), ("C", "D", 1), ("D", "A", 1)]
    cases = [(konigsberg(),), (square,), (square + [("A", "C", 2)],), (square + [("A", "C", 2), ("B", "D", 2)],),
             ([("A", "B", 1), ("C", "D", 1)],), ([("A", "B", 1), ("A", "C", 1), ("A", "D", 1)],),
             ([(r.a, r.b, r.length) for r in example_network()["routes"]],), (petersen(),),
             ([("A", "B", 3), ("A", "B", 3)],),
             (square + [("X", "Y", 1), ("Y", "Z", 1), ("Z", "X", 1)],)]   # two loops, apart
    return FunctionExercise(
        gettext("Write can_run_through(edges): edges is a list of (city, city, length); return True if "
        "one trail can use every route exactly once."),
        reference=reference_can_run_through, cases=cases, copy_args=True,
        hint=[gettext("Euler's theorem: the routes must form one connected piece, and at most two cities "
              "may have an odd number of routes."),
              gettext("Count each city's routes in a dictionary; then count the odd ones."),
              gettext("For the connected part: build nx.MultiGraph() with add_edge(a, b) for each route, "
              "then nx.is_connected (an empty list of routes counts as connected).")],
        function_name="can_run_through", example=solution_can_run_through,
        solution=source_of(solution_can_run_through, "can_run_through"))
