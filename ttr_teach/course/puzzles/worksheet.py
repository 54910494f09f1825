"""Worksheets: a set of generated puzzles to print or share, with the answers at the end or apart.

>>> from ttr_teach.course.puzzles.generator import new_puzzle
>>> sheet = Worksheet("Tunnels", [new_puzzle("tunnel_cost", "introductory", "europe", 1)])
>>> md = sheet.to_markdown(boards=False)
>>> md.splitlines()[0], "## Answers" in md, "The cards that may be revealed" in md
('# Tunnels', True, True)
>>> page = sheet.to_html()
>>> "@media print" in page and page.index("class='answers new-page'") > page.index("Answer:")
True
>>> "Answers" in sheet.to_html(answers=False), "Answer:" in sheet.key_html()
(False, False)

:func:`make_worksheet` makes ``n`` puzzles of one level, going round the kinds and maps you
choose; every puzzle records its seed, so ``ttr-teach puzzles new`` remakes any one of them.
:meth:`Worksheet.save` writes a printable HTML page (boards inline, each puzzle on its own
page, answers last on a page of their own), a PDF of that page (where Chromium is installed),
a Markdown file (boards as SVG files beside it) or the puzzle files; the sheet and its key
may go to separate files (``part="sheet"``, ``part="key"``; ``ttr-teach puzzles worksheet -o
sheet.html --key key.html``), and no file is replaced unless asked. Every puzzle lists the
facts its answer needs beside its board (each player's tickets, a tunnel's cards), as the
notebooks do.
"""
from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from ...engine.errors import ArgumentError, FileError, NotFoundError, ToolError
from ...engine.files import check_writable, write_text
from ...engine.i18n import N_, gettext, ngettext, pgettext
from ...engine.integers import is_whole
from ...engine.maps import MAP_NAMES
from ...engine.text import listing
from ..printable import print_page, save_pdf
from ..progress_bar import progress_bar
from .facts import fact_lines
from .generator import new_puzzle
from .kinds import KINDS
from .names import LEVELS

BOARD_WIDTH = 640
#: What :meth:`Worksheet.save` can write: the sheet with its answers, the sheet alone, the key alone.
SAVE_PARTS = ("all", "sheet", "key")
_STYLE = ".puzzle{break-after:page;page-break-after:always}.facts{margin:.3em 0}.explain{white-space:pre-wrap}"


def _markdown_text(text: str) -> str:
    """Text from a puzzle file as Markdown shows it: ``<``, ``>`` and ``&`` escaped (Markdown
    passes HTML through, and a file's text must never become markup)."""
    return html.escape(str(text), quote=False)


def _about(p) -> str:
    """``introductory, the total score, Europe``: a puzzle's level, kind and map."""
    from .notebook import LEVEL_NAMES

    return gettext("{level}, {kind}, {map}").format(level=gettext(LEVEL_NAMES.get(p.level, p.level)),
                                                     kind=gettext(p.kind.title), map=p.map.title)


def _count_line(n: int) -> str:
    return ngettext("{n} puzzle. Write your answer on the line.", "{n} puzzles. Write your answer on the line.",
                    n).format(n=n)


