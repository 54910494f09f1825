"""The exceptions ttr_teach raises; every message is a sentence a learner can act on."""


class TTRError(ValueError):
    """Base class of every error ttr_teach raises on purpose."""


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
