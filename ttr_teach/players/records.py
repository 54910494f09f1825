"""What a tournament keeps of each game: a :class:`GameRecord`, and how a game's outcome is
counted.

* A finished game: the scores are the final totals. The winner (the most points, then the
  map's tie-breakers) gets one win; when the tie-breakers leave a tie, each of the ``k`` tied
  players gets ``1/k`` of a win (a *shared win*, as a draw is half a point in chess).
* A game stopped by a faulty bot (:class:`~ttr_teach.players.referee.Fault`): that bot loses
  and is placed last. The scores are what final scoring gives for the board at the stop;
  among the other players the most points wins (shared when tied). Such a game's scores do
  not count in the bots' score statistics, only its result does.
* A game that stalled (did not end, nobody to blame) gives no win to anyone and counts in no
  statistics but the number of games.

``ranks`` place the players (1 is first; equal places share a rank): winners first, then by
points. Ratings and the head-to-head table read them.

>>> placements([1.0, 0.0], [80, 95])
[1, 2]
>>> placements([0.5, 0.5, 0.0], [90, 90, 60])
[1, 1, 3]
"""
from __future__ import annotations

from dataclasses import dataclass, field


def placements(wins, scores) -> list:
    """Each player's rank from its win credit and score (see the module docstring)."""
    keys = list(zip(wins, scores, strict=True))
    return [1 + sum(other > mine for other in keys) for mine in keys]


def _shared(seats, scores) -> list:
    """Win credit per seat when the best score among ``seats`` wins (shared when tied)."""
    credit = [0.0] * len(scores)
    if seats:
        top = max(scores[s] for s in seats)
        best = [s for s in seats if scores[s] == top]
        for s in best:
            credit[s] = 1 / len(best)
    return credit


def outcome(game, fault) -> tuple:
    """``(scores, wins, ranks)`` of a game that ended (``fault`` None) or stopped."""
    result = game.final_scores()
    scores = [p.total for p in result.players]
    n = len(scores)
    if fault is None:
        seat_of = {p.name: i for i, p in enumerate(result.players)}
        winners = [result.winner] if result.winner is not None else list(result.tied)
        wins = [0.0] * n
        for name in winners:
            wins[seat_of[name]] = 1 / len(winners)
        return scores, wins, placements(wins, scores)
    if fault.seat is None:                 # stalled: no result
        return scores, [0.0] * n, [1] * n
    others = [s for s in range(n) if s != fault.seat]
    wins = _shared(others, scores)
    ranks = [n] * n
    for s in others:        # everyone else is ahead of the faulty bot, whatever the points
        ranks[s] = 1 + sum((wins[o], scores[o]) > (wins[s], scores[s]) for o in others)
    return scores, wins, ranks


@dataclass
class GameRecord:
    """One game of a tournament: the schedule's entries (``index``, ``round``, ``map``,
    ``deal_seed``, ``seats``, ``bot_seeds``) and what happened (``players``: the players'
    names in the game; ``scores``, ``wins``, ``ranks`` per seat; ``fault``: a dict of
    :class:`~ttr_teach.players.referee.Fault` or None; ``actions``: actions played;
    ``turns``). ``decisions``, ``seconds`` and ``slowest`` (per seat: decisions asked,
    processor seconds in total and for the slowest), ``wall`` and ``slowest_wall`` (the
    same in wall-clock seconds) are timings: they differ from run to run and are left out of
    comparisons (``==``) and of ``to_dict(timings=False)``."""

    index: int
    round: int
    map: str
    deal_seed: int
    seats: list
    bot_seeds: list
    players: list
    scores: list
    wins: list
    ranks: list
    fault: dict | None
    actions: int
    turns: int
    decisions: list = field(default_factory=list)
    seconds: list = field(default_factory=list)
    slowest: list = field(default_factory=list)
    wall: list = field(default_factory=list)
    slowest_wall: list = field(default_factory=list)

    TIMINGS = ("decisions", "seconds", "slowest", "wall", "slowest_wall")

    @property
    def over(self) -> bool:
        """True when the game was played to its end (no fault)."""
        return self.fault is None

    @property
    def winners(self) -> list:
        """The names of the bots with a (possibly shared) win."""
        return [b for b, w in zip(self.seats, self.wins, strict=True) if w > 0]

    def to_dict(self, timings: bool = True) -> dict:
        d = {k: getattr(self, k) for k in self.__dataclass_fields__}
        d["seats"], d["bot_seeds"], d["players"] = list(self.seats), list(self.bot_seeds), list(self.players)
        if not timings:
            for k in self.TIMINGS:
                d.pop(k)
        return d

    @classmethod
    def from_dict(cls, d: dict) -> GameRecord:
        return cls(**{k: d[k] for k in cls.__dataclass_fields__ if k in d})

    def __eq__(self, other):
        return isinstance(other, GameRecord) and self.to_dict(False) == other.to_dict(False)

    __hash__ = None  # type: ignore[assignment]  # deliberately unhashable


def seat_names(seats) -> list:
    """The players' names at a table: the bots' names, numbered when a bot holds several seats.

    >>> seat_names(["ann", "bo", "ann"])
    ['ann #1', 'bo', 'ann #2']
    """
    return number_repeats(seats, "#")


def number_repeats(names, mark: str = "") -> list:
    """``names`` with each name that repeats numbered in order (``"ann" + " " + mark + "1"``, ...);
    names that stand once are left as they are. O(names).

    >>> number_repeats(["x", "y", "x"]), number_repeats(["x", "x"], "#")
    (['x 1', 'y', 'x 2'], ['x #1', 'x #2'])
    """
    names = list(names)
    count = {n: names.count(n) for n in names}
    seen: dict[str, int] = {}
    out: list[str] = []
    for n in names:
        if count[n] > 1:
            seen[n] = seen.get(n, 0) + 1
            out.append(f"{n} {mark}{seen[n]}")
        else:
            out.append(n)
    return out


def make_record(scheduled, game, fault, clock) -> GameRecord:
    """The :class:`GameRecord` of ``scheduled`` (a :class:`~ttr_teach.players.schedule.ScheduledGame`)
    played as ``game``, stopped by ``fault`` (or None), timed by ``clock``."""
    scores, wins, ranks = outcome(game, fault)
    actions = sum(1 for e in game.log if e.get("event") == "action")
    return GameRecord(scheduled.index, scheduled.round, scheduled.map, scheduled.deal_seed,
                      list(scheduled.seats), list(scheduled.bot_seeds), list(game.players), scores,
                      wins, ranks, None if fault is None else fault.to_dict(), actions, game.turn,
                      list(clock.decisions), [round(s, 6) for s in clock.seconds],
                      [round(s, 6) for s in clock.slowest], [round(s, 6) for s in clock.wall],
                      [round(s, 6) for s in clock.slowest_wall])
