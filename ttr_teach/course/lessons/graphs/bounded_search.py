"""Lesson 10, branch and bound (``notebooks/graphs/10_branch_and_bound.ipynb``): a small
best-score problem from the map (a region's routes, the tickets inside it, a budget of
trains) solved exactly, first by trying every choice, then by branch and bound with an
optimistic bound; the bounds compared by the nodes they explore, the counterexample of a bound
that is too low, and the pictures of the two search trees. The exercises (the learner writes
the bound, then the search) are in :mod:`.bound_exercises`.

A *node* of the search is ``(k, taken)``: the routes ``0 .. k-1`` of the problem are decided,
``taken`` (a tuple of route numbers, increasing) are the ones taken. Its children decide route
``k``: take it (if the trains allow) or skip it.

>>> p = lesson_problem()
>>> len(p.routes), len(p.tickets), p.trains
(14, 5, 15)
>>> exhaustive_search(p).score == branch_and_bound(p, relaxation_bound).score
True
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import NamedTuple

from ....engine.i18n import N_, gettext, local_digits, ngettext
from ....engine.maps import MAP_NAMES, load_map
from ....engine.text import clauses, listing
from ....engine.unionfind import UnionFind
from .longest import grow_network
from .shared import DONE_COLOR, NOW_COLOR, PATH_COLOR, TREE_COLOR, WAITING_COLOR, Table

#: The headings of the lesson's tables.
HEADINGS = (N_("search"), N_("nodes explored"), N_("best score found"), N_("route"), N_("points per train"))


class RouteOption(NamedTuple):
    """A route one may take: its two cities, its trains and its points."""

    a: str
    b: str
    trains: int
    points: int


class TicketOption(NamedTuple):
    """A ticket that counts if the taken routes join its two cities."""

    a: str
    b: str
    points: int


@dataclass(frozen=True)
class Problem:
    """Choose routes of ``routes`` with at most ``trains`` trains in all; the score is their
    points plus the points of every ticket of ``tickets`` whose two cities they join.

    >>> p = Problem((RouteOption("A", "B", 2, 2), RouteOption("B", "C", 3, 4)), (TicketOption("A", "C", 6),), 5)
    >>> p.score((0, 1)), p.score((1,)), p.trains_of((0, 1))
    (12, 4, 5)
    """

    routes: tuple[RouteOption, ...]
    tickets: tuple[TicketOption, ...]
    trains: int
    map: str = ""
    #: the map's route index of each route (to draw it), empty for a problem made by hand
    indices: tuple[int, ...] = field(default=(), compare=False)

    def __repr__(self) -> str:
        where = f"{self.map}, " if self.map else ""
        return f"Problem({where}{len(self.routes)} routes, {len(self.tickets)} tickets, {self.trains} trains)"

    def trains_of(self, taken: Iterable[int]) -> int:
        """The trains of the routes ``taken`` (route numbers)."""
        return sum(self.routes[i].trains for i in taken)

    def completed(self, taken: Iterable[int]) -> list:
        """The tickets the routes ``taken`` complete."""
        groups = UnionFind(c for t in self.tickets for c in (t.a, t.b))
        for i in taken:
            groups.union(self.routes[i].a, self.routes[i].b)
        return [t for t in self.tickets if groups.connected(t.a, t.b)]

    def score(self, taken: Iterable[int]) -> int:
        """The points of the routes ``taken`` plus those of the tickets they complete."""
        taken = list(taken)
        return sum(self.routes[i].points for i in taken) + sum(t.points for t in self.completed(taken))

    def reordered(self, order: Iterable[int]) -> Problem:
        """The same problem with its routes in ``order`` (the order the search branches on)."""
        order = list(order)
        return Problem(tuple(self.routes[i] for i in order), self.tickets, self.trains, self.map,
                       tuple(self.indices[i] for i in order) if self.indices else ())


def region_problem(map, center: str, n_routes: int, trains: int, tickets=None) -> Problem:
    """The ``n_routes`` city pairs nearest to ``center`` (lesson 5's :func:`grow_network`), one
    route each, with the map's tickets whose two cities both lie in the region (or ``tickets``,
    as ``(city, city)`` pairs), and a budget of ``trains``.

    >>> p = region_problem("europe", "Paris", 4, 6)
    >>> [(r.a, r.b, r.trains, r.points) for r in p.routes][:2]
    [('Dieppe', 'Paris', 1, 1), ('Bruxelles', 'Paris', 2, 2)]
    """
    m = load_map(map)
    net = grow_network(m, center, n_routes)
    cities = {c for r in net for c in (r.a, r.b)}
    if tickets is None:
        chosen = [t for t in m.tickets if t.a in cities and t.b in cities]
    else:
        chosen = [m.find_ticket(tuple(pair)) for pair in tickets]
    return Problem(tuple(RouteOption(r.a, r.b, r.length, m.rules.route_points(r.length)) for r in net),
                   tuple(TicketOption(t.a, t.b, t.points) for t in chosen), trains, m.name,
                   tuple(r.index for r in net))


def lesson_problem() -> Problem:
    """The lesson's problem: the 14 city pairs nearest to Venezia, the five tickets of the
    region, 15 trains."""
    return region_problem("europe", "Venezia", 14, 15)


def small_problem() -> Problem:
    """A problem small enough to draw its whole search tree: 8 city pairs near Venezia, 8 trains."""
    return region_problem("europe", "Venezia", 8, 8)


def random_problem(rng: random.Random, n_routes: int | None = None) -> Problem:
    """A small random problem for checking a bound: a region of one of the maps around a random
    city, one to three tickets between random cities of it (with random points), and a random
    budget."""
    m = load_map(rng.choice(MAP_NAMES))
    n = n_routes or rng.randint(5, 9)
    net = grow_network(m, rng.choice(sorted(m.cities)), n)
    cities = sorted({c for r in net for c in (r.a, r.b)})
    pairs = [rng.sample(cities, 2) for _ in range(rng.randint(1, 3))]
    tickets = [TicketOption(a, b, rng.randint(3, 12)) for a, b in pairs]
    total = sum(r.length for r in net)
    return Problem(tuple(RouteOption(r.a, r.b, r.length, m.rules.route_points(r.length)) for r in net),
                   tuple(tickets), rng.randint(2, max(2, total * 2 // 3)), m.name, tuple(r.index for r in net))


# -- the searches ------------------------------------------------------------------------------
@dataclass
class Search:
    """What a search found: the best ``score``, the routes ``taken`` for it, and the
    ``nodes`` it explored in order, each ``{"k", "taken", "score", "bound", "pruned"}``."""

    score: int
    taken: tuple
    nodes: list

    @property
    def count(self) -> int:
        return len(self.nodes)


def exhaustive_search(problem: Problem, explore: Callable | None = None) -> Search:
    """Every choice, route by route (take it if the trains allow, or skip it): the search tree of
    lesson 5's backtracking, with no bound. Exact, and exponential in the routes.

    >>> p = Problem((RouteOption("A", "B", 1, 1), RouteOption("B", "C", 1, 1)), (), 1)
    >>> [(n["k"], n["taken"]) for n in exhaustive_search(p).nodes]
    [(0, ()), (1, (0,)), (2, (0,)), (1, ()), (2, (1,)), (2, ())]
    """
    return branch_and_bound(problem, None, explore)


def branch_and_bound(problem: Problem, bound: Callable | None, explore: Callable | None = None) -> Search:
    """Depth first, taking a route before skipping it; at every node, the score of its routes
    may be the best so far, and the node is not expanded when ``bound(problem, k, taken)`` (the
    most any choice below it can score) is no more than the best score found. With
    ``bound=None`` nothing is pruned (:func:`exhaustive_search`). ``explore(k, taken)`` is
    called at every node, in order.

    >>> p = lesson_problem()
    >>> exhaustive_search(p).count > branch_and_bound(p, relaxation_bound).count
    True
    """
    n = len(problem.routes)
    nodes: list = []
    best: list = [-1, ()]

    def visit(k: int, taken: tuple, trains: int) -> None:
        if explore is not None:
            explore(k, taken)
        value = problem.score(taken)
        if value > best[0]:
            best[:] = [value, taken]
        node = {"k": k, "taken": taken, "score": value, "bound": None, "pruned": False}
        nodes.append(node)
        if k == n:
            return
        if bound is not None:
            node["bound"] = bound(problem, k, taken)
            if node["bound"] <= best[0]:
                node["pruned"] = True
                return
        if trains + problem.routes[k].trains <= problem.trains:
            visit(k + 1, taken + (k,), trains + problem.routes[k].trains)
        visit(k + 1, taken, trains)

    visit(0, (), 0)
    return Search(best[0], best[1], nodes)


def brute_force_best(problem: Problem, k: int = 0, taken: tuple = ()) -> tuple:
    """``(score, taken)``: the best choice below the node ``(k, taken)``, by trying every set of
    the undecided routes that fits (the checker's exact answer).

    >>> brute_force_best(lesson_problem())[0] == exhaustive_search(lesson_problem()).score
    True
    """
    best = (problem.score(taken), tuple(taken))
    left = problem.trains - problem.trains_of(taken)

    def grow(i, chosen, room):
        nonlocal best
        if i == len(problem.routes):
            value = problem.score(chosen)
            if value > best[0]:
                best = (value, chosen)
            return
        if problem.routes[i].trains <= room:
            grow(i + 1, chosen + (i,), room - problem.routes[i].trains)
        grow(i + 1, chosen, room)

    grow(k, tuple(taken), left)
    return best


# -- bounds ------------------------------------------------------------------------------------
def _fractional_points(routes: Iterable[RouteOption], trains: int) -> float:
    """The most points ``routes`` give with ``trains`` trains when a route may be taken in part:
    the best points per train first, the last one cut to fit (the fractional knapsack)."""
    total, room = 0.0, float(trains)
    for r in sorted(routes, key=lambda r: r.points / r.trains, reverse=True):
        if room <= 0:
            break
        part = min(1.0, room / r.trains)
        total += part * r.points
        room -= part * r.trains
    return total


def relaxation_bound(problem: Problem, k: int, taken) -> float:
    """The most any choice below the node ``(k, taken)`` can score, by relaxing two rules: the
    routes still to decide may be taken in part (the best points per train first, up to the
    trains left), and every ticket that the taken and the undecided routes could join counts,
    whatever its trains. Never below the true best; equal to the score at a leaf.

    >>> p = lesson_problem()
    >>> relaxation_bound(p, 0, ()) >= brute_force_best(p)[0]
    True
    """
    left = problem.trains - problem.trains_of(taken)
    routes = sum(problem.routes[i].points for i in taken) + _fractional_points(problem.routes[k:], left)
    tickets = sum(t.points for t in problem.completed([*taken, *range(k, len(problem.routes))]))
    return routes + tickets


def everything_bound(problem: Problem, k: int, taken) -> float:
    """A safe but loose bound: the node's routes, every route still to decide (whatever the
    trains) and every ticket they could join.

    >>> p = lesson_problem()
    >>> everything_bound(p, 0, ()) >= relaxation_bound(p, 0, ())
    True
    """
    rest = range(k, len(problem.routes))
    return (sum(problem.routes[i].points for i in [*taken, *rest])
            + sum(t.points for t in problem.completed([*taken, *rest])))


def routes_only_bound(problem: Problem, k: int, taken) -> float:
    """A wrong bound: the relaxation of the routes, counting only the tickets already complete.
    It forgets that a route still to decide may complete a ticket, so it can be below the best.

    >>> p = lesson_problem()
    >>> routes_only_bound(p, 0, ()) < brute_force_best(p)[0]
    True
    """
    left = problem.trains - problem.trains_of(taken)
    return problem.score(taken) + _fractional_points(problem.routes[k:], left)


BOUNDS = {"everything": everything_bound, "relaxation": relaxation_bound, "routes only": routes_only_bound}


def best_first_order(problem: Problem) -> list:
    """The route numbers by points per train, best first (ties: the map's order): the order in
    which the relaxation fills the trains, so the first choices are the ones it believes in."""
    return sorted(range(len(problem.routes)), key=lambda i: -problem.routes[i].points / problem.routes[i].trains)


def hard_problem(n: int) -> Problem:
    """A problem built to defeat the relaxation: ``n`` routes in a line, 2 trains and 2 points
    each, no ticket, and ``n + 1`` trains (``n`` even). Whole routes use at most ``n`` trains;
    the relaxation fills the last train with half a route, so it stays one point above the
    best at every node with enough routes left, and almost nothing is pruned.

    >>> p = hard_problem(4)
    >>> relaxation_bound(p, 0, ()), brute_force_best(p)[0]
    (5.0, 4)
    """
    return Problem(tuple(RouteOption(f"C{i}", f"C{i + 1}", 2, 2) for i in range(n)), (), n + 1)


def worst_case_table(sizes: Iterable[int] = (4, 6, 8, 10, 12)) -> Table:
    """The nodes every choice and branch and bound with the relaxation explore on
    :func:`hard_problem` of each size: both grow exponentially.

    >>> [r["branch and bound"] for r in worst_case_table((4, 6)).rows]
    [15, 54]
    """
    rows = []
    for n in sizes:
        p = hard_problem(n)
        rows.append({"routes": n, "every choice": exhaustive_search(p).count,
                     "branch and bound": branch_and_bound(p, relaxation_bound).count})
    return Table(rows)


def search_table(problem: Problem) -> Table:
    """The nodes each search explores on ``problem`` and the best score it finds: every choice,
    then branch and bound with the loose bound, the relaxation, the relaxation with the routes
    best per train first, and the wrong bound (which may miss the best)."""
    ordered = problem.reordered(best_first_order(problem))
    runs = [(gettext("every choice (no bound)"), problem, None),
            (gettext("bound: every route and ticket left"), problem, everything_bound),
            (gettext("bound: the relaxation"), problem, relaxation_bound),
            (gettext("bound: the relaxation, best routes first"), ordered, relaxation_bound),
            (gettext("bound: routes only (too low)"), problem, routes_only_bound)]
    rows = []
    for name, p, bound in runs:
        s = branch_and_bound(p, bound)
        rows.append({"search": name, "nodes explored": s.count, "best score found": s.score})
    return Table(rows)


def route_rows(problem: Problem) -> Table:
    """The problem's routes and tickets, one row each."""
    rows = [{"route": f"{r.a}–{r.b}", "trains": r.trains, "points": r.points,
             "points per train": round(r.points / r.trains, 2)} for r in problem.routes]
    return Table(rows)


def ticket_rows(problem: Problem) -> Table:
    return Table([{"ticket": f"{t.a}–{t.b}", "points": t.points} for t in problem.tickets])


def wrong_bound_report(problem: Problem) -> list:
    """Two sentences: what the search with :func:`routes_only_bound` returns against the best,
    and the first node it prunes although a better choice lies below it."""
    right = branch_and_bound(problem, relaxation_bound)
    wrong = branch_and_bound(problem, routes_only_bound)
    lines = [gettext("with the bound that forgets the tickets: {wrong} points; the best is {right}").format(
        wrong=wrong.score, right=right.score)]
    best_so_far = -1
    for node in wrong.nodes:
        best_so_far = max(best_so_far, node["score"])
        if node["pruned"]:
            below = brute_force_best(problem, node["k"], node["taken"])
            if below[0] > best_so_far:
                lines.append(gettext("it pruned the node where {taken} are taken and {k} routes are decided: its "
                                     "bound said {bound:g}, but {best} points could still be reached "
                                     "below it").format(taken=_names(problem, node["taken"]), k=node["k"],
                                                        bound=round(node["bound"], 2), best=below[0]))
                break
    return lines


def _names(problem: Problem, taken) -> str:
    return listing(f"{problem.routes[i].a}–{problem.routes[i].b}" for i in taken) or gettext("no route")


# -- pictures ----------------------------------------------------------------------------------
def choice_highlight(problem: Problem, taken) -> list:
    """A highlight of a choice on the board: the problem's other routes in one colour, the
    routes taken in another, the completed tickets' cities ringed (for an empty choice: the
    cities of every ticket of the problem).

    >>> [item["label"] for item in choice_highlight(lesson_problem(), [])]
    ["the region's routes", "the cities of the region's tickets"]
    """
    taken = list(taken)
    items = [{"routes": [problem.indices[i] for i in range(len(problem.routes)) if i not in taken],
              "color": WAITING_COLOR,
              "label": gettext("the region's other routes") if taken else gettext("the region's routes")}]
    if not taken:
        return items + [{"cities": sorted({c for t in problem.tickets for c in (t.a, t.b)}), "color": NOW_COLOR,
                         "label": gettext("the cities of the region's tickets")}]
    done = problem.completed(taken)
    items.append({"routes": [problem.indices[i] for i in taken], "color": PATH_COLOR,
                  "label": ngettext("{n} route chosen, {score} points", "{n} routes chosen, {score} points",
                                    len(taken)).format(n=len(taken), score=problem.score(taken))})
    if done:
        items.append({"cities": sorted({c for t in done for c in (t.a, t.b)}), "color": NOW_COLOR,
                      "label": ngettext("{n} ticket completed", "{n} tickets completed", len(done)).format(
                          n=len(done))})
    return items


def _tree_positions(nodes: list) -> tuple[dict, dict]:
    """x of every node (leaves in search order, a parent over its children), y its depth."""
    children: dict = {}
    for node in nodes[1:]:
        k, taken = node["k"], node["taken"]
        parent = (k - 1, taken[:-1] if taken and taken[-1] == k - 1 else taken)
        children.setdefault(parent, []).append((k, taken))
    x: dict = {}
    count = [0]

    def place(key):
        kids = children.get(key, [])
        for kid in kids:
            place(kid)
        if kids:
            x[key] = sum(x[c] for c in kids) / len(kids)
        else:
            x[key] = count[0]
            count[0] += 1

    place((0, ()))
    return {key: (value, -key[0]) for key, value in x.items()}, children


def plot_search_trees(problem: Problem):
    """Two search trees of ``problem`` side by side, on the same scale: every choice, and branch
    and bound with the relaxation (a pruned node is orange, the best network's node pink).
    Returns the Figure, with its alternative text."""
    import matplotlib.pyplot as plt

    from ....views.alt_text import describe

    searches = [(gettext("every choice"), exhaustive_search(problem)),
                (gettext("branch and bound"), branch_and_bound(problem, relaxation_bound))]
    fig, axes = plt.subplots(1, 2, figsize=(10.5, 3.6), sharey=True)
    for ax, (title, search) in zip(axes, searches, strict=True):
        pos, children = _tree_positions(search.nodes)
        for parent, kids in children.items():
            for kid in kids:
                ax.plot([pos[parent][0], pos[kid][0]], [pos[parent][1], pos[kid][1]], color="#999999", lw=0.5)
        found = _first_with(search)
        styles: list = [(lambda n: not n["pruned"], TREE_COLOR, 6, gettext("explored")),
                  (lambda n: n["pruned"], WAITING_COLOR, 10, gettext("pruned by the bound")),
                  (lambda n, found=found: n is found, PATH_COLOR, 40, gettext("where the best was found"))]
        for keep, colour, size, label in styles:
            pts = [pos[(n["k"], n["taken"])] for n in search.nodes if keep(n)]
            if pts:
                ax.scatter([p[0] for p in pts], [p[1] for p in pts], s=size, color=colour, label=label, zorder=3)
        ax.set_title(ngettext("{title}: {n} node", "{title}: {n} nodes", search.count).format(
            title=title, n=search.count))
        ax.set_xticks([])
        ax.set_xlabel(gettext("the choices, in the order searched"))
        ax.legend(fontsize=8, loc="upper right")
    depth = len(problem.routes)
    axes[0].set_yticks([-k for k in range(depth + 1)], [str(k) for k in range(depth + 1)])
    axes[0].set_ylabel(gettext("routes decided"))
    fig.tight_layout()
    plt.close(fig)
    return describe(fig, gettext("Two search trees, every node a choice of routes. Left, every choice: {all} "
                                 "nodes. Right, branch and bound: {bb} nodes, the pruned ones in orange; both "
                                 "find the best score, {score}.").format(
        all=searches[0][1].count, bb=searches[1][1].count, score=searches[1][1].score))


def _first_with(search: Search) -> dict:
    """The first node whose routes are the best choice (where the search found it)."""
    return next(n for n in search.nodes if n["taken"] == search.taken and n["score"] == search.score)


def plot_node_counts(table: Table):
    """The nodes each search of :func:`search_table` explores, as bars on a log scale."""
    import matplotlib.pyplot as plt

    from ....views.alt_text import describe

    rows = table.rows
    fig, ax = plt.subplots(figsize=(9, 0.6 + 0.45 * len(rows)), layout="constrained")
    colours = [TREE_COLOR, WAITING_COLOR, DONE_COLOR, DONE_COLOR, NOW_COLOR]
    ax.barh(range(len(rows)), [r["nodes explored"] for r in rows], color=colours[:len(rows)])
    ax.set_yticks(range(len(rows)), [r["search"] for r in rows], fontsize=8)
    ax.invert_yaxis()
    ax.set_xscale("log")
    ax.set_xlabel(gettext("nodes explored (log scale)"))
    for i, r in enumerate(rows):
        ax.text(r["nodes explored"], i, " " + local_digits(str(r["nodes explored"])), va="center", fontsize=8)
    ax.set_xlim(1, 4 * max(r["nodes explored"] for r in rows))
    plt.close(fig)
    said = clauses(f"{r['search']}: {r['nodes explored']}" for r in rows)
    return describe(fig, gettext("Bars on a log scale, the nodes each search explores: {said}.").format(said=said))



def search_summary(search: Search) -> str:
    """How many nodes a search explored, and the best score it found with how many routes.

    >>> print(search_summary(Search(score=49, taken=(1, 2, 3, 4, 5, 6, 7), nodes=[{}] * 19766)))
    nodes explored: 19766
    best score: 49 with 7 routes
    """
    n = len(search.taken)
    return "\n".join([gettext("nodes explored: {count}").format(count=search.count),
                      ngettext("best score: {score} with {n} route", "best score: {score} with {n} routes", n).format(
                          score=search.score, n=n)])


def root_bound(problem: Problem, search: Search) -> str:
    """The relaxation's bound at the root of the search (:func:`relaxation_bound`, nothing
    decided yet) above the best score the search found, aligned.

    >>> problem = small_problem()
    >>> root_bound(problem, exhaustive_search(problem)).splitlines()[1].startswith("best score:        ")
    True
    """
    rows = [(gettext("bound at the root:"), round(relaxation_bound(problem, 0, ()), 2)),
            (gettext("best score:"), search.score)]
    width = max(len(label) for label, _ in rows)
    return "\n".join(f"{label:{width}} " + local_digits(str(value)) for label, value in rows)
