"""The exercises of lesson 9 that the learner writes: ``dfs(cities, routes, start)`` (the order
a depth-first search visits the cities), ``low_links(cities, routes)`` (discovery times,
low-links and bridges) and ``articulation_cities(cities, routes)``. Their checkers follow the
learner's trace, not only the answer:

* any neighbour order is right, so the checker replays the search with a stack
  (:func:`follow_order`): each city must be a neighbour of the deepest city on the stack that
  still has a neighbour not visited, and a city leaves the stack only when it has none left;
* the low-links are computed again for the learner's own search tree, and the bridges
  compared with networkx's :func:`networkx.bridges`, on small networks, both maps and random
  networks of their routes;
* the articulation cities are compared with :func:`networkx.articulation_points`, and the two
  classic mistakes told apart (:func:`follow_articulation`): the first city of a piece judged by
  the rule of the others, and ``>`` written for ``>=``;
* while the learner's function runs, networkx's depth-first searches, its bridge and
  articulation functions and the package's own answers raise (:data:`SHORTCUTS`).

>>> follow_order("ABC", [("A", "B", 1), ("A", "C", 1)], "A", ["A", "C", "B"]) is None
True
>>> follow_order("ABCD", [("A", "B", 1), ("A", "C", 1), ("B", "D", 1)], "A", ["A", "B", "C", "D"])
'city number 3 of your list, C, is a neighbour of A, but the search went back to A while B still had a neighbour \
not visited'
"""
from __future__ import annotations

import random

import networkx as nx

from ....engine.i18n import gettext, ngettext
from ....engine.maps import MAP_NAMES
from ...exercises import FunctionExercise, Verdict, source_of
from ...exercises.functions import NOT_WRITTEN, describe, describe_case
from ...exercises.shortcuts import ShortcutUsed, refusing
from .depth_first import depth_first_search, neighbours_of
from .spanning_trees import map_edges

#: What would compute the answer for the learner: refused while their function is checked.
SHORTCUTS = tuple(("networkx", name) for name in (
    "dfs_preorder_nodes", "dfs_postorder_nodes", "dfs_tree", "dfs_edges", "dfs_labeled_edges",
    "dfs_predecessors", "dfs_successors", "edge_dfs", "bridges", "has_bridges", "local_bridges",
    "articulation_points", "biconnected_components", "biconnected_component_edges", "chain_decomposition",
    "node_connected_component", "connected_components", "bfs_tree")) + (
    ("ttr_teach.algorithms.graphs", "bridges"), ("ttr_teach.algorithms.graphs", "articulation_cities"),
    ("ttr_teach.course.lessons.graphs.depth_first", "depth_first_search"))


# -- replaying the learner's search ---------------------------------------------------------------
def _replay(neighbours: dict, order, start=None) -> tuple[str | None, dict]:
    """Replay ``order`` as a depth-first search: ``(what is wrong or None, parent of each city)``.
    With ``start``, the search covers ``start``'s piece only; without it, it may start a new
    piece at any city once the stack is empty, and must visit every city."""
    seen: set = set()
    stack: list = []
    parent: dict = {}

    def unvisited(city):
        return any(n not in seen for n in neighbours[city])

    for k, city in enumerate(order, 1):
        if not _known(city, neighbours):
            return gettext("city number {k} of your list, {city}, is not one of the cities").format(
                k=k, city=describe(city)), parent
        if city in seen:
            return gettext("city number {k} of your list, {city}, is in it twice").format(k=k, city=city), parent
        while stack and not unvisited(stack[-1]):
            stack.pop()
        if not stack:
            if start is not None and k == 1 and city != start:
                return gettext("your list starts with {city}, but the search starts at {start}").format(
                    city=city, start=start), parent
            if start is not None and k > 1:
                return gettext("city number {k} of your list, {city}, cannot be reached from {start}").format(
                    k=k, city=city, start=start), parent
            parent[city] = None
        elif city not in neighbours[stack[-1]]:
            top = stack[-1]
            lower = next((s for s in reversed(stack[:-1]) if city in neighbours[s]), None)
            if lower is not None:
                return gettext("city number {k} of your list, {city}, is a neighbour of {lower}, but the search "
                               "went back to {lower} while {top} still had a neighbour not visited").format(
                    k=k, city=city, lower=lower, top=top), parent
            return gettext("city number {k} of your list, {city}, is not a neighbour of {top}, where the search "
                           "stands, nor of a city it came through").format(k=k, city=city, top=top), parent
        else:
            parent[city] = stack[-1]
        seen.add(city)
        stack.append(city)
    while stack and not unvisited(stack[-1]):
        stack.pop()
    if stack:
        return ngettext("your list stops after {n} city, but {city} still has a neighbour not visited",
                        "your list stops after {n} cities, but {city} still has a neighbour not visited",
                        len(seen)).format(n=len(seen), city=stack[-1]), parent
    if start is None and len(seen) < len(neighbours):
        missed = next(c for c in neighbours if c not in seen)
        return gettext("your search never visits {city}: start again at a city not visited yet until every "
                       "city is").format(city=missed), parent
    return None, parent


