"""A game's replay, step by step, without widgets: what the replay board shows at each step.

:class:`ReplayModel` plays a game's log again (:meth:`Game.replay
<ttr_teach.engine.game.core.Game.replay>`'s way: the deal, then every action in order) and
keeps, for each step, what the table looked like: step 0 is the deal, step ``k`` the table
after the ``k``-th action. For any step it gives the board (an SVG picture, the route or
station just taken pointed at), the hand and tickets of the player being watched, the
face-up cards, and the running route points of every player as a plot that marks the step
(with the final totals at the last step of a finished game). The widget
(:mod:`.replay_widget`) only shows these and moves the step.

>>> from ttr_teach.players.play import play_game
>>> from ttr_teach.players.random_bot import RandomBot
>>> model = ReplayModel(play_game("usa", [RandomBot(1), RandomBot(2)], seed=4))
>>> model.go(1).text
'RandomBot 1: keep Oklahoma City–Sault St. Marie (9), Miami–Toronto (10); RandomBot 1 keeps 2 and returns 1 ...'
>>> model.last().step == len(model) - 1, model.frame.over
(True, True)
>>> sum(model.frame.hands[0].values()) == sum(model.game.hand(0).values())
True
"""
from __future__ import annotations

from dataclasses import dataclass
from html import escape
from pathlib import Path

from ...engine.cards import CARD_KINDS
from ...engine.errors import ArgumentError, NotFoundError, ReplayError, TTRError
from ...engine.files import load_file
from ...engine.game.core import Game
from ...engine.game.log import describe_action, event_text
from ...engine.i18n import gettext, ngettext
from ...engine.position import PLAYER_COLORS, PlayerPosition, Position
from ...engine.seats import find_seat
from ...engine.text import colour_count, colour_name, listing
from ..style import PLAYER_FILLS, card_style
from ..svg import board_svg
from .panel_html import player_chip


@dataclass(frozen=True)
class Frame:
    """The table at one step of a replay (see the module docstring)."""

    step: int
    player: int | None       #: the seat that acted at this step (None for the deal)
    text: str                #: what happened, in a sentence
    turn: int
    phase: str
    routes: tuple            #: per seat: route indices owned
    stations: tuple          #: per seat: city ids with its stations
    hands: tuple             #: per seat: {card kind: count}
    tickets: tuple           #: per seat: ticket indices kept
    offer: tuple             #: per seat: ticket indices being chosen
    face_up: tuple
    deck_size: int
    route_points: tuple      #: per seat: points for its routes so far
    claimed: int | None      #: the route claimed at this step, if any
    built: str | None        #: the city of the station built at this step, if any

    @property
    def over(self) -> bool:
        return self.phase == "over"


def load_game(source) -> Game:
    """A game with its log, from a :class:`~ttr_teach.engine.game.core.Game`, its
    ``to_dict()``, or a JSON file holding that. A file or dict without a log is refused."""
    if isinstance(source, Game):
        return source
    where = gettext("the game")
    if isinstance(source, (str, Path)):
        where = str(source)
        try:    # the engine's one reader: a regular file, of bounded size, nesting and numbers
            source = load_file(source)
        except TTRError as e:
            why = str(e).removeprefix(f"{where}: ")
            if why.startswith("cannot read the file"):   # the engine's English sentence, said of a saved game
                raise ReplayError(gettext("{file}: cannot read the saved game{details}").format(
                    file=where, details=why.removeprefix("cannot read the file"))) from None
            raise ReplayError(gettext("{file}: not a saved game ({problem})").format(file=where, problem=why)) from None
    if not isinstance(source, dict):
        raise ArgumentError(gettext("replay: give a Game, a saved game (Game.to_dict()) or its JSON file, not "
                                    "{kind}").format(kind=type(source).__name__))
    if not source.get("log"):
        raise ReplayError(gettext("{file}: the saved game has no log (saved with log=False), so its moves "
                                  "cannot be replayed").format(file=where))
    try:
        return Game.replay(source)
    except TTRError as e:
        raise ReplayError(f"{where}: {e}") from None


