"""Lesson 05, tunnels: lay the cards, reveal three, pay the extra cards or take them back.

:class:`TunnelModel` plays one tunnel claim in a real :class:`~ttr_teach.engine.game.core.Game`; the exact
law of the extra cards comes from :mod:`ttr_teach.algorithms.probability`, and two simulations (random
cards, and the engine itself) converge to it.

>>> t = TunnelModel(("Madrid", "Pamplona", "black"), deck_top=["black", "red", "locomotive"])
>>> [str(a) for a in t.payment_choices()][:2]
['claim Madrid–Pamplona (3 black, tunnel) with 3 black', 'claim Madrid–Pamplona (3 black, tunnel) with 2 black + 1 locomotive']
>>> t.claim(0).message
'You lay 3 black. Revealed: black, red, locomotive: 2 extra cards (each black and each locomotive costs one).'
>>> [str(a) for a in t.pay_choices()]
['pay 1 black + 1 locomotive more for the tunnel', 'pay 2 locomotives more for the tunnel']
>>> t.pay(0).message
'You pay 1 black + 1 locomotive more: Madrid–Pamplona is yours, 4 points.'
"""  # noqa: E501
from __future__ import annotations

from fractions import Fraction
from html import escape

from ...algorithms.probability import expected_extra_cost, tunnel_extra_distribution
from ...algorithms.simulation import simulate_tunnel
from ...engine.actions import ClaimRoute, DeclineTunnel, PayTunnel, cards_text
from ...engine.cards import empty_hand
from ...engine.errors import ArgumentError, IllegalAction
from ...engine.game.core import Game
from ...engine.i18n import N_, gettext, local_digits, ngettext, pgettext
from ...engine.integers import is_whole
from ...engine.maps import load_map
from ...engine.rules import CARDS_PER_COLOR, COLORS, GRAY, LOCOMOTIVE, LOCOMOTIVES
from ...engine.text import listing
from ..progress_bar import progress_bar
from .common import (
    Outcome,
    card_chip_html,
    colour_name,
    hand_html,
    hand_text,
    instruction,
    outcome_html,
    read_hand,
    refused,
    resolve_route,
    route_choices,
    seats,
    svg_html,
)

#: Face-up cards of the staged tunnel games (fixed, so the deck's make-up is known exactly).
TUNNEL_FACE_UP = ("pink", "white", "orange", "yellow", "green")
CHOOSE, REVEALED, DONE = "choose", "revealed", "done"


def tunnels(map="europe") -> list:
    """The tunnels of ``map``."""
    return [r for r in load_map(map).routes if r.tunnel]


def default_hand(route) -> dict:
    """A hand for trying ``route``: one more than its length in its colour (red for a gray
    tunnel) and in locomotives, so it can be paid either way with a little to spare.

    >>> default_hand(load_map("europe").route("Munchen", "Zurich"))
    {'yellow': 3, 'locomotive': 3}
    """
    color = "red" if route.color == GRAY else route.color
    return {color: route.length + 1, LOCOMOTIVE: route.length + 1}


