"""Time tournaments: games per second on 1 and 2 processes (the speed-up), and whole tournaments.

Run: .venv/bin/python bench/tournament.py [games] [big]
Prints, nothing asserted:

0. the machine's own speed-up: the same pure-Python loop in 1 process, then in 2 at once (on a
   shared machine, the best 2 processes can do);
1. games per second of a RandomBot/PlannerBot tournament (Europe, 2 players) played in this
   process (jobs=1) and on a pool of 2 processes (jobs=2), the two runs alternated ``repeat``
   times in this one script, so that the ratio (the speed-up) is measured under the same
   load; the pool's times include starting its processes;
2. the time of a ``big``-game tournament (default 1,000) between RandomBot and PlannerBot on
   2 processes;
3. a smaller one with ExpertBot (when this version has it), its time per decision included;
4. isolation: the same RandomBot/PlannerBot games with both bots loaded from files, so each
   plays in a process of its own (sandboxed where bubblewrap works), against in-process play;
   then the same for ExpertBot vs PlannerBot (a bot that thinks a few milliseconds a decision).

The machine's load average is printed with the figures: on a shared machine, compare ratios.

Figures of a run on the shared 2-core development machine (load average 8 to 12 from other
work, so 2 processes there did only 0.6x to 0.75x the work of 1 on a plain loop): 40 games
2.7-4.7 games/s in one process, 3.0-4.0 games/s on 2 processes (0.85x to 1.17x, about what the
machine allowed); a 1,000-game RandomBot/PlannerBot tournament on 2 processes 291 s (3.4
games/s); the same result object from 1 and 2 processes.

Section 4 (isolation), 40 games a run, bubblewrap enforced, measured side by side with the
code before and after the isolation work of issue 22 (bots stopped as soon as they answer,
their tree walked and timed in one pass through /proc files kept open, one epoll per bot
process, hosts started side by side and warmed for the map played only), each alternated
twice in one session (``isolation(40, repeat=2)`` run from each tree in turn; load average
2.7 to 3.4 from other work on the 2-core machine):

==========  ==========================  ==========================
            before: isolated (share)    after: isolated (share)
==========  ==========================  ==========================
jobs=1      1.69, 1.80 games/s (27%,    3.32, 2.44 games/s (43%,
            24% of in-process)          35% of in-process)
jobs=2      3.42, 3.00 games/s (33%,    5.06, 3.00 games/s (38%,
            50%)                        54%)
==========  ==========================  ==========================

With a Python file's host kept stopped for the whole game (each decision wakes and stops
only the game's process; 6 December 2026, idle machine, load average 0.8, a loop doing 2.17x
the work on 2 processes): jobs=1 8.17 games/s in process, 3.46 isolated (42%; 40% before the
change on the same machine the day before); jobs=2 13.40 and 5.77 (43%; 39% before). A
decision's round trip (view sent, bot woken, answer read, bot stopped) then costs about
0.4 ms of wall-clock time beyond the bot's own thinking (planner 1.4 ms against 1.0 ms in
process, random 0.7 against 0.3); the rest of the gap is the hosts' loading and warming at a
tournament's start (about 0.7 s) and a fork and a kill per bot and game.

On another, faster machine (6 December 2026, ``isolation(40)``: in-process play
24.7 games/s on 1 process, 40.2 on 2; load average 1.4) isolation kept 34% (8.4 games/s) and
31% (12.5): the cheap bots' decisions got faster, the round trips did not. Where the time goes
(40 games, jobs=1, 5,939 decisions): in process 43 ms a game; isolated 130 ms, of which the
decisions 92 ms (0.61 ms each: 0.49 waiting for the bot, 0.07 waking it, 0.04 sending the view,
the stop and the read of its processor time), the bots' starts and ends 11 ms (a fork and a kill
per bot), the hosts' loading about 10 ms (0.4 s a tournament). Timed inside the bots' own
processes, a decision took 0.47 ms of processor time against 0.25 ms for the same messages
replayed in one warm process: a process woken for each decision runs from cold caches. Pinning
the referee and the bots to one processor did not help (31% against 35%).

Why a woken process is slow (7 December 2026, the faster machine, a KVM virtual machine;
load average 0.6 before other work started): timed inside the bot's process, a decision's
wall-clock time was 3 to 10 times the processor time the kernel counted for it, with no
context switch in between. Each game's process writes about 1,200 pages of memory it did
not own (copies of the host's pages its objects' reference counts touch, and new objects):
2,400 page faults a game for the two bots, counted with ``getrusage(RUSAGE_CHILDREN)`` in
the hosts. A page written for the first time by a new process costs 5 to 10 us here, of
which about 3 us is the process's own processor time (the first section now prints this
figure): the rest is the hypervisor handing the page back to the guest, since the memory
of each finished game's process is freed. That is 15 to 25 ms of a game's 130, and the
bots' "cold" decisions. Playing the bots in one long-lived process each would avoid much of it (not measured),
but would carry a game's state into the next, which isolation is there to prevent.
Polling for the bot's answer for 2 ms (``sched_yield`` between looks) instead of sleeping
in ``epoll`` gained about 3 points on the idle machine (28% to 31%) but lost half the speed
(26% to 12%) with a low-priority job running on both processors, which each yield handed
the processor to; not kept.

Where a decision's time goes (7 December 2026, this machine, load average 1-2; 40-game
tournaments, jobs=1, timed by a throwaway copy of the code that stamped each step with the
machine-wide monotonic clock on both sides of the pipe; the figures are microseconds a decision,
about 150 decisions a game):

=====================================================  ==============
the referee writes the view (to_dict, JSON, the pipe)   40-50
the bot is woken (SIGCONT) and reads its view            45-60 (the signal's call 70-90, the bot running in it)
the bot parses it (JSON, the log's new entries)          50-65
the bot decides (from_dict and choose)                   320-430 (in the referee's process: 230-300)
the answer back (JSON, the pipe, the referee woken)      80-120
the bot stopped and its tree walked                      80-130
=====================================================  ==============

That is 0.65-0.85 ms a decision against 0.25-0.30 in process, 100-130 ms a game against 45,
plus the hosts' loading (9-11 ms a game) and a game's start and end (12-14 ms). Taking the
stop and the walk away altogether (a throwaway build that never stopped the bot) saved 0.08 ms
a decision and did not move the games-per-second ratio out of its noise (33% both ways);
running everything on one processor saved 0.05-0.1 ms but serialised the hosts' loading. Every
step is a few times slower than the same code run in a loop, because each decision switches
processes twice: measured in a loop, building a view takes 18 us, its JSON 13 us, parsing it in
the bot 21 us. On this virtual machine a round trip through two pipes alone costs 45-55 us
between processors (6 us on one). So the remaining gap is the price of a process per bot and
a decision per round trip, not of one step that could be made cheaper: half the in-process
speed would need the bots' decisions answered without a switch of processes.

Today's figures, after the containment work of 7 December (hosts stopped between games,
capabilities dropped, sized folders), idle machine (load average 0.9): RandomBot vs PlannerBot
25.8 games/s in process, 8.7 isolated (34%) on 1 process; 38.9 and 12.4 (32%) on 2: the
containment cost nothing measurable. ExpertBot vs PlannerBot, 12 games, 1 process: 4.5-5.0
games/s in process, 2.5-2.7 isolated (54-57%): a bot that thinks a few milliseconds a
decision keeps more than half its speed.

7 December 2026 again (``machine(); isolation(40)``, idle machine, load average 0.4, 2
processes doing 1.54x the work of 1): 25.4 games/s in process, 7.35 isolated (29%) on 1
process; 40.4 and 13.8 (34%) on 2. Counted with ``getrusage`` over 40 games on 1 process, the
referee alone spends 47 ms of processor time an isolated game (37 user, 10 system: two signals
and a walk of ``/proc`` per decision, the view's JSON, the pipes), more than a whole game in
process (42 ms, both bots' thinking included): on 2 processors, which 2 jobs keep busy, the
referee's and the bots' processor time together bound isolated play near a third of the
in-process speed, however the games are arranged.

7 December 2026, later (``machine(); isolation(40)``, load average 0.8, 2 processes doing only
1.28x the work of 1 on a loop: another guest busy on the host): 24.4 games/s in process, 8.25
isolated (34%) on 1 process; 38.9 and 11.7 (30%) on 2. Processor time per game, 60 games on 1
process without the sandbox (so the bots' time is counted in the referee's children): in
process 46 ms; isolated 43 ms in the referee and 89 ms in the bots' processes (3,100 page
faults a game), of which their thinking, replayed warm in one process, is about 33 ms
(PlannerBot 0.39 ms a decision, RandomBot 0.10).

In-process play did 6.0 to 13.4 games/s in those runs (about 0.13 s a game alone); an
isolated game then cost about 0.3 s, its decisions about 0.6 ms each beyond the bot's own
thinking (the pipe round trip and the processes woken, the view parsed in the bot's process,
the stop and the walk of its tree), plus a fork and a kill per bot and game.
"""
from __future__ import annotations

