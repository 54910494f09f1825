"""Lesson 01, train cards: the deck, the face-up market you draw from, the locomotive rules and
the 3-locomotive reset (its exact probability, a formula, and a simulation with the engine).

>>> deck_composition()["locomotive"], sum(deck_composition().values())
(14, 110)
>>> market = MarketModel()
>>> market.draw_blind().ok                   # the top card is a locomotive: it counts as one
True
>>> market.take(market.face_up.index("locomotive"))
Outcome(ok=False, message='A face-up locomotive cannot be your second card.', explanation='A face-up locomotive is worth a whole turn: taken as your first card it is the only card you get. So it can never be your second card, not even one that has just been turned up as a replacement.', instruction=False)
"""  # noqa: E501
from __future__ import annotations

from fractions import Fraction

from ...algorithms.probability import market_reset_probability
from ...engine.actions import DrawBlind, DrawFaceUp
from ...engine.cards import TrainCards, full_deck, read_hand
from ...engine.errors import IllegalAction
from ...engine.game.core import Game
from ...engine.i18n import N_, gettext, local_digits, ngettext, pgettext
from ...engine.rules import DECK_SIZE, EUROPE, LOCOMOTIVE, LOCOMOTIVES, RuleSet
from ...engine.text import listing
from ..progress_bar import progress_bar
from .common import Outcome, card_style, colour_name, hand_html, hand_text, instruction, outcome_html, refused, seats

#: Why each thing the market widget can do happens, in the lesson's words.
#: (Marked with ``N_``: translated where they are shown.)
WHY = {
    "second_locomotive": N_("A face-up locomotive is worth a whole turn: taken as your first card it is "
                            "the only card you get. So it can never be your second card, not even one "
                            "that has just been turned up as a replacement."),
    "first_locomotive": N_("You took a face-up locomotive as your first card, so it is the only card "
                           "you get this turn."),
    "blind_locomotive": N_("A locomotive drawn blind counts as one card like any other: luck, not "
                           "choice, so you still draw a second card."),
    "reset": N_("Three of the five face-up cards were locomotives, so all five were discarded and "
                "five new cards turned up."),
    "second_card": N_("That was your first card: draw a second one (blind, or a face-up card that is not a "
                      "locomotive)."),
    "turn_over": N_("That was your second card: your turn is over."),
}

#: The staged start of the market lesson: a locomotive face up and, on top of the deck, a
#: locomotive (for the blind draw) then cards that may bring a second face-up locomotive.
MARKET_FACE_UP = ("red", "locomotive", "blue", "green", "yellow")
MARKET_DECK_TOP = ("locomotive", "orange", "locomotive", "white", "pink", "black")


def deck_composition(rules: RuleSet = EUROPE) -> dict:
    """The 110 train cards as ``{kind: count}``, the eight colours then the locomotives.

    >>> deck_composition()["red"]
    12
    """
    return read_hand(full_deck())


def deck_in_words(deck) -> str:
    """The deck in words, in the learner's language: how many cards, and of each kind.

    >>> deck_in_words(deck_composition())
    '110 cards: 12 pink, 12 white, 12 blue, 12 yellow, 12 orange, 12 black, 12 red, 12 green, 14 locomotives'
    """
    n = sum(read_hand(deck).values())
    return ngettext("{n} card: {cards}", "{n} cards: {cards}", n).format(n=n, cards=hand_text(deck))


def plot_deck(ax=None):
    """A bar chart of the deck: one bar per kind of card, in the card's colour, with its count."""
    import matplotlib.pyplot as plt

    if ax is None:
        _, ax = plt.subplots(figsize=(8, 3.2))
    deck = deck_composition()
    kinds = list(deck)
    colours = [card_style(k)[0] if k != LOCOMOTIVE else "#888888" for k in kinds]
    bars = ax.bar(kinds, [deck[k] for k in kinds], color=colours, edgecolor="#333333")
    bars[-1].set_hatch("//")
    for bar, k in zip(bars, kinds, strict=True):
        ax.text(bar.get_x() + bar.get_width() / 2, bar.get_height() + 0.2, local_digits(str(deck[k])),
                ha="center", va="bottom", fontsize=10)
    ax.set_xticks(range(len(kinds)), [colour_name(k) for k in kinds])
    ax.set_ylabel(gettext("cards"))
    ax.yaxis.get_major_locator().set_params(integer=True)
    ax.set_title(gettext("The {n} train cards").format(n=sum(deck.values())))
    ax.set_ylim(0, max(deck.values()) + 3)
    ax.tick_params(axis="x", rotation=30)
    return ax


