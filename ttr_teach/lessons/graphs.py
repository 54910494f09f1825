"""Lesson helpers for the graph-algorithm series (``notebooks/graphs/``).

The algorithms live in :mod:`ttr_teach.graphs`, :mod:`ttr_teach.planning` and
:mod:`ttr_teach.longest`; this module turns their answers and step traces into what a lesson
shows: board highlights, animation frames (one board per algorithm step), tables, plots,
timing experiments, and exercises whose checkers compare the learner's function with the
package on several cases. One section per lesson: 1 the map as a graph, 2 connectivity
(union-find, BFS), 3 shortest paths (Dijkstra, ticket prices), 4 planning (Steiner trees
and forests), 5 the longest route (Euler, a teaching backtracking search with its exact
speed-ups, timings, the parity bound as a proof).

>>> [row["city"] for row in hub_rows("europe", 3)]
['Paris', 'Frankfurt', 'Berlin']
>>> frames = union_find_frames(**example_network())
>>> frames[7]["message"]
'claim Pamplona–Paris: Pamplona (group of 3) and Paris (group of 4) join: Frankfurt now leads a group of 7'

A *frame* is a dict ``{"title", "message", "board", "highlight"}``: ``board`` is a map name
or a position dict and ``highlight`` a highlight for :func:`~ttr_teach.svg.board_svg`
(:func:`draw_frame` draws it); :func:`frame_player` steps through frames with a slider.

Nothing here imports matplotlib, ipywidgets or tqdm until a function that draws or shows
progress is called.
"""
from __future__ import annotations

import html
import inspect
import random
import statistics
import time

import networkx as nx

from ..errors import MapError
from ..exercises import FunctionExercise
from ..graphs import (UnionFind, bfs_steps, bridges, degree_table, dijkstra_steps, map_graph,
                      path_from_parents, shortest_path, ticket_table)
from ..mapdata import Map, Route, load_map
from ..planning import approximate_network, cheapest_network, steiner_tree
from ..position import route_spec

#: Colours that tell groups (or the steps of a search) apart on the board; none is a route colour.
GROUP_COLORS = ("#ff1493", "#00b3e6", "#8a2be2", "#00a383", "#ff8c00", "#8b4513", "#1f3fbf", "#9acd32")
NOW_COLOR = "#222222"      # the city or route the current step is about
DONE_COLOR = "#00a383"     # settled / taken from the queue
WAITING_COLOR = "#ff8c00"  # discovered, waiting (queue or frontier)
TREE_COLOR = "#00b3e6"     # search tree: how each city was reached
PATH_COLOR = "#ff1493"     # the answer


def _map(map_or_name) -> Map:
    return load_map(map_or_name)


def _name(m: Map, city: str) -> str:
    return m.cities[city].name


class Table:
    """Rows of dicts shown as an HTML table in a notebook (and as text elsewhere).

    >>> print(Table([{"city": "Paris", "routes": 10}]))
    city   routes
    Paris  10
    """

    def __init__(self, rows, columns=None, caption: str = ""):
        self.rows = list(rows)
        self.columns = list(columns or (self.rows[0].keys() if self.rows else []))
        self.caption = caption

    @staticmethod
    def _cell(value) -> str:
        if isinstance(value, float):
            return f"{value:.2f}"
        if isinstance(value, (list, tuple)):
            return ", ".join(map(str, value))
        return str(value)

    def __str__(self):
        cells = [self.columns] + [[self._cell(r.get(c, "")) for c in self.columns] for r in self.rows]
        widths = [max(len(row[i]) for row in cells) for i in range(len(self.columns))]
        lines = ["  ".join(v.ljust(w) for v, w in zip(row, widths)).rstrip() for row in cells]
        return "\n".join(([self.caption] if self.caption else []) + lines)

    def __repr__(self):
        return str(self)

    def _repr_html_(self):
        head = "".join(f"<th>{html.escape(str(c))}</th>" for c in self.columns)
        body = "".join("<tr>" + "".join(f"<td>{html.escape(self._cell(r.get(c, '')))}</td>"
                                        for c in self.columns) + "</tr>" for r in self.rows)
        caption = f"<caption>{html.escape(self.caption)}</caption>" if self.caption else ""
        return f"<table>{caption}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _source(fn) -> str:
    """The source of a reference solution, shown when the learner asks for it."""
    return inspect.getsource(fn)


# == frames and the player ======================================================================
def draw_frame(frame: dict, size=None) -> str:
    """SVG text of one frame: its board with its highlight.

    >>> draw_frame({"board": "usa", "highlight": {"cities": ["Denver"]}}).startswith("<svg")
    True
    """
    from ..svg import board_svg

    return board_svg(frame["board"], highlight=frame.get("highlight"), size=size)


class FramePlayer:
    """Steps through ``frames`` (see the module docstring): a play button and a slider above
    the caption and the board of the current frame. Boards are drawn when first shown.

    ``show(i)`` moves to frame ``i``; ``widget`` is the ipywidgets box (built on first use).
    """

    def __init__(self, frames, size=900, interval_ms: int = 1200):
        self.frames = list(frames)
        if not self.frames:
            raise MapError("there is nothing to animate: no frames")
        self.size = size
        self.interval_ms = interval_ms
        self._svgs = {}
        self._widget = None
        self.index = 0

    def svg(self, i: int) -> str:
        if i not in self._svgs:
            self._svgs[i] = draw_frame(self.frames[i], size=self.size)
        return self._svgs[i]

    def caption(self, i: int) -> str:
        f = self.frames[i]
        return f"<b>{html.escape(f.get('title', ''))}</b> {html.escape(f.get('message', ''))}"

    @property
    def widget(self):
        if self._widget is None:
            import ipywidgets as w

            last = len(self.frames) - 1
            self._play = w.Play(min=0, max=last, step=1, interval=self.interval_ms, description="play")
            self._slider = w.IntSlider(min=0, max=last, value=0, description="step",
                                       continuous_update=True, layout=w.Layout(width="420px"))
            w.jslink((self._play, "value"), (self._slider, "value"))
            self._caption = w.HTML(self.caption(0))
            self._board = w.HTML(self.svg(0))
            self._slider.observe(lambda change: self.show(change["new"]), names="value")
            self._widget = w.VBox([w.HBox([self._play, self._slider]), self._caption, self._board])
            self._widget.add_class("ttr-frame-player")
        return self._widget

    def show(self, i: int) -> None:
        """Move to frame ``i`` (the slider follows)."""
        if not 0 <= i < len(self.frames):
            raise MapError(f"there is no step {i}: the steps are 0 to {len(self.frames) - 1}")
        self.index = i
        if self._widget is not None:
            self._caption.value = self.caption(i)
            self._board.value = self.svg(i)
            if self._slider.value != i:
                self._slider.value = i

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)


def frame_player(frames, size=900, interval_ms: int = 1200) -> FramePlayer:
    """A :class:`FramePlayer` for ``frames``; the last expression of a cell shows it."""
    return FramePlayer(frames, size=size, interval_ms=interval_ms)


# == lesson 1: the map as a graph ===============================================================
def graph_summary(map_or_name) -> dict:
    """The map in graph words: cities (nodes), routes (edges of the multigraph), city pairs
    (edges of the simple graph), double routes, trains on the board, whether it is
    connected, its diameter in routes and the mean number of neighbours.

    >>> s = graph_summary("europe")
    >>> s["cities"], s["routes"], s["city pairs"], s["double routes"]
    (47, 101, 90, 11)
    """
    m = _map(map_or_name)
    g = map_graph(m)
    return {"map": m.name, "cities": g.number_of_nodes(), "routes": len(m.routes),
            "city pairs": g.number_of_edges(), "double routes": len(m.double_pairs),
            "trains on the board": sum(r.length for r in m.routes),
            "connected": nx.is_connected(g), "diameter (routes)": nx.diameter(g),
            "mean neighbours": round(2 * g.number_of_edges() / g.number_of_nodes(), 2)}


def neighbour_counts(map_or_name, by: str = "neighbours") -> dict:
    """How many cities have each number of neighbours (``by="neighbours"``) or of routes
    (``by="routes"``): ``{degree: number of cities}``, sorted by degree.

    >>> neighbour_counts("europe")[1]   # only Edinburgh has a single neighbour
    1
    """
    if by not in ("neighbours", "routes"):
        raise MapError(f"count by 'neighbours' or 'routes', not {by!r}")
    counts = {}
    for row in degree_table(map_or_name):
        counts[row[by]] = counts.get(row[by], 0) + 1
    return dict(sorted(counts.items()))


def plot_degree_histograms(maps=("europe", "usa"), by: str = "neighbours"):
    """A bar chart per map of how many cities have 1, 2, 3... neighbours (or routes).
    Returns the matplotlib Figure."""
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, len(maps), figsize=(5 * len(maps), 3.2), sharey=True, squeeze=False)
    for ax, name in zip(axes[0], maps):
        counts = neighbour_counts(name, by)
        ax.bar(list(counts), list(counts.values()), color="#00a383")
        ax.set_title(_map(name).title)
        ax.set_xlabel(f"{by} of a city")
        ax.set_xticks(range(1, max(counts) + 1))
    axes[0][0].set_ylabel("number of cities")
    fig.tight_layout()
    plt.close(fig)
    return fig


