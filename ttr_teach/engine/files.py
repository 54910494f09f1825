"""The one reader of the files people hand to ttr_teach, and the one careful writer.

Positions, puzzles, saved games (the game and replay widgets' too), saved tournaments, map files and
the sandbox's uploads all come through :func:`load_file` (a path) or :func:`load_text` (text
already in memory: pasted, uploaded); bot files, which are Python, through :func:`read_bytes`
(a regular file of bounded size) before they run.
A file is data written by someone else, so the reader refuses, before it can hurt, anything
that is not plain JSON or YAML data of a sensible size:

* anything but a regular file: a folder, a FIFO (which would block for ever), a device such
  as ``/dev/zero`` (which never ends). The reader never blocks;
* a file over :data:`MAX_JSON_BYTES` (JSON) or :func:`max_yaml_bytes` (YAML, which is much
  slower to read);
* bytes that are not UTF-8 (naming the line and the byte), JSON or YAML that does not parse;
* a YAML alias (``*name``) or merge key (``<<``): an alias repeats another part of the file,
  and aliases of aliases make a few hundred bytes stand for billions of values;
* a key written twice in one mapping (JSON or YAML), which would otherwise keep the last;
* nesting deeper than :data:`MAX_DEPTH` levels;
* a number written with more than :data:`MAX_NUMBER_CHARS` characters (Python refuses to read
  whole numbers of more than 4300 digits at all), and JSON's ``NaN`` and ``Infinity``.

Every refusal is one line that names the file, and the line or the field where they are
known, raised as ``error`` (a :class:`~ttr_teach.engine.errors.TTRError` subclass chosen by the
caller: a position refuses with a ``PositionError``, a puzzle with a ``PuzzleError``; by
default :class:`~ttr_teach.engine.errors.FileError`).

>>> load_text('{"map": "usa", "players": []}', "demo.json")
{'map': 'usa', 'players': []}
>>> load_text('{"map": "usa", "map": "europe"}', "demo.json")
Traceback (most recent call last):
...
ttr_teach.engine.errors.FileError: demo.json: field 'map' appears twice
>>> load_text("a: &x [1, 2]\\nb: *x\\n", "demo.yaml")
Traceback (most recent call last):
...
ttr_teach.engine.errors.FileError: demo.yaml: line 2: field 'b': YAML aliases (*name) are not allowed here; write the value out in full

:func:`write_text` writes a file without ever following a symbolic link, and without replacing
a file that exists unless asked to.
"""  # noqa: E501
from __future__ import annotations

import json
import os
import stat
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, NoReturn

from .errors import FileError
from .i18n import N_, gettext
from .nesting import nested_deeper
from .text import printable

#: The largest JSON file read, in bytes (a long saved game is about 100 kB).
MAX_JSON_BYTES = 2_000_000
#: The largest YAML file read with libyaml (the C loader), in bytes: YAML takes about a second
#: for this much in the worst case (positions and puzzles are a few kB).
MAX_YAML_BYTES = 256_000
#: How deeply lists and mappings may nest (a saved game needs 8 levels, a puzzle 7).
MAX_DEPTH = 32
#: The most characters a number may be written with (seeds are the longest numbers: 20 digits).
MAX_NUMBER_CHARS = 100
#: File name endings read as YAML; every other file is read as JSON.
YAML_SUFFIXES = (".yaml", ".yml")
FORMATS = ("json", "yaml", "auto")

_INT_TAG, _FLOAT_TAG = "tag:yaml.org,2002:int", "tag:yaml.org,2002:float"
_MERGE_TAG = "tag:yaml.org,2002:merge"


@dataclass
class Parsed:
    """A file's data and, for YAML (and JSON small enough to be read as YAML), ``lines``:
    the line on which each field starts, ``{("position", "players", 0): 7, ...}``."""

    data: object
    lines: dict = field(default_factory=dict)


class _Refusal(Exception):
    """Raised inside the reader; the public functions turn it into the caller's error.
    ``syntax`` is True when the text simply is not JSON (or YAML)."""

    def __init__(self, message: str, syntax: bool = False):
        super().__init__(message)
        self.syntax = syntax


