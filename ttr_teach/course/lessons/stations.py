"""Lesson 07, stations: what they cost, where they go, and the one route each one borrows.

Building is played in a real :class:`~ttr_teach.engine.game.core.Game` (the engine refuses a second
station in a city, a fourth station, or the wrong cards). What a station borrows at the end
comes from the ticket module (:mod:`ttr_teach.engine.tickets`), the scorer's own choice.

>>> [row["cost"] for row in station_cost_rows()]
['1 card of one colour', '2 cards of one colour', '3 cards of one colour']
>>> model = StationBuilderModel(hand={"red": 3, "blue": 1, "green": 2})
>>> print(model.build("Paris").message)
You build your first station in Paris with 1 blue (1 card of one colour). 2 stations left.
>>> print(model.build("Wien").message)
Wien already has a station; a city can hold only one.
>>> print(model.build("Roma", ("green", 1, 0)).message)
Your second station needs 2 cards; you offered 1.
"""
from __future__ import annotations

from html import escape

from ...engine.actions import BuildStation, DrawBlind, cards_text
from ...engine.errors import IllegalAction, NotFoundError
from ...engine.game.core import Game
from ...engine.i18n import N_, gettext, ngettext
from ...engine.maps import load_map
from ...engine.payment import ORDINALS, payment_options, station_cost
from ...engine.rules import EUROPE, LOCOMOTIVE, RuleSet
from ...engine.text import clauses, listing
from .common import Outcome, hand_html, instruction, outcome_html, read_hand, refused, seats, svg_html

#: The stations in order, as the lessons say them (the engine's ``ORDINALS``, marked here to be
#: translated where they are shown).
ORDINAL_WORDS = (N_("first"), N_("second"), N_("third"))
#: What building the n-th station says, and what the next one costs (n = 1, 2, 3).
BUILT = (N_("You build your first station in {city} with {cards} ({cost})."),
         N_("You build your second station in {city} with {cards} ({cost})."),
         N_("You build your third station in {city} with {cards} ({cost})."))
NEXT_COST = (N_("Next: your first station costs {cost}."), N_("Next: your second station costs {cost}."),
             N_("Next: your third station costs {cost}."))


def station_cost_rows(rules: RuleSet = EUROPE) -> list:
    """One row per station a player may build: its number, its cost in cards, and the cards
    spent on stations so far (from :func:`ttr_teach.engine.payment.station_cost`)."""
    rows, total = [], 0
    for n in range(1, rules.stations_per_player + 1):
        cost = station_cost(rules, n)
        total += cost.count
        rows.append({N_("station"): ORDINALS[n - 1], N_("cards"): cost.count, N_("cost"): str(cost),
                     N_("cards for all so far"): total})
    return rows


#: Where the opponent's station stands in the builder (so the learner can try to build there).
OPPONENT_STATION = "Wien"


