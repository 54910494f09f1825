"""Fixtures shared by every test folder; the plain helpers they use are in ``helpers.py``."""
import pytest

from .helpers import arranged_game, play_some


@pytest.fixture
def arranged():
    """Make an arranged game: ``arranged(hands=[...], face_up=[...], players=[...])``."""
    return arranged_game


@pytest.fixture
def played():
    """Play some random actions on a game: ``played(game, n, seed=0)``."""
    return play_some
