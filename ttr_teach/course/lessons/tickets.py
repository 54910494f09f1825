"""Lesson 06, destination tickets: dealt at set-up, drawn later, completed or paid for at the end.

Every answer here is the game's own: a real :class:`~ttr_teach.engine.game.core.Game` deals, draws and
keeps the tickets (:class:`~ttr_teach.engine.actions.KeepTickets` is refused when too few are kept),
the planner (:func:`~ttr_teach.algorithms.planning.cheapest_network`) says what a set of tickets costs in
trains, and the scorer (:func:`~ttr_teach.engine.scoring.score_position`) says which tickets are
completed and what they are worth.

>>> deal = deal_setup("europe", ["Ann", "Bo"], seed=7)
>>> [len(tickets) for tickets in deal.dealt], [sum(t.long for t in ts) for ts in deal.dealt]
([4, 4], [1, 1])
>>> keep_ways(4, 2), keep_ways(3, 2), keep_ways(3, 1)
(11, 4, 7)
>>> draw = draw_and_keep([("Paris", "Wien"), ("Berlin", "Roma"), ("Kyiv", "Sochi"), ("Essen", "Kyiv")],
...                      keep=[("Berlin", "Roma")])
>>> [str(t) for t in draw.after]
['Essen–Kyiv (10)', 'Paris–Wien (8)', 'Kyiv–Sochi (8)']
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from html import escape
from math import comb

from ...engine.actions import DrawTickets, KeepTickets
from ...engine.errors import IllegalAction
from ...engine.game.core import Game
from ...engine.i18n import N_, gettext, ngettext
from ...engine.maps import Ticket, load_map
from ...engine.text import listing
from .common import Outcome, instruction, outcome_html, refused, seats, svg_html
from .ticket_lines import (  # noqa: F401 - the lesson's printed lines, named here for its notebook
    box_and_deck,
    box_and_deck_sizes,
    choice_count,
    draw_lines,
    keeping_none,
    selection_line,
    short_draw,
    ticket_label,
    ticket_points_line,
)

#: Colours of the kept and of the returned tickets on the choice board.
KEPT_INK, RETURNED_INK = "#d1006b", "#8a8a8a"


def read_ticket(map, spec) -> Ticket:
    """The ticket named by ``spec``: a Ticket, its number, or ``(city, city)`` (either order);
    the map's own reader, :meth:`Map.find_ticket <ttr_teach.engine.maps.Map.find_ticket>`."""
    return load_map(map).find_ticket(spec)


def keep_ways(offered: int, at_least: int) -> int:
    """In how many ways a player can keep at least ``at_least`` of ``offered`` tickets:
    the sum of C(offered, k) for k = at_least .. offered.

    >>> keep_ways(4, 2)   # Europe set-up: 6 pairs + 4 triples + all four
    11
    """
    return sum(comb(offered, k) for k in range(at_least, offered + 1))


# == set-up ======================================================================================
@dataclass(frozen=True)
class SetupDeal:
    """A new game at set-up: what each player was dealt, and where the other tickets are."""

    game: Game
    dealt: tuple        # per seat: the Tickets dealt, long ticket first
    box: tuple          # Tickets out of the game (Europe: the long tickets nobody was dealt)
    deck_size: int      # tickets left in the ticket deck

    def rows(self) -> list:
        """One row per player: name and the tickets dealt (long ones marked)."""
        return [{N_("player"): name, N_("dealt"): listing(str(t) for t in tickets),
                 N_("long"): sum(t.long for t in tickets), N_("regular"): sum(not t.long for t in tickets)}
                for name, tickets in zip(self.game.players, self.dealt, strict=True)]


def _offers(game: Game) -> tuple:
    state = game.to_dict(log=False)
    return tuple(tuple(game.map.tickets[t] for t in p["offer"]) for p in state["players"])


