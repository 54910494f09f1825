"""Lesson 9, depth-first search (``notebooks/graphs/09_depth_first_search.ipynb``): the order a
depth-first search visits the cities, with a stack of the cities it is in the middle of; the
discovery and finish times; every route classified as a tree route or a back route (an
undirected search has no other kind); and the low-links that find the bridges and the
articulation cities of a network in the same one search. The exercises' checkers are in
:mod:`.depth_first_checks`.

The search works on an edge list ``[(city, city, trains), ...]``, as lesson 8's algorithms do
(:func:`.spanning_trees.map_edges` gives the map's); :func:`short_routes` keeps only the routes
of a few trains: the network of a player who claims short routes, which has many bridges.

>>> s = depth_first_search(*map_edges("europe"), start="Paris")
>>> s["order"][:4], s["discovery"]["Paris"], s["finish"]["Paris"]
(['Paris', 'Brest', 'Dieppe', 'Bruxelles'], 1, 94)
>>> len(s["tree"]), len(s["back"]), s["bridges"]
(46, 44, [('London', 'Edinburgh')])
"""
from __future__ import annotations

from collections.abc import Hashable, Iterable

from ....engine.i18n import N_, gettext, ngettext
from ....engine.maps import MAP_NAMES, load_map
from ....engine.text import listing
from .shared import DONE_COLOR, NOW_COLOR, PATH_COLOR, TREE_COLOR, WAITING_COLOR, Table, _step_title
from .spanning_trees import _route, map_edges

#: The headings of :func:`bridge_table`'s and :func:`low_link_rows`' tables.
HEADINGS = (N_("network"), N_("bridges (depth-first search)"), N_("bridges (networkx)"),
            N_("articulation cities"), N_("discovered"), N_("low-link"), N_("parent"), N_("bridge"))


def short_routes(map, most: int) -> tuple[list, list]:
    """``(cities, edges)`` of the map's network of routes of at most ``most`` trains (every
    city of the map is kept, some of them with no route).

    >>> cities, edges = short_routes("europe", 3)
    >>> len(cities), len(edges)
    (47, 61)
    """
    cities, edges = map_edges(map)
    return cities, [e for e in edges if e[2] <= most]


def neighbours_of(cities: Iterable[Hashable], edges: Iterable[tuple]) -> dict:
    """Each city's neighbours, sorted by name (so that the search is the same every time).

    >>> neighbours_of("ABC", [("A", "C", 1), ("A", "B", 2)])
    {'A': ['B', 'C'], 'B': ['A'], 'C': ['A']}
    """
    out: dict = {c: set() for c in cities}
    for a, b, *_ in edges:
        out.setdefault(a, set()).add(b)
        out.setdefault(b, set()).add(a)
    return {c: sorted(n, key=str) for c, n in out.items()}


