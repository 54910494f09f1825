"""Longest route: the exact method against plain exhaustive search, and whole maps.

Run: ``.venv/bin/python bench/longest_route.py [--per-kind N] [--seed S] [--repeat R]``

1. Player networks (random legal 45-train networks from both maps, see ``_networks.py``):
   total time of :func:`ttr_teach.engine.longest.longest_route` (``method="auto"``: bridges
   and blocks) against :func:`ttr_teach.engine.longest.longest_route_exhaustive` (every
   route as a start, in each direction, depth-first through unused routes: what most public
   engines do), the two checked equal on every network, per kind of network and in total.
   The goal (issue 10) is a total at least 100 times faster.
2. Where the exact method's time goes on those networks: reading the edges, numbering the
   cities, the search with its tree walk and the questions to blocks, and building the
   trail; and how the pieces were solved.
3. Whole maps (all routes of Europe and of the USA): ``longest_route_length`` (which uses
   the integer program beyond ``SEARCH_MAX_EDGES`` routes), the certificate, and the
   branch-and-bound search forced on the whole map, with their times. Exhaustive search is
   not attempted there (it would enumerate astronomically many trails).

Times are processor times (``time.process_time``), the least of ``--repeat`` runs of each
method on each network, the two methods timed one after the other on the same network.
On a shared machine the figures move with the load, the exact method's short runs more
than the exhaustive search's long ones (cold caches after other processes).

Figures (2 cores shared with other work, 1 December 2026, ``--repeat 3``): three runs at
load averages of 8-9.5 gave total ratios of 102.8x, 121.7x and 106.6x (exact 13.9-17.9 ms,
exhaustive 1.43-2.18 s for the 120 networks; typical 6-10x, dense 20-24x, cyclic 68-503x),
and 84-97x with the trail's cities and edges worked out as well; the exact method's own
stages: the depth-first search with the tree walk and the blocks' answers 84-87%,
checking the edges and numbering the cities in one pass 12-15%, making the Trail (its way
not yet walked) 1-2%. Side by side in one process at load 8 (each network's least of 5
runs, the two versions alternating), this version took 0.82-0.85 of the time of the
method as merged before, which made 90.9x on a quiet machine (load 1.0) and 99.7x at load
1.3. Counted in machine instructions, which do not move with the load (``valgrind
--tool=callgrind``, ``PYTHONHASHSEED=0``, the 120 networks once each, start-up subtracted), ``longest_route`` went from 76.7e6 instructions (as merged
before) to 60.8e6 (0.79): one pass that checks and numbers a plain list of edges, the
trail's way walked only when first read (``Trail.later``; ``longest_route_length`` never
walks it), the hopes of a block's questions computed without a call each; the exhaustive
search, unchanged, counted 12.3e9 (about 200 times as many). Answering blocks of 5-6
independent cycles from their cycle space instead of the parity bound cost more (63.5e6).
Checking and numbering the edges column by column (``zip(*edges)``, ``set(map(type, ...))``,
``dict.fromkeys``) ran 10% fewer bytecodes but took longer here, and was left out. The
exact method before bridges and blocks (search 2 on every network) took 51 ms, 27x.
"""
from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from _networks import benchmark_networks  # noqa: E402

from ttr_teach.engine.longest import (longest_route, longest_route_certificate,  # noqa: E402
                                      longest_route_exhaustive, longest_route_length,
                                      longest_route_stats)
from ttr_teach.engine.longest.intnet import IntNetwork  # noqa: E402
from ttr_teach.engine.longest.methods import solve  # noqa: E402
from ttr_teach.engine.maps import load_map  # noqa: E402

GOAL = 100


def timed(fn, *args, repeat=1):
    """``fn(*args)`` and the least processor time it took in ``repeat`` runs (processor
    time and the minimum, as ``timeit`` advises, are the steadiest on a shared machine;
    nothing here waits for input or output)."""
    best = None
    for _ in range(repeat):
        start = time.process_time()
        value = fn(*args)
        elapsed = time.process_time() - start
        best = elapsed if best is None else min(best, elapsed)
    return value, best


def walked(edges):
    """The longest route with its way (cities, edges) worked out, as a drawing needs it."""
    trail = longest_route(edges)
    trail.cities
    return trail