def deal_setup(map="europe", players=("Ann", "Bo", "Cy"), seed: int = 0) -> SetupDeal:
    """Set up a new game (:meth:`Game.new <ttr_teach.engine.game.core.Game.new>`) and report the deal."""
    game = Game.new(map=map, players=list(players), seed=seed)
    state = game.to_dict(log=False)
    return SetupDeal(game, _offers(game), tuple(game.map.tickets[t] for t in state["ticket_box"]),
                     len(state["ticket_deck"]))


#: Where returned tickets go, in words (the game's log says ``"box"`` or ``"bottom of the ticket deck"``).
PLACES = {"box": N_("to the box"), "bottom of the ticket deck": N_("to the bottom of the ticket deck")}


@dataclass(frozen=True)
class KeepRecord:
    """One player's ticket choice as the game logged it: kept, returned, and where they went."""

    player: str
    kept: tuple
    returned: tuple
    to: str

    def text(self) -> str:
        kept = listing(str(t) for t in self.kept)
        if not self.returned:
            return gettext("{player} keeps all: {kept}.").format(player=self.player, kept=kept)
        back = listing(str(t) for t in self.returned)
        where = gettext(PLACES[self.to]) if self.to in PLACES else gettext("to the {place}").format(place=self.to)
        return gettext("{player} keeps {kept}; returns {back} ({where}).").format(
            player=self.player, kept=kept, back=back, where=where)


def _ticket_choice(game: Game) -> dict:
    """The choice of tickets pending in ``game`` (which has just dealt or drawn them)."""
    pending = game.pending
    assert pending is not None and pending["kind"] == "tickets", pending
    return pending


def keep_tickets(game: Game, kept) -> tuple:
    """The current player keeps ``kept`` (tickets as for :func:`read_ticket`) of those dealt or
    drawn: ``(Outcome, KeepRecord or None)``. The engine refuses too few, and then nothing
    changes."""
    indices = [read_ticket(game.map, t).index for t in kept]
    try:
        events = game.apply(KeepTickets(tuple(indices)))
    except IllegalAction as e:
        return refused(str(e), gettext(WHY_KEEP)), None
    kept_event = next(event for event in events if event.get("event") == "tickets_kept")
    record = KeepRecord(game.players[kept_event["player"]], tuple(game.map.tickets[t] for t in kept_event["kept"]),
                        tuple(game.map.tickets[t] for t in kept_event["returned"]), kept_event["to"])
    return Outcome(True, record.text()), record


WHY_KEEP = N_("At set-up you keep at least 2 of the tickets dealt (Europe: of 4, USA: of 3); when you draw "
              "tickets during the game you keep at least 1 of those drawn.")


def finish_setup(game: Game, choices) -> list:
    """Play the whole set-up: each player in seat order keeps ``choices[seat]`` (a list of
    tickets; None keeps them all). Returns the :class:`KeepRecord` of each player.
    Raises :class:`~ttr_teach.engine.errors.IllegalAction` if a choice breaks the rules."""
    records = []
    for seat, name in enumerate(game.players):
        offer = _offers(game)[seat]
        wanted = choices[seat] if seat < len(choices) and choices[seat] is not None else offer
        outcome, record = keep_tickets(game, wanted)
        if not outcome.ok:
            raise IllegalAction(f"{name}: {outcome.message}")
        records.append(record)
    return records


# == drawing tickets during the game ============================================================
@dataclass(frozen=True)
class TicketDraw:
    """A ticket draw in play: the ticket deck before (top first), the tickets drawn, those kept
    and returned, and the deck after."""

    before: tuple
    drawn: tuple
    kept: tuple
    returned: tuple
    after: tuple
    game: Game = field(repr=False, compare=False)


def ticket_deck(game: Game) -> tuple:
    """The ticket deck of ``game``, top first (as Tickets)."""
    return tuple(game.map.tickets[t] for t in game.to_dict(log=False)["ticket_deck"])