def _frame(m, game, step, player, text, claimed, built) -> Frame:
    state = game.to_dict(log=False)
    players = state["players"]
    return Frame(step, player, text, state["turn"], state["phase"],
                 tuple(tuple(p["routes"]) for p in players), tuple(tuple(p["stations"]) for p in players),
                 tuple({k: p["hand"].get(k, 0) for k in CARD_KINDS} for p in players),
                 tuple(tuple(p["tickets"]) for p in players), tuple(tuple(p["offer"]) for p in players),
                 tuple(state["face_up"]), len(state["deck"]),
                 tuple(sum(m.rules.route_points(m.routes[r].length) for r in p["routes"]) for p in players),
                 claimed, built)


def replay_frames(game: Game) -> list:
    """One :class:`Frame` per step of ``game``'s log: the deal, then after each action."""
    log = game.log
    first = log[0]
    if first.get("event") == "start":
        again = Game.from_dict(first["state"])
    else:
        again = Game.new(first["map"], first["players"], first["seed"])
    m = again.map
    # the caption cuts this at its first ": " (the step's name, then what happens)
    deal = gettext("The deal: each player is dealt 4 train cards and chooses tickets.")
    frames = [_frame(m, again, 0, None, deal, None, None)]
    for entry in log:
        if entry.get("event") != "action":
            continue
        seat, action = entry["player"], entry["action"]
        events = again.apply(action)
        claimed = next((e["route"] for e in events if e.get("event") == "claimed"), None)
        built = next((e["city"] for e in events if e.get("event") == "station_built"), None)
        said = [event_text(m, again.players, e) for e in events if e.get("event") != "action"]
        text = gettext("; ").join([gettext("{player}: {action}").format(player=again.players[seat],
                                                                        action=describe_action(m, action))]
                                  + [t for t in said if t])
        frames.append(_frame(m, again, len(frames), seat, text, claimed, built))
    return frames


