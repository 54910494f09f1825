"""Random games per second: this engine against the engine at commit 2d3fe2e, side by side.

Run: .venv/bin/python bench/random_games.py [games] [rounds] [--profile]

Both engines play the same games: ``play_random_game(map, players, seed)`` (RandomBot players)
for seeds ``0 .. games - 1`` on Europe and USA with 2, 3, 4 and 5 players. The old engine is
taken from git (``git archive 2d3fe2e``, unpacked once into a temporary folder) and imported
under another name into this same process. Three ways of playing take turns game by game:

* ``old``: the engine at 2d3fe2e (it lists every legal action and the bot picks one);
* ``logged``: this engine, keeping the full log (``play_random_game(map, n, seed)``), the
  game every lesson and replay reads;
* ``playout``: this engine keeping no log (``play_random_game(..., log=False)``: the same
  game, the way a searching bot plays its continuations).

Each game is timed in CPU time of the process (``time.process_time``: on a shared machine wall
time mostly measures the neighbours), ``rounds`` times, and the best round counts. The bench
checks that all three end every game in the very same state (``to_dict``, without the log for
the playout) and prints games per second and the ratios to the old engine; then, for this
engine only, the cost of ``copy()``, ``copy(log=False)`` and of the final scoring of a finished
game (``final_scores()``). ``--profile`` prints where a playout's time goes (cProfile of 40
playouts of each map). Nothing is asserted.

Where a playout's time goes now (``--profile``: cProfile of 40 playouts of each map, 2-5
players, seeds 0-39, no log; shares of the whole, callees included; cProfile inflates the many
small calls, so read the shares, not the times):

=======================================================  ======  =====
                                                         Europe   USA
=======================================================  ======  =====
choosing (``sample_action``)                               59%     58%
- claims: ways to claim each route (``_claim_ways``)       10%     12%
- claims: building the one drawn (``option``)               7%      9%
- card draws: how many, the one drawn                      13%     17%
- stations: how many, the one drawn                         7%      -
- the rest: kinds legal, the weighted draw, ``randrange``  ~22%    ~20%
playing (``apply``)                                        33%     34%
- claims (cards, tunnel reveal, placing, the index)        10%     10%
- card draws (deck, face-up row, 3-locomotive rule)        12%     14%
- end of turn                                               5%      5%
set-up (``Game.new``: shuffles, deals, the index)           5%      5%
=======================================================  ======  =====

What changed since the first fast engine (commit ee154a4, 8.7x / 6.5x): claims are counted route
by route with one ``bytes.translate`` of a per-seat table (cost group of each route the seat may
still own) through the hand's ways to pay, worked out as one integer with a byte per cost group
(adding the integers of the colours held adds the ways group by group); the claimable-route
index is updated from a table of what each claim closes, made once per map from the rule; a
game without a log builds no log entries at all (``Game.new(..., log=False)``,
``copy(log=False)``); actions are made once and reused; ``play_random_game`` is a playout of
its bots' generators (``Game.playout``), without the Game and bot layers per action.

Figures: see the last run in the report of the change; on this 2-core machine, shared with
other jobs, the ratios move by 10-20% from run to run (each configuration is timed in turn
with the old engine, so a busy moment slows both).
"""
from __future__ import annotations

import cProfile
import gc
import importlib
import importlib.util
import os
import pstats
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
WAYS = ("old", "logged", "playout")


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


def timed(play, map, n, seed):
    """``(seconds of CPU, finished game)`` for one game; the garbage of the last game is
    collected first so that no way of playing pays for another's."""
    gc.collect()
    start = time.process_time()
    game = play(map, n, seed)
    return time.process_time() - start, game


def players():
    """The three ways of playing a random game, by name (see the module docstring)."""
    from ttr_teach.players.random_bot import play_random_game

    return {"old": baseline_package().play_random_game,
            "logged": play_random_game,
            "playout": lambda map, n, seed: play_random_game(map, n, seed, log=False)}


