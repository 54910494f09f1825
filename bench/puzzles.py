"""Puzzle timings: checking every committed puzzle, generating puzzles of each kind and level,
a worksheet of ten, and running the puzzle notebooks. Prints figures; asserts nothing.

    .venv/bin/python bench/puzzles.py [--quick]
"""
import statistics
import sys
import time
from pathlib import Path

from ttr_teach.course.puzzles.checker import check_puzzles
from ttr_teach.course.puzzles.generator import new_puzzle
from ttr_teach.course.puzzles.kinds import KINDS
from ttr_teach.course.puzzles.names import LEVELS
from ttr_teach.course.puzzles.worksheet import make_worksheet

REPO = Path(__file__).resolve().parents[1]
QUICK = "--quick" in sys.argv


def timed(fn, *args, **kw):
    t = time.perf_counter()
    value = fn(*args, **kw)
    return value, time.perf_counter() - t


def main():
    report, seconds = timed(check_puzzles, [REPO / "puzzles"])
    print(f"check: {report['puzzles']} puzzles, {report['verified']} verified in {seconds:.2f} s")

    seeds = range(2) if QUICK else range(5)
    print(f"\ngenerate (seeds {seeds.start}..{seeds.stop - 1}): mean / max seconds per puzzle")
    print(f"{'kind':22} {'map':7}" + "".join(f"{level:>22}" for level in LEVELS))
    for kind, k in KINDS.items():
        for m in k.maps:
            cells = []
            for level in LEVELS:
                times = [timed(new_puzzle, kind, level, m, s)[1] for s in seeds]
                cells.append(f"{statistics.mean(times):>12.2f} / {max(times):5.2f}")
            print(f"{kind:22} {m:7}" + "".join(f"{c:>22}" for c in cells))

    for level in LEVELS:
        _, seconds = timed(make_worksheet, 10, level=level, seed=2024)
        print(f"worksheet of 10, {level}: {seconds:.1f} s")

    try:
        import nbformat
        from nbclient import NotebookClient
    except ImportError:
        return
    print("\nnotebooks (kernel start included):")
    for nb_path in sorted((REPO / "puzzles").glob("*.ipynb")):
        nb = nbformat.read(nb_path, 4)
        client = NotebookClient(nb, timeout=300, kernel_name="python3",
                                resources={"metadata": {"path": str(nb_path.parent)}})
        _, seconds = timed(client.execute)
        print(f"  {nb_path.name}: {len(nb.cells)} cells, {seconds:.1f} s")


if __name__ == "__main__":
    main()
