"""Drawing train cards (docs/rules.md#drawing-train-cards), on games with a known deck order."""
from functools import partial

from ttr_teach.engine.actions import DrawBlind, DrawFaceUp, DrawTickets, Pass

from ..helpers import arranged_game
from ..helpers import assert_refused as refused

LOCO = "locomotive"
ROW = ["red", "blue", "green", "yellow", "black"]
game = partial(arranged_game, face_up=ROW)


def test_draw_two_cards_blind_from_the_top_of_the_deck():
    g = game(deck=["white", "orange", "pink"])
    g.apply(DrawBlind())
    assert g.hand("Ann") == {"white": 1}
    assert g.pending == {"kind": "second_card"} and g.current_player == 0
    g.apply(DrawBlind())
    assert g.hand("Ann") == {"white": 1, "orange": 1}
    assert g.current_player == 1 and g.cards.deck == ["pink"]


def test_taken_face_up_card_is_replaced_at_once_in_its_place():
    g = game(deck=["white", "orange"])
    g.apply(DrawFaceUp("blue"))
    assert g.face_up == ["red", "white", "green", "yellow", "black"]
    assert g.cards.deck == ["orange"]


def test_face_up_locomotive_as_first_card_is_the_only_card():
    g = game(face_up=[LOCO, "red", "blue", "green", "yellow"], deck=["white", "orange"])
    g.apply(DrawFaceUp(LOCO))
    assert g.hand("Ann") == {LOCO: 1}
    assert g.current_player == 1 and g.pending is None
    assert g.face_up == ["white", "red", "blue", "green", "yellow"]


def test_face_up_locomotive_cannot_be_second_card():
    g = game(face_up=[LOCO, "red", "blue", "green", "yellow"], deck=["white", "orange"])
    g.apply(DrawFaceUp("red"))
    assert DrawFaceUp(LOCO) not in g.legal_actions()
    refused(g, DrawFaceUp(LOCO), "a face-up locomotive cannot be your second card")


def test_face_up_locomotive_just_turned_up_cannot_be_second_card():
    g = game(deck=[LOCO, "white"])
    g.apply(DrawFaceUp("red"))
    assert g.face_up == [LOCO, "blue", "green", "yellow", "black"]
    assert g.legal_actions() == [DrawBlind(), DrawFaceUp("blue"), DrawFaceUp("yellow"),
                                 DrawFaceUp("black"), DrawFaceUp("green")]
    refused(g, DrawFaceUp(LOCO), "a face-up locomotive cannot be your second card")


def test_blind_locomotive_counts_as_one_card():
    g = game(deck=[LOCO, "white"])
    g.apply(DrawBlind())
    assert g.hand("Ann") == {LOCO: 1} and g.pending == {"kind": "second_card"}
    g.apply(DrawBlind())
    assert g.hand("Ann") == {"white": 1, LOCO: 1} and g.current_player == 1


def test_only_a_card_that_is_face_up_can_be_taken():
    g = game(deck=["white"])
    refused(g, DrawFaceUp("pink"), "there is no face-up pink card")
    refused(g, DrawFaceUp(LOCO), "there is no face-up locomotive")


def test_three_face_up_locomotives_discard_all_five_and_redeal():
    g = game(face_up=[LOCO, LOCO, "red", "blue", "green"],
             deck=[LOCO, "white", "white", "yellow", "black", "orange", "pink"], discard=[],
             leftover="Bo")
    g.apply(DrawFaceUp("red"))
    # the replacement locomotive makes 3: the row [loco, loco, loco, blue, green] is discarded
    assert g.cards.discard == [LOCO, LOCO, LOCO, "blue", "green"]
    assert g.face_up == ["white", "white", "yellow", "black", "orange"]
    assert g.cards.deck == ["pink"]
    assert g.hand("Ann") == {"red": 1} and g.pending == {"kind": "second_card"}


def test_three_locomotive_redeal_is_repeated_while_it_happens_again():
    g = game(face_up=[LOCO, LOCO, "red", "blue", "green"],
             deck=[LOCO, LOCO, LOCO, LOCO, "red", "blue", "white", "white", "yellow", "black", "orange"],
             discard=[], leftover="Bo")
    g.apply(DrawFaceUp("red"))
    resets = [e for e in g.log if e["event"] == "face_up_reset"]
    assert len(resets) == 2
    assert resets[1]["discarded"] == [LOCO, LOCO, LOCO, "red", "blue"]
    assert g.face_up == ["white", "white", "yellow", "black", "orange"]
    assert g.cards.deck == []


