"""The integer program behind :func:`~ttr_teach.algorithms.best_score.best_score`, solved by
branch and cut with SCIP.

The chosen routes are read as a *ticket forest* (the routes that join the cities of counted
tickets, each piece a tree hanging from a root city) plus routes taken only for their points.
Variables: ``x[p]`` (0/1) city pair ``p`` is an edge of the forest (one of its routes: the
two halves of a double have the same length, so which half never matters); ``n[l]`` (whole
number) how many other routes of length ``l`` are taken for their points (any route of that
length scores the same, so they are counted, not named: naming them would let the solver try
each of many equal choices); ``y[k]`` ticket ``k`` counts; ``a[u, v]`` the forest edge
between ``u`` and ``v`` points from ``u`` down to ``v``; ``r[v]`` city ``v`` is a root.
With ``pi(l)`` the points of a route of length ``l``::

    max  sum_p pi(len p) x[p] + sum_l pi(l) n[l] + sum_k P[k] y[k]
    s.t. sum_p len(p) x[p] + sum_l l n[l] <= B                  (the train budget)
         n[l] + sum of x[p] over pairs of length l <= routes of length l one may take
         a[u, v] + a[v, u] = x[p]                 for the pair p of u and v
         sum_u a[u, v] + r[v] <= 1                for every city v   (one parent, or a root)
         r[v] <= sum_u a[v, u]                                     (a root has a child)
         a(into S) + r(S and L[k]) >= y[k]        for every city set S holding an end of k
         a(into S) + a(out of S)   >= y[k]        for every S holding one end of k, not the other

``L[k]`` holds the cities that come no later than ticket ``k``'s first city in a fixed order
(cities with many ticket points first): each piece is rooted at its earliest city, so the
root of ticket ``k``'s piece is in ``L[k]``. Only ``x``, ``n`` and ``y`` are declared integer
(``y`` so that the solver branches on tickets first, see :data:`OPTIONS`): once they are, the
last family holds only if every counted ticket's cities are joined by the forest, and then a
0/1 rooted tree exists for the fractional ``a`` and ``r``. Two tickets that together need
more trains than the budget exclude each other: ``y[k] + y[l] <= 1``; so do three
tickets whose exact Steiner forest needs more: ``y[k] + y[l] + y[m] <= 2``.

**One tree.** With ``Instance.single_tree`` the counted tickets must all lie on one tree (the
rest of the network is taken for its points alone): at most one root, and a ticket counts
only if the root comes no later than its first city::

         sum_v r[v] <= 1,     y[k] <= sum of r[v] over v in L[k]

This is what :func:`~ttr_teach.algorithms.best_score.best_score` solves; networks of several
ticket pieces are bounded by smaller budgets (:mod:`~ttr_teach.algorithms.best_score_split`).
It removes the LP's favourite escape: a fraction of a root at every city, each feeding its own
small tree, so that a fraction of every ticket counts (Europe, 45 trains: LP bound 253 instead
of 278, and a proof in 13 processor seconds where the forest program had none after 300; with
29 trains 254 branch-and-bound nodes instead of 9,280).

The last two families (one cut per city set: exponentially many) are not written down: after
each LP solution a maximum flow per ticket finds a violated set, if any, and its cut is added
(row generation); the same check accepts or rejects every integer solution the solver finds
(lazy constraints). The directed family is what makes the LP bound useful: with undirected
cuts alone, half a route on each side of a ring joins every pair of its cities. What remains
of the gap comes from the budget: the LP may take a fraction of a network far over budget,
and since bigger networks complete more tickets per train, that fraction scores more than
any network that fits; branching closes it.

References: T. L. Magnanti and L. A. Wolsey, "Optimal trees", Handbooks in OR & MS 7 (1995)
503-615 (directed cut formulations); I. Ljubić et al., "An algorithmic framework for the exact
solution of the prize-collecting Steiner tree problem", Mathematical Programming 105 (2006)
427-449 (cuts separated by maximum flow, roots, asymmetry); SCIP: https://scipopt.org.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..extras import require
from .best_score_covers import exclusive_pairs, exclusive_triples
from .min_cut import min_cut, residual_graph

if TYPE_CHECKING:
    from ..engine.maps import Map, Route

EPS = 1e-4   # a cut must be violated by this much (SCIP's own tolerance is 1e-6)
#: How the program is built (``solve(..., options=...)`` overrides them for one solve):
#: ``ticket_binary`` declares the ticket variables 0/1, so that the solver may branch on
#: them; ``ticket_priority`` makes it branch on tickets before routes (a ticket decides a
#: whole path; measured: USA, 45 trains, 495 nodes and 30 s instead of 600 nodes and 37 s);
#: ``exclusive_pairs`` adds ``y[k] + y[l] <= 1`` for two tickets that no network within the
#: budget completes together (:mod:`~ttr_teach.algorithms.best_score_covers`; many at small
#: budgets, none from about 40 trains on); ``exclusive_triples`` adds ``y[k] + y[l] + y[m] <= 2``
#: for three tickets, no two exclusive, that no network within the budget completes all
#: together (measured, processor seconds, load about 2 on 2 cores: Europe 25 proven, 103, in
#: 55 s instead of 103 <= 115 after 60 s; Europe 26 proven, 110, in 55 s; yet Europe 23 was
#: proven, 93, in 54.5 s without them and ended 93 <= 100 after 60 s with them);
#: ``heuristics`` is SCIP's setting for its primal heuristics (``"FAST"``: fewer and cheaper
#: ones; the greedy start is already good; measured: Europe 28, with the triples, proven,
#: 123, in 48 s instead of 123 <= 129 after 60 s; all of them ``"OFF"`` is worse). With the
#: triples and FAST together, USA 27, 29 and 45 are proven in 18, 12 and 11 s (load below 2).
OPTIONS = {"ticket_binary": True, "ticket_priority": 10, "exclusive_pairs": True,
           "exclusive_triples": True, "heuristics": "FAST"}
#: SCIP parameters set before ``solve(..., params=...)``. One round of cuts per node below the
#: root (the root still separates until the bound stalls): the cuts a node's LP misses are
#: found by its children, and the nodes become several times cheaper. Measured (processor
#: seconds, load 4-5 on 2 cores): Europe 20 proven (81) in 22 s instead of not proven in 60 s
#: (78, at most 85); USA 27 proven in 45 s instead of 61 s.
SCIP_PARAMS = {"separating/maxrounds": 1}
#: What needs SCIP (the ``solver`` extra), for the message when it is missing.
SOLVING = "solving best_score's integer program"


@dataclass
class Instance:
    """A map in index form for one budget: cities in root order, routes, city pairs, arcs
    (two per pair: ``2 p`` is ``pair[p]`` forwards, ``2 p + 1`` backwards) and the tickets
    that fit in the budget at all."""

    map: Map
    trains: int
    allow_both_doubles: bool
    single_tree: bool = False
    cities: list = field(default_factory=list)
    index: dict = field(default_factory=dict)
    pairs: list = field(default_factory=list)       # (i, j, [Route, ...]) with i < j
    arcs: list = field(default_factory=list)        # (tail, head)
    tickets: list = field(default_factory=list)     # (s, t, points, Ticket); order[s] < order[t]

    @classmethod
    def build(cls, map: Map, trains: int, allow_both_doubles: bool, distance: Callable[[str, str], float],
              single_tree: bool = False) -> Instance:
        """``distance(a, b)``: fewest trains joining two cities (tickets farther than the
        budget can never count and are left out). ``single_tree``: the counted tickets must
        all lie on one tree (see the module docstring)."""
        inst = cls(map, trains, allow_both_doubles, single_tree)
        tickets = [t for t in map.tickets if distance(t.a, t.b) <= trains]
        weight: dict[str, int] = {}
        for t in tickets:
            for c in t.cities:
                weight[c] = weight.get(c, 0) + t.points
        inst.cities = sorted(map.cities, key=lambda c: (-weight.get(c, 0), c))
        inst.index = {c: i for i, c in enumerate(inst.cities)}
        pairs: dict[tuple[int, ...], list[Route]] = {}
        for r in map.routes:
            key = tuple(sorted((inst.index[r.a], inst.index[r.b])))
            pairs.setdefault(key, []).append(r)
        inst.pairs = [(i, j, rs) for (i, j), rs in sorted(pairs.items())]
        for i, j, _ in inst.pairs:
            inst.arcs += [(i, j), (j, i)]
        for t in tickets:
            s, u = sorted((inst.index[t.a], inst.index[t.b]))
            inst.tickets.append((s, u, t.points, t))
        return inst

    def usable(self, p: int) -> int:
        """How many routes of city pair ``p`` one player may take (both halves of a double
        only if allowed)."""
        return len(self.pairs[p][2]) if self.allow_both_doubles else 1

    def network(self, forest: Iterable[int], filler: dict[int, int]) -> list:
        """The routes of a solution: one route of each forest pair, then ``filler[length]``
        more routes of each length, the first the rules allow (by route index)."""
        routes = [self.pairs[p][2][0] for p in forest]
        used = {p: 1 for p in forest}
        for length, count in filler.items():
            for p, (_, _, rs) in enumerate(self.pairs):
                while count and rs[0].length == length and used.get(p, 0) < self.usable(p):
                    routes.append(rs[used.get(p, 0)])
                    used[p] = used.get(p, 0) + 1
                    count -= 1
        return sorted(routes, key=lambda r: r.index)

    @property
    def roots(self) -> list:
        """Cities that may root a piece: the first city of some ticket... or any of its ends."""
        return sorted({c for s, t, _, _ in self.tickets for c in (s, t)})


class Separator:
    """Finds the cuts that an LP (or integer) solution violates: one maximum flow per ticket
    end and per ticket. ``cuts(a, r, y)`` returns ``(k, arcs, roots)`` triples meaning
    ``sum a[arcs] + sum r[roots] >= y[k]``."""

    def __init__(self, inst: Instance) -> None:
        self.inst = inst
        self.n = len(inst.cities)
        self.roots = inst.roots
        self.reverse_arcs = [(v, u) for u, v in inst.arcs]

    def cuts(self, a: list[float], r: dict[int, float], y: list[float], first_only: bool = False) -> list:
        inst, n = self.inst, self.n
        found = []
        directed, undirected = None, None     # residual graphs, built once per call if needed
        for k, (s, t, _, _) in enumerate(inst.tickets):
            need = y[k]
            if need < EPS:
                continue
            # L[k]: roots no later than s (s is the ticket's earlier city)
            early = [u for u in self.roots if u <= s]
            caps = [r[u] for u in early]
            for end in (s, t):
                if end in early:
                    srcs = [u for u in early if u != end]
                    cap = [r[u] for u in srcs]
                    need_end = need - r[end]
                else:
                    srcs, cap, need_end = early, caps, need
                if need_end <= EPS:
                    continue
                directed = directed or residual_graph(n, inst.arcs, a)
                flow, side = min_cut(n, inst.arcs, a, srcs, end, need=need_end, source_capacity=cap,
                                     base=directed)
                if side is not None and flow < need_end - EPS:
                    cut_arcs = [i for i, (u, v) in enumerate(inst.arcs) if u in side and v not in side]
                    cut_roots = [u for u in early if u not in side]
                    found.append((k, cut_arcs, cut_roots))
                    if first_only:
                        return found
            if undirected is None:
                both = [a[i] + a[i ^ 1] for i in range(len(a))]
                undirected = residual_graph(n, inst.arcs, both)
            flow, side = min_cut(n, inst.arcs, both, [s], t, need=need, base=undirected)
            if side is not None and flow < need - EPS:
                cut_arcs = [i for i, (u, v) in enumerate(inst.arcs) if (u in side) != (v in side)]
                found.append((k, cut_arcs, []))
                if first_only:
                    return found
        return found


def _conshdlr_class() -> Any:
    scip = require("pyscipopt", SOLVING)
    Conshdlr: Any = scip.Conshdlr
    SCIP_RESULT = scip.SCIP_RESULT

    class TicketCuts(Conshdlr):
        """SCIP constraint handler: the cut families, separated by :class:`Separator`."""

        def __init__(self, model_vars: _Vars, separator: Separator) -> None:
            self.v = model_vars
            self.sep = separator
            self.added = 0

        def _values(self, sol: Any) -> tuple[list[float], dict[int, float], list[float]]:
            get = self.model.getSolVal
            a = [get(sol, var) for var in self.v.a]
            r = {u: get(sol, var) for u, var in self.v.r.items()}
            y = [get(sol, var) for var in self.v.y]
            return a, r, y

        def _add(self, cuts: list) -> bool:
            """Add ``cuts`` to the LP as rows (SCIP keeps them in its cut pool and drops
            those that stay slack); True if the LP became infeasible."""
            infeasible = False
            for k, arcs, roots in cuts:
                row = self.model.createEmptyRowUnspec(name=f"cut{self.added}", lhs=0.0, rhs=None,
                                                      local=False, modifiable=False, removable=True)
                self.model.cacheRowExtensions(row)
                for i in arcs:
                    self.model.addVarToRow(row, self.v.a[i], 1.0)
                for u in roots:
                    self.model.addVarToRow(row, self.v.r[u], 1.0)
                self.model.addVarToRow(row, self.v.y[k], -1.0)
                self.model.flushRowExtensions(row)
                infeasible |= self.model.addCut(row, forcecut=True)
                self.model.addPoolCut(row)
                self.model.releaseRow(row)
                self.added += 1
            return infeasible

        def conscheck(self, constraints: Any, solution: Any, checkintegrality: bool, checklprows: bool,
                      printreason: bool, completely: bool, **kw: Any) -> dict:
            bad = self.sep.cuts(*self._values(solution), first_only=True)
            return {"result": SCIP_RESULT.INFEASIBLE if bad else SCIP_RESULT.FEASIBLE}

        def consenfolp(self, constraints: Any, nusefulconss: int, solinfeasible: bool) -> dict:
            cuts = self.sep.cuts(*self._values(None))
            if cuts:
                return {"result": SCIP_RESULT.CUTOFF if self._add(cuts) else SCIP_RESULT.SEPARATED}
            return {"result": SCIP_RESULT.FEASIBLE}

        def consenfops(self, constraints: Any, nusefulconss: int, solinfeasible: bool, objinfeasible: bool) -> dict:
            bad = self.sep.cuts(*self._values(None), first_only=True)
            return {"result": SCIP_RESULT.INFEASIBLE if bad else SCIP_RESULT.FEASIBLE}

        def conssepalp(self, constraints: Any, nusefulconss: int) -> dict:
            cuts = self.sep.cuts(*self._values(None))
            if cuts:
                return {"result": SCIP_RESULT.CUTOFF if self._add(cuts) else SCIP_RESULT.SEPARATED}
            return {"result": SCIP_RESULT.DIDNOTFIND}

        def conslock(self, constraint: Any, locktype: Any, nlockspos: int, nlocksneg: int) -> None:
            for var in self.v.y:          # raising y can break a cut
                self.model.addVarLocks(var, nlocksneg, nlockspos)
            for var in list(self.v.a) + list(self.v.r.values()):   # lowering a or r can
                self.model.addVarLocks(var, nlockspos, nlocksneg)

    return TicketCuts


@dataclass
class _Vars:
    x: list
    a: list
    r: dict
    y: list
    n: dict


@dataclass
class Solved:
    """What the solver returns: the routes taken (Route objects), the best value found, the
    proven upper bound, whether it is proven, seconds, cuts added, branch-and-bound nodes,
    and SCIP's status."""

    routes: list
    value: float        # a whole number, but for an LP relaxation (``relax=True``)
    bound: float
    proven: bool
    seconds: float
    cuts: int
    nodes: int
    status: str


