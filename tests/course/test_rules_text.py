"""The rules as the lessons and handouts state them, read against the rulebooks (issue 26): the
sentences that were false or missing stay fixed, and the printable handouts are generated from
their Markdown."""
from __future__ import annotations

import json

import pytest

from ttr_teach.course.notebook_catalogs import LANGUAGES_CELL
from ttr_teach.course.printable import markdown_page
from ttr_teach.engine.rules import EUROPE, USA

from ..helpers import NOTEBOOKS, REPO

DOCS = REPO / "docs"


def cell(notebook: str, index: int) -> str:
    """The text of a notebook's `index`th lesson cell (the bar of language links is not counted)."""
    cells = json.loads((NOTEBOOKS / f"{notebook}.ipynb").read_text(encoding="utf-8"))["cells"]
    cells = [c for c in cells if LANGUAGES_CELL not in c.get("metadata", {}).get("tags", [])]
    return " ".join("".join(cells[index]["source"]).split())


def lesson_text(notebook: str) -> str:
    cells = json.loads((NOTEBOOKS / f"{notebook}.ipynb").read_text(encoding="utf-8"))["cells"]
    return " ".join(" ".join("".join(c["source"]).split()) for c in cells if c["cell_type"] == "markdown")


def test_the_start_names_both_longest_route_bonuses_and_the_unbuilt_stations():
    text = cell("00_start_here", 0)
    assert EUROPE.longest_bonus_name in text and USA.longest_bonus_name in text
    assert f"{EUROPE.longest_bonus} points for the **longest continuous route**" in text
    assert f"worth {EUROPE.unused_station_points} more points" in text and "in Europe, for the" not in text


def test_the_starting_hand_of_four_cards_is_taught_with_the_cards():
    assert "dealt **4 train cards**" in lesson_text("01_train_cards")


def test_the_trains_left_rule_is_taught_where_it_was_promised():
    text = cell("02_claiming_routes", 3)
    assert "that is for the next lessons" not in text
    assert "**enough trains left**: at least as many as the route has spaces" in text


def test_long_tickets_have_a_blue_background_and_only_long_ones_are_called_long():
    import inspect

    from ttr_teach.course.lessons import tickets

    assert "blue back" not in lesson_text("06_destination_tickets").replace("blue background", "")
    assert "long (blue background)" in inspect.getsource(tickets.plot_ticket_values)
    assert "the regular ticket Dieppe–Madrid" in lesson_text("06_destination_tickets")


def test_route_points_are_recounted_not_added_twice():
    for text in (lesson_text("09_end_and_scoring"), (DOCS / "rules.md").read_text(encoding="utf-8")):
        flat = " ".join(text.split())
        assert "counted again" not in flat and "count them again" not in flat
        assert "recounted to check" in flat and "not added a second time" in flat


def test_the_glossary_odd_city_is_true_as_written():
    line = next(x for x in (DOCS / "glossary.md").read_text(encoding="utf-8").splitlines() if "**odd city**" in x)
    assert "a trail can only start or end there" not in line
    assert "a trail that uses every one of those routes must start or end there" in line


def test_the_rules_summary_has_the_locomotives_only_tunnel_and_fewer_tickets():
    text = " ".join((DOCS / "rules_summary.md").read_text(encoding="utf-8").split())
    assert "Paid with **locomotives only**: only revealed locomotives count" in text
    assert "**fewer if fewer remain**" in text


@pytest.mark.parametrize("name", ["rules_summary", "glossary"])
def test_the_printable_handouts_are_generated_from_their_markdown(name):
    # what `ttr-teach course printable docs/<name>.md` writes: the HTML never lags behind a fix
    text = (DOCS / f"{name}.md").read_text(encoding="utf-8")
    title = next(line.lstrip("#").strip() for line in text.splitlines() if line.startswith("#"))
    assert markdown_page(text, title) == (DOCS / f"{name}.html").read_text(encoding="utf-8")
