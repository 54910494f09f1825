"""Lesson 8, minimum spanning trees (``notebooks/graphs/08_spanning_trees.ipynb``): Kruskal's
algorithm on the lesson's union-find and Prim's, traced step by step on the board; a cut and
its cheapest crossing route (the cut property); the numbers of the proof that the MST-based
Steiner tree is within twice the best tree; and the ``kruskal`` exercise, whose checker follows
the learner's trace and refuses library shortcuts.

The algorithms work on an edge list ``[(city, city, trains), ...]`` (:func:`map_edges` gives
the map's: one edge per pair of neighbouring cities, the shorter route's length), so that the
checker, the frames and the tests read the same trace.

>>> steps = kruskal_steps(*map_edges("europe"))
>>> [s["edge"] for s in steps if s["accepted"]][:3]
[('Amsterdam', 'Bruxelles', 1), ('Budapest', 'Wien', 1), ('Dieppe', 'Paris', 1)]
>>> sum(s["edge"][2] for s in steps if s["accepted"]), sum(s["edge"][2] for s in prim_steps(*map_edges("europe")))
(108, 108)
"""
from __future__ import annotations

import heapq
from collections.abc import Hashable, Iterable, Iterator

import networkx as nx

from ....algorithms.graphs import map_graph
from ....algorithms.planning import approximate_network, cheapest_network
from ....algorithms.steiner import MetricClosure, steiner_tree
from ....algorithms.stepwise import UnionFind
from ....engine.i18n import N_, gettext, local_list, ngettext
from ....engine.maps import MAP_NAMES, load_map
from ...exercises import FunctionExercise, Verdict, source_of
from ...exercises.functions import NOT_WRITTEN, describe_case
from ...exercises.shortcuts import ShortcutUsed, refusing
from .connectivity import _group_items
from .forest import moved_pointers
from .shared import DONE_COLOR, NOW_COLOR, TREE_COLOR, WAITING_COLOR, Table, _step_title

#: The largest group whose parent pointers a frame draws (a bigger one is too wide to read).
FOREST_MOST = 16
#: The headings of :func:`steiner_bound`'s table.
HEADINGS = (N_("step of the proof"), N_("trains"))


# -- the map as an edge list -------------------------------------------------------------------
def map_edges(map) -> tuple[list, list]:
    """``(cities, edges)`` of the map: city ids, and one ``(city, city, trains)`` per pair of
    neighbouring cities (a double route counts once), in the map's order.

    >>> cities, edges = map_edges("usa")
    >>> len(cities), len(edges)
    (36, 78)
    """
    g = map_graph(map)
    return list(g.nodes), [(a, b, d["weight"]) for a, b, d in g.edges(data=True)]


def _key(edge) -> tuple:
    """Kruskal's order: fewest trains first, ties by the two cities' names."""
    a, b, w = edge
    return (w, *sorted((str(a), str(b))))


def _pair(a, b) -> str:
    return f"{a}–{b}"


def _trains(n: int) -> str:
    return ngettext("{n} train", "{n} trains", n).format(n=n)


def _tree_path(tree: nx.Graph, a: Hashable, b: Hashable) -> list:
    """The cities from ``a`` to ``b`` in the forest ``tree`` (they are joined in it)."""
    return nx.shortest_path(tree, a, b)


