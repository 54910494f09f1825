
"""Lesson 10, branch and bound: the relaxation is never below the best choice under a node
(against brute force on random problems), so branch and bound finds what every choice finds
with fewer nodes; the bound that forgets the tickets loses the optimum; the bound exercise
refuses a bound that is too low (showing the node) or looser than the relaxation; the search
exercise follows the nodes explored and refuses a search that never prunes, a brute force that
skips the tree, the package's search and a solver; an unwritten function counts no try."""
import itertools
import random

import pytest

from tests.helpers import assert_said_in
from ttr_teach.course.lessons import graphs as lesson
from ttr_teach.course.lessons.graphs.bound_exercises import search_trace_problem
from ttr_teach.course.lessons.graphs.bounded_search import Problem, RouteOption, TicketOption, random_problem
from ttr_teach.course.lessons.questions import graphs_branch_and_bound as questions


def test_the_relaxation_is_never_below_the_best_choice_under_any_node_of_random_problems():
    rng = random.Random(3)
    checked = 0
    for _ in range(25):
        p = random_problem(rng)
        for node in lesson.exhaustive_search(p).nodes[::3]:
            best, _ = lesson.brute_force_best(p, node["k"], node["taken"])
            assert lesson.relaxation_bound(p, node["k"], node["taken"]) >= best - 1e-9
            assert lesson.everything_bound(p, node["k"], node["taken"]) >= best
            checked += 1
    assert checked > 300


@pytest.mark.parametrize("seed", range(8))
def test_branch_and_bound_with_a_safe_bound_finds_the_best_score_with_fewer_nodes(seed):
    p = random_problem(random.Random(seed), n_routes=9)
    every = lesson.exhaustive_search(p)
    assert every.score == lesson.brute_force_best(p)[0]
    for bound in (lesson.relaxation_bound, lesson.everything_bound):
        found = lesson.branch_and_bound(p, bound)
        assert found.score == every.score and found.count <= every.count
        assert p.score(found.taken) == found.score and p.trains_of(found.taken) <= p.trains


def test_on_the_lesson_problem_each_better_bound_and_the_best_first_order_explore_fewer_nodes():
    rows = lesson.search_table(lesson.lesson_problem()).rows
    counts = [r["nodes explored"] for r in rows]
    assert counts[0] > counts[1] > counts[2] > counts[3]
    assert len({r["best score found"] for r in rows[:4]}) == 1


def test_the_bound_that_forgets_the_tickets_loses_the_optimum_and_the_report_names_the_node():
    p = lesson.lesson_problem()
    assert lesson.branch_and_bound(p, lesson.routes_only_bound).score < lesson.exhaustive_search(p).score
    report = lesson.wrong_bound_report(p)
    assert len(report) == 2 and "could still be reached below it" in report[1]


def test_a_problem_scores_its_routes_and_the_tickets_they_join():
    p = Problem((RouteOption("A", "B", 1, 1), RouteOption("B", "C", 2, 2)), (TicketOption("A", "C", 9),), 3)
    assert p.score((0,)) == 1 and p.score((0, 1)) == 12 and p.completed((1,)) == []


# -- the exercises -------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def sets():
    return questions.exercises()


def my_bound(problem, k, taken):
    """A learner's relaxation (no package code)."""
    left = problem.trains - sum(problem.routes[i].trains for i in taken)
    value = sum(problem.routes[i].points for i in taken)
    for r in sorted(problem.routes[k:], key=lambda r: -r.points / r.trains):
        use = min(1, max(0, left / r.trains))
        value, left = value + use * r.points, left - use * r.trains
    return value + sum(t.points for t in problem.completed(list(taken) + list(range(k, len(problem.routes)))))


def my_search(problem, bound, explore):
    """A learner's branch and bound with an explicit stack (children in the other order)."""
    best = 0
    stack = [(0, ())]
    while stack:
        k, taken = stack.pop()
        explore(k, list(taken))
        best = max(best, problem.score(taken))
        if k < len(problem.routes) and bound(problem, k, taken) > best:
            stack.append((k + 1, taken))
            if problem.trains_of(taken) + problem.routes[k].trains <= problem.trains:
                stack.append((k + 1, taken + (k,)))
    return best


def test_a_learners_own_bound_is_accepted(sets):
    assert sets["bound"].check(my_bound).correct


def test_a_bound_below_the_best_is_refused_with_the_node_where_it_fails(sets):
    def forgets_tickets(problem, k, taken):
        return my_bound(problem, k, taken) - sum(t.points for t in problem.completed(
            list(taken) + list(range(k, len(problem.routes))))) + sum(t.points for t in problem.completed(taken))

    verdict = sets["bound"].check(forgets_tickets)
    assert not verdict.correct
    assert "your bound is too low" in verdict.message and "at the node with" in verdict.message
    assert "trains left, your bound says" in verdict.message and "scores" in verdict.message


