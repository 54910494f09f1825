"""The worst time and memory over the hostile set: ``python bench/hostile.py``.

Runs every case of ``tests/engine/hostile_cases.py`` (the files and calls of issue 13: a
billion laughs, 5000-digit numbers, 100000-deep nesting, /dev/zero, a FIFO, 5 MB, 50 MB and
5 GB files, repeated keys, NaN cities, 2**53 lengths, a reveal of 100000 cards...) in its own
child process, under the same caps as the test (``RLIMIT_AS`` and a time-out), and prints for
each its exit status, wall-clock and processor seconds and peak resident memory, then the
worst of each. For scale it first runs a healthy baseline (``ttr-teach map usa``): the start-up
of Python and ttr_teach is most of every figure, so the cost of a refusal is the difference.

Each figure is a single run; the machine may be shared, so trust processor seconds more than
wall-clock ones, and rerun to compare.
"""
from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.engine.hostile_cases import CASES, MEMORY_MB, TIMEOUT_SECONDS, Case, make_files, run_case  # noqa: E402


def largest_accepted() -> None:
    """In this process: the slowest texts just under the size limits (which are read, not
    refused): processor seconds (best of 3), then, in another run, the memory Python allocates
    for them (tracemalloc's peak; tracemalloc slows Python down, so it is not timed)."""
    import time
    import tracemalloc

    from ttr_teach.engine.files import MAX_JSON_BYTES, load_text, max_yaml_bytes

    y, j = max_yaml_bytes(), MAX_JSON_BYTES
    texts = [("YAML list of small numbers", "a: [" + "1," * ((y - 10) // 2) + "1]", "yaml"),
             ("YAML block of short items", "a:\n" + "- a\n" * ((y - 10) // 4), "yaml"),
             ("JSON list of small numbers", "[" + "1," * ((j - 10) // 2) + "1]", "json"),
             ("JSON list of empty lists", "[" + "[]," * ((j - 10) // 3) + "[]]", "json")]
    print("\nthe largest texts still read, in this process:")
    for name, text, fmt in texts:
        cpu = []
        for _ in range(3):
            start = time.process_time()
            load_text(text, name, fmt)
            cpu.append(time.process_time() - start)
        cpu = min(cpu)
        tracemalloc.start()
        load_text(text, name, fmt)
        peak = tracemalloc.get_traced_memory()[1] / 2 ** 20
        tracemalloc.stop()
        print(f"  {name:30} {len(text) / 1000:7.0f} kB {cpu:6.2f} s cpu {peak:7.0f} MB allocated at the peak")


def main() -> int:
    baseline = Case("baseline: ttr-teach map usa (healthy)", ("-m", "ttr_teach", "map", "usa"), 0, ())
    with tempfile.TemporaryDirectory() as folder:
        make_files(Path(folder))
        print(f"caps: {MEMORY_MB} MB of address space, {TIMEOUT_SECONDS} s per case\n")
        print(f"{'case':52} {'status':>6} {'wall s':>7} {'cpu s':>6} {'peak MB':>8}  answer")
        worst_time = worst_memory = (0.0, "")
        failed = 0
        for case in [baseline, *CASES]:
            run = run_case(case, folder)
            out = (run.stderr if case.argv[0] == "-m" and run.stderr else run.stdout).strip()
            first = out.splitlines()[0] if out else ""
            first = first.replace(folder, "{dir}")
            ok = run.status == case.status and "Traceback" not in run.stdout + run.stderr \
                and all(w.replace("{dir}", folder) in run.stdout + run.stderr for w in case.words)
            failed += not ok
            status = "HUNG" if run.status is None else str(run.status)
            print(f"{case.name[:52]:52} {status:>6} {run.seconds:7.2f} {run.cpu_seconds:6.2f} {run.peak_mb:8.0f}  "
                  f"{'' if ok else 'UNEXPECTED: '}{first[:90]}")
            if case is not baseline:
                worst_time = max(worst_time, (run.seconds, case.name))
                worst_memory = max(worst_memory, (run.peak_mb, case.name))
        print(f"\nworst time:   {worst_time[0]:.2f} s wall-clock ({worst_time[1]})")
        print(f"worst memory: {worst_memory[0]:.0f} MB resident ({worst_memory[1]})")
        print(f"{len(CASES) - failed} of {len(CASES)} cases answered as expected")
    largest_accepted()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