# -- Kruskal -----------------------------------------------------------------------------------
def kruskal_steps(cities: Iterable[Hashable], edges: Iterable[tuple], names: dict | None = None) -> list:
    """Kruskal's algorithm with the lesson's :class:`~ttr_teach.algorithms.stepwise.UnionFind`,
    one step per edge in order (fewest trains first, ties by the cities' names).

    Each step is ``{"edge", "accepted", "loop" (for a skipped edge: the cities of the loop it
    would close, first city repeated at the end), "union" (the union-find's step),
    "parent" (the parent pointers after it), "message"}``. The accepted edges form a cheapest
    spanning forest (a tree when the graph is connected).

    O(E log E) for the sort, then O(E α(V)) for the unions.

    >>> steps = kruskal_steps("ABC", [("A", "B", 1), ("B", "C", 2), ("A", "C", 3)])
    >>> [(s["edge"], s["accepted"]) for s in steps]
    [(('A', 'B', 1), True), (('B', 'C', 2), True), (('A', 'C', 3), False)]
    >>> steps[2]["message"]
    'skip A–C (3 trains): A and C already have the same leader, A, so it would close the loop A–B–C–A'
    """
    names = names or {}
    label = lambda c: names.get(c, str(c))      # noqa: E731
    uf = UnionFind(cities, names=names)
    tree = nx.Graph()
    tree.add_nodes_from(uf.parent)
    steps = []
    for edge in sorted(edges, key=_key):
        a, b, w = edge
        route = _pair(label(a), label(b))
        merged = uf.union(a, b)
        union = uf.steps[-1]
        loop: list = []
        if merged:
            tree.add_edge(a, b)
            message = gettext("take {route} ({trains}): {step}").format(route=route, trains=_trains(w),
                                                                        step=union["message"])
        else:
            loop = _tree_path(tree, a, b) + [a]
            message = gettext("skip {route} ({trains}): {a} and {b} already have the same leader, {leader}, "
                              "so it would close the loop {loop}").format(
                route=route, trains=_trains(w), a=label(a), b=label(b), leader=label(union["root"]),
                loop="–".join(label(c) for c in loop))
        steps.append({"edge": (a, b, w), "accepted": merged, "loop": loop, "union": union,
                      "parent": dict(uf.parent), "message": message})
    return steps


def reference_kruskal(cities, edges) -> list:
    """The edges Kruskal accepts, in the order it accepts them (the checker's reference).

    >>> reference_kruskal("ABC", [("A", "C", 3), ("B", "C", 2), ("A", "B", 1)])
    [('A', 'B', 1), ('B', 'C', 2)]
    """
    return [s["edge"] for s in kruskal_steps(cities, edges) if s["accepted"]]


def solution_kruskal(cities, routes):
    """Sort the routes by trains, then take each one whose two cities are not joined yet."""
    from ttr_teach.algorithms import UnionFind

    groups = UnionFind(cities)
    taken = []
    for a, b, trains in sorted(routes, key=lambda route: route[2]):
        if groups.union(a, b):          # False when a and b already have the same leader
            taken.append((a, b, trains))
    return taken


# -- Prim --------------------------------------------------------------------------------------
def prim_steps(cities: Iterable[Hashable], edges: Iterable[tuple], start: Hashable | None = None,
               names: dict | None = None) -> list:
    """Prim's algorithm from ``start`` (by default the first city), one step per city added:
    ``{"edge" (tree city, new city, trains), "city", "crossing" (the edges leaving the tree
    before the step), "message"}``. Ties are broken by the cities' names.

    O(E log E) with a heap of the edges leaving the tree.

    >>> [s["edge"] for s in prim_steps("ABC", [("A", "B", 1), ("B", "C", 2), ("A", "C", 3)], "C")]
    [('C', 'B', 2), ('B', 'A', 1)]
    """
    names = names or {}
    label = lambda c: names.get(c, str(c))      # noqa: E731
    cities = list(cities)
    neighbours: dict = {c: [] for c in cities}
    for a, b, w in edges:
        neighbours.setdefault(a, []).append((b, w))
        neighbours.setdefault(b, []).append((a, w))
    start = cities[0] if start is None else start
    inside = {start}
    heap: list = []

    def leave(city):
        for other, w in neighbours[city]:
            if other not in inside:
                heapq.heappush(heap, (w, str(city), str(other), city, other))

    leave(start)
    steps = []
    while heap:
        crossing = sorted({(c, o, w) for w, _, _, c, o in heap if o not in inside}, key=_key)
        w, _, _, city, other = heapq.heappop(heap)
        if other in inside:
            continue
        inside.add(other)
        leave(other)
        steps.append({"edge": (city, other, w), "city": other, "crossing": crossing,
                      "message": gettext("take {route} ({trains}), the cheapest of the {n} routes leaving the "
                                         "tree: {city} joins it").format(
                          route=_pair(label(city), label(other)), trains=_trains(w), n=len(crossing),
                          city=label(other))})
    return steps


# -- frames ------------------------------------------------------------------------------------
def _route(m, a, b):
    """The shorter route between two neighbouring cities (either half of a double route)."""
    return min(m.routes_between(a, b), key=lambda r: (r.length, r.index))


