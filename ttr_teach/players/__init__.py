"""Players: bots that choose an action for a seat.

:mod:`.random_bot` (uniformly random legal actions, and :func:`play_random_game`) and
:mod:`.planner_bot` (plans its tickets with the cheapest network; used to make puzzles).
"""
