"""Lesson 2, connectivity and tickets (``notebooks/graphs/02_connectivity_and_tickets.ipynb``):
an example network, union-find replayed claim by claim, breadth-first search step by step,
and the ``is_connected`` exercise."""
from __future__ import annotations

from ....algorithms.stepwise import UnionFind, bfs_steps, path_from_parents
from ....engine.i18n import gettext, ngettext, pgettext
from ....engine.maps import load_map
from ....engine.position import route_spec
from ....engine.text import listing
from ...exercises import FunctionExercise, source_of
from .forest import moved_pointers
from .shared import (
    DONE_COLOR,
    GROUP_COLORS,
    NOW_COLOR,
    PATH_COLOR,
    TREE_COLOR,
    WAITING_COLOR,
    _name,
    _routes_of,
    _step_title,
    _tree_pairs,
)


def example_network() -> dict:
    """A network one player might build in a Europe game, in the order the routes were
    claimed, with three of their tickets: two completed, one not (yet).

    Returns ``{"map", "routes", "tickets"}`` for :func:`union_find_frames`.

    >>> net = example_network()
    >>> len(net["routes"]), sum(r.length for r in net["routes"])
    (11, 29)
    """
    m = load_map("europe")
    claims = [("Paris", "Frankfurt", "white"), ("Madrid", "Pamplona", "black"),
              ("Frankfurt", "Munchen", None), ("Lisboa", "Madrid", None), ("Munchen", "Wien", None),
              ("Sarajevo", "Sofia", None), ("Pamplona", "Paris", "blue"), ("Wien", "Budapest", "red"),
              ("Paris", "Zurich", None), ("Zurich", "Munchen", None), ("Athina", "Sofia", None)]
    return {"map": "europe", "routes": [m.route(a, b, c) for a, b, c in claims],
            "tickets": [("Paris", "Wien"), ("Madrid", "Zurich"), ("Budapest", "Sofia")]}


def _root(uf: UnionFind, x):
    while uf.parent[x] != x:
        x = uf.parent[x]
    return x


def _group_items(m, uf, claimed, colour_of) -> list:
    """One highlight item per group of two or more cities: its routes glow in its colour
    and its leader (the union-find root) is ringed."""
    groups: dict = {}
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
                      "label": ngettext("group led by {leader}: {n} city", "group led by {leader}: {n} cities",
                                        uf.size[root]).format(leader=_name(m, root), n=uf.size[root])})
    return items


def _one_player(m, routes, tickets, name) -> dict:
    """The board of ``name``'s network (and of a rival with nothing: a game has 2 players or more)."""
    rival = pgettext("seat", "Rival")
    return {"map": m.name, "players": [{"name": name, "color": "black",
                                        "routes": [route_spec(m, r) for r in routes],
                                        "tickets": [list(t) for t in tickets]},
                                       {"name": rival if name != rival else pgettext("seat", "Other")}]}


