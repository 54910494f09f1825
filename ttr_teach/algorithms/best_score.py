"""The best possible score with a train budget, proven optimal by integer programming.

**The problem.** One player is alone on the map with a budget of ``B`` trains (45 in the
game). They choose

* routes whose lengths add up to at most ``B``, never both routes of a double route (unless
  ``allow_both_doubles=True``), and
* any set of the map's destination tickets (Europe: its 40 regular and 6 long tickets; USA:
  its 30 tickets),

and score the map's points for each chosen route (by its length, from the edition's
scoring table: ``map.rules.route_points``) plus the points of every chosen ticket whose two
cities the chosen routes connect. Unfinished tickets are simply not chosen, so nothing is
ever lost. There is no longest-route bonus and there are no stations; ferries and tunnels
are routes like any other (their cards do not matter here). What is the highest score?

>>> best = best_score("usa", trains=6)
>>> best.score, best.route_points, best.ticket_points, best.proven
(15, 15, 0, True)

It is a *prize-collecting Steiner forest with a budget*: NP-hard, and the obvious integer
program (one flow per ticket) leaves a bound far above the optimum. The model that is solved
(for networks whose tickets lie on one tree) is described in
:mod:`ttr_teach.algorithms.best_score_model`; networks of several pieces are bounded by the
best scores of smaller budgets in :mod:`ttr_teach.algorithms.best_score_split`; the starting
solution comes from
:mod:`ttr_teach.algorithms.best_score_greedy`; a sweep over budgets is cached in
:mod:`ttr_teach.algorithms.best_score_cache`.
"""
from __future__ import annotations

import math
import numbers
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from ..engine.errors import ArgumentError, FileError, PositionError
from ..engine.i18n import gettext, local_digits, ngettext
from ..engine.maps import Map, Route, load_map
from . import best_score_greedy as greedy
from . import best_score_model as model
from .best_score_data import stored_bound
from .best_score_split import shortest_ticket, split_bound


