"""The sandbox model's own sentences (what a click did, its refusals, undo and redo) are said
in the language spoken now, built from whole translated sentences: a colour agrees as the
language writes it, a count takes its plural, Persian writes its numbers in Persian digits."""
import pytest

import ttr_teach
from ttr_teach.views.widgets.model import SandboxModel


@pytest.fixture()
def speak():
    yield ttr_teach.set_language
    ttr_teach.set_language(None)


def _black_and_red(sandbox):
    return sandbox.map.routes_between("Berlin", "Frankfurt")


def test_claiming_and_undoing_in_swedish(speak):
    speak("sv")
    sandbox = SandboxModel("europe", players=["Ann", "Bo"])
    assert sandbox.message.startswith("Klicka på en sträcka")
    black, _ = _black_and_red(sandbox)
    claimed = sandbox.click_route(black).message
    assert claimed == "Ann bygger Berlin–Frankfurt (svart, 3 vagnar): 4 poäng."
    assert sandbox.undo().message.startswith("Ångrat: ")
    assert sandbox.undo().message == "Inget att ångra."


def test_a_refusal_in_italian_is_a_whole_sentence(speak):
    speak("it")
    sandbox = SandboxModel("europe", players=["Ann", "Bo"])
    black, red = _black_and_red(sandbox)
    sandbox.click_route(black)
    outcome = sandbox.set_owner(red, "Ann")
    assert not outcome.ok and outcome.message.startswith("Rifiutato: Ann non può occupare ")


def test_player_colours_and_counts_in_persian(speak):
    speak("fa")
    sandbox = SandboxModel("europe", players=["Ann", "Bo"])
    assert sandbox.set_color("Ann", "blue").message.startswith("Ann اکنون با رنگ ")
    built = sandbox.click_city("Paris").message
    assert built.startswith("Ann در Paris ایستگاه می\u200cسازد (۲ ایستگاه در ذخیره مانده")


def test_vietnamese_says_a_ticket_is_given_back(speak):
    speak("vi")
    sandbox = SandboxModel("usa", players=["Ann", "Bo"])
    ticket = sandbox.available_tickets()[0]
    sandbox.give_ticket(ticket)
    assert sandbox.remove_ticket(ticket).message.startswith("Ann trả lại vé ")
    assert sandbox.remove_ticket(ticket).message.startswith("Bị từ chối: không ai giữ vé ")


def test_the_play_widget_file_box_speaks_swedish(speak):
    from ttr_teach.views.widgets.play_files import FileBox

    speak("sv")
    box = FileBox(model=None)
    assert box.get_title(0) == "Spara eller ladda ett parti"
    assert box.upload.description == "Öppna en fil" and box.text.placeholder == "ett sparat parti (JSON)"


def test_the_new_game_form_introduces_itself_in_italian(speak):
    from ttr_teach.views.widgets.play_form import SetupForm

    speak("it")
    intro = SetupForm().children[0].value
    assert intro.startswith("<b>Una nuova partita.</b> Le persone si passano il portatile")