def kruskal_frames(map) -> list:
    """Frames of Kruskal's algorithm on the whole map: each group of the spanning forest glows
    in its own colour with its leader ringed (as the claims of lesson 2 do); the route just
    taken glows black; for a route skipped, a black line runs round the loop it would close. Each frame
    keeps ``"forest"``, the union-find's parent pointers of the group the step touched, for
    the frame player (None once that group has more than :data:`FOREST_MOST` cities).

    >>> frames = kruskal_frames("europe")
    >>> len(frames), frames[-1]["message"]
    (92, 'a cheapest spanning tree: 46 routes, 108 trains')
    """
    m = load_map(map)
    cities, edges = map_edges(m)
    names = {c.id: c.name for c in m.cities.values()}
    steps = kruskal_steps(cities, edges, names)
    colour_of: dict = {}
    taken: list = []
    previous = {c: c for c in cities}
    frames: list[dict] = [{"title": _step_title(0, len(steps)), "board": m.name,
               "message": gettext("the {n} routes wait in line, fewest trains first; every city is a group of "
                                  "its own").format(n=len(steps)),
               "highlight": [], "forest": {"parent": dict(previous), "names": names, "moved": {}, "unions": ()}}]
    for k, s in enumerate(steps, 1):
        a, b, w = s["edge"]
        route = _route(m, a, b)
        if s["accepted"]:
            taken.append(route)
        items = _group_items(m, _Forest(s["parent"]), taken, colour_of)
        if s["accepted"]:
            items.append({"routes": [route.index], "cities": [a, b], "color": NOW_COLOR,
                          "label": gettext("the route just taken")})
        else:
            loop = s["loop"]
            # a line over the trains (not a glow, which the groups' colours already use)
            items.append({"trail": [[_route(m, x, y).index, x, y] for x, y in zip(loop, loop[1:], strict=False)],
                          "color": NOW_COLOR, "label": gettext("the loop it would close")})
            items.append({"cities": [a, b], "color": NOW_COLOR, "label": gettext("the route just skipped")})
        moved = moved_pointers(previous, s["parent"])
        previous = s["parent"]
        absorbed = s["union"].get("absorbed")
        group = _group_of(previous, a)
        frames.append({"title": _step_title(k, len(steps)), "board": m.name, "message": s["message"],
                       "highlight": items, "accepted": s["accepted"],
                       "forest": {"parent": group, "names": names, "moved": moved,
                                  "unions": (absorbed,) if absorbed else ()} if len(group) <= FOREST_MOST else None})
    total = sum(r.length for r in taken)
    frames.append({"title": gettext("the answer."), "board": m.name, "trains": total,
                   "message": gettext("a cheapest spanning tree: {n} routes, {trains} trains").format(
                       n=len(taken), trains=total),
                   "highlight": [{"routes": [r.index for r in taken], "color": TREE_COLOR,
                                  "label": gettext("a cheapest spanning tree")}]})
    return frames


def _group_of(parent: dict, city) -> dict:
    """The parent pointers of ``city``'s group only (the group a step changed: the whole map's
    forest would be too wide to read)."""
    def root(x):
        while parent[x] != x:
            x = parent[x]
        return x

    leader = root(city)
    return {x: p for x, p in parent.items() if root(x) == leader}


class _Forest:
    """The pieces :func:`.connectivity._group_items` reads of a union-find: ``parent`` (to find
    each group's leader) and ``size``."""

    def __init__(self, parent: dict):
        self.parent = parent
        self.size: dict = {}
        for x in parent:
            root = x
            while parent[root] != root:
                root = parent[root]
            self.size[root] = self.size.get(root, 0) + 1


