"""The build: one version, a core install that runs the rule lessons, extras for the rest, and a
message naming the extra when a function needs a package that is not installed.

A missing package is simulated by putting ``None`` in ``sys.modules`` (Python then refuses to
import it, as when it is not installed).
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

import ttr_teach
from ttr_teach.extras import EXTRAS, MissingExtra, require

try:
    import tomllib
except ImportError:      # Python 3.10
    tomllib = None

REPO = Path(__file__).resolve().parent.parent
needs_tomllib = pytest.mark.skipif(tomllib is None, reason="tomllib is in Python 3.11+")


def pyproject() -> dict:
    return tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))


def names(requirements) -> set:
    """The distribution names in a list of requirements (``"dask[distributed]>=2024.1"`` -> dask)."""
    return {re.match(r"[A-Za-z0-9_.-]+", r).group(0).lower() for r in requirements}


def missing(monkeypatch, package):
    """Make ``package`` (and its submodules) look not installed for this test."""
    for name in [m for m in sys.modules if m == package or m.startswith(package + ".")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, package, None)


# -- one version, the extras in pyproject.toml ---------------------------------------------
@needs_tomllib
def test_the_version_is_written_once_in_the_package():
    project = pyproject()
    assert "version" not in project["project"] and "version" in project["project"]["dynamic"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "ttr_teach.__version__"}
    assert re.fullmatch(r"\d+\.\d+\.\d+", ttr_teach.__version__)


@needs_tomllib
def test_each_optional_package_is_in_the_extra_its_error_names_and_not_in_the_core():
    project = pyproject()["project"]
    extras = {name: names(reqs) for name, reqs in project["optional-dependencies"].items()}
    wrong = {package: extra for package, extra in EXTRAS.items() if package not in extras.get(extra, set())}
    assert wrong == {}
    assert names(project["dependencies"]) & set(EXTRAS) == set()


@needs_tomllib
def test_make_setup_installs_every_extra():
    extras = pyproject()["project"]["optional-dependencies"]
    lines = [line.split("#")[0].strip() for line in (REPO / "requirements.txt").read_text().splitlines()]
    installed = [line for line in lines if line.startswith("-e .[")]
    assert len(installed) == 1, "requirements.txt installs the package itself, with its extras"
    chosen = set(installed[0][len("-e .["):-1].split(","))
    for requirement in extras["all"]:          # "ttr-teach[solver,...]": the package's own extras
        assert requirement.startswith("ttr-teach[")
        chosen |= set(requirement[len("ttr-teach["):-1].split(","))
    assert chosen == set(extras)


def test_the_package_says_it_is_typed():
    assert (Path(ttr_teach.__file__).parent / "py.typed").exists()


# -- a missing extra is named ----------------------------------------------------------------
def test_best_score_without_the_solver_names_the_solver_extra(monkeypatch):
    missing(monkeypatch, "pyscipopt")
    with pytest.raises(MissingExtra, match=r"needs the package pyscipopt.*pip install 'ttr-teach\[solver\]'"):
        ttr_teach.best_score("usa", trains=6)


def test_the_best_command_without_the_solver_says_which_extra_in_one_line(monkeypatch, capsys):
    from ttr_teach.cli import main

    missing(monkeypatch, "pyscipopt")
    assert main(["best", "usa", "--trains", "6", "--solve"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "pip install 'ttr-teach[solver]'" in err and "Traceback" not in err


def test_the_best_command_reads_the_stored_sweep_without_the_solver(monkeypatch, capsys):
    from ttr_teach.cli import main

    missing(monkeypatch, "pyscipopt")
    assert main(["best", "usa", "--trains", "6"]) == 0
    assert capsys.readouterr().out


def test_tournament_ratings_without_openskill_name_the_ratings_extra(monkeypatch):
    from ttr_teach.players.ratings import ratings

    missing(monkeypatch, "openskill")
    with pytest.raises(MissingExtra, match=r"rating the bots.*pip install 'ttr-teach\[ratings\]'"):
        ratings([], ["a", "b"])


def test_the_student_edition_without_nbformat_names_the_lab_extra(monkeypatch, tmp_path):
    from ttr_teach.course.editions import build_student

    missing(monkeypatch, "nbformat")
    with pytest.raises(MissingExtra, match=r"pip install 'ttr-teach\[lab\]'"):
        build_student(tmp_path / "student")


def test_a_notebook_bot_without_cloudpickle_stays_in_this_process(monkeypatch):
    from ttr_teach.players.bot_loading import portable

    missing(monkeypatch, "cloudpickle")
    assert portable(lambda seed: None) is None      # the tournament then plays in this process
    assert portable("planner") == "planner"


def test_a_failing_import_inside_an_installed_package_is_not_blamed_on_an_extra(monkeypatch, tmp_path):
    (tmp_path / "installed_but_broken.py").write_text("import no_such_dependency_of_it\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(ModuleNotFoundError) as caught:
        require("installed_but_broken", "a test")
    assert not isinstance(caught.value, MissingExtra) and caught.value.name == "no_such_dependency_of_it"


def test_a_tournament_without_cloudpickle_plays_a_notebook_bot_here_and_names_the_cluster_extra(monkeypatch):
    from ttr_teach.players.random_bot import RandomBot

    missing(monkeypatch, "cloudpickle")
    with pytest.warns(RuntimeWarning, match=r"cloudpickle, which could, is not installed.*ttr-teach\[cluster\]"):
        result = ttr_teach.tournament({"a": lambda seed: RandomBot(seed), "b": RandomBot}, jobs=2, games=2,
                                      maps=("usa",), progress=False)
    assert len(result.games) == 2 and all(r.fault is None for r in result.games)
