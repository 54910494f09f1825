"""Figures for standings: the Wilson interval of a win rate, and ratings from OpenSkill.

A win rate measured over ``n`` games is uncertain; :func:`wilson_interval` gives the 95%
interval of Wilson (1927), which stays inside [0, 1] and behaves for small ``n`` and for
rates near 0 or 1 (where the textbook ``p ± 1.96·sqrt(p(1-p)/n)`` does not).

:func:`ratings` rates the bots with the Plackett-Luce model of the ``openskill`` library (a
Bayesian rating for games of two or more players, like TrueSkill): each game updates the
players' skill estimates ``mu`` (mean) and ``sigma`` (uncertainty) from their ranks. The
rating shown is the conservative ``mu - 3·sigma`` (the "ordinal"). Games are rated in the
schedule's order, so the same tournament always gives the same ratings.

>>> low, high = wilson_interval(8, 10)
>>> round(low, 3), round(high, 3)
(0.49, 0.943)
>>> wilson_interval(0, 0)
(0.0, 1.0)
"""
from __future__ import annotations

import math
from statistics import NormalDist

from ..extras import require


def wilson_interval(wins: float, games: int, confidence: float = 0.95) -> tuple:
    """``(low, high)``: the Wilson score interval for the win rate ``wins / games`` (shared
    wins count as fractions). With no game, ``(0, 1)``."""
    if games <= 0:
        return 0.0, 1.0
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    low = 0.0 if wins <= 0 else max(0.0, centre - half)
    high = 1.0 if wins >= games else min(1.0, centre + half)
    return low, high


def ratings(records, names) -> dict:
    """``{bot: {"rating", "mu", "sigma"}}`` after rating ``records`` (GameRecords, in order)
    with OpenSkill's Plackett-Luce model. A stalled game is not rated. A bot that holds
    several seats at one table is rated on the mean of its seats' updates.

    >>> from types import SimpleNamespace as G
    >>> r = ratings([G(seats=["a", "b"], ranks=[1, 2], fault=None)] * 5, ["a", "b"])
    >>> r["a"]["mu"] > 25 > r["b"]["mu"], r["a"]["rating"] > r["b"]["rating"]
    (True, True)
    """
    PlackettLuce = require("openskill.models", "rating the bots of a tournament").PlackettLuce

    model = PlackettLuce()
    current = {name: (model.mu, model.sigma) for name in names}
    for rec in records:
        if rec.fault is not None and rec.fault.get("seat") is None:
            continue
        teams = [[model.rating(mu=current[b][0], sigma=current[b][1])] for b in rec.seats]
        rated = model.rate(teams, ranks=list(rec.ranks))
        updates: dict[str, list[tuple[float, float]]] = {}
        for bot, (new,) in zip(rec.seats, rated, strict=True):
            updates.setdefault(bot, []).append((new.mu, new.sigma))
        for bot, values in updates.items():
            current[bot] = (sum(v[0] for v in values) / len(values), sum(v[1] for v in values) / len(values))
    return {name: {"rating": mu - 3 * sigma, "mu": mu, "sigma": sigma} for name, (mu, sigma) in current.items()}


def head_to_head(records, names) -> dict:
    """``{a: {b: (score, meetings)}}``: over the games where bots ``a`` and ``b`` sat at the
    same table, how often ``a`` finished ahead of ``b`` (1 for ahead, 1/2 for the same
    place) and in how many games they met. A stalled game does not count; neither do two
    seats of the same bot.

    >>> from types import SimpleNamespace as G
    >>> games = [G(seats=["a", "b"], ranks=[1, 2], fault=None), G(seats=["b", "a"], ranks=[1, 1], fault=None)]
    >>> head_to_head(games, ["a", "b"])["a"]["b"]
    (1.5, 2)
    """
    table = {a: {b: [0.0, 0] for b in names if b != a} for a in names}
    for rec in records:
        if rec.fault is not None and rec.fault.get("seat") is None:
            continue
        for i, a in enumerate(rec.seats):
            for j, b in enumerate(rec.seats):
                if a == b:
                    continue
                cell = table[a][b]
                cell[0] += 1.0 if rec.ranks[i] < rec.ranks[j] else 0.5 if rec.ranks[i] == rec.ranks[j] else 0.0
                cell[1] += 1
    return {a: {b: tuple(v) for b, v in row.items()} for a, row in table.items()}
