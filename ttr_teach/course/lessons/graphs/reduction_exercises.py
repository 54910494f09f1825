"""The exercises of lesson 12 (:mod:`.reduction`): the learner writes both directions of the
proof. ``path_from_trail(trail)`` turns a trail of n + 1 routes of a cubic graph into a
Hamiltonian path, and ``trail_from_path(graph, path)`` a Hamiltonian path into a trail of
n + 1 routes; each is checked on every small cubic graph that has one (several trails and paths
each, ends joined by a route among them), and refused while it calls the package's searches or
networkx's path and trail finders."""
from __future__ import annotations

import itertools
from collections import Counter

import networkx as nx

from ....engine.i18n import gettext
from ....engine.text import listing
from ...exercises import FunctionExercise, Verdict, source_of
from ...exercises.functions import NOT_WRITTEN, describe
from ...exercises.shortcuts import ShortcutUsed, refusing
from .reduction import connected_cubic_graphs, hamiltonian_path, longest_trail
from .reduction import path_from_trail as reference_path_from_trail
from .reduction import trail_from_path as reference_trail_from_path

_HERE = "ttr_teach.course.lessons.graphs.reduction"
#: What would find the answer for the learner: refused while their function is checked.
SHORTCUTS = ((_HERE, "longest_trail"), (_HERE, "hamiltonian_path"), (_HERE, "trail_from_path"),
             (_HERE, "path_from_trail"), ("ttr_teach.engine.longest", "longest_route"),
             ("networkx", "eulerian_path"), ("networkx", "eulerian_circuit"),
             ("networkx.algorithms.tournament", "hamiltonian_path"), ("networkx", "all_simple_paths"))


def _paths_of(graph: nx.Graph, limit: int = 3) -> list:
    """Up to ``limit`` Hamiltonian paths of ``graph`` starting at different cities; the first one
    whose ends are joined by a route, if any, comes first (the case where the added routes could
    coincide)."""
    found = []
    for start in graph.nodes:
        path = _path_from(graph, start)
        if path:
            found.append(path)
    found.sort(key=lambda p: not graph.has_edge(p[0], p[-1]))
    return found[:limit]


def _path_from(graph: nx.Graph, start) -> list | None:
    return _search_from(graph, [start], {start})


def _search_from(graph: nx.Graph, path: list, seen: set) -> list | None:
    if len(path) == graph.number_of_nodes():
        return list(path)
    for w in graph[path[-1]]:
        if w not in seen:
            found = _search_from(graph, [*path, w], seen | {w})
            if found:
                return found
    return None


def reduction_graphs(sizes=(4, 6, 8, 10)) -> list:
    """The connected cubic graphs of these sizes that have a Hamiltonian path."""
    return [g for n in sizes for g in connected_cubic_graphs(n) if hamiltonian_path(g)]


def _problem_with_path(graph: nx.Graph, path) -> str | None:
    """What keeps ``path`` from being a Hamiltonian path of ``graph``, in a sentence, or None."""
    if not isinstance(path, (list, tuple)):
        return gettext("return the cities of the path in order, as a list")
    twice = sorted((c for c, k in Counter(path).items() if k > 1), key=str)
    if twice:
        return gettext("city {city} is in it twice").format(city=twice[0])
    missing = sorted((c for c in graph.nodes if c not in path), key=str)
    if missing:
        return gettext("city {city} is missing").format(city=missing[0])
    for a, b in itertools.pairwise(path):
        if not graph.has_edge(a, b):
            return gettext("no route joins {a} and {b}").format(a=a, b=b)
    return None


def _problem_with_trail(graph: nx.Graph, trail) -> str | None:
    """What keeps ``trail`` from being a trail of n + 1 routes of ``graph``, or None."""
    if not isinstance(trail, (list, tuple)):
        return gettext("return the cities of the trail in order, as a list")
    for a, b in itertools.pairwise(trail):
        if not graph.has_edge(a, b):
            return gettext("no route joins {a} and {b}").format(a=a, b=b)
    steps = Counter(frozenset(p) for p in itertools.pairwise(trail))
    twice = [tuple(sorted(e, key=str)) for e, k in steps.items() if k > 1]
    if twice:
        return gettext("it uses the route {a}–{b} twice").format(a=twice[0][0], b=twice[0][1])
    n = graph.number_of_nodes()
    if len(trail) - 1 != n + 1:
        return gettext("it has {k} routes, not n + 1 = {target}").format(k=len(trail) - 1, target=n + 1)
    return None


def _shown(cities) -> str:
    return "[" + ", ".join(str(c) for c in cities) + "]"