def solve(inst: Instance, start_routes: list[Route] | None = None, time_limit: float | None = None,
          verbose: bool = False, params: dict[str, Any] | None = None, statistics: str | None = None,
          cpu_clock: bool = False, relax: bool = False, cuts: bool = True, options: dict[str, Any] | None = None
          ) -> Solved:
    """Solve the integer program of ``inst`` (see the module docstring) with SCIP.

    ``start_routes``: a known good network (Route objects), given to SCIP as its first
    incumbent. ``time_limit``: seconds, or None for no limit (wall-clock seconds; processor
    seconds with ``cpu_clock``, fairer on a busy machine). ``params``: SCIP parameters;
    ``statistics``: a file to write SCIP's statistics to. ``relax=True`` solves the LP
    relaxation instead (routes may be taken in part): its value is an upper bound, with all
    the cuts it needs (or none of them, ``cuts=False``). ``options``: see :data:`OPTIONS`.
    """
    scip = require("pyscipopt", SOLVING)
    Model, quicksum = scip.Model, scip.quicksum

    started = time.perf_counter()
    m = inst.map
    model = Model("best_score")
    if not verbose:
        model.hideOutput()
    model.setParam("randomization/randomseedshift", 0)
    model.setParam("parallel/maxnthreads", 1) if "parallel/maxnthreads" in model.getParams() else None
    if cpu_clock:
        model.setParam("timing/clocktype", 1)
    if time_limit is not None:
        model.setParam("limits/time", max(0.01, float(time_limit)))
    # x[p]: city pair p is an edge of the ticket forest (one route of it; the two halves of a
    # double have the same length, so which half never matters). Routes taken only for their
    # points are counted by length, n[l]: any route of length l scores the same, so naming
    # them would only make the solver try each of many equal choices.
    x = [model.addVar(vtype="C" if relax else "B", lb=0, ub=1,
                      obj=m.rules.route_points(rs[0].length), name=f"x{i}_{j}")
         for i, j, rs in inst.pairs]
    by_length: dict[int, list[int]] = {}
    for p, (_, _, rs) in enumerate(inst.pairs):
        by_length.setdefault(rs[0].length, []).append(p)
    room = {length: sum(inst.usable(p) for p in ps) for length, ps in by_length.items()}
    n = {length: model.addVar(vtype="C" if relax else "I", lb=0, ub=room[length],
                              obj=m.rules.route_points(length), name=f"n{length}")
         for length in sorted(by_length)}
    # Arcs and roots need not be declared integer: once x and y are integer, the cuts
    # below hold only if every counted ticket's cities are joined, and then a 0/1 tree exists.
    a = [model.addVar(vtype="C", lb=0, ub=1, name=f"a{u}_{v}") for u, v in inst.arcs]
    r = {u: model.addVar(vtype="C", lb=0, ub=1, name=f"r{u}") for u in inst.roots}
    opts = dict(OPTIONS, **(options or {}))
    ytype = "B" if opts["ticket_binary"] and not relax else "C"
    y = [model.addVar(vtype=ytype, lb=0, ub=1, obj=p, name=f"y{k}")
         for k, (_, _, p, _) in enumerate(inst.tickets)]
    if ytype == "B" and opts["ticket_priority"]:
        for var in y:
            model.chgVarBranchPriority(var, opts["ticket_priority"])
    if opts["exclusive_pairs"] and not relax:    # the LP bounds the lesson shows leave them out
        for k, j in exclusive_pairs(inst):
            model.addCons(y[k] + y[j] <= 1)
    if opts["exclusive_triples"] and not relax:
        for k, i, j in exclusive_triples(inst):
            model.addCons(y[k] + y[i] + y[j] <= 2)
    model.setMaximize()
    model.addCons(quicksum(rs[0].length * x[p] for p, (_, _, rs) in enumerate(inst.pairs))
                  + quicksum(length * var for length, var in n.items()) <= inst.trains, name="budget")
    for length, ps in by_length.items():
        # routes of this length left over by the forest (a double's other half, if allowed)
        model.addCons(n[length] + quicksum(x[p] for p in ps) <= room[length])
    into: list[list[Any]] = [[] for _ in inst.cities]
    out: list[list[Any]] = [[] for _ in inst.cities]
    for i, (u, v) in enumerate(inst.arcs):
        into[v].append(a[i])
        out[u].append(a[i])
    for p in range(len(inst.pairs)):
        # a forest edge is a tree arc, one way or the other
        model.addCons(a[2 * p] + a[2 * p + 1] == x[p])
    for v in range(len(inst.cities)):
        root = r.get(v, 0)
        model.addCons(quicksum(into[v]) + root <= 1)
        if v in r:
            model.addCons(r[v] <= quicksum(out[v]))
    if inst.single_tree:
        model.addCons(quicksum(r.values()) <= 1)
        # the cut of S = every city, written down from the start: the one root must own k
        for k, (s, _t, _, _) in enumerate(inst.tickets):
            model.addCons(y[k] <= quicksum(r[u] for u in inst.roots if u <= s))
    for k, (s, t, _, _) in enumerate(inst.tickets):
        # the cuts for S = {s} and S = {t}, and a route at each end
        model.addCons(quicksum(into[s]) + r[s] >= y[k])
        model.addCons(quicksum(into[t]) >= y[k])
        model.addCons(quicksum(out[s]) + quicksum(into[s]) >= y[k])
    variables = _Vars(x, a, r, y, n)
    handler = _conshdlr_class()(variables, Separator(inst))
    if not cuts:
        model.optimize()
        return Solved([], model.getObjVal(), model.getObjVal(), False, time.perf_counter() - started,
                      0, model.getNNodes(), model.getStatus())
    model.includeConshdlr(handler, "ticketcuts", "ticket connectivity cuts", sepapriority=100,
                          enfopriority=-100, chckpriority=-100, sepafreq=1, propfreq=-1,
                          eagerfreq=-1, maxprerounds=0, delaysepa=False, delayprop=False,
                          needscons=True)
    cons = model.createCons(handler, "tickets", initial=True, separate=True, enforce=True,
                            check=True, propagate=False, local=False, modifiable=False,
                            dynamic=False, removable=False, stickingatnode=False)
    model.addPyCons(cons)
    if start_routes:
        _add_start(model, inst, variables, start_routes)
    if opts.get("heuristics"):
        settings = require("pyscipopt", SOLVING).SCIP_PARAMSETTING
        model.setHeuristics(getattr(settings, opts["heuristics"]))
    for name, value in {**SCIP_PARAMS, **(params or {})}.items():
        model.setParam(name, value)
    model.optimize()
    if statistics:
        model.writeStatistics(statistics)
    status = model.getStatus()
    best = model.getBestSol() if model.getNSols() else None
    routes = [] if best is None else inst.network(
        [p for p in range(len(inst.pairs)) if model.getSolVal(best, x[p]) > 0.5],
        {length: round(model.getSolVal(best, var)) for length, var in n.items()})
    if relax:
        return Solved([], model.getObjVal(), model.getObjVal(), False, time.perf_counter() - started,
                      handler.added, model.getNNodes(), status)
    value = round(model.getPrimalbound()) if best is not None else 0
    bound = int(model.getDualbound() + 1e-6) if status != "optimal" else value
    return Solved(routes, value, max(bound, value), status == "optimal", time.perf_counter() - started,
                  handler.added, model.getNNodes(), status)


