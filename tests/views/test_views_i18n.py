"""The views speak the learner's language: with ``set_language`` the legend, the board's title and
description, the stepper, the board in words, the keyboard's labels and the sandbox's sentences
come out translated as whole phrases, their placeholders filled (the tests elsewhere read the
English ones)."""

from __future__ import annotations

import pytest

import ttr_teach
from ttr_teach.engine.maps import load_map
from ttr_teach.engine.position import as_position
from ttr_teach.views.board_words import board_description, board_title
from ttr_teach.views.last_move import resolve_last_move
from ttr_teach.views.legend import legend_svg
from ttr_teach.views.widgets.play_keyboard import BoardKeys, route_option
from ttr_teach.views.widgets.play_model import PlayModel
from ttr_teach.views.widgets.play_words import owned_routes_lines, play_words
from ttr_teach.views.widgets.sentences import describe_route, route_label
from ttr_teach.views.widgets.stepper import Stepper


@pytest.fixture(autouse=True)
def _english_after():
    yield
    ttr_teach.set_language(None)


@pytest.fixture
def position():
    return as_position({"map": "europe", "players": [
        {"name": "Ann", "routes": [["Paris", "Frankfurt", "white"]], "stations": ["Wien"]},
        {"name": "Bo"}]})


def test_the_board_title_and_description_are_whole_swedish_sentences(position):
    ttr_teach.set_language("sv")
    assert board_title(position) == "Spelplanen i Ticket to Ride Europe: Ann (rött, cirklar), Bo (blått, kvadrater)"
    first, second = board_description(position, points=[4, 0], points_word="route point").splitlines()
    assert first == ("Ann (rött, cirklar): 4 sträckpoäng, 42 vagnar kvar, 2 stationer kvar; "
                     "äger Frankfurt–Paris (3 vita rutor); en station i Wien.")
    assert second == "Bo (blått, kvadrater): 0 sträckpoäng, 45 vagnar kvar, 3 stationer kvar; äger ingen sträcka än."


def test_the_last_move_is_said_in_italian(position):
    ttr_teach.set_language("it")
    move = resolve_last_move(position, [{"route": ["Paris", "Frankfurt", "white"]}, {"station": "Wien"}])
    assert move.words[1] == "Ann ha costruito una stazione a Wien"
    assert move.words[0].startswith("Ann ha occupato ")


def test_the_legend_names_colours_shapes_and_ferries_in_persian():
    ttr_teach.set_language("fa")
    svg = legend_svg(load_map("europe"), [("Ann", "red")], last_move=True)
    assert "<title>راهنما: رنگ مسیرها با حرف هر رنگ، Ann (قرمز، دایره)</title>" in svg
    assert "فِری: لوکوموتیو لازم است" in svg and "حرکت آخر بازیکنان دیگر" in svg
    assert ">red<" not in svg and "tunnel" not in svg


def test_the_stepper_says_its_phrases_whole_in_vietnamese_and_swedish():
    ttr_teach.set_language("vi")
    s = Stepper(0, 8, play=True, jump=True)
    assert s.label.value == "bước 1/9"
    assert (s.previous_button.description, s.next_button.description) == ("◀ Trước", "Tiếp ▶")
    assert s.previous_button.tooltip == "bước trước" and s.jump_box.description == "đến bước"
    ttr_teach.set_language("sv")
    s = Stepper(0, 3, description="tur", play=True)
    s.step(2)
    assert s.label.value == "tur 3 av 4" and s.play_button.description == "Spela"
    assert s.next_button.tooltip == "nästa tur"


def test_the_board_in_words_is_persian_with_persian_digits():
    ttr_teach.set_language("fa")
    model = PlayModel.new("usa", [("Ann", "person"), ("Bo", "random")], seed=1)
    text = play_words(model)
    assert "هنوز هیچ مسیری ساخته نشده است." in text and "دست Ann" in text
    assert 'aria-label="صفحه‌ی بازی با کلمات"' in text
    assert "۴۵ واگن مانده" in text and "45" not in text.split("دست Ann")[0].split("بازیکنان")[1]


def test_the_routes_a_player_owns_are_listed_in_italian(position):
    ttr_teach.set_language("it")
    assert owned_routes_lines(position)[0] == \
        "Ann (rosso, cerchi): 1 tratta: Frankfurt–Paris (bianco), 3 vagoni; una stazione a Wien."


