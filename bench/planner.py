"""Time the exact ticket planner and compare it with networkx's Steiner-tree approximation.

    .venv/bin/python bench/planner.py [--sets 5] [--max-tickets 6] [--seed 1]

For each map and each number of tickets, draws ``--sets`` random hands from the map's own
tickets and prints the time of :func:`ttr_teach.algorithms.planning.cheapest_network` (median and
worst, in seconds), the number of distinct cities, and the trains of the exact answer
against :func:`ttr_teach.algorithms.planning.approximate_network` (one tree through every city).
The first call for each number of cities also builds a cached index table; its time is
included in "worst".
"""
import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ttr_teach.engine.maps import load_map  # noqa: E402
from ttr_teach.algorithms.planning import approximate_network, cheapest_network  # noqa: E402


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", type=int, default=5, help="random ticket hands per size")
    parser.add_argument("--max-tickets", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    print(f"{'map':7} {'tickets':>7} {'cities':>6} {'median s':>9} {'worst s':>8} "
          f"{'exact':>6} {'approx':>6} {'approx worse in':>16}")
    for name in ("europe", "usa"):
        m = load_map(name)
        for n in range(1, args.max_tickets + 1):
            times, cities, exact, approx, worse = [], [], [], [], 0
            for _ in range(args.sets):
                hand = [(t.a, t.b) for t in rng.sample(m.tickets, n)]
                start = time.perf_counter()
                net = cheapest_network(name, hand)
                times.append(time.perf_counter() - start)
                cities.append(len({c for t in hand for c in t}))
                a = approximate_network(name, hand).trains
                exact.append(net.trains)
                approx.append(a)
                worse += a > net.trains
            print(f"{name:7} {n:7d} {max(cities):6d} {statistics.median(times):9.3f} {max(times):8.3f} "
                  f"{statistics.mean(exact):6.1f} {statistics.mean(approx):6.1f} "
                  f"{worse:>9d} of {args.sets}")


if __name__ == "__main__":
    main()
