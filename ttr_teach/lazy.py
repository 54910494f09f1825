"""Names imported on first use, and the older names that still lead to their modules and
parameters.

Three jobs that keep ``import ttr_teach`` fast and old code working:

* :func:`lazy_exports` gives a package a ``__getattr__`` that imports a public name from its
  submodule the first time it is asked for.
* :class:`ModuleAliases` lets an old or short module name (``ttr_teach.lessons.cards``) import
  the very module object that now lives elsewhere (``ttr_teach.course.lessons.cards``), so
  notebooks and users' code written before the package was arranged in floors still run.
* :func:`old_keywords` lets a function still take a parameter under the keyword it had before
  it was renamed (``m="usa"`` for ``map_name="usa"``).

>>> getattr_, dir_ = lazy_exports("ttr_teach", {"load_map": "engine.maps"}, {})
>>> getattr_("load_map").__name__
'load_map'
>>> import ttr_teach.lessons.cards, ttr_teach.course.lessons.cards
>>> ttr_teach.lessons.cards is ttr_teach.course.lessons.cards
True
"""
from __future__ import annotations

import functools
import importlib.abc
import importlib.machinery
import importlib.util
import sys
from importlib import import_module


def lazy_exports(package: str, public: dict, namespace: dict):
    """The ``__getattr__`` and ``__dir__`` of ``package``, whose names in ``public``
    (name -> submodule, relative to ``package``) are imported from their submodule on first
    use and then kept in ``namespace`` (the package's ``globals()``). A name that maps to
    ``"module:NAME"`` is the submodule ``NAME`` itself."""

    def __getattr__(name):
        try:
            module = public[name]
        except KeyError:
            raise AttributeError(f"module {package!r} has no attribute {name!r}") from None
        if module.startswith("module:"):
            value = import_module(f".{module[len('module:'):]}", package)
        else:
            value = getattr(import_module(f".{module}", package), name)
        namespace[name] = value
        return value

    def __dir__():
        return sorted(set(namespace) | set(public))

    return __getattr__, __dir__


def old_keywords(**renamed):
    """A decorator: the function also accepts each ``old`` keyword of ``renamed`` (``old="new"``)
    and passes it on as ``new``. Giving both names at once is a :class:`TypeError`.

    >>> @old_keywords(m="map_name")
    ... def city_count(map_name="europe"):
    ...     return {"europe": 47, "usa": 36}[map_name]
    >>> city_count(m="usa"), city_count(map_name="usa"), city_count("usa")
    (36, 36, 36)
    """

    def decorate(function):
        @functools.wraps(function)
        def wrapper(*args, **kwargs):
            for old, new in renamed.items():
                if old in kwargs:
                    if new in kwargs:
                        raise TypeError(f"{function.__name__}() got {old!r} and {new!r}, two names "
                                        f"for the same parameter (use {new!r})")
                    kwargs[new] = kwargs.pop(old)
            return function(*args, **kwargs)

        return wrapper

    return decorate


class _AliasLoader(importlib.abc.Loader):
    """Loads an alias by importing its target: the alias and the target are one module."""

    def __init__(self, target: str):
        self.target = target
        self._spec = None

    def create_module(self, spec):
        module = import_module(self.target)
        self._spec = module.__spec__
        return module

    def exec_module(self, module):
        # the import system stamped the alias's spec on the module; it keeps its own name
        module.__spec__ = self._spec


class ModuleAliases(importlib.abc.MetaPathFinder):
    """A finder that imports ``old`` (and everything under it) from ``new``.

    ``aliases`` maps full dotted names: ``{"ttr_teach.lessons": "ttr_teach.course.lessons"}``
    makes ``import ttr_teach.lessons.cards`` return ``ttr_teach.course.lessons.cards``. The
    longest matching old name wins.
    """

    def __init__(self, aliases: dict):
        self.aliases = dict(sorted(aliases.items(), key=lambda kv: -len(kv[0])))

    def target(self, fullname: str) -> str | None:
        """The real module name for ``fullname``, or None when it is not an alias."""
        for old, new in self.aliases.items():
            if fullname == old or fullname.startswith(old + "."):
                return new + fullname[len(old):]
        return None

    def find_spec(self, fullname, path=None, target=None):
        real = self.target(fullname)
        if real is None:
            return None
        try:
            found = importlib.util.find_spec(real)
        except ImportError:
            return None
        if found is None:
            return None
        return importlib.machinery.ModuleSpec(fullname, _AliasLoader(real),
                                              is_package=found.submodule_search_locations is not None)


def install_aliases(aliases: dict) -> ModuleAliases:
    """Put a :class:`ModuleAliases` finder for ``aliases`` first on ``sys.meta_path`` (once)."""
    for finder in sys.meta_path:
        if isinstance(finder, ModuleAliases) and finder.aliases.keys() >= aliases.keys():
            return finder
    finder = ModuleAliases(aliases)
    sys.meta_path.insert(0, finder)
    return finder