def hub_rows(map_or_name, top: int = 5) -> list:
    """The ``top`` hubs (:func:`ttr_teach.graphs.hubs`) with their neighbours' names.

    >>> hub_rows("usa", 1)[0]["neighbours"]
    7
    """
    from ..graphs import hubs

    g = map_graph(map_or_name)
    return [{**row, "next to": sorted(_name(_map(map_or_name), n) for n in g[row["city"]])}
            for row in hubs(map_or_name, top)]


def hubs_highlight(map_or_name, top: int = 5) -> list:
    """A highlight ringing the ``top`` hubs and glowing their routes, one colour each.

    >>> hubs_highlight("europe", 1)[0]["label"]
    'Paris: 10 routes to 7 cities'
    """
    m = _map(map_or_name)
    out = []
    for k, row in enumerate(hub_rows(m, top)):
        out.append({"cities": [row["city"]], "routes": [r.index for r in m.routes_at(row["city"])],
                    "color": GROUP_COLORS[k % len(GROUP_COLORS)],
                    "label": f"{_name(m, row['city'])}: {row['routes']} routes to {row['neighbours']} cities"})
    return out


def city_cuts(map_or_name) -> list:
    """The smallest sets of cities whose loss splits the map, with what falls off.

    ``[{"cities": [...], "pieces": [sizes, largest first], "cut_off": [cities of the smaller
    pieces]}]``. One city when the map has articulation cities; otherwise the node
    connectivity is higher and the cuts are pairs (or more). Uses
    :func:`networkx.all_node_cuts` (Kanevsky's algorithm).

    Reference: A. Kanevsky, "Finding all minimum-size separating vertex sets in a graph",
    Networks 23 (1993) 533-541.

    >>> [c["cities"] for c in city_cuts("europe")]
    [['London'], ['Madrid']]
    >>> city_cuts("usa")[0]
    {'cities': ['Calgary', 'Seattle'], 'pieces': [33, 1], 'cut_off': ['Vancouver']}
    """
    g = map_graph(map_or_name)
    out = []
    for cut in nx.all_node_cuts(g):
        rest = g.subgraph(n for n in g if n not in cut)
        pieces = sorted(nx.connected_components(rest), key=lambda c: (-len(c), sorted(c)))
        out.append({"cities": sorted(cut), "pieces": [len(p) for p in pieces],
                    "cut_off": sorted(c for p in pieces[1:] for c in p)})
    return sorted(out, key=lambda c: c["cities"])


def chokepoints_highlight(map_or_name) -> list:
    """A highlight of the map's weak spots: its bridges (glowing routes), and the smallest
    city cuts (rings) with the cities they cut off.

    >>> [h["label"] for h in chokepoints_highlight("europe")]
    ['bridge: Edinburgh–London', 'London cuts off Edinburgh', 'Madrid cuts off Cádiz, Lisboa']
    """
    m = _map(map_or_name)
    out = []
    for a, b in bridges(m):
        out.append({"routes": [[a, b]], "color": "#00b3e6", "label": f"bridge: {_name(m, a)}–{_name(m, b)}"})
    for k, cut in enumerate(city_cuts(m)):
        names = " and ".join(_name(m, c) for c in cut["cities"])
        lost = ", ".join(sorted(_name(m, c) for c in cut["cut_off"]))
        out.append({"cities": cut["cities"], "color": GROUP_COLORS[(2 * k) % len(GROUP_COLORS)],
                    "label": f"{names} cut{'s' if len(cut['cities']) == 1 else ''} off {lost}"})
    return out


def reference_is_bridge(graph, a, b) -> bool:
    """True if the edge ``a``–``b`` is a bridge of ``graph`` (the checker's reference).

    >>> reference_is_bridge(map_graph("europe"), "London", "Edinburgh")
    True
    """
    return any({a, b} == set(e) for e in nx.bridges(graph))


def solution_is_bridge(graph, a, b):
    """Removing the edge a-b disconnects a from b exactly when a-b is a bridge."""
    if not graph.has_edge(a, b):
        return False
    g = graph.copy()
    g.remove_edge(a, b)
    return not nx.has_path(g, a, b)


def is_bridge_exercise() -> FunctionExercise:
    """Write ``is_bridge(graph, a, b)``; checked on both maps and small graphs.

    >>> is_bridge_exercise().check(solution_is_bridge).correct
    True
    """
    loop = nx.cycle_graph(5)
    loop.add_edge(4, 9)
    cases = [(map_graph("europe"), "Edinburgh", "London"), (map_graph("europe"), "Paris", "Frankfurt"),
             (map_graph("europe"), "Lisboa", "Madrid"), (map_graph("usa"), "Las Vegas", "Los Angeles"),
             (map_graph("usa"), "Denver", "Kansas City"), (nx.path_graph(4), 1, 2),
             (loop, 0, 1), (loop, 4, 9), (loop, 0, 2)]
    return FunctionExercise(
        "Write is_bridge(graph, a, b): True if the edge a–b is a bridge (without it, a and b "
        "are no longer connected), False otherwise (also when there is no edge a–b).",
        reference=reference_is_bridge, cases=cases, copy_args=True,
        hint="Work on graph.copy(): remove the edge a–b, then ask nx.has_path(g, a, b).",
        solution=_source(solution_is_bridge))


# == lesson 2: connectivity and tickets =========================================================
def example_network() -> dict:
    """A network one player might build in a Europe game, in the order the routes were
    claimed, with three of their tickets: two completed, one not (yet).

    Returns ``{"map_or_name", "routes", "tickets"}`` for :func:`union_find_frames`.

    >>> net = example_network()
    >>> len(net["routes"]), sum(r.length for r in net["routes"])
    (11, 29)
    """
    m = load_map("europe")
    claims = [("Paris", "Frankfurt", "white"), ("Madrid", "Pamplona", "black"),
              ("Frankfurt", "Munchen", None), ("Lisboa", "Madrid", None), ("Munchen", "Wien", None),
              ("Sarajevo", "Sofia", None), ("Pamplona", "Paris", "blue"), ("Wien", "Budapest", "red"),
              ("Paris", "Zurich", None), ("Zurich", "Munchen", None), ("Athina", "Sofia", None)]
    return {"map_or_name": "europe", "routes": [m.route(a, b, c) for a, b, c in claims],
            "tickets": [("Paris", "Wien"), ("Madrid", "Zurich"), ("Budapest", "Sofia")]}


def _routes_of(m: Map, routes) -> list:
    """Route objects for Routes, route indices or ``(a, b(, colour))`` references."""
    out = []
    for r in routes:
        if isinstance(r, Route):
            out.append(r)
        elif isinstance(r, int) and not isinstance(r, bool):
            out.append(m.routes[r])
        else:
            out.append(m.route(*r[:2], *(r[2:3] if len(r) == 3 and isinstance(r[2], str) else ())))
    return out


def _root(uf: UnionFind, x):
    while uf.parent[x] != x:
        x = uf.parent[x]
    return x


def _group_items(m, uf, claimed, colour_of) -> list:
    """One highlight item per group of two or more cities: its routes glow in its colour
    and its leader (the union-find root) is ringed."""
    groups = {}
    for r in claimed:
        groups.setdefault(_root(uf, r.a), []).append(r)
    for root in list(colour_of):
        if root not in groups:
            del colour_of[root]
    items = []
    for root in sorted(groups, key=lambda x: (x not in colour_of, list(colour_of).index(x) if x in colour_of else 0)):
        if root not in colour_of:
            used = set(colour_of.values())
            colour_of[root] = next((c for c in GROUP_COLORS if c not in used),
                                   GROUP_COLORS[len(colour_of) % len(GROUP_COLORS)])
        items.append({"routes": [r.index for r in groups[root]], "cities": [root],
                      "color": colour_of[root],
                      "label": f"group led by {_name(m, root)}: {uf.size[root]} cities"})
    return items


def _one_player(m, routes, tickets, name) -> dict:
    return {"map": m.name, "players": [{"name": name, "color": "black",
                                        "routes": [route_spec(m, r) for r in routes],
                                        "tickets": [list(t) for t in tickets]}]}


