"""Lesson 7, the best possible score (``notebooks/graphs/07_best_possible_score.ipynb``): greedy
tries against the solver's network, the LP bound and its cuts, a budget slider over the cached
sweep, the optimum against the budget, the tickets the optimum always takes, and exercises.

Everything shown comes from :mod:`ttr_teach.algorithms.best_score` and its cached sweep
(:mod:`ttr_teach.algorithms.best_score_cache`), so nothing here solves for long.

>>> rows = greedy_rows("usa", 30)
>>> [row["network"] for row in rows][-1], rows[-1]["score"] >= max(r["score"] for r in rows)
("solver's network: the proven optimum", True)
"""
from __future__ import annotations

import html
from functools import lru_cache

from ....algorithms import best_score_greedy as greedy
from ....algorithms.best_score import BestScore
from ....algorithms.best_score_cache import (
    BUDGETS,
    STORED_BUDGETS,
    cached_best_score,
    cached_lp_bounds,
    cached_records,
    sweep,
)
from ....algorithms.graphs import ticket_table
from ....engine.i18n import gettext, local_digits, local_list, ngettext
from ....engine.maps import MAP_NAMES, load_map
from ....engine.text import listing
from ...exercises import ChoiceExercise, FunctionExercise, NumberExercise, SetExercise, Verdict, source_of
from .shared import NOW_COLOR, PATH_COLOR, TREE_COLOR, Table


# -- greedy tries ----------------------------------------------------------------------------
def _row(m, name, routes, budget) -> dict:
    tickets = greedy.connected_tickets(m, routes)
    rp = greedy.route_points(m, routes)
    tp = sum(t.points for t in tickets)
    return {"network": name, "trains": sum(r.length for r in routes), "route points": rp,
            "tickets": len(tickets), "ticket points": tp, "score": rp + tp}


def greedy_networks(map, trains: int) -> dict:
    """The lesson's networks for one budget: ``{"longest routes first", "cheapest tickets
    first", "best greedy start", "optimum"}`` -> list of Routes (the optimum from the cache).
    Computed once per map and budget (a second or so)."""
    return _greedy_networks(load_map(map).name, int(trains))


@lru_cache(maxsize=16)
def _greedy_networks(name, trains):
    m = load_map(name)
    return {"longest routes first": greedy.longest_routes_first(m, trains),
            "cheapest tickets first": greedy.cheapest_tickets_first(m, trains),
            "best greedy start": greedy.greedy_network(m, trains),
            "optimum": list(cached_best_score(m.name, trains).routes)}


def greedy_rows(map, trains: int) -> list:
    """One table row per network of :func:`greedy_networks`: trains, route points, tickets
    completed, ticket points and score."""
    m = load_map(map)
    names = {"longest routes first": gettext("longest routes first"),
             "cheapest tickets first": gettext("cheapest ticket per train first"),
             "best greedy start": gettext("best greedy start, improved by local search"),
             "optimum": gettext("solver's network: the proven optimum") if cached_best_score(m.name, trains).proven
             else gettext("solver's network: the best found, not proven optimal")}
    return [_row(m, names[k], routes, trains) for k, routes in greedy_networks(m, trains).items()]


def greedy_table(trains: int = 45) -> Table:
    """:func:`greedy_rows` of both maps in one table."""
    rows = [{"map": name, **row} for name in MAP_NAMES for row in greedy_rows(name, trains)]
    return Table(rows, caption=gettext("{trains} trains: greedy tries against the solver's network").format(
        trains=trains))


def missed_tickets(map, trains: int) -> dict:
    """What the best greedy network and the optimum complete: ``{"greedy", "optimum",
    "only_optimum", "only_greedy"}`` (lists of Ticket)."""
    nets = greedy_networks(map, trains)
    m = load_map(map)
    g = greedy.connected_tickets(m, nets["best greedy start"])
    o = greedy.connected_tickets(m, nets["optimum"])
    return {"greedy": g, "optimum": o, "only_optimum": [t for t in o if t not in g],
            "only_greedy": [t for t in g if t not in o]}