class TunnelModel:
    """One tunnel claim by the learner (``players[0]``) in a real game.

    ``route``: the tunnel; ``hand``: the learner's cards (default :func:`default_hand`);
    ``deck_top``: cards to put on top of the deck (the rest is shuffled by ``seed``). Steps:
    :meth:`claim` with one of :meth:`payment_choices` (the cards are laid and three revealed),
    then :meth:`pay` with one of :meth:`pay_choices`, or :meth:`decline`. Each step is a
    :meth:`Game.apply <ttr_teach.engine.game.core.Game.apply>`; the engine refuses what the rules forbid.
    """

    def __init__(self, route=("Madrid", "Pamplona", "black"), hand=None, seed: int = 0, deck_top=None,
                 players=None, map="europe"):
        self.map = load_map(map)
        self.route = resolve_route(self.map, route)
        if not self.route.tunnel:
            raise ArgumentError(gettext("{route} is not a tunnel").format(route=self.route))
        self.start_hand = read_hand(hand if hand is not None else default_hand(self.route))
        self.deck_top = list(deck_top or [])
        self.players = seats(players)
        self.reset(seed)

    def reset(self, seed: int | None = None) -> Outcome:
        """Start again (a new shuffle of the deck when ``seed`` is given)."""
        if seed is not None:
            self.seed = seed
        self.game = Game.arranged(self.map, self.players, seed=self.seed,
                                  hands=[{k: v for k, v in self.start_hand.items() if v}, {}],
                                  face_up=list(TUNNEL_FACE_UP), deck=self.deck_top, leftover="deck")
        self.stage = CHOOSE
        self.revealed: list[str] = []
        self.extra: int | None = None
        self.played = None
        self.last = instruction(gettext("Choose how to pay for {route}, then claim it.").format(route=self.route))
        return self.last

    def again(self) -> Outcome:
        """The same claim with the next shuffle of the deck."""
        return self.reset(self.seed + 1)

    @property
    def hand(self) -> dict:
        return self.game.hand(0)

    def deck(self) -> dict:
        """The cards the tunnel can reveal, ``{kind: count}``: the draw pile (its discard pile is
        empty in this staged game)."""
        return read_hand(self.game.cards.deck + self.game.cards.discard)

    def payment_choices(self) -> list:
        """The engine's legal ways to claim the tunnel now (empty after the claim)."""
        if self.stage != CHOOSE:
            return []
        return [a for a in self.game.legal_actions() if isinstance(a, ClaimRoute) and a.route == self.route.index]

    def pay_choices(self) -> list:
        """The engine's legal ways to pay the extra cards (empty unless cards were revealed)."""
        if self.stage != REVEALED:
            return []
        return [a for a in self.game.legal_actions() if isinstance(a, PayTunnel)]

    def _pick(self, way, choose, kind):
        if is_whole(way):
            choices = choose()
            if not 0 <= way < len(choices):
                raise IllegalAction(gettext("there is no choice number {way}; there are {n}").format(
                    way=way, n=len(choices)))
            return choices[way]
        if isinstance(way, (ClaimRoute, PayTunnel)):
            return way
        color, colored, locos = way
        if kind is ClaimRoute:
            return ClaimRoute(self.route.index, color, colored, locos)
        return PayTunnel(color, colored, locos)

    def claim(self, way=0) -> Outcome:
        """Lay the cards of ``way`` (an index into :meth:`payment_choices`, an action, or
        ``(colour, coloured, locomotives)``) and reveal three cards."""
        if self.stage != CHOOSE:
            return self._set(refused(gettext("the tunnel has already been claimed or tried; start again")))
        try:
            action = self._pick(way, self.payment_choices, ClaimRoute)
            events = self.game.apply(action)
        except IllegalAction as e:
            return self._set(refused(str(e)))
        reveal = next(e for e in events if e.get("event") == "tunnel_reveal")
        self.revealed, self.extra = list(reveal["cards"]), reveal["extra"]
        self.played = action
        laid = cards_text(action.color, action.colored, action.locomotives)
        counted = (gettext("each {colour} and each locomotive costs one").format(colour=colour_name(action.color))
                   if action.color else gettext("you paid with locomotives only, so only locomotives count"))
        shown = listing(colour_name(c) for c in self.revealed) or gettext("nothing (no cards left)")
        extra = ngettext("{n} extra card", "{n} extra cards", reveal["extra"]).format(n=reveal["extra"])
        message = gettext("You lay {laid}. Revealed: {shown}: {extra} ({counted}).").format(
            laid=laid, shown=shown, extra=extra, counted=counted)
        if any(e.get("event") == "claimed" for e in events):
            self.stage = DONE
            points = self.map.rules.route_points(self.route.length)
            yours = gettext("The tunnel is yours at no extra cost, {points}.").format(
                points=ngettext("{n} point", "{n} points", points).format(n=points))
            return self._set(Outcome(True, message + " " + yours))
        self.stage = REVEALED
        if not self.pay_choices():
            message += " " + gettext("You cannot pay them: decline, and the cards go back to your hand.")
        return self._set(Outcome(True, message))

    def pay(self, way=0) -> Outcome:
        """Pay the extra cards with ``way`` (an index into :meth:`pay_choices`, an action or a tuple)."""
        if self.stage != REVEALED:
            return self._set(refused(gettext("there are no extra cards to pay now")))
        try:
            action = self._pick(way, self.pay_choices, PayTunnel)
            self.game.apply(action)
        except IllegalAction as e:
            return self._set(refused(str(e)))
        self.stage = DONE
        points = self.map.rules.route_points(self.route.length)
        return self._set(Outcome(True, gettext("You pay {cards} more: {route} is yours, {points}.").format(
            cards=cards_text(action.color, action.colored, action.locomotives), route=f"{self.route.a}–{self.route.b}",
            points=ngettext("{n} point", "{n} points", points).format(n=points))))

    def decline(self) -> Outcome:
        """Do not pay: the cards laid go back to the hand and the turn ends."""
        if self.stage != REVEALED:
            return self._set(refused(gettext("there is no tunnel waiting to be paid for")))
        self.game.apply(DeclineTunnel())
        self.stage = DONE
        return self._set(Outcome(True, gettext("You decline: the cards you laid go back to your hand, the revealed "
                                               "cards are discarded, and your turn is over.")))

    def _set(self, outcome: Outcome) -> Outcome:
        self.last = outcome
        return outcome

    def svg(self, size: int = 760) -> str:
        from ...views.svg import board_svg

        return board_svg(self.game, highlight={"routes": [self.route.index], "label": str(self.route)},
                         size=size)


