"""Lesson 08, the longest route (the European Express): trails, loops, ties, and what never counts.

The longest trail itself always comes from :func:`ttr_teach.engine.longest.longest_route` (exact) and
the bonus from :func:`ttr_teach.engine.scoring.score_position`; this module only prepares examples,
explains the answers and draws them.

>>> answer = explain_network(PRESETS["a loop with two tails"])
>>> answer.length, answer.path_length, answer.passed_twice
(14, 9, ['Paris'])
>>> " → ".join(answer.trail.cities)
'Pamplona → Paris → Bruxelles → Frankfurt → Paris → Brest'
>>> explain_network(PRESETS["a star with three arms"]).odd_cities
['Berlin', 'Bucuresti', 'Wien', 'Zurich']
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from html import escape

from ...engine.claims import why_route_unavailable, why_trains_short
from ...engine.errors import LimitError
from ...engine.i18n import N_, gettext, ngettext, pgettext
from ...engine.longest import Trail, longest_route
from ...engine.maps import Route, load_map
from ...engine.text import listing
from .common import Outcome, instruction, outcome_html, refused, resolve_route, route_choices, seats, svg_html, you

#: Small networks that each show one fact about trails (routes as ``(a, b[, colour])``).
PRESETS = {
    N_("a single line"): [("Lisboa", "Madrid"), ("Madrid", "Pamplona", "black"), ("Pamplona", "Paris", "blue"),
                          ("Paris", "Frankfurt", "white")],
    N_("a loop with two tails"): [("Pamplona", "Paris", "blue"), ("Paris", "Brest"), ("Paris", "Bruxelles", "yellow"),
                                  ("Bruxelles", "Frankfurt"), ("Paris", "Frankfurt", "white")],
    N_("a figure eight"): [("Paris", "Bruxelles", "yellow"), ("Bruxelles", "Frankfurt"),
                           ("Frankfurt", "Paris", "white"), ("Paris", "Zurich"), ("Zurich", "Marseille"),
                           ("Marseille", "Paris")],
    N_("a star with three arms"): [("Berlin", "Wien"), ("Wien", "Budapest"), ("Wien", "Munchen"),
                                   ("Munchen", "Zurich"), ("Budapest", "Bucuresti")],
    N_("a loop"): [("Berlin", "Frankfurt", "black"), ("Frankfurt", "Munchen"), ("Munchen", "Wien"),
                   ("Wien", "Berlin")],
}
TRAIL_INK = "#d1006b"


def trains_words(n: int) -> str:
    """``n`` trains in the learner's language: ``'1 train'``, ``'16 trains'``."""
    return ngettext("{n} train", "{n} trains", n).format(n=n)


def read_routes(routes, map="europe") -> list:
    """``routes`` (Routes, route numbers or ``(a, b[, colour])``) as Route objects of ``map``."""
    m = load_map(map)
    return [resolve_route(m, r) for r in routes]


def odd_cities(routes) -> list:
    """The cities where an odd number of ``routes`` meet, sorted (Euler: a trail can use every
    route of a connected network exactly when there are at most two of them).

    >>> odd_cities(read_routes(PRESETS["a single line"]))
    ['Frankfurt', 'Lisboa']
    """
    degree = Counter(c for r in routes for c in r.cities)
    return sorted(c for c, d in degree.items() if d % 2)


def longest_simple_path(routes) -> int:
    """The length of the longest *path* (no city visited twice) through ``routes``, for
    comparison with the longest *trail*. Depth-first search over all paths: exponential, meant
    for the lesson's small networks (at most about 20 routes).

    >>> longest_simple_path(read_routes(PRESETS["a loop with two tails"]))
    9
    """
    routes = list(routes)
    if len(routes) > 24:
        raise LimitError(gettext("longest_simple_path is an exhaustive search for small networks (24 routes at "
                                 "most)"))
    adjacent: dict[str, list[tuple[str, int]]] = {}
    for r in routes:
        adjacent.setdefault(r.a, []).append((r.b, r.length))
        adjacent.setdefault(r.b, []).append((r.a, r.length))

    def extend(city, seen):
        best = 0
        for other, length in adjacent[city]:
            if other not in seen:
                seen.add(other)
                best = max(best, length + extend(other, seen))
                seen.discard(other)
        return best

    return max((extend(c, {c}) for c in adjacent), default=0)