# -- the search ----------------------------------------------------------------------------------
def depth_first_search(cities: Iterable[Hashable], edges: Iterable[tuple], start: Hashable | None = None,
                       names: dict | None = None) -> dict:
    """A depth-first search, neighbours in the order of their names, with one clock for the
    discovery and finish times (1, 2, 3, ...). From ``start``, it visits ``start``'s piece
    only; without it, it starts again at the first city not visited yet until every city is.

    Returns ``{"order" (cities in the order discovered), "discovery", "finish", "parent"
    (None for a piece's first city), "tree", "back" (routes as ``(upper city, lower city)``),
    "low" (the smallest discovery time that a city's subtree reaches by one back route, or its
    own), "bridges" (tree routes ``(parent, child)`` with low[child] > discovery[parent]),
    "articulation" (cities whose loss splits their piece), "events"}``. Each event is
    ``{"kind": "discover" | "back" | "finish", "city", "route", "stack", "message"}``, the stack
    being the cities the search is in the middle of, the deepest last.

    O(V + E): every city is pushed and popped once, every route looked at twice.

    >>> s = depth_first_search("ABCD", [("A", "B", 1), ("B", "C", 1), ("C", "A", 1), ("C", "D", 1)])
    >>> s["order"], s["back"], s["low"], s["bridges"], s["articulation"]
    (['A', 'B', 'C', 'D'], [('A', 'C')], {'A': 1, 'B': 1, 'C': 1, 'D': 4}, [('C', 'D')], ['C'])
    >>> [e["message"] for e in s["events"]][3:5]
    ['C–A goes back to A, still on the stack (discovered at 1): a back route', 'go down from C to D: discovered at 4']
    """
    names = names or {}
    label = lambda c: names.get(c, str(c))      # noqa: E731
    neighbours = neighbours_of(cities, edges)
    discovery: dict = {}
    finish: dict = {}
    parent: dict = {}
    low: dict = {}
    order: list = []
    tree: list = []
    back: list = []
    events: list = []
    clock = 0

    def event(kind, city, route, stack, message):
        events.append({"kind": kind, "city": city, "route": route, "stack": list(stack), "message": message})

    for root in ([start] if start is not None else list(neighbours)):
        if root in discovery:
            continue
        clock += 1
        discovery[root] = low[root] = clock
        parent[root] = None
        order.append(root)
        stack = [root]
        todo = {root: iter(neighbours[root])}
        event("discover", root, None, stack, gettext("start at {city}: discovered at {t}").format(
            city=label(root), t=clock))
        while stack:
            city = stack[-1]
            other = next(todo[city], None)
            if other is None:                          # every neighbour looked at: finished
                stack.pop()
                clock += 1
                finish[city] = clock
                up = parent[city]
                if up is not None:
                    low[up] = min(low[up], low[city])
                    said = gettext("{city} has no neighbour left to visit: finished at {t}; back up to "
                                   "{parent}").format(city=label(city), t=clock, parent=label(up))
                else:
                    said = gettext("{city} has no neighbour left to visit: finished at {t}; the search of "
                                   "its piece is over").format(city=label(city), t=clock)
                event("finish", city, None, stack, said)
            elif other not in discovery:               # a tree route: go down
                clock += 1
                discovery[other] = low[other] = clock
                parent[other] = city
                order.append(other)
                tree.append((city, other))
                stack.append(other)
                todo[other] = iter(neighbours[other])
                event("discover", other, (city, other), stack, gettext(
                    "go down from {a} to {b}: discovered at {t}").format(a=label(city), b=label(other), t=clock))
            elif other != parent[city] and other not in finish:   # an ancestor: a back route
                back.append((other, city))
                low[city] = min(low[city], discovery[other])
                event("back", city, (city, other), stack, gettext(
                    "{a}–{b} goes back to {b}, still on the stack (discovered at {t}): a back route").format(
                    a=label(city), b=label(other), t=discovery[other]))
            # else: the tree route to the parent, or a back route seen before from its lower end
    bridges = [(p, c) for p, c in tree if low[c] > discovery[p]]
    return {"order": order, "discovery": discovery, "finish": finish, "parent": parent, "tree": tree,
            "back": back, "low": low, "bridges": bridges, "articulation": _articulation(parent, tree, low, discovery),
            "events": events}


def _articulation(parent: dict, tree: list, low: dict, discovery: dict) -> list:
    """The cut cities: a piece's first city with two children or more; another city with a
    child whose subtree reaches no higher than the city itself."""
    children: dict = {}
    for p, c in tree:
        children.setdefault(p, []).append(c)
    return [city for city, kids in children.items()
            if (len(kids) >= 2 if parent[city] is None else any(low[c] >= discovery[city] for c in kids))]


def parentheses(search: dict, names: dict | None = None) -> str:
    """The search as brackets: a city opens at its discovery and closes at its finish. The
    brackets of two cities never cross: one holds the other (a descendant) or they are apart.

    >>> parentheses(depth_first_search("ABCD", [("A", "B", 1), ("A", "C", 1), ("C", "D", 1)]))
    '(A (B B) (C (D D) C) A)'
    """
    names = names or {}
    times = [(t, f"({names.get(c, c)}") for c, t in search["discovery"].items()]
    times += [(t, f"{names.get(c, c)})") for c, t in search["finish"].items()]
    return " ".join(word for _, word in sorted(times))