def union_find_frames(map_or_name, routes, tickets=(), player: str = "you") -> list:
    """Frames replaying union-find as ``player`` claims ``routes`` one by one, then asking
    for each ticket whether its two cities are in one group.

    Each group of connected cities glows in its own colour with its leader (the root of its
    union-find tree) ringed; the route just claimed glows black, its two cities ringed. The
    messages are :class:`~ttr_teach.graphs.UnionFind`'s step messages.

    >>> frames = union_find_frames(**example_network())
    >>> len(frames), frames[-1]["message"]
    (15, 'ticket Budapest–Sofia: Budapest is in the group led by Frankfurt, Sofia in the group led by Sarajevo: not completed')
    """
    m = _map(map_or_name)
    routes = _routes_of(m, routes)
    tickets = [(m.city_id(a), m.city_id(b)) for a, b in tickets]
    uf = UnionFind(m.cities, names={c.id: c.name for c in m.cities.values()})
    colour_of = {}
    total = len(routes) + len(tickets)
    frames = [{"title": f"step 0 of {total}.", "board": _one_player(m, [], tickets, player),
               "message": "no routes yet: every city is a group of its own, and its own leader",
               "highlight": []}]
    for k, r in enumerate(routes, 1):
        uf.union(r.a, r.b)
        step = uf.steps[-1]
        items = _group_items(m, uf, routes[:k], colour_of)
        message = f"claim {_name(m, r.a)}–{_name(m, r.b)}: {step['message']}"
        items.append({"routes": [r.index], "cities": [r.a, r.b], "color": NOW_COLOR,
                      "label": "the route just claimed"})
        frames.append({"title": f"step {k} of {total}.", "board": _one_player(m, routes[:k], tickets, player),
                       "message": message, "highlight": items})
    for k, (a, b) in enumerate(tickets, len(routes) + 1):
        ra, rb = uf.find(a), uf.find(b)
        done = ra == rb
        message = (f"ticket {_name(m, a)}–{_name(m, b)}: {_name(m, a)} is in the group led by "
                   f"{_name(m, ra)}, {_name(m, b)} in the group led by {_name(m, rb)}: "
                   + ("completed" if done else "not completed"))
        items = _group_items(m, uf, routes, colour_of)
        items.append({"ticket": [a, b], "player": 0, "color": NOW_COLOR,
                      "label": f"ticket {_name(m, a)}–{_name(m, b)}: "
                               + ("completed" if done else "not completed")})
        frames.append({"title": f"step {k} of {total}.", "board": _one_player(m, routes, tickets, player),
                       "message": message, "highlight": items})
    return frames


def _hops(parent: dict) -> dict:
    depth = {}
    for city in parent:
        chain = []
        x = city
        while x not in depth and parent[x] is not None:
            chain.append(x)
            x = parent[x]
        base = depth.setdefault(x, 0)
        for i, c in enumerate(reversed(chain), 1):
            depth[c] = base + i
    return depth


def _tree_pairs(parent: dict, keep=None) -> list:
    return [[p, c] for c, p in parent.items() if p is not None and (keep is None or c in keep)]


def bfs_frames(map_or_name, source, target=None) -> list:
    """Frames of a breadth-first search from ``source`` (until ``target`` is taken, if given).

    Cities already taken from the queue carry their number of routes from ``source`` on a
    green badge, cities waiting in the queue on an orange one; the routes that found each
    city glow blue; the city being taken is ringed. With a ``target``, a last frame shows the
    path with the fewest routes.

    Frame ``k`` shows the search after step ``k`` (frame 0: before it starts).

    >>> frames = bfs_frames("europe", "Lisboa", "Barcelona")
    >>> [f["message"] for f in frames][1:3]
    ['take Lisboa (0 routes from Lisboa); discover Cádiz, Madrid', 'take Cádiz (1 route from Lisboa); nothing new']
    """
    m = _map(map_or_name)
    start = m.city_id(source)
    steps = list(bfs_steps(m, source, target))
    frames = [{"title": f"step 0 of {len(steps)}.", "board": m.name,
               "message": f"start: the queue holds {_name(m, start)} alone, 0 routes from itself",
               "highlight": [{"city_badges": {start: 0}, "color": WAITING_COLOR, "label": "waiting in the queue"}]}]
    taken = []
    for s in steps:
        taken.append(s["city"])
        hops = _hops(s["parent"])
        frames.append({"title": f"step {s['step']} of {len(steps)}.", "board": m.name,
                       "message": s["message"], "highlight": [
                           {"routes": _tree_pairs(s["parent"]), "color": TREE_COLOR,
                            "label": "the route that found each city"},
                           {"city_badges": {c: hops[c] for c in taken}, "color": DONE_COLOR,
                            "label": "taken from the queue: routes from the start"},
                           {"city_badges": {c: hops[c] for c in s["queue"]}, "color": WAITING_COLOR,
                            "label": "waiting in the queue"},
                           {"cities": [s["city"]], "color": NOW_COLOR, "label": f"now: {_name(m, s['city'])}"}]})
    if target is not None and steps:
        last = steps[-1]
        path = path_from_parents(last["parent"], m.city_id(target))
        hops = _hops(last["parent"])
        frames.append({"title": "the answer.", "board": m.name,
                       "message": f"fewest routes from {_name(m, path[0])} to {_name(m, path[-1])}: "
                                  f"{len(path) - 1} ({' – '.join(_name(m, c) for c in path)})",
                       "highlight": [{"routes": [[u, v] for u, v in zip(path, path[1:])], "color": PATH_COLOR,
                                      "label": f"{len(path) - 1} routes"},
                                     {"city_badges": {c: hops[c] for c in path}, "color": DONE_COLOR,
                                      "label": "routes from the start"}]})
    return frames


def reference_is_connected(routes, a, b) -> bool:
    """True if ``routes`` (``(city, city, ...)`` tuples) join ``a`` to ``b`` (a city is
    connected to itself). Union-find (the checker's reference).

    >>> reference_is_connected([("Paris", "Bruxelles", 2), ("Bruxelles", "Essen", 3)], "Essen", "Paris")
    True
    """
    uf = UnionFind()
    for route in routes:
        uf.union(route[0], route[1])
    uf.add(a)
    uf.add(b)
    return uf.connected(a, b)


def solution_is_connected(routes, a, b):
    """Breadth-first search from a over the routes, both ways round."""
    from collections import deque

    neighbours = {}
    for route in routes:
        x, y = route[0], route[1]
        neighbours.setdefault(x, []).append(y)
        neighbours.setdefault(y, []).append(x)
    seen, queue = {a}, deque([a])
    while queue:
        city = queue.popleft()
        if city == b:
            return True
        for n in neighbours.get(city, []):
            if n not in seen:
                seen.add(n)
                queue.append(n)
    return False


def is_connected_exercise() -> FunctionExercise:
    """Write ``is_connected(routes, a, b)``; checked on the example network and others.

    >>> is_connected_exercise().check(solution_is_connected).correct
    True
    """
    net = [(r.a, r.b, r.length) for r in example_network()["routes"]]
    ring = [("A", "B", 1), ("B", "C", 2), ("C", "A", 3), ("D", "E", 1)]
    cases = [(net, "Paris", "Wien"), (net, "Wien", "Paris"), (net, "Budapest", "Sofia"),
             (net, "Lisboa", "Zurich"), (net, "Athina", "Sarajevo"), (net, "Paris", "London"),
             ([], "Paris", "Wien"), (ring, "A", "C"), (ring, "A", "E"), (ring, "E", "D")]
    return FunctionExercise(
        "Write is_connected(routes, a, b): routes is a list of (city, city, length) tuples; "
        "return True if the routes join city a to city b, else False.",
        reference=reference_is_connected, cases=cases, copy_args=True,
        hint="Start at a and explore: keep a set of cities seen and a queue (or stack) of "
             "cities to visit; a route can be travelled both ways.",
        solution=_source(solution_is_connected))


# == lesson 3: shortest paths ===================================================================
def dijkstra_frames(map_or_name, source, target=None) -> list:
    """Frames of Dijkstra's algorithm from ``source`` (until ``target`` is settled, if given).

    Settled cities carry their distance in trains on a green badge; cities on the frontier
    carry their best distance so far on an orange one; the routes of the shortest-path
    tree of the settled cities glow blue; the city just settled is ringed. With a
    ``target``, a last frame shows the shortest path.

    Frame ``k`` shows the search after step ``k`` (frame 0: before it starts).

    >>> [f["message"] for f in dijkstra_frames("europe", "Palermo", "Roma")][1:3]
    ['settle Palermo at 0; improve Brindisi to 3, Roma to 4, Smyrna to 6', 'settle Brindisi at 3; improve Athina to 7']
    """
    m = _map(map_or_name)
    start = m.city_id(source)
    steps = list(dijkstra_steps(m, source, target))
    frames = [{"title": f"step 0 of {len(steps)}.", "board": m.name,
               "message": f"start: {_name(m, start)} is 0 trains from itself; every other city is "
                          "at infinity (not reached yet)",
               "highlight": [{"city_badges": {start: 0}, "color": WAITING_COLOR, "label": "frontier: best so far"}]}]
    for s in steps:
        frames.append({"title": f"step {s['step']} of {len(steps)}.", "board": m.name,
                       "message": s["message"], "highlight": [
                           {"routes": _tree_pairs(s["parent"], keep=s["settled"]), "color": TREE_COLOR,
                            "label": "shortest-path tree of the settled cities"},
                           {"city_badges": s["settled"], "color": DONE_COLOR,
                            "label": "settled: fewest trains, final"},
                           {"city_badges": s["frontier"], "color": WAITING_COLOR,
                            "label": "frontier: best so far"},
                           {"cities": [s["city"]], "color": NOW_COLOR,
                            "label": f"just settled: {_name(m, s['city'])}"}]})
    if target is not None and steps:
        p = shortest_path(m, source, target)
        settled = steps[-1]["settled"]
        frames.append({"title": "the answer.", "board": m.name,
                       "message": f"fewest trains from {_name(m, p['cities'][0])} to {_name(m, p['cities'][-1])}: "
                                  f"{p['trains']} ({' – '.join(_name(m, c) for c in p['cities'])})",
                       "highlight": [{"routes": [[u, v] for u, v in zip(p["cities"], p["cities"][1:])],
                                      "color": PATH_COLOR, "label": f"shortest path: {p['trains']} trains"},
                                     {"city_badges": {c: settled[c] for c in p["cities"]}, "color": DONE_COLOR,
                                      "label": "trains from the start"}]})
    return frames


