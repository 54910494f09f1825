"""cheapest_completion keeps its answers (and each board's graph): over random positions of
both maps, with the caches warm from other positions, players and tickets, every answer equals
the one computed from scratch as before the caches; they stay bounded, and an answer cannot
be altered by its caller."""
from __future__ import annotations

import dataclasses
import random
from itertools import product

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ttr_teach.algorithms import planning
from ttr_teach.algorithms.planning import COMPLETION_CACHE_SIZE, cheapest_completion
from ttr_teach.algorithms.plans import Borrowed, Completion
from ttr_teach.algorithms.steiner import steiner_forest
from ttr_teach.engine.claims import route_closed, why_route_unavailable
from ttr_teach.engine.maps import load_map
from ttr_teach.engine.position import PLAYER_COLORS, PlayerPosition, Position


def uncached_completion(pos, seat, pairs, use_stations):
    """cheapest_completion as it was before its answers were kept (commit 25c3b48): read
    straight from the position, every time."""
    m, me = pos.map, pos.players[seat]
    owners, n = pos.owners, len(pos.players)
    base = {}
    for r in m.routes:
        owner = owners.get(r.index)
        if owner == seat:
            option = (0, r, "owned")
        elif owner is None and why_route_unavailable(m, n, owners, r, seat) is None:
            option = (r.length, r, "claim")
        else:
            continue
        key = frozenset(r.cities)
        if key not in base or option[0] < base[key][0]:
            base[key] = option
    station_options = []
    if use_stations and me.stations:
        for city in me.stations:
            theirs = [r for r in m.routes if city in r.cities and owners.get(r.index, seat) != seat]
            station_options.append([(city, None)] + [(city, r) for r in theirs])
    best = None
    for choice in product(*station_options):
        edges = dict(base)
        borrowed = [(city, r) for city, r in choice if r is not None]
        for _city, r in borrowed:
            edges[frozenset(r.cities)] = (0, r, "borrowed")
        g = nx.Graph()
        g.add_nodes_from(m.cities)
        for _key, (cost, r, how) in edges.items():
            g.add_edge(r.a, r.b, weight=cost, route=r, how=how)
        try:
            forest = steiner_forest(g, pairs)
        except nx.NetworkXNoPath:
            continue
        used = [g.edges[e] for e in forest.edges]
        used_borrowed = {d["route"].index for d in used if d["how"] == "borrowed"}
        score = (forest.weight, len(used_borrowed))
        if best is None or score < best[0]:
            stations = tuple(Borrowed(city, r, pos.players[owners[r.index]].name)
                             for city, r in borrowed if r.index in used_borrowed)
            best = (score, used, stations)
    tickets = tuple(tuple(p) for p in pairs)
    if best is None:
        return Completion(tickets, None, trains_left=me.trains_left)
    (trains, _), used, stations = best
    routes = {how: tuple(sorted((d["route"] for d in used if d["how"] == how), key=lambda r: r.index))
              for how in ("claim", "owned")}
    return Completion(tickets, int(trains), routes["claim"], routes["owned"], stations, me.trains_left)


def random_position(map_name: str, seed: int) -> Position:
    """A valid position: 2 to 4 players, each claiming open routes at random (within 45
    trains) and, in Europe, building up to 2 stations; each holding 1 to 4 tickets."""
    rng, m = random.Random(seed), load_map(map_name)
    n = rng.randint(2, 4)
    owners: dict[int, int] = {}
    trains = [0] * n
    for r in rng.sample(m.routes, rng.randint(0, len(m.routes) // 2)):
        seat = rng.randrange(n)
        if not route_closed(m, n, owners, r, seat) and trains[seat] + r.length <= 45:
            owners[r.index], trains[seat] = seat, trains[seat] + r.length
    cities = rng.sample(sorted(m.cities), 2 * n) if m.rules.stations_per_player else []
    tickets = rng.sample(m.tickets, 4 * n)
    players = tuple(PlayerPosition(
        f"P{seat}", tuple(m.routes[i] for i, s in sorted(owners.items()) if s == seat),
        tuple(cities[2 * seat:2 * seat + rng.randint(0, 2)]), tuple(tickets[4 * seat:4 * seat + rng.randint(1, 4)]),
        PLAYER_COLORS[seat]) for seat in range(n))
    return Position(m, players).validate()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["europe", "usa"]), st.integers(0, 10**6), st.booleans(), st.data())
def test_kept_answers_equal_answers_from_scratch(map_name, seed, use_stations, data):
    pos = random_position(map_name, seed)
    seat = data.draw(st.integers(0, len(pos.players) - 1))
    tickets = pos.players[seat].tickets
    chosen = data.draw(st.lists(st.sampled_from(tickets), min_size=1, max_size=len(tickets), unique=True))
    pairs = [(t.a, t.b) for t in chosen]
    expected = uncached_completion(pos, seat, pairs, use_stations)
    for _ in range(2):          # the first answer may be computed or kept; the second is kept
        assert cheapest_completion(pos, seat, pairs, use_stations) == expected
    assert cheapest_completion(pos, pos.players[seat].name, None, use_stations) == uncached_completion(
        pos, seat, [(t.a, t.b) for t in tickets], use_stations)


def test_the_same_board_for_another_player_or_game_is_not_confused():
    pos = random_position("europe", 3)
    renamed = Position(pos.map, tuple(dataclasses.replace(p, name=p.name + "x") for p in pos.players))
    for seat in range(len(pos.players)):
        for board in (pos, renamed):
            assert cheapest_completion(board, seat) == uncached_completion(
                board, seat, [(t.a, t.b) for t in board.players[seat].tickets], True)


def test_the_cache_is_bounded():
    planning._completion.cache_clear()
    for seed in range(COMPLETION_CACHE_SIZE + 40):
        pos = random_position("usa", seed)
        cheapest_completion(pos, 0, [pos.players[0].tickets[0]], use_stations=False)
    info = planning._completion.cache_info()
    assert info.maxsize == COMPLETION_CACHE_SIZE and info.currsize == COMPLETION_CACHE_SIZE
    for kept in (planning._usable_closure, planning._usable_routes):   # the boards' graphs too
        info = kept.cache_info()
        assert info.maxsize is not None and info.currsize == info.maxsize <= 64


def test_a_kept_answer_cannot_be_altered_by_its_caller():
    pos = random_position("europe", 5)
    done = cheapest_completion(pos, 0)
    assert cheapest_completion(pos, 0) is done
    with pytest.raises(dataclasses.FrozenInstanceError):
        done.routes = ()  # type: ignore[misc]
    assert all(isinstance(part, tuple) for part in (done.tickets, done.routes, done.owned, done.borrowed))
