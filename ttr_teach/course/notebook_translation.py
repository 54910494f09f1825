"""The course's notebooks in other languages, written from the English ones and the catalogs.

A translated notebook (``notebooks/sv/03_double_routes.ipynb``) is the English notebook with
every markdown block replaced by its translation from ``translations/sv/...po``
(:mod:`ttr_teach.course.notebook_catalogs`), its links pointing at the translated notebooks, a
first code cell that sets the package's language (``use_language``), and, for a language written right to left,
its text marked so. Its code cells are the English ones, never copied by hand: ``make
translations`` (``python -m ttr_teach.course.notebook_translation``) writes every notebook
whose catalog is complete, and a test fails when a written one is stale.

>>> relative_link("../puzzles/introductory.ipynb#top", Path("notebooks/02_x.ipynb"), "it",
...               {Path("puzzles/introductory.ipynb")})
'../../puzzles/it/introductory.ipynb#top'
"""

from __future__ import annotations

import json
import os
import posixpath
import re
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import yaml
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from ..engine.i18n import LANGUAGES, TRANSLATED, direction
from .message_catalogs import update_message_catalogs
from .notebook_catalogs import (
    LANGUAGES_CELL,
    _cut,
    catalog_name,
    notebook_paths,
    update_catalogs,
    write_templates,
)
from .puzzle_catalogs import update_puzzle_catalogs

_LINK = re.compile(r"(\]\()([^)\s]+)(\))")
_NUMBERED_HEADING = re.compile(r"^(#+ )(\d+)(\. )", re.MULTILINE)
_EXERCISE = re.compile(r'exercises\["(\w+)"\]')
MISREADINGS = "notebooks/11_common_misreadings"
#: the lessons of rules only the Europe map has, marked for a course that starts from the USA map
EUROPE_ONLY = ("notebooks/04_ferries", "notebooks/05_tunnels", "notebooks/07_stations")


def read_catalog(root: Path, lang: str, name: Path) -> Catalog | None:
    """The catalog ``translations/<lang>/<name>.po``, or None when there is none."""
    path = root / "translations" / lang / name.with_suffix(".po")
    if not path.exists():
        return None
    with path.open("rb") as po:
        return read_po(po, locale=lang)


def missing_messages(catalog: Catalog) -> list[str]:
    """The messages of ``catalog`` not translated yet (empty or fuzzy), in order."""
    return [str(m.id) for m in catalog if m.id and (not m.string or m.fuzzy)]


def translated_path(relative: Path, lang: str) -> Path:
    """``notebooks/graphs/01_x.ipynb`` -> ``notebooks/<lang>/graphs/01_x.ipynb``."""
    return Path(relative.parts[0], lang, *relative.parts[1:])


def relative_link(target: str, source: Path, lang: str, translated: set[Path]) -> str:
    """A link of the English notebook ``source``, rewritten for its ``lang`` copy: a
    translated notebook is linked in ``lang``, anything else where it is."""
    if re.match(r"^[a-z]+:|^#|^/", target):
        return target
    path, _, anchor = target.partition("#")
    resolved = Path(posixpath.normpath(posixpath.join(source.parent.as_posix(), path)))
    if resolved in translated:
        resolved = translated_path(resolved, lang)
    new_source = translated_path(source, lang)
    link = Path(os.path.relpath(resolved, new_source.parent)).as_posix()
    return link + (f"#{anchor}" if anchor else "")


def translate_markdown(source: str, catalog: Catalog, relative: Path, lang: str, translated: set[Path]) -> str:
    """A markdown cell in ``lang``: each block translated, links rewritten, and the language
    (and direction) marked for browsers and screen readers."""
    blocks = []
    for block, translatable in _cut(source):
        if translatable:
            message = catalog.get(block)
            if message is None or not message.string or message.fuzzy:
                raise KeyError(f"{relative}: a block has no translation in {lang}: {block[:60]!r}")
            block = str(message.string)
        blocks.append(_LINK.sub(lambda m: m[1] + relative_link(m[2], relative, lang, translated) + m[3], block))
    return in_language("\n\n".join(blocks), lang)


def in_language(markdown: str, lang: str) -> str:
    """Markdown marked as written in ``lang`` (and right to left where ``lang`` is).

    >>> in_language("Hej", "sv")
    '<div lang="sv">\\n\\nHej\\n\\n</div>'
    """
    text_direction = f' dir="{direction(lang)}"' if direction(lang) == "rtl" else ""
    return f'<div lang="{lang}"{text_direction}>\n\n{markdown}\n\n</div>'


