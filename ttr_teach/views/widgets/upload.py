"""A file the learner uploads with a ``FileUpload`` button, handed to the engine's reader.

The sandbox board and the play widget both offer an upload button; both load what it holds
through here, so an upload is read (and a broken one refused) the same way everywhere.

>>> class Model:
...     def load_text(self, content, name):
...         return name, content
>>> load_upload(Model(), [{"name": "game.json", "content": memoryview(b"{}")}])
('game.json', b'{}')
>>> load_upload(Model(), ()) is None
True
"""
from __future__ import annotations

from ...engine.i18n import gettext


def load_upload(model, files):
    """Give the first uploaded file in ``files`` (a ``FileUpload`` value: a tuple of dicts in
    ipywidgets 8, a dict of name -> file in ipywidgets 7) to ``model.load_text(content, name)``,
    which decodes, checks and loads it; returns what that returns (None when nothing was
    uploaded)."""
    if not files:
        return None
    item = files[0] if isinstance(files, (list, tuple)) else next(iter(files.values()))
    unnamed = gettext("the file")
    name = item.get("name", unnamed) if isinstance(item, dict) else getattr(item, "name", unnamed)
    content = item["content"] if isinstance(item, dict) else item.content
    return model.load_text(bytes(content), name)
