"""Lesson 4, planning tickets (``notebooks/graphs/04_planning_tickets.ipynb``): the exact Steiner
forest and tree against networkx's approximation, boards side by side, the planner's
timings, a ticket picker, and the ``three_city_tree`` exercise."""
from __future__ import annotations

import html
import random
import statistics
import time

import networkx as nx

from ....algorithms.graphs import map_graph
from ....algorithms.planning import approximate_network, cheapest_network
from ....algorithms.plans import NetworkPiece, Plan
from ....algorithms.steiner import steiner_tree
from ....engine.errors import MapError
from ....engine.i18n import N_, gettext, local_digits, local_list, ngettext, pgettext
from ....engine.maps import load_map
from ...exercises import FunctionExercise, source_of
from ...progress_bar import progress_bar
from .shared import NOW_COLOR, PATH_COLOR, TREE_COLOR, Table


def steiner_tree_network(map, tickets) -> Plan:
    """The exact cheapest *single tree* joining every city of ``tickets`` (a Steiner tree;
    :func:`ttr_teach.algorithms.steiner.steiner_tree`), as a
    :class:`~ttr_teach.algorithms.plans.Plan` of one piece, like
    :func:`~ttr_teach.algorithms.planning.cheapest_network`'s.

    >>> steiner_tree_network("europe", [("Erzurum", "Rostov"), ("Edinburgh", "Paris")]).trains
    31
    """
    m = load_map(map)
    pairs = [(m.city_id(a), m.city_id(b)) for a, b in tickets]
    cities = list(dict.fromkeys(c for p in pairs for c in p))
    g = map_graph(m)
    weight, edges = steiner_tree(g, cities) if len(cities) > 1 else (0, set())
    routes = tuple(sorted((g.edges[u, v]["routes"][0] for u, v in edges), key=lambda r: r.index))
    ticket_pairs = tuple(tuple(p) for p in pairs)
    return Plan(m.name, ticket_pairs, routes, (NetworkPiece(ticket_pairs, routes),) if routes else ())


def compare_plans(map, tickets) -> dict:
    """The three networks of the lesson for one hand of ``tickets``:
    ``{"forest": exact Steiner forest (cheapest_network), "tree": exact Steiner tree,
    "approximate": networkx's 2-approximate tree, "rows": a table of their trains}``.

    The forest never needs more trains than the exact tree, and the exact tree never more
    than the approximate one.

    >>> p = compare_plans("europe", [("Constantinople", "Venezia"), ("Berlin", "Moskva")])
    >>> [r["trains"] for r in p["rows"]]
    [22, 24, 29]
    """
    m = load_map(map)
    forest = cheapest_network(m.name, tickets)
    tree = steiner_tree_network(m, tickets)
    approx = approximate_network(m.name, tickets)
    rows = [{"network": gettext("exact Steiner forest (cheapest)"), "trains": forest.trains,
             "pieces": len(forest.groups), "routes": len(forest.routes)},
            {"network": gettext("exact Steiner tree (one piece)"), "trains": tree.trains, "pieces": 1,
             "routes": len(tree.routes)},
            {"network": gettext("approximate tree (networkx)"), "trains": approx.trains, "pieces": 1,
             "routes": len(approx.routes)}]
    return {"forest": forest, "tree": tree, "approximate": approx, "rows": rows}


#: Names of the lesson's two hands of tickets, marked to be translated where they are shown
#: (the rows of :func:`approximation_ratios`).
CROSSING = N_("crossing")
FAR_APART = N_("far apart")


def approximation_ratios(map, hands: dict) -> Table:
    """How far networkx's approximate tree lands from the two exact answers, one row per
    named hand of ``hands`` (``{name: tickets}``; a name marked with ``N_`` such as
    :data:`FAR_APART` is shown translated): the trains of the exact forest, the exact
    tree and the approximate tree (:func:`compare_plans`), and the approximate tree's trains
    divided by each exact answer's.

    The approximation is guaranteed within twice the best *tree* (Mehlhorn, 1988); against
    the best *forest* it has no guarantee at all: a tree must also pay for the way between
    tickets that a forest leaves apart, and that way can be as long as the map allows.

    >>> hands = {FAR_APART: [("Erzurum", "Rostov"), ("Edinburgh", "Paris")]}
    >>> approximation_ratios("europe", hands).rows
    [{'hand': 'far apart', 'forest': 12, 'tree': 31, 'approximate': 32, 'x tree': 1.03, 'x forest': 2.67}]
    """
    rows = []
    for name, tickets in hands.items():
        forest, tree, approx = (r["trains"] for r in compare_plans(map, tickets)["rows"])
        rows.append({"hand": gettext(name), "forest": forest, "tree": tree, "approximate": approx,
                     "x tree": round(approx / tree, 2) if tree else 1.0,
                     "x forest": round(approx / forest, 2) if forest else 1.0})
    return Table(rows)


