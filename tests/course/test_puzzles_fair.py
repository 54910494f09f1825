"""Puzzles are fair: every fact the answer needs is shown, and no title gives the answer away.

*Determined by what is shown*: each puzzle is rebuilt from what a learner sees, and only that:
the question board (its SVG: who owns each route, the stations, the players in the legend),
the facts listed under the title (each player's tickets, a tunnel's cards) and the question
(the player, ticket, station or event asked about must be named there). The engine then
solves the rebuilt puzzle, and its answer must be the puzzle's key. A puzzle whose answer
depends on something hidden (a ticket nobody lists, a card count left out) fails.
"""
from __future__ import annotations

import re

import pytest

from ttr_teach.course.puzzles.checker import load_puzzles
from ttr_teach.course.puzzles.facts import FULL_DECK_WORDS, fact_lines
from ttr_teach.course.puzzles.format import puzzle_from_data
from ttr_teach.course.puzzles.generator import new_puzzle

from ..helpers import PUZZLES

ALL, _ = load_puzzles(PUZZLES)
NUMBER_WORDS = "zero one two three four five six seven eight nine ten".split()


# -- reading what is shown -----------------------------------------------------------------------
def board_facts(svg: str, m) -> dict:
    """The players (legend order), each one's routes and stations, read from the board's SVG."""
    players = re.findall(r'<g class="legend-player" data-player="([^"]+)"', svg)
    out = {name: {"name": name, "routes": [], "stations": [], "tickets": []} for name in players}
    for index, owner in re.findall(r'<g class="route"[^>]*data-route="(\d+)"[^>]*data-owner="([^"]+)"', svg):
        r = m.routes[int(index)]
        spec = [r.a, r.b] + ([r.color] if m.partner(r) is not None else [])
        out[owner]["routes"].append(spec)
    for city, owner in re.findall(r'<g class="station" data-city="([^"]+)" data-player="([^"]+)"', svg):
        out[owner]["stations"].append(city)
    return {"map": re.search(r'data-map="([^"]+)"', svg).group(1), "players": list(out.values())}


def pair_from_words(m, text):
    a, b = [s.strip() for s in text.split("–")]
    return [m.city_id(a), m.city_id(b)]


def cards_from_words(text) -> dict:
    cards = {}
    for n, kind in re.findall(r"(\d+) ([a-z]+)", text):
        cards["locomotive" if kind.startswith("locomotive") else kind] = int(n)
    return cards


def shown_data(puzzle) -> dict:
    """The puzzle's data with everything a learner cannot see replaced by what is shown."""
    data = puzzle.to_data()
    m = puzzle.map
    lines = fact_lines(puzzle)
    if puzzle.position is not None:
        position = board_facts(puzzle.board_svg(), m)
        for line in lines:
            found = re.match(r"(.+)'s tickets: (.+)$", line)
            if found and found.group(2) != "none":
                player = next(p for p in position["players"] if p["name"] == found.group(1))
                player["tickets"] = [pair_from_words(m, re.sub(r" \(\d+\)$", "", t))
                                     for t in found.group(2).split(", ")]
        data["position"] = position
    for key in ("deck", "pay_with", "hand", "tunnel"):
        data.pop(key, None)
    for line in lines:
        head, _, rest = line.partition(": ")
        if head == "Cards that may be revealed":
            data["deck"] = "full" if rest == FULL_DECK_WORDS else cards_from_words(rest.rsplit(" (", 1)[0])
        elif head == "Paid with":
            data["pay_with"] = "locomotive" if rest == "locomotives only" else rest.split()[0]
        elif head == "The hand before paying":
            data["hand"] = cards_from_words(rest)
        elif head == "The tunnel":
            words, colour = re.match(r"(.+) \(\d+ spaces?, (\w+)\)$", rest).groups()
            data["tunnel"] = pair_from_words(m, words) + [colour]
    return data


