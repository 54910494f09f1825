"""`ttr-teach puzzles`: check, new, list, through a real subprocess (no tracebacks, exit codes,
the --json shape)."""
import html
import json
import subprocess
import sys

import pytest

from ..helpers import REPO
from .test_puzzles_format import COMPLETION, TUNNEL


def run(*args, cwd=None):
    proc = subprocess.run([sys.executable, "-m", "ttr_teach", *args], capture_output=True, text=True,
                          cwd=cwd or REPO, timeout=300)
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc


def test_every_puzzles_subcommand_has_help():
    for args in (["puzzles"], ["puzzles", "check"], ["puzzles", "new"], ["puzzles", "list"],
                 ["puzzles", "worksheet"]):
        proc = run(*args, "--help")
        assert proc.returncode == 0 and "usage: ttr-teach puzzles" in proc.stdout


def test_check_json_counts_puzzles_kinds_and_levels(tmp_path):
    (tmp_path / "a.yaml").write_text(COMPLETION)
    (tmp_path / "b.yaml").write_text(TUNNEL)
    proc = run("puzzles", "check", "--json", str(tmp_path))
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    assert {"puzzles", "verified", "by_kind", "by_level", "mismatches", "errors"} <= set(report)
    assert (report["puzzles"], report["verified"]) == (2, 2)
    assert report["by_kind"]["cheapest_completion"] == 1 and report["by_kind"]["tunnel_cost"] == 1
    assert report["by_level"] == {"introductory": 1, "intermediate": 1, "expert": 0}


def test_check_reports_a_mismatch_and_a_broken_file_and_exits_1(tmp_path):
    (tmp_path / "wrong.yaml").write_text(COMPLETION.replace("answer: 6", "answer: 9"))
    (tmp_path / "broken.yaml").write_text(TUNNEL.replace("level: introductory", "level: easy"))
    proc = run("puzzles", "check", str(tmp_path))
    assert proc.returncode == 1
    assert "MISMATCH" in proc.stdout and "wrong.yaml" in proc.stdout and "9 trains" in proc.stdout
    assert "computed 6 trains" in proc.stdout
    assert "BROKEN" in proc.stdout and "broken.yaml: line 3: field 'level'" in proc.stdout


def test_check_of_a_missing_path_exits_2_with_one_line(tmp_path):
    proc = run("puzzles", "check", str(tmp_path / "nowhere"))
    assert proc.returncode == 2 and proc.stderr.startswith("ttr-teach: ") and "no such file" in proc.stderr
    assert proc.stderr.count("\n") == 1


def test_check_without_paths_outside_the_repo_asks_for_them(tmp_path):
    proc = run("puzzles", "check", cwd=tmp_path)
    assert proc.returncode == 2 and "give the puzzle files or folders" in proc.stderr


def test_new_writes_a_puzzle_that_the_checker_verifies(tmp_path):
    out = tmp_path / "new.yaml"
    proc = run("puzzles", "new", "--kind", "tunnel_odds", "--level", "expert", "--map", "europe",
               "--seed", "3", "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    again = run("puzzles", "new", "--kind", "tunnel_odds", "--level", "expert", "--map", "europe",
                "--seed", "3")
    assert again.stdout == out.read_text()          # the same seed gives the same puzzle
    report = json.loads(run("puzzles", "check", "--json", str(out)).stdout)
    assert (report["puzzles"], report["verified"]) == (1, 1)


def test_new_is_the_same_whatever_python_hash_seed():
    import os

    outputs = set()
    for hash_seed in ("1", "2"):
        proc = subprocess.run([sys.executable, "-m", "ttr_teach", "puzzles", "new", "--kind", "station_choice",
                               "--level", "intermediate", "--map", "europe", "--seed", "5"],
                              capture_output=True, text=True, cwd=REPO, timeout=300,
                              env={**os.environ, "PYTHONHASHSEED": hash_seed})
        assert proc.returncode == 0, proc.stderr
        outputs.add(proc.stdout)
    assert len(outputs) == 1