def union_find_frames(map, routes, tickets=(), player: str | None = None) -> list:
    """Frames replaying union-find as ``player`` (by default the learner, "you" in the language
    spoken now) claims ``routes`` one by one, then asking
    for each ticket whether its two cities are in one group, and at last one more ``find``
    from the deepest city, to watch path compression (when some city is two pointers or more
    below its leader).

    Each group of connected cities glows in its own colour with its leader (the root of its
    union-find tree) ringed; the route just claimed glows black, its two cities ringed. The
    messages are :class:`~ttr_teach.algorithms.stepwise.UnionFind`'s step messages. Each frame
    also keeps ``"forest"``, the parent pointers and those the step moved, which the frame
    player draws above the board (:func:`.forest.forest_svg`).

    >>> frames = union_find_frames(**example_network())
    >>> len(frames), frames[-2]["message"]
    (16, 'ticket Budapest–Sofia: Budapest is in the group led by Frankfurt, Sofia in the group led by Sarajevo: not completed')
    >>> frames[-1]["message"]
    'find(Pamplona) follows Pamplona → Madrid → Frankfurt; path compression: Pamplona now points straight at Frankfurt: the next find from there takes one step'
    >>> frames[-1]["forest"]["moved"]
    {'Pamplona': ('Madrid', 'Frankfurt')}
    """  # noqa: E501
    m = load_map(map)
    routes = _routes_of(m, routes)
    tickets = [(m.city_id(a), m.city_id(b)) for a, b in tickets]
    names = {c.id: c.name for c in m.cities.values()}
    uf = UnionFind(m.cities, names=names)
    colour_of: dict = {}
    total = len(routes) + len(tickets)
    parents = dict(uf.parent)

    def forest(unions=()):
        """The parent pointers now, and those this step moved (then remember them)."""
        nonlocal parents
        moved = moved_pointers(parents, uf.parent)
        parents = dict(uf.parent)
        return {"parent": parents, "names": names, "moved": moved, "unions": tuple(unions)}, moved

    def compression_words(moved, unions=()):
        pulled = [x for x in moved if x not in unions]
        if not pulled:
            return ""
        return gettext("; path compression: {pointers}").format(pointers=listing(
            gettext("{city} now points straight at {leader}").format(city=_name(m, x), leader=_name(m, moved[x][1]))
            for x in pulled))

    player = pgettext("seat", "you") if player is None else player
    frames = [{"title": _step_title(0, total), "board": _one_player(m, [], tickets, player),
               "message": gettext("no routes yet: every city is a group of its own, and its own leader"),
               "highlight": [], "forest": forest()[0]}]
    for k, r in enumerate(routes, 1):
        uf.union(r.a, r.b)
        step = uf.steps[-1]
        absorbed = (step["absorbed"],) if step.get("absorbed") else ()
        shown, moved = forest(absorbed)
        items = _group_items(m, uf, routes[:k], colour_of)
        message = gettext("claim {route}: {step}").format(route=f"{_name(m, r.a)}–{_name(m, r.b)}",
                                                          step=step["message"])
        if absorbed:
            message += " " + gettext("({city} now points at {leader})").format(
                city=_name(m, absorbed[0]), leader=_name(m, step["root"]))
        message += compression_words(moved, absorbed)
        items.append({"routes": [r.index], "cities": [r.a, r.b], "color": NOW_COLOR,
                      "label": gettext("the route just claimed")})
        frames.append({"title": _step_title(k, total), "board": _one_player(m, routes[:k], tickets, player),
                       "message": message, "highlight": items, "forest": shown, "merged": step["merged"]})
    for k, (a, b) in enumerate(tickets, len(routes) + 1):
        ra, rb = str(uf.find(a)), str(uf.find(b))  # the elements are city names
        shown, moved = forest()
        done = ra == rb
        verdict = gettext("completed") if done else gettext("not completed")
        message = gettext("ticket {ticket}: {a} is in the group led by {leader_a}, {b} in the group led by "
                          "{leader_b}: {verdict}").format(
            ticket=f"{_name(m, a)}–{_name(m, b)}", a=_name(m, a), b=_name(m, b), leader_a=_name(m, ra),
            leader_b=_name(m, rb), verdict=verdict) + compression_words(moved)
        items = _group_items(m, uf, routes, colour_of)
        items.append({"ticket": [a, b], "player": 0, "color": NOW_COLOR,
                      "label": gettext("ticket {ticket}: {verdict}").format(
                          ticket=f"{_name(m, a)}–{_name(m, b)}", verdict=verdict)})
        frames.append({"title": _step_title(k, total), "board": _one_player(m, routes, tickets, player),
                       "message": message, "highlight": items, "forest": shown})
    deepest = max(uf.parent, key=lambda x: (_depth(uf.parent, x), names[x]))
    if _depth(uf.parent, deepest) >= 2:           # one more find, to watch path compression
        path = [deepest]
        while uf.parent[path[-1]] != path[-1]:
            path.append(uf.parent[path[-1]])
        uf.find(deepest)
        shown, moved = forest()
        message = (gettext("find({city}) follows {path}").format(
            city=_name(m, deepest), path=" → ".join(_name(m, x) for x in path))
            + compression_words(moved) + gettext(": the next find from there takes one step"))
        items = _group_items(m, uf, routes, colour_of)
        items.append({"cities": path, "color": NOW_COLOR, "label": f"find({_name(m, deepest)})"})
        frames.append({"title": gettext("one more find."), "board": _one_player(m, routes, tickets, player),
                       "message": message, "highlight": items, "forest": shown})
    return frames


