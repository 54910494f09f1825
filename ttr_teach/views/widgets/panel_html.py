"""The sandbox panel's text as HTML: score table, tickets, stations, message (no widgets).

Each function reads a :class:`~ttr_teach.views.widgets.model.SandboxModel` (its position and the
engine's score of it) and returns an HTML fragment; the board widget puts them in
``ipywidgets.HTML`` boxes. Colours always come with a second cue (a symbol, a tick or a
cross, a word).

>>> from ttr_teach.views.widgets.model import SandboxModel
>>> html = score_table_html(SandboxModel("usa", players=["Ann", "Bo"]))
>>> ">total</th>" in html and "Ann" in html
True
"""
from __future__ import annotations

from html import escape

from ...engine.i18n import N_, gettext, ngettext
from ...engine.text import listing
from ..contrast import readable_ink
from ..style import PLAYER_FILLS, PLAYER_INK, PLAYER_STROKE, PLAYER_SYMBOLS, SYMBOL_CHARS
from .sentences import route_label, ticket_label, ticket_status

TICK, CROSS = "✓", "✗"
HOVER_HINT = N_("Point at a route or a city to see its details.")
GOOD, BAD = "#1d7a36", "#b3261e"


def player_chip(name: str, color: str) -> str:
    """A player's name on a swatch of their colour, with the shape drawn on their trains
    (:data:`~ttr_teach.views.style.SYMBOL_CHARS`), in an ink that reads on it (WCAG 4.5:1)."""
    ink = readable_ink(PLAYER_FILLS[color], PLAYER_INK[color])
    return (f'<span class="ttr-chip" style="display:inline-block;padding:0 6px;border-radius:4px;white-space:nowrap;'
            f'background:{PLAYER_FILLS[color]};color:{ink};'
            f'border:1px solid {PLAYER_STROKE[color]};font-weight:bold">'
            f'{SYMBOL_CHARS[PLAYER_SYMBOLS[color]]} {escape(name)}</span>')


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


#: The score table's headings: a little smaller than its figures, so that the longer words of
#: some languages still fit the panel at 1366x768.
HEADING = "white-space:normal;font-size:11px;padding:0 1px"


def _score_cell_style(column: int) -> str:
    """A score-table cell's style: the name left-aligned, the figures right-aligned; the
    tickets' cell ("3✓ 1✗ +31") may break between its parts when a language's longer headings
    leave the panel too narrow for the table."""
    if column == 0:
        return "text-align:left"
    return "text-align:right;white-space:normal" if column == 2 else "text-align:right"


def score_table_html(model) -> str:
    """The live score table: one row per player, the winner marked."""
    rows = model.score_rows()
    rules = model.map.rules
    head = [gettext("player"), gettext("routes"), gettext("tickets"),
            gettext("stations") if rules.has_stations else None, gettext("longest"), gettext("bonus"),
            gettext("total"), gettext("trains")]
    out = ['<table class="ttr-score-table" style="border-collapse:collapse;font-size:12px;line-height:1.3;'
           'white-space:nowrap">',
           # a heading may wrap (some languages' words are long, "stationer"), a figure never
           "<tr>" + "".join(f'<th style="{HEADING}">{escape(h)}</th>' for h in head if h) + "</tr>"]
    for r in rows:
        tickets = (f'<span style="color:{GOOD}">{r["tickets_completed"]}{TICK}</span> '
                   f'<span style="color:{BAD}">{r["tickets_failed"]}{CROSS}</span> '
                   f'{_signed(r["ticket_points"])}')
        cells = [player_chip(r["name"], r["color"]), str(r["route_points"]), tickets,
                 str(r["station_points"]) if rules.has_stations else None,
                 str(r["longest_route"]), _signed(r["longest_bonus"]) if r["longest_bonus"] else "0",
                 f'<b>{r["total"]}</b>', str(r["trains_left"])]
        style = ' style="background:#fff6c8"' if r["winner"] else ""
        out.append(f'<tr data-player="{escape(r["name"])}"{style}>' +
                   "".join(f'<td style="padding:2px 2px;{_score_cell_style(k)}">{c}</td>'
                           for k, c in enumerate(cells) if c is not None) + "</tr>")
    out.append("</table>")
    winner = model.score.winner
    if winner:
        said = escape(gettext("Winner: {player}")).replace("{player}", f"<b>{escape(winner)}</b>")
        out.append(f'<div class="ttr-winner">{said} ★</div>')
    elif any(p.routes or p.tickets or p.stations for p in model.players):
        said = escape(gettext("Winner: none — the tie-breakers leave a tie."))
        out.append(f'<div class="ttr-winner">{said}</div>')
    return "\n".join(out)


