"""Lesson 04, ferries: gray routes with locomotive symbols, one locomotive per symbol.

The cost of a ferry for a hand comes from :mod:`ttr_teach.engine.payment` (the game's rule).

>>> len(ferries()), [len(ferries(symbols=k)) for k in (1, 2)]
(13, [9, 4])
>>> ferry_cost(("Palermo", "Smyrna"), {"red": 4, "locomotive": 2}).ways_text()
['4 red + 2 locomotives']
>>> print(ferry_cost(("Palermo", "Smyrna"), {"red": 6, "locomotive": 1}).reason)
Palermo–Smyrna is a ferry: it needs at least 2 locomotives and you have 1
"""
from __future__ import annotations

from ...engine.i18n import N_, gettext, ngettext
from ...engine.maps import load_map
from ...engine.payment import payment_options
from .claiming import ClaimAnswer, can_claim, claim_widget
from .common import read_hand, resolve_route

SYMBOL_COLORS = {1: "#00b3e6", 2: "#8a2be2"}


def ferries(map="europe", symbols: int | None = None) -> list:
    """The ferries of ``map`` (routes with locomotive symbols); ``symbols`` keeps only those
    with that many symbols."""
    m = load_map(map)
    return [r for r in m.routes if r.is_ferry and (symbols is None or r.locomotives == symbols)]


def ferry_highlight(map="europe") -> list:
    """A board highlight of every ferry: one colour for each number of locomotive symbols."""
    m = load_map(map)
    marks = []
    for k in sorted({r.locomotives for r in ferries(m)}):
        rs = ferries(m, k)
        marks.append({"routes": [r.index for r in rs], "color": SYMBOL_COLORS.get(k, "#00a383"),
                      "label": ngettext("{n} ferry with {symbols}", "{n} ferries with {symbols}", len(rs)).format(
                          n=len(rs), symbols=ngettext("{n} locomotive symbol", "{n} locomotive symbols", k).format(
                              n=k))})
    return marks


def ferry_rows(map="europe") -> list:
    """One row per ferry: the route, its length, its locomotive symbols and the points it scores."""
    m = load_map(map)
    return [{N_("ferry"): f"{m.cities[r.a].name}–{m.cities[r.b].name}", N_("length"): r.length,
             N_("locomotive symbols"): r.locomotives, N_("other cards"): r.length - r.locomotives,
             N_("points"): m.rules.route_points(r.length)} for r in ferries(m)]


def ferry_cost(ferry, hand, map="europe") -> ClaimAnswer:
    """Every way ``hand`` can pay for ``ferry`` (a Route or ``(a, b)``), or why it cannot."""
    return can_claim(resolve_route(map, ferry), hand, map)


def payable_ferries(hand, map="europe") -> list:
    """The ferries that ``hand`` can pay for.

    >>> [str(r) for r in payable_ferries({"locomotive": 1, "blue": 1})]
    ['Athina–Smyrna (2 gray, ferry, 1 locomotive)', 'Dieppe–London (2 gray, ferry, 1 locomotive)', 'Dieppe–London (2 gray, ferry, 1 locomotive)', 'Sevastopol–Sochi (2 gray, ferry, 1 locomotive)']
    """  # noqa: E501
    cards = read_hand(hand)
    return [r for r in ferries(map) if payment_options(r, cards)]


def ferry_calculator(ferry=("Palermo", "Smyrna"), hand=None, map="europe", board: bool = True):
    """The claim widget limited to the ferries: choose a ferry and a hand, see every way to pay."""
    return claim_widget(ferry, hand if hand is not None else {"red": 4, "locomotive": 2}, map,
                        routes=ferries(map), board=board)


def ruling(game, action) -> str:
    """What the rules say of ``action`` in ``game``: the refusal, or that it is accepted.

    >>> from ttr_teach.engine.actions import ClaimRoute
    >>> from ttr_teach.engine.game.core import Game
    >>> game = Game.arranged("europe", ["Ann", "Bo"], hands=[{"red": 1, "locomotive": 1}, {}])
    >>> dieppe = game.map.routes_between("Dieppe", "London")[0]
    >>> ruling(game, ClaimRoute(dieppe.index, "red", 1, 1))
    'Accepted: the rules allow this claim.'
    """
    why = game.why_illegal(action)
    return why if why is not None else gettext("Accepted: the rules allow this claim.")