def _known(city, neighbours: dict) -> bool:
    try:
        return city in neighbours
    except TypeError:                   # a list or a dict is no city
        return False


def _as_list(got):
    if isinstance(got, (list, tuple)):
        return list(got)
    if hasattr(got, "__next__"):        # a generator yielding the cities in order will do
        return list(got)
    return None


def follow_order(cities, edges, start, got) -> str | None:
    """What is wrong with ``got`` as the order a depth-first search from ``start`` visits the
    cities (neighbours in any order): a sentence, or None when it is a depth-first order that
    visits every city of ``start``'s piece."""
    order = _as_list(got)
    if order is None:
        return gettext("it returned {value}: return the list of the cities in the order your search visits "
                       "them").format(value=describe(got))
    return _replay(neighbours_of(cities, edges), order, start)[0]


def expected_low(neighbours: dict, discovery: dict, parent: dict) -> dict:
    """The low-link of every city for the search tree ``parent`` and the times ``discovery``:
    the smallest discovery time of the city, of the far end of a back route from it or a city
    below it.

    >>> n = {"A": ["B", "C"], "B": ["A", "C"], "C": ["A", "B"]}
    >>> expected_low(n, {"A": 0, "B": 1, "C": 2}, {"A": None, "B": "A", "C": "B"})
    {'C': 0, 'B': 0, 'A': 0}
    """
    low: dict = {}
    for city in sorted(discovery, key=lambda c: discovery[c], reverse=True):
        ups = [discovery[n] for n in neighbours[city] if parent.get(n) != city and n != parent[city]]
        kids = [low[n] for n in neighbours[city] if parent.get(n) == city]
        low[city] = min([discovery[city], *ups, *kids])
    return low


