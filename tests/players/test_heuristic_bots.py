"""The one-idea opponents (``ttr_teach.players.heuristic_bots``) do what their names say, and
the levels (``ttr_teach.players.levels``) are the built-in bots, weakest first.

Each bot plays a whole game of each map with its every free-turn decision recorded; the test
checks the decision against the bot's one rule on the view it was made from.
"""
import pytest

from ttr_teach.engine.actions import ClaimRoute, DrawBlind, DrawFaceUp
from ttr_teach.engine.rules import LOCOMOTIVE
from ttr_teach.players import ExpertBot, PlannerBot, play_game
from ttr_teach.players.bot_loading import BUILTIN, make_bot
from ttr_teach.players.heuristic_bots import (
    HOARD,
    HOARD_END_TRAINS,
    GreedyBot,
    HoarderBot,
    ShortestPathBot,
    path_routes,
)
from ttr_teach.players.levels import LEVELS, BeginnerBot, ClubBot


class Recorded:
    """Wraps a bot: keeps ``(view, action)`` for each of its free turns."""

    def __init__(self, bot):
        self.bot, self.turns = bot, []

    def choose(self, view):
        action = self.bot.choose(view)
        if view.pending is None and view.phase == "play":
            self.turns.append((view, action))
        return action


def played(bot, map_name, seed=1):
    """The free turns ``bot`` played in a whole game against a PlannerBot."""
    me = Recorded(bot)
    game = play_game(map_name, [me, PlannerBot(seed)], seed=seed)
    assert game.is_over
    return me.turns


def unfinished(view):
    return [t for t in view.tickets if not view.ticket_done(t)]


@pytest.mark.parametrize("map_name", ["europe", "usa"])
def test_greedy_bot_claims_the_longest_route_it_can_pay_for_now(map_name):
    turns = played(GreedyBot(2), map_name)
    claims = 0
    for view, action in turns:
        lengths = [view.map.routes[a.route].length for a in view.legal_actions() if isinstance(a, ClaimRoute)]
        if isinstance(action, ClaimRoute):
            claims += 1
            assert view.map.routes[action.route].length == max(lengths)
            assert action.locomotives == min(a.locomotives for a in view.legal_actions()
                                             if isinstance(a, ClaimRoute) and a.route == action.route)
        else:                                   # it draws only when it can claim nothing
            assert lengths == []
    assert claims > 5


@pytest.mark.parametrize("map_name", ["europe", "usa"])
def test_hoarder_bot_draws_until_its_hand_pays_for_its_network_then_claims(map_name):
    turns = played(HoarderBot(3), map_name)
    claims = [(v, a) for v, a in turns if isinstance(a, ClaimRoute)]
    assert claims
    for view, action in claims:
        network = path_routes(view, unfinished(view))
        cards = sum(view.hand.values())
        near_end = min(p.trains for p in view.players_info) <= HOARD_END_TRAINS or view.final_round
        assert cards >= HOARD or near_end or not network or cards >= sum(r.length for r in network)
        if network and action.route not in {r.index for r in network}:
            # off the network only when none of the network's routes can be claimed
            assert not any(isinstance(a, ClaimRoute) and a.route in {r.index for r in network}
                           for a in view.legal_actions())
    first = turns.index(claims[0])
    assert first >= 3 and all(isinstance(a, (DrawBlind, DrawFaceUp)) for _, a in turns[:first])


@pytest.mark.parametrize("map_name", ["europe", "usa"])
def test_shortest_path_bot_claims_only_its_tickets_shortest_paths_while_they_are_open(map_name):
    turns = played(ShortestPathBot(4), map_name)
    on_path = 0
    for view, action in turns:
        wanted = {r.index for r in path_routes(view, unfinished(view))}
        if isinstance(action, ClaimRoute) and wanted:
            assert action.route in wanted
            on_path += 1
        if isinstance(action, DrawFaceUp):      # a face-up card only of a colour it wants
            assert action.card != LOCOMOTIVE
    assert on_path > 3


def test_the_heuristic_bots_draw_no_tickets_and_build_no_stations():
    for bot in (GreedyBot(5), HoarderBot(5), ShortestPathBot(5)):
        for _, action in played(bot, "europe", seed=5):
            assert action.type not in ("draw_tickets", "build_station"), (type(bot).__name__, action)


def test_the_levels_are_built_in_bots_weakest_first():
    assert list(LEVELS) == ["beginner", "casual", "club", "expert"]
    assert list(BUILTIN)[:4] == list(LEVELS)
    assert [type(make_bot(name, 1)) for name in LEVELS] == [BeginnerBot, PlannerBot, ClubBot, ExpertBot]


def test_club_bot_is_reproducible_from_its_seed():
    games = [play_game("usa", [ClubBot(7), BeginnerBot(7)], seed=7) for _ in range(2)]
    assert [p.total for p in games[0].final_scores().players] == [p.total for p in games[1].final_scores().players]
    assert games[0].turn == games[1].turn
