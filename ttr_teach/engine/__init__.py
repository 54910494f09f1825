"""The engine: the rules of Ticket to Ride, exact, in plain Python (networkx, sympy, scipy).

Maps (:mod:`.maps`) and the two rule sets (:mod:`.rules`); the cards (:mod:`.cards`), paying
for routes and stations (:mod:`.payment`), who may own what (:mod:`.claims`); the actions and
the game (:mod:`.actions`, :mod:`.game`); positions (:mod:`.position`), final scoring
(:mod:`.scoring`), tickets and stations (:mod:`.tickets`) and the longest route
(:mod:`.longest`). Nothing here imports a view or a widget library (only ``_repr_svg_``
methods reach up to :mod:`ttr_teach.views` when Jupyter asks for a picture).
"""