def test_the_keyboards_labels_options_and_help_are_swedish():
    ttr_teach.set_language("sv")
    m = load_map("europe")
    keys = BoardKeys(m, on_route=lambda r: None, on_city=lambda c: None)
    assert (keys.city.description, keys.route.description) == ("Stad", "Sträcka")
    assert keys.city.options[0][0] == "– välj en stad –"
    assert keys.show_words.description == "Visa spelplanen i ord"
    keys.choose_city("Paris")
    assert keys.route.options[0][0] == "– sträckorna från Paris –"
    keys.choose_route("Frankfurt", "white")
    assert keys.route_button.description == "Bygg den här sträckan: Frankfurt–Paris (vitt)"
    assert keys.city_button.description == "Bygg en station här: Paris"
    assert route_option(m, m.route("Zürich", "Paris", "gray"), m.city_id("Paris"), "Bo") == \
        "till Zürich: grått, 3 rutor, tunnel, Bos"
    help_line = next(c for c in keys.children if "ttr-keys-help" in c._dom_classes)
    assert "När spelplanen har fokus" in help_line.value


def test_the_sandbox_describes_a_route_in_vietnamese(position):
    ttr_teach.set_language("vi")
    m = position.map
    assert route_label(m, m.route("Essen", "Kobenhavn", "gray")) in (
        "Essen–København (xám bên trái)", "Essen–København (xám bên phải)")
    text = describe_route(position, m.route("Paris", "Frankfurt", "orange"))
    assert text == ("Frankfurt–Paris: 3 ô màu cam, 4 điểm; tuyến đôi (nửa màu trắng là của Ann); còn trống.")


def test_a_coach_hint_is_given_in_swedish_and_persian_with_its_figures_filled():
    from ttr_teach.engine.game.core import Game
    from ttr_teach.players.coach import hint

    game = Game.new("usa", ["Ann", "Bo"], seed=4)
    english = hint(game)
    ttr_teach.set_language("sv")
    swedish = hint(game)
    assert swedish.action == english.action and swedish.figures == english.figures
    assert swedish.reason.startswith("Behåll ") and "Med biljetterna du har" in swedish.reason
    assert f"du har {english.figures['trains_left']}" in swedish.reason and "{" not in swedish.reason
    ttr_teach.set_language("fa")
    persian = hint(game).reason
    assert "را نگه دارید: با بلیت‌هایی که دارید، ارزان‌ترین شبکه" in persian
    assert "۴۵" in persian and "45" not in persian


def test_the_play_widgets_buttons_and_setup_form_speak_swedish():
    from ttr_teach.views.widgets import play

    ttr_teach.set_language("sv")
    w = play("usa", [("Ann", "person"), ("Bo", "random")], seed=1)
    assert (w.hint_button.description, w.undo_button.description, w.why_not_button.description) == \
        ("Ledtråd", "Ångra", "Varför inte?")
    assert w.deck_button.description.startswith("Draghög ") and w.new_game_button.description == "Nytt spel"
    assert w.decisions.keep_button.description.startswith("Behåll ")
    assert w.form.start_button.description == "Starta spelet"
    assert w.form.practice.description == "övningsparti (ångra tillåtet)"


def test_the_sandbox_panel_speaks_italian():
    from ttr_teach.views.widgets import BoardWidget

    ttr_teach.set_language("it")
    w = BoardWidget("europe", players=["Ann", "Bo"])
    assert [w.tabs.get_title(k) for k in range(4)] == ["Biglietti", "Stazioni", "Giocatori", "File"]
    assert (w.undo_button.description, w.redo_button.description) == ("Annulla", "Ripeti")
    assert w.longest_box.description == "mostra i percorsi più lunghi"
    assert w.give_button.description == "Dai a Ann"
    assert "Fai clic su un percorso" in w.title.value


def test_the_play_models_messages_are_persian():
    ttr_teach.set_language("fa")
    model = PlayModel.new("usa", [("Ann", "person"), ("Bo", "random")], seed=1)
    assert model.click(-500, -500).message == "این‌جا چیزی نیست: روی خانه‌های یک مسیر یا روی یک شهر کلیک کنید."
    assert model.set_show_tickets(False).message == "بلیت‌ها پنهان شدند."
    assert model.why_not().message == "چیزی رد نشده است."


def test_a_replay_is_captioned_in_italian():
    from ttr_teach.players.random_bot import RandomBot
    from ttr_teach.views.widgets.replay_model import ReplayModel

    game = ttr_teach.play_game("usa", [RandomBot(1), RandomBot(2)], seed=3, names=["Ann", "Bo"])
    ttr_teach.set_language("it")
    model = ReplayModel(game)
    assert "<b>La distribuzione</b>: ogni giocatore riceve 4 carte treno" in model.caption_html()
    model.go(2)
    assert "<b>passo 2 di " in model.caption_html()
    assert "Biglietti: " in model.hand_html() and "mazzo: " in model.face_up_html()
