"""Lesson 09, the end of the game and final scoring: the last round read from a game's log, a
complete scoring explained line by line, and the tie-breakers.

The game is played by the engine (:class:`~ttr_teach.engine.game.core.Game`, with
:class:`~ttr_teach.players.random_bot.RandomBot` players); every score comes from
:func:`ttr_teach.engine.scoring.score_position`. This module reads and explains them.

>>> game = play_to_the_end(seed=4)
>>> story = final_round(game)
>>> [t.player for t in story.last_turns] == story.expected_order
True
>>> story.trains_at_trigger <= 2
True
"""
from __future__ import annotations

from dataclasses import dataclass

from ...engine.errors import ArgumentError, LimitError, NotFoundError
from ...engine.game.core import Game
from ...engine.i18n import N_, gettext, ngettext
from ...engine.text import clauses, listing
from ...players.random_bot import RandomBot

NAMES = ("Ann", "Bo", "Cy")


def play_to_the_end(map="europe", players=NAMES, seed: int = 0, max_actions: int = 20_000) -> Game:
    """A game from :meth:`Game.new <ttr_teach.engine.game.core.Game.new>` played to its end by random bots."""
    game = Game.new(map=map, players=list(players), seed=seed)
    bots = [RandomBot(seed * 10 + i) for i in range(len(game.players))]
    for _ in range(max_actions):
        if game.is_over:
            return game
        seat = game.current_player
        assert seat is not None  # the game is not over
        game.apply(bots[seat].choose(game))
    raise LimitError(gettext("the game did not end after {n} actions").format(n=max_actions))


@dataclass(frozen=True)
class Turn:
    """One turn read from the log: who played, what they did, and their trains left after it."""

    number: int          # 1 for the first turn of play
    player: str
    actions: tuple       # the actions in words (a draw of two cards is two actions)
    trains_left: int
    triggered: bool      # this turn started the final round

    def row(self) -> dict:
        return {N_("turn"): self.number, N_("player"): self.player, N_("did"): clauses(self.actions),
                N_("trains left"): self.trains_left, N_("final round"): N_("starts here") if self.triggered else ""}


def turns(game: Game) -> list:
    """Every turn of ``game`` from its log, in order (set-up choices are not turns)."""
    m, names = game.map, game.players
    log = game.log
    used = [0] * len(names)
    if log and log[0].get("event") == "start":
        for i, p in enumerate(log[0]["state"]["players"]):
            used[i] = sum(m.routes[r].length for r in p["routes"])
    out, current = [], None
    started = not (log and log[0].get("event") == "new_game")
    for e in log:
        kind = e.get("event")
        if kind == "play_begins":
            started = True
            continue
        if not started:
            continue
        if kind == "action":
            if current is None or current["player"] != e["player"]:
                if current is not None:
                    out.append(current)
                current = {"player": e["player"], "actions": [], "triggered": False}
            current["actions"].append(game.describe(e["action"]))
        elif kind == "claimed":
            used[e["player"]] += m.routes[e["route"]].length
        elif kind == "final_round" and current is not None:
            current["triggered"] = True
        if current is not None:
            current["trains"] = m.rules.trains_per_player - used[current["player"]]
    if current is not None:
        out.append(current)
    return [Turn(k + 1, names[t["player"]], tuple(t["actions"]), t["trains"], t["triggered"])
            for k, t in enumerate(out)]


@dataclass(frozen=True)
class FinalRound:
    """The end of a game: the turn that triggered the final round and the turns after it."""

    trigger: Turn
    last_turns: tuple
    players: tuple

    @property
    def trains_at_trigger(self) -> int:
        return self.trigger.trains_left

    @property
    def expected_order(self) -> list:
        """Who should play the last turns: everyone once, clockwise from the trigger's left,
        ending with the player who triggered it."""
        k = self.players.index(self.trigger.player)
        n = len(self.players)
        return [self.players[(k + 1 + j) % n] for j in range(n)]

    def text(self) -> str:
        t = self.trigger
        lines = [gettext("Turn {number}: {player} ends the turn with {trains} ({actions}): 2 or fewer, so the final "
                         "round begins.").format(number=t.number, player=t.player, actions=clauses(t.actions),
                                                 trains=ngettext("{n} train", "{n} trains", t.trains_left).format(
                                                     n=t.trains_left))]
        for turn in self.last_turns:
            lines.append(gettext("Turn {number}: {player}'s last turn: {actions}.").format(
                number=turn.number, player=turn.player, actions=clauses(turn.actions)))
        lines.append(gettext("The game is over."))
        return "\n".join(lines)