@dataclass(frozen=True)
class BestScore:
    """The answer of :func:`best_score`: the network, its score and how sure we are.

    ``score = route_points + ticket_points``; ``trains`` is the number of trains the routes
    use (at most ``budget``); ``routes`` are the map's :class:`Route` objects and ``tickets``
    its :class:`Ticket` objects (those the routes complete); ``proven`` is True when no
    network can score more (then ``bound == score``); otherwise ``bound`` is the best upper
    bound the solver proved. ``seconds``: the solve time. :meth:`to_dict` gives plain JSON
    types.
    """

    map: str
    budget: int
    allow_both_doubles: bool
    score: int
    route_points: int
    ticket_points: int
    trains: int
    routes: tuple
    tickets: tuple
    proven: bool
    bound: int
    seconds: float
    #: Extra facts from the solver (cuts added, branch-and-bound nodes, status).
    details: dict = field(default_factory=dict, compare=False)

    # -- reading ------------------------------------------------------------------------------
    def to_dict(self) -> dict:
        """Plain JSON types: routes as ``[a, b, length, colour]``, tickets as ``[a, b, points]``.

        >>> d = best_score("usa", trains=6).to_dict()
        >>> [length for _, _, length, _ in d["routes"]], d["proven"]
        ([6], True)
        """
        return {"map": self.map, "budget": self.budget, "allow_both_doubles": self.allow_both_doubles,
                "score": self.score, "route_points": self.route_points,
                "ticket_points": self.ticket_points, "trains": self.trains,
                "routes": [[r.a, r.b, r.length, r.color] for r in self.routes],
                "tickets": [[t.a, t.b, t.points] for t in self.tickets],
                "proven": self.proven, "bound": self.bound, "seconds": round(float(self.seconds), 3),
                "details": dict(self.details)}

    @classmethod
    def from_dict(cls, d: dict) -> BestScore:
        """The result that :meth:`to_dict` wrote (routes and tickets looked up on the map; the
        points are recomputed, so a stored score that does not add up raises FileError)."""
        m = load_map(d["map"])
        routes = tuple(sorted((m.route(a, b, colour) for a, b, _length, colour in d["routes"]),
                              key=lambda r: r.index))
        result = _result(m, d["budget"], d["allow_both_doubles"], routes, d["proven"], d["bound"],
                         d["seconds"], d.get("details", {}))
        if result.score != d["score"] or [[t.a, t.b, t.points] for t in result.tickets] != d["tickets"]:
            raise FileError(gettext("the stored best score for {map} with {trains} trains does not add up: "
                                    "{stored} stored, {recomputed} recomputed").format(
                map=d["map"], trains=d["budget"], stored=d["score"], recomputed=result.score))
        return result

    # -- drawing ------------------------------------------------------------------------------
    def summary(self, timing: str | None = None) -> str:
        """A few lines of text: the score, its parts, the routes and the tickets. ``timing``
        replaces the solver's time in the first line's brackets (the command line says there
        whether the proof was stored or solved now, and how long this run took)."""
        m = _map(self.map)
        budget = (gettext("{map}, {n} trains, both halves of doubles allowed") if self.allow_both_doubles
                  else gettext("{map}, {n} trains")).format(map=m.title, n=self.budget)
        sure = (gettext("proven optimal") if self.proven
                else gettext("not proven: at most {bound}").format(bound=self.bound))
        n = len(self.tickets)
        lines = [ngettext("{budget}: {score} points ({routes} for routes + {tickets} for {n} ticket), {trains} "
                          "trains used; {sure} ({timing})",
                          "{budget}: {score} points ({routes} for routes + {tickets} for {n} tickets), {trains} "
                          "trains used; {sure} ({timing})", n).format(
                     budget=budget, score=self.score, routes=self.route_points, tickets=self.ticket_points, n=n,
                     trains=self.trains, sure=sure,
                     timing=timing or gettext("{seconds} s").format(seconds=local_digits(f"{self.seconds:.1f}"))),
                 gettext("routes ({n}):").format(n=len(self.routes))]
        lines += [f"  {r}" for r in self.routes]
        lines.append(gettext("tickets ({n}):").format(n=len(self.tickets)))
        lines += [f"  {t}" for t in self.tickets]
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.summary()

    def position(self, name: str = "best") -> dict:
        """The network as a position dict (the position file format), to score or draw: player
        ``name`` owns it, beside a rival who owns nothing (a game has 2 players or more). Raises
        PositionError when it is not a legal position: over 45 trains, or both halves of a double
        route (``allow_both_doubles``).

        >>> player = best_score("usa", trains=6).position()["players"][0]
        >>> len(player["routes"]), player["stations"]
        (1, [])
        """
        m = _map(self.map)
        if self.trains > m.rules.trains_per_player:
            raise PositionError(gettext("this network uses {trains} trains; a player has only {most}, so it is not a "
                                        "position of the game").format(trains=self.trains,
                                                                       most=m.rules.trains_per_player))
        pairs = [frozenset(r.cities) for r in self.routes]
        if len(set(pairs)) != len(pairs):
            raise PositionError(gettext("this network owns both halves of a double route, which no position allows"))
        return {"map": m.name, "players": [{
            "name": name, "routes": [[r.a, r.b, r.color] for r in self.routes], "stations": [],
            "tickets": [[t.a, t.b] for t in self.tickets]}, {"name": "Rival" if name != "Rival" else "Other"}]}

    def highlight(self, color: str = "#ff1493") -> list:
        """A highlight for :func:`ttr_teach.board_svg`: the network's routes glow, the cities of
        the completed tickets are ringed. ``board_svg(result.map, highlight=result.highlight())``."""
        cities = list(dict.fromkeys(c for t in self.tickets for c in t.cities))
        label = gettext("best network, {trains} trains: {score} points ({routes} routes + {tickets} tickets)")
        items = [{"routes": [r.index for r in self.routes], "color": color,
                  "label": label.format(trains=self.budget, score=self.score, routes=self.route_points,
                                        tickets=self.ticket_points)}]
        if cities:
            n = len(self.tickets)
            items.append({"cities": cities, "color": "#222222",
                          "label": ngettext("{n} ticket completed", "{n} tickets completed", n).format(n=n)})
        return items

    def _repr_svg_(self) -> str:
        """The empty board with :meth:`highlight` drawn on it (Jupyter shows the result so)."""
        from ..views.svg import board_svg

        return board_svg(self.map, highlight=self.highlight())


