"""Exercises that teach: answers read as people write them, feedback that nudges and never tells
the key, hints in steps, the solution only after a try, and progress that counts only the
learner's own answers, kept across notebooks and exportable for a teacher."""
from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from fractions import Fraction
from pathlib import Path

import pytest

from ttr_teach.course.exercises import (
    TRY_FIRST,
    ChoiceExercise,
    ExerciseSet,
    FunctionExercise,
    NumberExercise,
    Progress,
    ProgressStore,
    SetExercise,
    TrueFalseExercise,
    plain_number,
    read_items,
    read_number,
)

ROOT = Path(__file__).resolve().parents[2]


# -- reading answers as people write them -------------------------------------------------------
@pytest.mark.parametrize("text, value", [
    ("0,127", Fraction(127, 1000)), ("0.127", Fraction(127, 1000)), ("12.7%", Fraction(127, 1000)),
    ("12,7 %", Fraction(127, 1000)), ("14/110", Fraction(7, 55)), (" 7 / 55 ", Fraction(7, 55)),
    ("−9", Fraction(-9)), ("-9", Fraction(-9)), ("+4", Fraction(4)), ("1 234", Fraction(1234)),
    ("1.234,5", Fraction(24690, 20)), ("about 0.44", Fraction(11, 25)), ("≈0,44", Fraction(11, 25)),
    ("three", Fraction(3)), ("21 points", Fraction(21)),
    # Persian digits with the Persian decimal separator, Arabic-Indic digits and percent sign
    ("۰٫۱۲۷", Fraction(127, 1000)), ("۱۲٫۷٪", Fraction(127, 1000)), ("١٢٫٧ ٪", Fraction(127, 1000)),
    ("۱۴/۱۱۰", Fraction(7, 55)), ("−۹", Fraction(-9)), ("۱٬۲۳۴", Fraction(1234)), ("۲۱ points", Fraction(21))])
def test_numbers_are_read_as_people_write_them(text, value):
    assert read_number(text, units=("points",)) == value


def test_a_decimal_comma_is_never_read_as_a_thousands_separator():
    ex = NumberExercise("Chance of a locomotive?", Fraction(14, 110), tolerance=0.001)
    assert ex.check("0,127").correct and ex.check("12.7%").correct and ex.check("14/110").correct
    assert not ex.check("127").correct


def test_a_persian_answer_counts_as_the_same_number():
    ex = NumberExercise("Chance of a locomotive?", Fraction(14, 110), tolerance=0.001)
    assert ex.check("۰٫۱۲۷").correct and ex.check("۱۲٫۷٪").correct and ex.check("۷/۵۵").correct
    assert not ex.check("۱۲۷").correct


@pytest.mark.parametrize("text", ["yellow black", "yellow, black", "yellow and black", "Black & Yellow",
                                  "yellow; black", "yellow\nblack"])
def test_lists_are_read_with_spaces_commas_or_and(text):
    ex = SetExercise("Which colours?", {"yellow", "black"}, options=["yellow", "black", "orange", "red"])
    assert ex.check(text).correct, ex.check(text).message


def test_multi_word_names_split_at_the_right_spaces():
    assert read_items("Kansas City Denver Salt Lake City",
                      {"Kansas City", "Denver", "Salt Lake City", "Salt"}.__contains__) == \
        ["Kansas City", "Denver", "Salt Lake City"]


def test_messages_write_numbers_in_plain_decimals():
    ex = NumberExercise("Odds?", Fraction(404, 269775), tolerance=Fraction(1, 100000))
    message = ex.check("0.5").message
    assert "/" not in message and "≈" not in message
    assert plain_number(Fraction(404, 269775)) == "0.0015"


# -- feedback: right or wrong, a nudge, never the key ---------------------------------------------
def test_a_wrong_number_hears_too_high_or_too_low_but_not_by_how_much():
    ex = NumberExercise("How many train cards?", 110)
    assert ex.check(96).message == "Not quite: 96 is too low."
    assert ex.check(111).message == "Not quite: 111 is too high."
    assert "110" not in ex.check(109).message and "14" not in ex.check(96).message


