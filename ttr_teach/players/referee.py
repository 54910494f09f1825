"""The referee: one game between bots that may misbehave, every decision timed.

:func:`referee_game` plays a scheduled game like :func:`~ttr_teach.players.play.play_game`,
but a bot that raises, returns an action the rules refuse, or takes too long does not stop
anything: the game ends there, that bot loses it, and the :class:`Fault` says what happened
in a sentence ("bo's bot raised KeyError: 'x' on turn 12").

Time is measured in the process (and thread) that plays, for each decision:

* ``time_limit``: seconds of *processor time* the decision may use, measured for the thread
  that asks (:func:`thread_seconds`) around ``choose``, so other programs on the machine do not count
  against the bot. Checked when the decision returns: a slower decision forfeits the game.
* ``hard_limit``: seconds of *wall-clock time* after which a decision that has not returned
  is interrupted (a bot in an endless loop, or asleep). In the main thread of a process (a
  process pool's worker, the command line, a notebook's kernel) a timer signal interrupts it;
  elsewhere (a dask worker's thread) the bot runs in a helper thread that is abandoned and
  sent an exception. The worker itself is never killed, so the tournament goes on.

>>> from ttr_teach.players.random_bot import RandomBot
>>> class Crash:
...     def choose(self, view):
...         return {}["x"]
>>> game, fault, clock = referee_game("usa", [RandomBot, Crash], ["ann", "bo"], seed=1)
>>> fault.reason
"bo's bot raised KeyError: 'x' while choosing its first tickets"
>>> game.is_over, fault.seat, fault.kind
(False, 1, 'raised')
"""
from __future__ import annotations

import ctypes
import json
import signal
import threading
import time
import traceback
from dataclasses import asdict, dataclass

from ..engine.actions import action_from_dict
from ..engine.errors import IllegalAction
from ..engine.game.core import Game
from ..engine.i18n import gettext
from ..engine.text import one_line
from .bot_loading import is_isolated, make_bot
from .bot_pipe import BotProcessError
from .bot_process import BUILD_SECONDS, IsolatedBot, start_hosts
from .play import MAX_ACTIONS, Table, _action_text, _why_illegal
from .sandbox import Limits

#: Default seconds of processor time a decision may take.
TIME_LIMIT = 1.0
#: Wall-clock seconds after which a bot in its own process is stopped when no limit is set.
UNTIMED_LIMIT = 120.0


def _rusage_thread_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_THREAD)
    return usage.ru_utime + usage.ru_stime


try:
    import resource

    resource.getrusage(resource.RUSAGE_THREAD)
    #: Processor seconds used by the calling thread. ``getrusage`` where the system has it (on
    #: some virtual machines it costs a microsecond where ``time.thread_time`` costs 70).
    thread_seconds = _rusage_thread_seconds
except (ImportError, AttributeError, OSError):
    thread_seconds = time.thread_time


def default_hard_limit(time_limit):
    """Wall-clock seconds after which a decision is interrupted: 5 times the limit, plus 1.

    >>> default_hard_limit(1.0)
    6.0
    """
    return None if time_limit is None else 5 * time_limit + 1


class DecisionTimeout(BaseException):
    """Raised inside a bot that is still deciding at the hard limit (a BaseException, so that
    a bot's ``except Exception`` does not swallow it)."""


@dataclass(frozen=True)
class Fault:
    """Why a game stopped early. ``kind``: ``"build"`` (the bot could not be made),
    ``"raised"``, ``"illegal"``, ``"slow"`` (over the time limit), ``"stopped"`` (interrupted
    at the hard limit) or ``"stalled"`` (the game did not end: nobody is blamed, ``seat`` is
    None). ``turn``: the turn it happened on, numbered from 1 as in ``reason`` (0: while
    choosing the first tickets, or before the game began). ``detail``: the traceback or the
    action, for the bot's author."""

    kind: str
    seat: int | None
    bot: str | None
    reason: str
    turn: int
    detail: str = ""

    def to_dict(self) -> dict:
        return asdict(self)