def fewest_routes_vs_fewest_trains(map_or_name, a, b) -> dict:
    """The path with the fewest routes (BFS) against the one with the fewest trains
    (Dijkstra): ``{"fewest_routes": {"cities", "routes", "trains"}, "fewest_trains": {...}}``
    and a highlight showing both.

    >>> d = fewest_routes_vs_fewest_trains("europe", "Budapest", "Stockholm")
    >>> d["fewest_routes"]["routes"], d["fewest_routes"]["trains"]
    (4, 20)
    >>> d["fewest_trains"]["routes"], d["fewest_trains"]["trains"]
    (5, 12)
    """
    m = _map(map_or_name)
    g = map_graph(m)
    a, b = m.city_id(a), m.city_id(b)
    hop_paths = list(nx.all_shortest_paths(g, a, b))
    fewest_hops = min(hop_paths, key=lambda p: (nx.path_weight(g, p, "weight"), p))
    best = shortest_path(m, a, b)

    def info(path):
        return {"cities": path, "routes": len(path) - 1, "trains": nx.path_weight(g, path, "weight")}

    out = {"fewest_routes": info(fewest_hops), "fewest_trains": info(best["cities"])}
    out["highlight"] = [
        {"routes": [[u, v] for u, v in zip(fewest_hops, fewest_hops[1:])], "color": WAITING_COLOR,
         "label": f"fewest routes: {out['fewest_routes']['routes']} routes, {out['fewest_routes']['trains']} trains"},
        {"routes": [[u, v] for u, v in zip(best["cities"], best["cities"][1:])], "color": PATH_COLOR,
         "label": f"fewest trains: {out['fewest_trains']['routes']} routes, {out['fewest_trains']['trains']} trains"}]
    return out


def points_vs_trains(maps=("europe", "usa")) -> list:
    """Every ticket of ``maps`` with its points and its shortest distance in trains
    (:func:`ttr_teach.graphs.ticket_table`), plus ``"map"``, ``"extra"`` = points - trains,
    and what its shortest paths hold: ``"shortest paths"`` (how many), ``"ferries"`` (fewest
    ferry routes on one) and ``"longest step"`` (the longest route on the first).

    >>> rows = points_vs_trains(["europe"])
    >>> sum(r["extra"] == 0 for r in rows), len(rows)
    (44, 46)
    """
    out = []
    for name in maps:
        m = _map(name)
        g = map_graph(m)
        for row in ticket_table(m):
            paths = list(nx.all_shortest_paths(g, row["a"], row["b"], weight="weight"))

            def ferries(path):
                return sum(any(r.locomotives for r in g.edges[u, v]["routes"]) for u, v in zip(path, path[1:]))

            out.append({"map": m.name, "ticket": row["ticket"], "points": row["points"], "trains": row["trains"],
                        "extra": row["points"] - row["trains"], "long": row["long"],
                        "shortest paths": len(paths), "ferries": min(ferries(p) for p in paths),
                        "longest step": max(g.edges[u, v]["weight"] for u, v in zip(row["path"], row["path"][1:])),
                        "path": row["path"]})
    return out


def ticket_outliers(maps=("europe", "usa")) -> list:
    """The tickets whose points differ from their shortest distance, most extra first.

    >>> [(r["ticket"], r["extra"]) for r in ticket_outliers(["europe"])]
    [('Athina–Edinburgh', 1), ('London–Wien', 1)]
    """
    rows = [r for r in points_vs_trains(maps) if r["extra"] != 0]
    return sorted(rows, key=lambda r: (-r["extra"], r["map"], r["ticket"]))


def plot_points_vs_trains(maps=("europe", "usa")):
    """Ticket points against shortest distance in trains: one marker per map (its area grows
    with the number of tickets at that spot; the maps are nudged apart), the line
    points = trains, and the outliers named. Returns the matplotlib Figure."""
    import matplotlib.pyplot as plt

    rows = points_vs_trains(maps)
    fig, ax = plt.subplots(figsize=(7.5, 5.5))
    nudge = {name: 0.18 * (k - (len(maps) - 1) / 2) for k, name in enumerate(maps)}
    for name, marker, colour in zip(maps, "os^", ("#1f3fbf", "#ff8c00", "#00a383")):
        spots = {}
        for r in rows:
            if r["map"] == _map(name).name:
                spots[r["trains"], r["points"]] = spots.get((r["trains"], r["points"]), 0) + 1
        ax.scatter([t + nudge[name] for t, _ in spots], [p for _, p in spots], s=[22 * n for n in spots.values()],
                   marker=marker, color=colour, alpha=0.75,
                   label=f"{_map(name).title} ({sum(spots.values())} tickets)")
    top = max(max(r["points"], r["trains"]) for r in rows) + 1
    ax.plot([0, top], [0, top], color="gray", linestyle="--", linewidth=1, label="points = trains")
    named = {}
    for r in rows:
        if r["extra"]:
            named.setdefault((r["trains"], r["points"]), []).append(r["ticket"])
    for (t, p), tickets in sorted(named.items()):
        ax.annotate(", ".join(sorted(tickets)), (t, p), textcoords="offset points", xytext=(-9, 0),
                    ha="right", va="center", fontsize=8)
    ax.set_xlabel("shortest distance (trains)")
    ax.set_ylabel("ticket points")
    ax.legend(loc="lower right")
    ax.set_title("A ticket is worth (almost) its shortest distance")
    fig.tight_layout()
    plt.close(fig)
    return fig


def reference_fewest_trains(graph, a, b):
    """Fewest trains from ``a`` to ``b`` in ``graph`` (``weight`` = trains), by the package's
    :func:`~ttr_teach.graphs.dijkstra_steps` (the checker's reference).

    >>> reference_fewest_trains(map_graph("europe"), "Lisboa", "Moskva")
    28
    """
    for step in dijkstra_steps(graph, a, target=b):
        if step["city"] == b:
            return step["distance"]
    raise nx.NetworkXNoPath(f"{b} cannot be reached from {a}")


def solution_fewest_trains(graph, a, b):
    """Dijkstra: always settle the closest unsettled city next (a heap of (distance, city))."""
    import heapq

    best = {a: 0}
    heap = [(0, a)]
    settled = set()
    while heap:
        d, city = heapq.heappop(heap)
        if city in settled:
            continue
        if city == b:
            return d
        settled.add(city)
        for n in graph[city]:
            new = d + graph[city][n]["weight"]
            if n not in best or new < best[n]:
                best[n] = new
                heapq.heappush(heap, (new, n))
    return None


def _detour_graph() -> nx.Graph:
    """A small graph where the fewest routes are not the fewest trains."""
    g = nx.Graph()
    g.add_weighted_edges_from([("A", "D", 6), ("A", "B", 1), ("B", "C", 1), ("C", "D", 1), ("B", "D", 5)])
    return g


def fewest_trains_exercise() -> FunctionExercise:
    """Write ``fewest_trains(graph, a, b)`` (Dijkstra); checked on both maps and a small graph.

    >>> fewest_trains_exercise().check(solution_fewest_trains).correct
    True
    """
    eu, us = map_graph("europe"), map_graph("usa")
    cases = [(eu, "Paris", "Wien"), (eu, "Lisboa", "Moskva"), (eu, "Edinburgh", "Athina"),
             (eu, "Palermo", "Roma"), (eu, "Berlin", "Berlin"), (us, "Seattle", "Duluth"),
             (us, "Miami", "Vancouver"), (_detour_graph(), "A", "D")]
    return FunctionExercise(
        "Write fewest_trains(graph, a, b): the fewest trains (the sum of the edges' 'weight') "
        "on a path from a to b. graph[city] lists a city's neighbours and "
        "graph[city][n]['weight'] is the length of the route to n.",
        reference=reference_fewest_trains, cases=cases, copy_args=True,
        hint="Keep a heap (heapq) of (distance so far, city). Pop the closest city; the first "
             "time you pop b, its distance is final. Push each neighbour with distance + weight.",
        solution=_source(solution_fewest_trains))