def tickets_html(model) -> str:
    """Each player's tickets with a tick (completed) or a cross, and their points."""
    m = model.map
    out = []
    for seat, p in enumerate(model.players):
        items = []
        for t in p.tickets:
            done = ticket_status(model.score, seat, t)
            mark = (f'<span style="color:{GOOD}">{TICK}</span>' if done else
                    f'<span style="color:{BAD}">{CROSS}</span>')
            points = f"+{t.points}" if done else f"−{t.points}"
            selected = ' style="background:#ffe4f2"' if model.selected_ticket == t else ""
            items.append(f"<li{selected}>{mark} {escape(ticket_label(m, t))} "
                         f'<span style="color:{GOOD if done else BAD}">{points}</span></li>')
        body = "".join(items) if items else "<li><i>" + escape(gettext("no tickets")) + "</i></li>"
        out.append(f"<div>{player_chip(p.name, p.color)}"
                   f'<ul style="margin:2px 0 6px 0;padding-left:22px;list-style:none">{body}</ul></div>')
    return "\n".join(out)


def stations_html(model) -> str:
    """The station choices the scorer made: which route each station borrows."""
    m = model.map
    if not m.rules.has_stations:
        return "<i>" + escape(gettext("There are no stations in the {map} game.").format(map=m.title)) + "</i>"
    out = []
    owners = model.position.owners
    for seat, p in enumerate(model.players):
        for cid in p.stations:
            where = m.cities[cid].name
            route = model.borrowed_route(seat, cid)
            if route is None:
                text = gettext("station in {city} borrows no route (none of its routes helps a ticket)").format(
                    city=where)
            else:
                other = owners.get(route.index)
                label = route_label(m, route)
                text = (gettext("station in {city} borrows an unclaimed {route}").format(city=where, route=label)
                        if other is None else gettext("station in {city} borrows {player}’s {route}").format(
                            city=where, player=model.players[other].name, route=label))
                helped = model.station_tickets(seat, cid)
                if helped:
                    names = listing(f"{m.cities[t.a].name}–{m.cities[t.b].name}" for t in helped)
                    text = gettext("{borrows} for {tickets}").format(borrows=text, tickets=names)
            out.append(f"<li>{player_chip(p.name, p.color)} {escape(text)}</li>")
    if not out:
        said = ngettext("No stations built: each one kept in reserve is worth {n} point.",
                        "No stations built: each one kept in reserve is worth {n} points.",
                        m.rules.unused_station_points).format(n=m.rules.unused_station_points)
        return f"<i>{escape(said)}</i>"
    return '<ul style="margin:0;padding-left:4px;list-style:none">' + "".join(out) + "</ul>"


def hover_html(model, item) -> str:
    """What the board says about ``item`` (a route or a city under the mouse; None: a hint).

    >>> from ttr_teach.views.widgets.model import SandboxModel
    >>> hover_html(SandboxModel("usa", players=["<b>Ann</b>", "Bo"]), None)
    'Point at a route or a city to see its details.'
    """
    if item is None:
        return escape(gettext(HOVER_HINT))
    return escape(model.describe_route(item) if hasattr(item, "index") else model.describe_city(item))


def message_html(model) -> str:
    """The last message: red when something was refused."""
    color = BAD if model.refused else GOOD
    return f'<div style="color:{color};min-height:1.3em">{escape(model.message)}</div>'
