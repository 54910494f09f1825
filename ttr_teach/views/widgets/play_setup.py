"""Who sits at the table of a game in the notebook: the map, the seats (people or bots) and
the seed, checked before a game starts.

A seat is a :class:`SeatSetup`: a name and a ``kind``, either ``"person"`` (someone at the
laptop: several people share it, hot-seat) or the strength of a bot (``"random"``,
``"planner"`` or ``"expert"``; see :data:`SEAT_KINDS`). :class:`PlaySetup` holds the whole
table and refuses what the rules refuse (the number of players, their names) with the
engine's sentence.

>>> setup = PlaySetup.of("europe", [("Ann", "person"), ("Bo", "planner")], seed=3)
>>> [s.label for s in setup.seats]
['Ann (person)', 'Bo (planner bot)']
>>> PlaySetup.of("usa", [("Ann", "person")])
Traceback (most recent call last):
...
ttr_teach.engine.errors.ArgumentError: 1 players: the game is for 2 to 5
>>> type(make_bot("planner", seed=1)).__name__
'PlannerBot'
"""
from __future__ import annotations

from dataclasses import dataclass

from ...engine.errors import ArgumentError, NotFoundError
from ...engine.game.state import check_names, check_seed
from ...engine.maps import load_map
from ...players import bot_loading
from ...players.bot_loading import BUILTIN

PERSON = "person"
#: The kinds of seat, and how the setup names them: a person, or one of the built-in bots
#: (:data:`ttr_teach.players.bot_loading.BUILTIN`).
SEAT_KINDS = {PERSON: "person", **{name: f"{name} bot" for name in BUILTIN}}
#: Names offered for the seats of a new table, in seat order.
DEFAULT_NAMES = ("Ann", "Bo", "Cy", "Dee", "Eve")


def make_bot(kind: str, seed: int = 0):
    """A new bot of strength ``kind`` (a key of :data:`SEAT_KINDS` other than ``"person"``)."""
    if kind in BUILTIN:
        return bot_loading.make_bot(kind, seed)
    raise NotFoundError(f"there is no bot of kind {kind!r} (the kinds are {', '.join(SEAT_KINDS)})")


@dataclass(frozen=True)
class SeatSetup:
    """One seat: the player's ``name`` and its ``kind`` (a key of :data:`SEAT_KINDS`)."""

    name: str
    kind: str = PERSON

    @property
    def is_person(self) -> bool:
        return self.kind == PERSON

    @property
    def label(self) -> str:
        """``"Bo (planner bot)"``."""
        return f"{self.name} ({SEAT_KINDS[self.kind]})"

    def to_dict(self) -> dict:
        return {"name": self.name, "kind": self.kind}


@dataclass(frozen=True)
class PlaySetup:
    """A table: the ``map`` name, the ``seats`` in play order, the ``seed`` that deals the
    cards, and ``practice`` (practice games let a person undo their moves)."""

    map: str
    seats: tuple
    seed: int = 0
    practice: bool = True

    @classmethod
    def of(cls, map="europe", seats=(("Ann", PERSON), ("Bo", "planner")), seed: int = 0,
           practice: bool = True) -> PlaySetup:
        """A checked setup. ``seats``: ``(name, kind)`` pairs, :class:`SeatSetup` objects or
        ``{"name", "kind"}`` dicts. Raises a :class:`~ttr_teach.engine.errors.TTRError` with the
        engine's sentence when the map, the number of players, a name or a kind is wrong."""
        m = load_map(map)
        if not isinstance(seats, (list, tuple)):
            raise ArgumentError("seats must be a list of (name, kind) pairs, e.g. [('Ann', 'person'), "
                                "('Bo', 'planner')]")
        made = tuple(_seat(s) for s in seats)
        check_names([s.name for s in made], m.rules)
        for s in made:
            if s.kind not in SEAT_KINDS:
                raise NotFoundError(f"{s.name}: there is no seat kind {s.kind!r} "
                                    f"(choose one of {', '.join(SEAT_KINDS)})")
        return cls(m.name, made, check_seed(seed), bool(practice))

    @property
    def names(self) -> list:
        return [s.name for s in self.seats]

    @property
    def people(self) -> list:
        """Seat indices of the people (not bots)."""
        return [i for i, s in enumerate(self.seats) if s.is_person]

    def to_dict(self) -> dict:
        return {"map": self.map, "seats": [s.to_dict() for s in self.seats], "seed": self.seed,
                "practice": self.practice}


def _seat(s) -> SeatSetup:
    if isinstance(s, SeatSetup):
        return s
    if isinstance(s, dict):
        return SeatSetup(s.get("name"), s.get("kind", PERSON))
    if isinstance(s, (list, tuple)) and len(s) == 2:
        return SeatSetup(*s)
    if isinstance(s, str):
        return SeatSetup(s, PERSON)
    raise ArgumentError(f"a seat is a name and a kind, such as ('Bo', 'planner'), not {s!r}")
