"""The form that sets up a game in the notebook: the map, how many players, who is a person
and who a bot (and how strong), the seed, practice or not.

>>> form = SetupForm()
>>> form.count.value = 3
>>> form.kinds[2].value = "random"
>>> values = form.values()
>>> values["map"], values["seats"]
('europe', [('Ann', 'person'), ('Bo', 'beginner'), ('Cy', 'random')])
"""
from __future__ import annotations

import html

import ipywidgets as widgets

from ...engine.i18n import gettext
from ...engine.maps import MAP_NAMES, edition_name
from .play_setup import DEFAULT_NAMES, PERSON, SEAT_KINDS, PlaySetup, seat_kind_words

MAPS = tuple((edition_name(name), name) for name in MAP_NAMES)
#: A new table: one person against beginner bots (a fair first opponent).
DEFAULT_KINDS = (PERSON, "beginner", "beginner", "beginner", "beginner")


class SetupForm(widgets.VBox):
    """The setup form; ``start_button`` is clicked to start (the play widget listens)."""

    def __init__(self, setup: PlaySetup | None = None):
        self.map = widgets.ToggleButtons(options=MAPS, description=gettext("Map"),
                                         style={"button_width": "auto", "description_width": "initial"})
        self.count = widgets.ToggleButtons(options=[2, 3, 4, 5], description=gettext("Players"),
                                           style={"button_width": "36px", "description_width": "initial"})
        kinds = [(seat_kind_words(kind), kind) for kind in SEAT_KINDS]
        self.rows, self.names, self.kinds = [], [], []
        for k in range(5):
            # each box has a visible label of its own, which a screen reader says with it
            name = widgets.Text(value=DEFAULT_NAMES[k], description=gettext("Seat {n}").format(n=k + 1),
                                style={"description_width": "initial"}, layout=widgets.Layout(width="176px"))
            kind = widgets.Dropdown(options=kinds, value=DEFAULT_KINDS[k], description=gettext("as"),
                                    style={"description_width": "initial"}, layout=widgets.Layout(width="152px"))
            row = widgets.HBox([name, kind])
            self.names.append(name)
            self.kinds.append(kind)
            row.add_class("ttr-seat")
            self.rows.append(row)
        self.seats_box = widgets.VBox(self.rows)
        self.seed = widgets.IntText(value=0, description=gettext("Seed"), layout=widgets.Layout(width="160px"),
                                    style={"description_width": "initial"})
        self.practice = widgets.Checkbox(value=True, description=gettext("practice (undo allowed)"), indent=False)
        self.start_button = widgets.Button(description=gettext("Start the game"), icon="play", button_style="success")
        self.start_button.add_class("ttr-start")
        intro = widgets.HTML("<b>{}</b> {}".format(html.escape(gettext("A new game.")), html.escape(gettext(
            "People share the laptop (hot-seat: each one's cards are hidden while the next person takes over); "
            "bots play by themselves."))))
        self.count.observe(lambda _: self._show_rows(), "value")
        super().__init__([intro, self.map, self.count, self.seats_box,
                          widgets.HBox([self.seed, self.practice]), self.start_button],
                         layout=widgets.Layout(border="1px solid #ccc", padding="6px", margin="0 0 6px 0",
                                               max_width="560px"))
        self.add_class("ttr-setup")
        if setup is not None:
            self.fill(setup)
        self._show_rows()

    def fill(self, setup: PlaySetup) -> None:
        """Show ``setup`` in the form."""
        self.map.value = setup.map
        self.count.value = len(setup.seats)
        for k, seat in enumerate(setup.seats):      # more rows than seats: the rest stay hidden
            self.names[k].value, self.kinds[k].value = seat.name, seat.kind
        self.seed.value = setup.seed
        self.practice.value = setup.practice

    def _show_rows(self):
        for k, row in enumerate(self.rows):
            row.layout.display = None if k < self.count.value else "none"

    def values(self) -> dict:
        """The form's choices, as keyword arguments of :meth:`PlaySetup.of <.play_setup.PlaySetup.of>`."""
        seats = [(name.value.strip(), kind.value)
                 for name, kind in zip(self.names, self.kinds, strict=True)][:self.count.value]
        return {"map": self.map.value, "seats": seats, "seed": self.seed.value, "practice": self.practice.value}
