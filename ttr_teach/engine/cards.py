"""Train cards: the 110-card deck, the face-up market, the discard pile and reshuffles.

The deck is a plain list whose first element is the top card, so a game state can be written
down (and read back) exactly. Randomness enters only through :func:`seeded_rng`: the set-up
shuffle and every later reshuffle get their own generator derived from the game's seed and the
reshuffle counter, so no hidden generator state has to be saved.

>>> from ttr_teach.engine.rules import EUROPE
>>> cards = TrainCards(EUROPE, seed=0, deck=["red", "locomotive", "blue"], discard=[], face_up=[])
>>> cards.draw(), cards.deck
('red', ['locomotive', 'blue'])
>>> read_hand(["red", "red", "locomotive"])["red"]
2
>>> tunnel_extra(["red", "locomotive", "green"], "red"), tunnel_extra(["red", "locomotive"], None)
(2, 1)
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable

from .errors import ArgumentError
from .i18n import N_, gettext
from .integers import is_whole
from .rules import CARDS_PER_COLOR, COLORS, LOCOMOTIVE, LOCOMOTIVES, RuleSet
from .text import colour_name

#: Every kind of train card: the eight colours, then the locomotive.
CARD_KINDS = COLORS + (LOCOMOTIVE,)
#: The log events the cards write (the game's other events are in :mod:`ttr_teach.engine.game.log`).
RESHUFFLE, REPLACEMENT, FACE_UP_RESET = "reshuffle", "replacement", "face_up_reset"
#: Each kind's place in :data:`CARD_KINDS`.
_RANK = {kind: i for i, kind in enumerate(CARD_KINDS)}


def full_deck() -> list:
    """The 110 train cards in a fixed, unshuffled order (12 of each colour, then 14 locomotives).

    >>> deck = full_deck()
    >>> len(deck), deck.count("red"), deck.count("locomotive")
    (110, 12, 14)
    """
    return [c for c in COLORS for _ in range(CARDS_PER_COLOR)] + [LOCOMOTIVE] * LOCOMOTIVES


def seeded_rng(seed: int, purpose: str) -> random.Random:
    """A generator determined by ``seed`` and ``purpose`` alone (e.g. ``"reshuffle 3"``).

    Seeding with a string is stable across runs and platforms (Python hashes it with SHA-512),
    so a game replays identically anywhere.

    >>> seeded_rng(7, "x").random() == seeded_rng(7, "x").random()
    True
    """
    return random.Random(f"ttr-teach/{seed}/{purpose}")


def empty_hand() -> dict:
    """A hand with no cards: every card kind mapped to 0, in the rulebook's order."""
    return {kind: 0 for kind in CARD_KINDS}


#: The hands and decks :func:`read_hand` names in its refusals.
_WHAT = {"hand": N_("the hand"), "deck": N_("the deck")}


def the_cards(what: str) -> str:
    """How a message names the cards called ``what`` (``"hand"``, ``"deck"``, or another
    name, such as a puzzle file's key): "the hand", in the language spoken now."""
    return gettext(_WHAT[what]) if what in _WHAT else f"the {what}"


def read_hand(cards: object, what: str = "hand", lists: bool = True) -> dict:
    """``cards`` as a full hand ``{kind: count}`` (every kind of card, in the rulebook's order).

    ``cards`` is a mapping ``{card kind: count}`` (missing kinds count 0) or, when ``lists``,
    an iterable of cards such as ``["red", "red", "locomotive"]``. This is the one reader of
    hands and decks that people type: anything else raises
    :class:`~ttr_teach.engine.errors.ArgumentError` with a sentence naming ``what`` and the bad entry.

    >>> read_hand({"red": 2})["red"], read_hand(["blue", "locomotive"])["locomotive"]
    (2, 1)
    >>> read_hand({"red": -1}, "deck")
    Traceback (most recent call last):
    ...
    ttr_teach.engine.errors.ArgumentError: the deck has -1 red cards; a count cannot be negative (it is a whole number, 0 or more)
    """  # noqa: E501
    the = the_cards(what)
    if hasattr(cards, "items"):
        items = cards.items()
    elif lists and not isinstance(cards, (str, bytes)) and hasattr(cards, "__iter__"):
        items = ((card, 1) for card in cards)
    else:
        form = "{colour or 'locomotive': count}"
        raise ArgumentError((gettext("{what} must be a mapping {form} or a list of cards, not {value}") if lists
                             else gettext("{what} must be a mapping {form}, not {value}")).format(
            what=the, form=form, value=repr(cards)))
    hand = empty_hand()
    for kind, count in items:
        if kind not in hand:
            raise ArgumentError(gettext("{what} has {kind} cards, but the cards are {colours} and {locomotive}").format(
                what=the, kind=repr(kind), colours=", ".join(COLORS), locomotive=LOCOMOTIVE))
        if not is_whole(count):
            raise ArgumentError(gettext("{what} has {count} {colour} cards; a count must be a whole number").format(
                what=the, count=repr(count), colour=colour_name(kind)))
        if count < 0:
            raise ArgumentError(gettext("{what} has {count} {colour} cards; a count cannot be negative (it is a whole "
                                        "number, 0 or more)").format(what=the, count=count, colour=colour_name(kind)))
        hand[kind] += count
    return hand


