"""What a learner reads after an answer or a refused move is a sentence: a capital first letter,
a final full stop (or ? or !), and numbers that agree with their nouns ("1 card", "3 cards").

Collected from every exercise and puzzle checker over many answers (right, wrong, diagnosed,
unreadable), from the lessons' interactive models refusing random moves, and from random games
on both maps with 2 to 5 players in which random illegal actions are tried: the engine's reason
for each (a clause, made to go inside the play panel's "Not allowed: ...: reason."), and the
play panel's sentence around it (issue 26).
"""
from __future__ import annotations

import random
import re

import pytest

from ttr_teach import Game
from ttr_teach.course.exercises import FunctionExercise
from ttr_teach.course.lessons import cards, stations, tickets, tunnels
from ttr_teach.course.lessons.graphs import write_a_bot
from ttr_teach.engine.actions import (
    BuildStation,
    ClaimRoute,
    DeclineTunnel,
    DrawBlind,
    DrawFaceUp,
    DrawTickets,
    KeepTickets,
    Pass,
    PayTunnel,
)
from ttr_teach.engine.rules import COLORS, LOCOMOTIVE
from ttr_teach.engine.text import sentence
from ttr_teach.players.random_bot import random_action
from ttr_teach.views.widgets.play_model import PlayModel

from .test_feedback_never_tells_the_key import EXERCISES, wrong_answers

NOUNS = ("card", "point", "train", "ticket", "route", "station", "locomotive", "city", "player", "way", "game",
         "space", "colour", "case", "step", "choice")
PLURALS = {n: n[:-1] + "ies" if n.endswith("y") and n != "way" else n + "s" for n in NOUNS}
#: Words that may stand between a number and its noun ("2 orange cards", "1 more card").
BETWEEN = r"(?:(?:" + "|".join(COLORS + ("more", "extra", "regular", "long", "other", "face-up")) + r") )?"
ONE_WITH_PLURAL = re.compile(rf"(?<![\d.,/])\b1 {BETWEEN}(?:{'|'.join(PLURALS.values())})\b")
MANY_WITH_SINGULAR = re.compile(rf"(?<![\d.,/])\b(?:0|[2-9]|[1-9]\d+) {BETWEEN}(?:{'|'.join(NOUNS)})\b(?![-–'’])")


def agreement_faults(text: str) -> list:
    """The places where a number disagrees with its noun ("1 cards", "3 card")."""
    return ONE_WITH_PLURAL.findall(text) + MANY_WITH_SINGULAR.findall(text)


def sentence_faults(text: str) -> list:
    """Why ``text`` is not a sentence a learner reads (empty when it is one)."""
    faults = []
    if not text or not text[0].isupper() and not text[0].isdigit() and text[0] not in "“'\"":
        faults.append("no capital first letter")
    if not text.rstrip().rstrip(")”’\"'").endswith((".", "?", "!")):      # "... lesson 07.)" ends well
        faults.append("no final full stop")
    faults += [f"number: {m!r}" for m in agreement_faults(text)]
    if "()" in text or "  " in text:
        faults.append("an empty bracket or a double space")
    return faults


def test_the_checks_catch_what_they_are_for():
    assert sentence_faults("Right: 1 cards.") == ["number: '1 cards'"]
    assert sentence_faults("your second station needs 2 cards") == ["no capital first letter", "no final full stop"]
    assert sentence_faults("You hold 3 red card.") == ["number: '3 red card'"]
    assert sentence_faults("Missing 2 cards ().") == ["an empty bracket or a double space"]
    assert sentence_faults("Right: 1 card; 1 of your 4 tickets; 2 more cards on turn 12.") == []


# -- the checkers' feedback --------------------------------------------------------------------
CHECKED = [(name, ex) for name, ex in EXERCISES if not isinstance(ex, write_a_bot.BotExercise)]


def answers_for(ex) -> list:
    if isinstance(ex, FunctionExercise):
        def off_by_one(*args):
            value = ex.answer(*args)
            return (not value) if isinstance(value, bool) else value + 1

        def crashes(*args):
            raise KeyError("x")

        return [ex.answer, off_by_one, lambda *args: None, crashes, "not a function"]
    answers = [ex.example, "lots of", ""] + wrong_answers(ex)
    answers += [str(wrong) for wrong in getattr(ex, "nudges", {})]
    return answers


@pytest.mark.parametrize("name, ex", CHECKED, ids=[n for n, _ in CHECKED])
def test_every_checker_answers_in_sentences(name, ex):
    for answer in answers_for(ex):
        message = ex.judge(answer).message
        assert sentence_faults(message) == [], f"{name}: {answer!r} -> {message!r}"


