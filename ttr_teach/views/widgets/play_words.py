"""The canvas board in words, for screen readers and anyone who prefers text: who owns which
routes and stations, the scores, the cards on the table, the hand and tickets of the person
looking, and the decision they are in.

A canvas is a picture without words: these functions write what it shows as HTML lists,
which the play widget and the sandbox keep in step with the game, in a region beside the
board (visually hidden unless asked for; see :mod:`.play_keyboard`).

>>> from ttr_teach.views.widgets.play_model import PlayModel
>>> model = PlayModel.new("usa", [("Ann", "person"), ("Bo", "random")], seed=1)
>>> text = play_words(model)
>>> "No route is claimed yet." in text and "Ann’s hand" in text
True
>>> print(owned_routes_lines(model.highlight()[0])[0])
Ann (red, circles): no routes.
"""
from __future__ import annotations

from html import escape

from ...engine.cards import CARD_KINDS
from ...engine.i18n import gettext, ngettext
from ...engine.text import colour_count, colour_name, listing
from ..board_words import player_words
from .play_board import progress_text
from .sentences import route_label

#: Visually hidden but read by screen readers (the usual "sr-only" rule).
SR_ONLY_CSS = """<style>
.ttr-sr-only {position: absolute !important; width: 1px !important; height: 1px !important;
  overflow: hidden !important; clip: rect(0 0 0 0) !important; clip-path: inset(50%) !important;
  white-space: nowrap !important; margin: -1px !important; padding: 0 !important; border: 0 !important;}
.ttr-words {font-size: 13px; line-height: 1.4;}
.ttr-words h4 {font-size: 13px; margin: 6px 0 2px 0;}
.ttr-words ul {margin: 0; padding-left: 18px;}
</style>"""


def _who(player) -> str:
    """``Ann (red, circles)``: a player's name with their colour and the symbol on their trains."""
    return player_words(player.name, player.color)


def owned_routes_lines(position) -> list:
    """One sentence per player: the routes they own (with colour and length) and their stations.

    >>> from ttr_teach.engine.position import Position
    >>> pos = Position.from_dict({"map": "europe", "players": [
    ...     {"name": "Ann", "routes": [["Paris", "Frankfurt", "white"]], "stations": ["Wien"]},
    ...     {"name": "Bo"}]})
    >>> owned_routes_lines(pos)[0]
    'Ann (red, circles): 1 route: Frankfurt–Paris (white), 3 trains; a station in Wien.'
    """
    m = position.map
    lines = []
    for p in position.players:
        routes = [gettext("{route}, {trains}").format(
            route=route_label(m, r), trains=ngettext("{n} train", "{n} trains", r.length).format(n=r.length))
            for r in p.routes]
        text = (gettext("{player}: {routes}: {list}").format(
            player=_who(p), routes=ngettext("{n} route", "{n} routes", len(routes)).format(n=len(routes)),
            list=gettext("; ").join(routes)) if routes else gettext("{player}: no routes").format(player=_who(p)))
        if p.stations:
            text += gettext("; ") + listing(gettext("a station in {city}").format(city=m.cities[c].name)
                                            for c in p.stations)
        lines.append(text + gettext("."))
    return lines


def _section(title: str, lines) -> str:
    items = "".join(f"<li>{escape(line)}</li>" for line in lines)
    return f"<h4>{escape(title)}</h4><ul>{items}</ul>"


def cards_text(cards: dict) -> str:
    """``2 red, 1 locomotive (3 cards)``: cards by kind, in the deck's order.

    >>> cards_text({"locomotive": 1, "red": 2})
    '2 red, 1 locomotive (3 cards)'
    """
    parts = [colour_count(cards[k], k) for k in CARD_KINDS if cards.get(k)]
    total = sum(cards.values())
    return (gettext("{cards} ({total})").format(
        cards=listing(parts), total=ngettext("{n} card", "{n} cards", total).format(n=total))
        if parts else gettext("no cards"))


def _decision_lines(model) -> list:
    lines = []
    if model.choice is not None:
        ways = len(model.choice.options)
        chosen = (ngettext("Chosen: claim {target}; {n} way to pay, listed after the board.",
                           "Chosen: claim {target}; {n} ways to pay, listed after the board.", ways)
                  if model.choice.kind == "claim" else
                  ngettext("Chosen: a station in {target}; {n} way to pay, listed after the board.",
                           "Chosen: a station in {target}; {n} ways to pay, listed after the board.", ways))
        lines.append(chosen.format(target=model.choice.target, n=ways))
    if model.tunnel is not None:
        t = model.tunnel
        shown = t["cards"][:t["shown"]]
        lines.append(gettext("{player}’s tunnel {route}: cards turned over: {cards}.").format(
            player=model.names[t["player"]], route=model.map.routes[t["route"]],
            cards=listing(colour_name(c) for c in shown) if shown else gettext("none yet")))
    if model.offer:
        keep = [str(t) for t in model.offer if t.index in model.keep]
        lines.append(gettext("Tickets offered: {offered}. Chosen to keep: {kept}.").format(
            offered=gettext("; ").join(str(t) for t in model.offer),
            kept=gettext("; ").join(keep) if keep else gettext("none")))
    return lines