@dataclass(frozen=True)
class NetworkAnswer:
    """A network of one player's routes and its longest trail, explained."""

    routes: tuple
    trail: Trail
    steps: tuple          # (route index, from, to) in travel order, for drawing
    total: int            # trains in the whole network
    path_length: int      # the longest path that visits no city twice
    odd_cities: list
    passed_twice: list    # cities the trail visits more than once
    map: str = "europe"

    @property
    def length(self) -> int:
        return self.trail.length

    def sentence(self) -> str:
        if not self.routes:
            return gettext("No routes yet: the longest route is 0.")
        t = self.trail
        cities = load_map(self.map).cities
        def name(city):
            return cities[city].name if city in cities else city

        text = gettext("Longest route: {trains}, {cities}.").format(trains=trains_words(t.length),
                                                                   cities=" → ".join(map(name, t.cities)))
        if t.length == self.total:
            text += " " + gettext("The network has {trains}, and the trail uses every route of it.").format(
                trains=trains_words(self.total))
        else:
            text += " " + gettext("The network has {trains}; the trail cannot use them all: {n} cities have an odd "
                                  "number of routes ({cities}), and a trail can start or end at only two.").format(
                trains=trains_words(self.total), n=len(self.odd_cities), cities=listing(map(name, self.odd_cities)))
        if self.passed_twice:
            text += " " + gettext("It passes {cities} twice; the longest route that never visits a city twice would "
                                  "be only {n}.").format(cities=listing(map(name, self.passed_twice)),
                                                         n=self.path_length)
        return text

    def highlight(self) -> list:
        """The trail as a line over the board, with a ×2 badge on cities passed twice."""
        if not self.steps:
            return []
        item: dict[str, object] = {"trail": [list(s) for s in self.steps], "color": TRAIL_INK,
                "label": gettext("longest route: {trains}").format(trains=trains_words(self.length))}
        if self.passed_twice:
            counts = Counter(self.trail.cities)
            item["city_badges"] = {c: f"×{counts[c]}" for c in self.passed_twice}
        return [item]


def explain_network(routes, map="europe") -> NetworkAnswer:
    """The longest trail of ``routes`` (:func:`ttr_teach.engine.longest.longest_route`) with what makes
    it interesting: total length, the longest path, odd cities, cities passed twice."""
    rs = read_routes(routes, map)
    trail = longest_route(rs)
    steps = tuple((rs[i].index, a, b) for i, (a, b, _) in zip(trail.edge_indices, trail.edges, strict=True))
    counts = Counter(trail.cities)
    closed = len(trail.cities) > 1 and trail.cities[0] == trail.cities[-1]
    if closed:
        counts[trail.cities[0]] -= 1      # a loop ends where it starts: that is one visit
    twice = sorted(c for c, k in counts.items() if k > 1)
    return NetworkAnswer(tuple(rs), trail, steps, sum(r.length for r in rs), longest_simple_path(rs),
                         odd_cities(rs), twice, load_map(map).name)


def network_position(routes, map="europe", name: str | None = None) -> dict:
    """A position (file format) where ``name`` (by default the learner, :func:`.common.you`) owns
    ``routes``, for drawing a network (with a rival who owns nothing: a game has 2 players or more)."""
    m = load_map(map)
    specs = []
    for r in read_routes(routes, m):
        spec = [r.a, r.b]
        if m.partner(r) is not None:
            spec.append(r.color)
        specs.append(spec)
    name = you() if name is None else name
    rival = pgettext("seat", "Rival")
    return {"map": m.name, "players": [{"name": name, "routes": specs},
                                       {"name": rival if name != rival else pgettext("seat", "Other")}]}


