"""Hostile bot files: each a plausible student's mistake or trick, for the containment tests.

Every bot plays RandomBot's law from its seed (``view.random_action``) and tries one attack.
An attack that *works* raises ``Escaped`` (a fault the tests look for by name) or changes the
game, so a tournament whose records equal those of the honest twin shows that the attack
reached nothing. ``BOTS`` maps a file name to ``(source, expected)``: ``expected`` is a fault
kind charged to the hostile bot, a set of acceptable kinds, or ``None`` for "plays to the end,
exactly as its honest twin". Sources are templates: ``{secret}`` is a file the bot must not
be able to read, ``{port}`` a port on 127.0.0.1 it must not reach, ``{marker}`` a number that
names the processes it leaves behind.

The test process never imports these files: only the tournament's bot processes run them.
"""
from __future__ import annotations

HONEST = '''
import random


class Student:
    def __init__(self, seed=0):
        self.rng = random.Random(seed)
        self.calls = 0

    def choose(self, view):
        self.calls += 1
        {attack}
        return view.random_action(self.rng)
'''


def _bot(attack: str, prelude: str = "") -> str:
    body = "\n        ".join(attack.strip("\n").splitlines())
    return prelude + HONEST.replace("{attack}", body)


ESCAPED = "class Escaped(Exception):\n    pass\n"