def follow_low_links(cities, edges, got) -> str | None:
    """What is wrong with ``got = (discovery, low, bridges)`` for the network ``(cities,
    edges)``: a sentence, or None when the discovery times are those of a depth-first search
    of every piece, each low-link is right for that search, and the bridges are networkx's."""
    neighbours = neighbours_of(cities, edges)
    if not (isinstance(got, (tuple, list)) and len(got) == 3 and all(isinstance(d, dict) for d in got[:2])):
        return gettext("it returned {value}: return three things, (discovery, low, bridges): two "
                       "dictionaries and a list").format(value=describe(got))
    discovery, low, bridges = got
    missing = next((c for c in neighbours if c not in discovery or c not in low), None)
    if missing is not None:
        return gettext("{city} has no discovery time or no low-link: give every city both").format(city=missing)
    if len(set(discovery[c] for c in neighbours)) < len(neighbours):
        return gettext("two cities have the same discovery time: count up by one at every city discovered")
    order = sorted(neighbours, key=lambda c: discovery[c])
    problem, parent = _replay(neighbours, order)
    if problem:
        return gettext("in the order of your discovery times, {problem}").format(problem=problem)
    right = expected_low(neighbours, discovery, parent)
    for city in order:
        said, want, up = low[city], right[city], parent[city]
        if said == want:
            continue
        if up is not None and said == discovery[up] and said < want:
            return gettext("the low-link of {city} is {low}, the discovery time of {parent}, where it came from: "
                           "the route it came in by is its tree route, not a back route").format(
                city=city, low=said, parent=up)
        if not isinstance(said, (int, float)) or said < want:
            return gettext("the low-link of {city} is {low}, but no back route from {city} or a city below it "
                           "reaches a city discovered that early").format(city=city, low=said)
        return gettext("the low-link of {city} is {low}, but {city} or a city below it has a back route to a "
                       "city discovered earlier").format(city=city, low=said)
    pairs = _as_list(bridges)
    if pairs is None or not all(isinstance(p, (tuple, list)) and len(p) >= 2 for p in pairs):
        return gettext("its bridges are {value}: give them as a list of (city, city) pairs").format(
            value=describe(bridges))
    graph = nx.Graph()
    graph.add_nodes_from(neighbours)
    graph.add_edges_from(e[:2] for e in edges)
    key = {frozenset(b) for b in nx.bridges(graph)}
    given = {frozenset(p[:2]) for p in pairs}
    extra = next((p for p in pairs if frozenset(p[:2]) not in key), None)
    if extra is not None:
        return gettext("{a}–{b} is in your list of bridges, but it is not one: without it, its two cities are "
                       "still joined").format(a=extra[0], b=extra[1])
    if key - given:
        n = len(key - given)
        return ngettext("your list of bridges leaves out {n} bridge", "your list of bridges leaves out {n} bridges",
                        n).format(n=n)
    return None


# -- the exercises ----------------------------------------------------------------------------------
def random_networks(count: int, seed: int = 9) -> list:
    """``count`` networks ``(cities, routes)``: each map's routes, each kept with a probability
    between one half and nine tenths (the same every time: a fixed seed), often in pieces."""
    rng = random.Random(seed)
    out = []
    for k in range(count):
        cities, edges = map_edges(MAP_NAMES[k % len(MAP_NAMES)])
        keep = 0.5 + 0.4 * rng.random()
        out.append((cities, [e for e in edges if rng.random() < keep]))
    return out


class Traced(list):
    """A key of a trace exercise (a list), remembering the ``case`` it was computed for, so that
    any other right trace of that case is accepted as equal."""

    def __init__(self, items, case: tuple):
        super().__init__(items)
        self.case = case


class TraceExercise(FunctionExercise):
    """A function the learner writes, checked by ``follow(*case, got)``: a sentence saying what
    is wrong, or None. ``key(*case)`` gives one right answer (the package's); any answer that
    ``follow`` accepts is equal to it. While the learner's function runs, :data:`SHORTCUTS` raise."""

    def __init__(self, prompt, *, follow, key, right: str, **kw):
        super().__init__(prompt, reference=lambda *case: Traced(key(*case), case), copy_args=True,
                         equal=lambda got, expected: follow(*expected.case, got) is None, **kw)
        self.follow = follow
        self.right = right

    def compare(self, fn):
        for args in self.cases:
            try:
                with refusing(fn, SHORTCUTS):
                    got = fn(*self._args(args))
            except ShortcutUsed as e:
                return Verdict(False, gettext("Not yet: your function calls {name}, which does the search for it; "
                                              "write the search's steps yourself.").format(name=e.name))
            except NotImplementedError:
                return Verdict(False, NOT_WRITTEN)
            except RecursionError:
                return Verdict(False, gettext("Not yet: for the case {case} your function called itself without "
                                              "end: does it mark a city visited before it goes on?").format(
                    case=describe_case(args)))
            except Exception as e:  # the learner's code may fail in any way; report it
                return Verdict(False, gettext("Not yet: for the case {case} your function raised {error}.").format(
                    case=describe_case(args), error=f"{type(e).__name__}: {e}"))
            problem = self.follow(*args, got)
            if problem:
                return Verdict(False, gettext("Not yet: for the case {case}, {problem}.").format(
                    case=describe_case(args), problem=problem))
        return Verdict(True, self.right.format(n=len(self.cases)))

    def answer_text(self) -> str:
        return gettext("a function {function} whose steps the checker follows on {n} cases (the worked solution "
                       "shows one)").format(function=self.function_name, n=len(self.cases))


