"""Tickets and stations at final scoring: a station borrows exactly one route of another player
at its city, for all of its owner's tickets, chosen to the owner's best advantage (exactly).
"""
import itertools
import random

import networkx as nx
import pytest

import ttr_teach
from ttr_teach.engine.position import load_position
from ttr_teach.engine.scoring import score_position
from ttr_teach.engine.tickets import (
    best_station_choice,
    explain_best_station_choice,
    station_candidates,
    station_choices,
    ticket_result,
)

EUROPE = ttr_teach.load_map("europe")


def route(a, b, color=None):
    return EUROPE.route(a, b, color)


def test_ticket_completed_only_through_a_station():
    # Ann: Paris-Frankfurt-Munchen; Bo owns Munchen-Wien. Paris-Wien (8) needs Bo's route.
    doc = {"map": "europe", "players": [
        {"name": "Ann", "routes": [["Paris", "Frankfurt", "white"], ["Frankfurt", "Munchen"]],
         "stations": ["Wien"], "tickets": [["Paris", "Wien"]]},
        {"name": "Bo", "routes": [["Munchen", "Wien"]]}]}
    result = ticket_result(doc, "Ann")
    assert result.ticket_points == 8 and result.completed == 1
    assert result.borrowed == {"Wien": route("Munchen", "Wien")}
    assert result.outcomes[0].path == ("Paris", "Frankfurt", "Munchen", "Wien")
    assert result.outcomes[0].borrowed == (route("Munchen", "Wien"),)
    # the same position without the station: the ticket fails
    doc["players"][0]["stations"] = []
    assert ticket_result(doc, "Ann").ticket_points == -8


def test_station_borrows_the_route_worth_more_even_when_another_comes_first():
    # Station in Munchen; tickets Paris-Zagrab (7) first, then Paris-Wien (8). Bo owns
    # Munchen-Venezia (first in map order), Munchen-Wien and Munchen-Zurich. Ann owns
    # Venezia-Zagrab, so borrowing Munchen-Venezia completes Paris-Zagrab: +7 - 8 = -1;
    # borrowing Munchen-Wien completes Paris-Wien: -7 + 8 = +1; Zurich or nothing: -15.
    doc = {"map": "europe", "players": [
        {"name": "Ann", "routes": [["Paris", "Frankfurt", "white"], ["Frankfurt", "Munchen"], ["Venezia", "Zagrab"]],
         "stations": ["Munchen"], "tickets": [["Paris", "Zagrab"], ["Paris", "Wien"]]},
        {"name": "Bo", "routes": [["Munchen", "Venezia"], ["Munchen", "Wien"], ["Munchen", "Zurich"]]}]}
    assert best_station_choice(doc, "Ann") == {"Munchen": route("Munchen", "Wien")}
    choices = station_choices(doc, "Ann", with_paths=False)
    assert [c.ticket_points for c in choices] == [1, -1, -15, -15]
    assert choices[0].to_dict() == {"choice": {"Munchen": ["Munchen", "Wien", 3, "orange"]}, "ticket_points": 1,
                                    "completed": 1, "tickets": [False, True]}
    assert ticket_result(doc, "Ann").ticket_points == 1


def test_station_in_a_city_without_opponent_routes_borrows_nothing():
    # Ann's station in Roma; Bo's only route is far away (Paris-Dieppe), Ann's own Roma route
    # cannot be borrowed, and unclaimed routes cannot either.
    doc = {"map": "europe", "players": [
        {"name": "Ann", "routes": [["Roma", "Venezia"]], "stations": ["Roma"], "tickets": [["Berlin", "Roma"]]},
        {"name": "Bo", "routes": [["Paris", "Dieppe"]]}]}
    assert station_candidates(load_position(doc), "Ann") == {"Roma": []}
    choices = station_choices(doc, "Ann")
    assert len(choices) == 1 and choices[0].choice == {"Roma": None}
    r = score_position(doc)["players"][0]
    assert r["stations_used"] == [{"city": "Roma", "route": None, "route_index": None,
                                   "route_owner": None, "used_for": []}]
    assert r["ticket_points"] == -9


