"""Tournaments speak the language: the standings' and the faults' tables head their columns in
it, the reasons a teacher reads ("was still deciding ...", "could not be loaded ...") and the
sandbox's note are written in it, in the worker processes too; the rows' keys, the kinds of
fault and the CSV and JSON files stay English (they are data)."""
from __future__ import annotations

import pytest

import ttr_teach
from ttr_teach.engine.i18n import N_
from ttr_teach.players.bot_loading import collect_bots
from ttr_teach.players.bot_pipe import BotProcessError
from ttr_teach.players.random_bot import RandomBot
from ttr_teach.players.referee import referee_game
from ttr_teach.players.sandbox import SandboxStatus


class Crash:
    """Raises on its first decision (choosing its first tickets)."""

    def choose(self, view):
        raise KeyError("x")


@pytest.fixture()
def speak():
    yield ttr_teach.set_language
    ttr_teach.set_language(None)


def _result(jobs=1):
    return ttr_teach.tournament({"random": RandomBot, "crash": Crash}, games=2, maps=("usa",), jobs=jobs,
                                progress=False)


def test_standings_printed_in_italian_keep_their_english_keys_and_csv(speak):
    speak("it")
    table = _result().standings()
    printed = str(table).splitlines()
    assert printed[0] == "2 partite, 2 giocatori, usa, seme 0"
    assert printed[1].split()[:4] == ["bot", "partite", "vittorie", "%"]      # "% vittorie", the win rate
    assert "media punti" in printed[1] and "errori" in printed[1]
    assert list(table.rows[0])[:4] == ["bot", "games", "wins", "win_rate"]
    assert table.to_csv().splitlines()[0].startswith("bot,games,wins,win_rate,low,high")
    assert '<th title="% vittorie">% vittorie</th>' in table._repr_html_()


def test_fault_tables_translate_the_kind_where_they_summarise_and_keep_it_as_data(speak):
    speak("sv")
    result = _result()
    summary = str(result.fault_summary())
    assert summary.splitlines()[0] == "partier förlorade genom fel (se faults())"
    assert "undantag 2" in summary            # the kind "raised", in Swedish words
    faults = result.faults()
    assert faults.rows[0]["kind"] == "raised"
    assert str(faults).splitlines()[1].split() == ["parti", "bot", "sort", "tur", "orsak"]
    assert result.to_dict()["games"][0]["fault"]["kind"] == "raised"


@pytest.mark.parametrize("lang, reason", [
    ("it", "il bot di bo ha sollevato KeyError: 'x' mentre sceglieva i primi biglietti"),
    ("sv", "bos bot kastade KeyError: 'x' när den valde sina första biljetter"),
    ("vi", "bot của bo đã ném ra KeyError: 'x' khi đang chọn những vé đầu tiên"),
    ("fa", "بات bo هنگام انتخاب نخستین بلیت\u200cهایش خطای KeyError: 'x' داد"),
])
def test_a_raised_fault_is_a_whole_sentence_in_the_language(speak, lang, reason):
    speak(lang)
    _, fault, _ = referee_game("usa", [RandomBot, Crash], ["ann", "bo"], seed=1)
    assert fault.kind == "raised" and fault.reason == reason


def test_a_worker_process_writes_the_reasons_in_the_language_of_the_tournament_caller(speak):
    speak("it")     # set in this process only: the workers' environment says English
    result = _result(jobs=2)
    reasons = {r.fault["reason"] for r in result.games if r.fault}
    assert reasons == {"il bot di crash ha sollevato KeyError: 'x' mentre sceglieva i primi biglietti"}


def test_a_bot_process_error_says_what_happened_in_the_language_and_keeps_english_as_its_message(speak):
    error = BotProcessError("stopped", N_("was still deciding after {seconds:g} s and was stopped"), seconds=6.0)
    speak("it")
    assert error.said() == "stava ancora decidendo dopo 6 s ed è stato fermato"
    speak("fa")
    assert error.said() == "پس از ۶ ثانیه هنوز در حال تصمیم\u200cگیری بود و متوقف شد"
    assert error.message == "was still deciding after 6 s and was stopped"


def test_a_bot_file_that_cannot_be_loaded_is_named_in_the_language_of_the_command(speak, tmp_path):
    bad = tmp_path / "cy.py"
    bad.write_text("import no_such_module_here\n", encoding="utf-8")
    speak("sv")     # the bot's own process is told the language, as the sandbox's environment
    bots, problems = collect_bots([str(bad)], [])
    assert bots == {} and len(problems) == 1
    assert "cy.py: kan inte importera no_such_module_here" in problems[0]


def test_the_sandbox_note_is_said_in_the_language(speak):
    speak("vi")
    assert SandboxStatus(False, "missing").note.startswith("không có sandbox (chưa cài bubblewrap (bwrap)):")
    speak("it")
    assert SandboxStatus(True).note.startswith("i bot girano in bubblewrap: niente rete")
