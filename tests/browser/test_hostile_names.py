"""Names from a shared file never run as script in a real browser (issue 13).

Every panel, drawing and table that shows a position's or a saved game's names is put, as the
widgets would put it, into one page of Debian's Chromium; the names are script-like (an
``<img onerror>``, a ``<script>``, an SVG ``onload``). No script may run, and every name must
show as text. A control page with one name left unescaped proves the watch would see it.
"""
from __future__ import annotations

import json
import random

from ttr_teach import Game
from ttr_teach.engine.position import load_position
from ttr_teach.views.svg import board_svg
from ttr_teach.views.widgets import SandboxModel, panel_html
from ttr_teach.views.widgets.replay_model import ReplayModel

from ..views.test_hostile_names import HOSTILE, NAMES

#: Each name also sets a flag when it runs, for script that a dialog would not reveal.
FLAGGED = NAMES + ['<img src=x onerror="window.__ran = (window.__ran || 0) + 1">',
                   '<svg><script>window.__ran = (window.__ran || 0) + 1</script></svg>']


def what_ran(page, html: str) -> tuple:
    """Load ``html`` as a page; return (the dialogs opened, the flag set by script, the page's text)."""
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.set_content(f"<!doctype html><html><body>{html}</body></html>", wait_until="load")
    page.wait_for_timeout(500)          # an <img src=x> fails, and its onerror would run, by now
    return dialogs, page.evaluate("() => window.__ran || 0"), page.evaluate("() => document.body.textContent")


def hostile_pages(tmp_path) -> str:
    """Every panel and drawing of a position, and of a replayed saved game, with hostile names."""
    position = json.loads(json.dumps(HOSTILE))
    position["players"].append({"name": FLAGGED[4]})
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(position), encoding="utf-8")
    pos = load_position(str(path))
    model = SandboxModel(pos)
    parts = [panel_html.score_table_html(model), panel_html.tickets_html(model), panel_html.stations_html(model),
             panel_html.hover_html(model, pos.map.route("Paris", "Frankfurt", "white")), board_svg(pos)]
    assert model.load_text(json.dumps({"map": "europe", "players": [{"name": FLAGGED[5]}] * 2}), FLAGGED[4]).ok is False
    parts.append(panel_html.message_html(model))
    game = Game.new("usa", NAMES[:3] + [FLAGGED[4]], seed=2)
    rng = random.Random(2)
    for _ in range(40):
        game.apply(rng.choice(game.legal_actions()))
    saved = tmp_path / "game.json"
    saved.write_text(json.dumps(game.to_dict()), encoding="utf-8")
    replay = ReplayModel(saved)
    replay.last()
    for seat in range(4):
        replay.watch(seat)
        parts.append(replay.hand_html())
    parts += [replay.caption_html(), replay.board_svg(), replay.score_svg()]
    # the game widget, the same game loaded from a shared file: the hot-seat screen, then the panel
    from ttr_teach.views.widgets import PlayModel, PlayWidget
    from ttr_teach.views.widgets.play_save import save_text
    from ttr_teach.views.widgets.play_setup import PlaySetup

    shared = save_text(game, PlaySetup.of("usa", [(n, "person") for n in game.players], seed=2))
    w = PlayWidget(PlayModel(), bot_delay=0)
    w.file_box._on_upload({"new": [{"name": FLAGGED[4], "content": memoryview(shared.encode("utf-8"))}]})
    assert w.model.names == list(game.players), w.message.value
    boxes = (w.status, w.message, w.pass_text, w.players, w.log_box, w.hand, w.hover)
    parts += [b.value for b in boxes]
    w.i_am_here_button.click()
    parts += [b.value for b in boxes]
    return "\n".join(parts)


def test_hostile_names_show_as_text_and_never_run(page, tmp_path):
    dialogs, ran, text = what_ran(page, hostile_pages(tmp_path))
    assert dialogs == [] and ran == 0
    for name in NAMES[:3] + [FLAGGED[4]]:
        assert name in text, name


def test_the_watch_sees_a_name_left_unescaped(page):
    dialogs, ran, _ = what_ran(page, f"<div>{NAMES[0]}</div><div>{FLAGGED[4]}</div>")
    assert dialogs == ["1"] and ran == 1
