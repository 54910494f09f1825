"""What lesson 6's code cells print about tickets, in the learner's language: where the tickets
are after a deal, a draw in four lines, the choices counted, a player's ticket points. The
lesson's module (:mod:`.tickets`) names them for its notebook.
"""
from __future__ import annotations

from ...engine.i18n import gettext, local_digits, ngettext
from ...engine.maps import Ticket
from ...engine.text import listing


def box_and_deck(deal) -> str:
    """Where the tickets nobody was dealt are, after a deal (a :class:`.tickets.SetupDeal`).

    >>> from ttr_teach.course.lessons.tickets import deal_setup
    >>> box_and_deck(deal_setup("europe", ["Ann", "Bo", "Cy"], seed=7))
    '3 long tickets back in the box; 31 tickets left in the ticket deck'
    """
    box, deck = len(deal.box), deal.deck_size
    return gettext("{box} back in the box; {deck} left in the ticket deck").format(
        box=ngettext("{n} long ticket", "{n} long tickets", box).format(n=box),
        deck=ngettext("{n} ticket", "{n} tickets", deck).format(n=deck))


def box_and_deck_sizes(state: dict) -> str:
    """How many tickets the box and the ticket deck hold in a game's state (``Game.to_dict``).

    >>> box_and_deck_sizes({"ticket_box": [1, 2, 3, 4, 5, 6], "ticket_deck": list(range(31))})
    'box: 6 tickets; ticket deck: 31'
    """
    box, deck = len(state["ticket_box"]), len(state["ticket_deck"])
    return ngettext("box: {box} ticket; ticket deck: {deck}", "box: {box} tickets; ticket deck: {deck}",
                    box).format(box=box, deck=deck)


def choice_count(choices) -> str:
    """How many choices a player has.

    >>> choice_count(range(11))
    '11 choices'
    """
    n = len(choices)
    return ngettext("{n} choice", "{n} choices", n).format(n=n)


def selection_line(model) -> str:
    """The tickets selected in a :class:`TicketChoiceModel` and the fewest trains joining them,
    as one line of a table.

    >>> from ttr_teach.course.lessons.tickets import TicketChoiceModel
    >>> model = TicketChoiceModel(seed=7)
    >>> _ = model.select([("Dieppe", "Madrid")])
    >>> selection_line(model).split()[-2:]
    ['8', 'trains']
    """
    tickets = listing(str(t) for t in model.selected_tickets())
    trains = model.plan().trains
    return f"{tickets:45} " + ngettext("{n} train", "{n} trains", trains).format(n=local_digits(f"{trains:3}"))


def draw_lines(draw) -> str:
    """A ticket draw (a :class:`.tickets.TicketDraw`) in four lines: the deck before, the tickets
    drawn, those kept, the deck after.

    >>> from ttr_teach.course.lessons.tickets import draw_and_keep
    >>> print(draw_lines(draw_and_keep([("Paris", "Wien"), ("Berlin", "Roma"), ("Kyiv", "Sochi")],
    ...                                keep=[("Berlin", "Roma")])))
    deck before: Paris–Wien (8), Berlin–Roma (9), Kyiv–Sochi (8)
    drawn:       Paris–Wien (8), Berlin–Roma (9), Kyiv–Sochi (8)
    kept:        Berlin–Roma (9)
    deck after:  Paris–Wien (8), Kyiv–Sochi (8)
    """
    rows = [(gettext("deck before:"), draw.before), (gettext("drawn:"), draw.drawn),
            (gettext("kept:"), draw.kept), (gettext("deck after:"), draw.after)]
    width = max(len(label) for label, _ in rows)
    return "\n".join(f"{label:{width}} " + listing(str(t) for t in tickets) for label, tickets in rows)


def keeping_none(refusal) -> str:
    """What the game says to a player who keeps none of the tickets drawn.

    >>> keeping_none("You must keep at least 1 of your 3 tickets.")
    'keep none: You must keep at least 1 of your 3 tickets.'
    """
    return gettext("keep none: {refusal}").format(refusal=refusal)


def short_draw(draw) -> str:
    """A draw (a :class:`.tickets.TicketDraw`) from a ticket deck holding fewer tickets than a draw
    takes.

    >>> from ttr_teach.course.lessons.tickets import draw_and_keep
    >>> short_draw(draw_and_keep([("Paris", "Wien"), ("Berlin", "Roma")], keep=[("Paris", "Wien")]))
    '2 tickets left: drew 2 -> Paris–Wien (8), Berlin–Roma (9)'
    """
    left = len(draw.before)
    return ngettext("{left} ticket left: drew {n} -> {tickets}", "{left} tickets left: drew {n} -> {tickets}",
                    left).format(left=left, n=len(draw.drawn), tickets=listing(str(t) for t in draw.drawn))


def ticket_points_line(player: dict) -> str:
    """A player's completed tickets and ticket points, from a score result.

    >>> ticket_points_line({"name": "Ann", "tickets_completed": 1, "ticket_points": -1})
    'Ann: 1 completed, ticket points -1'
    """
    n = player["tickets_completed"]
    return ngettext("{name}: {n} completed, ticket points {points:+d}",
                    "{name}: {n} completed, ticket points {points:+d}", n).format(
        name=player["name"], n=n, points=player["ticket_points"])


def ticket_label(ticket: Ticket) -> str:
    """The board's label for a highlighted ticket.

    >>> from ttr_teach.engine.maps import load_map
    >>> ticket_label(load_map("europe").ticket("Paris", "Wien"))
    'the ticket Paris–Wien (8)'
    """
    return gettext("the ticket {ticket}").format(ticket=ticket)
