"""``ttr-teach best``: prints the best score (from the cached sweep, or solved), --json gives the
result dict, --help works, and bad input exits 2 with one line and no traceback."""
import json
import subprocess
import sys

import pytest


def run_cli(*args):
    return subprocess.run([sys.executable, "-m", "ttr_teach", *args], capture_output=True, text=True,
                          timeout=600)


def test_best_prints_a_readable_summary_from_the_sweep():
    run = run_cli("best", "europe", "--trains", "45")
    assert run.returncode == 0 and run.stderr == ""
    first = run.stdout.splitlines()[0]
    assert "45 trains" in first and "points" in first and "routes" in run.stdout


def test_best_json_is_the_result_dict():
    run = run_cli("best", "usa", "--trains", "30", "--json")
    assert run.returncode == 0
    d = json.loads(run.stdout)
    assert d["map"] == "usa" and d["budget"] == 30 and d["trains"] <= 30
    assert d["score"] == d["route_points"] + d["ticket_points"]


def test_best_solves_budgets_outside_the_sweep():
    d = json.loads(run_cli("best", "usa", "--trains", "6", "--json").stdout)
    assert (d["score"], d["proven"]) == (15, True)


def test_best_help():
    run = run_cli("best", "--help")
    assert run.returncode == 0 and "--trains" in run.stdout and "--json" in run.stdout


@pytest.mark.parametrize("args,words", [
    (["best", "mars"], "unknown map"),
    (["best", "europe", "--trains", "0"], "positive whole number"),
    (["best", "europe", "--trains", "-3"], "positive whole number"),
    (["best", "europe", "--trains", "4.5"], "positive whole number"),
    (["best", "europe", "--trains", "many"], "positive whole number"),
    (["best", "usa", "--trains", "10", "--time-limit", "0"], "positive number of seconds"),
])
def test_bad_input_exits_2_with_one_line(args, words):
    run = run_cli(*args)
    assert run.returncode == 2
    assert run.stdout == "" and len(run.stderr.strip().splitlines()) == 1
    assert words in run.stderr and "Traceback" not in run.stderr
