"""The game's clock: the next bot move, or the next of a tunnel's revealed cards, after a short
delay, one at a time.

Delays are the kernel's event loop (``loop.call_later``): nothing blocks, so the board shows
every move. Outside a running event loop (plain Python, tests) nothing is scheduled and
:meth:`Clock.run_pending` runs what is due at once.

>>> from ttr_teach.views.widgets.play_model import PlayModel
>>> model = PlayModel.new("usa", [("Ann", "random"), ("Bo", "random")], seed=2)
>>> clock = Clock(model)
>>> clock.schedule(); clock.run_pending() > 50, model.screen
(True, 'over')
"""
from __future__ import annotations

import asyncio

from ...engine.i18n import gettext

#: Seconds between two bot moves, and between two of a tunnel's revealed cards.
BOT_DELAY, REVEAL_DELAY = 0.8, 0.45


class Clock:
    """Calls ``model.bot_step()`` and ``model.reveal_next()`` after their delays.
    ``scheduler(delay, callback)``: how to call later (default: the running event loop)."""

    def __init__(self, model, bot_delay: float = BOT_DELAY, reveal_delay: float = REVEAL_DELAY,
                 scheduler=None):
        self.model = model
        self.bot_delay, self.reveal_delay = bot_delay, reveal_delay
        self._scheduler = scheduler
        self._timer: object = None
        self._due = None

    def schedule(self) -> None:
        """Call the next bot move (or show the next tunnel card) after its delay, unless a call
        is waiting already."""
        if self._timer is not None:
            return
        t = self.model.tunnel
        if t is not None and t["shown"] < len(t["cards"]):
            by_bot = self.model.kinds[t["player"]] != "person"
            self._later(min(self.reveal_delay, self.bot_delay) if by_bot else self.reveal_delay, self._reveal)
        elif self.model.bot_to_move:
            self._later(self.bot_delay, self._bot)

    def _later(self, delay, callback):
        self._due = callback
        if self._scheduler is not None:
            self._timer = self._scheduler(delay, callback) or True
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:     # plain Python: run_pending() runs what is due
            self._timer = True
            return
        self._timer = loop.call_later(delay, callback)

    def _reveal(self):
        self._timer = self._due = None
        if not self.model.reveal_next():
            self.schedule()

    def _bot(self):
        self._timer = self._due = None
        try:
            if self.model.bot_step() is None:
                self.schedule()
        except Exception as e:   # a failing bot must not leave a silent, frozen board
            self.model.report(gettext("The bot could not move ({error}: {problem}).").format(
                error=type(e).__name__, problem=e))

    def run_pending(self, limit: int = 100_000) -> int:
        """Run what is due now instead of waiting (bot moves, tunnel cards), until a person is
        to act or the game ends; the number of calls run."""
        n = 0
        while self._due is not None and n < limit:
            callback = self._due
            if hasattr(self._timer, "cancel"):
                self._timer.cancel()
            self._timer = self._due = None
            callback()
            self.schedule()
            n += 1
        return n