def prim_frames(map, start) -> list:
    """Frames of Prim's algorithm from ``start``: the tree so far glows blue with its cities on
    green badges (their order of joining), the routes leaving the tree glow orange, the route
    just taken black.

    >>> frames = prim_frames("europe", "Paris")
    >>> len(frames), frames[1]["message"]
    (47, 'take Paris–Dieppe (1 train), the cheapest of the 7 routes leaving the tree: Dieppe joins it')
    """
    m = load_map(map)
    cities, edges = map_edges(m)
    names = {c.id: c.name for c in m.cities.values()}
    first = m.city_id(start)
    steps = prim_steps(cities, edges, first, names)
    order = {first: 0}
    tree: list = []
    frames: list[dict] = [{"title": _step_title(0, len(steps)), "board": m.name,
               "message": gettext("start at {city}: the tree holds {city} alone").format(city=names[first]),
               "highlight": [{"city_badges": {first: 0}, "color": DONE_COLOR, "label": gettext("in the tree")}]}]
    for k, s in enumerate(steps, 1):
        a, b, w = s["edge"]
        order[b] = k
        tree.append(_route(m, a, b).index)
        frames.append({"title": _step_title(k, len(steps)), "board": m.name, "message": s["message"],
                       "highlight": [
                           {"routes": [[x, y] for x, y, _ in s["crossing"]], "color": WAITING_COLOR,
                            "label": gettext("routes leaving the tree")},
                           {"routes": tree[:-1], "color": TREE_COLOR, "label": gettext("the tree so far")},
                           {"city_badges": dict(order), "color": DONE_COLOR, "label": gettext("in the tree")},
                           {"routes": [tree[-1]], "cities": [b], "color": NOW_COLOR,
                            "label": gettext("the route just taken")}]})
    return frames


def cut_highlight(map, side: Iterable[str]) -> list:
    """A highlight for the cut property: the cities of ``side`` ringed, the routes crossing
    between them and the rest of the map glowing, the cheapest crossing route in black.

    >>> [item["label"] for item in cut_highlight("europe", ["Palermo", "Roma", "Brindisi"])][2]
    'the cheapest crossing route: Roma–Venezia (2 trains)'
    """
    m = load_map(map)
    inside = {m.city_id(c) for c in side}
    crossing = [r for r in m.routes if (r.a in inside) != (r.b in inside)]
    cheapest = min(crossing, key=lambda r: (r.length, r.index))
    return [{"cities": sorted(inside), "color": WAITING_COLOR, "label": gettext("one side of the cut")},
            {"routes": [r.index for r in crossing if r != cheapest], "color": TREE_COLOR,
             "label": gettext("routes crossing the cut")},
            {"routes": [cheapest.index], "color": NOW_COLOR,
             "label": gettext("the cheapest crossing route: {route} ({trains})").format(
                 route=_pair(m.cities[cheapest.a].name, m.cities[cheapest.b].name), trains=_trains(cheapest.length))}]


def mst_weight_networkx(map) -> int:
    """The weight of networkx's minimum spanning tree of the map (to compare the traces with).

    >>> mst_weight_networkx("usa")
    78
    """
    return int(nx.minimum_spanning_tree(map_graph(map)).size(weight="weight"))


def spanning_tree_table(maps=MAP_NAMES) -> Table:
    """The trains of the cheapest spanning tree of each map, found three ways: Kruskal's and
    Prim's traces (this lesson's) and networkx's :func:`networkx.minimum_spanning_tree`.

    >>> spanning_tree_table().rows[1]
    {'map': 'usa', 'cities': 36, 'routes': 35, 'Kruskal': 78, 'Prim': 78, 'networkx': 78}
    """
    rows = []
    for name in maps:
        cities, edges = map_edges(name)
        kruskal = [s["edge"] for s in kruskal_steps(cities, edges) if s["accepted"]]
        rows.append({"map": name, "cities": len(cities), "routes": len(kruskal),
                     "Kruskal": sum(w for *_, w in kruskal),
                     "Prim": sum(s["edge"][2] for s in prim_steps(cities, edges)),
                     "networkx": mst_weight_networkx(name)})
    return Table(rows)


# -- the 2-approximation, proved with numbers -------------------------------------------------
def _euler_walk(tree: nx.Graph, start) -> list:
    """The closed walk around ``tree`` that uses each of its edges twice (down and back up):
    the Euler tour of the doubled tree, found by a depth-first search from ``start``."""
    walk = [start]

    def visit(city, parent):
        for other in sorted(tree.neighbors(city), key=str):
            if other != parent:
                walk.append(other)
                visit(other, city)
                walk.append(city)

    visit(start, None)
    return walk


