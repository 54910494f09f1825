"""Persian prose writes numbers its own way: Persian digits, ``٫`` for the decimal point and
``٪`` for percent. A message given an ``int`` or a ``float`` writes it so by itself; a number
the package has already written as text goes through ``local_digits``. Other languages and
English keep ASCII digits."""
from fractions import Fraction

import pytest

from ttr_teach.course.exercises.core import NumberExercise
from ttr_teach.engine.i18n import gettext, local_digits, set_language


@pytest.fixture()
def speak():
    yield set_language
    set_language(None)


def test_a_percentage_given_as_a_number_is_written_with_persian_digits_and_percent_sign(speak):
    speak("fa")
    text = gettext("{why}; a blind card helps with a chance of {chance:.0%} (locomotives count)").format(
        why="-", chance=0.375)
    assert "۳۸٪" in text and "38" not in text and "%" not in text


def test_a_percentage_stays_ascii_in_italian(speak):
    speak("it")
    text = gettext("{why}; a blind card helps with a chance of {chance:.0%} (locomotives count)").format(
        why="-", chance=0.375)
    assert "38%" in text


def test_local_digits_writes_decimals_and_percentages_as_persian_prose(speak):
    speak("fa")
    assert local_digits("12.5%") == "۱۲٫۵٪" and local_digits("39/55") == "۳۹/۵۵"
    speak("en")
    assert local_digits("12.5%") == "12.5%"


def test_a_number_answer_key_is_given_in_persian_digits(speak):
    exercise = NumberExercise("?", Fraction(39, 55))
    speak("fa")
    text = exercise.answer_text()
    assert text.startswith("۳۹/۵۵") and "۰٫۷۰۹" in text
    speak("en")
    assert exercise.answer_text() == "39/55, about 0.709"