def arranged_ticket_game(deck, map="europe", players=("Ann", "Bo"), seed: int = 0) -> Game:
    """A game in play whose ticket deck is exactly ``deck`` (top first; the other tickets are
    out of the game), so that what is drawn is known."""
    m = load_map(map)
    return Game.arranged(m, list(players), seed=seed, ticket_deck=[read_ticket(m, t).index for t in deck])


def draw_and_keep(deck, keep, map="europe", seed: int = 0) -> TicketDraw:
    """Arrange a ticket deck ``deck`` (top first), draw tickets, keep ``keep``; raises
    :class:`~ttr_teach.engine.errors.IllegalAction` with the engine's reason if that is not allowed."""
    game = arranged_ticket_game(deck, map, seed=seed)
    before = ticket_deck(game)
    game.apply(DrawTickets())
    drawn = tuple(game.map.tickets[t] for t in _ticket_choice(game)["tickets"])
    outcome, record = keep_tickets(game, keep)
    if not outcome.ok:
        raise IllegalAction(outcome.message)
    return TicketDraw(before, drawn, record.kept, record.returned, ticket_deck(game), game)


def why_cannot_draw_tickets(deck, map="europe") -> str | None:
    """The engine's reason why tickets cannot be drawn from a ticket deck ``deck``, or None.

    >>> why_cannot_draw_tickets([])
    'the ticket deck is empty, so no tickets can be drawn'
    """
    return arranged_ticket_game(deck, map).why_illegal(DrawTickets())


# == the ticket-choice widget ====================================================================
@lru_cache(maxsize=256)
def _plan(map: str, pairs: frozenset):
    from ...algorithms.planning import cheapest_network

    return cheapest_network(map, sorted(pairs))


