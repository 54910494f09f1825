"""Time the best-score solver: each map's optimum and solve time for B = 40, 45 and 50.

    .venv/bin/python bench/best_score.py [--budgets 40 45 50] [--time-limit 60]
    .venv/bin/python bench/best_score.py --sweep [--maps europe usa] [--time-limit 60] [--jobs 2]

The first form prints one line per map and budget: the best score, whether it is proven
optimal (else the proven upper bound), the seconds (wall and processor), and the solver's
cuts and nodes; each case stops after ``--time-limit`` processor seconds. A proof for ``B``
trains uses the proven optima of the smaller budgets (for networks of several pieces, see
``ttr_teach/algorithms/best_score_split.py``), read from the cached sweep: the time printed
is that of ``B`` alone, as a lesson or ``ttr-teach best`` spends it.

``--sweep`` solves every budget from 0 to 50 of each map in increasing order, in one process
per map, each budget using only the proofs made before it in that process (never the stored
file), and rewrites the cached sweep ``ttr_teach/algorithms/data/best_scores.json`` that the
lessons and ``ttr-teach best`` read (``--lp`` rewrites the LP bounds the lesson shows,
``data/best_score_lp.json``). ``--jobs 2`` solves the two maps side by side (each solve uses
one thread); ``--both-doubles`` adds the rule that allows both halves of a double route. In
a sweep ``--time-limit`` counts processor seconds too, so that other work on the machine does
not change which cases are proven; the last line gives each map's slowest case and total.
"""
import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ttr_teach.algorithms.best_score import best_score  # noqa: E402
from ttr_teach.algorithms.best_score_cache import DATA, solve_chain, write_sweep  # noqa: E402


def _line(r) -> str:
    sure = "proven" if r.proven else f"not proven (bound {r.bound})"
    doubles = " both doubles" if r.allow_both_doubles else ""
    return (f"{r.map:6} B={r.budget:2}{doubles}: {r.score:3} points ({r.route_points} routes + "
            f"{r.ticket_points} tickets), {sure}, {r.seconds:6.1f} s "
            f"({r.details.get('cpu_seconds', 0):.1f} s cpu), "
            f"{r.details.get('cuts', 0)} cuts, {r.details.get('nodes', 0)} nodes")


def _solve_chain(job):
    """One map's budgets 0..50 in increasing order (see ``solve_chain``), as dicts."""
    name, both, limit = job
    return [r.to_dict() for r in solve_chain(name, both, time_limit=limit,
                                             progress=lambda r: print(_line(r), flush=True))]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--maps", nargs="+", default=["europe", "usa"])
    parser.add_argument("--budgets", nargs="+", type=int, default=[40, 45, 50])
    parser.add_argument("--time-limit", type=float, default=60.0,
                        help="processor seconds per case (default 60; 0: no limit)")
    parser.add_argument("--sweep", action="store_true", help="solve B = 0..50 and rewrite the cache")
    parser.add_argument("--both-doubles", action="store_true",
                        help="sweep: also the rule that allows both halves of a double route")
    parser.add_argument("--jobs", type=int, default=1, help="sweep: maps solved at once")
    parser.add_argument("--out", default=str(DATA), help="sweep: the file to write")
    parser.add_argument("--lp", action="store_true", help="rewrite the stored LP bounds of the lesson")
    args = parser.parse_args(argv)
    if args.lp:
        from ttr_teach.algorithms.best_score_cache import regenerate_lp_bounds

        for row in regenerate_lp_bounds():
            print(row, flush=True)
        return 0
    if not args.sweep:
        for name in args.maps:
            for b in args.budgets:
                print(_line(best_score(name, b, time_limit=args.time_limit or None, cpu_clock=True)),
                      flush=True)
        return 0
    doubles = (False, True) if args.both_doubles else (False,)
    limit = args.time_limit or None
    jobs = [(name, both, limit) for both in doubles for name in args.maps]
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        chains = list(pool.map(_solve_chain, jobs))
    for chain in chains:
        cpu = [d["details"]["cpu_seconds"] for d in chain]
        slow = max(chain, key=lambda d: d["details"]["cpu_seconds"])
        proven = sum(d["proven"] for d in chain)
        print(f"{chain[0]['map']}{' both doubles' if chain[0]['allow_both_doubles'] else ''}: "
              f"{proven} of {len(chain)} budgets proven; slowest B={slow['budget']} "
              f"{slow['details']['cpu_seconds']:.1f} s cpu; all {sum(cpu):.0f} s cpu")
    results = [d for chain in chains for d in chain]
    write_sweep(results, args.out, limit)
    print(f"wrote {len(results)} cases to {args.out} in {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
