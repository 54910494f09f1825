"""The exercises of lesson 11 that the learner writes: ``max_flow(cities, tracks, source, sink,
trace)`` (augmenting paths found by breadth-first search, each one reported to ``trace``) and
``min_cut(residual, source, sink)`` (the source side of a minimum cut, read off the residual graph
left by a maximum flow). Their checkers follow the learner's steps, not only the answer:

* each path reported to ``trace`` is replayed on a residual graph the checker keeps: it must
  start at the source, end at the sink, step only where capacity is left, have no more steps
  than the shortest such path (breadth-first search), and carry exactly its bottleneck; the
  value returned must be the sum of the paths and networkx's maximum flow;
* a cut is checked against the flow's value: the source inside, the sink outside, and the
  tracks crossing it no more than the flow (every cut holds at least the flow);
* while the learner's function runs, networkx's flow and cut functions and the package's own
  answers raise (:data:`SHORTCUTS`).

>>> tracks = [("A", "B", 1), ("B", "C", 1)]
>>> follow_paths("ABC", tracks, "A", "C", (1, [(["A", "B", "C"], 1)]), 1) is None
True
>>> follow_paths("ABC", tracks, "A", "C", (1, [(["A", "B", "C"], 2)]), 1)
'path 1, A → B → C, sends 2, but its bottleneck (the least capacity left along it) is 1'
"""
from __future__ import annotations

import random
from collections.abc import Callable

import networkx as nx

from ....engine.i18n import gettext
from ....engine.maps import MAP_NAMES
from ...exercises import FunctionExercise, Verdict, source_of
from ...exercises.functions import NOT_WRITTEN, describe, describe_case
from ...exercises.shortcuts import ShortcutUsed, refusing
from .max_flow import augmenting_paths, cut_capacity, map_tracks, residual_of, shortest_augmenting_path

#: What would compute the answer for the learner: refused while their function is checked.
SHORTCUTS = tuple(("networkx", name) for name in (
    "maximum_flow", "maximum_flow_value", "minimum_cut", "minimum_cut_value", "edge_connectivity",
    "node_connectivity", "minimum_edge_cut", "minimum_node_cut", "edge_disjoint_paths", "node_disjoint_paths",
    "stoer_wagner", "gomory_hu_tree")) + tuple(("networkx.algorithms.flow", name) for name in (
    "edmonds_karp", "shortest_augmenting_path", "preflow_push", "dinitz", "boykov_kolmogorov",
    "build_residual_network")) + (
    ("networkx.algorithms.connectivity", "local_edge_connectivity"),
    ("ttr_teach.algorithms.min_cut", "min_cut"), ("ttr_teach.algorithms.min_cut", "residual_graph"),
    ("ttr_teach.course.lessons.graphs.max_flow", "augmenting_paths"),
    ("ttr_teach.course.lessons.graphs.max_flow", "shortest_augmenting_path"))


def networkx_value(cities, tracks, source, sink) -> int:
    """The maximum flow by networkx, the checker's key (never run inside a check).

    >>> networkx_value("ABC", [("A", "B", 2), ("B", "C", 1)], "A", "C")
    1
    """
    g = nx.Graph()
    g.add_nodes_from(cities)
    for a, b, c in tracks:
        g.add_edge(a, b, capacity=c)
    return int(nx.maximum_flow_value(g, source, sink))


def _path_words(path) -> str:
    return " → ".join(str(c) for c in path)