def test_three_locomotive_redeal_stops_when_it_could_never_end():
    # After the replacement the row is 3 locomotives + blue + green, and the deck and the
    # discards are empty: any redeal of these 5 cards shows 3 locomotives again, so the engine
    # stops redealing (the rulebook does not cover this case).
    g = game(face_up=[LOCO, LOCO, "red", "blue", "green"], deck=[LOCO], discard=[], leftover="Bo")
    g.apply(DrawFaceUp("red"))
    assert g.face_up == [LOCO, LOCO, LOCO, "blue", "green"]
    assert not any(e["event"] == "face_up_reset" for e in g.log)
    assert g.cards.discard == [] and g.cards.deck == []


def test_three_locomotive_redeal_goes_on_when_one_more_card_makes_it_possible():
    # Same, but one white card is in the discards: 3 non-locomotives among 6 cards, so a redeal
    # of 5 can show only 2 locomotives, and the engine redeals until it does.
    g = game(face_up=[LOCO, LOCO, "red", "blue", "green"], deck=[LOCO], discard=["white"],
             leftover="Bo")
    g.apply(DrawFaceUp("red"))
    assert sorted(g.face_up) == ["blue", "green", LOCO, LOCO, "white"]
    assert g.cards.deck == [LOCO] and g.cards.discard == []


def test_empty_deck_shuffles_the_discard_pile_into_a_new_deck():
    g = game(deck=[], discard=["white", "white", "white"], leftover="Bo")
    g.apply(DrawBlind())
    assert g.hand("Ann") == {"white": 1}
    assert g.cards.deck == ["white", "white"] and g.cards.discard == []
    assert g.cards.shuffles == 1
    assert {"event": "reshuffle", "cards": 3, "shuffles": 1} in g.log


def test_no_blind_draw_when_deck_and_discards_are_both_empty():
    g = game(deck=[], discard=[], leftover="Bo")
    assert DrawBlind() not in g.legal_actions()
    refused(g, DrawBlind(), "there are no cards left to draw: the deck and the discard pile are both empty")
    # the face-up cards can still be taken; the place stays empty as nothing replaces it
    g.apply(DrawFaceUp("red"))
    assert g.face_up == ["blue", "green", "yellow", "black"]


def test_no_card_can_be_drawn_when_deck_discards_and_face_up_are_empty():
    g = game(face_up=[], deck=[], discard=[], leftover="Bo")
    kinds = {type(a) for a in g.legal_actions()}
    assert DrawBlind not in kinds and DrawFaceUp not in kinds
    assert DrawTickets in kinds and Pass not in kinds


def test_turn_ends_after_the_only_card_that_can_be_drawn():
    # one card in the deck, no discards, only a locomotive face up: after the blind card there
    # is no possible second card, so the turn ends
    g = game(face_up=[LOCO], deck=["white"], discard=[], leftover="Bo")
    g.apply(DrawBlind())
    assert g.hand("Ann") == {"white": 1}
    assert g.current_player == 1 and g.pending is None
    assert {"event": "no_second_card", "player": 0} in g.log


def test_face_up_places_left_empty_are_filled_when_cards_come_back():
    from ttr_teach.engine.maps import load_map

    route = load_map("europe").route("Amsterdam", "Bruxelles")  # length 1, black
    g = game(face_up=["red"], deck=[], discard=[], hands=[{}, {"black": 1}], leftover="Ann")
    g.apply(DrawFaceUp("red"))       # Ann's only card; the place stays empty, turn ends
    assert g.face_up == [] and g.current_player == 1
    bo_claims = [a for a in g.legal_actions() if getattr(a, "route", None) == route.index]
    g.apply(bo_claims[0])            # Bo's black card is discarded, then turned face up
    assert g.face_up == ["black"] and g.cards.discard == [] and g.cards.deck == []


def test_no_hand_limit():
    g = game(hands=[{"pink": 12, "orange": 12, "white": 11}, {}], deck=["white", "locomotive"])
    g.apply(DrawBlind())
    g.apply(DrawBlind())
    assert g.hand("Ann") == {"pink": 12, "white": 12, "orange": 12, LOCO: 1}
