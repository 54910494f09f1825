"""Lesson 10, USA and Europe: what the original game does differently, read from the rule sets
and the maps, and shown by the engine on the USA board.

>>> rows = {row["rule"]: row for row in rules_comparison()}
>>> rows["stations per player"]["europe"], rows["stations per player"]["usa"]
(3, 0)
>>> rows["tickets dealt at set-up"]["usa"]
'3'
>>> [r["length"] for r in route_length_rows() if r["usa routes"] and not r["europe routes"]]
[5]
>>> print(why_no_station())
there are no stations in the usa game
"""
from __future__ import annotations

from collections import Counter
from html import escape

from ...engine.actions import BuildStation
from ...engine.game.core import Game
from ...engine.i18n import N_, gettext, local_digits, ngettext
from ...engine.maps import MAP_NAMES, edition_name, load_map
from ...engine.rules import LOCOMOTIVE
from ...engine.text import clauses, listing
from .common import svg_html, table_html
from .tickets import deal_setup, finish_setup


def _setup_text(rules) -> str:
    if rules.setup_long_tickets:
        return gettext("{long} long + {regular} regular").format(long=rules.setup_long_tickets,
                                                                  regular=rules.setup_regular_tickets)
    return str(rules.setup_regular_tickets)


def _where_returned(rules) -> str:
    return (gettext("back to the box (out of the game)") if rules.setup_returned_to_box
            else gettext("bottom of the ticket deck"))


def rules_comparison(maps=MAP_NAMES) -> list:
    """One row per rule that could differ: the rule, then each edition's value (from its
    :class:`~ttr_teach.engine.rules.RuleSet` and its map); ``same`` says whether they agree."""
    ms = [load_map(m) for m in maps]
    facts = [
        (N_("trains per player"), lambda m: m.rules.trains_per_player),
        (N_("stations per player"), lambda m: m.rules.stations_per_player),
        (N_("points per unused station"), lambda m: m.rules.unused_station_points),
        (N_("tunnels on the map"), lambda m: sum(r.tunnel for r in m.routes)),
        (N_("ferries on the map"), lambda m: sum(r.is_ferry for r in m.routes)),
        (N_("route lengths"), lambda m: listing(str(n) for n in sorted({r.length for r in m.routes}))),
        (N_("double routes on the map"), lambda m: len(m.double_pairs)),
        (N_("double routes with 2-3 players"), lambda m: gettext("only one of each pair")
         if not m.rules.double_routes_both_usable(3) else gettext("both")),
        (N_("tickets dealt at set-up"), lambda m: _setup_text(m.rules)),
        (N_("keep at least (set-up)"), lambda m: m.rules.setup_keep_at_least),
        (N_("set-up tickets not kept go"), lambda m: _where_returned(m.rules)),
        (N_("tickets drawn in play / keep at least"),
         lambda m: f"{m.rules.draw_tickets} / {m.rules.draw_keep_at_least}"),
        (N_("longest route bonus"), lambda m: gettext("{bonus}, {points} points").format(
            bonus=gettext(m.rules.longest_bonus_name), points=m.rules.longest_bonus)),
        (N_("tie-breakers, in order"), lambda m: clauses(gettext(t) for t in m.rules.tie_breakers)),
        (N_("final round starts at"), lambda m: gettext("{n} trains or fewer").format(n=m.rules.end_trigger_trains)),
    ]
    rows = []
    for name, fact in facts:
        values = [fact(m) for m in ms]
        row: dict[str, object] = {N_("rule"): name}
        row.update({m.name: v for m, v in zip(ms, values, strict=True)})
        row["same"] = len({str(v) for v in values}) == 1
        rows.append(row)
    return rows


def comparison_html(maps=MAP_NAMES, only_differences: bool = False) -> str:
    """:func:`rules_comparison` as an HTML table (differences in bold)."""
    rows = [r for r in rules_comparison(maps) if not (only_differences and r["same"])]
    head = "".join(f"<th>{escape(h)}</th>" for h in (gettext("rule"), *maps))
    body = []
    for r in rows:
        weight = "normal" if r["same"] else "bold"
        cells = "".join(f"<td style='font-weight:{weight}'>{escape(str(r[m]))}</td>" for m in maps)
        body.append(f"<tr><td>{escape(gettext(str(r['rule'])))}</td>{cells}</tr>")
    return f"<table class='ttr-table ttr-editions'><tr>{head}</tr>{''.join(body)}</table>"