def _map(name: str | Map) -> Map:
    return load_map(name)


def _result(m: Map, budget: int, allow_both_doubles: bool, routes: Iterable[Route], proven: bool, bound: float,
            seconds: float, details: Mapping) -> BestScore:
    """A :class:`BestScore` for ``routes``, with every number recomputed from the map."""
    routes = tuple(sorted(routes, key=lambda r: r.index))
    tickets = tuple(greedy.connected_tickets(m, routes))
    route_pts = greedy.route_points(m, routes)
    ticket_pts = sum(t.points for t in tickets)
    score = route_pts + ticket_pts
    return BestScore(m.name, int(budget), bool(allow_both_doubles), score, route_pts, ticket_pts,
                     sum(r.length for r in routes), routes, tickets, bool(proven) and bound <= score,
                     max(int(bound), score), float(seconds), dict(details))


def _check_budget(trains: object) -> int:
    if isinstance(trains, bool) or not isinstance(trains, numbers.Real) or not math.isfinite(trains) \
            or trains != int(trains) or trains < 0:  # type: ignore[call-overload]  # a Real has __int__
        raise ArgumentError(gettext("trains must be a whole number of trains, 0 or more, not {value}").format(
            value=repr(trains)))
    return int(trains)  # type: ignore[call-overload]  # a Real has __int__


