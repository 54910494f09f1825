"""The coach: its hints are always legal and say why with the engine's figures; "why not?"
gives the engine's own sentence."""
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ttr_teach.engine.actions import ClaimRoute, KeepTickets
from ttr_teach.engine.game.core import Game
from ttr_teach.players.coach import Hint, hint, why_not
from ttr_teach.players.view import PlayerView

from ..helpers import arranged_game, play_some


@settings(max_examples=160, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["europe", "usa"]), st.integers(2, 5), st.integers(0, 2 ** 31),
       st.sampled_from([0, 1, 3, 10, 40, 90, 160, 300]))
def test_hints_are_always_legal_and_explained(map_name, n, seed, steps):
    g = play_some(Game.new(map_name, [f"P{i}" for i in range(n)], seed=seed), steps, seed=seed)
    if g.is_over:
        return
    h = hint(PlayerView(g))
    assert isinstance(h, Hint) and h.action in g.legal_actions(), (g, h)
    assert len(h.reason) > 20 and h.reason.endswith("."), h.reason


def test_a_set_up_hint_quotes_the_trains_the_tickets_need():
    g = Game.new("europe", ["Ann", "Bo"], seed=3)
    h = hint(g)
    assert isinstance(h.action, KeepTickets)
    kept = [g.map.tickets[t] for t in h.action.tickets]
    needed = PlayerView(g).trains_needed(kept)
    assert h.figures["trains_needed"] == needed
    assert f"needs {needed} more trains and you have 45" in h.reason


def test_a_claim_hint_names_the_route_and_what_blocking_it_would_cost():
    # Ann holds Paris–Wien and the cards for München–Wien; the plan goes Paris–Frankfurt–München–Wien
    g = arranged_game(hands=[{"orange": 3}, {}], tickets=[[["Paris", "Wien"]], []],
                      routes=[[["Paris", "Frankfurt", "white"], ["Frankfurt", "Munchen"]], []])
    h = hint(g)
    route = g.map.route("Munchen", "Wien")
    assert isinstance(h.action, ClaimRoute) and h.action.route == route.index
    assert str(route) in h.reason and "cheapest network" in h.reason
    assert h.figures["trains_needed"] == 3


def test_a_tunnel_hint_gives_the_chance_it_asks_for_too_many_cards():
    # Ann owns Rostov–Sochi: her ticket needs only the Erzurum–Sochi tunnel
    g = arranged_game(hands=[{"red": 5}, {}], tickets=[[["Erzurum", "Rostov"]], []],
                      routes=[[["Rostov", "Sochi"]], []])
    tunnel = g.map.route("Erzurum", "Sochi")
    h = hint(g)
    assert isinstance(h.action, ClaimRoute) and h.action.route == tunnel.index
    view = PlayerView(g)
    spare = 5 - h.action.colored
    risk = 1 - float(sum(p for extra, p in view.tunnel_odds("red").items() if extra <= spare))
    assert h.figures["tunnel_risk"] == pytest.approx(risk)
    assert f"more cards than you have left is {risk:.0%}" in h.reason


def test_no_hint_when_it_is_not_the_players_turn():
    g = Game.new("usa", ["Ann", "Bo"], seed=1)
    with pytest.raises(ValueError, match="not Bo's turn"):
        hint(PlayerView(g, 1))


def test_why_not_gives_the_engines_own_sentence():
    g = arranged_game(hands=[{"red": 1}, {}])
    route = g.map.route("Paris", "Frankfurt", "white")
    claim = ClaimRoute(route.index, "red", 3, 0)
    assert why_not(g, claim) == g.why_illegal(claim)
    assert why_not(g, claim.to_dict()) == g.why_illegal(claim)
    assert why_not(g, {"type": "fly"}).startswith("there is no action 'fly'")
    assert why_not(g, {"type": "draw_blind"}) == "nothing stops it: draw a card blind from the deck is a legal move now"
