"""Reading answers as people write them, and writing numbers back as people read them.

A learner types ``0,127`` or ``12.7 %`` or ``14/110`` for the same probability (or, in Persian,
``۰٫۱۲۷`` with Persian digits and decimal separator), ``−9`` with a true minus sign,
``yellow black`` or ``yellow and black`` for two colours. :func:`read_number`
and :func:`read_items` understand all of these; :func:`plain_number` writes a number back in
plain decimals (never ``404/269775 (≈ 0.001498)``).

>>> read_number("0,127"), read_number("12.7%"), read_number("14/110"), read_number("−9")
(Fraction(127, 1000), Fraction(127, 1000), Fraction(7, 55), Fraction(-9, 1))
>>> read_number("۰٫۱۲۷"), read_number("١٢٫٧٪"), read_number("۱۴/۱۱۰")
(Fraction(127, 1000), Fraction(127, 1000), Fraction(7, 55))
>>> read_number("21 points", units=("points",))
Fraction(21, 1)
>>> plain_number(Fraction(404, 269775)), plain_number(Fraction(7, 55)), plain_number(21)
('0.0015', '0.127', '21')
>>> read_items("yellow black", {"yellow", "black", "orange"}.__contains__)
['yellow', 'black']
>>> read_items("Kansas City and Denver", {"Kansas City", "Denver"}.__contains__)
['Kansas City', 'Denver']
"""
from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction

from ...engine.i18n import N_, gettext

#: What a learner may type for "no items at all".
NONE_WORDS = ("none", "nothing", "nobody", "no one", "no tickets", "-", "—", "–")
# TRANSLATORS: the words a learner may type for "no items at all", separated by commas
NONE_WORDS_HERE = N_("none, nothing, nobody")
# TRANSLATORS: the word joining the last two items of a list a learner types ("red and blue")
AND = N_("and")
#: Words and signs a learner may put before a number ("about 0.13", "≈ 0.13").
_APPROX = re.compile(r"^(?:about|approx\.?|approximately|roughly|~|≈|=)\s*", re.IGNORECASE)
_MINUS = str.maketrans({"−": "-", "–": "-", "—": "-", "\u2009": " ", "\u00a0": " ", "\u202f": " ",
                        # Persian (and Arabic-Indic) digits, decimal and group separators, percent sign
                        **{persian: str(d) for d, persian in enumerate("۰۱۲۳۴۵۶۷۸۹")},
                        **{arabic: str(d) for d, arabic in enumerate("٠١٢٣٤٥٦٧٨٩")},
                        "٫": ".", "٬": " ", "٪": "%",
                        # the invisible direction marks and isolates around a number in Persian prose
                        **dict.fromkeys("\u200e\u200f\u061c\u2066\u2067\u2068\u2069\u202a\u202b\u202c\u202d\u202e",
                                        "")})
