"""Players: bots that choose an action for a seat, seeing only what that seat may see.

Every bot implements one method, ``choose(view) -> action`` (:mod:`.protocol`), where
``view`` is a :class:`~ttr_teach.players.view.PlayerView`: the player's hand and tickets,
the board and every public count, never the game itself. :func:`~.play.play_game` plays a
whole game between bots. The bots: :class:`~.random_bot.RandomBot` (random legal actions;
also :func:`~.random_bot.play_random_game`), :class:`~.planner_bot.PlannerBot` (plays for
its tickets; used to make puzzles) and :class:`~.expert.ExpertBot` (the strongest: exact
ticket networks, urgency, tunnel odds, stations, the end-game); :mod:`.levels` names them by
level (beginner, casual, club, expert), and :mod:`.heuristic_bots` holds simple one-idea
opponents (greedy, hoarder, shortest paths) to measure them against. :mod:`.coach` proposes a move
with its reason. ``docs/bots.md`` explains how to write a bot.
"""
from ..lazy import lazy_exports

_PUBLIC = {
    "PlayerView": "view", "PlayerInfo": "view", "PublicLog": "public_log",
    "Bot": "protocol", "as_view": "protocol",
    "play_game": "play", "Table": "play", "BotError": "play",
    "RandomBot": "random_bot", "play_random_game": "random_bot",
    "PlannerBot": "planner_bot", "ExpertBot": "expert",
    "BeginnerBot": "levels", "ClubBot": "levels", "LEVELS": "levels",
    "GreedyBot": "heuristic_bots", "HoarderBot": "heuristic_bots", "ShortestPathBot": "heuristic_bots",
    "Hint": "coach", "hint": "coach", "why_not": "coach",
    "determinize": "determinize",
    # tournaments (the function is ttr_teach.tournament: the name here is its module's)
    "TournamentResult": "tournament_result", "GameRecord": "records", "Fault": "referee",
    "referee_game": "referee", "load_bot_class": "bot_loading",
    "make_bot": "bot_loading", "BotLoadError": "bot_loading", "collect_bots": "bot_loading",
}

__all__ = sorted(_PUBLIC)
__getattr__, __dir__ = lazy_exports(__name__, _PUBLIC, globals())
