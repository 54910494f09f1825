"""The referee's side of bots in their own processes: views as JSON, the log in parts, bots
in other languages, trusted bots, and the plain processes where there is no sandbox
(docs/bots.md, "Untrusted bots" and "Bots in any language")."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from ttr_teach.engine.game.core import Game
from ttr_teach.players.bot_loading import is_isolated
from ttr_teach.players.bot_process import BotCommand, close_hosts, host_for
from ttr_teach.players.play import Table
from ttr_teach.players.random_bot import RandomBot
from ttr_teach.players.sandbox import Limits
from ttr_teach.players.tournament import tournament
from ttr_teach.players.view import PlayerView

from .hostile_bots import BOTS, write_bots

linux = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="bot processes use /proc")
EXAMPLE_JS = Path(__file__).resolve().parents[2] / "docs" / "examples" / "claim_first_bot.js"


@pytest.mark.parametrize("map_name", ["europe", "usa"])
def test_a_view_sent_as_json_and_its_log_in_parts_are_the_view_itself(map_name):
    """Protocol rule: the bot's process rebuilds exactly the view the referee made, from
    JSON, with the log sent in parts (only what is new each decision)."""
    game = Game.new(map=map_name, players=["Ann", "Bo", "Cy"], seed=11)
    table, bots = Table(game), [RandomBot(s) for s in range(3)]
    sent, kept = [0, 0, 0], [[], [], []]
    for _ in range(400):
        if game.is_over:
            break
        seat = game.current_player
        view = table.view(seat)
        part = json.loads(json.dumps({"from": sent[seat], "entries": view.log_since(sent[seat])}))
        kept[seat][part["from"]:] = part["entries"]
        sent[seat] = view.log_length()
        data = json.loads(json.dumps(view.to_dict(log=False)))
        data["log"] = kept[seat]
        again = PlayerView.from_dict(data)
        assert again == view
        assert again.legal_actions() == view.legal_actions()
        table.apply(bots[seat].choose(again))


def test_which_bots_play_in_a_process_of_their_own():
    assert not is_isolated("planner") and not is_isolated(RandomBot) and not is_isolated("pkg.mod:Bot")
    assert is_isolated("alice.py") and is_isolated("/x/alice.py:Alice") and is_isolated("bot.js")
    assert is_isolated(BotCommand("./mybot --fast"))
    assert BotCommand("./mybot --fast").argv == ("{file}", "--fast")
    assert BotCommand("./mybot --fast").file == str(Path("mybot").resolve())
    with pytest.raises(ValueError):
        BotCommand("")


@linux
@pytest.mark.skipif(shutil.which("node") is None and not os.environ.get("CI"), reason="node not installed")
def test_a_bot_in_javascript_plays_a_tournament():
    """A bot in any language: the example JavaScript bot plays whole games through the JSON
    protocol and beats RandomBot (it claims long routes)."""
    result = tournament({"js": str(EXAMPLE_JS), "random": "random"}, games=4, maps=("usa",), jobs=1,
                        progress=False, time_limit=2.0)
    assert all(r.fault is None for r in result.games), [r.fault for r in result.games]
    assert result.standings()["js"]["wins"] >= 3


@linux
def test_a_trusted_file_plays_in_the_referees_process(tmp_path):
    """trusted=[...]: the teacher's own file plays in this process (as fast as a built-in)."""
    (tmp_path / "mine.py").write_text(
        "import os, random\n\n\nclass Mine:\n    def __init__(self, seed=0):\n"
        "        self.rng = random.Random(seed)\n\n    def choose(self, view):\n"
        f"        if os.getpid() != {os.getpid()}:\n            raise RuntimeError('not in the referee')\n"
        "        return view.random_action(self.rng)\n")
    bots = {"mine": str(tmp_path / "mine.py"), "random": "random"}
    trusted = tournament(bots, games=2, maps=("usa",), jobs=1, progress=False, trusted=["mine"])
    assert all(r.fault is None for r in trusted.games)
    isolated = tournament(bots, games=2, maps=("usa",), jobs=1, progress=False)
    assert {r.fault["kind"] for r in isolated.games} == {"raised"}
    with pytest.raises(Exception, match="not one of the bots"):
        tournament(bots, games=2, jobs=1, progress=False, trusted=["nobody"])


