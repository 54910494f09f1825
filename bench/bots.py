"""How strong and how quick ExpertBot is: 2-player games against PlannerBot and RandomBot.

    .venv/bin/python bench/bots.py [--games 200] [--jobs 2] [--maps europe,usa]
                                   [--opponents PlannerBot,RandomBot] [--out FILE] [--show]

For each map and opponent, plays ``--games`` games with seeds 0, 1, 2, ...: game ``k`` is
dealt from seed ``k``, both bots are built with seed ``k``, and ExpertBot sits in seat 0 for
even ``k`` and seat 1 for odd ``k`` (seats alternated). Prints, per map and opponent, the
games ExpertBot won (a tie is not a win) with a 95% Wilson interval, the mean scores, and
ExpertBot's time per decision (mean, 95th percentile and maximum, in milliseconds) with the
machine's load while it ran. Games run on a process pool of ``--jobs`` processes.

Every game's seed, seats, final scores and winner are written to ``--out``
(``bench/results/bots.json``); ``tests/players/test_bots_bench.py`` re-plays some of them from
their seeds and checks the recorded results and the win rates. ``--show`` prints the table
from that file without playing.
"""
import argparse
import json
import os
import platform
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scipy.stats import binomtest  # noqa: E402

import ttr_teach  # noqa: E402
from ttr_teach.players.play import play_game  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results" / "bots.json"
EXPERT = "ExpertBot"


class Timed:
    """A bot wrapper that records how long each decision takes."""

    def __init__(self, bot):
        self.bot, self.times, self.name = bot, [], type(bot).__name__

    def choose(self, view):
        start = time.perf_counter()
        action = self.bot.choose(view)
        self.times.append(time.perf_counter() - start)
        return action


def seats_for(opponent: str, seed: int) -> list:
    """ExpertBot in seat 0 for even seeds, seat 1 for odd ones."""
    return [EXPERT, opponent] if seed % 2 == 0 else [opponent, EXPERT]


def play_one(task) -> dict:
    """One game: ``task = (map, opponent, seed)`` -> its record (and ExpertBot's times)."""
    map_name, opponent, seed = task
    seats = seats_for(opponent, seed)
    bots = [getattr(ttr_teach, name)(seed) for name in seats]
    timed = Timed(bots[seats.index(EXPERT)])
    bots[seats.index(EXPERT)] = timed
    game = play_game(map_name, bots, seed=seed, names=seats)
    result = game.final_scores()
    return {"map": map_name, "opponent": opponent, "seed": seed, "seats": seats, "bot_seeds": [seed, seed],
            "scores": [p.total for p in result.players], "winner": result.winner,
            "turns": game.turn, "decisions": len(timed.times),
            "times_ms": [round(1000 * t, 2) for t in timed.times]}


def wilson(wins: int, games: int) -> tuple:
    """The 95% Wilson score interval of a win rate (scipy's binomtest)."""
    ci = binomtest(wins, games).proportion_ci(confidence_level=0.95, method="wilson")
    return float(ci.low), float(ci.high)


def summary(records) -> list:
    """Rows of the table: one per (map, opponent)."""
    rows = []
    for key in sorted({(r["map"], r["opponent"]) for r in records}):
        games = [r for r in records if (r["map"], r["opponent"]) == key]
        wins = sum(r["winner"] == EXPERT for r in games)
        low, high = wilson(wins, len(games))
        mine = [r["scores"][r["seats"].index(EXPERT)] for r in games]
        theirs = [r["scores"][1 - r["seats"].index(EXPERT)] for r in games]
        times = sorted(t for r in games for t in r.get("times_ms", []))
        rows.append({"map": key[0], "opponent": key[1], "games": len(games), "wins": wins,
                     "win_rate": wins / len(games), "ci95": [low, high],
                     "expert_mean": statistics.mean(mine), "opponent_mean": statistics.mean(theirs),
                     "decisions": len(times),
                     "ms_mean": statistics.mean(times) if times else None,
                     "ms_p95": times[int(0.95 * (len(times) - 1))] if times else None,
                     "ms_max": times[-1] if times else None})
    return rows


def print_table(rows, conditions=None) -> None:
    print(f"{'map':7} {'opponent':10} {'games':>5} {'won':>4} {'win rate':>8} {'95% CI':>15} "
          f"{'expert':>7} {'opp.':>6} {'ms mean':>8} {'ms p95':>7} {'ms max':>7}")
    for r in rows:
        ci = f"[{r['ci95'][0]:.3f}, {r['ci95'][1]:.3f}]"
        ms = (f"{r['ms_mean']:8.1f} {r['ms_p95']:7.1f} {r['ms_max']:7.0f}" if r["ms_mean"] is not None else "")
        print(f"{r['map']:7} {r['opponent']:10} {r['games']:5d} {r['wins']:4d} {r['win_rate']:8.3f} {ci:>15} "
              f"{r['expert_mean']:7.1f} {r['opponent_mean']:6.1f} {ms}")
    if conditions:
        print("conditions: " + ", ".join(f"{k} {v}" for k, v in conditions.items()))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per map and opponent")
    parser.add_argument("--jobs", type=int, default=2, help="processes (1: no pool)")
    parser.add_argument("--maps", default="europe,usa")
    parser.add_argument("--opponents", default="PlannerBot,RandomBot")
    parser.add_argument("--out", default=str(RESULTS), help="where to write every game's result")
    parser.add_argument("--show", action="store_true", help="print the table of --out without playing")
    args = parser.parse_args(argv)
    if args.show:
        data = json.loads(Path(args.out).read_text())
        print_table(data["summary"], data.get("conditions"))
        return
    tasks = [(m, o, seed) for m in args.maps.split(",") for o in args.opponents.split(",")
             for seed in range(args.games)]
    load_before = os.getloadavg()
    start = time.perf_counter()
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            records = list(pool.map(play_one, tasks, chunksize=4))
    else:
        records = [play_one(t) for t in tasks]
    elapsed = time.perf_counter() - start
    conditions = {"cpus": os.cpu_count(), "jobs": args.jobs, "python": platform.python_version(),
                  "load_before": [round(x, 2) for x in load_before],
                  "load_after": [round(x, 2) for x in os.getloadavg()],
                  "wall_s": round(elapsed, 1), "date": time.strftime("%Y-%m-%d %H:%M")}
    rows = summary(records)
    print_table(rows, conditions)
    games = [{k: v for k, v in r.items() if k != "times_ms"} for r in records]
    write_results(Path(args.out), conditions, rows, games)
    print(f"wrote {len(games)} games to {args.out}")


def write_results(path: Path, conditions, rows, games) -> None:
    """The results as JSON, one summary row and one game per line (readable diffs)."""
    def lines(items):
        return ",\n".join("  " + json.dumps(x) for x in items)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        "{\n" f' "about": "bench/bots.py: ExpertBot in 2-player games, seats alternated",\n'
        f' "conditions": {json.dumps(conditions)},\n'
        f' "summary": [\n{lines(rows)}\n ],\n'
        f' "games": [\n{lines(games)}\n ]\n' "}\n")


if __name__ == "__main__":
    main()
