"""Lesson 12, a reduction step by step: a Hamiltonian path in a cubic graph becomes a longest
trail question. In a simple cubic graph on n cities (every city with 3 routes, no two routes
joining the same two cities) no trail has more than n + 1 routes, and a trail of n + 1 routes
exists exactly when a path through every city once (a Hamiltonian path) does.

Here: every cubic graph up to a size (:func:`cubic_graphs`), the longest-trail instance of a
graph (:func:`trail_instance`), brute-force searches for the longest trail and for a
Hamiltonian path (the lesson's checks, exponential on purpose), the two directions of the
proof as functions (:func:`trail_from_path`, :func:`path_from_trail`) with their traces, the
table that checks the equivalence on every small cubic graph, and the drawing of a graph beside
its instance.

>>> g = nx.petersen_graph()
>>> len(longest_trail(g)) - 1, trail_instance(g).target
(11, 11)
"""
from __future__ import annotations

import functools
import itertools
import json
import math
from dataclasses import dataclass
from pathlib import Path

import networkx as nx

from ....engine.i18n import N_, gettext
from .frames import FramePlayer
from .shared import PATH_COLOR, TREE_COLOR, WAITING_COLOR, Table, _step_title

HEADINGS = (N_("cities"), N_("graphs"), N_("longest trail is n + 1"), N_("Hamiltonian path"),
            N_("both agree"), N_("longest trail"), N_("graph"))


# -- the graphs ---------------------------------------------------------------------------------
def _edge_lists(n: int) -> list:
    """Every cubic graph on the cities 0 to n-1 as a list of routes, up to renaming the cities
    not yet reached: city after city, the first one short of routes is joined to a later one
    (of the cities with no route yet, only the first is tried: they are all alike)."""
    adj: list[set] = [set() for _ in range(n)]
    out: list = []

    def fill() -> None:
        v = next((i for i in range(n) if len(adj[i]) < 3), None)
        if v is None:
            out.append([(a, b) for a in range(n) for b in sorted(adj[a]) if a < b])
            return
        tried_fresh = False
        for w in range(v + 1, n):
            if len(adj[w]) == 3 or w in adj[v] or (not adj[w] and tried_fresh):
                continue
            tried_fresh = tried_fresh or not adj[w]
            adj[v].add(w)
            adj[w].add(v)
            fill()
            adj[v].discard(w)
            adj[w].discard(v)

    if n % 2 == 0:
        fill()
    return out


def _fingerprint(graph: nx.Graph) -> tuple:
    """What renaming the cities cannot change: for each city, how many cities lie at each
    distance and how many triangles it is in, sorted. Equal graphs have equal fingerprints."""
    rows = []
    for city, distance in nx.all_pairs_shortest_path_length(graph):
        at = [0] * graph.number_of_nodes()
        for d in distance.values():
            at[d] += 1
        rows.append((tuple(at), nx.triangles(graph, city)))
    return tuple(sorted(rows))


#: Every cubic graph on 4 to 10 cities, as :func:`search_cubic_graphs` finds them (its routes in
#: its order): a search of 10 cities takes seconds, and a lesson opens without waiting.
#: ``bench/cubic_census.py`` searches again and compares; the tests check the file.
CENSUS = Path(__file__).with_name("cubic_graphs.json")


@functools.cache
def _stored_census() -> dict:
    data = json.loads(CENSUS.read_text(encoding="utf-8"))
    return {int(n): [[tuple(e) for e in edges] for edges in lists] for n, lists in data["graphs"].items()}


def search_cubic_graphs(n: int) -> list:
    """Every simple cubic graph on ``n`` cities, one of each shape, as lists of routes: found by
    trying every way to give each city three routes (:func:`_edge_lists`) and keeping a graph
    only if none kept before has the same shape (equal fingerprints, then an isomorphism test).

    >>> [len(search_cubic_graphs(n)) for n in (4, 6, 8)]
    [1, 2, 6]
    """
    kept: dict[tuple, list] = {}
    out = []
    for edges in _edge_lists(n):
        g = nx.Graph(edges)
        bucket = kept.setdefault(_fingerprint(g), [])
        if not any(nx.is_isomorphic(g, h) for h in bucket):
            bucket.append(g)
            out.append(edges)
    return out