def follow_paths(cities, tracks, source, sink, got, value: int) -> str | None:
    """What is wrong with ``got = (returned value, [(path, amount), ...] reported to trace)``
    for a maximum flow of ``value`` from ``source`` to ``sink``: a sentence, or None."""
    returned, reported = got
    residual = residual_of(cities, tracks)
    for k, item in enumerate(reported, 1):
        path, amount = item
        if not isinstance(path, (list, tuple)) or len(path) < 2:
            return gettext("path {k} is {value}: report each augmenting path as the list of its cities, from the "
                           "source to the sink").format(k=k, value=describe(path))
        path = list(path)
        if path[0] != source or path[-1] != sink:
            return gettext("path {k}, {path}, does not run from {source} to {sink}").format(
                k=k, path=_path_words(path), source=source, sink=sink)
        steps = list(zip(path, path[1:], strict=False))
        for u, v in steps:
            try:
                joined = u in residual and v in residual[u]
            except TypeError:           # a list or a dict is no city
                joined = False
            if not joined:
                return gettext("path {k} steps from {a} to {b}, but no track joins them").format(
                    k=k, a=describe(u), b=describe(v))
            if residual[u][v] <= 0:
                return gettext("path {k} steps from {a} to {b}, but no capacity is left in that direction: the "
                               "tracks there are full").format(k=k, a=u, b=v)
        if len(set(path)) < len(path):
            return gettext("path {k}, {path}, visits a city twice").format(k=k, path=_path_words(path))
        shortest, _ = shortest_augmenting_path(residual, source, sink)
        if shortest is not None and len(shortest) < len(path):
            return gettext("path {k}, {path}, has {n} steps, but a path with fewer steps had capacity left: a "
                           "breadth-first search finds one of the shortest").format(
                k=k, path=_path_words(path), n=len(steps))
        bottleneck = min(residual[u][v] for u, v in steps)
        if amount != bottleneck:
            return gettext("path {k}, {path}, sends {amount}, but its bottleneck (the least capacity left along "
                           "it) is {b}").format(k=k, path=_path_words(path), amount=describe(amount), b=bottleneck)
        for u, v in steps:
            residual[u][v] -= bottleneck
            residual[v][u] += bottleneck
    if not reported:
        return gettext("your function never called trace: call trace(path, amount) for every augmenting path")
    sent = sum(amount for _, amount in reported)
    if returned != sent:
        return gettext("it returned {value}, but its paths sent {sent} in all: return the flow's value").format(
            value=describe(returned), sent=sent)
    if shortest_augmenting_path(residual, source, sink)[0] is not None:
        return gettext("it stopped with the flow at {value}, but an augmenting path is still left: search again "
                       "after every path, until the sink is out of reach").format(value=sent)
    if sent != value:           # cannot happen when no path is left; a guard for a wrong key
        return gettext("it returned {value}, which is not the maximum flow").format(value=sent)
    return None


def follow_cut(tracks, source, sink, value: int, got) -> str | None:
    """What is wrong with ``got`` as the source side of a minimum cut between ``source`` and
    ``sink`` whose maximum flow is ``value``: a sentence, or None.

    >>> follow_cut([("A", "B", 2), ("B", "C", 1)], "A", "C", 1, {"A"})
    'the tracks leaving your side hold 2, more than the flow of 1: a minimum cut holds no more than the flow'
    """
    if isinstance(got, dict) or not hasattr(got, "__iter__") or isinstance(got, str):
        return gettext("it returned {value}: return the cities of the source's side, as a set").format(
            value=describe(got))
    side = set(got)
    if source not in side:
        return gettext("its side leaves out the source, {city}").format(city=source)
    if sink in side:
        return gettext("its side holds the sink, {city}: a cut keeps it on the other side").format(city=sink)
    held = cut_capacity(tracks, side)
    if held != value:
        return gettext("the tracks leaving your side hold {held}, more than the flow of {value}: a minimum cut "
                       "holds no more than the flow").format(held=held, value=value)
    return None


# -- the cases ---------------------------------------------------------------------------------
def _small_cases() -> list:
    """Small networks, one where a path must send flow back along a track used before."""
    return [(list("ABCD"), [("A", "B", 1), ("A", "C", 1), ("B", "D", 1), ("C", "D", 1), ("B", "C", 1)], "A", "D"),
            (list("SABCDT"), [("S", "A", 1), ("A", "B", 1), ("B", "T", 1), ("S", "C", 1), ("C", "B", 1),
                              ("A", "D", 1), ("D", "T", 1)], "S", "T"),
            (list("ABC"), [("A", "B", 3), ("B", "C", 2), ("A", "C", 1)], "A", "C")]


def flow_cases(count: int = 10, seed: int = 11) -> list:
    """``(cities, tracks, source, sink)``: the small networks, then ``count`` pairs of cities on
    each map (the same every time: a fixed seed).

    >>> [len(c[1]) for c in flow_cases(1)][:4]
    [5, 7, 3, 90]
    """
    rng = random.Random(seed)
    cases = _small_cases()
    for map in MAP_NAMES:
        cities, tracks = map_tracks(map)
        cases.append((cities, tracks, *(("Pamplona", "Paris") if map == "europe" else ("Seattle", "Miami"))))
        for _ in range(count - 1):
            cases.append((cities, tracks, *rng.sample(cities, 2)))
    return cases