class StationBuilderModel:
    """The learner (seat 0) builds stations in a real game with ``hand``; the opponent already
    has a station in ``opponent_station`` and draws two cards between the learner's turns.

    Each build is a :class:`~ttr_teach.engine.actions.BuildStation` applied by the engine: a refused
    build changes nothing and says why.
    """

    def __init__(self, hand=None, opponent_station: str = OPPONENT_STATION, seed: int = 0,
                 players=None):
        self.map = load_map("europe")
        self.start_hand = read_hand(hand if hand is not None else {"red": 3, "blue": 2, "green": 2, LOCOMOTIVE: 1})
        self.opponent_station = opponent_station
        self.players = seats(players)
        self.seed = seed
        self.reset()

    def reset(self) -> Outcome:
        self.game = Game.arranged(self.map, self.players, seed=self.seed,
                                  hands=[{k: v for k, v in self.start_hand.items() if v}, {}],
                                  stations=[[], [self.opponent_station]])
        self.last = instruction(gettext("Choose a city and build your first station."))
        return self.last

    @property
    def hand(self) -> dict:
        return self.game.hand(0)

    @property
    def built(self) -> list:
        return self.game.stations(0)

    def next_cost(self):
        """The :class:`~ttr_teach.engine.payment.Cost` of the next station, or None after the third."""
        n = len(self.built) + 1
        if n > self.map.rules.stations_per_player:
            return None
        return station_cost(self.map.rules, n)

    def ways(self) -> list:
        """Every way the hand can pay for the next station (colour, coloured cards, locomotives)."""
        cost = self.next_cost()
        return payment_options(cost, self.game.hand(0)) if cost is not None else []

    def build(self, city, way=None) -> Outcome:
        """Build in ``city``, paying ``way`` (``(colour, coloured, locomotives)``; by default the
        first way the hand allows)."""
        cost = self.next_cost()
        if way is None:
            ways = self.ways()
            way = ways[0] if ways else ("red", cost.count if cost else 1, 0)
        action = BuildStation(city, *way)
        try:
            self.game.apply(action)
        except IllegalAction as e:
            return self._say(refused(str(e)))
        n = len(self.built)
        city_name = self.map.cities[self.built[-1]].name
        left = self.map.rules.stations_per_player - n
        message = " ".join([gettext(BUILT[n - 1]).format(city=city_name, cards=cards_text(*way), cost=cost),
                            ngettext("{n} station left.", "{n} stations left.", left).format(n=left)])
        self._opponent_turn()
        return self._say(Outcome(True, message))

    def _opponent_turn(self):
        while self.game.current_player not in (None, 0):
            self.game.apply(DrawBlind())

    def _say(self, outcome: Outcome) -> Outcome:
        self.last = outcome
        return outcome

    def free_city_after(self, cid: str) -> str:
        """The first city after ``cid`` (by name, going round) without a station, or ``cid``.

        >>> StationBuilderModel().free_city_after("Warszawa")     # Wien has Bo’s station
        'Wilno'
        """
        taken = {c for seat in range(len(self.players)) for c in self.game.stations(seat)}
        names = sorted((c.name, c.id) for c in self.map.cities.values())
        k = next(i for i, (_, c) in enumerate(names) if c == cid)
        return next((c for _, c in names[k + 1:] + names[:k] if c not in taken), cid)

    def svg(self, size: int = 760) -> str:
        from ...views.svg import board_svg

        marks = []
        if self.built:
            marks.append({"cities": list(self.built), "label": gettext("your stations")})
        marks.append({"cities": [self.opponent_station], "color": "blue",
                      "label": gettext("{player}'s station").format(player=self.players[1])})
        return board_svg(self.game, highlight=marks, size=size)


def station_builder_widget(model: StationBuilderModel | None = None, board: bool = True):
    """Choose a city and the cards: *Build* asks the engine; the next station's cost updates."""
    import ipywidgets as w

    model = model or StationBuilderModel()
    m = model.map
    city = w.Dropdown(options=sorted((c.name, c.id) for c in m.cities.values()), value="Paris",
                      description=gettext("City"))
    way = w.Dropdown(description=gettext("Pay with"), layout=w.Layout(width="360px"))
    build = w.Button(description=gettext("Build"), button_style="primary", icon="home")
    build.add_class("ttr-station-build")
    again = w.Button(description=gettext("Start again"), icon="refresh")
    status, message, picture = w.HTML(), w.HTML(), w.HTML()
    status.add_class("ttr-station-status")
    message.add_class("ttr-station-message")

    def refresh():
        cost = model.next_cost()
        nxt = (gettext(NEXT_COST[len(model.built)]).format(cost=f"<b>{escape(str(cost))}</b>")
               if cost else escape(gettext("You have built all your stations.")))
        status.value = gettext("Your hand: {cards}").format(cards=hand_html(model.hand)) + f"<br>{nxt}"
        ways = model.ways()
        way.options = [(cards_text(*x), x) for x in ways] or [(gettext("(no way to pay)"), None)]
        way.value = ways[0] if ways else None         # the payment Build will use, in sight
        message.value = outcome_html(model.last)
        if board:
            picture.value = svg_html(model.svg())

    def on_build(_):
        if model.build(city.value, way.value).ok:
            city.value = model.free_city_after(city.value)   # off the city that now has a station
        refresh()

    def on_again(_):
        model.reset()
        refresh()

    build.on_click(on_build)
    again.on_click(on_again)
    refresh()
    box = w.VBox([status, w.HBox([city, way, build, again]), message, picture])
    box.add_class("ttr-station-builder")
    return box


