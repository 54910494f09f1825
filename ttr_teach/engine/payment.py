"""Paying with train cards: the one place where the rules of paying live.

Whatever a player pays for (a route, a station, the extra cards of a tunnel) is a
:class:`Cost`: so many cards of one colour, locomotives wild. A gray cost takes any one
colour; a ferry needs at least one locomotive per locomotive symbol; the extra cards of a
tunnel paid with locomotives only must be locomotives too. The game engine and the lessons
ask this module, so the game, the "can I claim this?" widget and the ferry calculator can never
disagree.

A *way to pay* is a tuple ``(colour, coloured cards, locomotives)``; paying with locomotives
only is ``(None, 0, count)``.

>>> from ttr_teach.engine.maps import load_map
>>> m = load_map("europe")
>>> paris = m.route("Paris", "Frankfurt", "white")
>>> payment_options(paris, {"white": 2, "locomotive": 1, "red": 3})
[('white', 2, 1)]
>>> print(why_cannot_pay(paris, {"red": 3, "locomotive": 1}))
Frankfurt–Paris needs 3 white cards (locomotives are wild); you have 0 white cards and 1 locomotive
>>> ferry = m.route("Amsterdam", "London")
>>> payment_options(ferry, {"blue": 2, "locomotive": 2})
[(None, 0, 2)]
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from .i18n import N_, gettext, ngettext
from .rules import CARDS_PER_COLOR, COLORS, GRAY, LOCOMOTIVE, LOCOMOTIVES, RuleSet
from .text import colour_cards, colour_name

if TYPE_CHECKING:
    from .maps import Map, Route

#: What a :class:`Cost` pays for; the messages name it accordingly.
ROUTE, STATION, TUNNEL_EXTRA = "route", "station", "tunnel extra"
ORDINALS = ("first", "second", "third", "fourth", "fifth")
#: A player's stations in the order they are built, as the messages name them.
STATION_NAMES = (N_("your first station"), N_("your second station"), N_("your third station"),
                 N_("your fourth station"), N_("your fifth station"))




@dataclass(frozen=True)
class Cost:
    """``count`` cards of ``color`` (``"gray"``: any one colour), locomotives wild.

    ``min_locomotives``: at least this many must be locomotives (a ferry's symbols).
    ``locomotives_only``: every card must be a locomotive (a tunnel's extra cards after the
    route was paid with locomotives only). ``what`` names the thing in messages (English,
    marked ``N_``, or two cities' names; :meth:`name` says it in the language spoken now) and
    ``kind`` is one of ``"route"``, ``"station"``, ``"tunnel extra"``.
    """

    count: int
    color: str = GRAY
    min_locomotives: int = 0
    locomotives_only: bool = False
    what: str = "this"
    kind: str = ROUTE

    def name(self) -> str:
        """What this pays for, in the language spoken now (``your first station``)."""
        return gettext(self.what)

    def cards(self) -> str:
        """The cards it takes, leaving the ferry's locomotives aside: ``3 red cards``,
        ``2 cards of one colour``, ``1 locomotive``."""
        if self.locomotives_only:
            return colour_cards(self.count, LOCOMOTIVE)
        if self.color == GRAY:
            return ngettext("{n} card of one colour", "{n} cards of one colour", self.count).format(n=self.count)
        return colour_cards(self.count, self.color)

    def __str__(self) -> str:
        if self.min_locomotives and not self.locomotives_only:
            return gettext("{cards}, at least {locomotives}").format(
                cards=self.cards(), locomotives=colour_cards(self.min_locomotives, LOCOMOTIVE))
        return self.cards()


def route_cost(route: Route) -> Cost:
    """The :class:`Cost` of claiming ``route`` (a :class:`~ttr_teach.engine.maps.Route`).

    >>> from ttr_teach.engine.maps import load_map
    >>> print(route_cost(load_map("europe").route("Palermo", "Smyrna")))
    6 cards of one colour, at least 2 locomotives
    """
    return Cost(route.length, route.color, route.locomotives, what=f"{route.a}–{route.b}", kind=ROUTE)


def station_cost(rules: RuleSet, number: int) -> Cost:
    """The :class:`Cost` of a player's ``number``-th station (1, 2 or 3): that many cards of
    any one colour.

    >>> from ttr_teach.engine.rules import EUROPE
    >>> print(station_cost(EUROPE, 3))
    3 cards of one colour
    """
    return Cost(rules.station_cost(number), GRAY, what=STATION_NAMES[number - 1],
                kind=STATION)


def tunnel_extra_cost(played_color: str | None, extra: int) -> Cost:
    """The :class:`Cost` of a tunnel's ``extra`` cards when the route was paid with cards of
    ``played_color`` (None: with locomotives only, so the extras must be locomotives).

    >>> print(tunnel_extra_cost("red", 2))
    2 red cards
    >>> print(tunnel_extra_cost(None, 1))
    1 locomotive
    """
    return Cost(extra, played_color or GRAY, locomotives_only=played_color is None,
                what=N_("the tunnel"), kind=TUNNEL_EXTRA)


@cache
def cost_groups(m: Map) -> tuple:
    """``(group of each route, the groups)`` for map ``m``: routes of the same length, colour and
    ferry symbols are paid alike, so a player's ways to pay are worked out once per group.
    A group is ``(length, colour, locomotive symbols)``, the coloured groups first, then the
    gray ones, each in the order of the map; the first tuple is indexed by route.

    >>> from ttr_teach.engine.maps import load_map
    >>> group_of, groups = cost_groups(load_map("europe"))
    >>> len(groups), groups[group_of[0]], groups[-1]
    (39, (1, 'black', 0), (8, 'gray', 0))
    """
    costs = [(r.length, r.color, r.locomotives) for r in m.routes]
    groups = list(dict.fromkeys(c for c in costs if c[1] != GRAY)) + \
        list(dict.fromkeys(c for c in costs if c[1] == GRAY))
    index = {group: g for g, group in enumerate(groups)}
    return tuple(index[c] for c in costs), tuple(groups)


def as_cost(thing: Cost | Route) -> Cost:
    """``thing`` as a :class:`Cost`: a Cost is returned as is, a Route becomes its cost."""
    if isinstance(thing, Cost):
        return thing
    return route_cost(thing)


def _locomotive_counts(have: int, locomotives: int, count: int, min_locomotives: int) -> range:
    """How many locomotives can go with the ``have`` cards of one colour (at least one of them)
    to pay ``count`` cards, from a hand holding ``locomotives``: the rule of one colour,
    locomotives wild, a ferry's minimum. Empty when that colour cannot help."""
    if have == 0:
        return range(0)
    return range(max(min_locomotives, count - have), min(locomotives, count - 1) + 1)


def ways_to_pay(hand: dict, count: int, color: str = GRAY, min_locomotives: int = 0) -> list:
    """Every distinct way to pay ``count`` cards of ``color`` from ``hand``, locomotives wild.

    A way is ``(colour, coloured_cards, locomotives)``; paying with locomotives only is the
    single way ``(None, 0, count)``. A ``"gray"`` cost may use any one colour; a ferry passes
    ``min_locomotives`` (its locomotive symbols). Ways are listed colour by colour in the
    rulebook's order, fewest locomotives first. Cost: O(colours x count).

    >>> ways_to_pay({"red": 1, "blue": 2, "locomotive": 2}, 2)
    [('blue', 2, 0), ('blue', 1, 1), ('red', 1, 1), (None, 0, 2)]
    >>> ways_to_pay({"red": 3, "locomotive": 1}, 3, min_locomotives=1)
    [('red', 2, 1)]
    """
    locomotives = hand.get(LOCOMOTIVE, 0)
    options: list[tuple[str | None, int, int]] = []
    for c in (COLORS if color == GRAY else (color,)):
        for k in _locomotive_counts(hand.get(c, 0), locomotives, count, min_locomotives):
            options.append((c, count - k, k))
    if locomotives >= count >= min_locomotives:
        options.append((None, 0, count))
    return options


def count_ways_to_pay(hand: dict, count: int, color: str = GRAY, min_locomotives: int = 0) -> int:
    """``len(ways_to_pay(hand, count, color, min_locomotives))`` without listing the ways:
    O(colours) lookups in :func:`ways_table`, for players that only need to know how many
    there are.

    >>> count_ways_to_pay({"red": 1, "blue": 2, "locomotive": 2}, 2)
    4
    """
    by_colour, alone = ways_table(count, color, min_locomotives)
    most = len(alone) - 1
    locomotives = min(hand.get(LOCOMOTIVE, 0), most)
    return alone[locomotives] + sum(row[min(hand.get(c, 0), most)]
                                    for c, row in zip(COLORS, by_colour[locomotives], strict=True))


def nth_way_to_pay(hand: dict, count: int, color: str, min_locomotives: int, n: int) -> tuple:
    """``ways_to_pay(hand, count, color, min_locomotives)[n]`` without listing the others:
    the colours' counts in :func:`ways_table` say which colour holds way ``n``.

    >>> nth_way_to_pay({"red": 1, "blue": 2, "locomotive": 2}, 2, "gray", 0, 2)
    ('red', 1, 1)
    """
    by_locomotives, alone, most = _paying_colours(count, color, min_locomotives)
    locomotives = hand.get(LOCOMOTIVE, 0)
    for c, row in by_locomotives[min(locomotives, most)]:
        have = hand.get(c, 0)
        if have:
            ways = row[min(have, most)]
            if n < ways:
                k = _locomotive_counts(have, locomotives, count, min_locomotives)[n]
                return (c, count - k, k)
            n -= ways
    if n == 0 and alone[min(locomotives, most)]:
        return (None, 0, count)
    raise IndexError("no such way to pay")


@cache
def _paying_colours(count: int, color: str, min_locomotives: int) -> tuple:
    """:func:`ways_table` for drawing one way: ``(by_locomotives, locomotives_only, most)``,
    ``by_locomotives[locomotives]`` pairing each colour that pays some way with those
    locomotives (in the order of :data:`~ttr_teach.engine.rules.COLORS`) with its ways by
    cards held; holding more than ``most`` of a kind pays as ``most`` does."""
    by_colour, alone = ways_table(count, color, min_locomotives)
    by_locomotives = tuple(tuple((c, row) for c, row in zip(COLORS, rows, strict=True) if any(row))
                           for rows in by_colour)
    return by_locomotives, alone, len(alone) - 1


@cache
def ways_table(count: int, color: str = GRAY, min_locomotives: int = 0) -> tuple:
    """``(by_colour, locomotives_only)``: how many ways pay ``count`` cards of ``color`` (a
    ferry's ``min_locomotives`` among them), as lookups for counting many payments fast.

    ``by_colour[locomotives][c][have]`` counts the ways that use the ``have`` cards held of
    colour ``COLORS[c]`` (and some of the ``locomotives``); ``locomotives_only[locomotives]``
    the ways with locomotives only (0 or 1). A hand's ways are the sum of its colours' ways
    and the locomotives-only one, since :func:`ways_to_pay` lists the ways colour by colour,
    each from that colour's cards and the locomotives alone. The table is not a second
    statement of the rule: it is read off :func:`ways_to_pay` itself, for every hand a
    110-card game allows (up to 12 cards of a colour and 14 locomotives; more than ``count``
    of a kind pays as ``count`` does, so a bigger hand is read at the table's edge).

    >>> by_colour, alone = ways_table(2)
    >>> blue, red = COLORS.index("blue"), COLORS.index("red")
    >>> by_colour[2][blue][2] + by_colour[2][red][1] + alone[2]
    4
    >>> ways_table(3, "white")[0][1][red][3]         # red cards do not pay a white route
    0
    """
    most = max(CARDS_PER_COLOR, LOCOMOTIVES, count)
    column = {c: i for i, c in enumerate(COLORS)}
    alone = tuple(len(ways_to_pay({LOCOMOTIVE: locos}, count, color, min_locomotives))
                  for locos in range(most + 1))
    by_colour = []
    for locos in range(most + 1):
        rows = [[0] * (most + 1) for _ in COLORS]
        for have in range(1, most + 1):
            hand = dict.fromkeys(COLORS, have)
            hand[LOCOMOTIVE] = locos
            for c, _, _ in ways_to_pay(hand, count, color, min_locomotives):
                if c is not None:
                    rows[column[c]][have] += 1
        by_colour.append(tuple(map(tuple, rows)))
    return tuple(by_colour), alone


def payment_options(cost: Cost | Route, hand: dict) -> list:
    """Every way ``hand`` (``{card: count}``) can pay ``cost`` (a Route or a :class:`Cost`).

    An empty list means it cannot be paid (:func:`why_cannot_pay` says why).

    >>> from ttr_teach.engine.maps import load_map
    >>> payment_options(load_map("europe").route("Danzig", "Warszawa"), {"red": 1, "blue": 2, "locomotive": 1})
    [('blue', 2, 0), ('blue', 1, 1), ('red', 1, 1)]
    >>> payment_options(tunnel_extra_cost(None, 2), {"red": 5, "locomotive": 2})
    [(None, 0, 2)]
    """
    cost = as_cost(cost)
    if cost.locomotives_only:
        return [(None, 0, cost.count)] if hand.get(LOCOMOTIVE, 0) >= cost.count else []
    return ways_to_pay(hand, cost.count, cost.color, cost.min_locomotives)


def count_payment_options(cost: Cost | Route, hand: dict) -> int:
    """``len(payment_options(cost, hand))``, without listing the ways.

    >>> from ttr_teach.engine.rules import EUROPE
    >>> count_payment_options(station_cost(EUROPE, 2), {"red": 2, "blue": 1, "locomotive": 1})
    3
    """
    cost = as_cost(cost)
    if cost.locomotives_only:
        return int(hand.get(LOCOMOTIVE, 0) >= cost.count)
    return count_ways_to_pay(hand, cost.count, cost.color, cost.min_locomotives)


def why_cannot_pay(cost: Cost | Route, hand: dict) -> str | None:
    """Why ``hand`` has no way at all to pay ``cost`` (a Route or :class:`Cost`), or None.

    >>> from ttr_teach.engine.maps import load_map
    >>> m = load_map("europe")
    >>> print(why_cannot_pay(m.route("Dieppe", "London"), {"red": 4}))
    Dieppe–London is a ferry: it needs at least 1 locomotive and you have none
    >>> print(why_cannot_pay(m.route("Danzig", "Warszawa"), {"red": 1}))
    Danzig–Warszawa needs 2 cards of one colour (locomotives are wild); your best is 1 red card and 0 locomotives
    """
    cost = as_cost(cost)
    if payment_options(cost, hand):
        return None
    locos = hand.get(LOCOMOTIVE, 0)
    what, your_locomotives = cost.name(), colour_cards(locos, LOCOMOTIVE)
    if cost.locomotives_only:
        return gettext("{what} asks for {locomotives} (you paid with locomotives only) and you have "
                       "{have}").format(what=what, locomotives=cost.cards(), have=locos)
    if locos < cost.min_locomotives:
        symbols = colour_cards(cost.min_locomotives, LOCOMOTIVE)
        if locos:
            return gettext("{what} is a ferry: it needs at least {locomotives} and you have "
                           "{have}").format(what=what, locomotives=symbols, have=locos)
        return gettext("{what} is a ferry: it needs at least {locomotives} and you have "
                       "none").format(what=what, locomotives=symbols)
    if cost.color != GRAY:
        return gettext("{what} needs {cards} (locomotives are wild); you have {have} and "
                       "{locomotives}").format(what=what, cards=cost.cards(),
                                               have=colour_cards(hand.get(cost.color, 0), cost.color),
                                               locomotives=your_locomotives)
    best = max(COLORS, key=lambda c: hand.get(c, 0))
    have = hand.get(best, 0)
    best_text = colour_cards(have, best) if have else gettext("no coloured card")
    if cost.min_locomotives:
        return gettext("{what} needs {cards} (locomotives are wild) beyond the ferry's {symbols}; "
                       "your best is {best} and {locomotives}").format(
            what=what, cards=cost.cards(), symbols=colour_cards(cost.min_locomotives, LOCOMOTIVE),
            best=best_text, locomotives=your_locomotives)
    return gettext("{what} needs {cards} (locomotives are wild); your best is {best} and "
                   "{locomotives}").format(what=what, cards=cost.cards(), best=best_text,
                                           locomotives=your_locomotives)


def why_payment_refused(cost: Cost | Route, hand: dict, color: str | None, colored: int,
                        locomotives: int) -> str | None:
    """Why paying ``cost`` with ``colored`` cards of ``color`` and ``locomotives`` locomotives
    from ``hand`` is against the rules, or None when it is a correct payment.

    >>> from ttr_teach.engine.maps import load_map
    >>> paris = load_map("europe").route("Paris", "Frankfurt", "white")
    >>> print(why_payment_refused(paris, {"red": 3}, "red", 3, 0))
    Frankfurt–Paris must be paid with white cards (locomotives are wild), not red
    >>> why_payment_refused(paris, {"white": 3}, "white", 3, 0) is None
    True
    """
    cost = as_cost(cost)
    offered = colored + locomotives
    if cost.kind == TUNNEL_EXTRA:
        if cost.locomotives_only and colored:
            return gettext("you paid for the tunnel with locomotives only, so only revealed locomotives "
                           "count and the extra cards must be locomotives too")
        if offered != cost.count:
            return ngettext("the tunnel asks for {n} more card; you offered {offered}",
                            "the tunnel asks for {n} more cards; you offered {offered}",
                            cost.count).format(n=cost.count, offered=offered)
        if colored and color != cost.color:
            return gettext("the extra cards must be {colour} (the colour you played) or locomotives, "
                           "not {other}").format(colour=colour_name(cost.color), other=colour_name(str(color)))
        return why_hand_short(hand, color, colored, locomotives)
    what = cost.name()
    if offered != cost.count:
        return ngettext("{what} needs {n} card; you offered {offered}",
                        "{what} needs {n} cards; you offered {offered}",
                        cost.count).format(what=what, n=cost.count, offered=offered)
    if cost.locomotives_only and colored:
        return gettext("{what} must be paid with locomotives only").format(what=what)
    if colored and cost.color != GRAY and color != cost.color:
        return gettext("{what} must be paid with {colour} cards (locomotives are wild), not "
                       "{other}").format(what=what, colour=colour_name(cost.color), other=colour_name(str(color)))
    if locomotives < cost.min_locomotives:
        return gettext("{what} is a ferry: it needs at least {locomotives} and you offered "
                       "{offered}").format(what=what, locomotives=colour_cards(cost.min_locomotives, LOCOMOTIVE),
                                           offered=locomotives)
    return why_hand_short(hand, color, colored, locomotives)


def why_hand_short(hand: dict, color: str | None, colored: int, locomotives: int) -> str | None:
    """Why ``hand`` does not hold ``colored`` cards of ``color`` and ``locomotives``, or None.

    >>> print(why_hand_short({"red": 1}, "red", 2, 0))
    you have only 1 red card and offered 2
    """
    if colored and hand.get(color, 0) < colored:
        return gettext("you have only {cards} and offered {offered}").format(
            cards=colour_cards(hand.get(color, 0), str(color)), offered=colored)
    if hand.get(LOCOMOTIVE, 0) < locomotives:
        return gettext("you have only {cards} and offered {offered}").format(
            cards=colour_cards(hand.get(LOCOMOTIVE, 0), LOCOMOTIVE), offered=locomotives)
    return None
