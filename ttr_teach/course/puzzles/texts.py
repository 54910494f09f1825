"""The puzzles' own texts (title, question, hint, worked explanation) in the learner's language.

The puzzle files (``puzzles/<level>/*.yaml``) are written in English and stay the one source.
Their texts are the messages of a gettext catalog of their own, beside the package's
messages: ``ttr_teach/locale/ttr_teach_puzzles.pot`` holds every text of every file (a comment
names the puzzle and the field), and ``ttr_teach/locale/<lang>/LC_MESSAGES/ttr_teach_puzzles.po``
their translations, compiled to the ``.mo`` file beside it; ``make translations`` writes them
(:mod:`ttr_teach.course.puzzle_catalogs`).

A notebook shows a puzzle through :meth:`~ttr_teach.course.puzzles.format.Puzzle.in_language`:
each text the catalog of the language spoken translates, the others in English, so that a
puzzle added to the files is shown at once (in English) and translated when its catalog is.

>>> translated("Ten trains, how many points?", "sv")
'Tio vagnar, hur många poäng?'
>>> translated("A text no catalog has", "sv")
'A text no catalog has'
"""
from __future__ import annotations

import gettext as gnu_gettext
from functools import cache
from pathlib import Path

from ...engine.i18n import LOCALE_DIR, language

DOMAIN = "ttr_teach_puzzles"


def catalog_path(lang: str, suffix: str = ".po", locale_dir: Path = LOCALE_DIR) -> Path:
    """``ttr_teach/locale/<lang>/LC_MESSAGES/ttr_teach_puzzles.po`` (or ``.mo``)."""
    return locale_dir / lang / "LC_MESSAGES" / f"{DOMAIN}{suffix}"


@cache
def _catalog(lang: str) -> gnu_gettext.NullTranslations:
    return gnu_gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)


def forget_catalogs() -> None:
    """Read the compiled catalogs again on the next lookup (after ``make translations``)."""
    _catalog.cache_clear()


def translated(text: str, lang: str | None = None) -> str:
    """``text`` (a puzzle file's text) in ``lang`` (default: the language spoken now); the
    English text when the catalog lacks it."""
    if not text:
        return text
    return _catalog(lang or language()).gettext(text)
