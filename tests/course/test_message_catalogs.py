"""The package's own messages in every language (ttr_teach.course.message_catalogs): the
template holds every marked message, each language translates all of them with the same
placeholders, the compiled catalogs are fresh, and the language chosen is the one spoken."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

import ttr_teach
from ttr_teach.course import message_catalogs as messages
from ttr_teach.course.exercises import core
from ttr_teach.engine.i18n import TRANSLATED

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _english_after():
    yield
    ttr_teach.set_language(None)


def _ids(catalog):
    return sorted(str(m.id) for m in catalog if m.id)


def test_the_template_holds_every_message_marked_in_the_package():
    assert _ids(messages.read_catalog(messages.TEMPLATE)) == _ids(messages.extract_template()), \
        "ttr_teach/locale/ttr_teach.pot is stale: run `make translations`"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated_with_its_placeholders(lang):
    catalog = messages.read_catalog(messages.catalog_path(lang), lang)
    assert _ids(catalog) == _ids(messages.read_catalog(messages.TEMPLATE)), "run `make translations`"
    problems = []
    for m in catalog:
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        forms = m.string if isinstance(m.string, tuple) else (m.string,)
        wanted = set().union(*(messages.placeholders(i) for i in ids))
        if m.fuzzy or not all(forms):
            problems.append(f"{ids[0]!r}: not translated" + (" (fuzzy)" if m.fuzzy else ""))
            continue
        for form in forms:
            fields = messages.placeholders(form)
            # a plural form may leave out {n} ("one ticket"), never invent or drop another field
            if fields - wanted or (wanted - {"n"}) - fields:
                problems.append(f"{ids[0]!r}: {form!r} has the fields {sorted(fields)}, not {sorted(wanted)}")
    assert not problems, f"{messages.catalog_path(lang)}:\n" + "\n".join(problems)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_compiled_catalog_is_the_catalog(lang):
    catalog = messages.read_catalog(messages.catalog_path(lang), lang)
    assert messages.catalog_path(lang, ".mo").read_bytes() == messages.compiled(catalog), \
        "the .mo file is stale: run `make translations`"


def test_set_language_changes_the_language_of_the_feedback():
    exercise = core.NumberExercise("How many cards?", 3, unit="cards")
    ttr_teach.set_language("sv")
    assert exercise.check("5").message == "Inte riktigt: 5 är för högt."
    assert exercise.check("3").message == "Rätt: 3 kort."
    ttr_teach.set_language("it")
    assert core.set_verdict({"a", "b"}, {"a", "b", "c"}, item="ticket").message == \
        "Non proprio: un biglietto non dovrebbe esserci."
    ttr_teach.set_language(None)
    assert exercise.check("3").message == "Right: 3 cards."


def test_true_and_false_are_answered_in_the_learners_words():
    exercise = core.TrueFalseExercise("Turn order is clockwise.", True)
    ttr_teach.set_language("vi")
    assert exercise.check("đúng").correct and exercise.check("Đúng").message.startswith("Đúng rồi: Đúng.")
    ttr_teach.set_language("fa")
    assert not exercise.check("نادرست").correct


def test_the_environment_chooses_the_language_of_a_fresh_process():
    code = ("from ttr_teach.course.exercises import core; "
            "print(core.NumberExercise('x', 3, unit='cards').check('5').message)")
    env = {**os.environ, "TTR_TEACH_LANG": "", "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "sv_SE.UTF-8",
           "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "Inte riktigt: 5 är för högt."