def side_by_side(map, trains: int, size=560) -> str:
    """HTML: the best greedy network and the solver's (cached) network on two boards."""
    from ....views.svg import board_svg

    m = load_map(map)
    nets = greedy_networks(m, trains)
    cells = []
    for key, title, colour in (("best greedy start", gettext("best greedy network"), TREE_COLOR),
                               ("optimum", gettext("solver's network"), PATH_COLOR)):
        row = _row(m, title, nets[key], trains)
        label = gettext("{network}: {score} points ({tickets} tickets)").format(
            network=title, score=row["score"], tickets=row["tickets"])
        svg = board_svg(m, highlight=network_highlight(m, nets[key], label, colour), size=size)
        svg = svg.replace("<svg ", '<svg style="max-width:100%;height:auto" ', 1)
        cells.append(f'<div style="flex:1 1 0;min-width:0"><b>{html.escape(label)}</b><br>{svg}</div>')
    return f'<div style="display:flex;gap:8px">{"".join(cells)}</div>'


def network_highlight(map, routes, label: str, color=PATH_COLOR) -> list:
    """A highlight: ``routes`` glow; the cities of the tickets they complete are ringed."""
    m = load_map(map)
    cities = list(dict.fromkeys(c for t in greedy.connected_tickets(m, routes) for c in t.cities))
    items = [{"routes": [r.index for r in routes], "color": color, "label": label}]
    if cities:
        items.append({"cities": cities, "color": NOW_COLOR, "label": gettext("cities of completed tickets")})
    return items


# -- why not try every network ----------------------------------------------------------------
SECONDS_PER_YEAR = 365.25 * 24 * 3600


def route_set_counts(trains: int = 45, per_second: float = 1e9) -> Table:
    """How many sets of city pairs of each map fit in ``trains`` trains (a double route
    counted once: its two halves score the same), and how many years checking them all would
    take at ``per_second`` sets a second. Counted, never listed: ``ways[b]``, the sets of
    exactly ``b`` trains, grows one city pair at a time (a knapsack count).

    With 2 trains: the empty set, one pair of length 1 or 2, or two pairs of length 1 (Europe
    has 3 pairs of length 1 and 33 of length 2: 1 + 3 + 33 + 3 = 40):

    >>> [row["sets"] for row in route_set_counts(2).rows]
    [40, 41]
    """
    rows = []
    for name in MAP_NAMES:
        m = load_map(name)
        lengths = {tuple(sorted((r.a, r.b))): r.length for r in m.routes}
        ways = [1] + [0] * trains
        for length in lengths.values():
            for b in range(trains, length - 1, -1):
                ways[b] += ways[b - length]
        count = sum(ways)
        rows.append({"map": m.name, "city pairs": len(lengths), "trains": trains, "sets": count,
                     "years to check them all": count / per_second / SECONDS_PER_YEAR})
    return Table(rows, caption=gettext("sets of city pairs within the budget, checked at {speed} a second").format(
        speed=f"{per_second:.0e}"))


# -- the LP bound and its cuts ---------------------------------------------------------------
def lp_rows(map=None) -> list:
    """Stored LP bounds next to the cached optimum: ``{"map", "trains", "LP without cuts",
    "LP with cuts", "cuts added", "LP, one tree", "optimum", "proven"}``."""
    rows = []
    for row in cached_lp_bounds():
        if map is not None and row["map"] != load_map(map).name:
            continue
        best = cached_best_score(row["map"], row["budget"])
        rows.append({"map": row["map"], "trains": row["budget"], "LP without cuts": row["no_cuts"],
                     "LP with cuts": row["with_cuts"], "cuts added": row["cuts"],
                     "LP, one tree": row["one_tree"], "optimum": best.score, "proven": best.proven})
    return rows


