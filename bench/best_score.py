"""Time the best-score solver: each map's optimum and solve time for B = 40, 45 and 50.

    .venv/bin/python bench/best_score.py [--budgets 40 45 50] [--time-limit 60]
    .venv/bin/python bench/best_score.py --sweep [--maps europe usa] [--time-limit 60] [--jobs 2]

The first form prints one line per map and budget: the best score, whether it is proven
optimal (else the proven upper bound), the seconds (wall and processor), and the solver's
cuts and nodes; each case stops after ``--time-limit`` processor seconds.

``--sweep`` solves every budget from 20 to 50 (both double-route rules unless
``--no-both-doubles``) and rewrites the cached sweep
``ttr_teach/algorithms/data/best_scores.json`` that the lessons and ``ttr-teach best`` read
(``--lp`` rewrites the LP bounds the lesson shows, ``data/best_score_lp.json``);
``--jobs 2`` solves two cases at a time (one per core; each solve uses one thread). In a
sweep ``--time-limit`` counts processor seconds, so that other work on the machine does
not change which cases are proven. ``--chains 2`` splits each map's budgets into two chains
solved side by side. Each chain also writes its results one line at a time to
``<out>.<map>.jsonl``; ``--merge FILE.jsonl ...`` adds such lines (from a sweep stopped
early, or chains run by hand) to ``--out``, keeping for each case the better network and the
lower proven bound.
"""
import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ttr_teach.algorithms.best_score import best_score  # noqa: E402
from ttr_teach.algorithms.best_score_cache import BUDGETS, DATA  # noqa: E402


def _line(r) -> str:
    sure = "proven" if r.proven else f"not proven (bound {r.bound})"
    doubles = " both doubles" if r.allow_both_doubles else ""
    return (f"{r.map:6} B={r.budget:2}{doubles}: {r.score:3} points ({r.route_points} routes + "
            f"{r.ticket_points} tickets), {sure}, {r.seconds:6.1f} s "
            f"({r.details.get('cpu_seconds', 0):.1f} s cpu), "
            f"{r.details.get('cuts', 0)} cuts, {r.details.get('nodes', 0)} nodes")


