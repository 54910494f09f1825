"""The language ttr_teach speaks, and its messages in that language (GNU gettext catalogs).

The language is the one given to :func:`set_language`; else ``TTR_TEACH_LANG``; else the
usual locale variables, in gettext's order (``LANGUAGE``, a list such as ``sv:en``, then
``LC_ALL``, ``LC_MESSAGES``, ``LANG``); else English. The catalogs are
``ttr_teach/locale/<lang>/LC_MESSAGES/ttr_teach.mo``, compiled from the ``.po`` files beside
them (``make translations``; ``docs/translating.md``).

>>> set_language("sv"); language()
'sv'
>>> set_language(None)
>>> language_from({"LANG": "it_IT.UTF-8"}), language_from({"LANGUAGE": "de:fa", "LANG": "C"})
('it', 'fa')
>>> direction("fa")
'rtl'
"""

from __future__ import annotations

import gettext as gnu_gettext
import numbers
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from functools import cache
from pathlib import Path

from .errors import ArgumentError
from .prose_numbers import in_prose, isolate_signs, number_list

#: every language of the course, by its code, with its name in its own language
LANGUAGES = {"en": "English", "vi": "Tiếng Việt", "fa": "فارسی", "sv": "Svenska", "it": "Italiano"}
#: the course's languages other than English, whose catalogs and notebooks are translated
TRANSLATED = tuple(code for code in LANGUAGES if code != "en")
RIGHT_TO_LEFT = frozenset({"fa"})
LOCALE_DIR = Path(__file__).resolve().parents[1] / "locale"
DOMAIN = "ttr_teach"
_LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

_chosen: str | None = None


def set_language(lang: str | None) -> None:
    """Speak ``lang`` (``"en"``, ``"vi"``, ``"fa"``, ``"sv"``, ``"it"``) from now on;
    ``None`` goes back to the environment's choice.

    >>> set_language("klingon")
    Traceback (most recent call last):
    ...
    ttr_teach.engine.errors.ArgumentError: there is no language 'klingon': give one of en, vi, fa, sv, it
    """
    global _chosen
    _chosen = None if lang is None else known_language(lang)


def known_language(lang: str) -> str:
    """``lang`` when the course speaks it; else the refusal naming the languages it speaks.

    >>> known_language("fa")
    'fa'
    """
    if lang not in LANGUAGES:
        raise ArgumentError(gettext("there is no language {language}: give one of {languages}").format(
            language=repr(lang), languages=", ".join(LANGUAGES)))
    return lang


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Speak ``lang`` inside a ``with`` block, then what was spoken before: for texts that
    are English by design (the puzzle files, the one source of their translations).

    >>> with speaking("sv"):
    ...     language()
    'sv'
    """
    global _chosen
    before = _chosen
    set_language(lang)
    try:
        yield
    finally:
        _chosen = before


def language() -> str:
    """The code of the language spoken now (see the module's docstring for the order)."""
    if _chosen is not None:
        return _chosen
    return language_from(os.environ)


def language_from(environment: Mapping[str, str]) -> str:
    """The language an environment asks for: ``TTR_TEACH_LANG``, else the first locale
    variable that is set (a ``LANGUAGE`` list gives its first language the course has),
    else English."""
    wanted = environment.get("TTR_TEACH_LANG", "").strip()
    if wanted:
        code = _code(wanted)
        if code in LANGUAGES:
            return code
    for variable in _LOCALE_VARIABLES:
        value = environment.get(variable, "").strip()
        if not value:
            continue
        for part in value.split(":") if variable == "LANGUAGE" else [value]:
            code = _code(part)
            if code in LANGUAGES:
                return code
        if variable != "LANGUAGE":
            return "en"
    return "en"


def _code(locale_name: str) -> str:
    """``"sv_SE.UTF-8"`` -> ``"sv"``; ``"C"`` and ``"POSIX"`` -> ``"en"``."""
    code = locale_name.split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
    return "en" if code in ("c", "posix") else code


def direction(lang: str | None = None) -> str:
    """``"rtl"`` for a language written right to left (Persian), else ``"ltr"``."""
    return "rtl" if (lang or language()) in RIGHT_TO_LEFT else "ltr"


@cache
def _catalog(lang: str) -> gnu_gettext.NullTranslations:
    return gnu_gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)


