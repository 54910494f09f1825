"""Lesson 11, maximum flow and minimum cut: the lesson's Edmonds-Karp against networkx on many
pairs of cities of both maps, the cut from the last search equal to the flow, Menger's theorem
on the map (the flow is that many paths sharing no track), and the exercises: a right function
is accepted, library calls and the package's own answers are refused, a wrong path, a wrong
bottleneck or a cut that is not minimum is refused, and an unwritten function counts no try."""
import random

import networkx as nx
import pytest

from ttr_teach.course.lessons import graphs as lesson
from ttr_teach.course.lessons.questions import graphs_max_flow as questions
from ttr_teach.engine.maps import MAP_NAMES


def pairs(map, count=15, seed=3):
    cities, tracks = lesson.map_tracks(map)
    rng = random.Random(seed)
    return cities, tracks, [rng.sample(cities, 2) for _ in range(count)]


@pytest.mark.parametrize("map", MAP_NAMES)
def test_the_lessons_maximum_flow_is_networkxs_and_its_cut_holds_exactly_the_flow(map):
    cities, tracks, chosen = pairs(map)
    for s, t in chosen:
        run = lesson.augmenting_paths(cities, tracks, s, t)
        assert run["value"] == lesson.networkx_value(cities, tracks, s, t)
        assert s in run["side"] and t not in run["side"]
        assert lesson.cut_capacity(tracks, run["side"]) == run["value"] == sum(c for *_, c in run["cut"])
        assert sum(p["bottleneck"] for p in run["paths"]) == run["value"]


def test_the_capacity_of_a_pair_is_its_number_of_routes():
    cities, tracks = lesson.map_tracks("europe")
    capacity = {frozenset((a, b)): c for a, b, c in tracks}
    assert capacity[frozenset(("Pamplona", "Paris"))] == 2 and capacity[frozenset(("Brest", "Paris"))] == 1


def unit_paths(flow: dict, s, t) -> list:
    """The flow taken apart into paths of one unit each (walk from s along arcs still carrying
    flow, taking one unit off each; a city walked twice closes a loop, which is dropped)."""
    arcs: dict = {}
    for (a, b), units in flow.items():
        if units:
            arcs[(a, b) if units > 0 else (b, a)] = abs(units)
    paths = []
    while any(a == s and n for (a, _), n in arcs.items()):
        path = [s]
        while path[-1] != t:
            step = next(arc for arc, n in arcs.items() if n and arc[0] == path[-1])
            arcs[step] -= 1
            if step[1] in path:
                path = path[:path.index(step[1]) + 1]
            else:
                path.append(step[1])
        paths.append(path)
    return paths


@pytest.mark.parametrize("map", MAP_NAMES)
def test_menger_the_flow_is_that_many_paths_sharing_no_track_and_the_cut_separates(map):
    cities, tracks, chosen = pairs(map, 8)
    capacity = {frozenset((a, b)): c for a, b, c in tracks}
    for s, t in chosen:
        run = lesson.augmenting_paths(cities, tracks, s, t)
        paths = unit_paths(lesson.flow_on(run, tracks), s, t)
        assert len(paths) == run["value"] and all(p[0] == s and p[-1] == t for p in paths)
        used: dict = {}
        for p in paths:
            for pair in zip(p, p[1:], strict=False):
                used[frozenset(pair)] = used.get(frozenset(pair), 0) + 1
        assert all(n <= capacity[pair] for pair, n in used.items())       # no track used twice
        g = nx.Graph((a, b) for a, b, _ in tracks)
        g.remove_edges_from((a, b) for a, b, _ in run["cut"])
        assert not nx.has_path(g, s, t)                                     # claiming the cut separates them


def test_sending_flow_back_is_needed_and_done_on_the_small_network():
    cities, tracks = list("SABCDT"), [("S", "A", 1), ("A", "B", 1), ("B", "T", 1), ("S", "C", 1), ("C", "B", 1),
                                      ("A", "D", 1), ("D", "T", 1)]
    run = lesson.augmenting_paths(cities, tracks, "S", "T")
    first, second = (p["path"] for p in run["paths"])
    assert first == ["S", "A", "B", "T"]                   # the shortest path takes A–B
    assert "".join(second).find("BA") >= 0                 # the next one sends that unit back along B→A
    assert run["value"] == 2 and lesson.flow_on(run, tracks)[("A", "B")] == 0


def test_a_checker_accepts_a_path_that_sends_flow_back_and_refuses_one_through_a_full_track():
    cities, tracks = list("SABCDT"), [("S", "A", 1), ("A", "B", 1), ("B", "T", 1), ("S", "C", 1), ("C", "B", 1),
                                      ("A", "D", 1), ("D", "T", 1)]
    back = (2, [(["S", "A", "B", "T"], 1), (["S", "C", "B", "A", "D", "T"], 1)])
    assert lesson.follow_paths(cities, tracks, "S", "T", back, 2) is None
    full = (2, [(["S", "A", "B", "T"], 1), (["S", "C", "B", "T"], 1)])
    assert "no capacity is left" in lesson.follow_paths(cities, tracks, "S", "T", full, 2)