# -- the network builder ---------------------------------------------------------------------------
class NetworkBuilderModel:
    """Build one player's network route by route and watch its longest route.

    Adding a route is checked with the claiming rules (:mod:`ttr_teach.engine.claims`): never both
    routes of a double, never more than the player's trains.

    >>> model = NetworkBuilderModel("a single line")
    >>> model.answer().length
    13
    >>> print(model.add(("Frankfurt", "Berlin", "black")).message)
    Added Berlin–Frankfurt (3 black). Longest route: 16 trains.
    >>> print(model.add(("Frankfurt", "Berlin", "red")).message)
    You already own the other route of the double route Berlin–Frankfurt; one player may never own both.
    """

    def __init__(self, preset: str | None = "a loop with two tails", map="europe"):
        self.map = load_map(map)
        self.routes: list[Route] = []
        self.last = instruction(gettext("Add routes to build a network."))
        if preset:
            self.load(preset)

    def load(self, preset: str) -> Outcome:
        if preset not in PRESETS:
            return self._say(refused(gettext("there is no example called “{name}”").format(name=preset)))
        self.routes = read_routes(PRESETS[preset], self.map)
        return self._say(Outcome(True, gettext("Loaded “{name}”.").format(name=gettext(preset)) + " "
                                 + self.answer().sentence()))

    def add(self, route) -> Outcome:
        r = resolve_route(self.map, route)
        owners = {x.index: 0 for x in self.routes}
        used = sum(x.length for x in self.routes)
        why = (why_route_unavailable(self.map, 1, owners, r, 0)
               or why_trains_short(self.map.rules.trains_per_player - used, r))
        if why:
            return self._say(refused(why))
        self.routes.append(r)
        return self._say(Outcome(True, gettext("Added {route}. Longest route: {trains}.").format(
            route=r, trains=trains_words(self.answer().length))))

    def remove(self, route) -> Outcome:
        r = resolve_route(self.map, route)
        if r not in self.routes:
            return self._say(refused(gettext("{route} is not in the network").format(route=r)))
        self.routes.remove(r)
        return self._say(Outcome(True, gettext("Removed {route}. Longest route: {trains}.").format(
            route=r, trains=trains_words(self.answer().length))))

    def clear(self) -> Outcome:
        self.routes = []
        return self._say(Outcome(True, gettext("The network is empty.")))

    def answer(self) -> NetworkAnswer:
        return explain_network(self.routes, self.map)

    def _say(self, outcome: Outcome) -> Outcome:
        self.last = outcome
        return outcome

    def svg(self, size: int = 760) -> str:
        from ...views.svg import board_svg

        return board_svg(network_position(self.routes, self.map), highlight=self.answer().highlight(),
                         size=size)


def network_builder(model: NetworkBuilderModel | None = None, board: bool = True):
    """Pick an example or add and remove routes; the board draws the longest route over your
    trains (cities passed twice get a ×2 badge) and the text explains it."""
    import ipywidgets as w

    model = model or NetworkBuilderModel()
    m = model.map
    examples = w.Dropdown(options=[(gettext(name), name) for name in PRESETS], value=None,
                          description=gettext("Example"), layout=w.Layout(width="360px"))
    pick = w.Dropdown(options=route_choices(m), description=gettext("Route"), layout=w.Layout(width="480px"))
    add, remove, clear = (w.Button(description=gettext("Add"), icon="plus"),
                          w.Button(description=gettext("Remove"), icon="minus"),
                          w.Button(description=gettext("Clear"), icon="trash"))
    add.add_class("ttr-network-add")
    remove.add_class("ttr-network-remove")
    explanation, message, picture = w.HTML(), w.HTML(), w.HTML()
    explanation.add_class("ttr-network-answer")
    message.add_class("ttr-network-message")

    def refresh():
        message.value = outcome_html(model.last)
        explanation.value = f"<b>{escape(model.answer().sentence())}</b>"
        if board:
            picture.value = svg_html(model.svg())

    def on_example(change):
        if change["new"]:
            model.load(change["new"])
            refresh()

    examples.observe(on_example, "value")
    add.on_click(lambda _: (model.add(pick.value), refresh()))
    remove.on_click(lambda _: (model.remove(pick.value), refresh()))
    clear.on_click(lambda _: (model.clear(), refresh()))
    refresh()
    box = w.VBox([examples, w.HBox([pick, add, remove, clear]), message, explanation, picture])
    box.add_class("ttr-network")
    return box


