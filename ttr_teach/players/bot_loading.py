"""Bots named by text (a built-in name, ``"module:Class"`` or a Python file), and bot factories
that can travel to other processes.

A tournament's ``bots`` maps each name to a *factory*: something called with a seed that
returns a bot (``lambda seed: MyBot(seed)``, or a class whose constructor takes the seed).
A factory that takes no argument is called without one. Text names a bot class:

* ``"beginner"``, ``"casual"``, ``"club"``, ``"expert"``: the built-in bots by level (weakest
  first), and ``"random"``, ``"planner"`` (the casual level's bot);
* ``"package.module:ClassName"``: a class in an importable module;
* ``"path/to/file.py"`` or ``"path/to/file.py:ClassName"``: the bot class of a Python file
  (see :func:`find_bot_class` for which class that is).

To play in other processes (a process pool, a dask cluster) every factory must be sent there.
Text always can; a class defined in a module can (by its name); a lambda, or a class defined
in a notebook, travels by value with ``cloudpickle`` (the ``cluster`` extra). :func:`portable`
makes that choice and says so when a factory cannot travel at all.

>>> load_bot_class("random").__name__, load_bot_class("ttr_teach.players.planner_bot:PlannerBot").__name__
('RandomBot', 'PlannerBot')
>>> type(make_bot("planner", 3)).__name__
'PlannerBot'
"""
from __future__ import annotations

import hashlib
import importlib
import importlib.util
import inspect
import os
import pickle
import re
import sys
import types
from dataclasses import dataclass
from pathlib import Path

from ..engine.errors import TTRError
from ..engine.files import read_bytes
from ..engine.i18n import N_, gettext
from ..extras import require
from .bot_pipe import BotProcessError
from .bot_process import BotCommand, IsolatedBot
from .sandbox import warn_once_without_sandbox

#: The built-in bots, by the name a tournament knows them by -> the class's name in ttr_teach.players.
#: The levels come first, weakest first (``ttr_teach.players.levels``); ``planner`` is the casual
#: level's bot by its own name.
BUILTIN = {"beginner": "BeginnerBot", "casual": "PlannerBot", "club": "ClubBot", "expert": "ExpertBot",
           "random": "RandomBot", "planner": "PlannerBot"}
#: The largest bot file read (a bot's code; its data belongs in files it opens itself).
MAX_BOT_BYTES = 1_000_000
#: The package whose modules the bot files are loaded as (``ttr_teach_bot_files.alice_<digest>``).
BOT_FILES_PACKAGE = "ttr_teach_bot_files"


class BotLoadError(TTRError):
    """A bot could not be loaded or made; the message names the file (or the name) and why."""


def is_bot_class(obj) -> bool:
    """True for a class with a ``choose`` method."""
    return inspect.isclass(obj) and callable(getattr(obj, "choose", None))


def find_bot_class(module, where: str | None = None):
    """The bot class a module defines: the classes *defined in it* (not imported) that have a
    ``choose`` method, less those another of them derives from. If that leaves one, it is the
    bot. If it leaves several, the module must say which with ``BOT = ClassName``.
    """
    where = where or module.__name__
    chosen = getattr(module, "BOT", None)
    if chosen is not None:
        if is_bot_class(chosen):
            return chosen
        raise BotLoadError(gettext("{file}: BOT = {chosen!r} is not a class with a choose(view) method").format(
            file=where, chosen=chosen))
    found = [obj for obj in vars(module).values()
             if is_bot_class(obj) and obj.__module__ == module.__name__]
    leaves = [c for c in found if not any(o is not c and issubclass(o, c) for o in found)]
    if not leaves:
        raise BotLoadError(gettext("{file}: defines no bot class (a class with a choose(view) method)").format(
            file=where))
    if len(leaves) > 1:
        names = ", ".join(sorted(c.__name__ for c in leaves))
        raise BotLoadError(gettext("{file}: defines several bot classes ({names}); add a line BOT = {first} to "
                                   "say which one plays").format(file=where, names=names,
                                                                 first=sorted(c.__name__ for c in leaves)[0]))
    return leaves[0]


