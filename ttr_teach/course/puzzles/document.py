"""Reading a puzzle file: its data (YAML or JSON) and the line on which every field starts.

A puzzle file is edited by hand, so every complaint about it names the file, the line and
the field: ``puzzles/x.yaml: line 7: field 'answer': ...``. :func:`read_puzzle_document`
returns a :class:`Document` that remembers where each field is.

>>> doc = parse_document("id: demo\\nanswer:\\n  length: 7\\n", "demo.yaml")
>>> doc.data["answer"], doc.line("answer", "length")
({'length': 7}, 3)
>>> doc.where("answer", "length")
"demo.yaml: line 3: field 'answer.length'"
>>> parse_document("id: a\\nid: b\\n", "twice.yaml")
Traceback (most recent call last):
...
ttr_teach.course.puzzles.document.PuzzleError: twice.yaml: line 2: field 'id' appears twice (first on line 1)
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn

from ...engine.errors import TTRError
from ...engine.files import clip, field_name, parse_file, parse_text
from ...engine.i18n import gettext

#: File name endings read as puzzle files.
YAML_SUFFIXES = (".yaml", ".yml")
SUFFIXES = YAML_SUFFIXES + (".json",)


class PuzzleError(TTRError):
    """A puzzle file that cannot be used (the message names the file, the line and the field),
    or a puzzle that cannot be made (the generator found none, or its own check failed)."""


@dataclass
class Document:
    """The data of one puzzle file, with ``lines``: field path (a tuple of keys) -> line."""

    path: str
    data: Any  # the parsed file: a mapping once load_puzzle has checked it, before any kind reads it
    lines: dict = field(default_factory=dict)

    def line(self, *keys):
        """The line of the field ``keys`` (or of the nearest enclosing field), or None."""
        keys = tuple(keys)
        while keys:
            if keys in self.lines:
                return self.lines[keys]
            keys = keys[:-1]
        return None

    def where(self, *keys) -> str:
        """``"FILE: line N: field 'a.b'"``: the place to name in an error message (in the
        language spoken)."""
        line = self.line(*keys)
        name = repr(field_name(keys)) if keys else None
        if line is not None and name is not None:
            return gettext("{file}: line {line}: field {field}").format(file=self.path, line=line, field=name)
        if line is not None:
            return gettext("{file}: line {line}").format(file=self.path, line=line)
        if name is not None:
            return gettext("{file}: field {field}").format(file=self.path, field=name)
        return self.path

    def fail(self, keys, reason: str) -> NoReturn:
        """Raise :class:`PuzzleError` for the field ``keys`` (a tuple) with ``reason`` (cut
        short if it quotes a very long value)."""
        raise PuzzleError(f"{self.where(*keys)}: {clip(reason)}")


def parse_document(text, path: str = "<puzzle>") -> Document:
    """Parse puzzle text: JSON if ``path`` ends in ``.json``, YAML otherwise, with the
    project's one reader (:func:`ttr_teach.engine.files.parse_text`: its limits, no YAML
    aliases, no repeated keys), remembering the line of every field."""
    fmt = "json" if str(path).lower().endswith(".json") else "yaml"
    parsed = parse_text(text, str(path), fmt, error=PuzzleError)
    return Document(str(path), parsed.data, parsed.lines)


def read_puzzle_document(path) -> Document:
    """Read and parse the puzzle file at ``path`` (see :func:`parse_document`)."""
    p = Path(path)
    if p.suffix.lower() not in SUFFIXES:
        raise PuzzleError(gettext("{file}: a puzzle file must end in .yaml, .yml or .json").format(file=p))
    parsed = parse_file(p, "json" if p.suffix.lower() == ".json" else "yaml", error=PuzzleError)
    return Document(str(p), parsed.data, parsed.lines)
