"""The command line speaks the learner's language: ``TTR_TEACH_LANG``, else the locale
variables, choose it (as for the rest of the package); every subcommand's help, every option's
help, the summaries and the refusals come from the catalogs. argparse's own words ("usage:")
come from Python's catalogs and are left alone."""
import os
import subprocess
import sys

import pytest

from ttr_teach.cli import build_parser
from ttr_teach.cli_best import run_timing
from ttr_teach.cli_tournament import slow_bots
from ttr_teach.engine.i18n import TRANSLATED, set_language


def run_cli(*args, **language):
    env = {k: v for k, v in os.environ.items() if k not in ("TTR_TEACH_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env.update(language)
    return subprocess.run([sys.executable, "-m", "ttr_teach", *args], capture_output=True, text=True, timeout=300,
                          env=env)


@pytest.fixture()
def speak():
    yield set_language
    set_language(None)


def helps(parser):
    """Every description and help text of a parser and its subcommands, keyed by where it is."""
    import argparse

    found = {}

    def walk(p, where):
        found[f"{where} description"] = p.description
        for action in p._actions:
            if isinstance(action, argparse._SubParsersAction):
                for choice in action._choices_actions:
                    found[f"{where} {choice.dest} help"] = choice.help
                for name, sub in action.choices.items():
                    walk(sub, f"{where} {name}")
            elif action.help and action.help != argparse.SUPPRESS and action.dest != "help":
                found[f"{where} {'/'.join(action.option_strings) or action.dest}"] = action.help
    walk(parser, "ttr-teach")
    return found


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_help_text_of_every_subcommand_is_translated(speak, lang):
    speak("en")
    english = helps(build_parser())
    speak(lang)
    translated = helps(build_parser())
    assert translated.keys() == english.keys()
    untranslated = [where for where, text in english.items() if text and translated[where] == text]
    assert not untranslated, f"{lang}: still English: {untranslated}"


def test_ttr_teach_lang_makes_the_map_summary_swedish():
    run = run_cli("map", "europe", TTR_TEACH_LANG="sv")
    assert run.returncode == 0
    assert run.stdout.splitlines()[0] == "Ticket to Ride Europe: 47 städer, 101 sträckor (300 rutor), 46 biljetter"


def test_the_locale_variables_choose_the_language_of_the_help_when_ttr_teach_lang_is_unset():
    run = run_cli("map", "--help", LANG="it_IT.UTF-8")
    assert run.returncode == 0 and "stampa la mappa in JSON" in run.stdout


def test_a_refusal_of_the_command_line_itself_is_in_the_language():
    run = run_cli("plan", "europe", "Paris", TTR_TEACH_LANG="vi")
    assert run.returncode == 2
    assert run.stderr == ("ttr-teach: vé 'Paris' phải là hai thành phố cách nhau bằng dấu phẩy, "
                          "ví dụ Paris,Wien\n")


def test_an_argument_type_refusal_is_translated_inside_argparse_own_frame():
    run = run_cli("best", "usa", "--trains", "many", TTR_TEACH_LANG="sv")
    assert run.returncode == 2
    assert "--trains måste vara ett positivt heltal, inte 'many' (se --help)" in run.stderr


def test_persian_summary_writes_numbers_and_decimals_as_persian_prose_does():
    run = run_cli("best", "usa", "--trains", "6", TTR_TEACH_LANG="fa")
    assert run.returncode == 0
    first = run.stdout.splitlines()[0]
    assert "۶ واگن" in first and "۱۵ امتیاز" in first
    assert "ثانیه حل شد" in first and "٫" in first      # the stored proof's time, 0.3 s, as ۰٫۳
    assert "Calgary–Winnipeg" in run.stdout             # city names as the board prints them


def test_slow_bot_sentence_in_italian(speak):
    speak("it")
    line, = slow_bots([{"bot": "zed", "slowest_wall_ms": 3012.0, "slowest_ms": 0.1}], 1.0)
    assert line == ("zed: una decisione ha richiesto 3,01 s di tempo reale (0,0001 s di tempo del processore); "
                    "il bot aspetta (sleep, input, un lock) invece di calcolare")


def test_run_timing_in_persian_uses_persian_digits_and_decimal_separator(speak):
    speak("fa")
    assert run_timing(False, 2.04, 2.1) == "اکنون در ۲٫۱ ثانیه حل شد"


def test_course_refuses_a_folder_it_did_not_build_in_italian(tmp_path):
    (tmp_path / "notes.txt").write_text("mine", encoding="utf-8")
    run = run_cli("course", "student", str(tmp_path), TTR_TEACH_LANG="it")
    assert run.returncode == 2
    assert "la cartella non è vuota e non l'ha scritta nessuna creazione del corso di ttr-teach" in run.stderr


def test_the_class_report_heads_its_table_in_vietnamese(tmp_path):
    progress = tmp_path / "ann.json"
    progress.write_text('{"learner": "Ann", "exercises": {"notebooks/01_train_cards/first": '
                        '{"tries": 1, "solved": true, "hints": 0}}}', encoding="utf-8")
    run = run_cli("course", "report", str(progress), TTR_TEACH_LANG="vi")
    assert run.returncode == 0
    assert run.stdout.splitlines()[0].startswith("học sinh")
    assert "mỗi ô: số bài tập đã giải/đã thử/số gợi ý đã xem" in run.stdout


def test_a_puzzle_kind_the_map_lacks_is_refused_in_swedish():
    run = run_cli("puzzles", "new", "--kind", "tunnel_cost", "--level", "introductory", "--map", "usa", "--seed", "1",
                  TTR_TEACH_LANG="sv")
    assert run.returncode == 2
    assert run.stderr == "ttr-teach: det finns inga tunnel_cost-pussel på kartan usa (bara på europe)\n"


def test_a_worksheet_made_in_swedish_is_swedish_and_its_puzzle_files_stay_english(tmp_path):
    sheet = tmp_path / "sheet.md"
    run = run_cli("puzzles", "worksheet", "--count", "1", "--kind", "total_score", "--map", "usa", "--seed", "3",
                  "-o", str(sheet), "--key", str(tmp_path / "key.md"), TTR_TEACH_LANG="sv")
    assert run.returncode == 0, run.stderr
    text = sheet.read_text(encoding="utf-8")
    assert text.startswith("# Ticket to Ride-pussel: nybörjare\n\n1 pussel. Skriv ditt svar på linjen.")
    assert "**Fråga.** Spelet slutar i den här ställningen." in text or "**Fråga.** Räkna poängen" in text
    assert (tmp_path / "key.md").read_text(encoding="utf-8").splitlines()[2] == "## Svar"
