"""Lesson 12, the step before the lesson's own: a Hamiltonian circuit question in a cubic graph
becomes a Hamiltonian path question in another cubic graph, planar when the first one is.

The construction (:func:`path_instance`): pick a city w with routes to a, b and c. Put a new
city on each of the three routes (a', b', c'), join a new city s to a' and b', and hang a
**pendant gadget** (:func:`add_pendant`: five cities, joined to the rest by one route) on s and
on c'. Every city then has 3 routes. A Hamiltonian path of the new graph must end inside each
gadget, so it runs from s to c' through all of G, and that happens exactly when G has a
Hamiltonian circuit. One question in, one question out: a reduction of the usual (Karp) kind.

Here: the two brute-force searches (:func:`hamiltonian_circuit`, :func:`hamiltonian_path_of`),
both directions of the proof as functions (:func:`path_from_circuit`,
:func:`circuit_from_path`), the table checking the equivalence on every small cubic graph, and
the drawing of a graph beside its instance.

>>> k4 = nx.complete_graph(4)
>>> instance = path_instance(k4)
>>> instance.graph.number_of_nodes(), sorted({d for _, d in instance.graph.degree})
(18, [3])
"""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

import networkx as nx

from ....engine.i18n import N_, gettext
from .reduction import _draw, cubic_graphs
from .shared import PATH_COLOR, TREE_COLOR, Table

HEADINGS = (N_("cities"), N_("graphs"), N_("Hamiltonian circuit in G"), N_("Hamiltonian path in H"),
            N_("both agree"))

#: The pendant gadget: K4 on cities 1 to 4 with its route 1–2 cut by city 0, the city that is
#: joined to the rest of the graph. Every one of its cities has 3 routes, city 0 counting that one.
GADGET_ROUTES = ((0, 1), (0, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4))
#: A path through the whole gadget from its city 0 (the only way in).
GADGET_PATH = (0, 1, 3, 4, 2)


# -- the construction ---------------------------------------------------------------------------
def add_pendant(graph: nx.Graph, anchor, first: int) -> list:
    """Hang a pendant gadget on ``anchor``: five new cities ``first`` to ``first + 4`` (the K4
    with one route cut by a city), joined to ``anchor`` by a single route. Returns the gadget's
    cities in the order of a path through all of them from the one next to ``anchor``.

    >>> g = nx.Graph([(0, 1)])
    >>> add_pendant(g, 1, 10), g.degree(10), g.degree(1)
    ([10, 11, 13, 14, 12], 3, 2)
    """
    graph.add_edges_from((first + a, first + b) for a, b in GADGET_ROUTES)
    graph.add_edge(anchor, first)
    return [first + k for k in GADGET_PATH]


@dataclass(frozen=True)
class PathInstance:
    """The Hamiltonian path question made from ``original``: the new ``graph``; the ``city`` w
    whose routes were cut; ``split``, the new city put on each of w's routes, by the neighbour
    it leads to; ``joiner`` (s, joined to the new cities towards ``a`` and ``b``);
    ``pendant`` (c, whose new city carries a gadget); ``gadgets``, the two gadgets' cities
    (on s, on c'), each in the order of a path through it from its entrance."""

    graph: nx.Graph
    original: nx.Graph
    city: int
    split: dict
    joiner: int
    pendant: int
    gadgets: tuple


def path_instance(graph: nx.Graph, city=None, pendant=None) -> PathInstance:
    """The Hamiltonian path question that answers "has the cubic ``graph`` a Hamiltonian
    circuit?". At ``city`` w (by default the first), the routes to its neighbours a, b and c
    (c = ``pendant``, by default the last neighbour) each get a new city a', b', c'; a new city
    s is joined to a' and b'; a pendant gadget hangs on s and on c'. New cities are numbered
    after the graph's. Every city keeps 3 routes, and a planar graph stays planar (s sits in the
    face between w's routes to a and to b). Building it takes a few steps: polynomial time.

    >>> instance = path_instance(nx.complete_graph(4))
    >>> instance.split, instance.joiner, instance.pendant
    ({1: 4, 2: 5, 3: 6}, 7, 3)
    """
    w = next(iter(graph.nodes)) if city is None else city
    c = sorted(graph[w])[-1] if pendant is None else pendant
    a, b = sorted(x for x in graph[w] if x != c)
    new = nx.Graph(graph)
    fresh = itertools.count(max(graph.nodes) + 1)
    split = {}
    for x in (a, b, c):
        split[x] = next(fresh)
        new.remove_edge(w, x)
        new.add_edges_from([(w, split[x]), (split[x], x)])
    s = next(fresh)
    new.add_edges_from([(s, split[a]), (s, split[b])])
    gadgets = (add_pendant(new, s, s + 1), add_pendant(new, split[c], s + 6))
    return PathInstance(new, graph, w, split, s, c, gadgets)