@pytest.mark.parametrize("args, message", [
    (["--kind", "tunnel_cost", "--level", "expert", "--map", "usa", "--seed", "1"],
     "no tunnel_cost puzzles on the usa map"),
    (["--kind", "tunnel_cost", "--level", "expert", "--map", "europe", "--seed", "x"],
     "the seed must be a whole number"),
    (["--kind", "nonsense", "--level", "expert", "--map", "europe", "--seed", "1"],
     "invalid choice: 'nonsense'"),
    (["--level", "expert", "--map", "europe", "--seed", "1"], "--kind"),
])
def test_new_with_bad_arguments_exits_2_with_a_message(args, message):
    proc = run("puzzles", "new", *args)
    assert proc.returncode == 2 and message in proc.stderr


def test_list_prints_one_line_per_puzzle(tmp_path):
    (tmp_path / "a.yaml").write_text(COMPLETION)
    proc = run("puzzles", "list", str(tmp_path))
    assert proc.returncode == 0
    assert proc.stdout.split("\t")[:4] == ["demo-completion", "intermediate", "cheapest_completion", "europe"]


def test_worksheet_writes_the_sheet_and_its_key_apart_and_never_replaces_them(tmp_path):
    sheet, key = tmp_path / "sheet.html", tmp_path / "key.html"
    args = ("puzzles", "worksheet", "--count", "2", "--level", "introductory", "--map", "europe",
            "--kind", "tunnel_cost", "--seed", "4", "-o", str(sheet), "--key", str(key))
    proc = run(*args)
    assert proc.returncode == 0, proc.stderr
    assert f"wrote {sheet}: 2 puzzles without answers" in proc.stderr and f"wrote {key}: the answer key" in proc.stderr
    page, answers = sheet.read_text(), key.read_text()
    assert page.count("<svg") == 2 and "Answers" not in page and "Answer:" in page
    assert "<svg" not in answers and answers.count("<div class='item'>") == 2
    # the key holds each puzzle's worked explanation; the sheet none of them
    from ttr_teach.course.puzzles.generator import new_puzzle

    for seed in (4, 5):
        explanation = html.escape(new_puzzle("tunnel_cost", "introductory", "europe", seed).explanation)
        assert explanation[:80] in answers and explanation[:80] not in page
    sheet.write_text("the teacher's own notes")
    again = run(*args)
    assert again.returncode == 2 and again.stderr == (
        f"ttr-teach: {sheet}: the file exists already; it is left as it is (add --force to replace it)\n")
    assert sheet.read_text() == "the teacher's own notes" and key.read_text() == answers
    assert run(*args, "--force").returncode == 0 and sheet.read_text() == page     # the same seed, the same sheet


def test_worksheet_without_a_key_says_so_and_refuses_bad_outputs(tmp_path):
    proc = run("puzzles", "worksheet", "--count", "1", "--kind", "winner", "--map", "usa", "-o",
               str(tmp_path / "only.md"))
    assert proc.returncode == 0, proc.stderr
    assert "no answer key written (add --key FILE for one)" in proc.stderr
    assert "## Answers" not in (tmp_path / "only.md").read_text() and (tmp_path / "only-board-01.svg").exists()
    bad = run("puzzles", "worksheet", "--count", "1", "-o", str(tmp_path / "sheet.docx"))
    assert bad.returncode == 2 and "a worksheet is written as .html, .pdf or .md" in bad.stderr
    same = run("puzzles", "worksheet", "--count", "1", "-o", str(tmp_path / "a.html"),
               "--key", str(tmp_path / "a.html"))
    assert same.returncode == 2 and "two different files" in same.stderr
    zero = run("puzzles", "worksheet", "--count", "0", "-o", str(tmp_path / "a.html"))
    assert zero.returncode == 2 and "--count must be a whole number of puzzles, at least 1" in zero.stderr