# -- the exercises -------------------------------------------------------------------------------------
class Keyed(list):
    """One right answer of a case (a list), remembering the case, so that any answer the
    checker accepts for that case counts as equal to it."""

    def __init__(self, items, case: tuple):
        super().__init__(items)
        self.case = case


class FlowExercise(FunctionExercise):
    """A function the learner writes, run on ``cases`` with the shortcuts refused; ``run(fn,
    case)`` calls it and returns what ``follow(case, got)`` reads: a sentence, or None."""

    def __init__(self, prompt, *, run: Callable, follow: Callable, key: Callable, right: str, **kw):
        super().__init__(prompt, reference=key, copy_args=True,
                         equal=lambda got, expected: follow(expected.case, got) is None, **kw)
        self.run = run
        self.follow = follow
        self.right = right

    def compare(self, fn):
        for case in self.cases:
            try:
                with refusing(fn, SHORTCUTS):
                    got = self.run(fn, self._args(case))
            except ShortcutUsed as e:
                return Verdict(False, gettext("Not yet: your function calls {name}, which does the work for it; "
                                              "write the algorithm's steps yourself.").format(name=e.name))
            except NotImplementedError:
                return Verdict(False, NOT_WRITTEN)
            except Exception as e:  # the learner's code may fail in any way; report it
                return Verdict(False, gettext("Not yet: for the case {case} your function raised {error}.").format(
                    case=describe_case(case), error=f"{type(e).__name__}: {e}"))
            problem = self.follow(case, got)
            if problem:
                return Verdict(False, gettext("Not yet: for the case {case}, {problem}.").format(
                    case=describe_case(case), problem=problem))
        return Verdict(True, self.right.format(n=len(self.cases)))

    def answer_text(self) -> str:
        return gettext("a function {function} whose steps the checker follows on {n} cases (the worked solution "
                       "shows one)").format(function=self.function_name, n=len(self.cases))


def _run_flow(fn, case):
    reported: list = []
    returned = fn(*case, lambda path, amount: reported.append((list(path), amount)))
    return returned, reported


def _follow_flow(case, got) -> str | None:
    if not (isinstance(got, tuple) and len(got) == 2 and isinstance(got[1], list)):
        return gettext("it returned {value}: return the flow's value").format(value=describe(got))
    cities, tracks, source, sink = case
    return follow_paths(cities, tracks, source, sink, got, networkx_value(cities, tracks, source, sink))


def reference_paths(cities, tracks, source, sink, trace: Callable | None = None):
    """The lesson's run as ``[value, [(path, amount), ...]]``, for the tests; with ``trace``,
    each path is reported to it and the value returned, as the exercise asks.

    >>> reference_paths("ABC", [("A", "B", 2), ("B", "C", 1)], "A", "C")
    [1, [(['A', 'B', 'C'], 1)]]
    """
    run = augmenting_paths(cities, tracks, source, sink)
    if trace is not None:
        for p in run["paths"]:
            trace(p["path"], p["bottleneck"])
        return run["value"]
    return Keyed([run["value"], [(p["path"], p["bottleneck"]) for p in run["paths"]]], (cities, tracks, source, sink))


def solution_max_flow(cities, tracks, source, sink, trace):
    """Breadth-first search in the residual graph, send the bottleneck, until the sink is out of reach."""
    from collections import deque

    left: dict = {city: {} for city in cities}    # left[u][v]: capacity left from u to v
    for a, b, capacity in tracks:
        left[a][b] = left[a].get(b, 0) + capacity
        left[b][a] = left[b].get(a, 0) + capacity
    value = 0
    while True:
        came_from = {source: None}
        queue = deque([source])
        while queue and sink not in came_from:
            city = queue.popleft()
            for other, capacity in left[city].items():
                if capacity > 0 and other not in came_from:
                    came_from[other] = city
                    queue.append(other)
        if sink not in came_from:
            return value
        path = [sink]
        while path[-1] != source:
            path.append(came_from[path[-1]])
        path.reverse()
        bottleneck = min(left[u][v] for u, v in zip(path, path[1:], strict=False))
        for u, v in zip(path, path[1:], strict=False):
            left[u][v] -= bottleneck
            left[v][u] += bottleneck             # flow sent back may cancel this
        trace(path, bottleneck)
        value += bottleneck


