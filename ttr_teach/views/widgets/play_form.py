"""The form that sets up a game in the notebook: the map, how many players, who is a person
and who a bot (and how strong), the seed, practice or not.

>>> form = SetupForm()
>>> form.count.value = 3
>>> form.rows[2].children[2].value = "random"
>>> values = form.values()
>>> values["map"], values["seats"]
('europe', [('Ann', 'person'), ('Bo', 'planner'), ('Cy', 'random')])
"""
from __future__ import annotations

import ipywidgets as widgets

from .play_setup import DEFAULT_NAMES, PERSON, SEAT_KINDS, PlaySetup

MAPS = (("Europe", "europe"), ("USA", "usa"))
#: The kind of each seat on a new form: one person against planner bots.
DEFAULT_KINDS = (PERSON, "planner", "planner", "planner", "planner")


class SetupForm(widgets.VBox):
    """The setup form; ``start_button`` is clicked to start (the play widget listens)."""

    def __init__(self, setup: PlaySetup | None = None):
        self.map = widgets.ToggleButtons(options=MAPS, description="Map",
                                         style={"button_width": "80px", "description_width": "60px"})
        self.count = widgets.ToggleButtons(options=[2, 3, 4, 5], description="Players",
                                           style={"button_width": "36px", "description_width": "60px"})
        kinds = [(label, kind) for kind, label in SEAT_KINDS.items()]
        self.rows = []
        for k in range(5):
            name = widgets.Text(value=DEFAULT_NAMES[k], layout=widgets.Layout(width="120px"))
            kind = widgets.Dropdown(options=kinds, value=DEFAULT_KINDS[k], layout=widgets.Layout(width="130px"))
            row = widgets.HBox([widgets.Label(f"Seat {k + 1}", layout=widgets.Layout(width="56px")), name, kind])
            row.add_class("ttr-seat")
            self.rows.append(row)
        self.seats_box = widgets.VBox(self.rows)
        self.seed = widgets.IntText(value=0, description="Seed", layout=widgets.Layout(width="160px"),
                                    style={"description_width": "60px"})
        self.practice = widgets.Checkbox(value=True, description="practice (undo allowed)", indent=False)
        self.start_button = widgets.Button(description="Start the game", icon="play", button_style="success")
        self.start_button.add_class("ttr-start")
        intro = widgets.HTML("<b>A new game.</b> People share the laptop (hot-seat: each one's cards "
                             "are hidden while the next person takes over); bots play by themselves.")
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
        for row, seat in zip(self.rows, setup.seats, strict=False):  # more rows than seats: the rest stay hidden
            row.children[1].value, row.children[2].value = seat.name, seat.kind
        self.seed.value = setup.seed
        self.practice.value = setup.practice

    def _show_rows(self):
        for k, row in enumerate(self.rows):
            row.layout.display = None if k < self.count.value else "none"

    def values(self) -> dict:
        """The form's choices, as keyword arguments of :meth:`PlaySetup.of <.play_setup.PlaySetup.of>`."""
        seats = [(row.children[1].value.strip(), row.children[2].value) for row in self.rows[:self.count.value]]
        return {"map": self.map.value, "seats": seats, "seed": self.seed.value, "practice": self.practice.value}
