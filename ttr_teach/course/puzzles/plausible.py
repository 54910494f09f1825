"""Whether a puzzle's position is one a real game could reach, and if not, why.

The engine's :meth:`~ttr_teach.engine.position.Position.validate` refuses positions that break a
rule (a route owned twice, more trains than a player has). A legal position may still be one no
game of Ticket to Ride could reach, and a puzzle built on it teaches something untrue.
:func:`why_implausible` names the first such reason:

* a player holds fewer tickets than everyone keeps at the start of a game (when the puzzle's
  answer depends on the tickets), or more long tickets than are dealt (Europe deals one long
  ticket to each player, and the others leave the game);
* a position said to be the game's end (``final=True``: "the game ends in this position") where
  nobody is down to the trains that end it, or whose winner has a negative score.

>>> from ttr_teach.engine.position import Position
>>> pos = Position.from_dict({"map": "usa", "players": [
...     {"name": "Ann", "routes": [["Denver", "Omaha"]], "tickets": [["Denver", "El Paso"], ["Atlanta", "New York"]]},
...     {"name": "Bo", "tickets": [["Duluth", "Houston"], ["Chicago", "Santa Fe"]]}]})
>>> why_implausible(pos) is None
True
>>> print(why_implausible(pos, final=True))   # doctest: +ELLIPSIS
the game cannot end in this position: every player still has more than 2 trains (the fewest left ...
"""
from __future__ import annotations

from ...engine.text import plural


def why_implausible(position, final: bool = False, uses_tickets: bool = True) -> str | None:
    """Why no real game could reach ``position`` (one sentence), or None when one could.

    ``final``: the position is presented as the end of the game. ``uses_tickets``: the
    players' tickets are part of the puzzle (a puzzle about routes alone may leave them out).
    Cost: a final position is scored once (cached on the position).
    """
    rules = position.map.rules
    for p in position.players:
        if uses_tickets and len(p.tickets) < rules.setup_keep_at_least:
            return (f"{p.name} holds {plural(len(p.tickets), 'ticket')}; every player keeps at least "
                    f"{rules.setup_keep_at_least} at the start of a game")
        long = sum(1 for t in p.tickets if t.long)
        if long > rules.setup_long_tickets:
            return (f"{p.name} holds {plural(long, 'long ticket')}; a game deals "
                    + (f"{plural(rules.setup_long_tickets, 'long ticket')} to each player"
                       if rules.setup_long_tickets else "none"))
    if final:
        return _why_not_an_end(position)
    return None


def _why_not_an_end(position) -> str | None:
    from ...engine.scoring import score_position

    trigger = position.map.rules.end_trigger_trains
    fewest = min(position.players, key=lambda p: p.trains_left)
    if fewest.trains_left > trigger:
        return (f"the game cannot end in this position: every player still has more than "
                f"{plural(trigger, 'train')} (the fewest left are {fewest.name}'s {fewest.trains_left}); "
                f"it ends when someone is down to {trigger} or fewer")
    result = score_position(position)
    rows = {r["name"]: r["total"] for r in result["players"]}
    winner = result["winner"]
    if winner is not None and rows[winner] < 0:
        return f"the winner, {winner}, ends with {rows[winner]} points; a real game's winner does not score below zero"
    return None
