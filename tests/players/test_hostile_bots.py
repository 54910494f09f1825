"""Students' bots are untrusted code: every hostile bot of ``hostile_bots.py`` is contained.

Rules checked (docs/bots.md, "Untrusted bots"): a bot loaded from a file runs in a process of
its own and sees only its view; whatever it does (snoop, patch, hang, crash, exit, flood,
fork) the fault is charged to it alone, every other result is what the rules award, the
tournament and this process finish, and no process of the bot outlives its game. In the API
with ``jobs=1`` and ``jobs=2``, and from the command line with ``--jobs 2``.
"""
from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from ttr_teach.players.sandbox import sandbox_status
from ttr_teach.players.tournament import tournament

from .hostile_bots import BOTS, SANDBOX_ONLY, write_bots

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="bot processes use /proc")

#: The number the forking bots sleep for, so their leftovers can be found in /proc. One per test
#: process: under pytest-xdist another worker's arena may be mid-attack while this one looks.
MARKER = 9_000_000 + os.getpid()
#: The build limit is what the bots that never finish loading (import_loop.py, sleepy_init.py)
#: wait out in every game: 3 s is still six times what an honest file takes to load here.
LIMITS = {"time_limit": 0.5, "hard_limit": 2.0, "build_limit": 3.0}
#: The bots stopped at the hard limit in each of their games wait it out every time: for them
#: (and in the dask run, where the sleeper plays ten games) it is 1 s, still twice the time limit.
STOPPED = {name for name, (_, kind) in BOTS.items() if kind == "stopped"}
QUICK_STOP = {"hard_limit": 1.0}


def _sandbox_required() -> bool:
    return bool(os.environ.get("CI") or os.environ.get("TTR_REQUIRE_BROWSER"))


def test_the_sandbox_is_there_where_ci_installs_it():
    """CI installs bubblewrap (make setup / .ci/run): there the bots must run sandboxed."""
    if not _sandbox_required():
        pytest.skip("only required in CI")
    assert sandbox_status().enforced, sandbox_status().note


