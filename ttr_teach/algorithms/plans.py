"""The typed results of ticket planning (:mod:`ttr_teach.algorithms.planning`).

A :class:`Plan` is a network on an empty board (:func:`~ttr_teach.algorithms.planning.cheapest_network`,
:func:`~ttr_teach.algorithms.planning.approximate_network`), made of :class:`NetworkPiece`
objects; a :class:`Completion` is what a player still needs from a position
(:func:`~ttr_teach.algorithms.planning.cheapest_completion`), with the :class:`Borrowed`
routes its stations use; a :class:`NetworkComparison` sets an exact plan beside an
approximate one. Their fields hold the map's :class:`~ttr_teach.engine.maps.Route` objects;
``to_dict()`` gives plain JSON types (routes as ``[a, b, length, colour]``), the format the
command line prints.

>>> from ttr_teach.engine.maps import load_map
>>> m = load_map("europe")
>>> piece = NetworkPiece((("Edinburgh", "London"),), (m.route("Edinburgh", "London", "black"),))
>>> plan = Plan("europe", piece.tickets, piece.routes, (piece,))
>>> plan.trains, plan.to_dict()["routes"]
(4, [['Edinburgh', 'London', 4, 'black']])
"""
from __future__ import annotations

from dataclasses import dataclass

from ..engine.maps import Route


def route_row(r: Route) -> list:
    """A route as the JSON row ``[a, b, length, colour]``."""
    return [r.a, r.b, r.length, r.color]


@dataclass(frozen=True)
class NetworkPiece:
    """One connected piece of a :class:`Plan`: the ``tickets`` it completes (``(a, b)`` city
    ids) and its ``routes``."""

    tickets: tuple
    routes: tuple

    @property
    def trains(self) -> int:
        return sum(r.length for r in self.routes)

    def to_dict(self) -> dict:
        return {"tickets": [list(t) for t in self.tickets], "trains": self.trains,
                "routes": [route_row(r) for r in self.routes]}


@dataclass(frozen=True)
class Plan:
    """A network that completes ``tickets`` (``(a, b)`` city ids) on the ``map`` (its name):
    its ``routes`` in map order (for a double route its first half: either half does) and
    its connected ``groups`` (:class:`NetworkPiece`); ``trains`` is their total length."""

    map: str
    tickets: tuple
    routes: tuple
    groups: tuple

    @property
    def trains(self) -> int:
        return sum(r.length for r in self.routes)

    def to_dict(self) -> dict:
        """``{"map", "tickets", "trains", "routes", "groups"}`` in plain JSON types."""
        return {"map": self.map, "tickets": [list(t) for t in self.tickets], "trains": self.trains,
                "routes": [route_row(r) for r in self.routes], "groups": [g.to_dict() for g in self.groups]}


@dataclass(frozen=True)
class Borrowed:
    """A station of the planning player at ``station`` borrows ``route``, owned by ``owner``
    (a name)."""

    station: str
    route: Route
    owner: str

    def to_dict(self) -> dict:
        return {"station": self.station, "route": route_row(self.route), "owner": self.owner}


@dataclass(frozen=True)
class Completion:
    """The fewest more ``trains`` that complete ``tickets`` from a position (None: they cannot
    be completed): the ``routes`` to claim, the player's ``owned`` routes used, the routes
    ``borrowed`` by stations (:class:`Borrowed`) and the player's ``trains_left``."""

    tickets: tuple
    trains: int | None
    routes: tuple = ()
    owned: tuple = ()
    borrowed: tuple = ()
    trains_left: int = 0

    @property
    def possible(self) -> bool:
        return self.trains is not None

    @property
    def enough_trains(self) -> bool:
        return self.trains is not None and self.trains <= self.trains_left

    def to_dict(self) -> dict:
        """``{"tickets", "trains_left", "possible", "trains", "routes", "owned", "borrowed",
        "enough_trains"}`` in plain JSON types."""
        return {"tickets": [list(t) for t in self.tickets], "trains_left": self.trains_left,
                "possible": self.possible, "trains": self.trains,
                "routes": [route_row(r) for r in self.routes], "owned": [route_row(r) for r in self.owned],
                "borrowed": [b.to_dict() for b in self.borrowed], "enough_trains": self.enough_trains}


@dataclass(frozen=True)
class NetworkComparison:
    """The ``exact`` and the ``approximate`` :class:`Plan` for the same tickets."""

    exact: Plan
    approximate: Plan

    @property
    def extra_trains(self) -> int:
        return self.approximate.trains - self.exact.trains

    @property
    def ratio(self) -> float:
        """approximate / exact trains (1.0 when both are 0)."""
        return self.approximate.trains / self.exact.trains if self.exact.trains else 1.0

    def to_dict(self) -> dict:
        """``{"tickets", "exact", "approximate", "extra_trains", "ratio"}`` (trains only)."""
        return {"tickets": [list(t) for t in self.exact.tickets], "exact": self.exact.trains,
                "approximate": self.approximate.trains, "extra_trains": self.extra_trains, "ratio": self.ratio}
