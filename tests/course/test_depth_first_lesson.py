
"""Lesson 9, depth-first search: the lesson's search finds networkx's bridges and articulation
points on both maps and their short-route networks, classifies every route as tree or back,
nests its discovery and finish times; the dfs exercise follows the learner's order and takes
any neighbour order, refuses a breadth-first order, networkx's searches and the package's
answer, and counts no try while the function is unwritten; the low_links exercise finds the
tree route counted as a back route, and a wrong list of bridges; the articulation exercise accepts
networkx's articulation points from the learner's own search, tells the first city of a piece judged
like the others and ``>`` written for ``>=``, refuses networkx and the package, and counts no try
while the function is unwritten."""
import random

import networkx as nx
import pytest

from tests.helpers import assert_said_in
from ttr_teach.course.lessons import graphs as lesson
from ttr_teach.course.lessons.graphs.depth_first_checks import SHORTCUTS, random_networks
from ttr_teach.course.lessons.questions import graphs_depth_first as questions

NETWORKS = [("europe", None), ("usa", None), ("europe", 3), ("usa", 3), ("europe", 2), ("usa", 2)]


def networkx_graph(cities, edges):
    g = nx.Graph()
    g.add_nodes_from(cities)
    g.add_edges_from(e[:2] for e in edges)
    return g


def network(name, most):
    return lesson.map_edges(name) if most is None else lesson.short_routes(name, most)


@pytest.mark.parametrize("name, most", NETWORKS)
def test_the_search_finds_networkx_bridges_and_articulation_points(name, most):
    cities, edges = network(name, most)
    s = lesson.depth_first_search(cities, edges)
    g = networkx_graph(cities, edges)
    assert {frozenset(b) for b in s["bridges"]} == {frozenset(b) for b in nx.bridges(g)}
    assert set(s["articulation"]) == set(nx.articulation_points(g))


@pytest.mark.parametrize("name, most", NETWORKS)
def test_every_route_is_a_tree_route_or_a_back_route_to_an_ancestor(name, most):
    cities, edges = network(name, most)
    s = lesson.depth_first_search(cities, edges)
    d, f = s["discovery"], s["finish"]
    pieces = nx.number_connected_components(networkx_graph(cities, edges))
    assert len(s["tree"]) == len(cities) - pieces and len(s["tree"]) + len(s["back"]) == len(edges)
    for upper, lower in s["tree"] + s["back"]:         # the upper city's brackets hold the lower's
        assert d[upper] < d[lower] < f[lower] < f[upper]
    assert sorted(list(d.values()) + list(f.values())) == list(range(1, 2 * len(cities) + 1))


def test_the_brackets_of_two_cities_never_cross():
    s = lesson.depth_first_search(*lesson.map_edges("europe"), start="Paris")
    words = lesson.parentheses(s).split()
    assert words[0] == "(Paris" and words[-1] == "Paris)" and len(words) == 2 * 47
    d, f = s["discovery"], s["finish"]
    for a in d:
        for b in d:
            if a != b and d[a] < d[b]:
                assert f[a] < d[b] or f[b] < f[a]           # apart, or b inside a


def test_the_frames_show_one_event_a_step_and_end_with_every_route_of_the_piece():
    frames = lesson.dfs_frames("europe", "Paris")
    s = frames[-1]["search"]
    assert len(frames) == 47 + 47 + 44 + 2
    assert frames[-1]["highlight"][0]["routes"] and len(frames[-1]["highlight"][0]["routes"]) == 46
    assert sum("trail" in item for item in frames[-1]["highlight"]) == 44 == len(s["back"])
    stack_sizes = [len(f["stack"]) for f in frames[1:-1]]
    assert stack_sizes[0] == 1 and stack_sizes[-1] == 0 and max(stack_sizes) > 10


def test_the_bridges_picture_glows_networkx_bridges_of_the_short_routes():
    items = lesson.bridges_highlight("europe", 3, "Paris")
    cities, edges = lesson.short_routes("europe", 3)
    assert len(items[2]["routes"]) == sum(1 for _ in nx.bridges(networkx_graph(cities, edges)))
    rows = lesson.low_link_rows("europe", 3, ["Venezia", "Roma"], "Paris").rows
    assert [r["bridge"] for r in rows] == ["✘", "✔"] and rows[1]["low-link"] > rows[0]["discovered"]
    assert all(r["bridges (depth-first search)"] == r["bridges (networkx)"] for r in lesson.bridge_table().rows)


