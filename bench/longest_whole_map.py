"""Longest route through every route of each map: how long it takes, and both proofs.

Run: ``.venv/bin/python bench/longest_whole_map.py``

The timing of the exact method and of the integer-program certificate comes from
``bench/longest_route.py`` (its whole-map part, reused here rather than repeated). Then the
parity bound that the longest-route lesson uses as a proof you can check by hand
(:func:`ttr_teach.course.lessons.graphs.parity_bound`, a minimum matching of the odd cities) is timed
and compared with the trail found.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from longest_route import whole_maps  # noqa: E402

from ttr_teach.course.lessons.graphs import parity_bound  # noqa: E402
from ttr_teach.engine.longest import longest_route_length  # noqa: E402
from ttr_teach.engine.maps import load_map  # noqa: E402


def parity_proofs():
    for name in ("europe", "usa"):
        routes = load_map(name).routes
        start = time.perf_counter()
        bound = parity_bound(routes)
        seconds = time.perf_counter() - start
        length = longest_route_length(routes)
        print(f"{name}: parity bound {bound['total']} - {bound['left_out']} = {bound['bound']} "
              f"({len(bound['odd_cities'])} odd cities, {len(bound['pairs'])} pairs; {seconds:.3f} s); "
              f"longest trail {length}: {'proved optimal' if length == bound['bound'] else 'bound not tight'}")


if __name__ == "__main__":
    whole_maps()
    parity_proofs()