# -- the market, as a real game ---------------------------------------------------------------
def drew_sentence(card: str, blind: bool) -> str:
    """What the learner drew, as a sentence: ``"You drew a red card blind from the deck."``.

    >>> drew_sentence("orange", blind=False), drew_sentence("locomotive", blind=True)
    ('You drew an orange card from the face-up cards.', 'You drew a locomotive blind from the deck.')
    """
    if card == LOCOMOTIVE:
        return (gettext("You drew a locomotive blind from the deck.") if blind
                else gettext("You drew a locomotive from the face-up cards."))
    name = colour_name(card)
    if card == "orange":  # English says "an orange card"; the other languages translate both alike
        return (gettext("You drew an {colour} card blind from the deck.") if blind
                else gettext("You drew an {colour} card from the face-up cards.")).format(colour=name)
    return (gettext("You drew a {colour} card blind from the deck.") if blind
            else gettext("You drew a {colour} card from the face-up cards.")).format(colour=name)


class MarketModel:
    """The face-up market of a real :class:`~ttr_teach.engine.game.core.Game`, for one learner.

    The learner (``players[0]``) draws; after each of their turns the opponent quietly draws
    two cards blind so that it is the learner's turn again. Every draw goes through
    :meth:`Game.apply <ttr_teach.engine.game.core.Game.apply>`, so a draw the rules forbid is refused by
    the engine, with its reason, and changes nothing. ``face_up`` and ``deck_top`` stage the
    start (by default :data:`MARKET_FACE_UP` and :data:`MARKET_DECK_TOP`); the rest of the
    deck is shuffled by ``seed``.
    """

    def __init__(self, seed: int = 1, face_up=MARKET_FACE_UP, deck_top=MARKET_DECK_TOP,
                 players=None):
        self.seed = seed
        self.start_face_up = list(face_up)
        self.start_deck_top = list(deck_top)
        self.players = seats(players)
        self.last = instruction(gettext("Your turn: draw your first card."))
        self.reset()

    def reset(self) -> Outcome:
        """Start again from the staged market, with an empty hand."""
        self.game = Game.arranged("europe", self.players, seed=self.seed, face_up=self.start_face_up,
                                  deck=self.start_deck_top, leftover="deck")
        self.history: list[str] = []
        self.cards_this_turn: list[str] = []
        self.last = instruction(gettext("Your turn: draw your first card."))
        return self.last

    # -- what the widget shows --
    @property
    def face_up(self) -> list:
        return self.game.face_up

    @property
    def hand(self) -> dict:
        return self.game.hand(0)

    @property
    def deck_size(self) -> int:
        return self.game.deck_size

    @property
    def drawing_second(self) -> bool:
        """True when the learner has drawn one card and must draw a second."""
        return (self.game.pending or {}).get("kind") == "second_card"

    def status(self) -> str:
        if self.drawing_second:
            return gettext("Draw your second card: blind, or a face-up card that is not a locomotive.")
        return gettext("Your turn: draw your first card (two cards, or one face-up locomotive).")

    # -- what the learner does --
    def take(self, slot: int) -> Outcome:
        """Take the face-up card in place ``slot`` (0 to 4)."""
        if not isinstance(slot, int) or not 0 <= slot < len(self.face_up):
            return self._set(refused(gettext("there is no face-up card in place {slot}").format(slot=repr(slot))))
        return self._draw(DrawFaceUp(self.face_up[slot]))

    def draw_blind(self) -> Outcome:
        """Draw the top card of the deck."""
        return self._draw(DrawBlind())

    def _draw(self, action) -> Outcome:
        second = self.drawing_second
        g = self.game
        try:
            events = g.apply(action)
        except IllegalAction as e:
            why = gettext(WHY["second_locomotive"]) if (second and isinstance(action, DrawFaceUp)
                                                        and action.card == LOCOMOTIVE) else ""
            return self._set(refused(str(e), why))
        card = next(e["card"] for e in events if e.get("event") == "drew")
        self.cards_this_turn = ([] if not second else self.cards_this_turn) + [card]
        message = drew_sentence(card, blind=isinstance(action, DrawBlind))
        notes = []
        if card == LOCOMOTIVE and isinstance(action, DrawBlind) and not second:
            notes.append(gettext(WHY["blind_locomotive"]))
        elif card == LOCOMOTIVE and not second:
            notes.append(gettext(WHY["first_locomotive"]))
        elif not second and self.drawing_second:
            notes.append(gettext(WHY["second_card"]))
        if second or not self.drawing_second:
            if not notes:
                notes.append(gettext(WHY["turn_over"]))
            self.history.append(gettext("{player}: {cards}").format(
                player=self.players[0], cards=" + ".join(colour_name(c) for c in self.cards_this_turn)))
        if any(e.get("event") == "face_up_reset" for e in events):
            notes.append(gettext(WHY["reset"]))
        if g.current_player == 1:
            self._opponent_turn(notes)
        return self._set(Outcome(True, message, " ".join(notes)))

    def _opponent_turn(self, notes: list) -> None:
        g = self.game
        drawn = []
        while g.current_player == 1:
            options = g.legal_actions()
            action = DrawBlind() if DrawBlind() in options else options[0]
            events = g.apply(action)
            if any(e.get("event") == "face_up_reset" for e in events):
                notes.append(gettext(WHY["reset"]))
            drawn.append(action)
        blind = sum(isinstance(a, DrawBlind) for a in drawn)
        said = [ngettext("drew {n} card blind", "drew {n} cards blind", blind).format(n=blind)] if blind else []
        said += [str(a) for a in drawn if not isinstance(a, DrawBlind)]
        self.history.append(gettext("{player} {actions}").format(player=self.players[1], actions=listing(said)))

    def _set(self, outcome: Outcome) -> Outcome:
        self.last = outcome
        return outcome


