"""The graph lessons and the puzzles speak each language of the course: every exercise's
prompt, hints and worked solution, the step-by-step messages of the searches, the tables'
headings and the puzzles' feedback come out translated, with every placeholder filled; the
puzzle files' texts have their own catalog, fresh and compiled, and a translated puzzle keeps
its key (the translated notebooks' hidden checks run ``assert_key`` in their language)."""
import re
from pathlib import Path

import pytest

import ttr_teach
from ttr_teach.algorithms.stepwise import UnionFind, bfs_steps, dijkstra_steps
from ttr_teach.course import message_catalogs as messages
from ttr_teach.course import puzzle_catalogs
from ttr_teach.course.exercises.functions import FunctionExercise
from ttr_teach.course.lessons import graphs as lesson
from ttr_teach.course.lessons.graphs.bot_exercise import BotExercise
from ttr_teach.course.lessons.graphs.write_a_bot import NETWORK_FOCUS
from ttr_teach.course.lessons.questions import LESSONS, lesson_builders
from ttr_teach.course.puzzles import PuzzleBook, texts
from ttr_teach.course.puzzles.notebook import header_html
from ttr_teach.engine.i18n import TRANSLATED
from ttr_teach.engine.maps import load_map
from ttr_teach.players.planner_bot import PlannerBot

ROOT = Path(__file__).resolve().parents[2]
GRAPH_LESSONS = [name for name in LESSONS if name.startswith("notebooks/graphs/")]
#: A placeholder left unfilled: "{city}" in a learner's sentence.
UNFILLED = re.compile(r"(?<!\{)\{[a-z_]+\}(?!\})")
#: Words: a text with none (a formula such as "3^12 / 3^10") may read the same in every language.
WORDS = re.compile(r"[A-Za-z]{3,}")


@pytest.fixture(autouse=True)
def _english_after():
    yield
    ttr_teach.set_language(None)


def _in(lang, make):
    ttr_teach.set_language(lang)
    try:
        return make()
    finally:
        ttr_teach.set_language(None)


def _texts(exercise) -> list:
    """What a learner reads of an exercise: its prompt, its hints and (unless it is the
    package's source code) its worked solution."""
    said = [exercise.prompt, *exercise.hints]
    if not isinstance(exercise, FunctionExercise) and exercise.solution:
        said.append(exercise.solution)
    return said


def _is_code(text: str) -> bool:
    """A hint that is a Python expression to type (the same in every language)."""
    try:
        compile(text, "<hint>", "eval")
    except SyntaxError:
        return False
    return True


def _translated(english: str, other: str, where: str) -> list:
    problems = []
    if UNFILLED.search(other):
        problems.append(f"{where}: a placeholder is left unfilled: {other!r}")
    if other == english and WORDS.search(english) and not _is_code(english):
        problems.append(f"{where}: still English: {english!r}")
    return problems


