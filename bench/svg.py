"""How long drawing the board takes: ``python bench/svg.py``.

For each map: the layout (computed once per map, then cached), the empty board, a late-game
position (a seeded random game played to the end), and the same with highlights (every
player's longest route, a ticket, a station, routes and cities). Figures are the median of
several runs, in milliseconds. The legend scores the position, so the position figures include
one ``score_position`` call.
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ttr_teach import board_geometry  # noqa: E402
from ttr_teach.bots import play_random_game  # noqa: E402
from ttr_teach.mapdata import load_map  # noqa: E402
from ttr_teach.svg import board_svg  # noqa: E402

RUNS = 15


def median_ms(fn, runs=RUNS) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return 1000 * statistics.median(times)


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
    print(f"board_svg timings (median of {RUNS} runs)")
    for name, players, seed in (("europe", 5, 11), ("usa", 5, 4)):
        m = load_map(name)
        board_geometry.board_geometry.cache_clear()
        t = time.perf_counter()
        board_geometry.board_geometry(m)
        layout = 1000 * (time.perf_counter() - t)
        pos = play_random_game(name, players, seed=seed).to_position()
        spec = highlights(pos)
        svg = board_svg(pos, highlight=spec)
        print(f"{name}: layout (once per map, cached) {layout:.1f} ms")
        print(f"  empty board              {median_ms(lambda: board_svg(m)):6.2f} ms")
        print(f"  late game, {players} players     {median_ms(lambda: board_svg(pos)):6.2f} ms")
        print(f"  late game + {len(spec)} highlights {median_ms(lambda: board_svg(pos, highlight=spec)):6.2f} ms"
              f"   ({len(svg) // 1024} KiB of SVG)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
