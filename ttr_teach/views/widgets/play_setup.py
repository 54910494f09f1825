"""Who sits at the table of a game in the notebook: the map, the seats (people or bots) and
the seed, checked before a game starts.

A seat is a :class:`SeatSetup`: a name and a ``kind``, either ``"person"`` (someone at the
laptop: several people share it, hot-seat) or a bot: its level (``"beginner"``, ``"casual"``,
``"club"``, ``"expert"``, weakest first) or ``"random"``, ``"planner"`` (see :data:`SEAT_KINDS`).
:class:`PlaySetup` holds the whole table and refuses what the rules refuse (the number of players, their names) with the
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
from ...engine.i18n import gettext
from ...engine.maps import load_map
from ...engine.text import listing
from ...players import bot_loading
from ...players.bot_loading import BUILTIN

PERSON = "person"
#: The kinds of seat, and how the setup names them: a person, or one of the built-in bots
#: (:data:`ttr_teach.players.bot_loading.BUILTIN`).
SEAT_KINDS = {PERSON: "person", **{name: f"{name} bot" for name in BUILTIN}}


def seat_kind_words(kind: str) -> str:
    """How a seat's ``kind`` reads in the language spoken: ``person``, ``planner bot``."""
    return gettext("person") if kind == PERSON else gettext("{kind} bot").format(kind=kind)
#: Names offered for the seats of a new table, in seat order.
DEFAULT_NAMES = ("Ann", "Bo", "Cy", "Dee", "Eve")


def make_bot(kind: str, seed: int = 0):
    """A new bot of strength ``kind`` (a key of :data:`SEAT_KINDS` other than ``"person"``)."""
    if kind in BUILTIN:
        return bot_loading.make_bot(kind, seed)
    raise NotFoundError(gettext("there is no bot of kind {kind} (the kinds are {kinds})").format(
        kind=repr(kind), kinds=listing(SEAT_KINDS)))


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
        return gettext("{name} ({kind})").format(name=self.name, kind=seat_kind_words(self.kind))

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
            raise ArgumentError(gettext("seats must be a list of (name, kind) pairs, e.g. [('Ann', 'person'), "
                                        "('Bo', 'planner')]"))
        made = tuple(_seat(s) for s in seats)
        check_names([s.name for s in made], m.rules)
        for s in made:
            if s.kind not in SEAT_KINDS:
                raise NotFoundError(gettext("{name}: there is no seat kind {kind} (choose one of {kinds})").format(
                    name=s.name, kind=repr(s.kind), kinds=listing(SEAT_KINDS)))
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
        name = s.get("name")
        if not isinstance(name, str):
            raise ArgumentError(gettext("a seat needs a name (text), not {name}: {seat}").format(
                name=repr(name), seat=repr(s)))
        return SeatSetup(name, s.get("kind", PERSON))
    if isinstance(s, (list, tuple)) and len(s) == 2:
        return SeatSetup(*s)
    if isinstance(s, str):
        return SeatSetup(s, PERSON)
    raise ArgumentError(gettext("a seat is a name and a kind, such as ('Bo', 'planner'), not {seat}").format(
        seat=repr(s)))
