"""The engine speaks the learner's language: a refusal, a payment, a scoring sentence, the game
log and a file error come out in Vietnamese, Persian, Swedish and Italian with their
placeholders filled (docs/translating.md), colour words agree with the noun they describe, and
no refusal of the engine is left unmarked for translation (an AST scan of ttr_teach/engine)."""

import ast
import json
from pathlib import Path

import pytest

import ttr_teach
from ttr_teach.engine.errors import IllegalAction, MapError, PositionError
from ttr_teach.engine.game.core import Game
from ttr_teach.engine.maps import load_map
from ttr_teach.engine.position import load_position
from ttr_teach.engine.scoring import score
from ttr_teach.engine.text import colour_cards, colour_name

ENGINE = Path(__file__).resolve().parents[2] / "ttr_teach" / "engine"


@pytest.fixture(autouse=True)
def _english_after():
    yield
    ttr_teach.set_language(None)


def _refusal(game, action):
    with pytest.raises(IllegalAction) as refused:
        game.apply(action)
    return str(refused.value)


def _white_paris_frankfurt_paid_in_red():
    game = Game.arranged("europe", ["Ann", "Bo"], hands=[{"red": 3}, {}])
    route = game.map.route("Paris", "Frankfurt", "white").index
    return game, {"type": "claim_route", "route": route, "color": "red", "colored": 3, "locomotives": 0}


@pytest.mark.parametrize("lang, expected", [
    ("en", "Frankfurt–Paris must be paid with white cards (locomotives are wild), not red"),
    ("sv", "Frankfurt–Paris måste betalas med kort i vitt (lok är jokrar), inte i rött"),
    ("it", "per Frankfurt–Paris si paga con carte di colore bianco (le locomotive sono jolly), non rosso"),
    ("vi", "Frankfurt–Paris phải được trả bằng thẻ màu trắng (đầu máy thay cho mọi màu), không phải màu đỏ"),
    ("fa", "هزینه‌ی Frankfurt–Paris را باید با کارت‌های سفید داد (لوکوموتیو چندمنظوره است)، نه قرمز"),
])
def test_a_refused_payment_names_the_route_and_both_colours_in_the_learners_language(lang, expected):
    game, action = _white_paris_frankfurt_paid_in_red()
    ttr_teach.set_language(lang)
    assert _refusal(game, action) == expected
    assert game.hand(0) == {"red": 3}                    # refused: nothing changed


def test_a_refusal_with_numbers_fills_them_in_and_persian_writes_them_in_persian_digits():
    game = Game.arranged("europe", ["Ann", "Bo"], hands=[{"red": 3}, {}])
    route = game.map.route("Paris", "Frankfurt", "white").index
    action = {"type": "claim_route", "route": route, "color": "white", "colored": 1, "locomotives": 0}
    ttr_teach.set_language("sv")
    assert _refusal(game, action) == "Frankfurt–Paris kräver 3 kort; du erbjöd 1"
    ttr_teach.set_language("fa")
    assert _refusal(game, action) == "Frankfurt–Paris به ۳ کارت نیاز دارد؛ شما ۱ کارت دادید"


def test_the_second_card_rule_is_refused_in_each_language():
    game = Game.arranged("europe", ["Ann", "Bo"], face_up=["red", "locomotive", "blue", "green", "black"])
    game.apply({"type": "draw_face_up", "card": "red"})
    second_locomotive = {"type": "draw_face_up", "card": "locomotive"}
    expected = {"en": "a face-up locomotive cannot be your second card",
                "sv": "ett öppet lokkort kan inte vara ditt andra kort",
                "it": "una locomotiva scoperta non può essere la tua seconda carta",
                "vi": "thẻ đầu máy đang ngửa không thể là thẻ thứ hai của bạn",
                "fa": "لوکوموتیوِ رو نمی‌تواند کارت دوم شما باشد"}
    for lang, sentence in expected.items():
        ttr_teach.set_language(lang)
        assert _refusal(game, second_locomotive) == sentence


def test_colour_words_agree_with_the_noun_they_describe():
    ttr_teach.set_language("sv")
    assert (colour_name("red"), colour_cards(1, "red"), colour_cards(2, "red")) == ("rött", "1 rött kort",
                                                                                     "2 röda kort")
    assert str(load_map("europe").route("Paris", "Frankfurt", "white")) == "Frankfurt–Paris (3 vita rutor)"
    ttr_teach.set_language("it")
    assert (colour_name("red"), colour_cards(1, "red"), colour_cards(2, "red")) == ("rosso", "1 carta rossa",
                                                                                     "2 carte rosse")
    assert colour_cards(1, "locomotive") == "1 locomotiva"
    ttr_teach.set_language(None)
    assert (colour_name("red"), colour_cards(2, "red"), colour_cards(1, "locomotive")) == ("red", "2 red cards",
                                                                                         "1 locomotive")