def test_the_frames_end_with_the_cut_and_show_each_path_and_its_residual():
    frames = lesson.flow_frames("europe", "Pamplona", "Paris")
    run = frames[-1]["run"]
    assert len(frames) == 2 * len(run["paths"]) + 2
    rows = lesson.residual_rows(frames[1]).rows
    assert all(r["capacity left before"] - r["capacity left after"] == run["paths"][0]["bottleneck"] for r in rows)


# -- the exercises ---------------------------------------------------------------------------------
def sets():
    return questions.exercises()


def test_the_worked_solutions_pass_the_checkers_and_every_key_is_proved():
    ex = sets()
    for name in ex.ids:
        ex.verify(name)


def test_a_right_max_flow_is_accepted():
    source = lesson.solution_max_flow

    def max_flow(cities, tracks, s, t, trace):     # the learner's own (not a package function)
        return source(cities, tracks, s, t, trace)

    assert sets()["max_flow"].check(max_flow).correct


def test_networkx_and_the_packages_flow_are_refused():
    def with_networkx(cities, tracks, s, t, trace):
        g = nx.Graph()
        g.add_weighted_edges_from(tracks, weight="capacity")
        return nx.maximum_flow_value(g, s, t)

    def with_package(cities, tracks, s, t, trace):
        run = lesson.augmenting_paths(cities, tracks, s, t)
        for p in run["paths"]:
            trace(p["path"], p["bottleneck"])
        return run["value"]

    ex = sets()["max_flow"]
    assert "calls maximum_flow_value" in ex.check(with_networkx).message
    assert "calls augmenting_paths" in ex.check(with_package).message
    assert "package's own functions" in ex.check(lesson.solution_max_flow).message


def test_a_wrong_bottleneck_and_a_path_through_full_tracks_are_refused():
    def too_much(cities, tracks, s, t, trace):
        return lesson.solution_max_flow(cities, tracks, s, t, lambda path, amount: trace(path, amount + 1))

    def no_search(cities, tracks, s, t, trace):        # sends the same path again and again
        trace([s, t], 1)
        trace([s, t], 1)
        return 2

    ex = sets()["max_flow"]
    assert "bottleneck" in ex.check(too_much).message
    said = ex.check(no_search).message
    assert "no track joins them" in said or "no capacity is left" in said


def test_a_path_longer_than_the_shortest_is_refused():
    problem = lesson.follow_paths("ABCD", [("A", "B", 1), ("B", "C", 1), ("C", "D", 1), ("A", "D", 1)], "A", "D",
                                  (2, [(["A", "B", "C", "D"], 1), (["A", "D"], 1)]), 2)
    assert "fewer steps" in problem


def test_stopping_while_a_path_is_left_is_refused():
    diamond = [("A", "B", 1), ("A", "C", 1), ("B", "D", 1), ("C", "D", 1)]
    problem = lesson.follow_paths("ABCD", diamond, "A", "D", (1, [(["A", "B", "D"], 1)]), 2)
    assert "an augmenting path is still left" in problem


def test_a_function_that_reports_no_path_is_refused():
    problem = lesson.follow_paths("ABC", [("A", "B", 2), ("B", "C", 2)], "A", "C", (2, []), 2)
    assert "never called trace" in problem


def test_an_unwritten_function_counts_no_try():
    def max_flow(cities, tracks, s, t, trace):
        raise NotImplementedError

    ex = sets()["max_flow"]
    verdict = ex.check(max_flow)
    assert verdict.message.startswith("Not written yet") and ex.tries == 0


def test_a_minimum_cut_is_accepted_and_a_larger_cut_refused():
    def min_cut(residual, s, t):
        return lesson.solution_min_cut(residual, s, t)

    def just_the_source(residual, s, t):
        return {s}

    def with_networkx(residual, s, t):
        g = nx.Graph()
        g.add_weighted_edges_from(lesson.tracks_of(residual), weight="capacity")
        return nx.minimum_cut(g, s, t)[1][0]

    ex = sets()["min_cut"]
    assert ex.check(min_cut).correct
    assert "more than the flow" in ex.check(just_the_source).message
    assert "calls minimum_cut" in ex.check(with_networkx).message


def test_the_choice_questions_explain_every_wrong_option():
    ex = sets()
    for name in ("bound", "count"):
        q = ex[name]
        for option in q.options:
            if option != q.answer:
                verdict = q.judge(option)
                assert not verdict.correct and len(verdict.message) > len(f"Not quite: not “{option}”.")


def test_every_refused_shortcut_exists_so_that_refusing_it_means_something():
    from importlib import import_module

    from ttr_teach.course.lessons.graphs import max_flow_checks

    assert [(m, n) for m, n in max_flow_checks.SHORTCUTS if not hasattr(import_module(m), n)] == []


def test_networkxs_edmonds_karp_is_refused_too():
    from networkx.algorithms.flow import edmonds_karp

    def with_edmonds_karp(cities, tracks, s, t, trace):
        g = nx.Graph()
        g.add_weighted_edges_from(tracks, weight="capacity")
        return edmonds_karp(g, s, t).graph["flow_value"]

    assert "calls edmonds_karp" in sets()["max_flow"].check(with_edmonds_karp).message