# == borrowing: every choice the stations can make ==================================================
def one_route_position() -> dict:
    """Ann's station in München could borrow Bo's München–Wien (for her ticket Paris–Wien) or
    München–Venezia (for Paris–Zagrab), but only one of them."""
    return {"map": "europe", "players": [
        {"name": "Ann", "routes": [["Paris", "Frankfurt", "white"], ["Frankfurt", "Munchen"], ["Venezia", "Zagrab"]],
         "stations": ["Munchen"], "tickets": [["Paris", "Wien"], ["Paris", "Zagrab"]]},
        {"name": "Bo", "routes": [["Munchen", "Wien"], ["Munchen", "Venezia"], ["Munchen", "Zurich"]]}]}


def two_stations_position() -> dict:
    """Ann has stations in München and Zagrab and the same two tickets; Bo owns the routes
    around them. Which pair of routes should the two stations borrow?"""
    return {"map": "europe", "players": [
        {"name": "Ann", "routes": [["Paris", "Frankfurt", "white"], ["Frankfurt", "Munchen"]],
         "stations": ["Munchen", "Zagrab"], "tickets": [["Paris", "Wien"], ["Paris", "Zagrab"]]},
        {"name": "Bo", "routes": [["Munchen", "Wien"], ["Munchen", "Venezia"], ["Venezia", "Zagrab"],
                                  ["Wien", "Zagrab"]]}]}


def _both_stations_position() -> dict:
    from .tickets import completion_position

    return completion_position(stations=True)


#: The explorer's examples: name -> (a function making the position, the player to look at).
EXAMPLES = {
    N_("one station, two tickets (Ann)"): (one_route_position, "Ann"),
    N_("two stations (Ann)"): (two_stations_position, "Ann"),
    N_("lesson 06 with stations (Ann)"): (_both_stations_position, "Ann"),
    N_("lesson 06 with stations (Bo)"): (_both_stations_position, "Bo"),
}

CHOSEN_INK, OTHER_INK = "#d1006b", "#00a0d0"


def _route_name(m, r) -> str:
    return f"{m.cities[r.a].name}–{m.cities[r.b].name}"


def route_words(route, map="europe") -> str:
    """A route of a score result (``[a, b, colour]``, city ids) in the map's names.

    >>> route_words(["Munchen", "Venezia", "blue"])
    'München–Venezia'
    """
    m = load_map(map)
    return f"{m.cities[route[0]].name}–{m.cities[route[1]].name}"


