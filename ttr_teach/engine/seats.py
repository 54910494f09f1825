"""Finding a player: one lookup by seat index, name or train colour, for every part of the package.

A position, a score and the sandbox all hold their players in seat order; a learner (or a
lesson) may point at one by seat index (``0``), by name (``"Ann"``) or by the colour of
their trains (``"red"``). Names are tried before colours, so a player called "red" is
found by name even when another player plays red.

>>> from collections import namedtuple
>>> P = namedtuple("P", "name color")
>>> players = [P("Ann", "blue"), P("Bo", "red")]
>>> seat_index(players, "Bo"), seat_index(players, "blue"), seat_index(players, 1)
(1, 0, 1)
>>> seat_index(players, "Zed")
Traceback (most recent call last):
...
ttr_teach.engine.errors.PositionError: there is no player called 'Zed' (the players are Ann, Bo)
>>> seat_index(players, 2)
Traceback (most recent call last):
...
ttr_teach.engine.errors.PositionError: there is no player number 2 (the seats are 0 to 1)
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .errors import PositionError
from .i18n import gettext
from .integers import is_whole
from .text import listing


def find_seat(players: Sequence[Any], ref: object) -> int | None:
    """The seat (0, 1, ...) of the player ``ref`` among ``players``, or None when no player
    is ``ref``. ``players`` are names or objects with a ``name`` (and, if they have one, a
    train ``color``); ``ref`` is a seat index, a name or a train colour. O(players).

    >>> find_seat(["Ann", "Bo"], "Bo"), find_seat(["Ann", "Bo"], 0), find_seat(["Ann", "Bo"], 2)
    (1, 0, None)
    >>> find_seat(["Ann", "Bo"], True) is None       # a bool is not a seat number
    True
    """
    if is_whole(ref):
        return ref if 0 <= ref < len(players) else None
    for i, p in enumerate(players):
        if getattr(p, "name", p) == ref:
            return i
    if isinstance(ref, str):
        for i, p in enumerate(players):
            if getattr(p, "color", None) == ref:
                return i
    return None


def seat_index(players: Sequence[Any], ref: object) -> int:
    """The seat (0, 1, ...) of the player ``ref`` among ``players``: ``ref`` is a seat index,
    a player's name or a player's train colour (objects with ``name`` and, if they have one,
    ``color``). Raises :class:`~ttr_teach.engine.errors.PositionError` naming the players
    when there is no such player. O(players).
    """
    seat = find_seat(players, ref)
    if seat is not None:
        return seat
    if is_whole(ref):
        if not players:
            raise PositionError(gettext("there is no player number {number} (there are no players)").format(number=ref))
        raise PositionError(gettext("there is no player number {number} (the seats are 0 to {last})").format(
            number=ref, last=len(players) - 1))
    if not players:
        raise PositionError(gettext("there is no player called {name} (there are no players)").format(name=repr(ref)))
    raise PositionError(gettext("there is no player called {name} (the players are {names})").format(
        name=repr(ref), names=listing(p.name for p in players)))
