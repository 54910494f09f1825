"""The parts behind Game: typed pending decisions saved exactly as before, one table of log
sentences that knows every event, one hand reader, one face-up reset rule."""
import json

import pytest

from ttr_teach.engine.actions import ClaimRoute, DrawBlind, DrawTickets
from ttr_teach.engine.cards import TrainCards, read_hand, redeal_can_end
from ttr_teach.engine.errors import TTRError
from ttr_teach.engine.game import log as game_log
from ttr_teach.engine.game.core import Game
from ttr_teach.engine.game.pending import SecondCard, TicketChoice, TunnelPayment, pending_from_dict
from ttr_teach.engine.rules import EUROPE, USA
from ttr_teach.players.random_bot import play_random_game

from ..helpers import arranged_game


def test_pending_decisions_are_saved_in_the_same_json_as_before_key_for_key():
    # the saved-game format: {"kind": ...} and, for a tunnel, the claim's cards in this order
    assert json.dumps(SecondCard().to_dict()) == '{"kind": "second_card"}'
    assert json.dumps(TicketChoice().to_dict()) == '{"kind": "tickets"}'
    tunnel = TunnelPayment(28, "black", 3, 0, ("black", "red", "blue"))
    assert json.dumps(tunnel.to_dict()) == (
        '{"kind": "tunnel", "route": 28, "color": "black", "colored": 3, "locomotives": 0, '
        '"revealed": ["black", "red", "blue"]}')
    for p in (SecondCard(), TicketChoice(), tunnel):
        assert pending_from_dict(p.to_dict()) == p


def test_a_saved_game_reads_back_to_the_same_json_text_in_every_kind_of_moment():
    g = arranged_game(hands=[{"black": 4}, {}], deck=["black", "red", "blue", "green"],
                      ticket_deck=[0, 1, 2, 3])
    texts = [json.dumps(g.to_dict())]
    g.apply(ClaimRoute(g.map.route("Madrid", "Pamplona", "black").index, "black", 3, 0))   # tunnel
    texts.append(json.dumps(g.to_dict()))
    g.apply(g.legal_actions()[-1])                  # decline
    g.apply(DrawBlind())                            # Bo: second card pending
    texts.append(json.dumps(g.to_dict()))
    g.apply(DrawBlind())
    g.apply(DrawTickets())                          # Ann: ticket choice pending
    texts.append(json.dumps(g.to_dict()))
    for text in texts:
        assert json.dumps(Game.from_dict(json.loads(text)).to_dict()) == text


def test_every_event_a_game_writes_has_a_constant_and_a_line_in_the_table():
    names = {v for k, v in vars(game_log).items() if k.isupper() and isinstance(v, str)}
    assert set(game_log.EVENT_TEXT) == names
    seen = set()
    for map_name, n, seed in [("europe", 3, 2), ("usa", 2, 4), ("europe", 5, 1)]:
        g = play_random_game(map_name, n, seed)
        seen |= {e["event"] for e in g.log}
        assert g.history()                          # every entry reads without an error
    assert seen <= names
    assert {"new_game", "action", "drew", "claimed", "final_round", "game_over"} <= seen


def test_one_hand_reader_for_dicts_and_lists_of_cards():
    assert read_hand(["red", "red", "locomotive"]) == read_hand({"red": 2, "locomotive": 1})
    assert list(read_hand({})) == ["pink", "white", "blue", "yellow", "orange", "black", "red",
                                   "green", "locomotive"]
    with pytest.raises(TTRError, match="the deck must be a mapping"):
        read_hand(["red"], "deck", lists=False)
    with pytest.raises(TTRError, match="the hand has 'purple' cards"):
        read_hand(["purple"])
    with pytest.raises(TTRError, match="a count cannot be negative"):
        read_hand({"red": -2})


def test_arranged_game_reads_hands_with_the_same_reader():
    from ttr_teach.engine.errors import PositionError

    assert arranged_game(hands=[["red", "red"], {}]).hand("Ann") == {"red": 2}
    with pytest.raises(PositionError, match="arranged game: player 'Ann': the hand has 'purple' cards"):
        arranged_game(hands=[{"purple": 1}, {}])


@pytest.mark.parametrize("rules", [EUROPE, USA])
def test_face_up_reset_can_end_only_with_enough_other_cards(rules):
    # a deal of 5 from the pool shows fewer than 3 locomotives only if 3 other cards exist
    assert redeal_can_end(14, 3, rules) and not redeal_can_end(14, 2, rules)
    # with 4 cards in all, all 4 are dealt: 2 other cards are needed
    assert redeal_can_end(2, 2, rules) and not redeal_can_end(3, 1, rules)
    market = TrainCards(rules, 0, ["locomotive"], ["red", "blue"], ["locomotive"] * 3)
    assert market.reset_can_end() == redeal_can_end(4, 2, rules)


def test_probability_simulation_uses_the_engines_reset_rule():
    import ttr_teach.algorithms.probability as probability
    import ttr_teach.algorithms.simulation as simulation

    assert simulation.redeal_can_end is redeal_can_end
    assert probability.check_deck({"red": 1})["locomotive"] == 0
