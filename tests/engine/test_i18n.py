"""Which language the package speaks (ttr_teach.engine.i18n): set_language, then
TTR_TEACH_LANG, then the locale variables in gettext's order, then English."""

import pytest

import ttr_teach
from ttr_teach.engine import i18n
from ttr_teach.engine.errors import ArgumentError


@pytest.fixture(autouse=True)
def _environment_choice():
    yield
    ttr_teach.set_language(None)


@pytest.mark.parametrize("environment, expected", [
    ({}, "en"),
    ({"LANG": "sv_SE.UTF-8"}, "sv"),
    ({"LANG": "C"}, "en"),
    ({"LANG": "de_DE.UTF-8"}, "en"),
    ({"LC_MESSAGES": "vi_VN", "LANG": "sv_SE"}, "vi"),
    ({"LC_ALL": "it_IT.UTF-8", "LC_MESSAGES": "vi_VN"}, "it"),
    ({"LANGUAGE": "de:fa:sv", "LC_ALL": "it_IT"}, "fa"),
    ({"LANGUAGE": "de", "LC_ALL": "it_IT"}, "it"),
    ({"TTR_TEACH_LANG": "sv", "LANGUAGE": "fa"}, "sv"),
    ({"TTR_TEACH_LANG": "klingon", "LANG": "vi_VN"}, "vi"),
])
def test_the_language_comes_from_the_environment_in_gettexts_order(environment, expected):
    assert i18n.language_from(environment) == expected


def test_set_language_wins_over_the_environment(monkeypatch):
    monkeypatch.setenv("TTR_TEACH_LANG", "sv")
    assert ttr_teach.language() == "sv"
    ttr_teach.set_language("fa")
    assert ttr_teach.language() == "fa" and i18n.direction() == "rtl"
    ttr_teach.set_language(None)
    assert ttr_teach.language() == "sv" and i18n.direction() == "ltr"


def test_an_unknown_language_is_refused_and_changes_nothing():
    ttr_teach.set_language("it")        # the refusal is said in the language still in force
    with pytest.raises(ArgumentError, match="non esiste la lingua 'xx': indicane una tra en, vi, fa, sv, it"):
        ttr_teach.set_language("xx")
    assert ttr_teach.language() == "it"
    ttr_teach.set_language(None)
    with pytest.raises(ArgumentError, match="there is no language 'xx': give one of en, vi, fa, sv, it"):
        ttr_teach.set_language("xx")


def test_a_message_without_a_catalog_stays_english():
    ttr_teach.set_language("vi")
    assert i18n.gettext("a message no catalog has") == "a message no catalog has"
    assert i18n.ngettext("1 card", "{n} cards", 2) == "{n} cards"