@pytest.fixture(scope="module")
def arena(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hostile")
    secret = folder / "classmate_secret.txt"
    secret.write_text("the answers")
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    os.environ["TTR_TEACH_SECRET_FOR_TESTS"] = "1"
    try:
        yield write_bots(folder, secret=secret, port=listener.getsockname()[1], marker=MARKER)
    finally:
        os.environ.pop("TTR_TEACH_SECRET_FOR_TESTS", None)
        listener.close()


def play(path, jobs, limits=LIMITS):
    return tournament({"student": str(path), "planner": "planner"}, games=2, players=2, maps=("usa",),
                      seed=5, jobs=jobs, progress=False, **limits)


@pytest.fixture(scope="module")
def honest(arena):
    return [r.to_dict(timings=False) for r in play(arena["honest.py"], 1).games]


def leftover_processes() -> list:
    found = []
    for entry in Path("/proc").iterdir():
        try:
            cmd = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if cmd.startswith("sleep") and f" {MARKER} " in f"{cmd} ":
            found.append(cmd)
    return found


@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.parametrize("name", sorted(BOTS))
def test_a_hostile_bot_is_contained(arena, honest, name, jobs):
    if name == "fork_bomb.py" and jobs == 2:
        pytest.skip("once is enough: a contained fork bomb still loads the machine for its 2 s")
    if name in SANDBOX_ONLY and not sandbox_status().enforced:
        pytest.skip(f"{name}: only a sandbox stops this ({sandbox_status().note})")
    expected = BOTS[name][1]
    result = play(arena[name], jobs, LIMITS | QUICK_STOP if name in STOPPED else LIMITS)
    records = result.games
    faults = [r.fault for r in records if r.fault is not None]
    for fault in faults:        # nobody honest is ever charged, and no attack got through
        assert fault["bot"] == "student", fault
        assert "ESCAPED" not in fault["reason"] + fault["detail"], fault
    kinds = expected if isinstance(expected, set) else {expected}
    for record, twin in zip(records, honest, strict=True):
        if record.fault is None:     # played to the end: exactly the honest twin's game
            assert None in kinds, f"{name} was expected to fault"
            assert record.to_dict(timings=False) == twin, "the attack changed a game"
        else:                        # the faulty bot is placed last; the planner keeps its game
            assert record.fault["kind"] in kinds, record.fault
            student = record.seats.index("student")
            assert record.ranks[student] == 2 and record.wins[student] == 0
    assert leftover_processes() == []


def test_a_class_tournament_of_hostile_files_from_the_command_line(arena, tmp_path):
    folder = tmp_path / "class"
    folder.mkdir()
    for name in ("honest.py", "exit0.py", "segfault.py", "snoop_gc.py", "sleeper.py", "patch_referee.py",
                 "nested_json.py", "unprintable_error.py", "terminal_escape.py"):
        (folder / name).write_text(arena[name].read_text())
    # a file named in another encoding than the machine's (Latin-1 'café.py' on a UTF-8 system),
    # with a terminal's escape sequence in its name too
    (folder / os.fsdecode(b"caf\xe9\x1b[31m.py")).write_text(arena["honest.py"].read_text())
    outputs = {kind: tmp_path / f"t.{kind}" for kind in ("json", "csv", "standings")}
    out = subprocess.run(
        [sys.executable, "-m", "ttr_teach", "tournament", str(folder), "--builtin", "planner", "--games", "1",
         "--players", "2", "--map", "usa", "--jobs", "2", "--time-limit", "0.5", "--no-progress",
         *[a for kind, path in outputs.items() for a in (f"--{kind}", str(path))]],
        capture_output=True, text=True, timeout=900)
    assert out.returncode == 0, out.stderr
    assert "Traceback" not in out.stderr, out.stderr
    for path in outputs.values():       # every output is UTF-8 a reader can open
        path.read_bytes().decode("utf-8")
    saved = json.loads(outputs["json"].read_text())
    games = saved["games"]
    assert len(games) == 110          # 11 bots, every ordered pair once
    charged = {g["fault"]["bot"] for g in games if g["fault"]}
    assert charged == {"exit0", "segfault", "sleeper", "nested_json", "unprintable_error", "terminal_escape"}, charged
    shown = "caf\ufffd\\x1b[31m"     # the name as text: nothing a terminal would obey
    assert shown in out.stdout and shown in outputs["csv"].read_text()
    assert "\x1b" not in out.stdout + out.stderr and "\r" not in out.stdout + out.stderr
    assert "honest  0 faults" not in out.stdout.splitlines()
    for g in games:
        if g["fault"]:
            assert "ESCAPED" not in g["fault"]["reason"]
    assert leftover_processes() == []


#: Hostile files of four families (the game reached, a limit escaped, the process ended, the
#: others' processes killed) and the honest one.
ON_DASK = ("honest.py", "steal_cards.py", "sleeper.py", "exit0.py", "kill_everyone.py")


def test_hostile_bots_on_a_dask_cluster_are_contained_as_in_one_process(arena, tmp_path):
    """The same class of hostile files, played on a local dask cluster (each worker a process
    of its own, each game in threads of it), gives the very records of the run in one
    process: every fault charged to the hostile bot, every other game as the rules award it,
    the cluster and this process alive, and no process of a bot left behind."""
    distributed = pytest.importorskip("distributed")
    folder = tmp_path / "class"
    folder.mkdir()
    for name in ON_DASK:
        (folder / name).write_text(arena[name].read_text())
    bots = {name.removesuffix(".py"): str(folder / name) for name in ON_DASK} | {"planner": "planner"}
    args = dict(games=1, players=2, maps=("usa",), seed=3, progress=False, **(LIMITS | QUICK_STOP))
    here = tournament(bots, jobs=1, **args)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=2, processes=True,
                                  dashboard_address=None, silence_logs=40) as cluster, \
            distributed.Client(cluster) as client:
        there = tournament(bots, executor=client.get_executor(), **args)
        assert all(client.run(lambda: True).values())      # no worker was killed by a bot
    assert len(there.games) == len(here.games) == 30
    for record, twin in zip(there.games, here.games, strict=True):
        if record.fault is None and twin.fault is None:
            assert record.to_dict(timings=False) == twin.to_dict(timings=False)
        for r in (record, twin):
            if r.fault is not None:     # charged to the hostile bot, of a kind it may cause
                assert r.fault["bot"] in bots, r.fault
                expected = BOTS[r.fault["bot"] + ".py"][1]
                assert r.fault["kind"] in (expected if isinstance(expected, set) else {expected}), r.fault
                assert "ESCAPED" not in r.fault["reason"] + (r.fault["detail"] or ""), r.fault
    # the sleeper and the one that exits fault in each of their games: 10 each, 2 together
    assert sum(r.fault is not None for r in there.games) >= 18
    assert leftover_processes() == []
