"""Lesson 12, a whole game (``notebooks/12_play.ipynb``): its "from code" sections in prose.

The game's model answers in sentences already; what else those sections show (the ways to
pay, a tunnel's cards, the final scoring's steps) is put in words here, and everything is
shown as paragraphs of HTML, so that the page (Voila, JupyterLab) reads as prose, never as
printed Python values.

>>> prose_html("Ann draws a card.", "Bo is playing.")
'<p class="ttr-prose">Ann draws a card. Bo is playing.</p>'
"""
from __future__ import annotations

from html import escape

from ...engine.i18n import gettext, ngettext
from ...engine.text import colour_name, listing
from ...views.widgets.play_text import first_is_cheapest, payment_text


def prose_html(*texts) -> str:
    """The texts as one paragraph (escaped)."""
    return f'<p class="ttr-prose">{escape(" ".join(str(t) for t in texts if t))}</p>'


def tell(*texts) -> None:
    """Show the texts as a paragraph in the notebook (what the lesson's code cells show)."""
    from IPython.display import HTML, display

    display(HTML(prose_html(*texts)))


def ways_to_pay(options) -> str:
    """The ways to pay offered for a claim or a station, in words, the first one named the
    cheapest when it is.

    >>> from ttr_teach.engine.actions import ClaimRoute
    >>> ways_to_pay([ClaimRoute(0, "blue", 2, 0), ClaimRoute(0, "blue", 1, 1)])
    'Ways to pay: 2 blue (the cheapest) or 1 blue + 1 locomotive.'
    """
    words = [payment_text(a) for a in options]
    if not words:
        return gettext("There is no way to pay.")
    if first_is_cheapest(options):
        words[0] = gettext("{payment} (the cheapest)").format(payment=words[0])
    listed = words[0] if len(words) == 1 else gettext("{some} or {last}").format(some=listing(words[:-1]),
                                                                                  last=words[-1])
    return gettext("Ways to pay: {ways}.").format(ways=listed)


def tunnel_cards(tunnel) -> str:
    """A tunnel's revealed cards (the model's ``tunnel``) and what they cost, in words.

    >>> tunnel_cards({"cards": ["blue", "locomotive", "green"], "extra": 2})
    'The cards turned over: blue, locomotive and green; the tunnel asks for 2 extra cards.'
    """
    cards = [colour_name(c) for c in tunnel["cards"]]
    listed = cards[0] if len(cards) == 1 else gettext("{items} and {last}").format(items=listing(cards[:-1]),
                                                                                    last=cards[-1])
    if not tunnel["extra"]:
        return gettext("The cards turned over: {cards}; no extra card: the tunnel is claimed.").format(cards=listed)
    return ngettext("The cards turned over: {cards}; the tunnel asks for {n} extra card.",
                    "The cards turned over: {cards}; the tunnel asks for {n} extra cards.",
                    tunnel["extra"]).format(cards=listed, n=tunnel["extra"])


def scoring_walk_html(steps) -> str:
    """The final scoring's steps (``model.steps``) as a numbered list: each step's title and
    its sentences."""
    items = "".join(f"<li><b>{escape(step.title)}</b>: {escape(' '.join(step.lines))}</li>" for step in steps)
    return f'<ol class="ttr-scoring-walk">{items}</ol>'


def scoring_walk(steps):
    """The final scoring's steps, shown as a numbered list in the notebook."""
    from IPython.display import HTML

    return HTML(scoring_walk_html(steps))
