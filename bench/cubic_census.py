"""The census of cubic graphs lesson 12 reads (``ttr_teach/course/lessons/graphs/cubic_graphs.json``),
searched again and compared.

Run: ``.venv/bin/python bench/cubic_census.py [--write]``

:func:`~ttr_teach.course.lessons.graphs.reduction.search_cubic_graphs` tries every way to give
each city three routes and keeps one graph of each shape; on 10 cities that is 4,448 graphs
and about 10 s (isomorphism tests), which a lesson, the start page's progress table and every
test run would wait for. The lesson reads the stored answer instead; this script prints the
search's time per size and whether the file is the search's answer, and ``--write`` writes it.

Figures (idle 2-core machine, 6 December 2026): 4 and 6 cities under 0.01 s, 8 cities 0.3 s,
10 cities 9.8 s; the file equals the search.
"""
from __future__ import annotations

import json
import sys
import time

from ttr_teach.course.lessons.graphs.reduction import CENSUS, _stored_census, search_cubic_graphs

SIZES = (4, 6, 8, 10)
ABOUT = ("Every simple cubic graph on 4 to 10 cities, one of each shape, as lists of routes, in the order "
         "search_cubic_graphs(n) of ttr_teach/course/lessons/graphs/reduction.py finds them "
         "(bench/cubic_census.py searches again and compares).")


def write(found: dict) -> None:
    sizes = [f'  "{n}": [\n' + ",\n".join("    " + json.dumps([list(e) for e in edges]) for edges in lists) + "\n  ]"
             for n, lists in found.items()]
    CENSUS.write_text('{"about": ' + json.dumps(ABOUT) + ',\n "graphs": {\n' + ",\n".join(sizes) + "\n }\n}\n",
                      encoding="utf-8")


def main(argv) -> int:
    found = {}
    for n in SIZES:
        start = time.perf_counter()
        found[n] = search_cubic_graphs(n)
        print(f"{n:3d} cities: {len(found[n]):3d} graphs in {time.perf_counter() - start:6.2f} s")
    same = {n: _stored_census().get(n) == lists for n, lists in found.items()}
    print("the stored census equals the search:", all(same.values()), same)
    if "--write" in argv:
        write(found)
        print(f"written: {CENSUS}")
    return 0 if all(same.values()) or "--write" in argv else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
