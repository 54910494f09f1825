"""Refusing shortcuts (ttr_teach.course.exercises.shortcuts): a forbidden name that does not
exist is an error of the lesson's list, not a shortcut quietly left open."""
import networkx as nx
import pytest

from ttr_teach.course.exercises.shortcuts import ShortcutUsed, refusing


def test_a_misspelt_forbidden_name_is_refused_loudly():
    """networkx's Edmonds-Karp lives in networkx.algorithms.flow, not at networkx's top level:
    a list naming it there would refuse nothing."""
    with pytest.raises(ValueError, match="networkx has no edmonds_karp"):
        with refusing(len, [("networkx", "edmonds_karp")]):
            pass


def test_a_forbidden_function_is_refused_under_the_name_the_learner_gave_it():
    from networkx.algorithms.flow import edmonds_karp as augment

    def lazy(graph):
        return augment(graph, 0, 2, capacity="c")

    graph = nx.DiGraph([(0, 1, {"c": 1}), (1, 2, {"c": 1})])
    with pytest.raises(ShortcutUsed):
        with refusing(lazy, [("networkx.algorithms.flow", "edmonds_karp")]):
            lazy(graph)
    assert lazy(graph).graph["flow_value"] == 1      # put back afterwards