def rooted_forest(inst: Instance, routes: Iterable[Route]) -> tuple[list[int], list[int], list[int]]:
    """Arc and root values for a set of routes: each piece that holds a ticket is a tree
    hanging from its earliest city (breadth-first). Returns ``(arcs, roots, tickets)``:
    the arc indices used, the root cities and the indices of the tickets completed. For a
    ``single_tree`` instance only the piece with the most ticket points is a tree (the other
    routes are then taken for their points alone)."""
    adjacency: dict[int, set[tuple[int, int]]] = {}
    pair_of = {}
    for p, (_i, _j, rs) in enumerate(inst.pairs):
        for rt in rs:
            pair_of[rt.index] = p
    for rt in routes:
        p = pair_of[rt.index]
        i, j, _ = inst.pairs[p]
        adjacency.setdefault(i, set()).add((j, 2 * p))
        adjacency.setdefault(j, set()).add((i, 2 * p + 1))
    piece, arcs, roots = {}, [], []
    for start in sorted(adjacency):
        if start in piece:
            continue
        piece[start] = start
        queue = [start]
        while queue:
            u = queue.pop(0)
            for v, arc in sorted(adjacency[u]):
                if v not in piece:
                    piece[v] = start
                    arcs.append(arc if inst.arcs[arc] == (u, v) else arc ^ 1)
                    queue.append(v)
        roots.append(start)
    done = [k for k, (s, t, _, _) in enumerate(inst.tickets) if s in piece and piece.get(t) == piece[s]]
    if inst.single_tree and roots:
        points = {u: 0 for u in roots}
        for k in done:
            points[piece[inst.tickets[k][0]]] += inst.tickets[k][2]
        keep = max(roots, key=lambda u: (points[u], -u))
        arcs = [i for i in arcs if piece[inst.arcs[i][0]] == keep]
        roots = [keep]
        done = [k for k in done if piece[inst.tickets[k][0]] == keep]
    return arcs, roots, done