# == lesson 4: planning tickets =================================================================
def steiner_tree_network(map_or_name, tickets) -> dict:
    """The exact cheapest *single tree* joining every city of ``tickets`` (a Steiner tree;
    :func:`ttr_teach.planning.steiner_tree`), in :func:`~ttr_teach.planning.cheapest_network`'s
    format (``trains``, ``routes``, ``route_objects``).

    >>> steiner_tree_network("europe", [("Erzurum", "Rostov"), ("Edinburgh", "Paris")])["trains"]
    31
    """
    m = _map(map_or_name)
    pairs = [(m.city_id(a), m.city_id(b)) for a, b in tickets]
    cities = list(dict.fromkeys(c for p in pairs for c in p))
    g = map_graph(m)
    weight, edges = steiner_tree(g, cities) if len(cities) > 1 else (0, set())
    routes = sorted((g.edges[u, v]["routes"][0] for u, v in edges), key=lambda r: r.index)
    return {"map": m.name, "tickets": [list(p) for p in pairs], "trains": sum(r.length for r in routes),
            "routes": [[r.a, r.b, r.length, r.color] for r in routes], "route_objects": routes}


def compare_plans(map_or_name, tickets) -> dict:
    """The three networks of the lesson for one hand of ``tickets``:
    ``{"forest": exact Steiner forest (cheapest_network), "tree": exact Steiner tree,
    "approximate": networkx's 2-approximate tree, "rows": a table of their trains}``.

    The forest never needs more trains than the exact tree, and the exact tree never more
    than the approximate one.

    >>> p = compare_plans("europe", [("Constantinople", "Venezia"), ("Berlin", "Moskva")])
    >>> [r["trains"] for r in p["rows"]]
    [22, 24, 29]
    """
    m = _map(map_or_name)
    forest = cheapest_network(m.name, tickets)
    tree = steiner_tree_network(m, tickets)
    approx = approximate_network(m.name, tickets)
    rows = [{"network": "exact Steiner forest (cheapest)", "trains": forest["trains"],
             "pieces": len(forest["groups"]), "routes": len(forest["routes"])},
            {"network": "exact Steiner tree (one piece)", "trains": tree["trains"], "pieces": 1,
             "routes": len(tree["routes"])},
            {"network": "approximate tree (networkx)", "trains": approx["trains"], "pieces": 1,
             "routes": len(approx["routes"])}]
    return {"forest": forest, "tree": tree, "approximate": approx, "rows": rows}


def network_highlight(m, tickets, net, color=PATH_COLOR, label=None) -> list:
    """A highlight: the routes of ``net`` glow, the ticket cities are ringed."""
    m = _map(m)
    cities = list(dict.fromkeys(m.city_id(c) for t in tickets for c in t))
    return [{"routes": [r.index for r in net["route_objects"]], "color": color,
             "label": label or f"{net['trains']} trains"},
            {"cities": cities, "color": NOW_COLOR, "label": "ticket cities"}]


def plans_side_by_side(map_or_name, tickets, left="forest", right="approximate", size=560) -> str:
    """HTML with two boards next to each other (each at most ``size`` pixels wide, narrower
    if the page is), each with one network of :func:`compare_plans` (``"forest"``,
    ``"tree"`` or ``"approximate"``) and its trains."""
    from ..svg import board_svg

    m = _map(map_or_name)
    plans = compare_plans(m, tickets)
    names = {"forest": "exact Steiner forest", "tree": "exact Steiner tree", "approximate": "approximate tree"}
    cells = []
    for which, colour in ((left, PATH_COLOR), (right, TREE_COLOR)):
        if which not in names:
            raise MapError(f"unknown network {which!r}: use 'forest', 'tree' or 'approximate'")
        net = plans[which]
        title = f"{names[which]}: {net['trains']} trains"
        svg = board_svg(m, highlight=network_highlight(m, tickets, net, colour, title), size=size)
        svg = svg.replace("<svg ", '<svg style="max-width:100%;height:auto" ', 1)   # shrink to fit
        cells.append(f'<div style="flex:1 1 0;min-width:0"><b>{title}</b><br>{svg}</div>')
    return f'<div style="display:flex;gap:8px">{"".join(cells)}</div>'


def reference_three_city_tree(graph, a, b, c):
    """Fewest trains joining ``a``, ``b`` and ``c``: the package's exact
    :func:`~ttr_teach.planning.steiner_tree` (the checker's reference).

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

    >>> three_city_tree_exercise().check(solution_three_city_tree).correct
    True
    """
    eu, us = map_graph("europe"), map_graph("usa")
    cases = [(eu, "Lisboa", "Cadiz", "Madrid"), (eu, "Edinburgh", "Roma", "Moskva"),
             (eu, "Brest", "Palermo", "Stockholm"), (eu, "Paris", "Frankfurt", "Wien"),
             (us, "Seattle", "Miami", "Boston"), (us, "Denver", "Denver", "Omaha"),
             (us, "Los Angeles", "Duluth", "Houston")]
    return FunctionExercise(
        "Write three_city_tree(graph, a, b, c): the fewest trains of a network joining the "
        "three cities a, b and c.",
        reference=reference_three_city_tree, cases=cases, copy_args=True,
        hint="In a cheapest tree joining three cities, the three paths meet at one city m "
             "(possibly a, b or c). Try every city m: the cost is d(a, m) + d(b, m) + d(c, m). "
             "nx.single_source_dijkstra_path_length(graph, a) gives every d(a, m) at once.",
        solution=_source(solution_three_city_tree))


def random_hand(map_or_name, n: int, rng: random.Random) -> list:
    """``n`` different tickets of the map drawn with ``rng``, as ``(a, b)`` pairs.

    >>> random_hand("usa", 2, random.Random(1))
    [('Chicago', 'New Orleans'), ('Boston', 'Miami')]
    """
    m = _map(map_or_name)
    return [(t.a, t.b) for t in rng.sample(m.tickets, n)]


def planner_timings(map_or_name, max_tickets: int = 6, hands: int = 3, seed: int = 1, progress: bool = True) -> list:
    """Time the exact planner and the approximation on random hands of 1..``max_tickets``
    tickets: one row per hand ``{"tickets", "cities", "exact_s", "approx_s", "exact_trains",
    "approx_trains"}``. Each size is run once untimed first (it builds cached tables).
    Shows a tqdm progress bar if ``progress``.
    """
    m = _map(map_or_name)
    rng = random.Random(seed)
    jobs = [(n, random_hand(m, n, rng)) for n in range(1, max_tickets + 1) for _ in range(hands)]
    if progress:
        from tqdm.auto import tqdm

        jobs = tqdm(jobs, desc=f"planning {m.name} hands")
    rows, warmed = [], set()
    for n, hand in jobs:
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
                     "exact_trains": exact["trains"], "approx_trains": approx["trains"]})
    return rows


def plot_planner_timings(rows):
    """Left: the time of every hand against its number of distinct cities k (log scale), exact
    and approximate, with the curve 3^k through the slowest exact hand (over its last five
    values of k: below that, fixed overheads dominate). Right: the
    extra trains the approximation needs, on average, by number of tickets. Returns the Figure."""
    import matplotlib.pyplot as plt

    fig, (ax, ax2) = plt.subplots(1, 2, figsize=(10.5, 3.8))
    ax.semilogy([r["cities"] for r in rows], [1000 * r["exact_s"] for r in rows], "o", color=PATH_COLOR,
                alpha=0.7, label="exact (Dreyfus-Wagner)")
    ax.semilogy([r["cities"] for r in rows], [1000 * r["approx_s"] for r in rows], "s", color=TREE_COLOR,
                alpha=0.7, label="approximate (networkx)")
    slowest = max(rows, key=lambda r: (r["cities"], r["exact_s"]))
    ks = sorted({r["cities"] for r in rows})
    guide = [k for k in ks if k >= slowest["cities"] - 4]    # small hands cost Python overhead only
    ax.semilogy(guide, [1000 * slowest["exact_s"] * 3.0 ** (k - slowest["cities"]) for k in guide], "--",
                color="gray", label="3^k, scaled")
    ax.set_xlabel("different cities in the hand (k)")
    ax.set_ylabel("time (ms, log scale)")
    ax.set_xticks(ks)
    ax.legend(fontsize=8)
    sizes = sorted({r["tickets"] for r in rows})
    extra = [statistics.mean(r["approx_trains"] - r["exact_trains"] for r in rows if r["tickets"] == n)
             for n in sizes]
    ax2.bar(sizes, extra, color=TREE_COLOR)
    ax2.set_xlabel("tickets in the hand")
    ax2.set_ylabel("extra trains of the approximation (mean)")
    ax2.set_xticks(sizes)
    fig.tight_layout()
    plt.close(fig)
    return fig


