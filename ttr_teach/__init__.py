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
never imports the widget libraries. The short module names the notebooks use
(``ttr_teach.widgets``, ``ttr_teach.lessons``, ``ttr_teach.puzzles``, ``ttr_teach.exercises``)
and the flat names of earlier versions (``ttr_teach.graphs``, ``ttr_teach.scoring``, ...) import
the same modules from their floors.
"""
from .lazy import install_aliases, lazy_exports

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
    # pictures
    "board_svg": "views.svg",
    # the interactive sandbox board (imports ipywidgets/ipycanvas only when used)
    "sandbox": "views.widgets", "BoardWidget": "views.widgets",
    # the floors, and the short module names the notebooks use
    "engine": "module:engine", "algorithms": "module:algorithms", "players": "module:players",
    "views": "module:views", "course": "module:course",
    "widgets": "module:views.widgets", "lessons": "module:course.lessons",
    "puzzles": "module:course.puzzles", "exercises": "module:course.exercises",
}

#: Module names kept from before the floors (and the notebooks' short names) -> where they are.
MODULE_ALIASES = {f"{__name__}.{old}": f"{__name__}.{new}" for old, new in {
    "widgets": "views.widgets", "lessons": "course.lessons", "puzzles": "course.puzzles",
    "exercises": "course.exercises", "puzzles.bot": "players.planner_bot",
    "errors": "engine.errors", "rules": "engine.rules", "mapdata": "engine.maps",
    "cards": "engine.cards", "payment": "engine.payment", "claims": "engine.claims",
    "actions": "engine.actions", "position": "engine.position", "game": "engine.game",
    "game_state": "engine.game.state", "game_arranged": "engine.game.arranged",
    "game_log": "engine.game.log", "scoring": "engine.scoring", "tickets": "engine.tickets",
    "longest": "engine.longest", "text": "engine.text",
    "graphs": "algorithms", "planning": "algorithms",   # split into modules: the package has every name
    "probability": "algorithms.probability", "bots": "players.random_bot",
    "svg": "views.svg", "board_geometry": "views.geometry", "board_style": "views.style",
    "highlight": "views.highlights",
}.items()}

__all__ = sorted(name for name, where in _PUBLIC.items() if not where.startswith("module:"))

install_aliases(MODULE_ALIASES)
__getattr__, __dir__ = lazy_exports(__name__, _PUBLIC, globals())
