"""Tunnel puzzles: the exact odds of a tunnel's extra cost, and its expected extra cost.

A tunnel puzzle gives the cards that could be revealed (``deck``: ``{colour or locomotive:
count}``), the cards laid down (``pay_with``: a colour, or ``locomotive`` for locomotives
only) and, for the odds, the ``event`` asked about: ``exactly K``, ``at least K``,
``at most K`` extra cards, or ``can pay`` (the chance that the player's ``hand`` covers the
extras; this needs the ``tunnel`` being claimed, for its length). A position is optional:
it shows the board, and the tunnel must then still be free.

The engine's answer comes from :func:`ttr_teach.algorithms.probability.tunnel_extra_distribution`.
"""
from __future__ import annotations

import re
from fractions import Fraction
from math import comb
from typing import Any

from ....algorithms.probability import (
    CARD_KINDS,
    check_deck,
    expected_extra_cost,
    full_deck,
    spare_cards_for_tunnel,
    tunnel_extra_distribution,
    tunnel_hits,
)
from ....engine.errors import MapError, TTRError
from ....engine.i18n import N_, gettext, local_digits, ngettext
from ....engine.maps import Route
from ....engine.rules import CARDS_PER_COLOR, COLORS, LOCOMOTIVE, LOCOMOTIVES
from ....engine.text import colour_cards, colour_count, colour_name
from ...exercises import NumberExercise
from ..document import Document
from .base import Kind, Solution, fraction_data, need, pair_name, read_fraction, show_fraction

#: How close a decimal answer must be to the exact fraction to count as right.
TOLERANCE = Fraction(1, 2000)
#: ``deck: full`` is the 110 cards of a new game.
FULL_DECK = "full"
_EVENT = re.compile(r"^\s*(exactly|at least|at most)\s+(\d+)\s*$")


def _read_cards(doc: Document, key: str, required: bool = True) -> dict | None:
    value = need(doc, key, required)
    if value is None:
        if required or key in doc.data:
            # TRANSLATORS: {form} is code, the shape of the field: {colour or locomotive: count}
            doc.fail((key,), gettext("give the cards as {form}").format(form="{colour or locomotive: count}"))
        return None
    if value == FULL_DECK and key == "deck":
        return full_deck()
    try:
        return check_deck(value, key)
    except TTRError as e:
        doc.fail((key,), str(e))


def _read_deck(doc: Document) -> dict:
    """The deck's cards: a field every tunnel puzzle has."""
    deck = _read_cards(doc, "deck")
    assert deck is not None  # _read_cards refuses a missing required field
    return deck


def _limit(kind: str) -> int:
    return LOCOMOTIVES if kind == LOCOMOTIVE else CARDS_PER_COLOR


def _cards_text(cards: dict) -> str:
    parts = [colour_cards(n, k) if k == LOCOMOTIVE else colour_count(n, k) for k, n in cards.items() if n]
    return gettext(", ").join(parts) or gettext("no cards")


