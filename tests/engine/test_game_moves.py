"""legal_actions() is exact and complete: it equals a full enumeration of every action that
could be legal, filtered by why_illegal(), on random states of both maps with 2 to 5 players,
in every kind of moment (free turn, second card, ticket choice, tunnel payment, game over).

The enumeration here is deliberately dumb: every route with every colour and every split of
its length, every city with every payment of the station's cost, every subset of the tickets
on offer, every face-up card kind.
"""
import itertools

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ttr_teach.engine.actions import (BuildStation, ClaimRoute, DeclineTunnel, DrawBlind, DrawFaceUp,
                                      DrawTickets, KeepTickets, Pass, PayTunnel)
from ttr_teach.engine.game.core import Game
from ttr_teach.players.random_bot import RandomBot

from ..helpers import arranged_game

COLOURS = ["pink", "white", "blue", "yellow", "orange", "black", "red", "green"]
KINDS = COLOURS + ["locomotive"]
HOARDER = {"claim": 1.0, "draw": 30.0, "tickets": 2.0, "station": 0.5, "pass": 1.0}


def payments(count):
    """Every (colour, coloured, locomotives) paying ``count`` cards, and two that pay one too
    few and one too many."""
    out = [(None, 0, count)]
    for colour in COLOURS:
        out += [(colour, k, count - k) for k in range(1, count + 1)]
    out += [(COLOURS[0], count + 1, 0), (None, 0, max(count - 1, 0))]
    return out


def every_candidate(g: Game) -> list:
    """Every action that could be legal in ``g`` (and some that cannot)."""
    m = g.map
    candidates = [DrawBlind(), DrawTickets(), Pass(), DeclineTunnel()]
    candidates += [DrawFaceUp(k) for k in KINDS]
    for r in m.routes:
        candidates += [ClaimRoute(r.index, *p) for p in payments(r.length)]
    if not g.is_over:                    # a station costs as many cards as it is the player's n-th
        k = min(4 - g.stations_left(), 3)
        candidates += [BuildStation(city, *p) for city in m.cities for p in payments(k)]
    for extra in range(1, 4):
        candidates += [PayTunnel(*p) for p in payments(extra)]
    offer = g.to_dict(log=False)["players"][g.current_player]["offer"] if not g.is_over else []
    for size in range(len(offer) + 1):
        candidates += [KeepTickets(kept) for kept in itertools.combinations(offer, size)]
    if offer:
        other = next(t.index for t in m.tickets if t.index not in offer)
        candidates.append(KeepTickets(offer[:1] + [other]))
    return candidates


def check_exact(g: Game):
    legal = g.legal_actions()
    assert len(set(legal)) == len(legal), "an action is listed twice"
    accepted = {a for a in every_candidate(g) if g.why_illegal(a) is None}
    assert set(legal) == accepted
    for a in legal:
        assert g.why_illegal(a) is None


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["europe", "usa"]), st.integers(2, 5), st.integers(0, 2 ** 31),
       st.sampled_from([None, HOARDER]), st.integers(12, 40))
def test_legal_actions_equal_the_full_enumeration_on_random_states(map_name, n, seed, weights, every):
    g = Game.new(map=map_name, players=[f"P{i}" for i in range(n)], seed=seed)
    bot = RandomBot(seed, weights)
    step = 0
    while not g.is_over:
        if step % every == 0 or g.pending and g.pending["kind"] == "tunnel":
            check_exact(g)
        g.apply(bot.choose(g))
        step += 1
    check_exact(g)                       # over: nothing is legal
    assert g.legal_actions() == []


def test_legal_actions_equal_the_full_enumeration_at_a_tunnel_and_at_a_second_card():
    g = arranged_game(hands=[{"black": 4, "locomotive": 2, "red": 1}, {}],
                      deck=["black", "locomotive", "red", "blue"])
    check_exact(g)
    g.apply(ClaimRoute(g.map.route("Madrid", "Pamplona", "black").index, "black", 3, 0))
    assert g.pending["kind"] == "tunnel" and g.pending["extra"] == 2
    check_exact(g)
    g.apply(DeclineTunnel())
    g.apply(DrawBlind())                 # Bo's first card: a second one is owed
    assert g.pending == {"kind": "second_card"}
    check_exact(g)


def test_legal_actions_equal_the_full_enumeration_when_only_passing_is_left():
    g = arranged_game(face_up=[], deck=[], discard=[], leftover="Bo", ticket_deck=[])
    check_exact(g)
    assert g.legal_actions() == [Pass()]