def _depth(parent: dict, x) -> int:
    """How many pointers lead from ``x`` up to its leader."""
    n = 0
    while parent[x] != x:
        x, n = parent[x], n + 1
    return n


def _hops(parent: dict) -> dict:
    depth: dict = {}
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


def bfs_frames(map, source, target=None) -> list:
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
    m = load_map(map)
    start = m.city_id(source)
    steps = list(bfs_steps(m, source, target))
    frames = [{"title": _step_title(0, len(steps)), "board": m.name,
               "message": gettext("start: the queue holds {city} alone, 0 routes from itself").format(
                   city=_name(m, start)),
               "highlight": [{"city_badges": {start: 0}, "color": WAITING_COLOR,
                              "label": gettext("waiting in the queue")}]}]
    taken = []
    for s in steps:
        taken.append(s["city"])
        hops = _hops(s["parent"])
        frames.append({"title": _step_title(s["step"], len(steps)), "board": m.name,
                       "message": s["message"], "highlight": [
                           {"routes": _tree_pairs(s["parent"]), "color": TREE_COLOR,
                            "label": gettext("the route that found each city")},
                           {"city_badges": {c: hops[c] for c in taken}, "color": DONE_COLOR,
                            "label": gettext("taken from the queue: routes from the start")},
                           {"city_badges": {c: hops[c] for c in s["queue"]}, "color": WAITING_COLOR,
                            "label": gettext("waiting in the queue")},
                           {"cities": [s["city"]], "color": NOW_COLOR,
                            "label": gettext("now: {city}").format(city=_name(m, s["city"]))}]})
    if target is not None and steps:
        last = steps[-1]
        path = path_from_parents(last["parent"], m.city_id(target))
        hops = _hops(last["parent"])
        hops_needed = len(path) - 1
        frames.append({"title": gettext("the answer."), "board": m.name, "path": path,
                       "message": gettext("fewest routes from {a} to {b}: {n} ({path})").format(
                           a=_name(m, path[0]), b=_name(m, path[-1]), n=hops_needed,
                           path=" – ".join(_name(m, c) for c in path)),
                       "highlight": [{"routes": [[u, v] for u, v in zip(path, path[1:], strict=False)],
                                      "color": PATH_COLOR,
                                      "label": ngettext("{n} route", "{n} routes", hops_needed).format(n=hops_needed)},
                                     {"city_badges": {c: hops[c] for c in path}, "color": DONE_COLOR,
                                      "label": gettext("routes from the start")}]})
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

    neighbours: dict = {}
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

    >>> is_connected_exercise().judge(solution_is_connected).correct   # a check() refuses it: not yours
    True
    """
    net = [(r.a, r.b, r.length) for r in example_network()["routes"]]
    ring = [("A", "B", 1), ("B", "C", 2), ("C", "A", 3), ("D", "E", 1)]
    cases = [(net, "Paris", "Wien"), (net, "Wien", "Paris"), (net, "Budapest", "Sofia"),
             (net, "Lisboa", "Zurich"), (net, "Athina", "Sarajevo"), (net, "Paris", "London"),
             ([], "Paris", "Wien"), (ring, "A", "C"), (ring, "A", "E"), (ring, "E", "D")]
    return FunctionExercise(
        gettext("Write is_connected(routes, a, b): routes is a list of (city, city, length) tuples; "
        "return True if the routes join city a to city b, else False."),
        reference=reference_is_connected, cases=cases, copy_args=True,
        hint=[gettext("Build a dictionary of neighbours: each route (x, y, length) makes y a neighbour of x "
              "and x a neighbour of y."),
              gettext("Start at a and explore: keep a set of cities seen and a queue (or stack) of cities to visit."),
              gettext("Return True as soon as you reach b; False when the queue runs empty.")],
        function_name="is_connected", example=solution_is_connected,
        solution=source_of(solution_is_connected, "is_connected"))