def _bot_files_package() -> None:
    """Make the package the bot files' modules are named in, so that they can be found by name
    as any module can: ``pickle`` does so for a function of a bot's that the bot hands to
    ``multiprocessing``."""
    if BOT_FILES_PACKAGE not in sys.modules:
        package = types.ModuleType(BOT_FILES_PACKAGE)
        package.__path__ = []
        sys.modules[BOT_FILES_PACKAGE] = package


def _module_name(path: Path) -> str:
    stem = re.sub(r"\W", "_", path.stem)
    digest = hashlib.sha1(os.fsencode(path)).hexdigest()[:10]   # a name in no encoding is bytes all the same
    return f"{BOT_FILES_PACKAGE}.{stem}_{digest}"


def load_bot_file(path, class_name: str | None = None):
    """The bot class of the Python file ``path`` (the class ``class_name`` if given).

    A file that cannot be read, has a syntax error, fails to import or defines no bot class
    raises :class:`BotLoadError` naming the file. The file runs once per process.
    """
    path = Path(path).expanduser().resolve()
    shown = str(path)
    if not path.exists():
        raise BotLoadError(gettext("{file}: no such file").format(file=shown))
    if path.suffix != ".py":
        raise BotLoadError(gettext("{file}: not a Python file (a bot file ends in .py)").format(file=shown))
    name = _module_name(path)
    module = sys.modules.get(name)
    if module is None:
        read_bytes(path, MAX_BOT_BYTES, BotLoadError, N_("a bot file"))   # a regular file, not huge
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None, "a .py file has a loader"
        module = importlib.util.module_from_spec(spec)
        _bot_files_package()
        sys.modules[name] = module
        try:
            spec.loader.exec_module(module)
        except SyntaxError as e:
            del sys.modules[name]
            if e.lineno is None:    # not text Python can read at all (a null byte, say)
                raise BotLoadError(gettext("{file}: syntax error: {error}").format(file=shown, error=e.msg)) from None
            raise BotLoadError(gettext("{file}: syntax error on line {line}: {error}").format(
                file=shown, line=e.lineno, error=e.msg)) from None
        except ImportError as e:
            del sys.modules[name]
            raise BotLoadError(gettext("{file}: cannot import {module} ({error})").format(
                file=shown, module=e.name or gettext("a module"), error=e)) from None
        except BaseException as e:  # a student's file may fail in any way while it loads
            del sys.modules[name]
            if isinstance(e, KeyboardInterrupt):
                raise
            raise BotLoadError(gettext("{file}: raised {error} while loading").format(
                file=shown, error=f"{type(e).__name__}: {e}")) from None
    if class_name is None:
        return find_bot_class(module, shown)
    cls = getattr(module, class_name, None)
    if not is_bot_class(cls):
        raise BotLoadError(gettext("{file}: has no bot class {name} (a class with a choose(view) method)").format(
            file=shown, name=class_name))
    return cls


def _builtin(name: str):
    players = importlib.import_module("ttr_teach.players")
    try:
        return getattr(players, BUILTIN[name])
    except AttributeError:
        raise BotLoadError(gettext("{name}: the built-in bot {bot} is not in this version of ttr_teach").format(
            name=name, bot=BUILTIN[name])) from None


def load_bot_class(spec: str):
    """The bot class named by ``spec`` (see the module docstring)."""
    if not isinstance(spec, str) or not spec.strip():
        raise BotLoadError(gettext("{spec}: name a bot as 'random', 'module:Class' or a .py file").format(
            spec=repr(spec)))
    spec = spec.strip()
    if spec.lower() in BUILTIN:
        return _builtin(spec.lower())
    target, _, class_name = spec.rpartition(":") if ":" in spec else (spec, "", "")
    if _is_file_spec(target):
        return load_bot_file(target, class_name or None)
    if not class_name:
        raise BotLoadError(gettext("{spec}: not a built-in bot ({bots}), a .py file or 'module:Class'").format(
            spec=spec, bots=", ".join(BUILTIN)))
    try:
        module = importlib.import_module(target)
    except ImportError as e:
        raise BotLoadError(gettext("{spec}: cannot import {module} ({error})").format(
            spec=spec, module=target, error=e)) from None
    cls = getattr(module, class_name, None)
    if not is_bot_class(cls):
        raise BotLoadError(gettext("{spec}: {module} has no bot class {name}").format(
            spec=spec, module=target, name=class_name))
    return cls