class Clock:
    """Decisions, processor seconds and wall-clock seconds per seat, in total and for the
    slowest decision (not part of a tournament's reproducible result: they change from run
    to run)."""

    def __init__(self, n: int):
        self.decisions = [0] * n
        self.seconds = [0.0] * n
        self.slowest = [0.0] * n
        self.wall = [0.0] * n
        self.slowest_wall = [0.0] * n

    def add(self, seat: int, seconds: float, wall: float = 0.0) -> None:
        self.decisions[seat] += 1
        self.seconds[seat] += seconds
        self.slowest[seat] = max(self.slowest[seat], seconds)
        self.wall[seat] += wall
        self.slowest_wall[seat] = max(self.slowest_wall[seat], wall)


# == asking a bot, with a hard limit ==============================================================
class _Alarm:
    """A timer signal that interrupts the main thread while a decision is *armed*."""

    def __init__(self):
        self.armed = False
        self.previous = None

    def _ring(self, signum, frame):
        if self.armed:
            raise DecisionTimeout()

    def __enter__(self):
        self.previous = signal.signal(signal.SIGALRM, self._ring)
        return self

    def __exit__(self, *exc):
        self.disarm()
        # None: the handler before was not set from Python; the default is the nearest we can restore
        signal.signal(signal.SIGALRM, signal.SIG_DFL if self.previous is None else self.previous)

    def ask(self, bot, view, hard_limit):
        self.armed = True
        signal.setitimer(signal.ITIMER_REAL, hard_limit, 0.25)   # rings again if swallowed
        try:
            return bot.choose(view)
        finally:
            self.disarm()

    def disarm(self):
        self.armed = False
        signal.setitimer(signal.ITIMER_REAL, 0)


def _can_use_alarm() -> bool:
    return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()


def _ask_in_thread(bot, view, hard_limit):
    """``(action, processor seconds)`` from ``bot.choose(view)`` run in a helper thread;
    raises :class:`DecisionTimeout` if it has not returned after ``hard_limit`` seconds."""
    box = {}

    def run():
        start = thread_seconds()
        try:
            box["action"] = bot.choose(view)
        except BaseException as e:     # handed back to the referee's thread
            box["error"] = e
        box["cpu"] = thread_seconds() - start

    helper = threading.Thread(target=run, name="ttr-teach bot decision", daemon=True)
    helper.start()
    helper.join(hard_limit)
    if helper.is_alive():
        # stop it at its next Python instruction; a bot blocked in C code ends when that returns
        ident = helper.ident
        assert ident is not None  # the thread was started
        ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(ident),
                                                   ctypes.py_object(DecisionTimeout))
        raise DecisionTimeout()
    if "error" in box:
        raise box["error"]
    return box["action"], box["cpu"]


# == the game =====================================================================================
def turn_number(game) -> int:
    """The turn being played, numbered from 1 as the faults' sentences say it; 0 while the
    players choose their first tickets."""
    return 0 if game.phase == "setup" else game.turn + 1


def _turn_text(game) -> str:
    """When in ``game`` a fault happened, in words; worked out only once there is a fault
    (the translation lookup would cost every decision of every game)."""
    if game.phase == "setup":
        return gettext("while choosing its first tickets")
    return gettext("on turn {turn}").format(turn=turn_number(game))


def _short_traceback(error) -> str:
    lines = traceback.format_exception(type(error), error, error.__traceback__)
    return "".join(lines[-12:])[-4000:]


