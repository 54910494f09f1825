"""Exercises of ``graphs/07_best_possible_score``: greedy against the solver, the split rule,
the budget, the tickets the optimum takes, and the score it maximises."""
from __future__ import annotations

from ..graphs import best_score
from . import lesson_set


def exercises():
    return lesson_set("notebooks/graphs/07_best_possible_score", {
        "gap": best_score.greedy_gap_exercise("usa", 45),
        "split": best_score.split_exercise("usa", 45),
        "doubling": best_score.doubling_exercise("europe"),
        "long_tickets": best_score.long_tickets_exercise("europe", 45),
        "network_score": best_score.network_score_exercise(),
    })
