"""The expert's tickets: how long the game will last, how sure a network is, which to keep.

A set of tickets is judged by the cheapest network that completes it on the board as it is
(:class:`~.network.Network`): its trains must fit in the trains left, and the turns it needs
(a turn per route, and the turns of drawing the cards still missing, colour by colour) must
fit in the turns the game will last.
The chance of finishing falls as the network takes more of either. The tickets kept are those
with the best expected points (a completed ticket scores its value, a failed one loses it),
counting the tickets already held, whose chance falls too when new tickets are added.

>>> round(turns_left_estimate([45, 45], turn=0), 1)       # at the start: 43 trains at 1.11 a turn
39.6
"""
from __future__ import annotations

from itertools import combinations

from ...engine.rules import COLORS, LOCOMOTIVE
from .cards import card_needs

#: Trains a player places per turn, before the game shows its pace (a prior worth PRIOR_TURNS).
#: 1.3 rather than the 1.05 of a slow start: 2-player games against players who hoard or claim
#: long routes end around turn 40 each, and the longer prior kept tickets that then failed.
PACE, PRIOR_TURNS = 1.3, 6
#: Cards a player usually holds; trains a turn a player with more can place from its hand.
USUAL_HAND, BURST = 8, 4.5
#: How much of the model's chance a network planned after the start keeps (see success_chance).
LATER = 0.8
#: Useful cards a turn of drawing brings at best; what the face-up row adds to one colour's pace.
CARDS_PER_TURN, FACE_UP_BONUS = 1.6, 0.3
#: The train cards of a full deck (12 of each colour, 14 locomotives).
FULL_DECK = {**{c: 12 for c in COLORS}, LOCOMOTIVE: 14}
#: Points lost per train a network takes (trains spent on short ticket routes score little).
TRAIN_COST = 0.5


def turns_left_estimate(all_trains, turn: int, end_trigger: int = 2, hands=None) -> float:
    """How many more turns this player will have: until the first player (at the pace seen so
    far) is down to ``end_trigger`` trains, plus the final round. A player holding more than
    :data:`USUAL_HAND` cards (``hands``: each player's cards) can spend the extra ones at
    :data:`BURST` trains a turn first, and those cards count in its pace as trains placed: a
    hoarder ends the game sooner than the trains it has placed say."""
    n = max(1, len(all_trains))
    own_turns = max(1, turn // n)
    best = float("inf")
    for i, trains in enumerate(all_trains):
        placed = 45 - trains
        if hands is not None:       # cards beyond a usual hand are trains about to be placed
            placed += max(0, hands[i] - USUAL_HAND)
        pace = (placed + PACE * PRIOR_TURNS) / (own_turns + PRIOR_TURNS)
        to_place = max(0.0, trains - end_trigger)
        extra = min(to_place, max(0, hands[i] - USUAL_HAND)) if hands is not None else 0
        best = min(best, extra / BURST + (to_place - extra) / max(pace, 0.3))
    return best + 1.0


def turns_needed(plan, hand, unseen=None) -> float:
    """Turns to finish ``plan``: one per route to claim, and the turns of drawing the cards
    still missing (:func:`drawing_turns`)."""
    if plan is None:
        return float("inf")
    return len(plan.routes) + drawing_turns(card_needs(plan.routes, hand), hand, unseen) + 0.5 * len(plan.borrow)


def drawing_turns(needs, hand, unseen=None) -> float:
    """Turns of drawing to collect the cards ``needs`` lists: :data:`CARDS_PER_TURN` useful
    cards a turn at best, and no faster than one colour's missing cards come (its cards and
    the locomotives among ``unseen``, the cards one cannot see: the whole deck by default,
    plus a little for the face-up row)."""
    if needs.total <= 0:
        return 0.0
    pool = unseen if unseen else FULL_DECK
    size = max(1, sum(pool.values()))
    wild = pool.get(LOCOMOTIVE, 0) / size
    spare_locos = max(0, hand.get(LOCOMOTIVE, 0) - needs.locomotives)
    slowest = 0.0
    for c, m in needs.missing.items():
        m = max(0, m - spare_locos)
        if m:
            slowest = max(slowest, m / (2 * (pool.get(c, 0) / size + wild) + FACE_UP_BONUS))
    return max(needs.total / CARDS_PER_TURN, slowest)


def success_chance(plan, trains_left: int, turns_left: float, hand, trains_per_player: int = 45,
                   unseen=None) -> float:
    """The chance of completing ``plan`` in time, between 0.05 and 0.98 (a rough model,
    checked against ExpertBot's own games: at set-up its tickets were completed 96% of the
    time, but tickets drawn later only about 75%, whatever the model said, so a network
    planned after the start counts for :data:`LATER` of its chance)."""
    if plan is None or plan.trains > trains_left:
        return 0.0
    if not plan.routes and not plan.borrow:
        return 1.0
    later = LATER if trains_left < trains_per_player else 1.0
    need = turns_needed(plan, hand, unseen)
    ratio = need / max(turns_left, 0.5)
    chance = 0.98 if ratio <= 0.55 else max(0.05, 0.98 - (ratio - 0.55) * 1.5)
    squeeze = plan.trains / max(trains_left, 1)
    if squeeze > 0.8:
        chance *= max(0.2, 1.0 - (squeeze - 0.8) * 3)
    return chance * later


def tickets_value(net, tickets, trains_left, turns_left, hand, unseen=None) -> tuple:
    """``(expected points, plan)`` of holding ``tickets``: each counts its value if the
    network is completed and minus its value if not; impossible tickets are lost."""
    possible = [t for t in tickets if net.possible(t)]
    lost = sum(t.points for t in tickets if not net.possible(t))
    plan = net.plan(possible)
    chance = success_chance(plan, trains_left, turns_left, hand, unseen=unseen)
    points = sum(t.points for t in possible)
    trains = plan.trains if plan is not None else trains_left
    return points * (2 * chance - 1) - lost - TRAIN_COST * trains, plan


def choose_keep(net, held, offer, keep_at_least, trains_left, turns_left, hand, unseen=None) -> tuple:
    """The tickets of ``offer`` to keep (at least ``keep_at_least``), given the unfinished
    tickets ``held``: the choice with the best :func:`tickets_value` of all together."""
    best, best_value = None, None
    for size in range(keep_at_least, len(offer) + 1):
        for kept in combinations(offer, size):
            value, _ = tickets_value(net, list(held) + list(kept), trains_left, turns_left, hand, unseen)
            if best_value is None or value > best_value + 1e-9:
                best, best_value = kept, value
    assert best is not None, "an offer holds at least keep_at_least tickets"
    return tuple(best)
