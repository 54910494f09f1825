"""The package's own messages (refusals, feedback, widget labels, the CLI) as gettext catalogs.

Every sentence the package shows is written ``gettext("...")`` (or ``ngettext``, or
``N_("...")`` for a constant translated where it is shown), with named placeholders filled by
``str.format`` after translation: ``gettext("{player} keeps all.").format(player=name)``.
Babel extracts them into ``ttr_teach/locale/ttr_teach.pot``; each language's translations are
``ttr_teach/locale/<lang>/LC_MESSAGES/ttr_teach.po``, compiled to the ``.mo`` file beside it that
:mod:`ttr_teach.engine.i18n` reads. ``make translations`` does all three.

>>> sorted(placeholders("{player} keeps {n} of {total}."))
['n', 'player', 'total']
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from ..engine.i18n import DOMAIN, LOCALE_DIR, TRANSLATED

PACKAGE_DIR = LOCALE_DIR.parent
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
_FIELD = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)(?:[!:][^}]*)?\}")


def placeholders(message: str) -> set[str]:
    """The named ``{fields}`` a message fills in (``{{`` is a brace, not a field)."""
    return set(_FIELD.findall(message))


def extract_template() -> Catalog:
    """Every message marked in the package's source, with where it is."""
    catalog = Catalog(project="ttr-teach", fuzzy=False)
    keywords = {**DEFAULT_KEYWORDS, "N_": None}
    for filename, lineno, message, comments, context in extract_from_dir(
            str(PACKAGE_DIR), method_map=[("**.py", "python")], keywords=keywords,
            comment_tags=("TRANSLATORS:",), strip_comment_tags=True):
        catalog.add(message, locations=[(f"ttr_teach/{filename}", lineno)], auto_comments=comments,
                    context=context)
    return catalog


def catalog_path(lang: str, suffix: str = ".po") -> Path:
    """``ttr_teach/locale/<lang>/LC_MESSAGES/ttr_teach.po`` (or ``.mo``)."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}{suffix}"


def read_catalog(path: Path, lang: str | None = None) -> Catalog:
    """A ``.po`` or ``.pot`` file as a Babel catalog."""
    with path.open("rb") as po:
        return read_po(po, locale=lang)


def _write_if_changed(path: Path, data: bytes) -> bool:
    """Write ``data`` unless the file holds it already, the dates aside."""
    def undated(text: bytes) -> bytes:
        return re.sub(rb'"(POT-Creation-Date|PO-Revision-Date): [^"]*"\n', b"", text)

    if path.exists() and undated(path.read_bytes()) == undated(data):
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def compiled(catalog: Catalog) -> bytes:
    """The ``.mo`` file of a catalog (fuzzy translations left out, as gettext does)."""
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def write_catalogs(template: Catalog, pot: Path, catalog_file: Callable[[str, str], Path],
                   languages: tuple[str, ...]) -> list[Path]:
    """Write ``template`` to ``pot``; bring each language's catalog (``catalog_file(lang,
    ".po")``) up to date with it (a changed message keeps its old translation, marked fuzzy)
    and compile it beside (``catalog_file(lang, ".mo")``); returns the files written."""
    written = []
    buffer = io.BytesIO()
    write_po(buffer, template, width=0, omit_header=True)
    if _write_if_changed(pot, buffer.getvalue()):
        written.append(pot)
    for lang in languages:
        path = catalog_file(lang, ".po")
        catalog = read_catalog(path, lang) if path.exists() else Catalog(locale=lang, project="ttr-teach",
                                                                          fuzzy=False)
        catalog.update(template, no_fuzzy_matching=False)
        catalog.obsolete.clear()
        buffer = io.BytesIO()
        write_po(buffer, catalog, width=0)
        if _write_if_changed(path, buffer.getvalue()):
            written.append(path)
        # compiled from the file as it now is, so that the .mo file depends on nothing else
        mo = catalog_file(lang, ".mo")
        data = compiled(read_catalog(path, lang))
        if not mo.exists() or mo.read_bytes() != data:
            mo.write_bytes(data)
            written.append(mo)
    return written


def update_message_catalogs(languages: tuple[str, ...] = TRANSLATED) -> list[Path]:
    """Extract the template, bring every language's catalog up to date with it and compile it
    (:func:`write_catalogs`); returns the files written."""
    return write_catalogs(extract_template(), TEMPLATE, catalog_path, languages)