def tunnel_widget(model: TunnelModel | None = None, board: bool = True):
    """Claim a tunnel step by step: choose the tunnel and the payment, reveal, pay or decline."""
    import ipywidgets as w

    model = model or TunnelModel()
    m = model.map
    choose = w.Dropdown(options=route_choices(m, tunnels(m)), value=model.route.index,
                        description=gettext("Tunnel"), layout=w.Layout(width="440px"))
    ways = w.Dropdown(description=gettext("Pay with"), layout=w.Layout(width="440px"))
    wide = w.Layout(width="auto")
    claim = w.Button(description=gettext("Claim: reveal 3 cards"), button_style="primary", icon="eye", layout=wide)
    claim.add_class("ttr-tunnel-claim")
    extras = w.Dropdown(description=gettext("Extra"), layout=w.Layout(width="440px"))
    pay = w.Button(description=gettext("Pay"), button_style="success", icon="check")
    decline = w.Button(description=gettext("Decline"), button_style="warning", icon="undo")
    again = w.Button(description=gettext("Try again (new shuffle)"), icon="refresh", layout=wide)
    again.add_class("ttr-tunnel-again")
    hand, revealed, message, picture = w.HTML(), w.HTML(), w.HTML(), w.HTML()
    message.add_class("ttr-tunnel-message")
    revealed.add_class("ttr-tunnel-revealed")

    def refresh():
        hand.value = gettext("Your hand: {cards}").format(cards=hand_html(model.hand))
        options = model.payment_choices()
        ways.options = [(cards_text(a.color, a.colored, a.locomotives), k) for k, a in enumerate(options)]
        ways.value = 0 if options else None
        ways.disabled = claim.disabled = not options
        pays = model.pay_choices()
        extras.options = [(cards_text(a.color, a.colored, a.locomotives), k) for k, a in enumerate(pays)]
        extras.value = 0 if pays else None
        extras.disabled = pay.disabled = not pays
        decline.disabled = model.stage != REVEALED
        not_yet = gettext("not yet")
        revealed.value = gettext("Revealed: {cards}").format(
            cards="".join(card_chip_html(c) for c in model.revealed) if model.stage != CHOOSE
            else f"<i>{escape(not_yet)}</i>")
        message.value = outcome_html(model.last)
        if board:
            picture.value = svg_html(model.svg())

    def on_tunnel(change):
        model.route = m.routes[change["new"]]
        model.start_hand = read_hand(default_hand(model.route))
        model.reset()
        refresh()

    choose.observe(on_tunnel, "value")
    claim.on_click(lambda _: (model.claim(ways.value if ways.value is not None else 0), refresh()))
    pay.on_click(lambda _: (model.pay(extras.value if extras.value is not None else 0), refresh()))
    decline.on_click(lambda _: (model.decline(), refresh()))
    again.on_click(lambda _: (model.again(), refresh()))
    refresh()
    box = w.VBox([choose, hand, w.HBox([ways, claim]), revealed, w.HBox([extras, pay, decline]),
                  message, w.HBox([again]), picture])
    box.add_class("ttr-tunnel")
    return box