WITHOUT_SANDBOX = """
import json, sys, warnings
from pathlib import Path
from ttr_teach.players.tournament import tournament
folder = Path(sys.argv[1])
out = {}
with warnings.catch_warnings(record=True) as said:
    warnings.simplefilter("always")
    for name in sys.argv[2:]:
        r = tournament({"student": str(folder / name), "planner": "planner"}, games=2, maps=("usa",), seed=5,
                       jobs=1, progress=False, time_limit=0.5, hard_limit=2.0, build_limit=10.0)
        out[name] = [(g.fault or {}).get("kind") for g in r.games] + [
            (g.fault or {}).get("bot") for g in r.games]
out["warnings"] = [str(w.message) for w in said]
print(json.dumps(out))
"""


@linux
def test_without_a_sandbox_processes_and_limits_still_contain_bots(tmp_path):
    """Where bubblewrap is missing (here: TTR_TEACH_NO_SANDBOX=1) the bots still run in
    processes with limits, and the tournament says once what is not enforced."""
    names = ["snoop_gc.py", "exit0.py", "sleeper.py", "segfault.py", "steal_cards.py", "forge_ended.py",
             "kill_host.py", "kill_host_and_stay.py", "raise_limits.py"]
    write_bots(tmp_path, names + ["honest.py"], secret="/nonexistent", port=1, marker=1)
    env = {**os.environ, "TTR_TEACH_NO_SANDBOX": "1"}
    out = subprocess.run([sys.executable, "-c", WITHOUT_SANDBOX, str(tmp_path), *names], env=env,
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout.splitlines()[-1])
    notes = got.pop("warnings")
    assert len(notes) == 1 and "no sandbox" in notes[0] and "network" in notes[0]
    for name in names:
        expected = BOTS[name][1]
        kinds, blamed = got[name][:2], got[name][2:]
        if expected is None:
            assert kinds == [None, None], (name, kinds)
        else:
            allowed = expected if isinstance(expected, set) else {expected}
            charged = {who for kind, who in zip(kinds, blamed, strict=True) if kind is not None}
            assert set(kinds) <= allowed and charged <= {"student"}, (name, got[name])


FORGES_AN_END = '''
import json, sys

for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "start":
        print(json.dumps({"type": "ready", "bot": "Forger"}), flush=True)
    elif message["type"] == "choose":     # what a host says when a game's process was killed
        print(json.dumps({"type": "ended", "status": -9}), flush=True)
'''


@linux
def test_a_bot_that_says_its_game_ended_has_answered_and_is_not_believed(tmp_path):
    """Fault rule: only a Python bot's host says that a game's process ended, and only once it
    has; the same words from a bot (a command, or a Python bot's game, ``forge_ended.py``) are
    an answer that is not an action, never a process killed by a signal."""
    bots = {"forger": command_bot(tmp_path, "forger", FORGES_AN_END), "random": "random"}
    result = tournament(bots, games=2, maps=("usa",), jobs=1, progress=False, time_limit=2.0)
    faults = [r.fault for r in result.games]
    assert [(f["bot"], f["kind"]) for f in faults] == [("forger", "garbled")] * 2, faults
    assert not any("signal" in f["reason"] for f in faults), faults


FIRST_LEGAL = '''
import json, sys

for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "start":
        print(json.dumps({"type": "ready", "bot": "FirstLegal"}), flush=True)
    elif message["type"] == "choose":
        print(json.dumps({"type": "action", "action": message["view"]["legal_actions"][0]}), flush=True)
'''

NEVER_READS = '''
import json, sys, time

json.loads(sys.stdin.readline())
print(json.dumps({"type": "ready", "bot": "Deaf"}), flush=True)
while True:     # answers without reading a view: what it is sent piles up in its pipe
    print(json.dumps({"type": "action", "action": {"type": "draw_blind"}}), flush=True)
    time.sleep(0.001)
'''


def command_bot(tmp_path, name, source) -> BotCommand:
    path = tmp_path / f"{name}.py"
    path.write_text(source)
    return BotCommand((sys.executable, "{file}"), file=str(path))


@linux
@pytest.mark.parametrize("jobs", [1, 2])
def test_a_command_bot_reads_views_longer_than_its_pipe_holds(tmp_path, jobs):
    """Protocol rule: a command bot gets its whole view, log and legal actions included, each
    decision; late in a Europe game that is more than a pipe holds (64 kB), so the bot is woken
    while its view is written. A whole game of it used to stop the referee for good."""
    bots = {"first": command_bot(tmp_path, "first", FIRST_LEGAL), "random": "random"}
    result = tournament(bots, games=2, maps=("europe",), jobs=jobs, progress=False, time_limit=2.0)
    assert [r.fault for r in result.games] == [None, None]
    assert all(r.over for r in result.games)


