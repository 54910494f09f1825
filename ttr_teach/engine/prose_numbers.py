"""Numbers in prose as each language writes them: the one place that turns a number Python
wrote (``0.114``, ``38%``, ``-9``, ``1,000``) into the learner's language.

The marks come from Babel's locale data (CLDR): Italian, Swedish and Vietnamese write a
decimal comma (``0,114``) and group thousands with ``.`` or a non-breaking space; Swedish
puts a non-breaking space before ``%`` and writes the true minus sign ``−``; Persian writes
Persian digits, ``٫``, ``٬`` and ``٪``, and keeps a signed number (``+33``, ``−9``) left to
right inside right-to-left text with the Unicode isolates U+2066 ... U+2069, or it would
show as ``33+``. English, code, the board and the files keep Python's writing.

>>> [in_prose("about 0.114, 38%, -9 and 1,000,000", lang) for lang in ("en", "it", "vi")]
['about 0.114, 38%, -9 and 1,000,000', 'about 0,114, 38%, -9 and 1.000.000', 'about 0,114, 38%, -9 and 1.000.000']
>>> in_prose("12.5%, -9 and 1,000", "sv")
'12,5\\xa0%, −9 and 1\\xa0000'
>>> in_prose("+33 and 37.5%", "fa")
'\\u2066+۳۳\\u2069 and ۳۷٫۵٪'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

#: A number as Python writes it: an optional sign (not glued to a word or a number before
#: it: the ``-`` of ``2-4`` and ``1e-05`` is no sign), digits grouped with commas or not, an
#: optional fraction and an optional percent sign; never a part of a name (``bot2``) nor of
#: a number in scientific notation (``1e-05``, which stays as Python writes it).
_NUMBER = re.compile(r"(?P<sign>(?<![\w)\]])[+\-−])?(?<!\w)(?<![0-9][eE][+-])"
                     r"(?P<whole>[0-9]{1,3}(?:,[0-9]{3})+(?![0-9])|[0-9]+)(?:\.(?P<fraction>[0-9]+))?(?P<percent>%?)"
                     r"(?![^\W0-9])")
#: The digits of a numbering system CLDR names (Babel gives the marks, not the digits).
_DIGITS = {"latn": "0123456789", "arabext": "۰۱۲۳۴۵۶۷۸۹"}
#: Languages whose prose runs right to left: a signed number is isolated left to right there.
_RIGHT_TO_LEFT = frozenset({"fa"})
_LEFT_TO_RIGHT_ISOLATE, _POP_DIRECTIONAL_ISOLATE = "\u2066", "\u2069"
#: Invisible marks CLDR puts around signs for right-to-left text (the isolates do that job).
_MARKS = dict.fromkeys(map(ord, "\u200e\u200f\u061c"))


@dataclass(frozen=True)
class Convention:
    """How a language writes numbers: its decimal and group marks, percent sign (with the
    space before it, if any), minus and plus signs, digits, and the separator of a list of
    numbers: the language's comma (``،`` in Persian), or CLDR's ``;`` where the decimal mark
    is a comma (``0,5; 0,25``)."""

    decimal: str
    group: str
    percent: str
    minus: str
    plus: str
    digits: str
    list_separator: str
    isolate_signed: bool

    @property
    def is_english(self) -> bool:
        return self == convention("en")


@cache
def convention(lang: str) -> Convention:
    """The way ``lang`` writes numbers in prose, from Babel's locale data.

    >>> c = convention("sv"); c.decimal, c.percent, c.minus
    (',', '\\xa0%', '−')
    """
    from babel import Locale

    locale = Locale.parse(lang)
    system = locale.default_numbering_system
    symbols = locale.number_symbols[system]
    pattern = locale.percent_formats[None].pattern
    space = pattern[pattern.index("%") - 1] if "%" in pattern and pattern.index("%") > 0 else ""
    space = space if space.isspace() else ""
    middle = locale.list_patterns["standard"]["middle"]
    list_middle = middle[middle.index("{0}") + 3:middle.index("{1}")]
    return Convention(
        decimal=symbols["decimal"], group=symbols["group"], percent=space + symbols["percentSign"],
        minus=symbols["minusSign"].translate(_MARKS), plus=symbols["plusSign"].translate(_MARKS),
        digits=_DIGITS.get(system, _DIGITS["latn"]),
        list_separator=symbols["list"] + " " if symbols["decimal"] == "," else list_middle.translate(_MARKS),
        isolate_signed=lang in _RIGHT_TO_LEFT)


def in_prose(text: str, lang: str) -> str:
    """``text`` with every number in it written as ``lang``'s prose writes it (see the module).
    What is not a number (words, ``/``, ``...``, ``P(0)``) stays as it is.

    >>> in_prose("39/55, about 0.709", "it"), in_prose("P(0) ... P(3)", "fa")
    ('39/55, about 0,709', 'P(۰) ... P(۳)')
    """
    way = convention(lang)
    if way.is_english:
        return text
    digits = str.maketrans("0123456789", way.digits)

    def write(number: re.Match) -> str:
        sign = {"+": way.plus, "-": way.minus}.get(number["sign"], number["sign"] or "")
        written = number["whole"].replace(",", "\0").translate(digits).replace("\0", way.group)
        if number["fraction"] is not None:
            written += way.decimal + number["fraction"].translate(digits)
        written = sign + written + (way.percent if number["percent"] else "")
        if sign and way.isolate_signed:
            return _LEFT_TO_RIGHT_ISOLATE + written + _POP_DIRECTIONAL_ISOLATE
        return written

    return _NUMBER.sub(write, text)


#: A sign a translation glues before a placeholder (``+{points}``), maybe after a
#: left-to-right mark a translator put there.
_SIGNED_PLACEHOLDER = re.compile(r"\u200e?(?<![\w)\]}])([+\-−]\{[^{}]*\})")


def isolate_signs(template: str, lang: str) -> str:
    """A message's ``template`` whose signs glued to a placeholder (``+{points}``) are
    isolated left to right in a right-to-left language, like a signed number (else unchanged).

    >>> isolate_signs("{bonus}، +{points}", "fa") == "{bonus}، \u2066+{points}\u2069"
    True
    >>> isolate_signs("{a}-{b}: +{points}", "it")
    '{a}-{b}: +{points}'
    """
    if not convention(lang).isolate_signed:
        return template
    return _SIGNED_PLACEHOLDER.sub(_LEFT_TO_RIGHT_ISOLATE + r"\1" + _POP_DIRECTIONAL_ISOLATE, template)


def number_list(numbers: list[str], lang: str) -> str:
    """Numbers already written for ``lang`` (:func:`in_prose`) as a list: ``0.42, 0.5`` in
    English, ``0,42; 0,5`` where a comma is the decimal mark.

    >>> number_list(["0,42", "0,5"], "it"), number_list(["0.42", "0.5"], "en"), number_list(["۱", "۲"], "fa")
    ('0,42; 0,5', '0.42, 0.5', '۱، ۲')
    """
    return convention(lang).list_separator.join(numbers)