def network_highlight(map, tickets, net, color=PATH_COLOR, label=None) -> list:
    """A highlight: the routes of ``net`` glow, the ticket cities are ringed."""
    m = load_map(map)
    cities = list(dict.fromkeys(m.city_id(c) for t in tickets for c in t))
    return [{"routes": [r.index for r in net.routes], "color": color,
             "label": label or ngettext("{n} train", "{n} trains", net.trains).format(n=net.trains)},
            {"cities": cities, "color": NOW_COLOR, "label": gettext("ticket cities")}]


def plans_side_by_side(map, tickets, left="forest", right="approximate", size=None) -> str:
    """HTML with two boards, each with one network of :func:`compare_plans` (``"forest"``,
    ``"tree"`` or ``"approximate"``) and its trains: next to each other when the page has
    room for two boards of at least 600 pixels, one under the other otherwise. Each board
    is as wide as its half (or the page) allows, or at most ``size`` pixels if given."""
    from ....views.svg import board_svg

    m = load_map(map)
    plans = compare_plans(m, tickets)
    names = {"forest": gettext("exact Steiner forest"), "tree": gettext("exact Steiner tree"),
             "approximate": gettext("approximate tree")}
    cells = []
    for which, colour in ((left, PATH_COLOR), (right, TREE_COLOR)):
        if which not in names:
            raise MapError(gettext("unknown network {network!r}: use 'forest', 'tree' or 'approximate'").format(
                network=which))
        net = plans[which]
        title = gettext("{network}: {trains} trains").format(network=names[which], trains=net.trains)
        svg = board_svg(m, highlight=network_highlight(m, tickets, net, colour, title), size=size)
        if size is not None:   # a fixed picture still shrinks to fit its half
            svg = svg.replace("<svg ", '<svg style="max-width:100%;height:auto" ', 1)
        cells.append(f'<div style="flex:1 1 600px;min-width:0"><b>{title}</b><br>{svg}</div>')
    return f'<div style="display:flex;flex-wrap:wrap;gap:8px">{"".join(cells)}</div>'


def reference_three_city_tree(graph, a, b, c):
    """Fewest trains joining ``a``, ``b`` and ``c``: the package's exact
    :func:`~ttr_teach.algorithms.steiner.steiner_tree` (the checker's reference).

    >>> reference_three_city_tree(map_graph("europe"), "Lisboa", "Cadiz", "Madrid")
    5
    """
    return int(steiner_tree(graph, [a, b, c])[0])


def solution_three_city_tree(graph, a, b, c):
    """A cheapest tree joining three cities meets at one city m (maybe one of the three):
    try every m and add up the three shortest distances."""
    da = nx.single_source_dijkstra_path_length(graph, a)
    db = nx.single_source_dijkstra_path_length(graph, b)
    dc = nx.single_source_dijkstra_path_length(graph, c)
    return min(da[m] + db[m] + dc[m] for m in graph)