@functools.cache
def _cubic_graphs(n: int) -> tuple:
    stored = _stored_census().get(n)
    lists = stored if stored is not None else search_cubic_graphs(n)
    return tuple(nx.freeze(nx.Graph(edges)) for edges in lists)


def cubic_graphs(n: int) -> list:
    """Every simple cubic graph on ``n`` cities (0 to n-1), one of each shape (isomorphism
    class), those in several pieces included: :func:`search_cubic_graphs`'s, read from
    :data:`CENSUS` up to 10 cities. The counts match the known census (connected: 1, 2, 5, 19
    for 4 to 10).

    >>> [len(cubic_graphs(n)) for n in (4, 6, 8)], [len(connected_cubic_graphs(n)) for n in (4, 6, 8)]
    ([1, 2, 6], [1, 2, 5])
    """
    return list(_cubic_graphs(n))


def connected_cubic_graphs(n: int) -> list:
    """The graphs of :func:`cubic_graphs` that are in one piece."""
    return [g for g in cubic_graphs(n) if nx.is_connected(g)]


# -- the two searches (brute force, exponential on purpose) -------------------------------------
def longest_trail(graph: nx.Graph) -> list:
    """A longest trail of ``graph`` (routes of length 1, no route twice) as its cities in order,
    by trying every way to go on from every city.

    >>> len(longest_trail(nx.complete_graph(4))) - 1
    5
    """
    edges = {frozenset(e): i for i, e in enumerate(graph.edges)}
    best: list = [next(iter(graph.nodes))] if graph.number_of_nodes() else []

    def extend(trail: list, used: int) -> None:
        nonlocal best
        if len(trail) > len(best):
            best = list(trail)
        for w in graph[trail[-1]]:
            bit = 1 << edges[frozenset((trail[-1], w))]
            if not used & bit:
                trail.append(w)
                extend(trail, used | bit)
                trail.pop()

    for start in graph.nodes:
        extend([start], 0)
    return best


def hamiltonian_path(graph: nx.Graph) -> list | None:
    """A path through every city of ``graph`` exactly once, or None, by trying every order.

    >>> hamiltonian_path(nx.petersen_graph()) is not None, hamiltonian_path(nx.star_graph(3))
    (True, None)
    """
    n = graph.number_of_nodes()

    def extend(path: list, seen: set) -> list | None:
        if len(path) == n:
            return list(path)
        for w in graph[path[-1]]:
            if w not in seen:
                path.append(w)
                seen.add(w)
                found = extend(path, seen)
                if found:
                    return found
                path.pop()
                seen.discard(w)
        return None

    for start in graph.nodes:
        found = extend([start], {start})
        if found:
            return found
    return None


# -- the reduction ------------------------------------------------------------------------------
@dataclass(frozen=True)
class TrailInstance:
    """A longest-trail question: ``routes`` as ``(a, b, length)`` (lesson 5's networks) and the
    ``target`` length: is there a trail at least that long?"""

    routes: tuple
    target: int


def trail_instance(graph: nx.Graph) -> TrailInstance:
    """The longest-trail question that answers "has the cubic ``graph`` a Hamiltonian path?":
    the same cities and routes, every route of length 1, and the target n + 1. Building it takes
    one look at each route: polynomial time.

    >>> trail_instance(nx.complete_graph(4))
    TrailInstance(routes=((0, 1, 1), (0, 2, 1), (0, 3, 1), (1, 2, 1), (1, 3, 1), (2, 3, 1)), target=5)
    """
    return TrailInstance(tuple((a, b, 1) for a, b in graph.edges), graph.number_of_nodes() + 1)


def instance_summary(instance: TrailInstance) -> str:
    """The instance in one line, for a lesson to print.

    >>> instance_summary(trail_instance(nx.complete_graph(4)))
    'the instance: 6 routes of length 1; question: is there a trail of at least 5 routes?'
    """
    return gettext("the instance: {routes} routes of length 1; question: is there a trail of at least {target} "
                   "routes?").format(routes=len(instance.routes), target=instance.target)


