"""What a puzzle shows beside its board: every fact its answer depends on, in words.

The board shows the routes, who owns them and the stations. Everything else the answer needs
is listed here: each player's tickets (for the kinds whose answer depends on them), and for a
tunnel the cards that may be revealed, the cards laid down and the hand. The notebooks, the
worksheets and the answer key show these lines with the question, and the tests rebuild every
puzzle from the board and these lines alone to check that its key follows from what is shown.

>>> from ttr_teach.course.puzzles.format import puzzle_from_data
>>> p = puzzle_from_data({"id": "demo", "title": "Demo", "level": "introductory",
...     "kind": "tickets_completed", "player": "Ann", "position": {"map": "europe", "players": [
...         {"name": "Ann", "routes": [["Paris", "Frankfurt", "white"]], "tickets": [["Paris", "Wien"]]},
...         {"name": "Bo"}]},
...     "question": "Which of Ann's tickets are completed?", "answer": [],
...     "hint": "Follow the trains.", "explanation": "Paris–Wien is not completed: none."})
>>> fact_lines(p)
["Ann's tickets: Paris–Wien (8)", "Bo's tickets: none"]
"""
from __future__ import annotations

import html

from ...engine.i18n import N_, gettext, ngettext
from ...engine.rules import LOCOMOTIVE
from ...engine.text import colour_count, colour_name, listing

#: How a deck of the whole game is written.
FULL_DECK_WORDS = N_("the whole deck of 110 cards (12 of each of the 8 colours and 14 locomotives)")


def ticket_words(map, t) -> str:
    """``"Paris–Wien (8)"``: a ticket in board names with its points."""
    return f"{map.cities[t.a].name}–{map.cities[t.b].name} ({t.points})"


def cards_words(cards: dict) -> str:
    """``"3 pink, 4 white, 2 locomotives"`` (``"no cards"`` when empty)."""
    parts = [ngettext("{n} locomotive", "{n} locomotives", n).format(n=n) if k == LOCOMOTIVE else colour_count(n, k)
             for k, n in cards.items() if n]
    return listing(parts) or gettext("no cards")


def fact_lines(puzzle) -> list:
    """The facts shown with the question, one line each (plain text)."""
    lines = []
    m, pos = puzzle.map, puzzle.position
    if pos is not None and puzzle.kind.uses_tickets:
        for p in pos.players:
            held = listing(ticket_words(m, t) for t in p.tickets) or gettext("none")
            lines.append(gettext("{player}'s tickets: {tickets}").format(player=p.name, tickets=held))
    params = puzzle.params
    if "deck" in params:
        from ...algorithms.probability import full_deck

        route = params.get("tunnel")
        if route is not None:
            lines.append(ngettext("The tunnel: {route} ({n} space, {color})",
                                  "The tunnel: {route} ({n} spaces, {color})", route.length).format(
                route=f"{m.cities[route.a].name}–{m.cities[route.b].name}", n=route.length,
                color=colour_name(route.color)))
        deck = params["deck"]
        words = (gettext(FULL_DECK_WORDS) if deck == full_deck() else
                 ngettext("{cards} ({n} card)", "{cards} ({n} cards)", sum(deck.values())).format(
                     cards=cards_words(deck), n=sum(deck.values())))
        lines.append(gettext("Cards that may be revealed: {cards}").format(cards=words))
        paid = (gettext("locomotives only") if params["pay_with"] == LOCOMOTIVE
                else gettext("{color} cards").format(color=colour_name(params["pay_with"])))
        lines.append(gettext("Paid with: {cards}").format(cards=paid))
        if params.get("hand") is not None:
            lines.append(gettext("The hand before paying: {cards}").format(cards=cards_words(params["hand"])))
    return lines


def facts_html(puzzle) -> str:
    """The facts as an HTML list (nothing when there are none)."""
    lines = fact_lines(puzzle)
    if not lines:
        return ""
    items = "".join(f"<li>{html.escape(line, quote=False)}</li>" for line in lines)
    return f'<ul class="ttr-puzzle-facts">{items}</ul>'


def ticket_marks(puzzle) -> list:
    """Board highlights ringing every listed ticket's two cities (never saying whether it is
    completed): the board "on request" in the notebooks."""
    m, pos = puzzle.map, puzzle.position
    if pos is None or not puzzle.kind.uses_tickets:
        return []
    return [{"cities": [t.a, t.b], "label": gettext("{player}'s ticket {ticket}").format(
                player=p.name, ticket=ticket_words(m, t))}
            for p in pos.players for t in p.tickets]
