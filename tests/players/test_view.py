"""The player's view: it shows a seat what it may see and nothing else, by construction.

Rule checked: a player sees its own hand and tickets, the board and the public counts; never
another player's hand or tickets, the deck's order, the cards others draw blind, or the seed.
"""
import gc
import random
from collections import Counter
from fractions import Fraction

import pytest

from ttr_teach.algorithms.probability import tunnel_extra_distribution
from ttr_teach.engine.cards import TrainCards
from ttr_teach.engine.game.core import Game
from ttr_teach.engine.game.state import Seat
from ttr_teach.players.public_log import PUBLIC_EVENTS, public_entry
from ttr_teach.players.random_bot import RandomBot
from ttr_teach.players.view import PlayerView

from ..helpers import arranged_game, play_some

CASES = [("europe", 2), ("europe", 3), ("europe", 5), ("usa", 2), ("usa", 4)]


def random_state(map, n, seed, steps=None):
    """A game after a random number of random actions (set-up included)."""
    rng = random.Random(seed)
    g = Game.new(map, [f"P{i}" for i in range(n)], seed=seed)
    return play_some(g, rng.randrange(0, 400) if steps is None else steps, seed=seed)


def hidden_variant(game, seat, rng) -> Game:
    """The same game with everything ``seat`` cannot see changed: the other hands and the
    deck reshuffled among themselves, the other players' tickets swapped with the ticket deck
    and the box, another seed, and the hidden details of the log altered."""
    d = game.to_dict()
    others = [i for i in range(len(d["players"])) if i != seat]
    pool = d["deck"] + [c for i in others for c, k in d["players"][i]["hand"].items() for _ in range(k)]
    rng.shuffle(pool)
    for i in others:
        size = sum(d["players"][i]["hand"].values())
        d["players"][i]["hand"] = {k: 0 for k in d["players"][i]["hand"]}
        for c in pool[:size]:
            d["players"][i]["hand"][c] += 1
        del pool[:size]
    d["deck"] = pool
    tickets = d["ticket_deck"] + d["ticket_box"] + [t for i in others for t in d["players"][i]["tickets"]
                                                    + d["players"][i]["offer"]]
    rng.shuffle(tickets)
    for i in others:
        for key in ("tickets", "offer"):
            k = len(d["players"][i][key])
            d["players"][i][key], tickets = sorted(tickets[:k]), tickets[k:]
    k = len(d["ticket_deck"])
    d["ticket_deck"], d["ticket_box"] = tickets[:k], tickets[k:]
    d["seed"] += 1
    for e in d["log"]:
        if e.get("player") != seat:
            if e["event"] == "drew" and e["from"] == "deck":
                e["card"] = rng.choice(["red", "blue", "locomotive"])
            # other ticket numbers, each once (a saved log naming a ticket twice is refused)
            elif e["event"] in ("dealt_tickets", "tickets_drawn"):
                e["tickets"] = rng.sample(range(30), len(e["tickets"]))
            elif e["event"] == "tickets_kept":
                both = rng.sample(range(30), len(e["kept"]) + len(e["returned"]))
                e["kept"], e["returned"] = both[:len(e["kept"])], both[len(e["kept"]):]
            elif e["event"] == "action" and e["action"]["type"] == "keep_tickets":
                e["action"]["tickets"] = rng.sample(range(30), len(e["action"]["tickets"]))
            elif e["event"] == "dealt_cards":
                e["cards"] = [rng.choice(["red", "blue"]) for _ in e["cards"]]
        if e["event"] == "new_game":
            e["seed"] += 1
    return Game.from_dict(d)


@pytest.mark.parametrize("map_name, n", CASES)
def test_games_that_differ_only_in_hidden_information_give_equal_views(map_name, n):
    rng = random.Random(n)
    for seed in range(6):
        g = random_state(map_name, n, seed)
        for seat in range(n):
            other = hidden_variant(g, seat, rng)
            assert other.to_dict() != g.to_dict()
            assert PlayerView(other, seat) == PlayerView(g, seat)
            assert PlayerView(other, seat).to_dict() == PlayerView(g, seat).to_dict()


def test_views_differ_when_what_the_seat_sees_differs():
    g = arranged_game(hands=[{"red": 3}, {"blue": 2}])
    h = arranged_game(hands=[{"red": 2}, {"blue": 3}])
    assert PlayerView(g, 0) != PlayerView(h, 0)          # its own hand
    assert PlayerView(g, 1) != PlayerView(h, 1)          # and the count of Ann's cards


def test_the_view_holds_no_reference_to_the_game():
    g = random_state("europe", 3, seed=1, steps=150)
    view = PlayerView(g, 1)
    forbidden = (Game, TrainCards, Seat)
    seen, todo = set(), [view]
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, type) or type(obj).__name__ == "module":
            continue
        seen.add(id(obj))
        assert not isinstance(obj, forbidden), f"the view reaches a {type(obj).__name__}"
        todo.extend(gc.get_referents(obj))