def market_widget(model: MarketModel | None = None):
    """The market as buttons: the five face-up cards and the deck; the engine answers each click."""
    import ipywidgets as w

    model = model or MarketModel()
    card_buttons = [w.Button(layout=w.Layout(width="110px", height="56px")) for _ in range(5)]
    for i, b in enumerate(card_buttons):
        b.add_class("ttr-market-card")
        b.on_click(lambda _, i=i: (model.take(i), refresh()))
    deck_button = w.Button(icon="clone", layout=w.Layout(width="150px", height="56px"),
                           style={"button_color": "#6b4f2a", "text_color": "#ffffff"})
    deck_button.add_class("ttr-market-deck")
    deck_button.on_click(lambda _: (model.draw_blind(), refresh()))
    restart = w.Button(description=gettext("Start again"), icon="refresh")
    restart.on_click(lambda _: (model.reset(), refresh()))
    status, message, hand, history = w.HTML(), w.HTML(), w.HTML(), w.HTML()
    message.add_class("ttr-market-message")

    def refresh():
        row = model.face_up
        for i, b in enumerate(card_buttons):
            if i < len(row):
                fill, ink, letter = card_style(row[i])
                b.description = f"{letter}  {colour_name(row[i])}"
                b.style.button_color = "#9a7fb0" if row[i] == LOCOMOTIVE else fill
                b.style.text_color = "#ffffff" if row[i] == LOCOMOTIVE else ink
                b.disabled = False
                b.tooltip = gettext("take the face-up card: {card}").format(card=colour_name(row[i]))
            else:
                b.description, b.disabled = gettext("(empty)"), True
        deck_button.description = gettext("Deck ({n})").format(n=model.deck_size)
        status.value = f"<b>{model.status()}</b>"
        message.value = outcome_html(model.last)
        hand.value = gettext("Your hand: {cards}").format(cards=hand_html(model.hand))
        history.value = ("<small>" + "<br>".join(model.history[-6:]) + "</small>") if model.history else ""

    refresh()
    box = w.VBox([status, w.HBox(card_buttons + [deck_button]), message, hand, history, restart])
    box.add_class("ttr-market")
    return box


# -- the 3-locomotive reset -------------------------------------------------------------------
def reset_probability(rules: RuleSet = EUROPE) -> Fraction:
    """P(the first five face-up cards dealt from the full deck include 3 or more locomotives).

    >>> reset_probability()
    Fraction(878969, 61195761)
    """
    return market_reset_probability(None, rules)


