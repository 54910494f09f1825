"""The bots' ladder and ExpertBot's strength: 2-player games between the levels, and ExpertBot
against the one-idea opponents.

    .venv/bin/python bench/bots.py [--games 100] [--rr-games 25] [--jobs 1] [--maps europe,usa]
                                   [--out FILE] [--show]

Pairings: every pair of levels (beginner, casual, club, expert: a round robin), and ExpertBot
against GreedyBot, HoarderBot and ShortestPathBot. Each pairing plays ``--games`` games on
each map (``--rr-games`` for two levels two or more apart, which only feed the ratings; but
expert against casual, PlannerBot, is a claim and plays ``--games``) with seeds 0, 1, 2,
...: game ``k`` is dealt from seed ``k``, both bots are built with seed ``k``, and the
pairing's first bot sits in seat 0 for even ``k`` and seat 1 for odd ``k`` (seats
alternated). A tie is not a win.

Prints:

* **the ladder**: each level's wins against the level below, both maps together, with the
  95% Wilson interval, and whether it reaches :data:`LADDER_GOAL`;
* **ratings** from the round robin: OpenSkill (Plackett-Luce, ``mu - 3 sigma``, as
  ``ttr_teach.players.ratings``) and Elo (the Bradley-Terry fit of every game, beginner at
  1000);
* **ExpertBot** against each opponent, per map and together: win rate, 95% interval, mean
  scores, and its time per decision (mean, 99th percentile, maximum, in milliseconds) with
  the machine's load while it ran.

Every game's seed, seats, final scores and winner are written to ``--out``
(``bench/results/bots.json``); ``tests/players/test_bots_bench.py`` checks the cached figures
against the games and the thresholds, and re-plays a few games from their seeds. ``--show``
prints the tables from that file without playing.
"""
import argparse
import json
import math
import os
import platform
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from itertools import combinations
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ttr_teach.players.bot_loading import load_bot_class  # noqa: E402
from ttr_teach.players.levels import LEVELS  # noqa: E402
from ttr_teach.players.play import play_game  # noqa: E402
from ttr_teach.players.ratings import ratings, wilson_interval  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results" / "bots.json"
EXPERT = "expert"
#: ExpertBot's opponents besides the levels, by the name of their class in ttr_teach.players.
OPPONENTS = ("GreedyBot", "HoarderBot", "ShortestPathBot")
#: Goals: each level against the one below; ExpertBot against each opponent (casual is PlannerBot).
LADDER_GOAL = 0.70
EXPERT_GOALS = {"GreedyBot": 0.85, "HoarderBot": 0.85, "ShortestPathBot": 0.85, "casual": 0.95}
#: What the cached results claim for ExpertBot (tests/players/test_bots_bench.py checks them):
#: every goal is met (300 games each: GreedyBot 100%, HoarderBot 91.3%, ShortestPathBot 88.3%,
#: PlannerBot 97.7%; each map 86.7% or more against each one-idea opponent).
EXPERT_CLAIMS = {"GreedyBot": 0.95, "HoarderBot": 0.85, "ShortestPathBot": 0.85, "casual": 0.95}
#: The limit on ExpertBot's time for one decision, in milliseconds.
DECISION_LIMIT_MS = 500


def pairings() -> list:
    """``(first, second)`` bot names: the levels' round robin, then ExpertBot's opponents."""
    levels = list(LEVELS)
    return [(b, a) for a, b in combinations(levels, 2)] + [(EXPERT, o) for o in OPPONENTS]


def is_main(pair) -> bool:
    """A pairing the claims rest on: a level and the one below, or ExpertBot and an opponent
    of :data:`EXPERT_GOALS`; the round robin's other pairings (two levels or more apart) only
    feed the ratings and play fewer games."""
    levels = list(LEVELS)
    first, second = pair
    if first in levels and second in levels and levels.index(first) - levels.index(second) > 1:
        return first == EXPERT and second in EXPERT_GOALS
    return True


def make(name: str, seed: int):
    """A bot by level (``"club"``) or by class name in ttr_teach.players (``"GreedyBot"``)."""
    if name in LEVELS:
        return LEVELS[name](seed)
    return load_bot_class(f"ttr_teach.players:{name}")(seed)


def seats_for(pair, seed: int) -> list:
    """The pairing's first bot in seat 0 for even seeds, seat 1 for odd ones."""
    return list(pair) if seed % 2 == 0 else [pair[1], pair[0]]


class Timed:
    """A bot wrapper that records how long each decision takes."""

    def __init__(self, bot):
        self.bot, self.times = bot, []

    def choose(self, view):
        start = time.perf_counter()
        action = self.bot.choose(view)
        self.times.append(time.perf_counter() - start)
        return action