class TicketChoiceModel:
    """Choose which tickets to keep, in a real game, with the cost of each choice in sight.

    By default a new game at set-up (the learner is seat 0); ``draw=True`` instead arranges a
    game in play where the learner has just drawn tickets. :meth:`toggle` selects tickets;
    :meth:`plan` is the cheapest network (fewest trains) that would complete the selected ones
    (:func:`~ttr_teach.algorithms.planning.cheapest_network`, exact); :meth:`keep` asks the engine to keep
    them (too few are refused, with its reason).

    >>> model = TicketChoiceModel(seed=7)
    >>> [str(t) for t in model.offer]
    ['Danzig–Lisboa (20, long)', 'Dieppe–Madrid (8)', 'Smolensk–Warszawa (6)', 'Brest–Venezia (8)']
    >>> model.select([("Smolensk", "Warszawa")]).ok, model.keep().ok
    (True, False)
    >>> print(model.last.message)
    You must keep at least 2 of your 4 tickets.
    >>> model.select([("Smolensk", "Warszawa"), ("Brest", "Venezia")]).ok, model.plan().trains
    (True, 14)
    >>> print(model.keep().message)
    You keep Smolensk–Warszawa (6), Brest–Venezia (8); Danzig–Lisboa (20, long), Dieppe–Madrid (8) go back to the box, out of the game.
    """  # noqa: E501

    def __init__(self, map="europe", players=None, seed: int = 0, draw: bool = False):
        self.map = load_map(map)
        self.players = seats(players)
        self.draw = draw
        self.reset(seed)

    def reset(self, seed: int | None = None) -> Outcome:
        """A new deal (the next shuffle when ``seed`` is given)."""
        if seed is not None:
            self.seed = seed
        if self.draw:
            self.game = Game.arranged(self.map, self.players, seed=self.seed)
            self.game.apply(DrawTickets())
        else:
            self.game = Game.new(map=self.map, players=self.players, seed=self.seed)
        choice = _ticket_choice(self.game)
        self.offer = tuple(self.map.tickets[t] for t in choice["tickets"])
        self.keep_at_least = choice["keep_at_least"]
        self.selected: set = set()
        self.kept = None
        n = len(self.offer)
        said = (ngettext("You were drawn {n} ticket: keep at least {k}.",
                         "You were drawn {n} tickets: keep at least {k}.", n) if self.draw
                else ngettext("You were dealt {n} ticket: keep at least {k}.",
                              "You were dealt {n} tickets: keep at least {k}.", n))
        self.last = instruction(said.format(n=n, k=self.keep_at_least))
        return self.last

    def again(self) -> Outcome:
        return self.reset(self.seed + 1)

    def toggle(self, ticket) -> Outcome:
        """Select ``ticket`` if it is not selected, or unselect it."""
        t = self._offered(ticket)
        if t is None:
            return self._say(refused(gettext("{ticket} is not one of your tickets").format(
                ticket=read_ticket(self.map, ticket))))
        self.selected ^= {t.index}
        return self._say(Outcome(True, self.summary()))

    def select(self, tickets) -> Outcome:
        """Select exactly ``tickets``."""
        chosen = set()
        for spec in tickets:
            t = self._offered(spec)
            if t is None:
                return self._say(refused(gettext("{ticket} is not one of your tickets").format(
                    ticket=read_ticket(self.map, spec))))
            chosen.add(t.index)
        self.selected = chosen
        return self._say(Outcome(True, self.summary()))

    def _offered(self, spec):
        t = read_ticket(self.map, spec)
        return t if t in self.offer else None

    def selected_tickets(self) -> list:
        return [t for t in self.offer if t.index in self.selected]

    def plan(self):
        """The cheapest network completing the selected tickets, a
        :class:`~ttr_teach.algorithms.plans.Plan` (``trains`` 0 when none are selected)."""
        return _plan(self.map.name, frozenset((t.a, t.b) for t in self.selected_tickets()))

    def at_stake(self) -> int:
        """Points the selected tickets are worth: won if completed, lost if not."""
        return sum(t.points for t in self.selected_tickets())

    def summary(self) -> str:
        chosen = self.selected_tickets()
        if not chosen:
            return gettext("Nothing selected yet: keep at least {k}.").format(k=self.keep_at_least)
        trains = self.plan().trains
        return ngettext("{n} ticket selected, worth {points} points: +{points} if you complete it, −{points} if "
                        "you do not. The shortest network that completes it takes {trains} of your {total}.",
                        "{n} tickets selected, worth {points} points: +{points} if you complete them, −{points} if "
                        "you do not. The shortest network that completes them takes {trains} of your {total}.",
                        len(chosen)).format(
            n=len(chosen), points=self.at_stake(), total=self.map.rules.trains_per_player,
            trains=ngettext("{n} train", "{n} trains", trains).format(n=trains))

    def keep(self) -> Outcome:
        """Ask the engine to keep the selected tickets."""
        if self.kept is not None:
            return self._say(refused(gettext("you have already chosen; deal again to choose again")))
        outcome, record = keep_tickets(self.game, self.selected_tickets())
        if not outcome.ok:
            return self._say(outcome)
        self.kept = record
        kept = listing(str(t) for t in record.kept)
        if not record.returned:
            return self._say(Outcome(True, gettext("You keep all your tickets: {kept}.").format(kept=kept)))
        back, n = listing(str(t) for t in record.returned), len(record.returned)
        said = (ngettext("You keep {kept}; {back} goes back to the box, out of the game.",
                         "You keep {kept}; {back} go back to the box, out of the game.", n) if record.to == "box"
                else ngettext("You keep {kept}; {back} goes to the bottom of the ticket deck.",
                              "You keep {kept}; {back} go to the bottom of the ticket deck.", n))
        return self._say(Outcome(True, said.format(kept=kept, back=back)))

    def _say(self, outcome: Outcome) -> Outcome:
        self.last = outcome
        return outcome

    def highlight(self) -> list:
        """Selected tickets: their cheapest network glowing; the others as dashed gray lines."""
        marks = []
        chosen = self.selected_tickets()
        if chosen:
            plan = self.plan()
            marks.append({"routes": [r.index for r in plan.routes],
                          "cities": sorted({c for t in chosen for c in t.cities}), "color": KEPT_INK,
                          "label": gettext("selected: {tickets}; shortest network {trains}").format(
                              tickets=listing(str(t) for t in chosen),
                              trains=ngettext("{n} train", "{n} trains", plan.trains).format(n=plan.trains))})
        for t in self.offer:
            if t.index not in self.selected:
                marks.append({"ticket": [t.a, t.b], "color": RETURNED_INK,
                              "label": gettext("not selected: {ticket}").format(ticket=t)})
        return marks

    def svg(self, size: int = 760) -> str:
        from ...views.svg import board_svg

        return board_svg(self.map, highlight=self.highlight(), size=size)