# -- the lessons' models refusing random moves -------------------------------------------------
def lesson_messages(rng) -> list:
    said = []
    market = cards.MarketModel()
    for _ in range(12):
        said.append(market.take(rng.randrange(-1, 6)).message if rng.random() < 0.7 else market.draw_blind().message)
    builder = stations.StationBuilderModel(hand={"red": 1, "blue": 1, "green": 2})
    for city in rng.sample(["Paris", "Wien", "Roma", "Berlin", "Madrid", "Kyiv"], 5):
        way = (rng.choice(COLORS), rng.randrange(0, 4), rng.randrange(0, 2))
        said.append(builder.build(city, way).message)
        said.append(builder.build(city).message)
    tunnel = tunnels.TunnelModel(("Madrid", "Pamplona", "black"), seed=rng.randrange(100))
    said += [tunnel.last.message, tunnel.pay().message, tunnel.decline().message,
             tunnel.claim(("red", 3, 0)).message, tunnel.claim(0).message, tunnel.claim(0).message,
             tunnel.pay(("blue", 5, 0)).message]
    choice = tickets.TicketChoiceModel(seed=rng.randrange(100))
    said.append(choice.keep().message)
    choice.select(choice.offer[:2])
    said += [choice.keep().message, choice.keep().message]
    return said


@pytest.mark.parametrize("seed", range(4))
def test_lesson_models_answer_and_refuse_in_sentences(seed):
    for message in lesson_messages(random.Random(seed)):
        assert sentence_faults(message) == [], message


# -- random games, random illegal actions ------------------------------------------------------
def random_attempt(game, rng):
    """Any action at all: legal or not (most are not)."""
    m = game.map
    kind = rng.randrange(9)
    color = rng.choice(COLORS + (None,))
    if kind == 0:
        route = rng.choice(m.routes)
        return ClaimRoute(route.index, color, rng.randrange(0, route.length + 2), rng.randrange(0, 3))
    if kind == 1:
        return DrawFaceUp(rng.choice(COLORS + (LOCOMOTIVE,)))
    if kind == 2:
        return BuildStation(rng.choice(list(m.cities)), color, rng.randrange(0, 4), rng.randrange(0, 2))
    if kind == 3:
        return KeepTickets(tuple(rng.sample(range(len(m.tickets)), rng.randrange(0, 3))))
    if kind == 4:
        return PayTunnel(color, rng.randrange(0, 3), rng.randrange(0, 2))
    return rng.choice([DrawBlind(), DrawTickets(), DeclineTunnel(), Pass()])


GAMES = [(map_name, players, seed) for seed, (map_name, players) in
         enumerate((m, n) for m in ("europe", "usa") for n in (2, 3, 4, 5))]


@pytest.mark.parametrize("map_name, players, seed", GAMES)
def test_random_illegal_attempts_are_refused_in_words_that_agree(map_name, players, seed):
    rng = random.Random(seed)
    game = Game.new(map=map_name, players=[f"P{i}" for i in range(players)], seed=seed)
    reasons = set()
    while not game.is_over and game.turn < 80:
        for _ in range(6):
            why = game.why_illegal(random_attempt(game, rng))
            if why:
                reasons.add(why)
        game.play(random_action(game, rng))
    assert len(reasons) >= 10
    for why in reasons:
        # a reason is a clause, made to sit inside a sentence: shown alone, it becomes one
        assert not why.endswith("."), why
        assert sentence_faults(sentence(why)) == [], why


@pytest.mark.parametrize("map_name, seed", [("europe", 1), ("usa", 2)])
def test_the_play_panel_refuses_clicks_in_sentences(map_name, seed):
    rng = random.Random(seed)
    model = PlayModel.new(map_name, seats=(("Ann", "person"), ("Bo", "person")), seed=seed)
    said = []
    for _ in range(60):
        m = model.map
        if model.game.is_over:
            break
        if rng.random() < 0.5:
            outcome = model.click_route(rng.choice(m.routes))
        else:
            outcome = model.click_city(rng.choice(list(m.cities)) if m.rules.has_stations else "Denver")
        said.append(outcome.message)
        if not outcome.ok:
            said.append(model.why_not().message)
        else:
            model.cancel()
        legal = model.game.legal_actions()
        model._act(rng.choice(legal)) if legal else None
    assert any(s.startswith("Not allowed") for s in said)
    for message in said:
        assert sentence_faults(message) == [], message