def reference_low_links(cities, routes) -> list:
    """``[discovery, low, bridges]`` of the lesson's search of every piece (one clock for the
    discovery and finish times, so the discovery times jump: any increasing numbering will do).

    >>> reference_low_links("ABC", [("A", "B", 1), ("B", "C", 1)])
    [{'A': 1, 'B': 2, 'C': 3}, {'A': 1, 'B': 2, 'C': 3}, [('A', 'B'), ('B', 'C')]]
    """
    s = depth_first_search(cities, routes)
    return [s["discovery"], s["low"], s["bridges"]]


def reference_dfs(cities, routes, start) -> list:
    """The order of the lesson's search (neighbours by name), for the tests.

    >>> reference_dfs("ABC", [("A", "C", 1), ("A", "B", 1)], "A")
    ['A', 'B', 'C']
    """
    return depth_first_search(cities, routes, start)["order"]


def solution_dfs(cities, routes, start):
    """A stack of the cities the search is in the middle of; go down to a neighbour not
    visited yet, and go back up when there is none."""
    neighbours: dict = {city: [] for city in cities}
    for a, b, _trains in routes:
        neighbours[a].append(b)
        neighbours[b].append(a)
    order = [start]
    visited = {start}
    stack = [start]
    while stack:
        city = stack[-1]
        new = [n for n in neighbours[city] if n not in visited]
        if new:                      # go down
            visited.add(new[0])
            order.append(new[0])
            stack.append(new[0])
        else:                        # finished: go back up
            stack.pop()
    return order


def solution_low_links(cities, routes):
    """A recursive search that numbers the cities and returns each city's low-link."""
    neighbours: dict = {city: [] for city in cities}
    for a, b, _trains in routes:
        neighbours[a].append(b)
        neighbours[b].append(a)
    discovery: dict = {}
    low: dict = {}
    bridges = []

    def visit(city, parent):
        discovery[city] = low[city] = len(discovery)
        for other in neighbours[city]:
            if other not in discovery:              # a tree route: go down
                visit(other, city)
                low[city] = min(low[city], low[other])
                if low[other] > discovery[city]:   # nothing below climbs over city
                    bridges.append((city, other))
            elif other != parent:                   # a back route
                low[city] = min(low[city], discovery[other])

    for city in cities:
        if city not in discovery:
            visit(city, None)
    return discovery, low, bridges


def _small_cases() -> list:
    return [(["A", "B", "C", "D"], [("A", "B", 1), ("A", "C", 1), ("B", "D", 1)]),
            (["A", "B", "C", "D", "E"], [("A", "B", 1), ("B", "C", 1), ("C", "A", 1), ("C", "D", 1), ("D", "E", 1)]),
            (["A", "B", "C", "D", "E", "F"], [("A", "B", 1), ("B", "C", 1), ("C", "A", 1), ("D", "E", 1),
                                              ("E", "F", 1), ("F", "D", 1), ("C", "D", 1)])]


