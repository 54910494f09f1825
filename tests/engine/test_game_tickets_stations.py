"""Drawing destination tickets and building stations (docs/rules.md#drawing-destination-tickets,
docs/rules.md#building-a-station-europe)."""
from collections import Counter

from ttr_teach.engine.actions import BuildStation, DrawBlind, DrawTickets, KeepTickets
from ttr_teach.engine.game.core import Game
from ttr_teach.engine.maps import load_map

from ..helpers import arranged_game
from ..helpers import assert_refused as refused

EUROPE = load_map("europe")
T1, T2, T3, T4 = (EUROPE.ticket(*p).index for p in
                  [("Angora", "Athina"), ("Budapest", "Sofia"), ("Erzurum", "Rostov"), ("Frankfurt", "Kobenhavn")])
HELD = EUROPE.ticket("Brindisi", "Zagrab").index


game = arranged_game




# -- tickets ------------------------------------------------------------------------------------
def test_draw_three_tickets_keep_at_least_one_rest_to_the_bottom_of_the_deck():
    g = game(ticket_deck=[T1, T2, T3, T4])
    g.apply(DrawTickets())
    assert g.pending["tickets"] == [T1, T2, T3] and g.pending["keep_at_least"] == 1
    assert g.tickets_left == 1
    assert len(g.legal_actions()) == 7     # keep 1, 2 or 3 of 3: 3 + 3 + 1
    g.apply(KeepTickets([T2]))
    assert g.to_dict()["ticket_deck"] == [T4, T1, T3]
    assert g.tickets("Ann") == [EUROPE.tickets[T2]]
    assert g.current_player == 1


def test_draw_tickets_with_only_two_left_draws_two():
    g = game(ticket_deck=[T1, T2])
    g.apply(DrawTickets())
    assert g.pending["tickets"] == [T1, T2] and g.tickets_left == 0
    assert len(g.legal_actions()) == 3     # keep 1 or 2 of 2: 2 + 1


def test_no_ticket_draw_when_the_ticket_deck_is_empty():
    g = game(ticket_deck=[])
    assert DrawTickets() not in g.legal_actions()
    refused(g, DrawTickets(), "the ticket deck is empty, so no tickets can be drawn")


def test_at_least_one_drawn_ticket_must_be_kept():
    g = game(ticket_deck=[T1, T2, T3])
    g.apply(DrawTickets())
    refused(g, KeepTickets([]), "you must keep at least 1 of your 3 tickets")


def test_kept_tickets_can_never_be_discarded():
    g = game(tickets=[[HELD], []], ticket_deck=[T1, T2, T3])
    g.apply(DrawTickets())
    assert all(HELD not in a.tickets for a in g.legal_actions())
    refused(g, KeepTickets([HELD, T1]),
            "ticket Brindisi–Zagrab \\(6\\) is not one of the tickets you are choosing from")
    g.apply(KeepTickets([T3]))
    assert sorted(t.index for t in g.tickets("Ann")) == sorted([HELD, T3])


def test_ticket_choice_must_be_made_before_anything_else():
    g = game(ticket_deck=[T1, T2, T3])
    g.apply(DrawTickets())
    refused(g, DrawBlind(), "Ann must first choose which of the drawn tickets to keep")


def test_keep_tickets_without_drawing_is_refused():
    g = game(ticket_deck=[T1, T2, T3])
    refused(g, KeepTickets([T1]), "you have no tickets to choose from; draw tickets first")


# -- stations -----------------------------------------------------------------------------------
def test_first_station_costs_one_card_of_any_colour():
    g = game(hands=[{"red": 1, "blue": 1}, {}])
    options = {(a.color, a.colored, a.locomotives) for a in g.legal_actions() if isinstance(a, BuildStation)}
    assert options == {("blue", 1, 0), ("red", 1, 0)}
    discards = len(g.cards.discard)
    g.apply(BuildStation("Wien", "red", 1, 0))
    assert g.stations("Ann") == ["Wien"] and g.stations_left("Ann") == 2
    assert g.hand("Ann") == {"blue": 1} and g.cards.discard[discards:] == ["red"]
    assert g.current_player == 1


def test_second_station_costs_two_cards_of_one_colour_locomotives_wild():
    g = game(hands=[{"red": 1, "blue": 1, "locomotive": 1}, {}], stations=[["Wien"], []])
    options = {(a.color, a.colored, a.locomotives) for a in g.legal_actions()
               if isinstance(a, BuildStation) and a.city == "Roma"}
    assert options == {("blue", 1, 1), ("red", 1, 1)}
    refused(g, BuildStation("Roma", "red", 1, 0), "your second station needs 2 cards; you offered 1")


def test_third_station_costs_three_cards_of_one_colour():
    g = game(hands=[{"red": 3}, {}], stations=[["Wien", "Roma"], []])
    g.apply(BuildStation("Paris", "red", 3, 0))
    assert g.stations("Ann") == ["Wien", "Roma", "Paris"] and g.hand("Ann") == {}


def test_fourth_station_is_refused():
    g = game(hands=[{"red": 4}, {}], stations=[["Wien", "Roma", "Paris"], []])
    assert not any(isinstance(a, BuildStation) for a in g.legal_actions())
    refused(g, BuildStation("Berlin", "red", 4, 0), "you have already built all 3 of your stations")


def test_second_station_in_a_city_is_refused():
    g = game(hands=[{"red": 1}, {}], stations=[[], ["Kobenhavn"]])
    assert not any(isinstance(a, BuildStation) and a.city == "Kobenhavn" for a in g.legal_actions())
    refused(g, BuildStation("Kobenhavn", "red", 1, 0), "København already has a station; a city can hold only one")


def test_station_may_go_on_a_city_with_no_claimed_routes():
    g = game(hands=[{"red": 1}, {}])
    g.apply(BuildStation("Erzurum", "red", 1, 0))
    assert g.stations("Ann") == ["Erzurum"]


def test_station_city_may_be_named_by_its_board_name():
    g = game(hands=[{"red": 1}, {}])
    g.apply(BuildStation("København", "red", 1, 0))
    assert g.stations("Ann") == ["Kobenhavn"]


def test_no_stations_in_the_usa_game():
    g = Game.arranged("usa", ["Ann", "Bo"], hands=[{"red": 1}, {}])
    assert not any(isinstance(a, BuildStation) for a in g.legal_actions())
    refused(g, BuildStation("Denver", "red", 1, 0), "there are no stations in the usa game")


def test_station_in_an_unknown_city_is_refused_by_name():
    g = game(hands=[{"red": 1}, {}])
    refused(g, BuildStation("Atlantis", "red", 1, 0), "there is no city called 'Atlantis' on the europe map")


def test_tickets_are_all_accounted_for_after_drawing_and_returning():
    g = game(ticket_deck=[T1, T2, T3, T4])
    g.apply(DrawTickets())
    g.apply(KeepTickets([T1, T3]))
    d = g.to_dict()
    everywhere = Counter(d["ticket_deck"] + d["ticket_box"])
    for p in d["players"]:
        everywhere.update(p["tickets"] + p["offer"])
    assert sorted(everywhere) == list(range(46)) and set(everywhere.values()) == {1}
