"""The end of the game: the final round, passing, and the final scores (docs/rules.md#the-end-of-the-game,
docs/rules.md#final-scoring, docs/rules.md#readings-where-the-rulebook-is-silent)."""
import pytest

from ttr_teach.engine.actions import ClaimRoute, DrawBlind, Pass
from ttr_teach.engine.errors import IllegalAction
from ttr_teach.engine.game.core import Game
from ttr_teach.engine.maps import load_map

EUROPE = load_map("europe")
DANZIG_WARSZAWA = EUROPE.route("Danzig", "Warszawa").index            # 2 gray
VENEZIA_ZAGRAB = EUROPE.route("Venezia", "Zagrab").index              # 2 gray
# 8 + 6 + 6 + 4 + 4 + 4 + 4 + 4 + 1 = 41 trains: 4 left
ROUTES_OF_41 = [["Petrograd", "Stockholm"], ["Budapest", "Kyiv"], ["Palermo", "Smyrna"],
                ["Athina", "Sarajevo"], ["Barcelona", "Marseille"], ["Berlin", "Danzig"],
                ["Brest", "Pamplona"], ["Bucuresti", "Kyiv"], ["Dieppe", "Paris"]]


def draw_two(g):
    g.apply(DrawBlind())
    g.apply(DrawBlind())


def test_final_round_every_player_including_the_trigger_gets_exactly_one_more_turn():
    g = Game.arranged("europe", ["Ann", "Bo", "Cy"], hands=[{"red": 4}],
                      routes=[ROUTES_OF_41, [], []])
    assert g.trains_left("Ann") == 4
    g.apply(ClaimRoute(DANZIG_WARSZAWA, "red", 2, 0))     # Ann ends her turn with 2 trains
    assert {"event": "final_round", "player": 0, "trains": 2} in g.log
    draw_two(g)                                           # Bo's last turn
    assert not g.is_over
    draw_two(g)                                           # Cy's last turn
    assert not g.is_over and g.current_player == 0
    g.apply(ClaimRoute(VENEZIA_ZAGRAB, "red", 2, 0))     # Ann's last turn: 0 trains left
    assert g.is_over and g.current_player is None
    assert g.trains_left("Ann") == 0
    assert g.legal_actions() == []
    before = g.to_dict()
    with pytest.raises(IllegalAction, match="the game is over"):
        g.apply(DrawBlind())
    assert g.to_dict() == before


def test_final_round_is_not_triggered_with_three_trains_left():
    routes = ROUTES_OF_41[:-1] + [["Danzig", "Warszawa"]]   # 42 trains: 3 left
    g = Game.arranged("europe", ["Ann", "Bo"], routes=[routes, []])
    assert g.trains_left("Ann") == 3
    draw_two(g)
    assert not any(e["event"] == "final_round" for e in g.log)


def test_final_round_counts_turns_not_actions():
    # Bo (the last seat) triggers it; Ann then has one turn of two draws, Bo one more turn.
    g = Game.arranged("europe", ["Ann", "Bo"], hands=[{}, {"red": 2}], routes=[[], ROUTES_OF_41])
    draw_two(g)                                           # Ann
    g.apply(ClaimRoute(DANZIG_WARSZAWA, "red", 2, 0))     # Bo: 2 trains left
    g.apply(DrawBlind())                                  # Ann's last turn, first card
    assert not g.is_over and g.current_player == 0
    g.apply(DrawBlind())                                  # ... second card
    assert not g.is_over and g.current_player == 1
    g.apply(DrawBlind())                                  # Bo's last turn
    assert not g.is_over
    g.apply(DrawBlind())
    assert g.is_over and g.turn == 4                      # Ann, Bo, then one more turn each


def test_pass_only_when_no_other_action_is_possible():
    # no card to draw, no ticket left, and Ann has no cards: she can only pass
    g = Game.arranged("europe", ["Ann", "Bo"], face_up=[], deck=[], discard=[], leftover="Bo",
                      ticket_deck=[])
    assert g.legal_actions() == [Pass()]
    g.apply(Pass())
    assert g.current_player == 1
    before = g.to_dict()
    with pytest.raises(IllegalAction, match="you can still take an action"):
        g.apply(Pass())
    assert g.to_dict() == before


def test_game_ends_when_every_player_in_turn_has_to_pass():
    # Five players, every route of 1-3 trains owned, everyone with exactly 3 trains left (the
    # longer routes need more), all stations built, no tickets, and all 110 cards in Ann's hand:
    # nobody can ever act again, so after five passes in a row the game is over.
    short = [r for r in EUROPE.routes if r.length <= 3]
    long = [r for r in EUROPE.routes if r.length == 4][:10] + [r for r in EUROPE.routes if r.length == 6][:1]
    room, owned = [42] * 5, [[] for _ in range(5)]
    for r in sorted(short + long, key=lambda r: -r.length):     # 164 + 46 = 5 x 42 trains
        partner = EUROPE.partner(r)
        seat = max((i for i in range(5) if room[i] >= r.length
                    and not (partner and partner.index in owned[i])), key=lambda i: room[i])
        room[seat] -= r.length
        owned[seat].append(r.index)
    cities = sorted(EUROPE.cities)[:15]
    g = Game.arranged("europe", ["Ann", "Bo", "Cy", "Di", "Ed"], routes=owned,
                      stations=[cities[3 * i:3 * i + 3] for i in range(5)],
                      face_up=[], deck=[], discard=[], leftover="Ann", ticket_deck=[])
    assert [g.trains_left(i) for i in range(5)] == [3, 3, 3, 3, 3]
    assert sum(g.hand("Ann").values()) == 110
    for _seat in range(4):
        assert g.legal_actions() == [Pass()]
        g.apply(Pass())
        assert not g.is_over
    g.apply(Pass())
    assert g.is_over
    assert g.log[-1] == {"event": "game_over",
                         "reason": "every player had to pass, so nothing can change any more"}


def test_final_scores_equal_score_position_of_the_game_position():
    from ttr_teach.engine.scoring import score_position
    from ttr_teach.players.random_bot import play_random_game

    g = play_random_game("europe", 3, seed=2)
    assert g.is_over
    result = g.final_scores().to_dict()
    assert result == score_position(g.to_position())
    for i, p in enumerate(result["players"]):
        assert p["route_points"] == g.route_points(i)
