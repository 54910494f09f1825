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
(105, ['second', 'first', 'worth', 'blind'])
"""
from __future__ import annotations

from importlib import import_module

from ....engine.i18n import N_
from ...exercises import ExerciseSet

#: Notebook (from the repository's root, without ``.ipynb``) -> (module here, title). The titles
#: are kept in English in the learner's progress file and translated where they are shown.
LESSONS = {
    "notebooks/00_start_here": ("start", N_("00 Start here")),
    "notebooks/01_train_cards": ("cards", N_("01 Train cards")),
    "notebooks/02_claiming_routes": ("claiming", N_("02 Claiming routes")),
    "notebooks/03_double_routes": ("doubles", N_("03 Double routes")),
    "notebooks/04_ferries": ("ferries", N_("04 Ferries")),
    "notebooks/05_tunnels": ("tunnels", N_("05 Tunnels")),
    "notebooks/06_destination_tickets": ("tickets", N_("06 Destination tickets")),
    "notebooks/07_stations": ("stations", N_("07 Stations")),
    "notebooks/08_longest_route": ("longest", N_("08 The longest route")),
    "notebooks/09_end_and_scoring": ("endgame", N_("09 The end and final scoring")),
    "notebooks/10_usa_vs_europe": ("editions", N_("10 USA and Europe")),
    "notebooks/11_common_misreadings": ("misreadings", N_("11 Common misreadings")),
    "notebooks/graphs/01_map_as_graph": ("graphs_map", N_("Graphs 1: the map is a graph")),
    "notebooks/graphs/02_connectivity_and_tickets": ("graphs_connectivity", N_("Graphs 2: connectivity")),
    "notebooks/graphs/03_shortest_paths": ("graphs_shortest", N_("Graphs 3: shortest paths")),
    "notebooks/graphs/04_planning_tickets": ("graphs_planning", N_("Graphs 4: planning a hand of tickets")),
    "notebooks/graphs/05_longest_route": ("graphs_longest", N_("Graphs 5: the longest route")),
    "notebooks/graphs/06_write_a_bot": ("graphs_write_a_bot", N_("Graphs 6: write a bot")),
    "notebooks/graphs/07_best_possible_score": ("graphs_best_score", N_("Graphs 7: the best possible score")),
    "notebooks/graphs/08_spanning_trees": ("graphs_spanning_trees", N_("Graphs 8: minimum spanning trees")),
    "notebooks/graphs/09_depth_first_search": ("graphs_depth_first", N_("Graphs 9: depth-first search")),
    "notebooks/graphs/10_branch_and_bound": ("graphs_branch_and_bound", N_("Graphs 10: branch and bound")),
    "notebooks/graphs/11_max_flow_min_cut": ("graphs_max_flow", N_("Graphs 11: maximum flow and minimum cut")),
    "notebooks/graphs/12_reduction": ("graphs_reduction", N_("Graphs 12: a reduction, step by step")),
}


def lesson_set(notebook: str, exercises: dict) -> ExerciseSet:
    """The :class:`~ttr_teach.course.exercises.ExerciseSet` of ``notebook`` (a key of :data:`LESSONS`)."""
    return ExerciseSet(notebook, LESSONS[notebook][1], exercises)


def lesson_builders() -> dict:
    """Notebook -> the function building its exercises, for every lesson with exercises."""
    return {name: import_module(f"{__name__}.{module}").exercises for name, (module, _) in LESSONS.items()}
