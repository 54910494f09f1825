"""Lesson 5, the longest route by search: a teaching backtracking search for the longest trail
with its exact speed-ups, timings against :mod:`ttr_teach.engine.longest`, and the
``longest_trail`` exercise."""
from __future__ import annotations

import time

import networkx as nx

from ....engine.errors import MapError
from ....engine.i18n import gettext, local_digits, ngettext, pgettext
from ....engine.text import listing
from ...exercises import FunctionExercise, source_of
from ...progress_bar import progress_bar
from .connectivity import example_network
from .longest import euler_check, grow_network, konigsberg, odd_cities
from .shared import DONE_COLOR, PATH_COLOR, TREE_COLOR, WAITING_COLOR, Table, _edge_list


def _contract_chains(edges) -> list:
    """Replace every city with exactly two routes (neither a loop) by one route of the summed
    length, until none is left. Parallel routes and loops may appear; that is fine."""
    edges = list(edges)
    while True:
        at: dict[str, list[int]] = {}
        for i, (a, b, _) in enumerate(edges):
            at.setdefault(a, []).append(i)
            if b != a:
                at.setdefault(b, []).append(i)
            else:
                at[a].append(i)
        city = next((c for c, ids in sorted(at.items(), key=lambda kv: str(kv[0]))
                     if len(ids) == 2 and ids[0] != ids[1]), None)
        if city is None:
            return edges
        i, j = at[city]
        (a1, b1, w1), (a2, b2, w2) = edges[i], edges[j]
        u = a1 if b1 == city else b1
        v = a2 if b2 == city else b2
        edges = [e for k, e in enumerate(edges) if k not in (i, j)] + [(u, v, w1 + w2)]


SPEEDUPS = ("components", "odd starts", "euler", "chains")


def _pieces(edges) -> list:
    """The connected pieces of ``edges`` (``(a, b, length)`` triples), each a list of its
    edges, in a fixed order (by their cities' names)."""
    g = nx.MultiGraph()
    g.add_edges_from((a, b, {"w": w}) for a, b, w in edges)
    return [[(a, b, d["w"]) for a, b, d in g.subgraph(c).edges(data=True)]
            for c in sorted(nx.connected_components(g), key=lambda c: sorted(map(str, c)))]


def trail_starts(edges) -> list:
    """The cities a search for a longest trail must start from: in every connected piece of
    ``edges``, its odd cities, or one city if it has none.

    In one piece with odd cities, every longest trail *of that piece* starts and ends at odd
    cities (with positive lengths: a trail ending at an even city has an unused route there;
    a closed trail misses a route at one of its cities, since the piece has an odd city).
    The rule holds piece by piece, not for the whole network: below, the only odd cities
    are D and E, yet the longest trail is the triangle's 30 trains, which has no odd city.

    >>> trail_starts([("A", "B", 10), ("B", "C", 10), ("C", "A", 10), ("D", "E", 1)])
    ['A', 'D', 'E']
    >>> odd_cities([("A", "B", 10), ("B", "C", 10), ("C", "A", 10), ("D", "E", 1)])
    ['D', 'E']
    """
    starts = []
    for piece in _pieces(_edge_list(edges)):
        starts += odd_cities(piece) or [min((c for e in piece for c in e[:2]), key=str)]
    return sorted(starts, key=str)


def independent_loops(edges) -> int:
    """The number of independent cycles of a network: routes - cities + pieces (0 for a
    forest; each route that closes a loop adds one). Trails multiply with the loops.

    >>> independent_loops([("A", "B", 10), ("B", "C", 10), ("C", "A", 10), ("D", "E", 1)])
    1
    """
    edges = _edge_list(edges)
    return len(edges) - len({c for e in edges for c in e[:2]}) + len(_pieces(edges))