def three_city_tree_exercise() -> FunctionExercise:
    """Write ``three_city_tree(graph, a, b, c)``: a Steiner tree for three cities.

    >>> three_city_tree_exercise().judge(solution_three_city_tree).correct   # a check() refuses it: not yours
    True
    """
    eu, us = map_graph("europe"), map_graph("usa")
    cases = [(eu, "Lisboa", "Cadiz", "Madrid"), (eu, "Edinburgh", "Roma", "Moskva"),
             (eu, "Brest", "Palermo", "Stockholm"), (eu, "Paris", "Frankfurt", "Wien"),
             (us, "Seattle", "Miami", "Boston"), (us, "Denver", "Denver", "Omaha"),
             (us, "Los Angeles", "Duluth", "Houston")]
    return FunctionExercise(
        gettext("Write three_city_tree(graph, a, b, c): the fewest trains of a network joining the "
        "three cities a, b and c."),
        reference=reference_three_city_tree, cases=cases, copy_args=True,
        hint=[gettext("In a cheapest tree joining three cities, the three paths meet at one city m "
              "(possibly a, b or c)."),
              gettext("Try every city m: the cost is d(a, m) + d(b, m) + d(c, m)."),
              gettext("nx.single_source_dijkstra_path_length(graph, a) gives every d(a, m) at once.")],
        function_name="three_city_tree", example=solution_three_city_tree,
        solution=source_of(solution_three_city_tree, "three_city_tree"))


def random_hand(map, n: int, rng: random.Random) -> list:
    """``n`` different tickets of the map drawn with ``rng``, as ``(a, b)`` pairs.

    >>> random_hand("usa", 2, random.Random(1))
    [('Chicago', 'New Orleans'), ('Boston', 'Miami')]
    """
    m = load_map(map)
    return [(t.a, t.b) for t in rng.sample(m.tickets, n)]


def planner_timings(map, max_tickets: int = 6, hands: int = 3, seed: int = 1, progress: bool = True) -> list:
    """Time the exact planner and the approximation on random hands of 1..``max_tickets``
    tickets: one row per hand ``{"tickets", "cities", "exact_s", "approx_s", "exact_trains",
    "approx_trains"}``. Each size is run once untimed first (it builds cached tables).
    Shows a tqdm progress bar if ``progress``.
    """
    m = load_map(map)
    rng = random.Random(seed)
    jobs = [(n, random_hand(m, n, rng)) for n in range(1, max_tickets + 1) for _ in range(hands)]
    rows, warmed = [], set()
    for n, hand in progress_bar(jobs, gettext("planning hands of tickets ({map})").format(map=m.name),
                                   pgettext("progress", "hand"), progress):
        cities = len({c for t in hand for c in t})
        if cities not in warmed:
            cheapest_network(m.name, hand)
            warmed.add(cities)
        start = time.perf_counter()
        exact = cheapest_network(m.name, hand)
        middle = time.perf_counter()
        approx = approximate_network(m.name, hand)
        end = time.perf_counter()
        rows.append({"tickets": n, "cities": cities, "exact_s": middle - start, "approx_s": end - middle,
                     "exact_trains": exact.trains, "approx_trains": approx.trains})
    return rows


def plot_planner_timings(rows):
    """Left: the time of every hand against its number of distinct cities k (log scale), exact
    and approximate, with the curve 3^k through the slowest exact hand (over its last five
    values of k: below that, fixed overheads dominate). Right: the
    extra trains the approximation needs, on average, by number of tickets. Returns the Figure."""
    import matplotlib.pyplot as plt

    fig, (ax, ax2) = plt.subplots(1, 2, figsize=(10.5, 3.8))
    ax.semilogy([r["cities"] for r in rows], [1000 * r["exact_s"] for r in rows], "o", color=PATH_COLOR,
                alpha=0.7, label=gettext("exact (Dreyfus-Wagner)"))
    ax.semilogy([r["cities"] for r in rows], [1000 * r["approx_s"] for r in rows], "s", color=TREE_COLOR,
                alpha=0.7, label=gettext("approximate (networkx)"))
    slowest = max(rows, key=lambda r: (r["cities"], r["exact_s"]))
    ks = sorted({r["cities"] for r in rows})
    guide = [k for k in ks if k >= slowest["cities"] - 4]    # small hands cost Python overhead only
    ax.semilogy(guide, [1000 * slowest["exact_s"] * 3.0 ** (k - slowest["cities"]) for k in guide], "--",
                color="gray", label=gettext("3^k, scaled"))
    ax.set_xlabel(gettext("different cities in the hand (k)"))
    ax.set_ylabel(gettext("time (ms, log scale)"))
    ax.set_xticks(ks)
    ax.legend(fontsize=8)
    sizes = sorted({r["tickets"] for r in rows})
    extra = [statistics.mean(r["approx_trains"] - r["exact_trains"] for r in rows if r["tickets"] == n)
             for n in sizes]
    ax2.bar(sizes, extra, color=TREE_COLOR)
    ax2.set_xlabel(gettext("tickets in the hand"))
    ax2.set_ylabel(gettext("extra trains of the approximation (mean)"))
    ax2.set_xticks(sizes)
    fig.tight_layout()
    plt.close(fig)
    from ....views.alt_text import describe

    means = local_list([ngettext("{n} ticket {extra}", "{n} tickets {extra}", n).format(
        n=n, extra=local_digits(f"{e:.1f}")) for n, e in zip(sizes, extra, strict=True)])
    return describe(fig, gettext("Two charts. Left: the time of each hand against its number of different cities, "
                                 "exact and approximate, on a log scale; the slowest exact hand took {ms} ms for "
                                 "{cities} cities. Right: the extra trains the approximation needs, on average: "
                                 "{means}.").format(ms=local_digits(f"{1000 * slowest['exact_s']:.0f}"),
                                                    cities=slowest["cities"], means=means))


