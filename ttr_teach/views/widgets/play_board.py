"""What the board of a game in the notebook points at for the person looking: their tickets'
progress (the path of a completed ticket; for the others, the gap still open and their own
routes on the cheapest way to close it, the path so far).

The facts come from the engine: completion from the typed
:class:`~ttr_teach.engine.scoring.Score` of the person's view of the board (stations borrowing
as at final scoring), the path so far from
:func:`~ttr_teach.algorithms.planning.cheapest_completion` (own routes free, others' routes
closed). Items are highlight items (:mod:`ttr_teach.views.highlights`).

>>> from ttr_teach.engine.game.core import Game
>>> from ttr_teach.players.view import PlayerView
>>> game = Game.arranged("europe", ["Ann", "Bo"],
...     routes=[[["Paris", "Frankfurt", "white"], ["Frankfurt", "Essen"], 55], []],
...     tickets=[[["Paris", "Wien"], ["Frankfurt", "Kobenhavn"]], []])
>>> view = PlayerView(game, 0)
>>> items = ticket_highlights(view, view.position(), view.tickets)
>>> [item["label"] for item in items if "label" in item]
['Paris–Wien (8): 5 more trains', 'Frankfurt–København (5): completed']
"""
from __future__ import annotations

from typing import Any

from ...algorithms.planning import cheapest_completion
from ...algorithms.plans import Completion
from ...engine.i18n import gettext, ngettext
from ...engine.scoring import score as score_of
from ..style import HIGHLIGHT_COLORS
from .play_scoring import COMPLETED

#: Colours of the tickets not completed yet, in turn (the completed ones are green).
OPEN_COLORS = tuple(c for c in HIGHLIGHT_COLORS if c != "#00a383")


def ticket_progress(view, position, tickets) -> list:
    """``(ticket, completed, plan)`` for each of ``tickets`` (the view's own): completed as at
    final scoring, else the cheapest completion by the player's own routes (``plan`` None for
    a completed ticket)."""
    me = score_of(position).players[view.seat]
    out: list[tuple[Any, bool, Completion | None]] = []
    for t in tickets:
        outcome = me.outcome(t)
        if outcome is not None and outcome.completed:
            out.append((t, True, None))
        else:
            out.append((t, False, cheapest_completion(position, view.seat, [(t.a, t.b)], use_stations=False)))
    return out


def progress_text(plan) -> str:
    """What an open ticket still needs, from its ``plan``."""
    if plan is None:
        return gettext("completed")
    if not plan.possible:
        return gettext("cannot be completed by your own routes any more")
    return ngettext("{n} more train", "{n} more trains", plan.trains).format(n=plan.trains)


def ticket_highlights(view, position, tickets, progress=None) -> list:
    """Highlight items for ``tickets`` (the view's own) on ``position`` (the view's board);
    ``progress``: their :func:`ticket_progress`, if already known."""
    items = []
    for k, (t, done, plan) in enumerate(
            ticket_progress(view, position, tickets) if progress is None else progress):
        if done:
            items.append({"ticket": [t.a, t.b], "player": view.name, "color": COMPLETED,
                          "label": gettext("{ticket}: {progress}").format(ticket=t, progress=gettext("completed"))})
            continue
        color = OPEN_COLORS[k % len(OPEN_COLORS)]
        so_far = _own_routes(view, plan.owned)
        if so_far:
            items.append({"routes": so_far, "color": color})
        items.append({"ticket": [t.a, t.b], "player": view.name, "color": color,
                      "label": gettext("{ticket}: {progress}").format(ticket=t, progress=progress_text(plan))})
    return items


def _own_routes(view, routes) -> list:
    """Indices of the view's own routes among ``routes`` (a plan's: for a double route either half)."""
    mine = {frozenset(r.cities): r.index for r in view.me.routes}
    return [mine[frozenset(r.cities)] for r in routes if frozenset(r.cities) in mine]
