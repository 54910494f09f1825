"""Tournaments between bots: a fair schedule, played in parallel, faulty bots contained.

>>> import ttr_teach
>>> result = ttr_teach.tournament({"random": ttr_teach.RandomBot, "planner": ttr_teach.PlannerBot},
...                               games=4, maps=("usa",), jobs=1, progress=False)
>>> [row["bot"] for row in result.standings()], len(result.games)
(['planner', 'random'], 4)
>>> result.game(0).is_over
True

How it works:

* **The schedule** (:mod:`.schedule`): rounds of every table of ``players`` bots in every
  rotation of its seats, all dealt from the round's seed; ``games`` is rounded up to whole
  rounds so that each bot sits in each seat equally often.
* **Seeds**: the deals and the seed each bot is made with derive from ``seed`` and the game's
  number, so the same arguments give the same result (timings aside), whatever the executor
  and the number of jobs, as long as the bots play the same from the same seed.
* **Faults** (:mod:`.referee`): a bot that raises, returns an action the rules refuse, takes
  more than ``time_limit`` seconds of processor time for a decision, or is still deciding
  after ``hard_limit`` seconds, loses that game, with the reason kept; the tournament goes
  on. (Time-outs depend on the machine, so they are the one thing that may differ between
  runs.)
* **Parallel**: ``jobs`` worker processes (default: one per processor; ``jobs=1`` plays in
  this process), or any :class:`concurrent.futures.Executor` as ``executor`` (a
  ``dask.distributed`` client's ``get_executor()``, a ``ProcessPoolExecutor`` ...). Games go
  to the workers in small batches.
* **Factories travel to the workers**: text ("planner", ``"module:Class"``, a file) and
  classes from importable modules by name; lambdas and classes written in a notebook by value
  with ``cloudpickle``. A factory nothing can send makes the tournament play in this process,
  with a warning. A worker process that dies (a bot that crashes Python itself) has its
  games played again one by one; a game that kills its worker again is recorded as
  ``"crashed"``, with nobody blamed.

As with any use of processes, a *script* that runs a tournament with ``jobs`` above 1 must
start it under ``if __name__ == "__main__":`` (notebooks and the command line need nothing).
"""
from __future__ import annotations

import os
import sys
import warnings
from concurrent.futures import ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager

from ..engine.errors import ArgumentError
from ..engine.i18n import gettext, language, set_language
from ..engine.integers import is_whole
from ..engine.text import one_line, printable
from ..extras import install_hint, is_installed
from .bot_loading import BUILTIN, BotLoadError, Trusted, absolute_spec, is_isolated, portable
from .bot_process import BUILD_SECONDS, BotCommand, close_hosts
from .records import GameRecord, make_record, number_repeats, seat_names
from .referee import TIME_LIMIT, Clock, Fault, default_hard_limit, referee_game
from .sandbox import warn_once_without_sandbox
from .schedule import schedule
from .tournament_result import TournamentResult

#: Games sent to a worker at a time (fewer when there are few games for many workers).
BATCH = 10


def bot_name(spec) -> str:
    """The name a bot given without one goes by: a built-in's name, a file's stem, a class's name.

    >>> bot_name("planner"), bot_name("students/alice.py"), bot_name("pkg.bots:Greedy")
    ('planner', 'alice', 'Greedy')
    >>> bot_name(BotCommand("node {file}", file="students/bob.js"))
    'bob'
    """
    if isinstance(spec, str):
        text = spec.strip()
        if text.lower() in BUILTIN:
            return text.lower()
        target, _, cls = text.rpartition(":")
        if target and not target.endswith(".py"):
            return cls
        from pathlib import Path

        return Path(target or text).stem
    if isinstance(spec, BotCommand):
        return spec.name
    return getattr(spec, "__name__", None) or type(spec).__name__


def _shown(name: str) -> str:
    return one_line(printable(name))