def trail_from_path(graph: nx.Graph, path: list) -> list:
    """The "if" direction: a trail of n + 1 routes made from a Hamiltonian ``path`` of the cubic
    ``graph``, by adding one unused route at each end; at the first end, a route that does not
    lead to the other end, so the two added routes differ.

    >>> trail_from_path(nx.complete_graph(4), [0, 1, 2, 3])
    [2, 0, 1, 2, 3, 0]
    """
    first, last = path[0], path[-1]
    before = next(w for w in graph[first] if w != path[1] and w != last)
    after = next(w for w in graph[last] if w != path[-2])
    return [before, *path, after]


def path_from_trail(trail: list) -> list:
    """The "only if" direction: the Hamiltonian path inside a trail of n + 1 routes of a cubic
    graph: the trail without its first and its last city. Each end of such a trail is met once
    more inside it, every other city exactly once, so the inside holds every city once.

    >>> path_from_trail([2, 0, 1, 2, 3, 0])
    [0, 1, 2, 3]
    """
    return list(trail[1:-1])


def is_trail(graph: nx.Graph, trail: list) -> bool:
    """Whether ``trail`` (cities in order) follows routes of ``graph`` and uses none twice."""
    steps = [frozenset(p) for p in itertools.pairwise(trail)]
    return all(graph.has_edge(a, b) for a, b in itertools.pairwise(trail)) and len(set(steps)) == len(steps)


def is_hamiltonian_path(graph: nx.Graph, path: list) -> bool:
    """Whether ``path`` meets every city of ``graph`` exactly once along its routes."""
    return (sorted(path, key=str) == sorted(graph.nodes, key=str)
            and all(graph.has_edge(a, b) for a, b in itertools.pairwise(path)))


def visits(trail: list) -> dict:
    """``{city: routes of the trail at it}``: 2 for each time the trail passes through, 1 for
    each end.

    >>> visits([2, 0, 1, 2, 3, 0])
    {2: 3, 0: 3, 1: 2, 3: 2}
    """
    count: dict = {}
    for i, city in enumerate(trail):
        count[city] = count.get(city, 0) + (1 if i in (0, len(trail) - 1) else 2)
    return count


def trace_if(graph: nx.Graph, path: list) -> list:
    """The "if" direction in sentences: the path, the routes added at each end, the trail."""
    trail = trail_from_path(graph, path)
    n = graph.number_of_nodes()
    free_first = [w for w in graph[path[0]] if w != path[1]]
    return [
        gettext("1. A Hamiltonian path: {path} ({k} routes, every one of the {n} cities once).").format(
            path=_cities(path), k=len(path) - 1, n=n),
        gettext("2. Its first end {a} has two routes left, to {free}; take one that does not lead to the other "
                "end {b}: {a}–{c}.").format(a=path[0], free=_cities(free_first, ", "), b=path[-1], c=trail[0]),
        gettext("3. Its last end {b} has two routes left; take one of them: {b}–{d}.").format(
            b=path[-1], d=trail[-1]),
        gettext("4. The trail {trail} has {k} = n + 1 routes, none twice.").format(
            trail=_cities(trail), k=len(trail) - 1),
    ]


def trace_only_if(graph: nx.Graph, trail: list) -> list:
    """The "only if" direction in sentences: the routes the trail uses at each city, then the
    path left when its first and last routes are dropped."""
    n = graph.number_of_nodes()
    count = visits(trail)
    ends = [c for c, k in count.items() if k == 3]
    return [
        gettext("1. A trail of {k} = n + 1 routes: {trail}.").format(k=len(trail) - 1, trail=_cities(trail)),
        gettext("2. Routes it uses at each city: 3 at its ends {ends}, 2 at the other {m} cities. With 3 routes "
                "a city, that is the most the count allows, so it is exact.").format(
            ends=_cities(ends, ", "), m=n - len(ends)),
        gettext("3. An end with 3 routes is met once as an end and once more inside the trail; every other city "
                "once, inside."),
        gettext("4. Drop the first and the last route: {path} meets each of the {n} cities once, a Hamiltonian "
                "path.").format(path=_cities(path_from_trail(trail)), n=n),
    ]