import os
import sys
import time

import ttr_teach

BUILTINS = {"random": "random", "planner": "planner"}


def _load() -> str:
    try:
        return "load average " + " ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:
        return "load average unknown"


def _burn(n: int) -> float:
    start = time.perf_counter()
    x = 0
    for i in range(n):
        x += i * i
    return time.perf_counter() - start


def machine(n: int = 3_000_000) -> None:
    from concurrent.futures import ProcessPoolExecutor

    one = _burn(n)
    with ProcessPoolExecutor(2) as pool:
        two = max(pool.map(_burn, [n, n]))
    print(f"== the machine: a loop takes {one:.2f} s alone, {two:.2f} s when two run at once: "
          f"2 processes do {2 * one / two:.2f}x the work of 1 ({_load()})")
    wall, cpu = fresh_pages()
    print(f"   a page of memory touched for the first time by a new process costs {wall:.1f} us, "
          f"{cpu:.1f} us of it counted as the process's processor time (the rest is the host's, "
          f"in a virtual machine)")


def _touch_fresh_pages(pages: int) -> tuple:
    import mmap

    start, cpu = time.perf_counter(), time.process_time()
    memory = mmap.mmap(-1, pages * mmap.PAGESIZE)
    for i in range(0, pages * mmap.PAGESIZE, mmap.PAGESIZE):
        memory[i] = 1
    return (time.perf_counter() - start) / pages * 1e6, (time.process_time() - cpu) / pages * 1e6