def trail_search(edges, speedups=(), max_calls=None) -> dict:
    """The longest trail by depth-first backtracking, with chosen exact speed-ups, counting
    the search calls. A teaching version of :mod:`ttr_teach.engine.longest` (which adds memoisation
    and an integer program).

    ``speedups`` is any of :data:`SPEEDUPS`:

    * ``"components"``: solve each connected piece alone;
    * ``"odd starts"``: start only at :func:`trail_starts`, the odd cities of each piece (one
      city of a piece without odd cities): every longest trail of a piece with odd cities
      ends at two of them;
    * ``"euler"``: a piece with at most two odd cities is its own longest trail: no search;
    * ``"chains"``: contract each city with exactly two routes (a trail uses both or neither).

    Every combination gives the exact answer. Without speed-ups every city is a start and
    every unused route at the end of the trail is tried: the number of calls grows
    exponentially with the routes. Returns ``{"length", "calls"}``; with ``max_calls``,
    gives up past that many calls and returns ``{"length": None, "calls": max_calls}``.

    >>> trail_search(konigsberg())
    {'length': 6, 'calls': 824}
    >>> net = example_network()["routes"]
    >>> trail_search(net), trail_search(net, SPEEDUPS)
    ({'length': 20, 'calls': 172}, {'length': 20, 'calls': 36})
    >>> trail_search([("A", "B", 10), ("B", "C", 10), ("C", "A", 10), ("D", "E", 1)], ["odd starts"])
    {'length': 30, 'calls': 11}
    """
    unknown = [s for s in speedups if s not in SPEEDUPS]
    if unknown:
        raise MapError(gettext("unknown speed-up {speedup!r}: choose from {choices}").format(
            speedup=unknown[0], choices=", ".join(SPEEDUPS)))
    edges = _edge_list(edges)
    pieces = _pieces(edges) if "components" in speedups else [edges]
    calls = [0]
    best = 0

    class GiveUp(Exception):
        pass

    for piece in pieces:
        if "euler" in speedups and euler_check(piece)["one_trail"]:
            best = max(best, sum(w for _, _, w in piece))
            continue
        if "chains" in speedups:
            piece = _contract_chains(piece)
        adjacent: dict[str, list[tuple[int, str, int]]] = {}
        for i, (a, b, w) in enumerate(piece):
            adjacent.setdefault(a, []).append((i, b, w))
            if a != b:
                adjacent.setdefault(b, []).append((i, a, w))
        used = [False] * len(piece)

        def extend(city, length, adjacent=adjacent, used=used):
            calls[0] += 1
            if max_calls is not None and calls[0] > max_calls:
                raise GiveUp
            result = length
            for i, other, w in adjacent[city]:
                if not used[i]:
                    used[i] = True
                    result = max(result, extend(other, length + w))
                    used[i] = False
            return result

        starts = trail_starts(piece) if "odd starts" in speedups else sorted(adjacent, key=str)
        try:
            for s in starts:
                best = max(best, extend(s, 0))
        except GiveUp:
            return {"length": None, "calls": max_calls}
    return {"length": best, "calls": calls[0]}


def speedup_table(edges, max_calls=None) -> Table:
    """The longest trail of ``edges`` found with more and more speed-ups, added in the order
    of :data:`SPEEDUPS`: one row per rung of the ladder, with the search calls it took. One
    piece at a time saves no call by itself (a search never leaves its piece anyway): it is
    the unit Euler's rule works on.

    >>> [r["calls"] for r in speedup_table(example_network()["routes"]).rows]
    [172, 172, 82, 76, 36]
    """
    ladder = [SPEEDUPS[:k] for k in range(len(SPEEDUPS) + 1)]
    names = [gettext("plain backtracking"), gettext("+ one piece at a time"),
             gettext("+ start at the odd cities of each piece"),
             gettext("+ Euler: no search when at most 2 odd cities"), gettext("+ contract chains")]
    rows = []
    for name, speedups in zip(names, ladder, strict=True):
        r = trail_search(edges, speedups, max_calls)
        rows.append({"method": name, "longest trail": r["length"] if r["length"] is not None else gettext("gave up"),
                     "calls": r["calls"]})
    return Table(rows)


def longest_timings(map="europe", center="Frankfurt", sizes=range(6, 21, 2),
                    max_calls: int = 400_000, progress: bool = True) -> list:
    """Time the longest-trail methods on networks of growing size (:func:`grow_network`).

    One row per size: ``{"routes", "trains", "odd cities", "loops", "length", "plain calls",
    "plain s", "speed-ups calls", "speed-ups s", "package s", "ilp s"}`` (``loops``: the
    independent cycles, routes - cities + pieces, :func:`independent_loops`): plain
    backtracking and backtracking with all :data:`SPEEDUPS` (:func:`trail_search`, ``None``
    once they give up after ``max_calls`` calls), the package's exact method
    (:func:`ttr_teach.engine.longest.longest_route`) and its integer program (``method="ilp"``),
    each timed as the best of three runs (:func:`best_time`).
    """
    from ....engine.longest import longest_route

    sizes = list(sizes)
    longest_route([("A", "B", 1), ("A", "C", 1), ("A", "D", 1), ("A", "E", 1)], method="ilp")  # load the solver
    rows = []
    for n in progress_bar(sizes, gettext("longest trail by network size"),
                           pgettext("progress", "network"), progress):
        net = grow_network(map, center, n)
        row = {"routes": n, "trains": sum(r.length for r in net), "odd cities": len(odd_cities(net)),
               "loops": independent_loops(net)}
        for key, speedups in (("plain", ()), ("speed-ups", SPEEDUPS)):
            r, row[f"{key} s"] = best_time(lambda net=net, speedups=speedups: trail_search(net, speedups, max_calls))
            row[f"{key} calls"] = r["calls"] if r["length"] is not None else None
            if r["length"] is None:
                row[f"{key} s"] = None
        for key, method in (("package", "auto"), ("ilp", "ilp")):
            r, row[f"{key} s"] = best_time(lambda net=net, method=method: longest_route(net, method=method))
            row["length"] = r.length
        rows.append(row)
    return rows


