"""The game panel's text as HTML (no widgets): the hand as card swatches, the players' public
counts, the person's tickets with their progress, the tunnel's cards, the log and the
scoring walk-through.

Each function reads a :class:`~ttr_teach.views.widgets.play_model.PlayModel` and returns an
HTML fragment; :mod:`.play_widget` puts them in ``ipywidgets.HTML`` boxes. Every colour comes
with a second cue (the card's letter, the player's symbol, a tick or a cross, a word).

>>> from ttr_teach.views.widgets.play_model import PlayModel
>>> model = PlayModel.new("usa", [("Ann", "person"), ("Bo", "random")], seed=1)
>>> "ttr-card" in hand_html(model) and "Ann" in players_html(model)
True
"""
from __future__ import annotations

from html import escape

from ...engine.cards import CARD_KINDS
from ...engine.i18n import gettext, ngettext
from ...engine.position import PLAYER_COLORS
from ...engine.text import colour_name, listing
from ..style import card_style
from .panel_html import BAD, CROSS, GOOD, TICK, player_chip
from .play_board import progress_text
from .play_scoring import running_total


def card_swatch(card: str, count=None, faded: bool = False) -> str:
    """A train card as a small swatch with its letter (and a count below it)."""
    fill, ink, letter = card_style(card)
    opacity = "opacity:0.35;" if faded else ""
    below = f'<div style="font-size:12px;text-align:center">{count}</div>' if count is not None else ""
    return (f'<div class="ttr-card" data-card="{card}" title="{escape(colour_name(card))}" style="display:inline-block;'
            f'margin:0 3px 0 0;{opacity}"><div style="width:30px;height:40px;border-radius:5px;'
            f'background:{fill};color:{ink};border:1px solid #555;font:bold 15px/40px sans-serif;'
            f'text-align:center">{letter}</div>{below}</div>')


def hand_html(model) -> str:
    """The viewer's hand by colour with counts, then their trains and stations left."""
    if model.viewer is None:
        return "<i>" + escape(gettext("The hand is hidden.")) + "</i>"
    hand = model.hand
    cards = "".join(card_swatch(k, hand.get(k, 0), faded=not hand.get(k, 0)) for k in CARD_KINDS)
    view = model.view()
    me = view.me
    total = sum(hand.values())
    counts = [ngettext("{n} train", "{n} trains", me.trains).format(n=me.trains)]
    if model.map.rules.has_stations:
        counts.append(ngettext("{n} station left", "{n} stations left", me.stations).format(n=me.stations))
    title = gettext("{player}’s hand").format(player=view.name)
    cards_word = ngettext("{n} card", "{n} cards", total).format(n=total)
    semicolon = escape(gettext("; "))
    return (f'<div class="ttr-hand-title"><b>{escape(title)}</b> '
            f"({escape(cards_word)}{semicolon}{escape(listing(counts))})</div>"
            f'<div style="white-space:nowrap;overflow-x:auto">{cards}</div>')


def status_html(model) -> str:
    """Turn, whose turn, and the final round when it has begun."""
    game = model.game
    if game is None:
        return "<b>" + escape(gettext("Set up a game")) + "</b>"
    head = f"<b>{escape(model.map.title)}</b> · " + escape(gettext("turn {n}").format(n=game.turn + 1))
    if game.is_over:
        head += " · <b>" + escape(gettext("game over")) + "</b>"
    elif model.current is not None:
        head += " · " + escape(gettext("{player} to play").format(player=model.seat_label(model.current)))
    if model.banner:
        head += (f'<div class="ttr-banner" style="background:#fff2c6;border:1px solid #d8a400;'
                 f'padding:2px 6px;margin-top:3px">⚑ {escape(model.banner)}</div>')
    return head


def _cell_style(column: int) -> str:
    """A players-table cell's style: the name (with "bot" in some language) may wrap, the
    figures stay on one line, right-aligned."""
    return "text-align:left;white-space:normal" if column == 0 else "text-align:right"