def lp_per_train(map) -> str:
    """One sentence: the stored LP bound (with its cuts) divided by the budget. It hardly
    changes with the budget, because the LP's best answer is one large network scaled down to
    whatever budget it is given.

    >>> "points per train" in lp_per_train("europe")
    True
    """
    m = load_map(map)
    rows = [row for row in cached_lp_bounds() if row["map"] == m.name]
    per_train = local_list([local_digits(f"{row['with_cuts'] / row['budget']:.2f}") for row in rows])
    budgets = local_list([local_digits(str(row["budget"])) for row in rows])
    return gettext("{map}: the LP bound is {per_train} points per train at {budgets} trains.").format(
        map=m.title, per_train=per_train, budgets=budgets)


# -- one tree, or several pieces -------------------------------------------------------------
def best_scores(map) -> list:
    """The cached best score for every budget from 0 to 50 trains: ``best_scores(m)[b]``.

    >>> best_scores("usa")[:5]
    [0, 1, 2, 4, 8]
    """
    m = load_map(map)
    return [cached_best_score(m.name, b).score for b in STORED_BUDGETS]


def shortest_ticket_trains(map) -> int:
    """The fewest trains that complete any ticket of the map (the smallest ticket piece).

    >>> shortest_ticket_trains("usa")
    4
    """
    return int(min(row["trains"] for row in ticket_table(map)))