def test_two_stations_each_borrow_a_route_and_a_path_can_use_both():
    # Ann: Paris-Frankfurt-Munchen; stations in Munchen and Zagrab; tickets Paris-Wien (8),
    # Paris-Zagrab (7). Bo: Munchen-Wien, Munchen-Venezia, Venezia-Zagrab, Wien-Zagrab.
    # Munchen borrows Munchen-Wien (Paris-Wien), Zagrab borrows Wien-Zagrab (then Paris-
    # Zagrab runs Paris-Frankfurt-Munchen-Wien-Zagrab through both borrowed routes): +15.
    doc = {"map": "europe", "players": [
        {"name": "Ann", "routes": [["Paris", "Frankfurt", "white"], ["Frankfurt", "Munchen"]],
         "stations": ["Munchen", "Zagrab"], "tickets": [["Paris", "Wien"], ["Paris", "Zagrab"]]},
        {"name": "Bo", "routes": [["Munchen", "Wien"], ["Munchen", "Venezia"], ["Venezia", "Zagrab"],
                                  ["Wien", "Zagrab"]]}]}
    result = ticket_result(doc, "Ann")
    assert result.ticket_points == 15 and result.completed == 2
    assert result.borrowed["Munchen"] == route("Munchen", "Wien")
    # Zagrab's station could borrow Venezia-Zagrab or Wien-Zagrab: only the second joins
    # Zagrab to Ann's network once Munchen-Wien is borrowed (Venezia is on nobody's path)
    assert result.borrowed["Zagrab"] == route("Wien", "Zagrab")
    zagrab = result.outcomes[1]
    assert zagrab.path == ("Paris", "Frankfurt", "Munchen", "Wien", "Zagrab")
    assert set(zagrab.borrowed) == {route("Munchen", "Wien"), route("Wien", "Zagrab")}


def test_equal_ticket_points_go_to_more_tickets_completed():
    # Station in Wien. Bo's Wien-Berlin joins Ann's London piece (London-Wien, 10); Bo's
    # Wien-Budapest joins her Budapest-...-Smyrna piece (Budapest-Sofia 5 and Smyrna-Sofia 5,
    # Sofia being on her Wien piece). Borrow Berlin: +10 -5 -5 = 0, 1 ticket; borrow
    # Budapest: -10 +5 +5 = 0, 2 tickets: the scorer takes Budapest.
    doc = {"map": "europe", "players": [
        {"name": "Ann", "routes": [["Wien", "Zagrab"], ["Zagrab", "Sarajevo"], ["Sarajevo", "Sofia"],
                                   ["Budapest", "Bucuresti"], ["Bucuresti", "Constantinople"],
                                   ["Constantinople", "Smyrna"],
                                   ["London", "Amsterdam"], ["Amsterdam", "Essen"], ["Essen", "Berlin"]],
         "stations": ["Wien"], "tickets": [["London", "Wien"], ["Budapest", "Sofia"], ["Smyrna", "Sofia"]]},
        {"name": "Bo", "routes": [["Wien", "Berlin"], ["Wien", "Budapest", "red"]]}]}
    choices = station_choices(doc, "Ann", with_paths=False)
    points = {None if c.choice["Wien"] is None else c.choice["Wien"].other_end("Wien"):
              (c.ticket_points, c.completed) for c in choices}
    assert points == {"Berlin": (0, 1), "Budapest": (0, 2), None: (-20, 0)}
    assert best_station_choice(doc, "Ann") == {"Wien": route("Wien", "Budapest", "red")}
    assert "complete fewer tickets" in explain_best_station_choice(doc, "Ann")


def test_equal_choices_go_to_fewer_routes_then_map_order():
    # Four players: Bo owns Wien-Budapest red, Cy the white half. Ann's station in Wien and
    # ticket Budapest-Sofia with Ann owning Wien-Zagrab-Sarajevo-Sofia: either half completes
    # it; the red one comes first in the map file, so it is chosen.
    doc = {"map": "europe", "players": [
        {"name": "Ann", "routes": [["Wien", "Zagrab"], ["Zagrab", "Sarajevo"], ["Sarajevo", "Sofia"]],
         "stations": ["Wien"], "tickets": [["Budapest", "Sofia"]]},
        {"name": "Bo", "routes": [["Wien", "Budapest", "red"]]},
        {"name": "Cy", "routes": [["Wien", "Budapest", "white"]]},
        {"name": "Di"}]}
    red, white = route("Wien", "Budapest", "red"), route("Wien", "Budapest", "white")
    assert red.index < white.index
    assert best_station_choice(doc, "Ann") == {"Wien": red}
    # and a station that helps no ticket borrows nothing rather than an arbitrary route
    doc["players"][0]["tickets"] = [["Paris", "Wien"]]
    assert best_station_choice(doc, "Ann") == {}


