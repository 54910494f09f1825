"""Simulations that draw random cards, to watch a frequency converge to the exact odds of
:mod:`ttr_teach.algorithms.probability`: a tunnel's extra cost, the face-up locomotive reset.

>>> sim = simulate_tunnel({"red": 1, "blue": 1}, "red", trials=100, reveal=1, seed=2)
>>> sim["trials"], sorted(sim["distribution"])
(100, [0, 1])
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from fractions import Fraction

from ..engine.cards import needs_redeal, redeal_can_end
from ..engine.errors import ArgumentError
from ..engine.i18n import gettext, pgettext
from ..engine.rules import EUROPE, LOCOMOTIVE, RuleSet
from .probability import MAX_DRAWS, TUNNEL_REVEAL, _check_color, _check_count, check_deck, full_deck

#: How a simulation shows its progress: False for nothing, True for a tqdm bar, or a wrapper of
#: the range of trials such as ``tqdm.notebook.tqdm``.
Progress = bool | Callable[[range], Iterable[int]]


def _trials_iter(trials: int, progress: Progress, desc: str, unit: str) -> Iterable[int]:
    """The trials, with a tqdm bar labelled ``desc`` counting ``unit``'s (both in the learner's language)."""
    trials = _check_count(trials, "trials")
    if not trials:
        raise ArgumentError(gettext("a simulation needs at least one trial"))
    if not progress:
        return range(trials)
    if callable(progress):
        return progress(range(trials))
    from tqdm.auto import tqdm

    return tqdm(range(trials), desc=desc, unit=unit)


def _checkpoints(trials: int) -> set[int]:
    marks: set[int] = set()
    step = 1
    while step <= trials:
        marks.update(m for m in (step, 2 * step, 5 * step) if m <= trials)
        step *= 10
    marks.add(trials)
    return marks


def _cards(deck: object) -> list[str]:
    return [kind for kind, count in check_deck(deck).items() for _ in range(count)]


def simulate_tunnel(deck: object, color: str | None, trials: int = 10_000, only_locomotives: bool = False,
                    reveal: int = TUNNEL_REVEAL, seed: int | None = None, progress: Progress = False) -> dict:
    """Reveal random cards for a tunnel many times and count the extra cards.

    Parameters
    ----------
    deck, color, only_locomotives, reveal
        As for :func:`~ttr_teach.algorithms.probability.tunnel_extra_distribution`.
    trials : int, default 10000
        How many tunnels to try.
    seed : optional
        Makes the simulation repeatable.
    progress : bool or callable, default False
        True shows a tqdm bar; or pass a wrapper such as ``tqdm.notebook.tqdm``.

    Returns
    -------
    dict
        ``{"trials", "distribution": {extra: Fraction(count, trials)}, "mean": float,
        "running_mean": [(t, mean after t trials), ...]}`` at 1, 2, 5, 10, 20, 50, ...
        trials, for a convergence plot.

    Notes
    -----
    O(trials * reveal); the frequencies converge to
    :func:`~ttr_teach.algorithms.probability.tunnel_extra_distribution`.

    References
    ----------
    .. [1] Feller (1968), section X.1: the law of large numbers.

    Examples
    --------
    >>> sim = simulate_tunnel({"red": 1, "blue": 1}, "red", trials=1000, reveal=1, seed=1)
    >>> sim["trials"], sorted(sim["distribution"]), abs(sim["mean"] - 0.5) < 0.1
    (1000, [0, 1], True)
    """
    cards = _cards(deck)
    counting = _check_color(color, only_locomotives)
    costly = {LOCOMOTIVE} | ({counting} if counting else set())
    reveal = min(_check_count(reveal, "reveal", MAX_DRAWS), len(cards))
    rng = random.Random(seed)
    counts: dict[int, int] = {}
    running: list[tuple[int, float]] = []
    total, marks = 0, _checkpoints(trials)
    for t in _trials_iter(trials, progress, gettext("tunnels"), pgettext("progress", "tunnel")):
        extra = sum(card in costly for card in rng.sample(cards, reveal))
        counts[extra] = counts.get(extra, 0) + 1
        total += extra
        if t + 1 in marks:
            running.append((t + 1, total / (t + 1)))
    return {"trials": trials,
            "distribution": {k: Fraction(counts[k], trials) for k in sorted(counts)},
            "mean": total / trials, "running_mean": running}


def simulate_market_reset(trials: int = 10_000, deck: object = None, rules: RuleSet = EUROPE, seed: int | None = None,
                          progress: Progress = False) -> dict:
    """Deal the face-up cards many times, redealing as the three-locomotive rule says.

    Parameters
    ----------
    trials, seed, progress
        As for :func:`simulate_tunnel`.
    deck, rules
        As for :func:`~ttr_teach.algorithms.probability.market_reset_probability`.

    Returns
    -------
    dict
        ``{"trials", "probability": Fraction(first deals that reset, trials), "mean_redeals":
        float, "running": [(t, reset frequency after t trials), ...]}``.

    Notes
    -----
    3 or more locomotives discard all five and deal again from the rest (reshuffling the
    discards when the deck runs out; stopping when no deal could settle, as the engine does).

    References
    ----------
    .. [1] Feller (1968), see :func:`~ttr_teach.algorithms.probability.hypergeometric_distribution`.

    Examples
    --------
    >>> from ttr_teach.algorithms.probability import market_reset_probability
    >>> sim = simulate_market_reset(2000, seed=3)
    >>> abs(float(sim["probability"]) - float(market_reset_probability())) < 0.01
    True
    """
    cards = _cards(full_deck() if deck is None else deck)
    size = rules.face_up_cards
    rng = random.Random(seed)
    resets = redeals = 0
    running: list[tuple[int, float]] = []
    marks = _checkpoints(trials)
    for t in _trials_iter(trials, progress, gettext("face-up deals"), pgettext("progress", "deal")):
        pile, top = cards[:], 0          # a lazy shuffle: pile[:top] are the cards dealt so far
        discard: list[str] = []
        first = True
        while True:
            market: list[str] = []
            while len(market) < size and (top < len(pile) or discard):
                if top == len(pile):
                    pile, top, discard = discard, 0, []
                pick = rng.randrange(top, len(pile))
                pile[top], pile[pick] = pile[pick], pile[top]
                market.append(pile[top])
                top += 1
            if not needs_redeal(market.count(LOCOMOTIVE), rules):
                break
            resets += first
            first = False
            remaining = pile[top:] + discard + market
            n_locos = remaining.count(LOCOMOTIVE)
            if not redeal_can_end(n_locos, len(remaining) - n_locos, rules):
                break
            redeals += 1
            discard.extend(market)
        if t + 1 in marks:
            running.append((t + 1, resets / (t + 1)))
    return {"trials": trials, "probability": Fraction(resets, trials),
            "mean_redeals": redeals / trials, "running": running}