def reset_probability_expression(rules: RuleSet = EUROPE):
    """The reset probability as an unevaluated sympy sum of binomial products:
    ``sum over j >= 3 of C(14, j) C(96, 5 - j) / C(110, 5)``; ``.doit()`` gives the fraction.

    >>> e = reset_probability_expression()
    >>> e.doit()
    878969/61195761
    """
    import sympy

    def b(n, k):
        return sympy.binomial(n, k, evaluate=False)

    size, limit = rules.face_up_cards, rules.face_up_locomotive_reset
    others = DECK_SIZE - LOCOMOTIVES
    terms = [sympy.Mul(b(LOCOMOTIVES, j), b(others, size - j), evaluate=False)
             for j in range(limit, size + 1)]
    return sympy.Mul(sympy.Add(*terms, evaluate=False), sympy.Pow(b(DECK_SIZE, size), -1, evaluate=False),
                     evaluate=False)


def simulate_first_deals(trials: int = 20_000, seed: int = 0, progress: bool = True,
                         rules: RuleSet = EUROPE) -> dict:
    """Shuffle the 110 cards ``trials`` times with the engine and deal the face-up row
    (:meth:`TrainCards.settle <ttr_teach.engine.cards.TrainCards.settle>`), counting the deals whose
    first five cards had to be discarded.

    Returns ``{"trials", "resets", "frequency": Fraction, "running": [(t, frequency), ...]}``
    at 1, 2, 5, 10, 20, 50... trials. O(trials x 110).

    >>> sim = simulate_first_deals(200, progress=False)
    >>> sim["trials"], 0 <= sim["frequency"] < 1
    (200, True)
    """
    if not isinstance(trials, int) or trials < 1:
        raise ValueError(gettext("trials must be a whole number, at least 1"))
    marks = {m * 10**p for p in range(8) for m in (1, 2, 5)} | {trials}
    resets, running = 0, []
    for t in progress_bar(range(trials), gettext("face-up deals"), pgettext("progress", "deal"),
                          shown=progress):
        cards = TrainCards.shuffled(rules, seed * 1_000_003 + t)
        log: list[dict] = []
        cards.settle(log)
        resets += any(e["event"] == "face_up_reset" for e in log)
        if t + 1 in marks:
            running.append((t + 1, Fraction(resets, t + 1)))
    return {"trials": trials, "resets": resets, "frequency": Fraction(resets, trials), "running": running}


#: The y label of :func:`plot_convergence` (translated where it is drawn).
RESET_FREQUENCY = N_("frequency of a reset")


def plot_convergence(running, exact, ax=None, ylabel=RESET_FREQUENCY):
    """The simulated frequency after t trials (log scale) against the exact value."""
    import matplotlib.pyplot as plt

    if ax is None:
        _, ax = plt.subplots(figsize=(7, 3.2))
    ts = [t for t, _ in running]
    ax.plot(ts, [float(f) for _, f in running], "o-", label=gettext("simulation"))
    ax.axhline(float(exact), color="#c62828", linestyle="--",
               label=gettext("exact: {value}").format(value=local_digits(f"{float(exact):.5f}")))
    ax.set_xscale("log")
    ax.set_xlabel(gettext("trials"))
    ax.set_ylabel(gettext(ylabel))
    ax.legend()
    return ax


def said_refused(message: str) -> str:
    """A refused move's message, said as refused.

    >>> said_refused("A face-up locomotive cannot be your second card.")
    'Refused: A face-up locomotive cannot be your second card.'
    """
    return gettext("Refused: {message}").format(message=message)


def said_why(explanation: str) -> str:
    """The reason a rule gives, said as the reason.

    >>> said_why("It is worth a whole turn.")
    'Why: It is worth a whole turn.'
    """
    return gettext("Why: {explanation}").format(explanation=explanation)


def exact_and_about(p) -> str:
    """An exact probability (a fraction) and its value to four decimals.

    >>> from fractions import Fraction
    >>> exact_and_about(Fraction(1, 8))
    '1/8, about 0.1250'
    """
    return gettext("{exact}, about {approx:.4f}").format(exact=p, approx=float(p))


def simulation_summary(simulation, exact) -> str:
    """How often the simulated first deals were reset, next to the exact chance.

    >>> from fractions import Fraction
    >>> simulation_summary({"resets": 3, "trials": 200, "frequency": Fraction(3, 200)}, Fraction(1, 70))
    '3 resets in 200 deals: 0.0150 (exact 0.0143)'
    """
    resets, trials = simulation["resets"], simulation["trials"]
    return ngettext("{resets} reset in {trials} deals: {frequency:.4f} (exact {exact:.4f})",
                    "{resets} resets in {trials} deals: {frequency:.4f} (exact {exact:.4f})", resets).format(
        resets=resets, trials=trials, frequency=float(simulation["frequency"]), exact=float(exact))