def read_tunnel_params(doc: Document, m, pos, with_event: bool) -> dict:
    """The fields shared by both tunnel kinds, checked against the rules of the cards."""
    deck = _read_deck(doc)
    hand = _read_cards(doc, "hand", required=False)
    for k in CARD_KINDS:
        held = deck[k] + (hand[k] if hand else 0)
        if held > _limit(k):
            doc.fail(("hand" if hand and hand[k] else "deck",),
                     gettext("{cards} between deck and hand, but the game has only {n}").format(
                         cards=colour_cards(held, k), n=_limit(k)))
    pay_with = need(doc, "pay_with")
    if pay_with not in CARD_KINDS:
        # TRANSLATORS: {colours} and {locomotive} are the words the file uses (red, ..., locomotive)
        doc.fail(("pay_with",), gettext("{value} is not a card: use a colour ({colours}) or {locomotive} (paying "
                                        "with locomotives only)").format(
            value=repr(pay_with), colours=", ".join(COLORS), locomotive=LOCOMOTIVE))
    route: Route | None = None
    if "tunnel" in doc.data:
        spec = doc.data["tunnel"]
        if not (isinstance(spec, list) and len(spec) in (2, 3) and all(isinstance(s, str) for s in spec)):
            doc.fail(("tunnel",), gettext("{value} is not a route such as [Madrid, Pamplona, black]").format(
                value=repr(spec)))
        try:
            route = m.route(*spec)
        except MapError as e:
            doc.fail(("tunnel",), str(e))
        if not route.tunnel:
            doc.fail(("tunnel",), gettext("{route} is not a tunnel").format(route=pair_name(m, route)))
        if pay_with != LOCOMOTIVE and not route.is_gray and route.color != pay_with:
            doc.fail(("pay_with",), gettext("{route} is {colour}; it cannot be paid with {pay_with}").format(
                route=pair_name(m, route), colour=colour_name(route.color), pay_with=colour_name(pay_with)))
        if pos is not None and route.index in pos.owners:
            owner = pos.players[pos.owners[route.index]].name
            doc.fail(("tunnel",), gettext("{route} is already claimed by {player} in the position").format(
                route=pair_name(m, route), player=owner))
    params = {"deck": deck, "pay_with": pay_with, "tunnel": route, "hand": hand}
    if not with_event:
        if hand is not None:
            doc.fail(("hand",), gettext("a tunnel_cost puzzle has no hand (it asks for the expected extra cards)"))
        return params
    event = need(doc, "event")
    if isinstance(event, str) and event.strip() == "can pay":
        if hand is None:
            doc.fail(("hand",), gettext("a 'can pay' puzzle needs the player's hand; this field is missing"))
        if route is None:
            doc.fail(("tunnel",), gettext("a 'can pay' puzzle needs the tunnel (for its length); this field is "
                                          "missing"))
        try:
            spare_cards_for_tunnel(hand, pay_with, route.length, pay_with == LOCOMOTIVE)
        except TTRError as e:
            doc.fail(("hand",), str(e))
        params["event"] = ("can pay", None)
        return params
    found = _EVENT.match(event) if isinstance(event, str) else None
    if not found:
        doc.fail(("event",), gettext("{value} is not an event: write 'exactly 1', 'at least 2', 'at most 1' or "
                                     "'can pay'").format(value=repr(event)))
    if hand is not None:
        doc.fail(("hand",), gettext("only a 'can pay' puzzle has a hand"))
    params["event"] = (found.group(1), int(found.group(2)))
    return params


def tunnel_params_data(params, m) -> dict:
    d: dict[str, Any] = {}
    if params.get("tunnel") is not None:
        r = params["tunnel"]
        partner = m.partner(r)
        d["tunnel"] = [r.a, r.b] + ([r.color] if partner is not None and partner.color != r.color else [])
    d["deck"] = FULL_DECK if params["deck"] == full_deck() else {k: v for k, v in params["deck"].items() if v}
    d["pay_with"] = params["pay_with"]
    if params.get("hand") is not None:
        d["hand"] = {k: v for k, v in params["hand"].items() if v}
    if params.get("event") is not None:
        what, k = params["event"]
        d["event"] = what if k is None else f"{what} {k}"
    return d


def _counts(params):
    only = params["pay_with"] == LOCOMOTIVE
    color = None if only else params["pay_with"]
    matching, total = tunnel_hits(params["deck"], params["pay_with"], only)
    return only, color, matching, total


def _matching_text(params) -> str:
    only, color, matching, total = _counts(params)
    locos = params["deck"][LOCOMOTIVE]
    if only:
        return gettext("You pay with locomotives only, so only revealed locomotives count: {matching} of the "
                       "{total} cards match.").format(matching=matching, total=total)
    return gettext("A revealed card costs one more card if it is {colour} or a locomotive: {count} + {locos} = "
                   "{matching} of the {total} cards match.").format(
        colour=colour_name(color), count=colour_count(params["deck"][color], color),
        locos=colour_cards(locos, LOCOMOTIVE), matching=matching, total=total)