def dfs_exercise() -> TraceExercise:
    """Write ``dfs(cities, routes, start)``; checked on small networks, both maps and random
    networks of their routes, neighbours in any order.

    >>> dfs_exercise().judge(solution_dfs).correct          # a check() refuses it: not yours
    True
    """
    cases = [(*c, "A") for c in _small_cases()] + [(*map_edges("europe"), "Paris"), (*map_edges("usa"), "Denver")]
    for cities, edges in random_networks(6):
        cases.append((cities, edges, edges[0][0]))
    return TraceExercise(
        gettext("Write dfs(cities, routes, start): cities is a list of cities, routes a list of (city, city, trains) "
                "tuples; return the cities a depth-first search from start visits, in the order it visits them. "
                "Neighbours may be tried in any order."),
        follow=follow_order, key=reference_dfs, cases=cases,
        right=gettext("Right: your function visits the cities in a depth-first order on all {n} cases."),
        hint=[gettext("Keep a stack of the cities the search is in the middle of, the deepest on top (or let "
                      "recursion keep it for you)."),
              gettext("Look at the city on top: if it has a neighbour not visited yet, visit it and put it on top; "
                      "if not, that city is finished and leaves the stack."),
              gettext("A city counts as visited the moment the search reaches it, not when it is put aside for "
                      "later.")],
        function_name="dfs", example=solution_dfs, solution=source_of(solution_dfs, "dfs"))


def low_links_exercise() -> TraceExercise:
    """Write ``low_links(cities, routes)``; checked on small networks, both maps and random
    networks of their routes, against networkx's bridges.

    >>> low_links_exercise().judge(solution_low_links).correct
    True
    """
    cases = _small_cases() + [map_edges("europe"), map_edges("usa")] + random_networks(10, seed=27)
    return TraceExercise(
        gettext("Write low_links(cities, routes): search every piece of the network depth-first and return "
                "(discovery, low, bridges): discovery maps each city to the time it is discovered (0, 1, 2, ... "
                "in the order of your search), low maps it to its low-link, and bridges lists the routes whose "
                "loss splits a piece, as (city, city) pairs."),
        follow=follow_low_links, key=reference_low_links, cases=cases,
        right=gettext("Right: your search's low-links are right and your bridges are networkx's on all {n} cases."),
        hint=[gettext("Start from the search of the first exercise, written so that it does something when a "
                      "city is finished: recursion makes that easy."),
              gettext("A city's low-link starts as its own discovery time; a back route lowers it to the "
                      "discovery time of the route's far end; a child, once finished, lowers it to the child's "
                      "low-link."),
              gettext("The route a city came in by is not a back route. A tree route is a bridge when nothing "
                      "below it climbs back above its upper city.")],
        function_name="low_links", example=solution_low_links, solution=source_of(solution_low_links, "low_links"))


# -- articulation cities ----------------------------------------------------------------------------
def _graph(neighbours: dict) -> nx.Graph:
    graph = nx.Graph()
    graph.add_nodes_from(neighbours)
    graph.add_edges_from((a, b) for a in neighbours for b in neighbours[a])
    return graph


def _one_per_piece(graph: nx.Graph, cities) -> bool:
    """Whether no two of ``cities`` lie in the same piece of ``graph``."""
    pieces = [frozenset(nx.node_connected_component(graph, city)) for city in cities]
    return len(set(pieces)) == len(pieces)


def _hangs_by_two_routes(graph: nx.Graph, city) -> bool:
    """Whether a part of ``city``'s piece hangs on ``city`` alone by two routes or more: below
    ``city`` in any search, that part's low-link is then ``city``'s own discovery time."""
    rest = graph.subgraph(n for n in graph if n != city)
    return any(sum(1 for n in graph[city] if n in part) >= 2 for part in nx.connected_components(rest))