def keeps_three_routes(instance: PathInstance) -> bool:
    """Whether every city of the instance's graph has exactly 3 routes."""
    return all(d == 3 for _, d in instance.graph.degree)


# -- the two searches (exhaustive) --------------------------------------------------------------
def hamiltonian_circuit(graph: nx.Graph) -> list | None:
    """A circuit through every city of ``graph`` exactly once (its cities in order, the route
    back to the first implied), or None, by trying every order from the first city.

    >>> hamiltonian_circuit(nx.complete_graph(4)), hamiltonian_circuit(nx.petersen_graph())
    ([0, 1, 2, 3], None)
    """
    n = graph.number_of_nodes()
    start = next(iter(graph.nodes), None)

    def extend(path: list, seen: set) -> list | None:
        if len(path) == n:
            return list(path) if graph.has_edge(path[-1], start) else None
        for w in graph[path[-1]]:
            if w not in seen:
                found = extend([*path, w], seen | {w})
                if found:
                    return found
        return None

    return extend([start], {start}) if n > 2 else None


def hamiltonian_path_of(graph: nx.Graph) -> list | None:
    """A path through every city of ``graph`` exactly once, or None: every order is tried from
    every city, giving up on a partial path as soon as the cities not yet visited cannot all be
    reached from its end, and never trying the same end with the same visited cities twice.
    (Lesson 12's :func:`~.reduction.hamiltonian_path` without these two shortcuts is too slow
    on graphs of 24 cities.)

    >>> hamiltonian_path_of(nx.path_graph(4)), hamiltonian_path_of(nx.star_graph(3))
    ([0, 1, 2, 3], None)
    """
    cities = list(graph.nodes)
    index = {c: i for i, c in enumerate(cities)}
    routes = [sum(1 << index[w] for w in graph[c]) for c in cities]
    every = (1 << len(cities)) - 1
    dead: set = set()

    def reachable(end: int, free: int) -> int:
        seen = todo = 1 << end
        while todo:
            low = todo & -todo
            todo ^= low
            more = routes[low.bit_length() - 1] & free & ~seen
            seen |= more
            todo |= more
        return seen

    def extend(end: int, used: int, path: list) -> list | None:
        if used == every:
            return path
        if (end, used) in dead or reachable(end, every & ~used) | used != every:
            dead.add((end, used))
            return None
        options = routes[end] & ~used
        while options:
            low = options & -options
            options ^= low
            found = extend(low.bit_length() - 1, used | low, [*path, low.bit_length() - 1])
            if found:
                return found
        dead.add((end, used))
        return None

    for start in range(len(cities)):
        found = extend(start, 1 << start, [start])
        if found:
            return [cities[i] for i in found]
    return None


# -- the two directions of the proof ------------------------------------------------------------
def path_from_circuit(instance: PathInstance, circuit: list) -> list:
    """The "if" direction: a Hamiltonian path of the instance made from a Hamiltonian
    ``circuit`` of the original graph. The circuit uses two of w's three routes and misses one.
    If it misses the route to c, it runs w, a, ..., b, w: the path is (gadget) s, a', a, ...,
    b, b', w, c' (gadget). If it misses the route to a or to b (call that neighbour z, the
    other one y), it runs w, y, ..., c, w: the path is (gadget) s, z', w, y', y, ..., c, c'
    (gadget).

    >>> instance = path_instance(nx.complete_graph(4))
    >>> path_from_circuit(instance, [0, 1, 2, 3])[5:-5]
    [7, 5, 0, 4, 1, 2, 3, 6]
    """
    w, c, split = instance.city, instance.pendant, instance.split
    k = circuit.index(w)
    around = circuit[k:] + circuit[:k]                       # w first
    a, b = (x for x in split if x != c)
    if c not in (around[1], around[-1]):                     # misses the route to c
        if around[1] != a:
            around = [w, *around[:0:-1]]                     # run it w, a, ..., b
        middle = [split[a], *around[1:], split[b], w, split[c]]
    else:
        if around[1] == c:
            around = [w, *around[:0:-1]]                     # run it w, y, ..., c
        y = around[1]
        z = a if y == b else b
        middle = [split[z], w, split[y], *around[1:], split[c]]
    into_s, into_c = instance.gadgets
    return [*into_s[::-1], instance.joiner, *middle, *into_c]


