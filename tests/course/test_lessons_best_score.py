"""Lesson 7 helpers: greedy tries, LP rows, the sweep, the explorer and the exercises, whose
feedback never names the key."""
import pytest

from ttr_teach.algorithms.best_score_cache import cached_best_score
from ttr_teach.course.lessons.graphs import best_score as lesson


def test_greedy_rows_are_never_better_than_the_optimum():
    for name in ("europe", "usa"):
        rows = lesson.greedy_rows(name, 45)
        assert rows[-1]["score"] == cached_best_score(name, 45).score
        # the solver starts from the best greedy network, so nothing greedy beats what it stored
        assert all(r["score"] <= rows[-1]["score"] for r in rows)


def test_lp_rows_bound_the_optimum():
    rows = lesson.lp_rows()
    assert {r["map"] for r in rows} == {"europe", "usa"}
    assert all(r["LP without cuts"] >= r["LP with cuts"] >= r["optimum"] - 1e-6 for r in rows)


def test_stored_lp_bound_is_found_again():
    from ttr_teach.algorithms.best_score import lp_bound

    row = next(r for r in lesson.lp_rows("usa") if r["trains"] == 20)
    assert lp_bound("usa", 20, cuts=False).bound == pytest.approx(row["LP without cuts"], abs=1e-3)


def test_explorer_shows_each_budget():
    explorer = lesson.BudgetExplorer("usa", 25, size=300)
    assert explorer.show(31).budget == 31
    assert "31 trains" in explorer.caption() and explorer.svg(31).startswith("<svg")


def test_always_taken_tickets_are_in_every_optimum_from_30():
    for name in ("europe", "usa"):
        for t in lesson.always_taken(name):
            assert all(t in cached_best_score(name, b).tickets for b in range(30, 51))


def test_exercises_accept_the_key_and_never_name_it():
    gap = lesson.greedy_gap_exercise("usa", 45)
    assert gap.check(gap.answer).correct
    for guess in (gap.answer + 7, gap.answer - 3):
        wrong = gap.check(guess)     # only says which way: never the key, never the distance
        assert not wrong.correct
        assert wrong.message == f"Not quite: {guess} is too {'high' if guess > gap.answer else 'low'}."
    longs = lesson.long_tickets_exercise("europe", 45)
    key = ", ".join(longs.answer)
    if longs.answer:
        verdict = longs.check("Lisboa-Danzig" if "Danzig-Lisboa" not in longs.answer else "Paris-Wien")
        assert not verdict.correct and all(k not in verdict.message for k in longs.answer)
    assert longs.check(key).correct
    doubling = lesson.doubling_exercise("europe")
    assert doubling.check(doubling.answer).correct


def test_network_score_exercise_accepts_the_solution_and_rejects_a_wrong_one():
    ex = lesson.network_score_exercise()
    assert ex.judge(lesson.solution_network_score).correct
    assert "one of the package's own functions" in ex.check(lesson.solution_network_score).message
    assert not ex.check(lambda m, routes: sum(r.length for r in routes)).correct


def test_plot_sweep_draws_both_maps():
    fig = lesson.plot_sweep()
    assert len(fig.axes) == 2


def test_proof_summary_says_proven_only_where_the_sweep_is_proven():
    for name in ("europe", "usa"):
        rows = lesson.sweep_rows(name)
        text = lesson.proof_summary(name)
        proven = sum(r["proven"] for r in rows)
        if proven == len(rows):
            assert "proven for every budget" in text
        else:
            assert (f"proven for {proven} of {len(rows)}" in text) if proven else ("no budget is proven" in text)
            widest = max(r["bound"] - r["score"] for r in rows if not r["proven"])
            assert f"at most {widest} points apart" in text
