"""Final scoring on hard positions: five players with dense 45-train networks, every player
with three stations where the others own the most routes, and several tickets each.

Run: ``.venv/bin/python bench/scoring.py [--positions N] [--seed S]``

Prints, per position, the time of ``score_position`` (processor time, the least of three
runs), the station combinations tried by the scorer (pruned) against all of them, and the
longest-route searches; then the mean and the worst. Scoring should feel instant: the
aim is well under 50 ms for the hardest position.
"""
from __future__ import annotations

import argparse
import random
import time

from ttr_teach.engine.maps import load_map
from ttr_teach.engine.position import load_position
from ttr_teach.engine.scoring import score_position
from ttr_teach.engine.tickets import station_candidates, station_choices


def hard_position(m, rng, n_players=5, tickets=5):
    """A legal position: players claim in turn the route that best grows their network
    (short routes closing cycles first), until nobody can; then three stations each, in the
    cities where the others own the most routes, and ``tickets`` random tickets each."""
    trains = m.rules.trains_per_player
    cities = [set() for _ in range(n_players)]
    owned = [[] for _ in range(n_players)]
    taken = {}
    for p, start in enumerate(rng.sample(sorted(m.cities), n_players)):
        cities[p].add(start)
    progress = True
    while progress:
        progress = False
        for p in range(n_players):
            left = trains - sum(r.length for r in owned[p])
            options = []
            for r in m.routes:
                partner = m.partner(r)
                if r.index in taken or r.length > left or not (r.a in cities[p] or r.b in cities[p]):
                    continue
                if partner is not None and partner.index in taken and (
                        taken[partner.index] == p or not m.rules.double_routes_both_usable(n_players)):
                    continue
                closes = r.a in cities[p] and r.b in cities[p]
                options.append((30.0 if closes else 1.0) / r.length ** 2)
                options[-1] = (options[-1], r)
            if options:
                r = rng.choices([o[1] for o in options], [o[0] for o in options])[0]
                owned[p].append(r)
                taken[r.index] = p
                cities[p].update(r.cities)
                progress = True
    stations, used = [], set()
    for p in range(n_players):
        count = {}
        for r in m.routes:
            if taken.get(r.index, p) != p:
                for c in r.cities:
                    count[c] = count.get(c, 0) + 1
        best = sorted((c for c in count if c not in used), key=lambda c: (-count[c], c))[:3]
        used.update(best)
        stations.append(best)
    pool = list(m.tickets)
    rng.shuffle(pool)
    return {"map": m.name, "players": [
        {"name": f"P{p + 1}", "routes": [[r.a, r.b, r.color] for r in owned[p]], "stations": stations[p],
         "tickets": [[t.a, t.b] for t in pool[p * tickets:(p + 1) * tickets]]}
        for p in range(n_players)]}


def least_time(fn, *args, repeat=3):
    best = None
    for _ in range(repeat):
        start = time.process_time()
        fn(*args)
        elapsed = time.process_time() - start
        best = elapsed if best is None else min(best, elapsed)
    return best


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    m = load_map("europe")
    rng = random.Random(args.seed)
    score_position(hard_position(m, rng))          # warm up (imports)
    times = []
    print(f"{'#':>3} {'routes':>7} {'cycles':>6} {'cands':>6} {'combos all':>10} {'tried':>6} {'ms':>7}")
    for k in range(args.positions):
        pos = load_position(hard_position(m, rng))
        routes = sum(len(p.routes) for p in pos.players)
        cycles = 0
        for p in pos.players:
            cs = {c for r in p.routes for c in r.cities}
            cycles = max(cycles, len(p.routes) - len(cs) + 1)
        cands = max(sum(len(v) for v in station_candidates(pos, i).values()) for i in range(len(pos.players)))
        combos = sum(len(station_choices(pos, i, with_paths=False)) for i in range(len(pos.players)))
        tried = sum(len(station_choices(pos, i, with_paths=False, prune=True)) for i in range(len(pos.players)))
        t = least_time(score_position, pos)
        times.append(t)
        print(f"{k + 1:3d} {routes:7d} {cycles:6d} {cands:6d} {combos:10d} {tried:6d} {t * 1000:7.2f}")
    print(f"score_position on {len(times)} five-player positions: mean {sum(times) / len(times) * 1000:.2f} ms, "
          f"worst {max(times) * 1000:.2f} ms (processor time, least of 3 runs)")


if __name__ == "__main__":
    main()
