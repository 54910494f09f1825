"""ttr_teach: an exact rules engine for Ticket to Ride (Europe and USA) with teaching views.

>>> import ttr_teach
>>> m = ttr_teach.load_map("europe")
>>> m.route("Paris", "Frankfurt", "white").length
3

Public names are imported lazily, so ``import ttr_teach`` is fast and importing the engine
never imports the widget libraries (those live in :mod:`ttr_teach.widgets`).
"""
from .lazy import lazy_exports

__version__ = "0.1.0"

_PUBLIC = {
    # errors
    "TTRError": "errors", "IllegalAction": "errors", "MapError": "errors", "PositionError": "errors",
    # maps and rules
    "load_map": "mapdata", "Map": "mapdata", "City": "mapdata", "Route": "mapdata", "Ticket": "mapdata",
    "RuleSet": "rules", "EUROPE": "rules", "USA": "rules", "COLORS": "rules",
    # positions and scoring
    "Position": "position", "load_position": "position",
    "score_position": "scoring",
    "longest_route_length": "longest", "longest_route": "longest",
    "longest_route_certificate": "longest", "station_choices": "tickets",
    # the game
    "Game": "game", "RandomBot": "bots", "play_random_game": "bots",
    "payment_options": "payment", "why_cannot_pay": "payment",
    # probability and planning
    "tunnel_extra_distribution": "probability", "market_reset_probability": "probability",
    "cheapest_network": "planning", "approximate_network": "planning",
    "cheapest_completion": "planning",
    # pictures
    "board_svg": "svg",
    # the interactive sandbox board (imports ipywidgets/ipycanvas only when used)
    "sandbox": "widgets", "BoardWidget": "widgets",
}

__all__ = sorted(_PUBLIC)


__getattr__, __dir__ = lazy_exports(__name__, _PUBLIC, globals())