def languages_bar(relative: Path, lang: str, available: Iterable[str]) -> str:
    """The links to this notebook in each language it is ``available`` in (``00_start_here``).

    >>> print(languages_bar(Path("notebooks/00_start_here.ipynb"), "sv", ["en", "sv"]))
    <a href="../00_start_here.ipynb" lang="en">English</a> · **Svenska**
    """
    links = []
    for code, name in LANGUAGES.items():
        if code not in available:
            continue
        target = relative if code == "en" else translated_path(relative, code)
        here = relative if lang == "en" else translated_path(relative, lang)
        link = Path(os.path.relpath(target, here.parent)).as_posix()
        links.append(f"**{name}**" if code == lang else f'<a href="{link}" lang="{code}">{name}</a>')
    return " · ".join(links)


def _cell(kind: str, source: str, cell_id: str, tags: list[str]) -> dict[str, Any]:
    cell: dict[str, Any] = {"cell_type": kind, "id": cell_id, "metadata": {"tags": tags}, "source": _lines(source)}
    if kind == "code":
        cell.update(execution_count=None, outputs=[])
    return cell


def _lines(text: str) -> list[str]:
    return text.splitlines(keepends=True)


def translated_notebook(root: Path, relative: Path, lang: str, translated: set[Path]) -> dict[str, Any]:
    """The notebook ``relative`` in ``lang`` (a notebook's JSON), from the English one and the
    complete catalog of ``lang``."""
    name = catalog_name(relative)
    catalog = read_catalog(root, lang, name)
    if catalog is None or missing_messages(catalog):
        raise KeyError(f"{relative}: the {lang} catalog is not complete")
    notebook = json.loads((root / relative).read_text(encoding="utf-8"))
    cells = []
    language_set = False
    for cell in notebook["cells"]:
        cell = dict(cell)
        if LANGUAGES_CELL in cell.get("metadata", {}).get("tags", []):
            cell["source"] = _lines(languages_bar(relative, lang, _available(root, relative)))
        elif cell["cell_type"] == "markdown":
            cell["source"] = _lines(translate_markdown("".join(cell["source"]), catalog, relative, lang, translated))
        elif cell["cell_type"] == "code" and not language_set:
            cells.append(_cell("code", language_code(lang), f"{cell['id']}-{lang}", ["language"]))
            language_set = True
        cells.append(cell)
    extras = _extras(root, lang)
    if name.as_posix() == MISREADINGS and (extras.get("first") or extras.get("lead")):
        cells = _misreadings_first(cells, extras, lang)
    if name.as_posix() in EUROPE_ONLY and extras.get("europe_only_note"):
        note = _cell("markdown", in_language(extras["europe_only_note"].strip(), lang), f"europe-only-{lang}", [])
        cells.insert(1, note)
    return {**notebook, "cells": cells}


def language_code(lang: str) -> str:
    """The first code cell of a notebook in ``lang``: it speaks ``lang`` (:mod:`ttr_teach.course.language`).

    >>> print(language_code("sv"))
    from ttr_teach.course.language import use_language
    <BLANKLINE>
    use_language("sv")
    """
    return f'from ttr_teach.course.language import use_language\n\nuse_language("{lang}")'


def _available(root: Path, relative: Path) -> list[str]:
    """English and the languages whose catalog of ``relative`` is complete."""
    return ["en"] + [lang for lang in TRANSLATED if relative in complete_notebooks(root, lang)]


def _extras(root: Path, lang: str) -> dict[str, Any]:
    """``translations/<lang>/misreadings.yaml``: which misreadings the language's own rule
    text makes (``first``, with ``quotes``), the ``lead`` saying so, and a note for
    Europe-only lessons."""
    path = root / "translations" / lang / "misreadings.yaml"
    if not path.exists():
        return {}
    loaded = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    return loaded if isinstance(loaded, dict) else {}


