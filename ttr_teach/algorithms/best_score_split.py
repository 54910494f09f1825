"""Networks of several pieces, bounded by the best scores of smaller budgets.

:func:`~ttr_teach.algorithms.best_score.best_score` solves the integer program for networks
whose counted tickets all lie on **one tree** (plus routes taken for their points alone):
that program proves in seconds what the program for a whole forest proves in minutes, or not
at all (measured, processor seconds: Europe 36 trains, 14 s instead of 674 s; Europe 37, 11 s
instead of no proof after 1,500 s). The networks it leaves out have two or more *ticket
pieces* (connected pieces that complete a ticket), and those are bounded here.

Take such a network with ``B`` trains and its smallest ticket piece ``P``, of ``b`` trains.
Tickets count only inside a piece, so the network's score is ``P``'s score plus the score of
everything else; ``P`` is a network of ``b`` trains and the rest one of at most ``B - b``,
so the score is at most ``best(b) + best(B - b)``. ``P`` completes a ticket, so ``b`` is at
least the shortest ticket's length; another ticket piece is at least as big, so ``b <= B/2``.
Hence::

    best(B) = max(one tree(B), several pieces(B))
    several pieces(B) <= max over b of  best(b) + best(B - b)

and bigger networks complete more tickets per train, so the one tree usually wins by a wide
margin (Europe, 45 trains: 214 points on one tree, against 11 + 184 = 195 for the best split,
5 + 40 trains). When it does not, the forest program settles the case.

>>> split_bound(20, 5, lambda b: 3 * b)             # 3 points a train at every budget
60
>>> split_bound(9, 5, lambda b: 3 * b) is None      # two tickets of 5 trains need 10
True
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .best_score_model import Instance


def shortest_ticket(inst: Instance, distance: Callable[[str, str], float]) -> int | None:
    """The fewest trains that complete one of the tickets of ``inst`` (``distance(a, b)``:
    the fewest trains joining two cities), or None if no ticket fits the budget."""
    lengths = [distance(t.a, t.b) for _, _, _, t in inst.tickets]
    return int(min(lengths)) if lengths else None


def split_bound(budget: int, shortest: int | None, upper: Callable[[int], int]) -> int | None:
    """The best a network of two or more ticket pieces can score with ``budget`` trains:
    ``max(upper(b) + upper(budget - b))`` over the budgets ``b`` of its smallest ticket
    piece, from ``shortest`` (the shortest ticket) to ``budget // 2``; ``upper(b)`` is an
    upper bound on the best score with ``b`` trains. None when no such network exists."""
    if shortest is None:
        return None
    sides = range(max(1, shortest), budget // 2 + 1)
    return max((upper(b) + upper(budget - b) for b in sides), default=None)
