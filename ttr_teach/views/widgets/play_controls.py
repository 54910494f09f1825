"""The game panel's decisions: how to pay for the route or city clicked, the tunnel's cards
with pay or decline, and the tickets to keep; plus the small helpers the panel's widgets
share.

Each decision is a box of buttons made from the model's options (legal actions, cheapest
first) and shown only while that decision is open; a click calls the model.

>>> from ttr_teach.views.widgets.play_model import PlayModel
>>> model = PlayModel.new("usa", [("Ann", "person"), ("Bo", "random")], seed=3)
>>> box = Decisions(model)
>>> box.refresh(); [b.description for b in box.offer_buttons][:1], box.keep_button.description
(['Los Angeles–Seattle (9)'], 'Keep 0 tickets')
"""
from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ...engine.actions import PayTunnel
from ...engine.i18n import gettext, ngettext
from .play_panel import tunnel_html
from .play_text import first_is_cheapest, payment_text


def html(css_class: str, value: str = "") -> widgets.HTML:
    """An HTML box with a CSS class (tests and the page's style find it by that)."""
    box = widgets.HTML(value)
    box.add_class(css_class)
    box.add_class("ttr-html")
    return box


def button(description: str, css_class: str, width: str = "auto", **kwargs) -> widgets.Button:
    """A button with a CSS class."""
    b = widgets.Button(description=description, layout=widgets.Layout(width=width), **kwargs)
    b.add_class(css_class)
    return b


def show(widget, visible: bool) -> None:
    """Show or hide ``widget`` (it keeps its place in the panel)."""
    widget.layout.display = None if visible else "none"


def _row() -> widgets.HBox:
    return widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))


class Decisions(widgets.VBox):
    """The open decision of the person to act, for ``model``."""

    def __init__(self, model):
        self.model = model
        self._syncing = False
        self._keys = {}
        self.choice_text = html("ttr-choice-text")
        self.pay_buttons = _row()
        self.cancel_button = button(gettext("Cancel"), "ttr-cancel", icon="times")
        self.cancel_button.on_click(lambda _: model.cancel())
        self.choice_box = widgets.VBox([self.choice_text, self.pay_buttons, self.cancel_button])
        self.tunnel_text = html("ttr-tunnel")
        self.tunnel_buttons = _row()
        self.tunnel_box = widgets.VBox([self.tunnel_text, self.tunnel_buttons])
        self.offer_text = html("ttr-offer-text")
        self.offer_box = widgets.VBox()
        self.offer_buttons = []
        self.keep_button = button(gettext("Keep the chosen tickets"), "ttr-keep", icon="check", button_style="success")
        self.keep_button.on_click(lambda _: model.keep_tickets())
        self.keep_box = widgets.VBox([self.offer_text, self.offer_box, self.keep_button])
        super().__init__([self.choice_box, self.tunnel_box, self.keep_box])

    def refresh(self) -> None:
        self._syncing = True
        try:
            self._refresh_choice()
            self._refresh_tunnel()
            self._refresh_offer()
        finally:
            self._syncing = False

    def _buttons(self, name, options, make):
        """Make the buttons of ``options`` again only when they changed."""
        key = tuple(repr(a.to_dict()) for a in options)
        if self._keys.get(name) == key:
            return None
        self._keys[name] = key
        return [make(k, a) for k, a in enumerate(options)]

    def _refresh_choice(self):
        m = self.model
        c = m.choice
        show(self.choice_box, c is not None)
        if c is None:
            self._keys.pop("choice", None)
            self.pay_buttons.children = ()
            return
        what = (gettext("Claim {target}") if c.kind == "claim" else gettext("A station in {target}")).format(
            target=c.target)
        self.choice_text.value = gettext("<b>{what}</b>: pay with").format(what=escape(what))

        def make(k, a):
            label = payment_text(a)
            if k == 0 and first_is_cheapest(c.options):
                label = gettext("{payment} (cheapest)").format(payment=label)
            b = button(label, "ttr-pay", button_style="success" if k == 0 else "")
            b.on_click(lambda _: m.choose(k))
            return b

        buttons = self._buttons("choice", c.options, make)
        if buttons is not None:
            self.pay_buttons.children = buttons
            if buttons:     # the next thing to do: a keyboard or screen-reader user lands on it
                buttons[0].focus()

    def _refresh_tunnel(self):
        m = self.model
        pending = m.game.pending if m.game is not None else None
        waiting = bool(pending and pending["kind"] == "tunnel" and m.is_person_turn)
        show(self.tunnel_box, m.tunnel is not None)
        self.tunnel_text.value = tunnel_html(m)
        options = m.tunnel_options if waiting else []
        pays = [a for a in options if isinstance(a, PayTunnel)]

        def make(k, a):
            if isinstance(a, PayTunnel):
                pay = gettext("Pay {cards}").format(cards=payment_text(a))
                b = button(pay, "ttr-tunnel-pay", button_style="success" if k == 0 else "")
                b.on_click(lambda _: m.pay(k))
            else:
                b = button(gettext("Decline"), "ttr-tunnel-decline", icon="times")
                b.on_click(lambda _: m.decline())
            return b

        buttons = self._buttons("tunnel", pays + options[len(pays):], make)
        if buttons is not None:
            self.tunnel_buttons.children = buttons
        shown = m.tunnel is None or m.tunnel["shown"] >= len(m.tunnel["cards"])
        for b in self.tunnel_buttons.children:     # decide once every card is seen
            b.disabled = not shown

    def _refresh_offer(self):
        m = self.model
        offer = m.offer
        show(self.keep_box, bool(offer))
        if not offer:
            self.offer_buttons = []
            self.offer_box.children = ()
            return
        self.offer_text.value = gettext("<b>Choose the tickets to keep</b> (at least {n}): click a ticket to "
                                        "choose it.").format(n=m.game.pending["keep_at_least"])
        if [b.ticket for b in self.offer_buttons] != [t.index for t in offer]:
            self.offer_buttons = []
            for t in offer:
                b = widgets.ToggleButton(description=str(t), layout=widgets.Layout(width="auto"))
                b.add_class("ttr-offer")
                b.ticket = t.index
                b.observe(lambda ch, t=t.index: self._on_offer(t, ch["new"]), "value")
                self.offer_buttons.append(b)
            self.offer_box.children = self.offer_buttons
        for b in self.offer_buttons:
            b.value = b.ticket in m.keep
            b.icon = "check" if b.value else ""
        self.keep_button.description = ngettext("Keep {n} ticket", "Keep {n} tickets", len(m.keep)).format(
            n=len(m.keep))

    def _on_offer(self, ticket, chosen):
        if not self._syncing and (ticket in self.model.keep) != chosen:
            self.model.toggle_ticket(ticket)
