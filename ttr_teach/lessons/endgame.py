"""Lesson 09, the end of the game and final scoring: the last round read from a game's log, a
complete scoring explained line by line, and the tie-breakers.

The game is played by the engine (:class:`~ttr_teach.game.Game`, with
:class:`~ttr_teach.bots.RandomBot` players); every score comes from
:func:`ttr_teach.scoring.score_position`. This module reads and explains them.

>>> game = play_to_the_end(seed=4)
>>> story = final_round(game)
>>> [t.player for t in story.last_turns] == story.expected_order
True
>>> story.trains_at_trigger <= 2
True
"""
from __future__ import annotations

from dataclasses import dataclass

from ..bots import RandomBot
from ..errors import TTRError
from ..game import Game

NAMES = ("Ann", "Bo", "Cy")


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def play_to_the_end(m="europe", players=NAMES, seed: int = 0, max_actions: int = 20_000) -> Game:
    """A game from :meth:`Game.new <ttr_teach.game.Game.new>` played to its end by random bots."""
    game = Game.new(map=m, players=list(players), seed=seed)
    bots = [RandomBot(seed * 10 + i) for i in range(len(game.players))]
    for _ in range(max_actions):
        if game.is_over:
            return game
        game.apply(bots[game.current_player].choose(game))
    raise TTRError(f"the game did not end after {max_actions} actions")


@dataclass(frozen=True)
class Turn:
    """One turn read from the log: who played, what they did, and their trains left after it."""

    number: int          # 1 for the first turn of play
    player: str
    actions: tuple       # the actions in words (a draw of two cards is two actions)
    trains_left: int
    triggered: bool      # this turn started the final round

    def row(self) -> dict:
        return {"turn": self.number, "player": self.player, "did": "; ".join(self.actions),
                "trains left": self.trains_left, "final round": "starts here" if self.triggered else ""}


def turns(game: Game) -> list:
    """Every turn of ``game`` from its log, in order (set-up choices are not turns)."""
    m, names = game.map, game.players
    log = game.log
    used = [0] * len(names)
    if log and log[0].get("event") == "start":
        for i, p in enumerate(log[0]["state"]["players"]):
            used[i] = sum(m.routes[r].length for r in p["routes"])
    out, current = [], None
    started = not (log and log[0].get("event") == "new_game")
    for e in log:
        kind = e.get("event")
        if kind == "play_begins":
            started = True
            continue
        if not started:
            continue
        if kind == "action":
            if current is None or current["player"] != e["player"]:
                if current is not None:
                    out.append(current)
                current = {"player": e["player"], "actions": [], "triggered": False}
            current["actions"].append(game.describe(e["action"]))
        elif kind == "claimed":
            used[e["player"]] += m.routes[e["route"]].length
        elif kind == "final_round":
            current["triggered"] = True
        if current is not None:
            current["trains"] = m.rules.trains_per_player - used[current["player"]]
    if current is not None:
        out.append(current)
    return [Turn(k + 1, names[t["player"]], tuple(t["actions"]), t["trains"], t["triggered"])
            for k, t in enumerate(out)]


@dataclass(frozen=True)
class FinalRound:
    """The end of a game: the turn that triggered the final round and the turns after it."""

    trigger: Turn
    last_turns: tuple
    players: tuple

    @property
    def trains_at_trigger(self) -> int:
        return self.trigger.trains_left

    @property
    def expected_order(self) -> list:
        """Who should play the last turns: everyone once, clockwise from the trigger's left,
        ending with the player who triggered it."""
        k = self.players.index(self.trigger.player)
        n = len(self.players)
        return [self.players[(k + 1 + j) % n] for j in range(n)]

    def text(self) -> str:
        t = self.trigger
        lines = [f"Turn {t.number}: {t.player} ends the turn with {_plural(t.trains_left, 'train')} "
                 f"({'; '.join(t.actions)}): 2 or fewer, so the final round begins."]
        for turn in self.last_turns:
            lines.append(f"Turn {turn.number}: {turn.player}'s last turn: {'; '.join(turn.actions)}.")
        lines.append("The game is over.")
        return "\n".join(lines)


def final_round(game: Game) -> FinalRound:
    """The final round of a finished ``game``, read from its log."""
    if not game.is_over:
        raise TTRError("the game is not over yet: play it to the end first")
    all_turns = turns(game)
    k = next((i for i, t in enumerate(all_turns) if t.triggered), None)
    if k is None:
        raise TTRError("this game ended without a final round (every player had to pass)")
    return FinalRound(all_turns[k], tuple(all_turns[k + 1:]), tuple(game.players))


def final_round_rows(game: Game, before: int = 3) -> list:
    """The last turns of ``game`` as table rows: ``before`` turns before the trigger, the
    trigger, and the final round."""
    all_turns = turns(game)
    k = next(i for i, t in enumerate(all_turns) if t.triggered)
    return [t.row() for t in all_turns[max(0, k - before):]]
