"""The bot exercises' checker: a learner's bot judged over many deals, with what it did and
what to try next.

:class:`BotExercise` plays the bot against a built-in opponent on ``games`` games: new
deals at every check (each deal played twice, seats swapped, so neither side keeps the
better cards), the referee's time limit on every decision. The goal is statistical: the 95%
interval (Wilson) of the bot's win share must lie above a floor, so that a bot passes because
it wins more often than the floor, not because it met a few lucky deals (:func:`wins_needed`
turns the floor into the fewest wins that do it). The verdict gives the share with its
interval, the tickets the bot completed, its mean score beside the opponent's, the games it lost by a fault and why, and
one next step chosen from those figures (:func:`next_step`).

The exercise is to write a bot, so the checker refuses the package's own bots
(:func:`refusal`): a class defined in ``ttr_teach``, a subclass that adds nothing to one,
and a bot built on the exercise's own key.

>>> from ttr_teach.players.planner_bot import PlannerBot
>>> print(refusal(PlannerBot, ()))
PlannerBot is one of the package's own bots, not yours: write your own class, then check it.
>>> Renamed = type("Renamed", (PlannerBot,), {"__module__": "__main__"})    # a learner's class
>>> print(refusal(Renamed, ()))
Renamed adds nothing to the package's PlannerBot: write your own methods (wanted, keep, choose...), then check it.
>>> summary([BotGame(0, 0, 1.0, 90, 70, 3, 4, None), BotGame(0, 1, 0.0, 60, 95, 1, 3, None)])["tickets"]
(4, 7)
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from ....engine.i18n import N_, gettext, local_digits, ngettext, pgettext
from ....players.ratings import wilson_interval
from ....players.records import outcome
from ....players.referee import TIME_LIMIT, referee_game
from ...exercises import Exercise, Verdict
from ...progress_bar import finish_bar

#: The verdict on a bot that still raises the notebook's NotImplementedError (no try).
NOT_WRITTEN = N_("Not written yet: replace the line that raises NotImplementedError, then check your bot again.")
#: Attributes every class has: a class whose own attributes are only these adds nothing.
_BARE = {"__module__", "__qualname__", "__doc__", "__dict__", "__weakref__", "__firstlineno__",
         "__static_attributes__", "__annotations__"}


@dataclass
class BotGame:
    """One game of a check, from the learner's bot's seat: the deal, its ``seat``, its win
    credit, its score and the opponent's, its tickets (completed and held) and the fault that
    stopped the game (a dict), if any."""

    deal: int
    seat: int
    win: float
    score: int
    other_score: int
    completed: int
    held: int
    fault: dict | None


def wins_needed(games: int, above: float, confidence: float = 0.95) -> int:
    """The fewest wins out of ``games`` whose Wilson interval (:func:`~ttr_teach.players.ratings.
    wilson_interval`) has its lower end above ``above``: fewer wins could be luck of a bot that
    wins no more than ``above`` of its games.

    >>> wins_needed(60, 0.35), wins_needed(60, 0.6)
    (29, 44)
    """
    return next(w for w in range(games + 1) if wilson_interval(w, games, confidence)[0] > above)


def play_deals(bot, opponent, games: int, map: str, seed: int, time_limit=TIME_LIMIT,
               progress=None) -> list:
    """:class:`BotGame` for ``games`` games of ``bot`` (a class or a function of the seed)
    against ``opponent`` (the same) on ``map``: deal ``k // 2`` of ``seed``, the bot in seat
    ``k % 2``. ``progress``: a progress bar (default: in notebooks, and in terminals)."""
    bar = _progress_bar(games, progress)
    rng = random.Random(f"ttr-teach/bot-exercise/{seed}")
    deals = [rng.randrange(2 ** 31) for _ in range((games + 1) // 2)]
    played = []
    try:
        for k in range(games):
            seat = k % 2
            factories = [bot, opponent] if seat == 0 else [opponent, bot]
            ours, theirs = pgettext("seat", "your bot"), pgettext("seat", "opponent")
            names = [ours, theirs] if seat == 0 else [theirs, ours]
            game, fault, _ = referee_game(map, factories, names, seed=deals[k // 2],
                                          bot_seeds=[deals[k // 2] + 1, deals[k // 2] + 2],
                                          time_limit=time_limit)
            scores, wins, _ = outcome(game, fault)
            mine = game.final_scores().players[seat]
            played.append(BotGame(k // 2, seat, wins[seat], scores[seat], scores[1 - seat],
                                  mine.tickets_completed, len(mine.tickets),
                                  fault.to_dict() if fault is not None and fault.seat == seat else None))
            if bar is not None:
                bar.update(1)
    finally:
        if bar is not None:
            finish_bar(bar)
    return played


def _progress_bar(total: int, show):
    if show is False:
        return None
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return None
    shown = show or (show is None and _in_notebook())
    return tqdm(total=total, unit=gettext("game"), desc=gettext("checking your bot"),
                disable=None if not shown else False,
                leave=True)     # hidden, not closed, at the end: see finish_bar


def _in_notebook() -> bool:
    """True inside a Jupyter kernel (where tqdm cannot tell a terminal from a file)."""
    import sys

    ipython = sys.modules.get("IPython")
    try:
        shell = ipython.get_ipython() if ipython else None
    except Exception:
        return False
    return type(shell).__name__ == "ZMQInteractiveShell"


def summary(games) -> dict:
    """The figures of a check: wins, games, the 95% interval of the win share, tickets
    ``(completed, held)``, mean scores (games played to the end) and the faults."""
    finished = [g for g in games if g.fault is None]
    wins = sum(g.win for g in games)
    low, high = wilson_interval(wins, len(games))
    return {"wins": wins, "games": len(games), "low": low, "high": high,
            "tickets": (sum(g.completed for g in finished), sum(g.held for g in finished)),
            "score": sum(g.score for g in finished) / len(finished) if finished else None,
            "other_score": sum(g.other_score for g in finished) / len(finished) if finished else None,
            "faults": [g.fault for g in games if g.fault is not None]}


def _ours(cls) -> bool:
    return getattr(cls, "__module__", "").split(".")[0] == "ttr_teach"


def refusal(bot, keys) -> str | None:
    """Why ``bot`` (a class, or a function making one) is not the learner's own work, or None:
    a class of the package, a subclass that adds nothing to one, or a bot built on one of
    ``keys`` (the exercise's key classes)."""
    cls = bot if isinstance(bot, type) else None
    if cls is None:
        try:
            cls = type(bot(0))
        except Exception:       # the checker's games will report it
            return None
    name = cls.__name__
    if _ours(cls):
        return gettext("{name} is one of the package's own bots, not yours: write your own class, then "
                       "check it.").format(name=name)
    mine = [k for k in cls.__mro__ if k is not object and not _ours(k)]
    if not any(set(vars(k)) - _BARE for k in mine):
        base = next(k for k in cls.__mro__ if _ours(k) or k is object)
        if base is not object:
            return gettext("{name} adds nothing to the package's {base}: write your own methods "
                           "(wanted, keep, choose...), then check it.").format(name=name, base=base.__name__)
    key = next((k for k in cls.__mro__ if k in keys), None)
    if key is not None:
        return gettext("{name} is built on the lesson's own {key}, the answer to this exercise: "
                       "build on your own bot instead, then check it.").format(name=name, key=key.__name__)
    return None


def next_step(figures, opponent: str, focus: str) -> str:
    """What to try next, from what the bot did (``focus``: the exercise's own idea)."""
    focus = gettext(focus) if focus else ""
    faults = figures["faults"]
    if faults:
        kinds = {f["kind"] for f in faults}
        if "slow" in kinds or "stopped" in kinds:
            return gettext("Next: make each decision quicker (the limit is 1 s of processor time): compute "
                           "the plan once per decision, not once per action you compare.")
        if "illegal" in kinds:
            return gettext("Next: return one of view.legal_actions() for every decision, as they are given.")
        return gettext("Next: fix the error first; play one game with ttr_teach.play_game(\"europe\", "
                       "[YourBot(1), ttr_teach.PlannerBot(2)]) to see where it is raised.")
    done, held = figures["tickets"]
    if held and done / held < 0.75:
        return gettext("Next: too many tickets fail. {focus}").format(focus=focus)
    if figures["score"] is not None and figures["score"] < figures["other_score"]:
        return gettext("Next: its tickets mostly succeed, but it scores fewer points than {opponent}: "
                       "claim long routes (6 trains score 15), and draw more tickets once yours are done "
                       "while trains are left.").format(opponent=opponent)
    return gettext("Next: it is close. {focus} Watch a lost game to see what went wrong "
                   "(lesson.mini_tournament, then ttr_teach.views.widgets.replay).").format(focus=focus)


class BotExercise(Exercise):
    """Write a bot whose win share over ``games`` games against ``opponent`` (its name, made
    by ``factory``: a class or a function of the seed) on ``map`` has a 95% interval lying
    above ``above`` (a share); see the module docstring. ``keys``: the lesson's classes that answer the
    exercise (refused); ``focus``:
    the exercise's own idea, said as the next step when tickets fail. ``seed``: fixed deals
    (None: new deals at every check)."""

    answer_input = "function"       # the learner checks a class from code, not in a text box

    def __init__(self, prompt, opponent, factory, above: float, games: int = 60, map: str = "usa",
                 function_name: str = "MyBot", keys=(), focus: str = "", seed: int | None = None, **kw):
        super().__init__(prompt, above, **kw)
        self.opponent, self.factory, self.above, self.games, self.map = opponent, factory, above, games, map
        self.function_name, self.keys, self.focus, self.seed = function_name, tuple(keys), focus, seed
        self.call = f"exercise.check({function_name})"

    @property
    def needed(self) -> int:
        """Wins needed: the fewest whose 95% interval lies above the floor (:func:`wins_needed`)."""
        return wins_needed(self.games, self.above)

    def _judge(self, bot):
        # No bot yet, or the notebook's placeholder (it raises NotImplementedError): no try.
        if not callable(bot):
            return Verdict(False, gettext("Give your bot's class (its name, without calling it).")), False
        refused = refusal(bot, self.keys)
        if refused:
            return Verdict(False, refused), False
        verdict = self.compare(bot)
        return verdict, verdict.message != gettext(NOT_WRITTEN)

    def verify(self, answer=None) -> None:
        """Raise ``AssertionError`` unless ``answer`` (default: the lesson's key) reaches the
        goal on fixed deals (the key is the package's own bot, so it is not refused here)."""
        verdict = self.compare(self.example if answer is None else answer, seed=0)
        if not verdict.correct:
            raise AssertionError(verdict.message)

    assert_correct = verify

    def compare(self, bot, seed: int | None = None, progress=None):
        if seed is None:
            seed = self.seed if self.seed is not None else random.SystemRandom().randrange(2 ** 31)
        games = play_deals(bot, self.factory, self.games, self.map, seed, progress=progress)
        figures = summary(games)
        faults = figures["faults"]
        if faults and all("NotImplementedError" in f["reason"] for f in faults):
            return Verdict(False, gettext(NOT_WRITTEN))
        report = self.report(figures)
        if figures["wins"] >= self.needed:
            return Verdict(True, gettext("Right: {report}").format(report=report))
        return Verdict(False, gettext("Not yet: {report} {next_step}").format(
            report=report, next_step=next_step(figures, self.opponent, self.focus)))

    def report(self, figures) -> str:
        """What the bot did, in sentences."""
        wins, games = figures["wins"], figures["games"]
        text = gettext("your bot won {wins} of {games} games against {opponent} on the {map} map, {share} "
                       "(95% interval {low} to {high}); the goal is an interval lying above {above}, which takes "
                       "{needed} wins.").format(
            wins=local_digits(f"{wins:g}"), games=games, opponent=self.opponent, map=self.map,
            share=local_digits(f"{wins / games:.0%}"), low=local_digits(f"{figures['low']:.0%}"),
            high=local_digits(f"{figures['high']:.0%}"), above=local_digits(f"{self.above:.0%}"),
            needed=self.needed)
        done, held = figures["tickets"]
        if held:
            text += " " + ngettext(
                "It completed {done} of the {n} ticket it kept ({share}) and scored {score} points a game "
                "({opponent}: {other}).",
                "It completed {done} of the {n} tickets it kept ({share}) and scored {score} points a game "
                "({opponent}: {other}).", held).format(
                done=done, n=held, share=local_digits(f"{done / held:.0%}"),
                score=local_digits(f"{figures['score']:.0f}"), opponent=self.opponent,
                other=local_digits(f"{figures['other_score']:.0f}"))
        faults = figures["faults"]
        if faults:
            text += " " + ngettext("It lost {n} game by a fault: {reason}.",
                                   "It lost {n} games by a fault, the first: {reason}.", len(faults)).format(
                n=len(faults), reason=faults[0]["reason"])
        else:
            text += " " + gettext("No fault.")
        return text

    def answer_text(self) -> str:
        return gettext("a bot whose 95% interval of wins over {games} games against {opponent} on the {map} map "
                       "lies above {above} (the worked solution names one)").format(
            above=local_digits(f"{self.above:.0%}"), games=self.games, opponent=self.opponent, map=self.map)
