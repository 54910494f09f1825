"""How long drawing the board takes: ``python bench/svg.py``.

For each map: the first drawing (it computes the layout and the unclaimed routes and cities,
which are then cached for every later board of that map), the empty board, a late-game
position (a seeded random game played to the end), and the same with highlights (every
player's longest route, a ticket, a station, routes and cities). Figures are the best and
the median of several runs, in milliseconds of wall-clock time (the best is the one to trust
on a busy machine). The legend shows the players' points: the engine scores a position once
and the Position keeps its score, so the figures for the same position drawn again leave the
scoring out; "a new position" draws an equal Position made anew each time (scored each time).
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ttr_teach.views import geometry as board_geometry, svg as svg_module  # noqa: E402
from ttr_teach.players.random_bot import play_random_game  # noqa: E402
from ttr_teach.engine.maps import load_map  # noqa: E402
from ttr_teach.engine.position import Position  # noqa: E402
from ttr_teach.views.svg import board_svg  # noqa: E402

RUNS = 15


def timing(fn, runs=RUNS) -> str:
    """``best / median`` milliseconds of ``runs`` calls of ``fn``."""
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return f"{1000 * min(times):6.2f} / {1000 * statistics.median(times):6.2f} ms"


def highlights(pos) -> list:
    items = [{"longest": p.name} for p in pos.players]
    holder = next((p for p in pos.players if p.tickets), None)
    if holder is not None:
        t = holder.tickets[0]
        items.append({"ticket": [t.a, t.b], "player": holder.name})
    stations = [c for p in pos.players for c in p.stations]
    if stations:
        items.append({"station": stations[0]})
    first = pos.map.routes[0]
    items.append({"routes": [first], "cities": [first.a], "label": "a lesson points here"})
    return items


def main() -> int:
    print(f"board_svg timings, best / median of {RUNS} runs")
    for name, players, seed in (("europe", 5, 11), ("usa", 5, 4)):
        m = load_map(name)
        for cache in (board_geometry.board_geometry, svg_module._static_parts, svg_module._route_body):
            cache.cache_clear()
        t = time.perf_counter()
        board_svg(m)
        first = 1000 * (time.perf_counter() - t)
        pos = play_random_game(name, players, seed=seed).to_position()
        spec = highlights(pos)
        svg = board_svg(pos, highlight=spec)
        print(f"{name}: first drawing (layout, once per map) {first:.0f} ms")
        print(f"  empty board                {timing(lambda: board_svg(m))}")
        print(f"  late game, {players} players       {timing(lambda: board_svg(pos))}")
        print(f"  the same, a new position   {timing(lambda: board_svg(Position(pos.map, pos.players)))}")
        print(f"  late game + {len(spec)} highlights   {timing(lambda: board_svg(pos, highlight=spec))}"
              f"   ({len(svg) // 1024} KiB of SVG)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