class TicketPicker:
    """Pick tickets from a list; two boards show the exact forest and another network
    (the approximate tree, or the exact tree) for the hand, with a table of trains.

    ``pick(indices)`` selects tickets by their index in the map's ticket list; ``plans`` is
    the last :func:`compare_plans` result. At most ``max_tickets`` tickets (the exact planner
    grows as 3 to the number of cities).
    """

    def __init__(self, map, initial=(), max_tickets: int = 6, size=None):
        self.map = load_map(map)
        self.max_tickets = max_tickets
        self.size = size
        self.selected = tuple(initial)
        self.plans: dict | None = None
        self.message = ""
        self._widget = None
        self._update()

    def _hand(self):
        return [(self.map.tickets[i].a, self.map.tickets[i].b) for i in self.selected]

    def _update(self):
        if not self.selected:
            self.plans, self.message = None, gettext("Pick one or more tickets.")
        elif len(self.selected) > self.max_tickets:
            self.plans = None
            self.message = gettext("{n} tickets: pick at most {most} (the exact planner's work triples with "
                                   "every extra city).").format(n=len(self.selected), most=self.max_tickets)
        else:
            self.plans = compare_plans(self.map, self._hand())
            r = self.plans["rows"]
            self.message = gettext("forest {forest} trains, exact tree {tree}, approximate tree {approximate}").format(
                forest=r[0]["trains"], tree=r[1]["trains"], approximate=r[2]["trains"])

    def pick(self, indices) -> None:
        """Select the tickets with these indices (in the map's ticket list)."""
        indices = tuple(indices)
        bad = [i for i in indices if not (isinstance(i, int) and 0 <= i < len(self.map.tickets))]
        if bad:
            raise MapError(gettext("there is no ticket number {number!r} (0 to {last})").format(
                number=bad[0], last=len(self.map.tickets) - 1))
        self.selected = indices
        self._update()
        if self._widget is not None:
            if tuple(self._select.value) != indices:
                self._select.value = indices
            self._render()

    def _render(self):
        self._status.value = f"<b>{html.escape(self.message)}</b>"
        if self.plans is None:
            self._boards.value = ""
            return
        self._boards.value = plans_side_by_side(self.map, self._hand(), "forest", self._right.value, self.size)

    @property
    def widget(self):
        if self._widget is None:
            import ipywidgets as w

            options = [(f"{self.map.cities[t.a].name}–{self.map.cities[t.b].name} ({t.points})", i)
                       for i, t in enumerate(self.map.tickets)]
            self._select = w.SelectMultiple(options=options, value=self.selected, rows=10,
                                            description=gettext("tickets"), layout=w.Layout(width="340px"))
            self._right = w.ToggleButtons(options=[(gettext("approximate tree"), "approximate"),
                                                   (gettext("exact tree"), "tree")],
                                          value="approximate", description=gettext("right board"),
                                          style={"button_width": "auto", "description_width": "initial"})
            self._status = w.HTML()
            self._boards = w.HTML()
            self._select.observe(lambda change: self.pick(change["new"]), names="value")
            self._right.observe(lambda change: self._render(), names="value")
            self._render()
            self._widget = w.VBox([w.HBox([self._select, w.VBox([self._right, self._status])]), self._boards])
        return self._widget

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)