def split_rows(map, trains: int = 45) -> list:
    """The split rule for one budget, one row per size of the smallest ticket piece ``b``:
    ``{"smallest piece", "best with it", "rest", "best with the rest", "together"}``. The
    largest "together" bounds every network of two or more ticket pieces.

    >>> rows = split_rows("usa", 45)
    >>> rows[0]["smallest piece"], rows[-1]["smallest piece"]
    (4, 22)
    """
    best = best_scores(map)
    return [{"smallest piece": b, "best with it": best[b], "rest": trains - b,
             "best with the rest": best[trains - b], "together": best[b] + best[trains - b]}
            for b in range(shortest_ticket_trains(map), trains // 2 + 1)]


def split_summary(map, trains: int = 45) -> str:
    """One sentence: the best split against the optimum (one tree) for this budget.

    >>> "pieces" in split_summary("europe", 45)
    True
    """
    m = load_map(map)
    top = max(split_rows(map, trains), key=lambda r: r["together"])
    best = cached_best_score(m.name, trains)
    return gettext("{map}, {trains} trains: two or more ticket pieces score at most {together} ({smallest} + "
                   "{rest} trains); the best network scores {best}, {more} points more, so it is on one "
                   "tree.").format(map=m.title, trains=trains, together=top["together"],
                                   smallest=top["smallest piece"], rest=top["rest"], best=best.score,
                                   more=best.score - top["together"])


# -- the sweep -------------------------------------------------------------------------------
def sweep_rows(map) -> list:
    """The cached optimum for every budget: ``{"trains", "score", "route points", "ticket
    points", "tickets", "proven", "bound", "seconds"}``; ``seconds`` is the processor time
    of the solve that proved it (None when it is not proven).

    >>> row = sweep_rows("usa")[0]
    >>> row["trains"], row["proven"], row["seconds"] > 0
    (20, True, True)
    """
    return [{"trains": r.budget, "score": r.score, "route points": r.route_points,
             "ticket points": r.ticket_points, "tickets": len(r.tickets), "proven": r.proven,
             "bound": r.bound, "seconds": _proof_seconds(r)} for r in sweep(map)]


def _proof_seconds(result):
    """The solver's processor seconds if it proved ``result``."""
    return result.details.get("cpu_seconds") if result.proven else None


def proof_summary(map) -> str:
    """One sentence on the cached sweep of a map: for which budgets the best network is
    proven optimal, and how far the proven upper bound is from it elsewhere.

    >>> "USA" in proof_summary("usa")
    True
    """
    m = load_map(map)
    rows = sweep_rows(m.name)
    proven = [r["trains"] for r in rows if r["proven"]]
    open_ = [r for r in rows if not r["proven"]]
    if not open_:
        return gettext("{map}: the optimum is proven for every budget from {first} to {last} trains"
                       "{slowest}.").format(map=m.title, first=rows[0]["trains"], last=rows[-1]["trains"],
                                            slowest=_slowest(rows))
    widest = max(open_, key=lambda r: (r["bound"] - r["score"], r["trains"]))
    done = (gettext("the optimum is proven for {proven} of {budgets} budgets ({spans} trains{slowest})").format(
        proven=len(proven), budgets=len(rows), spans=_spans(proven), slowest=_slowest(rows))
        if proven else gettext("no budget is proven optimal yet"))
    return gettext("{map}: {done}; for the other {open} the optimum lies between the best network found and "
                   "the proven upper bound, at most {gap} points apart ({trains} trains: {score} found, no "
                   "network scores more than {bound}).").format(
        map=m.title, done=done, open=len(open_), gap=widest["bound"] - widest["score"], trains=widest["trains"],
        score=widest["score"], bound=widest["bound"])


def _slowest(rows) -> str:
    """``"; the slowest proof took 185 processor seconds, at 31 trains"`` or ``""``."""
    timed = [r for r in rows if r["seconds"] is not None]
    if not timed:
        return ""
    slow = max(timed, key=lambda r: r["seconds"])
    return gettext("; the slowest proof took {seconds} processor seconds, at {trains} trains").format(
        seconds=local_digits(f"{slow['seconds']:.0f}"), trains=slow["trains"])


def _spans(numbers) -> str:
    """``[20, 21, 22, 30]`` -> ``"20-22, 30"``."""
    spans, start = [], None
    for i, b in enumerate(numbers):
        if start is None:
            start = b
        if i + 1 == len(numbers) or numbers[i + 1] != b + 1:
            spans.append(f"{start}" if start == b else f"{start}-{b}")
            start = None
    return listing(spans)


def plot_sweep():
    """The optimum against the budget (20 to 50 trains) for both maps, route points and
    ticket points stacked; a dash marks the proven upper bound where the optimum is not
    proven. Returns the matplotlib Figure."""
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 2, figsize=(11, 3.8), sharey=True)
    for ax, name in zip(axes, MAP_NAMES, strict=True):
        rows = sweep_rows(name)
        b = [r["trains"] for r in rows]
        ax.bar(b, [r["route points"] for r in rows], color=TREE_COLOR, label=gettext("route points"))
        ax.bar(b, [r["ticket points"] for r in rows], bottom=[r["route points"] for r in rows],
               color=PATH_COLOR, label=gettext("ticket points"))
        open_ = [r for r in rows if not r["proven"]]
        if open_:
            ax.plot([r["trains"] for r in open_], [r["bound"] for r in open_], "_", color="black",
                    markersize=9, label=gettext("upper bound (not proven)"))
        ax.set_title(f"{load_map(name).title}")
        ax.set_xlabel(gettext("train budget B"))
        ax.legend(fontsize=8, loc="upper left")
    axes[0].set_ylabel(gettext("best score"))
    fig.tight_layout()
    plt.close(fig)
    return fig


def ticket_counts(map, budgets=BUDGETS) -> list:
    """How often each ticket is in the cached optimum over ``budgets``, most often first:
    ``{"ticket", "points", "long", "taken", "of", "first from"}``."""
    m = load_map(map)
    results = [cached_best_score(m.name, b) for b in budgets]
    rows = []
    for t in m.tickets:
        taken = [r.budget for r in results if t in r.tickets]
        if taken:
            rows.append({"ticket": str(t), "points": t.points, "long": t.long, "taken": len(taken),
                         "of": len(results), "first from": min(taken)})
    return sorted(rows, key=lambda r: (-r["taken"], -r["points"], r["ticket"]))


def always_taken(map, budgets=range(30, 51)) -> list:
    """The tickets in the cached optimum of every budget in ``budgets`` (Ticket objects)."""
    m = load_map(map)
    results = [cached_best_score(m.name, b) for b in budgets]
    return [t for t in m.tickets if all(t in r.tickets for r in results)]


def taken_summary(map) -> list:
    """Two sentences: the tickets every optimum from 30 to 50 trains takes, and how many no
    optimum of the sweep takes.

    >>> taken_summary("usa")[1].startswith("usa: never taken:")
    True
    """
    m = load_map(map)
    always = listing(_ticket_words(m, t) for t in always_taken(m.name)) or gettext("none")
    never = len(never_taken(m.name))
    return [gettext("{map}: always taken from 30 to 50 trains: {tickets}").format(map=m.name, tickets=always),
            ngettext("{map}: never taken: {n} ticket", "{map}: never taken: {n} tickets", never).format(
                map=m.name, n=never)]


def only_optimum_summary(map, trains: int) -> str:
    """One sentence: the tickets only the solver's network completes (:func:`missed_tickets`)."""
    m = load_map(map)
    tickets = listing(_ticket_words(m, t) for t in missed_tickets(m.name, trains)["only_optimum"])
    return gettext("only the solver's network completes: {tickets}").format(tickets=tickets or gettext("none"))


def budget_facts(map, trains: int) -> list:
    """Two sentences for the split exercise: the shortest ticket and the best score with ``trains``."""
    m = load_map(map)
    return [gettext("the shortest {map} ticket needs {n} trains").format(map=m.title, n=shortest_ticket_trains(m.name)),
            gettext("the best score with {trains} trains: {score}").format(trains=trains,
                                                                           score=best_scores(m.name)[trains])]


def _ticket_words(m, t) -> str:
    """``"Denver–El Paso (4)"``: a ticket with its points, in board names."""
    return f"{m.city(t.a).name}–{m.city(t.b).name} ({t.points})"


def never_taken(map) -> list:
    """The tickets no cached optimum of the lesson's sweep (20 to 50 trains) completes."""
    m = load_map(map)
    taken = {tuple(t[:2]) for d in cached_records() if d["map"] == m.name and d["budget"] in BUDGETS
             for t in d["tickets"]}
    return [t for t in m.tickets if (t.a, t.b) not in taken]


# -- the budget stepper ----------------------------------------------------------------------
class BudgetExplorer:
    """A stepper for the budget (20 to 50 trains); the board shows the cached optimum for it.

    ``show(b)`` moves to budget ``b`` (and returns its :class:`BestScore`); ``widget`` is the
    ipywidgets box (built on first use). Boards are drawn once and kept.
    """

    def __init__(self, map="europe", trains: int = 45, size=900):
        self.map = load_map(map)
        self.size = size
        self._svgs: dict[int, str] = {}
        self._widget = None
        self.result: BestScore = cached_best_score(self.map.name, trains)
        self.show(trains)

    def svg(self, b: int) -> str:
        from ....views.svg import board_svg

        if b not in self._svgs:
            r = cached_best_score(self.map.name, b)
            self._svgs[b] = board_svg(self.map, highlight=r.highlight(), size=self.size)
        return self._svgs[b]

    def caption(self) -> str:
        r = self.result
        sure = (gettext("proven optimal") if r.proven
                else gettext("best found; no network scores more than {bound}").format(bound=r.bound))
        return gettext("<b>{budget} trains: {score} points</b> = {route_points} for {routes} routes + "
                       "{ticket_points} for {tickets} tickets ({trains} trains used; {sure})").format(
            budget=r.budget, score=r.score, route_points=r.route_points, routes=len(r.routes),
            ticket_points=r.ticket_points, tickets=len(r.tickets), trains=r.trains, sure=sure)

    def show(self, b: int):
        self.result = cached_best_score(self.map.name, b)
        if self._widget is not None:
            if self._stepper.value != b:
                self._stepper.value = b
            self._caption.value = self.caption()
            self._board.value = self.svg(b)
        return self.result

    @property
    def widget(self):
        if self._widget is None:
            import ipywidgets as w

            from ....views.widgets.stepper import Stepper

            self._stepper = Stepper(BUDGETS.start, BUDGETS.stop - 1, self.result.budget, description=gettext("trains"),
                                    words=lambda b: gettext("a budget of {budget} trains").format(budget=b))
            self._caption = w.HTML(self.caption())
            self._board = w.HTML(self.svg(self.result.budget))
            self._stepper.observe(lambda change: self.show(change["new"]), names="value")
            self._widget = w.VBox([self._stepper, self._caption, self._board])
        return self._widget

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)


