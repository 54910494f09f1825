"""Random games per second: this engine against the engine at commit 2d3fe2e, side by side.

Run: .venv/bin/python bench/random_games.py [games] [rounds]

Both engines play the same games: ``play_random_game(map, players, seed)`` (RandomBot players)
for seeds ``0 .. games - 1`` on Europe and USA with 2, 3, 4 and 5 players. The old engine is
taken from git (``git archive 2d3fe2e``, unpacked once into a temporary folder) and imported
under another name into this same process; the two play game by game in turn, each game timed
in CPU time of the process (``time.process_time``: on a shared machine wall time mostly
measures the neighbours), ``rounds`` times, and the best round counts. The bench checks that
both engines end every game in the very same state (the random bot draws exactly what it drew
when it listed every legal action), and prints games per second and their ratio; then, for
this engine only, the cost of ``copy()``, of a playout that keeps no log (``copy(log=False)``)
and of the final scoring of a finished game (``final_scores()``). Nothing is asserted.

Where a random game's time goes now (cProfile of 40 games of each map, 2-5 players, seeds
0-39; shares of the whole, callees included; cProfile inflates the many small calls):

====================================================  ======  =====
                                                      Europe   USA
====================================================  ======  =====
choosing (``RandomBot.choose`` -> ``random_action``)    64%     61%
- claims: is there one (``_any_way``)                    3%      6%
- claims: how many (``_claim_ways``)                    10%      7%
- claims: building the one drawn (``option``)            6%      6%
- stations: how many, the one drawn                     10%      2%
- card draws: how many, the one drawn                    8%      9%
- the rest: the kinds that are legal, the weighted
  draw of a kind, ``randrange``, the calls between     ~27%    ~31%
playing (``Game.play``)                                 29%     33%
- claims (cards, tunnel reveal, placing, and the
  claimable-routes index: ``ClaimableRoutes.claimed``
  5% / 8%)                                              11%     11%
- card draws (deck, face-up row, 3-locomotive rule)     10%     13%
- end of turn, log entries                               7%      6%
set-up (``Game.new``: shuffles, deals, the index)        4%      4%
====================================================  ======  =====

No single part dominates any more: what is left is the Python cost of a few dozen calls per
action (the old engine ran about 3.0 million bytecodes per USA game and 5.4 million per Europe
game, counted with ``sys.settrace`` over seeds 0-7; this one about 0.38 and 0.47 million).
A run on this 2-core machine under a load of 17 gave 8.7x for Europe and 6.5x for USA (2-5
players, 20 games each, best of 2). Final scoring is not part of these figures
(``play_random_game`` does not score); the last lines the bench prints give
``final_scores()`` of a finished game: about a third of the game's play for Europe (the
longest route and the stations' choice: ``engine/scoring.py``, ``tickets.py``, ``longest/``).
"""
from __future__ import annotations

import gc
import importlib
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
BASELINE = "2d3fe2e"
CONFIGS = [(m, n) for m in ("europe", "usa") for n in (2, 3, 4, 5)]


def baseline_package():
    """The package as it was at :data:`BASELINE`, imported under the name ``ttr_baseline``
    (``git archive`` of that commit, unpacked once into a temporary folder; its imports are
    all relative, so both engines live side by side in this process)."""
    target = Path(tempfile.gettempdir()) / f"ttr-teach-{BASELINE}"
    if not (target / "ttr_teach" / "__init__.py").exists():
        target.mkdir(parents=True, exist_ok=True)
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", BASELINE, "ttr_teach"],
                                 check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(target)], input=archive, check=True)
    package = target / "ttr_teach"
    spec = importlib.util.spec_from_file_location("ttr_baseline", package / "__init__.py",
                                                  submodule_search_locations=[str(package)])
    module = importlib.util.module_from_spec(spec)
    sys.modules["ttr_baseline"] = module
    spec.loader.exec_module(module)
    return importlib.import_module("ttr_baseline.bots")