class TicketPicker:
    """Pick tickets from a list; two boards show the exact forest and another network
    (the approximate tree, or the exact tree) for the hand, with a table of trains.

    ``pick(indices)`` selects tickets by their index in the map's ticket list; ``plans`` is
    the last :func:`compare_plans` result. At most ``max_tickets`` tickets (the exact planner
    grows as 3 to the number of cities).
    """

    def __init__(self, map_or_name, initial=(), max_tickets: int = 6, size=520):
        self.map = _map(map_or_name)
        self.max_tickets = max_tickets
        self.size = size
        self.selected = tuple(initial)
        self.plans = None
        self.message = ""
        self._widget = None
        self._update()

    def _hand(self):
        return [(self.map.tickets[i].a, self.map.tickets[i].b) for i in self.selected]

    def _update(self):
        if not self.selected:
            self.plans, self.message = None, "Pick one or more tickets."
        elif len(self.selected) > self.max_tickets:
            self.plans = None
            self.message = (f"{len(self.selected)} tickets: pick at most {self.max_tickets} "
                            "(the exact planner's work triples with every extra city).")
        else:
            self.plans = compare_plans(self.map, self._hand())
            r = self.plans["rows"]
            self.message = (f"forest {r[0]['trains']} trains, exact tree {r[1]['trains']}, "
                            f"approximate tree {r[2]['trains']}")

    def pick(self, indices) -> None:
        """Select the tickets with these indices (in the map's ticket list)."""
        indices = tuple(indices)
        bad = [i for i in indices if not (isinstance(i, int) and 0 <= i < len(self.map.tickets))]
        if bad:
            raise MapError(f"there is no ticket number {bad[0]!r} (0 to {len(self.map.tickets) - 1})")
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
                                            description="tickets", layout=w.Layout(width="340px"))
            self._right = w.ToggleButtons(options=[("approximate tree", "approximate"), ("exact tree", "tree")],
                                          value="approximate", description="right board")
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


# == lesson 5: the longest route ================================================================
def konigsberg() -> list:
    """The seven bridges of Königsberg (Euler, 1736) as ``(a, b, 1)`` edges between the north
    bank, the south bank, the island (Kneiphof) and the east island.

    >>> len(konigsberg()), sorted(odd_cities(konigsberg()))
    (7, ['east', 'island', 'north', 'south'])
    """
    return [("north", "island", 1), ("north", "island", 1), ("south", "island", 1), ("south", "island", 1),
            ("north", "east", 1), ("south", "east", 1), ("island", "east", 1)]


def petersen() -> list:
    """The Petersen graph (10 cities, 15 routes of length 1, every city with 3 routes) as
    ``(a, b, 1)`` edges: a classic small network with no Hamiltonian cycle.

    >>> len(petersen()), len(odd_cities(petersen()))
    (15, 10)
    """
    return [(u, v, 1) for u, v in nx.petersen_graph().edges]


def _edge_list(edges) -> list:
    out = []
    for e in edges:
        if isinstance(e, Route):
            out.append((e.a, e.b, e.length))
        else:
            out.append((e[0], e[1], e[2]))
    return out


def odd_cities(edges) -> list:
    """Cities with an odd number of routes in ``edges`` (a loop counts twice), sorted by name.

    >>> odd_cities([("A", "B", 1), ("B", "C", 2)])
    ['A', 'C']
    """
    degree = {}
    for a, b, _ in _edge_list(edges):
        degree[a] = degree.get(a, 0) + 1
        degree[b] = degree.get(b, 0) + 1
    return sorted((c for c, d in degree.items() if d % 2), key=str)


def euler_check(edges) -> dict:
    """Euler's theorem for a network: ``{"connected", "odd_cities", "total",
    "one_trail"}``; ``one_trail`` is True when every route can be run through in one trail
    (connected, and at most two odd cities).

    >>> euler_check(konigsberg())["one_trail"]
    False
    """
    edges = _edge_list(edges)
    g = nx.MultiGraph()
    g.add_edges_from((a, b) for a, b, _ in edges)
    connected = g.number_of_nodes() == 0 or nx.is_connected(g)
    odd = odd_cities(edges)
    return {"connected": connected, "odd_cities": odd, "total": sum(w for _, _, w in edges),
            "one_trail": connected and len(odd) <= 2}


def _contract_chains(edges) -> list:
    """Replace every city with exactly two routes (neither a loop) by one route of the summed
    length, until none is left. Parallel routes and loops may appear; that is fine."""
    edges = list(edges)
    while True:
        at = {}
        for i, (a, b, _) in enumerate(edges):
            at.setdefault(a, []).append(i)
            if b != a:
                at.setdefault(b, []).append(i)
            else:
                at[a].append(i)
        city = next((c for c, ids in sorted(at.items(), key=lambda kv: str(kv[0]))
                     if len(ids) == 2 and ids[0] != ids[1]), None)
        if city is None:
            return edges
        i, j = at[city]
        (a1, b1, w1), (a2, b2, w2) = edges[i], edges[j]
        u = a1 if b1 == city else b1
        v = a2 if b2 == city else b2
        edges = [e for k, e in enumerate(edges) if k not in (i, j)] + [(u, v, w1 + w2)]


SPEEDUPS = ("odd starts", "components", "euler", "chains")


def trail_search(edges, speedups=(), max_calls=None) -> dict:
    """The longest trail by depth-first backtracking, with chosen exact speed-ups, counting
    the search calls. A teaching version of :mod:`ttr_teach.longest` (which adds memoisation
    and an integer program).

    ``speedups`` is any of :data:`SPEEDUPS`:

    * ``"odd starts"``: start only at odd cities (every longest trail of a network with odd
      cities ends at two of them);
    * ``"components"``: solve each connected piece alone;
    * ``"euler"``: a piece with at most two odd cities is its own longest trail: no search;
    * ``"chains"``: contract each city with exactly two routes (a trail uses both or neither).

    Without speed-ups every city is a start and every unused route at the end of the trail is
    tried: the number of calls grows exponentially with the routes. Returns ``{"length",
    "calls"}``; with ``max_calls``, gives up past that many calls and returns ``{"length":
    None, "calls": max_calls}``.

    >>> trail_search(konigsberg())
    {'length': 6, 'calls': 824}
    >>> net = example_network()["routes"]
    >>> trail_search(net), trail_search(net, SPEEDUPS)
    ({'length': 20, 'calls': 172}, {'length': 20, 'calls': 36})
    """
    unknown = [s for s in speedups if s not in SPEEDUPS]
    if unknown:
        raise MapError(f"unknown speed-up {unknown[0]!r}: choose from {', '.join(SPEEDUPS)}")
    edges = _edge_list(edges)
    pieces = [edges]
    if "components" in speedups:
        g = nx.MultiGraph()
        g.add_edges_from((a, b, {"w": w}) for a, b, w in edges)
        pieces = [[(a, b, d["w"]) for a, b, d in g.subgraph(c).edges(data=True)]
                  for c in sorted(nx.connected_components(g), key=lambda c: sorted(map(str, c)))]
    calls = [0]
    best = 0

    class GiveUp(Exception):
        pass

    for piece in pieces:
        if "euler" in speedups and euler_check(piece)["one_trail"]:
            best = max(best, sum(w for _, _, w in piece))
            continue
        if "chains" in speedups:
            piece = _contract_chains(piece)
        adjacent = {}
        for i, (a, b, w) in enumerate(piece):
            adjacent.setdefault(a, []).append((i, b, w))
            if a != b:
                adjacent.setdefault(b, []).append((i, a, w))
        used = [False] * len(piece)

        def extend(city, length):
            calls[0] += 1
            if max_calls is not None and calls[0] > max_calls:
                raise GiveUp
            result = length
            for i, other, w in adjacent[city]:
                if not used[i]:
                    used[i] = True
                    result = max(result, extend(other, length + w))
                    used[i] = False
            return result

        starts = sorted(adjacent, key=str)
        if "odd starts" in speedups:
            starts = odd_cities(piece) or starts[:1]
        try:
            for s in starts:
                best = max(best, extend(s, 0))
        except GiveUp:
            return {"length": None, "calls": max_calls}
    return {"length": best, "calls": calls[0]}


def speedup_table(edges, max_calls=None) -> Table:
    """The longest trail of ``edges`` found with more and more speed-ups: one row per rung of
    the ladder, with the search calls it took.

    >>> [r["calls"] for r in speedup_table(example_network()["routes"]).rows]
    [172, 82, 82, 76, 36]
    """
    ladder = [(), ("odd starts",), ("odd starts", "components"), ("odd starts", "components", "euler"),
              SPEEDUPS]
    names = ["plain backtracking", "+ start at odd cities only", "+ one component at a time",
             "+ Euler: no search when at most 2 odd cities", "+ contract chains"]
    rows = []
    for name, speedups in zip(names, ladder):
        r = trail_search(edges, speedups, max_calls)
        rows.append({"method": name, "longest trail": r["length"] if r["length"] is not None else "gave up",
                     "calls": r["calls"]})
    return Table(rows)


