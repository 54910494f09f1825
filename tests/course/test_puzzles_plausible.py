"""why_implausible: a legal position that no real game could reach is named with its reason,
and the puzzle generator never builds on one (a "final" position nobody could end the game in,
a winner below zero: issue 25's winner puzzle of -22 against -25)."""
from __future__ import annotations

import random

import pytest

from ttr_teach.course.puzzles.generator import PlayedGame
from ttr_teach.course.puzzles.plausible import why_implausible
from ttr_teach.engine.position import Position
from ttr_teach.engine.scoring import score_position

TWO_TICKETS = [["Angora", "Athina"], ["Budapest", "Sofia"]]


def europe(*players) -> Position:
    return Position.from_dict({"map": "europe", "players": list(players)})


def test_a_mid_game_position_is_plausible_but_not_as_the_end_of_the_game():
    pos = europe({"name": "Ann", "routes": [["Paris", "Frankfurt"]], "tickets": TWO_TICKETS},
                 {"name": "Bo", "tickets": [["Erzurum", "Rostov"], ["Smyrna", "Sofia"]]})
    assert why_implausible(pos) is None
    assert why_implausible(pos, final=True) == (
        "the game cannot end in this position: every player still has more than 2 trains (the fewest "
        "left are Ann's 42); it ends when someone is down to 2 or fewer")


def test_every_player_keeps_at_least_two_tickets_when_the_puzzle_uses_them():
    pos = europe({"name": "Ann", "tickets": [["Angora", "Athina"]]}, {"name": "Bo", "tickets": TWO_TICKETS[1:]})
    assert why_implausible(pos) == "Ann holds 1 ticket; every player keeps at least 2 at the start of a game"
    assert why_implausible(pos, uses_tickets=False) is None      # a puzzle about routes alone


def test_europe_deals_one_long_ticket_a_player_and_the_usa_none():
    pos = europe({"name": "Ann", "tickets": [["Brest", "Petrograd"], ["Danzig", "Lisboa"]]},
                 {"name": "Bo", "tickets": TWO_TICKETS})
    assert why_implausible(pos) == "Ann holds 2 long tickets; a game deals 1 long ticket to each player"


def test_a_final_position_whose_winner_is_below_zero_is_refused():
    # Ann has used 43 trains on short routes (so the game may end) and fails most of her tickets;
    # Bo has claimed nothing: both end below zero, and Ann is ahead
    routes = [["Amsterdam", "Bruxelles"], ["Budapest", "Wien", "red"], ["Dieppe", "Paris"],
              ["Amsterdam", "Frankfurt"], ["Barcelona", "Madrid"], ["Berlin", "Essen"], ["Brest", "Dieppe"],
              ["Brindisi", "Roma"], ["Bruxelles", "Dieppe"], ["Bruxelles", "Frankfurt"],
              ["Bruxelles", "Paris", "red"], ["Budapest", "Zagrab"], ["Cadiz", "Lisboa"], ["Danzig", "Warszawa"],
              ["Essen", "Frankfurt"], ["Frankfurt", "Munchen"], ["Kharkov", "Rostov"], ["Kyiv", "Wilno"],
              ["Moskva", "Smolensk"], ["Roma", "Venezia"], ["Rostov", "Sochi"], ["Venezia", "Zagrab"],
              ["Wien", "Zagrab"]]
    pos = europe({"name": "Ann", "routes": routes,
                  "tickets": [["Frankfurt", "Smolensk"], ["Amsterdam", "Wilno"], ["Berlin", "Moskva"],
                              ["Athina", "Wilno"], ["Brest", "Petrograd"]]},
                 {"name": "Bo", "tickets": [["Cadiz", "Stockholm"], ["Angora", "Athina"]]})
    result = score_position(pos)
    totals = {r["name"]: r["total"] for r in result["players"]}
    assert pos.players[0].trains_left <= 2 and max(totals.values()) < 0, totals
    winner = result["winner"]
    assert why_implausible(pos, final=True) == (f"the winner, {winner}, ends with {totals[winner]} points; "
                                                "a real game's winner does not score below zero")


@pytest.mark.parametrize("map_name", ["europe", "usa"])
def test_every_end_position_of_a_bot_game_could_end_it(map_name):
    game = PlayedGame(map_name, 3, 11)
    ends = game.end_positions(random.Random(0))
    assert ends[0] == game.snapshots[-1] and len(ends) >= 1
    assert all(min(p.trains_left for p in pos.players) <= 2 for pos in ends)
