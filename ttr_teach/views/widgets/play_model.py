"""A game in the notebook, in plain Python: the table, whose turn it is, what the person at the
laptop has selected, and what the panel says. The widget (:mod:`.play_widget`) only draws it
and turns mouse clicks into calls of its methods.

A :class:`PlayModel` holds a :class:`~ttr_teach.engine.game.core.Game` and its seats: people
(who share the laptop, hot-seat) and bots (:mod:`ttr_teach.players`). Every click is a method:
:meth:`~PlayModel.click_face_up`, :meth:`~PlayModel.click_deck`, :meth:`~PlayModel.click_route`
then :meth:`~PlayModel.choose` (the way to pay, the cheapest first), :meth:`~PlayModel.click_city`
for a station, :meth:`~PlayModel.click_tickets`, :meth:`~PlayModel.toggle_ticket` and
:meth:`~PlayModel.keep_tickets`, :meth:`~PlayModel.pay` or :meth:`~PlayModel.decline` for a
tunnel. Each returns an :class:`~ttr_teach.views.widgets.model.Outcome`; what the rules refuse
is refused with the engine's sentence and changes nothing. Bots move one action per
:meth:`~PlayModel.bot_step` (the widget calls it after a short delay).

>>> game = PlayModel.new("usa", [("Ann", "person"), ("Bo", "planner")], seed=4)
>>> game.toggle_ticket(game.offer[0]).ok
True
>>> print(game.keep_tickets().message)          # the rule: keep at least 2 of the 3
Not allowed: keep 1 ticket: you must keep at least 2 of your 3 tickets.
>>> _ = game.toggle_ticket(game.offer[1]); game.keep_tickets().ok
True
>>> game.bot_to_move, game.run_bots() > 0, game.is_person_turn
(True, True, True)
>>> game.click_face_up(7).message
'Not allowed: take face-up card 8: there are only 5 face-up cards.'
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...engine.actions import (
    BuildStation,
    ClaimRoute,
    DeclineTunnel,
    DrawBlind,
    DrawFaceUp,
    DrawTickets,
    KeepTickets,
    Pass,
    PayTunnel,
)
from ...engine.errors import TTRError
from ...engine.i18n import N_, gettext, ngettext, pgettext
from ...engine.maps import City, Route
from ...engine.payment import route_cost, station_cost, why_cannot_pay, why_payment_refused
from ...engine.rules import COLORS
from ...players import coach
from ..last_move import last_moves
from .model import Outcome
from .play_board import ticket_highlights, ticket_progress
from .play_setup import PERSON, SEAT_KINDS
from .play_state import OVER, PASS, PLAY, SETUP, PlayState, Refusal  # noqa: F401 (re-exported)
from .play_text import cheapest_first, first_is_cheapest, instead, sentence

#: Highlight colours: what the person selected, the coach's hint, the tickets chosen to keep.
SELECTED, HINTED, OFFERED = "#ff1493", "#00b3e6", "#8a2be2"


@dataclass(frozen=True)
class Choice:
    """A route or city clicked, waiting for the way to pay: ``kind`` is ``"claim"`` or
    ``"station"``, ``target`` the Route or City, ``options`` the legal actions, cheapest first."""

    kind: str
    target: object
    options: tuple


class PlayModel(PlayState):
    """A game at the laptop, played by clicks (see the module docstring and
    :class:`~.play_state.PlayState`)."""

    def highlight(self) -> tuple:
        """``(position, highlight items)`` for the board: the scoring step at the end; else what
        is selected, the hint, a pending tunnel and the viewer's tickets."""
        if self.game is None:
            return None, []
        if self.screen == OVER:
            return self.score.position, list(self.steps[self.step].highlight) if self.steps else []
        items: list[dict[str, Any]] = []
        if self.choice is not None:
            t = self.choice.target
            items.append({"routes": [t.index]} if isinstance(t, Route) else {"cities": [t.id]})
            items[-1].update(color=SELECTED, label=gettext("chosen: {item}").format(item=t))
        pending = self.playing.pending
        if pending and pending["kind"] == "tunnel":
            items.append({"routes": [pending["route"]], "color": SELECTED, "label": gettext("the tunnel")})
        if self.hint is not None:
            items += _action_marks(self.hint.action, HINTED, pgettext("board label", "hint"))
        for t in self.offer:            # the tickets being chosen: where they go
            items.append({"ticket": [t.a, t.b], "color": OFFERED if t.index in self.keep else "#8b4513",
                          "label": (gettext("{ticket}: keep") if t.index in self.keep
                                    else gettext("{ticket}: offered")).format(ticket=t)})
        position = self._cached(("position", self.viewer), self.view().position)
        if self.viewer is None:
            return position, items
        shown = [self.selected_ticket] if self.selected_ticket is not None else (
            list(self.view().tickets) if self.show_tickets else [])
        progress = [p for p in self.ticket_progress() if p[0] in shown]
        return position, items + ticket_highlights(self.view(), position, shown, progress)

    def last_move(self) -> list:
        """The other players' claims and stations since the person looking last acted, for the
        board to outline until that person's next action (items of
        :mod:`ttr_teach.views.last_move`); ``[]`` when nobody is looking or the game is over."""
        if self.game is None or self.viewer is None or self.screen == OVER:
            return []
        return last_moves(self.playing.log[:self._hidden_from], self.viewer)

    def ticket_progress(self) -> list:
        """``(ticket, completed, plan)`` for each of the viewer's tickets
        (:func:`~.play_board.ticket_progress`); empty when no hand is shown."""
        if self.viewer is None or self.game is None:
            return []
        view = self.view()
        return self._cached(("progress", self.viewer), lambda: ticket_progress(
            view, self._cached(("position", self.viewer), view.position), view.tickets))

    # == the board ==================================================================================
    def item_at(self, x: float, y: float):
        """The City or Route under the board point ``(x, y)``, or None."""
        from ..geometry import city_at, route_at

        if self.game is None:
            return None
        m = self.map
        return city_at(m, x, y, labels=False) or route_at(m, x, y) or city_at(m, x, y)

    def click(self, x: float, y: float) -> Outcome:
        """A click at the board point ``(x, y)``: a route (claim it) or a city (a station)."""
        if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in (x, y)):
            why = gettext("a point of the board is two numbers, not {x}, {y}").format(x=repr(x), y=repr(y))
            return self._refuse(gettext("click the board"), why)
        item = self.item_at(x, y)
        if isinstance(item, Route):
            return self.click_route(item)
        if isinstance(item, City):
            return self.click_city(item)
        return self._say(False, gettext("Nothing here: click the spaces of a route, or a city."))

    def click_route(self, route) -> Outcome:
        """Select ``route`` (a Route, index or ``(a, b[, colour])``) to claim: the ways to pay
        are offered in :attr:`choice`, cheapest first (:meth:`choose` pays)."""
        try:
            route = self.map.find_route(route) if self.game is not None else None
        except TTRError as e:
            return self._refuse(gettext("claim a route"), str(e))
        what = (gettext("claim {route}").format(route=route) if route is not None
                else gettext("claim a route"))
        why = self._why_not_now()
        if why:
            return self._refuse(what, why)
        options = [a for a in self.playing.legal_actions() if isinstance(a, ClaimRoute) and a.route == route.index]
        if not options:
            why, probe = self._claim_reason(route)
            return self._refuse(what, why, probe, probe=True)
        ordered = tuple(cheapest_first(options, self.hand))
        self.choice = Choice("claim", route, ordered)
        self.hint = None
        n = len(options)
        said = (gettext("Claim {route}: choose how to pay.") if n == 1 else
                gettext("Claim {route}: choose how to pay ({n} ways, the cheapest first).")
                if first_is_cheapest(ordered) else gettext("Claim {route}: choose how to pay ({n} ways)."))
        said = said.format(route=route, n=n)
        if route.tunnel:
            said += " " + gettext("It is a tunnel: three cards will be turned over and may cost more.")
        return self._say(True, said)

    def _claim_reason(self, route) -> tuple:
        hand = self.playing.hand()
        color = route.color if route.color in COLORS else max(COLORS, key=lambda c: hand.get(c, 0))
        probe = ClaimRoute(route.index, color, route.length - route.locomotives, route.locomotives)
        why = self.playing.why_illegal(probe)
        cost = route_cost(route)
        if why == why_payment_refused(cost, hand, probe.color, probe.colored, probe.locomotives):
            why = why_cannot_pay(cost, hand) or why
        return why, probe

    def click_city(self, city) -> Outcome:
        """Select ``city`` (a City or name) for a station: the ways to pay are offered in
        :attr:`choice` (:meth:`choose` builds it)."""
        try:
            cid = self.map.city_id(city.id if isinstance(city, City) else city) if self.game else None
        except TTRError as e:
            return self._refuse(gettext("build a station"), str(e))
        where = self.map.cities[cid] if cid is not None else None
        what = (gettext("build a station in {city}").format(city=where) if where
                else gettext("build a station"))
        why = self._why_not_now()
        if why:
            return self._refuse(what, why)
        options = [a for a in self.playing.legal_actions() if isinstance(a, BuildStation) and a.city == cid]
        if not options:
            why, probe = self._station_reason(cid)
            return self._refuse(what, why, probe, probe=True)
        self.choice = Choice("station", where, tuple(cheapest_first(options, self.hand)))
        self.hint = None
        number = self.map.rules.stations_per_player - self.playing.stations_left() + 1
        return self._say(True, gettext(_ORDINAL[number]).format(city=where))

    def _station_reason(self, cid) -> tuple:
        rules, hand = self.map.rules, self.playing.hand()
        built = len(self.playing.stations())
        number = built + 1 if rules.has_stations and built < rules.stations_per_player else None
        color = max(COLORS, key=lambda c: hand.get(c, 0))
        probe = BuildStation(cid, color, number or 1, 0)
        why = self.playing.why_illegal(probe)
        if number is not None:
            cost = station_cost(rules, number)
            if why == why_payment_refused(cost, hand, color, number, 0):
                why = why_cannot_pay(cost, hand) or why
        return why, probe

    def choose(self, k: int = 0) -> Outcome:
        """Pay for the selected route or station the ``k``-th way offered (0: the cheapest)."""
        if self.choice is None:
            return self._refuse(gettext("pay"), gettext("nothing is selected: click a route, or a city for a station"))
        if not _is_index(k, len(self.choice.options)):
            n = len(self.choice.options)
            return self._refuse(gettext("pay"), ngettext("there is {n} way to pay, numbered 0 to {last}",
                                                         "there are {n} ways to pay, numbered 0 to {last}", n).format(
                                                             n=n, last=n - 1))
        return self._act(self.choice.options[k])

    def cancel(self) -> Outcome:
        """Forget the selected route or city."""
        self.choice = None
        return self._say(True, gettext("Nothing selected.") + " " + self._whose_turn())

    # == the cards and the tickets ===================================================================
    def click_face_up(self, slot: int) -> Outcome:
        """Take face-up card number ``slot`` (0 to 4)."""
        cards = self.playing.face_up if self.game is not None else []
        if not (isinstance(slot, int) and 0 <= slot < len(cards)):
            return self._refuse(gettext("take face-up card {number}").format(
                number=slot + 1 if isinstance(slot, int) else slot),
                ngettext("there is only {n} face-up card", "there are only {n} face-up cards", len(cards)).format(
                    n=len(cards)))
        return self._act(DrawFaceUp(cards[slot]))

    def click_deck(self) -> Outcome:
        """Draw a card blind from the deck."""
        return self._act(DrawBlind())

    def click_tickets(self) -> Outcome:
        """Draw destination tickets (then :meth:`toggle_ticket` and :meth:`keep_tickets`)."""
        return self._act(DrawTickets())

    def toggle_ticket(self, ticket) -> Outcome:
        """Choose (or un-choose) an offered ticket (a Ticket or its index) to keep."""
        index = getattr(ticket, "index", ticket)
        why = self._why_not_now()
        if why is None and not (isinstance(index, int) and not isinstance(index, bool)):
            why = gettext("say which ticket, by its number")
        if why is None and index not in [t.index for t in self.offer]:
            why = self.playing.why_illegal(KeepTickets((index,)))
        if why:
            return self._refuse(gettext("choose a ticket"), why)
        self.keep = self.keep ^ {index}
        t = self.map.tickets[index]
        said = (ngettext("Keep {ticket}: {n} ticket chosen.", "Keep {ticket}: {n} tickets chosen.", len(self.keep))
                if index in self.keep else
                ngettext("Give back {ticket}: {n} ticket chosen.", "Give back {ticket}: {n} tickets chosen.",
                         len(self.keep)))
        return self._say(True, said.format(ticket=t, n=len(self.keep)))

    def keep_tickets(self) -> Outcome:
        """Keep the tickets chosen with :meth:`toggle_ticket`; the others go back."""
        return self._act(KeepTickets(tuple(sorted(self.keep))),
                         ngettext("keep {n} ticket", "keep {n} tickets", len(self.keep)).format(n=len(self.keep)))

    def pay(self, k: int = 0) -> Outcome:
        """Pay a pending tunnel's extra cards the ``k``-th way of :attr:`tunnel_options`."""
        pays = [a for a in self.tunnel_options if isinstance(a, PayTunnel)]
        if not _is_index(k, len(pays)):
            probe = PayTunnel(None, 0, 0)
            why = self._why_not_now() or self.playing.why_illegal(DeclineTunnel()) or (
                gettext("you cannot pay the extra cards: decline, and your cards come back"))
            return self._refuse(gettext("pay for the tunnel"), why, probe)
        return self._act(pays[k])

    def decline(self) -> Outcome:
        """Decline a pending tunnel: the cards played go back to the hand."""
        return self._act(DeclineTunnel())

    def click_pass(self) -> Outcome:
        """Pass (only when no other action is possible)."""
        return self._act(Pass())

    def select_ticket(self, ticket=None) -> Outcome:
        """Show one of the viewer's tickets on the board (None: all of them)."""
        try:
            found = None if ticket is None else self.map.find_ticket(ticket)
        except (TTRError, AttributeError) as e:
            return self._refuse(gettext("show a ticket"),
                                str(e) if isinstance(e, TTRError) else gettext("no game has started"))
        self.selected_ticket = found
        return self._say(True, gettext("Shown on the board: {tickets}.").format(
            tickets=self.selected_ticket or gettext("all your tickets")))

    def set_show_tickets(self, show: bool) -> Outcome:
        self.show_tickets = bool(show)
        return self._say(True, gettext("Your tickets are drawn on the board.") if show
                         else gettext("Tickets hidden."))

    def _act(self, action, what=None) -> Outcome:
        """Play ``action`` for the person to act, or refuse it with the engine's sentence."""
        what = what or (self.playing.describe(action) if self.game is not None else str(action))
        why = self._why_not_now() or self.playing.why_illegal(action)
        if why:
            return self._refuse(what, why, action)
        self._remember()
        return self._say(True, self._apply(action))

    # == the laptop passed on; the bots finish; the scoring, step by step ============================
    def i_am_here(self) -> Outcome:
        """Hot-seat: the person the laptop was passed to shows their cards."""
        if self.waiting_for is None:
            return self._say(False, gettext("Nobody is waiting for the laptop."))
        self.viewer, self.waiting_for = self.waiting_for, None
        self._cache.clear()
        return self._say(True, self._whose_turn())

    def finish_with_bots(self, kind: str = "planner") -> Outcome:
        """Every person's seat is played by a bot of strength ``kind`` from now on (to see the
        end of a game quickly)."""
        if self.game is None or self.playing.is_over:
            return self._refuse(gettext("let the bots finish"), self._why_not_now())
        if kind not in SEAT_KINDS or kind == PERSON:
            return self._refuse(gettext("let the bots finish"), gettext("there is no bot of kind {kind}").format(
                kind=repr(kind)))
        self.kinds = [kind if k == PERSON else k for k in self.kinds]
        self._make_bots()
        self.waiting_for = None
        self._reset_turn_state()
        return self._say(True, gettext("{kind} bots play every seat to the end.").format(kind=kind.capitalize()))

    def show_step(self, k: int) -> Outcome:
        """Show step ``k`` of the final scoring."""
        if not self.steps:
            return self._refuse(gettext("show the scoring"), gettext("the game is not over yet"))
        if not _is_index(k, len(self.steps)):
            return self._refuse(gettext("show the scoring"), gettext("the steps are numbered 0 to {last}").format(
                last=len(self.steps) - 1))
        self.step = k
        s = self.steps[self.step]
        said = gettext("Final scoring, step {k} of {n}: {title}.").format(k=self.step + 1, n=len(self.steps),
                                                                          title=s.title)
        if self.step == len(self.steps) - 1:
            said += " " + (gettext("Winner: {player}.").format(player=self.score.winner) if self.score.winner
                           else gettext("Winner: none (a tie)."))
        return self._say(True, said)

    def next_step(self) -> Outcome:
        return self.show_step(min(self.step + 1, len(self.steps) - 1))

    def previous_step(self) -> Outcome:
        return self.show_step(max(self.step - 1, 0))

    # == the coach ======================================================================================
    def ask_hint(self) -> Outcome:
        """The coach's move for the person to act, and why (the move is shown on the board)."""
        why = self._why_not_now()
        if why:
            return self._refuse(gettext("ask for a hint"), why)
        self.hint = coach.hint(self.view(self.current))
        # the coach's reason names the move
        return self._say(True, gettext("Hint: {reason}").format(reason=self.hint.reason))

    def play_hint(self) -> Outcome:
        """Play the move the coach proposed."""
        if self.hint is None:
            return self._refuse(gettext("play the hint"), gettext("there is no hint: ask for one first"))
        return self._act(self.hint.action)

    def why_not(self) -> Outcome:
        """Why the last refused action was refused (the engine's sentence), and what the
        person to act may do instead."""
        r = self.refusal
        if r is None:
            return self._say(True, gettext("Nothing was refused."))
        reason = r.reason
        if r.action is not None and self.game is not None and self._why_not_now() is None:
            reason = self._reason_now(r)
        text = sentence(gettext("Why not {action}? {reason}").format(action=r.what,
                                                                     reason=f"{reason[0].upper()}{reason[1:]}"))
        if self.is_person_turn:
            text += " " + instead(self.playing.legal_actions())
        self.message, self.refused = text, False
        self._notify()
        return Outcome(True, text)


    def _reason_now(self, r) -> str:
        """Why the refused action of ``r`` is refused now. A probe (a click on a route or a
        city, no cards offered) is explained by what the hand cannot pay, as when it was
        refused; an action the person chose, by the engine's sentence about it."""
        if r.probe and isinstance(r.action, ClaimRoute):
            why = self._claim_reason(self.map.routes[r.action.route])[0]
        elif r.probe and isinstance(r.action, BuildStation):
            why = self._station_reason(r.action.city)[0]
        else:
            why = None
        return why or coach.why_not(self.game, r.action)


_ORDINAL = ("", N_("Build your first station in {city}: choose how to pay."),
            N_("Build your second station in {city}: choose how to pay."),
            N_("Build your third station in {city}: choose how to pay."),
            N_("Build your fourth station in {city}: choose how to pay."),
            N_("Build your fifth station in {city}: choose how to pay."))


def _is_index(k, n: int) -> bool:
    """True when ``k`` is a whole number from 0 to ``n - 1``."""
    return isinstance(k, int) and not isinstance(k, bool) and 0 <= k < n


def _action_marks(action, color, label) -> list:
    if isinstance(action, ClaimRoute):
        return [{"routes": [action.route], "color": color, "label": label}]
    if isinstance(action, BuildStation):
        return [{"cities": [action.city], "color": color, "label": label}]
    return []