def referee_game(map, factories, names, seed: int = 0, bot_seeds=None, bot_names=None,
                 time_limit=TIME_LIMIT, hard_limit=None, max_actions: int = MAX_ACTIONS,
                 stop_after: int | None = None, build_limit: float = BUILD_SECONDS):
    """``(game, fault or None, clock)``: a game on ``map`` dealt from ``seed`` between the
    bots made by ``factories`` (one per seat, made with ``bot_seeds``), the players called
    ``names``; ``bot_names`` name the bots in faults (default: ``names``).

    The game is over unless a fault stopped it (see the module docstring), or ``stop_after``
    actions were played (used to rebuild a game that stopped, without asking the faulty
    decision again). ``time_limit=None`` turns the clock off.
    """
    n = len(factories)
    bot_seeds = list(bot_seeds) if bot_seeds is not None else list(range(n))
    bot_names = list(bot_names) if bot_names is not None else list(names)
    hard_limit = default_hard_limit(time_limit) if hard_limit is None else hard_limit
    game = Game.new(map=map, players=list(names), seed=seed)
    clock = Clock(n)
    bots: list = []
    try:
        isolated = [f for f in factories if is_isolated(f)]
        if len(isolated) > 1:     # their hosts start side by side, if they have none yet
            start_hosts(isolated, Limits(), build_limit, game.map.name)
        for seat, factory in enumerate(factories):
            fault = _build(factory, seat, bot_seeds[seat], bot_names[seat], bots, build_limit, game.map.name)
            if fault is not None:
                return game, fault, clock
        alarm = _Alarm() if (hard_limit is not None and _can_use_alarm()) else None
        if alarm is not None:
            with alarm:
                fault = _play(game, bots, bot_names, clock, time_limit, hard_limit, max_actions, stop_after,
                              alarm)
        else:
            fault = _play(game, bots, bot_names, clock, time_limit, hard_limit, max_actions, stop_after, None)
        return game, fault, clock
    finally:
        for bot in bots:        # every bot process ends with its game, whatever happened
            if isinstance(bot, IsolatedBot):
                bot.close()


def _build(factory, seat, seed, who, bots, build_limit=BUILD_SECONDS, map=None):
    """Make the bot of ``seat`` (appended to ``bots``); a :class:`Fault` if it cannot be made.
    Files and commands start in a process of their own (:mod:`.bot_process`)."""
    if is_isolated(factory):
        bot = IsolatedBot(factory, seed, map=map)
        bots.append(bot)        # closed by the caller even if it never started
        try:
            bot.start(build_limit)
        except BotProcessError as e:
            # TRANSLATORS: {what} says what happened to the bot ("could not be loaded: ...")
            return Fault("build", seat, who, gettext("{bot} {what}").format(bot=bot_of(who), what=e.said()), 0,
                         e.detail)
        return None
    try:
        bots.append(make_bot(factory, seed))
    except Exception as e:  # a student's constructor may fail in any way
        reason = gettext("{bot} could not be made: {error}").format(bot=bot_of(who),
                                                                    error=one_line(f"{type(e).__name__}: {e}"))
        return Fault("build", seat, who, reason, 0, _short_traceback(e))
    return None


def bot_of(name: str) -> str:
    """The words for the bot playing as ``name``: ``"bo's bot"``, but a seat that is already
    called a bot is named as it is (``"your bot"``, not "your bot's bot").

    >>> bot_of("bo"), bot_of("your bot"), bot_of("PlannerBot")
    ("bo's bot", 'your bot', 'PlannerBot')
    """
    return name if name.casefold().endswith("bot") else gettext("{name}'s bot").format(name=name)


def _decide(bot, view, hard_limit, alarm):
    """``(action, processor seconds)``; a bot's exception (or DecisionTimeout) propagates."""
    if hard_limit is not None and alarm is None:
        return _ask_in_thread(bot, view, hard_limit)
    start = thread_seconds()
    action = alarm.ask(bot, view, hard_limit) if alarm is not None else bot.choose(view)
    return action, thread_seconds() - start