def play_one(task) -> dict:
    """One game: ``task = (map, first, second, seed)`` -> its record (with ExpertBot's times)."""
    map_name, first, second, seed = task
    seats = seats_for((first, second), seed)
    bots = [make(name, seed) for name in seats]
    timed = None
    if EXPERT in seats:
        i = seats.index(EXPERT)
        bots[i] = timed = Timed(bots[i])
    game = play_game(map_name, bots, seed=seed, names=seats)
    result = game.final_scores()
    record = {"map": map_name, "pair": [first, second], "seed": seed, "seats": seats,
              "bot_seeds": [seed, seed], "scores": [p.total for p in result.players],
              "winner": result.winner, "turns": game.turn}
    if timed is not None:
        record["decisions"] = len(timed.times)
        record["times_ms"] = [round(1000 * t, 2) for t in timed.times]
    return record


def wins_of(games, name) -> int:
    return sum(g["winner"] == name for g in games)


def row(games, first: str, second: str, goal=None) -> dict:
    """The figures of ``first`` against ``second`` over ``games``."""
    wins = wins_of(games, first)
    low, high = wilson_interval(wins, len(games))
    mine = [g["scores"][g["seats"].index(first)] for g in games]
    theirs = [g["scores"][g["seats"].index(second)] for g in games]
    out = {"bot": first, "opponent": second, "games": len(games), "wins": wins,
           "win_rate": wins / len(games), "ci95": [low, high],
           "mean_score": statistics.mean(mine), "opponent_mean": statistics.mean(theirs)}
    if goal is not None:
        out["goal"] = goal
    return out


def games_of(records, first, second, map_name=None) -> list:
    return [g for g in records if g["pair"] == [first, second] and map_name in (None, g["map"])]


def ladder(records) -> list:
    """Each level against the level below, both maps together."""
    levels = list(LEVELS)
    return [row(games_of(records, upper, lower), upper, lower, LADDER_GOAL)
            for lower, upper in zip(levels, levels[1:], strict=False)]


def elo(records, names, anchor: str, iterations: int = 2000) -> dict:
    """Elo ratings: the Bradley-Terry strengths that best explain every game's winner (a tie
    half a win each; minorisation-maximisation of Hunter 2004), on the Elo scale
    (400 log10), ``anchor`` at 1000."""
    wins = {a: {b: 0.0 for b in names} for a in names}
    for g in records:
        a, b = g["seats"]
        if g["winner"] is None:
            wins[a][b] += 0.5
            wins[b][a] += 0.5
        else:
            loser = b if g["winner"] == a else a
            wins[g["winner"]][loser] += 1.0
    strength = {n: 1.0 for n in names}
    for _ in range(iterations):
        new = {}
        for i in names:
            won = sum(wins[i].values())
            denominator = sum((wins[i][j] + wins[j][i]) / (strength[i] + strength[j]) for j in names if j != i)
            new[i] = max(won, 0.01) / denominator if denominator else strength[i]
        total = math.exp(statistics.mean(math.log(v) for v in new.values()))
        strength = {n: v / total for n, v in new.items()}
    base = 400 * math.log10(strength[anchor])
    return {n: 1000 + 400 * math.log10(strength[n]) - base for n in names}


def round_robin_ratings(records) -> dict:
    """``{level: {"openskill", "mu", "sigma", "elo"}}`` from the levels' round robin."""
    levels = list(LEVELS)
    games = [g for g in records if g["pair"][0] in levels and g["pair"][1] in levels]
    games.sort(key=lambda g: (g["map"], g["seed"], levels.index(g["pair"][0]), levels.index(g["pair"][1])))
    as_records = [SimpleNamespace(seats=g["seats"], fault=None,
                                  ranks=[1 if g["winner"] in (s, None) else 2 for s in g["seats"]])
                  for g in games]
    skill = ratings(as_records, levels)
    elos = elo(games, levels, anchor=levels[0])
    return {n: {"openskill": skill[n]["rating"], "mu": skill[n]["mu"], "sigma": skill[n]["sigma"],
                "elo": elos[n]} for n in levels}


def expert_rows(records, maps) -> list:
    """ExpertBot against each opponent (casual is PlannerBot): per map, then both maps."""
    rows = []
    for opponent in EXPERT_GOALS:
        for map_name in [*maps, None]:
            games = games_of(records, EXPERT, opponent, map_name)
            if not games:
                continue
            r = row(games, EXPERT, opponent, EXPERT_GOALS[opponent])
            r["map"] = map_name or "both"
            rows.append(r)
    return rows


def timing(records) -> dict:
    """ExpertBot's time per decision over every game it played."""
    times = sorted(t for g in records for t in g.get("times_ms", []))
    return {"decisions": len(times), "ms_mean": statistics.mean(times),
            "ms_p99": times[int(0.99 * (len(times) - 1))], "ms_max": times[-1],
            "limit_ms": DECISION_LIMIT_MS}