BOTS = {
    "honest.py": (_bot("pass"), None),
    # == reading and changing the hidden game ===================================================
    "snoop_gc.py": (_bot('''
import gc
if any(type(o).__name__ == "Game" for o in gc.get_objects()):
    raise Escaped("ESCAPED: reached a Game through gc")
''', ESCAPED), None),
    "snoop_frames.py": (_bot('''
import sys
frame = sys._getframe()
while frame is not None:
    if "game" in frame.f_locals or "table" in frame.f_locals:
        raise Escaped("ESCAPED: found the game in a caller's frame")
    frame = frame.f_back
''', ESCAPED), None),
    "steal_cards.py": (_bot('''
import gc
for o in gc.get_objects():
    if type(o).__name__ == "Seat" and getattr(o, "hand", None):
        for k in list(o.hand):
            o.hand[k] = 0
''', ESCAPED), None),
    # its own copy of the map changes (ticket points, which its play does not read); the
    # referee's map and every later game are untouched
    "mutate_map.py": (_bot('''
for t in view.map.tickets:
    try:
        object.__setattr__(t, "points", 99)
    except Exception:
        pass
''', ESCAPED), None),
    # == patching the referee ==================================================================
    "patch_referee.py": (_bot('''
import ttr_teach.players.referee as referee
import ttr_teach.players.planner_bot as planner
import ttr_teach.players.random_bot as random_bot
import ttr_teach.engine.game.moves as moves
referee.thread_seconds = lambda: 0.0
planner.PlannerBot.choose = lambda self, view: view.legal_actions()[-1]
random_bot.RandomBot.choose = lambda self, view: view.legal_actions()[-1]
moves.legal_actions = lambda state: []
''', ESCAPED), None),
    "ignore_alarm.py": (_bot('''
import signal, time
signal.signal(signal.SIGALRM, signal.SIG_IGN)
signal.setitimer(signal.ITIMER_REAL, 0)
time.sleep(60)
'''), "stopped"),
    # == escaping the limits ===================================================================
    "sleeper.py": (_bot('''
import time
time.sleep(60)
'''), "stopped"),
    "bigint.py": (_bot('''
x = 7 ** (10 ** 9)
'''), "stopped"),
    "regex.py": (_bot('''
import re
re.match(r"(a+)+$", "a" * 64 + "b")
'''), "stopped"),
    "thread_hog.py": (_bot('''
import threading
if self.calls == 1:
    def spin():
        while True:
            pass
    threading.Thread(target=spin, daemon=True).start()
'''), {None, "slow"}),
    "thread_meddler.py": (_bot('''
import gc, threading, time
def meddle():
    while True:
        for o in gc.get_objects():
            if type(o).__name__ == "Game":
                raise SystemExit("ESCAPED")
        time.sleep(0.001)
if self.calls == 1:
    threading.Thread(target=meddle, daemon=True).start()
'''), {None, "raised", "crashed"}),     # its thread may break its own process, nothing else
    "fork_orphan.py": (_bot('''
import os
if self.calls == 1 and os.fork() == 0:
    try:
        os.setsid()
        if os.fork() == 0:
            os.execvp("sleep", ["sleep", "{marker}"])
    finally:
        os._exit(0)
'''), None),
    "import_loop.py": ("while True:\n    pass\n" + _bot("pass"), "build"),
    "sleepy_init.py": (_bot("pass").replace("self.calls = 0", "self.calls = 0\n        import time\n"
                                            "        time.sleep(1000)"), "build"),
    "memory_hog.py": (_bot('''
hoard = bytearray(64 * 2 ** 30)
'''), {"raised", "crashed"}),
    "fork_bomb.py": (_bot('''
import os
while True:
    try:
        os.fork()
    except OSError:
        pass
'''), {"stopped", "crashed", "raised"}),
    # == killing the tournament ================================================================
    "exit0.py": (_bot('''
import os
os._exit(0)
'''), "crashed"),
    "sys_exit.py": (_bot('''
raise SystemExit(0)
'''), "raised"),
    "segfault.py": (_bot('''
import ctypes
ctypes.string_at(0)
'''), "crashed"),
    "recursion.py": (_bot('''
import sys
sys.setrecursionlimit(10 ** 8)
def down(n):
    return down(n + 1) + 1
down(0)
'''), {"crashed", "raised", "stopped"}),
    "keyboard_interrupt.py": (_bot('''
raise KeyboardInterrupt
'''), "raised"),
    "base_exception.py": (_bot('''
class Boom(BaseException):
    pass
raise Boom("not an Exception")
'''), "raised"),
    "unpicklable_error.py": (_bot('''
import threading
class Locked(Exception):
    def __init__(self):
        super().__init__("holds a lock")
        self.lock = threading.Lock()
raise Locked()
'''), "raised"),
    "endless_str_error.py": (_bot('''
class Endless(Exception):
    def __str__(self):
        while True:
            pass
raise Endless()
'''), "stopped"),
    "evil_action.py": (_bot('''
class Evil:
    type = "pass"
    def to_dict(self):
        while True:
            pass
    def __eq__(self, other):
        while True:
            pass
    def __hash__(self):
        while True:
            pass
return Evil()
'''), "stopped"),
    "not_an_action.py": (_bot('''
return 42
'''), "raised"),
    "illegal_action.py": (_bot('''
return {{"type": "claim_route", "route": 0, "color": "red", "colored": 0, "locomotives": 0}}
'''.replace("{{", "{").replace("}}", "}")), "illegal"),
    "huge_answer.py": (_bot('''
return {"type": "x" * 3_000_000}
'''), {"garbled", "stopped"}),     # 3 MB may take the hard limit to write on a busy machine
    "garble_channel.py": (_bot('''
import os
for fd in range(3, 64):
    try:
        os.write(fd, b"not json at all\\n")
    except OSError:
        pass
'''), {"garbled", "illegal", "stopped", "crashed"}),    # writing into any pipe it finds may also block
    "forge_ended.py": (_bot('''
import os
if self.calls == 3:     # the host's word that the game's process ended, written by the game itself
    for fd in range(3, 64):
        try:
            os.write(fd, b'\\n{"type": "ended", "status": -9}\\n')
        except OSError:
            pass
'''), {"garbled", "stopped"}),     # an answer, not an end: never "killed by signal SIGKILL"
    "kill_host.py": (_bot('''
import os, signal
if self.calls == 3:     # the host it was forked from: its later games need another
    os.kill(os.getppid(), signal.SIGKILL)
'''), "crashed"),    # its game goes with the host (the sandbox's end, or the parent-death signal)
    "kill_host_and_stay.py": (_bot('''
import ctypes, os, signal
if self.calls == 3:     # first asks the kernel not to end it with its host, then kills the host
    ctypes.CDLL(None).prctl(1, 0)
    os.kill(os.getppid(), signal.SIGKILL)
'''), {"crashed", None}),    # in a sandbox it goes with the sandbox; without one it plays on, woken
    "stop_host.py": (_bot('''
import os, signal
if self.calls == 3:     # the host stopped: the referee wakes it for the game's end and the next
    os.kill(os.getppid(), signal.SIGSTOP)
'''), None),
    "kill_own_group.py": (_bot('''
import os, signal
if self.calls == 3:
    os.killpg(0, signal.SIGKILL)
'''), "crashed"),
    "closes_its_pipes.py": (_bot('''
import os
if self.calls == 3:
    os.closerange(0, 1024)
'''), "crashed"),
    "stops_reading.py": (_bot('''
import os, threading, time
if self.calls == 2:     # answers from a thread, never reads a view again: its pipe in fills up
    def answer_forever():
        while True:
            for fd in range(3, 64):
                try:
                    os.write(fd, b'{"type": "action", "action": {"type": "draw_blind"}}\\n')
                except OSError:
                    pass
            time.sleep(0.001)
    threading.Thread(target=answer_forever, daemon=True).start()
    time.sleep(10 ** 6)
'''), {"stopped", "illegal", "garbled"}),
    # JSON nested so deep that a parser walking it recursively gives up (RecursionError, not
    # ValueError): written raw into every pipe it finds, and returned as its action
    "nested_json.py": (_bot('''
import os
for fd in range(3, 64):
    try:
        os.write(fd, b'{"type": "action", "action": ' + b"[" * 200_000 + b"\\n")
    except OSError:
        pass
'''), {"garbled", "illegal", "stopped", "crashed"}),
    "nested_action.py": (_bot('''
deep = []
for _ in range(100_000):
    deep = [deep]
return {"type": "pass", "deep": deep}
'''), "raised"),
    "nested_not_too_deep.py": (_bot('''
deep = []
for _ in range(900):
    deep = [deep]
return {"type": "draw_face_up", "card": deep}
'''), {"garbled", "illegal"}),
    # text that no output can print (a lone half of a UTF-16 pair): in its error, in its answer
    "unprintable_error.py": (_bot('''
raise ValueError("bad \\ud800 name")
'''), "raised"),
    "unprintable_answer.py": (_bot('''
return {"type": "claim_route", "route": "\\udcff", "color": "\\ud800", "colored": 1, "locomotives": 0}
'''), "illegal"),
    # a label of its own on its action, to make the referee's account of a refused move lie
    "lying_label.py": (_bot('''
action = view.random_action(self.rng).to_dict()
if action["type"] == "claim_route":
    action["colored"] = 99
action["label"] = "ESCAPED: the honest move " * 1000
return action
'''), {"illegal", None}),
    # an error that would clear the teacher's terminal and forge a line of the standings
    "terminal_escape.py": (_bot('''
raise ValueError("\\x1b[2J\\x1b[31mHACKED\\x1b[0m\\nhonest  0 faults\\r")
'''), "raised"),
    "prints_a_lot.py": (_bot('''
print("thinking..." * 1000)
'''), None),
    # run by root (a container, a hosted notebook), the sandbox's process is root too: with root's
    # capabilities it could remount its read-only files writable, and /proc/sys is root's
    "root_powers.py": (_bot('''
import os
import subprocess
if self.calls == 1:
    for argv in (["mount", "-o", "remount,rw,bind", "/bot"],
                 ["mount", "-o", "remount,rw,bind", os.path.dirname(os.__file__)]):
        subprocess.run(argv, capture_output=True)
    for path in ("/proc/sys/vm/drop_caches", "/proc/self/oom_score_adj", __file__, os.__file__):
        try:
            open(path, "a").close()     # opened for writing is enough: nothing written
        except OSError:
            continue
        raise Escaped("ESCAPED: could write " + path)
''', ESCAPED), None),
    # the sandbox's folders live in memory: filled, they would fill the machine's
    "fills_its_folders.py": (_bot('''
if self.calls == 1:
    for folder, most in (("/tmp", 272), ("/dev/shm", 80), ("/dev", 0)):
        written = 0
        try:
            while written <= most:
                with open(f"{folder}/fill{written}", "wb") as f:
                    f.write(b"x" * 2 ** 24)
                written += 16
        except OSError:
            continue
        raise Escaped(f"ESCAPED: wrote {written} MB in {folder}")
''', ESCAPED), {None, "slow", "stopped"}),    # writing 320 MB may take its limits on a busy machine
    # an honest bot that thinks with several processes (their shared memory is /dev/shm); what it
    # leaves there is gone by its next game
    "uses_multiprocessing.py": (_bot('''
import multiprocessing
import os
sandboxed = os.environ.get("TTR_TEACH_IN_SANDBOX") == "1"     # else /dev/shm is the machine's
if self.calls == 1:
    if sandboxed and os.listdir("/dev/shm"):
        raise Escaped("ESCAPED: found the last game's /dev/shm")
    with multiprocessing.Pool(2) as pool:
        assert pool.map(abs, [-1, 2]) == [1, 2]
    if sandboxed:
        open("/dev/shm/left_by_the_last_game", "w").close()
'''), None),
    "raise_limits.py": (_bot('''
import resource
for which in (resource.RLIMIT_AS, resource.RLIMIT_CPU, resource.RLIMIT_NPROC, resource.RLIMIT_FSIZE):
    try:
        resource.setrlimit(which, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
    except (ValueError, OSError):
        pass
    else:
        raise Escaped(f"ESCAPED: raised its limit {which}")
''', ESCAPED), None),
    # == snooping (contained by the sandbox) ===================================================
    "read_secret.py": (_bot('''
try:
    open("{secret}").read()
except OSError:
    pass
else:
    raise Escaped("ESCAPED: read a classmate's file")
''', ESCAPED), None),
    "write_package.py": (_bot('''
import ttr_teach.players.referee as referee
try:
    open(referee.__file__, "a").close()
except OSError:
    pass
else:
    raise Escaped("ESCAPED: the installed referee.py is writable")
''', ESCAPED), None),
    "network.py": (_bot('''
import socket
s = socket.socket()
s.settimeout(0.5)
try:
    s.connect(("127.0.0.1", {port}))
except OSError:
    pass
else:
    raise Escaped("ESCAPED: reached the network")
finally:
    s.close()
''', ESCAPED), None),
    "environment.py": (_bot('''
import os
if "TTR_TEACH_SECRET_FOR_TESTS" in os.environ:
    raise Escaped("ESCAPED: read the teacher's environment")
''', ESCAPED), None),
    "kill_everyone.py": (_bot('''
import os, signal
try:
    os.kill(-1, signal.SIGKILL)
except OSError:
    pass
'''), {"crashed", None}),
}

#: Attacks that only a sandbox stops (reading other files, the network, the environment
#: beyond what Python needs, killing every process of the account): run without bubblewrap
#: they would succeed, as docs/bots.md says.
SANDBOX_ONLY = {"read_secret.py", "write_package.py", "network.py", "kill_everyone.py", "fork_bomb.py",
                "root_powers.py", "fills_its_folders.py"}


def write_bots(folder, names=None, **values) -> dict:
    """Write the bots ``names`` (default: all) into ``folder``, templates filled from
    ``values`` (``secret``, ``port``, ``marker``); ``{name: path}``."""
    paths = {}
    for name, (source, _) in BOTS.items():
        if names is not None and name not in names:
            continue
        text = source
        for key, value in values.items():
            text = text.replace("{" + key + "}", str(value))
        path = folder / name
        path.write_text(text)
        paths[name] = path
    return paths
