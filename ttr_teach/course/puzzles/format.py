"""The puzzle file format: reading, checking and writing one puzzle.

A puzzle file (YAML, or JSON with the same fields) holds one puzzle::

    id: eu-intro-total-01              # unique among all puzzles: letters, digits, - and _
    title: Two routes and a ticket
    level: introductory                # introductory, intermediate or expert
    kind: total_score                  # see ttr_teach.course.puzzles.kinds
    map: europe                        # optional when there is a position
    position: {map: europe, players: [...]}   # docs/formats.md#position-files
    player: Ann                        # the kind's own fields (here: whose score)
    question: How many points does Ann score?
    answer: 21                         # the key; its shape depends on the kind
    hint: ...
    explanation: ...                   # the worked solution; it must state the answer
    tags: [tickets]                    # optional
    note: ...                          # optional, for whoever edits the file

A **student copy** (the student edition's ``puzzles/``, :func:`student_copy`) says
``student_copy: true`` and leaves out ``answer`` and ``explanation``: the engine computes the
key and a worked explanation from the position when the file is read, as the lessons' keys are
computed by the package, so the files a student holds never state an answer.

Everything is checked when the file is read: a broken file is refused with
:class:`~ttr_teach.course.puzzles.document.PuzzleError` naming the file, the line and the field.
Whether the key is *right* is a separate question, answered by :meth:`Puzzle.problems`
(the engine recomputes it).

>>> p = puzzle_from_data({"id": "demo", "title": "Demo", "level": "introductory",
...     "kind": "tunnel_cost", "map": "europe", "deck": "full",
...     "pay_with": "red", "question": "Expected extra cards?", "answer": "39/55",
...     "hint": "Each of the 3 cards matches with probability 26/110.",
...     "explanation": "3 x 26/110 = 39/55 extra cards."})
>>> p.answer, p.problems()
(Fraction(39, 55), [])
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ...engine.errors import MapError, TTRError
from ...engine.i18n import gettext, language, speaking
from ...engine.maps import Map, load_map
from ...engine.position import Position
from .document import Document, PuzzleError, parse_document, read_puzzle_document
from .kinds import KINDS
from .kinds.base import Kind
from .names import LEVELS

#: Fields every puzzle has (``map`` may be left out when there is a position).
REQUIRED_FIELDS = ("id", "title", "level", "kind", "question", "answer", "hint", "explanation")
OPTIONAL_FIELDS = ("map", "position", "tags", "note", "student_copy")
#: What a student copy leaves out (the engine computes them when it is read).
KEY_FIELDS = ("answer", "explanation")
TEXT_FIELDS = ("title", "question", "hint", "explanation")
ID_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]*$")


@dataclass(frozen=True, eq=False)
class Puzzle:
    """One checked puzzle. ``answer`` is the key from the file, normalised by its kind."""

    id: str
    title: str
    level: str
    kind: Kind            # from ttr_teach.course.puzzles.kinds
    map: Map
    question: str
    answer: object
    hint: str
    explanation: str
    position: Position | None = None
    params: dict = field(default_factory=dict)
    path: str = "<puzzle>"
    tags: tuple = ()
    note: str = ""
    _cache: dict = field(default_factory=dict, repr=False)

    # -- the engine's view -----------------------------------------------------------------
    def solve(self):
        """The engine's :class:`~ttr_teach.course.puzzles.kinds.base.Solution` (computed once)."""
        if "solution" not in self._cache:
            self._cache["solution"] = self.kind.solve(self)
        return self._cache["solution"]

    @property
    def computed_answer(self):
        """The answer the engine computes (normalised like :attr:`answer`)."""
        return self.solve().answer

    def problems(self) -> list:
        """What is wrong with the key: ``[]`` when the engine agrees with the file.

        Each problem is ``{"field", "expected", "computed", "message"}``: the key differs
        from the engine's answer, or another answer would be as good (field ``answer``), or the
        explanation does not state the answer (field ``explanation``). A puzzle's texts are
        English (the file is the source of their translations), so it is checked in English:
        ``expected`` and ``computed`` are English, as the file is; the ``message`` is in the
        language spoken.
        """
        lang = language()
        with speaking("en"):
            return self._problems(lang)

    def _problems(self, lang: str) -> list:
        computed = self.computed_answer
        kind, m = self.kind, self.map
        if not kind.same(self.answer, computed):
            shown, right = kind.show(self.answer, m), kind.show(computed, m)
            with speaking(lang):
                message = gettext("the key says {key} but the engine computes {computed}").format(
                    key=kind.show(self.answer, m), computed=kind.show(computed, m))
            return [{"field": "answer", "expected": shown, "computed": right, "message": message}]
        with speaking(lang):
            vague = kind.ambiguity(self, self.solve())
        if vague:
            return [{"field": "answer", "expected": kind.show(self.answer, m), "computed": kind.show(computed, m),
                     "message": vague}]
        wanted = [(t,) if isinstance(t, str) else tuple(t) for t in kind.mentions(computed, m)]
        text = self.explanation.casefold()
        missing = [alts for alts in wanted if not any(a.casefold() in text for a in alts)]
        if missing:
            alts = [repr(a) for a in missing[0]]
            with speaking(lang):
                if len(alts) == 1:
                    message = gettext("the explanation never states the answer ({text})").format(text=alts[0])
                else:       # the same answer written two ways (Paris–Wien, Wien–Paris)
                    message = gettext("the explanation never states the answer ({first} or {second})").format(
                        first=gettext(", ").join(alts[:-1]), second=alts[-1])
            return [{"field": "explanation", "expected": missing[0][0], "computed": kind.show(computed, m),
                     "message": message}]
        return []

    def assert_key(self) -> None:
        """Raise ``AssertionError`` unless the engine agrees with the key and the puzzle's
        exercise accepts the engine's answer (a notebook's solution cell calls this)."""
        found = self.problems()
        assert not found, f"{self.path}: {found[0]['message']}"
        ex = self.exercise
        verdict = ex.judge(self.kind.typed_answer(self.computed_answer, self.map))
        assert verdict.correct, gettext("{file}: the exercise refuses the key: {message}").format(
            file=self.path, message=verdict.message)

    # -- views -----------------------------------------------------------------------------
    def in_language(self, lang: str | None = None) -> Puzzle:
        """This puzzle with its texts (title, question, hint, explanation) in ``lang`` (default:
        the language spoken now) where the puzzles' catalog translates them
        (:mod:`~ttr_teach.course.puzzles.texts`), in English elsewhere. The key, the position and
        the engine's solution are the same puzzle's; :meth:`problems` checks the English file.
        A text the engine wrote (a generated puzzle's question, hint and worked explanation, a
        student copy's explanation) is written again in ``lang`` by the puzzle's kind.
        """
        from dataclasses import replace

        from ...engine.i18n import language, speaking
        from .texts import translated

        lang = lang or language()
        texts = {name: translated(getattr(self, name), lang) for name in TEXT_FIELDS}
        if lang != "en":
            sol = self.solve()
            made = {"question": lambda: self.kind.question(self.params, self.map, self.position),
                    "hint": lambda: self.kind.hint(self, sol), "explanation": lambda: self.kind.explain(self, sol)}
            seed = self.id.rsplit("-", 1)[-1]
            if self.id.startswith("gen-") and seed.isdigit():      # a generated puzzle's title names its seed
                from .titles import generated_title

                made["title"] = lambda: generated_title(self.map.name, self.position, self.params, int(seed))
            for name, write in made.items():
                if texts[name] != getattr(self, name):
                    continue        # the catalog translates it
                with speaking("en"):
                    engine_made = write() == getattr(self, name)
                if engine_made:
                    with speaking(lang):
                        texts[name] = write()
        title, question, hint, explanation = (texts[name] for name in TEXT_FIELDS)
        if (title, question, hint, explanation) == tuple(getattr(self, name) for name in TEXT_FIELDS):
            return self
        return replace(self, title=title, question=question, hint=hint, explanation=explanation,
                       _cache={"solution": self.solve()})

    @property
    def exercise(self):
        """The :class:`~ttr_teach.course.exercises.Exercise` a notebook shows for this puzzle,
        in the language spoken when it is first asked for."""
        if "exercise" not in self._cache:
            shown = self.in_language()
            ex = self.kind.exercise(shown)
            ex.id = f"puzzles/{self.id}"
            ex.solution = shown.explanation          # Markdown: the widget draws its "- " lists
            ex.hints = tuple(dict.fromkeys(h for h in (shown.hint, self.kind.hint(self, self.solve())) if h))
            ex.example = self.kind.typed_answer(self.answer, self.map)
            ex.solution_view = self._solution_board
            self._cache["exercise"] = ex
        return self._cache["exercise"]

    def _solution_board(self):
        from IPython.display import SVG

        return SVG(self.board_svg(solution=True, size=720))

    def solution_highlight(self) -> list:
        """What to highlight on the board with the solution (a ``board_svg`` highlight)."""
        return self.kind.highlight(self, self.solve())

    def board_svg(self, solution: bool = False, size=None, extra=None) -> str:
        """The board (the position, or the empty map) as SVG, pointing at what the question is
        about; with ``solution=True`` it highlights what counts for the answer (and the legend
        shows the scores, which the question's board leaves out). ``extra``: more highlights
        (the tickets' cities, on request)."""
        from ...views.svg import board_svg

        source = self.position if self.position is not None else self.map
        marks = self.solution_highlight() if solution else self.kind.question_highlight(self)
        marks = list(marks or []) + list(extra or [])
        return board_svg(source, highlight=marks or None, size=size, scores=solution)

    # -- writing ---------------------------------------------------------------------------
    def to_data(self) -> dict:
        """The puzzle as plain data in the file format (field order as written)."""
        d: dict[str, object] = {"id": self.id, "title": self.title, "level": self.level, "kind": self.kind.name,
             "map": self.map.name}
        if self.tags:
            d["tags"] = list(self.tags)
        if self.position is not None:
            d["position"] = _compact_position(self.position)
        d.update(self.kind.params_data(self.params, self.map))
        d["question"] = self.question
        d["answer"] = self.kind.answer_data(self.answer, self.map)
        d["hint"] = self.hint
        d["explanation"] = self.explanation
        if self.note:
            d["note"] = self.note
        return d

    def to_yaml(self) -> str:
        """The puzzle file's text (YAML)."""
        from .yamlout import dump_yaml

        return dump_yaml(self.to_data())

    def __repr__(self):
        return f"<Puzzle {self.id} ({self.level} {self.kind.name}, {self.map.name})>"


