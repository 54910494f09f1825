"""Pictures carry alternative text: an SVG board or a matplotlib figure shown in a notebook
is an ``<img>`` whose ``alt`` says what it shows (JupyterLab and Voila draw SVG and PNG outputs
as ``<img>`` without ``alt``; axe-core's image-alt rule, tests/browser/test_axe.py)."""
from __future__ import annotations

import re
from types import SimpleNamespace

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from IPython.core.formatters import DisplayFormatter  # noqa: E402
from IPython.display import SVG  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

from ttr_teach.engine.maps import load_map  # noqa: E402
from ttr_teach.views.alt_text import describe, figure_alt, install, svg_alt  # noqa: E402
from ttr_teach.views.svg import board_svg  # noqa: E402


def _shell():
    shell = SimpleNamespace(display_formatter=DisplayFormatter())
    assert install(shell)
    return shell


def _alt(html: str) -> str:
    return re.search(r'<img alt="([^"]*)"', html).group(1)


def test_an_svg_says_its_own_title_and_description_not_those_of_its_parts():
    svg = ('<svg xmlns="http://www.w3.org/2000/svg"><title>Europe</title><desc>Ann owns Paris–Wien</desc>'
           '<g><title>Paris–Wien: 3 red</title></g></svg>')
    assert svg_alt(svg) == "Europe. Ann owns Paris–Wien."
    assert svg_alt("<svg xmlns='http://www.w3.org/2000/svg'/>") == "A picture"
    assert svg_alt("not an svg", default="a board") == "a board"


def test_a_board_shown_as_svg_is_an_img_with_the_boards_title_as_alt():
    data, _ = _shell().display_formatter.format(SVG(board_svg("europe")))
    assert "image/svg+xml" in data                    # other front ends keep the SVG itself
    assert _alt(data["text/html"]).startswith(svg_alt(board_svg("europe")))
    assert "Ticket to Ride Europe" in _alt(data["text/html"])


def test_the_engines_pictures_carry_alt_text_too():
    data, _ = _shell().display_formatter.format(load_map("usa"))
    assert _alt(data["text/html"]) == svg_alt(load_map("usa")._repr_svg_()) != "A picture"


def test_a_figure_says_what_describe_gave_it_or_its_titles_and_labels():
    shell = _shell()
    fig, ax = plt.subplots()
    ax.bar([0, 1, 2], [0.5, 0.3, 0.2])
    ax.set(title="Extra cards for a tunnel", xlabel="extra cards", ylabel="probability")
    # matplotlib's inline backend clears every format of Figure when it starts: the alt text stays
    for formatter in shell.display_formatter.formatters.values():
        formatter.pop(Figure, None)
    data, _ = shell.display_formatter.format(fig)
    assert _alt(data["text/html"]) == "A chart. Extra cards for a tunnel: probability against extra cards."
    assert 'src="data:image/png;base64,' in data["text/html"]
    describe(fig, "No extra card half the time; three extra cards almost never.")
    assert figure_alt(fig) == "No extra card half the time; three extra cards almost never."
    plt.close(fig)


def test_without_ipython_nothing_is_installed():
    assert install(SimpleNamespace()) is False
