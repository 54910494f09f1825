"""Numbers in prose are written as each language writes them (``engine.prose_numbers``, reached
through ``i18n.local_digits`` and every translated message given an ``int`` or a ``float``):
Italian, Swedish and Vietnamese write a decimal comma and their own thousands; Swedish puts a
space before ``%`` and writes the true minus sign; Persian writes Persian digits, ``٫``, ``٬``
and ``٪``, and isolates a signed number left to right so that ``+33`` never shows as ``33+``.
English is written as Python writes it. Every number the package shows this way is read back
when a learner types it."""
from fractions import Fraction

import pytest

from ttr_teach.course.exercises.core import NumberExercise
from ttr_teach.course.exercises.reading import read_number
from ttr_teach.course.puzzles.kinds.scored import signed
from ttr_teach.engine.i18n import TRANSLATED, gettext, local_digits, local_list, ngettext, set_language

LRI, PDI = "\u2066", "\u2069"
NBSP = "\u00a0"
CHANCE = "{why}; a blind card helps with a chance of {chance:.0%} (locomotives count)"
TOO_BIG = "{file}: the text is too big: over {limit:,} bytes"
TICKETS = ("{head}: {completed} completed, {n} of {total} tickets, {points:+d} ticket points; the best of "
           "{combinations} combinations.")


@pytest.fixture()
def speak():
    yield set_language
    set_language(None)


@pytest.mark.parametrize(("lang", "decimal", "percent", "negative", "million"), [
    ("en", "0.114", "37.5%", "-9", "1,000,000"),
    ("it", "0,114", "37,5%", "-9", "1.000.000"),
    ("vi", "0,114", "37,5%", "-9", "1.000.000"),
    ("sv", "0,114", f"37,5{NBSP}%", "−9", f"1{NBSP}000{NBSP}000"),
    ("fa", "۰٫۱۱۴", "۳۷٫۵٪", f"{LRI}−۹{PDI}", "۱٬۰۰۰٬۰۰۰"),
])
def test_a_number_written_as_text_is_written_as_the_language_writes_it(lang, decimal, percent, negative, million):
    assert local_digits("0.114", lang) == decimal
    assert local_digits("37.5%", lang) == percent
    assert local_digits("-9", lang) == negative
    assert local_digits("1,000,000", lang) == million


@pytest.mark.parametrize(("lang", "written"), [
    ("en", "38%"), ("it", "38%"), ("vi", "38%"), ("sv", f"38{NBSP}%"), ("fa", "۳۸٪")])
def test_a_percentage_given_to_a_message_is_written_as_the_language_writes_it(speak, lang, written):
    speak(lang)
    assert written in gettext(CHANCE).format(why="-", chance=0.375)


@pytest.mark.parametrize(("lang", "written"), [
    ("en", "1,000,000"), ("it", "1.000.000"), ("vi", "1.000.000"), ("sv", f"1{NBSP}000{NBSP}000"),
    ("fa", "۱٬۰۰۰٬۰۰۰")])
def test_thousands_given_to_a_message_are_grouped_as_the_language_groups_them(speak, lang, written):
    speak(lang)
    assert written in gettext(TOO_BIG).format(file="a.yaml", limit=1_000_000)


@pytest.mark.parametrize(("lang", "loss"), [
    ("en", "-9"), ("it", "-9"), ("vi", "-9"), ("sv", "−9"), ("fa", f"{LRI}−۹{PDI}")])
def test_a_signed_number_given_to_a_message_keeps_its_sign_in_front(speak, lang, loss):
    speak(lang)
    text = ngettext(TICKETS, TICKETS, 2).format(head="Ann", completed=1, n=2, total=3, points=-9, combinations=4)
    assert loss in text