def _compact_position(pos) -> dict:
    d = pos.to_dict()
    for p in d["players"]:
        for key in ("stations", "tickets", "routes"):
            if not p[key]:
                del p[key]
    return d


# -- reading ------------------------------------------------------------------------------------
def _text(doc, key) -> str:
    value = doc.data[key]
    if not isinstance(value, str) or not value.strip():
        doc.fail((key,), gettext("this must be some text"))
    return value.strip()


def _read_position(doc, m):
    data = doc.data["position"]
    if isinstance(data, dict) and "map" not in data and m is not None:
        data = {"map": m.name, **data}
    try:
        return Position.from_dict(data, doc.path)
    except TTRError as e:
        message = str(e)
        prefix = f"{doc.path}: "
        rest = message[len(prefix):] if message.startswith(prefix) else message
        keys: tuple[str | int, ...] = ("position",)
        players = data.get("players") if isinstance(data, dict) else None
        if isinstance(players, list):       # the player the refusal names (in any language): 'Bo'
            for i, pd in enumerate(players):
                if isinstance(pd, dict) and isinstance(pd.get("name"), str) and f"{pd['name']!r}" in rest:
                    keys = ("position", "players", i)
                    break
        raise PuzzleError(f"{doc.where(*keys)}: {rest}") from None