class StationExplorerModel:
    """Every way a player's stations can choose the one route each borrows, best first, with
    what each choice scores for the tickets; the first is the scorer's choice.

    The choices and their values come from :func:`ttr_teach.engine.tickets.station_choices` and the
    scorer's choice from :func:`ttr_teach.engine.scoring.score_position`; the two must agree.

    >>> model = StationExplorerModel(one_route_position(), "Ann")
    >>> [row["München"] for row in model.rows()]
    ['München–Wien (Bo)', 'München–Venezia (Bo)', 'nothing', 'München–Zürich (Bo)']
    >>> [row["ticket points"] for row in model.rows()]
    ['+1', '-1', '-15', '-15']
    """

    def __init__(self, position=None, player="Ann"):
        from ...engine.position import load_position

        self.position = load_position(position if position is not None else one_route_position())
        self.map = self.position.map
        self.player = self.position.player(player).name
        self.selected = 0
        self._refresh()

    def _refresh(self):
        from ...engine.scoring import score_position
        from ...engine.tickets import station_choices

        self.choices = station_choices(self.position, self.player)
        self.result = score_position(self.position)
        self.seat = self.position.seat(self.player)

    @property
    def me(self):
        return self.position.players[self.seat]

    def scorer_choice(self) -> dict:
        """``{city: route spec or None}``: what the scorer's result says each station borrows."""
        return {s["city"]: s["route"] for s in self.result["players"][self.seat]["stations_used"]}

    def _owner(self, route) -> str:
        return self.position.players[self.position.owners[route.index]].name

    def choice_text(self, k: int) -> dict:
        """Station city name -> what choice ``k`` borrows there, in words."""
        out = {}
        for city, route in self.choices[k].choice.items():
            name = self.map.cities[city].name
            out[name] = (gettext("nothing") if route is None
                         else f"{_route_name(self.map, route)} ({self._owner(route)})")
        return out

    def rows(self) -> list:
        """One row per choice: what each station borrows, the tickets completed, the points."""
        rows = []
        for k, c in enumerate(self.choices):
            row = {"#": k + 1, **self.choice_text(k)}
            row[N_("tickets completed")] = gettext("{done} of {n}").format(done=c.completed, n=len(c.tickets))
            row[N_("ticket points")] = f"{c.ticket_points:+d}"
            row[N_("scorer")] = "★ " + gettext("chosen") if k == 0 else ""
            rows.append(row)
        return rows

    def select(self, k: int):
        if not 0 <= k < len(self.choices):
            raise NotFoundError(gettext("there is no choice number {way}; there are {n}").format(
                way=k + 1, n=len(self.choices)))
        self.selected = k

    def explain(self, k: int | None = None) -> str:
        """Why choice ``k`` (default: the selected one) is or is not the scorer's choice."""
        k = self.selected if k is None else k
        c, best = self.choices[k], self.choices[0]
        tickets = self.me.tickets
        done = [str(t) for t, ok in zip(tickets, c.tickets, strict=True) if ok]
        failed = [str(t) for t, ok in zip(tickets, c.tickets, strict=True) if not ok]
        borrowed = [gettext("{city} borrows {route}").format(city=self.map.cities[city].name,
                                                             route=_route_name(self.map, r))
                    for city, r in c.choice.items() if r is not None]
        head = (clauses(borrowed) if borrowed else gettext("No station borrows anything")) + ". "
        head += gettext("Completed: {done}. Not completed: {failed}. Ticket points {points}.").format(
            done=listing(done) or gettext("none"), failed=listing(failed) or gettext("none"),
            points=f"{c.ticket_points:+d}")
        if k == 0:
            n = len(self.choices)
            return head + " " + gettext("This is the scorer's choice: of the {n} possible choices, none scores more "
                                        "ticket points (ties go to more tickets completed, then to fewer routes "
                                        "borrowed).").format(n=n)
        if c.ticket_points < best.ticket_points:
            why = gettext("{n} ticket points fewer than choice 1").format(n=best.ticket_points - c.ticket_points)
        elif c.completed < best.completed:
            why = gettext("as many points as choice 1, but fewer tickets completed")
        else:
            why = gettext("as good as choice 1 for the tickets, but choice 1 borrows fewer routes (or comes first "
                          "on the map)")
        return head + " " + gettext("Not chosen: {why}.").format(why=why)

    def highlight(self, k: int | None = None) -> list:
        """The stations, the routes choice ``k`` borrows, and the paths of the tickets it completes."""
        k = self.selected if k is None else k
        c = self.choices[k]
        ink = CHOSEN_INK if k == 0 else OTHER_INK
        marks = []
        for outcome in c.outcomes or ():
            if outcome.completed:
                steps = [[r.index, a, b]  # one route fewer than cities on the path
                         for r, a, b in zip(outcome.routes, outcome.path, outcome.path[1:], strict=False)]
                marks.append({"trail": steps, "color": "#2a9d4b",
                              "label": gettext("{ticket}: completed").format(ticket=outcome.ticket)})
        # drawn last, so the borrowed routes glow on top of the ticket paths
        marks.append({"cities": list(self.me.stations), "routes": [r.index for r in c.choice.values() if r],
                      "color": ink, "label": gettext("choice {n}: {borrowed}").format(n=k + 1, borrowed=clauses(
                          f"{city} → {text}" for city, text in self.choice_text(k).items()))})
        return marks

    def svg(self, k: int | None = None, size: int = 760) -> str:
        from ...views.svg import board_svg

        return board_svg(self.position, highlight=self.highlight(k), size=size)


