"""Lesson 02, claiming routes: colours, gray routes, locomotives as wild cards, the scoring table.

The answer to "can I claim this route with this hand?" comes from :mod:`ttr_teach.engine.payment`,
the same rule the game applies.

>>> answer = can_claim(("Paris", "Frankfurt", "white"), {"white": 2, "locomotive": 1})
>>> answer.ok, answer.ways_text()
(True, ['2 white + 1 locomotive'])
>>> print(can_claim(("Danzig", "Warszawa"), {"red": 1, "blue": 1}).reason)
Danzig–Warszawa needs 2 cards of one colour (locomotives are wild); your best is 1 blue card and 0 locomotives
>>> [row["points"] for row in scoring_rows()]
[1, 2, 4, 7, 15, 21]
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from html import escape

from ...engine.actions import cards_text
from ...engine.i18n import N_, gettext, local_digits, ngettext
from ...engine.maps import Route, edition_name, load_map
from ...engine.payment import Cost, payment_options, route_cost, why_cannot_pay
from ...engine.rules import COLORS, EUROPE, LOCOMOTIVE, USA, RuleSet
from ...engine.text import clauses, listing, route_spaces
from .common import (
    OK_INK,
    REFUSED_INK,
    colour_name,
    hand_html,
    hand_text,
    read_hand,
    resolve_route,
    route_choices,
    svg_html,
)


@dataclass(frozen=True)
class ClaimAnswer:
    """Whether ``hand`` can pay for ``route``: every way to pay, or the reason it cannot."""

    route: Route
    hand: dict
    ways: tuple
    reason: str | None

    @property
    def ok(self) -> bool:
        return bool(self.ways)

    def ways_text(self) -> list:
        """Each way to pay in words, e.g. ``'2 white + 1 locomotive'``."""
        return [cards_text(*way) for way in self.ways]

    def text(self) -> str:
        cost = route_cost(self.route)
        if not self.ok:
            return gettext("{route} costs {cost}. With {hand}: no. {reason}.").format(
                route=self.route, cost=cost, hand=hand_text(self.hand), reason=self.reason)
        n = len(self.ways)
        return ngettext("{route} costs {cost}. With {hand}: yes, in {n} way: {ways}.",
                        "{route} costs {cost}. With {hand}: yes, in {n} ways: {ways}.", n).format(
            route=self.route, cost=cost, hand=hand_text(self.hand), n=n, ways=clauses(self.ways_text()))

    def html(self) -> str:
        cost = route_cost(self.route)
        costs = gettext("{route} costs {cost}.").format(route=f"<b>{escape(str(self.route))}</b>",
                                                          cost=escape(str(cost)))
        hand = gettext("Your hand: {cards}").format(cards=hand_html(self.hand))
        out = [f"<div class='ttr-claim-answer' data-ok='{int(self.ok)}'>{costs}<br>{hand}<br>"]
        if self.ok:
            n = len(self.ways)
            word = gettext("Yes")
            yes = f"<span style='color:{OK_INK};font-weight:bold'>✔ {escape(word)}</span>"
            out.append(ngettext("{yes}, in {n} way:", "{yes}, in {n} ways:", n).format(yes=yes, n=n) + "<ul>")
            out += [f"<li>{escape(t)}</li>" for t in self.ways_text()]
            out.append("</ul>")
        else:
            word = gettext("No")
            no = f"<span style='color:{REFUSED_INK};font-weight:bold'>✘ {escape(word)}</span>"
            out.append(gettext("{no}: {reason}.").format(no=no, reason=escape(self.reason or "")))
        return "".join(out) + "</div>"


def can_claim(route, hand, map="europe") -> ClaimAnswer:
    """Can ``hand`` pay for ``route`` (a Route, its number, or ``(a, b[, colour])`` on ``map``)?

    Only the cards are checked here (the route is taken to be free and the trains enough); the
    game adds those rules (:mod:`ttr_teach.engine.claims`).
    """
    r = resolve_route(map, route)
    cards = read_hand(hand)
    return ClaimAnswer(r, cards, tuple(payment_options(r, cards)), why_cannot_pay(r, cards))


def colours_that_pay(thing, hand, map="europe") -> set:
    """The card colours that can make up a payment for ``thing`` (a route as for
    :func:`can_claim`, or a :class:`~ttr_teach.engine.payment.Cost`); ``"locomotive"`` when
    locomotives alone can pay.

    >>> sorted(colours_that_pay(("Danzig", "Warszawa"), {"red": 2, "blue": 1, "locomotive": 2}))
    ['blue', 'locomotive', 'red']
    >>> sorted(colours_that_pay(Cost(3), {"yellow": 2, "orange": 1, "locomotive": 1}))
    ['yellow']
    """
    cost = thing if isinstance(thing, Cost) else resolve_route(map, thing)
    return {way[0] or LOCOMOTIVE for way in payment_options(cost, read_hand(hand))}


# -- the scoring table --------------------------------------------------------------------------
def scoring_rows(rules: RuleSet = EUROPE) -> list:
    """One row per route length of ``rules``: length, points, and points per train (a Fraction).

    >>> scoring_rows(USA)[4]
    {'length': 5, 'points': 10, 'points per train': Fraction(2, 1)}
    """
    return [{N_("length"): n, N_("points"): p, N_("points per train"): Fraction(p, n)}
            for n, p in sorted(rules.route_point_table.items())]


def scoring_table_html(rules_list=(EUROPE, USA)) -> str:
    """The route scoring table of each edition, side by side, as an HTML table."""
    lengths = sorted({n for rules in rules_list for n in rules.route_point_table})
    head = "".join(f"<th>{n}</th>" for n in lengths)
    rows = []
    for rules in rules_list:
        cells = "".join(f"<td>{rules.route_point_table.get(n, '–')}</td>" for n in lengths)
        rows.append(f"<tr><th>{escape(rules.name)}</th>{cells}</tr>")
    length = escape(gettext("length"))
    return f"<table class='ttr-scoring'><tr><th>{length}</th>{head}</tr>{''.join(rows)}</table>"


def plot_points_per_train(rules_list=(EUROPE, USA), ax=None):
    """Points per train against route length for each edition: long routes pay more per train."""
    import matplotlib.pyplot as plt

    if ax is None:
        _, ax = plt.subplots(figsize=(7, 3.4))
    labelled = set()
    for rules, marker in zip(rules_list, "os^", strict=False):  # up to three editions
        rows = scoring_rows(rules)
        ax.plot([r["length"] for r in rows], [float(r["points per train"]) for r in rows],
                marker=marker, label=edition_name(rules.name))
        for r in rows:
            if r["length"] not in labelled:
                labelled.add(r["length"])
                ax.annotate(local_digits(str(r["points"])), (r["length"], float(r["points per train"])),
                            textcoords="offset points", xytext=(0, 7), ha="center", fontsize=9)
    ax.set_xlabel(gettext("route length (trains)"))
    ax.set_ylabel(gettext("points per train"))
    ax.set_title(gettext("Points per train (labels: points for the route)"))
    ax.legend()
    return ax


# -- the widget -------------------------------------------------------------------------------
def hand_inputs(hand=None, max_count: int = 14):
    """Nine small number boxes, one per kind of card, set to ``hand``; returns ``(box, read)``
    where ``read()`` gives the hand they show."""
    import ipywidgets as w

    hand = read_hand(hand or {})
    boxes = {k: w.BoundedIntText(value=hand[k], min=0, max=max_count, description=colour_name(k),
                                 layout=w.Layout(width="170px"),
                                 style={"description_width": "85px"})
             for k in (*COLORS, LOCOMOTIVE)}
    grid = w.GridBox(list(boxes.values()), layout=w.Layout(grid_template_columns="repeat(3, 180px)"))
    return grid, boxes, (lambda: {k: b.value for k, b in boxes.items()})


def claim_widget(route=("Paris", "Frankfurt", "white"), hand=None, map="europe", routes=None,
                 board: bool = True):
    """Choose a route and a hand: the answer (every way to pay, or why not) and the route on
    the board. ``routes`` limits the dropdown (e.g. to the ferries)."""
    import ipywidgets as w

    from ...views.svg import board_svg

    m = load_map(map)
    start = resolve_route(m, route)
    choose = w.Dropdown(options=route_choices(m, routes), value=start.index, description=gettext("Route"),
                        layout=w.Layout(width="480px"))
    grid, boxes, read = hand_inputs(hand if hand is not None else {"white": 2, "locomotive": 1})
    answer = w.HTML()
    answer.add_class("ttr-claim-result")
    picture = w.HTML()

    def refresh(*_):
        result = can_claim(choose.value, read(), m)
        answer.value = result.html()
        if board:
            picture.value = svg_html(board_svg(m, highlight={"routes": [result.route.index],
                                                             "label": str(result.route)}, size=760))

    choose.observe(refresh, "value")
    for b in boxes.values():
        b.observe(refresh, "value")
    refresh()
    title = gettext("Your hand")
    box = w.VBox([choose, w.HTML(f"<b>{escape(title)}</b>"), grid, answer, picture])
    box.add_class("ttr-claim")
    return box


def routes_label(routes, between=None) -> str:
    """The board's label for the routes between two cities: the cities, then each route's
    length and colour. ``between`` gives the cities in the order to name them (by default the
    map's order).

    >>> europe = load_map("europe")
    >>> paris = [europe.route("Paris", "Frankfurt", "white"), europe.route("Paris", "Frankfurt", "orange")]
    >>> routes_label(paris, between=("Paris", "Frankfurt"))
    'Paris–Frankfurt: 3 white, 3 orange'
    >>> routes_label([europe.route("Danzig", "Warszawa")])
    'Danzig–Warszawa: 2 gray'
    """
    routes = list(routes)
    first = routes[0]
    ends = (first.a, first.b)
    names = dict(zip(ends, first.names or ends, strict=True))
    a, b = between or ends
    # TRANSLATORS: a label on the board: two cities, then the routes between them ("3 white, 3 orange")
    return gettext("{a}–{b}: {routes}").format(a=names.get(a, a), b=names.get(b, b),
                                               routes=listing(route_spaces(r.length, r.color) for r in routes))