def test_persian_isolates_a_signed_number_left_to_right_and_nothing_else(speak):
    speak("fa")
    assert signed(33) == f"{LRI}+۳۳{PDI}" and signed(-9) == f"{LRI}−۹{PDI}"
    assert local_digits("12 + 3 − 4") == "۱۲ + ۳ − ۴", "an operator between numbers is no sign"
    assert local_digits("39/55, about 0.709") == "۳۹/۵۵, about ۰٫۷۰۹"
    for lang in ("en", *TRANSLATED):
        if lang != "fa":
            speak(lang)
            assert LRI not in signed(33) + signed(-9) + local_digits("-9 and +3")


def test_what_is_not_a_number_stays_as_it_is():
    for lang in ("en", *TRANSLATED):
        assert local_digits("P(0) ... P(3)", lang).startswith("P(")
        assert "..." in local_digits("P(0) ... P(3)", lang)
        assert local_digits("Paris-Wien", lang) == "Paris-Wien"
    assert local_digits("2-4", "fa") == "۲-۴", "the dash of a range is no minus sign"
    assert local_digits("C(3,1)", "it") == "C(3,1)"


def test_a_list_of_decimals_is_not_cut_by_the_decimal_comma():
    numbers = ["0.42", "0.5"]
    assert local_list([local_digits(x, "it") for x in numbers], "it") == "0,42; 0,5"
    assert local_list([local_digits(x, "en") for x in numbers], "en") == "0.42, 0.5"


@pytest.mark.parametrize("lang", ["en", *TRANSLATED])
@pytest.mark.parametrize("text", ["0.114", "37.5%", "-9", "+33", "1,000,000", "39/55", "0.0015", "100%"])
def test_every_number_shown_in_prose_is_read_back_when_typed(lang, text):
    assert read_number(local_digits(text, lang)) == read_number(text)


@pytest.mark.parametrize("lang", ["en", *TRANSLATED])
def test_the_key_an_exercise_shows_is_accepted_back_as_typed(speak, lang):
    exercise = NumberExercise("?", Fraction(39, 55), tolerance=0.001)
    speak(lang)
    shown = exercise.answer_text()
    fraction, decimal = shown.split(" ")[0].rstrip(",،"), shown.split(" ")[-1]
    assert exercise.check(fraction).correct and exercise.check(decimal).correct, shown
    assert exercise.check(local_digits("70.9%")).correct


def test_a_sign_a_persian_translation_glues_to_a_placeholder_is_isolated_too(speak):
    speak("fa")
    text = gettext("{player}: {trains}: the {bonus}, +{points}.").format(
        player="Ann", trains=45, bonus="x", points=10)
    assert f"{LRI}+۱۰{PDI}" in text
    speak("it")
    text = gettext("{player}: {trains}: the {bonus}, +{points}.").format(
        player="Ann", trains=45, bonus="x", points=10)
    assert "+10" in text and LRI not in text


def test_persian_separates_a_list_of_numbers_with_its_own_comma():
    assert local_list([local_digits(x, "fa") for x in ["0.42", "20"]], "fa") == "۰٫۴۲، ۲۰"


def test_a_digit_in_a_name_is_no_number():
    assert local_digits("bot2 won 3 of 4 (x_1)", "fa") == "bot2 won ۳ of ۴ (x_1)"
    assert local_digits("player2: 0.5", "it") == "player2: 0,5"


@pytest.mark.parametrize(("lang", "written"), [("en", "3/8 and 0.5"), ("it", "3/8 and 0,5"), ("fa", "۳/۸ and ۰٫۵")])
def test_a_fraction_or_a_numpy_number_given_to_a_message_is_written_as_the_language_writes_it(speak, lang, written):
    import numpy as np

    speak(lang)
    assert gettext("{fraction}, about {decimal}").format(fraction=Fraction(3, 8), decimal=np.float64(0.5)) \
        == gettext("{fraction}, about {decimal}").format(fraction=written.split(" and ")[0],
                                                         decimal=written.split(" and ")[1])


def test_a_number_in_scientific_notation_stays_as_python_writes_it():
    assert local_digits("1e-05 s and 0.5 s", "fa") == "1e-05 s and ۰٫۵ s"
    assert local_digits("2.5e+06", "it") == "2.5e+06"