@linux
def test_a_program_named_by_its_path_is_the_bots_file_and_runs_in_the_sandbox(tmp_path, monkeypatch):
    """Protocol rule: ``BotCommand("./first")`` (a compiled program, or a script with its own
    interpreter line) is the bot's file: shown in the sandbox, it runs there, where the
    teacher's folder is not."""
    program = tmp_path / "first"
    program.write_text(f"#!{sys.executable}\n" + FIRST_LEGAL)
    program.chmod(0o755)
    monkeypatch.chdir(tmp_path)
    result = tournament({"first": BotCommand("./first"), "random": "random"}, games=2, maps=("usa",), jobs=1,
                        progress=False, time_limit=2.0)
    assert [r.fault for r in result.games] == [None, None]


@linux
def test_a_host_started_from_a_passing_thread_outlives_that_thread(tmp_path):
    """A bot's processes die with the thread that started them (the kernel's parent-death
    signal, with or without the sandbox); a host is kept for later games, which may be another
    thread's (a dask worker's), so it is started from a thread that lasts."""
    path = tmp_path / "honest.py"
    path.write_text(BOTS["honest.py"][0])
    started = {}
    thread = threading.Thread(target=lambda: started.update(host=host_for(str(path), Limits(), 30.0, "usa")))
    thread.start()
    thread.join()
    try:
        time.sleep(0.5)
        assert started["host"].pipe.alive
    finally:
        close_hosts()


@linux
def test_a_bot_that_never_reads_its_views_is_stopped_and_the_tournament_ends(tmp_path):
    """Fault rule: the referee never waits on a full pipe. A bot that answers without reading
    what it is sent (a command here; ``stops_reading.py`` for a Python file) is stopped at the
    hard limit, charged alone, and the tournament ends."""
    bots = {"deaf": command_bot(tmp_path, "deaf", NEVER_READS), "planner": "planner"}
    result = tournament(bots, games=2, maps=("europe",), jobs=1, progress=False, time_limit=0.5, hard_limit=1.0)
    faults = [r.fault for r in result.games]
    assert all(f is not None and f["bot"] == "deaf" for f in faults), faults
    assert {f["kind"] for f in faults} <= {"stopped", "illegal"}, faults


HANGS_WHEN_REPLAYED = '''
import random, time


class Bomb:
    def __init__(self, seed=0):
        self.rng = random.Random(seed)

    def choose(self, view):
        with open(__file__) as own:     # its own file, which the test marks after the tournament
            if "#" + " replayed" in own.read():
                time.sleep(10 ** 6)
        return view.random_action(self.rng)
'''


@linux
def test_a_bot_that_hangs_when_its_game_is_replayed_does_not_hang_the_replay(tmp_path):
    """A replay (``result.game(i)``, ``ttr-teach replay``) has no processor-time limit (the
    machine may be slower now) but a wall-clock one, twice the tournament's: a bot that plays
    its games, then hangs when one is replayed, ends the replay with a sentence saying why."""
    from ttr_teach.engine.errors import ReplayError

    bomb = tmp_path / "bomb.py"
    bomb.write_text(HANGS_WHEN_REPLAYED)
    result = tournament({"bomb": str(bomb), "random": "random"}, games=2, maps=("usa",), jobs=1, progress=False,
                        time_limit=0.2, hard_limit=1.0)
    assert [r.fault for r in result.games] == [None, None]
    assert result.game(0).is_over        # replayed as it was played
    with bomb.open("a") as f:
        f.write("# replayed\n")
    start = time.monotonic()
    with pytest.raises(ReplayError, match="game 1 did not come out as it was played: bomb's bot was still "
                                          "deciding after 2 s and was stopped"):
        result.game(1)
    assert time.monotonic() - start < 30


WAKES_ITS_HOST = '''
import os, random, signal, threading

def spin():
    while True:
        pass

threading.Thread(target=spin, daemon=True).start()     # runs in the host, which loads this file


class Waker:
    def __init__(self, seed=0):
        self.rng = random.Random(seed)

    def choose(self, view):
        os.kill(os.getppid(), signal.SIGCONT)    # the game's process wakes its host
        return view.random_action(self.rng)
'''


