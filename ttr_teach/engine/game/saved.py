"""Reading a saved game back, with checks.

:meth:`Game.to_dict <ttr_teach.engine.game.core.Game.to_dict>` writes the state as plain JSON types;
:func:`read_state` reads such a dict back into a :class:`~ttr_teach.engine.game.state.GameState`
and refuses, with a ``game state:`` sentence, any state that breaks a rule: every one of the
110 cards and every ticket exactly once, nobody owning what :mod:`ttr_teach.engine.claims`
forbids, a pending decision that could really be pending, and a log of events this game could
have written (:mod:`ttr_teach.engine.game.saved_log`).

>>> from ttr_teach.engine.game.core import Game
>>> state = Game.new("usa", ["Ann", "Bo"], seed=1).to_dict()
>>> read = read_state(state)
>>> read.phase, [s.name for s in read.seats], len(read.cards.face_up)
('setup', ['Ann', 'Bo'], 5)
>>> state["players"][1]["hand"]["red"] += 1
>>> read_state(state)
Traceback (most recent call last):
...
ttr_teach.engine.errors.ReplayError: game state: there are 13 red cards in the game; there must be exactly 12
"""
from __future__ import annotations

from collections import Counter
from typing import NoReturn

from ..cards import CARD_KINDS, TrainCards, full_deck, tunnel_extra
from ..claims import why_route_unavailable, why_station_unavailable, why_trains_short
from ..errors import MapError, ReplayError, TTRError
from ..i18n import gettext
from ..integers import is_whole
from ..maps import Map, load_map
from ..payment import route_cost, why_payment_refused
from ..rules import COLORS, LOCOMOTIVE
from ..text import colour_name
from .pending import PENDING_KINDS, SecondCard, TicketChoice, TunnelPayment, pending_from_dict
from .saved_log import check_log
from .state import OVER, PLAY, SETUP, STATE_FORMAT, STATE_VERSION, GameState, Seat, check_names, check_seed, plain_copy


def read_state(d: object) -> GameState:
    """The :class:`~ttr_teach.engine.game.state.GameState` saved as ``d``, after checking it.

    A broken state raises :class:`~ttr_teach.engine.errors.ReplayError` with a sentence beginning
    ``game state:``, never another exception.
    """
    try:
        return _read(d)
    except TTRError:
        raise
    except KeyError as e:
        raise ReplayError(gettext("game state: the field {field} is missing").format(field=repr(e.args[0]))) from None
    except (TypeError, ValueError, AttributeError, IndexError) as e:
        raise ReplayError(gettext("game state: not a valid game state ({problem})").format(
            problem=f"{type(e).__name__}: {e}")) from None


def _fail(reason: str) -> NoReturn:
    """Refuse the state for ``reason`` (a sentence already in the language spoken)."""
    raise ReplayError(gettext("game state: {problem}").format(problem=reason))


def _card_list(d: dict, key: str) -> list:
    cards = d[key]
    if not isinstance(cards, list) or not all(isinstance(c, str) and c in CARD_KINDS for c in cards):
        _fail(gettext("{field} must be a list of cards ({cards})").format(field=key, cards=", ".join(CARD_KINDS)))
    return list(cards)


def _int_list(value: object, what: str, high: int) -> list:
    if not isinstance(value, list) or not all(is_whole(x, 0, high - 1) for x in value):
        _fail(gettext("{field} must be a list of numbers from 0 to {last}").format(field=what, last=high - 1))
    return list(value)


