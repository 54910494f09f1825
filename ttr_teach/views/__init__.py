"""Views: pictures and widgets of maps, positions and games.

:mod:`.svg` draws the board as SVG text, with its layout in :mod:`.geometry`, its colours in
:mod:`.style` and what a lesson points at in :mod:`.highlights`; :mod:`.widgets` holds the
interactive boards (ipycanvas and ipywidgets, imported only when a widget is made). Views draw
what the engine computes: they ask the engine to read and score a position.
"""
