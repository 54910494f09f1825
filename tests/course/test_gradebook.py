"""The class gradebook (``ttr-teach course report``): students' progress files in every shape
they come in, read through the safe reader; a bad file named in one line, the others reported;
a class table for the terminal and a CSV with a header for a spreadsheet. And the export's file
name: the learner's, never one shared by the whole class."""
from __future__ import annotations

import csv
import io
import json

import pytest

from ttr_teach.cli import main
from ttr_teach.course.exercises import ExerciseSet, NumberExercise, ProgressStore
from ttr_teach.course.lessons.questions import cards


def _ann(tmp_path):
    """Ann's record: 01 Train cards, 'second' solved at the second try with one hint, 'first' tried."""
    store = ProgressStore(tmp_path / "ann-progress.json")
    store.set_learner("Ann")
    built = cards.exercises()
    lesson = ExerciseSet(built.name, built.title, dict(built.items()), store=store)
    lesson["second"].check("0.5")
    lesson["second"].next_hint()
    lesson["second"].check(lesson["second"].example)
    lesson["first"].check("3")
    return store


def test_report_reads_the_json_export_the_csv_export_and_progress_json_alike(tmp_path, capsys):
    store = _ann(tmp_path)
    store.export(tmp_path / "ann.json")
    store.export(tmp_path / "ann.csv")
    for f in ("ann.json", "ann.csv", "ann-progress.json"):
        assert main(["course", "report", str(tmp_path / f)]) == 0, f
        table = capsys.readouterr().out.splitlines()
        assert table[0].split() == ["student", "01"]
        assert table[2].split() == ["Ann", "1/2/1"], f       # solved/tried/hints
        assert "01  01 Train cards (4 exercises)" in "\n".join(table)


BAD = {
    "zero": "/dev/zero",
    "list.json": "[1, 2]",
    "lessons.json": '{"learner": "Bo", "lessons": [1, 2], "exercises": {}}',
    "lots.json": '{"learner": "Cy", "exercises": {"notebooks/01_train_cards/first": {"tries": 1, "solved": "lots"}}}',
    "broken.json": '{"learner": "Di", "exercises": {',
    "report.csv": "student,lesson,title,exercises,solved,tried,hints,file\n",
}
SAID = {
    "zero": "/dev/zero: cannot read the file: it is a device, not a regular file",
    "list.json": "list.json: not an exported progress file (it holds a list",
    "lessons.json": "lessons.json: field 'lessons[0]' must be a lesson's row, not 1",
    "lots.json": "lots.json: field 'exercises.notebooks/01_train_cards/first.solved' must be true or false, not 'lots'",
    "broken.json": "broken.json: ",
    "report.csv": "report.csv: this is a class report (course report --csv), not a student's progress export",
}


def test_each_bad_file_is_named_in_one_line_and_the_others_are_still_reported(tmp_path, capsys):
    _ann(tmp_path).export(tmp_path / "ann.json")
    paths = [str(tmp_path / "ann.json")]
    for name, text in BAD.items():
        if text.startswith("/dev/"):
            paths.append(text)
        else:
            (tmp_path / name).write_text(text)
            paths.append(str(tmp_path / name))
    assert main(["course", "report", *paths]) == 2
    out, err = capsys.readouterr()
    lines = err.splitlines()
    assert len(lines) == len(BAD) and all(line.startswith("ttr-teach: ") for line in lines)
    for line, name in zip(lines, BAD, strict=True):
        assert SAID[name] in line, line
    assert "Traceback" not in err and "Ann" in out and "lots" not in out


def test_the_class_table_lines_up_and_the_csv_has_a_header_a_spreadsheet_reads(tmp_path, capsys):
    _ann(tmp_path).export(tmp_path / "ann.json")
    bo = ProgressStore(tmp_path / "bo-progress.json")
    s = ExerciseSet("notebooks/02_claiming_routes", "02 Claiming routes",
                    {"a": NumberExercise("1 + 1?", 2, id="notebooks/02_claiming_routes/a")}, store=bo)
    s["a"].check("2")
    bo.export(tmp_path / "bo.json", learner="Bo Berg")
    out_csv = tmp_path / "class.csv"
    assert main(["course", "report", str(tmp_path / "ann.json"), str(tmp_path / "bo.json"),
                 "--csv", str(out_csv)]) == 0
    table = capsys.readouterr().out.splitlines()
    assert table[0].split() == ["student", "01", "02"]
    assert table[2].split() == ["Ann", "1/2/1", "-"] and table[3].split() == ["Bo", "Berg", "-", "1/1/0"]
    assert len({len(line) for line in table[1:4]}) == 1          # every row as wide: the columns line up
    rows = list(csv.DictReader(io.StringIO(out_csv.read_text())))
    assert [(r["student"], r["lesson"], r["solved"], r["tried"], r["hints"], r["exercises"]) for r in rows] == [
        ("Ann", "notebooks/01_train_cards", "1", "2", "1", "4"),
        ("Bo Berg", "notebooks/02_claiming_routes", "1", "1", "0", str(len(__import__(
            "ttr_teach.course.lessons.questions.claiming", fromlist=["x"]).exercises())))]
    assert main(["course", "report", str(tmp_path / "ann.json"), "--csv", str(out_csv)]) == 2
    assert "class.csv: the file exists already; it is left as it is (add --force to replace it)" \
        in capsys.readouterr().err


def test_an_export_is_named_after_the_learner_or_the_account_never_a_shared_default(tmp_path, monkeypatch):
    import getpass

    from ttr_teach.course.exercises import Progress
    from ttr_teach.course.exercises.widget import export_widget

    monkeypatch.setattr(getpass, "getuser", lambda: "s1234")
    monkeypatch.chdir(tmp_path)
    store = ProgressStore(tmp_path / "progress.json")
    box = export_widget(Progress([], store=store))
    box.children[0].click()
    assert (tmp_path / "ttr-progress-s1234.json").exists()
    assert json.loads((tmp_path / "ttr-progress-s1234.json").read_text())["learner"] == "s1234"
    store.set_learner("Zoë Ng")
    box.children[0].click()
    assert json.loads((tmp_path / "ttr-progress-Zoë-Ng.json").read_text())["learner"] == "Zoë Ng"


@pytest.mark.parametrize("args", [["course", "report", "--help"]])
def test_report_help_describes_the_table_and_the_csv(args, capsys):
    with pytest.raises(SystemExit):
        main(args)
    text = " ".join(capsys.readouterr().out.split())
    assert "solved/tried/hints" in text and "--csv" in text and "exit status is 2" in text