def _read(d: object) -> GameState:
    if not isinstance(d, dict):
        _fail(gettext("a game state is a dict as made by Game.to_dict()"))
    if d.get("format", STATE_FORMAT) != STATE_FORMAT or d.get("version", STATE_VERSION) != STATE_VERSION:
        _fail(gettext("this is not a version-{version} ttr-teach game state").format(version=STATE_VERSION))
    try:
        m = load_map(d["map"])
        seed = check_seed(d["seed"])
    except (MapError, TTRError) as e:
        _fail(str(e))
    phase = d["phase"]
    if phase not in (SETUP, PLAY, OVER):
        _fail(gettext("phase {phase} is not one of setup, play, over").format(phase=repr(phase)))
    seats = _read_seats(d, m)
    n = len(seats)
    rules = m.rules
    deck, discard, face_up = _card_list(d, "deck"), _card_list(d, "discard"), _card_list(d, "face_up")
    if len(face_up) > rules.face_up_cards:
        _fail(gettext("there are {n} face-up cards; at most {most}").format(n=len(face_up), most=rules.face_up_cards))
    shuffles = d.get("shuffles", 0)
    if not is_whole(shuffles, low=0):
        _fail(gettext("shuffles must be a whole number, 0 or more"))
    cards = TrainCards(rules, seed, deck, discard, face_up, shuffles)
    ticket_deck = _int_list(d["ticket_deck"], "ticket_deck", len(m.tickets))
    ticket_box = _int_list(d["ticket_box"], "ticket_box", len(m.tickets))
    current = d["current"]
    if not is_whole(current, 0, n - 1):
        _fail(gettext("current must be a seat number from 0 to {last}").format(last=n - 1))
    turn, passes = d.get("turn", 0), d.get("passes", 0)
    if not is_whole(turn, low=0) or not is_whole(passes, 0, n):
        _fail(gettext("turn and passes must be whole numbers, 0 or more"))
    final = d.get("final_turns_left")
    if final is not None and not is_whole(final, 0 if phase == OVER else 1, n):
        _fail(gettext("final_turns_left must be empty or a number from 1 to {n}").format(n=n))
    log = d.get("log", [])
    if not isinstance(log, list):
        _fail(gettext("the log must be a list of events"))
    check_log(log, m, [s.name for s in seats], seed)

    owners = _check_holdings(m, seats)
    pending, table = _read_pending(d.get("pending"), m, phase, seats, current, owners, cards)
    _check_offers(seats, phase, current, pending)
    _check_every_card_once(seats, cards, table)
    _check_every_ticket_once(m, seats, ticket_deck, ticket_box)
    return GameState(m, seed, seats, cards, ticket_deck, ticket_box, phase, current, pending, final,
                     passes, turn, plain_copy(log))


def _read_seats(d: dict, m: Map) -> list:
    """The players of ``d`` as :class:`Seat` objects, each field of the right type and range."""
    players = d["players"]
    if not isinstance(players, list):
        _fail(gettext("players must be a list"))
    try:
        names = check_names([p.get("name") if isinstance(p, dict) else p for p in players], m.rules)
    except TTRError as e:
        _fail(str(e))
    seats = []
    for name, p in zip(names, players, strict=True):
        who = gettext("player {player}").format(player=repr(name))
        hand = p["hand"]
        if not isinstance(hand, dict) or set(hand) != set(CARD_KINDS) or not all(
                is_whole(v, low=0) for v in hand.values()):
            _fail(gettext("{who}: the hand must give a count (0 or more) for each of {cards}").format(
                who=who, cards=", ".join(CARD_KINDS)))
        stations = p["stations"]
        if not isinstance(stations, list) or not all(isinstance(c, str) and c in m.cities for c in stations):
            _fail(gettext("{who}: stations must be a list of city ids of the {map} map").format(who=who, map=m.name))
        seats.append(Seat(name, {k: hand[k] for k in CARD_KINDS},
                          _int_list(p["routes"], f"{who}: routes", len(m.routes)), list(stations),
                          _int_list(p["tickets"], f"{who}: tickets", len(m.tickets)),
                          _int_list(p["offer"], f"{who}: offer", len(m.tickets))))
    return seats


def _check_holdings(m: Map, seats: list[Seat]) -> dict:
    """Route index -> owner, after checking every route, train and station with the same rules
    as play (:mod:`ttr_teach.engine.claims`)."""
    n = len(seats)
    owners: dict[int, int] = {}
    station_owners: dict[str, int] = {}
    for i, s in enumerate(seats):
        for r in s.routes:
            why = why_route_unavailable(m, n, owners, m.routes[r], i)
            if why:
                _fail(gettext("player {player}: route {route}: {problem}").format(
                    player=repr(s.name), route=m.routes[r], problem=why))
            owners[r] = i
        trains_left = m.rules.trains_per_player
        for r in s.routes:
            why = why_trains_short(trains_left, m.routes[r])
            if why:
                _fail(gettext("player {player}: route {route}: {problem}").format(
                    player=repr(s.name), route=m.routes[r], problem=why))
            trains_left -= m.routes[r].length
        for k, c in enumerate(s.stations):
            why = why_station_unavailable(m, station_owners, c, k)
            if why:
                _fail(gettext("player {player}: station {city}: {problem}").format(
                    player=repr(s.name), city=c, problem=why))
            station_owners[c] = i
    return owners


