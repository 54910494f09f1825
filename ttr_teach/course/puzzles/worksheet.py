"""Worksheets: a set of generated puzzles to print or share, with the answers at the end.

>>> from ttr_teach.course.puzzles.generator import new_puzzle
>>> sheet = Worksheet("Tunnels", [new_puzzle("tunnel_cost", "introductory", "europe", 1)])
>>> md = sheet.to_markdown(boards=False)
>>> md.splitlines()[0], "## Answers" in md, "The cards that may be revealed" in md
('# Tunnels', True, True)
>>> page = sheet.to_html()
>>> "@media print" in page and page.index("class='answers new-page'") > page.index("Answer:")
True

:func:`make_worksheet` makes ``n`` puzzles of one level, going round the kinds and maps you
choose; every puzzle records its seed, so ``ttr-teach puzzles new`` remakes any one of them.
:meth:`Worksheet.save` writes a printable HTML page (boards inline, each puzzle on its own
page, answers last on a page of their own), a PDF of that page (where Chromium is installed),
a Markdown file (boards as SVG files beside it) or the puzzle files. Every puzzle lists the
facts its answer needs beside its board (each player's tickets, a tunnel's cards), as the
notebooks do.
"""
from __future__ import annotations

import html
from dataclasses import dataclass
from pathlib import Path

from ...engine.errors import ArgumentError, FileError, NotFoundError, ToolError
from ...engine.integers import is_whole
from ...engine.maps import MAP_NAMES
from ..printable import print_page, save_pdf
from .facts import fact_lines
from .generator import new_puzzle
from .kinds import KINDS
from .names import LEVELS

BOARD_WIDTH = 640


def _markdown_text(text: str) -> str:
    """Text from a puzzle file as Markdown shows it: ``<``, ``>`` and ``&`` escaped (Markdown
    passes HTML through, and a file's text must never become markup)."""
    return html.escape(str(text), quote=False)