def final_round(game: Game) -> FinalRound:
    """The final round of a finished ``game``, read from its log."""
    if not game.is_over:
        raise ArgumentError(gettext("the game is not over yet: play it to the end first"))
    all_turns = turns(game)
    k = next((i for i, t in enumerate(all_turns) if t.triggered), None)
    if k is None:
        raise ArgumentError(gettext("this game ended without a final round (every player had to pass)"))
    return FinalRound(all_turns[k], tuple(all_turns[k + 1:]), tuple(game.players))


def final_round_rows(game: Game, before: int = 3) -> list:
    """The last turns of ``game`` as table rows: ``before`` turns before the trigger, the
    trigger, and the final round."""
    all_turns = turns(game)
    k = next(i for i, t in enumerate(all_turns) if t.triggered)
    return [t.row() for t in all_turns[max(0, k - before):]]


# == a finished game, scored line by line ==========================================================
def finished_position() -> dict:
    """The end of a three-player Europe game: routes, stations (one that borrows, two that
    borrow nothing) and tickets completed and failed."""
    return {"map": "europe", "players": [
        {"name": "Ann", "routes": [["Lisboa", "Madrid"], ["Madrid", "Pamplona", "black"], ["Pamplona", "Paris", "blue"],
                                   ["Paris", "Frankfurt", "white"], ["Frankfurt", "Berlin", "black"],
                                   ["Berlin", "Wien"],
                                   ["Wien", "Budapest", "red"], ["Budapest", "Sarajevo"], ["Paris", "Dieppe"],
                                   ["Dieppe", "London"], ["London", "Edinburgh", "black"]],
         "stations": ["Danzig"],
         "tickets": [["Danzig", "Lisboa"], ["Paris", "Wien"], ["Edinburgh", "Paris"], ["Sarajevo", "Sevastopol"]]},
        {"name": "Bo", "routes": [["Berlin", "Danzig"], ["Danzig", "Warszawa"], ["Warszawa", "Wilno"],
                                  ["Wilno", "Smolensk"], ["Smolensk", "Moskva"], ["Moskva", "Kharkov"],
                                  ["Kharkov", "Kyiv"],
                                  ["Kyiv", "Bucuresti"], ["Bucuresti", "Sofia"], ["Sofia", "Athina"]],
         "tickets": [["Berlin", "Moskva"], ["Athina", "Wilno"], ["Kyiv", "Sochi"]]},
        {"name": "Cy", "routes": [["Roma", "Venezia"], ["Venezia", "Zurich"], ["Zurich", "Marseille"],
                                  ["Marseille", "Barcelona"], ["Barcelona", "Madrid"], ["Roma", "Palermo"],
                                  ["Palermo", "Smyrna"], ["Smyrna", "Angora"], ["Angora", "Constantinople"]],
         "stations": ["Budapest", "Essen"],
         "tickets": [["Madrid", "Zurich"], ["Roma", "Smyrna"], ["Constantinople", "Palermo"], ["Budapest", "Zurich"]]}]}


PARTS = (N_("routes"), N_("tickets"), N_("stations"), N_("longest"))
#: the last line of a score (translated where it is shown, like the parts)
TOTAL = N_("total")


@dataclass(frozen=True)
class ScoreLine:
    """One line of a player's final score: which part, its points, and why, in sentences."""

    part: str
    points: int
    details: tuple

    def text(self) -> str:
        return f"{gettext(self.part):9} {self.points:+4d}   " + "\n                 ".join(self.details)


def _name(m, city) -> str:
    return m.cities[city].name


def _path_text(m, cities) -> str:
    return " → ".join(_name(m, c) for c in cities)