def print_tables(data) -> None:
    print("The ladder (each level against the one below, both maps):")
    print(f"  {'level':8} {'below':8} {'games':>5} {'won':>4} {'rate':>6} {'95% CI':>16}  goal")
    for r in data["ladder"]:
        ok = "ok" if r["win_rate"] >= r["goal"] else "MISSED"
        print(f"  {r['bot']:8} {r['opponent']:8} {r['games']:5d} {r['wins']:4d} {r['win_rate']:6.3f} "
              f"[{r['ci95'][0]:.3f}, {r['ci95'][1]:.3f}]  {r['goal']:.2f} {ok}")
    print("Ratings from the round robin:")
    for name, r in data["ratings"].items():
        print(f"  {name:8} OpenSkill {r['openskill']:6.2f} (mu {r['mu']:5.2f}, sigma {r['sigma']:4.2f})  "
              f"Elo {r['elo']:6.0f}")
    print("ExpertBot against:")
    print(f"  {'opponent':16} {'map':6} {'games':>5} {'won':>4} {'rate':>6} {'95% CI':>16} "
          f"{'expert':>7} {'opp.':>6}  goal")
    for r in data["expert"]:
        ok = "ok" if r["win_rate"] >= r["goal"] else "MISSED"
        print(f"  {r['opponent']:16} {r['map']:6} {r['games']:5d} {r['wins']:4d} {r['win_rate']:6.3f} "
              f"[{r['ci95'][0]:.3f}, {r['ci95'][1]:.3f}] {r['mean_score']:7.1f} {r['opponent_mean']:6.1f}  "
              f"{r['goal']:.2f} {ok}")
    t = data["timing"]
    print(f"ExpertBot's time per decision: mean {t['ms_mean']:.1f} ms, 99th percentile {t['ms_p99']:.1f} ms, "
          f"max {t['ms_max']:.0f} ms over {t['decisions']} decisions (limit {t['limit_ms']} ms)")
    print("conditions: " + ", ".join(f"{k} {v}" for k, v in data["conditions"].items()))


def summarise(records, maps, conditions) -> dict:
    return {"conditions": conditions, "ladder": ladder(records), "ratings": round_robin_ratings(records),
            "expert": expert_rows(records, maps), "timing": timing(records)}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per map and pairing")
    parser.add_argument("--rr-games", type=int, default=25,
                        help="games per map for the round robin's pairings of levels two or more apart")
    parser.add_argument("--jobs", type=int, default=1, help="processes (1: no pool)")
    parser.add_argument("--maps", default="europe,usa")
    parser.add_argument("--out", default=str(RESULTS), help="where to write every game's result")
    parser.add_argument("--show", action="store_true", help="print the tables of --out without playing")
    args = parser.parse_args(argv)
    if args.show:
        print_tables(json.loads(Path(args.out).read_text()))
        return
    maps = args.maps.split(",")
    tasks = [(m, a, b, seed) for a, b in pairings() for m in maps
             for seed in range(args.games if is_main((a, b)) else args.rr_games)]
    load_before = os.getloadavg()
    start = time.perf_counter()
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            records = list(pool.map(play_one, tasks, chunksize=4))
    else:
        records = [play_one(t) for t in tasks]
    conditions = {"cpus": os.cpu_count(), "jobs": args.jobs, "python": platform.python_version(),
                  "load_before": [round(x, 2) for x in load_before],
                  "load_after": [round(x, 2) for x in os.getloadavg()],
                  "wall_s": round(time.perf_counter() - start, 1), "date": time.strftime("%Y-%m-%d %H:%M")}
    data = summarise(records, maps, conditions)
    print_tables(data)
    games = [{k: v for k, v in r.items() if k != "times_ms"} for r in records]
    write_results(Path(args.out), data, games)
    print(f"wrote {len(games)} games to {args.out}")


def write_results(path: Path, data, games) -> None:
    """The results as JSON, one summary row and one game per line (readable diffs)."""
    def lines(items):
        return ",\n".join("  " + json.dumps(x) for x in items)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        "{\n" ' "about": "bench/bots.py: the levels\' round robin and ExpertBot against one-idea bots, '
        '2-player games, seats alternated",\n'
        f' "conditions": {json.dumps(data["conditions"])},\n'
        f' "ladder": [\n{lines(data["ladder"])}\n ],\n'
        f' "ratings": {json.dumps(data["ratings"])},\n'
        f' "expert": [\n{lines(data["expert"])}\n ],\n'
        f' "timing": {json.dumps(data["timing"])},\n'
        f' "games": [\n{lines(games)}\n ]\n' "}\n")


if __name__ == "__main__":
    main()