def player_networks(nets, repeat):
    longest_route([("A", "B", 1), ("B", "C", 1), ("B", "D", 1), ("B", "E", 1)])   # warm up
    rows = {}
    worst = (0.0, None)
    t_walked = 0.0
    for name, kind, routes in nets:
        edges = [(r.a, r.b, r.length) for r in routes]
        fast, t_fast = timed(longest_route, edges, repeat=repeat)
        slow, t_slow = timed(longest_route_exhaustive, edges, repeat=repeat)
        drawn, t_drawn = timed(walked, edges, repeat=repeat)
        t_walked += t_drawn
        if not fast.length == slow.length == drawn.length == sum(e[2] for e in drawn.edges):
            raise SystemExit(f"MISMATCH on {name} {kind}: {fast.length} != {slow.length}: {edges}")
        cities = {c for e in edges for c in e[:2]}
        row = rows.setdefault((name, kind), [0, 0, 0, 0.0, 0.0])
        row[0] += 1
        row[1] += len(edges)
        row[2] += len(edges) - len(cities) + 1          # independent cycles (if connected)
        row[3] += t_fast
        row[4] += t_slow
        if t_fast > worst[0]:
            worst = (t_fast, (name, kind, len(edges), longest_route_stats(edges)["searches"]))
    print(f"{'map':7} {'kind':8} {'nets':>4} {'routes':>6} {'cycles':>6} "
          f"{'exact ms':>9} {'exhaustive ms':>13} {'ratio':>6}")
    tf = ts = 0.0
    for (name, kind), (k, routes, cycles, f, s) in rows.items():
        tf += f
        ts += s
        print(f"{name:7} {kind:8} {k:4d} {routes / k:6.1f} {cycles / k:6.1f} "
              f"{f * 1000:9.1f} {s * 1000:13.1f} {s / f:6.1f}")
    print(f"{'total':16} {len(nets):4d} {'':6} {'':6} {tf * 1000:9.1f} {ts * 1000:13.1f} {ts / tf:6.1f}")
    print(f"all {len(nets)} networks agree; exact method is {ts / tf:.1f}x faster in total "
          f"(goal: {GOAL}x, {'reached' if ts / tf >= GOAL else 'NOT reached'})")
    print(f"with the trail's cities and edges worked out too (longest_route(edges).cities, as a "
          f"drawing asks): {t_walked * 1000:.1f} ms, {ts / t_walked:.1f}x")
    print(f"slowest exact: {worst[0] * 1000:.2f} ms ({worst[1]})")


def where_time_goes(nets, repeat):
    """The exact method's total split into its stages, each timed alone (least of
    ``repeat`` runs per network), and how the pieces were solved."""
    stages = Counter()
    how = Counter()
    for _, _, routes in nets:
        edges = [(r.a, r.b, r.length) for r in routes]
        stages["check edges, number cities"] += timed(IntNetwork.plain, edges, repeat=repeat)[1]
        found, t_solve = timed(solve, edges, "auto", repeat=repeat)
        stages["search, tree walk, blocks"] += t_solve
        stages["make the Trail (way not walked)"] += timed(found.trail, repeat=repeat)[1]
        stages["walk its way (when asked)"] += max(0.0, timed(walked, edges, repeat=repeat)[1]
                                                   - timed(longest_route, edges, repeat=repeat)[1])
        for piece in found.stats["searches"]:
            how[piece["method"]] += 1
            how["block questions"] += piece.get("states", 0)
            how["answered by parity"] += piece.get("parity", 0)
            how["fall-back searches"] += piece.get("fallbacks", 0)
        how["one Euler trail"] += found.stats["euler_components"]
    # solve includes checking and numbering: show the search alone
    stages["search, tree walk, blocks"] -= stages["check edges, number cities"]
    total = sum(stages.values())
    walk = stages.pop("walk its way (when asked)")
    total -= walk
    print("where the exact method's time goes (each stage timed alone):")
    for stage, seconds in stages.items():
        print(f"  {stage:32} {seconds * 1000:7.2f} ms  {100 * seconds / total:4.0f}%")
    print(f"  and, when the trail's cities are asked for, walking its way: {walk * 1000:.2f} ms")
    print("  pieces: " + ", ".join(f"{n} {what}" for what, n in how.items()))


def whole_maps():
    for name in ("europe", "usa"):
        m = load_map(name)
        edges = [(r.a, r.b, r.length) for r in m.routes]
        length, t_cold = timed(longest_route_length, edges)        # may import scipy
        length, t_auto = timed(longest_route_length, edges, repeat=3)
        cert, t_cert = timed(longest_route_certificate, edges)
        by_search, t_search = timed(longest_route_length, edges, "removal", repeat=3)
        ilp = cert.stats["ilp"]
        print(f"{name}: {len(edges)} routes, {sum(e[2] for e in edges)} spaces; longest trail "
              f"{length} (longest_route_length {t_cold:.2f} s on the first call, {t_auto:.2f} s "
              f"after); certificate: trail "
              f"{cert.trail.length}, upper bound {cert.upper_bound}, optimal "
              f"{cert.optimal} ({t_cert:.2f} s; ILP rounds "
              f"{sum(s['rounds'] for s in ilp)}, cuts {sum(s['cuts'] for s in ilp)}, "
              f"solver {sum(s['seconds'] for s in ilp):.2f} s); branch and bound over left-out "
              f"routes (method='removal') agrees: {by_search} in {t_search * 1000:.0f} ms")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-kind", type=int, default=20, help="networks per map and kind")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--repeat", type=int, default=5, help="runs per network (the least time counts)")
    args = parser.parse_args(argv)
    nets = benchmark_networks(seed=args.seed, per_kind=args.per_kind)
    print(f"processor time, least of {args.repeat} runs per network and method")
    player_networks(nets, args.repeat)
    where_time_goes(nets, args.repeat)
    whole_maps()


if __name__ == "__main__":
    main()