def named_in_question(puzzle) -> list:
    """The kind's fields a learner must read in the question, and whether the question names them."""
    q, m, params = puzzle.question, puzzle.map, puzzle.params
    missing = []
    if "player" in params and params["player"] not in q:
        missing.append(f"player {params['player']}")
    if "ticket" in params:
        t = params["ticket"]
        if not (m.cities[t.a].name in q and m.cities[t.b].name in q):
            missing.append(f"ticket {t}")
    if "station" in params and m.cities[params["station"]].name not in q:
        missing.append(f"station {params['station']}")
    if params.get("use_stations") is False and "station" not in q:
        missing.append("without stations")
    if params.get("event") is not None:
        what, k = params["event"]
        if what == "can pay":
            ways = ["can pay"]
        else:
            ways = [f"{what} {k}", f"{what} {NUMBER_WORDS[k]}"]
            if (what, k) in (("exactly", 0), ("at most", 0)):
                ways += ["no extra card", "nothing extra"]
        if not any(w in q for w in ways):
            missing.append(f"event {what} {k}")
    return missing


# -- the tests ----------------------------------------------------------------------------------
@pytest.mark.parametrize("puzzle", ALL, ids=lambda p: p.id)
def test_every_puzzle_is_determined_by_what_is_shown(puzzle):
    assert named_in_question(puzzle) == [], f"{puzzle.id}: the question does not name {named_in_question(puzzle)}"
    rebuilt = puzzle_from_data(shown_data(puzzle), f"<shown {puzzle.id}>")
    assert puzzle.kind.same(puzzle.answer, rebuilt.computed_answer), (
        f"{puzzle.id}: from what is shown the engine computes {puzzle.kind.show(rebuilt.computed_answer, puzzle.map)}, "
        f"the key is {puzzle.kind.show(puzzle.answer, puzzle.map)}")


def test_a_hidden_ticket_makes_a_puzzle_undetermined():
    """The test above can fail: hide the tickets of a winner puzzle and its answer changes."""
    puzzle = next(p for p in ALL if p.id == "expert-eu-winner-4")
    data = shown_data(puzzle)
    for player in data["position"]["players"]:
        player["tickets"] = []
    rebuilt = puzzle_from_data(data, "<tickets hidden>")
    assert not puzzle.kind.same(puzzle.answer, rebuilt.computed_answer)


@pytest.mark.parametrize("kind, level, map_name", [("winner", "expert", "europe"),
                                                   ("tickets_completed", "intermediate", "usa"),
                                                   ("tunnel_odds", "expert", "europe"),
                                                   ("station_choice", "expert", "europe")])
def test_generated_puzzles_are_determined_by_what_is_shown(kind, level, map_name):
    puzzle = new_puzzle(kind, level, map_name, seed=5)
    rebuilt = puzzle_from_data(shown_data(puzzle), "<shown>")
    assert named_in_question(puzzle) == []
    assert puzzle.kind.same(puzzle.answer, rebuilt.computed_answer)


#: Words that tell the answer of a winner, tie, longest-route or station puzzle before it is solved.
GIVEAWAYS = ("nobody", "tie", "dead heat", "decide", "wins", "win ", "breaks", "not enough", "lost", "closed",
             "borrowed", "useful", "used", "level", "share", "either half", "twice", "not yours",
             "european express", "longest path", "cannot", "not finished", "fewer routes", "more trains")


@pytest.mark.parametrize("puzzle", ALL, ids=lambda p: p.id)
def test_titles_describe_the_situation_never_the_answer(puzzle):
    title = puzzle.title.casefold()
    said = [w for w in GIVEAWAYS if w in title]
    assert not said, f"{puzzle.id}: {puzzle.title!r} gives away {said}"
    kind, answer = puzzle.kind.name, puzzle.answer
    if kind == "winner" and answer[0]:
        assert answer[0].casefold() not in title, f"{puzzle.id}: the title names the winner"
    if kind == "longest_route":
        assert not any(n.casefold() in title for n in answer[1]), f"{puzzle.id}: the title names the holder"
    numbers = re.findall(r"\d+", puzzle.kind.show(answer, puzzle.map))
    assert not any(re.search(rf"\b{n}\b", title) for n in numbers if kind not in ("tunnel_odds", "tunnel_cost")), \
        f"{puzzle.id}: the title holds a number of the answer"
    shown = puzzle.kind.show(answer, puzzle.map).casefold()
    for piece in re.findall(r"[^\s,]+–[^\s,]+", shown):
        assert piece not in title, f"{puzzle.id}: the title names {piece}"


def test_tickets_are_listed_for_every_kind_that_needs_them():
    winners = [p for p in ALL if p.kind.name == "winner"]
    for p in winners:
        lines = fact_lines(p)
        assert [line.split("'s")[0] for line in lines] == [q.name for q in p.position.players], p.id