def ticket_choice_widget(model: TicketChoiceModel | None = None, board: bool = True):
    """Tick the tickets to keep: the board shows the shortest network for them and the points at
    stake; *Keep* asks the engine (too few are refused); *Deal again* reshuffles."""
    import ipywidgets as w

    model = model or TicketChoiceModel()
    boxes_area = w.VBox()
    info, message, picture = w.HTML(), w.HTML(), w.HTML()
    info.add_class("ttr-tickets-summary")
    message.add_class("ttr-tickets-message")
    keep = w.Button(description=gettext("Keep these"), button_style="primary", icon="check")
    keep.add_class("ttr-tickets-keep")
    again = w.Button(description=gettext("Deal again"), icon="refresh")
    again.add_class("ttr-tickets-again")
    state: dict[str, list] = {"boxes": []}

    def build_boxes():
        state["boxes"] = []
        for t in model.offer:
            box = w.Checkbox(value=t.index in model.selected, description=str(t), indent=False,
                             layout=w.Layout(width="420px"))
            box.observe(lambda change, t=t: on_tick(t, change), "value")
            box.add_class("ttr-ticket-box")
            state["boxes"].append(box)
        boxes_area.children = state["boxes"]

    def refresh():
        info.value = f"<div>{escape(model.summary())}</div>"
        message.value = outcome_html(model.last)
        done = model.kept is not None
        keep.disabled = done
        for b in state["boxes"]:
            b.disabled = done
        if board:
            picture.value = svg_html(model.svg())

    def on_tick(ticket, change):
        if (ticket.index in model.selected) != change["new"]:
            model.toggle(ticket)
            refresh()

    def on_keep(_):
        model.keep()
        refresh()

    def on_again(_):
        model.again()
        build_boxes()
        refresh()

    keep.on_click(on_keep)
    again.on_click(on_again)
    build_boxes()
    refresh()
    your_tickets = gettext("Your tickets")
    title = gettext("{your_tickets} (tick the ones to keep)").format(your_tickets=f"<b>{escape(your_tickets)}</b>")
    box = w.VBox([w.HTML(title), boxes_area, info,
                  w.HBox([keep, again]), message, picture])
    box.add_class("ttr-tickets")
    return box


# == the tickets of a map ===========================================================================
def ticket_value_counts(map="europe") -> dict:
    """``{points: (regular tickets, long tickets)}`` for the tickets of ``map``.

    >>> ticket_value_counts("europe")[20]
    (0, 3)
    """
    m = load_map(map)
    out: dict[int, tuple[int, int]] = {}
    for t in m.tickets:
        regular, long = out.get(t.points, (0, 0))
        out[t.points] = (regular + (not t.long), long + t.long)
    return dict(sorted(out.items()))


def plot_ticket_values(map="europe", ax=None):
    """A bar chart: how many tickets are worth each number of points (long tickets hatched)."""
    import matplotlib.pyplot as plt

    m = load_map(map)
    if ax is None:
        _, ax = plt.subplots(figsize=(8, 3.2))
    counts = ticket_value_counts(m)
    points = list(counts)
    regular = [counts[p][0] for p in points]
    long = [counts[p][1] for p in points]
    ax.bar([str(p) for p in points], regular, color="#e8d9a8", edgecolor="#333333", label=gettext("regular"))
    ax.bar([str(p) for p in points], long, bottom=regular, color="#2f6fc4", edgecolor="#333333",
           hatch="//", label=gettext("long (blue background)"))
    ax.set_xlabel(gettext("points"))
    ax.set_ylabel(gettext("tickets"))
    ax.yaxis.get_major_locator().set_params(integer=True)
    ax.set_title(gettext("The {n} destination tickets of {map}").format(n=len(m.tickets), map=m.title))
    ax.legend()
    return ax


