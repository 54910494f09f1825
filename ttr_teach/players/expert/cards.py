"""The expert's cards: what its plan still needs, which card to draw, and how to pay.

The plan's routes ask for cards: a coloured route for cards of its colour, a gray route for
cards of any one colour (the colour the hand has most of, after the coloured routes), a
ferry for locomotives. :func:`card_needs` counts what is missing; :func:`best_draw` takes a
face-up card the plan needs (the colour of the route nearest to being claimable first), a
face-up locomotive when nothing else helps and much is missing, and otherwise draws blind.

>>> from ttr_teach.engine.maps import load_map
>>> m = load_map("europe")
>>> needs = card_needs([m.route("Paris", "Frankfurt", "white"), m.route("Berlin", "Wien")],
...                    {"white": 1, "green": 3, "locomotive": 0})
>>> needs.missing["white"], needs.missing["green"], needs.total
(2, 0, 2)
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ...engine.actions import DrawBlind, DrawFaceUp
from ...engine.rules import COLORS, LOCOMOTIVE


@dataclass
class Needs:
    """Cards still missing for some routes: ``missing`` by colour (after the hand's cards and
    its locomotives), ``total`` in all, and the colour chosen for each gray route."""

    missing: dict = field(default_factory=dict)
    total: int = 0
    gray_colors: dict = field(default_factory=dict)    # route index -> colour
    demand: dict = field(default_factory=dict)          # colour -> cards the routes ask for
    locomotives: int = 0                                # locomotives the ferries ask for


def card_needs(routes, hand) -> Needs:
    """What ``routes`` (to be claimed, in this order of importance) still need from ``hand``."""
    demand = {c: 0 for c in COLORS}
    locos_needed = 0
    grays = []
    for r in routes:
        locos_needed += r.locomotives
        if r.color in demand:
            demand[r.color] += r.length
        else:
            grays.append(r)
    gray_colors = {}
    for r in sorted(grays, key=lambda r: -r.length):
        need = r.length - r.locomotives
        best = max(COLORS, key=lambda c: (hand.get(c, 0) - demand[c], -COLORS.index(c)))
        gray_colors[r.index] = best
        demand[best] += need
    missing = {c: max(0, demand[c] - hand.get(c, 0)) for c in COLORS}
    spare_locos = hand.get(LOCOMOTIVE, 0) - locos_needed
    total = sum(missing.values()) + max(0, -spare_locos)
    total = max(0, total - max(0, spare_locos))
    return Needs(missing, total, gray_colors, demand, locos_needed)


def route_missing(route, hand, color=None) -> int:
    """Cards ``hand`` lacks to pay ``route`` (in ``color`` for a gray route, else its best
    colour), locomotives wild."""
    locos = hand.get(LOCOMOTIVE, 0)
    if locos < route.locomotives:
        short_locos = route.locomotives - locos
        locos = 0
    else:
        short_locos = 0
        locos -= route.locomotives
    rest = route.length - route.locomotives
    if route.color in COLORS:
        have = hand.get(route.color, 0)
    elif color is not None:
        have = hand.get(color, 0)
    else:
        have = max(hand.get(c, 0) for c in COLORS)
    return short_locos + max(0, rest - have - locos)


def card_value(card, needs: Needs, focus_colors=()) -> float:
    """How useful one more ``card`` is to the plan (0 when it is of no use)."""
    if card == LOCOMOTIVE:
        return 1.2 if needs.total > 0 else 0.3
    value = 0.0
    if needs.missing.get(card, 0) > 0:
        value = 1.0 + (0.5 if card in focus_colors else 0.0)
    return value


def best_draw(actions, needs: Needs, unseen: dict, focus_colors=(), second: bool = False,
              loco_threshold: int = 3):
    """The draw among ``actions`` (DrawBlind / DrawFaceUp) that helps the plan most.

    A face-up card of a missing colour beats a blind card (a sure card against a chance);
    a face-up locomotive (the whole turn) is taken only as the first card, when no face-up
    card helps and at least ``loco_threshold`` cards are missing."""
    face_up = [a for a in actions if isinstance(a, DrawFaceUp)]
    blind = next((a for a in actions if isinstance(a, DrawBlind)), None)
    total_unseen = sum(unseen.values()) or 1
    blind_value = sum(card_value(k, needs, focus_colors) * n for k, n in unseen.items()) / total_unseen
    best: DrawBlind | DrawFaceUp | None = blind
    best_value = blind_value if blind is not None else -1.0
    for a in face_up:
        if a.card == LOCOMOTIVE:
            continue
        v = card_value(a.card, needs, focus_colors)
        if v > best_value + 0.05:
            best, best_value = a, v
    loco = next((a for a in face_up if a.card == LOCOMOTIVE), None)
    if (loco is not None and not second and needs.total >= loco_threshold
            and (best is blind or best is None) and best_value < 0.75):
        return loco
    if best is None:
        return face_up[0] if face_up else None
    if best is blind or best_value > 0:
        return best
    return blind or best