# -- the exact law of the extra cards -----------------------------------------------------------
def tunnel_deck(color: str = "red", matching: int = CARDS_PER_COLOR, locomotives: int = LOCOMOTIVES,
                others: int = CARDS_PER_COLOR * (len(COLORS) - 1)) -> dict:
    """A deck with ``matching`` cards of ``color``, ``locomotives`` locomotives and ``others``
    cards spread over the other colours (default: the 110-card deck).

    >>> d = tunnel_deck("red", 2, 1, 9)
    >>> d["red"], d["locomotive"], sum(d.values())
    (2, 1, 12)
    """
    deck = empty_hand()
    deck[color] = matching
    deck[LOCOMOTIVE] = locomotives
    rest = [c for c in COLORS if c != color]
    for i, c in enumerate(rest):
        deck[c] = others // len(rest) + (1 if i < others % len(rest) else 0)
    return deck


def distribution_rows(deck, color, only_locomotives: bool = False) -> list:
    """The law of the extra cards as rows: ``{"extra", "probability" (Fraction), "≈"}``.

    >>> [(r["extra"], r["probability"]) for r in distribution_rows({"red": 1, "blue": 1}, "red")]
    [(1, Fraction(1, 1))]
    """
    dist = tunnel_extra_distribution(deck, color, only_locomotives=only_locomotives)
    return [{N_("extra"): k, N_("probability"): p, "≈": round(float(p), 4)} for k, p in dist.items()]


def distribution_html(rows) -> str:
    body = "".join(f"<tr><td>{local_digits(str(r['extra']))}</td><td>{local_digits(str(r['probability']))}</td>"
                   f"<td>{local_digits(format(r['≈'], '.4f'))}</td></tr>" for r in rows)
    extra, exact = escape(gettext("extra cards")), escape(gettext("exact probability"))
    return (f"<table class='ttr-table ttr-tunnel-law'><tr><th>{extra}</th><th>{exact}</th>"
            f"<th>≈</th></tr>{body}</table>")


#: The title of :func:`plot_distribution` by default (translated where it is drawn).
EXTRA_CARDS_TITLE = N_("Extra cards for a tunnel")


def plot_distribution(dist, simulated=None, ax=None, title=EXTRA_CARDS_TITLE):
    """Bars of the exact law ``{extra: probability}``; dots for a simulated one if given."""
    import matplotlib.pyplot as plt

    if ax is None:
        _, ax = plt.subplots(figsize=(6, 3))
    ks = list(range(0, max(list(dist) + list(simulated or [0])) + 1))
    ax.bar(ks, [float(dist.get(k, 0)) for k in ks], color="#b9b9b2", edgecolor="#333333", label=gettext("exact"))
    for k in ks:
        ax.text(k, float(dist.get(k, 0)) + 0.01, local_digits(f"{float(dist.get(k, 0)):.3f}"), ha="center", fontsize=8)
    if simulated is not None:
        ax.plot(ks, [float(simulated.get(k, 0)) for k in ks], "o", color="#c62828", label=gettext("simulated"))
    ax.set_xticks(ks)
    ax.set_xlabel(gettext("extra cards"))
    ax.set_ylabel(gettext("probability"))
    ax.set_ylim(0, 1.05)
    ax.set_title(gettext(title))
    ax.legend()
    return ax