def test_answers_are_echoed_as_the_learner_wrote_them():
    # issue 26: "84/110" was echoed back as "0.7636"
    ex = NumberExercise("Chance that a tunnel is free?", Fraction(23821, 53955), tolerance=0.001)
    assert ex.check("84/110").message.startswith("Not quite: 84/110 is too high.")
    assert ex.check(" 0,5 ").message.startswith("Not quite: 0,5 is too high.")
    assert ex.check("12.5 %").message.startswith("Not quite: 12.5 % is too low.")
    assert ex.check(Fraction(1, 3)).message == "Not quite: 0.3333 is too low."


def test_a_nudge_is_heard_by_every_way_of_writing_its_number():
    with_replacement = Fraction(84, 110) ** 3          # 0.44491..., the key is 0.44149...
    ex = NumberExercise("Free?", Fraction(23821, 53955), tolerance=0.001,
                        nudges={with_replacement: "That is drawing with replacement."})
    for written in ("0.445", "0,4449", "44.5%", "0.44491"):
        assert ex.check(written).message.endswith("That is drawing with replacement."), written
    assert "replacement" not in ex.check("0.45").message


def test_a_nudge_that_right_answers_would_hear_is_refused():
    with pytest.raises(ValueError, match="within the tolerance of the key"):
        NumberExercise("Free?", Fraction(1, 2), tolerance=0.01, nudges={"0.505": "Close."})


def test_the_unit_agrees_with_the_number_in_the_verdict():
    # issue 26: "Right: 1 cards."
    assert NumberExercise("Extra cards?", 1, unit="cards").check("1").message == "Right: 1 card."
    assert NumberExercise("Extra cards?", 2, unit="cards").check("2").message == "Right: 2 cards."


def test_nudges_point_at_the_mistake():
    ex = NumberExercise("Routes at Paris?", 10, nudges={7: "That counts neighbouring cities."})
    assert ex.check(7).message == "Not quite: 7 is too low. That counts neighbouring cities."


def test_a_wrong_set_hears_how_many_are_missing_or_extra_never_which():
    ex = SetExercise("Completed?", {"Paris-Wien", "Roma-Zagrab"}, item="ticket")
    said = ex.check("Paris-Wien").message
    assert said == "Not quite: one ticket is missing." and "Roma" not in said
    assert ex.check("Paris-Wien, Roma-Zagrab, Berlin-Roma").message == "Not quite: one ticket should not be there."


def test_a_wrong_choice_hears_only_about_its_own_option():
    ex = ChoiceExercise("Turn order?", ["clockwise", "counter-clockwise"], "clockwise",
                        explanations={"counter-clockwise": "Some translations say so."})
    assert ex.check("counter-clockwise").message == "Not quite: not “counter-clockwise”. Some translations say so."


def test_a_wrong_true_false_answer_gets_a_nudge_not_the_explanation():
    ex = TrueFalseExercise("Ferries need a locomotive per space.", False, explanation="One per symbol.",
                           nudge="Count the symbols.")
    assert ex.check(True).message == "Not quite. Count the symbols."
    assert ex.check("false").message == "Right: False. One per symbol."


def test_a_wrong_function_hears_the_case_and_what_it_returned_not_what_is_expected():
    ex = FunctionExercise("points(n)?", reference=lambda n: {1: 1, 2: 2, 3: 4}[n], cases=[(1,), (3,)],
                          function_name="points")
    said = ex.check(lambda n: n).message
    assert "returned 3" in said and "4" not in said
    assert "None" in ex.check(lambda n: None).message and "forget to return" in ex.check(lambda n: None).message


def test_graphs_in_a_case_are_described_not_printed_as_objects():
    import networkx as nx

    ex = FunctionExercise("edges?", reference=lambda g: g.number_of_edges(), cases=[(nx.path_graph(4),)])
    said = ex.check(lambda g: 0).message
    assert "a graph of 4 nodes and 3 edges" in said and "object at 0x" not in said


# -- hints in steps, the solution after a try ------------------------------------------------------
def test_hints_come_in_steps_and_the_solution_only_after_a_try():
    ex = NumberExercise("2 + 2?", 4, hint=["Count on your fingers.", "Two and two."], solution="**4**.")
    assert ex.reveal_solution() == TRY_FIRST
    assert ex.next_hint() == "Hint 1 of 2: Count on your fingers."
    assert ex.next_hint() == "Hint 2 of 2: Two and two."
    assert ex.next_hint() == "Hint 2 of 2: Two and two."
    ex.check("five")
    assert ex.reveal_solution() == "**4**."