# -- positions for the bonus: ties, stations and opponents' routes ------------------------------
def tie_position() -> dict:
    """Ann and Bo both have a longest route of 10 trains, Cy one of 4: a tie for the bonus."""
    return {"map": "europe", "players": [
        {"name": "Ann", "routes": [["Lisboa", "Madrid"], ["Madrid", "Pamplona", "black"],
                                   ["Pamplona", "Paris", "blue"]]},
        {"name": "Bo", "routes": [["Berlin", "Wien"], ["Wien", "Budapest", "red"], ["Budapest", "Bucuresti"],
                                  ["Bucuresti", "Sofia"]]},
        {"name": "Cy", "routes": [["Edinburgh", "London", "black"]]}]}


def station_position() -> dict:
    """Ann's routes are in two pieces, Brest–Paris–Frankfurt and München–Wien–Budapest; Bo owns
    Frankfurt–München between them and Ann has a station in München. The station completes
    Ann's ticket Paris–Wien, but her longest route is still one piece."""
    return {"map": "europe", "players": [
        {"name": "Ann", "routes": [["Brest", "Paris"], ["Paris", "Frankfurt", "white"], ["Munchen", "Wien"],
                                   ["Wien", "Budapest", "red"]],
         "stations": ["Munchen"], "tickets": [["Paris", "Wien"]]},
        {"name": "Bo", "routes": [["Frankfurt", "Munchen"]]}]}


def bonus_rows(result) -> list:
    """One row per player of a ``score_position`` result: longest route and bonus."""
    return [{N_("player"): p["name"], N_("longest route"): p["longest_route"], N_("bonus"): p["longest_bonus"]}
            for p in result["players"]]


def clickable_network_board(players=None, width: int = 760):
    """The sandbox's clickable board with every longest route drawn live: click routes to build
    a network and watch the European Express line follow (the score table shows its length)."""
    from ...views.widgets import sandbox

    board = sandbox("europe", players=seats(players, rival=pgettext("seat", "Rival")), width=width)
    board.model.set_show_longest(True)
    return board


# == what the lesson's code cells print ===========================================================
def bonus_text(rules=None) -> str:
    """The longest route's bonus of a rule set (by default Europe's): its name and its points.

    >>> bonus_text()
    'European Express: 10 points'
    """
    from ...engine.rules import EUROPE

    rules = rules or EUROPE
    n = rules.longest_bonus
    return ngettext("{bonus}: {n} point", "{bonus}: {n} points", n).format(
        bonus=gettext(rules.longest_bonus_name), n=n)


def station_summary(player: dict) -> str:
    """A player's completed tickets, ticket points and longest route, from a score result.

    >>> station_summary({"name": "Ann", "tickets_completed": 1, "ticket_points": 8, "longest_route": 6})
    'Ann: 1 ticket completed, ticket points +8, longest route 6'
    """
    n = player["tickets_completed"]
    return ngettext("{name}: {n} ticket completed, ticket points {points:+d}, longest route {length}",
                    "{name}: {n} tickets completed, ticket points {points:+d}, longest route {length}", n).format(
        name=player["name"], n=n, points=player["ticket_points"], length=player["longest_route"])
