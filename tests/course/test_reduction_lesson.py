
"""Lesson 12, the reduction from Hamiltonian paths in cubic graphs to the longest trail: the
generator finds every cubic graph of the known census; on every cubic graph up to 10 cities no
trail has more than n + 1 routes and one of n + 1 routes exists exactly when a Hamiltonian path
does (both found by brute force); both directions of the proof, as functions, give what they
promise; the claim fails for graphs that are not cubic. The exercises accept a learner's own
functions, refuse the package's searches and networkx's, name what is wrong with a wrong answer
(a route taken twice when the path's ends are joined), and an unwritten function counts no try."""
import networkx as nx
import pytest

from tests.helpers import assert_said_in
from ttr_teach.course.lessons import graphs as lesson
from ttr_teach.course.lessons.graphs.reduction_exercises import trail_cases
from ttr_teach.course.lessons.questions import graphs_reduction as questions

SIZES = (4, 6, 8, 10)


def test_the_generator_finds_every_cubic_graph_of_the_census():
    # connected cubic graphs on 4..10 cities: 1, 2, 5, 19; with those in pieces: 1, 2, 6, 21
    # (read from the stored census up to 10; with the counts and no two alike, nothing is missing)
    assert [len(lesson.connected_cubic_graphs(n)) for n in SIZES] == [1, 2, 5, 19]
    assert [len(lesson.cubic_graphs(n)) for n in SIZES] == [1, 2, 6, 21]
    for n in SIZES:
        graphs = lesson.cubic_graphs(n)
        assert all(g.number_of_nodes() == n and all(d == 3 for _, d in g.degree) for g in graphs)
        assert not any(nx.is_isomorphic(a, b) for i, a in enumerate(graphs) for b in graphs[i + 1:])


@pytest.mark.parametrize("n", SIZES[:3])
def test_the_stored_census_is_what_the_search_finds_route_for_route(n):
    """The stored census (10 cities take seconds to search: ``bench/cubic_census.py``) is the
    search's own answer, in its order, where the search is quick."""
    from ttr_teach.course.lessons.graphs.reduction import _stored_census, search_cubic_graphs

    assert _stored_census()[n] == search_cubic_graphs(n)


@pytest.mark.parametrize("n", SIZES)
def test_a_trail_of_n_plus_1_routes_exists_exactly_when_a_hamiltonian_path_does(n):
    for g in lesson.cubic_graphs(n):
        trail = lesson.longest_trail(g)
        path = lesson.hamiltonian_path(g)
        assert lesson.is_trail(g, trail) and len(trail) - 1 <= n + 1
        assert (len(trail) - 1 == n + 1) == (path is not None)
        if path is not None:
            assert lesson.is_hamiltonian_path(g, path)
            made = lesson.trail_from_path(g, path)
            assert lesson.is_trail(g, made) and len(made) - 1 == n + 1
            assert lesson.is_hamiltonian_path(g, lesson.path_from_trail(trail))


def test_the_instance_is_the_graph_with_routes_of_length_1_and_target_n_plus_1():
    g = nx.petersen_graph()
    instance = lesson.trail_instance(g)
    assert instance.target == 11 and sorted((a, b) for a, b, _ in instance.routes) == sorted(g.edges)
    assert {length for _, _, length in instance.routes} == {1}


def test_the_trail_from_a_path_whose_ends_are_joined_uses_no_route_twice():
    g = nx.complete_graph(4)
    assert g.has_edge(0, 3)
    trail = lesson.trail_from_path(g, [0, 1, 2, 3])
    assert lesson.is_trail(g, trail) and len(trail) == 6
    assert lesson.visits(trail) == {2: 3, 0: 3, 1: 2, 3: 2}


def test_without_three_routes_a_city_the_claim_fails_both_ways():
    windmill, path = lesson.beyond_cubic().rows
    assert windmill["longest trail"] > windmill["cities"] + 1 and windmill["Hamiltonian path"] == "no"
    assert path["longest trail"] < path["cities"] + 1 and path["Hamiltonian path"] == "yes"


def test_the_traces_name_the_ends_and_the_path():
    g = nx.petersen_graph()
    path = lesson.hamiltonian_path(g)
    assert len(lesson.trace_if(g, path)) == 4 and "n + 1" in lesson.trace_if(g, path)[3]
    trail = lesson.longest_trail(g)
    assert "Hamiltonian path" in lesson.trace_only_if(g, trail)[3]