def station_explorer(example: str = next(iter(EXAMPLES)), board: bool = True):
    """Choose an example: every choice its stations could make is listed with its ticket points
    (★ the scorer's choice); pick one to see it on the board and why it is or is not chosen."""
    import ipywidgets as w

    from .common import table_html

    pick = w.Dropdown(options=[(gettext(name), name) for name in EXAMPLES], value=example,
                      description=gettext("Example"), layout=w.Layout(width="420px"))
    choice = w.Select(description=gettext("Choice"), rows=6, layout=w.Layout(width="640px"))
    choice.add_class("ttr-station-choice")
    table, why, picture = w.HTML(), w.HTML(), w.HTML()
    table.add_class("ttr-station-table")
    why.add_class("ttr-station-why")
    state = {}

    def load(*_):
        make, player = EXAMPLES[pick.value]
        model = StationExplorerModel(make(), player)
        state["model"] = model
        table.value = table_html(model.rows())
        options = []
        for k, row in enumerate(model.rows()):
            borrowed = listing(f"{c}: {t}" for c, t in model.choice_text(k).items())
            options.append((f"{k + 1}. {borrowed} | {row['ticket points']} {row['scorer']}".strip(), k))
        choice.unobserve(show, "value")
        choice.options = options
        choice.value = 0
        choice.observe(show, "value")
        show()

    def show(*_):
        model = state["model"]
        model.select(choice.value)
        why.value = f"<div>{escape(model.explain())}</div>"
        if board:
            picture.value = svg_html(model.svg())

    pick.observe(load, "value")
    choice.observe(show, "value")
    load()
    box = w.VBox([pick, table, choice, why, picture])
    box.add_class("ttr-station-explorer")
    return box


# == what the lesson's code cells print ===========================================================
def station_rules(rules: RuleSet = EUROPE) -> str:
    """How many stations each player has, and what an unbuilt one scores at the end.

    >>> station_rules(EUROPE)
    '3 stations per player; each one left unbuilt at the end scores 4 points'
    """
    n, points = rules.stations_per_player, rules.unused_station_points
    return gettext("{stations} per player; each one left unbuilt at the end scores {points}").format(
        stations=ngettext("{n} station", "{n} stations", n).format(n=n),
        points=ngettext("{n} point", "{n} points", points).format(n=points))


def borrow_sentence(player: str, used: dict) -> str:
    """Which route a player's station borrows, whose it is and for which tickets (one of the
    ``stations_used`` of a score result).

    >>> borrow_sentence("Ann", {"city": "Venezia", "route": ["Munchen", "Venezia", "blue"],
    ...                         "route_owner": "Bo", "used_for": ["Berlin–Roma"]})
    "Ann's station in Venezia borrows München–Venezia (Bo's), for Berlin–Roma"
    """
    return gettext("{player}'s station in {city} borrows {route} ({owner}'s), for {tickets}").format(
        player=player, city=used["city"], route=route_words(used["route"]), owner=used["route_owner"],
        tickets=listing(used["used_for"]))


def choices_and_best(choices) -> str:
    """How many choices a player's stations have, before the best one is shown.

    >>> choices_and_best(range(9))
    '9 choices; the best:'
    """
    n = len(choices)
    return ngettext("{n} choice; the best:", "{n} choices; the best:", n).format(n=n)
