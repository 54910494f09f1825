"""Determinization: a whole game sampled from what one player cannot see, for search bots.

Rule checked: the sampled game agrees with everything the player sees (its view is the same,
log aside), holds the cards others are known to hold, and is a legal game.
"""
import random

import pytest

from ttr_teach.engine.game.core import Game
from ttr_teach.players.knowledge import infer
from ttr_teach.players.random_bot import RandomBot
from ttr_teach.players.view import PlayerView

from ..helpers import arranged_game

PARAMS = [(m, n) for m in ("europe", "usa") for n in (2, 3, 4, 5)]


def without_log(view):
    d = view.to_dict()
    del d["log"]
    return d


def states(map, n, games=3, every=37):
    """Views of the player to act at many moments of random games (set-up included)."""
    for seed in range(games):
        g = Game.new(map, [f"P{i}" for i in range(n)], seed=seed)
        bot = RandomBot(seed)
        k = 0
        while not g.is_over:
            if k % every == 0 or g.phase == "setup":
                yield g
            g.apply(bot.choose(g))
            k += 1


@pytest.mark.parametrize("map_name, n", PARAMS)
def test_a_determinized_game_agrees_with_the_view(map_name, n):
    rng = random.Random(n)
    for g in states(map_name, n):
        for seat in {g.current_player, (g.current_player + 1) % n}:
            view = PlayerView(g, seat)
            world = view.determinize(rng)
            assert without_log(PlayerView(world, seat)) == without_log(view)
            # whoever is to act has the same choices in the sampled world
            assert world.current_player == g.current_player
            if seat == g.current_player:
                assert world.legal_actions() == g.legal_actions()


def test_determinized_games_differ_in_what_the_player_cannot_see():
    g = Game.new("europe", ["Ann", "Bo", "Cy"], seed=4)
    view = PlayerView(g, 0)
    rng = random.Random(0)
    worlds = [view.determinize(rng).to_dict() for _ in range(5)]
    assert len({str(w["deck"]) for w in worlds}) == 5
    assert len({str(w["players"][1]["offer"]) for w in worlds}) > 1
    assert all(w["players"][0] == g.to_dict()["players"][0] for w in worlds)
    for w in worlds:                     # each set-up deal holds one long ticket (Europe)
        m = g.map
        assert [sum(m.tickets[t].long for t in p["offer"]) for p in w["players"]] == [1, 1, 1]


def test_cards_taken_face_up_stay_in_that_players_hand():
    g = arranged_game(hands=[{}, {}], face_up=["red", "red", "blue", "green", "white"],
                      deck=["pink"] * 3, current=1)
    g.apply({"type": "draw_face_up", "card": "red"})
    g.apply({"type": "draw_face_up", "card": "red"})
    view = PlayerView(g, 0)
    assert infer(view).known_cards[1]["red"] == 2
    for seed in range(5):
        world = view.determinize(random.Random(seed))
        assert world.hand(1) == {"red": 2}


def test_a_declined_tunnels_cards_are_known_to_be_back_in_the_hand():
    g = arranged_game(hands=[{}, {"pink": 2, "locomotive": 1, "blue": 3}], current=1,
                      deck=["pink", "pink", "locomotive"] + ["white"] * 10)
    tunnel = g.map.route("Marseille", "Zurich")
    assert tunnel.tunnel and tunnel.length == 2
    g.apply({"type": "claim_route", "route": tunnel.index, "color": "pink", "colored": 2, "locomotives": 0})
    g.apply({"type": "decline_tunnel"})
    known = infer(PlayerView(g, 0)).known_cards[1]
    assert known["pink"] == 2 and known["locomotive"] == 0


def test_own_returned_tickets_stay_where_the_player_knows_they_are():
    g = Game.new("usa", ["Ann", "Bo"], seed=11)
    offer = g.pending["tickets"]
    g.apply({"type": "keep_tickets", "tickets": offer[:2]})     # the third goes under the deck
    view = PlayerView(g, 0)
    place = g.tickets_left - 1
    assert infer(view).deck_known == {place: offer[2]}
    for seed in range(5):
        world = view.determinize(random.Random(seed))
        assert world.to_dict()["ticket_deck"][place] == offer[2]