@dataclass
class Worksheet:
    """A titled list of puzzles."""

    title: str
    puzzles: list

    def _answer(self, p) -> str:
        return p.kind.show(p.computed_answer, p.map)

    def to_markdown(self, boards: bool | str = True) -> str:
        """Markdown text. ``boards``: True draws each board inline (SVG inside the Markdown),
        a file-name prefix such as ``"board"`` links ``board-01.svg``..., False leaves them out."""
        md = _markdown_text
        out = [f"# {md(self.title)}", "", f"{len(self.puzzles)} puzzles. Write your answer on the line.", ""]
        for i, p in enumerate(self.puzzles, 1):
            out += [f"## {i}. {md(p.title)}", "", f"*{p.level}, {p.kind.title}, {p.map.title}*", ""]
            if boards is True:
                out += [p.board_svg(size=BOARD_WIDTH).strip(), ""]
            elif boards:
                out += [f"![board {i}]({boards}-{i:02d}.svg)", ""]
            out += [f"- {md(line)}" for line in fact_lines(p)] + ([""] if fact_lines(p) else [])
            out += [f"**Question.** {md(p.question)}", "", "Answer: ______________________", "",
                    f"*Hint:* {md(p.hint)}", ""]
        out += ["---", "", "## Answers", ""]
        for i, p in enumerate(self.puzzles, 1):
            out += [f"### {i}. {md(self._answer(p))}", "", md(p.explanation), "",
                    f"(`ttr-teach puzzles new --kind {p.kind.name} --level {p.level} --map {p.map.name} "
                    f"--seed {_seed(p)}`)", ""]
        return "\n".join(out)

    def to_html(self) -> str:
        """A self-contained printable page: one puzzle per printed page (its board, the facts
        it needs, the question and a line to answer on), the answers on a page of their own."""
        style = (".puzzle{break-after:page;page-break-after:always}"
                 ".facts{margin:.3em 0}.explain{white-space:pre-wrap}")
        parts = [f"<h1>{html.escape(self.title)}</h1>",
                 f"<p class='small'>{len(self.puzzles)} puzzles. Write your answer on the line.</p>"]
        for i, p in enumerate(self.puzzles, 1):
            facts = "".join(f"<li>{html.escape(line, quote=False)}</li>" for line in fact_lines(p))
            parts.append(f"<div class='puzzle'><h2>{i}. {html.escape(p.title)}</h2>"
                         f"<p class='small'><i>{p.level}, {p.kind.title}, {html.escape(p.map.title)}</i></p>"
                         f"{p.board_svg(size=BOARD_WIDTH)}"
                         + (f"<ul class='facts'>{facts}</ul>" if facts else "")
                         + f"<p><b>Question.</b> {html.escape(p.question)}</p>"
                         "<p>Answer:</p><div class='line'></div>"
                         f"<p class='small'><i>Hint:</i> {html.escape(p.hint)}</p></div>")
        parts.append("<div class='answers new-page'><h2>Answers</h2>")
        for i, p in enumerate(self.puzzles, 1):
            parts.append(f"<div class='item'><h3>{i}. {html.escape(self._answer(p))}</h3>"
                         f"<div class='explain'>{html.escape(p.explanation)}</div></div>")
        parts.append("</div>")
        return print_page(self.title, "\n".join(parts), style=style)

    def save(self, path) -> list:
        """Write the worksheet; returns the files written.

        ``path`` ending in ``.html``: the printable page. ``.pdf``: that page printed to PDF
        (the page is written beside it; refused when no Chromium is installed). ``.md``: the Markdown and one SVG
        board per puzzle beside it. A folder (no suffix): one YAML puzzle file per puzzle.
        """
        path = Path(path)
        try:
            if path.suffix == ".html":
                path.write_text(self.to_html(), encoding="utf-8")
                return [path]
            if path.suffix == ".pdf":
                page = path.with_suffix(".html")
                page.write_text(self.to_html(), encoding="utf-8")
                pdf = save_pdf(page, path)
                if pdf is None:
                    raise ToolError(f"{path}: no PDF engine here (Chromium is not installed); "
                                    f"print {page.name} from a browser instead")
                return [page, pdf]
            if path.suffix == ".md":
                prefix = path.stem + "-board"
                written = [path]
                path.write_text(self.to_markdown(boards=prefix), encoding="utf-8")
                for i, p in enumerate(self.puzzles, 1):
                    board = path.with_name(f"{prefix}-{i:02d}.svg")
                    board.write_text(p.board_svg(size=BOARD_WIDTH), encoding="utf-8")
                    written.append(board)
                return written
            if path.suffix:
                raise FileError(f"{path}: save a worksheet as .html, .pdf, .md, or into a folder of puzzle files")
            path.mkdir(parents=True, exist_ok=True)
            written = []
            for p in self.puzzles:
                f = path / f"{p.id}.yaml"
                f.write_text(p.to_yaml(), encoding="utf-8")
                written.append(f)
            return written
        except OSError as e:
            raise FileError(f"{path}: cannot write the worksheet ({e.strerror})") from None

    def _repr_html_(self):
        items = "".join(f"<li>{html.escape(p.title)}: {html.escape(p.question)}</li>" for p in self.puzzles)
        return f"<b>{html.escape(self.title)}</b><ol>{items}</ol>"


def _seed(p) -> str:
    return p.id.rsplit("-", 1)[-1]


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
        raise NotFoundError(f"unknown puzzle kind {bad!r}; the kinds are {', '.join(KINDS)}")
    if level not in LEVELS:
        raise NotFoundError(f"unknown level {level!r}; use one of {', '.join(LEVELS)}")
    if not is_whole(n, low=1):
        raise ArgumentError(f"a worksheet needs at least one puzzle, not {n!r}")
    plan, used = [], {m: 0 for m in maps}
    for i in range(n):
        kind = kinds[i % len(kinds)]
        options = [m for m in maps if m in KINDS[kind].maps]
        if not options:
            raise NotFoundError(f"there are no {kind} puzzles on {', '.join(maps)}")
        chosen = min(options, key=lambda m: (used[m], maps.index(m)))
        used[chosen] += 1
        plan.append((kind, chosen, seed + i))
    if progress:
        from tqdm.auto import tqdm

        plan = tqdm(plan, desc="making puzzles", leave=False)
    puzzles = [new_puzzle(kind, level, m, s) for kind, m, s in plan]
    return Worksheet(title or f"Ticket to Ride puzzles: {level}", puzzles)
