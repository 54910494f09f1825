"""Exercises of ``01_train_cards``: drawing cards, locomotives, the odds of a blind locomotive."""
from __future__ import annotations

from fractions import Fraction

from ....engine.i18n import N_, gettext
from ....engine.rules import EUROPE
from ...exercises import ChoiceExercise, NumberExercise, TrueFalseExercise
from ..cards import deck_composition
from . import lesson_set

SECOND_CARD = [N_("nothing: your turn is over"), N_("any card, blind or face up"),
               N_("a blind card, or a face-up card that is not a locomotive")]


def exercises():
    deck = deck_composition(EUROPE)
    return lesson_set("notebooks/01_train_cards", {
        "second": ChoiceExercise(
            gettext("Your first card, drawn blind, is a locomotive. What may your second card be?"),
            SECOND_CARD, SECOND_CARD[2],
            explanations={SECOND_CARD[0]: gettext("Only a face-up locomotive taken first ends the draw.")},
            hint=[gettext("A blind locomotive counts as one card, like any other."),
                  gettext("What can a second card never be (rule 2)?")],
            solution=gettext("A locomotive drawn blind is one card like any other, so you draw a second card. "
                             "That second card may be blind or face up, but never a face-up locomotive.")),
        "first": NumberExercise(
            gettext("You take a face-up locomotive as your first card. How many cards do you get this turn in all?"),
            1, unit="cards", example="one",
            hint=gettext("Rule 1: what does a face-up locomotive taken first cost you?"),
            nudges={2: gettext("Two cards is an ordinary draw. A face-up locomotive taken first is different.")},
            solution=gettext("**One**: a face-up locomotive taken as the first card is the only card of that turn.")),
        "worth": TrueFalseExercise(
            gettext("A face-up locomotive is worth two cards: when you claim a route, it pays for two spaces."), False,
            explanation=gettext("A locomotive always pays for exactly one space. Taking one face up costs the "
                                "place of two cards in your turn, that is all."),
            hint=gettext("When you pay for a route, how many spaces does each card cover?")),
        "blind": NumberExercise(
            gettext("At the start of a game, what is the probability that the top card of the deck is a "
                    "locomotive? (A fraction such as 3/8, a decimal or a percentage.)"),
            Fraction(deck["locomotive"], sum(deck.values())), tolerance=0.001, example="0,127",
            hint=[gettext("How many locomotives are there?"), gettext("Out of how many cards in all?")],
            solution=gettext("14 locomotives out of 110 cards: 14/110 = 7/55, about **0.127** (12.7%).")),
    })