def timings_table(rows) -> Table:
    """The figures behind :func:`plot_longest_timings`, one row per network of
    :func:`longest_timings`: its routes, odd cities and loops; the plain search's calls and
    how many times the previous network's they are (``"x previous"``); the calls with the
    four speed-ups and their ``"share"`` of the plain calls; how many times faster than plain
    backtracking the speed-ups ran (``"x faster"``, below 1: slower); and the package's and
    the integer program's times in milliseconds. Calls do not depend on the machine, times do.

    >>> rows = [{"routes": 6, "odd cities": 2, "loops": 1, "plain calls": 100, "speed-ups calls": 0,
    ...          "plain s": 0.001, "speed-ups s": 0.002, "package s": 0.0001, "ilp s": 0.005},
    ...         {"routes": 8, "odd cities": 4, "loops": 2, "plain calls": 300, "speed-ups calls": 120,
    ...          "plain s": 0.004, "speed-ups s": 0.002, "package s": 0.0001, "ilp s": 0.005}]
    >>> [(r["x previous"], r["share"], r["x faster"], r["ilp ms"]) for r in timings_table(rows).rows]
    [('', 0.0, 0.5, 5.0), (3.0, 0.4, 2.0, 5.0)]
    """
    def ms(seconds):
        return "" if seconds is None else round(1000 * seconds, 2)

    out, previous = [], None
    for r in rows:
        plain, fast = r["plain calls"], r["speed-ups calls"]
        out.append({"routes": r["routes"], "odd cities": r["odd cities"], "loops": r["loops"],
                    "plain calls": plain,
                    "x previous": round(plain / previous, 1) if plain and previous else "",
                    "speed-ups calls": fast,
                    "share": round(fast / plain, 2) if plain and fast is not None else "",
                    "x faster": (round(r["plain s"] / r["speed-ups s"], 1)
                                 if r["plain s"] and r["speed-ups s"] else ""),
                    "package ms": ms(r["package s"]), "ilp ms": ms(r["ilp s"])})
        previous = plain
    return Table(out)


def best_time(run, repeat: int = 3, budget: float = 0.2) -> tuple:
    """``(result, seconds)``: the best of ``repeat`` runs of ``run()`` (a run that takes longer
    than ``budget`` seconds is not repeated). The best of a few runs is the least disturbed by
    whatever else the machine is doing.

    >>> result, seconds = best_time(lambda: sum(range(1000)))
    >>> result, seconds < 1
    (499500, True)
    """
    best = None
    for _ in range(repeat):
        start = time.perf_counter()
        result = run()
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
        if elapsed > budget:
            break
    return result, best