def _misreadings_first(cells: list[dict[str, Any]], extras: dict[str, Any], lang: str) -> list[dict[str, Any]]:
    """Lesson 11 led by the misreadings of ``lang``'s own rule text: a lead cell saying so
    (quoting the text), then those misreadings first, in the order the text makes them.

    Each misreading is a unit: its exercise cell (with the heading just before it, if any) and
    everything up to the next one; the review and summary after the numbered sections stay
    last, and the numbered headings are renumbered in the new order.
    """
    numbered = [i for i, c in enumerate(cells) if _heading(c) == 2 and _NUMBERED_HEADING.search(_text(c))]
    if not numbered:
        return cells
    after = [i for i, c in enumerate(cells) if i > numbered[-1] and _heading(c) == 2]
    middle_end = after[0] if after else len(cells)
    head, middle, tail = cells[: numbered[0]], cells[numbered[0]: middle_end], cells[middle_end:]
    starts = []
    for i, cell in enumerate(middle):
        if cell["cell_type"] == "code" and _EXERCISE.fullmatch(_text(cell).strip()):
            starts.append(i - 1 if i and _heading(middle[i - 1]) else i)
    starts[0] = 0
    units = [middle[a:b] for a, b in zip(starts, starts[1:] + [len(middle)], strict=True)]
    first = list(extras.get("first") or [])

    def key(unit: list[dict[str, Any]]) -> str:
        return next(_EXERCISE.fullmatch(_text(c).strip())[1] for c in unit  # type: ignore[index]
                    if c["cell_type"] == "code" and _EXERCISE.fullmatch(_text(c).strip()))

    ordered = sorted(units, key=lambda unit: first.index(key(unit)) if key(unit) in first else len(first))
    for number, unit in enumerate(ordered, 1):
        if _heading(unit[0]):
            unit[0] = dict(unit[0], source=_lines(_renumber(_text(unit[0]), number)))
    quotes = extras.get("quotes") or {}
    lead = (extras.get("lead") or "").strip()
    quoted = "\n>\n".join(f"> {quotes[k]}" for k in first if k in quotes)
    lead_cell = _cell("markdown", in_language(f"{lead}\n\n{quoted}".strip(), lang), f"misreadings-lead-{lang}", [])
    return head + [lead_cell] + [c for unit in ordered for c in unit] + tail


def _text(cell: dict[str, Any]) -> str:
    return "".join(cell["source"])


def _heading(cell: dict[str, Any]) -> int:
    """The level of the heading a markdown cell starts with (0 when none); a translated cell
    starts with its language's ``<div>``."""
    text = re.sub(r"^<div[^>]*>\s*", "", "".join(cell["source"]))
    match = re.match(r"^(#+) ", text)
    return len(match[1]) if match else 0


def _renumber(markdown: str, number: int) -> str:
    return _NUMBERED_HEADING.sub(lambda m: f"{m[1]}{number}{m[3]}", markdown, count=1)


def complete_notebooks(root: Path, lang: str) -> list[Path]:
    """The English notebooks whose ``lang`` catalog is complete (so they are translated)."""
    done = []
    for relative in notebook_paths(root):
        if relative.suffix != ".ipynb":
            continue
        catalog = read_catalog(root, lang, catalog_name(relative))
        if catalog is not None and not missing_messages(catalog):
            done.append(relative)
    return done


def notebook_text(notebook: dict[str, Any]) -> str:
    """A notebook's file text, as Jupyter writes it."""
    return json.dumps(notebook, indent=1, ensure_ascii=False) + "\n"


def expected_notebooks(root: Path, languages: Iterable[str] = TRANSLATED) -> dict[Path, str]:
    """Every translated notebook there should be, with its text, and the English notebooks
    that link to their translations (their language bar)."""
    expected = {}
    for relative in notebook_paths(root):
        if relative.suffix != ".ipynb":
            continue
        notebook = json.loads((root / relative).read_text(encoding="utf-8"))
        bars = [c for c in notebook["cells"] if LANGUAGES_CELL in c.get("metadata", {}).get("tags", [])]
        for cell in bars:
            cell["source"] = _lines(languages_bar(relative, "en", _available(root, relative)))
        if bars:
            expected[relative] = notebook_text(notebook)
    for lang in languages:
        complete = set(complete_notebooks(root, lang))
        for relative in sorted(complete):
            expected[translated_path(relative, lang)] = notebook_text(
                translated_notebook(root, relative, lang, complete))
    return expected


def written_notebooks(root: Path, languages: Iterable[str] = TRANSLATED) -> list[Path]:
    """The translated notebooks in the repository now (relative paths)."""
    found = []
    for lang in languages:
        for folder in ("notebooks", "puzzles"):
            found += [p.relative_to(root) for p in sorted((root / folder / lang).rglob("*.ipynb"))
                      if ".ipynb_checkpoints" not in p.parts]
    return found


def write_translations(root: Path) -> list[str]:
    """``make translations``: templates and catalogs updated (the notebooks', the package's
    messages and the puzzle files' texts), then every translated notebook written (and a stale
    one removed); returns a line per language for the terminal."""
    write_templates(root)
    update_catalogs(root)
    update_message_catalogs()
    update_puzzle_catalogs(root)
    expected = expected_notebooks(root)
    for path in written_notebooks(root):
        if path not in expected:
            (root / path).unlink()
    for path, text in expected.items():
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        if not target.exists() or target.read_text(encoding="utf-8") != text:
            target.write_text(text, encoding="utf-8")
    english = [p for p in notebook_paths(root) if p.suffix == ".ipynb"]
    return [f"{lang}: {len(complete_notebooks(root, lang))} of {len(english)} notebooks translated"
            for lang in TRANSLATED]


def main() -> int:
    """Write the translations of the repository this package runs from."""
    root = Path(__file__).resolve().parents[2]
    for line in write_translations(root):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
