"""Time random games: 100 games on each map (2 to 5 players in turn), played by RandomBot.

Run: .venv/bin/python bench/random_games.py [games_per_map]
Prints, per map, the total and per-game time, the mean number of turns and actions, and
actions per second. Nothing is asserted: figures only.
"""
import statistics
import sys
import time

from ttr_teach.players.random_bot import play_random_game


def main(games: int = 100) -> None:
    print(f"{games} random games per map, players 2, 3, 4, 5, 2, ... (seeds 0..{games - 1})")
    for map_name in ("europe", "usa"):
        turns, actions = [], []
        start = time.perf_counter()
        for seed in range(games):
            g = play_random_game(map_name, 2 + seed % 4, seed)
            turns.append(g.turn)
            actions.append(sum(1 for e in g.log if e["event"] == "action"))
        elapsed = time.perf_counter() - start
        print(f"{map_name:7s} {elapsed:7.2f} s total, {1000 * elapsed / games:6.1f} ms/game, "
              f"turns mean {statistics.mean(turns):6.1f} (max {max(turns)}), "
              f"actions mean {statistics.mean(actions):6.1f}, "
              f"{sum(actions) / elapsed:7.0f} actions/s")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100)
