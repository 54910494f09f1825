"""Every control a learner can reach has a name a screen reader can say (axe-core's rules
select-name, label, aria-input-field-name and button-name; tests/browser/test_axe.py checks
the pages): a description (a label one can see) or a placeholder, and for a button its words
or a tooltip. No slider and no Play widget:
their handle and icon buttons have no name (see views/widgets/stepper.py)."""
from __future__ import annotations

import ipywidgets as widgets
import pytest

from ttr_teach.course.lessons import cards, claiming, doubles, stations, tickets, tunnels
from ttr_teach.course.lessons import graphs as graph_lesson
from ttr_teach.players.play import play_game
from ttr_teach.players.random_bot import RandomBot
from ttr_teach.views.widgets import play, replay, sandbox

INPUTS = (widgets.Dropdown, widgets.Select, widgets.SelectMultiple, widgets.Text, widgets.Textarea,
          widgets.IntText, widgets.FloatText, widgets.BoundedIntText, widgets.BoundedFloatText,
          widgets.Checkbox, widgets.ToggleButtons, widgets.RadioButtons)
UNNAMEABLE = (widgets.IntSlider, widgets.FloatSlider, widgets.SelectionSlider, widgets.IntRangeSlider,
              widgets.Play)


def _walk(w):
    yield w
    for child in getattr(w, "children", ()):
        yield from _walk(child)


def _unnamed(root) -> list:
    found = []
    for w in _walk(root):
        if isinstance(w, UNNAMEABLE):
            found.append(f"{type(w).__name__} {getattr(w, 'description', '')!r}")
        elif isinstance(w, INPUTS):
            # a tooltip alone is not enough: axe-core wants a label one can see (label-title-only)
            if not (w.description or getattr(w, "placeholder", "")):
                found.append(f"{type(w).__name__} with options {getattr(w, 'options', '')!r:.60}")
        elif isinstance(w, (widgets.Button, widgets.ToggleButton)):
            if not (w.description.strip() or w.tooltip):
                found.append(f"{type(w).__name__} with icon {w.icon!r} and no words")
    return found


def _started_game():
    w = play("europe", [("Ann", "person"), ("Bo", "random")], seed=3, bot_delay=0)
    w._toggle_form()                      # the setup form shown beside the game
    return w


WIDGETS = {
    "play: setup": lambda: play(),
    "play: a game": _started_game,
    "sandbox": lambda: sandbox("europe"),
    "replay": lambda: replay(play_game("usa", [RandomBot(1), RandomBot(2)], seed=4)),
    "frame player": lambda: graph_lesson.frame_player(graph_lesson.bfs_frames("europe", "Lisboa", "Barcelona"),
                                                      size=300).widget,
    "market": lambda: cards.market_widget(),
    "claim": lambda: claiming.claim_widget(),
    "doubles": lambda: doubles.doubles_widget(),
    "station builder": lambda: stations.station_builder_widget(board=False),
    "ticket choice": lambda: tickets.ticket_choice_widget(board=False),
    "tunnel": lambda: tunnels.tunnel_widget(board=False),
    "tunnel law": lambda: tunnels.distribution_widget(),
}


@pytest.mark.parametrize("name", list(WIDGETS))
def test_every_control_has_a_name(name):
    assert _unnamed(WIDGETS[name]()) == []
