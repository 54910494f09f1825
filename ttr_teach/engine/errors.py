"""The exceptions ttr_teach raises; every message is a sentence a learner can act on.

Each kind of failure has its own class, all under :class:`TTRError` (a ``ValueError``), which
is never raised itself: ``except TTRError`` catches every refusal of the package, and a
specific class catches one kind. The floors above add their own: ``BotError`` (a bot chose
an illegal action) and ``BotLoadError`` (a bot that cannot be loaded) in
:mod:`ttr_teach.players`, ``HighlightError`` in :mod:`ttr_teach.views.highlights`,
``PuzzleError`` in :mod:`ttr_teach.course.puzzles` (``docs/architecture.md`` has the table).

>>> issubclass(ReplayError, TTRError) and issubclass(TTRError, ValueError)
True
"""


class TTRError(ValueError):
    """Base class of every error ttr_teach raises on purpose; never raised itself (each kind
    of failure raises its own subclass)."""


class IllegalAction(TTRError):
    """An action the rules forbid; the game that refused it is unchanged.

    >>> raise IllegalAction("a face-up locomotive cannot be your second card")
    Traceback (most recent call last):
    ...
    ttr_teach.engine.errors.IllegalAction: a face-up locomotive cannot be your second card
    """


class MapError(TTRError):
    """A map file that is missing or broken, or a city/route/ticket the map does not have."""


class PositionError(TTRError):
    """A position (file or dict) that breaks a rule; the message names the player and the item."""


class ReplayError(TTRError):
    """A saved game (``Game.to_dict()``, its file or its log) that cannot be read back or
    replayed, or a recorded game that does not replay as it was played."""


class FileError(TTRError):
    """A file or folder that cannot be read or written, or that does not hold what it should
    (not JSON, not a saved tournament, a stored record that does not add up); the message
    names the file."""


class ArgumentError(TTRError):
    """An argument a function cannot use: the wrong kind of value, or out of its range (a
    seed, a number of players, a picture size, a time limit, a hand of cards); the message
    names the argument and says what to give."""


class NotFoundError(TTRError):
    """A name or a number that is not among those there are (a puzzle kind, a level, a
    player, a seat, a lesson's example); the message says which there are."""


class LimitError(TTRError):
    """An input beyond what an exact method is built for (too many cities for the exact
    planner, too many cards for the exact odds, a game that never ends); the message gives
    the limit and, where there is one, what to use instead."""


class ToolError(TTRError):
    """An outside program the package calls (Chromium, to print a PDF) is missing or failed."""
