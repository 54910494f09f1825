"""The translatable text of the course's notebooks, as gettext catalogs (one per notebook).

Each markdown cell is cut into blocks at blank lines (a fenced code block stays whole and is
never translated); every block with words in it is one message. The catalogs live in
``translations/``: ``translations/templates/<notebook>.pot`` holds the English messages and
``translations/<lang>/<notebook>.po`` their translations, ``<notebook>`` being the notebook's path
without ``.ipynb`` (``notebooks/03_double_routes``, ``puzzles/introductory``).

>>> markdown_blocks("# Title\\n\\nOne *paragraph*,\\ntwo lines.\\n\\n```\\ncode\\n```")
['# Title', 'One *paragraph*,\\ntwo lines.']
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from ..engine.i18n import TRANSLATED

#: the tag of a cell written for each language, not translated (00_start_here's language links)
LANGUAGES_CELL = "languages"
NOTEBOOK_FOLDERS = ("notebooks", "puzzles")
# the printed documents of the course, translated the same way, block by block
DOCUMENTS = ("docs/glossary.md", "docs/rules_summary.md")
_FENCE = re.compile(r"^\s*(```|~~~)")
_WORDS = re.compile(r"[^\W\d_]{2,}")


def markdown_blocks(source: str) -> list[str]:
    """The translatable blocks of one markdown cell, in order.

    >>> markdown_blocks("one two\\n\\n\\n```py\\nx = 1\\n\\ny = 2\\n```\\n\\nthree")
    ['one two', 'three']
    """
    return [block for block, translatable in _cut(source) if translatable]


def _cut(source: str) -> list[tuple[str, bool]]:
    """Every block of ``source`` with whether it is translated; the blank lines between are lost."""
    blocks: list[tuple[str, bool]] = []
    lines: list[str] = []
    in_fence = False

    def close(translatable: bool) -> None:
        text = "\n".join(lines).strip("\n")
        if text.strip():
            blocks.append((text, translatable and bool(_WORDS.search(text))))
        lines.clear()

    for line in source.split("\n"):
        if _FENCE.match(line):
            if in_fence:
                lines.append(line)
                close(False)
            else:
                close(True)
                lines.append(line)
            in_fence = not in_fence
        elif in_fence:
            lines.append(line)
        elif not line.strip():
            close(True)
        else:
            lines.append(line)
    close(not in_fence)
    return blocks


def notebook_paths(root: Path) -> list[Path]:
    """The English notebooks and documents that are translated, relative to the project ``root``.

    The translated copies (``notebooks/vi/...``) and checkpoints are not among them.
    """
    found = []
    for folder in NOTEBOOK_FOLDERS:
        for path in sorted((root / folder).rglob("*.ipynb")):
            relative = path.relative_to(root)
            if relative.parts[1] in TRANSLATED or ".ipynb_checkpoints" in relative.parts:
                continue
            found.append(relative)
    return found + [Path(document) for document in DOCUMENTS]


def notebook_template(notebook: Path) -> Catalog:
    """The English messages of one notebook (its markdown blocks), each with its cell (from 1).

    A markdown document (``.md``) is read as a notebook of one markdown cell.
    """
    text = notebook.read_text(encoding="utf-8")
    cells: list[dict[str, Any]]
    if notebook.suffix == ".md":
        cells = [{"cell_type": "markdown", "source": text}]
    else:
        cells = json.loads(text)["cells"]
    catalog = Catalog(project="ttr-teach", fuzzy=False)
    # cells are numbered without the language links, so that adding them moves no message
    cells = [cell for cell in cells if LANGUAGES_CELL not in cell.get("metadata", {}).get("tags", [])]
    for number, cell in enumerate(cells):
        if cell["cell_type"] != "markdown":
            continue
        source = "".join(cell["source"])
        for block in markdown_blocks(source):
            catalog.add(block, locations=[(notebook.name, number + 1)])
    return catalog


def catalog_name(relative: Path) -> Path:
    """``notebooks/03_double_routes.ipynb`` -> ``notebooks/03_double_routes``."""
    return relative.with_suffix("")


def write_templates(root: Path) -> list[Path]:
    """Write ``translations/templates/<notebook>.pot`` for every notebook; returns the paths."""
    written = []
    for relative in notebook_paths(root):
        target = root / "translations" / "templates" / catalog_name(relative).with_suffix(".pot")
        target.parent.mkdir(parents=True, exist_ok=True)
        with target.open("wb") as out:
            write_po(out, notebook_template(root / relative), omit_header=True, width=0)
        written.append(target)
    return written


def update_catalogs(root: Path, languages: tuple[str, ...] = TRANSLATED) -> list[Path]:
    """Create or update ``translations/<lang>/<notebook>.po`` from the templates; returns the
    files written (a catalog whose messages did not change is left as it is).

    Translations already made are kept; a message whose English changed keeps its old
    translation marked fuzzy, so a translator sees what to revise.
    """
    written = []
    for relative in notebook_paths(root):
        template = notebook_template(root / relative)
        for lang in languages:
            target = root / "translations" / lang / catalog_name(relative).with_suffix(".po")
            catalog = Catalog(locale=lang, project="ttr-teach", fuzzy=False)
            if target.exists():
                with target.open("rb") as existing:
                    catalog = read_po(existing, locale=lang)
            catalog.update(template, no_fuzzy_matching=False)
            catalog.obsolete.clear()
            buffer = io.BytesIO()
            write_po(buffer, catalog, omit_header=False, width=0)
            if not target.exists() or _dated(target.read_bytes()) != _dated(buffer.getvalue()):
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(buffer.getvalue())
                written.append(target)
    return written


def _dated(po: bytes) -> bytes:
    """A catalog's text without the date it was made, which alone is no change."""
    return re.sub(rb'"POT-Creation-Date: [^"]*"\n', b"", po)
