"""Lesson 03, double routes: who may claim the second route of a pair with 2, 3, 4 or 5 players.

Every answer is the game's own: a real :class:`~ttr_teach.engine.game.core.Game` is arranged with one half
claimed, and the engine is asked whether a player may claim the other half
(:meth:`Game.why_illegal <ttr_teach.engine.game.core.Game.why_illegal>`, which applies
:func:`ttr_teach.engine.claims.why_route_unavailable`).

>>> demo = double_route_demo(("Berlin", "Frankfurt"), players=3, owner=0, asker=1)
>>> demo.open, demo.reason
(False, 'Berlin–Frankfurt is a double route and with 2 or 3 players only one of its two routes can be claimed')
>>> double_route_demo(("Berlin", "Frankfurt"), players=4, owner=0, asker=1).open
True
>>> double_route_demo(("Berlin", "Frankfurt"), players=4, owner=0, asker=0).open
False
"""
from __future__ import annotations

from dataclasses import dataclass
from html import escape

from ...engine.actions import ClaimRoute
from ...engine.game.core import Game
from ...engine.i18n import N_, gettext, ngettext
from ...engine.maps import Route, load_map
from ...engine.rules import LOCOMOTIVE
from .common import OK_INK, REFUSED_INK, colour_name, resolve_route, svg_html

NAMES = ("Ann", "Bo", "Cy", "Dee", "Eve")
#: the answers in :func:`double_route_table` (translated where the table is shown)
YES, NO = N_("yes"), N_("no")


@dataclass(frozen=True)
class DoubleDemo:
    """One half of a double route claimed by ``owner``; may ``asker`` claim the other half?"""

    game: Game
    claimed: Route
    other: Route
    owner: int
    asker: int
    reason: str | None

    @property
    def open(self) -> bool:
        return self.reason is None

    @property
    def players(self) -> int:
        return len(self.game.players)

    def sentence(self) -> str:
        names = self.game.players
        fields = {"n": self.players, "owner": names[self.owner], "claimed": self.claimed, "other": self.other,
                  "asker": names[self.asker], "reason": self.reason}
        if self.owner == self.asker:
            said = (gettext("{n} players; {owner} owns {claimed}. Can they claim {other}? Yes.") if self.open
                    else gettext("{n} players; {owner} owns {claimed}. Can they claim {other}? No: {reason}."))
        else:
            said = (gettext("{n} players; {owner} owns {claimed}. Can {asker} claim {other}? Yes.") if self.open
                    else gettext("{n} players; {owner} owns {claimed}. Can {asker} claim {other}? No: {reason}."))
        return said.format(**fields)

    def highlight(self) -> list:
        """The board highlight: the other half, green when it is open, red when closed."""
        names = self.game.players
        label = (gettext("{route}: open to {player}") if self.open else gettext("{route}: closed to {player}"))
        return [{"routes": [self.other.index], "color": OK_INK if self.open else REFUSED_INK,
                 "label": label.format(route=self.other, player=names[self.asker])}]

    def svg(self, size: int = 760) -> str:
        from ...views.svg import board_svg

        return board_svg(self.game, highlight=self.highlight(), size=size)


def _pair(m, pair) -> tuple:
    """The two routes of the double route named by ``pair`` (two cities, or one of its Routes)."""
    if isinstance(pair, Route) or (isinstance(pair, (list, tuple)) and len(pair) == 3):
        first = resolve_route(m, pair)
    else:
        found = m.routes_between(*pair)
        if len(found) != 2:
            from ...engine.errors import MapError

            raise MapError(gettext("{a}–{b} is not a double route").format(a=pair[0], b=pair[1]))
        first = found[0]
    other = m.partner(first)
    if other is None:
        from ...engine.errors import MapError

        raise MapError(gettext("{route} is not part of a double route").format(route=first))
    return first, other