def test_the_view_shows_what_the_seat_may_see():
    g = arranged_game(["Ann", "Bo", "Cy"], hands=[{"red": 3, "locomotive": 1}, {"blue": 2}, {}],
                      routes=[[["Paris", "Frankfurt", "white"]], [], [["Roma", "Venezia"]]],
                      stations=[[], ["Wien"], []], tickets=[[["Paris", "Wien"]], [["Berlin", "Roma"]], []])
    v = PlayerView(g, 0)
    assert v.name == "Ann" and v.is_my_turn and v.phase == "play" and not v.final_round
    assert dict(v.hand) == {"pink": 0, "white": 0, "blue": 0, "yellow": 0, "orange": 0, "black": 0,
                            "red": 3, "green": 0, "locomotive": 1}
    assert [str(t) for t in v.tickets] == ["Paris–Wien (8)"]
    assert [(p.cards, p.tickets, p.trains, p.stations, p.points) for p in v.players_info] == [
        (4, 1, 42, 3, 4), (2, 1, 45, 2, 0), (0, 0, 43, 3, 2)]
    assert v.station_owners == {"Wien": 1}
    assert v.owners[g.map.route("Roma", "Venezia").index] == 2
    assert v.face_up == tuple(g.face_up) and v.deck_size == g.deck_size
    assert v.tickets_left == g.tickets_left and v.discard_size == g.discard_size
    assert v.legal_actions() == g.legal_actions()
    assert PlayerView(g, 1).legal_actions() == [] and PlayerView(g, 1).pending is None
    assert not hasattr(v, "seed") and "seed" not in v.to_dict()


def test_legal_actions_are_exactly_the_games_for_the_seat_to_act():
    for map_name, n in CASES:
        for seed in range(4):
            g = random_state(map_name, n, seed)
            if g.is_over:
                continue
            for seat in range(n):
                expected = g.legal_actions() if seat == g.current_player else []
                assert PlayerView(g, seat).legal_actions() == expected


def test_random_action_follows_random_bots_law():
    # Same generator state, same list: the view draws exactly what RandomBot would.
    for seed in range(30):
        g = random_state("europe", 2 + seed % 4, seed)
        if g.is_over:
            continue
        bot = RandomBot(seed)
        expected = RandomBot(seed).choose(g)
        assert PlayerView(g).random_action(bot.rng) == expected
        assert PlayerView(g).random_action(random.Random(1), {"claim": 1.0}) in g.legal_actions()


def test_the_public_log_hides_other_players_cards_tickets_and_the_seed():
    g = random_state("europe", 3, seed=5, steps=300)
    for seat in range(3):
        log = PlayerView(g, seat).log
        for e in log:
            assert "seed" not in e and "state" not in e
            if "player" in e and e["player"] != seat and e["event"] not in PUBLIC_EVENTS:
                if e["event"] == "drew" and e["from"] == "deck":
                    assert "card" not in e
                assert not {"tickets", "cards", "kept", "returned"} & set(e), e
                if e["event"] == "action":
                    assert "tickets" not in e["action"]
        # the public events are all there, in order
        public = [e for e in g.log if e["event"] in PUBLIC_EVENTS]
        assert [e for e in log if e["event"] in PUBLIC_EVENTS] == public


def test_every_event_the_engine_writes_is_known_to_the_public_log():
    kinds = Counter()
    for map_name, n in CASES:
        for seed in range(3):
            g = random_state(map_name, n, seed, steps=2000)
            kinds.update(e["event"] for e in g.log)
    known = set(PUBLIC_EVENTS) | {"new_game", "start", "action", "dealt_cards", "dealt_tickets",
                                  "drew", "tickets_drawn", "tickets_kept"}
    assert set(kinds) <= known
    for kind in kinds:
        assert public_entry({"event": kind, "player": 0, "cards": [], "tickets": [], "kept": [],
                             "returned": [], "to": "box", "from": "deck", "action": {}}, 1) is not None


def test_unseen_cards_and_exact_tunnel_odds():
    g = arranged_game(hands=[{"red": 3}, {"blue": 4}], face_up=["green"] * 5,
                      deck=["red", "locomotive", "blue", "white"], discard=["pink"] * 3, leftover="discard")
    v = PlayerView(g, 0)
    unseen = v.unseen_cards()
    assert sum(unseen.values()) == v.deck_size + 4
    assert unseen["blue"] == 5 and unseen["red"] == 1 and unseen["locomotive"] == 1
    odds = v.tunnel_odds("red")
    assert odds == tunnel_extra_distribution(unseen, "red")
    # 8 unseen cards (the deck's 4 and Bo's 4), 2 of them cost extra: P(none of 3) = C(6,3)/C(8,3)
    assert odds[0] == Fraction(20, 56) and sum(odds.values()) == 1
    # with locomotives only, only locomotives count
    assert v.tunnel_odds(None) == tunnel_extra_distribution(unseen, None, only_locomotives=True)


def test_tunnel_odds_with_a_short_deck_take_the_rest_from_the_discards():
    g = arranged_game(hands=[{"red": 3}, {}], face_up=["green"] * 5, deck=["red"],
                      discard=["locomotive"] * 14 + ["red"] * 8, leftover="discard")
    v = PlayerView(g, 0)
    # 1 card from the deck (it is the only unseen card: a red), then 2 from the discards
    dist = v.tunnel_odds("red")
    assert dist[1] == tunnel_extra_distribution(dict(v.discard), "red", reveal=2).get(0, 0)
    assert sum(dist.values()) == 1 and min(dist) >= 1