def test_actions_and_the_game_log_are_told_in_the_learners_language():
    game = Game.arranged("usa", ["Ann", "Bo"], hands=[{"pink": 4}, {}])
    route = game.map.route("Denver", "Omaha")
    game.apply({"type": "claim_route", "route": route.index, "color": "pink", "colored": 4, "locomotives": 0})
    ttr_teach.set_language("it")
    assert game.history()[-2:] == ["Ann: occupa Denver–Omaha (4 caselle viola) con 4 carte viola",
                                   "Ann occupa Denver–Omaha (4 caselle viola) per 7 punti"]
    ttr_teach.set_language("vi")
    assert game.history()[-1] == "Ann chiếm Denver–Omaha (4 ô tím) được 7 điểm"
    ttr_teach.set_language(None)
    assert game.history()[-1] == "Ann claims Denver–Omaha (4 pink) for 7 points"


TIED = {"map": "usa", "players": [{"name": "Ann", "routes": [["Denver", "Omaha"]]},
                                  {"name": "Bo", "routes": [["Omaha", "Chicago"]]}]}


@pytest.mark.parametrize("lang, first, last", [
    ("sv", "Ann och Bo har lika många poäng, 17.", "Fortfarande lika: Ann och Bo; det finns ingen vinnare."),
    ("it", "Ann e Bo sono pari a 17 punti.", "Ancora pari: Ann e Bo; non c'è un vincitore."),
    ("vi", "Ann và Bo hòa nhau với 17 điểm.", "Vẫn hòa: Ann và Bo; không có người thắng."),
    ("fa", "Ann و Bo با ۱۷ امتیاز مساوی‌اند.", "هنوز مساوی: Ann و Bo؛ برنده‌ای نیست."),
])
def test_the_scoring_sentence_of_a_tie_is_translated_with_names_and_points(lang, first, last):
    ttr_teach.set_language(lang)
    why = score(TIED).tie_break
    assert why.startswith(first) and why.endswith(last)
    ttr_teach.set_language(None)
    assert score(TIED).tie_break.startswith("Ann and Bo are tied on 17 points.")   # kept per language


@pytest.mark.parametrize("lang, expected", [
    ("en", "player 'Ann': route Paris–Nowhere: there is no city called 'Nowhere' on the europe map"),
    ("sv", "spelare 'Ann': sträcka Paris–Nowhere: det finns ingen stad som heter 'Nowhere' på kartan europe"),
    ("it", "giocatore 'Ann': percorso Paris–Nowhere: non c'è nessuna città chiamata 'Nowhere' sulla mappa europe"),
    ("vi", "người chơi 'Ann': tuyến Paris–Nowhere: bản đồ europe không có thành phố nào tên 'Nowhere'"),
    ("fa", "بازیکن 'Ann': مسیر Paris–Nowhere: در نقشه‌ی europe شهری به نام 'Nowhere' نیست"),
])
def test_a_bad_position_file_is_refused_naming_file_player_and_item_in_the_learners_language(tmp_path, lang,
                                                                                            expected):
    path = tmp_path / "ann1.json"
    path.write_text(json.dumps({"map": "europe", "players": [{"name": "Ann", "routes": [["Paris", "Nowhere"]]},
                                                             {"name": "Bo"}]}))
    ttr_teach.set_language(lang)
    with pytest.raises(PositionError) as refused:
        load_position(str(path))
    assert str(refused.value) == f"{path}: {expected}"          # the file name keeps its digits


def test_a_map_lookup_is_refused_in_the_learners_language():
    ttr_teach.set_language("sv")
    with pytest.raises(MapError, match="^det finns ingen sträcka i rött mellan Paris och Frankfurt$"):
        load_map("europe").route("Paris", "Frankfurt", "red")


# -- every refusal is marked for translation ------------------------------------------------------
#: The engine's errors whose message a learner reads.
REFUSALS = {"IllegalAction", "PositionError", "MapError", "ReplayError"}


def _written_in_place(node):
    """An English text written straight into the code: a string, an f-string, or a sum with one."""
    if isinstance(node, ast.JoinedStr) or (isinstance(node, ast.Constant) and isinstance(node.value, str)):
        return True
    return isinstance(node, ast.BinOp) and (_written_in_place(node.left) or _written_in_place(node.right))


def unmarked_refusals(source: str) -> list[int]:
    """The lines of ``source`` that raise a refusal with a text not passed through gettext, or
    whose ``why_...``/``waiting_for`` function returns such a text (a reason is a refusal too)."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and node.exc.args:
            func = node.exc.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            if name in REFUSALS and _written_in_place(node.exc.args[0]):
                lines.append(node.lineno)
        if isinstance(node, ast.FunctionDef) and (node.name.startswith("why_") or node.name == "waiting_for"):
            lines += [r.lineno for r in ast.walk(node)
                      if isinstance(r, ast.Return) and r.value is not None and _written_in_place(r.value)]
    return lines


def test_the_scan_finds_an_unmarked_refusal_and_passes_a_marked_one():
    assert unmarked_refusals('raise IllegalAction(f"no {x}")\nraise PositionError("bad " + y)') == [1, 2]
    assert unmarked_refusals('def why_not(s):\n    return "you may not"') == [2]
    assert unmarked_refusals('raise IllegalAction(gettext("no {x}").format(x=x))\nraise MapError(str(e))') == []


def test_no_refusal_of_the_engine_is_left_unmarked_for_translation():
    found = [f"{path.relative_to(ENGINE.parent.parent)}:{line}" for path in sorted(ENGINE.rglob("*.py"))
             for line in unmarked_refusals(path.read_text(encoding="utf-8"))]
    assert not found, "refusals written in English only (mark them with gettext):\n" + "\n".join(found)
