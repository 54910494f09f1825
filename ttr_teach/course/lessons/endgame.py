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
from ...engine.text import plural
from ...players.random_bot import RandomBot

NAMES = ("Ann", "Bo", "Cy")


def play_to_the_end(map="europe", players=NAMES, seed: int = 0, max_actions: int = 20_000) -> Game:
    """A game from :meth:`Game.new <ttr_teach.engine.game.core.Game.new>` played to its end by random bots."""
    game = Game.new(map=map, players=list(players), seed=seed)
    bots = [RandomBot(seed * 10 + i) for i in range(len(game.players))]
    for _ in range(max_actions):
        if game.is_over:
            return game
        game.apply(bots[game.current_player].choose(game))
    raise LimitError(f"the game did not end after {max_actions} actions")


@dataclass(frozen=True)
class Turn:
    """One turn read from the log: who played, what they did, and their trains left after it."""

    number: int          # 1 for the first turn of play
    player: str
    actions: tuple       # the actions in words (a draw of two cards is two actions)
    trains_left: int
    triggered: bool      # this turn started the final round

    def row(self) -> dict:
        return {"turn": self.number, "player": self.player, "did": "; ".join(self.actions),
                "trains left": self.trains_left, "final round": "starts here" if self.triggered else ""}


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
        elif kind == "final_round":
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
        lines = [f"Turn {t.number}: {t.player} ends the turn with {plural(t.trains_left, 'train')} "
                 f"({'; '.join(t.actions)}): 2 or fewer, so the final round begins."]
        for turn in self.last_turns:
            lines.append(f"Turn {turn.number}: {turn.player}'s last turn: {'; '.join(turn.actions)}.")
        lines.append("The game is over.")
        return "\n".join(lines)


def final_round(game: Game) -> FinalRound:
    """The final round of a finished ``game``, read from its log."""
    if not game.is_over:
        raise ArgumentError("the game is not over yet: play it to the end first")
    all_turns = turns(game)
    k = next((i for i, t in enumerate(all_turns) if t.triggered), None)
    if k is None:
        raise ArgumentError("this game ended without a final round (every player had to pass)")
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


PARTS = ("routes", "tickets", "stations", "longest")


@dataclass(frozen=True)
class ScoreLine:
    """One line of a player's final score: which part, its points, and why, in sentences."""

    part: str
    points: int
    details: tuple

    def text(self) -> str:
        return f"{self.part:9} {self.points:+4d}   " + "\n                 ".join(self.details)


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
    routes = tuple(f"{_name(m, x.a)}–{_name(m, x.b)}: {plural(x.length, 'train')}, "
                   f"{plural(rules.route_points(x.length), 'point')}" for x in me.routes) or ("no routes",)
    tickets = []
    for t in r["tickets"]:
        name = f"{_name(m, t['a'])}–{_name(m, t['b'])} ({t['points']})"
        if t["completed"]:
            via = f", borrowing {', '.join('–'.join(_name(m, c) for c in b[:2]) for b in t['borrowed'])}" \
                if t["borrowed"] else ""
            tickets.append(f"{name}: {t['value']:+d}, completed: {_path_text(m, t['path'])}{via}")
        else:
            tickets.append(f"{name}: {t['value']:+d}, not completed")
    stations = []
    for s in r["stations_used"]:
        if s["route"]:
            stations.append(f"station in {_name(m, s['city'])}: "
                            f"borrows {'–'.join(_name(m, c) for c in s['route'][:2])} "
                            f"({s['route_owner']}'s) for {', '.join(s['used_for'])}")
        else:
            stations.append(f"station in {_name(m, s['city'])}: no route of it helps a ticket; borrows nothing")
    unbuilt = rules.stations_per_player - r["stations_built"]
    if rules.has_stations:
        stations.append(f"{plural(unbuilt, 'station')} not built × {rules.unused_station_points}"
                        f" = {r['station_points']}")
    best = max(p["longest_route"] for p in result["players"])
    path = r.get("longest_route_path", {}).get("cities", [])
    longest = [f"longest route {r['longest_route']} trains" + (f": {_path_text(m, path)}" if path else "")]
    if r["longest_bonus"]:
        others = [p["name"] for p in result["players"] if p["longest_route"] == best and p["name"] != me.name]
        longest.append(f"the longest of all: {rules.longest_bonus_name}, +{r['longest_bonus']}"
                       + (f" (tied with {', '.join(others)}: all tied players score it)" if others else ""))
    else:
        holders = [p["name"] for p in result["players"] if p["longest_route"] == best]
        longest.append(f"{', '.join(holders)} {'has' if len(holders) == 1 else 'have'} a longer one ({best}): no bonus")
    lines = [ScoreLine("routes", r["route_points"], routes), ScoreLine("tickets", r["ticket_points"], tuple(tickets))]
    if rules.has_stations:
        lines.append(ScoreLine("stations", r["station_points"], tuple(stations)))
    lines.append(ScoreLine("longest", r["longest_bonus"], tuple(longest)))
    lines.append(ScoreLine("total", r["total"], ("routes + tickets" + (" + stations" if rules.has_stations else "")
                                                  + " + bonus",)))
    return lines