def named_bots(bots) -> dict:
    """``bots`` as ``{name: factory}``: a dict is kept; a list or tuple is named by
    :func:`bot_name` (numbered when names repeat)."""
    if isinstance(bots, dict):
        out = dict(bots)
    elif isinstance(bots, (list, tuple)):
        names = seat_names([bot_name(b) for b in bots])
        out = dict(zip(names, bots, strict=True))
    else:
        raise BotLoadError(gettext("bots: give a dict {{name: factory}} (a class, a function of the seed, or a "
                                   "bot's name such as 'planner' or 'alice.py')").format())
    # a file's name in no encoding, or with a line break or a terminal's escape sequence, is shown as text
    if any(isinstance(name, str) and _shown(name) != name for name in out):
        out = dict(zip(number_repeats([_shown(n) if isinstance(n, str) else n for n in out]), out.values(),
                       strict=True))
    for name, factory in out.items():
        if not isinstance(name, str) or not name.strip():
            raise BotLoadError(gettext("bots: a bot's name must be non-empty text, not {name}").format(name=repr(name)))
        if not (isinstance(factory, (str, BotCommand)) or callable(factory)):
            raise BotLoadError(gettext("bots: {name} is {factory}, not a class, a function of the seed, a bot's "
                                       "name or a command (BotCommand)").format(name=repr(name),
                                                                                factory=repr(factory)))
        out[name] = absolute_spec(factory)
    if len(out) < 2:
        raise ArgumentError(gettext("a tournament needs at least two bots, not {n}").format(n=len(out)))
    return out


# == playing games (in whatever process) ==========================================================
def play_batch(batch, factories: dict, time_limit, hard_limit, build_limit=BUILD_SECONDS, lang=None) -> list:
    """The :class:`GameRecord` of each :class:`~.schedule.ScheduledGame` in ``batch``. Runs in
    a worker: every fault of a bot is contained in its game. ``lang``: the language the faults'
    reasons are written in (the tournament's caller's: a worker does not share its
    :func:`~ttr_teach.engine.i18n.set_language`)."""
    if lang is not None and lang != language():
        set_language(lang)
    records = []
    for planned in batch:
        game, fault, clock = referee_game(
            planned.map, [factories[b] for b in planned.seats], seat_names(planned.seats),
            seed=planned.deal_seed, bot_seeds=planned.bot_seeds, bot_names=planned.seats,
            time_limit=time_limit, hard_limit=hard_limit, build_limit=build_limit)
        records.append(make_record(planned, game, fault, clock))
    return records


def crashed_record(planned, error) -> GameRecord:
    """The record of a game whose worker died while playing it (nobody is blamed)."""
    from ..engine.game.core import Game

    fault = Fault("crashed", None, None, gettext("the process playing this game died ({error}); a bot may have "
                                                 "crashed Python").format(error=f"{type(error).__name__}: {error}"), 0)
    game = Game.new(map=planned.map, players=seat_names(planned.seats), seed=planned.deal_seed)
    return make_record(planned, game, fault, Clock(len(planned.seats)))


