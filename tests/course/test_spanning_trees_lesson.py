
"""Lesson 8, minimum spanning trees: Kruskal's and Prim's traces give networkx's weight on both
maps, the cut picture points at the cheapest crossing route, the Steiner proof's numbers form
its chain, and the kruskal exercise follows the learner's trace: it accepts a Kruskal (with
ties in any order), refuses networkx's spanning tree and the package's own answer, refuses a
wrong order, and names the loop a route would close."""
import networkx as nx
import pytest

from tests.helpers import assert_said_in
from ttr_teach.algorithms.graphs import map_graph
from ttr_teach.course.lessons import graphs as lesson
from ttr_teach.course.lessons.graphs.spanning_trees import map_edges, trace_problem
from ttr_teach.course.lessons.questions import graphs_spanning_trees as questions

MAPS = ("europe", "usa")


def networkx_weight(name):
    return nx.minimum_spanning_tree(map_graph(name)).size(weight="weight")


@pytest.mark.parametrize("name", MAPS)
def test_kruskal_and_prim_traces_weigh_what_networkx_minimum_spanning_tree_weighs(name):
    cities, edges = map_edges(name)
    kruskal = [s["edge"] for s in lesson.kruskal_steps(cities, edges) if s["accepted"]]
    prim = [s["edge"] for s in lesson.prim_steps(cities, edges)]
    assert len(kruskal) == len(prim) == len(cities) - 1
    assert sum(w for *_, w in kruskal) == sum(w for *_, w in prim) == networkx_weight(name)
    for tree in (kruskal, prim):           # and each is a spanning tree: connected, no loop
        g = nx.Graph([e[:2] for e in tree])
        assert nx.is_tree(g) and set(g) == set(cities)


def test_kruskal_takes_routes_cheapest_first_and_skips_exactly_those_that_close_a_loop():
    steps = lesson.kruskal_steps(*map_edges("europe"))
    lengths = [s["edge"][2] for s in steps]
    assert lengths == sorted(lengths)
    for s in steps:
        if not s["accepted"]:
            loop = s["loop"]
            assert loop[0] == loop[-1] and {loop[0], loop[-2]} == set(s["edge"][:2])
            assert "would close the loop" in s["message"]


@pytest.mark.parametrize("name", MAPS)
def test_the_frames_end_with_the_spanning_tree_and_prim_adds_one_city_a_step(name):
    kruskal = lesson.kruskal_frames(name)
    assert kruskal[-1]["trains"] == networkx_weight(name)
    drawn = [f["forest"] for f in kruskal[1:-1] if f["forest"]]
    assert drawn and all(len(forest["parent"]) <= lesson.spanning_trees.FOREST_MOST for forest in drawn)
    start = "Paris" if name == "europe" else "Denver"
    prim = lesson.prim_frames(name, start)
    badges = prim[-1]["highlight"][2]["city_badges"]
    assert len(prim) == len(map_edges(name)[0]) and sorted(badges.values()) == list(range(len(prim)))


def test_the_cut_picture_marks_the_cheapest_crossing_route_roma_venezia():
    items = lesson.cut_highlight("europe", ["Palermo", "Roma", "Brindisi"])
    # Roma–Venezia is 2 trains; Brindisi–Athina 4, Roma–Marseille 4, Palermo–Smyrna 6
    assert "Roma–Venezia (2 trains)" in items[2]["label"]
    assert len(items[1]["routes"]) == 3


def test_the_steiner_proof_numbers_form_its_chain_and_the_bound_holds_against_the_tree_only():
    for tickets in ([("Edinburgh", "Paris"), ("Paris", "Zagrab"), ("Brest", "Venezia")],
                    [("Constantinople", "Venezia"), ("Berlin", "Moskva")],
                    [("Erzurum", "Rostov"), ("Edinburgh", "Paris")]):
        p = lesson.steiner_bound("europe", tickets)
        assert p["approximate"] <= p["mst"] <= p["path trains"] <= p["bound"] <= 2 * p["tree"]
        assert p["path trains"] <= p["tour trains"] <= p["doubled"] == 2 * p["tree"]
        assert p["walk"][0] == p["walk"][-1] and len(p["walk"]) == 2 * (len(set(p["walk"])) - 1) + 1
    far = lesson.steiner_bound("europe", [("Erzurum", "Rostov"), ("Edinburgh", "Paris")])
    assert far["approximate"] > 2 * far["forest"]          # no guarantee against the forest


# -- the exercise --------------------------------------------------------------------------------
@pytest.fixture
def exercise():
    return questions.exercises()["kruskal"]


def my_kruskal(cities, routes):
    """A learner's Kruskal with a dictionary of parents (no package code)."""
    parent = {c: c for c in cities}

    def leader(c):
        while parent[c] != c:
            c = parent[c]
        return c

    taken = []
    for a, b, trains in sorted(routes, key=lambda r: r[2]):
        ra, rb = leader(a), leader(b)
        if ra != rb:
            parent[ra] = rb
            taken.append((a, b, trains))
    return taken