def test_station_choices_lists_every_combination_best_first():
    # Stations in Munchen (Bo: Munchen-Wien, Munchen-Venezia) and Zagrab (Bo: Venezia-Zagrab,
    # Wien-Zagrab): 3 x 3 = 9 combinations.
    doc = {"map": "europe", "players": [
        {"name": "Ann", "routes": [["Paris", "Frankfurt", "white"], ["Frankfurt", "Munchen"]],
         "stations": ["Munchen", "Zagrab"], "tickets": [["Paris", "Wien"], ["Paris", "Zagrab"]]},
        {"name": "Bo", "routes": [["Munchen", "Wien"], ["Munchen", "Venezia"], ["Venezia", "Zagrab"],
                                  ["Wien", "Zagrab"]]}]}
    choices = station_choices(doc, "Ann")
    assert len(choices) == 9
    keys = [(-c.ticket_points, -c.completed) for c in choices]
    assert keys == sorted(keys)
    assert choices[0].ticket_points == 15
    # pruning keeps the best and drops nothing that matters here
    assert station_choices(doc, "Ann", with_paths=False, prune=True)[0].choice == choices[0].choice


def test_unknown_player_is_refused_by_name():
    doc = {"map": "europe", "players": [{"name": "Ann"}, {"name": "Bo"}]}
    with pytest.raises(ttr_teach.PositionError, match="no player called 'Zed'"):
        station_choices(doc, "Zed")
    with pytest.raises(ttr_teach.PositionError, match="no player number 3"):
        ticket_result(doc, 3)


# -- exactness on random positions, against an independent brute force ----------------------------
def random_station_position(rng):
    """2-4 players. The first player's tickets lie along shortest paths of the map whose
    routes belong mostly to her and partly to the others; her 0-3 stations sit at cities of
    the others' routes, so that borrowing matters. Legal: one owner per route, one half of a
    double per player (and per game with 2-3 players), at most 45 trains each."""
    n = rng.randint(2, 4)
    g = EUROPE.graph()
    owned = [[] for _ in range(n)]
    taken = {}

    def claim(p, r):
        partner = EUROPE.partner(r)
        if r.index in taken or (partner is not None and partner.index in taken
                                and (taken[partner.index] == p or n < 4)):
            return
        if sum(x.length for x in owned[p]) + r.length <= 45:
            owned[p].append(r)
            taken[r.index] = p

    tickets = rng.sample(list(EUROPE.tickets), rng.randint(1, 4))
    for t in tickets:
        path = nx.shortest_path(g, t.a, t.b, weight="weight")
        for u, v in zip(path, path[1:], strict=False):
            claim(0 if rng.random() < 0.7 else rng.randrange(1, n), rng.choice(EUROPE.routes_between(u, v)))
    for r in rng.sample(list(EUROPE.routes), 10):          # some noise elsewhere
        claim(rng.randrange(n), r)
    meeting = sorted({c for p in range(1, n) for r in owned[p] for c in r.cities}) or sorted(EUROPE.cities)
    stations = rng.sample(meeting, min(len(meeting), rng.randint(0, 3)))
    players = []
    for p in range(n):
        doc = {"name": f"P{p}", "routes": [[r.a, r.b, r.color] for r in owned[p]]}
        if p == 0:
            doc["stations"] = stations
            doc["tickets"] = [[t.a, t.b] for t in tickets]
        players.append(doc)
    return {"map": "europe", "players": players}


def brute_force_station_value(pos, seat):
    """(best ticket points, most tickets completed at those points), by trying every
    combination with networkx: independent of the package's union-find and pruning."""
    me = pos.players[seat]
    owners = pos.owners
    options = [[None] + [r for r in EUROPE.routes_at(c) if r.index in owners and owners[r.index] != seat]
               for c in me.stations]
    best = None
    for combo in itertools.product(*options):
        g = nx.Graph()
        g.add_edges_from((r.a, r.b) for r in (*me.routes, *(r for r in combo if r)))
        done = [t.a in g and t.b in g and nx.has_path(g, t.a, t.b) for t in me.tickets]
        value = (sum(t.points if ok else -t.points for t, ok in zip(me.tickets, done, strict=True)), sum(done))
        best = value if best is None or value > best else best
    return best


