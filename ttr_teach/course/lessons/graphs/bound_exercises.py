"""The exercises of lesson 10 (:mod:`.bounded_search`): the learner writes the bound, checked
never to be below the true best on many random nodes (the brute force's answer) and never
looser than the relaxation; then the search, whose checker follows the nodes it explores (the
``explore`` callback) and refuses a search that never prunes and the library's or the package's
solvers."""
from __future__ import annotations

import importlib.util
import random

from ....engine.i18n import gettext, ngettext
from ....engine.text import listing
from ...exercises import FunctionExercise, Verdict, source_of
from ...exercises.functions import NOT_WRITTEN, describe
from ...exercises.shortcuts import ShortcutUsed, refusing
from .bounded_search import (
    Problem,
    RouteOption,
    TicketOption,
    brute_force_best,
    exhaustive_search,
    lesson_problem,
    random_problem,
    region_problem,
    relaxation_bound,
)
from .bounded_search import branch_and_bound as reference_search

#: How far a bound may be off by rounding.
SLACK = 1e-6


def _installed(module: str) -> bool:
    return importlib.util.find_spec(module) is not None


#: What would solve the problem for the learner: refused while their function is checked.
SHORTCUTS = tuple((m, n) for m, n in (
    ("ttr_teach.course.lessons.graphs.bounded_search", "branch_and_bound"),
    ("ttr_teach.course.lessons.graphs.bounded_search", "exhaustive_search"),
    ("ttr_teach.course.lessons.graphs.bounded_search", "brute_force_best"),
    ("ttr_teach.algorithms.best_score", "best_score"),
    ("pyscipopt", "Model"), ("pulp", "LpProblem"), ("scipy.optimize", "milp"), ("scipy.optimize", "linprog"),
) if _installed(m.split(".")[0]))


def _route_names(problem: Problem, taken) -> str:
    return listing(f"{problem.routes[i].a}–{problem.routes[i].b}" for i in taken) or gettext("no route")


def _problem_words(problem: Problem) -> str:
    """A problem in words: its routes, tickets and trains."""
    n_routes, n_tickets = len(problem.routes), len(problem.tickets)
    return gettext("the problem with {routes}, {tickets} and {trains}").format(
        routes=ngettext("{n} route", "{n} routes", n_routes).format(n=n_routes),
        tickets=ngettext("{n} ticket", "{n} tickets", n_tickets).format(n=n_tickets),
        trains=ngettext("{n} train", "{n} trains", problem.trains).format(n=problem.trains))


def _case_words(problem: Problem, k: int | None = None, taken=()) -> str:
    """A case of a check in words: the problem, and the node when there is one."""
    if k is None:
        return _problem_words(problem)
    return gettext("{problem}, at {node}").format(problem=_problem_words(problem), node=_node(problem, k, taken))


def _node(problem: Problem, k: int, taken) -> str:
    """A node in words: the routes taken, and how many are decided."""
    return ngettext("the node with {k} route decided and {taken} taken", "the node with {k} routes decided and "
                    "{taken} taken", k).format(taken=_route_names(problem, taken), k=k)


# -- exercise 1: the bound ----------------------------------------------------------------------
def solution_bound(problem, k, taken):
    """The routes taken, the routes left cut to fit the trains left (best points per train
    first), and every ticket that the taken and the undecided routes could still join."""
    points = sum(problem.routes[i].points for i in taken)
    left = problem.trains - sum(problem.routes[i].trains for i in taken)
    for route in sorted(problem.routes[k:], key=lambda r: r.points / r.trains, reverse=True):
        part = max(0, min(1, left / route.trains))
        points += part * route.points
        left -= part * route.trains
    could_take = list(taken) + list(range(k, len(problem.routes)))
    tickets = problem.completed(could_take)
    return points + sum(t.points for t in tickets)


