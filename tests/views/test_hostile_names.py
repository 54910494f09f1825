"""Names and text from a file never become markup: a position whose every free-text field
holds script-like text (player names, its title and note; cities and tickets are checked
against the map, so they cannot) is drawn by every picture and shown by every panel, and the
text appears only as text: every HTML fragment parses with no foreign tag or event handler
and shows each name exactly, every SVG parses as XML with the names only in text and
attribute values. The same for a puzzle's title, question, hint and explanation.
"""
from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import pytest

from ttr_teach.engine.position import load_position
from ttr_teach.views.svg import board_svg
from ttr_teach.views.widgets import BoardWidget, SandboxModel, panel_html

NAMES = ['<img src=x onerror=alert(1)>', '"><script>alert(2)</script>', "Tom & Jerry's",
         "</title><svg onload=alert(3)>]]>"]
FOREIGN_TAGS = {"script", "img", "iframe", "object", "embed", "foreignobject"}

#: Every player routes, a station borrowing another's route, tickets: so that every panel
#: and every label says every name.
HOSTILE = {"map": "europe", "title": NAMES[0], "note": NAMES[1], "players": [
    {"name": NAMES[0], "routes": [["Paris", "Frankfurt", "white"], ["Frankfurt", "Berlin", "black"]],
     "stations": ["Wien"], "tickets": [["Paris", "Wien"], ["Berlin", "Roma"]]},
    {"name": NAMES[1], "routes": [["Wien", "Budapest", "white"], ["Essen", "Kobenhavn", "gray", "right"]],
     "stations": ["Berlin"], "tickets": [["Budapest", "Sofia"]]},
    {"name": NAMES[2], "routes": [["Budapest", "Bucuresti"], ["Essen", "Kobenhavn", "gray", "left"]],
     "stations": ["Sofia"], "tickets": [["Kobenhavn", "Erzurum"]]},
    {"name": NAMES[3], "routes": [["Sofia", "Bucuresti"], ["Roma", "Venezia"]], "stations": ["Budapest"],
     "tickets": [["Roma", "Smyrna"]]}]}