class ReplayModel:
    """A replay of ``source`` (see :func:`load_game`), watching seat ``seat``'s hand.

    ``step`` is the current step (0 to ``len(model) - 1``); :meth:`go`, :meth:`next`,
    :meth:`previous`, :meth:`first` and :meth:`last` move it; :attr:`frame` is the table there.
    ``stopped``: why a game that did not end stopped (a tournament's fault: a bot's error,
    illegal move or time-out), said at its last step.

    >>> from ttr_teach.engine.game.core import Game
    >>> ReplayModel(Game.new("usa", ["Ann", "Bo"], seed=1), stopped="Ann's bot took 1.48 s").last().step
    0
    """

    def __init__(self, source, seat: int = 0, stopped: str | None = None):
        self.stopped = stopped
        self.game = load_game(source)
        self.map = self.game.map
        self.names = list(self.game.players)
        self.frames = replay_frames(self.game)
        self.final = self.game.final_scores() if self.game.is_over else None
        self.step = 0
        self.seat = 0
        self.watch(seat)

    def __len__(self):
        return len(self.frames)

    @property
    def frame(self) -> Frame:
        return self.frames[self.step]

    # -- moving ------------------------------------------------------------------------------------
    def go(self, step: int) -> Frame:
        """Move to ``step`` (clamped to the replay's steps); returns its frame."""
        self.step = max(0, min(len(self.frames) - 1, int(step)))
        return self.frame

    def next(self) -> Frame:
        return self.go(self.step + 1)

    def previous(self) -> Frame:
        return self.go(self.step - 1)

    def first(self) -> Frame:
        return self.go(0)

    def last(self) -> Frame:
        return self.go(len(self.frames) - 1)

    def watch(self, seat) -> None:
        """Watch player ``seat`` (a seat number or a name): whose hand and tickets are shown."""
        found = find_seat(self.names, seat)
        if found is None and isinstance(seat, str):
            raise NotFoundError(gettext("{name} does not play in this game ({players} do)").format(
                name=repr(seat), players=listing(self.names)))
        if found is None:
            raise NotFoundError(gettext("seat {seat}: this game has seats 0 to {last}").format(
                seat=repr(seat), last=len(self.names) - 1))
        self.seat = found

    # -- what is shown ------------------------------------------------------------------------------
    def position(self, step=None) -> Position:
        """The board at ``step`` (default: the current one), every player's tickets included."""
        f = self.frames[self.step if step is None else step]
        m = self.map
        return Position(m, tuple(
            PlayerPosition(name, tuple(m.routes[r] for r in f.routes[i]), f.stations[i],
                           tuple(m.tickets[t] for t in f.tickets[i]), PLAYER_COLORS[i % len(PLAYER_COLORS)],
                           m.rules.trains_per_player)
            for i, name in enumerate(self.names)))

    def board_svg(self, size: int = 760) -> str:
        """The board at the current step, the route or station just taken outlined as every
        board outlines the last move (:mod:`ttr_teach.views.last_move`)."""
        f = self.frame
        moved: list[dict] = []
        if f.claimed is not None:
            moved.append({"route": f.claimed})
        if f.built is not None:
            moved.append({"station": f.built})
        return board_svg(self.position(), size=size, scores=False, last_move=moved or None)

    def caption_html(self) -> str:
        f = self.frame
        if f.step == 0:     # the deal's text names it already ("The deal: each player holds...")
            where, _, text = f.text.partition(": ")
        else:
            where = gettext("step {k} of {n}, turn {turn}").format(k=f.step, n=len(self) - 1,
                                                                   turn=f.turn + (not f.over))
            text = f.text
        end = ""
        if f.step == len(self) - 1:
            if f.over:
                end = " <b>" + escape(gettext("Game over.")) + "</b>"
            elif self.stopped:
                end = " <b>" + escape(gettext("The game stopped here:")) + "</b> " + escape(_sentence(self.stopped))
        return f'<div class="ttr-replay-caption"><b>{escape(where)}</b>: {escape(text)}{end}</div>'

    def hand_html(self) -> str:
        """The watched player's cards, by colour with counts, and their tickets."""
        f, seat = self.frame, self.seat
        color = PLAYER_COLORS[seat % len(PLAYER_COLORS)]
        cards = "".join(card_chip(k, n) for k, n in f.hands[seat].items() if n)
        tickets = escape(gettext(", ").join(str(self.map.tickets[t]) for t in f.tickets[seat]) or gettext("none yet"))
        offer = escape(gettext(", ").join(str(self.map.tickets[t]) for t in f.offer[seat]))
        n = sum(f.hands[seat].values())
        holds = escape(ngettext("holds {n} card:", "holds {n} cards:", n).format(n=n))
        choosing = "<br>" + escape(gettext("Choosing from: {tickets}")).format(tickets=offer)
        nothing = escape(gettext("none"))
        return (f'<div class="ttr-replay-hand">{player_chip(self.names[seat], color)} {holds} '
                f'{cards or nothing}<br>'
                + escape(gettext("Tickets: {tickets}")).format(tickets=tickets)
                + (choosing if offer else "") + "</div>")

    def face_up_html(self) -> str:
        f = self.frame
        deck = escape(gettext("deck: {cards}").format(
            cards=ngettext("{n} card", "{n} cards", f.deck_size).format(n=f.deck_size)))
        face_up = escape(gettext("Face up:"))
        return (f'<div class="ttr-replay-faceup">{face_up} '
                f'{"".join(card_chip(k) for k in f.face_up)} &nbsp; {deck}</div>')

    def score_series(self) -> list:
        """Per player, the route points at every step."""
        return [[f.route_points[i] for f in self.frames] for i in range(len(self.names))]

    def score_svg(self, width: int = 460, height: int = 190) -> str:
        """The running route points of every player over the steps, a line at the current
        step, and each player's final total (a dot at the right, with its number) once the
        game is over."""
        return score_plot_svg(self.names, self.score_series(), self.step,
                              [p.total for p in self.final.players] if self.final else None, width, height)