# -- exercises (their feedback never gives the key away) -------------------------------------
class QuietNumberExercise(NumberExercise):
    """A number exercise whose feedback says only "too high" or "too low" (and its nudge for a
    common wrong answer), not by how much: what every :class:`NumberExercise` says."""


class QuietSetExercise(SetExercise):
    """A set exercise whose feedback counts right, missing and extra items without naming them."""

    def compare(self, value):
        if value == self.answer:
            return Verdict(True, gettext("Right: all {n}.").format(n=len(value)))
        right, extra = len(value & self.answer), len(value - self.answer)
        missing = len(self.answer - value)
        return Verdict(False, gettext("Not quite: {right} right, {missing} missing, {extra} that should not be "
                                      "there.").format(right=right, missing=missing, extra=extra))


def greedy_gap_exercise(map="usa", trains: int = 45) -> QuietNumberExercise:
    """How many points does the best greedy network leave on the table?"""
    rows = greedy_rows(map, trains)
    gap = rows[-1]["score"] - rows[2]["score"]
    m = load_map(map)
    return QuietNumberExercise(
        gettext("{map}, {trains} trains: how many points more does the solver's network score than the "
                "best greedy network? (Read the table above.)").format(map=m.title, trains=trains),
        gap, unit="points", example=str(gap),
        hint=[gettext("The table's last row is the solver's network; the greedy rows are above it."),
              gettext("Subtract the best greedy score from the solver's score.")],
        solution=gettext("{optimum} - {greedy} = {gap} points.").format(
            optimum=rows[-1]["score"], greedy=rows[2]["score"], gap=gap))