def _distribution_lines(params, dist) -> list:
    only, color, matching, total = _counts(params)
    n = min(3, total)
    lines = []
    for k, p in dist.items():
        ways, all_ways = comb(matching, k) * comb(total - matching, n - k), comb(total, n)
        reduced = "" if Fraction(ways, all_ways).denominator == all_ways else f" = {show_fraction(p)}"
        lines.append(f"- P({k} extra) = C({matching}, {k}) x C({total - matching}, {n - k}) / "
                     f"C({total}, {n}) = {ways}/{all_ways}{reduced}")
    return lines


#: The diagnosis of an answer computed as if each revealed card went back before the next.
WITH_REPLACEMENT = N_("That is drawing with replacement: each card counted as if the one before went back "
                      "into the deck. The three revealed cards are three different cards, so each one "
                      "revealed changes what is left for the next.")


def with_replacement(params) -> dict:
    """The law of the extra cards a learner gets by drawing *with* replacement (each card
    matching with the same chance, independently): the classic mistake."""
    _, _, matching, total = _counts(params)
    n = min(3, total)
    p = Fraction(matching, total) if total else Fraction(0)
    return {k: comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)}


def event_chance(event, dist, spare=None) -> Fraction:
    """The probability of ``event`` (``("exactly", k)``, ``("at least", k)``, ``("at most", k)``
    or ``("can pay", None)`` with ``spare`` cards) under the extra cards' law ``dist``."""
    what, k = event
    if what == "can pay":
        return sum((q for extra, q in dist.items() if extra <= spare), Fraction(0))
    if what == "exactly":
        return dist.get(k, Fraction(0))
    if what == "at least":
        return sum((q for extra, q in dist.items() if extra >= k), Fraction(0))
    return sum((q for extra, q in dist.items() if extra <= k), Fraction(0))


def _about(x: Fraction) -> str:
    """`` (about 0.709)`` for a fraction, nothing for a whole number."""
    if Fraction(x).denominator == 1:
        return ""
    return " " + gettext("(about {x})").format(x=local_digits(f"{float(x):.3f}"))


def _tunnel_highlight(puzzle) -> list:
    r = puzzle.params.get("tunnel")
    if r is None:
        return []
    return [{"routes": [r.index], "label": gettext("the tunnel {route} ({n})").format(route=pair_name(puzzle.map, r),
                                                                                      n=r.length)}]


#: The fields both tunnel kinds read (each adds its own).
_DECK_FIELDS = {"deck": (True, "the cards that may be revealed: {colour or locomotive: count}, or full"),
                "pay_with": (True, "the colour of the cards laid down, or locomotive (locomotives only)")}


class _TunnelKind(Kind):
    maps = ("europe",)
    position = "optional"
    answer_format = 'an exact fraction, e.g. "39/55" (or a whole number)'
    #: Whether the kind asks about an event ("exactly K", "can pay", ...).
    with_event = False

    def read_params(self, doc, m, pos):
        return read_tunnel_params(doc, m, pos, with_event=self.with_event)

    def params_data(self, params, m):
        return tunnel_params_data(params, m)

    def candidates(self, source, level, rng):
        for chance in source.tunnel_chances(rng):
            yield chance["position"], self._params(chance, level, rng)

    def _params(self, chance: dict, level: str, rng) -> dict:
        """The puzzle's fields for one tunnel ``chance`` met in a game, at ``level``."""
        raise NotImplementedError

    @staticmethod
    def _distribution(params) -> tuple:
        """``(pays with locomotives only, the extra cost's distribution)``."""
        only = params["pay_with"] == LOCOMOTIVE
        return only, tunnel_extra_distribution(params["deck"], params["pay_with"], only)

    def answer_data(self, answer, m):
        return fraction_data(answer)

    def read_answer(self, doc, m, pos, params):
        value = read_fraction(doc, ("answer",))
        return value

    def show(self, answer, m):
        return show_fraction(answer)

    def highlight(self, puzzle, solution):
        return _tunnel_highlight(puzzle)

    def question_highlight(self, puzzle):
        return _tunnel_highlight(puzzle)

    def exercise(self, puzzle):
        return NumberExercise(puzzle.question + " " + gettext("(a fraction such as 3/8, a decimal to 3 places or a "
                                                              "percentage)"),
                              puzzle.answer, tolerance=TOLERANCE, hint=puzzle.hint,
                              solution=puzzle.explanation, nudges=self.nudges(puzzle, TOLERANCE))

    def _where(self, params, m) -> str:
        r = params.get("tunnel")
        pay = (gettext("with locomotives only") if params["pay_with"] == LOCOMOTIVE
               else gettext("with {colour} cards").format(colour=colour_name(params["pay_with"])))
        route = (gettext("the tunnel {route} ({n} spaces)").format(route=pair_name(m, r), n=r.length) if r
                 else gettext("a tunnel"))
        return gettext("You claim {tunnel} {pay}. The cards that may be revealed: {cards}.").format(
            tunnel=route, pay=pay, cards=_cards_text(params["deck"]))