def parity_bound(edges) -> dict:
    """An upper bound on every trail from parity alone, with its witness.

    A trail uses, at every city but its two ends, an even number of routes; so the routes it
    leaves out touch an odd number of times every odd city that is not an end (and an end
    that is an even city, which can only make that set dearer). The cheapest such set of
    routes (a minimum *T-join*) is found as a minimum-weight perfect matching of the odd
    cities by shortest distance, two of them free to match a dummy "end" at no cost.
    Every trail is at most ``total - left_out``; a trail that long is therefore the longest,
    and the bound is a proof anyone can check.

    Returns ``{"total", "odd_cities", "left_out", "bound", "pairs": [(a, b, distance)],
    "paths": [a shortest path of each pair], "ends": [the two odd cities left as ends]}``.
    Complexity: O(V^3) (matching).
    References: J. Edmonds and E. L. Johnson, "Matching, Euler tours and the Chinese
    postman", Math. Programming 5 (1973) 88-124; :func:`networkx.min_weight_matching`.

    >>> b = parity_bound(konigsberg())
    >>> b["total"], len(b["odd_cities"]), b["left_out"], b["bound"]
    (7, 4, 1, 6)
    """
    edges = _edge_list(edges)
    total = sum(w for _, _, w in edges)
    odd = odd_cities(edges)
    if len(odd) <= 2:
        return {"total": total, "odd_cities": odd, "left_out": 0, "bound": total, "pairs": [], "paths": [],
                "ends": odd}
    g = nx.Graph()
    for a, b, w in edges:
        if a != b and (not g.has_edge(a, b) or w < g[a][b]["weight"]):
            g.add_edge(a, b, weight=w)
    k = nx.Graph()
    ends = ("end 1", "end 2")
    for i, a in enumerate(odd):
        dist = nx.single_source_dijkstra_path_length(g, a)
        for b in odd[i + 1:]:
            if b in dist:
                k.add_edge(a, b, weight=dist[b])
        for e in ends:
            k.add_edge(a, e, weight=0)
    k.add_edge(*ends, weight=total + 1)
    matching = nx.min_weight_matching(k)
    if 2 * len(matching) != k.number_of_nodes():
        raise MapError("the odd cities cannot be paired up (is the network in several pieces "
                       "with an odd number of odd cities? it cannot be)")  # pragma: no cover
    pairs, free = [], []
    for a, b in matching:
        if a in ends or b in ends:
            free.append(b if a in ends else a)
        else:
            a, b = sorted((a, b), key=str)
            pairs.append((a, b, k[a][b]["weight"]))
    pairs.sort(key=lambda p: (str(p[0]), str(p[1])))
    left = sum(w for _, _, w in pairs)
    return {"total": total, "odd_cities": odd, "left_out": left, "bound": total - left,
            "pairs": pairs, "paths": [nx.dijkstra_path(g, a, b) for a, b, _ in pairs],
            "ends": sorted(free, key=str)}


def whole_map_longest(map_or_name) -> dict:
    """The longest trail through *every* route of the map (as if one player owned them all),
    with its two proofs: the integer program's bound
    (:func:`ttr_teach.longest.longest_route_certificate`) and the parity bound
    (:func:`parity_bound`).

    Returns ``{"length", "trail", "upper_bound", "optimal", "parity", "left_out" (routes not
    on the trail), "highlight" (the routes left out and the two ends), "proof_highlight"
    (the odd cities and the cheapest routes parity forces out)}``.
    """
    from ..longest import longest_route_certificate

    m = _map(map_or_name)
    cert = longest_route_certificate(m.routes)
    trail = cert["trail"]
    on_trail = {m.routes[i].index for i in trail.edge_indices}
    left_out = [r for r in m.routes if r.index not in on_trail]
    parity = parity_bound(m.routes)
    forced = []
    for path in parity["paths"]:
        for u, v in zip(path, path[1:]):
            forced.append(min(m.routes_between(u, v), key=lambda r: (r.length, r.index)).index)
    ends = [trail.cities[0], trail.cities[-1]]
    highlight = [{"routes": [r.index for r in left_out], "color": TREE_COLOR,
                  "label": f"left out: {len(left_out)} routes, {sum(r.length for r in left_out)} trains; "
                           f"the trail runs through all the others ({trail.length} trains)"},
                 {"cities": ends, "color": NOW_COLOR, "label": "the two ends of the trail"}]
    proof = [{"cities": parity["odd_cities"], "color": WAITING_COLOR,
              "label": f"{len(parity['odd_cities'])} cities with an odd number of routes"},
             {"routes": forced, "color": PATH_COLOR,
              "label": f"cheapest routes parity forces out: {parity['left_out']} trains"},
             {"cities": parity["ends"], "color": NOW_COLOR, "label": "odd cities kept as the ends"}]
    return {"length": cert["length"], "trail": trail, "upper_bound": cert["upper_bound"],
            "optimal": cert["optimal"], "parity": parity, "left_out": left_out, "highlight": highlight,
            "proof_highlight": proof}


def grow_network(map_or_name, center, n_routes: int) -> list:
    """A network of ``n_routes`` routes around ``center``: the city pairs nearest to it (in
    trains, the farther city first, then the nearer), one route per pair. Networks grown
    from one centre are nested, which makes them good for timing an algorithm by size.

    >>> [(r.a, r.b) for r in grow_network("europe", "Frankfurt", 3)]
    [('Amsterdam', 'Frankfurt'), ('Bruxelles', 'Frankfurt'), ('Essen', 'Frankfurt')]
    """
    m = _map(map_or_name)
    g = map_graph(m)
    d = nx.single_source_dijkstra_path_length(g, m.city_id(center))
    pairs = sorted(g.edges, key=lambda e: (max(d[e[0]], d[e[1]]), min(d[e[0]], d[e[1]]), sorted(e)))
    if not 0 <= n_routes <= len(pairs):
        raise MapError(f"the {m.name} map has {len(pairs)} city pairs; ask for 0 to {len(pairs)} routes")
    return [g.edges[u, v]["routes"][0] for u, v in pairs[:n_routes]]


def network_trail_highlight(map_or_name, routes) -> list:
    """A highlight for a network of map ``routes`` on an empty board: the longest trail
    (:func:`ttr_teach.longest.longest_route`) drawn as a line over its glowing routes, the
    routes it leaves out glowing in another colour, its two ends ringed, and the odd cities
    with a badge giving their number of routes.

    >>> [h["label"] for h in network_trail_highlight("europe", grow_network("europe", "Wien", 3))][:2]
    ["longest trail: 5 of the network's 5 trains", 'left out: 0 routes, 0 trains']
    """
    from ..longest import longest_route

    m = _map(map_or_name)
    routes = _routes_of(m, routes)
    trail = longest_route(routes)
    steps = [[routes[i].index, f, t] for i, (f, t, _) in zip(trail.edge_indices, trail.edges)]
    degree = {}
    for r in routes:
        for c in (r.a, r.b):
            degree[c] = degree.get(c, 0) + 1
    on_trail = {s[0] for s in steps}
    left_out = [r for r in routes if r.index not in on_trail]
    return [{"trail": steps, "color": PATH_COLOR,
             "label": f"longest trail: {trail.length} of the network's {sum(r.length for r in routes)} trains"},
            {"routes": [r.index for r in left_out], "color": TREE_COLOR,
             "label": f"left out: {_plural(len(left_out), 'route')}, "
                      f"{_plural(sum(r.length for r in left_out), 'train')}"},
            {"city_badges": {c: d for c, d in degree.items() if d % 2}, "color": WAITING_COLOR,
             "label": "odd cities (their number of routes)"},
            {"cities": [trail.cities[0], trail.cities[-1]] if trail.cities else [], "color": NOW_COLOR,
             "label": "the two ends"}]


def longest_timings(map_or_name="europe", center="Frankfurt", sizes=range(6, 21, 2),
                    max_calls: int = 400_000, progress: bool = True) -> list:
    """Time the longest-trail methods on networks of growing size (:func:`grow_network`).

    One row per size: ``{"routes", "trains", "odd cities", "length", "plain calls",
    "plain s", "speed-ups calls", "speed-ups s", "package s", "ilp s"}``: plain
    backtracking and backtracking with all :data:`SPEEDUPS` (:func:`trail_search`, ``None``
    once they give up after ``max_calls`` calls), the package's exact method
    (:func:`ttr_teach.longest.longest_route`) and its integer program (``method="ilp"``),
    these two timed as the best of three runs.
    """
    from ..longest import longest_route

    sizes = list(sizes)
    longest_route([("A", "B", 1), ("A", "C", 1), ("A", "D", 1), ("A", "E", 1)], method="ilp")  # load the solver
    if progress:
        from tqdm.auto import tqdm

        sizes = tqdm(sizes, desc="longest trail by network size")
    rows = []
    for n in sizes:
        net = grow_network(map_or_name, center, n)
        row = {"routes": n, "trains": sum(r.length for r in net), "odd cities": len(odd_cities(net))}
        for key, speedups in (("plain", ()), ("speed-ups", SPEEDUPS)):
            start = time.perf_counter()
            r = trail_search(net, speedups, max_calls)
            row[f"{key} calls"] = r["calls"] if r["length"] is not None else None
            row[f"{key} s"] = time.perf_counter() - start if r["length"] is not None else None
        for key, method in (("package", "auto"), ("ilp", "ilp")):
            best = None
            for _ in range(3):      # fast methods: the best of three runs, less noise
                start = time.perf_counter()
                row["length"] = longest_route(net, method=method).length
                elapsed = time.perf_counter() - start
                best = elapsed if best is None else min(best, elapsed)
            row[f"{key} s"] = best
        rows.append(row)
    return rows