def needs_redeal(locomotives: int, rules: RuleSet) -> bool:
    """The face-up reset rule: True when ``locomotives`` face-up locomotives are the reset
    number (3) or more, so that all the face-up cards are discarded and new ones turned up.

    >>> from ttr_teach.engine.rules import EUROPE
    >>> needs_redeal(3, EUROPE), needs_redeal(2, EUROPE)
    (True, False)
    """
    return locomotives >= rules.face_up_locomotive_reset


def redeal_can_end(locomotives: int, others: int, rules: RuleSet) -> bool:
    """Whether dealing the face-up cards from ``locomotives`` locomotives and ``others`` other
    cards can ever show fewer locomotives than the reset number (3), so that redealing ends.

    A deal of ``k = min(5, cards)`` cards has fewer than 3 locomotives only if at least
    ``k - 2`` other cards exist. When it cannot, redealing would go on for ever; the rulebook
    is silent, and this engine (and the simulations of :mod:`ttr_teach.algorithms.probability`)
    then stops redealing and leaves the cards face up.

    >>> from ttr_teach.engine.rules import EUROPE
    >>> redeal_can_end(14, 3, EUROPE), redeal_can_end(14, 2, EUROPE)    # a deal of 5
    (True, False)
    >>> redeal_can_end(3, 1, EUROPE), redeal_can_end(2, 2, EUROPE)      # all 4 cards dealt
    (False, True)
    """
    dealt = min(rules.face_up_cards, locomotives + others)
    return others >= dealt - (rules.face_up_locomotive_reset - 1)


def tunnel_extra(revealed: Iterable[str], color: str | None) -> int:
    """Extra cards a tunnel costs after ``revealed`` was turned up, for cards played in ``color``.

    Each revealed card of the colour played and each revealed locomotive costs one more card.
    ``color=None`` means the player paid with locomotives only: then only locomotives count.
    """
    return sum(1 for c in revealed if c == LOCOMOTIVE or (color is not None and c == color))