def fresh_pages(pages: int = 20_000) -> tuple:
    """``(wall, processor)`` microseconds a page costs a new process the first time it writes
    it: what each game's process of an isolated bot pays for the memory it writes (its
    copies of the host's pages, its new objects). On the shared 2-core virtual machine this
    was 5-10 us of wall-clock time, of which only about 3 us was the process's own processor
    time: the rest is the hypervisor giving the guest the page back."""
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(1) as pool:
        return pool.submit(_touch_fresh_pages, pages).result()


def timed(bots, games, jobs, seed=0):
    start = time.perf_counter()
    result = ttr_teach.tournament(bots, games=games, jobs=jobs, seed=seed, progress=False)
    return time.perf_counter() - start, result


def speedup(games: int, repeat: int = 3) -> None:
    print(f"== games per second, RandomBot vs PlannerBot, Europe, {games} games a run, "
          f"{repeat} runs each, alternated ({os.cpu_count()} processors, {_load()})")
    times = {1: [], 2: []}
    results = {}
    for k in range(repeat):
        for jobs in (1, 2):
            elapsed, results[jobs] = timed(BUILTINS, games, jobs, seed=k)
            times[jobs].append(elapsed)
    for jobs, ts in times.items():
        best = min(ts)
        print(f"jobs={jobs}: best {best:6.2f} s ({games / best:5.2f} games/s), "
              f"runs {', '.join(f'{t:.2f}' for t in ts)} s")
    print(f"speed-up with 2 processes: {min(times[1]) / min(times[2]):.2f}x (best against best); "
          f"same result both ways: {results[1] == results[2]}")


