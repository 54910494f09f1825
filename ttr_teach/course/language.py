"""A notebook in the learner's language: the first cell of every translated notebook.

>>> use_language("sv") is None      # the package speaks Swedish; nothing to show
True
>>> "text-align: right" in use_language("fa").data
True
>>> use_language(None)
"""

from __future__ import annotations

from typing import Any

from ..engine.i18n import direction, set_language

#: JupyterLab and Voila align every paragraph left whatever its direction: in a cell marked
#: right to left (``<div dir="rtl">``, as the Persian notebooks are), text starts at the right.
RIGHT_TO_LEFT_STYLE = """<style>
.jp-RenderedHTMLCommon [dir="rtl"] :is(p, li, h1, h2, h3, h4, h5, h6, td, th, blockquote) {
  text-align: right;
}
.jp-RenderedHTMLCommon [dir="rtl"] :is(ul, ol) { padding-left: 0; padding-right: 2em; }
</style>"""


def use_language(lang: str | None) -> Any:
    """Speak ``lang`` from now on (:func:`ttr_teach.set_language`); for a language written right
    to left, also return the style that aligns the notebook's text to the right (shown as the
    cell's output, it applies to the whole page)."""
    set_language(lang)
    if lang is None or direction(lang) != "rtl":
        return None
    from IPython.display import HTML

    return HTML(RIGHT_TO_LEFT_STYLE)
