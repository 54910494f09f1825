"""The ``ttr-teach`` command line: ``score`` prints one JSON result per file, in order; a bad
file is reported on stderr while the good ones are still scored (exit status 2); every
subcommand has --help; nothing ever ends in a traceback."""
import json
import subprocess
import sys

import pytest
import yaml

from ttr_teach.cli import build_parser, main
from ttr_teach.engine.scoring import score_position

GOOD_EUROPE = {"map": "europe", "players": [
    {"name": "red", "routes": [["Paris", "Frankfurt"], ["Frankfurt", "Berlin", "black"]],
     "stations": ["Wien"], "tickets": [["Paris", "Wien"]]},
    {"name": "blue", "routes": [["Wien", "Budapest"]], "stations": [], "tickets": [["Berlin", "Roma"]]}]}
GOOD_USA = {"map": "usa", "players": [{"name": "Ann", "routes": [["Denver", "Omaha"]]}, {"name": "Bo"}]}


def run_cli(*args):
    return subprocess.run([sys.executable, "-m", "ttr_teach", *args], capture_output=True, text=True, timeout=300)


@pytest.fixture()
def files(tmp_path):
    good1 = tmp_path / "one.json"
    good1.write_text(json.dumps(GOOD_EUROPE), encoding="utf-8")
    good2 = tmp_path / "two.yaml"
    good2.write_text(yaml.safe_dump(GOOD_USA), encoding="utf-8")
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"map": "europe", "players": [{"name": "x", "routes": [["Paris", "Roma"]]}]}))
    return good1, good2, bad


def test_score_prints_one_json_line_per_file_in_order(files):
    good1, good2, _ = files
    run = run_cli("score", str(good2), str(good1), str(good2))
    assert run.returncode == 0 and run.stderr == ""
    lines = run.stdout.splitlines()
    assert [json.loads(line) for line in lines] == [score_position(good2), score_position(good1),
                                                    score_position(good2)]


def test_score_reports_a_bad_file_and_still_scores_the_others(files):
    good1, good2, bad = files
    run = run_cli("score", str(good1), str(bad), str(good2))
    assert run.returncode == 2
    assert [json.loads(line)["players"][0]["name"] for line in run.stdout.splitlines()] == ["red", "Ann"]
    assert run.stderr == (f"ttr-teach: {bad}: player 'x': route Paris–Roma: "
                          "there is no route between Paris and Roma\n")


def test_score_worked_example_of_the_design_document(files):
    # red: Paris-Frankfurt 3 (4) + Frankfurt-Berlin 3 (4) = 8; Paris-Wien failed (the Wien
    # station could only borrow blue's Wien-Budapest, no help) -8; 2 stations unbuilt +8;
    # longest 6 (+10): 18. blue: Wien-Budapest 1 (1), Berlin-Roma -9, +12: 4.
    good1, _, _ = files
    result = json.loads(run_cli("score", str(good1)).stdout)
    assert [p["total"] for p in result["players"]] == [18, 4]
    assert result["winner"] == "red"


def test_score_needs_at_least_one_file():
    run = run_cli("score")
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert run.stderr.startswith("ttr-teach: ")


def subcommands():
    parser = build_parser()
    action = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction")
    return sorted(action.choices)


def test_score_is_a_subcommand():
    assert "score" in subcommands()


@pytest.mark.parametrize("name", subcommands())
def test_every_subcommand_has_help(name, capsys):
    with pytest.raises(SystemExit) as done:
        main([name, "--help"])
    assert done.value.code == 0
    assert "usage: ttr-teach " + name in capsys.readouterr().out


def test_help_from_the_installed_command():
    run = run_cli("score", "--help")
    assert run.returncode == 0 and "one JSON result per file" in run.stdout


def test_unknown_subcommand_exits_2_without_traceback():
    run = run_cli("scroe", "x.json")
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert run.stderr.startswith("ttr-teach: ")