def test_a_learners_own_kruskal_is_accepted_with_ties_in_any_order(exercise):
    assert exercise.check(my_kruskal).correct

    def reversed_ties(cities, routes):      # equal lengths taken in the other order
        return my_kruskal(cities, sorted(routes, key=lambda r: (r[2], [-ord(ch) for ch in r[0] + r[1]])))

    assert exercise.check(reversed_ties).correct


def test_a_kruskal_calling_networkx_minimum_spanning_tree_is_refused(exercise):
    def shortcut(cities, routes):
        g = nx.Graph()
        g.add_nodes_from(cities)
        g.add_weighted_edges_from(routes)
        tree = nx.minimum_spanning_tree(g)
        return sorted(((a, b, w) for a, b, w in tree.edges(data="weight")), key=lambda r: r[2])

    verdict = exercise.check(shortcut)
    assert not verdict.correct and "calls minimum_spanning_tree" in verdict.message
    assert nx.minimum_spanning_tree(nx.path_graph(3)).number_of_edges() == 2     # put back afterwards


def test_a_name_imported_from_networkx_or_the_packages_answer_is_refused_too(exercise):
    from networkx.algorithms.tree.mst import kruskal_mst_edges

    def imported(cities, routes):
        g = nx.Graph()
        g.add_weighted_edges_from(routes)
        return list(kruskal_mst_edges(g, True))

    def package(cities, routes):
        return lesson.reference_kruskal(cities, routes)

    assert "calls kruskal_mst_edges" in exercise.check(imported).message
    assert "calls reference_kruskal" in exercise.check(package).message
    assert "package's own functions" in exercise.check(lesson.solution_kruskal).message


def test_a_wrong_order_is_refused_with_the_route_that_came_too_early(exercise):
    def longest_first(cities, routes):
        return my_kruskal(cities, routes)[::-1]

    verdict = exercise.check(longest_first)
    assert not verdict.correct
    assert "route number 1 of your list" in verdict.message and "comes too early" in verdict.message


def test_a_route_closing_a_loop_gets_a_sentence_naming_the_loop(exercise):
    def no_loop_check(cities, routes):
        return sorted(routes, key=lambda r: r[2])

    verdict = exercise.check(no_loop_check)
    # the first case: A–B (1), B–C (2), then A–C (3) closes A–B–C–A
    assert verdict.message == ("Not yet: for the case (['A', 'B', 'C'], [('A', 'B', 1), ('B', 'C', 2), "
                               "('A', 'C', 3)]), route number 3 of your list, A–C, closes the loop A–B–C–A: its "
                               "two cities are already joined by the routes before it.")
    # on the map: Bruxelles–Frankfurt (2) after Amsterdam–Bruxelles (1), Amsterdam–Frankfurt (2)
    edges = [("Amsterdam", "Bruxelles", 1), ("Amsterdam", "Frankfurt", 2), ("Bruxelles", "Frankfurt", 2)]
    said = trace_problem(["Amsterdam", "Bruxelles", "Frankfurt"], edges, edges)
    assert "closes the loop Bruxelles–Amsterdam–Frankfurt–Bruxelles" in said


def test_a_list_that_stops_early_or_names_an_unknown_route_is_told_so(exercise):
    edges = [("A", "B", 1), ("B", "C", 2)]
    assert "stops after 1 route" in trace_problem("ABC", edges, [("A", "B", 1)])
    assert "is not one of the routes" in trace_problem("ABC", edges, [("A", "C", 1)])
    assert "is in it twice" in trace_problem("ABC", edges, [("A", "B", 1), ("B", "A", 1)])
    assert "return the list" in trace_problem("ABC", edges, 3)
    assert trace_problem("ABC", edges, [["B", "A"], ("C", "B", 2)]) is None       # pairs, either way round
    assert trace_problem("ABC", edges, iter(edges)) is None                       # a generator will do
    assert "return the list" in trace_problem("ABC", edges, set(edges))          # a set has no order


def test_the_proof_and_complexity_questions_have_one_right_choice():
    sets = questions.exercises()
    for key, right in (("cut", "cut between the group"), ("cost", "sorting")):
        ex = sets[key]
        assert right in ex.answer
        assert [ex.judge(o).correct for o in ex.options].count(True) == 1
    assert sets["size"].judge("46").correct and "no loop" in sets["size"].judge("90").message


@pytest.mark.parametrize("lang", ["vi", "fa", "sv", "it"])
def test_the_traces_and_the_checkers_sentences_speak_the_language(lang):
    def said():
        kruskal = [f["message"] for f in lesson.kruskal_frames("usa")]
        prim = [f["message"] for f in lesson.prim_frames("usa", "Denver")]
        edges = [("A", "B", 1), ("B", "C", 2), ("A", "C", 3)]
        checker = [trace_problem("ABC", edges, wrong) for wrong in
                   ([("A", "B", 1), ("B", "C", 2), ("A", "C", 3)], [("B", "C", 2)], [("A", "B", 1)], None)]
        return kruskal + prim + checker + [str(lesson.steiner_bound("europe", [("Paris", "Wien")])["rows"])]

    assert_said_in(lang, said)