def test_an_unreadable_answer_is_no_try():
    ex = NumberExercise("2 + 2?", 4, solution="4.")
    assert "could not read" in ex.check("lots").message
    assert ex.tries == 0 and ex.reveal_solution() == TRY_FIRST


def test_a_placeholder_function_is_no_try():
    ex = FunctionExercise("f?", reference=abs, cases=[(1,)], function_name="f")

    def f(x):
        raise NotImplementedError

    assert ex.check(f).message == "Not written yet: write f, then check it again."
    assert ex.tries == 0


# -- verify never counts; progress counts only the learner's answers -------------------------------
def test_verify_proves_the_key_and_never_counts_as_solving():
    ex = NumberExercise("How many train cards are in the deck?", 110, example="110")
    ex.verify()
    ex.assert_correct("110")
    assert not ex.solved and ex.tries == 0
    with pytest.raises(AssertionError, match="too low"):
        ex.verify(96)


def test_verify_still_checks_under_python_dash_O():
    """``python -O`` strips ``assert`` statements: a notebook's answer key must be checked anyway."""
    code = textwrap.dedent("""
        import sys
        from ttr_teach.course.exercises import NumberExercise
        assert False, "asserts are on"   # stripped under -O: proves the flag took effect
        try:
            NumberExercise("How many train cards?", 110).verify(96)
        except AssertionError as e:
            print("refused:", e)
        else:
            print("accepted a wrong answer")
            sys.exit(1)
    """)
    run = subprocess.run([sys.executable, "-O", "-c", code], capture_output=True, text=True, cwd=ROOT,
                         timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.strip() == "refused: Not quite: 96 is too low."


def test_progress_is_kept_across_notebooks_and_sessions(tmp_path):
    store = ProgressStore(tmp_path / "progress.json")
    first = ExerciseSet("notebooks/demo", "Demo", {"a": NumberExercise("1 + 1?", 2, example="2"),
                                                   "b": NumberExercise("2 + 2?", 4, example="4")}, store=store)
    first.verify_all()
    assert first.progress.summary() == "0 of 2 solved" and not (tmp_path / "progress.json").exists()
    first["a"].check("3")
    first["a"].check("2")
    again = ExerciseSet("notebooks/demo", "Demo", {"a": NumberExercise("1 + 1?", 2),
                                                   "b": NumberExercise("2 + 2?", 4)}, store=store)
    assert again.progress.summary() == "1 of 2 solved"
    entry = store.entry("notebooks/demo/a")
    assert (entry["tries"], entry["solved"], entry["last_answer"]) == (2, True, "2")


def test_a_broken_progress_file_is_set_aside_never_a_crash(tmp_path):
    path = tmp_path / "progress.json"
    path.write_text("{not json")
    store = ProgressStore(path)
    ex = NumberExercise("1 + 1?", 2, id="notebooks/demo/a")
    ex.store = store
    assert ex.check("2").correct
    assert store.solved("notebooks/demo/a") and (tmp_path / "progress.json.broken").exists()
    assert "could not be read" in store.problem


def test_progress_exports_a_file_for_the_teacher(tmp_path):
    store = ProgressStore(tmp_path / "progress.json")
    s = ExerciseSet("notebooks/demo", "Demo", {"a": NumberExercise("1 + 1?", 2)}, store=store)
    s["a"].check("2")
    store.set_learner("Ann")
    exported = json.loads(s.progress.export(tmp_path / "ann.json").read_text())
    assert exported["learner"] == "Ann" and exported["exercises"]["notebooks/demo/a"]["solved"]
    assert exported["lessons"] == [{"lesson": "notebooks/demo", "title": "Demo", "exercises": 1,
                                    "tried": 1, "solved": 1}]
    csv_text = s.progress.export(tmp_path / "ann.csv").read_text()
    assert csv_text.splitlines()[1].startswith("Ann,notebooks/demo/a,1,True")


def test_coding_exercises_name_the_notebooks_real_variable():
    s = ExerciseSet("notebooks/demo", "Demo", {"bridge": FunctionExercise(
        "is_bridge?", reference=abs, cases=[(1,)], function_name="is_bridge")})
    assert s["bridge"].call == 'exercises["bridge"].check(is_bridge)'


def test_verdicts_show_themselves_readably():
    verdict = NumberExercise("2 + 2?", 4).check(5)
    assert repr(verdict) == "<Verdict wrong: Not quite: 5 is too high.>"
    assert "✘" in verdict._repr_html_() and "Verdict(" not in verdict._repr_html_()
    assert Progress([]).summary() == "0 of 0 solved"


def test_the_tunnel_lesson_diagnoses_drawing_with_replacement_without_the_key():
    # issue 26: the classic with-replacement answer (84/110)^3 = 0.445 heard only "too high"
    from ttr_teach.course.lessons.questions import tunnels

    free = tunnels.exercises()["free"]
    for written in ("0.445", "44.5%", "0,4449"):
        said = free.check(written).message
        assert said.startswith(f"Not quite: {written} is too high.") and "with replacement" in said
        assert "0.441" not in said and "23821" not in said
    assert "one revealed card" in free.check("84/110").message


def test_the_course_page_shows_one_message_the_newest_with_a_visible_download_link(tmp_path, monkeypatch):
    # issue 26: the export message appeared above an older "Saved", and "Download it" showed as plain text
    from ttr_teach.course.exercises import ProgressStore
    from ttr_teach.course.lessons.start import course_progress

    monkeypatch.chdir(tmp_path)
    box = course_progress(ProgressStore(tmp_path / "progress.json"))
    _table, row, export, message = box.children
    name, save = row.children
    name.value = "Ann"
    save.click()
    assert message.value == "Saved: Ann."
    export.children[0].click()
    assert len(export.children) == 1 and "Saved: Ann." not in message.value
    assert message.value.startswith("Saved as <code>") and (tmp_path / "ttr-progress-Ann.json").exists()
    assert 'href="data:application/json;base64,' in message.value and "text-decoration:underline" in message.value
    assert ">Download ttr-progress-Ann.json</a>" in message.value


def test_no_lesson_shows_an_answer_above_its_question():
    # issue 26: 05 "free" had its answer in the table just above; 02, 04, 07, 09 and 10 asked what
    # the text or a table above had just said. The questions now come first or ask one step further.
    import json
    import re

    from ..helpers import NOTEBOOKS

    def cells(name):
        return ["".join(c["source"]) for c in json.loads((NOTEBOOKS / f"{name}.ipynb").read_text())["cells"]]

    tunnels = cells("05_tunnels")
    asked = next(i for i, c in enumerate(tunnels) if c.rstrip().endswith('exercises["free"]'))
    assert asked < next(i for i, c in enumerate(tunnels) if "distribution_html(rows)" in c)
    assert all("44 %" not in c for c in tunnels[:asked])
    from ttr_teach.course.lessons.questions import lesson_builders

    sets = {name.rsplit("/", 1)[1]: build() for name, build in lesson_builders().items()}
    said_above = {("02_claiming_routes", "points"): "(8, 21)",          # the scoring table
                  ("07_stations", "cards"): "All three together cost 6 cards",
                  ("10_usa_vs_europe", "five"): "5-space routes (10 points)",
                  ("10_usa_vs_europe", "doubles"): "**22 double routes**",
                  ("04_ferries", "palermo"): "Palermo–Smyrna, 6 spaces with 2 symbols"}
    for (lesson, key), fact in said_above.items():
        text = cells(lesson)
        asked = next(i for i, c in enumerate(text) if c.rstrip().endswith(f'exercises["{key}"]'))
        assert any(fact in c for c in text[:asked]), (lesson, fact)     # the fact is still taught above
        ex = sets[lesson][key]
        if key == "palermo":        # the worked ferry is not the one asked about
            assert "Palermo" not in ex.prompt
        else:
            assert not re.search(rf"(?<![\d(]){ex.answer_text().split()[0]}\b", fact), (lesson, key)
    cy = sets["09_end_and_scoring"]["cy"]
    assert "score if he had built only one" in cy.prompt and cy.key == 8