@dataclass
class Worksheet:
    """A titled list of puzzles; it is written in the language spoken when it is saved or
    shown (the puzzles' texts through :meth:`~ttr_teach.course.puzzles.format.Puzzle.in_language`)."""

    title: str
    puzzles: list

    def _answer(self, p) -> str:
        return p.kind.show(p.computed_answer, p.map)

    def _shown(self) -> list:
        return [p.in_language() for p in self.puzzles]

    def to_markdown(self, boards: bool | str = True, answers: bool = True) -> str:
        """Markdown text. ``boards``: True draws each board inline (SVG inside the Markdown),
        a file-name prefix such as ``"board"`` links ``board-01.svg``..., False leaves them out.
        ``answers=False`` leaves out the answers (a sheet for the students; :meth:`key_markdown`
        is the key alone)."""
        md = _markdown_text
        out = [f"# {md(self.title)}", "", _count_line(len(self.puzzles)), ""]
        for i, p in enumerate(self._shown(), 1):
            out += [f"## {i}. {md(p.title)}", "", f"*{md(_about(p))}*", ""]
            if boards is True:
                out += [p.board_svg(size=BOARD_WIDTH).strip(), ""]
            elif boards:
                out += [f"![board {i}]({boards}-{i:02d}.svg)", ""]
            out += [f"- {md(line)}" for line in fact_lines(p)] + ([""] if fact_lines(p) else [])
            question, hint = gettext("Question."), gettext("Hint:")
            out += [f"**{question}** {md(p.question)}", "", gettext("Answer:") + " ______________________",
                    "", f"*{hint}* {md(p.hint)}", ""]
        if answers:
            out += ["---", "", *self._key_markdown_lines()]
        return "\n".join(out)

    def _key_markdown_lines(self) -> list:
        md = _markdown_text
        out = ["## " + gettext("Answers"), ""]
        for i, p in enumerate(self._shown(), 1):
            out += [f"### {i}. {md(self._answer(p))}", "", md(p.explanation), "",
                    f"(`ttr-teach puzzles new --kind {p.kind.name} --level {p.level} --map {p.map.name} "
                    f"--seed {_seed(p)}`)", ""]
        return out

    def key_markdown(self) -> str:
        """The answer key alone, as Markdown: each puzzle's answer, worked explanation and the
        command that makes the puzzle again."""
        title = gettext("{title}: answers").format(title=self.title)
        return "\n".join([f"# {_markdown_text(title)}", "", *self._key_markdown_lines()])

    def to_html(self, answers: bool = True) -> str:
        """A self-contained printable page: one puzzle per printed page (its board, the facts
        it needs, the question and a line to answer on), the answers on a page of their own
        (``answers=False`` leaves them out: the sheet to hand out; :meth:`key_html` is the key)."""
        parts = [f"<h1>{html.escape(self.title)}</h1>",
                 f"<p class='small'>{html.escape(_count_line(len(self.puzzles)))}</p>"]
        for i, p in enumerate(self._shown(), 1):
            facts = "".join(f"<li>{html.escape(line, quote=False)}</li>" for line in fact_lines(p))
            question, answer, hint = (html.escape(gettext(w)) for w in ("Question.", "Answer:", "Hint:"))
            parts.append(f"<div class='puzzle'><h2>{i}. {html.escape(p.title)}</h2>"
                         f"<p class='small'><i>{html.escape(_about(p))}</i></p>"
                         f"{p.board_svg(size=BOARD_WIDTH)}"
                         + (f"<ul class='facts'>{facts}</ul>" if facts else "")
                         + f"<p><b>{question}</b> {html.escape(p.question)}</p>"
                         f"<p>{answer}</p><div class='line'></div>"
                         f"<p class='small'><i>{hint}</i> {html.escape(p.hint)}</p></div>")
        if answers:
            parts.append(self._key_html_part("answers new-page"))
        return print_page(self.title, "\n".join(parts), style=_STYLE)

    def _key_html_part(self, css_class: str) -> str:
        answers = html.escape(gettext("Answers"))
        parts = [f"<div class='{css_class}'><h2>{answers}</h2>"]
        for i, p in enumerate(self._shown(), 1):
            parts.append(f"<div class='item'><h3>{i}. {html.escape(self._answer(p))}</h3>"
                         f"<div class='explain'>{html.escape(p.explanation)}</div></div>")
        parts.append("</div>")
        return "".join(parts)

    def key_html(self) -> str:
        """The answer key alone, as a printable page: each puzzle's answer and worked
        explanation, numbered as on the sheet."""
        title = gettext("{title}: answers").format(title=self.title)
        return print_page(title, f"<h1>{html.escape(title)}</h1>{self._key_html_part('answers')}", style=_STYLE)

    def save(self, path, overwrite: bool = False, part: str = "all") -> list:
        """Write the worksheet; returns the files written.

        ``path`` ending in ``.html``: the printable page. ``.pdf``: that page printed to PDF
        (the page is written beside it; refused when no Chromium is installed). ``.md``: the
        Markdown and one SVG board per puzzle beside it. A folder (no suffix): one YAML puzzle
        file per puzzle. ``part``: ``"all"`` (the puzzles, then the answers on a page of their
        own), ``"sheet"`` (the puzzles only, to hand out) or ``"key"`` (the answers only);
        a folder of puzzle files always holds the keys.

        A file that exists already is refused, before anything is written, unless
        ``overwrite=True`` (``--force`` on the command line); a symbolic link is never followed.
        """
        if part not in SAVE_PARTS:
            raise ArgumentError(gettext("part={part}: save 'all', 'sheet' (the puzzles only) or 'key' (the answers "
                                        "only)").format(part=repr(part)))
        path = Path(path)
        if path.suffix and path.suffix not in (".html", ".pdf", ".md"):
            raise FileError(gettext("{file}: save a worksheet as .html, .pdf, .md, or into a folder of puzzle "
                                    "files").format(file=path))
        files = self._files(path, part)
        hint = gettext("add --force to replace it, or save(..., overwrite=True)")
        for target in files:           # every refusal before any file is written
            check_writable(target, overwrite=overwrite, hint=hint)
        if path.suffix == ".pdf":
            check_writable(path, overwrite=overwrite, hint=hint)
        if not path.suffix:
            try:
                path.mkdir(parents=True, exist_ok=True)
            except OSError as e:
                raise FileError(gettext("{folder}: cannot make the folder ({reason})").format(
                    folder=path, reason=e.strerror)) from None
        for target, text in files.items():
            write_text(target, text(), overwrite=overwrite, hint=hint)
        written = list(files)
        if path.suffix == ".pdf":
            pdf = save_pdf(written[0], path)
            if pdf is None:
                raise ToolError(gettext("{file}: no PDF engine here (Chromium is not installed); print {page} from "
                                        "a browser instead").format(file=path, page=written[0].name))
            written.append(pdf)
        return written

    def _files(self, path: Path, part: str) -> dict:
        """``{file: function giving its text}`` that :meth:`save` writes for ``path``."""
        if path.suffix in (".html", ".pdf"):
            pages: dict[str, Callable[[], str]] = {
                "all": self.to_html, "sheet": lambda: self.to_html(answers=False), "key": self.key_html}
            return {path.with_suffix(".html"): pages[part]}
        if path.suffix == ".md":
            if part == "key":
                return {path: self.key_markdown}
            prefix = path.stem + "-board"
            files: dict[Path, Callable[[], str]] = {
                path: lambda: self.to_markdown(boards=prefix, answers=part == "all")}
            for i, p in enumerate(self.puzzles, 1):
                files[path.with_name(f"{prefix}-{i:02d}.svg")] = partial(p.board_svg, size=BOARD_WIDTH)
            return files
        return {path / f"{p.id}.yaml": p.to_yaml for p in self.puzzles}

    def _repr_html_(self):
        items = "".join(f"<li>{html.escape(p.title)}: {html.escape(p.question)}</li>" for p in self.puzzles)
        return f"<b>{html.escape(self.title)}</b><ol>{items}</ol>"


