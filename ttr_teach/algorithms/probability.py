"""Exact card probabilities: tunnel extra costs, the face-up locomotive reset, blind draws.

Every answer is an exact :class:`fractions.Fraction` (cards are drawn without replacement),
so a lesson can show ``7553/17985`` and its decimal side by side. The simulations of
:mod:`ttr_teach.algorithms.simulation` draw random cards to show a frequency converging to it;
:func:`extra_probability_formula` gives the formula as a sympy expression.

A *deck* is a mapping ``{colour or "locomotive": count}`` of the cards that could come up
(for a tunnel: the draw pile, plus the discards if the learner expects a reshuffle). Missing
keys count as 0. :func:`full_deck` is the 110-card deck of a new game.

>>> deck = {"red": 12, "locomotive": 14, "blue": 84}
>>> dist = tunnel_extra_distribution(deck, "red")
>>> dist[0], dist[3]
(Fraction(23821, 53955), Fraction(130, 10791))
>>> expected_extra_cost(deck, "red")
Fraction(39, 55)
>>> market_reset_probability()
Fraction(878969, 61195761)
"""
from __future__ import annotations

from fractions import Fraction
from math import comb

from ..engine import cards
from ..engine.cards import CARD_KINDS, needs_redeal, read_hand, the_cards
from ..engine.errors import ArgumentError, LimitError
from ..engine.i18n import N_, gettext, ngettext
from ..engine.rules import COLORS, EUROPE, LOCOMOTIVE, RuleSet
from ..engine.text import colour_name

#: How many cards a tunnel reveals (the same in every edition that has tunnels).
TUNNEL_REVEAL = EUROPE.tunnel_reveal
#: The most cards a deck may hold here, the most one law may draw (or a tunnel reveal), and the
#: largest deck the depleting redeal model takes: far beyond the game's 110 cards, and small
#: enough that every exact answer comes in well under a second. Larger asks are refused.
MAX_DECK_CARDS, MAX_DRAWS, MAX_REDEAL_DECK = 1_000_000, 110, 400


# -- decks --------------------------------------------------------------------------------------
def full_deck() -> dict:
    """The 110 train cards of a new game: 12 of each colour and 14 locomotives.

    >>> d = full_deck()
    >>> d["red"], d["locomotive"], sum(d.values())
    (12, 14, 110)
    """
    return read_hand(cards.full_deck())


def check_deck(deck: object, what: str = "deck") -> dict:
    """``deck`` checked and completed with zeros: ``{kind: count}`` for all 9 kinds of card.

    Raises :class:`~ttr_teach.engine.errors.ArgumentError` with a sentence naming the bad entry. This
    is the engine's one reader of hands and decks, :func:`~ttr_teach.engine.cards.read_hand`,
    taking only a mapping (a deck here is counts, never a list of cards).

    >>> check_deck({"red": 2})["locomotive"]
    0
    >>> check_deck({"purple": 1})
    Traceback (most recent call last):
    ...
    ttr_teach.engine.errors.ArgumentError: the deck has 'purple' cards, but the cards are pink, white, blue, yellow, orange, black, red, green and locomotive
    """  # noqa: E501
    if hasattr(deck, "values") and any(isinstance(n, int) and abs(n) > MAX_DECK_CARDS for n in deck.values()):
        raise LimitError(gettext("{what} must hold from 0 to {most:,} cards of each kind").format(
            what=the_cards(what), most=MAX_DECK_CARDS))
    hand = read_hand(deck, what, lists=False)
    if sum(hand.values()) > MAX_DECK_CARDS:
        raise LimitError(gettext("{what} holds {n:,} cards; at most {most:,} here").format(
            what=the_cards(what), n=sum(hand.values()), most=MAX_DECK_CARDS))
    return hand


def _check_color(color: str | None, only_locomotives: bool) -> str | None:
    """The colour whose cards count against a tunnel, or None if only locomotives count."""
    if only_locomotives or color == LOCOMOTIVE:
        if color is not None and color not in CARD_KINDS:
            raise ArgumentError(gettext("{value} is not a card colour; use one of {colours}").format(
                value=repr(color), colours=", ".join(COLORS)))
        return None
    if color not in COLORS:
        raise ArgumentError(gettext("{value} is not a card colour; a tunnel is paid with one of {colours} (use "
                                    "only_locomotives=True if you pay with locomotives only)").format(
            value=repr(color), colours=", ".join(COLORS)))
    return color