# -- on the board --------------------------------------------------------------------------------
def _network(map, most: int | None):
    m = load_map(map)
    cities, edges = map_edges(m) if most is None else short_routes(m, most)
    return m, cities, edges, {c.id: c.name for c in m.cities.values()}


def _badges(search: dict, upto: int | None = None) -> tuple[dict, dict]:
    """Discovery times of the cities on the stack, and ``discovery/finish`` of the finished ones."""
    events = search["events"][:upto]
    finished = {e["city"] for e in events if e["kind"] == "finish"}
    seen = {e["city"] for e in events if e["kind"] == "discover"}
    open_ = {c: search["discovery"][c] for c in seen - finished}
    done = {c: f"{search['discovery'][c]}/{search['finish'][c]}" for c in finished}
    return open_, done


def _routes_items(m, search: dict, upto: int | None = None) -> tuple[dict, list]:
    """The tree routes found so far (one glowing item), and the back routes (one item each, a
    line over the trains: a trail is one line; only the first has a label in the legend)."""
    events = search["events"][:upto]
    tree = [e["route"] for e in events if e["kind"] == "discover" and e["route"]]
    back = [e["route"] for e in events if e["kind"] == "back"]
    lines = [{"trail": [[_route(m, a, b).index, a, b]], "color": WAITING_COLOR} for a, b in back]
    if lines:
        lines[0]["label"] = gettext("back routes: to a city still on the stack")
    return ({"routes": [_route(m, a, b).index for a, b in tree], "color": TREE_COLOR,
             "label": gettext("tree routes: how each city was found")}, lines)


def dfs_frames(map, start, most: int | None = None) -> list:
    """Frames of a depth-first search from ``start`` on the map (or on its routes of at most
    ``most`` trains): one frame per city discovered, back route found and city finished. Tree
    routes glow blue, back routes are a line in orange; the cities on the stack carry their
    discovery time on an orange badge, the finished ones ``discovery/finish`` on a green one;
    the city the search stands on is ringed in black.

    >>> frames = dfs_frames("europe", "Paris")
    >>> len(frames), frames[2]["message"]
    (140, 'go down from Paris to Brest: discovered at 2')
    """
    m, cities, edges, names = _network(map, most)
    search = depth_first_search(cities, edges, m.city_id(start), names)
    total = len(search["events"])
    frames: list[dict] = [{"title": _step_title(0, total), "board": m.name,
                           "message": gettext("nothing visited yet; the stack is empty"), "highlight": []}]
    for k, e in enumerate(search["events"], 1):
        open_, done = _badges(search, k)
        tree, back = _routes_items(m, search, k)
        items = [tree, {"city_badges": open_, "color": WAITING_COLOR, "label": gettext("on the stack: discovery time")},
                  {"city_badges": done, "color": DONE_COLOR, "label": gettext("finished: discovery/finish")}]
        now = e["stack"][-1] if e["stack"] else e["city"]
        items.append({"cities": [now], "color": NOW_COLOR, "label": gettext("the search stands here")})
        if e["kind"] == "back":
            items.append({"routes": [_route(m, *e["route"]).index], "color": NOW_COLOR,
                          "label": gettext("the back route just found")})
        frames.append({"title": _step_title(k, total), "board": m.name, "message": e["message"],
                       "stack": [names[c] for c in e["stack"]], "highlight": items + back})
    tree, back = _routes_items(m, search)
    frames.append({"title": gettext("the answer."), "board": m.name, "search": search,
                   "message": gettext("{tree} and {back}: every route of the piece is one or the other").format(
                       tree=ngettext("{n} tree route", "{n} tree routes", len(search["tree"])).format(
                           n=len(search["tree"])),
                       back=ngettext("{n} back route", "{n} back routes", len(search["back"])).format(
                           n=len(search["back"]))),
                   "highlight": [tree, {"city_badges": _badges(search)[1], "color": DONE_COLOR,
                                        "label": gettext("discovery/finish")}] + back})
    return frames


