"""Final scoring: hard positions, and the positions that end random games (what a playout scores).

Run: ``.venv/bin/python bench/scoring.py [--positions N] [--seed S] [--games N] [--compare REV]``

1. Hard positions: five players with dense 45-train networks, every player with three
   stations where the others own the most routes, and several tickets each. Prints, per
   position, the time of ``score_position`` (processor time, the least of three runs), the
   station combinations tried by the scorer (pruned) against all of them, and the
   longest-route searches; then the mean and the worst. The aim: well under 50 ms for the
   hardest position.
2. End of random games (``--games`` per map and number of players, RandomBot games from
   ``play_random_game``): the mean time of ``score_position`` on a fresh Position of each final
   board (fresh, so the score a Position keeps is not reused), how much of it is the longest
   route (``longest_route`` alone on the same networks), and ``Game.final_scores()`` whole.
   With ``--compare REV`` the same positions are also scored by the package at git revision
   REV (exported with ``git archive`` to a temporary folder and run in a subprocess), the two
   engines taking turns three times; the least time of each is printed with the ratio.

Figures on this 2-core machine, shared with other jobs (load average about 5, so noisy:
processor time, the least of the rounds), 40 final boards (Europe and USA, 2-5 players, 5 seeds),
``bench/scoring.py --positions 0 --compare fad764b`` run twice:

    engine                         score_position   of which longest route   the rest
    fad764b (before this change)   1.21-1.27 ms     0.37-0.38 ms             0.84-0.89 ms
    this change                    0.70-0.71 ms     0.37-0.38 ms             0.33 ms

    ratio: score_position 1.7-1.8x, all but the longest route 2.6-2.7x;
    Game.final_scores() on a four-player game: about 0.9 ms.

The hard positions (part 1, 20 of them): a mean of 11-15 ms before, 2.8-4.5 ms now.

The rest (tickets, the stations' choice, the result's JSON) is 2.6 times cheaper: the
stations' best choice looks only at the tickets a choice can change (open after the player's
own routes, reachable by candidates) and keeps the best combination as it goes (no list of every combination, skipped entirely when there
is no station or no open ticket), ticket paths come from a small Dijkstra instead of a
networkx graph per player, the Map answers "routes at a city" from a table, a Position
keeps its owners and score, and the longest-route search gets plain (a, b, length) edges.
The longest route itself is branch ``longest``'s work.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from ttr_teach.engine.longest import longest_route
from ttr_teach.engine.maps import load_map
from ttr_teach.engine.position import Position, load_position
from ttr_teach.engine.scoring import score_position
from ttr_teach.engine.tickets import station_candidates, station_choices

REPO = Path(__file__).resolve().parent.parent


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


def endgame_documents(games_per_kind: int) -> list:
    """The final boards of random games (Europe and USA, 2-5 players), as position documents."""
    from ttr_teach.players.random_bot import play_random_game

    return [play_random_game(name, n, seed=seed).to_position().to_dict()
            for name in ("europe", "usa") for n in (2, 3, 4, 5) for seed in range(games_per_kind)]


def measure_endgames(docs, repeat=5) -> dict:
    """Milliseconds per position (processor time, the least of ``repeat`` runs) of
    ``score_position`` on a fresh Position of each document, and of the longest-route search
    alone on the same networks. Uses only what every version of the package has."""
    positions = [load_position(d) for d in docs]
    networks = [[(r.a, r.b, r.length) for r in p.routes] for pos in positions for p in pos.players]

    def scoring():
        for pos in positions:
            score_position(Position(pos.map, pos.players))

    def longest():
        for edges in networks:
            longest_route(edges)

    scoring()
    return {"positions": len(positions),
            "score_ms": least_time(scoring, repeat=repeat) * 1000 / len(positions),
            "longest_ms": least_time(longest, repeat=repeat) * 1000 / len(positions)}


def measure_elsewhere(package_root, docs_file) -> dict:
    """:func:`measure_endgames` run by the package found in ``package_root``, in a subprocess."""
    env = dict(os.environ, PYTHONPATH=str(package_root))
    out = subprocess.run([sys.executable, __file__, "--measure", str(docs_file)], env=env, cwd=package_root,
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out.splitlines()[-1])


def export_revision(rev: str, folder: Path) -> Path:
    """The package as it was at git revision ``rev``, unpacked into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    archive = subprocess.run(["git", "-C", str(REPO), "archive", rev, "ttr_teach"], capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive.stdout, check=True)
    return folder