def best_score(map: str | Map, trains: int = 45, allow_both_doubles: bool = False,
               time_limit: float | None = None, *, cpu_clock: bool = False, starts: Iterable = ()) -> BestScore:
    """The highest score one player alone can reach with ``trains`` trains, proven optimal.

    Parameters
    ----------
    map : str or Map
        ``"europe"`` or ``"usa"`` (or a loaded map).
    trains : int
        The budget B: the chosen routes use at most this many trains (0 or more).
    allow_both_doubles : bool
        Allow both routes of a double route (as in a 4-5 player game); by default at most one.
    time_limit : float, optional
        Stop after about this many seconds and return the best network found so far, with
        ``proven=False`` and the proven upper ``bound`` unless it was proven in time.

    Returns
    -------
    BestScore
        ``score``, ``route_points``, ``ticket_points``, ``trains`` (used), ``routes``
        (Route objects), ``tickets`` (Ticket objects completed), ``proven``, ``bound`` and
        ``seconds``. Every number is recomputed from the routes, not read from the solver.

    Raises
    ------
    MapError
        For an unknown map.
    ArgumentError
        (a ValueError) if ``trains`` is not a whole number >= 0 or ``time_limit`` is not a
        positive number.

    Other Parameters
    ----------------
    cpu_clock : bool
        Count ``time_limit`` in processor seconds rather than wall-clock seconds (for
        benchmarks on a machine that other work shares).
    starts : iterable of lists of Route
        Known networks (e.g. the best one for a smaller budget) the search may start from.

    Notes
    -----
    The problem (see the module docstring) is a prize-collecting Steiner forest with a
    budget, NP-hard. It is solved in two parts.

    1. **One tree.** An integer program for the networks whose counted tickets all lie on
       one tree, plus routes taken only for their points, solved by branch and cut with SCIP
       (:mod:`~ttr_teach.algorithms.best_score_model`): one 0/1 variable per city pair of the
       tree, routes taken only for their points counted by length, the tree read as arcs
       hanging from one root with directed cuts separated by maximum flow, started from the
       best greedy network improved by local search
       (:func:`~ttr_teach.algorithms.best_score_greedy.greedy_network`). Tickets are 0/1
       variables branched on before routes; two tickets that no network within the budget
       completes together exclude each other, and so do three tickets that no such network
       completes all together (:mod:`~ttr_teach.algorithms.best_score_covers`).
    2. **Several pieces.** A network of two or more ticket pieces scores at most
       ``best(b) + best(B - b)`` for the size ``b`` of its smallest ticket piece
       (:mod:`~ttr_teach.algorithms.best_score_split`). The best scores of smaller budgets
       come from the proofs made earlier in this process, else from the cached sweep
       (built-in maps; :func:`~ttr_teach.algorithms.best_score_data.stored_bound`), else
       they are solved first (with the same ``time_limit`` each). If that bound is above
       the best tree, the integer program for whole forests settles the case (``details
       ["method"]`` is then ``"forest"``); on both maps the tree always wins.

    Measured (``python bench/best_score.py --sweep``, processor seconds, 2 cores shared by
    the two maps): every budget from 0 to 50 is proven on both maps, the slowest USA case
    in 9 s and the slowest Europe case in 22 s; Europe 45 (214 points) in about 13 to 20 s,
    USA 45 (285 points, as Schaefer and Schaefer found) in about 5 s; the whole sweep in 8
    minutes for Europe and 3 for the USA. The forest program alone needed 674 s for Europe
    36 and did not prove Europe 37 in 25 minutes: its LP puts a fraction of a root in dozens
    of cities, so a fraction of nearly every ticket counts, and branching hardly bites. The worst case is
    still exponential in the number of city pairs (90 in Europe, 78 in the USA). Lessons and
    ``ttr-teach best`` read the cached sweep
    (:func:`~ttr_teach.algorithms.best_score_cache.cached_best_score`).
    ``python bench/best_score.py`` prints the times of B = 40, 45, 50.

    References
    ----------
    I. Ljubić, R. Weiskircher, U. Pferschy, G. W. Klau, P. Mutzel and M. Fischetti, "An
    algorithmic framework for the exact solution of the prize-collecting Steiner tree
    problem", Mathematical Programming 105 (2006) 427-449. E. J. Schaefer and A. J. Schaefer,
    "Maximizing the score in Ticket to Ride", arXiv:2511.08441 (2025). T. Achterberg, "SCIP:
    solving constraint integer programs", Mathematical Programming Computation 1 (2009) 1-41.

    Examples
    --------
    >>> best = best_score("europe", trains=4)
    >>> best.score, best.trains, best.proven
    (7, 4, True)
    >>> best_score("europe", trains=-1)
    Traceback (most recent call last):
    ...
    ttr_teach.engine.errors.ArgumentError: trains must be a whole number of trains, 0 or more, not -1
    """
    m = _map(map)
    budget = _check_budget(trains)
    if time_limit is not None and (isinstance(time_limit, bool) or not isinstance(time_limit, numbers.Real)
                                   or not 0 < time_limit < math.inf):
        raise ArgumentError(gettext("time_limit must be a positive number of seconds (or None), not {value}").format(
            value=repr(time_limit)))
    started, cpu_started = time.perf_counter(), time.process_time()

    def left() -> float | None:
        spent = (time.process_time() - cpu_started) if cpu_clock else (time.perf_counter() - started)
        return None if time_limit is None else max(0.01, time_limit - spent)

    start = greedy.greedy_network(m, budget, allow_both_doubles, starts=starts)
    distance = _distances(m)
    tree_inst = model.Instance.build(m, budget, allow_both_doubles, distance, single_tree=True)
    tree = model.solve(tree_inst, start, time_limit=left(), cpu_clock=cpu_clock)
    routes = _better(m, tree.routes, start)
    # networks of two or more ticket pieces: at most the best of two smaller budgets
    split = split_bound(budget, shortest_ticket(tree_inst, distance),
                        lambda b: _upper_bound(m, b, allow_both_doubles, time_limit, cpu_clock))
    bound = max(tree.bound, split if split is not None else 0)
    details = {"method": "one tree", "tree_bound": tree.bound, "split_bound": split,
               "cuts": tree.cuts, "nodes": tree.nodes, "status": tree.status}
    if split is not None and split > greedy.network_score(m, routes):
        # the pieces might score more than the tree: the forest program settles it
        forest_inst = model.Instance.build(m, budget, allow_both_doubles, distance)
        forest = model.solve(forest_inst, routes, time_limit=left(), cpu_clock=cpu_clock)
        routes = _better(m, forest.routes, routes)
        bound = min(bound, forest.bound)
        details.update(method="forest", cuts=tree.cuts + forest.cuts, nodes=tree.nodes + forest.nodes,
                       status=forest.status)
    score = greedy.network_score(m, routes)
    bound = max(bound, score)
    details.update(greedy=greedy.network_score(m, start),
                   cpu_seconds=round(time.process_time() - cpu_started, 3))
    key = (m, budget, bool(allow_both_doubles))
    _BOUNDS[key] = min(bound, _BOUNDS.get(key, bound))
    return _result(m, budget, allow_both_doubles, routes, bound == score, bound, time.perf_counter() - started,
                   details)