class TunnelOdds(_TunnelKind):
    """The exact probability of a tunnel event (extra cards, or being able to pay them)."""

    name = "tunnel_odds"
    title = N_("the exact odds of a tunnel's extra cost")
    fields = {**_DECK_FIELDS,
              "event": (True, "'exactly K', 'at least K', 'at most K' extra cards, or 'can pay'"),
              "hand": (False, "'can pay' only: the player's cards before laying any down"),
              "tunnel": (False, "the tunnel claimed, [city, city] (needed for 'can pay')")}
    with_event = True

    def solve(self, puzzle):
        params = puzzle.params
        only, dist = self._distribution(params)
        work = {"distribution": dist, "spare": None}
        if params["event"][0] == "can pay":
            work["spare"] = spare_cards_for_tunnel(params["hand"], params["pay_with"], params["tunnel"].length, only)
        return Solution(event_chance(params["event"], dist, work["spare"]), work)

    def mistakes(self, puzzle, solution):
        return {event_chance(puzzle.params["event"], with_replacement(puzzle.params), solution.work["spare"]):
                gettext(WITH_REPLACEMENT)}

    def question(self, params, m, pos):
        what, k = params["event"]
        start = self._where(params, m)
        if what == "can pay":
            return gettext("{start} You hold {cards}. What is the probability that you can pay the extra cards the "
                           "tunnel asks for?").format(start=start, cards=_cards_text(params["hand"]))
        asked = {"exactly": ngettext("{start} What is the probability that the tunnel costs exactly {n} extra card?",
                                     "{start} What is the probability that the tunnel costs exactly {n} extra cards?",
                                     k),
                 "at least": ngettext("{start} What is the probability that the tunnel costs at least {n} extra "
                                      "card?", "{start} What is the probability that the tunnel costs at least {n} "
                                      "extra cards?", k),
                 "at most": ngettext("{start} What is the probability that the tunnel costs at most {n} extra card?",
                                     "{start} What is the probability that the tunnel costs at most {n} extra cards?",
                                     k)}[what]
        return asked.format(start=start, n=k)

    def hint(self, puzzle, solution):
        if puzzle.params["event"][0] == "can pay":
            return gettext("First count your spare cards: the matching cards and locomotives you hold beyond "
                           "the tunnel's length. You can pay when the extra cost is at most that. Then: how "
                           "many of the deck's cards match?")
        return gettext("Three cards are revealed, without replacement. Count the matching cards (the colour "
                       "you pay with and the locomotives), then count the ways to reveal k of them.")

    def explain(self, puzzle, solution):
        params = puzzle.params
        what, k = params["event"]
        lines = [_matching_text(params), "",
                 gettext("Three cards are revealed without putting any back, so the number of extra cards follows "
                         "the hypergeometric law:"), ""]
        lines += _distribution_lines(params, solution.work["distribution"])
        lines.append("")
        if what == "can pay":
            only = params["pay_with"] == LOCOMOTIVE
            spare = solution.work["spare"]
            held = params["hand"][LOCOMOTIVE] + (0 if only else params["hand"][params["pay_with"]])
            lines.append(ngettext("You hold {n} card that can pay this tunnel and lay down {length}, so {spare} are "
                                  "spare: you can pay if the tunnel costs at most {spare} extra.",
                                  "You hold {n} cards that can pay this tunnel and lay down {length}, so {spare} are "
                                  "spare: you can pay if the tunnel costs at most {spare} extra.", held).format(
                n=held, length=params["tunnel"].length, spare=spare))
            lines.append(gettext("Add {lines}: the probability is {p}{about}.").format(
                lines=f"P(0) ... P({spare})", p=local_digits(show_fraction(solution.answer)),
                about=_about(solution.answer)))
        else:
            keep = {"exactly": gettext("that line"),
                    "at least": gettext("the lines with {k} or more").format(k=k),
                    "at most": gettext("the lines with {k} or fewer").format(k=k)}[what]
            lines.append(gettext("Add {lines}: the probability is {p}{about}.").format(
                lines=keep, p=local_digits(show_fraction(solution.answer)), about=_about(solution.answer)))
        return "\n".join(lines)

    def _params(self, chance, level, rng):
        """Fields for a puzzle from a tunnel ``chance`` met in bot play (see the generator)."""
        params = {"deck": chance["deck"], "pay_with": chance["pay_with"], "tunnel": chance["route"],
                  "hand": None}
        if level == "expert":
            params["hand"] = chance["hand"]
            params["event"] = ("can pay", None)
        elif level == "intermediate":
            params["event"] = (rng.choice(["at least", "exactly"]), rng.choice([1, 2]))
        else:
            params["event"] = ("exactly", 0)
        return params

    def why_dull(self, puzzle, solution, level):
        if solution.answer in (0, 1):
            return "the probability is 0 or 1"
        if level == "introductory" and puzzle.params["pay_with"] == LOCOMOTIVE:
            return "paying with locomotives only is not introductory"
        return None