@linux
def test_a_hosts_own_code_stays_stopped_while_its_game_plays_even_when_the_game_wakes_it(tmp_path):
    """Untrusted-bots rule: between its decisions nothing of a bot's runs. A thread the file
    starts when it is loaded runs in the host the games are forked from; the host is stopped
    for the whole game, and stopped again after a decision in which the game woke it."""
    import time

    from ttr_teach.players.bot_process import IsolatedBot

    (tmp_path / "waker.py").write_text(WAKES_ITS_HOST)
    game = Game.new(map="usa", players=["Ann", "Bo"], seed=3)
    with IsolatedBot(str(tmp_path / "waker.py"), seed=1, map="usa") as bot:
        bot.start()
        pipe = bot.pipe

        def used_while_waiting() -> float:
            before = pipe.watch.walk()[1]
            time.sleep(0.5)
            return pipe.watch.walk()[1] - before

        assert used_while_waiting() < 0.15          # a spinning thread would use about 0.5 s
        action, _, _ = bot.decide(Table(game).view(game.current_player), hard_limit=10.0)
        assert action["type"]
        assert used_while_waiting() < 0.15


CHATTY = '''
import random


class Chatty:
    """Honest, but prints a megabyte at each of its first nine decisions of every game."""

    def __init__(self, seed=0):
        self.rng, self.calls = random.Random(seed), 0

    def choose(self, view):
        self.calls += 1
        if self.calls <= 9:
            print("thinking " * 110_000)
        return view.random_action(self.rng)
'''


def test_what_a_bot_prints_counts_against_its_file_limit_one_game_at_a_time(tmp_path):
    """docs/bots.md, limits: a bot's standard error is kept by its host for all its games, and
    a file may grow to 16 MiB; 9 MB a game is within the limit, so game after game the
    honest bot that prints is never stopped by what it printed in the games before."""
    path = tmp_path / "chatty.py"
    path.write_text(CHATTY)
    result = tournament({"chatty": str(path), "random": "random"}, games=4, players=2, seed=1, jobs=1,
                        progress=False)
    assert [r.fault for r in result.games] == [None] * 4


SPINNER = '''
import random
import threading


def spin():
    while True:
        pass


threading.Thread(target=spin, daemon=True).start()     # started on import: runs in the host


class Spinner:
    def __init__(self, seed=0):
        self.rng = random.Random(seed)

    def choose(self, view):
        return view.random_action(self.rng)
'''


def test_a_hosts_code_does_not_run_between_its_games(tmp_path):
    """docs/bots.md, "nothing runs between its decisions": a thread a bot file starts on import
    runs in its host; between the file's games (while other bots play) the host is stopped,
    so it takes no processor time from them. Watched from a trusted bot in the referee's
    process, during its games against another bot."""
    from ttr_teach.players import bot_process

    path = tmp_path / "spinner.py"
    path.write_text(SPINNER)
    seen: list = []

    class Inspector(RandomBot):
        def choose(self, view):
            for hosts in bot_process._HOSTS.values():
                for host in hosts:
                    if not host.busy and host.pipe.alive:
                        seen.append((id(self), *_stopped_tree(host)))
            return super().choose(view)

    tournament({"spinner": str(path), "inspector": Inspector, "random": "random"}, games=6, players=2, seed=2,
               jobs=1, progress=False)
    assert seen, "the inspector never played while the spinner's host was idle"
    assert all(stopped for _, stopped, _ in seen), "an idle host was running"
    for game in {g for g, _, _ in seen}:    # within one game of the inspector's, the idle host used nothing
        cpu = [seconds for g, _, seconds in seen if g == game]
        assert cpu[0] == cpu[-1], "the idle host's thread took processor time"


def _stopped_tree(host, wait: float = 5.0) -> tuple:
    """``(stopped, processor seconds)`` of a host's processes (its sandbox's aside), once they
    are all stopped (a signal takes effect when the process next runs: on a busy machine, a
    moment later), or after ``wait`` seconds."""
    import time

    from ttr_teach.players.process_tree import process_tree, tree_cpu_seconds

    wrappers = set(host.pipe.wrappers())
    deadline = time.monotonic() + wait
    while True:
        pids = [p for p in process_tree(host.pipe.process.pid) if p not in wrappers]
        states = {Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()[0] for p in pids}
        if states <= {"T"} or time.monotonic() > deadline:
            return states <= {"T"}, tree_cpu_seconds(pids)
        time.sleep(0.01)


OOM_SCORE = '''
class Reporter:
    """Says how readily the kernel's out-of-memory killer would take its process."""

    def __init__(self, seed=0):
        pass

    def choose(self, view):
        raise RuntimeError("oom_score_adj=" + open("/proc/self/oom_score_adj").read().strip())
'''