def _seed(p) -> str:
    return p.id.rsplit("-", 1)[-1]


#: The titles the worksheets notebook gives its worksheets, marked: :func:`make_worksheet` shows a
#: title in the learner's language (an unmarked one as it is).
TITLES = (N_("Ticket to Ride: scoring practice"), N_("Tunnels and tickets"))


def make_worksheet(n: int = 10, level: str = "introductory", kinds=None, maps=MAP_NAMES,
                   seed: int = 0, title: str | None = None, progress: bool = False) -> Worksheet:
    """``n`` new puzzles at ``level``: puzzle ``i`` has the ``i``-th of ``kinds`` (default:
    all, going round), on the map used least so far that has that kind, and seed ``seed + i``.

    ``progress=True`` shows a progress bar (tqdm) while the puzzles are made.
    Cost: about a quarter of a second per puzzle, a few seconds for the hardest.
    """
    kinds = list(KINDS) if kinds is None else list(kinds)
    if not kinds or any(k not in KINDS for k in kinds):
        bad = next((k for k in kinds if k not in KINDS), None)
        raise NotFoundError(gettext("unknown puzzle kind {kind!r}; the kinds are {kinds}").format(
            kind=bad, kinds=", ".join(KINDS)))
    if level not in LEVELS:
        raise NotFoundError(gettext("unknown level {level!r}; use one of {levels}").format(
            level=level, levels=", ".join(LEVELS)))
    if not is_whole(n, low=1):
        raise ArgumentError(gettext("a worksheet needs at least one puzzle, not {n!r}").format(n=n))
    plan, used = [], {m: 0 for m in maps}
    for i in range(n):
        kind = kinds[i % len(kinds)]
        options = [m for m in maps if m in KINDS[kind].maps]
        if not options:
            raise NotFoundError(gettext("there are no {kind} puzzles on {maps}").format(kind=kind,
                                                                                       maps=listing(maps)))
        chosen = min(options, key=lambda m: (used[m], maps.index(m)))
        used[chosen] += 1
        plan.append((kind, chosen, seed + i))
    planned = progress_bar(plan, gettext("making puzzles"), pgettext("progress", "puzzle"), progress)
    puzzles = [new_puzzle(kind, level, m, s) for kind, m, s in planned]
    from .notebook import LEVEL_NAMES

    return Worksheet(gettext(title) if title else
                     gettext("Ticket to Ride puzzles: {level}").format(level=gettext(LEVEL_NAMES[level])),
                     puzzles)
