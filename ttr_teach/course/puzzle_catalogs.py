"""The puzzle files' texts as gettext catalogs (see :mod:`ttr_teach.course.puzzles.texts`).

:func:`puzzle_template` gathers every title, question, hint and worked explanation of the
English puzzle files, each with its file, line, puzzle and field; :func:`update_puzzle_catalogs`
(part of ``make translations``) writes the template, brings each language's catalog up to date
with it (a text changed in a file keeps its old translation, marked fuzzy, until a translator
revises it) and compiles it.
"""
from __future__ import annotations

from pathlib import Path

from babel.messages.catalog import Catalog

from ..engine.i18n import TRANSLATED
from .message_catalogs import write_catalogs
from .puzzles.document import read_puzzle_document
from .puzzles.format import TEXT_FIELDS, puzzle_files
from .puzzles.texts import DOMAIN, catalog_path, forget_catalogs


def puzzle_template(root: Path) -> Catalog:
    """Every text of the English puzzle files under ``root/puzzles`` (the translated
    notebooks' folders hold no puzzle files)."""
    catalog = Catalog(project="ttr-teach", fuzzy=False)
    folder = root / "puzzles"
    for path in puzzle_files(folder) if folder.is_dir() else []:
        doc = read_puzzle_document(path)
        data = doc.data if isinstance(doc.data, dict) else {}
        relative = path.relative_to(root).as_posix()
        for field in TEXT_FIELDS:
            text = data.get(field)
            if isinstance(text, str) and text.strip():
                catalog.add(text.strip(), locations=[(relative, doc.line(field) or 0)],
                            auto_comments=[f"{data.get('id')}: {field}"])
    return catalog


def update_puzzle_catalogs(root: Path, languages: tuple[str, ...] = TRANSLATED) -> list[Path]:
    """Write ``root/ttr_teach/locale/ttr_teach_puzzles.pot`` from the puzzle files under
    ``root``, update each language's catalog beside it and compile it; returns the files written."""
    locale_dir = root / "ttr_teach" / "locale"
    written = write_catalogs(puzzle_template(root), locale_dir / f"{DOMAIN}.pot",
                             lambda lang, suffix: catalog_path(lang, suffix, locale_dir=locale_dir), languages)
    forget_catalogs()
    return written