#: Upper bounds proven in this process, by (map, budget, allow_both_doubles).
_BOUNDS: dict = {}


def _better(m: Map, first: list[Route], second: list[Route]) -> list[Route]:
    """The one of two networks that scores more (the first on a tie)."""
    return first if greedy.network_score(m, first) >= greedy.network_score(m, second) else second


def _upper_bound(m: Map, budget: int, allow_both_doubles: bool, time_limit: float | None, cpu_clock: bool) -> int:
    """An upper bound on the best score with ``budget`` trains: proven in this process, else
    stored in the cached sweep (built-in maps), else solved now (same time limit)."""
    key = (m, budget, bool(allow_both_doubles))
    if key not in _BOUNDS:
        stored = stored_bound(m, budget, allow_both_doubles)
        if stored is None:
            best_score(m, budget, allow_both_doubles, time_limit, cpu_clock=cpu_clock)
        else:
            _BOUNDS[key] = stored
    return _BOUNDS[key]


def _distances(m: Map) -> Callable[[str, str], float]:
    """``distance(a, b)``: fewest trains joining two cities of ``m`` (all pairs, Dijkstra)."""
    import networkx as nx

    g = nx.Graph()
    for r in m.routes:
        g.add_edge(r.a, r.b, weight=r.length)
    table = dict(nx.all_pairs_dijkstra_path_length(g))
    return lambda a, b: table[a].get(b, float("inf"))


@dataclass(frozen=True)
class LPBound:
    """The value of an LP relaxation (``bound``, to 3 decimals), the ``cuts`` it added and
    its solve time in ``seconds``."""

    bound: float
    cuts: int
    seconds: float

    def to_dict(self) -> dict:
        return {"bound": self.bound, "cuts": self.cuts, "seconds": self.seconds}


def lp_bound(map: str | Map, trains: int = 45, allow_both_doubles: bool = False, cuts: bool = True,
             single_tree: bool = False) -> LPBound:
    """The LP relaxation of the integer program: routes may be taken in part. Its value is
    an upper bound on :func:`best_score` (with ``single_tree``, on the best network whose
    tickets lie on one tree). ``cuts=False`` leaves out the cuts that join each counted
    ticket's cities (only a route at each end is required). Returns an :class:`LPBound`
    (``bound``, ``cuts`` added, ``seconds``).

    >>> weak, strong = lp_bound("usa", 6, cuts=False), lp_bound("usa", 6)
    >>> weak.bound > strong.bound >= best_score("usa", 6).score
    True
    """
    m = _map(map)
    budget = _check_budget(trains)
    inst = model.Instance.build(m, budget, allow_both_doubles, _distances(m), single_tree=single_tree)
    solved = model.solve(inst, relax=True, cuts=cuts)
    return LPBound(round(float(solved.value), 3), solved.cuts, solved.seconds)