def circuit_from_path(instance: PathInstance, path: list) -> list:
    """The "only if" direction: the original graph's cities in the order a Hamiltonian path of
    the instance meets them. That order is a Hamiltonian circuit: the path runs from s to c'
    through all of the original graph, entering it and leaving it next to w.

    >>> instance = path_instance(nx.complete_graph(4))
    >>> circuit_from_path(instance, path_from_circuit(instance, [0, 1, 2, 3]))
    [0, 1, 2, 3]
    """
    return [c for c in path if c in instance.original]


def is_hamiltonian_circuit(graph: nx.Graph, circuit: list) -> bool:
    """Whether ``circuit`` meets every city of ``graph`` once along its routes and its last city
    is joined to its first."""
    return (sorted(circuit, key=str) == sorted(graph.nodes, key=str) and len(circuit) > 2
            and all(graph.has_edge(a, b) for a, b in itertools.pairwise([*circuit, circuit[0]])))


def circuit_table(sizes=(4, 6, 8, 10)) -> Table:
    """For each size: how many cubic graphs there are, how many have a Hamiltonian circuit, how
    many of their instances (:func:`path_instance`) a Hamiltonian path, and on how many the two
    answers agree; both by search.

    >>> [r["both agree"] for r in circuit_table((4, 6)).rows]
    [1, 2]
    """
    rows = []
    for n in sizes:
        graphs = cubic_graphs(n)
        circuits = [hamiltonian_circuit(g) is not None for g in graphs]
        paths = [hamiltonian_path_of(path_instance(g).graph) is not None for g in graphs]
        rows.append({"cities": n, "graphs": len(graphs), "Hamiltonian circuit in G": sum(circuits),
                     "Hamiltonian path in H": sum(paths),
                     "both agree": sum(x == y for x, y in zip(circuits, paths, strict=True))})
    return Table(rows)


# -- the drawing --------------------------------------------------------------------------------
def _positions(instance: PathInstance, circuit: list) -> tuple:
    """Where to draw the original graph (its circuit on a circle, w on the right) and the
    instance (the same, the new cities on w's routes, s and the gadgets outside the circle)."""
    k = circuit.index(instance.city)
    order = circuit[k:] + circuit[:k]
    n = len(order)
    pos = {c: (math.cos(2 * math.pi * i / n), math.sin(2 * math.pi * i / n)) for i, c in enumerate(order)}
    more = dict(pos)
    w = instance.city
    for x, mid in instance.split.items():
        more[mid] = tuple(0.55 * p + 0.45 * q for p, q in zip(pos[w], pos[x], strict=True))
    s, cut = instance.joiner, instance.split[instance.pendant]
    more[s] = (1.45, 0.7 if more[cut][1] < 0 else -0.7)
    for gadget, (x0, y0) in zip(instance.gadgets, (more[s], (1.45, -more[s][1])), strict=True):
        shape = ((0.5, 0), (1.0, 0.4), (1.0, -0.4), (1.6, 0.4), (1.6, -0.4))
        for city, (dx, dy) in zip(gadget, shape, strict=True):
            more[city] = (x0 + dx, y0 + dy)
    return pos, more


def plot_circuit_to_path(graph: nx.Graph, city=None, pendant=None):
    """The cubic ``graph`` with a Hamiltonian circuit (left, w in orange) beside the path
    instance made at ``city`` with the Hamiltonian path made from that circuit (right, its ends
    in orange, inside the gadgets). Routes used are thick and numbered in order, the others
    dashed. Returns the Figure."""
    import matplotlib.pyplot as plt

    instance = path_instance(graph, city, pendant)
    circuit = hamiltonian_circuit(graph)
    if circuit is None:
        raise ValueError(gettext("This graph has no Hamiltonian circuit to draw."))
    path = path_from_circuit(instance, circuit)
    pos, more = _positions(instance, circuit)
    fig, (left, right) = plt.subplots(1, 2, figsize=(12, 4.8), gridspec_kw={"width_ratios": [1, 1.8]})
    k = circuit.index(instance.city)
    _draw(left, graph, pos, [*circuit[k:], *circuit[:k], instance.city], TREE_COLOR,
          gettext("G: a Hamiltonian circuit, w = {w}").format(w=instance.city))
    _draw(right, instance.graph, more, path, PATH_COLOR,
          gettext("H: a Hamiltonian path, {n} cities").format(n=instance.graph.number_of_nodes()))
    fig.tight_layout()
    plt.close(fig)
    return fig
