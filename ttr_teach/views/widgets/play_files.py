"""Saving and loading a game from the panel: a download link and the text of the saved game,
a text box to paste one into, and a file upload (all through the model, which refuses a
broken file and keeps the current game).
"""
from __future__ import annotations

import base64

import ipywidgets as widgets

from ...engine.i18n import gettext
from .play_controls import button, html
from .upload import load_upload


class FileBox(widgets.Accordion):
    """The "Save or load a game" section of the panel, for ``model``."""

    def __init__(self, model):
        self.model = model
        self.text = widgets.Textarea(placeholder=gettext("a saved game (JSON)"),
                                     layout=widgets.Layout(width="100%", height="90px"))
        self.text.add_class("ttr-file-text")
        save = button(gettext("Save"), "ttr-save", icon="download")
        save.on_click(lambda _: self.save())
        load = button(gettext("Load the text"), "ttr-load", icon="upload")
        load.on_click(lambda _: self.model.load_text(self.text.value, gettext("the text box")))
        self.upload = widgets.FileUpload(accept=".json", multiple=False, description=gettext("Open a file"))
        self.upload.observe(self._on_upload, "value")
        self.download = html("ttr-download")
        box = widgets.VBox([widgets.HBox([save, load, self.upload], layout=widgets.Layout(flex_flow="row wrap")),
                            self.download, self.text])
        super().__init__([box])
        self.set_title(0, gettext("Save or load a game"))
        self.selected_index = None

    def save(self) -> None:
        """Put the saved game in the text box and in a download link."""
        text = self.model.save_text()
        self.text.value = text
        data = base64.b64encode(text.encode("utf-8")).decode("ascii")
        self.download.value = gettext("{link}⬇ Download ttr-game.json</a> (or copy the text below)").format(
            link=f'<a download="ttr-game.json" href="data:application/json;base64,{data}">')

    def _on_upload(self, change):
        load_upload(self.model, change["new"])    # the engine's reader decodes and checks it