# -- the dfs exercise -------------------------------------------------------------------------------
@pytest.fixture
def sets():
    return questions.exercises()


def my_dfs(cities, routes, start, shuffle=None):
    """A learner's recursive search; ``shuffle`` reorders each city's neighbours."""
    neighbours = {c: [] for c in cities}
    for a, b, _ in routes:
        neighbours[a].append(b)
        neighbours[b].append(a)
    order = []

    def visit(city):
        order.append(city)
        ns = list(neighbours[city])
        if shuffle:
            shuffle(ns)
        for n in ns:
            if n not in order:
                visit(n)

    visit(start)
    return order


def test_a_learners_search_is_accepted_whatever_the_order_of_the_neighbours(sets):
    assert sets["dfs"].check(my_dfs).correct
    rng = random.Random(1)
    assert sets["dfs"].check(lambda c, r, s: my_dfs(c, r, s, rng.shuffle)).correct
    assert sets["dfs"].check(lambda c, r, s: my_dfs(c, r[::-1], s)).correct


def test_a_breadth_first_order_is_refused_with_the_city_that_came_too_early(sets):
    def bfs(cities, routes, start):
        g = networkx_graph(cities, routes)
        order, queue = [start], [start]
        while queue:
            city = queue.pop(0)
            for n in sorted(g[city]):
                if n not in order:
                    order.append(n)
                    queue.append(n)
        return order

    verdict = sets["dfs"].check(bfs)
    assert not verdict.correct
    assert verdict.message.endswith("city number 3 of your list, C, is a neighbour of A, but the search went back "
                                    "to A while B still had a neighbour not visited.")


def test_a_stack_that_marks_cities_when_pushed_is_refused(sets):
    def marks_early(cities, routes, start):
        g = networkx_graph(cities, routes)
        seen, stack, order = {start}, [start], []
        while stack:
            city = stack.pop()
            order.append(city)
            for n in sorted(g[city]):
                if n not in seen:
                    seen.add(n)
                    stack.append(n)
        return order

    assert not sets["dfs"].check(marks_early).correct


def test_the_dfs_checker_names_wrong_starts_repeats_strangers_and_short_lists():
    edges = [("A", "B", 1), ("B", "C", 1), ("D", "E", 1)]
    assert "starts at A" in lesson.follow_order("ABCDE", edges, "A", ["B", "A", "C"])
    assert "is in it twice" in lesson.follow_order("ABCDE", edges, "A", ["A", "B", "A"])
    assert "is not one of the cities" in lesson.follow_order("ABCDE", edges, "A", ["A", "Z"])
    assert "cannot be reached from A" in lesson.follow_order("ABCDE", edges, "A", ["A", "B", "C", "D"])
    assert "stops after 2 cities, but B still has" in lesson.follow_order("ABCDE", edges, "A", ["A", "B"])
    assert "return the list" in lesson.follow_order("ABCDE", edges, "A", {"A", "B", "C"})
    assert lesson.follow_order("ABCDE", edges, "A", iter("ABC")) is None
    jump = lesson.follow_order("ABCDE", [("A", "B", 1), ("A", "C", 1), ("C", "D", 1)], "A", ["A", "B", "D"])
    assert "D, is not a neighbour of A, where the search stands" in jump      # B is finished


def test_the_dfs_exercise_refuses_networkx_and_the_package(sets):
    def library(cities, routes, start):
        return list(nx.dfs_preorder_nodes(networkx_graph(cities, routes), start))

    from networkx import dfs_tree

    def imported(cities, routes, start):
        return list(dfs_tree(networkx_graph(cities, routes), start))

    assert "calls dfs_preorder_nodes" in sets["dfs"].check(library).message
    assert "calls dfs_tree" in sets["dfs"].check(imported).message
    assert "package's own functions" in sets["dfs"].check(lesson.reference_dfs).message
    assert "package's own functions" in sets["dfs"].check(lesson.solution_dfs).message
    assert "calls depth_first_search" in sets["dfs"].check(
        lambda c, r, s: lesson.depth_first_search(c, r, s)["order"]).message
    assert len(list(nx.dfs_preorder_nodes(nx.path_graph(3), 0))) == 3        # put back afterwards
    assert {m for m, _ in SHORTCUTS} >= {"networkx", "ttr_teach.algorithms.graphs"}