def _solve_chain(job):
    """Every budget of one map in increasing order, each search started also from the best
    network of the budget before (so the stored scores never drop as the budget grows)."""
    name, budgets, both, limit, partial = job
    out, previous = [], []
    for b in budgets:
        result = best_score(name, b, both, time_limit=limit, cpu_clock=True, starts=[previous])
        previous = list(result.routes)
        out.append(result.to_dict())
        print(_line(result), flush=True)
        with open(partial, "a", encoding="utf-8") as f:       # a stopped sweep keeps its work
            f.write(json.dumps(out[-1], ensure_ascii=False) + "\n")
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--maps", nargs="+", default=["europe", "usa"])
    parser.add_argument("--budgets", nargs="+", type=int, default=[40, 45, 50])
    parser.add_argument("--time-limit", type=float, default=60.0,
                        help="processor seconds per case (default 60; 0: no limit)")
    parser.add_argument("--sweep", action="store_true", help="solve B = 20..50 and rewrite the cache")
    parser.add_argument("--no-both-doubles", action="store_true", help="sweep: only one half of doubles")
    parser.add_argument("--jobs", type=int, default=1, help="sweep: cases solved at once")
    parser.add_argument("--chains", type=int, default=1,
                        help="sweep: split each map's budgets into this many chains (solved in parallel)")
    parser.add_argument("--out", default=str(DATA), help="sweep: the file to write")
    parser.add_argument("--lp", action="store_true", help="rewrite the stored LP bounds of the lesson")
    parser.add_argument("--improve", action="store_true",
                        help="sweep: solve again only the cases of --out not yet proven, keep the better")
    parser.add_argument("--merge", nargs="+", metavar="JSONL",
                        help="add the results of sweep chains (one JSON result a line) to --out")
    args = parser.parse_args(argv)
    if args.merge:
        return _merge_files(args.out, args.merge, args.time_limit)
    from ttr_teach.algorithms.best_score import BestScore

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
    doubles = (False,) if args.no_both_doubles else (False, True)
    budgets = list(BUDGETS)
    size = -(-len(budgets) // args.chains)
    jobs = [(name, budgets[i:i + size], both, args.time_limit or None,
             f"{args.out}.{name}{'-both' if both else ''}.jsonl")
            for both in doubles for name in args.maps for i in range(0, len(budgets), size)]
    old = {}
    if args.improve:
        old = {(d["map"], d["budget"], d["allow_both_doubles"]): d
               for d in json.loads(Path(args.out).read_text(encoding="utf-8"))["results"]}
        jobs = [(name, [b for b in bs if not old.get((name, b, both), {}).get("proven")], both, limit, part)
                for name, bs, both, limit, part in jobs]
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for d in (d for chain in pool.map(_solve_chain, jobs) for d in chain):
            _merge(old, d)
    _monotone(old)
    _write(args.out, old, args.time_limit)
    print(f"wrote {len(old)} cases to {args.out} in {time.perf_counter() - started:.0f} s")
    return 0


def _merge(records: dict, d: dict) -> None:
    """Put the solver's result ``d`` into ``records``; if the case was solved before and
    ``d`` is not proven, keep the better network and the lower of the two proven bounds."""
    key = (d["map"], d["budget"], d["allow_both_doubles"])
    before = records.get(key)
    if before is not None and not d["proven"]:
        bound = min(before["bound"], d["bound"])
        kept = max((before, d), key=lambda r: r["score"])
        details = dict(kept["details"])
        if bound < kept["bound"]:           # the bound now comes from the other run
            details.pop("bound_from_budget", None)
        d = {**kept, "bound": bound, "proven": bound == kept["score"], "details": details}
    records[key] = d


def _monotone(records: dict) -> None:
    """Use that the optimum never drops as the budget grows: a network within B - 1 trains is
    one within B (kept when it scores more than B's own), and an upper bound proven for B + 1
    bounds B. A case whose best network then meets its bound is proven; ``details`` names the
    budget each part came from."""
    for (name, budget, both), d in sorted(records.items(), key=lambda kv: kv[0][1]):
        smaller = records.get((name, budget - 1, both))
        if smaller is not None and smaller["score"] > d["score"]:
            d.update({k: smaller[k] for k in ("score", "route_points", "ticket_points", "trains",
                                              "routes", "tickets")})
            d["details"] = {**d["details"], "network_from_budget": budget - 1}
    for (name, budget, both), d in sorted(records.items(), key=lambda kv: -kv[0][1]):
        larger = records.get((name, budget + 1, both))
        if larger is not None and larger["bound"] < d["bound"]:
            d["bound"] = max(larger["bound"], d["score"])
            d["details"] = {**d["details"], "bound_from_budget": budget + 1}
        if not d["proven"] and d["bound"] == d["score"]:
            d["proven"] = True
            d["details"] = {**d["details"], "proven_by": "monotonicity"}


def _merge_files(out, parts, time_limit) -> int:
    """``--merge``: add the results that sweep chains wrote line by line (``*.jsonl``) to
    the cached sweep ``out``."""
    doc = json.loads(Path(out).read_text(encoding="utf-8"))
    records = {(d["map"], d["budget"], d["allow_both_doubles"]): d for d in doc["results"]}
    merged = []
    for part in parts:
        for line in Path(part).read_text(encoding="utf-8").splitlines():
            if line.strip():
                d = json.loads(line)
                _merge(records, d)
                merged.append(f"{d['map']} {d['budget']}")
                print(f"merged {d['map']} B={d['budget']}: {d['score']} "
                      f"({'proven' if d['proven'] else 'bound ' + str(d['bound'])})")
    # the time limit of the cases merged now, and of those solved before
    limits = dict(doc.get("time_limits", {}))
    if not limits:
        limits["earlier cases"] = doc.get("time_limit_cpu_seconds")
    limits[", ".join(merged)] = time_limit
    _monotone(records)
    _write(out, records, limits)
    print(f"wrote {len(records)} cases to {out}")
    return 0


def _write(path, records: dict, time_limit):
    """Write the sweep; ``time_limit``: processor seconds per case, or a dict naming the
    cases each limit applied to (after ``--merge``)."""
    results = sorted(records.values(), key=lambda d: (d["allow_both_doubles"], d["map"], d["budget"]))
    doc = {"about": "best_score sweep, written by bench/best_score.py --sweep; see "
                    "ttr_teach/algorithms/best_score_cache.py",
           "time_limits" if isinstance(time_limit, dict) else "time_limit_cpu_seconds": time_limit,
           "results": results}
    Path(path).write_text(json.dumps(doc, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
