"""Saving a game in the notebook and reading it back: the engine's saved game
(:meth:`Game.to_dict <ttr_teach.engine.game.core.Game.to_dict>`) and who sits in each seat.

A saved file is JSON: ``{"format": "ttr-teach play", "version": 1, "seats": [{"name",
"kind"}], "practice": bool, "game": <Game.to_dict()>}`` (docs/formats.md#saved-games). A bare
saved game (``"format": "ttr-teach game"``) is read too, every seat a person. Whatever is wrong is refused with a
sentence naming the file, and for a broken game the engine's own sentence (which names the
player and the item).

>>> from ttr_teach.engine.game.core import Game
>>> from ttr_teach.views.widgets.play_setup import PlaySetup
>>> game = Game.new("usa", ["Ann", "Bo"], seed=2)
>>> text = save_text(game, PlaySetup.of("usa", [("Ann", "person"), ("Bo", "random")], seed=2))
>>> loaded, setup = read_saved(text, "game.json")
>>> loaded.to_dict() == game.to_dict(), [s.kind for s in setup.seats]
(True, ['person', 'random'])
>>> read_saved('{"format": "ttr-teach play"', "game.json")
Traceback (most recent call last):
...
ttr_teach.engine.errors.ReplayError: game.json is not JSON (line 1, column 28: Expecting ',' delimiter)
"""
from __future__ import annotations

import json
from typing import Any

from ...engine.errors import ReplayError, TTRError
from ...engine.files import MAX_JSON_BYTES, decode, load_text
from ...engine.game.core import Game
from ...engine.game.state import STATE_FORMAT
from ...engine.i18n import gettext
from ...engine.text import listing
from .play_setup import PERSON, PlaySetup

PLAY_FORMAT = "ttr-teach play"
PLAY_VERSION = 1


def save_dict(game: Game, setup: PlaySetup) -> dict:
    """The saved file's content as plain JSON types."""
    return {"format": PLAY_FORMAT, "version": PLAY_VERSION,
            "seats": [s.to_dict() for s in setup.seats], "practice": setup.practice,
            "game": game.to_dict()}


def save_text(game: Game, setup: PlaySetup) -> str:
    """The saved file's text (JSON)."""
    return json.dumps(save_dict(game, setup), ensure_ascii=False) + "\n"


def read_saved(text, name: str | None = None) -> tuple:
    """``(game, setup)`` from a saved file's ``text``; raises
    :class:`~ttr_teach.engine.errors.ReplayError` with a sentence naming ``name``."""
    name = gettext("the file") if name is None else name
    if isinstance(text, (bytes, bytearray, memoryview)) and len(text) <= MAX_JSON_BYTES:
        text = decode(bytes(text), name, ReplayError)     # names the first byte that is not UTF-8
    if text is None or isinstance(text, str) and not text.strip():
        raise ReplayError(gettext("{file} is empty; give a saved game (JSON)").format(file=name))
    try:    # the engine's one reader: bounded size, nesting and numbers, no key twice
        data = load_text(text, name, "json", error=ReplayError)
    except ReplayError as e:
        why = str(e).removeprefix(f"{name}: ")
        if why.startswith("not valid JSON"):    # the engine's English sentence, said shorter
            raise ReplayError(gettext("{file} is not JSON{details}").format(
                file=name, details=why.removeprefix("not valid JSON"))) from None
        raise
    if not isinstance(data, dict):
        raise ReplayError(gettext("{file} is not a saved game: it holds {kind}, not an object").format(
            file=name, kind=type(data).__name__))
    kind = data.get("format")
    state: Any
    if kind == STATE_FORMAT:
        state, seats, practice = data, None, True
    elif kind == PLAY_FORMAT:
        if data.get("version") != PLAY_VERSION:
            raise ReplayError(gettext("{file}: version {version} of the saved-game format is not known (this is "
                                      "version {known})").format(file=name, version=repr(data.get("version")),
                                                                 known=PLAY_VERSION))
        state, seats, practice = data.get("game"), data.get("seats"), data.get("practice", True)
        if not isinstance(practice, bool):
            raise ReplayError(gettext("{file}: \"practice\" must be true or false, not {value}").format(
                file=name, value=repr(practice)))
    else:
        raise ReplayError(gettext("{file} is not a saved game: its \"format\" is {kind}, not {play} or {state}").format(
            file=name, kind=repr(kind), play=repr(PLAY_FORMAT), state=repr(STATE_FORMAT)))
    try:
        game = Game.from_dict(state)
    except TTRError as e:
        raise ReplayError(f"{name}: {e}") from None
    if seats is None:
        seats = [(n, PERSON) for n in game.players]
    try:
        setup = PlaySetup.of(game.map.name, seats, seed=game.seed, practice=practice)
    except TTRError as e:
        raise ReplayError(gettext("{file}: seats: {problem}").format(file=name, problem=e)) from None
    if setup.names != game.players:
        raise ReplayError(gettext("{file}: the seats ({seats}) are not the game's players ({players})").format(
            file=name, seats=listing(setup.names), players=listing(game.players)))
    return game, setup