def doubling_exercise(map="europe") -> ChoiceExercise:
    """Does twice the budget give more than twice the score? (economies of scale)"""
    low, high = cached_best_score(map, 20), cached_best_score(map, 40)
    ratio = high.score / low.score
    options = [gettext("less than twice as much"), gettext("exactly twice as much"),
               gettext("more than twice as much")]
    answer = options[0] if ratio < 2 else options[1] if ratio == 2 else options[2]
    return ChoiceExercise(
        gettext("With 40 trains instead of 20, the best {map} score is ...").format(map=load_map(map).title),
        options, answer,
        example=answer,
        hint=[gettext("Find B = 20 and B = 40 in the plot, or in lesson.sweep_rows."),
              gettext("Double the score at 20 trains and compare it with the score at 40.")],
        solution=gettext("{high} points against {low}: {ratio} times as much. A bigger network completes "
                         "tickets between its far ends, so points grow faster than the trains: this is also "
                         "why the LP bound, which may take a fraction of a huge network, is so high.").format(
            high=high.score, low=low.score, ratio=local_digits(f"{ratio:.2f}")))


def long_tickets_exercise(map="europe", trains: int = 45) -> QuietSetExercise:
    """Which long tickets does the optimum complete?"""
    m = load_map(map)
    best = cached_best_score(m.name, trains)
    longs = [t for t in best.tickets if t.long or t.points >= 20]

    def normalise(text):
        parts = [p.strip() for p in text.replace("–", "-").split("-")]
        if len(parts) != 2:
            return text.strip()
        try:
            return "-".join(sorted(m.city_id(p) for p in parts))
        except Exception:          # an unknown city simply counts as a wrong item
            return text.strip()

    return QuietSetExercise(
        gettext("Which tickets worth 20 points or more does the optimum with {trains} trains complete? "
                "Write them as City-City, separated by commas.").format(trains=trains),
        ["-".join(sorted(t.cities)) for t in longs], normalise=normalise,
        example=", ".join(f"{m.city(t.a).name}-{m.city(t.b).name}" for t in longs),
        hint=[gettext("Step the budget to 45 trains and look for the far corners of the map that the network reaches."),
              gettext("The table of the tickets the optimum takes most lists each ticket's points.")],
        solution=listing(gettext("{ticket} ({points} points)").format(
            ticket=f"{m.city(t.a).name}–{m.city(t.b).name}", points=t.points) for t in longs) or gettext("none"))