def plot_longest_timings(rows):
    """Left: search calls of plain backtracking and with the speed-ups, by network size
    (log scale). Right: time of all four methods (log scale). Returns the Figure."""
    import matplotlib.pyplot as plt

    fig, (ax, ax2) = plt.subplots(1, 2, figsize=(10.5, 3.8))
    styles = {"plain": ("o-", PATH_COLOR, gettext("plain backtracking")),
              "speed-ups": ("s-", WAITING_COLOR, gettext("with the four speed-ups")),
              "package": ("^-", DONE_COLOR, gettext("ttr_teach.engine.longest (memo + bounds)")),
              "ilp": ("D-", TREE_COLOR, gettext("integer program (HiGHS)"))}
    for key in ("plain", "speed-ups"):
        pts = [(r["routes"], r[f"{key} calls"]) for r in rows if r[f"{key} calls"]]
        style, colour, label = styles[key]
        ax.semilogy([p[0] for p in pts], [p[1] for p in pts], style, color=colour, label=label)
    ax.set_xlabel(gettext("routes in the network"))
    ax.set_ylabel(gettext("search calls (log scale)"))
    ax.legend(fontsize=8)
    for key in styles:
        pts = [(r["routes"], 1000 * r[f"{key} s"]) for r in rows if r[f"{key} s"] is not None]
        style, colour, label = styles[key]
        ax2.semilogy([p[0] for p in pts], [p[1] for p in pts], style, color=colour, label=label)
    ax2.set_xlabel(gettext("routes in the network"))
    ax2.set_ylabel(gettext("time (ms, log scale)"))
    ax2.legend(fontsize=8)
    fig.tight_layout()
    plt.close(fig)
    from ....views.alt_text import describe

    largest = max(rows, key=lambda r: r["routes"])
    calls = listing(f"{styles[k][2]} {local_digits(str(largest[f'{k} calls']))}" for k in ("plain", "speed-ups")
                      if largest[f"{k} calls"])
    return describe(fig, gettext("Two charts on a log scale, by the number of routes in the network. Left: the "
                                 "search calls of plain backtracking and with the speed-ups (for {routes} routes: "
                                 "{calls}). Right: the time of the four methods.").format(
        routes=largest["routes"], calls=calls))


def reference_longest_trail(edges) -> int:
    """The package's exact longest trail (the checker's reference).

    >>> reference_longest_trail(konigsberg())
    6
    """
    from ....engine.longest import longest_route_length

    return longest_route_length(edges)


def solution_longest_trail(edges):
    """Backtracking: from every city, try every unused route at the end of the trail."""
    routes_at: dict[str, list[tuple[int, str, int]]] = {}
    for i, (a, b, length) in enumerate(edges):
        routes_at.setdefault(a, []).append((i, b, length))
        if b != a:
            routes_at.setdefault(b, []).append((i, a, length))
    used = [False] * len(edges)

    def best_from(city):
        best = 0
        for i, other, length in routes_at[city]:
            if not used[i]:
                used[i] = True
                best = max(best, length + best_from(other))
                used[i] = False
        return best

    return max((best_from(city) for city in routes_at), default=0)


def starts_report(edges) -> list:
    """Three lines: the odd cities of ``edges``, the starts :func:`trail_starts` takes piece by
    piece, and the longest trail the search finds from them.

    >>> starts_report([("A", "B", 10), ("B", "C", 10), ("C", "A", 10), ("D", "E", 1)])[1]
    'starts, piece by piece: A, D, E'
    """
    length = trail_search(edges, ["odd starts"])["length"]
    return [gettext("odd cities: {cities}").format(cities=listing(odd_cities(edges))),
            gettext("starts, piece by piece: {cities}").format(cities=listing(trail_starts(edges))),
            ngettext("longest trail: {n} train", "longest trail: {n} trains", length).format(n=length)]


def longest_trail_exercise() -> FunctionExercise:
    """Write ``longest_trail(edges)`` by backtracking; checked on small networks.

    >>> longest_trail_exercise().judge(solution_longest_trail).correct   # a check() refuses it: not yours
    True
    """
    cases = [(konigsberg(),), ([("A", "B", 2), ("B", "C", 3), ("C", "A", 1), ("C", "D", 4)],),
             ([("A", "B", 1), ("A", "C", 5), ("A", "D", 2)],), ([("A", "B", 4)],), ([],),
             ([(r.a, r.b, r.length) for r in example_network()["routes"]],),
             ([("A", "B", 1), ("B", "C", 1), ("C", "A", 1), ("A", "D", 1), ("D", "E", 1), ("E", "A", 1)],),
             ([(r.a, r.b, r.length) for r in grow_network("usa", "Denver", 10)],)]
    return FunctionExercise(
        gettext("Write longest_trail(edges): edges is a list of (city, city, length); return the length "
        "of the longest trail (a walk that never uses a route twice)."),
        reference=reference_longest_trail, cases=cases, copy_args=True,
        hint=[gettext("List the routes at each city: routes_at[city] = [(route number, other end, length)]."),
              gettext("Write best_from(city): for every unused route at city, mark it used, add its length "
              "to best_from(the other end), unmark it; keep the maximum."),
              gettext("Try every city as a start and keep the best; an empty list of edges gives 0.")],
        function_name="longest_trail", example=solution_longest_trail,
        solution=source_of(solution_longest_trail, "longest_trail"))
