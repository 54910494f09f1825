"""Lesson 1, the map as a graph (``notebooks/graphs/01_map_as_graph.ipynb``): the map in graph
words, neighbour counts, hubs, the weak spots (bridges and city cuts), and the ``is_bridge``
exercise."""
from __future__ import annotations

import networkx as nx

from ....algorithms.graphs import bridges, degree_table, hubs, map_graph
from ....engine.errors import MapError
from ....engine.i18n import N_, gettext
from ....engine.maps import MAP_NAMES, load_map
from ....engine.text import listing
from ...exercises import FunctionExercise, source_of
from .shared import GROUP_COLORS, _name


def graph_summary(map) -> dict:
    """The map in graph words: cities (nodes), routes (edges of the multigraph), city pairs
    (edges of the simple graph), double routes, trains on the board, whether it is
    connected, its diameter in routes and the mean number of neighbours.

    >>> s = graph_summary("europe")
    >>> s["cities"], s["routes"], s["city pairs"], s["double routes"]
    (47, 101, 90, 11)
    """
    m = load_map(map)
    g = map_graph(m)
    return {"map": m.name, "cities": g.number_of_nodes(), "routes": len(m.routes),
            "city pairs": g.number_of_edges(), "double routes": len(m.double_pairs),
            "trains on the board": sum(r.length for r in m.routes),
            "connected": nx.is_connected(g), "diameter (routes)": nx.diameter(g),
            "mean neighbours": round(2 * g.number_of_edges() / g.number_of_nodes(), 2)}


#: The histograms' axis, by what is counted.
AXIS_WORDS = {"neighbours": N_("neighbours of a city"), "routes": N_("routes of a city")}


def neighbour_counts(map, by: str = "neighbours") -> dict:
    """How many cities have each number of neighbours (``by="neighbours"``) or of routes
    (``by="routes"``): ``{degree: number of cities}``, sorted by degree.

    >>> neighbour_counts("europe")[1]   # only Edinburgh has a single neighbour
    1
    """
    if by not in ("neighbours", "routes"):
        raise MapError(gettext("count by 'neighbours' or 'routes', not {by!r}").format(by=by))
    counts: dict[int, int] = {}
    for row in degree_table(map):
        counts[row[by]] = counts.get(row[by], 0) + 1
    return dict(sorted(counts.items()))


def plot_degree_histograms(maps=MAP_NAMES, by: str = "neighbours"):
    """A bar chart per map of how many cities have 1, 2, 3... neighbours (or routes).
    Returns the matplotlib Figure."""
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, len(maps), figsize=(5 * len(maps), 3.2), sharey=True, squeeze=False)
    for ax, name in zip(axes[0], maps, strict=True):
        counts = neighbour_counts(name, by)
        ax.bar(list(counts), list(counts.values()), color="#00a383")
        ax.set_title(load_map(name).title)
        ax.set_xlabel(gettext(AXIS_WORDS[by]))
        ax.set_xticks(range(1, max(counts) + 1))
    axes[0][0].set_ylabel(gettext("number of cities"))
    fig.tight_layout()
    plt.close(fig)
    return fig


def hub_rows(map, top: int = 5) -> list:
    """The ``top`` hubs (:func:`ttr_teach.algorithms.graphs.hubs`) with their neighbours' names.

    >>> hub_rows("usa", 1)[0]["neighbours"]
    7
    """
    g = map_graph(map)
    return [{**row, "next to": sorted(_name(load_map(map), n) for n in g[row["city"]])}
            for row in hubs(map, top)]


def hubs_highlight(map, top: int = 5) -> list:
    """A highlight ringing the ``top`` hubs and glowing their routes, one colour each.

    >>> hubs_highlight("europe", 1)[0]["label"]
    'Paris: 10 routes to 7 cities'
    """
    m = load_map(map)
    out = []
    for k, row in enumerate(hub_rows(m, top)):
        out.append({"cities": [row["city"]], "routes": [r.index for r in m.routes_at(row["city"])],
                    "color": GROUP_COLORS[k % len(GROUP_COLORS)],
                    "label": gettext("{city}: {routes} routes to {neighbours} cities").format(
                        city=_name(m, row["city"]), routes=row["routes"], neighbours=row["neighbours"])})
    return out


