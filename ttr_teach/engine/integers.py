"""The whole-number check every reader of the package shares.

Python's ``True`` and ``False`` are integers (``isinstance(True, int)`` holds), so a file
that says ``players: true`` or an action that says ``route=False`` would slip through a bare
``isinstance(x, int)``. Every place that wants a count, a seat, an index or a seed asks
:func:`is_whole` instead.

>>> is_whole(3), is_whole(True), is_whole(3.0), is_whole("3")
(True, False, False, False)
"""
from __future__ import annotations

from typing import TypeGuard


def is_whole(x: object, low: int | None = None, high: int | None = None) -> TypeGuard[int]:
    """True when ``x`` is a Python ``int`` that is not a ``bool`` and lies between ``low``
    and ``high`` (both included, each optional). O(1).

    >>> is_whole(0), is_whole(-2), is_whole(False)
    (True, True, False)
    >>> is_whole(0, low=1), is_whole(5, low=0, high=4), is_whole(4, low=0, high=4)
    (False, False, True)
    """
    if not isinstance(x, int) or isinstance(x, bool):
        return False
    return (low is None or x >= low) and (high is None or x <= high)
