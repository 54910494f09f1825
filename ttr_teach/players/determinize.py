"""A whole game consistent with one player's view, for search bots' playouts.

:func:`determinize` keeps everything the player sees (its hand and tickets, the board, the
face-up row, the discards, every count, the pending decision) and samples what it cannot
see, as it could have been:

* the other hands: the cards known to be in them (:mod:`.knowledge`), the rest drawn at
  random from the cards this player cannot see; the deck is what is left, shuffled;
* the other players' tickets: drawn at random from the tickets not known to be elsewhere
  (in Europe a player holds the long ticket dealt at set-up with the chance that a random
  choice of as many tickets as it kept would include it; the ticket deck holds no long
  ticket); the ticket deck and the box are filled with the rest, the player's own returned
  tickets staying where it knows they are;
* a new seed for the reshuffles to come.

The result is checked like any saved game (:meth:`Game.from_dict
<ttr_teach.engine.game.core.Game.from_dict>`), so it is always a legal game.

>>> import random
>>> from ttr_teach.engine.game.core import Game
>>> from ttr_teach.players.view import PlayerView
>>> g = Game.new("europe", ["Ann", "Bo", "Cy"], seed=5)
>>> v = PlayerView(g, 0)
>>> world = determinize(v, random.Random(1))
>>> PlayerView(world, 0).to_dict()["hand"] == v.to_dict()["hand"], world.face_up == g.face_up
(True, True)
"""
from __future__ import annotations

import random
from collections import Counter

from ..engine.cards import CARD_KINDS
from ..engine.game.core import Game
from ..engine.game.state import SETUP, STATE_FORMAT, STATE_VERSION
from .knowledge import infer
from .view_tools import unseen_cards


def _cards(counts) -> list:
    return [k for k in CARD_KINDS for _ in range(counts.get(k, 0))]


def _sample_hands(view, knowledge, rng) -> tuple:
    """``(hands by seat, deck)`` for the other players and the deck."""
    pool = Counter(unseen_cards(view))
    hands = {}
    for p in view.opponents:
        known: Counter[str] = Counter()
        for kind, n in knowledge.known_cards.get(p.seat, {}).items():
            known[kind] = min(n, pool[kind])
        total = sum(known.values())
        if total > p.cards:            # cannot happen with a consistent log; keep what fits
            known = Counter(_cards(known)[:p.cards])
        pool -= known
        hands[p.seat] = known
    rest = _cards(pool)
    rng.shuffle(rest)
    for p in view.opponents:
        need = p.cards - sum(hands[p.seat].values())
        hands[p.seat].update(rest[:need])
        del rest[:need]
    return hands, rest


def _long_counts(view, knowledge, rng) -> dict:
    """How many long tickets each other player holds (or is choosing from), sampled."""
    longs = {}
    for p in view.opponents:
        if view.rules.setup_long_tickets == 0 or p.tickets + p.offer == 0:
            longs[p.seat] = 0
        elif view.in_setup and p.offer:          # still holding the set-up deal
            longs[p.seat] = view.rules.setup_long_tickets
        else:
            kept = knowledge.setup_kept.get(p.seat)
            dealt = view.rules.setup_long_tickets + view.rules.setup_regular_tickets
            chance = 1.0 if kept is None else kept / dealt
            longs[p.seat] = int(rng.random() < chance)
    return longs


def _sample_tickets(view, knowledge, rng) -> tuple:
    """``(tickets by seat, offer by seat, ticket deck, box)`` for what the player cannot see."""
    m = view.map
    mine = {t.index for t in view.tickets + view.offer}
    known_elsewhere = set(knowledge.deck_known.values()) | knowledge.box_known
    unknown = [t.index for t in m.tickets if t.index not in mine and t.index not in known_elsewhere]
    rng.shuffle(unknown)
    long_pool = [t for t in unknown if m.tickets[t].long]
    regular = [t for t in unknown if not m.tickets[t].long]
    longs = _long_counts(view, knowledge, rng)
    box_free = view.box_size - len(knowledge.box_known)
    # Long tickets nobody holds are in the box: make room for them among the box's places.
    opponents = [p for p in view.opponents if p.tickets + p.offer]
    while len(long_pool) - sum(longs.values()) > box_free:
        takers = [p.seat for p in opponents if longs[p.seat] == 0]
        if not takers:
            break
        longs[rng.choice(takers)] = 1
    held, offers = {}, {}
    for p in view.opponents:
        n_long = min(longs[p.seat], p.tickets + p.offer)
        cards = long_pool[:n_long] + regular[:p.tickets + p.offer - n_long]
        del long_pool[:n_long]
        del regular[:p.tickets + p.offer - n_long]
        rng.shuffle(cards)
        offers[p.seat], held[p.seat] = sorted(cards[:p.offer]), cards[p.offer:]
    deck = [None] * view.tickets_left
    for place, t in knowledge.deck_known.items():
        if place < len(deck):
            deck[place] = t
    for i, t in enumerate(deck):
        if t is None:
            deck[i] = regular.pop() if regular else long_pool.pop()
    box = sorted(knowledge.box_known | set(long_pool) | set(regular))
    return held, offers, deck, box


def _pending_state(view) -> dict | None:
    decision = view.decision
    if decision is None:
        return None
    if decision["kind"] == "tunnel":
        return {k: decision[k] for k in ("kind", "route", "color", "colored", "locomotives", "revealed")}
    return {"kind": decision["kind"]}


def determinize(view, rng: random.Random) -> Game:
    """A :class:`~ttr_teach.engine.game.core.Game` consistent with ``view``, its hidden
    parts sampled with ``rng`` (see the module docstring)."""
    knowledge = infer(view)
    hands, deck = _sample_hands(view, knowledge, rng)
    held, offers, ticket_deck, box = _sample_tickets(view, knowledge, rng)
    players = []
    for p in view.players_info:
        mine = p.seat == view.seat
        hand = dict(view.hand) if mine else {k: hands[p.seat].get(k, 0) for k in CARD_KINDS}
        players.append({
            "name": p.name, "hand": hand, "routes": [r.index for r in p.routes],
            "stations": list(p.station_cities),
            "tickets": [t.index for t in view.tickets] if mine else held[p.seat],
            "offer": [t.index for t in view.offer] if mine else offers[p.seat]})
    discard = _cards(view.discard)
    rng.shuffle(discard)
    state = {
        "format": STATE_FORMAT, "version": STATE_VERSION, "map": view.map.name,
        "seed": rng.randrange(2 ** 31), "phase": view.phase,
        "current": view.current_player if view.current_player is not None else 0,
        "turn": view.turn, "players": players, "deck": deck, "discard": discard,
        "face_up": list(view.face_up), "shuffles": view.shuffles, "ticket_deck": ticket_deck,
        "ticket_box": box, "pending": _pending_state(view),
        "final_turns_left": view.final_turns_left, "passes": view.passes}
    if view.phase == SETUP and state["pending"] is None:
        state["pending"] = {"kind": "tickets"}
    return Game.from_dict(state)
