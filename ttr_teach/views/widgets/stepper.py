"""A labelled stepper: Previous and Next buttons around "step 3 of 9", and a Play button that
walks through the steps by itself; in place of a slider, whose handle has no name a screen
reader could say, and of a Play widget whose buttons are icons only.

>>> s = Stepper(0, 8, description="step")
>>> s.label.value, s.previous_button.disabled
('step 1 of 9', True)
>>> s.next_button.click(); s.value, s.label.value
(1, 'step 2 of 9')
>>> s.value = 8; s.next_button.disabled
True

``value`` is a trait, as a slider's: ``stepper.observe(callback, "value")`` hears every move.
"""
from __future__ import annotations

import asyncio

import ipywidgets as widgets
import traitlets

from ...engine.i18n import gettext

#: Seconds between two steps while playing.
PLAY_INTERVAL = 0.9


class Stepper(widgets.HBox):
    """Steps ``minimum`` to ``maximum`` (``value`` the current one), labelled "<description>
    <k> of <n>" (k counted from 1) or by ``words(value)``; ``description`` is a noun in the
    language spoken (``gettext("step")``), which the stepper's phrases take in whole; ``play``:
    offer a Play button stepping every ``interval`` seconds (the kernel's event loop; it stops
    at the last step); ``jump``: a number box, labelled "go to <description>", that moves
    straight to the value typed."""

    value = traitlets.Int(0)

    def __init__(self, minimum: int, maximum: int, value: int | None = None, *, description: str | None = None,
                 words=None, play: bool = False, interval: float = PLAY_INTERVAL, jump: bool = False):
        description = gettext("step") if description is None else description
        self.minimum, self.maximum, self.description = minimum, maximum, description
        self.words = words
        self.interval = interval
        self._timer: asyncio.TimerHandle | None = None
        self.previous_button = widgets.Button(description=gettext("◀ Previous"),
                                              tooltip=gettext("previous {description}").format(description=description),
                                              layout=widgets.Layout(width="auto"))
        self.next_button = widgets.Button(description=gettext("Next ▶"),
                                          tooltip=gettext("next {description}").format(description=description),
                                          layout=widgets.Layout(width="auto"))
        self.label = widgets.HTML(layout=widgets.Layout(min_width="7em", margin="0 6px"))
        self.previous_button.add_class("ttr-stepper-previous")
        self.next_button.add_class("ttr-stepper-next")
        self.label.add_class("ttr-stepper-label")
        self.previous_button.on_click(lambda _: self.step(-1))
        self.next_button.on_click(lambda _: self.step(1))
        self.play_button = widgets.ToggleButton(value=False, description=gettext("Play"), icon="play",
                                                tooltip=gettext("show every {description} in turn").format(
                                                    description=description),
                                                layout=widgets.Layout(width="auto"))
        self.play_button.add_class("ttr-stepper-play")
        self.play_button.observe(self._on_play, "value")
        jump_words = gettext("go to {description}").format(description=description)
        self.jump_box = widgets.BoundedIntText(min=minimum, max=maximum, description=jump_words,
                                               style={"description_width": "auto"},
                                               layout=widgets.Layout(width="11em"))
        self.jump_box.add_class("ttr-stepper-jump")
        self.jump_box.observe(lambda change: setattr(self, "value", change["new"]), "value")
        children = ([self.previous_button, self.label, self.next_button] + ([self.play_button] if play else [])
                    + ([self.jump_box] if jump else []))
        super().__init__(children, layout=widgets.Layout(align_items="center", flex_flow="row wrap"))
        self.add_class("ttr-stepper")
        self.value = minimum if value is None else value
        self._show()

    @traitlets.validate("value")
    def _valid(self, proposal):
        return max(self.minimum, min(self.maximum, proposal["value"]))

    @traitlets.observe("value")
    def _moved(self, change):
        self._show()

    def _show(self):
        k, n = self.value - self.minimum + 1, self.maximum - self.minimum + 1
        self.label.value = self.words(self.value) if self.words else gettext("{description} {k} of {n}").format(
            description=self.description, k=k, n=n)
        self.previous_button.disabled = self.value <= self.minimum
        self.next_button.disabled = self.value >= self.maximum
        self.jump_box.value = self.value

    def step(self, by: int) -> None:
        """Move ``by`` steps (stays within the steps)."""
        self.value = self.value + by

    # -- playing ------------------------------------------------------------------------------------
    def _on_play(self, change):
        self.play_button.description, self.play_button.icon = ((gettext("Pause"), "pause") if change["new"]
                                                               else (gettext("Play"), "play"))
        if change["new"]:
            if self.value >= self.maximum:
                self.value = self.minimum
            self._later()
        elif self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _later(self):
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:       # plain Python: no clock to play by, stop at once
            self.play_button.value = False
            return
        self._timer = loop.call_later(self.interval, self._tick)

    def _tick(self):
        self._timer = None
        if not self.play_button.value:
            return
        self.step(1)
        if self.value >= self.maximum:
            self.play_button.value = False
        else:
            self._later()