# == completing tickets ==============================================================================
def completion_position(stations: bool = False) -> dict:
    """Ann holds Paris–Wien (joined by her routes) and Berlin–Roma (her routes stop at München:
    Bo owns München–Venezia). Bo holds Brindisi–Zürich, but the middle of his line, Roma–Venezia,
    is Ann's. With ``stations=True`` Ann has a station in Venezia and Bo one in Roma (lesson 07)."""
    ann = {"name": "Ann", "routes": [["Paris", "Frankfurt", "white"], ["Frankfurt", "Munchen"], ["Munchen", "Wien"],
                                     ["Berlin", "Frankfurt", "black"], ["Roma", "Venezia"]],
           "tickets": [["Paris", "Wien"], ["Berlin", "Roma"]]}
    bo = {"name": "Bo", "routes": [["Munchen", "Venezia"], ["Venezia", "Zurich"], ["Roma", "Brindisi"]],
          "tickets": [["Brindisi", "Zurich"]]}
    if stations:
        ann["stations"], bo["stations"] = ["Venezia"], ["Roma"]
    return {"map": "europe", "players": [ann, bo]}


def ticket_name(map, item) -> str:
    """A ticket of a score result (``{"a", "b", "points", "long"}``) as ``'Paris–Wien (8)'``."""
    return str(load_map(map).ticket(item["a"], item["b"]))


def ticket_rows(result) -> list:
    """One row per ticket of a :func:`~ttr_teach.engine.scoring.score_position` result: whose it is,
    completed or not, its value and the path that joins it (the scorer's own path)."""
    m = load_map(result["map"])
    def name(city):      # the map's names, not the ids ("Zürich", not "Zurich")
        return m.cities[city].name

    rows = []
    for p in result["players"]:
        for t in p["tickets"]:
            rows.append({N_("player"): p["name"], N_("ticket"): ticket_name(result["map"], t),
                         N_("completed"): N_("yes") if t["completed"] else N_("no"), N_("value"): f"{t['value']:+d}",
                         N_("path"): " → ".join(map(name, t["path"])) if t["completed"] else "",
                         N_("borrowed"): listing("–".join(map(name, r[:2])) for r in t["borrowed"])})
    return rows


def long_ticket_rows(map="europe") -> list:
    """One row per long ticket: its points and the fewest trains that complete it on an empty
    board (:func:`~ttr_teach.algorithms.planning.cheapest_network`, exact).

    >>> long_ticket_rows()[0]
    {'ticket': 'Brest–Petrograd (20, long)', 'points': 20, 'fewest trains': 20}
    """
    m = load_map(map)
    return [{N_("ticket"): str(t), N_("points"): t.points,
             N_("fewest trains"): _plan(m.name, frozenset([(t.a, t.b)])).trains}
            for t in m.tickets if t.long]


# == what the lesson's code cells print ===========================================================
def bottom_of_deck(game: Game) -> str:
    """The ticket at the bottom of a game's ticket deck.

    >>> usa = deal_setup("usa", ["Ann", "Bo"], seed=7)
    >>> bottom_of_deck(usa.game).startswith("bottom of the ticket deck: ")
    True
    """
    return gettext("bottom of the ticket deck: {ticket}").format(ticket=ticket_deck(game)[-1])


def empty_deck_draw() -> str:
    """Why no tickets can be drawn from an empty ticket deck.

    >>> empty_deck_draw()
    '0 tickets left: the ticket deck is empty, so no tickets can be drawn'
    """
    return ngettext("{left} ticket left: {why}", "{left} tickets left: {why}", 0).format(
        left=0, why=why_cannot_draw_tickets([]))
