"""Exercises of ``graphs/10_branch_and_bound``: the size of the tree of every choice, the bound
written and checked on random nodes, the search written and followed node by node, why a
bound that is never too low keeps the optimum, and the worst case."""
from __future__ import annotations

from ....engine.i18n import N_, gettext
from ...exercises import ChoiceExercise, NumberExercise
from ..graphs.bound_exercises import bound_exercise, search_exercise
from . import lesson_set

#: Why pruning with a bound that is never below the best choice under a node keeps the optimum.
SAFE = [N_("a pruned node's bound is at most the best score already found, and every choice below it scores at "
           "most its bound, so none of them beats what the search already has"),
        N_("the bound is exact at the leaves, so every pruned node is a leaf"),
        N_("the search tries the best routes first, so the optimum is always found before any pruning"),
        N_("a node is pruned only when it takes more trains than the budget")]
SAFE_WHY = {
    SAFE[1]: N_("Branch and bound prunes nodes high in the tree, long before the leaves: that is where the nodes are "
                "saved."),
    SAFE[2]: N_("The order helps the search find good choices early, but a wrong bound loses the optimum in any "
                "order; the proof must not rest on the order."),
    SAFE[3]: N_("That is the budget, which the search of every choice respects too; a bound prunes nodes that fit "
                "the budget."),
}
#: The worst case of branch and bound.
WORST = [N_("exponential in the routes: on some problems the bound stays above the best found at exponentially "
            "many nodes"),
         N_("polynomial, since every pruned node removes half of the tree"),
         N_("linear in the routes, since it follows one branch down to a leaf"),
         N_("the same as sorting the routes, O(n log n)")]
WORST_WHY = {
    WORST[1]: N_("A pruned node removes its own subtree; nothing promises that any node gets pruned at all."),
    WORST[2]: N_("It follows one branch down first, but it comes back up to every node it does not prune."),
    WORST[3]: N_("Sorting is the bound's cost at one node; the question is how many nodes there are."),
}


def exercises():
    safe = [gettext(option) for option in SAFE]
    worst = [gettext(option) for option in WORST]
    return lesson_set("notebooks/graphs/10_branch_and_bound", {
        "tree_size": NumberExercise(
            gettext("With trains enough for every route, how many nodes does the search of every choice explore "
                    "for 14 routes (the root included)?"), 2 ** 15 - 1, example="32767",
            hint=[gettext("Each node that is not a leaf has two children: take the next route, or skip it."),
                  gettext("Count the nodes level by level: 1 at the root, 2 after the first route, 4 after the "
                          "second, and so on down to 14 routes decided.")],
            nudges={2 ** 14: gettext("That is the leaves only: the nodes above them count too."),
                    2 ** 15: gettext("Close: add up the levels again, one by one, from the root down.")},
            solution=gettext("Level k holds 2^k nodes, for k = 0 to 14: 1 + 2 + ... + 2^14 = 2^15 − 1 = "
                             "**32767** nodes.")),
        "bound": bound_exercise(),
        "safe": ChoiceExercise(
            gettext("Your search prunes a node when its bound is no more than the best score found so far. Why "
                    "does it still find the best score, when the bound is never below the best choice under the "
                    "node?"), safe, safe[0],
            explanations={gettext(k): gettext(v) for k, v in SAFE_WHY.items()},
            hint=[gettext("Take a node that is pruned: what do you know about every choice below it?"),
                  gettext("Put the two inequalities together: a choice below ≤ the bound ≤ the best found.")],
            solution=gettext("**Every choice below a pruned node scores at most its bound, and the bound is at most "
                             "the best score already found.** So nothing pruned could beat the answer; with a bound "
                             "that can be too low, the first inequality fails, and the optimum can be pruned.")),
        "search": search_exercise(),
        "worst": ChoiceExercise(
            gettext("How long can branch and bound take on a problem of n routes, in the worst case?"), worst,
            worst[0], explanations={gettext(k): gettext(v) for k, v in WORST_WHY.items()},
            hint=[gettext("A node is pruned only if its bound is no more than the best found. Must that ever "
                          "happen?"),
                  gettext("Think of routes that are all worth the same per train, and no tickets: how much can "
                          "the bound tell the nodes apart?")],
            solution=gettext("**Exponential.** Pruning saves nodes only when the bound can tell a node apart from "
                             "the best found; nothing promises that it can, and the problem (a knapsack with "
                             "tickets) is NP-hard. Branch and bound is exact and often fast, never guaranteed "
                             "fast.")),
    })