def _cities(cities, sep: str = "–") -> str:
    return sep.join(str(c) for c in cities)


def equivalence_table(sizes=(4, 6, 8, 10)) -> Table:
    """For each size: how many cubic graphs there are, how many have a trail of n + 1 routes
    (found by :func:`longest_trail`), how many a Hamiltonian path (:func:`hamiltonian_path`),
    and on how many the two answers agree.

    >>> [r["both agree"] for r in equivalence_table((4, 6)).rows]
    [1, 2]
    """
    rows = []
    for n in sizes:
        graphs = cubic_graphs(n)
        long = [len(longest_trail(g)) - 1 == n + 1 for g in graphs]
        ham = [hamiltonian_path(g) is not None for g in graphs]
        rows.append({"cities": n, "graphs": len(graphs), "longest trail is n + 1": sum(long),
                     "Hamiltonian path": sum(ham), "both agree": sum(a == b for a, b in zip(long, ham, strict=True))})
    return Table(rows)


def no_trail_is_longer(sizes=(4, 6, 8, 10)) -> bool:
    """Whether no cubic graph of these sizes has a trail of more than n + 1 routes."""
    return all(len(longest_trail(g)) - 1 <= n + 1 for n in sizes for g in cubic_graphs(n))


def longer_trail_summary(sizes=(4, 6, 8, 10)) -> str:
    """:func:`no_trail_is_longer` in a sentence, for a lesson to print."""
    if no_trail_is_longer(sizes):
        return gettext("In none of these graphs has a trail more than n + 1 routes.")
    return gettext("Some of these graphs have a trail of more than n + 1 routes.")


def beyond_cubic() -> Table:
    """Graphs that are not cubic, where the equivalence fails: three triangles sharing a city
    (a city of 6 routes: a trail passes it three times) and a path of 4 cities (its ends have
    no route left to add)."""
    rows = []
    for name, g in ((N_("three triangles sharing a city"), nx.windmill_graph(3, 3)),
                    (N_("a path of 4 cities"), nx.path_graph(4))):
        rows.append({"graph": gettext(name), "cities": g.number_of_nodes(),
                     "longest trail": len(longest_trail(g)) - 1,
                     "Hamiltonian path": gettext("yes") if hamiltonian_path(g) else gettext("no")})
    return Table(rows)


# -- the drawing --------------------------------------------------------------------------------
def _layout(graph: nx.Graph, order: list) -> dict:
    if nx.is_isomorphic(graph, nx.petersen_graph()) and set(graph.nodes) == set(range(10)):
        return {i + 5 * ring: ((1 - 0.5 * ring) * math.cos(math.radians(90 + 72 * i)),
                               (1 - 0.5 * ring) * math.sin(math.radians(90 + 72 * i)))
                for i in range(5) for ring in (0, 1)}
    return {c: (math.cos(2 * math.pi * k / len(order)), math.sin(2 * math.pi * k / len(order)))
            for k, c in enumerate(order)}


def _draw(ax, graph: nx.Graph, pos: dict, walk: list, colour: str, title: str) -> None:
    from matplotlib.patches import FancyArrowPatch

    steps = {frozenset(pair): step for step, pair in enumerate(itertools.pairwise(walk), 1)}
    for a, b in graph.edges:
        k = steps.get(frozenset((a, b)))
        ax.add_patch(FancyArrowPatch(pos[a], pos[b], arrowstyle="-", color=colour if k else "#999999",
                                     linewidth=3.5 if k else 1.2, linestyle="-" if k else (0, (4, 3)),
                                     shrinkA=11, shrinkB=11))
        if k:
            (xa, ya), (xb, yb) = pos[a], pos[b]
            ax.text((xa + xb) / 2, (ya + yb) / 2, str(k), fontsize=8, ha="center", va="center",
                    bbox={"boxstyle": "circle,pad=0.2", "fc": "white", "ec": colour})
    ends = {walk[0], walk[-1]}
    nx.draw_networkx_nodes(graph, pos, ax=ax, node_size=300,
                           node_color=[WAITING_COLOR if c in ends else "#dddddd" for c in graph])
    nx.draw_networkx_labels(graph, pos, ax=ax, font_size=8)
    ax.set_title(title, fontsize=10)
    ax.set_aspect("equal")
    ax.axis("off")
    ax.margins(0.12)