def map_facts(map) -> dict:
    """Cities, routes, double routes, train spaces and tickets of ``map``.

    >>> map_facts("usa")
    {'map': 'usa', 'cities': 36, 'routes': 100, 'double routes': 22, 'train spaces': 309, 'tickets': 30}
    """
    m = load_map(map)
    return {N_("map"): m.name, N_("cities"): len(m.cities), N_("routes"): len(m.routes),
            N_("double routes"): len(m.double_pairs), N_("train spaces"): sum(r.length for r in m.routes),
            N_("tickets"): len(m.tickets)}


#: the columns of :func:`route_length_rows` per map (translated where the table is shown)
MAP_ROUTES = (N_("europe routes"), N_("usa routes"))


def route_length_rows(maps=MAP_NAMES) -> list:
    """One row per route length: how many routes of that length each map has and what they score.

    >>> route_length_rows()[-1]
    {'length': 8, 'points': 21, 'europe routes': 1, 'usa routes': 0}
    """
    ms = [load_map(m) for m in maps]
    counts = [Counter(r.length for r in m.routes) for m in ms]
    lengths = sorted({n for m in ms for n in m.rules.route_point_table})
    rows = []
    for n in lengths:
        points = {m.rules.route_point_table[n] for m in ms if n in m.rules.route_point_table}
        row = {N_("length"): n, N_("points"): points.pop() if len(points) == 1 else N_("differs")}
        row.update({f"{m.name} routes": c[n] for m, c in zip(ms, counts, strict=True)})
        rows.append(row)
    return rows


def plot_route_lengths(maps=MAP_NAMES, ax=None):
    """Side-by-side bars: how many routes of each length each map has (points above the bars)."""
    import matplotlib.pyplot as plt

    if ax is None:
        _, ax = plt.subplots(figsize=(8, 3.4))
    rows = route_length_rows(maps)
    xs = range(len(rows))
    width = 0.8 / len(maps)
    for k, name in enumerate(maps):
        offset = (k - (len(maps) - 1) / 2) * width
        ax.bar([x + offset for x in xs], [r[f"{name} routes"] for r in rows], width, label=edition_name(name),
               hatch=None if k == 0 else "//", edgecolor="#333333")
    for x, r in zip(xs, rows, strict=True):
        top = max(r[f"{name} routes"] for name in maps)
        ax.annotate(gettext("{n} pts").format(n=r["points"]), (x, top), textcoords="offset points",
                    xytext=(0, 4),
                    ha="center", fontsize=9)
    ax.set_xticks(list(xs), [local_digits(str(r["length"])) for r in rows])
    ax.set_xlabel(gettext("route length (trains)"))
    ax.set_ylabel(gettext("routes on the map"))
    ax.set_title(gettext("Route lengths on the two maps (labels: points for one route)"))
    ax.set_ylim(0, max(r[f"{n} routes"] for r in rows for n in maps) + 6)
    ax.legend()
    return ax


# -- the engine shows the differences ----------------------------------------------------------
def setup_side_by_side(seed: int = 1, players=("Ann", "Bo")) -> list:
    """Set up a Europe game and a USA game from ``seed``; every player keeps the 2 tickets
    dealt first. One row per edition: tickets dealt to each, and where the others went.

    >>> [(r["edition"], r["dealt each"], r["returned to"]) for r in setup_side_by_side()]
    [('europe', 4, 'box'), ('usa', 3, 'bottom of the ticket deck')]
    """
    rows = []
    for name in MAP_NAMES:
        deal = deal_setup(name, players, seed)
        records = finish_setup(deal.game, [list(d[:2]) for d in deal.dealt])
        state = deal.game.to_dict(log=False)
        rows.append({N_("edition"): name, N_("dealt each"): len(deal.dealt[0]),
                     N_("kept each"): len(records[0].kept), N_("returned to"): records[0].to,
                     N_("ticket deck after"): len(state["ticket_deck"]), N_("box after"): len(state["ticket_box"]),
                     N_("example"): records[0].text()})
    return rows


def why_no_station(city: str = "Denver") -> str | None:
    """The engine's answer when a USA player with cards tries to build a station in ``city``."""
    game = Game.arranged("usa", ["Ann", "Bo"], hands=[{"red": 3, LOCOMOTIVE: 1}, {}])
    return game.why_illegal(BuildStation(city, "red", 1, 0))