def test_an_unwritten_function_counts_no_try(sets):
    def unwritten(*args):
        raise NotImplementedError

    for key in ("dfs", "low_links"):
        verdict = sets[key].check(unwritten)
        assert not verdict.correct and verdict.message.startswith("Not written yet")
        assert sets[key].tries == 0


# -- the low_links exercise ----------------------------------------------------------------------
def my_low_links(cities, routes, skip_parent=True, bridges_by=None):
    neighbours = {c: [] for c in cities}
    for a, b, _ in routes:
        neighbours[a].append(b)
        neighbours[b].append(a)
    disc, low, bridges = {}, {}, []

    def visit(city, parent):
        disc[city] = low[city] = len(disc)
        for n in neighbours[city]:
            if n not in disc:
                visit(n, city)
                low[city] = min(low[city], low[n])
                if low[n] > disc[city]:
                    bridges.append((city, n))
            elif n != parent or not skip_parent:
                low[city] = min(low[city], disc[n])

    for c in cities:
        if c not in disc:
            visit(c, None)
    return disc, low, bridges if bridges_by is None else bridges_by(cities, routes)


def test_a_learners_low_links_are_accepted_on_small_networks_both_maps_and_random_ones(sets):
    ex = sets["low_links"]
    assert len(ex.cases) >= 15 and any(len(c[1]) < 60 for c in ex.cases)
    assert ex.check(my_low_links).correct
    assert ex.check(lambda c, r: my_low_links(c[::-1], r)).correct        # another order, another tree


def test_the_route_a_city_came_in_by_counted_as_a_back_route_is_named(sets):
    verdict = sets["low_links"].check(lambda c, r: my_low_links(c, r, skip_parent=False))
    assert not verdict.correct
    assert "the route it came in by is its tree route, not a back route" in verdict.message


def test_wrong_bridges_and_wrong_shapes_are_told(sets):
    ex = sets["low_links"]
    none = ex.check(lambda c, r: my_low_links(c, r, bridges_by=lambda *_: []))
    assert "leaves out 3 bridges" in none.message          # the first case is a tree
    every = ex.check(lambda c, r: my_low_links(c, r, bridges_by=lambda cs, rs: [x[:2] for x in rs]))
    assert "is in your list of bridges, but it is not one" in every.message
    assert "return three things" in ex.check(lambda c, r: [1, 2]).message
    cities, edges = lesson.map_edges("usa")
    disc, low, _ = my_low_links(cities, edges)
    assert "same discovery time" in lesson.follow_low_links(cities, edges, ({c: 0 for c in disc}, low, []))


def test_the_low_links_exercise_refuses_networkx_bridges(sets):
    def library(cities, routes):
        g = networkx_graph(cities, routes)
        disc = {c: i for i, c in enumerate(nx.dfs_preorder_nodes(g))}
        return disc, dict(disc), list(nx.bridges(g))

    assert "calls dfs_preorder_nodes" in sets["low_links"].check(library).message
    assert "package's own functions" in sets["low_links"].check(lesson.solution_low_links).message


def test_the_random_networks_are_in_pieces_and_the_same_every_time():
    nets = random_networks(6)
    assert nets == random_networks(6)
    assert any(nx.number_connected_components(networkx_graph(*n)) > 1 for n in nets)


def test_the_proof_and_complexity_questions_have_one_right_choice(sets):
    for key, right in (("cross", "discovered below it"), ("cost", "O(V + E)")):
        ex = sets[key]
        assert right in ex.answer
        assert [ex.judge(o).correct for o in ex.options].count(True) == 1
    assert sets["back"].judge("44").correct and "tree routes" in sets["back"].judge("46").message