def split_exercise(map="usa", trains: int = 45) -> QuietNumberExercise:
    """The split rule by hand: the most two or more ticket pieces can score."""
    m = load_map(map)
    rows = split_rows(map, trains)
    top = max(rows, key=lambda r: r["together"])
    best = best_scores(map)
    shortest = shortest_ticket_trains(map)
    from_one = max(best[b] + best[trains - b] for b in range(1, trains // 2 + 1))
    nudges = {}
    if from_one != top["together"]:
        nudges[from_one] = gettext("The smallest piece completes a ticket: how few trains can it have?")
    return QuietNumberExercise(
        gettext("{map}, {trains} trains: by the split rule, what is the most that a network of two or "
                "more ticket pieces can score?").format(map=m.title, trains=trains), top["together"], unit="points",
        nudges=nudges, example=str(top["together"]),
        hint=[gettext("The smallest ticket piece has b trains, from {shortest} (the shortest ticket) to "
                      "{half} (half the budget); the rest has {trains} - b.").format(
                  shortest=shortest, half=trains // 2, trains=trains),
              f"max(best[b] + best[{trains} - b] for b in range({shortest}, {trains // 2 + 1}))"],
        solution=gettext("{together} points, with a smallest piece of {smallest} trains: {piece} + {rest}. "
                         "The best network scores {best}, so no network of several pieces can beat it.").format(
            together=top["together"], smallest=top["smallest piece"], piece=top["best with it"],
            rest=top["best with the rest"], best=best[trains]))


def reference_network_score(map, routes) -> int:
    """The package's score of a network: route points plus completed tickets."""
    return greedy.network_score(map, routes)


def solution_network_score(map, routes) -> int:
    """Route points by the map's table, plus every ticket whose cities the routes join
    (connected components of the routes, with networkx)."""
    import networkx as nx

    g = nx.Graph()
    g.add_edges_from((r.a, r.b) for r in routes)
    points = sum(map.rules.route_points(r.length) for r in routes)
    for t in map.tickets:
        if t.a in g and t.b in g and nx.has_path(g, t.a, t.b):
            points += t.points
    return points


def network_score_exercise() -> FunctionExercise:
    """Write ``network_score(m, routes)``: the score the lesson maximises."""
    cases = []
    for name in MAP_NAMES:
        m = load_map(name)
        for b in (20, 33, 45):
            cases.append((m, list(cached_best_score(name, b).routes)))
        cases.append((m, greedy.longest_routes_first(m, 30)))
        cases.append((m, []))
    return FunctionExercise(
        gettext("Write network_score(m, routes): the route points of the routes (m.rules.route_points(length)) "
        "plus the points of every ticket in m.tickets whose two cities the routes join."),
        reference=reference_network_score, cases=cases, function_name="network_score",
        example=solution_network_score,
        hint=[gettext("Add up m.rules.route_points(r.length) over the routes first."),
              gettext("Put the routes in a networkx Graph: g.add_edges_from((r.a, r.b) for r in routes)."),
              gettext("A ticket t counts when t.a and t.b are both in the graph and nx.has_path(g, t.a, t.b).")],
        solution=source_of(solution_network_score, "network_score"))
