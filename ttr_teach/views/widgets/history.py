"""Undo and redo for the sandbox: the states it went through, as two stacks.

A state is whatever the sandbox needs to go back to (its position and whose clicks it takes).
Recording a new change forgets what was undone, as in every editor.

>>> h = History()
>>> h.record("empty")                 # the state before a change
>>> h.undo("one road"), h.can_undo, h.can_redo
('empty', False, True)
>>> h.redo("empty")
'one road'
"""
from __future__ import annotations


class History:
    """The states before each change (to undo) and those undone (to redo)."""

    def __init__(self):
        self._undo: list = []
        self._redo: list = []

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def record(self, before) -> None:
        """A change is made: remember the state ``before`` it, and forget what was undone."""
        self._undo.append(before)
        self._redo.clear()

    def undo(self, now):
        """The state to go back to; ``now`` becomes what redo returns to. None: nothing to undo."""
        if not self._undo:
            return None
        self._redo.append(now)
        return self._undo.pop()

    def redo(self, now):
        """The state undone last; ``now`` becomes what undo returns to. None: nothing to redo."""
        if not self._redo:
            return None
        self._undo.append(now)
        return self._redo.pop()
