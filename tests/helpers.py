"""Helpers shared by the test modules (fixtures built on them are in ``conftest.py``).

>>> sorted(by_name({"players": [{"name": "Bo"}, {"name": "Ann"}]}))
['Ann', 'Bo']
"""
from __future__ import annotations

from pathlib import Path

#: The repository's root, and the folders tests read.
REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = REPO / "notebooks"
PUZZLES = REPO / "puzzles"
README = REPO / "README.md"

#: A face-up row with no locomotive and no three of a kind: drawing from it never resets it.
QUIET_ROW = ["pink", "pink", "orange", "orange", "white"]


def arranged_game(players=("Ann", "Bo"), map="europe", face_up=None, **kw):
    """A game arranged for a test (:meth:`Game.arranged`), with :data:`QUIET_ROW` face up unless
    ``face_up`` says otherwise."""
    from ttr_teach import Game

    return Game.arranged(map, list(players), face_up=list(QUIET_ROW if face_up is None else face_up), **kw)


def play_some(game, n: int, seed: int = 0):
    """``game`` after at most ``n`` actions chosen by a :class:`RandomBot` (fewer if it ends)."""
    from ttr_teach import RandomBot

    bot = RandomBot(seed)
    for _ in range(n):
        if game.is_over:
            break
        game.apply(bot.choose(game))
    return game


def by_name(result: dict) -> dict:
    """The players of a scoring result, by name."""
    return {p["name"]: p for p in result["players"]}


def position(*players, map="europe") -> dict:
    """A position document on ``map_name`` with these player documents."""
    return {"map": map, "players": list(players)}


def assert_refused(game, action, message: str):
    """Applying ``action`` raises :class:`IllegalAction` matching ``message`` and changes nothing."""
    import pytest

    from ttr_teach import IllegalAction

    before = game.to_dict()
    with pytest.raises(IllegalAction, match=message):
        game.apply(action)
    assert game.to_dict() == before


def assert_said_in(lang: str, said) -> None:
    """Each sentence ``said()`` returns reads differently in ``lang`` than in English, with every
    ``{placeholder}`` filled: the sentences are translated, not left English or half done."""
    import re

    from ttr_teach.engine.i18n import set_language

    english = said()
    set_language(lang)
    try:
        shown = said()
    finally:
        set_language(None)
    for en, other in zip(english, shown, strict=True):
        assert not re.search(r"(?<!\{)\{[a-z_]+\}(?!\})", other), other
        assert other != en, en
