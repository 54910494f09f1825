"""The integer program (``method="ilp"`` and whole maps): the heaviest connected route set
with at most two odd cities, solved by HiGHS, whose optimum is also a proof."""
from __future__ import annotations

import time
from collections.abc import Hashable, Iterable, Sequence
from typing import Any

from ..errors import MapError
from ..i18n import gettext
from .network import Edge, components


def integer_program(edges: Sequence[Edge], ids: Iterable[int], time_limit: float | None = None
                    ) -> tuple[int, list[int], int, dict[str, Any]]:
    """The heaviest connected subset of the edges ``ids`` with at most two odd cities.

    Parameters
    ----------
    edges : list of (city_a, city_b, length)
    ids : list of int
        The edge indices of one connected piece.
    time_limit : float, optional
        Seconds the solver may take in all (none by default).

    Returns
    -------
    value : int
        The length of the longest trail (fact 1 of :mod:`ttr_teach.engine.longest`).
    chosen : list of int
        The edge indices of one optimal set (an Euler trail runs through them).
    bound : int
        The solver's proven upper bound (equal to ``value`` at optimality).
    stats : dict
        ``method``, ``variables``, ``rounds``, ``cuts``, ``nodes`` and ``seconds``.

    Notes
    -----
    Variables: ``x_e`` (route chosen), ``z_v`` (half of the chosen routes at city ``v``,
    rounded down), ``o_v`` (``v`` odd) and ``u_v`` (``v`` used). Constraints: at every city
    ``sum(x_e) = 2 z_v + o_v``; ``sum(o_v) <= 2``; a chosen route uses its cities and a used
    city has a chosen route. Connectivity by cut constraints added lazily while the chosen
    routes fall apart: a piece and a city outside it cannot both be used unless a route
    leaves the piece. Solved by HiGHS [1]_ through :func:`scipy.optimize.milp`; exponential
    in the worst case, a fraction of a second for a whole map (one round, no cut).

    References
    ----------
    .. [1] Q. Huangfu and J. A. J. Hall, "Parallelizing the dual revised simplex method",
       Mathematical Programming Computation 10 (2018) 119-142.

    Examples
    --------
    >>> k4 = [("A", "B", 1), ("A", "C", 2), ("A", "D", 3), ("B", "C", 4), ("B", "D", 5), ("C", "D", 6)]
    >>> value, chosen, bound, stats = integer_program(k4, range(6))
    >>> value, sorted(chosen), bound
    (20, [1, 2, 3, 4, 5], 20)
    """
    import numpy as np
    from scipy.optimize import Bounds, LinearConstraint, milp
    from scipy.sparse import coo_matrix

    ids = list(ids)
    cities: list[Hashable] = []
    number: dict[Hashable, int] = {}
    for i in ids:
        for c in edges[i][:2]:
            if c not in number:
                number[c] = len(cities)
                cities.append(c)
    n, m = len(cities), len(ids)
    ends = [(number[edges[i][0]], number[edges[i][1]]) for i in ids]
    weight = np.array([edges[i][2] for i in ids], dtype=float)
    # variables: x (m routes), z (n half-degrees), o (n odd flags), u (n cities used)
    X, Z, O, U = 0, m, m + n, m + 2 * n  # noqa: E741 - the blocks x, z, o, u of the comment above
    nvar = m + 3 * n
    degree = [0] * n
    for a, b in ends:
        degree[a] += 1
        degree[b] += 1
    rows, cols, vals, lo, hi = [], [], [], [], []
    row = 0

    def add(coefs: dict[int, int], lower: float, upper: float) -> None:
        nonlocal row
        for c, v in coefs.items():
            rows.append(row)
            cols.append(c)
            vals.append(v)
        lo.append(lower)
        hi.append(upper)
        row += 1

    incident: list[dict[int, int]] = [dict() for _ in range(n)]
    for k, (a, b) in enumerate(ends):
        incident[a][X + k] = incident[a].get(X + k, 0) + 1
        incident[b][X + k] = incident[b].get(X + k, 0) + 1
    for v in range(n):                       # degree = 2 z + o
        add({**incident[v], Z + v: -2, O + v: -1}, 0, 0)
    add({O + v: 1 for v in range(n)}, 0, 2)  # at most two odd cities
    for k, (a, b) in enumerate(ends):        # a chosen route uses its cities
        for v in {a, b}:
            add({X + k: 1, U + v: -1}, -np.inf, 0)
    for v in range(n):                       # a used city has a chosen route
        add({U + v: 1, **{c: -1 for c in incident[v]}}, -np.inf, 0)

    integrality = np.ones(nvar)
    upper = np.concatenate([np.ones(m), [d // 2 for d in degree], np.ones(2 * n)])
    bounds = Bounds(np.zeros(nvar), upper)
    cost = np.concatenate([-weight, np.zeros(3 * n)])
    stats: dict[str, Any] = {"method": "ilp", "variables": nvar, "rounds": 0, "cuts": 0, "nodes": 0,
             "seconds": 0.0}
    started = time.perf_counter()
    options: dict[str, Any] = {"mip_rel_gap": 0.0, "disp": False}
    while True:
        if time_limit is not None:
            options["time_limit"] = max(1.0, time_limit - (time.perf_counter() - started))
        a = coo_matrix((vals, (rows, cols)), shape=(row, nvar)).tocsr()
        res = milp(cost, constraints=LinearConstraint(a, lo, hi), integrality=integrality,
                   bounds=bounds, options=options)
        stats["rounds"] += 1
        stats["nodes"] += int(getattr(res, "mip_node_count", 0) or 0)
        if res.status != 0 or res.x is None:
            raise MapError(gettext("the longest-route integer program failed: {reason}").format(reason=res.message))
        chosen = [k for k in range(m) if res.x[X + k] > 0.5]
        pieces = components([(ends[k][0], ends[k][1], 0) for k in chosen])
        if len(pieces) <= 1:
            break
        # cut: a piece and any city outside it cannot both be used unless a route crosses
        city_sets = [{c for k in piece for c in ends[chosen[k]]} for piece in pieces]
        biggest = max(range(len(city_sets)), key=lambda p: len(city_sets[p]))
        for p, inside in enumerate(city_sets):
            crossing = [X + k for k, (a, b) in enumerate(ends) if (a in inside) != (b in inside)]
            outside = next(iter(city_sets[biggest if p != biggest else (p + 1) % len(city_sets)]))
            for c in inside:
                add({**{x: 1 for x in crossing}, U + c: -1, U + outside: -1}, -1, np.inf)
                stats["cuts"] += 1
    stats["seconds"] = time.perf_counter() - started
    # the answer is the exact length of the routes chosen; the solver's float must agree
    value = sum(edges[ids[k]][2] for k in chosen)
    if abs(value + res.fun) > 0.5:
        raise MapError(gettext("the longest-route integer program's optimum {optimum} is not the length {length} "
                               "of the routes it chose, so it cannot be trusted").format(
            optimum=-res.fun, length=value))
    bound_raw = getattr(res, "mip_dual_bound", None)
    bound = value if bound_raw is None else max(value, int(np.floor(-bound_raw + 1e-6)))
    return value, [ids[k] for k in chosen], bound, stats
