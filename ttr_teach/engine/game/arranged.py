"""Staging a game in the middle of play: the state behind :meth:`Game.arranged
<ttr_teach.engine.game.core.Game.arranged>`, holding exactly the cards and pieces a lesson or a test asks for.

:func:`arranged_state` reads the loose arguments (names or numbers for routes and tickets,
hands as counts or lists, per-player values as lists or dicts by name), places every card
that was not placed, and returns a saved state that :func:`~ttr_teach.engine.game.state.read_state`
then checks like any other.

>>> from ttr_teach.engine.maps import load_map
>>> state = arranged_state("usa", ["Ann", "Bo"], hands={"Bo": ["red", "red"]},
...                        routes=[[["Denver", "Omaha"]]], face_up=["blue"] * 5)
>>> [str(load_map("usa").routes[r]) for r in state["players"][0]["routes"]]
['Denver–Omaha (4 pink)']
>>> state["players"][1]["hand"]["red"], len(state["face_up"]), len(state["deck"])
(2, 5, 103)
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from ..cards import CARD_KINDS, empty_hand, full_deck, needs_redeal, read_hand, seeded_rng
from ..errors import MapError, PositionError, TTRError
from ..i18n import gettext, ngettext
from ..integers import is_whole
from ..maps import Map, load_map
from ..rules import LOCOMOTIVE, RuleSet
from ..seats import find_seat, seat_index
from ..text import colour_name
from .state import PLAY, STATE_FORMAT, STATE_VERSION, check_names, check_seed


def arranged_state(map: str | Map = "europe", players: Iterable[str] = ("Ann", "Bo"), *, seed: int = 0,
                   current: int | str = 0, hands: object = None, face_up: object = None, deck: object = None,
                   discard: object = None, leftover: str | None = None, routes: object = None,
                   stations: object = None, tickets: object = None, ticket_deck: object = None) -> dict:
    """The saved state (as :meth:`Game.to_dict <ttr_teach.engine.game.core.Game.to_dict>` writes it) of the
    game that :meth:`Game.arranged <ttr_teach.engine.game.core.Game.arranged>` describes; the arguments
    are the same. Arguments it cannot read raise :class:`~ttr_teach.engine.errors.PositionError`
    (bad players or seed: :class:`~ttr_teach.engine.errors.TTRError`)."""
    m = load_map(map)
    names = check_names(players, m.rules)
    check_seed(seed)
    seat_hands, placed = _place_cards(m.rules, names, seed, hands, face_up, deck, discard, leftover)
    seat_routes = _read_routes(m, names, routes)
    seat_stations = [[_city_id(m, c, names[i]) for c in (cs or [])]
                     for i, cs in enumerate(_per_seat(stations, names, "stations"))]
    seat_tickets = [[_read_ticket(m, t, names[i]) for t in (ts or [])]
                    for i, ts in enumerate(_per_seat(tickets, names, "tickets"))]
    tdeck, box = _ticket_piles(m, seed, seat_tickets, ticket_deck)
    if isinstance(current, str) and find_seat(names, current) is not None:
        current = seat_index(names, current)
    return {
        "format": STATE_FORMAT, "version": STATE_VERSION, "map": m.name, "seed": seed,
        "phase": PLAY, "current": current, "turn": 0,
        "players": [{"name": names[i], "hand": seat_hands[i], "routes": seat_routes[i],
                     "stations": seat_stations[i], "tickets": seat_tickets[i], "offer": []}
                    for i in range(len(names))],
        "deck": placed["deck"], "discard": placed["discard"], "face_up": placed["face_up"],
        "shuffles": 0, "ticket_deck": tdeck, "ticket_box": box, "pending": None,
        "final_turns_left": None, "passes": 0, "log": [],
    }


def _place_cards(rules: RuleSet, names: Sequence[str], seed: int, hands: object, face_up: object, deck: object,
                 discard: object, leftover: str | None) -> tuple:
    """``(hands, places)``: each player's hand and the cards of ``"face_up"``, ``"deck"`` and
    ``"discard"``, with the cards nobody placed shuffled by ``seed`` and put where the
    docstring of ``Game.arranged`` says."""
    seat_hands = [_read_hand(h, names[i]) for i, h in enumerate(_per_seat(hands, names, "hands"))]
    placed: dict[str, Any] = {}
    for where, cards in (("face_up", face_up), ("deck", deck), ("discard", discard)):
        placed[where] = None if cards is None else _read_cards(cards, where)
    rest = _unplaced_cards(seat_hands, placed.values())
    seeded_rng(seed, "arranged cards").shuffle(rest)
    if placed["face_up"] is None:
        placed["face_up"], rest = _deal_face_up(rest, rules)
    if leftover is None:
        leftover = "deck" if placed["deck"] is None else "discard" if placed["discard"] is None else None
    for where in ("deck", "discard"):
        if placed[where] is None:
            placed[where] = []
    if rest:
        if leftover in ("deck", "discard"):
            placed[leftover].extend(rest)
        elif leftover is not None and find_seat(names, leftover) is not None:
            seat = seat_index(names, leftover)
            for c in rest:
                seat_hands[seat][c] += 1
        else:
            raise PositionError(ngettext(
                "arranged game: {n} card has no place; give leftover='deck', 'discard' or a player's name",
                "arranged game: {n} cards have no place; give leftover='deck', 'discard' or a player's name",
                len(rest)).format(n=len(rest)))
    return seat_hands, placed


def _unplaced_cards(hands: Iterable[dict], piles: Iterable[list | None]) -> list:
    """The cards of the 110 that are in none of ``hands`` and ``piles``, in the rulebook's order;
    PositionError if more of a kind are placed than exist."""
    pool = Counter(full_deck())
    for h in hands:
        pool.subtract(h)
    for cards in piles:
        pool.subtract(cards or [])
    over = [k for k in CARD_KINDS if pool[k] < 0]
    if over:
        k = over[0]
        total = Counter(full_deck())[k]
        raise PositionError(gettext("arranged game: more {colour} cards are placed than the {total} that "
                                    "exist").format(colour=colour_name(k), total=total))
    rest = list(pool.elements())
    rest.sort(key=CARD_KINDS.index)
    return rest


def _deal_face_up(cards: list, rules: RuleSet) -> tuple:
    """``(face_up, rest)``: the first cards of ``cards`` to show, skipping locomotives that would
    make 3 face up (unless nothing else is left: then, as in play, the redeal stops).

    >>> from ttr_teach.engine.rules import USA
    >>> _deal_face_up(["locomotive"] * 3 + ["red", "blue", "green", "pink"], USA)
    (['locomotive', 'locomotive', 'red', 'blue', 'green'], ['locomotive', 'pink'])
    """
    chosen: list[int] = []
    locomotives = 0
    for k, c in enumerate(cards):
        if len(chosen) == rules.face_up_cards:
            break
        if c == LOCOMOTIVE:
            if needs_redeal(locomotives + 1, rules):
                continue
            locomotives += 1
        chosen.append(k)
    for k in range(len(cards)):            # too few other cards: fill with what there is
        if len(chosen) == rules.face_up_cards:
            break
        if k not in chosen:
            chosen.append(k)
    taken = set(chosen)
    return [cards[k] for k in chosen], [c for k, c in enumerate(cards) if k not in taken]


def _read_routes(m: Map, names: Sequence[str], routes: object) -> list:
    """Each player's route indices; a route named by its cities is the first half not yet
    given to anyone."""
    seat_routes: list[list[int]] = [[] for _ in names]
    taken: set[int] = set()
    for i, specs in enumerate(_per_seat(routes, names, "routes")):
        for spec in specs or []:
            r = _read_route(m, spec, taken, names[i])
            taken.add(r)
            seat_routes[i].append(r)
    return seat_routes


def _ticket_piles(m: Map, seed: int, seat_tickets: list[list[int]], ticket_deck: object) -> tuple:
    """``(ticket deck, box)``: the tickets nobody holds, shuffled into the deck, or, when
    ``ticket_deck`` is given, that deck and the rest in the box."""
    held = {t for ts in seat_tickets for t in ts}
    if ticket_deck is None:
        tdeck = [t.index for t in m.tickets if t.index not in held]
        seeded_rng(seed, "arranged tickets").shuffle(tdeck)
        return tdeck, []
    if not isinstance(ticket_deck, (list, tuple)):
        raise PositionError(gettext("arranged game: ticket_deck must be a list of tickets"))
    tdeck = [_read_ticket(m, t, gettext("the ticket deck")) for t in ticket_deck]
    return tdeck, [t.index for t in m.tickets if t.index not in held and t.index not in tdeck]


def _per_seat(value: object, names: Sequence[str], what: str) -> list:
    """One entry per seat from a list in seat order (missing entries: None) or a dict by name."""
    if value is None:
        return [None] * len(names)
    if isinstance(value, dict):
        unknown = [k for k in value if k not in names]
        if unknown:
            raise PositionError(gettext("arranged game: {field} names unknown player {player}").format(
                field=what, player=repr(unknown[0])))
        return [value.get(n) for n in names]
    if isinstance(value, (list, tuple)) and len(value) <= len(names):
        return list(value) + [None] * (len(names) - len(value))
    raise PositionError(gettext("arranged game: {field} must be a list (one entry per player) or a dict by "
                                "name").format(field=what))


def _read_cards(cards: object, where: str) -> list:
    if not isinstance(cards, (list, tuple)) or not all(c in CARD_KINDS for c in cards):
        raise PositionError(gettext("arranged game: {field} must be a list of cards ({cards})").format(
            field=where, cards=", ".join(CARD_KINDS)))
    return list(cards)


def _read_hand(h: object, name: str) -> dict:
    """A hand given as ``{card: count}`` or as a list of cards (None: empty)."""
    if h is None:
        return empty_hand()
    try:
        return read_hand(h)
    except TTRError as e:
        raise PositionError(gettext("arranged game: player {player}: {problem}").format(
            player=repr(name), problem=e)) from None


def _city_id(m: Map, c: str, who: str) -> str:
    try:
        return m.city_id(c)
    except MapError as e:
        raise PositionError(gettext("arranged game: {who}: {problem}").format(who=who, problem=e)) from None


def _read_route(m: Map, spec: object, taken: set[int], who: str) -> int:
    """A route number, or the first half not in ``taken`` of ``[city, city]`` /
    ``[city, city, colour]``."""
    if is_whole(spec, low=0, high=len(m.routes) - 1):
        return spec
    if isinstance(spec, (list, tuple)) and len(spec) in (2, 3):
        try:
            found = m.routes_between(spec[0], spec[1])
        except MapError as e:
            raise PositionError(gettext("arranged game: {who}: {problem}").format(who=who, problem=e)) from None
        if len(spec) == 3:
            found = [r for r in found if r.color == spec[2]]
        free = [r.index for r in found if r.index not in taken]
        if free:
            return free[0]
    raise PositionError(gettext("arranged game: {who}: {value} does not name a free route of the map").format(
        who=who, value=repr(spec)))


def _read_ticket(m: Map, spec: object, who: str) -> int:
    """A ticket number or ``[city, city]``."""
    if is_whole(spec, low=0, high=len(m.tickets) - 1):
        return spec
    if isinstance(spec, (list, tuple)) and len(spec) == 2:
        try:
            return m.ticket(*spec).index
        except MapError as e:
            raise PositionError(gettext("arranged game: {who}: {problem}").format(who=who, problem=e)) from None
    raise PositionError(gettext("arranged game: {who}: {value} does not name a ticket").format(
        who=who, value=repr(spec)))