def city_cuts(map) -> list:
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
    g = map_graph(map)
    out = []
    for cut in nx.all_node_cuts(g):
        rest = g.subgraph(n for n in g if n not in cut)
        pieces = sorted(nx.connected_components(rest), key=lambda c: (-len(c), sorted(c)))
        out.append({"cities": sorted(cut), "pieces": [len(p) for p in pieces],
                    "cut_off": sorted(c for p in pieces[1:] for c in p)})
    return sorted(out, key=lambda c: c["cities"])


def chokepoints_highlight(map) -> list:
    """A highlight of the map's weak spots: its bridges (glowing routes), and the smallest
    city cuts (rings) with the cities they cut off.

    >>> [h["label"] for h in chokepoints_highlight("europe")]
    ['bridge: Edinburgh–London', 'London cuts off Edinburgh', 'Madrid cuts off Cádiz, Lisboa']
    """
    m = load_map(map)
    out = []
    for a, b in bridges(m):
        out.append({"routes": [[a, b]], "color": "#00b3e6",
                    "label": gettext("bridge: {route}").format(route=f"{_name(m, a)}–{_name(m, b)}")})
    for k, cut in enumerate(city_cuts(m)):
        names = [_name(m, c) for c in cut["cities"]]
        lost = listing(sorted(_name(m, c) for c in cut["cut_off"]))
        label = (gettext("{city} cuts off {cities}").format(city=names[0], cities=lost) if len(names) == 1 else
                 gettext("{cities} cut off {lost}").format(cities=gettext(" and ").join(names), lost=lost))
        out.append({"cities": cut["cities"], "color": GROUP_COLORS[(2 * k) % len(GROUP_COLORS)], "label": label})
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

    >>> is_bridge_exercise().judge(solution_is_bridge).correct   # a check() refuses it: not yours
    True
    """
    loop = nx.cycle_graph(5)
    loop.add_edge(4, 9)
    cases = [(map_graph("europe"), "Edinburgh", "London"), (map_graph("europe"), "Paris", "Frankfurt"),
             (map_graph("europe"), "Lisboa", "Madrid"), (map_graph("usa"), "Las Vegas", "Los Angeles"),
             (map_graph("usa"), "Denver", "Kansas City"), (nx.path_graph(4), 1, 2),
             (loop, 0, 1), (loop, 4, 9), (loop, 0, 2)]
    return FunctionExercise(
        gettext("Write is_bridge(graph, a, b): True if the edge a–b is a bridge (without it, a and b "
        "are no longer connected), False otherwise (also when there is no edge a–b)."),
        reference=reference_is_bridge, cases=cases, copy_args=True,
        hint=[gettext("Work on a copy: g = graph.copy(), so the map stays as it was."),
              gettext("Remove the edge a–b from the copy, then ask nx.has_path(g, a, b)."),
              gettext("Do not forget the case where there is no edge a–b at all.")],
        function_name="is_bridge", example=solution_is_bridge,
        solution=source_of(solution_is_bridge, "is_bridge"))


def graph_in_words(graph) -> str:
    """What ``print(graph)`` says of a networkx graph, in the language spoken now: its kind,
    its name and how many nodes and edges it has.

    >>> from ttr_teach.algorithms.graphs import map_multigraph
    >>> graph_in_words(map_multigraph("europe"))
    "MultiGraph named 'europe' with 47 nodes and 101 edges"
    >>> graph_in_words(map_graph("europe"))
    "Graph named 'europe' with 47 nodes and 90 edges"
    """
    text = (gettext("MultiGraph named {name} with {nodes} nodes and {edges} edges") if graph.is_multigraph()
            else gettext("Graph named {name} with {nodes} nodes and {edges} edges"))
    return text.format(name=repr(graph.name), nodes=graph.number_of_nodes(), edges=graph.number_of_edges())