def play_words(model) -> str:
    """The play board in words (HTML): the turn, the last moves, the players, the routes and
    stations of each, the face-up cards, and the hand, tickets and open decision of the person
    looking; at the end, the current step of the final scoring."""
    if model.game is None:
        return "<p>" + escape(gettext("No game yet: set one up with the form above the board.")) + "</p>"
    game, view = model.game, model.view()
    position = model.highlight()[0]
    turn = (gettext("Turn {n}. The game is over.").format(n=game.turn + 1) if game.is_over else
            gettext("Turn {n}. {player} to play.").format(n=game.turn + 1, player=model.seat_label(model.current)))
    parts = [f"<p>{escape(turn)}" + (f" {escape(model.banner)}" if model.banner else "") + "</p>"]
    if model.message:
        parts.append(_section(gettext("Last message"), [model.message]))
    parts.append(_section(gettext("Last moves"), model.log_lines(4) or [gettext("None yet.")]))
    if game.is_over and model.steps:
        step = model.steps[model.step]
        parts.append(_section(gettext("Final scoring {k} of {n}: {title}").format(
            k=model.step + 1, n=len(model.steps), title=step.title), step.lines))
    players = [_player_line(model, p) for p in view.players_info]
    parts.append(_section(gettext("Players"), players))
    claimed = any(p.routes or p.stations for p in position.players)
    parts.append(_section(gettext("Routes on the board"), owned_routes_lines(position) if claimed
                          else [gettext("No route is claimed yet.")]))
    if not game.is_over:
        parts.append(_section(gettext("Cards on the table"), [
            gettext("Face up: {cards}.").format(
                cards=listing(colour_name(c) for c in view.face_up) if view.face_up else gettext("none")),
            gettext("Deck: {cards}; tickets: {tickets}.").format(
                cards=ngettext("{n} card", "{n} cards", view.deck_size).format(n=view.deck_size),
                tickets=ngettext("{n} ticket left", "{n} tickets left", view.tickets_left).format(
                    n=view.tickets_left))]))
    if model.viewer is not None and not game.is_over:
        parts.append(_section(gettext("{player}’s hand").format(player=view.name),
                              [cards_text(model.hand) + gettext(".")]))
        tickets = [gettext("{ticket}: {progress}.").format(ticket=t, progress=progress_text(plan))
                   for t, _, plan in model.ticket_progress()]
        parts.append(_section(gettext("{player}’s tickets").format(player=view.name),
                              tickets or [gettext("No tickets yet.")]))
        decision = _decision_lines(model)
        if decision:
            parts.append(_section(gettext("Your decision"), decision))
    return _region(parts)


def _region(parts) -> str:
    label = escape(gettext("The board in words"), quote=True)
    return f'<div class="ttr-words-body" role="region" aria-label="{label}">' + "".join(parts) + "</div>"


def _player_line(model, p) -> str:
    """``Ann: 4 points, 40 trains left, 3 cards, 2 tickets, 3 stations left.``"""
    counts = [ngettext("{n} point", "{n} points", p.points).format(n=p.points),
              ngettext("{n} train left", "{n} trains left", p.trains).format(n=p.trains),
              ngettext("{n} card", "{n} cards", p.cards).format(n=p.cards),
              ngettext("{n} ticket", "{n} tickets", p.tickets).format(n=p.tickets)]
    if model.map.rules.has_stations:
        counts.append(ngettext("{n} station left", "{n} stations left", p.stations).format(n=p.stations))
    return gettext("{player}: {counts}.").format(player=p.name, counts=listing(counts))


def sandbox_words(model) -> str:
    """The sandbox board in words (HTML): who owns which routes and stations, the scores and
    the tickets (a :class:`~ttr_teach.views.widgets.model.SandboxModel`)."""
    position, score = model.position, model.score
    claimed = any(p.routes or p.stations for p in position.players)
    parts = [_section(gettext("Routes on the board"), owned_routes_lines(position) if claimed
                      else [gettext("No route is claimed yet.")])]
    parts.append(_section(gettext("Scores"), [gettext("{player}: {points}.").format(
        player=p.name, points=ngettext("{n} point", "{n} points", p.total).format(n=p.total))
        for p in score.players]))
    tickets = []
    for seat, p in enumerate(position.players):
        for t in p.tickets:
            outcome = score.players[seat].outcome(t)
            done = outcome is not None and outcome.completed
            tickets.append((gettext("{player}: {ticket} completed.") if done else
                            gettext("{player}: {ticket} not completed.")).format(player=p.name, ticket=t))
    parts.append(_section(gettext("Tickets"), tickets or [gettext("Nobody holds a ticket.")]))
    if model.message:
        parts.insert(0, _section(gettext("Last message"), [model.message]))
    return _region(parts)