def steiner_bound(map, tickets) -> dict:
    """Every number of the proof that the MST-based Steiner tree is at most twice the best
    tree (in fact 2 (1 - 1/k) times, for k ticket cities), for the cities of ``tickets``:

    ``"tree"``: the best tree's trains (exact, Dreyfus-Wagner); ``"walk"``: the closed walk
    around it (each route twice) and ``"doubled"`` its trains, 2 x tree; ``"tour"``: the
    ticket cities in the order the walk first meets them, and ``"tour trains"``, the tour
    that jumps between them by shortest paths (never more than the walk: shortcuts);
    ``"bound"``: 2 (1 - 1/k) x tree (the longest of the k legs is at least 1/k of the tour);
    ``"path trains"``: the tour without its longest leg, a spanning tree of the ticket cities
    in the shortest-distance graph; ``"mst"``: the cheapest such spanning tree;
    ``"approximate"``: the trains of the network it stands for (networkx, Kou's method);
    ``"forest"``: the best forest (the cheapest network completing the tickets, perhaps in
    pieces); ``"rows"``: a :class:`~.shared.Table` of the chain. Always
    approximate <= mst <= path trains <= bound <= 2 x tree, and path trains <= tour trains <= doubled
    = 2 x tree.

    >>> b = steiner_bound("europe", [("Edinburgh", "Paris"), ("Paris", "Zagrab"), ("Brest", "Venezia")])
    >>> b["tree"], b["doubled"], b["tour trains"], b["path trains"], b["mst"], b["approximate"]
    (16, 32, 32, 18, 17, 17)
    """
    m = load_map(map)
    g = map_graph(m)
    pairs = [(m.city_id(a), m.city_id(b)) for a, b in tickets]
    terminals = list(dict.fromkeys(c for p in pairs for c in p))
    weight, edges = steiner_tree(g, terminals)
    tree = nx.Graph()
    tree.add_edges_from(edges)
    walk = _euler_walk(tree, terminals[0])
    doubled = sum(g.edges[a, b]["weight"] for a, b in zip(walk, walk[1:], strict=False))
    wanted = set(terminals)
    tour = [c for i, c in enumerate(walk) if c in wanted and c not in walk[:i]]
    closure = MetricClosure(g)
    legs = [int(closure.distance(a, b)) for a, b in zip(tour, tour[1:] + tour[:1], strict=False)]
    metric = nx.Graph()
    metric.add_weighted_edges_from((a, b, closure.distance(a, b)) for i, a in enumerate(terminals)
                                   for b in terminals[i + 1:])
    mst = int(nx.minimum_spanning_tree(metric).size(weight="weight"))
    approx = approximate_network(m, pairs, method="kou").trains
    forest = cheapest_network(m, pairs).trains
    names = {c.id: c.name for c in m.cities.values()}
    out = {"tree": int(weight), "walk": [names[c] for c in walk], "doubled": doubled,
           "tour": [names[c] for c in tour], "legs": legs, "tour trains": sum(legs),
           "path trains": sum(legs) - max(legs), "mst": mst, "approximate": approx, "forest": forest,
           "cities": len(terminals),
           "bound": round(2 * (1 - 1 / len(terminals)) * weight, 1)}
    words = [(N_("the best tree"), out["tree"]), (N_("the walk around it, every route twice"), doubled),
             (N_("the tour of the ticket cities, by shortcuts"), out["tour trains"]),
             (N_("2 (1 − 1/k) × the best tree, k the number of ticket cities"), out["bound"]),
             (N_("the tour without its longest leg"), out["path trains"]),
             (N_("the cheapest tree of shortest distances (MST)"), mst),
             (N_("the network it stands for"), approx), (N_("the best forest"), forest)]
    out["rows"] = Table([{"step of the proof": gettext(w), "trains": n} for w, n in words])
    return out


# -- the exercise: the learner writes Kruskal, the checker follows the trace --------------------
#: What would compute the answer for the learner: refused while their function is checked.
SHORTCUTS = (("networkx", "minimum_spanning_tree"), ("networkx", "minimum_spanning_edges"),
             ("networkx", "maximum_spanning_tree"), ("networkx", "maximum_spanning_edges"),
             ("networkx.algorithms.tree.mst", "kruskal_mst_edges"),
             ("networkx.algorithms.tree.mst", "prim_mst_edges"),
             ("networkx.algorithms.tree.mst", "boruvka_mst_edges"),
             (__name__, "kruskal_steps"), (__name__, "reference_kruskal"), (__name__, "solution_kruskal"),
             (__name__, "prim_steps"), (__name__, "mst_weight_networkx"))


