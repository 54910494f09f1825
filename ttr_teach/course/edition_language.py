"""An edition of the course in one language: which notebooks it is made from, and their links.

An edition in Swedish holds the Swedish notebooks (``notebooks/sv/...``, ``puzzles/sv/...``, as
``make translations`` writes them) where the English ones would be (``notebooks/...``,
``puzzles/...``), so that the puzzle notebooks read the puzzle files beside them and the
editions keep one layout whatever their language. A translated notebook's links point from
where it sits in the repository; :func:`edition_markdown` points them from where it sits in
the edition. An edition holds one language, so the bar of links to the other languages
(``00_start_here``'s cell tagged ``languages``) is left out, and a link to a file the edition
does not carry keeps its words but not its target.

>>> edition_notebooks("sv")[0]
('notebooks/00_start_here.ipynb', 'notebooks/sv/00_start_here.ipynb')
>>> edition_markdown("[Lektion 1](01_train_cards.ipynb), [pussel](../../puzzles/sv/introductory.ipynb)",
...                  "notebooks/sv/00_start_here.ipynb", "notebooks/00_start_here.ipynb",
...                  {"notebooks/sv/01_train_cards.ipynb": "notebooks/01_train_cards.ipynb",
...                   "puzzles/sv/introductory.ipynb": "puzzles/introductory.ipynb"})
'[Lektion 1](01_train_cards.ipynb), [pussel](../puzzles/introductory.ipynb)'
"""
from __future__ import annotations

import posixpath
import re
from pathlib import Path

from ..engine.errors import FileError
from ..engine.i18n import LANGUAGES, gettext, known_language, language, ngettext

#: The tag of the cell of links to the other languages (left out of an edition).
LANGUAGES_CELL = "languages"
_LINK = re.compile(r"\[([^\]]*)\]\(([^)\s]+)\)")


def repository() -> Path:
    """The repository this package runs from (it holds the notebooks)."""
    root = Path(__file__).resolve().parents[2]
    if not (root / "notebooks").is_dir():
        raise FileError(gettext("{folder}: no notebooks/ folder here; the editions are built from the "
                                "repository").format(folder=root))
    return root


def course_notebooks(root: Path | None = None) -> list:
    """Every notebook of the course, as paths relative to the repository, in course order."""
    root = root or repository()
    found = sorted((root / "notebooks").glob("*.ipynb")) + sorted((root / "notebooks" / "graphs").glob("*.ipynb"))
    found += sorted((root / "puzzles").glob("*.ipynb"))
    return [p.relative_to(root).as_posix() for p in found]


def edition_lang(lang: str | None) -> str:
    """The language of an edition: ``lang``, or the language the package speaks now; an
    unknown language is refused as :func:`ttr_teach.set_language` refuses it.

    >>> edition_lang("it")
    'it'
    """
    return known_language(lang) if lang is not None else language()


def source_of(place: str, lang: str) -> str:
    """The repository file the edition's ``place`` is made from in ``lang``.

    >>> source_of("notebooks/graphs/01_map_as_graph.ipynb", "fa")
    'notebooks/fa/graphs/01_map_as_graph.ipynb'
    >>> source_of("puzzles/introductory.ipynb", "en")
    'puzzles/introductory.ipynb'
    """
    if lang == "en":
        return place
    top, _, rest = place.partition("/")
    return f"{top}/{lang}/{rest}"


def edition_notebooks(lang: str, root: Path | None = None) -> list:
    """``(place, source)`` for every notebook of the course: where it sits in an edition (the
    English notebook's path) and the file it is made from in ``lang``. Refused when a
    translated notebook is missing (``make translations`` writes a notebook once its
    catalog is complete)."""
    root = root or repository()
    pairs = [(place, source_of(place, lang)) for place in course_notebooks(root)]
    missing = [source for _, source in pairs if not (root / source).is_file()]
    if missing:
        raise FileError(ngettext(
            "no edition in {language}: {n} notebook of the course is not translated yet ({files}); complete its "
            "catalog in translations/{code}/ and run make translations",
            "no edition in {language}: {n} notebooks of the course are not translated yet ({files}); complete "
            "their catalogs in translations/{code}/ and run make translations", len(missing)).format(
            language=LANGUAGES[lang], n=len(missing), code=lang,
            files=missing[0] + (", ..." if len(missing) > 1 else "")))
    return pairs


def edition_markdown(text: str, source: str, place: str, places: dict) -> str:
    """Markdown ``text`` of the notebook ``source`` (repository path) with its relative links
    pointed from ``place`` (its path in the edition); ``places`` maps each repository file the
    edition carries to its path there. A link to a file the edition lacks keeps its words."""
    def link(match: re.Match) -> str:
        words, target = match[1], match[2]
        if re.match(r"^[a-z]+:|^#|^/", target):
            return match[0]
        path, _, anchor = target.partition("#")
        resolved = posixpath.normpath(posixpath.join(posixpath.dirname(source), path))
        if resolved not in places:
            return words
        new = posixpath.relpath(places[resolved], posixpath.dirname(place) or ".")
        return f"[{words}]({new}{'#' + anchor if anchor else ''})"

    return _LINK.sub(link, text)


def edition_notebook(nb, source: str, place: str, places: dict):
    """The notebook ``nb`` (nbformat, read from ``source``) as it sits at ``place`` in an
    edition: without the bar of links to other languages, its links pointed from ``place``."""
    nb.cells = [c for c in nb.cells if LANGUAGES_CELL not in c.metadata.get("tags", ())]
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            cell.source = edition_markdown(cell.source, source, place, places)
    return nb


def translated_document(root: Path, document: str, lang: str) -> str:
    """The Markdown document ``document`` (``docs/glossary.md``) in ``lang``, block by block from
    its catalog ``translations/<lang>/docs/...po``; English when ``lang`` is, or when its
    catalog is missing or not complete.

    >>> translated_document(Path(__file__).parents[2], "docs/glossary.md", "sv").startswith("# ")
    True
    """
    from .notebook_catalogs import _cut
    from .notebook_translation import missing_messages, read_catalog

    text = (root / document).read_text(encoding="utf-8")
    catalog = read_catalog(root, lang, Path(document).with_suffix("")) if lang != "en" else None
    if catalog is None or missing_messages(catalog):
        return text
    blocks = []
    for block, translatable in _cut(text):
        message = catalog.get(block) if translatable else None
        blocks.append(str(message.string) if message is not None and message.string else block)
    return "\n\n".join(blocks) + "\n"
