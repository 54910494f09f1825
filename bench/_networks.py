"""Random legal networks for the benchmarks: one player's routes within the train supply.

Not a benchmark itself; ``python bench/_networks.py`` shows what the benchmark set holds.
"""
from __future__ import annotations

import random


def random_network(m, rng: random.Random, max_length=None, close_cycles=1.0, trains=None):
    """Routes one player could own on map ``m``: grown from a random city, each new route
    touching the network, never both halves of a double, within the train supply.

    ``max_length`` keeps only short routes (dense networks); ``close_cycles`` > 1 favours
    routes whose two cities are already in the network (more cycles).
    """
    trains = m.rules.trains_per_player if trains is None else trains
    pool = [r for r in m.routes if max_length is None or r.length <= max_length]
    cities = {rng.choice(sorted({c for r in pool for c in r.cities}))}
    owned, pairs, left = [], set(), trains
    while True:
        options = [r for r in pool if r.length <= left and frozenset(r.cities) not in pairs
                   and (r.a in cities or r.b in cities)]
        if not options:
            return owned
        weights = [close_cycles if (r.a in cities and r.b in cities) else 1.0 for r in options]
        r = rng.choices(options, weights)[0]
        owned.append(r)
        pairs.add(frozenset(r.cities))
        cities.update(r.cities)
        left -= r.length


def benchmark_networks(seed=2024, per_kind=20):
    """The benchmark set, per map and per kind (``per_kind`` each):

    - ``typical``: grown at random from any routes (mostly tree-like, a few cycles);
    - ``cyclic``: routes of length <= 3, strongly favouring routes that close cycles;
    - ``dense``: at least 20 routes of length <= 2 with as many cycles as the map allows.
    """
    from ttr_teach.engine.maps import load_map

    rng = random.Random(seed)
    out = []
    for name in ("europe", "usa"):
        m = load_map(name)
        for kind, args, least in (("typical", {}, 1),
                                  ("cyclic", {"max_length": 3, "close_cycles": 30.0}, 15),
                                  ("dense", {"max_length": 2, "close_cycles": 30.0}, 20)):
            made = 0
            while made < per_kind:
                routes = random_network(m, rng, **args)
                if len(routes) >= least:
                    out.append((name, kind, routes))
                    made += 1
    return out


if __name__ == "__main__":
    from collections import Counter

    nets = benchmark_networks()
    print(Counter((name, kind) for name, kind, _ in nets))
    for name, kind, routes in nets[:3]:
        print(name, kind, ", ".join(f"{r.a}-{r.b} {r.length}" for r in routes))