def follow_articulation(cities, edges, got) -> str | None:
    """What is wrong with ``got`` as the articulation cities of the network ``(cities, edges)``
    (in any order): a sentence, or None when they are networkx's articulation points.

    >>> follow_articulation("ABC", [("A", "B", 1), ("B", "C", 1)], ["B"]) is None
    True
    >>> follow_articulation("ABC", [("A", "B", 1), ("B", "C", 1)], ["A", "B"]).startswith("A is in your list, but")
    True
    """
    neighbours = neighbours_of(cities, edges)
    given = list(got) if isinstance(got, (set, frozenset)) else _as_list(got)
    if given is None:
        return gettext("it returned {value}: return the list of the articulation cities").format(value=describe(got))
    stranger = next((c for c in given if not _known(c, neighbours)), None)
    if stranger is not None:
        return gettext("{value} is in your list, but it is not one of the cities").format(value=describe(stranger))
    graph = _graph(neighbours)
    key = set(nx.articulation_points(graph))
    extra = [c for c in dict.fromkeys(given) if c not in key]
    missed = [c for c in neighbours if c in key and c not in given]
    if extra and _one_per_piece(graph, extra):
        return gettext("{city} is in your list, but its loss splits nothing. Did a search start at {city}? "
                       "Nothing is discovered before the first city of a piece, so the test you use for the "
                       "other cities passes there for every child").format(city=extra[0])
    if extra:
        return gettext("{city} is in your list, but it is not an articulation city: without it, the rest of its "
                       "piece stays joined").format(city=extra[0])
    if missed and all(_hangs_by_two_routes(graph, c) for c in missed):
        return gettext("{city} is an articulation city your list leaves out: a part of its piece hangs on {city} "
                       "alone by two routes or more, so below {city} the low-link climbs back exactly to "
                       "{city}'s own discovery time, and no higher: look at what your test does when the two are "
                       "equal").format(
            city=missed[0])
    if missed:
        return ngettext("your list leaves out {n} articulation city", "your list leaves out {n} articulation cities",
                        len(missed)).format(n=len(missed))
    return None


def reference_articulation(cities, routes) -> list:
    """The articulation cities the lesson's search finds, for the key.

    >>> reference_articulation("ABCD", [("A", "B", 1), ("B", "C", 1), ("C", "A", 1), ("C", "D", 1)])
    ['C']
    """
    return depth_first_search(cities, routes)["articulation"]


def solution_articulation_cities(cities, routes):
    """A recursive search that numbers the cities, keeps their low-links, and judges the first
    city of each piece by its number of children, every other city by its children's low-links."""
    neighbours: dict = {city: [] for city in cities}
    for a, b, _trains in routes:
        neighbours[a].append(b)
        neighbours[b].append(a)
    discovery: dict = {}
    low: dict = {}
    cut = []

    def visit(city, parent):
        discovery[city] = low[city] = len(discovery)
        children = 0
        splits = False
        for other in neighbours[city]:
            if other not in discovery:              # a tree route: go down
                children += 1
                visit(other, city)
                low[city] = min(low[city], low[other])
                splits = splits or low[other] >= discovery[city]   # that subtree climbs no higher than city
            elif other != parent:                   # a back route
                low[city] = min(low[city], discovery[other])
        if (children >= 2) if parent is None else splits:
            cut.append(city)

    for city in cities:
        if city not in discovery:
            visit(city, None)
    return cut


def articulation_exercise() -> TraceExercise:
    """Write ``articulation_cities(cities, routes)``; checked against networkx's articulation
    points on small networks, both maps and random networks of their routes in several pieces.

    >>> articulation_exercise().judge(solution_articulation_cities).correct
    True
    """
    bowtie = (["A", "B", "C", "D", "E"], [("A", "B", 1), ("B", "C", 1), ("C", "A", 1), ("C", "D", 1),
                                          ("D", "E", 1), ("E", "C", 1)])
    cases = _small_cases() + [bowtie, map_edges("europe"), map_edges("usa")] + random_networks(10, seed=91)
    return TraceExercise(
        gettext("Write articulation_cities(cities, routes): search every piece of the network depth-first, with "
                "discovery times and low-links, and return the list of the articulation cities, the cities whose "
                "loss splits their piece."),
        follow=follow_articulation, key=reference_articulation, cases=cases,
        right=gettext("Right: your articulation cities are networkx's on all {n} cases."),
        hint=[gettext("Start from your low_links: the same search, the same low-links; only the test changes."),
              gettext("For a city that is not the first of its piece, ask of each child: does anything below it "
                      "climb above this city? Reaching the city itself is not above it."),
              gettext("The first city of a piece has nothing above it. What tells you that losing it splits its "
                      "piece?")],
        function_name="articulation_cities", example=solution_articulation_cities,
        solution=source_of(solution_articulation_cities, "articulation_cities"))