class KruskalTrace(list):
    """Kruskal's accepted edges in order (a list), remembering the ``cities`` and ``edges``
    they were taken from, so that another trace can be compared with the rules, ties allowed."""

    def __init__(self, taken, cities, edges):
        super().__init__(taken)
        self.cities, self.edges = list(cities), list(edges)


def kruskal_trace(cities, edges) -> KruskalTrace:
    """:func:`reference_kruskal` as a :class:`KruskalTrace` (the exercise's key)."""
    return KruskalTrace(reference_kruskal(cities, edges), cities, edges)


def _read_edge(item, known: dict):
    """The edge of ``known`` (``{frozenset of two cities: edge}``) that ``item`` names, or None."""
    if not isinstance(item, (tuple, list)) or len(item) not in (2, 3):
        return None
    edge = known.get(frozenset(item[:2]))
    if edge is None or (len(item) == 3 and item[2] != edge[2]):
        return None
    return edge


def trace_problem(cities, edges, got) -> str | None:
    """What is wrong with ``got`` as Kruskal's trace on ``(cities, edges)``: a sentence, or None
    when every edge is, at its turn, a cheapest edge joining two separate groups (any order
    among equal lengths) and no edge joining two groups is left at the end.

    >>> edges = [("A", "B", 1), ("B", "C", 2), ("A", "C", 3), ("C", "D", 4)]
    >>> trace_problem("ABCD", edges, [("A", "B", 1), ("B", "C", 2), ("C", "D", 4)]) is None
    True
    >>> trace_problem("ABCD", edges, [("A", "B", 1), ("B", "C", 2), ("A", "C", 3)])
    'route number 3 of your list, A–C, closes the loop A–B–C–A: its two cities are already joined by the routes before it'
    >>> trace_problem("ABCD", edges, [("B", "C", 2), ("A", "B", 1), ("C", "D", 4)])
    'route number 1 of your list, B–C (2 trains), comes too early: a route of 1 train still joins two separate groups'
    """  # noqa: E501
    if isinstance(got, Iterator):            # a generator yielding the routes in order will do
        got = list(got)
    if not isinstance(got, (list, tuple)):
        return gettext("it returned {value}: return the list of the routes it takes, in the order it takes "
                       "them").format(value=_described(got))
    known = {frozenset(e[:2]): tuple(e) for e in edges}
    uf = UnionFind(cities)
    tree = nx.Graph()
    taken: set = set()
    for k, item in enumerate(got, 1):
        edge = _read_edge(item, known)
        if edge is None:
            return gettext("route number {k} of your list, {item}, is not one of the routes (give each as "
                           "(city, city, trains), as in the list)").format(k=k, item=_described(item))
        a, b, w = edge
        pair = frozenset((a, b))
        if pair in taken:
            return gettext("route number {k} of your list, {route}, is in it twice").format(k=k, route=_pair(a, b))
        if uf.connected(a, b):
            loop = "–".join(str(c) for c in _tree_path(tree, a, b) + [a])
            return gettext("route number {k} of your list, {route}, closes the loop {loop}: its two cities are "
                           "already joined by the routes before it").format(k=k, route=_pair(a, b), loop=loop)
        cheapest = min(e[2] for e in edges if frozenset(e[:2]) not in taken and not uf.connected(e[0], e[1]))
        if w > cheapest:
            return gettext("route number {k} of your list, {route} ({trains}), comes too early: a route of "
                           "{cheaper} still joins two separate groups").format(
                k=k, route=_pair(a, b), trains=_trains(w), cheaper=_trains(cheapest))
        uf.union(a, b)
        tree.add_edge(a, b)
        taken.add(pair)
    if any(not uf.connected(e[0], e[1]) for e in edges):
        return ngettext("your list stops after {n} route, but some routes still join two separate groups",
                        "your list stops after {n} routes, but some routes still join two separate groups",
                        len(got)).format(n=len(got))
    return None


def _described(value) -> str:
    from ...exercises.functions import describe

    return describe(value)