def endgames(games_per_kind: int, compare: str | None) -> None:
    docs = endgame_documents(games_per_kind)
    with tempfile.TemporaryDirectory() as tmp:
        docs_file = Path(tmp) / "positions.json"
        docs_file.write_text(json.dumps(docs))
        runs = {"this engine": [measure_elsewhere(REPO, docs_file)]}
        if compare:
            old = export_revision(compare, Path(tmp) / "old")
            runs = {f"at {compare}": [], "this engine": []}
            for _ in range(3):                      # take turns, so both see the same load
                runs[f"at {compare}"].append(measure_elsewhere(old, docs_file))
                runs["this engine"].append(measure_elsewhere(REPO, docs_file))
    print(f"\nscore_position at the end of {len(docs)} random games (ms per position, processor time, least of runs)")
    print(f"{'engine':>16} {'score':>8} {'longest':>8} {'rest':>8}")
    best = {}
    for name, results in runs.items():
        score = min(r["score_ms"] for r in results)
        longest = min(r["longest_ms"] for r in results)
        best[name] = (score, score - longest)
        print(f"{name:>16} {score:8.3f} {longest:8.3f} {score - longest:8.3f}")
    if compare:
        (old_score, old_rest), (new_score, new_rest) = best[f"at {compare}"], best["this engine"]
        print(f"ratio (before / now): score_position {old_score / new_score:.2f}x, "
              f"all but the longest route {old_rest / new_rest:.2f}x")
    from ttr_teach.players.random_bot import play_random_game

    games = [play_random_game(name, 4, seed=seed) for name in ("europe", "usa") for seed in range(games_per_kind)]
    t = least_time(lambda: [g.final_scores() for g in games], repeat=3)
    print(f"Game.final_scores() (to_position + score) on {len(games)} four-player games: "
          f"{t * 1000 / len(games):.3f} ms per game")


def hard_positions(n_positions: int, seed: int) -> None:
    m = load_map("europe")
    rng = random.Random(seed)
    score_position(hard_position(m, rng))          # warm up (imports)
    times = []
    print(f"{'#':>3} {'routes':>7} {'cycles':>6} {'cands':>6} {'combos all':>10} {'tried':>6} {'ms':>7}")
    for k in range(n_positions):
        pos = load_position(hard_position(m, rng))
        routes = sum(len(p.routes) for p in pos.players)
        cycles = 0
        for p in pos.players:
            cs = {c for r in p.routes for c in r.cities}
            cycles = max(cycles, len(p.routes) - len(cs) + 1)
        cands = max(sum(len(v) for v in station_candidates(pos, i).values()) for i in range(len(pos.players)))
        combos = sum(len(station_choices(pos, i, with_paths=False)) for i in range(len(pos.players)))
        tried = sum(len(station_choices(pos, i, with_paths=False, prune=True)) for i in range(len(pos.players)))
        t = least_time(lambda: score_position(Position(pos.map, pos.players)))
        times.append(t)
        print(f"{k + 1:3d} {routes:7d} {cycles:6d} {cands:6d} {combos:10d} {tried:6d} {t * 1000:7.2f}")
    print(f"score_position on {len(times)} five-player positions: mean {sum(times) / len(times) * 1000:.2f} ms, "
          f"worst {max(times) * 1000:.2f} ms (processor time, least of 3 runs)")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=20, help="hard positions (0: none)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--games", type=int, default=5, help="random games per map and number of players")
    parser.add_argument("--compare", metavar="REV", help="also score the final boards with the package at REV")
    parser.add_argument("--measure", metavar="FILE", help=argparse.SUPPRESS)   # one run, for --compare
    args = parser.parse_args(argv)
    if args.measure:
        print(json.dumps(measure_endgames(json.loads(Path(args.measure).read_text()))))
        return
    if args.positions:
        hard_positions(args.positions, args.seed)
    if args.games:
        endgames(args.games, args.compare)


if __name__ == "__main__":
    main()
