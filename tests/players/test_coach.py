"""The coach: its hints are always legal and say why with the engine's figures; "why not?"
gives the engine's own sentence."""
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ttr_teach.engine.actions import ClaimRoute, DrawBlind, DrawFaceUp, KeepTickets
from ttr_teach.engine.game.core import Game
from ttr_teach.players.coach import Hint, hint, why_not
from ttr_teach.players.coach_draws import draw_plan
from ttr_teach.players.expert.situation import Situation
from ttr_teach.players.planner_bot import PlannerBot
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


def _played(map_name, n, seed, steps, driver):
    """A position after ``steps`` actions of random or planner players."""
    g = Game.new(map_name, [f"P{i}" for i in range(n)], seed=seed)
    if driver == "random":
        return play_some(g, steps, seed=seed)
    bots = [PlannerBot(seed + i) for i in range(n)]
    for _ in range(steps):
        if g.is_over:
            break
        g.apply(bots[g.current_player].choose(g))
    return g


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["europe", "usa"]), st.integers(2, 5), st.integers(0, 2 ** 31),
       st.integers(0, 400), st.sampled_from(["random", "planner"]))
def test_draw_advice_follows_the_plan_and_never_contradicts_the_face_up_row(map_name, n, seed, steps, driver):
    g = _played(map_name, n, seed, steps, driver)
    if g.is_over:
        return
    h = hint(g)
    assert h.action in g.legal_actions(), (h.action, h.reason)
    if h.expert != h.action:
        assert "The expert would rather" in h.reason, h.reason
    if not isinstance(h.action, (DrawBlind, DrawFaceUp)):
        return
    plan = draw_plan(Situation(PlayerView(g)))
    assert h.figures["missing"] == plan.missing
    if isinstance(h.action, DrawBlind):
        # a blind draw only when no face-up card the plan lacks can be taken
        needed = [a for a in g.legal_actions() if isinstance(a, DrawFaceUp) and a.card in plan.wanted]
        assert not needed, (h.reason, needed)
    if plan.needs.total:
        # the reason lists what is missing: every colour and the ferries' locomotives, counted
        for kind, count in plan.missing.items():
            word = kind if kind != "locomotive" else ("locomotive" if count == 1 else "locomotives")
            assert f"{count} {word}" in h.reason, (kind, count, h.reason)
    assert "()" not in h.reason


def test_a_ferry_needing_locomotives_takes_the_face_up_locomotive_and_says_why():
    # Ann owns Amsterdam–Essen–Berlin: London–Berlin needs only the London–Amsterdam ferry
    # (2 locomotives); a locomotive is face up, and the expert itself would draw blind
    g = arranged_game(hands=[{"red": 1}, {}], tickets=[[["London", "Berlin"]], []],
                      routes=[[["Amsterdam", "Essen"], ["Essen", "Berlin"]], []],
                      face_up=["locomotive", "pink", "orange", "orange", "white"])
    h = hint(g)
    assert h.action == DrawFaceUp("locomotive")
    assert "missing 2 cards (2 locomotives for the ferry Amsterdam–London)" in h.reason
    assert h.figures["missing"] == {"locomotive": 2}
    if h.expert != h.action:
        assert "The expert would rather draw a card blind" in h.reason


def test_the_second_card_cannot_be_the_face_up_locomotive_so_the_coach_says_so():
    g = arranged_game(hands=[{"red": 1}, {}], tickets=[[["London", "Berlin"]], []],
                      routes=[[["Amsterdam", "Essen"], ["Essen", "Berlin"]], []],
                      face_up=["locomotive", "pink", "orange", "orange", "white"])
    g.apply(DrawFaceUp("pink"))
    h = hint(g)
    assert h.action == DrawBlind()
    assert "the face-up locomotive cannot be your second card" in h.reason
    assert "2 locomotives for the ferry" in h.reason


def test_a_face_up_card_of_a_missing_colour_is_advised_over_a_blind_draw():
    # Paris–Wien: the plan lacks orange and pink (among others); both are face up
    g = arranged_game(hands=[{"red": 1}, {}], tickets=[[["Paris", "Wien"]], []])
    h = hint(g)
    plan = draw_plan(Situation(PlayerView(g)))
    assert isinstance(h.action, DrawFaceUp) and h.action.card in plan.wanted
    assert f"your plan lacks {plan.missing[h.action.card]} {h.action.card}" in h.reason


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