def score_lines(position, player, result=None) -> list:
    """The final score of ``player`` in ``position``, line by line, explained. The numbers are
    the scorer's (:func:`~ttr_teach.engine.scoring.score_position`); this adds the reasons."""
    from ...engine.position import load_position
    from ...engine.scoring import score_position

    pos = load_position(position)
    result = result or score_position(pos)
    m, rules = pos.map, pos.map.rules
    me = pos.player(player)
    r = next(p for p in result["players"] if p["name"] == me.name)
    def route_line(x) -> str:
        points = rules.route_points(x.length)
        return gettext("{route}: {trains}, {points}").format(
            route=f"{_name(m, x.a)}–{_name(m, x.b)}", trains=ngettext("{n} train", "{n} trains", x.length).format(
                n=x.length), points=ngettext("{n} point", "{n} points", points).format(n=points))

    routes = tuple(route_line(x) for x in me.routes) or (gettext("no routes"),)
    tickets = []
    for t in r["tickets"]:
        name = f"{_name(m, t['a'])}–{_name(m, t['b'])} ({t['points']})"
        if t["completed"]:
            fields = {"ticket": name, "value": f"{t['value']:+d}", "path": _path_text(m, t["path"]),
                      "borrowed": listing("–".join(_name(m, c) for c in b[:2]) for b in t["borrowed"])}
            tickets.append((gettext("{ticket}: {value}, completed: {path}, borrowing {borrowed}") if t["borrowed"]
                            else gettext("{ticket}: {value}, completed: {path}")).format(**fields))
        else:
            tickets.append(gettext("{ticket}: {value}, not completed").format(ticket=name, value=f"{t['value']:+d}"))
    stations = []
    for s in r["stations_used"]:
        if s["route"]:
            stations.append(gettext("station in {city}: borrows {route} ({owner}'s) for {tickets}").format(
                city=_name(m, s["city"]), route="–".join(_name(m, c) for c in s["route"][:2]),
                owner=s["route_owner"], tickets=listing(s["used_for"])))
        else:
            stations.append(gettext("station in {city}: no route of it helps a ticket; borrows nothing").format(
                city=_name(m, s["city"])))
    unbuilt = rules.stations_per_player - r["stations_built"]
    if rules.has_stations:
        stations.append(ngettext("{n} station not built × {each} = {points}",
                                 "{n} stations not built × {each} = {points}", unbuilt).format(
            n=unbuilt, each=rules.unused_station_points, points=r["station_points"]))
    best = max(p["longest_route"] for p in result["players"])
    path = r.get("longest_route_path", {}).get("cities", [])
    longest = [(gettext("longest route {n} trains: {path}") if path else gettext("longest route {n} trains")).format(
        n=r["longest_route"], path=_path_text(m, path))]
    if r["longest_bonus"]:
        others = [p["name"] for p in result["players"] if p["longest_route"] == best and p["name"] != me.name]
        longest.append((gettext("the longest of all: {bonus}, +{points} (tied with {others}: all tied players score "
                                "it)") if others else gettext("the longest of all: {bonus}, +{points}")).format(
            bonus=gettext(rules.longest_bonus_name), points=r["longest_bonus"], others=listing(others)))
    else:
        holders = [p["name"] for p in result["players"] if p["longest_route"] == best]
        longest.append(ngettext("{players} has a longer one ({n}): no bonus",
                                "{players} have a longer one ({n}): no bonus", len(holders)).format(
            players=listing(holders), n=best))
    lines = [ScoreLine("routes", r["route_points"], routes), ScoreLine("tickets", r["ticket_points"], tuple(tickets))]
    if rules.has_stations:
        lines.append(ScoreLine("stations", r["station_points"], tuple(stations)))
    lines.append(ScoreLine("longest", r["longest_bonus"], tuple(longest)))
    lines.append(ScoreLine(TOTAL, r["total"], (gettext("routes + tickets + stations + bonus") if rules.has_stations
                                               else gettext("routes + tickets + bonus"),)))
    return lines


def score_rows(result) -> list:
    """The score table: one row per player (routes, tickets, stations, bonus, total, winner)."""
    rows = []
    for p in result["players"]:
        rows.append({N_("player"): p["name"], N_("routes"): p["route_points"],
                     N_("tickets"): gettext("{points} ({done} of {n})").format(
                         points=f"{p['ticket_points']:+d}", done=p["tickets_completed"], n=len(p["tickets"])),
                     N_("stations"): gettext("{points} ({n} built)").format(points=p["station_points"],
                                                                            n=p["stations_built"]),
                     N_("longest"): p["longest_route"], N_("bonus"): p["longest_bonus"], N_("total"): p["total"],
                     "": N_("winner") if result["winner"] == p["name"] else ""})
    return rows