class TrainCards:
    """The deck (top first), the discard pile and the face-up cards, with the rules that move them.

    Every method that moves cards appends what happened to the list ``log`` it is given (events
    are plain dicts; nothing is built when ``log`` is None), so the game can keep a record.
    ``shuffles`` counts the reshuffles so far; the ``n``-th reshuffle uses
    ``seeded_rng(seed, f"reshuffle {n}")``.
    """

    __slots__ = ("rules", "seed", "deck", "discard", "face_up", "shuffles")

    def __init__(self, rules: RuleSet, seed: int, deck: Iterable[str], discard: Iterable[str],
                 face_up: Iterable[str], shuffles: int = 0) -> None:
        self.rules = rules
        self.seed = seed
        self.deck = list(deck)
        self.discard = list(discard)
        self.face_up = list(face_up)
        self.shuffles = shuffles

    @classmethod
    def shuffled(cls, rules: RuleSet, seed: int) -> TrainCards:
        """All 110 cards in a deck shuffled by ``seed``; nothing face up yet."""
        deck = full_deck()
        seeded_rng(seed, "train cards").shuffle(deck)
        return cls(rules, seed, deck, [], [])

    def copy(self) -> TrainCards:
        """An independent copy (the lists copied, the rules shared)."""
        new = TrainCards.__new__(TrainCards)
        new.rules, new.seed, new.shuffles = self.rules, self.seed, self.shuffles
        new.deck, new.discard, new.face_up = self.deck[:], self.discard[:], self.face_up[:]
        return new

    # -- drawing ---------------------------------------------------------------------------------
    def can_draw(self) -> bool:
        """True when a card can be drawn blind (the deck, or else the discard pile, is not empty)."""
        return bool(self.deck or self.discard)

    def reshuffle(self, log: list | None = None) -> None:
        """Shuffle the discard pile into a new deck (placed under what is left of the deck)."""
        if not self.discard:
            return
        self.shuffles += 1
        pile = self.discard
        self.discard = []
        seeded_rng(self.seed, f"reshuffle {self.shuffles}").shuffle(pile)
        self.deck.extend(pile)
        if log is not None:
            log.append({"event": RESHUFFLE, "cards": len(pile), "shuffles": self.shuffles})

    def draw(self, log: list | None = None) -> str | None:
        """The top card of the deck, reshuffling the discards first if the deck is empty.

        Returns None when the deck and the discard pile are both empty.
        """
        if self.deck:
            return self.deck.pop(0)
        self.reshuffle(log)
        if not self.deck:
            return None
        return self.deck.pop(0)

    def reveal(self, n: int, log: list | None = None) -> list:
        """Take up to ``n`` cards from the top (reshuffling as needed), for a tunnel; fewer if short."""
        cards: list[str] = []
        for _ in range(n):
            card = self.draw(log)
            if card is None:
                break
            cards.append(card)
        return cards

    # -- the face-up market ---------------------------------------------------------------------
    def take_face_up(self, card: str, log: list | None = None) -> str | None:
        """Take the first face-up ``card`` and turn up a replacement in its place (if any is left).

        Then apply the locomotive reset (see :meth:`settle`). Returns the replacement or None.
        """
        face_up = self.face_up
        slot = face_up.index(card)
        replacement = self.deck.pop(0) if self.deck else self.draw(log)
        if replacement is None:
            del face_up[slot]
        else:
            face_up[slot] = replacement
        if log is not None:
            log.append({"event": REPLACEMENT, "card": replacement})
        self.settle(log)
        return replacement

    def face_up_choices(self, second: bool = False) -> list:
        """The face-up cards a player may take: any as the first card of a turn, but never a
        locomotive as the second.

        >>> from ttr_teach.engine.rules import USA
        >>> market = TrainCards(USA, 0, [], [], ["locomotive", "red", "red"])
        >>> market.face_up_choices(), market.face_up_choices(second=True)
        (['locomotive', 'red', 'red'], ['red', 'red'])
        """
        if not second:
            return list(self.face_up)
        kinds = self._kinds(second)
        return [c for c in self.face_up if c in kinds]

    def _kinds(self, second: bool) -> set:
        """The kinds of face-up card a player may take (never a locomotive as the second)."""
        kinds = set(self.face_up)
        if second:
            kinds.discard(LOCOMOTIVE)
        return kinds

    def face_up_kinds(self, second: bool = False) -> list:
        """The kinds of :meth:`face_up_choices`, each once, in the rulebook's order.

        >>> from ttr_teach.engine.rules import USA
        >>> market = TrainCards(USA, 0, [], [], ["red", "locomotive", "pink", "red"])
        >>> market.face_up_kinds(), market.face_up_kinds(second=True)
        (['pink', 'red', 'locomotive'], ['pink', 'red'])
        """
        return sorted(self._kinds(second), key=_RANK.__getitem__)

    def count_face_up_kinds(self, second: bool = False) -> int:
        """``len(face_up_kinds(second))``, without sorting them."""
        return len(self._kinds(second))

    def can_draw_second(self) -> bool:
        """True when a second card can be drawn: blind, or one of :meth:`face_up_choices`."""
        return bool(self.deck or self.discard or self.face_up_choices(second=True))

    def reset_can_end(self) -> bool:
        """Whether a redeal of the face-up cards can ever show fewer than 3 locomotives
        (:func:`redeal_can_end`). The pool is the deck, the discards and the face-up cards
        (which are discarded first)."""
        locomotives = self.deck.count(LOCOMOTIVE) + self.discard.count(LOCOMOTIVE) + \
            self.face_up.count(LOCOMOTIVE)
        others = len(self.deck) + len(self.discard) + len(self.face_up) - locomotives
        return redeal_can_end(locomotives, others, self.rules)

    def settle(self, log: list | None = None) -> None:
        """Fill empty face-up places from the deck, then apply the 3-locomotive rule.

        Whenever 3 of the face-up cards are locomotives, all of them are discarded and new ones
        turned up, again and again, unless :meth:`reset_can_end` says that can never succeed.
        Each redeal has a positive chance to succeed, so the loop ends.
        """
        rules = self.rules
        if len(self.face_up) < rules.face_up_cards:
            self._fill(log)
        elif not needs_redeal(self.face_up.count(LOCOMOTIVE), rules):
            return                        # (the usual case: nothing to do)
        while needs_redeal(self.face_up.count(LOCOMOTIVE), rules) and self.reset_can_end():
            discarded = self.face_up
            self.face_up = []
            self.discard.extend(discarded)
            self._fill(log)
            if log is not None:
                log.append({"event": FACE_UP_RESET, "discarded": discarded,
                            "face_up": list(self.face_up)})

    def _fill(self, log: list | None) -> None:
        while len(self.face_up) < self.rules.face_up_cards:
            card = self.draw(log)
            if card is None:
                return
            self.face_up.append(card)

    # -- bookkeeping -----------------------------------------------------------------------------
    def counts(self) -> Counter:
        """How many cards of each kind are in the deck, the discards and face up together."""
        return Counter(self.deck) + Counter(self.discard) + Counter(self.face_up)

    def to_dict(self) -> dict:
        return {"deck": list(self.deck), "discard": list(self.discard),
                "face_up": list(self.face_up), "shuffles": self.shuffles}
