"""Names imported on first use, so that ``import ttr_teach`` stays fast.

:func:`lazy_exports` gives a package a ``__getattr__`` that imports a public name from its
submodule the first time it is asked for.

>>> getattr_, dir_ = lazy_exports("ttr_teach", {"load_map": "engine.maps"}, {})
>>> getattr_("load_map").__name__
'load_map'
"""
from __future__ import annotations

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
