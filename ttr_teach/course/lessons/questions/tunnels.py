"""Exercises of ``05_tunnels``: three revealed cards and what they cost."""
from __future__ import annotations

from fractions import Fraction

from ....algorithms.probability import tunnel_extra_distribution
from ....engine.cards import tunnel_extra
from ....engine.i18n import gettext
from ....engine.rules import EUROPE, LOCOMOTIVE
from ...exercises import NumberExercise, TrueFalseExercise
from ..tunnels import tunnel_deck
from . import lesson_set


def exercises():
    deck = tunnel_deck("red")
    free = tunnel_extra_distribution(deck, "red")[0]
    harmless = Fraction(sum(n for card, n in deck.items() if card not in ("red", LOCOMOTIVE)), sum(deck.values()))
    return lesson_set("notebooks/05_tunnels", {
        "free": NumberExercise(
            gettext("With the full 110-card deck, you pay a tunnel with red cards. What is the probability "
                    "that it costs nothing extra? (A fraction, a decimal to 3 places or a percentage.)"),
            free, tolerance=0.001, example="0,441",
            nudges={harmless ** 3: gettext("That is drawing with replacement: each card drawn as if the one "
                                           "before went back into the deck. The three revealed cards are three "
                                           "different cards: once a harmless card is revealed, fewer harmless "
                                           "cards are left."),
                    harmless: gettext("That is the chance for one revealed card. All three must be harmless.")},
            hint=[gettext("Which cards are harmless? Neither red nor locomotives: how many are there?"),
                  gettext("All three revealed cards must be harmless. Count the handfuls of 3 harmless cards, "
                          "and divide by all handfuls of 3: C(84, 3) / C(110, 3).")],
            solution=gettext("C(84, 3) / C(110, 3) = 95284 / 215820 = 23821/53955, about **0.441** (44.1%).")),
        "eight": NumberExercise(
            gettext("How many cards are revealed when you claim Petrograd–Stockholm, the 8-space tunnel?"),
            EUROPE.tunnel_reveal, unit="cards", example="3",
            hint=gettext("Does the number of revealed cards depend on the tunnel's length?"),
            nudges={8: gettext("One card per space is a common misreading. Read rule 2 again.")},
            solution=gettext("**3**. A tunnel always reveals exactly 3 cards, whatever its length.")),
        "locos": NumberExercise(
            gettext("You paid Madrid–Pamplona with 3 locomotives. The revealed cards are black, locomotive, "
                    "black. How many extra cards must you pay?"),
            tunnel_extra(["black", "locomotive", "black"], None), unit="cards", example="1",
            hint=[gettext("You paid with locomotives only."), gettext("Which revealed cards count then?")],
            nudges={3: gettext("Not every revealed card counts: you paid with locomotives only.")},
            solution=gettext("**1**: when you pay with locomotives only, only revealed locomotives count. The extra "
                             "card must be a locomotive too.")),
        "lose": TrueFalseExercise(
            gettext("If you cannot pay a tunnel's extra cards, you lose the cards you laid down."), False,
            explanation=gettext("They go back to your hand; only your turn is lost (and the revealed cards "
                                "are discarded)."),
            hint=gettext("Look at the staged claim in the lesson: what happened to the hand after *decline*?")),
    })