def line_highlight(position, player, part: str, result=None) -> list:
    """What to show on the board for one line of ``player``'s score: their routes, their
    tickets (paths or dashed), their stations and what they borrow, or their longest route."""
    from ...engine.position import load_position
    from ...engine.scoring import score_position

    pos = load_position(position)
    me = pos.player(player)
    result = result or score_position(pos)
    if part == "routes":
        return [{"player": me.name, "label": gettext("{player}'s routes").format(player=me.name)}]
    if part == "tickets":
        return [{"ticket": [t.a, t.b], "player": me.name} for t in me.tickets]
    if part == "stations":
        return [{"station": c} for c in me.stations] or [
            {"player": me.name, "label": gettext("{player} built no station").format(player=me.name)}]
    if part == "longest":
        return [{"longest": me.name}]
    raise NotFoundError(gettext("unknown part “{part}”; choose one of {parts}").format(part=part,
                                                                                    parts=", ".join(PARTS)))


def scoring_walkthrough(position=None, player: str | None = None, part: str = "tickets", board: bool = True):
    """Choose a player and a line of their score: the line explained, and the board showing it."""
    from html import escape

    import ipywidgets as w

    from ...engine.position import load_position
    from ...engine.scoring import score_position
    from ...views.svg import board_svg
    from .common import svg_html

    pos = load_position(position if position is not None else finished_position())
    result = score_position(pos)
    names = [p.name for p in pos.players]
    parts = [p for p in PARTS if p != "stations" or pos.map.rules.has_stations]
    who = w.ToggleButtons(options=names, value=player or names[0], description=gettext("Player"))
    what = w.ToggleButtons(options=[(gettext(p), p) for p in parts], value=part, description=gettext("Line"))
    text, picture = w.HTML(), w.HTML()
    text.add_class("ttr-score-line")

    def refresh(*_):
        lines = {line.part: line for line in score_lines(pos, who.value, result)}
        line = lines[what.value]
        total = lines["total"].points
        head = gettext("{player}: {part} {points}").format(player=who.value, part=gettext(what.value),
                                                            points=f"{line.points:+d}")
        text.value = (f"<b>{escape(head)}</b> " + escape(gettext("(total {total})").format(total=total))
                      + "<ul>" + "".join(f"<li>{escape(d)}</li>" for d in line.details) + "</ul>")
        if board:
            picture.value = svg_html(board_svg(pos, highlight=line_highlight(pos, who.value, what.value, result),
                                               size=760, scores="final"))

    who.observe(refresh, "value")
    what.observe(refresh, "value")
    refresh()
    box = w.VBox([who, what, text, picture])
    box.add_class("ttr-scoring-walkthrough")
    return box


# == tie-breakers =====================================================================================
def _ties():
    sofia = [["Budapest", "Sarajevo"], ["Sarajevo", "Sofia"], ["Sofia", "Constantinople"], ["Constantinople", "Smyrna"]]
    sofia_tickets = [["Budapest", "Sofia"], ["Smyrna", "Sofia"]]
    kharkov = [["Angora", "Erzurum"], ["Erzurum", "Sochi"], ["Sochi", "Rostov"], ["Rostov", "Kharkov"]]
    return {
        "Europe: most tickets": {"map": "europe", "players": [
            {"name": "Ann", "routes": sofia, "tickets": sofia_tickets},
            {"name": "Bo", "routes": kharkov, "tickets": [["Angora", "Kharkov"]]}]},
        "Europe: fewest stations": {"map": "europe", "players": [
            {"name": "Ann", "routes": kharkov, "tickets": [["Angora", "Kharkov"], ["Erzurum", "Rostov"]],
             "stations": ["Paris"]},
            {"name": "Bo", "routes": sofia + [["Amsterdam", "Bruxelles"]], "tickets": sofia_tickets}]},
        "Europe: the European Express": {"map": "europe", "players": [
            {"name": "Ann", "routes": [["Erzurum", "Sochi"], ["Sochi", "Rostov"], ["Frankfurt", "Essen"],
                                       ["Essen", "Kobenhavn"], ["Lisboa", "Madrid"], ["Madrid", "Cadiz"],
                                       ["Roma", "Brindisi"]],
             "tickets": [["Erzurum", "Rostov"], ["Frankfurt", "Kobenhavn"]]},
            {"name": "Bo", "routes": sofia, "tickets": sofia_tickets}]},
        "Europe: still tied": {"map": "europe", "players": [
            {"name": "Ann", "routes": sofia, "tickets": sofia_tickets},
            {"name": "Bo", "routes": [["Erzurum", "Sochi"], ["Sochi", "Rostov"], ["Frankfurt", "Essen"],
                                      ["Essen", "Kobenhavn"]],
             "tickets": [["Erzurum", "Rostov"], ["Frankfurt", "Kobenhavn"]]},
            {"name": "Cy", "routes": [["Petrograd", "Stockholm"], ["Stockholm", "Kobenhavn", "white"]],
             "tickets": [["Cadiz", "Stockholm"]]}]},
        "USA: most tickets": {"map": "usa", "players": [
            {"name": "Ann", "routes": [["Atlanta", "Raleigh"], ["Raleigh", "Washington"], ["Washington", "New York"],
                                       ["Duluth", "Omaha"], ["Los Angeles", "San Francisco"]],
             "tickets": [["Atlanta", "New York"]]},
            {"name": "Bo", "routes": [["Denver", "Santa Fe"], ["Santa Fe", "El Paso"], ["Houston", "Dallas"],
                                      ["Dallas", "Oklahoma City"], ["Oklahoma City", "Kansas City"]],
             "tickets": [["Denver", "El Paso"], ["Houston", "Kansas City"]]},
            {"name": "Cy", "routes": [["Vancouver", "Calgary"], ["Calgary", "Winnipeg"]],
             "tickets": [["New York", "Seattle"]]}]},
        "USA: the longest path": {"map": "usa", "players": [
            {"name": "Ann", "routes": [["Atlanta", "Raleigh"], ["Raleigh", "Washington"], ["Washington", "New York"],
                                       ["Calgary", "Winnipeg"], ["Los Angeles", "San Francisco"], ["Duluth", "Omaha"]],
             "tickets": [["Atlanta", "New York"]]},
            {"name": "Bo", "routes": [["Denver", "Santa Fe"], ["Santa Fe", "El Paso"], ["El Paso", "Houston"]],
             "tickets": [["Denver", "El Paso"]]}]},
    }