BOT_FILES = {"planner_file.py": "from ttr_teach.players import PlannerBot\n\n\nclass Planner(PlannerBot):\n    pass\n",
             "random_file.py": "from ttr_teach.players import RandomBot\n\n\nclass Random(RandomBot):\n    pass\n",
             "expert_file.py": "from ttr_teach.players import ExpertBot\n\n\nclass Expert(ExpertBot):\n    pass\n"}


def isolation(games: int, repeat: int = 2, pair=("random", "planner"), jobs=(1, 2)) -> None:
    """Games per second of the two bots ``pair`` (default RandomBot vs PlannerBot) in the
    referee's process, against the same two bots loaded from files (each in a process of its
    own, sandboxed where bwrap works), alternated in this one run, for each of ``jobs``."""
    import tempfile
    from pathlib import Path

    from ttr_teach.players.sandbox import sandbox_status

    with tempfile.TemporaryDirectory() as folder:
        files = {}
        for name, text in BOT_FILES.items():
            if name.split("_")[0] in pair:
                (Path(folder) / name).write_text(text)
                files[name.split("_")[0]] = str(Path(folder) / name)
        builtins = {name: name for name in pair}
        print(f"== isolation: {' vs '.join(pair)}, Europe, {games} games a run, in the referee's "
              f"process against both loaded from files ({sandbox_status().note}; {_load()})")
        for n_jobs in jobs:
            times: dict = {"in process": [], "isolated": []}
            for k in range(repeat):
                for kind, bots in (("in process", builtins), ("isolated", files)):
                    times[kind].append(timed(bots, games, n_jobs, seed=k)[0])
            best = {kind: games / min(ts) for kind, ts in times.items()}
            print(f"jobs={n_jobs}: in process {best['in process']:5.2f} games/s, isolated "
                  f"{best['isolated']:5.2f} games/s: isolation keeps "
                  f"{best['isolated'] / best['in process']:.0%} of the speed (best runs)")


def big(games: int) -> None:
    print(f"== a {games}-game tournament, RandomBot vs PlannerBot, Europe, jobs=2 ({_load()})")
    elapsed, result = timed(BUILTINS, games, 2)
    print(f"{elapsed:7.1f} s ({games / elapsed:5.2f} games/s)")
    print(result.standings())


def expert(games: int) -> None:
    try:
        ttr_teach.players.load_bot_class("expert")
    except ttr_teach.TTRError as e:
        print(f"== ExpertBot: skipped ({e})")
        return
    bots = {"expert": "expert", "planner": "planner", "random": "random"}
    print(f"== a {games}-game tournament with ExpertBot, Europe, jobs=2, time limit 5 s a decision ({_load()})")
    start = time.perf_counter()
    result = ttr_teach.tournament(bots, games=games, jobs=2, progress=False, time_limit=5.0)
    elapsed = time.perf_counter() - start
    print(f"{elapsed:7.1f} s ({len(result.games) / elapsed:5.2f} games/s)")
    print(result.standings())


def main(games: int = 40, big_games: int = 1000) -> None:
    machine()
    speedup(games)
    isolation(games)
    isolation(max(6, games // 4), pair=("expert", "planner"), jobs=(1,))
    machine()
    big(big_games)
    expert(max(6, big_games // 50))


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
