"""A generated puzzle's texts (its question, hint and worked explanation, which the engine
writes) are English, as every puzzle file's, whatever the language spoken: a file written by
``ttr-teach puzzles new`` is a source like the others. ``Puzzle.in_language`` writes them again
in the learner's language; the key check reads the English."""
import pytest
import yaml

from ttr_teach.course.puzzles.generator import new_puzzle
from ttr_teach.engine.i18n import set_language

from .test_puzzles_format import COMPLETION


@pytest.fixture()
def speak():
    yield set_language
    set_language(None)


@pytest.fixture(scope="module")
def total():
    return new_puzzle("total_score", "introductory", "usa", 3)


def test_a_puzzle_generated_while_swedish_is_spoken_is_written_in_english(speak):
    speak("sv")
    puzzle = new_puzzle("route_points", "introductory", "usa", 3)
    data = yaml.safe_load(puzzle.to_yaml())
    assert data["question"].startswith("How many points do ")
    assert "Total: " in data["explanation"]
    assert puzzle.problems() == []      # checked in English, whatever is spoken


def test_in_language_writes_the_engine_made_texts_again_in_italian(speak, total):
    speak("it")
    shown = total.in_language()
    assert shown.question == ("Calcola il punteggio di questa posizione come se la partita finisse ora (niente "
                              "più turni). Quale sarebbe il punteggio finale di Bo?")
    lines = shown.explanation.splitlines()
    assert lines[0].startswith("Percorsi: ") and lines[-1].startswith("Totale: ")
    assert total.explanation.splitlines()[-1].startswith("Total: ")     # the puzzle itself stays English
    assert shown.answer == total.answer


def test_persian_explanation_writes_its_numbers_in_persian_digits(speak, total):
    speak("fa")
    last = total.in_language().explanation.splitlines()[-1]
    assert last.startswith("جمع: ") and not any(c.isascii() and c.isdigit() for c in last)


@pytest.mark.parametrize("kind, lang, first", [
    ("winner", "sv", "Slutpoäng:"),
    ("longest_route", "vi", "Tuyến đường liên tục dài nhất của mỗi người chơi:"),
])
def test_other_kinds_explain_in_the_language(speak, kind, lang, first):
    puzzle = new_puzzle(kind, "introductory", "europe", 2)
    speak(lang)
    shown = puzzle.in_language()
    assert shown.explanation.splitlines()[0] == first
    assert shown.question != puzzle.question


def test_station_choice_explains_in_italian(speak):
    puzzle = new_puzzle("station_choice", "introductory", "europe", 1)
    speak("it")
    shown = puzzle.in_language()
    assert shown.explanation.startswith("Una stazione permette al suo proprietario di usare un percorso")
    assert " ha una stazione a " in shown.question


def test_cheapest_completion_explains_in_swedish(speak):
    puzzle = new_puzzle("cheapest_completion", "introductory", "usa", 1)
    speak("sv")
    shown = puzzle.in_language()
    assert shown.question.startswith("Hur många vagnar till behöver ")
    assert shown.explanation.startswith("På en tom karta kräver ")


@pytest.mark.parametrize("kind", ["tunnel_odds", "tunnel_cost"])
def test_tunnel_puzzles_ask_and_explain_in_persian(speak, kind):
    puzzle = new_puzzle(kind, "introductory", "europe", 1)
    speak("fa")
    shown = puzzle.in_language()
    assert shown.question.startswith("شما تونل ")
    assert shown.explanation.splitlines()[0].startswith(("هر کارتی که رو شود", "شما فقط با لوکوموتیو"))


def test_a_generated_title_is_written_again_in_vietnamese(speak, total):
    assert total.title == "Ann and Bo (Ticket to Ride (USA), seed 3)"
    speak("vi")
    assert total.in_language().title == "Ann và Bo (Ticket to Ride (USA), hạt giống 3)"


# -- the puzzle files' refusals, the key check and the plausibility reasons in the language spoken --


def test_a_broken_puzzle_file_is_refused_in_swedish_naming_the_file_line_field_and_player(speak, tmp_path):
    from ttr_teach.course.puzzles.document import PuzzleError
    from ttr_teach.course.puzzles.format import load_puzzle

    path = tmp_path / "trasig.yaml"
    path.write_text(COMPLETION.replace("player: Ann", "player: Cy"), encoding="utf-8")
    speak("sv")
    with pytest.raises(PuzzleError) as e:
        load_puzzle(path)
    assert str(e.value) == (f"{path}: rad 13: fältet 'player': det finns ingen spelare 'Cy' i ställningen "
                            "(spelare: Ann, Bo)")
    path.write_text(COMPLETION.replace("ticket: [Paris, Wien]\nq", "ticket: [Berlin, Roma]\nq"), encoding="utf-8")
    with pytest.raises(PuzzleError, match="Ann har inte biljetten Berlin–Roma"):
        load_puzzle(path)


def test_a_wrong_key_is_reported_in_italian_and_checked_against_the_english_file(speak):
    from ttr_teach.course.puzzles.format import puzzle_from_text

    puzzle = puzzle_from_text(COMPLETION.replace("answer: 6", "answer: 7"))
    speak("it")
    [problem] = puzzle.problems()
    assert problem["message"] == "la soluzione dice 7 vagoni ma il motore calcola 6 vagoni"
    assert (problem["expected"], problem["computed"]) == ("7 trains", "6 trains")     # the English file's words
    speak("en")
    assert puzzle.problems()[0]["message"] == "the key says 7 trains but the engine computes 6 trains"


def test_why_a_position_is_implausible_is_said_in_persian(speak):
    from ttr_teach.course.puzzles.plausible import why_implausible
    from ttr_teach.engine.position import Position

    pos = Position.from_dict({"map": "europe", "players": [
        {"name": "Ann", "tickets": [["Angora", "Athina"]]}, {"name": "Bo", "tickets": [["Budapest", "Sofia"]]}]})
    speak("fa")
    assert why_implausible(pos) == "Ann ۱ بلیت دارد؛ هر بازیکن در آغاز بازی دست‌کم ۲ بلیت نگه می‌دارد"