def gettext(message: str) -> str:
    """``message`` in the language spoken now (English when a catalog lacks it). The empty
    message stays empty (GNU gettext would answer the catalog's header).

    >>> gettext("")
    ''
    """
    if not message:
        return message
    lang = language()
    return _in_words(lang, _catalog(lang).gettext(message))


def N_(message: str) -> str:
    """Mark ``message`` for translation without translating it now: for a constant, which is
    translated with :func:`gettext` where it is shown (the language may change meanwhile)."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural of a message for ``n``, as the language spoken now forms it."""
    lang = language()
    return _in_words(lang, _catalog(lang).ngettext(singular, plural, n))


def pgettext(context: str, message: str) -> str:
    """``message`` in the language spoken now, where ``context`` tells two uses of the same
    English apart (``pgettext("route", "{n} red")`` is a route's spaces, not cards)."""
    lang = language()
    return _in_words(lang, _catalog(lang).pgettext(context, message))


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` within ``context`` (see :func:`pgettext`)."""
    lang = language()
    return _in_words(lang, _catalog(lang).npgettext(context, singular, plural, n))


class _LocalNumber:
    """A number (``int``, ``float``, ``Fraction``, ``Decimal``, numpy's) that a message writes
    as the language's prose does: ``-9`` -> ``−۹`` in Persian, isolated left to right;
    ``{limit:,}`` of 1000 -> ``1.000`` in Italian; ``{chance:.0%}`` of 0.375 -> ``38 %`` in
    Swedish, ``۳۸٪`` in Persian; ``Fraction(3, 8)`` -> ``۳/۸``."""

    __slots__ = ("value", "lang")

    def __init__(self, value: numbers.Real, lang: str):
        self.value, self.lang = value, lang

    def __format__(self, spec: str) -> str:
        return in_prose(format(self.value, spec), self.lang)

    def __str__(self) -> str:
        return in_prose(str(self.value), self.lang)

    __repr__ = __str__


class _LocalText(str):
    """A translated message whose ``format`` writes the numbers it is given as the language's
    prose does (:mod:`.prose_numbers`: Persian writes ``۳ کارت``, never ``3 کارت``; Italian
    ``0,5``; a sign the translation glues to a placeholder, ``+{points}``, is isolated left to
    right in Persian); names, files, code and numbers already written as text keep theirs."""

    lang: str

    def format(self, *args: object, **kwargs: object) -> str:
        def local(value: object) -> object:
            if isinstance(value, numbers.Real) and not isinstance(value, bool):
                return _LocalNumber(value, self.lang)
            return value
        template = isolate_signs(self, self.lang)
        return str.format(template, *map(local, args), **{k: local(v) for k, v in kwargs.items()})


def local_digits(text: str, lang: str | None = None) -> str:
    """A number already written (``f"{x:.0%}"``, ``"3.01"``, ``f"{n:+d}"``) as the prose of the
    language spoken now (or ``lang``) writes it (:func:`.prose_numbers.in_prose`): the decimal
    comma in Italian, Swedish and Vietnamese, Persian digits, ``٫`` and ``٪`` in Persian with a
    signed number isolated left to right; English unchanged. The one place numbers in prose are
    localised: a message given an ``int`` or a ``float`` writes it through here by itself.

    >>> local_digits("37.5%", "fa"), local_digits("37.5%", "it"), local_digits("37.5%", "en")
    ('۳۷٫۵٪', '37,5%', '37.5%')
    """
    return in_prose(text, lang or language())


def local_list(numbers: list[str], lang: str | None = None) -> str:
    """Numbers written by :func:`local_digits` as a list: ``0.42, 0.5`` in English, ``0,42; 0,5``
    where a comma is the decimal mark."""
    return number_list(numbers, lang or language())


def _in_words(lang: str, text: str) -> str:
    """``text`` as :func:`gettext` gives it: a message that writes the numbers filled in as
    ``lang`` writes them (English: as Python writes them)."""
    if lang == "en":
        return text
    local = _LocalText(text)
    local.lang = lang
    return local
