"""The exercises of every lesson, with their answer keys, hints in steps and worked solutions.

They live here, in the package, so that the notebooks show only the questions: a notebook
calls its lesson's ``exercises()`` and shows each exercise by name, and a hidden check cell
(tag ``check``) proves each key with :meth:`~ttr_teach.course.exercises.ExerciseSet.verify`,
which never counts as the learner solving it. Keys are computed by the engine wherever the
engine knows the answer; each exercise's ``example`` is the answer as a learner would type
it, so the check compares the engine with what the author wrote.

One module per notebook; :data:`LESSONS` maps each notebook to the function that builds its
exercises (the teacher's answer key and the tests go through it).

>>> sets = {name: build() for name, build in lesson_builders().items()}
>>> sum(len(s) for s in sets.values()), sets["notebooks/01_train_cards"].ids
(78, ['second', 'first', 'worth', 'blind'])
"""
from __future__ import annotations

from importlib import import_module

from ...exercises import ExerciseSet

#: Notebook (from the repository's root, without ``.ipynb``) -> (module here, title).
LESSONS = {
    "notebooks/00_start_here": ("start", "00 Start here"),
    "notebooks/01_train_cards": ("cards", "01 Train cards"),
    "notebooks/02_claiming_routes": ("claiming", "02 Claiming routes"),
    "notebooks/03_double_routes": ("doubles", "03 Double routes"),
    "notebooks/04_ferries": ("ferries", "04 Ferries"),
    "notebooks/05_tunnels": ("tunnels", "05 Tunnels"),
    "notebooks/06_destination_tickets": ("tickets", "06 Destination tickets"),
    "notebooks/07_stations": ("stations", "07 Stations"),
    "notebooks/08_longest_route": ("longest", "08 The longest route"),
    "notebooks/09_end_and_scoring": ("endgame", "09 The end and final scoring"),
    "notebooks/10_usa_vs_europe": ("editions", "10 USA and Europe"),
    "notebooks/11_common_misreadings": ("misreadings", "11 Common misreadings"),
    "notebooks/graphs/01_map_as_graph": ("graphs_map", "Graphs 1: the map is a graph"),
    "notebooks/graphs/02_connectivity_and_tickets": ("graphs_connectivity", "Graphs 2: connectivity"),
    "notebooks/graphs/03_shortest_paths": ("graphs_shortest", "Graphs 3: shortest paths"),
    "notebooks/graphs/04_planning_tickets": ("graphs_planning", "Graphs 4: planning a hand of tickets"),
    "notebooks/graphs/05_longest_route": ("graphs_longest", "Graphs 5: the longest route"),
    "notebooks/graphs/06_write_a_bot": ("graphs_write_a_bot", "Graphs 6: write a bot"),
    "notebooks/graphs/07_best_possible_score": ("graphs_best_score", "Graphs 7: the best possible score"),
}


def lesson_set(notebook: str, exercises: dict) -> ExerciseSet:
    """The :class:`~ttr_teach.course.exercises.ExerciseSet` of ``notebook`` (a key of :data:`LESSONS`)."""
    return ExerciseSet(notebook, LESSONS[notebook][1], exercises)


def lesson_builders() -> dict:
    """Notebook -> the function building its exercises, for every lesson with exercises."""
    return {name: import_module(f"{__name__}.{module}").exercises for name, (module, _) in LESSONS.items()}
