"""Interactive views: the clickable board (ipycanvas) and its panel (ipywidgets).

This is the only part of ``ttr_teach`` that imports ipycanvas and ipywidgets for the board,
and it does so only when a widget is made. The click logic lives in :class:`SandboxModel`,
a plain Python class that can be used (and tested) without a browser.

>>> from ttr_teach.views.widgets import SandboxModel
>>> sandbox = SandboxModel("europe", players=["Ann", "Bo"])
>>> sandbox.click_route(sandbox.map.route("Paris", "Frankfurt", "white")).ok
True
>>> sandbox.message
'Ann claims Frankfurt–Paris (white, 3 trains): 4 points.'
"""
from ...lazy import lazy_exports

_PUBLIC = {
    "SandboxModel": "model", "Outcome": "model", "DEFAULT_PLAYERS": "model",
    "BoardWidget": "board", "BoardCanvas": "canvas_board", "sandbox": "board",
    "sample_position": "model",
    "PlayModel": "play_model", "PlayWidget": "play_widget", "play": "play_widget",
    "PlaySetup": "play_setup",
    "replay": "replay_widget", "ReplayWidget": "replay_widget", "ReplayModel": "replay_model",
}

__all__ = sorted(_PUBLIC)


__getattr__, __dir__ = lazy_exports(__name__, _PUBLIC, globals())