def players_html(model) -> str:
    """Every player's public counts and route points (the score so far; the final score once
    the game is over); ▶ marks the player to act."""
    view = model.view()
    stations = model.map.rules.has_stations
    over = model.playing.is_over
    final = [p.total for p in model.score.players] if over else []
    head = [gettext("player"), gettext("cards"), gettext("tickets"), gettext("trains")] + (
        [gettext("stations")] if stations else []) + [gettext("final score") if over else gettext("points")]
    heading = "padding:0 3px;font-weight:normal;white-space:normal"      # a long word may wrap
    rows = ["<tr>" + "".join(f"<th style='{heading}'>{escape(h)}</th>" for h in head) + "</tr>"]
    for p in view.players_info:
        color = PLAYER_COLORS[p.seat % len(PLAYER_COLORS)]
        turn = "▶" if p.seat == model.current else ""
        bot = model.kinds[p.seat] != "person"
        bot_word = escape(gettext("bot"))
        kind = f' <small title="{escape(model.seat_label(p.seat))}">{bot_word}</small>' if bot else ""
        cells = [f"{turn}{player_chip(p.name, color)}{kind}", p.cards, p.tickets, p.trains]
        cells += [p.stations] if stations else []
        cells += [f"<b>{final[p.seat] if over else p.points}</b>"]
        rows.append(f'<tr data-player="{escape(p.name)}">' + "".join(
            f'<td style="padding:1px 3px;{_cell_style(k)}">{c}</td>' for k, c in enumerate(cells)) + "</tr>")
    return ('<table class="ttr-players" style="border-collapse:collapse;font-size:12px;white-space:nowrap">'
            + "".join(rows) + "</table>")


def tickets_html(model) -> str:
    """The viewer's tickets: done (as at final scoring) or what they still need."""
    if model.viewer is None:
        return ""
    items = []
    for t, done, plan in model.ticket_progress():
        mark = f'<span style="color:{GOOD}">{TICK}</span>' if done else f'<span style="color:{BAD}">{CROSS}</span>'
        items.append(f'<li data-ticket="{t.index}">{mark} {escape(str(t))}: '
                     f"<i>{escape(progress_text(plan))}</i></li>")
    body = "".join(items) or "<li><i>" + escape(gettext("no tickets yet")) + "</i></li>"
    return f'<ul class="ttr-ticket-list" style="margin:2px 0;padding-left:4px;list-style:none">{body}</ul>'


def tunnel_html(model) -> str:
    """The last tunnel's revealed cards, as many as shown so far, and what they cost."""
    t = model.tunnel
    if t is None:
        return ""
    route = model.map.routes[t["route"]]
    shown = t["cards"][:t["shown"]]
    hidden = len(t["cards"]) - len(shown)
    cards = "".join(card_swatch(c) for c in shown) + "".join(
        '<div style="display:inline-block;width:30px;height:40px;margin-right:3px;border-radius:5px;'
        'background:#ccc;border:1px dashed #777;text-align:center;font:bold 15px/40px sans-serif">?</div>'
        for _ in range(hidden))
    who = model.names[t["player"]]
    if hidden:
        cost = ""
    elif t["extra"]:
        cost = "→ <b>" + escape(ngettext("{n} extra card", "{n} extra cards", t["extra"]).format(n=t["extra"])) + "</b>"
    else:
        cost = "→ " + gettext("<b>no extra card</b>: the tunnel is claimed")
    said = escape(gettext("{player}’s tunnel {route}, the cards turned over:").format(player=who, route=route))
    return (f'<div class="ttr-tunnel-cards">{said}<div style="display:flex;align-items:center;gap:6px">'
            f'<div>{cards}</div><div>{cost}</div></div></div>')


def log_html(model, n: int = 8) -> str:
    """The last ``n`` sentences of the log the viewer may read, newest last."""
    lines = model.log_lines(n) if model.game is not None else []
    # a log that scrolls is reached by the keyboard (tabindex) and read as a log by a screen reader
    label = escape(gettext("The game's log"), quote=False).replace('"', "&quot;")
    return (f'<div class="ttr-log" role="log" tabindex="0" aria-label="{label}" '
            'style="font-size:12px;line-height:1.35;max-height:9.5em;overflow-y:auto">'
            + "".join(f"<div>{escape(line)}</div>" for line in lines) + "</div>")


def scoring_html(model) -> str:
    """The current step of the final scoring and the running totals."""
    if not model.steps:
        return ""
    step = model.steps[model.step]
    lines = "".join(f"<li>{escape(line)}</li>" for line in step.lines)
    rows = []
    for p in model.score.players:
        total = running_total(p, step)
        win = " ★" if model.score.winner == p.name and model.step == len(model.steps) - 1 else ""
        rows.append(f'<tr data-player="{escape(p.name)}"><td>{player_chip(p.name, p.color)}</td>'
                    f'<td style="text-align:right;padding-left:8px"><b>{total}</b>{win}</td></tr>')
    counted = listing(gettext(part) for part in step.counted)   # "routes", "tickets"...: marked in panel_html
    title = gettext("Final scoring {k}/{n}: {title}").format(k=model.step + 1, n=len(model.steps), title=step.title)
    so_far, player = gettext("so far ({counted})").format(counted=counted), escape(gettext("player"))
    return (f'<div class="ttr-scoring"><b>{escape(title)}</b><ul style="margin:2px 0;padding-left:18px">{lines}</ul>'
            f'<table class="ttr-totals" style="font-size:12.5px"><tr><th>{player}</th>'
            f'<th>{escape(so_far)}</th></tr>{"".join(rows)}</table></div>')
