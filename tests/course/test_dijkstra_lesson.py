"""Lesson 3, Dijkstra: its invariant holds on every frame of the map's traces, the negative-length
counterexample really fools Dijkstra (Bellman-Ford is right), and the fewest_trains exercise
follows the learner's order of finished cities: a library Dijkstra is refused, a learner's own
is accepted with ties in any order, and a wrong order or distance is named."""
import heapq

import networkx as nx
import pytest

from ttr_teach.algorithms.stepwise import dijkstra_steps
from ttr_teach.course.lessons import graphs as lesson
from ttr_teach.course.lessons.questions import graphs_shortest as questions


@pytest.mark.parametrize(("name", "a", "b"), [("europe", "Paris", "Wien"), ("europe", "Lisboa", None),
                                              ("usa", "Miami", "Vancouver")])
def test_the_invariant_holds_after_every_step_of_dijkstra_on_the_maps(name, a, b):
    assert lesson.invariant_problems(name, a, b) == []


def test_the_invariant_table_shows_a_waiting_badge_above_its_shortest_distance_and_finished_ones_exact():
    step = lesson.first_step_waiting_too_high("europe", "Paris", "Wien")
    rows = lesson.invariant_table("europe", "Paris", step, "Wien").rows
    finished = [r for r in rows if r["state"] == "finished"]
    waiting = [r for r in rows if r["state"] == "frontier"]
    assert all(r["badge"] == r["shortest distance"] for r in finished)
    assert all(r["badge"] == r["through finished cities only"] for r in waiting)
    assert any(r["badge"] > r["shortest distance"] for r in waiting)


def test_the_negative_edge_counterexample_really_fools_dijkstra_and_not_bellman_ford():
    c = lesson.negative_counterexample()
    g = c["graph"]
    assert min(w for *_, w in g.edges(data="weight")) < 0
    assert not nx.negative_edge_cycle(g)                         # a shortest path exists
    assert c["bellman-ford"] == nx.single_source_bellman_ford_path_length(g, "S")
    assert c["dijkstra"]["A"] == 2 and c["bellman-ford"]["A"] == 1   # S→A 2 against S→B→A = 3 − 2
    assert c["wrong"] == ["A", "T"]
    finished = []                  # the lesson's worked solution is fooled too
    assert lesson.solution_fewest_trains(g, "S", "T", lambda c, d: finished.append(c)) == 3 != 2


# -- the exercise --------------------------------------------------------------------------------
@pytest.fixture
def exercise():
    return questions.exercises()["dijkstra"]


def my_dijkstra(graph, a, b, finish, tie=str):
    """A learner's Dijkstra with heapq, ties broken by ``tie`` (no package code)."""
    heap, done, best = [(0, tie(a), a)], set(), {a: 0}
    while heap:
        d, _, city = heapq.heappop(heap)
        if city in done:
            continue
        done.add(city)
        finish(city, d)
        if city == b:
            return d
        for n in graph[city]:
            new = d + graph[city][n]["weight"]
            if new < best.get(n, float("inf")):
                best[n] = new
                heapq.heappush(heap, (new, tie(n), n))
    return None


def test_a_learners_own_dijkstra_is_accepted_with_ties_in_any_order(exercise):
    assert exercise.check(my_dijkstra).correct
    # ties broken by name the other way round
    assert exercise.check(lambda g, a, b, finish: my_dijkstra(
        g, a, b, finish, tie=lambda c: "".join(chr(0x10FFFF - ord(ch)) for ch in str(c)))).correct


def test_a_full_dijkstra_that_finishes_every_city_is_accepted_too(exercise):
    def everything(graph, a, b, finish):
        distances = {}

        def both(city, trains):
            distances[city] = trains
            finish(city, trains)

        my_dijkstra(graph, a, None, both)
        return distances[b]

    assert exercise.check(everything).correct


@pytest.mark.parametrize("shortcut", [
    lambda g, a, b, finish: nx.shortest_path_length(g, a, b, weight="weight"),
    lambda g, a, b, finish: nx.dijkstra_path_length(g, a, b),
    lambda g, a, b, finish: nx.single_source_dijkstra(g, a)[0][b],
    lambda g, a, b, finish: [finish(c, d) for c, d in
                             sorted(nx.single_source_dijkstra_path_length(g, a).items(), key=lambda x: x[1])]
    and nx.dijkstra_path_length(g, a, b),
    lambda g, a, b, finish: [s["distance"] for s in dijkstra_steps(g, a, b)][-1],
], ids=["shortest_path_length", "dijkstra_path_length", "single_source_dijkstra", "sorted_fake_trace",
        "package_dijkstra_steps"])
def test_a_library_dijkstra_is_refused_and_put_back_afterwards(exercise, shortcut):
    verdict = exercise.check(shortcut)
    assert not verdict.correct and "calls" in verdict.message and "yourself" in verdict.message
    assert nx.shortest_path_length(nx.path_graph(3), 0, 2) == 2     # put back afterwards


def test_a_dijkstra_that_never_reports_a_finished_city_is_told_to_call_finish(exercise):
    verdict = exercise.check(lambda g, a, b, finish: my_dijkstra(g, a, b, lambda c, d: None))
    assert not verdict.correct and "never called finish" in verdict.message


def test_a_search_that_finishes_a_city_before_a_closer_one_is_named(exercise):
    def by_routes(graph, a, b, finish):        # breadth-first: fewest routes first
        queue, seen, dist = [a], {a}, {a: 0}
        while queue:
            city = queue.pop(0)
            finish(city, dist[city])
            if city == b:
                return dist[city]
            for n in graph[city]:
                if n not in seen:
                    seen.add(n)
                    dist[n] = dist[city] + graph[city][n]["weight"]
                    queue.append(n)
        return None

    verdict = exercise.check(by_routes)
    assert not verdict.correct
    assert "comes too early" in verdict.message or "shorter path to it exists" in verdict.message


def test_a_city_finished_twice_is_named():
    true = {"A": 0, "B": 1}
    said = lesson.dijkstra_trace_problem(true, "A", "B", [("A", 0), ("B", 1), ("B", 1)], 1)
    assert "was finished before" in said


def test_the_unwritten_placeholder_counts_no_try(exercise):
    def fewest_trains(graph, a, b, finish):
        raise NotImplementedError

    verdict = exercise.check(fewest_trains)
    assert not verdict.correct and exercise.tries == 0


def test_the_proof_questions_explain_every_wrong_option():
    ex = questions.exercises()
    for key in ("invariant", "counterexample"):
        q = ex[key]
        assert q.judge(q.answer).correct
        for option in q.options:
            if option != q.answer:
                assert not q.judge(option).correct and q.explanations.get(option)
