"""What the course writes for a class speaks the language chosen: the teacher's answer keys,
the editions' READMEs, the nbgrader assignments and their refusals, a game's replay page (its
words, and ``lang``/``dir`` for browsers and screen readers), the sentences of lesson 12 and a
broken progress file's note."""

import pytest

import ttr_teach
from ttr_teach.course.answer_key import key_page, lesson_entries
from ttr_teach.course.assignments import assignment_notebook, grade
from ttr_teach.course.editions import STUDENT_README, TEACHER_README, readme_text
from ttr_teach.course.exercises import ProgressStore
from ttr_teach.course.lessons.play import tunnel_cards, ways_to_pay
from ttr_teach.course.lessons.questions import lesson_builders
from ttr_teach.course.replay_page import replay_page
from ttr_teach.engine.actions import ClaimRoute
from ttr_teach.engine.i18n import gettext
from ttr_teach.players.play import play_game
from ttr_teach.players.random_bot import RandomBot


@pytest.fixture
def speak():
    yield ttr_teach.set_language
    ttr_teach.set_language(None)


def test_the_answer_key_page_is_written_in_swedish(speak):
    speak("sv")
    exercises = lesson_builders()["notebooks/01_train_cards"]()
    page = key_page(gettext("01 Train cards"), lesson_entries(exercises))
    assert '<html lang="sv">' in page and "<h1>Facit: 01 Tågkort</h1>" in page
    assert "Ledtråd 1:" in page and "<b>Svar:</b>" in page and "Answer key" not in page


def test_the_editions_readmes_are_written_in_persian(speak):
    speak("fa")
    student, teacher = readme_text(STUDENT_README), readme_text(TEACHER_README)
    assert student.startswith("# تیکت تو راید: دوره‌ی آموزشی (نسخه‌ی دانش‌آموز)\n\n")
    assert "`ttr-teach course student OUT`" in teacher and "The student edition" not in teacher


def test_an_nbgrader_assignment_and_its_refusals_speak_italian(speak):
    speak("it")
    nb = assignment_notebook("notebooks/01_train_cards")
    assert nb.cells[0].source.endswith('use_language("it")')
    assert nb.cells[1].source.startswith('<div lang="it">\n\n# 01 Le carte treno: esercizi valutati\n\nScrivi ogni '
                                         'risposta')
    assert any("Suggerimento:" in c.source for c in nb.cells if c.cell_type == "markdown")
    with pytest.raises(AssertionError, match="notebooks/01_train_cards/blind: ancora nessuna risposta"):
        grade("notebooks/01_train_cards/blind", None, key="7/55")


def test_the_replay_page_is_persian_right_to_left(speak):
    speak("fa")
    page = replay_page(play_game("usa", [RandomBot(1), RandomBot(2)], seed=4))
    assert '<html lang="fa" dir="rtl">' in page and "<title>یک بازی تیکت تو راید</title>" in page
    assert "گزارش بازی" in page and '"pause": "توقف"' in page and "The log" not in page


def test_lesson_12s_payments_and_tunnel_cards_in_swedish_and_italian(speak):
    speak("sv")
    said = ways_to_pay([ClaimRoute(0, "blue", 2, 0), ClaimRoute(0, "blue", 1, 1)])
    assert said.startswith("Sätt att betala: ") and " (billigast) eller " in said and said.endswith(".")
    speak("it")
    assert tunnel_cards({"cards": ["blue", "locomotive", "green"], "extra": 2}) == (
        "Le carte girate: blu, locomotiva e verde; la galleria chiede 2 carte aggiuntive.")


def test_a_broken_progress_file_is_told_in_vietnamese(speak, tmp_path):
    speak("vi")
    path = tmp_path / "progress.json"
    path.write_text("[]")
    store = ProgressStore(path)
    store.load()
    assert store.problem.startswith(f"{path}: không đọc được (không phải tệp tiến độ)")