def _is_file_spec(target: str) -> bool:
    return target.endswith((".py", ".js")) or "/" in target or "\\" in target


def absolute_spec(spec):
    """``spec`` with a file's path made absolute (so a worker in another folder finds it);
    anything else unchanged.

    >>> absolute_spec("planner"), absolute_spec("/bots/alice.py:Alice")
    ('planner', '/bots/alice.py:Alice')
    """
    if not isinstance(spec, str) or spec.strip().lower() in BUILTIN:
        return spec
    target, sep, class_name = spec.strip().rpartition(":") if ":" in spec else (spec.strip(), "", "")
    if not _is_file_spec(target):
        return spec
    return str(Path(target).expanduser().resolve()) + sep + class_name


def _takes_seed(factory) -> bool:
    try:
        sig = inspect.signature(factory)
    except (TypeError, ValueError):       # a builtin or C callable: assume it takes the seed
        return True
    try:
        sig.bind(0)
        return True
    except TypeError:
        return False


@dataclass(frozen=True)
class Trusted:
    """A bot file (or ``"module:Class"``) the teacher trusts: it plays in the referee's
    process, as fast as a built-in bot, without the protection of a process of its own
    (``tournament(..., trusted=["alice"])``)."""

    spec: str


def make_bot(factory, seed: int):
    """A bot from ``factory`` (text, a class or a callable; see the module docstring), given
    ``seed`` when it takes an argument."""
    if isinstance(factory, Trusted):
        factory = factory.spec
    if isinstance(factory, str):
        factory = load_bot_class(factory)
    if not callable(factory):
        raise BotLoadError(gettext("{factory} is not a bot factory: give a class, a function of the seed, or the "
                                   "name of a bot").format(factory=repr(factory)))
    bot = factory(seed) if _takes_seed(factory) else factory()
    if not callable(getattr(bot, "choose", None)):
        raise BotLoadError(gettext("the factory made {kind}, which has no choose(view) method").format(
            kind=repr(type(bot).__name__)))
    return bot


class PickledFactory:
    """A factory carried by value (``cloudpickle``), for lambdas and classes made in a
    notebook; unpickled once per process."""

    _cache: dict = {}

    def __init__(self, factory):
        cloudpickle = require("cloudpickle", "sending a bot defined in a notebook to other processes")
        self.payload = cloudpickle.dumps(factory)
        self.key = hashlib.sha1(self.payload).hexdigest()

    def load(self):
        cache = PickledFactory._cache
        if self.key not in cache:
            cache[self.key] = pickle.loads(self.payload)
        return cache[self.key]

    def __call__(self, seed):
        return make_bot(self.load(), seed)


def _travels_by_name(factory) -> bool:
    """True when plain pickle can send ``factory`` to a fresh process: it pickles, and the
    module it names is importable there (not a notebook's ``__main__``)."""
    module = getattr(factory, "__module__", None)
    if module in (None, "__main__", "__mp_main__") or "<" in getattr(factory, "__qualname__", ""):
        return False
    if module.startswith("ttr_teach_bot_files."):      # loaded from a file by load_bot_file
        return False
    try:
        pickle.dumps(factory)
    except Exception:
        return False
    return True


def portable(factory):
    """``factory`` in a form any process can receive: itself if it is text or pickles by
    name, else wrapped in a :class:`PickledFactory`. Returns None when it cannot travel
    (``cloudpickle`` missing, or a factory even it cannot pickle)."""
    if isinstance(factory, str) or _travels_by_name(factory):
        return factory
    try:
        return PickledFactory(factory)
    except ImportError:
        return None
    except Exception:   # cloudpickle refuses it (an open file, a lock... inside the closure)
        return None