@pytest.fixture(scope="module")
def english_sets():
    return {name: lesson_builders()[name]() for name in GRAPH_LESSONS}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_graph_exercise_asks_hints_and_explains_in_the_language(lang, english_sets):
    problems = []
    for name in GRAPH_LESSONS:
        english = english_sets[name]
        translated = _in(lang, lesson_builders()[name])
        for key in english.ids:
            said, shown = _texts(english[key]), _texts(translated[key])
            assert len(said) == len(shown), f"{name}/{key}: hints differ in number"
            for en, other in zip(said, shown, strict=True):
                problems += _translated(en, other, f"{name}/{key}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_searches_explain_each_step_in_the_language(lang):
    def steps():
        uf = UnionFind(["Paris", "Bruxelles", "Amsterdam"])
        uf.union("Paris", "Bruxelles"), uf.union("Bruxelles", "Paris"), uf.find("Paris")
        return ([s["message"] for s in uf.steps]
                + [s["message"] for s in bfs_steps("europe", "Lisboa", "Barcelona")]
                + [s["message"] for s in dijkstra_steps("europe", "Palermo", "Roma")]
                + [f["message"] for f in lesson.union_find_frames(**lesson.example_network())]
                + [f["title"] for f in lesson.bfs_frames("europe", "Lisboa", "Wien")]
                + [f["message"] for f in lesson.dijkstra_frames("europe", "Paris", "Wien")])

    english, shown = steps(), _in(lang, steps)
    problems = [p for en, other in zip(english, shown, strict=True) for p in _translated(en, other, "step")]
    assert not problems, "\n".join(problems)


def test_the_searches_say_what_happened_in_swedish():
    ttr_teach.set_language("sv")
    uf = UnionFind(["Paris", "Bruxelles"])
    uf.union("Paris", "Bruxelles"), uf.union("Bruxelles", "Paris")
    assert uf.steps[-1]["message"] == "Bruxelles och Paris hänger redan ihop (båda leds av Paris)"
    assert lesson.dijkstra_frames("europe", "Paris", "Wien")[-1]["message"].startswith(
        "minst antal vagnar från Paris till Wien: 8")


def test_a_table_keeps_its_keys_and_shows_its_headings_in_the_language():
    table = lesson.Table([lesson.graph_summary("usa")], columns=["map", "cities", "double routes"])
    ttr_teach.set_language("it")
    assert "<th>percorsi doppi</th>" in table._repr_html_()
    assert table.rows[0]["double routes"] == 22          # the notebooks' checks read the English keys
    ttr_teach.set_language("fa")
    assert str(table).splitlines()[0].split() == ["نقشه", "شهرها", "مسیرهای", "دوخطی"]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_bot_exercise_reports_in_the_language(lang):
    figures = {"wins": 12, "games": 40, "low": 0.18, "high": 0.46, "tickets": (30, 60), "score": 80.0,
               "other_score": 95.0, "faults": [{"kind": "error", "reason": "ZeroDivisionError: oops"}] * 2}

    def report():
        exercise = BotExercise("", "planner", PlannerBot, 18 / 40, map="europe", focus=NETWORK_FOCUS)
        return [exercise.report(figures), lesson.next_step(figures, "planner", NETWORK_FOCUS),
                lesson.refusal(PlannerBot, ()), exercise.answer_text()]

    problems = [p for en, other in zip(report(), _in(lang, report), strict=True)
                for p in _translated(en, other, "bot exercise")]
    assert not problems, "\n".join(problems)


@pytest.fixture(scope="module")
def book():
    return PuzzleBook.load()


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_puzzle_gives_its_feedback_in_the_language(lang, book):
    problems = []
    for puzzle in book:
        english = puzzle.kind.hint(puzzle, puzzle.solve())
        problems += _translated(english, _in(lang, lambda p=puzzle: p.kind.hint(p, p.solve())), puzzle.id)
        nudges = puzzle.kind.mistakes(puzzle, puzzle.solve())
        shown = _in(lang, lambda p=puzzle: p.kind.mistakes(p, p.solve()))
        for wrong, why in nudges.items():
            problems += _translated(why, shown[wrong], f"{puzzle.id} (nudge for {wrong})")
        problems += _translated(puzzle.kind.title, _in(lang, lambda p=puzzle: header_html(p, 1, 2)), puzzle.id)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_puzzle_in_the_language_keeps_its_key_and_its_checker(lang, book):
    """What the translated puzzle notebooks' hidden cells run: the engine agrees with the key,
    and the exercise, asked in the language, accepts it (a winner's options are translated)."""
    for puzzle in book:
        fresh = type(puzzle)(**{f: getattr(puzzle, f) for f in puzzle.__dataclass_fields__ if f != "_cache"})
        _in(lang, fresh.assert_key)


def test_the_puzzle_files_texts_catalog_is_fresh_and_compiled():
    template = messages.read_catalog(texts.catalog_path("x").parents[2] / f"{texts.DOMAIN}.pot")
    assert sorted(str(m.id) for m in template if m.id) == \
        sorted(str(m.id) for m in puzzle_catalogs.puzzle_template(ROOT) if m.id), "run `make translations`"
    for lang in TRANSLATED:
        catalog = messages.read_catalog(texts.catalog_path(lang), lang)
        assert sorted(str(m.id) for m in catalog if m.id) == sorted(str(m.id) for m in template if m.id)
        assert texts.catalog_path(lang, ".mo").read_bytes() == messages.compiled(catalog)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_puzzle_reads_in_the_language(lang, book):
    catalog = messages.read_catalog(texts.catalog_path(lang), lang)
    untranslated = [str(m.id)[:60] for m in catalog if m.id and (not m.string or m.fuzzy)]
    assert not untranslated, f"{texts.catalog_path(lang)}: not translated (or fuzzy): {untranslated}"
    problems = []
    for puzzle in book:
        shown = puzzle.in_language(lang)
        for field in ("title", "question", "hint", "explanation"):
            problems += _translated(getattr(puzzle, field), getattr(shown, field), f"{puzzle.id}: {field}")
    assert not problems, "\n".join(problems)


def test_a_translated_puzzle_shows_its_translated_question_and_keeps_the_english_file():
    puzzle = PuzzleBook.load(level="introductory")["intro-eu-routes-1"]
    fresh = type(puzzle)(**{f: getattr(puzzle, f) for f in puzzle.__dataclass_fields__ if f != "_cache"})
    ttr_teach.set_language("sv")
    assert fresh.exercise.prompt.startswith("Ann har byggt Paris–Frankfurt")
    assert fresh.exercise.hints[0].startswith("Poäng är inte vagnar.")
    assert fresh.question.startswith("Ann has claimed") and fresh.problems() == []
    assert "Tio vagnar, hur många poäng?" in header_html(fresh, 1, 20)
    assert load_map("europe").name == fresh.map.name


@pytest.mark.parametrize("lang", TRANSLATED)
def test_what_the_lessons_code_cells_print_is_in_the_language(lang):
    from ttr_teach.course.lessons.graphs import best_score

    def printed():
        return [*lesson.parity_summary(lesson.parity_bound(lesson.konigsberg())),
                lesson.euler_summary(lesson.euler_check(lesson.konigsberg())),
                *lesson.starts_report([("A", "B", 10), ("B", "C", 10), ("C", "A", 10), ("D", "E", 1)]),
                *best_score.taken_summary("usa"), best_score.only_optimum_summary("usa", 45),
                *best_score.budget_facts("usa", 45), best_score.lp_per_train("europe"),
                best_score.proof_summary("usa"), best_score.split_summary("europe", 45)]

    problems = [p for en, other in zip(printed(), _in(lang, printed), strict=True)
                for p in _translated(en, other, "printed")]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_coding_exercise_judges_the_learners_function_in_the_language(lang):
    def placeholder(graph, a, b):
        raise NotImplementedError

    def wrong(graph, a, b):
        return None

    def verdicts():
        exercise = lesson.is_bridge_exercise()
        return [exercise.check(placeholder), exercise.check(wrong),
                exercise.check(lambda graph, a, b: lesson.solution_is_bridge(graph, a, b)), exercise]

    *english, _ = verdicts()
    *shown, exercise = _in(lang, verdicts)
    assert exercise.tries == 2                 # the placeholder is no try, in every language
    assert [v.correct for v in shown] == [False, False, True]
    problems = [p for en, other in zip(english, shown, strict=True)
                for p in _translated(en.message, other.message, "coding exercise")]
    assert not problems, "\n".join(problems)


def test_the_graph_lessons_refuse_a_wrong_argument_in_the_language():
    """A learner who asks a lesson's helper for something it does not have reads why in their
    language; the option names to choose from stay the English values the code takes."""
    from ttr_teach.engine.errors import MapError
    ttr_teach.set_language("sv")
    with pytest.raises(MapError, match="okänd snabbning 'memo': välj bland components, odd starts, euler, chains"):
        lesson.trail_search(lesson.konigsberg(), ["memo"])
    ttr_teach.set_language("fa")
    with pytest.raises(MapError, match="چیزی برای پویانمایی نیست"):
        lesson.FramePlayer([])
    ttr_teach.set_language("it")
    with pytest.raises(ValueError, match="avversario 'wizard': scegline uno tra random, planner"):
        lesson.mini_tournament(PlannerBot, "wizard")
    ttr_teach.set_language("vi")
    with pytest.raises(MapError, match="hãy đếm theo 'neighbours'"):
        lesson.neighbour_counts("usa", by="cities")


def test_the_longest_trail_timings_head_their_columns_in_the_language():
    rows = [{"routes": 6, "odd cities": 2, "loops": 1, "plain calls": 100, "speed-ups calls": 0,
             "plain s": 0.001, "speed-ups s": 0.002, "package s": 0.0001, "ilp s": 0.005}]
    table = lesson.timings_table(rows)
    ttr_teach.set_language("sv")
    assert "<th>udda städer</th>" in table._repr_html_() and "<th>x snabbare</th>" in table._repr_html_()
    assert table.rows[0]["odd cities"] == 2              # the notebook's checks read the English keys