def plot_reduction(graph: nx.Graph, path: list, trail: list | None = None):
    """The cubic ``graph`` with its Hamiltonian ``path`` (left) beside the longest-trail
    instance with ``trail`` (right; by default the trail made from the path): the same cities and
    routes, each route of length 1. Routes used are thick and numbered in order, the ends in
    orange, the routes left out dashed. Returns the Figure."""
    import matplotlib.pyplot as plt

    trail = trail if trail is not None else trail_from_path(graph, path)
    pos = _layout(graph, path)
    fig, (left, right) = plt.subplots(1, 2, figsize=(9, 4.2))
    n = graph.number_of_nodes()
    _draw(left, graph, pos, path, TREE_COLOR, gettext("Hamiltonian path: {k} routes, {n} cities").format(
        k=len(path) - 1, n=n))
    _draw(right, graph, pos, trail, PATH_COLOR, gettext("Longest-trail instance: a trail of {k} routes, target "
                                                         "{target}").format(k=len(trail) - 1, target=n + 1))
    fig.tight_layout()
    plt.close(fig)
    return fig


# -- the trace, step by step ----------------------------------------------------------------------
def trail_frames(graph: nx.Graph, trail: list) -> list:
    """The "only if" direction as frames: the trail grows route by route, each frame saying how
    many of the trail's routes meet the city just reached; the last frame drops the first and the
    last route and shows the Hamiltonian path left. A frame is ``{"title", "message", "graph",
    "walk", "colour"}`` (:class:`GraphFramePlayer` draws it).

    >>> frames = trail_frames(nx.complete_graph(4), [2, 0, 1, 2, 3, 0])
    >>> len(frames), frames[-1]["walk"]
    (6, [0, 1, 2, 3])
    >>> frames[2]["message"]
    "route 3: 1–2; the trail's routes at 2 so far: 2 of 3."
    """
    total = len(trail)
    frames = []
    for k in range(1, len(trail)):
        walk = trail[:k + 1]
        frames.append({"title": _step_title(k, total), "graph": graph, "walk": walk, "colour": PATH_COLOR,
                       "message": gettext("route {k}: {a}–{b}; the trail's routes at {b} so far: {m} of 3.").format(
                           k=k, a=walk[-2], b=walk[-1], m=visits(walk)[walk[-1]])})
    path = path_from_trail(trail)
    frames.append({"title": _step_title(total, total), "graph": graph, "walk": path, "colour": TREE_COLOR,
                   "message": gettext("Drop the first and the last route: {path} meets each of the {n} cities once, a "
                                      "Hamiltonian path.").format(path=_cities(path), n=graph.number_of_nodes())})
    return frames


class GraphFramePlayer(FramePlayer):
    """The lessons' frame player (:class:`~.frames.FramePlayer`) for frames of a small graph
    (:func:`trail_frames`), drawn with matplotlib rather than on the map's board."""

    def svg(self, i: int) -> str:
        if i not in self._svgs:
            import io

            import matplotlib.pyplot as plt

            frame = self.frames[i]
            fig, ax = plt.subplots(figsize=(4.6, 4.2))
            _draw(ax, frame["graph"], _layout(frame["graph"], self.frames[-1]["walk"]), frame["walk"],
                  frame["colour"], "")
            out = io.StringIO()
            fig.savefig(out, format="svg", bbox_inches="tight")
            plt.close(fig)
            self._svgs[i] = out.getvalue()
        return self._svgs[i]


def trail_player(graph: nx.Graph, trail: list) -> GraphFramePlayer:
    """A player stepping through :func:`trail_frames`; the last expression of a cell shows it."""
    return GraphFramePlayer(trail_frames(graph, trail), interval_ms=1500)