def _play(game, bots, bot_names, clock, time_limit, hard_limit, max_actions, stop_after, alarm):
    table = Table(game)
    for played in range(max_actions):
        if game.is_over or (stop_after is not None and played >= stop_after):
            return None
        seat = game.current_player
        who = bot_names[seat]
        for other, bot in enumerate(bots):     # nothing of another bot runs during this decision
            if other != seat and isinstance(bot, IsolatedBot):
                bot.pause()
        if isinstance(bots[seat], IsolatedBot):
            result = _decide_isolated(bots[seat], table.view(seat), hard_limit, seat, who, game)
        else:
            result = _decide_here(bots[seat], table.view(seat), hard_limit, alarm, seat, who, game)
        if isinstance(result, Fault):
            return result
        action, wall, cpu = result
        clock.add(seat, cpu, wall)
        if time_limit is not None and cpu > time_limit:
            return _slow(seat, who, cpu, time_limit, game)
        why = _why_illegal(game, action)
        if why:
            return Fault("illegal", seat, who, gettext("{bot} chose {action} {when}, which the rules refuse: {why}")
                         .format(bot=bot_of(who), action=_action_text(action), when=_turn_text(game), why=why),
                         turn_number(game), repr(action)[:1000])
        table.apply(action)
    return Fault("stalled", None, None, gettext("the game did not end after {n} actions").format(n=max_actions),
                 turn_number(game))


def _decide_here(bot, view, hard_limit, alarm, seat, who, game):
    """``(action, wall seconds, processor seconds)`` from a trusted bot in this process, or
    the :class:`Fault` that ends its game."""
    try:
        start = time.perf_counter()
        action, cpu = _decide(bot, view, hard_limit, alarm)
        return action, time.perf_counter() - start, cpu
    except DecisionTimeout:
        if alarm is not None:
            alarm.disarm()
        return Fault("stopped", seat, who, gettext("{bot} was still deciding after {seconds:g} s {when} and was "
                                                   "stopped").format(bot=bot_of(who), seconds=float(hard_limit),
                                                                     when=_turn_text(game)), turn_number(game))
    except (Exception, SystemExit) as e:  # the bot's own error: it loses, the tournament goes on
        return Fault("raised", seat, who, gettext("{bot} raised {error} {when}").format(
            bot=bot_of(who), error=one_line(f"{type(e).__name__}: {e}"), when=_turn_text(game)),
            turn_number(game), _short_traceback(e))


def _slow(seat, who, cpu, time_limit, game) -> Fault:
    return Fault("slow", seat, who, gettext("{bot} took {seconds:.2f} s to decide {when} (the limit is {limit:g} s a "
                                            "decision)").format(bot=bot_of(who), seconds=float(cpu),
                                                                when=_turn_text(game), limit=float(time_limit)),
                 turn_number(game))


def _decide_isolated(bot, view, hard_limit, seat, who, game):
    """``(action, wall seconds, processor seconds)`` from a bot in its own process, or the
    :class:`Fault` that ends its game. The answer is plain JSON, read into the engine's own
    action types here, so no code of the bot's runs in this process."""
    try:     # even with the clock off (a replay), a bot in a process is never waited for forever
        data, wall, cpu = bot.decide(view, hard_limit or UNTIMED_LIMIT)
    except BotProcessError as e:
        # TRANSLATORS: {what} says what happened to the bot ("was still deciding after 2 s and was stopped")
        return Fault(e.kind, seat, who, gettext("{bot} {what} {when}").format(bot=bot_of(who), what=e.said(),
                                                                              when=_turn_text(game)),
                     turn_number(game), e.detail)
    if isinstance(data, dict):      # a label is for reading: the referee writes its own, never the bot's
        data.pop("label", None)
    try:
        action = action_from_dict(data)
    except IllegalAction as e:
        return Fault("illegal", seat, who, gettext("{bot} answered {answer} {when}, which is not an action: {error}")
                     .format(bot=bot_of(who), answer=json.dumps(data)[:200], when=_turn_text(game), error=e),
                     turn_number(game))
    return action, wall, cpu