def _sentence(text: str) -> str:
    """``text`` with a full stop (a fault's reason has none)."""
    text = text.strip()
    return text if text.endswith((".", "!", "?")) else text + "."


def card_chip(kind: str, count: int | None = None) -> str:
    """A train card as a small coloured chip with its letter (and a count when given)."""
    fill, ink, letter = card_style(kind)
    label = colour_name(kind) if count is None else colour_count(count, kind)
    return (f'<span class="ttr-card" data-card="{kind}" style="display:inline-block;margin:1px 2px;'
            f'padding:1px 6px;border-radius:3px;border:1px solid #555;background:{fill};color:{ink};'
            f'font-size:12px"><b>{letter}</b> {escape(label)}</span>')


def score_plot_svg(names, series, step: int, finals=None, width: int = 460, height: int = 190) -> str:
    """A line plot of ``series`` (per player, a value per step) with a marker at ``step``.

    >>> svg = score_plot_svg(["a", "b"], [[0, 1, 4], [0, 2, 2]], 1, finals=[10, 3])
    >>> svg.count("<polyline"), 'data-step="1"' in svg, ">10<" in svg
    (2, True, True)
    """
    left, right, top, bottom = 34, 70, 10, 24
    steps = max(1, max(len(s) for s in series) - 1)
    values = [v for s in series for v in s] + list(finals or [])
    low, high = min(0, min(values)), max(10, max(values))
    x = lambda i: left + (width - left - right) * i / steps                     # noqa: E731
    y = lambda v: top + (height - top - bottom) * (high - v) / (high - low)     # noqa: E731
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="ttr-replay-scores" width="{width}" '
           f'height="{height}" font-family="sans-serif" font-size="10">',
           f'<rect x="{left}" y="{top}" width="{width - left - right}" height="{height - top - bottom}" '
           'fill="#fafafa" stroke="#ccc"/>']
    for v in sorted({low, 0, high, round(high / 2)}):
        out.append(f'<text x="{left - 4}" y="{y(v) + 3:.1f}" text-anchor="end">{v}</text>')
    label = escape(gettext("route points by step"))
    out.append(f'<text x="{left}" y="{height - 6}">{label}</text>')
    for i, (name, s) in enumerate(zip(names, series, strict=True)):
        color = PLAYER_FILLS[PLAYER_COLORS[i % len(PLAYER_COLORS)]]
        points = " ".join(f"{x(k):.1f},{y(v):.1f}" for k, v in enumerate(s))
        out.append(f'<polyline fill="none" stroke="{color}" stroke-width="2" points="{points}">'
                   f"<title>{escape(name)}</title></polyline>")
        if finals is not None:
            fy = y(finals[i])
            out.append(f'<line x1="{x(len(s) - 1):.1f}" y1="{y(s[-1]):.1f}" x2="{x(len(s) - 1) + 8:.1f}" '
                       f'y2="{fy:.1f}" stroke="{color}" stroke-dasharray="2,2"/>'
                       f'<circle cx="{x(len(s) - 1) + 8:.1f}" cy="{fy:.1f}" r="3.5" fill="{color}"/>'
                       f'<text x="{x(len(s) - 1) + 14:.1f}" y="{fy + 3:.1f}">{finals[i]}</text>')
    out.append(f'<line class="ttr-replay-step" data-step="{step}" x1="{x(step):.1f}" y1="{top}" '
               f'x2="{x(step):.1f}" y2="{height - bottom}" stroke="#222" stroke-width="1.5"/>')
    out.append("</svg>")
    return "".join(out)