def plot_compare_payments(deck, color, ax=None):
    """Side-by-side bars: the law of the extras when paying with ``color`` and with locomotives only."""
    import matplotlib.pyplot as plt

    if ax is None:
        _, ax = plt.subplots(figsize=(6.5, 3))
    with_color = tunnel_extra_distribution(deck, color)
    only = tunnel_extra_distribution(deck, color, only_locomotives=True)
    ks = list(range(0, max(list(with_color) + list(only)) + 1))
    ax.bar([k - 0.2 for k in ks], [float(with_color.get(k, 0)) for k in ks], width=0.4,
           color="#d63434", edgecolor="#333333", label=gettext("paid with {colour}").format(colour=colour_name(color)))
    ax.bar([k + 0.2 for k in ks], [float(only.get(k, 0)) for k in ks], width=0.4,
           color="#9a7fb0", edgecolor="#333333", hatch="//", label=gettext("paid with locomotives only"))
    ax.set_xticks(ks)
    ax.set_xlabel(gettext("extra cards"))
    ax.set_ylabel(gettext("probability"))
    ax.set_title(gettext("Paying with {colour} or with locomotives only").format(colour=colour_name(color)))
    ax.legend()
    return ax


def distribution_widget(color: str = "red"):
    """Set the deck (cards of your colour, locomotives, other cards; paid with locomotives
    only or not): the exact law as a table and a bar chart."""
    import ipywidgets as w
    import matplotlib.pyplot as plt

    # number boxes, each named by its label (a slider's handle has no name a screen reader could say)
    def count(value, most, label):
        return w.BoundedIntText(value=value, min=0, max=most, description=label,
                                style={"description_width": "initial"},   # as wide as its words, in any language
                                layout=w.Layout(width="auto", max_width="100%"))

    matching = count(CARDS_PER_COLOR, CARDS_PER_COLOR, gettext("{colour} cards").format(colour=colour_name(color)))
    locos = count(LOCOMOTIVES, LOCOMOTIVES, gettext("locomotives"))
    others = count(CARDS_PER_COLOR * (len(COLORS) - 1), CARDS_PER_COLOR * (len(COLORS) - 1), gettext("other cards"))
    only = w.Checkbox(value=False, description=gettext("I paid with locomotives only"), indent=False,
                      layout=w.Layout(width="auto"))
    table, chart = w.HTML(), w.Output()
    table.add_class("ttr-tunnel-law")

    def refresh(*_):
        deck = tunnel_deck(color, matching.value, locos.value, others.value)
        rows = distribution_rows(deck, color, only.value)
        mean = expected_extra_cost(deck, color, only.value)
        expected = gettext("Expected extra cards: {mean} ≈ {decimal}").format(
            mean=local_digits(str(mean)), decimal=local_digits(f"{float(mean):.3f}"))
        table.value = distribution_html(rows) + f"<p>{escape(expected)}</p>"
        fig, ax = plt.subplots(figsize=(5.5, 2.8))
        plot_distribution({r["extra"]: r["probability"] for r in rows}, ax=ax,
                          title=gettext("{n} cards in the deck").format(n=sum(deck.values())))
        chart.outputs = ()      # replaced, not captured with `with chart:` (Voila can stall on that)
        chart.append_display_data(fig)
        plt.close(fig)

    for control in (matching, locos, others, only):
        control.observe(refresh, "value")
    refresh()
    box = w.VBox([w.HBox([w.VBox([matching, locos, others, only]), table]), chart])
    box.add_class("ttr-tunnel-distribution")
    return box


# -- simulations ----------------------------------------------------------------------------------
def simulate_reveals(deck, color, trials: int = 20_000, seed: int = 0, only_locomotives: bool = False,
                     progress: bool = True) -> dict:
    """Reveal three random cards from ``deck`` ``trials`` times (see
    :func:`ttr_teach.algorithms.simulation.simulate_tunnel`), with a progress bar."""
    return simulate_tunnel(deck, color, trials=trials, only_locomotives=only_locomotives, seed=seed,
                           progress=progress)


def engine_reveals(route=("Madrid", "Pamplona", "black"), trials: int = 1000, seed: int = 0,
                   locomotives_only: bool = False, progress: bool = True) -> dict:
    """Claim ``route`` in ``trials`` freshly shuffled staged games (:class:`TunnelModel`) and
    count the extra cards the engine asks for. Returns ``{"deck", "color", "distribution":
    {extra: Fraction}, "trials"}``, where ``deck`` is the cards that could be revealed (the same
    in every trial: all cards but the hand and the fixed face-up row). O(trials) games.
    """
    model = TunnelModel(route, seed=seed)
    way = next(a for a in model.payment_choices() if (a.colored == 0) == locomotives_only)
    color = way.color
    deck = model.deck()
    counts: dict[int, int] = {}
    for t in progress_bar(range(trials), gettext("tunnels claimed"), pgettext("progress", "tunnel"),
                          shown=progress):
        model.reset(seed + t)
        model.claim(way)
        extra = model.extra
        assert extra is not None  # the claim above revealed the cards
        counts[extra] = counts.get(extra, 0) + 1
    return {"deck": deck, "color": color, "trials": trials,
            "distribution": {k: Fraction(counts[k], trials) for k in sorted(counts)}}


