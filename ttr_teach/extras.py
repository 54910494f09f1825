"""Optional packages: which extra installs each one, and the one error that says so.

``pip install ttr-teach`` installs what the rule lessons need (the engine, the board, the
widgets and plots). A few functions need one more package, from an *extra* of the package
(``pyproject.toml``'s ``[project.optional-dependencies]``):

=========== =========================================== ==========================================
extra       installs                                    for
=========== =========================================== ==========================================
``solver``  pyscipopt (SCIP)                            solving :func:`~ttr_teach.best_score` (the
                                                        stored sweep needs nothing more)
``ratings`` openskill                                   the ratings in a tournament's standings
``cluster`` dask[distributed], cloudpickle              tournaments on a dask cluster; sending a
                                                        bot defined in a notebook to other processes
``lab``     jupyterlab, voila, ipykernel, nbformat      the course in JupyterLab or Voila; the
                                                        student and teacher editions
``dev``     pytest, hypothesis, nbval, playwright,      the tests and the checks (``make test``)
            ruff, mypy, ...
=========== =========================================== ==========================================

``make setup`` installs them all. Every import of an optional package goes through
:func:`require`, so a missing one is reported the same way everywhere:

>>> require("json", "reading JSON").dumps([1])
'[1]'
>>> require("pyscipopt_not_installed", "solving best_score")
Traceback (most recent call last):
...
ttr_teach.extras.MissingExtra: solving best_score needs the package pyscipopt_not_installed, which is not installed...
"""
from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType

#: The optional packages (by the name they are imported as) -> the extra that installs them.
EXTRAS = {"pyscipopt": "solver", "openskill": "ratings", "cloudpickle": "cluster", "dask": "cluster",
          "nbformat": "lab"}


class MissingExtra(ImportError):
    """An optional package is not installed; the message names the extra that installs it."""


def install_hint(package: str) -> str:
    """How to install ``package`` for this project: the extra that brings it.

    >>> install_hint("pyscipopt")
    "it comes with the extra solver: pip install 'ttr-teach[solver]' (in a checkout: pip install '.[solver]')"
    >>> install_hint("somethingelse")
    'pip install somethingelse'
    """
    extra = EXTRAS.get(package)
    if extra is None:
        return f"pip install {package}"
    return (f"it comes with the extra {extra}: pip install 'ttr-teach[{extra}]' "
            f"(in a checkout: pip install '.[{extra}]')")


def is_installed(package: str) -> bool:
    """True when ``package`` can be imported (without importing it).

    >>> is_installed("json"), is_installed("pyscipopt_not_installed")
    (True, False)
    """
    try:
        return importlib.util.find_spec(package) is not None
    except ValueError:        # a module object without a spec stands in sys.modules
        return True


def require(module: str, purpose: str) -> ModuleType:
    """The module ``module`` (``"pyscipopt"``, ``"openskill.models"``), imported; when its
    package is not installed, :class:`MissingExtra` says that ``purpose`` needs it and which
    extra installs it. An import that fails inside an installed package is raised as it is."""
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as e:
        package = module.partition(".")[0]
        if (e.name or "").partition(".")[0] != package:     # not the package: something inside it
            raise
        raise MissingExtra(f"{purpose} needs the package {package}, which is not installed; "
                           f"{install_hint(package)}", name=package) from None