class _Collect(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags, self.attrs, self.text = set(), [], []

    def handle_starttag(self, tag, attrs):
        self.tags.add(tag.lower())
        self.attrs += attrs

    handle_startendtag = handle_starttag

    def handle_data(self, data):
        self.text.append(data)


def assert_safe_html(html: str, must_show=()):
    """``html`` has no foreign tag and no event handler, and shows each of ``must_show`` as
    text, exactly (not escaped twice)."""
    c = _Collect()
    c.feed(html)
    c.close()
    assert not (c.tags & FOREIGN_TAGS), (c.tags & FOREIGN_TAGS, html[:500])
    assert not [a for a, _ in c.attrs if a.lower().startswith("on")], html[:500]
    shown = "".join(c.text) + " ".join(v or "" for _, v in c.attrs)
    for name in must_show:
        assert name in shown, (name, html[:500])
    for name in NAMES:
        assert name not in html        # every one holds < or & or a quote: escaped, never raw


def assert_safe_svg(svg: str, must_show=NAMES):
    root = ET.fromstring(svg)          # well-formed XML: nothing escaped the escaping
    texts = []
    for el in root.iter():
        assert el.tag.rsplit("}", 1)[-1].lower() not in FOREIGN_TAGS, el.tag
        for attr, value in el.attrib.items():
            assert not attr.rsplit("}", 1)[-1].lower().startswith("on"), attr
            assert not value.strip().lower().startswith("javascript:")
            texts.append(value)
        texts += [el.text or "", el.tail or ""]
    shown = " ".join(texts)
    for name in must_show:
        assert name in shown, name


@pytest.fixture(scope="module")
def hostile_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("names") / "hostile.json"
    path.write_text(json.dumps(HOSTILE), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def position(hostile_file):
    return load_position(str(hostile_file))


def test_the_hostile_position_loads_with_its_names_as_they_are(position):
    assert [p.name for p in position.players] == NAMES


def test_every_svg_of_the_position_holds_the_names_only_as_text(position):
    assert_safe_svg(board_svg(position))
    assert_safe_svg(position._repr_svg_())
    assert_safe_svg(board_svg(position, scores=False, size=600))
    marks = [{"longest": n} for n in NAMES] + [{"station": "Wien"}, {"ticket": ["Paris", "Wien"]},
                                              {"routes": [["Paris", "Frankfurt", "white"]], "label": NAMES[3]}]
    assert_safe_svg(board_svg(position, highlight=marks))


def test_every_panel_of_the_sandbox_shows_the_names_only_as_text(position, hostile_file):
    model = SandboxModel(position)
    assert_safe_html(panel_html.score_table_html(model), NAMES)
    assert_safe_html(panel_html.tickets_html(model), NAMES)
    stations = panel_html.stations_html(model)
    assert "borrows" in stations
    assert_safe_html(stations, NAMES)
    for route in model.map.routes:
        assert_safe_html(panel_html.hover_html(model, route))
    for city in model.map.cities.values():
        assert_safe_html(panel_html.hover_html(model, city))
    assert_safe_html(panel_html.hover_html(model, model.map.route("Paris", "Frankfurt", "orange")), [NAMES[0]])
    assert model.load(str(hostile_file)).ok
    assert_safe_html(panel_html.message_html(model), NAMES)      # "Loaded ... with <names>"
    twice = '{"name": "<img src=x onerror=alert(4)>"}'
    assert not model.load_text(f'{{"map": "europe", "players": [{twice}, {twice}]}}', "<script>up.json</script>").ok
    assert_safe_html(panel_html.message_html(model), ["<script>up.json</script>", "<img src=x onerror=alert(4)>"])


def test_the_sandbox_widget_puts_only_escaped_text_in_its_html_boxes(position):
    w = BoardWidget(position)
    boxes = [w.title, w.message, w.hover_text, w.score, w.tickets, w.stations, w.download,
             w.board_keys.words, w.board_keys.live]
    w.tabs.selected_index = 3          # the File tab fills the download link
    for route in (position.map.route("Paris", "Frankfurt", "white"), position.map.route("Wien", "Budapest", "white")):
        w._hovered = route
        w._show_hover_text()
        assert_safe_html(w.hover_text.value)
    w.model.rename_player(0, "<i onmouseover=alert(5)>x</i>")
    for box in boxes:
        assert_safe_html(box.value)
    assert "&lt;i onmouseover" in w.score.value


def test_a_puzzle_shows_its_texts_only_as_text(position, tmp_path):
    import yaml

    from ttr_teach.course.puzzles.format import puzzle_from_text
    from ttr_teach.course.puzzles.notebook import PuzzleBook, header_html
    from ttr_teach.course.puzzles.worksheet import Worksheet

    doc = {"id": "hostile-1", "title": NAMES[0], "level": "introductory", "kind": "total_score",
           "position": {k: v for k, v in HOSTILE.items() if k in ("map", "players")}, "player": NAMES[1],
           "question": NAMES[1], "answer": 0, "hint": NAMES[2], "explanation": NAMES[3] + " scores 0.",
           "note": NAMES[0]}
    puzzle = puzzle_from_text(yaml.safe_dump(doc), "hostile.yaml")
    assert_safe_html(header_html(puzzle, 1, 1), [NAMES[0]])
    assert_safe_html(PuzzleBook([puzzle]).contents_html(), [NAMES[0]])
    sheet = Worksheet(NAMES[2], [puzzle])
    assert_safe_html(sheet.to_html(), NAMES)
    markdown = sheet.to_markdown(boards=False)
    assert not [n for n in NAMES if n in markdown]      # Markdown shows HTML too: escaped there as well
    assert_safe_svg(puzzle.board_svg(), [NAMES[1]])
    assert_safe_svg(puzzle.board_svg(solution=True), [NAMES[1]])
    box = puzzle.exercise.widget()
    html_values = [c.value for c in box.children if hasattr(c, "value") and isinstance(c.value, str)]
    for value in html_values:
        assert_safe_html(value)


# -- uploads: the sandbox's file button goes through the engine's one reader -------------------------
@pytest.mark.parametrize("content, words", [
    (b'{"map": "europe", "players": [{"name": "\xff"}]}', "not UTF-8 text (line 1: byte 41 is 0xff)"),
    (b"a: &a [1, 2]\nb: *a\n", "YAML aliases"),
    (b'{"note": ' + b"9" * 5000 + b"}", "a number of 5000 characters"),
    (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    (b"x" * 3_000_000, "too big"),
    (b'{"map": "europe", "map": "usa", "players": []}', "field 'map' appears twice"),
])
def test_an_uploaded_file_is_refused_in_the_panel_and_the_position_kept(content, words):
    w = BoardWidget("europe", players=["Ann", "Bo"])
    before = w.model.position
    w._on_upload({"new": [{"name": "<b>up</b>.json", "content": memoryview(content)}]})
    assert w.model.refused and w.model.position is before
    assert words in w.model.message and "<b>up</b>.json" in w.model.message
    assert_safe_html(w.message.value, ["<b>up</b>.json"])


# -- a saved game replayed: the players' names from the file, in every box and drawing -------------
def test_a_replayed_saved_game_shows_its_names_only_as_text(tmp_path):
    import random

    from ttr_teach import Game
    from ttr_teach.views.widgets.replay_model import ReplayModel
    from ttr_teach.views.widgets.replay_widget import ReplayWidget

    game = Game.new("europe", NAMES, seed=5)
    rng = random.Random(5)
    for _ in range(60):                # the first tickets, then draws and claims
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    path = tmp_path / "<b>saved<i>.json"
    path.write_text(json.dumps(game.to_dict()), encoding="utf-8")
    model = ReplayModel(path)
    assert model.names == NAMES
    claimed = [s for s in range(len(model)) if model.frames[s].claimed is not None]
    for step in [0, 1, len(model) - 1] + claimed[:3]:
        model.go(step)
        for seat in range(len(NAMES)):
            model.watch(seat)
            assert_safe_html(model.hand_html(), [NAMES[seat]])
        assert_safe_html(model.caption_html())
        assert_safe_html(model.face_up_html())
        assert_safe_svg(model.board_svg())
        assert_safe_svg(model.score_svg())
    w = ReplayWidget(model)
    for box in (w.board, w.caption, w.hand, w.face_up, w.scores):
        assert "<script" not in box.value and "<img" not in box.value
    assert [label for label, _ in w.watch.options] == NAMES      # a dropdown shows its labels as text


# -- a tournament: the bots' names (file names) in its tables ----------------------------------------
def test_a_tournament_shows_the_bots_names_only_as_text():
    from ttr_teach import RandomBot
    from ttr_teach.players.tournament import tournament

    result = tournament({NAMES[0]: RandomBot, NAMES[1]: RandomBot}, games=2, players=2, maps=("usa",),
                        jobs=1, progress=False)
    assert_safe_html(result._repr_html_(), NAMES[:2])
    standings = result.standings()
    if hasattr(standings, "_repr_html_"):
        assert_safe_html(standings._repr_html_(), NAMES[:2])


# -- the game widget: a saved game shared by someone else, loaded into the panel ----------------------
def test_the_game_widget_shows_a_loaded_games_names_only_as_text():
    import random

    from ttr_teach import Game
    from ttr_teach.views.geometry import board_geometry
    from ttr_teach.views.widgets import PlayModel, PlayWidget
    from ttr_teach.views.widgets.canvas_board import LAYERS
    from ttr_teach.views.widgets.play_save import save_text
    from ttr_teach.views.widgets.play_setup import PlaySetup

    names = NAMES[:3]
    game = Game.new("europe", names, seed=8)
    rng = random.Random(8)
    while not any(game.routes(s) for s in range(3)):
        game.apply(rng.choice(game.legal_actions()))
    text = save_text(game, PlaySetup.of("europe", [(n, "person") for n in names], seed=8))
    w = PlayWidget(PlayModel(), bot_delay=0)
    w.file_box._on_upload({"new": [{"name": "<b>shared</b>.json", "content": memoryview(text.encode("utf-8"))}]})
    assert w.model.game is not None and w.model.names == names, w.message.value
    boxes = lambda: [w.status, w.message, w.pass_text, w.players, w.log_box, w.hand, w.hover,   # noqa: E731
                     w.board_keys.words, w.board_keys.live]
    for box in boxes():
        assert_safe_html(box.value)
    from html import escape

    assert w.model.screen == "pass"                     # hot seat: whose turn it is, by name
    assert f"Pass the laptop to <b>{escape(names[w.model.waiting_for])}</b>" in w.pass_text.value
    w.i_am_here_button.click()
    for box in boxes():
        assert_safe_html(box.value)
    owned = next(r for s in range(3) for r in game.routes(s))
    x, y = board_geometry(w.model.map).rows[owned.index].space_center(0)
    w.board.canvas[len(LAYERS) - 1]._handle_frontend_event(
        None, {"event": "mouse_move", "x": w.board.to_pixels(x, y)[0], "y": w.board.to_pixels(x, y)[1]}, [])
    owner = next(s for s in range(3) if owned in game.routes(s))
    assert_safe_html(w.hover.value, [NAMES[owner]])