def bot_files(paths) -> list:
    """The files named by ``paths``: a folder stands for its bot files, ``*.py`` and
    ``*.js`` (sorted, those whose name starts with ``_`` or ``.`` left out)."""
    files = []
    for p in paths:
        path = Path(p).expanduser()
        if path.is_dir():
            files.extend(sorted(f for f in path.iterdir() if f.suffix in (".py", ".js")
                                and not f.name.startswith(("_", "."))))
        else:
            files.append(path)
    return files


def collect_bots(paths=(), builtins=()) -> tuple:
    """``({name: spec}, [problem, ...])`` for a class tournament: each bot file (or folder of
    files, see :func:`bot_files`) whose bot class loads and can be made, named by the file's
    stem, and each built-in bot named in ``builtins``. A file that cannot be used gives one
    line in the problems instead (and is skipped): it cannot be read, is a link to another
    file, has a syntax error, an import fails, it defines no bot class (or several without
    ``BOT = ...``), or making its bot raises. A path that is not a file but a built-in's name (``planner``) is that bot.

    >>> bots, problems = collect_bots(["no/such/file.py"], ["planner"])
    >>> bots, [p.split(": ", 1)[1] for p in problems]
    ({'planner': 'planner'}, ['no such file'])
    """
    found, problems = [], []
    for name in builtins:
        key = str(name).strip().lower()
        if key in BUILTIN:
            found.append((key, key))
        else:
            problems.append(gettext("{name}: not a built-in bot (choose from {builtins})").format(
                name=name, builtins=", ".join(BUILTIN)))
    rest = []
    for p in paths:
        if not Path(p).exists() and str(p).strip().lower() in BUILTIN:
            found.append((str(p).strip().lower(), str(p).strip().lower()))
        else:
            rest.append(p)
    for path in bot_files(rest):
        if path.is_symlink():       # handed in as a link, it could run (and name) any file the teacher can read
            problems.append(gettext("{file}: a link to another file; give the bot's file itself").format(
                file=path.absolute()))
            continue
        if not path.exists():
            problems.append(gettext("{file}: no such file").format(file=path.resolve()))
            continue
        if not path.is_file():     # a folder, a FIFO, a device: refused by the reader, which never blocks
            try:
                read_bytes(path.resolve(), MAX_BOT_BYTES, BotLoadError, N_("a bot file"))
            except BotLoadError as e:
                problems.append(str(e))
            else:
                problems.append(gettext("{file}: not a regular file").format(file=path.resolve()))
            continue
        warn_once_without_sandbox(stacklevel=3)
        try:       # loaded and made in a process of its own: a student's file never runs here
            with IsolatedBot(str(path.resolve()), 0) as probe:
                cls_name = probe.start()
        except BotProcessError as e:       # every line names its file
            problems.append(e.problem if str(path.resolve()) in e.problem else
                            gettext("{file}: {problem}").format(file=path.resolve(), problem=e.problem))
            continue
        spec = str(path.resolve()) if path.suffix == ".js" else f"{path.resolve()}:{cls_name}"
        found.append((path.stem, spec))
    names = [n for n, _ in found]
    seen: dict[str, int] = {}
    bots: dict[str, str] = {}
    for name, spec in found:
        if names.count(name) > 1:
            seen[name] = seen.get(name, 0) + 1
            name = f"{name} #{seen[name]}"
        bots[name] = spec
    for name in BUILTIN:      # the built-ins can fail too (ExpertBot missing from a version)
        if bots.get(name) == name:
            try:
                load_bot_class(name)
            except BotLoadError as e:
                problems.append(str(e))
                del bots[name]
    return bots, problems


def is_isolated(factory) -> bool:
    """True for the bots a tournament plays in a process of their own: files and commands
    (anything loaded from outside). Built-in names, ``"module:Class"`` of the installed
    environment, and classes or functions given in Python (already running here) play in
    this process.

    >>> is_isolated("planner"), is_isolated("students/alice.py"), is_isolated(BotCommand("./bot"))
    (False, True, True)
    """
    if isinstance(factory, BotCommand):
        return True
    if not isinstance(factory, str) or factory.strip().lower() in BUILTIN:
        return False
    target = factory.strip().rpartition(":")[0] if ":" in factory else factory.strip()
    return _is_file_spec(target) or factory.strip().endswith(".js")
