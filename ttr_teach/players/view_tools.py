"""What a bot works out from its :class:`~ttr_teach.players.view.PlayerView`: open routes,
the board as a position, connected cities, the cards it cannot see and the odds of a tunnel.

Each function reads only the view (so only what the player may see) and asks the engine's
rules (:mod:`ttr_teach.engine.claims`) and the exact odds of
:mod:`ttr_teach.algorithms.probability`; the view's methods call them.

>>> from ttr_teach.engine.game.core import Game
>>> from ttr_teach.players.view import PlayerView
>>> v = PlayerView(Game.new("europe", ["Ann", "Bo"], seed=2), 0)
>>> len(open_routes(v)), sum(unseen_cards(v).values())    # 110 - 4 in hand - 5 face up
(101, 101)
"""
from __future__ import annotations

from collections import Counter
from fractions import Fraction

from ..algorithms.probability import tunnel_extra_distribution
from ..engine.cards import CARD_KINDS, full_deck
from ..engine.claims import why_route_unavailable
from ..engine.position import PLAYER_COLORS, PlayerPosition, Position
from ..engine.rules import LOCOMOTIVE


def open_routes(view) -> list:
    """The routes ``view``'s player could still own: unclaimed and not closed to it by the
    double-route rules (its cards and trains aside)."""
    m, n, owners, seat = view.map, view.n_players, dict(view.owners), view.seat
    return [r for r in m.routes if r.index not in owners
            and why_route_unavailable(m, n, owners, r, seat) is None]


def view_position(view) -> Position:
    """The board as a :class:`~ttr_teach.engine.position.Position`; only the view's own
    player holds tickets (the others' are hidden)."""
    m = view.map
    return Position(m, tuple(
        PlayerPosition(p.name, p.routes, p.station_cities,
                       view.tickets if p.seat == view.seat else (),
                       PLAYER_COLORS[p.seat % len(PLAYER_COLORS)], view.rules.trains_per_player)
        for p in view.players_info))


def components(routes) -> dict:
    """City -> a label shared by every city joined to it by ``routes`` (a union-find).

    >>> from ttr_teach.engine.maps import load_map
    >>> m = load_map("usa")
    >>> c = components([m.route("Denver", "Omaha"), m.route("Omaha", "Chicago")])
    >>> c["Denver"] == c["Chicago"]
    True
    """
    parent: dict[str, str] = {}

    def find(x):
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for r in routes:
        ra, rb = find(r.a), find(r.b)
        if ra != rb:
            parent[ra] = rb
    return {c: find(c) for c in list(parent)}


def connected(routes, a: str, b: str) -> bool:
    """True when ``routes`` join city ``a`` to city ``b``."""
    label = components(routes)
    return a in label and label.get(a) == label.get(b)


def table_cards(decision) -> list:
    """The cards lying on the table during a pending tunnel (played and revealed), else []."""
    if not decision or decision.get("kind") != "tunnel":
        return []
    played = [decision["color"]] * decision["colored"] + [LOCOMOTIVE] * decision["locomotives"]
    return played + list(decision["revealed"])


def unseen_cards(view) -> dict:
    """``{kind: count}`` of the cards ``view``'s player cannot see: the deck and the other
    players' hands together (every card kind listed, zeros included)."""
    seen = Counter(dict(view.hand)) + Counter(view.face_up) + Counter(dict(view.discard))
    seen.update(table_cards(view.decision))
    total = Counter(full_deck())
    return {k: total[k] - seen[k] for k in CARD_KINDS}


def _convolve(a: dict, b: dict) -> dict:
    out: dict[int, Fraction] = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, Fraction(0)) + p * q
    return dict(sorted(out.items()))


def tunnel_odds(view, color, only_locomotives: bool = False, pool=None) -> dict:
    """``{extra cards: Fraction}`` for a tunnel paid in ``color`` (None: locomotives only) as
    ``view``'s player can reckon it.

    The revealed cards are the top of the deck: from this player's knowledge, a random draw
    from ``pool`` (default: :func:`unseen_cards`, the deck and the other hands together).
    When the deck holds fewer cards than the tunnel reveals, the rest come from the discards,
    shuffled into a new deck; with neither, fewer cards are revealed. Exact.
    """
    if color is None or color == LOCOMOTIVE:
        color, only_locomotives = None, True
    reveal = view.rules.tunnel_reveal
    pool = unseen_cards(view) if pool is None else pool
    from_deck = min(reveal, view.deck_size)
    dist = tunnel_extra_distribution(pool, color, only_locomotives, from_deck)
    rest = reveal - from_deck
    if rest:
        dist = _convolve(dist, tunnel_extra_distribution(dict(view.discard), color, only_locomotives, rest))
    return dist
