"""How long the game widget takes to answer, in Python (no browser): a person's click, a bot's
move, and the parts of a refresh.

    .venv/bin/python bench/play_widget.py [--games 3] [--map europe] [--players 3] [--bots planner]

Each game seats Ann (a person, whose clicks are a RandomBot's choices turned into the clicks a
person makes) against bots (``--bots``: random, planner or expert), in a :class:`PlayWidget`
whose timers are run by hand. Printed: the time from a click (a board pixel, a button) to the
widget redrawn, per kind of click; the coach's hint (asked before each of Ann's actions, the
Hint button with the redraw); the time of one bot move with the redraw; and, on the last
position, the parts of a redraw (model highlight items, resolving them, painting the canvas,
the panel's HTML).
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.views.test_play_model import click_action  # noqa: E402
from ttr_teach.players.random_bot import RandomBot  # noqa: E402
from ttr_teach.views.highlights import resolve_highlight  # noqa: E402
from ttr_teach.views.widgets import PlayModel, PlayWidget  # noqa: E402


class Manual:
    """A scheduler that keeps what is due, so the bench runs it when it wants."""

    def __init__(self):
        self.due = []

    def __call__(self, delay, callback):
        self.due.append(callback)
        return object()


def _ms(values) -> str:
    if not values:
        return "-"
    values = sorted(values)
    p95 = values[min(len(values) - 1, int(0.95 * len(values)))]
    return f"{1000 * statistics.median(values):7.1f} {1000 * p95:7.1f} {1000 * values[-1]:7.1f} {len(values):5d}"


def play(map, players, seed, clicks, bots, kind="planner"):
    seats = [("Ann", "person")] + [(n, kind) for n in ("Bo", "Cy", "Dee", "Eve")[:players - 1]]
    clock = Manual()
    w = PlayWidget(PlayModel.new(map, seats, seed=seed, practice=True), scheduler=clock)
    person = RandomBot(seed)
    while w.model.screen != "over":
        if clock.due:
            callback = clock.due.pop(0)
            w.clock._timer = w.clock._due = None
            start = time.perf_counter()
            callback()
            bots.append(time.perf_counter() - start)
        elif w.model.is_person_turn:
            start = time.perf_counter()
            w.hint_button.click()
            clicks.setdefault("hint (coach)", []).append(time.perf_counter() - start)
            action = person.choose(w.model.view(w.model.current))
            start = time.perf_counter()
            click_action(w.model, action)
            clicks.setdefault(action.type, []).append(time.perf_counter() - start)
        else:
            w.clock.schedule()
    return w


def parts(w, repeat=20) -> dict:
    """Milliseconds of each part of one redraw of ``w``, the median of ``repeat``."""
    found = {"highlight items": [], "resolve": [], "canvas": [], "panel": []}
    m = w.model
    for _ in range(repeat):
        m._cache.clear()
        t0 = time.perf_counter()
        position, items = m.highlight()
        t1 = time.perf_counter()
        marks = resolve_highlight(position, items or None)
        t2 = time.perf_counter()
        w.board.draw(*m.board_colors(), marks)
        t3 = time.perf_counter()
        w._refresh()
        t4 = time.perf_counter()
        for key, a, b in (("highlight items", t0, t1), ("resolve", t1, t2), ("canvas", t2, t3), ("panel", t3, t4)):
            found[key].append(b - a)
    return {k: 1000 * statistics.median(v) for k, v in found.items()}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--map", default="europe")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--bots", default="planner", choices=["random", "planner", "expert"])
    args = parser.parse_args(argv)
    clicks, bots = {}, []
    start = time.perf_counter()
    for seed in range(args.games):
        w = play(args.map, args.players, seed, clicks, bots, args.bots)
    total = time.perf_counter() - start
    print(f"{args.games} {args.map} games, Ann (clicks) against {args.players - 1} {args.bots} bots: "
          f"{total:.1f} s (load average {os.getloadavg()[0]:.1f})")
    print(f"{'milliseconds':24} {'median':>7} {'p95':>7} {'worst':>7} {'count':>5}")
    for kind in sorted(clicks):
        print(f"{'click: ' + kind:24} {_ms(clicks[kind])}")
    print(f"{'bot move (or card)':24} {_ms(bots)}")
    # the parts of a redraw, on a position mid-game (the last game, replayed to half its length)
    mid = PlayModel.new(args.map, [("Ann", "random"), ("Bo", "planner"), ("Cy", "planner")][:args.players],
                        seed=args.games)
    mid.run_bots(limit=60)
    mid.kinds[mid.current] = "person"
    mid._update_viewer()
    view = PlayWidget(mid)
    print("a redraw, mid-game, by part (ms, median of 20): " +
          ", ".join(f"{k} {v:.1f}" for k, v in parts(view).items()))


if __name__ == "__main__":
    main()
