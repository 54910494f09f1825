"""How often the coach's advice is ExpertBot's own choice, on positions of many games.

    .venv/bin/python bench/coach.py [--positions 400] [--seed 0]

Position ``k`` is reached from a new game (map, 2-5 players and the deal drawn from
``--seed`` and ``k``) by a random number of actions (0-400) of RandomBot or PlannerBot
players. For each position the coach's hint (:func:`ttr_teach.players.coach.hint`) is
compared with ExpertBot's choice: the coach follows the expert except for card draws,
where it never draws blind while a face-up card its plan lacks can be taken. Prints the
agreement rate with a 95% Wilson interval, over all positions and over those where the
expert draws a card, and a few disagreements with the coach's reason (which says what
the expert would rather do).
"""
import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ttr_teach.engine.actions import DrawBlind, DrawFaceUp
from ttr_teach.engine.game.core import Game
from ttr_teach.players.coach import hint
from ttr_teach.players.planner_bot import PlannerBot
from ttr_teach.players.random_bot import RandomBot
from ttr_teach.players.ratings import wilson_interval


def position(k: int, seed: int):
    """Position ``k``: a game part-played by random or planner players (None if it ended)."""
    rng = random.Random(f"bench/coach/{seed}/{k}")
    n = rng.randint(2, 5)
    game = Game.new(rng.choice(["europe", "usa"]), [f"P{i}" for i in range(n)], seed=rng.randrange(2 ** 31))
    kind = rng.choice([RandomBot, PlannerBot])
    bots = [kind(rng.randrange(2 ** 31)) for _ in range(n)]
    for _ in range(rng.randint(0, 400)):
        if game.is_over:
            return None
        game.apply(bots[game.current_player].choose(game))
    return None if game.is_over else game


def rate(agree: int, total: int) -> str:
    low, high = wilson_interval(agree, total)
    return f"{agree}/{total} = {agree / max(1, total):.1%} (95% interval {low:.1%} to {high:.1%})"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    agree = total = draw_agree = draws = 0
    examples = []
    for k in range(args.positions):
        game = position(k, args.seed)
        if game is None:
            continue
        h = hint(game)
        assert h.action in game.legal_actions()
        same = h.action == h.expert
        total += 1
        agree += same
        if isinstance(h.expert, (DrawBlind, DrawFaceUp)):
            draws += 1
            draw_agree += same
        if not same and len(examples) < 5:
            examples.append(f"  position {k}: {h.reason}")
    print(f"coach and ExpertBot agree on {rate(agree, total)} positions")
    print(f"  where the expert draws a card: {rate(draw_agree, draws)}")
    if examples:
        print("some disagreements (the coach's reason):")
        print("\n".join(examples))


if __name__ == "__main__":
    main()