def _check_count(value: object, name: str, most: int | None = None) -> int:
    """``value`` if it is a whole number from 0 to ``most``; ``name`` is an argument's name
    (``"reveal"``) or a phrase marked with ``N_`` (translated here)."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0 or (most is not None and value > most):
        shown = gettext("so long a number") if isinstance(value, int) and abs(value) > 10 ** 30 else repr(value)
        message = (gettext("{name} must be a whole number of cards (0 to {most:,}), not {value}") if most
                   else gettext("{name} must be a whole number of cards (0 or more), not {value}"))
        raise ArgumentError(message.format(name=gettext(name), most=most, value=shown))
    return value


# -- the hypergeometric law ----------------------------------------------------------------------
def hypergeometric_distribution(population: int, successes: int, draws: int) -> dict:
    """The exact law of the successes among cards drawn without replacement.

    Parameters
    ----------
    population, successes : int
        How many cards there are, and how many of them are successes.
    draws : int
        How many cards are drawn (every card, if more than ``population``).

    Returns
    -------
    dict
        ``{k: Fraction}`` over the possible ``k``, increasing: ``P(k) = C(successes, k)
        C(population - successes, draws - k) / C(population, draws)``.

    Notes
    -----
    O(draws) big-integer binomial coefficients.

    References
    ----------
    .. [1] W. Feller, *An Introduction to Probability Theory and Its Applications*, vol. 1,
       3rd ed., Wiley, 1968, section II.6.

    Examples
    --------
    >>> hypergeometric_distribution(5, 2, 2)
    {0: Fraction(3, 10), 1: Fraction(3, 5), 2: Fraction(1, 10)}
    """
    population = _check_count(population, N_("the number of cards"), MAX_DECK_CARDS)
    successes = _check_count(successes, N_("the number of matching cards"), MAX_DECK_CARDS)
    draws = min(_check_count(draws, N_("the number of cards drawn")), population)
    if draws > MAX_DRAWS:
        raise LimitError(gettext("{n:,} cards drawn: the exact law is computed for at most {most}").format(
            n=draws, most=MAX_DRAWS))
    if successes > population:
        raise ArgumentError(ngettext("{matching} matching cards cannot be among only {n} card",
                                     "{matching} matching cards cannot be among only {n} cards",
                                     population).format(matching=successes, n=population))
    total = comb(population, draws)
    out = {}
    for k in range(draws + 1):
        ways = comb(successes, k) * comb(population - successes, draws - k)
        if ways:
            out[k] = Fraction(ways, total)
    return out


# -- tunnels ------------------------------------------------------------------------------------
def tunnel_hits(deck: object, color: str | None, only_locomotives: bool = False) -> tuple:
    """``(matching, total)``: how many cards in ``deck`` would cost one extra card, and how many
    cards there are. A card matches if it is a locomotive or (unless ``only_locomotives``)
    of ``color``.

    >>> tunnel_hits(full_deck(), "red"), tunnel_hits(full_deck(), "red", only_locomotives=True)
    ((26, 110), (14, 110))
    """
    deck = check_deck(deck)
    color = _check_color(color, only_locomotives)
    matching = deck[LOCOMOTIVE] + (deck[color] if color else 0)
    return matching, sum(deck.values())


def tunnel_extra_distribution(deck: object, color: str | None, only_locomotives: bool = False,
                              reveal: int = TUNNEL_REVEAL) -> dict:
    """The exact law of the number of extra cards a tunnel costs.

    Parameters
    ----------
    deck : dict
        ``{colour or "locomotive": count}``: the cards that may be revealed.
    color : str
        The colour of the cards laid down for the tunnel.
    only_locomotives : bool, default False
        True (or ``color="locomotive"``) when the tunnel was paid with locomotives only:
        then only revealed locomotives cost an extra card.
    reveal : int, default 3
        How many cards are turned up (all of them if the deck has fewer; none if it is empty);
        at most :data:`MAX_DRAWS`, from a deck of at most :data:`MAX_DECK_CARDS` cards.

    Returns
    -------
    dict
        ``{extra: Fraction}`` over the possible values, increasing, adding up to exactly 1.

    Notes
    -----
    Each revealed locomotive, and each card of ``color`` unless paid with locomotives only,
    costs one more card (docs/rules.md#tunnels-europe): a hypergeometric law, O(reveal).

    References
    ----------
    .. [1] Feller (1968), see :func:`hypergeometric_distribution`.

    Examples
    --------
    >>> tunnel_extra_distribution({"green": 1, "locomotive": 1}, "green")
    {2: Fraction(1, 1)}
    >>> tunnel_extra_distribution({"green": 2, "locomotive": 1, "red": 1}, "green", only_locomotives=True)
    {0: Fraction(1, 4), 1: Fraction(3, 4)}
    """
    matching, total = tunnel_hits(deck, color, only_locomotives)
    reveal = _check_count(reveal, "reveal", MAX_DRAWS)
    return hypergeometric_distribution(total, matching, reveal)


def expected_extra_cost(deck: object, color: str | None, only_locomotives: bool = False,
                        reveal: int = TUNNEL_REVEAL) -> Fraction:
    """The expected number of extra cards: ``min(reveal, N) * matching / N`` (0 for no cards),
    the mean of :func:`tunnel_extra_distribution` (same arguments). O(reveal).

    >>> expected_extra_cost(full_deck(), "red")
    Fraction(39, 55)
    """
    dist = tunnel_extra_distribution(deck, color, only_locomotives, reveal)
    return sum((k * p for k, p in dist.items()), Fraction(0))


def probability_at_least(deck: object, color: str | None, k: int, only_locomotives: bool = False,
                         reveal: int = TUNNEL_REVEAL) -> Fraction:
    """P(the tunnel costs at least ``k`` extra cards).

    >>> probability_at_least({"red": 1, "blue": 1}, "red", 1, reveal=1)
    Fraction(1, 2)
    """
    k = _check_count(k, "k")
    dist = tunnel_extra_distribution(deck, color, only_locomotives, reveal)
    return sum((p for extra, p in dist.items() if extra >= k), Fraction(0))


def spare_cards_for_tunnel(hand: object, color: str | None, length: int, only_locomotives: bool = False) -> int:
    """How many extra cards a player could still pay after laying ``length`` cards for a tunnel.

    Paying with ``color``: the hand's ``color`` cards and locomotives are interchangeable for
    the route and the extras, so the spare is ``hand[color] + hand[locomotive] - length``.
    Paying with locomotives only: ``hand[locomotive] - length``. Raises
    :class:`~ttr_teach.engine.errors.ArgumentError` if the hand cannot pay the route at all.

    >>> spare_cards_for_tunnel({"red": 3, "locomotive": 1, "blue": 5}, "red", 2)
    2
    """
    hand = check_deck(hand, "hand")
    length = _check_count(length, N_("the route length"))
    color = _check_color(color, only_locomotives)
    usable = hand[LOCOMOTIVE] + (hand[color] if color else 0)
    if usable < length:
        if color:
            message = gettext("the hand has only {n} {colour} cards and locomotives; the tunnel needs {length} "
                              "before any extra")
        else:
            message = gettext("the hand has only {n} locomotives; the tunnel needs {length} before any extra")
        raise ArgumentError(message.format(n=usable, colour=colour_name(color) if color else None, length=length))
    return usable - length


def tunnel_success_probability(deck: object, color: str | None, spare: int, only_locomotives: bool = False,
                               reveal: int = TUNNEL_REVEAL) -> Fraction:
    """P(I can pay the extra cards) when I hold ``spare`` matching cards beyond the route's
    length (see :func:`spare_cards_for_tunnel`): ``P(extra <= spare)``. O(reveal).

    >>> deck = {"red": 12, "locomotive": 14, "blue": 84}
    >>> tunnel_success_probability(deck, "red", 0)   # C(84,3)/C(110,3): no extra at all
    Fraction(23821, 53955)
    >>> tunnel_success_probability(deck, "red", 3)
    Fraction(1, 1)
    """
    spare = _check_count(spare, N_("the spare cards"))
    dist = tunnel_extra_distribution(deck, color, only_locomotives, reveal)
    return sum((p for extra, p in dist.items() if extra <= spare), Fraction(0))


def can_afford_tunnel(hand: object, deck: object, color: str | None, length: int, only_locomotives: bool = False,
                      reveal: int = TUNNEL_REVEAL) -> Fraction:
    """P(a tunnel of ``length`` paid with ``color`` succeeds) for the cards in ``hand``.

    >>> can_afford_tunnel({"red": 2}, {"red": 12, "locomotive": 14, "blue": 84}, "red", 2)
    Fraction(23821, 53955)
    """
    spare = spare_cards_for_tunnel(hand, color, length, only_locomotives)
    return tunnel_success_probability(deck, color, spare, only_locomotives, reveal)


def extra_probability_formula(k: int | None = None) -> object:
    """``P(extra = k)`` as a sympy expression in the symbols N (cards), m (matching cards),
    n (cards revealed) and k: ``binomial(m, k) binomial(N - m, n - k) / binomial(N, n)``.

    Give an integer ``k`` to substitute it. sympy is imported only when this is called.

    >>> extra_probability_formula()
    binomial(m, k)*binomial(N - m, -k + n)/binomial(N, n)
    """
    import sympy

    N, m, n, kk = sympy.symbols("N m n k", integer=True, nonnegative=True)
    expr = sympy.binomial(m, kk) * sympy.binomial(N - m, n - kk) / sympy.binomial(N, n)
    return expr if k is None else expr.subs(kk, k)


def extra_probability_expression(deck: object, color: str | None, k: int, only_locomotives: bool = False,
                                 reveal: int = TUNNEL_REVEAL) -> object:
    """``P(extra = k)`` for this deck as an unevaluated sympy product of binomials;
    ``.doit()`` gives the exact rational, equal to :func:`tunnel_extra_distribution`'s value.

    >>> e = extra_probability_expression({"red": 12, "locomotive": 14, "blue": 84}, "red", 0)
    >>> e
    binomial(26, 0)*binomial(84, 3)/binomial(110, 3)
    >>> e.doit()
    23821/53955
    """
    import sympy

    k = _check_count(k, "k")
    matching, total = tunnel_hits(deck, color, only_locomotives)
    n = min(_check_count(reveal, "reveal", MAX_DRAWS), total)

    def b(x: int, y: int) -> object:
        return sympy.binomial(x, y, evaluate=False)

    return sympy.Mul(b(matching, k), b(total - matching, n - k),
                     sympy.Pow(b(total, n), -1, evaluate=False), evaluate=False)


# -- blind draws --------------------------------------------------------------------------------
def blind_draw_probability(deck: object = None, card: str = LOCOMOTIVE) -> Fraction:
    """P(the top card of ``deck`` is ``card``) (default: a locomotive from the full deck).

    >>> blind_draw_probability()
    Fraction(7, 55)
    """
    deck = check_deck(full_deck() if deck is None else deck)
    if card not in CARD_KINDS:
        raise ArgumentError(gettext("{value} is not a card; use one of {cards}").format(
            value=repr(card), cards=", ".join(CARD_KINDS)))
    total = sum(deck.values())
    if not total:
        raise ArgumentError(gettext("the deck is empty: no card can be drawn"))
    return Fraction(deck[card], total)


def probability_at_least_one(deck: object, card: str, draws: int) -> Fraction:
    """P(at least one ``card`` among ``draws`` blind draws) = 1 - C(N - c, d) / C(N, d).

    >>> probability_at_least_one({"locomotive": 1, "red": 3}, "locomotive", 2)
    Fraction(1, 2)
    """
    deck = check_deck(deck)
    if card not in CARD_KINDS:
        raise ArgumentError(gettext("{value} is not a card; use one of {cards}").format(
            value=repr(card), cards=", ".join(CARD_KINDS)))
    dist = hypergeometric_distribution(sum(deck.values()), deck[card], draws)
    return 1 - dist.get(0, Fraction(0))


# -- the face-up market -------------------------------------------------------------------------
def _locos_and_others(deck: object) -> tuple:
    deck = check_deck(full_deck() if deck is None else deck)
    locos = deck[LOCOMOTIVE]
    return locos, sum(deck.values()) - locos


def market_locomotive_distribution(deck: object = None, rules: RuleSet = EUROPE) -> dict:
    """The law of the number of locomotives among the face-up cards dealt from ``deck``.

    >>> market_locomotive_distribution()[0]
    Fraction(10187344, 20398587)
    """
    locos, others = _locos_and_others(deck)
    return hypergeometric_distribution(locos + others, locos, rules.face_up_cards)


def market_reset_probability(deck: object = None, rules: RuleSet = EUROPE) -> Fraction:
    """The probability that the face-up cards must be discarded and dealt again.

    Parameters
    ----------
    deck : dict, optional
        ``{colour or "locomotive": count}`` to deal from; by default the 110 cards.
    rules : RuleSet, default EUROPE
        How many cards are face up (5) and how many locomotives force a redeal (3).

    Returns
    -------
    Fraction
        P(3 or more locomotives among the 5 dealt): for the full deck
        ``sum(C(14, j) C(96, 5 - j) for j >= 3) / C(110, 5)``.

    Notes
    -----
    O(5): a tail of :func:`market_locomotive_distribution` (docs/rules.md#drawing-train-cards).

    References
    ----------
    .. [1] Feller (1968), see :func:`hypergeometric_distribution`.

    Examples
    --------
    >>> market_reset_probability()
    Fraction(878969, 61195761)
    >>> market_reset_probability({"locomotive": 3, "red": 2})
    Fraction(1, 1)
    """
    dist = market_locomotive_distribution(deck, rules)
    return sum((p for j, p in dist.items() if needs_redeal(j, rules)), Fraction(0))


def expected_redeals(deck: object = None, rules: RuleSet = EUROPE, depleting: bool = True) -> Fraction:
    """The expected number of times the face-up cards are discarded and dealt again.

    Parameters
    ----------
    deck, rules
        As for :func:`market_reset_probability`.
    depleting : bool, default True
        True (the real game): discarded cards leave the deck, so each redeal is dealt from
        what remains. False: every deal is a fresh deal from the same cards.

    Returns
    -------
    Fraction
        The exact expectation.

    Raises
    ------
    LimitError
        If the deck could run too short for a full deal (use
        :func:`~ttr_teach.algorithms.simulation.simulate_market_reset`), or holds over
        :data:`MAX_REDEAL_DECK` cards when depleting.

    Notes
    -----
    Depleting: a recursion on the (locomotives, other cards) left, memoised, O(L O) states
    of O(5) work each. Not depleting: the number of redeals is geometric, mean ``p / (1 - p)``.

    References
    ----------
    .. [1] Feller (1968), see :func:`hypergeometric_distribution`, section XI.2.

    Examples
    --------
    >>> p = market_reset_probability()
    >>> expected_redeals(depleting=False) == p / (1 - p)
    True
    >>> expected_redeals() < expected_redeals(depleting=False)
    True
    """
    locos, others = _locos_and_others(deck)
    size = rules.face_up_cards
    if not depleting:
        p = market_reset_probability(deck, rules)
        if p == 1:
            raise ArgumentError(gettext("every deal from this deck has too many locomotives: the market would be "
                                        "dealt again for ever"))
        return p / (1 - p)
    if locos + others > MAX_REDEAL_DECK:
        raise LimitError(gettext("the depleting model takes decks of at most {most} cards, not {n:,} (use "
                                 "depleting=False or the simulation)").format(most=MAX_REDEAL_DECK,
                                                                               n=locos + others))
    memo: dict[tuple[int, int], Fraction] = {}

    def redeals(locos: int, others: int) -> Fraction:
        if (locos, others) in memo:
            return memo[locos, others]
        if locos + others < size:
            raise LimitError(gettext("the deck could run down to {n} cards, fewer than a market of {size}; the "
                                     "exact model stops there (use the simulation)").format(n=locos + others,
                                                                                           size=size))
        expected = Fraction(0)
        for j, p in hypergeometric_distribution(locos + others, locos, size).items():
            if needs_redeal(j, rules):
                expected += p * (1 + redeals(locos - j, others - (size - j)))
        memo[locos, others] = expected
        return expected

    return redeals(locos, others)