@pytest.mark.parametrize("seed", range(60))
def test_scorer_choice_is_the_exact_best_on_random_positions(seed):
    rng = random.Random(seed)
    pos = load_position(random_station_position(rng))
    expected = brute_force_station_value(pos, 0)
    result = ticket_result(pos, 0)
    assert (result.ticket_points, result.completed) == expected
    # the pruned enumeration and the full one agree on the choice itself
    full = station_choices(pos, 0, with_paths=False)[0].choice
    pruned = station_choices(pos, 0, with_paths=False, prune=True)[0].choice
    assert full == pruned
    # and every path drawn for a completed ticket uses only own and chosen routes, end to end
    allowed = {r.index for r in pos.players[0].routes} | {r.index for r in result.borrowed.values()}
    for o in result.outcomes:
        if o.completed:
            assert o.path[0] == o.ticket.a and o.path[-1] == o.ticket.b
            assert all(r.index in allowed for r in o.routes)


# -- the quick best choice and the ticket paths, against what they replace ---------------------------
@pytest.fixture(scope="module")
def finished_games():
    """The final boards of random games on both maps, 2-5 players (random bots build stations
    in random cities and keep tickets they cannot complete: many choices to make)."""
    from ttr_teach.players.random_bot import play_random_game

    return [play_random_game(name, n, seed=seed).to_position()
            for name in ("europe", "usa") for n in (2, 3, 4, 5) for seed in range(3)]


def test_scorer_choice_equals_the_first_of_every_combination_listed(finished_games):
    # Stations are a Europe rule: the scorer's quick choice (which looks only at the tickets
    # that can change) is the first of station_choices, pruned or not, for every player.
    checked = 0
    for seed in range(40):
        pos = load_position(random_station_position(random.Random(1000 + seed)))
        if pos.players[0].stations:
            listed = station_choices(pos, 0, with_paths=False)[0].choice
            assert best_station_choice(pos, 0) == {c: r for c, r in listed.items() if r is not None}
            checked += 1
    for pos in finished_games:
        for seat, p in enumerate(pos.players):
            if p.stations:
                listed = station_choices(pos, seat, with_paths=False, prune=True)[0].choice
                assert best_station_choice(pos, seat) == {c: r for c, r in listed.items() if r is not None}
                checked += 1
    assert checked > 30


def test_ticket_paths_are_networkx_dijkstra_paths(finished_games):
    # The paths a board draws: the shortest in trains, equally short ones told apart exactly
    # as networkx's Dijkstra does (so positions keep the paths their answer keys were made with).
    from ttr_teach.engine.tickets import shortest_path

    compared = 0
    for pos in finished_games:
        for _seat, p in enumerate(pos.players):
            graph = nx.Graph()
            for r in p.routes:
                if not graph.has_edge(r.a, r.b):
                    graph.add_edge(r.a, r.b, weight=r.length, route=r)
            cities = sorted(graph)
            for a, b in itertools.combinations(cities[:12], 2):
                steps = shortest_path(p.routes, a, b)
                if nx.has_path(graph, a, b):
                    path = nx.dijkstra_path(graph, a, b, weight="weight")
                    assert [a, *(to for _, _, to in steps)] == path
                    assert [r for r, _, _ in steps] == [graph.edges[u, v]["route"]
                                                      for u, v in zip(path, path[1:], strict=False)]
                    compared += 1
                else:
                    assert steps is None
    assert compared > 500


def test_a_ticket_no_candidate_can_reach_keeps_the_station_idle():
    # Ann's station in Wien could borrow Bo's Wien-Budapest, but her open ticket Brest-Marseille
    # lies far away: no choice changes it, so the station borrows nothing (fewest routes).
    doc = {"map": "europe", "players": [
        {"name": "Ann", "routes": [["Wien", "Zagrab"]], "stations": ["Wien"], "tickets": [["Brest", "Marseille"]]},
        {"name": "Bo", "routes": [["Wien", "Budapest", "red"]]}]}
    assert best_station_choice(doc, "Ann") == {}
    assert ticket_result(doc, "Ann").ticket_points == -EUROPE.ticket("Brest", "Marseille").points