#: Small numbers a learner may write in words.
WORDS = {w: n for n, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen twenty".split())}
_DECIMAL = re.compile(r"^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$")
#: thousands grouped with points (Italian, Vietnamese) or commas (English) in two groups or
#: more, ``1.000.000``; one mark alone, ``1.000`` or ``1,000``, is a decimal mark
_MARK_GROUPED = re.compile(r"^[+-]?\d{1,3}(?P<mark>[.,])\d{3}(?:(?P=mark)\d{3})+$")
_GROUPED = re.compile(r"^[+-]?\d{1,3}(?:[ '_]\d{3})+(?:\.\d+)?$")


def _decimal_text(s: str) -> str:
    """``s`` with a decimal comma turned into a point (``0,127`` -> ``0.127``; with both marks,
    the last one is the decimal mark: ``1.234,5`` -> ``1234.5``; the same mark between groups
    of three digits twice or more groups thousands: ``1.000.000``, ``1,000,000``)."""
    grouped = _MARK_GROUPED.match(s)
    if grouped:
        return s.replace(grouped["mark"], "")
    if "," in s and "." in s:
        if s.rfind(",") > s.rfind("."):
            return s.replace(".", "").replace(",", ".")
        return s.replace(",", "")
    if s.count(",") == 1:
        return s.replace(",", ".")
    return s


def read_number(text, units=()) -> Fraction:
    """The exact number a learner wrote: a whole number, a decimal with a point or a comma, a
    percentage, or a fraction such as ``7/55``; optionally followed by one of ``units``.

    Raises ``ValueError`` with a sentence saying what could not be read.

    >>> read_number("1 234"), read_number("3 / 8"), read_number("+4"), read_number("≈ 0,44")
    (Fraction(1234, 1), Fraction(3, 8), Fraction(4, 1), Fraction(11, 25))
    >>> read_number("Nine"), read_number("one card", units=("cards",)), read_number("1.000.000")
    (Fraction(9, 1), Fraction(1, 1), Fraction(1000000, 1))
    >>> read_number("lots")
    Traceback (most recent call last):
    ...
    ValueError: 'lots' is not a number (write e.g. 42, 0.25, 0,25, 25% or 3/8)
    """
    if isinstance(text, bool):
        raise ValueError(gettext("give a number"))
    if isinstance(text, (int, Fraction)):
        return Fraction(text)
    if isinstance(text, float):
        return Fraction(text).limit_denominator(10**6)
    s = str(text).translate(_MINUS).strip()
    if not s:
        raise ValueError(gettext("the box is empty"))
    for unit in sorted(units, key=len, reverse=True):
        for word in (unit, unit.rstrip("s")):
            if word and s.casefold().endswith(word.casefold()) and len(s) > len(word):
                s = s[: -len(word)].strip()
                break
    s = _APPROX.sub("", s).strip()
    percent = s.endswith("%")
    if percent:
        s = s[:-1].strip()
    try:
        value = _exact(s)
    except (ValueError, ZeroDivisionError):
        raise ValueError(gettext("{answer} is not a number (write e.g. 42, 0.25, 0,25, 25% or 3/8)").format(
            answer=repr(str(text).strip()))) from None
    return value / 100 if percent else value


def _exact(s: str) -> Fraction:
    if s.casefold() in WORDS:
        return Fraction(WORDS[s.casefold()])
    if "/" in s:
        top, _, bottom = s.partition("/")
        return _exact(top.strip()) / _exact(bottom.strip())
    if _GROUPED.match(s):
        s = re.sub(r"[ '_]", "", s)
    s = _decimal_text(s.replace(" ", ""))
    if not _DECIMAL.match(s):
        raise ValueError(s)
    return Fraction(Decimal(s))


def plain_number(x, digits: int = 3) -> str:
    """``x`` in plain decimals: whole numbers as they are, others to ``digits`` significant
    digits (trailing zeros dropped), never in scientific notation.

    >>> plain_number(Fraction(39, 55)), plain_number(Fraction(1, 3), 4), plain_number(Fraction(-5, 2))
    ('0.709', '0.3333', '-2.5')
    >>> plain_number(Fraction(1, 200000))
    '0.000005'
    """
    x = Fraction(x)
    if x.denominator == 1:
        return str(x.numerator)
    d = Decimal(x.numerator) / Decimal(x.denominator)
    rounded = round(d, digits - 1 - d.adjusted())
    text = f"{rounded:f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text


def is_none(text: str) -> bool:
    """True when ``text`` says "no items" (``none``, ``nobody``, ``-``, or nothing at all)."""
    said = text.strip().casefold()
    here = {w.strip().casefold() for w in gettext(NONE_WORDS_HERE).split(",")}
    return not said or said in NONE_WORDS or said in here


_SEPARATORS = r"\s*(?:[,;\n&+،؛]|\band\b{also})\s*"


def _separators() -> re.Pattern:
    """What separates the items of a list: punctuation, ``and``, or the word for "and" in the
    language spoken now (``och``, ``e``, ``và``, ``و``)."""
    word = gettext(AND).strip()
    also = f"|\\b{re.escape(word)}\\b" if word and word != "and" else ""
    return re.compile(_SEPARATORS.format(also=also), re.IGNORECASE)


def read_items(text: str, known: Callable[[str], bool] | None = None) -> list:
    """The items of a list a learner typed: separated by commas, semicolons, ``and``, ``&`` or
    new lines, or only by spaces when every piece is ``known`` (``known(piece)`` says whether
    a piece of text names one item; items may have spaces, as in "Kansas City").

    A piece that cannot be split into known items is kept whole (the checker then says it
    cannot read it).

    >>> read_items("Paris-Wien, Berlin-Roma")
    ['Paris-Wien', 'Berlin-Roma']
    >>> read_items("red blue; green", {"red", "blue", "green"}.__contains__)
    ['red', 'blue', 'green']
    >>> read_items("none")
    []
    """
    if is_none(text):
        return []
    pieces = [p.strip() for p in _separators().split(text) if p and p.strip()]
    out = []
    for piece in pieces:
        if known is None or known(piece) or " " not in piece:
            out.append(piece)
            continue
        split = _segment(piece.split(), known)
        out.extend(split if split is not None else [piece])
    return out


def _segment(words: list, known) -> list | None:
    """The fewest known items whose words, in order, are ``words``; None if there are none."""
    best: list = [None] * (len(words) + 1)
    best[0] = []
    for end in range(1, len(words) + 1):
        for start in range(end):
            if best[start] is None:
                continue
            chunk = " ".join(words[start:end])
            if known(chunk) and (best[end] is None or len(best[start]) + 1 < len(best[end])):
                best[end] = best[start] + [chunk]
    return best[-1]
