"""Exercises of ``03_double_routes``: who may claim the second route of a pair."""
from __future__ import annotations

from ....engine.i18n import N_, gettext
from ....engine.maps import load_map
from ...exercises import ChoiceExercise, NumberExercise, TrueFalseExercise
from ..doubles import double_route_demo
from . import lesson_set

WHO = [N_("nobody"), N_("anyone except {owner}"), N_("anyone, {owner} included")]


def who_may_claim(pair, players: int, owner_name: str) -> str:
    """The engine's answer to "who may claim the other half?", in the words of the options."""
    others = double_route_demo(pair, players=players, owner=0, asker=1).open
    owner = double_route_demo(pair, players=players, owner=0, asker=0).open
    options = [w.format(owner=owner_name) for w in WHO]
    return options[2] if owner else options[1] if others else options[0]


def labels(owner_name: str) -> dict:
    """Each option of :data:`WHO` about ``owner_name`` (the key), as the learner reads it."""
    return {w.format(owner=owner_name): gettext(w).format(owner=owner_name) for w in WHO}


def exercises():
    europe = load_map("europe")
    three, five = labels("Ann"), labels("Bo")
    return lesson_set("notebooks/03_double_routes", {
        "three": ChoiceExercise(
            gettext("Three players. Ann has claimed Paris–Frankfurt (white). Who may claim Paris–Frankfurt (orange)?"),
            list(three), who_may_claim(("Paris", "Frankfurt"), 3, "Ann"), labels=three,
            hint=[gettext("How many players are there?"), gettext("Look at rule 3 of the lesson.")],
            solution=gettext("With 2 or 3 players only one route of a double route can be used. Once Ann has the "
                             "white one, the orange one is closed for everyone, Ann included: **nobody**.")),
        "two": TrueFalseExercise(
            gettext("In a 2-player game, double routes cannot be claimed at all."), False,
            explanation=gettext("One route of each double route can be claimed, by either player; only the "
                                "second one is closed once the first is taken."),
            hint=gettext("Is it the first route of the pair or the second one that is closed?")),
        "five": ChoiceExercise(
            gettext("Five players. Bo owns Pamplona–Paris (blue). Who may claim Pamplona–Paris (green)?"),
            list(five), who_may_claim(("Pamplona", "Paris"), 5, "Bo"), labels=five,
            hint=[gettext("With 4 or 5 players both routes can be used."), gettext("By whom? Look at rule 1.")],
            solution=gettext("With 4 or 5 players both routes of a double route can be used, but never by the "
                             "same player: **anyone except Bo**.")),
        "count": NumberExercise(
            gettext("In a 2-player game of Europe, at most how many routes can be claimed in all "
                    "(by both players together)? The map has 101 routes."),
            len(europe.routes) - len(europe.double_pairs), unit="routes", example="90",
            hint=[gettext("How many double routes does Europe have? (The first board of the lesson says.)"),
                  gettext("How many routes does each double route lose in a 2-player game?")],
            nudges={101: gettext("In a 2-player game some routes cannot be used at all."),
                    79: gettext("Each double route loses one route, not two.")},
            solution=gettext("Each of the 11 double routes loses one of its two routes: 101 − 11 = **90**. (With "
                             "45 trains each, the players could not fill them all anyway.)")),
    })