def bound_cases(n_random: int = 40, seed: int = 10) -> list:
    """``(problem, k, taken)`` nodes to check a bound on: nodes of the lesson's problem, then
    one node of each of ``n_random`` random problems."""
    cases = []
    p = lesson_problem()
    search = reference_search(p, relaxation_bound)
    cases += [(p, n["k"], n["taken"]) for n in search.nodes[:: max(1, search.count // 12)]]
    rng = random.Random(seed)
    for _ in range(n_random):
        q = random_problem(rng)
        nodes = exhaustive_search(q).nodes
        node = rng.choice(nodes)
        cases.append((q, node["k"], node["taken"]))
    return cases


class BoundExercise(FunctionExercise):
    """The learner writes ``bound(problem, k, taken)``. On every node of :func:`bound_cases` it
    must be a number, never below the best score below the node (:func:`brute_force_best`:
    else the node is shown as a counterexample) and never above the relaxation (a looser
    bound prunes less); and the search with it must prune."""

    def compare(self, fn):
        for case in self.cases:
            problem, k, taken = self._args(case)
            try:
                with refusing(fn, SHORTCUTS):
                    got = fn(problem, k, taken)
            except ShortcutUsed as e:
                return Verdict(False, gettext("Not yet: your bound calls {name}, which searches every choice; a "
                                              "bound must be quick: add up what could still be had.").format(
                    name=e.name))
            except NotImplementedError:
                return Verdict(False, NOT_WRITTEN)
            except Exception as e:  # the learner's code may fail in any way; report it
                return Verdict(False, gettext("Not yet: for the case {case} your function raised {error}.").format(
                    case=_case_words(problem, k, taken), error=f"{type(e).__name__}: {e}"))
            if not isinstance(got, (int, float)) or isinstance(got, bool):
                return Verdict(False, gettext("Not yet: for the case {case} your bound returned {value}; return a "
                                              "number of points.").format(case=_case_words(problem, k, taken),
                                                                          value=describe(got)))
            best, routes = brute_force_best(problem, k, taken)
            if got < best - SLACK:
                return Verdict(False, gettext(
                    "Not yet: your bound is too low. In {problem}, at {node}, with {left} trains left, your bound "
                    "says {got:g}, but taking {routes} scores {best}. A search using it would prune this node "
                    "and lose that choice: a bound must never be below what can still be reached.").format(
                    problem=_problem_words(problem), node=_node(problem, k, taken),
                    left=problem.trains - problem.trains_of(taken), got=round(got, 2),
                    routes=_route_names(problem, routes), best=best))
            if got > relaxation_bound(problem, k, taken) + SLACK:
                return Verdict(False, gettext(
                    "Not yet: your bound is safe but looser than it needs to be. In {problem}, at {node}, it "
                    "counts more than the routes left can bring with the trains left, plus the tickets they "
                    "could still join: a looser bound prunes less.").format(
                    problem=_problem_words(problem), node=_node(problem, k, taken)))
        p = lesson_problem()
        search = reference_search           # a name of its own: refusing() switches off the module's
        with refusing(fn, SHORTCUTS):
            nodes = search(p, fn).count
        every = exhaustive_search(p).count
        if nodes >= every:
            return Verdict(False, gettext("Not yet: with your bound the search still explores all {n} nodes: it "
                                          "prunes nothing.").format(n=every))
        return Verdict(True, gettext("Right: your bound is never below the best on {n} nodes, and the search with "
                                     "it explores {nodes} nodes instead of {every}.").format(
            n=len(self.cases), nodes=nodes, every=every))


def _same_bound(got, expected) -> bool:
    return isinstance(got, (int, float)) and not isinstance(got, bool) and abs(got - expected) <= SLACK


def bound_exercise() -> BoundExercise:
    """Write ``bound(problem, k, taken)``.

    >>> bound_exercise().judge(solution_bound).correct     # a check() refuses it: not yours
    True
    >>> bound_exercise().judge(lambda problem, k, taken: problem.score(taken)).message[:46]
    'Not yet: your bound is too low. In the problem'
    """
    return BoundExercise(
        gettext("Write bound(problem, k, taken): the routes 0 to k-1 are decided and taken lists the ones taken; "
                "return a number of points that no choice of the routes left can beat, as small as you can "
                "make it while it stays safe."),
        reference=relaxation_bound, cases=bound_cases(), copy_args=True, equal=_same_bound,
        hint=[gettext("Start from the points of the routes taken. What could the routes left add, if you could "
                      "take a piece of a route?"),
              gettext("The trains left are problem.trains minus the trains taken: fill them with the routes left, "
                      "the most points per train first; the last one may only fit in part."),
              gettext("A ticket can still count if the taken and the undecided routes together join its cities: "
                      "problem.completed(...) of those routes says which. Add their points, whatever the trains.")],
        function_name="bound", example=solution_bound, solution=source_of(solution_bound, "bound"))


# -- exercise 2: the search ---------------------------------------------------------------------
def solution_branch_and_bound(problem, bound, explore):
    """Depth first: at each node, keep the best score; stop when the bound cannot beat it;
    else take the next route (if it fits) and skip it."""
    best = 0

    def visit(k, taken, trains):
        nonlocal best
        explore(k, taken)
        best = max(best, problem.score(taken))
        if k == len(problem.routes) or bound(problem, k, taken) <= best:
            return
        route = problem.routes[k]
        if trains + route.trains <= problem.trains:
            visit(k + 1, taken + (k,), trains + route.trains)
        visit(k + 1, taken, trains)

    visit(0, (), 0)
    return best


def reference_best(problem, bound=None, explore=None) -> int:
    """The best score of ``problem`` (the checker's reference), by the lesson's search."""
    return reference_search(problem, relaxation_bound if bound is None else bound, explore).score


def search_trace_problem(problem: Problem, bound, nodes: list) -> str | None:
    """What is wrong with ``nodes`` (the ``(k, taken)`` a search explored, in order) as a branch
    and bound on ``problem`` with ``bound``: a sentence, or None. The search must start at the
    root, reach every node from its parent (one route decided more), explore each node once,
    stay within the trains, never expand a node whose bound is below the best complete choice
    found before it, and explore fewer nodes than the search of every choice.

    >>> p = Problem((RouteOption("A", "B", 1, 1), RouteOption("B", "C", 1, 1)), (TicketOption("A", "C", 5),), 2)
    >>> search_trace_problem(p, relaxation_bound, [(0, ()), (1, (0,)), (2, (0, 1))]) is None
    True
    >>> search_trace_problem(p, relaxation_bound, [(0, ()), (2, (0, 1))])
    'node number 2 of your search, explore(2, (0, 1)), was reached without its parent, explore(1, (0,)): decide the routes one at a time, in order'
    """  # noqa: E501
    n = len(problem.routes)
    if not nodes:
        return gettext("it never called explore(k, taken): call it at every node your search visits")
    seen: set = set()
    best_leaf = None
    expanded: set = set()
    best_before: dict = {}          # the best complete choice found before each node
    for i, (k, taken) in enumerate(nodes, 1):
        shown = f"explore({k}, {taken})"
        if not (isinstance(k, int) and 0 <= k <= n and all(isinstance(t, int) and 0 <= t < k for t in taken)
                and list(taken) == sorted(set(taken))):
            return gettext("node number {i} of your search, {node}, is not a node: k is a number of routes decided "
                           "(0 to {n}) and taken the increasing numbers of the routes taken, each below k").format(
                i=i, node=shown, n=n)
        if i == 1 and (k, taken) != (0, ()):
            return gettext("the first node of your search is {node}: start at the root, explore(0, ()), where "
                           "nothing is decided").format(node=shown)
        if (k, taken) in seen:
            return gettext("node number {i} of your search, {node}, is explored twice").format(i=i, node=shown)
        if problem.trains_of(taken) > problem.trains:
            return gettext("node number {i} of your search, {node}, takes more than the {trains} trains "
                           "allowed").format(i=i, node=shown, trains=problem.trains)
        if i > 1:
            parent = (k - 1, taken[:-1] if taken and taken[-1] == k - 1 else taken)
            if parent not in seen:
                return gettext("node number {i} of your search, {node}, was reached without its parent, "
                               "explore({pk}, {pt}): decide the routes one at a time, in order").format(
                    i=i, node=shown, pk=parent[0], pt=parent[1])
            if parent not in expanded:
                expanded.add(parent)
                b, before = bound(problem, *parent), best_before[parent]
                if before is not None and b < before - SLACK:
                    return gettext("your search went on below {node} although its bound, {bound:g}, is below the "
                                   "best score of a complete choice found before it, {best}: nothing below it can "
                                   "beat that, so prune it").format(node=_node(problem, *parent),
                                                                    bound=round(b, 2), best=before)
        seen.add((k, taken))
        best_before[(k, taken)] = best_leaf
        if k == n:
            value = problem.score(taken)
            best_leaf = value if best_leaf is None else max(best_leaf, value)
    every = exhaustive_search(problem).count
    if len(nodes) >= every:
        return gettext("it explored all {n} nodes, as the search of every choice does: it never pruned").format(
            n=every)
    return None



class SearchExercise(FunctionExercise):
    """The learner writes ``branch_and_bound(problem, bound, explore)`` returning the best score,
    calling ``explore(k, taken)`` at every node. The checker gives it the lesson's bound and
    follows the nodes it explores (:func:`search_trace_problem`); the package's searches and
    the solvers are refused while it runs (:data:`SHORTCUTS`)."""

    def compare(self, fn):
        for case in self.cases:
            (problem,) = self._args(case)
            expected = self.answer(problem)
            nodes: list = []

            def explore(k, taken, nodes=nodes):
                nodes.append((k, tuple(sorted(taken)) if not isinstance(taken, int) else taken))

            try:
                with refusing(fn, SHORTCUTS):
                    got = fn(problem, relaxation_bound, explore)
            except ShortcutUsed as e:
                return Verdict(False, gettext("Not yet: your function calls {name}, which solves the problem for "
                                              "it; write the search yourself.").format(name=e.name))
            except NotImplementedError:
                return Verdict(False, NOT_WRITTEN)
            except Exception as e:  # the learner's code may fail in any way; report it
                return Verdict(False, gettext("Not yet: for the case {case} your function raised {error}.").format(
                    case=_case_words(problem), error=f"{type(e).__name__}: {e}"))
            problem_said = search_trace_problem(problem, relaxation_bound, nodes)
            if problem_said:
                return Verdict(False, gettext("Not yet: for the case {case}, {problem}.").format(
                    case=_case_words(problem), problem=problem_said))
            if not _same_score(got, expected):
                return Verdict(False, gettext("Not yet: for the case {case} your search returned {value}, which is "
                                              "not the best score.").format(case=_case_words(problem),
                                                                             value=describe(got)))
        return Verdict(True, gettext("Right: your search finds the best score on all {n} cases, and prunes as a "
                                     "branch and bound does.").format(n=len(self.cases)))


def _same_score(got, expected) -> bool:
    return isinstance(got, (int, float)) and not isinstance(got, bool) and abs(got - expected) <= SLACK


def search_cases() -> list:
    """A problem made by hand (a ticket worth more than the routes), small regions of both maps,
    and the lesson's problem."""
    hand = Problem((RouteOption("A", "B", 1, 1), RouteOption("C", "D", 2, 2), RouteOption("B", "C", 2, 2),
                    RouteOption("A", "D", 4, 7)), (TicketOption("A", "C", 9),), 4)
    return [(hand,), (region_problem("europe", "Marseille", 9, 9),), (region_problem("usa", "Denver", 9, 10),),
            (region_problem("europe", "Berlin", 10, 10),), (lesson_problem(),)]


def search_exercise() -> SearchExercise:
    """Write ``branch_and_bound(problem, bound, explore)``.

    >>> search_exercise().judge(solution_branch_and_bound).correct     # a check() refuses it: not yours
    True
    >>> def every_choice(problem, bound, explore):
    ...     return solution_branch_and_bound(problem, lambda *node: float("inf"), explore)
    >>> search_exercise().judge(every_choice).message.endswith("nothing below it can beat that, so prune it.")
    True
    """
    return SearchExercise(
        gettext("Write branch_and_bound(problem, bound, explore): search the choices route by route (take "
                "route k if the trains allow, or skip it), call explore(k, taken) at every node, prune a node "
                "whose bound(problem, k, taken) cannot beat the best score found so far, and return the best "
                "score."),
        reference=reference_best, cases=search_cases(), equal=_same_score,
        hint=[gettext("Write visit(k, taken, trains) for the node where the routes before k are decided: call "
                      "explore(k, taken) first, then keep problem.score(taken) if it is the best so far."),
              gettext("Stop at k == len(problem.routes), and also when bound(problem, k, taken) is no more than "
                      "the best so far: nothing below can beat it."),
              gettext("Otherwise visit the child that takes route k (if trains + its trains fit in "
                      "problem.trains), then the child that skips it; start with visit(0, (), 0).")],
        function_name="branch_and_bound", example=solution_branch_and_bound,
        solution=source_of(solution_branch_and_bound, "branch_and_bound"))