def compare(games: int, rounds: int) -> None:
    play = players()
    for map_name, n in CONFIGS:                          # warm every way (maps, tables)
        for way in WAYS:
            play[way](map_name, n, games)
    print(f"{games} random games per configuration (seeds 0..{games - 1}); the engine at {BASELINE} "
          f"and this one in one process, game by game in turn; CPU time, best of {rounds} rounds")
    print(f"{'map':7s} {'players':>7s} {'old games/s':>12s} {'logged':>9s} {'ratio':>7s} "
          f"{'playout':>9s} {'ratio':>7s} {'actions/game':>13s}  same games")
    totals = {way: {} for way in WAYS}
    ratios = {way: [] for way in WAYS[1:]}
    for map_name, n in CONFIGS:
        best = {way: float("inf") for way in WAYS}
        same, actions = True, 0
        for _ in range(rounds):
            spent = {way: 0.0 for way in WAYS}
            for seed in range(games):
                finished = {}
                for way in WAYS:
                    seconds, finished[way] = timed(play[way], map_name, n, seed)
                    spent[way] += seconds
                old = finished["old"].to_dict()
                same &= finished["logged"].to_dict() == old
                same &= finished["playout"].to_dict(log=False) == finished["old"].to_dict(log=False)
                actions += sum(1 for e in old["log"] if e["event"] == "action")
            for way in WAYS:
                best[way] = min(best[way], spent[way])
        for way in WAYS:
            totals[way][map_name] = totals[way].get(map_name, 0.0) + best[way]
        for way in ratios:
            ratios[way].append(best["old"] / best[way])
        print(f"{map_name:7s} {n:7d} {games / best['old']:12.1f} {games / best['logged']:9.1f} "
              f"{ratios['logged'][-1]:6.1f}x {games / best['playout']:9.1f} {ratios['playout'][-1]:6.1f}x "
              f"{actions / games / rounds:13.1f}  {'yes' if same else 'NO'}")
    for map_name in ("europe", "usa"):
        old, logged, bare = (totals[way][map_name] for way in WAYS)
        print(f"{map_name:7s} {'2-5':>7s} {4 * games / old:12.1f} {4 * games / logged:9.1f} "
              f"{old / logged:6.1f}x {4 * games / bare:9.1f} {old / bare:6.1f}x")
    print(f"geometric mean of the ratios: logged {statistics.geometric_mean(ratios['logged']):.1f}x, "
          f"playout {statistics.geometric_mean(ratios['playout']):.1f}x; "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


def extras(games: int) -> None:
    """This engine only: copy(), copy(log=False), and the final scoring."""
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
        finished = [play_random_game(map_name, 2 + seed % 4, seed, log=False) for seed in range(games)]
        start = time.process_time()
        for g in finished:
            g.final_scores()
        scoring = (time.process_time() - start) / games
        print(f"{map_name:7s} copy() {copy_us:5.0f} us (log shared), copy(log=False) {bare_us:5.0f} us; "
              f"final_scores() {1000 * scoring:5.2f} ms/game (2-5 players, seeds 0..{games - 1})")


#: The parts of a playout the profile reports: a name, then the functions whose cumulative
#: time it is (file ending, function name), added up.
PARTS = [
    ("choosing (sample_action)", [("moves/__init__.py", "sample_action")]),
    ("- claims: ways to claim each route", [("moves/routes.py", "_claim_ways")]),
    ("- claims: building the one drawn", [("moves/routes.py", "option")]),
    ("- card draws: how many, the one drawn", [("moves/cards.py", "count"), ("moves/cards.py", "option"),
                                               ("moves/cards.py", "any_option")]),
    ("- stations: how many, the one drawn", [("moves/stations.py", "count"), ("moves/stations.py", "option")]),
    ("playing (apply)", [("moves/__init__.py", "apply")]),
    ("- claims", [("moves/routes.py", "apply"), ("moves/routes.py", "claim")]),
    ("- card draws", [("moves/cards.py", "apply")]),
    ("- end of turn", [("moves/turn.py", "end_turn")]),
    ("set-up (Game.new)", [("game/core.py", "new")]),
]


def profile(games: int = 40) -> None:
    """Where a playout's time goes: cProfile of ``games`` playouts (no log) of each map."""
    from ttr_teach.players.random_bot import play_random_game

    for map_name in ("europe", "usa"):
        for n in (2, 3, 4, 5):
            play_random_game(map_name, n, 0, log=False)
        profiler = cProfile.Profile()
        profiler.enable()
        for seed in range(games):
            play_random_game(map_name, 2 + seed % 4, seed, log=False)
        profiler.disable()
        stats = pstats.Stats(profiler).stats
        whole = sum(tt for _, _, tt, _, _ in stats.values())
        print(f"{map_name}: {games} playouts, {whole / games * 1000:.2f} ms each under cProfile")
        for name, functions in PARTS:
            spent = sum(ct for (path, _, func), (_, _, _, ct, _) in stats.items()
                        if any(path.endswith(end) and func == f for end, f in functions))
            print(f"  {name:45s} {100 * spent / whole:5.1f}%")


def main(argv) -> None:
    numbers = [int(a) for a in argv if not a.startswith("--")]
    if "--profile" in argv:
        profile()
        return
    games, rounds = (numbers + [20, 2][len(numbers):])[:2]
    compare(games, rounds)
    extras(games)


if __name__ == "__main__":
    main(sys.argv[1:])