@pytest.mark.parametrize("lang", ["vi", "fa", "sv", "it"])
def test_the_search_and_the_checkers_sentences_speak_the_language(lang):
    def said():
        frames = [f["message"] for f in lesson.dfs_frames("usa", "Denver")]
        edges = [("A", "B", 1), ("A", "C", 1), ("B", "D", 1)]
        checker = [lesson.follow_order("ABCD", edges, "A", wrong) for wrong in
                   (["B"], ["A", "A"], ["A", "B", "C"], ["A", "B", "D"], ["A"], 3)]
        return frames + checker + [str(lesson.bridge_table().rows)]

    assert_said_in(lang, said)


# -- the articulation exercise -------------------------------------------------------------------
def my_articulation(cities, routes, root_rule=True, at_least=True):
    neighbours = {c: [] for c in cities}
    for a, b, _ in routes:
        neighbours[a].append(b)
        neighbours[b].append(a)
    disc, low, cut = {}, {}, set()

    def visit(city, parent):
        disc[city] = low[city] = len(disc)
        children = 0
        for n in neighbours[city]:
            if n not in disc:
                children += 1
                visit(n, city)
                low[city] = min(low[city], low[n])
                splits = low[n] >= disc[city] if at_least else low[n] > disc[city]
                if splits and (parent is not None or not root_rule):
                    cut.add(city)
            elif n != parent:
                low[city] = min(low[city], disc[n])
        if parent is None and root_rule and children >= 2:
            cut.add(city)

    for c in cities:
        if c not in disc:
            visit(c, None)
    return sorted(cut)


def test_a_learners_articulation_cities_are_accepted_on_maps_and_random_networks_in_pieces(sets):
    ex = sets["articulation"]
    several = [c for c in ex.cases if nx.number_connected_components(networkx_graph(*c)) > 1]
    assert len(ex.cases) >= 15 and len(several) >= 3
    assert ex.check(my_articulation).correct
    assert ex.check(lambda c, r: set(my_articulation(c[::-1], r[::-1]))).correct     # another tree, a set
    for cities, edges in ex.cases:
        assert set(lesson.reference_articulation(cities, edges)) == set(nx.articulation_points(
            networkx_graph(cities, edges)))


def test_the_first_city_of_a_piece_judged_like_the_others_is_told(sets):
    verdict = sets["articulation"].check(lambda c, r: my_articulation(c, r, root_rule=False))
    assert not verdict.correct
    assert "Did a search start at A? Nothing is discovered before the first city of a piece" in verdict.message


def test_greater_than_written_for_at_least_is_told(sets):
    verdict = sets["articulation"].check(lambda c, r: my_articulation(c, r, at_least=False))
    assert not verdict.correct
    assert "D is an articulation city your list leaves out" in verdict.message      # two triangles, joined C–D
    assert "climbs back exactly to D's own discovery time" in verdict.message


def test_other_wrong_articulation_lists_get_plain_feedback():
    cities, edges = lesson.map_edges("europe")
    right = lesson.reference_articulation(cities, edges)
    two = [c for c in cities if c not in right][:2]
    assert "it is not an articulation city" in lesson.follow_articulation(cities, edges, right + two)
    assert "is not one of the cities" in lesson.follow_articulation(cities, edges, right + ["Atlantis"])
    assert "return the list of the articulation cities" in lesson.follow_articulation(cities, edges, 3)
    assert lesson.follow_articulation(cities, edges, iter(right)) is None


def test_the_articulation_exercise_refuses_networkx_and_the_package(sets):
    def library(cities, routes):
        return list(nx.articulation_points(networkx_graph(cities, routes)))

    def by_blocks(cities, routes):
        blocks = list(nx.biconnected_components(networkx_graph(cities, routes)))
        return [c for c in cities if sum(c in b for b in blocks) > 1]

    ex = sets["articulation"]
    assert "calls articulation_points" in ex.check(library).message
    assert "calls biconnected_components" in ex.check(by_blocks).message
    assert "package's own functions" in ex.check(lesson.solution_articulation_cities).message
    assert "package's own functions" in ex.check(lesson.reference_articulation).message
    from ttr_teach.algorithms.graphs import articulation_cities

    assert "calls articulation_cities" in ex.check(lambda c, r: articulation_cities("europe")).message


def test_an_unwritten_articulation_function_counts_no_try(sets):
    def unwritten(*args):
        raise NotImplementedError

    verdict = sets["articulation"].check(unwritten)
    assert not verdict.correct and verdict.message.startswith("Not written yet")
    assert sets["articulation"].tries == 0