def _routes_of(m, feature):
    kind, _, value = feature.partition(":")
    if kind == "length":
        return [r for r in m.routes if r.length == int(value)]
    if kind == "double":
        return [r for pair in m.double_pairs for r in pair]
    if kind == "tunnel":
        return [r for r in m.routes if r.tunnel]
    if kind == "ferry":
        return [r for r in m.routes if r.is_ferry]
    raise ValueError(gettext("unknown feature “{feature}”").format(feature=feature))


FEATURES = [(N_("routes of length 1"), "length:1"), (N_("routes of length 2"), "length:2"),
            (N_("routes of length 3"), "length:3"), (N_("routes of length 4"), "length:4"),
            (N_("routes of length 5"), "length:5"), (N_("routes of length 6"), "length:6"),
            (N_("routes of length 8"), "length:8"), (N_("double routes"), "double"), (N_("tunnels"), "tunnel"),
            (N_("ferries"), "ferry")]
#: where the tickets not kept at set-up go, as the game's log says it (a cell of :func:`setup_side_by_side`)
RETURNED_TO = (N_("box"), N_("bottom of the ticket deck"))


def feature_sentence(map, feature: str) -> str:
    """How many routes of ``map`` have ``feature`` (one of :data:`FEATURES`), and what they score.

    >>> feature_sentence("usa", "length:5")
    'usa: 10 routes of length 5, 10 points each.'
    >>> feature_sentence("usa", "tunnel")
    'usa: no tunnels: this edition does not have them.'
    """
    m = load_map(map)
    routes = _routes_of(m, feature)
    label = gettext(dict((v, k) for k, v in FEATURES)[feature])
    if not routes:
        if feature.startswith("length:"):
            return gettext("{map}: no {things}: the scoring table has no such length here.").format(map=m.name,
                                                                                                    things=label)
        return gettext("{map}: no {things}: this edition does not have them.").format(map=m.name, things=label)
    if feature.startswith("length:"):
        n = int(feature.split(":")[1])
        return ngettext("{map}: {count} route of length {n}, {points} points each.",
                        "{map}: {count} routes of length {n}, {points} points each.", len(routes)).format(
            map=m.name, count=len(routes), n=n, points=m.rules.route_points(n))
    if feature == "double":
        return gettext("{map}: {pairs} double routes ({routes} routes side by side).").format(
            map=m.name, pairs=len(routes) // 2, routes=len(routes))
    return gettext("{map}: {count} {things}.").format(map=m.name, count=len(routes), things=label)


def feature_highlight(map, feature: str) -> list:
    m = load_map(map)
    routes = _routes_of(m, feature)
    return [{"routes": [r.index for r in routes], "label": feature_sentence(m, feature)}] if routes else []


def edition_explorer(edition: str = "usa", feature: str = "length:5"):
    """Choose an edition and a kind of route: the board of that edition with them glowing."""
    import ipywidgets as w

    from ...views.svg import board_svg

    pick_map = w.ToggleButtons(options=list(MAP_NAMES), value=edition, description=gettext("Edition"))
    pick = w.Dropdown(options=[(gettext(label), key) for label, key in FEATURES], value=feature,
                      description=gettext("Show"), layout=w.Layout(width="320px"))
    sentence, picture = w.HTML(), w.HTML()
    sentence.add_class("ttr-edition-sentence")
    picture.add_class("ttr-edition-board")

    def refresh(*_):
        sentence.value = f"<b>{escape(feature_sentence(pick_map.value, pick.value))}</b>"
        picture.value = svg_html(board_svg(pick_map.value, highlight=feature_highlight(pick_map.value, pick.value),
                                           size=760))

    pick_map.observe(refresh, "value")
    pick.observe(refresh, "value")
    refresh()
    box = w.VBox([pick_map, pick, sentence, picture])
    box.add_class("ttr-edition-explorer")
    return box


def map_facts_html(maps=MAP_NAMES) -> str:
    return table_html([map_facts(m) for m in maps])


def tie_break_line(rules) -> str:
    """A rule set's tie-breakers in order, after its map's name (the name is code: ``europe``).

    >>> from ttr_teach.engine.rules import USA
    >>> tie_break_line(USA)
    'usa     most completed tickets → holder of the longest route bonus'
    """
    # TRANSLATORS: between two tie-breakers, the first applied before the second
    arrow = gettext(" → ")
    return f"{rules.name:7} " + arrow.join(gettext(t) for t in rules.tie_breakers)