#: The y label of :func:`plot_mean_convergence` (translated where it is drawn).
MEAN_EXTRA = N_("mean extra cards")


def plot_mean_convergence(sim, exact_mean, ax=None):
    """The running mean of the simulated extra cards against the exact expected value."""
    from .cards import plot_convergence

    return plot_convergence(sim["running_mean"], exact_mean, ax=ax, ylabel=MEAN_EXTRA)


# -- a short deck -----------------------------------------------------------------------------------
def short_deck_claim(deck=("locomotive",), discard=(), route=("Madrid", "Pamplona", "black"),
                     way=0) -> TunnelModel:
    """A staged tunnel claim when the deck and discard pile hold fewer than 3 cards: every other
    card is in the opponent's hand. Returns the model after the claim (see ``.revealed``).

    >>> t = short_deck_claim(["locomotive", "blue"])
    >>> t.revealed, t.extra
    (['locomotive', 'blue'], 1)
    >>> short_deck_claim([]).last.message
    'You lay 3 black. Revealed: nothing (no cards left): 0 extra cards (each black and each locomotive costs one). The tunnel is yours at no extra cost, 4 points.'
    """  # noqa: E501
    model = TunnelModel(route)
    hand = {k: v for k, v in model.start_hand.items() if v}
    model.game = Game.arranged(model.map, model.players, hands=[hand, {}], face_up=list(TUNNEL_FACE_UP),
                               deck=list(deck), discard=list(discard), leftover=model.players[1])
    model.claim(way)
    return model


#: The charts' titles the lesson's code cells pass to :func:`plot_distribution` (which translates them).
EXACT_AND_SIMULATED = N_("exact (bars) and simulated (dots)")
ENGINE_AND_EXACT = N_("the game's tunnels (dots) vs exact (bars)")


def tunnels_label(tunnels) -> str:
    """The board's label for the highlighted tunnels.

    >>> tunnels_label(range(18))
    'the 18 tunnels'
    """
    n = len(tunnels)
    return ngettext("the {n} tunnel", "the {n} tunnels", n).format(n=n)


def deck_title(deck, colour: str) -> str:
    """A chart's title: how many cards the deck holds and the colour the tunnel is paid with.

    >>> deck_title(tunnel_deck("red"), "red")
    '110 cards, paid with red'
    """
    n = sum(deck.values())
    return ngettext("{n} card, paid with {colour}", "{n} cards, paid with {colour}", n).format(
        n=n, colour=colour_name(colour))


def hand_line(hand) -> str:
    """A hand in words, as the lesson prints it before a claim.

    >>> hand_line({"black": 4, "locomotive": 4})
    'hand: 4 black, 4 locomotives'
    """
    return gettext("hand: {cards}").format(cards=hand_text(hand))


def you_may(way) -> str:
    """One way to pay a tunnel's extra cards, offered to the player.

    >>> you_may("pay 2 locomotives more for the tunnel")
    'you may pay 2 locomotives more for the tunnel'
    """
    return gettext("you may {way}").format(way=way)


def expected_extra(mean, only_locomotives: bool = False) -> str:
    """The expected number of extra cards, exact and to three decimals.

    >>> expected_extra(Fraction(39, 55))
    'expected extra cards: 39/55, about 0.709'
    >>> expected_extra(Fraction(21, 55), only_locomotives=True)
    'expected extra cards, locomotives only: 21/55, about 0.382'
    """
    text = (gettext("expected extra cards, locomotives only: {mean}, about {approx:.3f}") if only_locomotives
            else gettext("expected extra cards: {mean}, about {approx:.3f}"))
    return text.format(mean=mean, approx=float(mean))
