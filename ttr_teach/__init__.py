"""ttr_teach: an exact rules engine for Ticket to Ride (Europe and USA) with teaching views.

>>> import ttr_teach
>>> m = ttr_teach.load_map("europe")
>>> m.route("Paris", "Frankfurt", "white").length
3

The package is built in floors, each importing only the floors below it
(``docs/architecture.md``): :mod:`~ttr_teach.engine` (maps, rules, the game, positions,
scoring, the longest route), :mod:`~ttr_teach.algorithms` (the map as a graph, searches,
planning, probability), :mod:`~ttr_teach.players` (bots), :mod:`~ttr_teach.views` (the SVG
board and the widgets) and :mod:`~ttr_teach.course` (exercises, lessons, puzzles).

Public names are imported lazily, so ``import ttr_teach`` is fast and importing the engine
never imports the widget libraries. Every module has one name, its path in its floor
(``ttr_teach.course.lessons.tunnels``, ``ttr_teach.views.widgets``).
"""
import sys

from .lazy import lazy_exports

__version__ = "0.2.0"

_PUBLIC = {
    # errors
    "TTRError": "engine.errors", "IllegalAction": "engine.errors", "MapError": "engine.errors",
    "PositionError": "engine.errors", "ReplayError": "engine.errors", "FileError": "engine.errors",
    "ArgumentError": "engine.errors", "NotFoundError": "engine.errors", "LimitError": "engine.errors",
    "ToolError": "engine.errors",
    # maps and rules
    "load_map": "engine.maps", "Map": "engine.maps", "City": "engine.maps", "Route": "engine.maps",
    "Ticket": "engine.maps",
    "RuleSet": "engine.rules", "EUROPE": "engine.rules", "USA": "engine.rules", "COLORS": "engine.rules",
    # positions and scoring
    "Position": "engine.position", "load_position": "engine.position",
    "score": "engine.scoring", "Score": "engine.scoring", "score_position": "engine.scoring",
    "longest_route_length": "engine.longest", "longest_route": "engine.longest",
    "longest_route_certificate": "engine.longest", "station_choices": "engine.tickets",
    # the game
    "Game": "engine.game", "payment_options": "engine.payment", "why_cannot_pay": "engine.payment",
    # players
    "RandomBot": "players.random_bot", "play_random_game": "players.random_bot",
    "PlannerBot": "players.planner_bot", "ExpertBot": "players.expert", "play_game": "players.play",
    "PlayerView": "players.view",
    "tournament": "players.tournament", "TournamentResult": "players.tournament_result",
    # probability and planning
    "tunnel_extra_distribution": "algorithms.probability",
    "market_reset_probability": "algorithms.probability",
    "cheapest_network": "algorithms.planning", "approximate_network": "algorithms.planning",
    "cheapest_completion": "algorithms.planning",
    "best_score": "algorithms.best_score", "BestScore": "algorithms.best_score",
    # the language the package speaks (messages, widgets, the CLI)
    "set_language": "engine.i18n", "language": "engine.i18n",
    # pictures
    "board_svg": "views.svg",
    # the interactive sandbox board (imports ipywidgets/ipycanvas only when used)
    "sandbox": "views.widgets", "BoardWidget": "views.widgets",
    # the floors
    "engine": "module:engine", "algorithms": "module:algorithms", "players": "module:players",
    "views": "module:views", "course": "module:course",
}

__all__ = sorted(name for name, where in _PUBLIC.items() if not where.startswith("module:"))

__getattr__, __dir__ = lazy_exports(__name__, _PUBLIC, globals())


def _pictures_with_alt_text() -> None:
    """In a notebook, SVG pictures and matplotlib figures are shown with alternative text
    (:mod:`ttr_teach.views.alt_text`), so a screen reader can say what they show."""
    if "IPython" in sys.modules:
        from .views.alt_text import install
        install()


_pictures_with_alt_text()