def puzzle_from_document(doc: Document) -> Puzzle:
    """Check every field of a parsed puzzle file and build the :class:`Puzzle`."""
    data = doc.data
    if not isinstance(data, dict):
        raise PuzzleError(gettext("{file}: a puzzle file must hold a mapping of fields ({fields}, ...)").format(
            file=doc.path, fields=", ".join(REQUIRED_FIELDS)))
    copy = data.get("student_copy", False)
    if not isinstance(copy, bool):
        doc.fail(("student_copy",), gettext("this must be true or false"))
    for key in REQUIRED_FIELDS:
        if key not in data and not (copy and key in KEY_FIELDS):
            raise PuzzleError(gettext("{file}: field {field} is missing").format(file=doc.path, field=repr(key)))
    puzzle_id = data["id"]
    if not isinstance(puzzle_id, str) or not ID_PATTERN.match(puzzle_id):
        doc.fail(("id",), gettext("{value} is not an id (letters, digits, '-' and '_')").format(value=repr(puzzle_id)))
    kind_name = data["kind"]
    if not isinstance(kind_name, str) or kind_name not in KINDS:
        doc.fail(("kind",), gettext("unknown kind {kind}; the kinds are {kinds}").format(
            kind=repr(kind_name), kinds=", ".join(KINDS)))
    kind = KINDS[kind_name]
    unknown = [k for k in data if k not in REQUIRED_FIELDS + OPTIONAL_FIELDS and k not in kind.fields]
    if unknown:
        if kind.fields:
            doc.fail((unknown[0],), gettext("unknown field for a {kind} puzzle (its own fields: {fields})").format(
                kind=kind_name, fields=", ".join(kind.fields)))
        doc.fail((unknown[0],), gettext("unknown field for a {kind} puzzle (it has no fields of its own)").format(
            kind=kind_name))
    level = data["level"]
    if not isinstance(level, str) or level not in LEVELS:
        doc.fail(("level",), gettext("unknown level {level!r}; use one of {levels}").format(
            level=level, levels=", ".join(LEVELS)))
    for key in TEXT_FIELDS:
        if not (copy and key in KEY_FIELDS):
            _text(doc, key)

    m = None
    if "map" in data:
        try:
            m = load_map(data["map"])
        except MapError as e:
            doc.fail(("map",), str(e))
    if "position" in data:
        pos = _read_position(doc, m)
        if m is not None and pos.map is not m:
            doc.fail(("position", "map"), gettext("the position is on the {position_map} map but the puzzle says "
                                                  "map: {map}").format(position_map=pos.map.name, map=m.name))
        m = pos.map
    else:
        pos = None
        if kind.position == "required":
            doc.fail(("position",), gettext("a {kind} puzzle needs a position; this field is missing").format(
                kind=kind_name))
        if m is None:
            doc.fail(("map",), gettext("this field is missing (say europe or usa)"))
    if m.name not in kind.maps:
        doc.fail(("kind",), gettext("there are no {kind} puzzles on the {map} map (only on {maps})").format(
            kind=kind_name, map=m.name, maps=", ".join(kind.maps)))
    tags = data.get("tags", [])
    if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
        doc.fail(("tags",), gettext("tags must be a list of words"))
    note = data.get("note", "")
    if not isinstance(note, str):
        doc.fail(("note",), gettext("a note must be text"))

    params = kind.read_params(doc, m, pos)
    if copy:
        return _computed_key(Puzzle(puzzle_id, _text(doc, "title"), level, kind, m, _text(doc, "question"), None,
                                    _text(doc, "hint"), "", pos, params, doc.path, tuple(tags), note.strip()))
    answer = kind.read_answer(doc, m, pos, params)
    return Puzzle(puzzle_id, _text(doc, "title"), level, kind, m, _text(doc, "question"), answer,
                  _text(doc, "hint"), _text(doc, "explanation"), pos, params, doc.path,
                  tuple(tags), note.strip())