def _add_start(model: Any, inst: Instance, v: _Vars, routes: list[Route]) -> None:
    arcs, roots, done = rooted_forest(inst, routes)
    sol = model.createSol()
    arcset = set(arcs)
    forest = {i // 2 for i in arcset}
    for p, var in enumerate(v.x):
        model.setSolVal(sol, var, 1.0 if p in forest else 0.0)
    tree = {inst.pairs[p][2][0].index for p in forest}
    left = [rt for rt in routes if rt.index not in tree]
    # a double taken whole: one half is the forest edge, the other is filler
    counted: dict[tuple[str, str], int] = {}
    for rt in routes:
        key = (min(rt.a, rt.b), max(rt.a, rt.b))
        counted[key] = counted.get(key, 0) + 1
    filler: dict[int, int] = {}
    for p in forest:
        i, j, rs = inst.pairs[p]
        extra = counted.get((min(rs[0].a, rs[0].b), max(rs[0].a, rs[0].b)), 0) - 1
        if extra > 0:
            filler[rs[0].length] = filler.get(rs[0].length, 0) + extra
    pair_of = {rt.index: p for p, (_, _, rs) in enumerate(inst.pairs) for rt in rs}
    for rt in left:
        if pair_of[rt.index] not in forest:
            filler[rt.length] = filler.get(rt.length, 0) + 1
    for length, var in v.n.items():
        model.setSolVal(sol, var, float(filler.get(length, 0)))
    used_roots = {u for u in roots if any(inst.arcs[i][0] == u for i in arcset)}
    for i, var in enumerate(v.a):
        model.setSolVal(sol, var, 1.0 if i in arcset else 0.0)
    for u, var in v.r.items():
        model.setSolVal(sol, var, 1.0 if u in used_roots else 0.0)
    for k, var in enumerate(v.y):
        model.setSolVal(sol, var, 1.0 if k in done else 0.0)
    model.addSol(sol, free=True)
