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

import json
from dataclasses import dataclass, field
from pathlib import Path

from ...engine.errors import TTRError

#: File name endings read as puzzle files.
YAML_SUFFIXES = (".yaml", ".yml")
SUFFIXES = YAML_SUFFIXES + (".json",)


class PuzzleError(TTRError):
    """A puzzle file that cannot be used; the message names the file, the line and the field."""


def field_name(keys) -> str:
    """``("position", "players", 0, "routes")`` -> ``"position.players[0].routes"``."""
    out = ""
    for k in keys:
        if isinstance(k, int):
            out += f"[{k}]"
        else:
            out += ("." if out else "") + str(k)
    return out


@dataclass
class Document:
    """The data of one puzzle file, with ``lines``: field path (a tuple of keys) -> line."""

    path: str
    data: object
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
        """``"FILE: line N: field 'a.b'"``: the place to name in an error message."""
        text = self.path
        line = self.line(*keys)
        if line is not None:
            text += f": line {line}"
        if keys:
            text += f": field {field_name(keys)!r}"
        return text

    def fail(self, keys, reason: str):
        """Raise :class:`PuzzleError` for the field ``keys`` (a tuple) with ``reason``."""
        raise PuzzleError(f"{self.where(*keys)}: {reason}")


def _node_lines(node, path: str, prefix=(), out=None) -> dict:
    """Walk a YAML node tree, recording the line of every key and item; refuse repeated keys."""
    import yaml

    out = {} if out is None else out
    if isinstance(node, yaml.MappingNode):
        seen = {}
        for key_node, value_node in node.value:
            key = key_node.value if isinstance(key_node, yaml.ScalarNode) else str(key_node.value)
            line = key_node.start_mark.line + 1
            if key in seen:
                raise PuzzleError(f"{path}: line {line}: field {field_name(prefix + (key,))!r} appears "
                                  f"twice (first on line {seen[key]})")
            seen[key] = line
            out[prefix + (key,)] = line
            _node_lines(value_node, path, prefix + (key,), out)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            out[prefix + (i,)] = item.start_mark.line + 1
            _node_lines(item, path, prefix + (i,), out)
    return out


def _yaml_error(path: str, e) -> PuzzleError:
    mark = getattr(e, "problem_mark", None)
    line = f": line {mark.line + 1}" if mark is not None else ""
    problem = getattr(e, "problem", None) or str(e)
    return PuzzleError(f"{path}{line}: not valid YAML ({problem})")


def _no_repeated_json_keys(path):
    def hook(pairs):
        d = {}
        for k, v in pairs:
            if k in d:
                raise PuzzleError(f"{path}: field {k!r} appears twice")
            d[k] = v
        return d
    return hook


def parse_document(text: str, path: str = "<puzzle>") -> Document:
    """Parse puzzle text: JSON if ``path`` ends in ``.json``, YAML otherwise."""
    import yaml

    if str(path).lower().endswith(".json"):
        try:
            data = json.loads(text, object_pairs_hook=_no_repeated_json_keys(path))
        except json.JSONDecodeError as e:
            raise PuzzleError(f"{path}: line {e.lineno}: not valid JSON ({e.msg}, column {e.colno})") from None
        try:  # JSON is YAML too: borrow YAML's line numbers when it reads the file
            lines = _node_lines(yaml.compose(text, Loader=yaml.SafeLoader), path)
        except (yaml.YAMLError, PuzzleError):
            lines = {}
        return Document(path, data, lines)
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
        data = yaml.safe_load(text)
    except yaml.YAMLError as e:
        raise _yaml_error(path, e) from None
    return Document(path, data, _node_lines(node, path) if node is not None else {})


def read_puzzle_document(path) -> Document:
    """Read and parse the puzzle file at ``path`` (see :func:`parse_document`)."""
    p = Path(path)
    if p.suffix.lower() not in SUFFIXES:
        raise PuzzleError(f"{p}: a puzzle file must end in .yaml, .yml or .json")
    try:
        text = p.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise PuzzleError(f"{p}: the file is not UTF-8 text") from None
    except OSError as e:
        raise PuzzleError(f"{p}: cannot read the file ({e.strerror})") from None
    return parse_document(text, str(p))
