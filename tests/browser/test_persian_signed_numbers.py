"""A signed number in Persian prose shows its sign in front in a real browser: ``+۳۳`` and
``−۹`` never turn into ``۳۳+`` (engine/prose_numbers.py isolates them left to right), in a
right-to-left cell (``dir="rtl"``, as the Persian notebooks are) and in a widget's own
left-to-right output. A control sentence without the isolates shows the fault the test sees."""
from __future__ import annotations

import html

import pytest

from ttr_teach.course.puzzles.kinds.scored import signed
from ttr_teach.engine.i18n import gettext, ngettext, set_language

TICKETS = ("{head}: {completed} completed, {n} of {total} tickets, {points:+d} ticket points; the best of "
           "{combinations} combinations.")
#: Where the sign stands against the first digit after it, in the page's layout.
SIGN_SIDE = """(id) => {
  const node = document.getElementById(id).firstChild, text = node.textContent;
  const box = (i) => { const r = document.createRange(); r.setStart(node, i); r.setEnd(node, i + 1);
                       return r.getBoundingClientRect().left; };
  const sign = [...text].findIndex(c => c === '+' || c === '−');
  return box(sign) < box(sign + 1) ? 'left' : 'right';
}"""


@pytest.fixture()
def persian():
    set_language("fa")
    yield
    set_language(None)


def sentences() -> list:
    return [gettext("{player}: {trains}: the {bonus}, +{points}.").format(player="Ann", trains=45, bonus="x",
                                                                        points=33),
            ngettext(TICKETS, TICKETS, 2).format(head="Ann", completed=1, n=2, total=3, points=-9, combinations=4),
            gettext("Total: {sums} = {points}.").format(sums="۱۲", points=signed(33))]


def sign_sides(page, texts: list, direction: str) -> list:
    body = "".join(f'<p id="s{i}">{html.escape(t)}</p>' for i, t in enumerate(texts))
    page.set_content(f'<!doctype html><html><body><div dir="{direction}" lang="fa" style="font-size:24px">'
                     f"{body}</div></body></html>", wait_until="load")
    return [page.evaluate(SIGN_SIDE, f"s{i}") for i in range(len(texts))]


@pytest.mark.parametrize("direction", ["rtl", "ltr"])
def test_a_signed_number_in_persian_shows_its_sign_in_front(page, persian, direction):
    texts = sentences()
    assert all("\u2066" in t for t in texts)
    assert sign_sides(page, texts, direction) == ["left"] * len(texts), texts


def test_without_the_isolates_the_sign_would_fall_behind(page, persian):
    bare = [t.replace("\u2066", "").replace("\u2069", "").replace("\u200e", "") for t in sentences()]
    assert "right" in sign_sides(page, bare, "rtl")