def bridges_highlight(map, most: int | None = None, start=None) -> list:
    """The whole network's search (from ``start`` first, then each piece not reached), drawn
    for the bridges: every city with ``discovery/low-link`` on a badge, tree routes blue, back
    routes an orange line, the bridges glowing pink and the articulation cities ringed black.

    >>> items = bridges_highlight("europe", 3, "Paris")
    >>> [len(items[0]["routes"]), len(items[1]["city_badges"]), len(items[2]["routes"]), len(items[3]["cities"])]
    [42, 45, 16, 17]
    >>> len(items) - 4                       # one item for each back route: 61 routes, 42 in the trees
    19
    """
    m, cities, edges, names = _network(map, most)
    first = [m.city_id(start)] if start is not None else []
    search = depth_first_search(first + [c for c in cities if c not in first], edges, None, names)
    linked = {c for e in edges for c in e[:2]}
    tree, back = _routes_items(m, search)
    return [
        tree,
        {"city_badges": {c: f"{search['discovery'][c]}/{search['low'][c]}" for c in search["order"] if c in linked},
         "color": DONE_COLOR, "label": gettext("discovery time/low-link")},
        {"routes": [_route(m, a, b).index for a, b in search["bridges"]], "color": PATH_COLOR,
         "label": gettext("bridges: no back route climbs over them")},
        {"cities": search["articulation"], "color": NOW_COLOR, "label": gettext("articulation cities")}] + back


def low_link_rows(map, most: int | None, cities_shown: Iterable[str], start=None) -> Table:
    """For the named cities: discovery time, low-link, parent, and whether the tree route from
    the parent is a bridge (low-link > the parent's discovery time: ✔, else ✘; marks that read
    the same in every language), in the search of :func:`bridges_highlight`.

    >>> low_link_rows("europe", 3, ["Venezia", "Roma"], "Paris").rows
    [{'city': 'Venezia', 'discovered': 10, 'low-link': 1, 'parent': 'München', 'bridge': '✘'}, \
{'city': 'Roma', 'discovered': 11, 'low-link': 11, 'parent': 'Venezia', 'bridge': '✔'}]
    """
    m, cities, edges, names = _network(map, most)
    first = [m.city_id(start)] if start is not None else []
    s = depth_first_search(first + [c for c in cities if c not in first], edges, None, names)
    rows = []
    for name in cities_shown:
        c = m.city_id(name)
        up = s["parent"][c]
        rows.append({"city": names[c], "discovered": s["discovery"][c], "low-link": s["low"][c],
                     "parent": names[up] if up is not None else "—",
                     "bridge": ("✔" if (up, c) in s["bridges"] else "✘") if up is not None else "—"})
    return Table(rows)


def bridge_table(maps=MAP_NAMES, most=(None, 3)) -> Table:
    """The bridges and articulation cities the search finds on each map's whole network and on
    its short routes, against networkx's :func:`networkx.bridges`.

    >>> bridge_table().rows[1]
    {'map': 'europe', 'network': 'routes of at most 3 trains', 'bridges (depth-first search)': 16, \
'bridges (networkx)': 16, 'articulation cities': 17}
    """
    import networkx as nx

    rows = []
    for name in maps:
        for longest in most:
            _, cities, edges, _ = _network(name, longest)
            s = depth_first_search(cities, edges)
            g = nx.Graph()
            g.add_nodes_from(cities)
            g.add_edges_from(e[:2] for e in edges)
            rows.append({"map": name, "network": gettext("every route") if longest is None else ngettext(
                "routes of at most {n} train", "routes of at most {n} trains", longest).format(n=longest),
                "bridges (depth-first search)": len(s["bridges"]),
                "bridges (networkx)": sum(1 for _ in nx.bridges(g)), "articulation cities": len(s["articulation"])})
    return Table(rows)


def frame_with_stack(frame: dict) -> str:
    """A frame of :func:`dfs_frames` in one line: its message, then the cities on the stack.

    >>> frame_with_stack({"message": "visit Paris", "stack": ["Brest", "Paris"]})
    'visit Paris | stack: Brest, Paris'
    """
    return gettext("{message} | stack: {stack}").format(message=frame["message"], stack=listing(frame["stack"]))