def score_rows(result) -> list:
    """The score table: one row per player (routes, tickets, stations, bonus, total, winner)."""
    rows = []
    for p in result["players"]:
        rows.append({"player": p["name"], "routes": p["route_points"],
                     "tickets": f"{p['ticket_points']:+d} ({p['tickets_completed']} of {len(p['tickets'])})",
                     "stations": f"{p['station_points']} ({p['stations_built']} built)",
                     "longest": p["longest_route"], "bonus": p["longest_bonus"], "total": p["total"],
                     "": "winner" if result["winner"] == p["name"] else ""})
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
        return [{"player": me.name, "label": f"{me.name}'s routes"}]
    if part == "tickets":
        return [{"ticket": [t.a, t.b], "player": me.name} for t in me.tickets]
    if part == "stations":
        return [{"station": c} for c in me.stations] or [{"player": me.name, "label": f"{me.name} built no station"}]
    if part == "longest":
        return [{"longest": me.name}]
    raise NotFoundError(f"unknown part {part!r}; choose one of {', '.join(PARTS)}")


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
    who = w.ToggleButtons(options=names, value=player or names[0], description="Player")
    what = w.ToggleButtons(options=parts, value=part, description="Line")
    text, picture = w.HTML(), w.HTML()
    text.add_class("ttr-score-line")

    def refresh(*_):
        lines = {line.part: line for line in score_lines(pos, who.value, result)}
        line = lines[what.value]
        total = lines["total"].points
        text.value = (f"<b>{escape(who.value)}: {escape(what.value)} {line.points:+d}</b> "
                      f"(total {total})<ul>" + "".join(f"<li>{escape(d)}</li>" for d in line.details) + "</ul>")
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
        raise NotFoundError(f"there is no tie example {name!r}; there are: {', '.join(ties)}")
    return ties[name]


def tie_rows(result) -> list:
    """The players with the most points, and each tie-breaker's value for them."""
    from ...engine.maps import load_map

    top = max(p["total"] for p in result["players"])
    stations = load_map(result["map"]).rules.has_stations
    rows = []
    for p in result["players"]:
        if p["total"] == top:
            row = {"player": p["name"], "total": p["total"], "tickets completed": p["tickets_completed"]}
            if stations:
                row["stations built"] = p["stations_built"]
            row["longest bonus"] = p["longest_bonus"]
            rows.append(row)
    return rows


def tie_sentence(result) -> str:
    """Who won a tie and by which rule, from the scorer's ``winner`` and ``decided_by``."""
    top = [p["name"] for p in result["players"] if p["total"] == max(q["total"] for q in result["players"])]
    if result["winner"] is None:
        return (f"{' and '.join(top)} are tied on points, and every tie-breaker leaves them tied: the "
                "rules name no single winner (the scorer's winner is None).")
    if result["decided_by"] == "points":
        return f"{result['winner']} wins on points."
    return (f"{' and '.join(top)} are tied on points; the tie-breaker “{result['decided_by']}” gives the "
            f"win to {result['winner']}.")