TIE_EXAMPLES = tuple(_ties())


def tie_position(name: str) -> dict:
    """The position of the tie-breaker example ``name`` (one of :data:`TIE_EXAMPLES`)."""
    ties = _ties()
    if name not in ties:
        raise NotFoundError(gettext("there is no tie example “{name}”; there are: {names}").format(
            name=name, names=", ".join(ties)))
    return ties[name]


def tie_rows(result) -> list:
    """The players with the most points, and each tie-breaker's value for them."""
    from ...engine.maps import load_map

    top = max(p["total"] for p in result["players"])
    stations = load_map(result["map"]).rules.has_stations
    rows = []
    for p in result["players"]:
        if p["total"] == top:
            row = {N_("player"): p["name"], N_("total"): p["total"], N_("tickets completed"): p["tickets_completed"]}
            if stations:
                row[N_("stations built")] = p["stations_built"]
            row[N_("longest bonus")] = p["longest_bonus"]
            rows.append(row)
    return rows


def tie_sentence(result) -> str:
    """Who won a tie and by which rule, from the scorer's ``winner`` and ``decided_by``."""
    top = [p["name"] for p in result["players"] if p["total"] == max(q["total"] for q in result["players"])]
    tied = (" " + gettext("and") + " ").join(top)
    if result["winner"] is None:
        return gettext("{players} are tied on points, and every tie-breaker leaves them tied: the rules name no "
                       "single winner (the scorer's winner is None).").format(players=tied)
    if result["decided_by"] == "points":
        return gettext("{player} wins on points.").format(player=result["winner"])
    return gettext("{players} are tied on points; the tie-breaker “{rule}” gives the win to {player}.").format(
        players=tied, rule=gettext(result["decided_by"]), player=result["winner"])


#: The tie-breakers' names as the scorer gives them (``decided_by``), marked to be translated where shown.
#: The longest route bonus of each edition (``RuleSet.longest_bonus_name``), translated where shown.
BONUS_NAMES = (N_("European Express"), N_("Longest Continuous Path"))
TIE_BREAKER_NAMES = (N_("most completed tickets"), N_("fewest stations built"), N_("holder of the longest route bonus"))


def final_round_rule(rules=None) -> str:
    """When the final round starts, under a rule set (by default Europe's).

    >>> final_round_rule()
    'The final round starts when a player ends a turn with 2 trains or fewer.'
    """
    from ...engine.rules import EUROPE

    n = (rules or EUROPE).end_trigger_trains
    return ngettext("The final round starts when a player ends a turn with {n} train or fewer.",
                    "The final round starts when a player ends a turn with {n} trains or fewer.", n).format(n=n)
