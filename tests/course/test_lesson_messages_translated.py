"""The rules lessons speak the learner's language: with ``set_language("sv")`` (or fa, vi, it)
every exercise's prompt, hints, solution and nudges, and the sentences the lessons print, come
out translated (not the English words) with their placeholders filled; a choice shows its
options in the language and reads an answer written in it."""

import re
from importlib import import_module

import pytest

import ttr_teach
from ttr_teach.course.exercises import ChoiceExercise, NumberExercise, SetExercise, TrueFalseExercise
from ttr_teach.course.lessons.questions import LESSONS
from ttr_teach.engine.i18n import TRANSLATED

#: the rules lessons (the graph lessons are translated on their own)
RULES_LESSONS = [name for name, (module, _) in LESSONS.items() if not module.startswith("graphs")]
PLAYERS = {"Ann", "Bo", "Cy", "Dee"}
UNFILLED = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}")


@pytest.fixture(autouse=True)
def _english_after():
    yield
    ttr_teach.set_language(None)


def _build(notebook: str, lang: str):
    ttr_teach.set_language(lang)
    module = import_module(f"ttr_teach.course.lessons.questions.{LESSONS[notebook][0]}")
    return module.exercises()


def _texts(exercise) -> dict:
    """Every sentence of an exercise the learner may read, by where it is shown."""
    texts = {"prompt": exercise.prompt, "solution": exercise.solution}
    texts.update({f"hint {i}": h for i, h in enumerate(exercise.hints)})
    if isinstance(exercise, NumberExercise):
        texts.update({f"nudge {k}": v for k, v in exercise.nudges.items()})
    if isinstance(exercise, TrueFalseExercise):
        texts["explanation"] = exercise.explanation
    elif isinstance(exercise, ChoiceExercise):
        texts.update({f"why {k}": v for k, v in exercise.explanations.items()})
    return {k: v for k, v in texts.items() if v}


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("notebook", RULES_LESSONS)
def test_every_exercise_of_a_rules_lesson_is_translated_with_its_placeholders_filled(notebook, lang):
    english = _build(notebook, "en")
    translated = _build(notebook, lang)
    assert translated.ids == english.ids
    problems = []
    for key in english.ids:
        before, after = _texts(english[key]), _texts(translated[key])
        assert before.keys() == after.keys(), key
        for where, text in after.items():
            if text == before[where]:
                problems.append(f"{key} {where}: still English: {text!r}")
            if UNFILLED.search(text):
                problems.append(f"{key} {where}: a placeholder is not filled: {text!r}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("notebook", RULES_LESSONS)
def test_a_choice_is_shown_and_answered_in_the_learners_language(notebook, lang):
    for key, exercise in _build(notebook, lang).items():
        if not isinstance(exercise, ChoiceExercise):
            continue
        labels = [exercise.label(o) for o in exercise.options]
        words = [o for o in exercise.options if o not in PLAYERS]
        assert all(exercise.label(o) != o for o in words), f"{key}: {labels}"
        answer = exercise.label(str(exercise.answer))
        assert exercise.judge(answer.upper()).correct, f"{key}: the answer {answer!r} in the language is not read"
        assert exercise.judge(str(exercise.answer)).correct, f"{key}: the English key is not read any more"
        wrong = next(o for o in exercise.options if o != str(exercise.answer))
        verdict = exercise.judge(exercise.label(wrong))
        assert not verdict.correct
        if not isinstance(exercise, TrueFalseExercise):  # a wrong true/false answer hears a nudge
            assert exercise.label(wrong) in verdict.message


@pytest.mark.parametrize("lang", TRANSLATED)
def test_colours_are_answered_in_the_learners_words(lang):
    ttr_teach.set_language(lang)
    from ttr_teach.course.lessons.common import colour_name
    from ttr_teach.course.lessons.questions import claiming

    exercise = claiming.exercises()["colours"]
    assert isinstance(exercise, SetExercise)
    yellow, black = colour_name("yellow"), colour_name("black")
    assert (yellow, black) != ("yellow", "black")
    conjunction = {"vi": "và", "fa": "و", "sv": "och", "it": "e"}[lang]
    assert exercise.judge(f"{black} {conjunction} {yellow}").correct
    assert exercise.judge(f"{yellow}, {black}").correct
    assert exercise.judge(yellow).message != "Not quite: one colour is missing."
    refusal = exercise.judge(f"{yellow} purple").message
    assert "purple" in refusal and colour_name("pink") in refusal


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_misreadings_demonstrations_speak_the_language(lang):
    from ttr_teach.course.lessons.misreadings import MISREADINGS

    english = {m.key: m.demonstrate().lines for m in MISREADINGS}
    ttr_teach.set_language(lang)
    for m in MISREADINGS:
        lines = m.demonstrate().lines
        assert lines[0] != english[m.key][0], f"{m.key}: {lines[0]!r} is still English"
        assert not UNFILLED.search("\n".join(lines)), lines


def _market_refusal():
    from ttr_teach.course.lessons.cards import MarketModel

    market = MarketModel()
    drawn = market.draw_blind()
    refusal = market.take(market.face_up.index("locomotive"))
    return [market.status(), drawn.message, drawn.explanation, refusal.explanation]


def _claim_answers():
    from ttr_teach.course.lessons.claiming import can_claim

    return [can_claim(("Danzig", "Warszawa"), {"red": 2, "locomotive": 1}).text(),
            can_claim(("Danzig", "Warszawa"), {"red": 2, "locomotive": 1}).html()]


def _double_routes():
    from ttr_teach.course.lessons.common import table_html
    from ttr_teach.course.lessons.doubles import double_route_demo, double_route_table

    demo = double_route_demo(("Berlin", "Frankfurt"), players=4, owner=0, asker=1)
    return [demo.sentence(), demo.highlight()[0]["label"], table_html(double_route_table())]


def _ferries():
    from ttr_teach.course.lessons.common import table_html
    from ttr_teach.course.lessons.ferries import ferry_highlight, ferry_rows

    return [mark["label"] for mark in ferry_highlight()] + [table_html(ferry_rows())]


#: What the rules lessons print or show besides their exercises, lesson by lesson.
LESSON_SENTENCES = {
    "01 market": _market_refusal,
    "02 claiming": _claim_answers,
    "03 double routes": _double_routes,
    "04 ferries": _ferries,
}


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("what", LESSON_SENTENCES)
def test_the_lessons_sentences_and_table_headings_are_translated(what, lang):
    ttr_teach.set_language("en")
    english = LESSON_SENTENCES[what]()
    ttr_teach.set_language(lang)
    translated = LESSON_SENTENCES[what]()
    assert len(translated) == len(english)
    for before, after in zip(english, translated, strict=True):
        assert after != before, f"still English: {after!r}"
        assert not UNFILLED.search(after), after


def _tunnel_claim():
    from ttr_teach.course.lessons.tunnels import TunnelModel, distribution_html, distribution_rows, tunnel_deck

    staged = TunnelModel(("Madrid", "Pamplona", "black"), deck_top=["black", "red", "locomotive"])
    said = [staged.last.message, staged.claim(("black", 3, 0)).message, staged.decline().message]
    return said + [distribution_html(distribution_rows(tunnel_deck("red", 2, 1, 9), "red"))]


def _ticket_choice():
    from ttr_teach.course.lessons.common import table_html
    from ttr_teach.course.lessons.tickets import TicketChoiceModel, deal_setup, finish_setup

    model = TicketChoiceModel(seed=7)
    said = [model.last.message, model.summary()]
    model.select([("Smolensk", "Warszawa"), ("Brest", "Venezia")])
    said += [model.summary(), model.highlight()[0]["label"], model.keep().message]
    deal = deal_setup("europe", ["Ann", "Bo"], seed=7)
    records = finish_setup(deal.game, [deal.dealt[0][:2], None])
    return said + [r.text() for r in records] + [table_html(deal.rows())]


LESSON_SENTENCES.update({"05 tunnels": _tunnel_claim, "06 tickets": _ticket_choice})


def _stations():
    from ttr_teach.course.lessons.common import table_html
    from ttr_teach.course.lessons.stations import (
        StationBuilderModel,
        StationExplorerModel,
        one_route_position,
        station_cost_rows,
    )

    builder = StationBuilderModel(hand={"red": 3, "blue": 1, "green": 2})
    explorer = StationExplorerModel(one_route_position(), "Ann")
    return [builder.last.message, builder.build("Paris").message, explorer.explain(0), explorer.explain(1),
            table_html(station_cost_rows()), table_html(explorer.rows())]


def _longest():
    from ttr_teach.course.lessons.common import table_html
    from ttr_teach.course.lessons.longest import PRESETS, NetworkBuilderModel, bonus_rows, explain_network, tie_position
    from ttr_teach.engine.scoring import score_position

    model = NetworkBuilderModel("a single line")
    return [explain_network(PRESETS["a loop with two tails"]).sentence(), model.last.message,
            model.add(("Frankfurt", "Berlin", "black")).message, table_html(bonus_rows(score_position(tie_position())))]


LESSON_SENTENCES.update({"07 stations": _stations, "08 longest": _longest})


def _endgame():
    from ttr_teach.course.lessons import endgame
    from ttr_teach.course.lessons.common import table_html
    from ttr_teach.engine.scoring import score_position

    game = endgame.play_to_the_end(players=["Ann", "Bo", "Cy"], seed=4)
    final = endgame.finished_position()
    result = score_position(final)
    tie = score_position(endgame.tie_position("Europe: fewest stations"))
    still = score_position(endgame.tie_position("Europe: still tied"))
    return ([endgame.final_round(game).text(), table_html(endgame.final_round_rows(game)),
             table_html(endgame.score_rows(result)), table_html(endgame.tie_rows(tie)),
             endgame.tie_sentence(tie), endgame.tie_sentence(still)]
            + [line.text() for line in endgame.score_lines(final, "Ann", result)])


LESSON_SENTENCES.update({"09 end and scoring": _endgame})


def _editions():
    from ttr_teach.course.lessons import editions
    from ttr_teach.course.lessons.common import table_html

    return [editions.comparison_html(), editions.map_facts_html(), table_html(editions.route_length_rows()),
            table_html(editions.setup_side_by_side()), editions.feature_sentence("usa", "length:5"),
            editions.feature_sentence("usa", "tunnel"), editions.feature_sentence("europe", "double")]


LESSON_SENTENCES.update({"10 editions": _editions})


def _start_and_progress():
    import tempfile
    from pathlib import Path

    from ttr_teach.course.exercises import FunctionExercise, ProgressStore
    from ttr_teach.course.exercises.widget import export_message
    from ttr_teach.course.lessons.common import table_html
    from ttr_teach.course.lessons.questions import cards
    from ttr_teach.course.lessons.start import city_summary, course_progress_rows

    store = ProgressStore(Path(tempfile.mkdtemp()) / "progress.json")
    lesson = cards.exercises()
    twice = FunctionExercise("Double it.", reference=lambda x: 2 * x, cases=[1, 2], function_name="double")
    return [city_summary("Paris").splitlines()[0], table_html(course_progress_rows(store)), lesson.progress.summary(),
            lesson._repr_html_(), export_message(Path("/tmp/ttr-progress-Ann.json"), b"{}"),
            twice.judge(lambda x: x).message, twice.judge(lambda x: 2 * x).message]


LESSON_SENTENCES.update({"00 start and progress": _start_and_progress})