def _computed_key(draft: Puzzle) -> Puzzle:
    """A student copy with the key and the worked explanation the engine computes."""
    from dataclasses import replace

    from ...engine.i18n import speaking

    solution = draft.solve()
    with speaking("en"):        # the file's own text, English as every puzzle file's (see in_language)
        explanation = draft.kind.explain(draft, solution)
    return replace(draft, answer=solution.answer, explanation=explanation, _cache={})


def student_copy(puzzle: Puzzle) -> str:
    """The text of ``puzzle``'s student copy (YAML): the file without its key, its worked
    explanation and its note (see the module docstring).

    >>> p = puzzle_from_data({"id": "demo", "title": "Demo", "level": "introductory",
    ...     "kind": "tunnel_cost", "map": "europe", "deck": "full", "pay_with": "red",
    ...     "question": "Expected extra cards?", "answer": "39/55", "hint": "3 cards.",
    ...     "explanation": "3 x 26/110 = 39/55 extra cards."})
    >>> text = student_copy(p); "39/55" in text, "student_copy: true" in text
    (False, True)
    >>> puzzle_from_text(text).answer
    Fraction(39, 55)
    """
    from .yamlout import dump_yaml

    data = {k: v for k, v in puzzle.to_data().items() if k not in KEY_FIELDS + ("note",)}
    return dump_yaml({**data, "student_copy": True})


def load_puzzle(path) -> Puzzle:
    """Read and check the puzzle file at ``path`` (YAML or JSON)."""
    return puzzle_from_document(read_puzzle_document(path))


def puzzle_from_data(data, source: str = "<puzzle>") -> Puzzle:
    """A :class:`Puzzle` from plain data (a dict in the file format)."""
    return puzzle_from_document(Document(source, data))


def puzzle_from_text(text: str, source: str = "<puzzle>.yaml") -> Puzzle:
    """A :class:`Puzzle` from the text of a puzzle file (YAML, or JSON if ``source`` ends
    in ``.json``)."""
    return puzzle_from_document(parse_document(text, source))


def puzzle_files(paths) -> list:
    """Every puzzle file under ``paths`` (files, or folders searched recursively), sorted.

    Raises :class:`PuzzleError` for a path that does not exist.
    """
    from .document import SUFFIXES

    found = []
    for p in (paths if isinstance(paths, (list, tuple)) else [paths]):
        p = Path(p)
        if p.is_dir():
            found += sorted(f for f in p.rglob("*") if f.is_file() and f.suffix.lower() in SUFFIXES
                            and not any(part.startswith(".") for part in f.relative_to(p).parts))
        elif p.exists():
            found.append(p)
        else:
            raise PuzzleError(gettext("{file}: no such file or folder").format(file=p))
    return found