@pytest.mark.skipif(not Path("/proc/self/oom_score_adj").exists(), reason="Linux only")
def test_a_bots_processes_are_the_first_the_out_of_memory_killer_takes(tmp_path):
    """docs/bots.md, limits, memory: RLIMIT_AS bounds each process of a bot; should many of its
    processes together fill the machine, the kernel takes a bot's before the teacher's."""
    path = tmp_path / "reporter.py"
    path.write_text(OOM_SCORE)
    result = tournament({"reporter": str(path), "random": "random"}, games=1, players=2, jobs=1, progress=False)
    assert "oom_score_adj=1000" in result.games[0].fault["reason"]


def test_a_bubblewrap_too_old_to_size_folders_still_sandboxes(tmp_path, monkeypatch):
    """docs/bots.md, sandbox: a bubblewrap older than 0.8 (Ubuntu 22.04's) does not know
    ``--size``; the sandbox is then kept, its in-memory folders unsized, rather than lost."""
    from ttr_teach.players import sandbox

    real = shutil.which("bwrap")
    if real is None or not sandbox.sandbox_status().enforced:
        pytest.skip("no working bubblewrap here")
    old = tmp_path / "bwrap"
    old.write_text("#!/bin/sh\n"
                   'for a in "$@"; do\n'
                   '  [ "$a" = --size ] && { echo "Unknown option --size" >&2; exit 1; }\n'
                   f'done\nexec {real} "$@"\n')
    old.chmod(0o755)
    monkeypatch.setenv("PATH", f"{tmp_path}:{os.environ['PATH']}")
    sandbox._bwrap.cache_clear()
    try:
        assert sandbox._bwrap() == (str(old), sandbox.UNSIZED_OPTIONS)
        argv, inside = sandbox.sandbox_command(["true"])
        assert argv[0] == str(old) and "--size" not in argv and "--cap-drop" in argv
    finally:
        sandbox._bwrap.cache_clear()


THREE_GENERATIONS = """
import os, sys, time
if os.fork() == 0:              # the middle process
    if os.fork() == 0:          # the leaf: counts, for ever
        while True:
            time.sleep(0.01)
    while True:
        time.sleep(1)
os.wait()                       # the first process reaps the middle one when it is killed
while True:
    time.sleep(1)
"""


def _state(pid: int, becomes: str = "", seconds: float = 5.0) -> str:
    """The state letter of ``pid`` (``T``: stopped), after waiting up to ``seconds`` for it to
    become one of ``becomes`` (a signal takes a moment to arrive)."""
    deadline = time.monotonic() + seconds
    while True:
        with open(f"/proc/{pid}/stat") as f:
            state = f.read().rsplit(")", 1)[1].split()[0]
        if state in becomes or not becomes or time.monotonic() > deadline:
            return state
        time.sleep(0.02)


@linux
def test_a_process_that_left_the_tree_between_two_walks_is_woken_with_the_rest(tmp_path):
    """Limits rule (stopped between decisions): a process stopped while the referee walks a
    bot's tree is woken at the next decision even if it left the tree meanwhile (its parent
    killed: by the bot itself, which killed its host). Else it stayed stopped, and the bot's
    next decision was charged to it as ``stopped`` (or, without a sandbox, by chance)."""
    from ttr_teach.players.bot_pipe import BotPipe
    from ttr_teach.players.process_tree import process_tree

    pipe = BotPipe([sys.executable, "-c", THREE_GENERATIONS], Limits())
    try:
        deadline = time.monotonic() + 20
        while len(process_tree(pipe.process.pid)) < 3 and time.monotonic() < deadline:
            time.sleep(0.05)
        first, middle, leaf = process_tree(pipe.process.pid)
        pipe.pause()
        pipe.resume()                           # the walk now knows all three
        os.kill(middle, 9)
        while (leaf in process_tree(pipe.process.pid) or os.path.exists(f"/proc/{middle}")) \
                and time.monotonic() < deadline:
            time.sleep(0.05)
        assert leaf not in process_tree(pipe.process.pid)
        pipe.pause()                            # stops the leaf (known from the last walk)
        assert _state(leaf, "T") == "T"
        pipe.resume()
        assert _state(leaf, "SR", 2.0) in "SR"
    finally:
        pipe.close()
    time.sleep(0.2)
    assert not os.path.exists(f"/proc/{leaf}") or _state(leaf) == "Z"  # killed with its group
