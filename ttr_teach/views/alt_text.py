"""Pictures with alternative text: an SVG board or a matplotlib figure shown as an HTML
``<img>`` whose ``alt`` says in words what the picture shows.

JupyterLab and Voila draw ``image/svg+xml`` and ``image/png`` outputs as ``<img>`` elements
without ``alt``, so a screen reader meets a nameless picture. :func:`install` gives those
outputs an HTML form as well (an ``<img>`` with its ``alt``), which the notebook prefers:

- an SVG (``IPython.display.SVG``, or a board, position, game or best score drawn as SVG)
  says its own ``<title>`` and ``<desc>`` (:func:`svg_alt`);
- a matplotlib figure says what :func:`describe` gave it, or else its titles and axis labels
  (:func:`figure_alt`).

>>> svg = '<svg xmlns="http://www.w3.org/2000/svg"><title>Europe</title><desc>Ann owns 3 routes.</desc></svg>'
>>> svg_alt(svg)
'Europe. Ann owns 3 routes.'
>>> 'alt="Europe. Ann owns 3 routes."' in svg_html(svg)
True
"""
from __future__ import annotations

import base64
import io
import re
import xml.etree.ElementTree as ET
from html import escape

from ..engine.i18n import N_, gettext

#: What a picture is called when it says nothing about itself (translated where shown).
UNNAMED_SVG = N_("A picture")
UNNAMED_FIGURE = N_("A chart")
#: The attribute of a matplotlib figure that holds its alternative text.
ALT_ATTRIBUTE = "_ttr_alt_text"
_SVG_NS = "{http://www.w3.org/2000/svg}"
#: Objects of ours that draw themselves as SVG: ``(module, class)``.
SVG_CLASSES = (("ttr_teach.engine.maps", "Map"), ("ttr_teach.engine.position", "Position"),
               ("ttr_teach.engine.game.core", "Game"), ("ttr_teach.algorithms.best_score", "BestScore"))


def _words(text) -> str:
    return re.sub(r"\s+", " ", text or "").strip()


def _sentence(parts) -> str:
    """The non-empty ``parts`` joined as sentences (a full stop after each that lacks one)."""
    kept = [p for p in (_words(p) for p in parts) if p]
    return " ".join(p if p[-1] in ".!?:" else p + "." for p in kept)


def svg_alt(svg: str, default: str = UNNAMED_SVG) -> str:
    """The words an SVG gives about itself: its own ``<title>`` and ``<desc>`` (the root's, not
    those of its parts), or its ``aria-label``; ``default`` when it has none.

    >>> svg_alt('<svg xmlns="http://www.w3.org/2000/svg"><g><title>a route</title></g></svg>')
    'A picture'
    """
    default = gettext(default)
    try:
        root = ET.fromstring(svg)
    except ET.ParseError:
        return default
    found = [root.find(f"{ns}{tag}") for tag in ("title", "desc") for ns in (_SVG_NS, "")]
    said = _sentence(e.text for e in found if e is not None)
    return said or _words(root.get("aria-label")) or default


def image_html(data: bytes, mime: str, alt: str) -> str:
    """An ``<img>`` of ``data`` (``mime``: ``image/png``, ``image/svg+xml``) with ``alt``,
    no wider than the output.

    >>> image_html(b"<svg/>", "image/svg+xml", "a dot")[:36]
    '<div class="ttr-picture"><img alt="a'
    """
    source = base64.b64encode(data).decode("ascii")
    return (f'<div class="ttr-picture"><img alt="{escape(alt)}" src="data:{mime};base64,{source}" '
            f'style="max-width:100%;height:auto"></div>')


def svg_html(svg: str, alt: str | None = None) -> str:
    """The SVG as an ``<img>`` whose ``alt`` is ``alt`` or the SVG's own words (:func:`svg_alt`)."""
    return image_html(svg.encode("utf-8"), "image/svg+xml", alt if alt is not None else svg_alt(svg))


def describe(figure, text: str):
    """Give a matplotlib ``figure`` its alternative text (what a reader should learn from it);
    returns the figure, so that ``return describe(fig, "...")`` ends a plotting function."""
    setattr(figure, ALT_ATTRIBUTE, _words(text))
    return figure


def figure_alt(figure) -> str:
    """A matplotlib figure's alternative text: the one :func:`describe` gave it, or else
    "A chart" with its titles and axis labels.

    >>> import matplotlib; matplotlib.use("Agg"); import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots(); _ = ax.set(title="Extra cards", xlabel="cards", ylabel="chance")
    >>> figure_alt(fig)
    'A chart. Extra cards: chance against cards.'
    >>> figure_alt(describe(fig, "Most tunnels cost nothing extra."))
    'Most tunnels cost nothing extra.'
    >>> plt.close(fig)
    """
    given = getattr(figure, ALT_ATTRIBUTE, None)
    if given:
        return given
    parts = [gettext(UNNAMED_FIGURE)]
    if figure._suptitle is not None:
        parts.append(figure._suptitle.get_text())
    for ax in figure.axes:
        title, x, y = ax.get_title(), ax.get_xlabel(), ax.get_ylabel()
        axes = gettext("{y} against {x}").format(y=y, x=x) if x and y else x or y
        parts.append(gettext("{title}: {axes}").format(title=title, axes=axes) if title and axes else title or axes)
    return _sentence(parts)


def figure_html(figure) -> str:
    """The figure as a PNG ``<img>`` (as the notebook draws it) with :func:`figure_alt`."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", bbox_inches="tight")
    return image_html(buffer.getvalue(), "image/png", figure_alt(figure))


def _drawn_svg_html(obj) -> str:
    return svg_html(obj._repr_svg_())


def _ipython_svg_html(obj) -> str:
    data = obj.data
    return svg_html(data.decode("utf-8") if isinstance(data, bytes) else data)


def install(shell=None) -> bool:
    """Show SVG pictures and matplotlib figures in the running IPython (``shell``) with
    their alternative text; False when there is no IPython shell. Nothing is imported for
    it: the forms apply to those types once they are in use."""
    if shell is None:
        try:
            from IPython import get_ipython
        except ImportError:
            return False
        shell = get_ipython()
    if shell is None or not hasattr(shell, "display_formatter"):
        return False
    html = shell.display_formatter.formatters["text/html"]
    html.for_type_by_name("IPython.core.display", "SVG", _ipython_svg_html)
    # FigureBase, not Figure: matplotlib's inline backend clears every format of Figure when
    # it starts (after this), and a figure finds its form through its base classes too
    html.for_type_by_name("matplotlib.figure", "FigureBase", figure_html)
    for module, name in SVG_CLASSES:
        html.for_type_by_name(module, name, _drawn_svg_html)
    return True
