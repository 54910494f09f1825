"""Exercises of ``graphs/06_write_a_bot``: a bot measured in a mini-tournament."""
from __future__ import annotations

from ..graphs import write_a_bot
from . import lesson_set


def exercises():
    return lesson_set("notebooks/graphs/06_write_a_bot", {
        "network_bot": write_a_bot.network_bot_exercise(),
        "improve_bot": write_a_bot.improve_bot_exercise(),
    })