def _read_pending(pending: object, m: Map, phase: str, seats: list[Seat], current: int, owners: dict[int, int],
                  cards: TrainCards) -> tuple:
    """``(pending, table)``: the decision pending inside the turn (checked, as one of the
    values of :mod:`ttr_teach.engine.game.pending`), and the cards lying on the table meanwhile
    (those played and revealed for a tunnel)."""
    if pending is None:
        if phase == SETUP:
            _fail(gettext("during set-up a ticket choice is always pending"))
        return None, []
    if not isinstance(pending, dict) or pending.get("kind") not in PENDING_KINDS:
        _fail(gettext("pending must be empty or a dict with kind tickets, second_card or tunnel"))
    kind = pending["kind"]
    if phase == OVER or (phase == SETUP and kind != TicketChoice.kind):
        _fail(gettext("a {kind} decision cannot be pending in the {phase} phase").format(kind=kind, phase=phase))
    if kind == TicketChoice.kind and not seats[current].offer:
        _fail(gettext("a ticket choice is pending but the current player has no tickets to choose from"))
    if kind == SecondCard.kind and not cards.can_draw_second():
        _fail(gettext("a second card is pending but no card could be drawn"))
    if kind != TunnelPayment.kind:
        return pending_from_dict({"kind": kind}), []
    return _read_pending_tunnel(pending, m, owners)


def _read_pending_tunnel(pending: dict, m: Map, owners: dict[int, int]) -> tuple:
    pending = {k: pending[k] for k in ("kind", "route", "color", "colored", "locomotives", "revealed")}
    r = pending["route"]
    if not is_whole(r, 0, len(m.routes) - 1) or not m.routes[r].tunnel or r in owners:
        _fail(gettext("the pending tunnel must be an unclaimed tunnel route"))
    color, colored, locomotives = pending["color"], pending["colored"], pending["locomotives"]
    if color is not None and color not in COLORS:
        _fail(gettext("the pending tunnel's colour must be a card colour or empty"))
    if not is_whole(colored, low=0) or not is_whole(locomotives, low=0):
        _fail(gettext("the pending tunnel's card counts must be whole numbers"))
    if (colored == 0) != (color is None):
        _fail(gettext("the pending tunnel has a colour exactly when coloured cards were played"))
    # The played cards were in the hand when the claim was made: only the paying rule is checked.
    held = {LOCOMOTIVE: locomotives, **({color: colored} if color else {})}
    why = why_payment_refused(route_cost(m.routes[r]), held, color, colored, locomotives)
    if why:
        _fail(gettext("the cards played for the pending tunnel do not pay for it: {problem}").format(problem=why))
    revealed = pending["revealed"]
    reveal = m.rules.tunnel_reveal
    if not isinstance(revealed, list) or not all(c in CARD_KINDS for c in revealed) \
            or len(revealed) > reveal or tunnel_extra(revealed, color) == 0:
        _fail(gettext("the pending tunnel's revealed cards must be up to {n} cards that ask for extra cards").format(
            n=reveal))
    tunnel = TunnelPayment(r, color, colored, locomotives, tuple(revealed))
    return tunnel, tunnel.played + list(revealed)


def _check_offers(seats: list[Seat], phase: str, current: int, pending: object) -> None:
    """Tickets to choose from are held exactly by the players who have a choice to make."""
    for i, s in enumerate(seats):
        allowed = (i >= current) if phase == SETUP else (i == current and isinstance(pending, TicketChoice))
        if s.offer and not allowed:
            _fail(gettext("player {player} holds tickets to choose from but no such choice is pending").format(
                player=repr(s.name)))
        if phase == SETUP and i >= current and not s.offer:
            _fail(gettext("player {player} has not chosen set-up tickets but has none to choose from").format(
                player=repr(s.name)))


def _check_every_card_once(seats: list[Seat], cards: TrainCards, table: list) -> None:
    counted = cards.counts() + Counter(table)
    for s in seats:
        counted.update(s.hand)
    expected = Counter(full_deck())
    for k in CARD_KINDS:
        if counted[k] != expected[k]:
            _fail(gettext("there are {n} {colour} cards in the game; there must be exactly {expected}").format(
                n=counted[k], colour=colour_name(k), expected=expected[k]))


def _check_every_ticket_once(m: Map, seats: list[Seat], ticket_deck: list, ticket_box: list) -> None:
    tickets = Counter(ticket_deck + ticket_box)
    for s in seats:
        tickets.update(s.tickets + s.offer)
    twice = [t for t, c in tickets.items() if c > 1]
    if twice:
        _fail(gettext("ticket {ticket} is in the game twice").format(ticket=m.tickets[twice[0]]))
    missing = [t.index for t in m.tickets if t.index not in tickets]
    if missing:
        _fail(gettext("ticket {ticket} is missing (every ticket is in a hand, the deck or the box)").format(
            ticket=m.tickets[missing[0]]))
