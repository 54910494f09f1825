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
from ...engine.maps import MAP_NAMES, load_map
from ...engine.rules import LOCOMOTIVE
from ...engine.text import plural
from .common import svg_html, table_html
from .tickets import deal_setup, finish_setup


def _setup_text(rules) -> str:
    if rules.setup_long_tickets:
        return f"{rules.setup_long_tickets} long + {rules.setup_regular_tickets} regular"
    return str(rules.setup_regular_tickets)


def _where_returned(rules) -> str:
    return "back to the box (out of the game)" if rules.setup_returned_to_box else "bottom of the ticket deck"


def rules_comparison(maps=MAP_NAMES) -> list:
    """One row per rule that could differ: the rule, then each edition's value (from its
    :class:`~ttr_teach.engine.rules.RuleSet` and its map); ``same`` says whether they agree."""
    ms = [load_map(m) for m in maps]
    facts = [
        ("trains per player", lambda m: m.rules.trains_per_player),
        ("stations per player", lambda m: m.rules.stations_per_player),
        ("points per unused station", lambda m: m.rules.unused_station_points),
        ("tunnels on the map", lambda m: sum(r.tunnel for r in m.routes)),
        ("ferries on the map", lambda m: sum(r.is_ferry for r in m.routes)),
        ("route lengths", lambda m: ", ".join(str(n) for n in sorted({r.length for r in m.routes}))),
        ("double routes on the map", lambda m: len(m.double_pairs)),
        ("double routes with 2-3 players", lambda m: "only one of each pair"
         if not m.rules.double_routes_both_usable(3) else "both"),
        ("tickets dealt at set-up", lambda m: _setup_text(m.rules)),
        ("keep at least (set-up)", lambda m: m.rules.setup_keep_at_least),
        ("set-up tickets not kept go", lambda m: _where_returned(m.rules)),
        ("tickets drawn in play / keep at least",
         lambda m: f"{m.rules.draw_tickets} / {m.rules.draw_keep_at_least}"),
        ("longest route bonus", lambda m: f"{m.rules.longest_bonus_name}, {m.rules.longest_bonus} points"),
        ("tie-breakers, in order", lambda m: "; ".join(m.rules.tie_breakers)),
        ("final round starts at", lambda m: f"{m.rules.end_trigger_trains} trains or fewer"),
    ]
    rows = []
    for name, fact in facts:
        values = [fact(m) for m in ms]
        row: dict[str, object] = {"rule": name}
        row.update({m.name: v for m, v in zip(ms, values, strict=True)})
        row["same"] = len({str(v) for v in values}) == 1
        rows.append(row)
    return rows


def comparison_html(maps=MAP_NAMES, only_differences: bool = False) -> str:
    """:func:`rules_comparison` as an HTML table (differences in bold)."""
    rows = [r for r in rules_comparison(maps) if not (only_differences and r["same"])]
    head = "".join(f"<th>{escape(h)}</th>" for h in ("rule", *maps))
    body = []
    for r in rows:
        weight = "normal" if r["same"] else "bold"
        cells = "".join(f"<td style='font-weight:{weight}'>{escape(str(r[m]))}</td>" for m in maps)
        body.append(f"<tr><td>{escape(r['rule'])}</td>{cells}</tr>")
    return f"<table class='ttr-table ttr-editions'><tr>{head}</tr>{''.join(body)}</table>"


def map_facts(map) -> dict:
    """Cities, routes, double routes, train spaces and tickets of ``map``.

    >>> map_facts("usa")
    {'map': 'usa', 'cities': 36, 'routes': 100, 'double routes': 22, 'train spaces': 309, 'tickets': 30}
    """
    m = load_map(map)
    return {"map": m.name, "cities": len(m.cities), "routes": len(m.routes),
            "double routes": len(m.double_pairs), "train spaces": sum(r.length for r in m.routes),
            "tickets": len(m.tickets)}


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
        row = {"length": n, "points": points.pop() if len(points) == 1 else "differs"}
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
        ax.bar([x + offset for x in xs], [r[f"{name} routes"] for r in rows], width, label=name,
               hatch=None if k == 0 else "//", edgecolor="#333333")
    for x, r in zip(xs, rows, strict=True):
        top = max(r[f"{name} routes"] for name in maps)
        ax.annotate(f"{r['points']} pts", (x, top), textcoords="offset points", xytext=(0, 4),
                    ha="center", fontsize=9)
    ax.set_xticks(list(xs), [str(r["length"]) for r in rows])
    ax.set_xlabel("route length (trains)")
    ax.set_ylabel("routes on the map")
    ax.set_title("Route lengths on the two maps (labels: points for one route)")
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
        rows.append({"edition": name, "dealt each": len(deal.dealt[0]),
                     "kept each": len(records[0].kept), "returned to": records[0].to,
                     "ticket deck after": len(state["ticket_deck"]), "box after": len(state["ticket_box"]),
                     "example": records[0].text()})
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
    raise ValueError(f"unknown feature {feature!r}")


FEATURES = [("routes of length 1", "length:1"), ("routes of length 2", "length:2"),
            ("routes of length 3", "length:3"), ("routes of length 4", "length:4"),
            ("routes of length 5", "length:5"), ("routes of length 6", "length:6"),
            ("routes of length 8", "length:8"), ("double routes", "double"), ("tunnels", "tunnel"),
            ("ferries", "ferry")]


def feature_sentence(map, feature: str) -> str:
    """How many routes of ``map`` have ``feature`` (one of :data:`FEATURES`), and what they score.

    >>> feature_sentence("usa", "length:5")
    'usa: 10 routes of length 5, 10 points each.'
    >>> feature_sentence("usa", "tunnel")
    'usa: no tunnels: this edition does not have them.'
    """
    m = load_map(map)
    routes = _routes_of(m, feature)
    label = dict((v, k) for k, v in FEATURES)[feature]
    if not routes:
        if feature.startswith("length:"):
            return f"{m.name}: no {label}: the scoring table has no such length here."
        return f"{m.name}: no {label}: this edition does not have them."
    if feature.startswith("length:"):
        n = int(feature.split(":")[1])
        return f"{m.name}: {plural(len(routes), 'route')} of length {n}, {m.rules.route_points(n)} points each."
    if feature == "double":
        return f"{m.name}: {len(routes) // 2} double routes ({len(routes)} routes side by side)."
    return f"{m.name}: {len(routes)} {label}."


def feature_highlight(map, feature: str) -> list:
    m = load_map(map)
    routes = _routes_of(m, feature)
    return [{"routes": [r.index for r in routes], "label": feature_sentence(m, feature)}] if routes else []


def edition_explorer(edition: str = "usa", feature: str = "length:5"):
    """Choose an edition and a kind of route: the board of that edition with them glowing."""
    import ipywidgets as w

    from ...views.svg import board_svg

    pick_map = w.ToggleButtons(options=list(MAP_NAMES), value=edition, description="Edition")
    pick = w.Dropdown(options=FEATURES, value=feature, description="Show", layout=w.Layout(width="320px"))
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
