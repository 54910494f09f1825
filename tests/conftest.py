"""Fixtures shared by every test folder; the plain helpers they use are in ``helpers.py``."""
import os
import tempfile

import pytest

from .helpers import arranged_game, play_some

# The learner's progress file (ttr_teach.course.exercises.progress): never the home folder of
# whoever runs the tests. Set before anything starts, so notebook kernels and the JupyterLab of
# the browser tests inherit it; each test then gets a fresh file of its own (below).
os.environ["TTR_TEACH_PROGRESS"] = os.path.join(tempfile.mkdtemp(prefix="ttr-progress-"), "progress.json")


@pytest.fixture(autouse=True)
def fresh_progress_file(tmp_path, monkeypatch):
    """Every test starts with no progress recorded."""
    monkeypatch.setenv("TTR_TEACH_PROGRESS", str(tmp_path / "progress.json"))


@pytest.fixture
def arranged():
    """Make an arranged game: ``arranged(hands=[...], face_up=[...], players=[...])``."""
    return arranged_game


@pytest.fixture
def played():
    """Play some random actions on a game: ``played(game, n, seed=0)``."""
    return play_some
