"""Animation frames: one board per step of an algorithm, and a player that steps through them.

A *frame* is a dict ``{"title", "message", "board", "highlight"}``: ``board`` is a map name
or a position dict and ``highlight`` a highlight for :func:`~ttr_teach.views.svg.board_svg`
(:func:`draw_frame` draws it); :func:`frame_player` steps through frames with Previous, Next and Play buttons.
"""
from __future__ import annotations

import html
from typing import Any

from ....engine.errors import MapError
from ....engine.i18n import gettext


def draw_frame(frame: dict, size=None) -> str:
    """SVG text of one frame: its board with its highlight.

    >>> draw_frame({"board": "usa", "highlight": {"cities": ["Denver"]}}).startswith("<svg")
    True
    """
    from ....views.svg import board_svg

    return board_svg(frame["board"], highlight=frame.get("highlight"), size=size)


class FramePlayer:
    """Steps through ``frames`` (see the module docstring): Previous, Next and Play buttons above
    the caption and the board of the current frame. Boards are drawn when first shown.

    ``show(i)`` moves to frame ``i``; ``widget`` is the ipywidgets box (built on first use).
    """

    def __init__(self, frames, size=900, interval_ms: int = 1200):
        self.frames = list(frames)
        if not self.frames:
            raise MapError(gettext("there is nothing to animate: no frames"))
        self.size = size
        self.interval_ms = interval_ms
        self._svgs: dict[int, str] = {}
        self._widget: Any = None
        self.index = 0

    def svg(self, i: int) -> str:
        if i not in self._svgs:
            self._svgs[i] = draw_frame(self.frames[i], size=self.size)
        return self._svgs[i]

    def forest(self, i: int) -> str:
        """The union-find forest of frame ``i`` (HTML; empty for frames without one)."""
        shown = self.frames[i].get("forest")
        if not shown:
            return ""
        from .forest import forest_svg

        return ('<div class="ttr-forest-box">'
                + gettext('<b>Parent pointers</b> (every city points at its parent; the leader, in yellow, points '
                          'at itself; <span style="color:#1565c0">blue</span>: a union, '
                          '<span style="color:#d84315">orange</span>: path compression)')
                + forest_svg(shown["parent"], shown.get("names"), shown.get("moved"), shown.get("unions", ()))
                + "</div>")

    def caption(self, i: int) -> str:
        f = self.frames[i]
        return f"<b>{html.escape(f.get('title', ''))}</b> {html.escape(f.get('message', ''))}"

    @property
    def widget(self):
        if self._widget is None:
            import ipywidgets as w

            from ....views.widgets.stepper import Stepper

            self._stepper = Stepper(0, len(self.frames) - 1, description=gettext("step"), play=True,
                                    interval=self.interval_ms / 1000)
            self._caption = w.HTML(self.caption(0))
            self._caption.add_class("ttr-frame-caption")
            self._board = w.HTML(self.svg(0))
            self._forest = w.HTML(self.forest(0))
            self._stepper.observe(lambda change: self.show(change["new"]), names="value")
            self._widget = w.VBox([self._stepper, self._caption, self._forest, self._board])
            self._widget.add_class("ttr-frame-player")
        return self._widget

    def show(self, i: int) -> None:
        """Move to frame ``i`` (the stepper follows)."""
        if not 0 <= i < len(self.frames):
            raise MapError(gettext("there is no step {step}: the steps are 0 to {last}").format(
                step=i, last=len(self.frames) - 1))
        self.index = i
        if self._widget is not None:
            self._caption.value = self.caption(i)
            self._board.value = self.svg(i)
            self._forest.value = self.forest(i)
            if self._stepper.value != i:
                self._stepper.value = i

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)


def frame_player(frames, size=900, interval_ms: int = 1200) -> FramePlayer:
    """A :class:`FramePlayer` for ``frames``; the last expression of a cell shows it."""
    return FramePlayer(frames, size=size, interval_ms=interval_ms)