class TunnelCost(_TunnelKind):
    """The expected number of extra cards a tunnel costs."""

    name = "tunnel_cost"
    title = N_("the expected extra cost of a tunnel")
    fields = {**_DECK_FIELDS,
              "tunnel": (False, "the tunnel claimed, [city, city] (to show it on the board)")}

    def solve(self, puzzle):
        params = puzzle.params
        only, dist = self._distribution(params)
        return Solution(expected_extra_cost(params["deck"], params["pay_with"], only), {"distribution": dist})

    def question(self, params, m, pos):
        return gettext("{start} How many extra cards does the tunnel cost on average?").format(
            start=self._where(params, m))

    def mistakes(self, puzzle, solution):
        params = puzzle.params
        _, color, matching, total = _counts(params)
        if color is None or not params["deck"][LOCOMOTIVE] or not total:
            return {}
        return {min(3, total) * Fraction(params["deck"][color], total):
                gettext("Did you count the locomotives? A revealed locomotive costs one more card too.")}

    def hint(self, puzzle, solution):
        return gettext("Each of the three revealed cards costs one extra card with the same probability: "
                       "matching cards / all cards. Expectations add up.")

    def explain(self, puzzle, solution):
        params = puzzle.params
        _, _, matching, total = _counts(params)
        n = min(3, total)
        mean = Fraction(solution.answer)
        lines = [_matching_text(params), "",
                 gettext("Each of the {n} revealed cards matches with probability {matching}/{total}, and expected "
                         "values add up (even though the cards are drawn without replacement):").format(
                     n=n, matching=matching, total=total),
                 ngettext("{formula} = {mean} extra card on average{about}.",
                          "{formula} = {mean} extra cards on average{about}.", 1 if mean == 1 else 2).format(
                     formula=f"{n} x {matching}/{total}", mean=local_digits(str(mean)), about=_about(mean)), "",
                 gettext("The same from the whole distribution:")]
        lines += _distribution_lines(params, solution.work["distribution"])
        return "\n".join(lines)

    def _params(self, chance, level, rng):
        pay_with = chance["pay_with"]
        if level == "expert" and rng.random() < 0.5:
            pay_with = LOCOMOTIVE
        return {"deck": chance["deck"], "pay_with": pay_with, "tunnel": chance["route"], "hand": None}

    def why_dull(self, puzzle, solution, level):
        if solution.answer == 0:
            return "the tunnel cannot cost anything extra"
        total = sum(puzzle.params["deck"].values())
        if level == "introductory" and total < 60:
            return "a small deck is not introductory"
        if level == "expert" and total > 40:
            return "an expert tunnel puzzle uses a small, late-game deck"
        return None

