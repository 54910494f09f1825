"""Puzzles in a notebook: a book of puzzles, each shown with its board, the facts it needs,
its question and an answer box.

In a notebook::

    book = PuzzleBook.load(level="introductory")
    book.show("intro-eu-total-1")

:meth:`PuzzleBook.show` displays the puzzle's title, the facts the answer depends on (each
player's tickets, a tunnel's cards), the board (with a button that rings the tickets' cities
on it), the question and an answer widget (*Check* says right or wrong with a nudge, *Hint*
gives hints in steps, *Show solution* opens after a try: the worked explanation and the board
with what counts highlighted), then the learner's progress through the book. A notebook's
hidden check cell calls ``book[id].assert_key()`` so that a wrong key fails the test suite;
that check never counts as the learner solving the puzzle.

Widget libraries are imported only when something is shown.
"""
from __future__ import annotations

import html

from ...engine.i18n import N_, gettext
from ..exercises import Progress, ProgressStore
from .checker import load_puzzles
from .document import PuzzleError
from .facts import facts_html, ticket_marks
from .kinds import KINDS
from .names import LEVELS

LEVEL_BADGES = {"introductory": "#2e7d32", "intermediate": "#ef6c00", "expert": "#c62828"}
#: Each level's name, shown on its badge in the learner's language.
LEVEL_NAMES = {"introductory": N_("introductory"), "intermediate": N_("intermediate"), "expert": N_("expert")}


class PuzzleBook:
    """An ordered collection of puzzles with one shared :class:`~ttr_teach.course.exercises.Progress`,
    kept in the learner's progress file (each puzzle under ``puzzles/<id>``)."""

    def __init__(self, puzzles, name: str = "puzzles", store: ProgressStore | None = None):
        self.puzzles = list(puzzles)
        self.name = name
        self._by_id = {p.id: p for p in self.puzzles}
        self.store = store if store is not None else ProgressStore()
        for p in self.puzzles:
            p.exercise.store = self.store
        self.progress = Progress([p.exercise for p in self.puzzles], store=self.store)

    @classmethod
    def load(cls, level=None, kind=None, map=None, paths=None) -> PuzzleBook:
        """The puzzles under ``paths`` (default: the repository's ``puzzles/``) of the given
        level, kind and map (None: all), ordered by level, then kind (in the teaching order of
        :data:`~ttr_teach.course.puzzles.kinds.KINDS`), then map and id. A broken file is
        refused with :class:`~ttr_teach.course.puzzles.document.PuzzleError`."""
        puzzles, errors = load_puzzles(paths)
        if errors:
            raise PuzzleError(errors[0]["message"])
        chosen = [p for p in puzzles if (level is None or p.level == level)
                  and (kind is None or p.kind.name == kind) and (map is None or p.map.name == map)]
        chosen.sort(key=lambda p: (LEVELS.index(p.level), list(KINDS).index(p.kind.name), p.map.name, p.id))
        return cls(chosen, name=f"puzzles/{level or 'all'}")

    def __len__(self):
        return len(self.puzzles)

    def __iter__(self):
        return iter(self.puzzles)

    def __getitem__(self, key):
        if isinstance(key, int):
            return self.puzzles[key]
        try:
            return self._by_id[key]
        except KeyError:
            raise KeyError(gettext("no puzzle {id} in this book").format(id=repr(key))) from None

    @property
    def ids(self) -> list:
        return [p.id for p in self.puzzles]

    def summary(self) -> dict:
        """How many puzzles of each kind and map the book holds."""
        out: dict[tuple[str, str], int] = {}
        for p in self.puzzles:
            key = (p.kind.name, p.map.name)
            out[key] = out.get(key, 0) + 1
        return out

    def contents_html(self) -> str:
        """A table of the book's puzzles: number, title, kind, map (in the language spoken)."""
        rows = "".join(f"<tr><td>{i + 1}</td><td>{html.escape(p.in_language().title)}</td>"
                       f"<td>{html.escape(gettext(p.kind.title))}</td><td>{p.map.title}</td></tr>"
                       for i, p in enumerate(self.puzzles))
        heads = "".join(f"<th>{html.escape(h)}</th>" for h in
                        ("#", gettext("puzzle"), gettext("you find"), gettext("map")))
        return f"<table><tr>{heads}</tr>{rows}</table>"

    def show(self, key, size: int = 720):
        """Display puzzle ``key`` (an id or a number): header, facts, board, answer widget, progress."""
        from IPython.display import HTML, display

        puzzle = self[key]
        number = self.puzzles.index(puzzle) + 1
        display(HTML(header_html(puzzle, number, len(self.puzzles)) + facts_html(puzzle)))
        display(board_widget(puzzle, size))
        display(puzzle.exercise.widget())
        display(self.progress.widget())

    def _repr_html_(self):
        return self.contents_html()


def board_widget(puzzle, size: int = 720):
    """The question's board; when the puzzle lists tickets, a button rings their cities on it
    (without saying whether they are completed)."""
    import ipywidgets as w

    def board_html(marks=None) -> str:
        svg = puzzle.board_svg(size=size, extra=marks)
        scaled = svg.replace("<svg ", '<svg style="max-width:100%;height:auto" ', 1)
        return f'<div class="ttr-board ttr-puzzle-board">{scaled}</div>'

    picture = w.HTML(board_html())
    marks = ticket_marks(puzzle)
    if not marks:
        return picture
    show, hide = gettext("Show the tickets on the board"), gettext("Hide the tickets")
    toggle = w.ToggleButton(description=show, icon="map-marker", layout=w.Layout(width="auto"))

    def on_toggle(change):
        picture.value = board_html(marks if change["new"] else None)
        toggle.description = hide if change["new"] else show

    toggle.observe(on_toggle, "value")
    return w.VBox([toggle, picture])


def header_html(puzzle, number=None, total=None) -> str:
    """The puzzle's title line: number, title, level badge, kind and map."""
    colour = LEVEL_BADGES.get(puzzle.level, "#555")
    title = html.escape(puzzle.in_language().title)
    heading = (gettext("Puzzle {number} of {total}: {title}").format(number=number, total=total, title=title)
               if number else title)
    return (f'<h3 style="margin-bottom:2px">{heading}</h3>'
            f'<span style="background:{colour};color:white;border-radius:4px;padding:1px 6px">'
            f"{html.escape(gettext(LEVEL_NAMES.get(puzzle.level, puzzle.level)))}</span> "
            f"<i>{html.escape(gettext(puzzle.kind.title))}</i> · {puzzle.map.title}")


def show_puzzle(puzzle, size: int = 720):
    """Display one puzzle on its own (a one-puzzle :class:`PuzzleBook`)."""
    PuzzleBook([puzzle]).show(0, size=size)