def plot_longest_timings(rows):
    """Left: search calls of plain backtracking and with the speed-ups, by network size
    (log scale). Right: time of all four methods (log scale). Returns the Figure."""
    import matplotlib.pyplot as plt

    fig, (ax, ax2) = plt.subplots(1, 2, figsize=(10.5, 3.8))
    styles = {"plain": ("o-", PATH_COLOR, "plain backtracking"),
              "speed-ups": ("s-", WAITING_COLOR, "with the four speed-ups"),
              "package": ("^-", DONE_COLOR, "ttr_teach.longest (memo + bounds)"),
              "ilp": ("D-", TREE_COLOR, "integer program (HiGHS)")}
    for key in ("plain", "speed-ups"):
        pts = [(r["routes"], r[f"{key} calls"]) for r in rows if r[f"{key} calls"]]
        style, colour, label = styles[key]
        ax.semilogy([p[0] for p in pts], [p[1] for p in pts], style, color=colour, label=label)
    ax.set_xlabel("routes in the network")
    ax.set_ylabel("search calls (log scale)")
    ax.legend(fontsize=8)
    for key in styles:
        pts = [(r["routes"], 1000 * r[f"{key} s"]) for r in rows if r[f"{key} s"] is not None]
        style, colour, label = styles[key]
        ax2.semilogy([p[0] for p in pts], [p[1] for p in pts], style, color=colour, label=label)
    ax2.set_xlabel("routes in the network")
    ax2.set_ylabel("time (ms, log scale)")
    ax2.legend(fontsize=8)
    fig.tight_layout()
    plt.close(fig)
    return fig


def plot_network(edges, trail=None, layout: str = "spring", title: str = ""):
    """Draw a small abstract network (parallel routes bent apart) with matplotlib; if
    ``trail`` (a :class:`~ttr_teach.longest.Trail` of these edges) is given, its routes are
    drawn thick and numbered in travel order. Odd cities are drawn in orange.
    ``layout``: "spring", "petersen" (for :func:`petersen`) or "konigsberg" (for
    :func:`konigsberg`). Returns the Figure.
    """
    import matplotlib.pyplot as plt
    from matplotlib.patches import FancyArrowPatch

    edges = _edge_list(edges)
    g = nx.MultiGraph()
    g.add_edges_from((a, b) for a, b, _ in edges)
    if layout == "konigsberg":
        pos = {"north": (0, 1), "island": (0, 0), "south": (0, -1), "east": (1.4, 0)}
    elif layout == "petersen":     # networkx numbering: outer cycle 0-4, spokes i to i + 5
        import math

        pos = {i + 5 * ring: ((1 - 0.5 * ring) * math.cos(math.radians(90 + 72 * i)),
                              (1 - 0.5 * ring) * math.sin(math.radians(90 + 72 * i)))
               for i in range(5) for ring in (0, 1)}
    else:
        pos = nx.spring_layout(g, seed=1)
    order = {}
    if trail is not None:
        for step, i in enumerate(trail.edge_indices, 1):
            order[i] = step
    fig, ax = plt.subplots(figsize=(5, 4))
    seen = {}
    for i, (a, b, w) in enumerate(edges):
        key = frozenset((a, b))
        k = seen.get(key, 0)
        seen[key] = k + 1
        rad = 0.0 if k == 0 else (0.25 * ((k + 1) // 2)) * (1 if k % 2 else -1)
        on = i in order
        patch = FancyArrowPatch(pos[a], pos[b], arrowstyle="-", connectionstyle=f"arc3,rad={rad}",
                                color=PATH_COLOR if on else "#999999", linewidth=3.5 if on else 1.5,
                                shrinkA=12, shrinkB=12)
        ax.add_patch(patch)
        if on:
            (xa, ya), (xb, yb) = pos[a], pos[b]
            # the middle of matplotlib's arc3 curve (a quadratic Bezier through the control point)
            mx, my = (xa + xb) / 2 + rad * (yb - ya) / 2, (ya + yb) / 2 - rad * (xb - xa) / 2
            ax.text(mx, my, str(order[i]), fontsize=8, ha="center", va="center",
                    bbox={"boxstyle": "circle,pad=0.2", "fc": "white", "ec": PATH_COLOR})
    odd = set(odd_cities(edges))
    nx.draw_networkx_nodes(g, pos, ax=ax, node_size=320,
                           node_color=[WAITING_COLOR if c in odd else "#dddddd" for c in g])
    nx.draw_networkx_labels(g, pos, ax=ax, font_size=8)
    ax.set_title(title)
    ax.set_aspect("equal")
    ax.axis("off")
    ax.margins(0.15)
    fig.tight_layout()
    plt.close(fig)
    return fig


def reference_can_run_through(edges) -> bool:
    """Euler's theorem (the checker's reference): :func:`euler_check`'s ``one_trail``.

    >>> reference_can_run_through([("A", "B", 2), ("B", "C", 1)])
    True
    """
    return euler_check(edges)["one_trail"]


def solution_can_run_through(edges):
    """Euler: connected, and at most two cities with an odd number of routes."""
    degree, g = {}, nx.MultiGraph()
    for a, b, _ in edges:
        degree[a] = degree.get(a, 0) + 1
        degree[b] = degree.get(b, 0) + 1
        g.add_edge(a, b)
    odd = [c for c, d in degree.items() if d % 2 == 1]
    return (len(g) == 0 or nx.is_connected(g)) and len(odd) <= 2


def can_run_through_exercise() -> FunctionExercise:
    """Write ``can_run_through(edges)`` (Euler's theorem).

    >>> can_run_through_exercise().check(solution_can_run_through).correct
    True
    """
    square = [("A", "B", 1), ("B", "C", 1), ("C", "D", 1), ("D", "A", 1)]
    cases = [(konigsberg(),), (square,), (square + [("A", "C", 2)],), (square + [("A", "C", 2), ("B", "D", 2)],),
             ([("A", "B", 1), ("C", "D", 1)],), ([("A", "B", 1), ("A", "C", 1), ("A", "D", 1)],),
             ([(r.a, r.b, r.length) for r in example_network()["routes"]],), (petersen(),),
             ([("A", "B", 3), ("A", "B", 3)],),
             (square + [("X", "Y", 1), ("Y", "Z", 1), ("Z", "X", 1)],)]   # two loops, apart
    return FunctionExercise(
        "Write can_run_through(edges): edges is a list of (city, city, length); return True if "
        "one trail can use every route exactly once.",
        reference=reference_can_run_through, cases=cases, copy_args=True,
        hint="Euler's theorem: the routes must form one connected piece, and at most two cities "
             "may have an odd number of routes. Count each city's routes in a dictionary.",
        solution=_source(solution_can_run_through))


def reference_longest_trail(edges) -> int:
    """The package's exact longest trail (the checker's reference).

    >>> reference_longest_trail(konigsberg())
    6
    """
    from ..longest import longest_route_length

    return longest_route_length(edges)


def solution_longest_trail(edges):
    """Backtracking: from every city, try every unused route at the end of the trail."""
    routes_at = {}
    for i, (a, b, length) in enumerate(edges):
        routes_at.setdefault(a, []).append((i, b, length))
        if b != a:
            routes_at.setdefault(b, []).append((i, a, length))
    used = [False] * len(edges)

    def best_from(city):
        best = 0
        for i, other, length in routes_at[city]:
            if not used[i]:
                used[i] = True
                best = max(best, length + best_from(other))
                used[i] = False
        return best

    return max((best_from(city) for city in routes_at), default=0)


def longest_trail_exercise() -> FunctionExercise:
    """Write ``longest_trail(edges)`` by backtracking; checked on small networks.

    >>> longest_trail_exercise().check(solution_longest_trail).correct
    True
    """
    cases = [(konigsberg(),), ([("A", "B", 2), ("B", "C", 3), ("C", "A", 1), ("C", "D", 4)],),
             ([("A", "B", 1), ("A", "C", 5), ("A", "D", 2)],), ([("A", "B", 4)],), ([],),
             ([(r.a, r.b, r.length) for r in example_network()["routes"]],),
             ([("A", "B", 1), ("B", "C", 1), ("C", "A", 1), ("A", "D", 1), ("D", "E", 1), ("E", "A", 1)],),
             ([(r.a, r.b, r.length) for r in grow_network("usa", "Denver", 10)],)]
    return FunctionExercise(
        "Write longest_trail(edges): edges is a list of (city, city, length); return the length "
        "of the longest trail (a walk that never uses a route twice).",
        reference=reference_longest_trail, cases=cases, copy_args=True,
        hint="Write best_from(city): for every unused route at city, mark it used, add its length "
             "to best_from(the other end), unmark it; keep the maximum. Try every city as a start.",
        solution=_source(solution_longest_trail))