class KruskalExercise(FunctionExercise):
    """The learner writes ``kruskal(cities, routes)`` returning the routes it takes, in order.

    The checker follows that trace (:func:`trace_problem`): a route that closes a loop, a
    route taken before a cheaper one that still joins two groups, a list that stops too soon
    each get a sentence naming the route. While the learner's function runs, the library's
    spanning-tree functions and the package's own answer raise (:data:`SHORTCUTS`), so only
    a function that does the steps itself can pass.
    """

    def compare(self, fn):
        for args in self.cases:
            expected = self.answer(*self._args(args))
            try:
                with refusing(fn, SHORTCUTS):
                    got = fn(*self._args(args))
            except ShortcutUsed as e:
                return Verdict(False, gettext("Not yet: your function calls {name}, which finds the tree for it; "
                                              "write Kruskal's steps yourself.").format(name=e.name))
            except NotImplementedError:
                return Verdict(False, NOT_WRITTEN)
            except Exception as e:  # the learner's code may fail in any way; report it
                return Verdict(False, gettext("Not yet: for the case {case} your function raised {error}.").format(
                    case=describe_case(args), error=f"{type(e).__name__}: {e}"))
            problem = trace_problem(expected.cities, expected.edges, got)
            if problem:
                return Verdict(False, gettext("Not yet: for the case {case}, {problem}.").format(
                    case=describe_case(args), problem=problem))
        return Verdict(True, gettext("Right: your function takes the routes in Kruskal's order on all {n} "
                                     "cases.").format(n=len(self.cases)))


def _same_trace(got, expected) -> bool:
    return trace_problem(expected.cities, expected.edges, got) is None


def kruskal_exercise() -> KruskalExercise:
    """Write ``kruskal(cities, routes)``; checked on small graphs (with ties and two pieces)
    and on both maps.

    >>> kruskal_exercise().judge(solution_kruskal).correct   # a check() refuses it: not yours
    True
    >>> def shortcut(cities, routes):
    ...     import networkx as nx
    ...     g = nx.Graph()
    ...     g.add_weighted_edges_from(routes)
    ...     return list(nx.minimum_spanning_edges(g, algorithm="kruskal", data=False))
    >>> kruskal_exercise().judge(shortcut).message
    "Not yet: your function calls minimum_spanning_edges, which finds the tree for it; write Kruskal's steps yourself."
    """
    triangle = (["A", "B", "C"], [("A", "B", 1), ("B", "C", 2), ("A", "C", 3)])
    square = (["A", "B", "C", "D"], [("A", "B", 1), ("B", "C", 1), ("C", "D", 1), ("D", "A", 1), ("A", "C", 2)])
    pieces = (["A", "B", "C", "D", "E"], [("A", "B", 2), ("B", "C", 1), ("A", "C", 1), ("D", "E", 5)])
    cases = [triangle, square, pieces, map_edges("europe"), map_edges("usa")]
    return KruskalExercise(
        gettext("Write kruskal(cities, routes): cities is a list of cities, routes a list of (city, city, trains) "
                "tuples; return the routes Kruskal's algorithm takes, in the order it takes them."),
        reference=kruskal_trace, cases=cases, copy_args=True, equal=_same_trace,
        hint=[gettext("Kruskal looks at the routes from the fewest trains to the most: put them in that "
                      "order first."),
              gettext("Keep the cities in groups, with a union-find (UnionFind from ttr_teach.algorithms, or "
                      "your own dictionary of parents): a route whose two cities are already in one group "
                      "would close a loop, so it is skipped."),
              gettext("Return the routes you take, in the order you take them, each as it was given.")],
        function_name="kruskal", example=solution_kruskal, solution=source_of(solution_kruskal, "kruskal"))


def walk_and_tour(proof: dict) -> str:
    """The walk around the best tree and the tour of the ticket cities with its legs' trains,
    from :func:`steiner_bound`, on two lines.

    >>> print(walk_and_tour({"walk": ["A", "B", "A"], "tour": ["A", "B"], "legs": [3, 3]}))
    walk around the best tree: A → B → A
    tour of the ticket cities: A → B (legs: 3, 3)
    """
    return "\n".join([
        gettext("walk around the best tree: {walk}").format(walk=" → ".join(proof["walk"])),
        gettext("tour of the ticket cities: {tour} (legs: {legs})").format(
            tour=" → ".join(proof["tour"]), legs=local_list([str(n) for n in proof["legs"]]))])