def test_a_safe_bound_looser_than_the_relaxation_is_refused(sets):
    verdict = sets["bound"].check(lambda problem, k, taken: my_bound(problem, k, taken) + 1)
    assert not verdict.correct and "looser than it needs to be" in verdict.message


def test_a_learners_own_search_is_accepted_in_either_order_of_children(sets):
    assert sets["search"].check(my_search).correct


def test_a_search_that_never_prunes_is_refused(sets):
    def no_pruning(problem, bound, explore):
        return my_search(problem, lambda *node: float("inf"), explore)

    verdict = sets["search"].check(no_pruning)
    assert not verdict.correct and "so prune it" in verdict.message


def test_a_brute_force_over_every_set_of_routes_is_refused(sets):
    def every_set(problem, bound, explore):
        best = 0
        for r in range(len(problem.routes) + 1):
            for chosen in itertools.combinations(range(len(problem.routes)), r):
                if problem.trains_of(chosen) <= problem.trains:
                    explore(len(problem.routes), chosen)
                    best = max(best, problem.score(chosen))
        return best

    assert "start at the root" in sets["search"].check(every_set).message

    def silent(problem, bound, explore):
        return my_search(problem, bound, lambda k, taken: None)

    assert "never called explore" in sets["search"].check(silent).message


def test_the_packages_search_and_a_solver_are_refused(sets):
    def package(problem, bound, explore):
        return lesson.branch_and_bound(problem, bound, explore).score

    assert "calls branch_and_bound" in sets["search"].check(package).message

    def solver(problem, bound, explore):
        import pyscipopt

        pyscipopt.Model()
        return 0

    pytest.importorskip("pyscipopt")
    assert "calls Model" in sets["search"].check(solver).message
    assert "package's own functions" in sets["search"].check(lesson.solution_branch_and_bound).message


def test_an_unwritten_function_counts_no_try():
    fresh = questions.exercises()
    for key in ("bound", "search"):
        def placeholder(*args):
            raise NotImplementedError

        verdict = fresh[key].check(placeholder)
        assert verdict.message.startswith("Not written yet") and fresh[key].tries == 0


def test_the_trace_checker_names_each_kind_of_wrong_node():
    p = Problem((RouteOption("A", "B", 1, 1), RouteOption("B", "C", 2, 2)), (TicketOption("A", "C", 5),), 2)
    bound = lesson.relaxation_bound
    assert search_trace_problem(p, bound, []).startswith("it never called explore")
    assert "explored twice" in search_trace_problem(p, bound, [(0, ()), (1, (0,)), (1, (0,))])
    assert "more than the 2 trains" in search_trace_problem(p, bound, [(0, ()), (1, (0,)), (2, (0, 1))])
    assert "is not a node" in search_trace_problem(p, bound, [(0, ()), (1, (1,))])
    assert "without its parent" in search_trace_problem(p, bound, [(0, ()), (2, ())])


def test_the_proof_and_complexity_questions_have_one_right_choice(sets):
    for key, right in (("safe", "at most its bound"), ("worst", "exponential")):
        ex = sets[key]
        assert right in ex.answer
        assert [ex.judge(o).correct for o in ex.options].count(True) == 1
    assert sets["tree_size"].judge("32767").correct and "leaves only" in sets["tree_size"].judge("16384").message


@pytest.mark.parametrize("lang", ["vi", "fa", "sv", "it"])
def test_the_lessons_and_the_checkers_sentences_speak_the_language(lang):
    def said():
        p = lesson.lesson_problem()
        small = Problem((RouteOption("A", "B", 1, 1), RouteOption("B", "C", 2, 2)), (TicketOption("A", "C", 5),), 2)
        table = lesson.search_table(p)
        return ([r["search"] for r in table.rows] + lesson.wrong_bound_report(p)
                + [item["label"] for item in lesson.choice_highlight(p, (0, 1)) + lesson.choice_highlight(p, ())]
                + [search_trace_problem(small, lesson.relaxation_bound, nodes) for nodes in
                   ([], [(0, ()), (2, ())], [(0, ()), (1, (1,))], [(0, ()), (1, (0,)), (1, (0,))])])

    assert_said_in(lang, said)


def test_on_the_problem_built_against_the_relaxation_branch_and_bound_still_grows_exponentially():
    rows = lesson.worst_case_table((6, 8, 10)).rows
    for r in rows:
        p = lesson.hard_problem(r["routes"])
        assert lesson.branch_and_bound(p, lesson.relaxation_bound).score == r["routes"] == lesson.brute_force_best(p)[0]
        assert r["branch and bound"] > r["every choice"] / 3
    assert all(b["branch and bound"] > 3 * a["branch and bound"] for a, b in zip(rows, rows[1:], strict=False))