def timed(play, map_name, n, seed):
    """``(seconds of CPU, finished game)`` for one game; the garbage of the last game is
    collected first so that neither engine pays for the other's."""
    gc.collect()
    start = time.process_time()
    game = play(map_name, n, seed)
    return time.process_time() - start, game


def compare(games: int, rounds: int) -> None:
    from ttr_teach.players.random_bot import play_random_game as new_play

    old_play = baseline_package().play_random_game
    for map_name, n in CONFIGS:                          # warm both (maps, tables)
        old_play(map_name, n, games), new_play(map_name, n, games)
    print(f"{games} random games per configuration (seeds 0..{games - 1}); engine at {BASELINE} "
          f"vs this engine in one process, game by game in turn; CPU time, best of {rounds} rounds")
    print(f"{'map':7s} {'players':>7s} {'old games/s':>12s} {'new games/s':>12s} {'ratio':>7s} "
          f"{'actions/game':>13s}  same games")
    totals = {"old": {}, "new": {}}
    ratios = []
    for map_name, n in CONFIGS:
        best = {"old": float("inf"), "new": float("inf")}
        same, actions = True, 0
        for _ in range(rounds):
            spent = {"old": 0.0, "new": 0.0}
            for seed in range(games):
                old_s, old_game = timed(old_play, map_name, n, seed)
                new_s, new_game = timed(new_play, map_name, n, seed)
                spent["old"] += old_s
                spent["new"] += new_s
                same &= old_game.to_dict() == new_game.to_dict()
                actions += sum(1 for e in new_game.log if e["event"] == "action")
            for k in best:
                best[k] = min(best[k], spent[k])
        for k in best:
            totals[k][map_name] = totals[k].get(map_name, 0.0) + best[k]
        ratios.append(best["old"] / best["new"])
        print(f"{map_name:7s} {n:7d} {games / best['old']:12.1f} {games / best['new']:12.1f} "
              f"{ratios[-1]:6.1f}x {actions / games / rounds:13.1f}  {'yes' if same else 'NO'}")
    for map_name in ("europe", "usa"):
        old, new = totals["old"][map_name], totals["new"][map_name]
        print(f"{map_name:7s} {'2-5':>7s} {4 * games / old:12.1f} {4 * games / new:12.1f} {old / new:6.1f}x")
    print(f"geometric mean of the ratios: {statistics.geometric_mean(ratios):.1f}x; "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


def extras(games: int) -> None:
    """This engine only: copy(), a playout that keeps no log, and the final scoring."""
    from ttr_teach import Game, RandomBot
    from ttr_teach.players.random_bot import play_random_game

    for map_name in ("europe", "usa"):
        mid = Game.new(map_name, ["A", "B", "C", "D"], seed=1)
        bots = [RandomBot(i) for i in range(4)]
        for _ in range(150):
            mid.play(bots[mid.current_player].choose(mid))
        start = time.process_time()
        for _ in range(2000):
            mid.copy()
        copy_us = (time.process_time() - start) / 2000 * 1e6
        start = time.process_time()
        for _ in range(2000):
            mid.copy(log=False)
        bare_us = (time.process_time() - start) / 2000 * 1e6

        start = time.process_time()
        for seed in range(games):
            g = Game.new(map_name, [f"P{i}" for i in range(2 + seed % 4)], seed=seed).copy(log=False)
            bots = [RandomBot(seed * 10 + i) for i in range(len(g.players))]
            while not g.is_over:
                g.play(bots[g.current_player].choose(g))
        playout = (time.process_time() - start) / games

        finished = [play_random_game(map_name, 2 + seed % 4, seed) for seed in range(games)]
        start = time.process_time()
        for g in finished:
            g.final_scores()
        scoring = (time.process_time() - start) / games
        print(f"{map_name:7s} copy() {copy_us:5.0f} us (log shared), copy(log=False) {bare_us:5.0f} us; "
              f"playout keeping no log {1000 * playout:5.2f} ms/game ({1 / playout:5.0f} games/s); "
              f"final_scores() {1000 * scoring:6.2f} ms/game")


def main(games: int = 20, rounds: int = 2) -> None:
    compare(games, rounds)
    extras(games)


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