def field_name(keys: Iterable[object]) -> str:
    """``("position", "players", 0, "routes")`` -> ``"position.players[0].routes"``.

    >>> field_name(("answer", "length"))
    'answer.length'
    """
    out = ""
    for k in keys:
        if isinstance(k, int):
            out += f"[{k}]"
        else:
            out += ("." if out else "") + str(k)
    return out if len(out) <= 120 else out[:60] + "…" + out[-50:]


def clip(text: object, most: int = 400) -> str:
    """``text`` cut in the middle when longer than ``most`` characters (a refusal may quote a
    value from a file, and a file may hold a value of a million characters).

    >>> clip("x" * 1000, 20)
    'xxxxxxxxxxxxxx … xxx'
    """
    text = str(text)
    return text if len(text) <= most else text[:most * 3 // 4 - 1] + " … " + text[-(most // 4 - 2):]


def _one_line(text: object) -> str:
    return " ".join(str(text).split())


def has_c_yaml() -> bool:
    """Whether PyYAML has libyaml's C loader (about ten times faster than pure Python)."""
    import yaml

    return hasattr(yaml, "CSafeLoader")


def max_yaml_bytes() -> int:
    """The largest YAML file read: :data:`MAX_YAML_BYTES`, or a quarter of it when only the
    pure-Python YAML loader is installed."""
    return MAX_YAML_BYTES if has_c_yaml() else MAX_YAML_BYTES // 4


def format_of(path: str | os.PathLike[str]) -> str:
    """``"yaml"`` for a path ending in ``.yaml`` or ``.yml``, else ``"json"``.

    >>> format_of("puzzles/a.YML"), format_of("position.json")
    ('yaml', 'json')
    """
    return "yaml" if str(path).lower().endswith(YAML_SUFFIXES) else "json"


def _limit(fmt: str) -> int:
    return MAX_JSON_BYTES if fmt in ("json", "auto") else max_yaml_bytes()


#: What a refusal calls text that came without a file name.
THE_TEXT = N_("the text")
#: What :func:`decode` calls the bytes it is given no name for.
THE_FILE = N_("the file")


# -- bytes -----------------------------------------------------------------------------------------
def _not_regular(mode: int) -> str:
    """Why a file of this ``mode`` is not read or written: what it is instead."""
    kinds = ((stat.S_ISDIR, N_("it is a folder, not a regular file")),
             (stat.S_ISFIFO, N_("it is a pipe (FIFO), not a regular file")),
             (stat.S_ISCHR, N_("it is a device, not a regular file")),
             (stat.S_ISBLK, N_("it is a device, not a regular file")),
             (stat.S_ISSOCK, N_("it is a socket, not a regular file")))
    what = next((name for test, name in kinds if test(mode)), N_("it is not a regular file"))
    return gettext(what)


def read_bytes(path: str | os.PathLike[str], limit: int = MAX_JSON_BYTES, error: type[Exception] = FileError,
               what: str = N_("a file")) -> bytes:
    """The bytes of the regular file at ``path``, at most ``limit`` of them.

    Opening never blocks (a FIFO is opened without waiting for a writer, then refused), and
    no more than ``limit + 1`` bytes are ever read, whatever the file claims to be (``what``
    names the kind of file in the refusal of a file too big).

    >>> read_bytes("/dev/zero")
    Traceback (most recent call last):
    ...
    ttr_teach.engine.errors.FileError: /dev/zero: cannot read the file: it is a device, not a regular file
    """
    name = str(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as e:
        raise error(gettext("{file}: cannot read the file ({reason})").format(file=name, reason=e.strerror)) from None
    except (TypeError, ValueError) as e:        # not a path, or a NUL character in it
        raise error(gettext("{file}: cannot read the file ({reason})").format(
            file=_one_line(repr(path))[:200], reason=_one_line(e))) from None
    try:
        info = os.fstat(fd)
        mode = info.st_mode
        if not stat.S_ISREG(mode):
            raise error(gettext("{file}: cannot read the file: {reason}").format(file=name, reason=_not_regular(mode)))
        if info.st_size > limit:        # refused unread; the loop below guards files that grow
            raise error(gettext("{file}: the file is too big: over {limit:,} bytes ({size:,}), the most ttr-teach "
                                "reads from {what}").format(file=name, limit=limit, size=info.st_size,
                                                            what=gettext(what)))
        chunks, left = [], limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as e:
        raise error(gettext("{file}: cannot read the file ({reason})").format(file=name, reason=e.strerror)) from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit:
        raise error(gettext("{file}: the file is too big: over {limit:,} bytes, the most ttr-teach reads from "
                            "{what}").format(file=name, limit=limit, what=gettext(what)))
    return data


def decode(data: bytes, source: str = THE_FILE, error: type[Exception] = FileError) -> str:
    """``data`` as text: UTF-8 (a byte-order mark is dropped); an error names the first bad byte.

    >>> decode(b"ok\\n\\xff", "f.json")
    Traceback (most recent call last):
    ...
    ttr_teach.engine.errors.FileError: f.json: the file is not UTF-8 text (line 2: byte 4 is 0xff)
    """
    source = gettext(THE_FILE) if source == THE_FILE else source
    data = bytes(data)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        raise error(gettext("{file}: the file is not UTF-8 text (line {line}: byte {byte} is {value})").format(
            file=source, line=line, byte=e.start + 1, value=f"0x{data[e.start]:02x}")) from None
    return text[1:] if text.startswith("\ufeff") else text


# -- reading ---------------------------------------------------------------------------------------
def load_file(path: str | os.PathLike[str], fmt: str | None = None, *, error: type[Exception] = FileError,
              limit: int | None = None) -> Any:
    """The data in the JSON or YAML file at ``path`` (``fmt``: ``"json"``, ``"yaml"``, or
    None to go by the file name's ending, :func:`format_of`), checked as the module says
    (``limit``: the most bytes read, if not the format's own limit, for the project's own
    bigger files such as a saved tournament)."""
    return parse_file(path, fmt, error=error, lines=False, limit=limit).data


def load_text(text: object, source: str = THE_TEXT, fmt: str = "auto", *,
              error: type[Exception] = FileError) -> Any:
    """The data in ``text`` (a str, or bytes as uploaded), checked like a file; ``fmt="auto"``
    reads JSON, or else YAML (what a person pastes may be either)."""
    return parse_text(text, source, fmt, error=error, lines=False).data


def parse_file(path: str | os.PathLike[str], fmt: str | None = None, *, error: type[Exception] = FileError,
               lines: bool = True, limit: int | None = None) -> Parsed:
    """Like :func:`load_file`, with the line of every field (:class:`Parsed`)."""
    fmt = format_of(path) if fmt is None else fmt
    limit = _limit(fmt) if limit is None else limit
    data = read_bytes(path, limit, error, N_("a YAML file") if fmt == "yaml" else N_("a JSON file"))
    return parse_text(data, str(path), fmt, error=error, lines=lines, limit=limit)


def parse_text(text: object, source: str = THE_TEXT, fmt: str = "auto", *, error: type[Exception] = FileError,
               lines: bool = True, limit: int | None = None) -> Parsed:
    """Like :func:`load_text`, with the line of every field (:class:`Parsed`)."""
    source = gettext(THE_TEXT) if source == THE_TEXT else source
    if fmt not in FORMATS:
        raise ValueError(gettext("fmt must be one of {formats}, not {value}").format(
            formats=", ".join(FORMATS), value=repr(fmt)))
    if isinstance(text, (bytes, bytearray, memoryview)):
        if len(text) > (limit or _limit(fmt)):
            raise error(gettext("{file}: the text is too big: over {limit:,} bytes").format(
                file=source, limit=limit or _limit(fmt)))
        text = decode(bytes(text), source, error)
    if not isinstance(text, str):
        raise error(gettext("{file}: expected text (JSON or YAML), not {kind}").format(
            file=source, kind=type(text).__name__))
    text = text[1:] if text.startswith("\ufeff") else text
    try:
        if fmt == "yaml":
            _check_size(text, "yaml", source, limit)
            return _parse_yaml(text, source, lines)
        _check_size(text, "json", source, limit)
        try:
            return _parse_json(text, source, lines)
        except _Refusal as json_error:
            if fmt == "json" or not json_error.syntax:
                raise
            if _too_big(text, "yaml"):
                raise _Refusal(gettext("{problem}, and too big to read as YAML (over {limit:,} bytes)").format(
                    problem=json_error, limit=max_yaml_bytes())) from None
            try:
                return _parse_yaml(text, source, lines)
            except _Refusal as yaml_error:
                if yaml_error.syntax:
                    raise _Refusal(gettext("{problem} nor YAML").format(problem=json_error)) from None
                raise
    except _Refusal as e:
        raise error(str(e)) from None


def _too_big(text: str, fmt: str, limit: int | None = None) -> bool:
    limit = _limit(fmt) if limit is None else limit
    return len(text) > limit or len(text.encode("utf-8", "surrogatepass")) > limit


def _check_size(text: str, fmt: str, source: str, limit: int | None = None) -> None:
    if _too_big(text, fmt, limit):
        raise _Refusal(gettext("{file}: too big to read as {format}: over {limit:,} bytes").format(
            file=source, format=fmt.upper(), limit=_limit(fmt) if limit is None else limit))


def _line_of(text: str, needle: str) -> str:
    at = text.find(needle)
    return _line(text.count(chr(10), 0, at) + 1) if at >= 0 else ""


def _line(line: int) -> str:
    """``line 3: ``, where a refusal points."""
    return gettext("line {line}: ").format(line=line)


def _too_deep() -> str:
    return gettext("nested too deeply: more than {most} levels of lists and mappings").format(most=MAX_DEPTH)


def _long_number(n: int) -> str:
    return gettext("a number of {n} characters; a number may have at most {most}").format(n=n, most=MAX_NUMBER_CHARS)


def _parse_json(text: str, source: str, want_lines: bool) -> Parsed:
    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for k, v in items:
            if k in out:
                raise _Refusal(gettext("{file}: field {field} appears twice").format(file=source, field=repr(k)))
            out[k] = v
        return out

    def number(kind: Callable[[str], Any]) -> Callable[[str], Any]:
        def read(s: str) -> Any:
            if len(s) > MAX_NUMBER_CHARS:
                raise _Refusal(f"{source}: {_line_of(text, s)}{_long_number(len(s))}")
            return kind(s)
        return read

    def constant(name: str) -> NoReturn:
        raise _Refusal(f"{source}: {_line_of(text, name)}" + gettext("{name} is not a number JSON allows").format(
            name=name))

    try:
        data = json.loads(text, object_pairs_hook=pairs, parse_int=number(int),
                          parse_float=number(float), parse_constant=constant)
    except json.JSONDecodeError as e:
        raise _Refusal(gettext("{file}: not valid JSON (line {line}, column {column}: {problem})").format(
            file=source, line=e.lineno, column=e.colno, problem=e.msg), syntax=True) from None
    except RecursionError:
        raise _Refusal(f"{source}: {_too_deep()}") from None
    if nested_deeper(data, MAX_DEPTH):
        raise _Refusal(f"{source}: {_too_deep()}")
    lines: dict = {}
    if want_lines and len(text) <= max_yaml_bytes():   # JSON is YAML too: borrow its line numbers
        try:
            lines = _parse_yaml(text, source, True).lines
        except _Refusal:
            pass
    return Parsed(data, lines)


def _loader_class() -> Any:
    import yaml

    base: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

    class Loader(base):
        """PyYAML's safe loader (libyaml's when installed), refusing keys that are equal once
        read although written differently (``1`` and ``01``)."""

        def construct_mapping(self, node: Any, deep: bool = False) -> Any:
            mapping = super().construct_mapping(node, deep)
            if len(mapping) != len(node.value):
                raise _Refusal(f"{self.source}: {_line(node.start_mark.line + 1)}"
                               + gettext("a key appears twice in this mapping (written two ways)"))
            return mapping

    return Loader


def _yaml_syntax(source: str, e: Any, text: str) -> _Refusal:
    import yaml

    mark = getattr(e, "problem_mark", None)
    where = (gettext("line {line}, column {column}: ").format(line=mark.line + 1, column=mark.column + 1)
             if mark is not None else "")
    if mark is None and isinstance(getattr(e, "position", None), int):      # a ReaderError
        where = _line(text.count(chr(10), 0, e.position) + 1)
        e = (gettext("unacceptable character {code}").format(code=f"#x{e.character:04x}")
             if isinstance(e.character, int) else e)
    problem = getattr(e, "problem", None) or e
    if "maximum nesting depth" in str(problem):      # libyaml's own bound, far beyond ours
        return _Refusal(f"{source}: {where}{_too_deep()}")
    # a tag no safe loader reads is not a syntax error: in "auto" mode it is the refusal to give
    syntax = not isinstance(e, yaml.constructor.ConstructorError)
    return _Refusal(gettext("{file}: not valid YAML ({where}{problem})").format(
        file=source, where=where, problem=_one_line(problem)), syntax=syntax)


def _parse_yaml(text: str, source: str, want_lines: bool) -> Parsed:
    import yaml

    loader = _loader_class()(text)
    loader.source = source
    try:
        node = loader.get_single_node()
        if node is None:
            return Parsed(None, {})
        lines = _check_yaml_nodes(node, source, want_lines)
        return Parsed(loader.construct_document(node), lines)
    except yaml.YAMLError as e:
        raise _yaml_syntax(source, e, text) from None
    except RecursionError:      # the pure-Python loader composes recursively
        raise _Refusal(f"{source}: {_too_deep()}") from None
    finally:
        loader.dispose()


def _check_yaml_nodes(root: Any, source: str, want_lines: bool) -> dict:
    """Walk the composed YAML (without recursion): refuse aliases, merge keys, repeated keys,
    deep nesting and long numbers; return the line of every field when ``want_lines``."""
    import yaml

    lines: dict[tuple[object, ...], int] = {}
    seen = set()
    # node, its field, its depth, the line that names it
    stack: list[tuple[Any, tuple[object, ...], int, int | None]] = [(root, (), 1, None)]

    def where(keys: tuple[object, ...], line: int | None) -> str:
        text = f"{source}: " + (_line(line) if line else "")
        return text + (gettext("field {field}: ").format(field=repr(field_name(keys))) if keys else "")

    while stack:
        node, keys, depth, line = stack.pop()
        if id(node) in seen:    # a composed alias is the very node it names
            raise _Refusal(where(keys, line) + gettext("YAML aliases (*name) are not allowed here; write the value "
                                                       "out in full"))
        seen.add(id(node))
        if depth > MAX_DEPTH:
            raise _Refusal(where(keys, line) + _too_deep())
        if isinstance(node, yaml.ScalarNode):
            if node.tag in (_INT_TAG, _FLOAT_TAG) and len(node.value) > MAX_NUMBER_CHARS:
                raise _Refusal(where(keys, node.start_mark.line + 1) + _long_number(len(node.value)))
            continue
        items: list[tuple[Any, tuple[object, ...], int, int | None]] = []
        if isinstance(node, yaml.MappingNode):
            first: dict[tuple[str, Any], int] = {}
            for key_node, value_node in node.value:
                key_line = key_node.start_mark.line + 1
                if key_node.tag == _MERGE_TAG:
                    raise _Refusal(where(keys, key_line) + gettext("YAML merge keys (<<) are not allowed here"))
                scalar = isinstance(key_node, yaml.ScalarNode)
                key = key_node.value if scalar else str(key_node.value)
                if scalar and (key_node.tag, key) in first:
                    raise _Refusal(gettext("{file}: line {line}: field {field} appears twice (first on line "
                                           "{first})").format(file=source, line=key_line,
                                                              field=repr(field_name(keys + (key,))),
                                                              first=first[key_node.tag, key]))
                first[key_node.tag, key] = key_line
                if want_lines:
                    lines[keys + (key,)] = key_line
                items += [(key_node, keys + (key,), depth + 1, key_line),
                          (value_node, keys + (key,), depth + 1, key_line)]
        elif isinstance(node, yaml.SequenceNode):
            for i, item in enumerate(node.value):
                if want_lines:
                    lines[keys + (i,)] = item.start_mark.line + 1
                # an alias item starts where its anchor does: name the list's line instead
                items.append((item, keys + (i,), depth + 1, line or node.start_mark.line + 1))
        stack.extend(reversed(items))
    return lines


# -- writing ---------------------------------------------------------------------------------------
def write_text(path: str | os.PathLike[str], text: str, *, overwrite: bool = False, hint: str = "",
               error: type[Exception] = FileError) -> None:
    """Write ``text`` (UTF-8) to the file ``path``.

    A file that exists is replaced only when ``overwrite`` (else the refusal ends with
    ``hint``, e.g. how to ask for it); a symbolic link is never followed, and only a regular
    file is ever replaced.
    """
    name = str(path)
    flags = (os.O_WRONLY | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
             | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0) | (0 if overwrite else os.O_EXCL))
    link = gettext("{file}: is a symbolic link; ttr-teach never writes through a link").format(file=name)
    try:
        is_link = os.path.islink(path)
    except (TypeError, ValueError):
        is_link = False
    if is_link:
        raise error(link)
    try:
        fd = os.open(path, flags, 0o666)
    except OSError as e:
        try:
            mode = os.lstat(path).st_mode
        except OSError:
            mode = None
        if mode is not None and stat.S_ISLNK(mode):
            raise error(link) from None
        if isinstance(e, FileExistsError):
            raise error(_exists(name, hint)) from None
        if mode is not None and not stat.S_ISREG(mode):
            raise error(gettext("{file}: cannot write the file: {reason}").format(
                file=name, reason=_not_regular(mode))) from None
        raise error(gettext("{file}: cannot write the file ({reason})").format(file=name, reason=e.strerror)) from None
    except (TypeError, ValueError) as e:
        raise error(gettext("{file}: cannot write the file ({reason})").format(
            file=_one_line(repr(path))[:200], reason=_one_line(e))) from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise error(gettext("{file}: cannot write the file: {reason}").format(file=name, reason=_not_regular(mode)))
        os.ftruncate(fd, 0)
        data = printable(text).encode("utf-8")     # a file's name in no encoding is written as '\ufffd'
        while data:
            data = data[os.write(fd, data):]
    except OSError as e:
        raise error(gettext("{file}: cannot write the file ({reason})").format(file=name, reason=e.strerror)) from None
    finally:
        os.close(fd)


def check_writable(path: str | os.PathLike[str], *, overwrite: bool = False, hint: str = "",
                   error: type[Exception] = FileError) -> None:
    """Refuse, before any long work, what :func:`write_text` would refuse to replace at
    ``path``: a symbolic link, something that is not a regular file, or (unless
    ``overwrite``) a file that exists. The write itself checks again.

    >>> check_writable("/dev/null", overwrite=True)
    Traceback (most recent call last):
    ...
    ttr_teach.engine.errors.FileError: /dev/null: cannot write the file: it is a device, not a regular file
    """
    name = str(path)
    try:
        mode = os.lstat(path).st_mode
    except (OSError, TypeError, ValueError):
        return                          # nothing there (or a name only the write can judge)
    if stat.S_ISLNK(mode):
        raise error(gettext("{file}: is a symbolic link; ttr-teach never writes through a link").format(file=name))
    if not stat.S_ISREG(mode):
        raise error(gettext("{file}: cannot write the file: {reason}").format(file=name, reason=_not_regular(mode)))
    if not overwrite:
        raise error(_exists(name, hint))


def _exists(name: str, hint: str) -> str:
    """The refusal to replace the file ``name`` that exists (``hint``: what to do instead)."""
    if hint:
        return gettext("{file}: the file exists already; it is left as it is ({hint})").format(file=name, hint=hint)
    return gettext("{file}: the file exists already; it is left as it is").format(file=name)


#: The help of the command line's ``--force`` (every command that writes a file has it).
FORCE_HELP = N_("replace {file} if it exists (a symbolic link is never followed)")
#: What a refusal to replace a file tells a command line's user to do.
REPLACE_HINT = N_("add --force to replace it")


def force_help(file: str = "FILE") -> str:
    """The help of ``--force`` for a command writing ``file`` (a metavar, or words naming it).

    >>> force_help("FILE.html")
    'replace FILE.html if it exists (a symbolic link is never followed)'
    """
    return gettext(FORCE_HELP).format(file=file)


def write_output(output: str | os.PathLike[str] | None, text: str, force: bool = False) -> None:
    """What a command does with its ``-o FILE``: print ``text`` when ``output`` is None or
    ``-``, else :func:`write_text` it, replacing a file only with ``--force`` (``force``)."""
    import sys

    if output in (None, "-"):
        sys.stdout.write(text)
    else:
        write_text(output, text, overwrite=force, hint=gettext(REPLACE_HINT))


__all__ = ["FORCE_HELP", "REPLACE_HINT", "force_help",
           "MAX_JSON_BYTES", "MAX_YAML_BYTES", "MAX_DEPTH", "MAX_NUMBER_CHARS", "Parsed", "decode",
           "clip", "field_name", "format_of", "has_c_yaml", "load_file", "load_text", "max_yaml_bytes",
           "parse_file", "parse_text", "read_bytes", "check_writable", "write_output", "write_text"]