def solution_min_cut(residual, source, sink):
    """The cities a search reaches from the source along capacity left."""
    side = {source}
    todo = [source]
    while todo:
        city = todo.pop()
        for other, capacity in residual[city].items():
            if capacity > 0 and other not in side:
                side.add(other)
                todo.append(other)
    return side


def max_flow_exercise() -> FlowExercise:
    """Write ``max_flow(cities, tracks, source, sink, trace)``; followed path by path on small
    networks and on pairs of cities of both maps.

    >>> max_flow_exercise().judge(solution_max_flow).correct     # a check() refuses it: not yours
    True
    """
    return FlowExercise(
        gettext("Write max_flow(cities, tracks, source, sink, trace): tracks is a list of (city, city, capacity) "
                "tuples, each pair's capacity usable in both directions. Find augmenting paths by breadth-first "
                "search in the residual graph until none is left; for each one, call trace(path, amount) with "
                "its cities from source to sink and the amount it sends. Return the flow's value."),
        run=_run_flow, follow=_follow_flow, key=reference_paths, cases=flow_cases(),
        right=gettext("Right: every path your function reports is a shortest augmenting path carrying its "
                      "bottleneck, and its flow is the maximum on all {n} cases."),
        hint=[gettext("Keep the capacity left in each direction of each pair, both directions starting full."),
              gettext("Sending an amount from u to v uses up capacity from u to v and gives as much back from v "
                      "to u: flow sent back cancels flow sent forward."),
              gettext("A breadth-first search that remembers where it came from gives the path; the bottleneck "
                      "is the smallest capacity left along it.")],
        function_name="max_flow", example=solution_max_flow, solution=source_of(solution_max_flow, "max_flow"))


def _run_cut(fn, case):
    return fn(*case)


def tracks_of(residual: dict) -> list:
    """The tracks behind a residual graph: each direction of a pair starts full and flow moves
    capacity from one direction to the other, so the two directions always add up to twice
    the capacity.

    >>> tracks_of({"A": {"B": 0}, "B": {"A": 4}})
    [('A', 'B', 2)]
    """
    return [(u, v, (left + residual[v][u]) // 2) for u, out in residual.items() for v, left in out.items()
            if str(u) < str(v)]


def _follow_cut(case, got) -> str | None:
    residual, source, sink = case
    tracks = tracks_of(residual)
    return follow_cut(tracks, source, sink, networkx_value(list(residual), tracks, source, sink), got)


def reference_cut(residual, source, sink) -> Keyed:
    """The source side found by the lesson (sorted), for the tests.

    >>> reference_cut({"A": {"B": 0}, "B": {"A": 2}}, "A", "B")
    ['A']
    """
    return Keyed(sorted(solution_min_cut(residual, source, sink), key=str), (residual, source, sink))


def min_cut_exercise() -> FlowExercise:
    """Write ``min_cut(residual, source, sink)``: the source side of a minimum cut, from the residual
    graph a maximum flow leaves; checked against the flow's value.

    >>> min_cut_exercise().judge(solution_min_cut).correct
    True
    """
    cases = [(augmenting_paths(*case)["residual"], case[2], case[3]) for case in flow_cases()]
    return FlowExercise(
        gettext("Write min_cut(residual, source, sink): residual[u][v] is the capacity left from u to v once a maximum "
                "flow has been sent. Return the set of cities on the source's side of a minimum cut."),
        run=_run_cut, follow=_follow_cut, key=reference_cut, cases=cases,
        call="exercise.check(min_cut)",
        right=gettext("Right: the tracks leaving your side hold exactly the flow on all {n} cases: a minimum cut."),
        hint=[gettext("No augmenting path is left: the last search stopped somewhere before the sink."),
              gettext("Which cities can still be reached from the source along capacity left? Every track from "
                      "them to the rest is full.")],
        function_name="min_cut", example=solution_min_cut, solution=source_of(solution_min_cut, "min_cut"))