def double_route_demo(pair=("Berlin", "Frankfurt"), players: int = 2, owner: int = 0,
                      asker: int = 1, map="europe") -> DoubleDemo:
    """Arrange a game of ``players`` players where seat ``owner`` has claimed the first route of
    ``pair``, and ask the engine whether seat ``asker`` (holding enough locomotives) may claim
    the second. O(1) games."""
    m = load_map(map)
    claimed, other = _pair(m, pair)
    names = list(NAMES[:players])
    routes = {names[owner]: [claimed.index]}
    hands = {names[asker]: {LOCOMOTIVE: other.length}}
    game = Game.arranged(m, names, current=asker, routes=routes, hands=hands)
    reason = game.why_illegal(ClaimRoute(other.index, None, 0, other.length))
    return DoubleDemo(game, claimed, other, owner, asker, reason)


def double_route_table(pair=("Berlin", "Frankfurt"), map="europe") -> list:
    """For 2 to 5 players: may the owner of one half, or another player, claim the other half?

    >>> [(row["players"], row["owner"], row["another player"]) for row in double_route_table()]
    [(2, 'no', 'no'), (3, 'no', 'no'), (4, 'no', 'yes'), (5, 'no', 'yes')]
    """
    m = load_map(map)
    rows = []
    for n in range(m.rules.min_players, m.rules.max_players + 1):
        mine = double_route_demo(pair, n, owner=0, asker=0, map=m)
        theirs = double_route_demo(pair, n, owner=0, asker=1, map=m)
        rows.append({N_("players"): n, N_("owner"): YES if mine.open else NO,
                     N_("another player"): YES if theirs.open else NO,
                     N_("why not (another player)"): theirs.reason or ""})
    return rows


def double_pair_choices(map="europe") -> list:
    """``(label, (city, city))`` for every double route of the map."""
    m = load_map(map)
    out = []
    for a, b in m.double_pairs:
        label = (f"{m.cities[a.a].name}–{m.cities[a.b].name} ({a.length}: {colour_name(a.color)} / "
                 f"{colour_name(b.color)})")
        out.append((label, (a.a, a.b)))
    return sorted(out)


def doubles_widget(pair=("Berlin", "Frankfurt"), players: int = 3, map="europe"):
    """Choose a double route, the number of players and who tries the second half: the engine's
    answer, and the board with the claimed half and the other one (green: open, red: closed)."""
    import ipywidgets as w

    m = load_map(map)
    choose = w.Dropdown(options=double_pair_choices(m), value=tuple(_pair(m, pair)[0].cities),
                        description=gettext("Double"), layout=w.Layout(width="420px"))
    count = w.ToggleButtons(options=list(range(m.rules.min_players, m.rules.max_players + 1)),
                            value=players, description=gettext("Players"), style={"button_width": "50px"})
    asker = w.ToggleButtons(options=[(gettext("Ann herself"), 0), ("Bo", 1)], value=1,
                            description=gettext("Who tries"))
    answer, picture = w.HTML(), w.HTML()
    answer.add_class("ttr-doubles-answer")

    def refresh(*_):
        demo = double_route_demo(choose.value, count.value, owner=0, asker=asker.value, map=m)
        ink = OK_INK if demo.open else REFUSED_INK
        mark = "✔ " + gettext("open") if demo.open else "✘ " + gettext("closed")
        answer.value = (f"<span style='color:{ink};font-weight:bold'>{escape(mark)}"
                        f"</span> {escape(demo.sentence())}")
        picture.value = svg_html(demo.svg())

    for control in (choose, count, asker):
        control.observe(refresh, "value")
    refresh()
    box = w.VBox([choose, count, asker, answer, picture])
    box.add_class("ttr-doubles")
    return box


def doubles_label(pairs) -> str:
    """The board's label for a map's highlighted double routes (``pairs``: the map's
    ``double_pairs``).

    >>> doubles_label(load_map("europe").double_pairs)
    'the 11 double routes'
    """
    n = len(pairs)
    return ngettext("the {n} double route", "the {n} double routes", n).format(n=n)
