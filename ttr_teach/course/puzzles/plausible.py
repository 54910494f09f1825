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

from ...engine.i18n import ngettext


def why_implausible(position, final: bool = False, uses_tickets: bool = True) -> str | None:
    """Why no real game could reach ``position`` (one sentence, in the language spoken), or None
    when one could.

    ``final``: the position is presented as the end of the game. ``uses_tickets``: the
    players' tickets are part of the puzzle (a puzzle about routes alone may leave them out).
    Cost: a final position is scored once (cached on the position).
    """
    rules = position.map.rules
    for p in position.players:
        if uses_tickets and len(p.tickets) < rules.setup_keep_at_least:
            return ngettext("{player} holds {n} ticket; every player keeps at least {least} at the start of a game",
                            "{player} holds {n} tickets; every player keeps at least {least} at the start of a game",
                            len(p.tickets)).format(player=p.name, n=len(p.tickets), least=rules.setup_keep_at_least)
        long = sum(1 for t in p.tickets if t.long)
        if long > rules.setup_long_tickets:
            dealt = rules.setup_long_tickets
            if not dealt:
                return ngettext("{player} holds {n} long ticket; a game deals none",
                                "{player} holds {n} long tickets; a game deals none", long).format(
                    player=p.name, n=long)
            # more held than dealt: {n} is 2 or more
            return ngettext("{player} holds {n} long tickets; a game deals {dealt} long ticket to each player",
                            "{player} holds {n} long tickets; a game deals {dealt} long tickets to each player",
                            dealt).format(player=p.name, n=long, dealt=dealt)
    if final:
        return _why_not_an_end(position)
    return None


def _why_not_an_end(position) -> str | None:
    from ...engine.scoring import score_position

    trigger = position.map.rules.end_trigger_trains
    fewest = min(position.players, key=lambda p: p.trains_left)
    if fewest.trains_left > trigger:
        return ngettext("the game cannot end in this position: every player still has more than {n} train (the "
                        "fewest left are {player}'s {left}); it ends when someone is down to {n} or fewer",
                        "the game cannot end in this position: every player still has more than {n} trains (the "
                        "fewest left are {player}'s {left}); it ends when someone is down to {n} or fewer",
                        trigger).format(n=trigger, player=fewest.name, left=fewest.trains_left)
    result = score_position(position)
    rows = {r["name"]: r["total"] for r in result["players"]}
    winner = result["winner"]
    if winner is not None and rows[winner] < 0:
        return ngettext("the winner, {winner}, ends with {points} point; a real game's winner does not score "
                        "below zero",
                        "the winner, {winner}, ends with {points} points; a real game's winner does not score "
                        "below zero", rows[winner]).format(winner=winner, points=rows[winner])
    return None