def _batches(plan, workers: int) -> list:
    size = max(1, min(BATCH, len(plan) // (4 * workers)))
    return [plan[i:i + size] for i in range(0, len(plan), size)]


@contextmanager
def _standard_library_first():
    """Start Python processes (the pool's, its fork server) with ``PYTHONSAFEPATH`` set, so
    that they do not look for modules in the current folder before the standard library.

    A teacher runs ``ttr-teach tournament .`` in the folder of hand-ins; a student's file named
    ``random.py`` or ``ttr_teach.py`` there would otherwise be imported by the workers in place
    of the module of that name (``python -c``, how multiprocessing starts them, puts the current
    folder first), and every game would break. The variable is set only while processes start
    (Python 3.11 and later read it; 3.10 ignores it)."""
    before = os.environ.get("PYTHONSAFEPATH")
    os.environ["PYTHONSAFEPATH"] = "1"
    try:
        yield
    finally:
        if before is None:
            os.environ.pop("PYTHONSAFEPATH", None)
        else:
            os.environ["PYTHONSAFEPATH"] = before


@contextmanager
def _pool(jobs: int):
    """A pool of ``jobs`` processes for the ``with`` block, shut down at its end; interrupted
    (Ctrl-C, a notebook's stop button) or broken by an error, it stops at once (:func:`_stop_now`)."""
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
    if "forkserver" in methods:
        context.set_forkserver_preload(["ttr_teach.players.tournament"])
    pool = ProcessPoolExecutor(max_workers=jobs, mp_context=context)
    try:
        yield pool
    except BaseException:
        _stop_now(pool)
        raise
    finally:
        pool.shutdown()


class _Progress:
    def __init__(self, total: int, show):
        self.bar = None
        if show is False:
            return
        try:
            from tqdm.auto import tqdm
        except ImportError:
            return
        disable = None if show is None and not _in_notebook() else False
        self.bar = tqdm(total=total, unit=gettext("game"), desc=gettext("tournament"), disable=disable)

    def update(self, n: int):
        if self.bar is not None:
            self.bar.update(n)

    def close(self):
        if self.bar is not None:
            self.bar.close()


def _in_notebook() -> bool:
    shell = sys.modules.get("IPython")
    try:
        ip = shell.get_ipython() if shell else None
    except Exception:
        return False
    return ip is not None and type(ip).__name__ == "ZMQInteractiveShell"


def _run_serial(batches, factories, limits, progress) -> list:
    records = []
    try:
        for batch in batches:
            records.extend(play_batch(batch, factories, *limits))
            progress.update(len(batch))
    finally:        # no bot's host outlives the tournament in the teacher's process
        close_hosts()
    return records


def _submit(executor, batches, factories, limits) -> dict:
    """``{future: batch}``: each of ``batches`` sent to ``executor`` to play. A pool starts its
    processes (and its fork server) with its first submissions: they start with the standard
    library first (:func:`_standard_library_first`)."""
    with _standard_library_first():
        return {executor.submit(play_batch, b, factories, *limits): b for b in batches}


def _gather(futures: dict, progress, failure) -> tuple:
    """``(records, games to play again)``: the records of ``futures`` (each future -> its batch
    of games) as they finish, and the games of each batch whose future raised ``failure``."""
    records, retry = [], []
    for future in as_completed(futures):
        try:
            records.extend(future.result())
            progress.update(len(futures[future]))
        except failure:
            retry.extend(futures[future])
    return records, retry


def _one_game(executor, planned, factories, limits, failure) -> list:
    """The record of game ``planned`` played alone on ``executor``, or its crashed record if
    that raises ``failure``."""
    future = None
    try:
        (future,) = _submit(executor, [[planned]], factories, limits)
        return future.result()
    except failure as e:
        return [crashed_record(planned, e)]
    except BaseException:
        if future is not None:
            future.cancel()
        raise


def _run_on(executor, batches, factories, limits, progress) -> list:
    """Play ``batches`` on ``executor``; a batch that fails is played again game by game, and
    a game that fails alone is recorded as crashed. Interrupted (Ctrl-C, a notebook's stop
    button), the games not started yet are cancelled."""
    futures = _submit(executor, batches, factories, limits)
    try:
        records, retry = _gather(futures, progress, Exception)
    except BaseException:
        for future in futures:
            future.cancel()
        raise
    for planned in retry:
        records.extend(_one_game(executor, planned, factories, limits, Exception))
        progress.update(1)
    return records


def _stop_now(pool) -> None:
    """Stop ``pool`` at once: the games not started are cancelled and its processes ended
    (their bots' processes go with them: the parent-death signal). Without this, a pool left
    by an interruption plays every game still waiting before the interruption takes effect
    (a notebook's stop button reaches this process only, not the pool's)."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        try:
            process.kill()
        except (OSError, ValueError):   # gone already
            pass


def _run_pool(jobs, batches, factories, limits, progress) -> list:
    """Play ``batches`` on a pool of ``jobs`` processes. If a worker dies the pool breaks:
    the games not played yet are then played one per fresh one-process pool, and a game that
    breaks that pool too is recorded as crashed. Interrupted, the pool stops at once."""
    with _pool(jobs) as pool:
        records, retry = _gather(_submit(pool, batches, factories, limits), progress, BrokenProcessPool)
    for planned in sorted(retry, key=lambda g: g.index):
        with _pool(1) as pool:
            records.extend(_one_game(pool, planned, factories, limits, BrokenProcessPool))
        progress.update(1)
    return records


def _travelling(factories: dict):
    """``factories`` made portable, or None (with a warning) if one cannot leave this process."""
    out = {}
    for name, factory in factories.items():
        moved = portable(factory)
        if moved is None:
            why = (gettext("cloudpickle cannot send it") if is_installed("cloudpickle") else
                   gettext("cloudpickle, which could, is not installed: {hint}").format(
                       hint=install_hint("cloudpickle")))
            warnings.warn(gettext("the bot {name} cannot be sent to other processes (its factory does not pickle, "
                                  "and {why}); playing every game in this process. Give the bot as a class in a "
                                  "module or a file (e.g. 'alice.py') to play in parallel.").format(
                                      name=repr(name), why=why), RuntimeWarning, stacklevel=3)
            return None
        out[name] = moved
    return out


def tournament(bots, games: int = 100, players: int = 2, maps=("europe",), seed: int = 0,
               executor=None, jobs=None, time_limit=TIME_LIMIT, hard_limit=None,
               progress=None, build_limit=BUILD_SECONDS, trusted=()) -> TournamentResult:
    """Play a tournament between ``bots`` and return its :class:`~.tournament_result.TournamentResult`.

    ``bots``: ``{name: factory}``, where a factory is a class or a function of the seed that
    makes a bot, or text naming one (``"random"``, ``"planner"``, ``"expert"``,
    ``"module:Class"``, ``"alice.py"``); a list is named automatically. ``games``: at least
    this many games, rounded up to whole rounds (see :mod:`.schedule`); ``players`` at each
    table; ``maps``: the maps played, each in every round; ``seed``: the tournament's seed.
    ``executor``: any :class:`concurrent.futures.Executor`; else ``jobs`` processes (default
    one per processor; ``1`` plays here). ``time_limit``: processor seconds per decision
    (None: no clock); ``hard_limit``: wall-clock seconds after which a decision is stopped
    (default ``5 * time_limit + 1``). ``progress``: a progress bar (default: in notebooks
    and terminals). ``build_limit``: wall-clock seconds a bot loaded from a file has to
    start (load its file and make the bot). ``trusted``: names of bots loaded from files
    that may play in this process anyway (the teacher's own; nothing protects the game from
    them). See the module docstring and ``docs/bots.md``, "Untrusted bots".
    """
    factories = named_bots(bots)
    unknown = [t for t in trusted if t not in factories]
    if unknown:
        raise ArgumentError(gettext("trusted={trusted}: {name} is not one of the bots ({bots})").format(
            trusted=repr(list(trusted)), name=repr(unknown[0]), bots=", ".join(factories)))
    for name in trusted:
        if isinstance(factories[name], str):
            factories[name] = Trusted(factories[name])
    if any(is_isolated(f) for f in factories.values()):
        warn_once_without_sandbox(stacklevel=3)
    names = list(factories)
    plan = schedule(names, players, games, maps, seed)
    if time_limit is not None and not (isinstance(time_limit, (int, float)) and time_limit > 0):
        raise ArgumentError(gettext("time_limit={value}: give seconds per decision, such as 1.0, or None").format(
            value=repr(time_limit)))
    if hard_limit is not None and not (isinstance(hard_limit, (int, float)) and hard_limit > 0):
        raise ArgumentError(gettext("hard_limit={value}: give seconds of wall-clock time per decision, such as "
                                    "6").format(value=repr(hard_limit)))
    hard_limit = default_hard_limit(time_limit) if hard_limit is None else hard_limit
    if not (isinstance(build_limit, (int, float)) and build_limit > 0):
        raise ArgumentError(gettext("build_limit={value}: give seconds of wall-clock time to load and make a bot, "
                                    "such as 30").format(value=repr(build_limit)))
    limits = (time_limit, hard_limit, build_limit, language())
    workers = jobs if jobs is not None else (os.cpu_count() or 1)
    if executor is None and not is_whole(workers, low=1):
        raise ArgumentError(gettext("jobs={value}: give the number of processes, a whole number from 1").format(
            value=repr(jobs)))
    sent = factories if executor is None and workers == 1 else _travelling(factories)
    bar = _Progress(len(plan), progress)
    try:
        if sent is None or (executor is None and workers == 1):
            records = _run_serial(_batches(plan, 1), factories, limits, bar)
        elif executor is not None:
            records = _run_on(executor, _batches(plan, 8), sent, limits, bar)
        else:
            records = _run_pool(workers, _batches(plan, workers), sent, limits, bar)
    finally:
        bar.close()
    records.sort(key=lambda r: r.index)
    settings = {"games": games, "players": players, "maps": [maps] if isinstance(maps, str) else list(maps),
                "seed": seed, "time_limit": time_limit, "hard_limit": hard_limit}
    specs = {name: f.spec if isinstance(f, Trusted) else f for name, f in factories.items()
             if isinstance(f, (str, Trusted))}
    return TournamentResult(names, settings, records, factories=factories, specs=specs)
