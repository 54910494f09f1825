"""Printable pages: self-contained HTML with print CSS, and PDF where a PDF engine is at hand.

The rules summary, the glossary, the teacher's answer keys and the worksheets are all written
as one HTML file each: no network fetch, fonts from the system, A4 pages, a page break before
every block marked ``class="new-page"``. :func:`save_pdf` prints such a page to PDF with a
headless Chromium when one is installed (``/usr/bin/chromium``, or ``$TTR_TEACH_CHROMIUM``).

>>> page = markdown_page("# Rules\\n\\n- one\\n- two", "Rules")
>>> "@media print" in page and "<li>one</li>" in page and page.startswith("<!DOCTYPE html>")
True
"""
from __future__ import annotations

import html
import os
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import cast

from ..engine.errors import FileError, ToolError
from ..engine.files import REPLACE_HINT, write_text
from ..engine.i18n import direction, gettext, language

#: The print style every page shares.
STYLE = """
body { font-family: "DejaVu Sans", Verdana, Arial, sans-serif; max-width: 820px; margin: 1.5em auto;
       padding: 0 1em; line-height: 1.45; color: #1b1b1b; }
h1 { font-size: 1.6em; margin-bottom: .2em; } h2 { font-size: 1.25em; margin-top: 1.2em; }
h3 { font-size: 1.05em; margin-bottom: .2em; }
table { border-collapse: collapse; margin: .5em 0; } td, th { border: 1px solid #999; padding: 2px 8px; }
code, pre { font-family: "DejaVu Sans Mono", monospace; font-size: .92em; }
pre { white-space: pre-wrap; background: #f4f4f0; padding: .5em; }
svg { max-width: 100%; height: auto; }
.line { border-bottom: 1px solid #000; width: 70%; height: 1.8em; }
.key { background: #f1f7ee; border-left: 4px solid #1a7f37; padding: .3em .8em; }
.item { break-inside: avoid; page-break-inside: avoid; margin-bottom: 1em; }
.new-page { break-before: page; page-break-before: always; }
.small { font-size: .85em; color: #555; }
@page { size: A4; margin: 14mm 14mm 16mm 14mm; }
@media print {
  body { max-width: none; margin: 0; padding: 0; font-size: 10.5pt; }
  a { color: inherit; text-decoration: none; }
  .no-print { display: none; }
}
"""


def print_page(title: str, body: str, style: str = "") -> str:
    """A whole HTML page around ``body`` (HTML) with the print style, its language (and, for
    Persian, its direction) that spoken now, which its words are written in."""
    lang = language()
    text_direction = ' dir="rtl"' if direction(lang) == "rtl" else ""
    return (f'<!DOCTYPE html>\n<html lang="{lang}"{text_direction}><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{html.escape(title)}</title><style>{STYLE}{style}</style></head>\n"
            f"<body>\n{body}\n</body></html>\n")


def markdown_html(text: str) -> str:
    """Markdown as HTML (tables and lists; the text is escaped, never run as HTML)."""
    import mistune

    return cast(str, mistune.create_markdown(escape=True, plugins=["table"])(text))


def markdown_page(text: str, title: str) -> str:
    """A printable page of Markdown ``text``; relative ``.md`` links point at the ``.html`` pages."""
    body = markdown_html(text).replace('.md"', '.html"')
    return print_page(title, body)


def write_markdown_page(source, target=None, overwrite: bool = True) -> Path:
    """Write the printable page of the Markdown file ``source`` (to ``target``, default: the
    same name with ``.html``); its title is the first heading. Returns the file written.
    ``overwrite=False`` refuses to replace a file that exists (the command line's default)."""
    source = Path(source)
    try:
        text = source.read_text(encoding="utf-8")
    except OSError as e:
        raise FileError(gettext("{file}: cannot read it ({reason})").format(file=source, reason=e.strerror)) from None
    title = next((line.lstrip("#").strip() for line in text.splitlines() if line.startswith("#")), source.stem)
    target = Path(target) if target is not None else source.with_suffix(".html")
    write_text(target, markdown_page(text, title), overwrite=overwrite, hint=gettext(REPLACE_HINT))
    return target


def chromium() -> str | None:
    """The Chromium that prints PDFs: ``$TTR_TEACH_CHROMIUM``, ``/usr/bin/chromium``, or None."""
    for candidate in (os.environ.get("TTR_TEACH_CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium")):
        if candidate and Path(candidate).exists():
            return candidate
    return None


def save_pdf(html_file, pdf_file, timeout: float = 120) -> Path | None:
    """Print the HTML page ``html_file`` to ``pdf_file`` with headless Chromium; None (and no
    file) when no Chromium is installed. Raises :class:`~ttr_teach.engine.errors.ToolError` if Chromium fails."""
    browser = chromium()
    if browser is None:
        return None
    html_file, pdf_file = Path(html_file).resolve(), Path(pdf_file).resolve()
    with tempfile.TemporaryDirectory(prefix="ttr-pdf-") as profile:
        command = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                   "--disable-component-update", "--disable-sync", "--no-first-run",
                   f"--user-data-dir={profile}", "--no-pdf-header-footer",
                   f"--print-to-pdf={pdf_file}", html_file.as_uri()]
        try:
            run = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
        except (OSError, subprocess.TimeoutExpired) as e:
            raise ToolError(gettext("{file}: Chromium could not print it ({reason})").format(
                file=pdf_file, reason=e)) from None
    if not pdf_file.exists() or pdf_file.stat().st_size == 0:
        raise ToolError(gettext("{file}: Chromium could not print it ({reason})").format(
            file=pdf_file, reason=run.stderr.strip()[-200:]))
    return pdf_file
