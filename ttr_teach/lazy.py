"""Public names that are imported on first use, so importing a package stays fast and light.

>>> getattr_, dir_ = lazy_exports("ttr_teach", {"load_map": "mapdata"}, {})
>>> getattr_("load_map").__name__
'load_map'
"""
from importlib import import_module


def lazy_exports(package: str, public: dict, namespace: dict):
    """The ``__getattr__`` and ``__dir__`` of ``package``, whose names in ``public``
    (name -> submodule) are imported from their submodule on first use and then kept in
    ``namespace`` (the package's ``globals()``)."""

    def __getattr__(name):
        try:
            module = public[name]
        except KeyError:
            raise AttributeError(f"module {package!r} has no attribute {name!r}") from None
        value = getattr(import_module(f".{module}", package), name)
        namespace[name] = value
        return value

    def __dir__():
        return sorted(set(namespace) | set(public))

    return __getattr__, __dir__