class ReductionExercise(FunctionExercise):
    """A direction of the reduction: the learner's function is called on each of ``cases`` (its
    arguments), and ``problem(graph, got)`` says what is wrong with its answer on the cubic graph
    of that case (``graphs``, one per case), or None."""

    def __init__(self, prompt, *, problem, graphs: list, **kw):
        super().__init__(prompt, **kw)
        self.problem = problem
        self.graphs = graphs

    def compare(self, fn):
        for graph, args in zip(self.graphs, self.cases, strict=True):
            given = ", ".join(_shown(a) if isinstance(a, list) else _graph(a) for a in args)
            try:
                with refusing(fn, SHORTCUTS):
                    got = fn(*self._args(args))
            except ShortcutUsed as e:
                return Verdict(False, gettext("Not yet: your function calls {name}, which searches the graph; the "
                                              "point of a reduction is a quick, direct step: write it "
                                              "yourself.").format(name=e.name))
            except NotImplementedError:
                return Verdict(False, NOT_WRITTEN)
            except Exception as e:  # the learner's code may fail in any way; report it
                return Verdict(False, gettext("Not yet: given {given}, your function raised {error}.").format(
                    given=given, error=f"{type(e).__name__}: {e}"))
            said = self.problem(graph, got)
            if said:
                return Verdict(False, gettext("Not yet: given {given}, your function returned {value}: {problem}."
                                              ).format(given=given, value=describe(got), problem=said))
        return Verdict(True, gettext("Right, on all {n} cases, from {graphs} cubic graphs.").format(
            n=len(self.cases), graphs=len({id(g) for g in self.graphs})))


def _graph(graph: nx.Graph) -> str:
    return gettext("the cubic graph with routes {routes}").format(
        routes=listing(f"{a}–{b}" for a, b in graph.edges))


# -- exercise 1: from a trail of n + 1 routes, a Hamiltonian path ------------------------------
def solution_path_from_trail(trail):
    """Every city is inside the trail exactly once: drop its first and its last city."""
    return list(trail[1:-1])


def path_cases() -> list:
    """``(graph, trail)``: for every graph of :func:`reduction_graphs`, its longest trail found
    by search, the same backwards, and the trail made from a Hamiltonian path."""
    cases = []
    for g in reduction_graphs():
        trail = longest_trail(g)
        cases += [(g, trail), (g, trail[::-1])]
        cases += [(g, reference_trail_from_path(g, p)) for p in _paths_of(g, 1)]
    return cases


def path_exercise() -> ReductionExercise:
    """Write ``path_from_trail(trail)``.

    >>> path_exercise().judge(solution_path_from_trail).correct     # a check() refuses it: not yours
    True
    >>> path_exercise().judge(lambda trail: list(trail[:-2])).message.endswith("is in it twice.")
    True
    """
    cases = path_cases()
    return ReductionExercise(
        gettext("Write path_from_trail(trail): trail is a trail of n + 1 routes in a cubic graph on n cities, as "
                "its cities in order; return a Hamiltonian path, its cities in order."),
        problem=_problem_with_path, graphs=[g for g, _ in cases], cases=[(list(t),) for _, t in cases],
        reference=reference_path_from_trail, copy_args=True, function_name="path_from_trail",
        hint=[gettext("Count, for each city, the routes of the trail at it: 1 for each end, 2 each time it is "
                      "passed through. What must those counts be when there are n + 1 routes?"),
              gettext("Each end has 3: it is an end once and is passed through once. Every other city is passed "
                      "through exactly once. Which part of the trail then meets every city once?")],
        example=solution_path_from_trail, solution=source_of(solution_path_from_trail, "path_from_trail"))


# -- exercise 2: from a Hamiltonian path, a trail of n + 1 routes ------------------------------
def solution_trail_from_path(graph, path):
    """Add a route left at each end; at the first end, one that does not lead to the other end."""
    first, last = path[0], path[-1]
    before = [w for w in graph[first] if w not in (path[1], last)][0]
    after = [w for w in graph[last] if w != path[-2]][0]
    return [before, *path, after]


def trail_cases() -> list:
    """``(graph, path)``: up to three Hamiltonian paths of every graph of
    :func:`reduction_graphs`, one whose ends are joined by a route first where there is one."""
    return [(g, p) for g in reduction_graphs() for p in _paths_of(g)]


def trail_exercise() -> ReductionExercise:
    """Write ``trail_from_path(graph, path)``.

    >>> trail_exercise().judge(solution_trail_from_path).correct
    True
    >>> def careless(graph, path):
    ...     return [next(w for w in graph[path[0]] if w != path[1]), *path,
    ...             next(w for w in graph[path[-1]] if w != path[-2])]
    >>> "twice" in trail_exercise().judge(careless).message
    True
    """
    cases = trail_cases()
    return ReductionExercise(
        gettext("Write trail_from_path(graph, path): graph is a cubic networkx graph on n cities (graph[city] "
                "lists the cities its routes lead to), path a Hamiltonian path as its cities in order; return a "
                "trail of n + 1 routes, its cities in order."),
        problem=_problem_with_trail, graphs=[g for g, _ in cases], cases=[(g, list(p)) for g, p in cases],
        reference=reference_trail_from_path, copy_args=True, function_name="trail_from_path",
        hint=[gettext("The path has n − 1 routes: two are missing. Each end of the path uses one of its 3 routes."),
              gettext("Add a route at each end. Could the two routes you add be the same route? When?")],
        example=solution_trail_from_path, solution=source_of(solution_trail_from_path, "trail_from_path"))