def test_the_trail_player_grows_the_trail_then_shows_the_path_inside_it():
    g = nx.petersen_graph()
    trail = lesson.longest_trail(g)
    frames = lesson.trail_frames(g, trail)
    assert [f["walk"] for f in frames[:-1]] == [trail[:k + 1] for k in range(1, len(trail))]
    assert frames[-1]["walk"] == lesson.path_from_trail(trail) and "Hamiltonian path" in frames[-1]["message"]
    assert all("of 3" in f["message"] for f in frames[:-1])
    assert lesson.trail_player(g, trail).svg(len(frames) - 1).lstrip().startswith("<?xml")


# -- the exercises -------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def sets():
    return questions.exercises()


def my_path(trail):
    """A learner's path: keep the cities strictly inside the trail (no package code)."""
    return [trail[i] for i in range(1, len(trail) - 1)]


def my_trail(graph, path):
    """A learner's trail, added at the last end first (no package code)."""
    after = [w for w in graph[path[-1]] if w != path[-2] and w != path[0]][0]
    before = [w for w in graph[path[0]] if w != path[1]][0]
    return [before, *path, after]


def test_a_learners_own_directions_are_accepted(sets):
    assert sets["path"].check(my_path).correct
    assert sets["trail"].check(my_trail).correct
    assert sets["path"].check(lambda trail: my_path(trail)[::-1]).correct


def test_the_cases_include_paths_whose_ends_are_joined_by_a_route():
    assert any(g.has_edge(p[0], p[-1]) for g, p in trail_cases())


def test_wrong_answers_are_told_what_is_wrong(sets):
    def careless(graph, path):
        return [[w for w in graph[path[0]] if w != path[1]][0], *path,
                [w for w in graph[path[-1]] if w != path[-2]][0]]

    assert "twice" in sets["trail"].check(careless).message
    assert "not n + 1" in sets["trail"].check(lambda graph, path: list(path)).message
    assert "is in it twice" in sets["path"].check(lambda trail: trail[:-1]).message
    assert "is missing" in sets["path"].check(lambda trail: trail[2:-1]).message


def test_the_packages_searches_and_networkx_are_refused(sets):
    def searches(graph, path):
        return lesson.longest_trail(graph)

    assert "calls longest_trail" in sets["trail"].check(searches).message

    def euler(graph, path):
        ends = [(path[0], [w for w in graph[path[0]] if w != path[1]][0])]
        return [a for a, _ in nx.eulerian_path(nx.Graph(list(zip(path, path[1:], strict=False)) + ends))]

    assert "calls eulerian_path" in sets["trail"].check(euler).message
    assert "package's own functions" in sets["path"].check(lesson.path_from_trail).message


def test_an_unwritten_function_counts_no_try():
    fresh = questions.exercises()
    for key in ("path", "trail"):
        def placeholder(*args):
            raise NotImplementedError

        verdict = fresh[key].check(placeholder)
        assert verdict.message.startswith("Not written yet") and fresh[key].tries == 0


def test_the_proof_questions_have_one_right_choice_and_explain_every_wrong_one(sets):
    for key in ("direction", "unless", "degree", "gadget"):
        ex = sets[key]
        assert [ex.judge(o).correct for o in ex.options].count(True) == 1
        for option in ex.options:
            if not ex.judge(option).correct:
                assert len(ex.judge(option).message) > len("Not yet.") + 20
    assert "polynomial time" in sets["unless"].answer and "passed through" in sets["degree"].answer
    assert "quickly" in sets["direction"].answer and "one route only" in sets["gadget"].answer


@pytest.mark.parametrize("lang", ["vi", "fa", "sv", "it"])
def test_the_lessons_and_the_checkers_sentences_speak_the_language(lang, sets):


    g = nx.complete_graph(4)

    def said():
        gadget_question = questions.exercises()["gadget"]
        return (lesson.trace_if(g, [0, 1, 2, 3]) + lesson.trace_only_if(g, [2, 0, 1, 2, 3, 0])
                + [f["message"] for f in lesson.trail_frames(g, [2, 0, 1, 2, 3, 0])[-2:]]
                + [lesson.instance_summary(lesson.trail_instance(g)), lesson.longer_trail_summary((4,)),
                   lesson.beyond_cubic().rows[0]["graph"],
                   sets["trail"].judge(lambda graph, path: [path[1], *path, path[-2]]).message,
                   sets["path"].judge(lambda trail: trail).message,
                   sets["path"].judge(my_path).message,
                   gadget_question.judge(gadget_question.options[1]).message, gadget_question.prompt])

    assert_said_in(lang, said)
