"""Who plays whom, in which seat, on which deal: the schedule of a tournament.

A tournament between ``k`` bots at tables of ``n`` players is played in *rounds*. One round,
for each map in turn, is:

* every *table*: with at least as many bots as seats, every set of ``n`` different bots
  (``k choose n`` tables); with fewer bots than seats, every way of filling the ``n`` seats
  with the bots in which each bot sits at least once (a bot then holds several seats);
* every table played in its ``n`` cyclic *rotations*, so that each player of the table
  sits once in each seat.

Every game of a round on a map is dealt from the same seed (``deal_seed``): each bot meets
the same cards in every seat and against every opponent, so the luck of the deal cancels out.
By symmetry each bot sits in each seat equally often over a round, and meets each other bot
equally often. The number of games asked for is rounded up to whole rounds (a part of a
round would favour some seats).

Seeds: the deal of round ``r`` on ``map`` and the seed given to the bot in seat ``s`` of
game ``i`` are drawn from ``random.Random`` seeded by text naming the tournament's seed and
those numbers, so a tournament is the same wherever and in whatever order its games are
played.

>>> games = schedule(["ann", "bo", "cy"], players=2, games=6, maps=("europe",), seed=0)
>>> [g.seats for g in games]
[('ann', 'bo'), ('bo', 'ann'), ('ann', 'cy'), ('cy', 'ann'), ('bo', 'cy'), ('cy', 'bo')]
>>> len({g.deal_seed for g in games}), len(schedule(["ann", "bo", "cy"], 2, games=7))
(1, 12)
>>> [g.seats for g in schedule(["ann", "bo"], players=3, games=1)]
[('ann', 'ann', 'bo'), ('ann', 'bo', 'ann'), ('bo', 'ann', 'ann'), ('ann', 'bo', 'bo'), ('bo', 'bo', 'ann'), ('bo', 'ann', 'bo')]
"""  # noqa: E501
from __future__ import annotations

import itertools
import math
import random
from dataclasses import dataclass

from ..engine.errors import ArgumentError
from ..engine.i18n import gettext
from ..engine.integers import is_whole
from ..engine.maps import load_map


@dataclass(frozen=True)
class ScheduledGame:
    """One game of a tournament: its number, map, deal and who sits where."""

    index: int            #: position in the schedule, from 0
    round: int            #: the round it belongs to, from 0
    map: str              #: the map's name
    deal_seed: int        #: the seed the game is dealt from (shared by the round's games on this map)
    seats: tuple          #: the bot (its name in the tournament) in each seat
    bot_seeds: tuple      #: the seed each seat's bot is made with

    def to_dict(self) -> dict:
        return {"index": self.index, "round": self.round, "map": self.map, "deal_seed": self.deal_seed,
                "seats": list(self.seats), "bot_seeds": list(self.bot_seeds)}


def tables(names, players: int) -> list:
    """The tables of one round (see the module docstring), each a tuple of bot names.

    >>> tables(["a", "b", "c"], 2)
    [('a', 'b'), ('a', 'c'), ('b', 'c')]
    >>> tables(["a", "b"], 3)
    [('a', 'a', 'b'), ('a', 'b', 'b')]
    """
    names = list(names)
    if len(names) >= players:
        return list(itertools.combinations(names, players))
    return [t for t in itertools.combinations_with_replacement(names, players) if set(t) == set(names)]


def rotations(table: tuple) -> list:
    """The ``n`` cyclic rotations of a table: each of its players once in each seat.

    >>> rotations(("a", "b", "c"))
    [('a', 'b', 'c'), ('b', 'c', 'a'), ('c', 'a', 'b')]
    """
    return [table[k:] + table[:k] for k in range(len(table))]


def round_size(n_bots: int, players: int, n_maps: int = 1) -> int:
    """Games in one round (every table in every rotation, on every map).

    >>> round_size(30, 2), round_size(4, 4), round_size(2, 3)
    (870, 4, 6)
    """
    if n_bots >= players:
        n_tables = math.comb(n_bots, players)
    else:
        # fillings of the seats in which every bot sits: multisets of size n from k, each bot at least once
        n_tables = math.comb(players - 1, n_bots - 1)
    return n_tables * players * n_maps


def derived_seed(*parts) -> int:
    """A seed from ``parts`` (the tournament's seed and a game's numbers), the same on every
    machine and Python version.

    >>> derived_seed(0, "deal", 3, "europe") == derived_seed(0, "deal", 3, "europe")
    True
    """
    return random.Random("ttr-teach/tournament/" + "/".join(map(str, parts))).randrange(2 ** 31)


def check_players(players, maps) -> None:
    """Raise :class:`~ttr_teach.engine.errors.ArgumentError` unless every map in ``maps`` is played by
    ``players`` players."""
    if not is_whole(players):
        raise ArgumentError(gettext("players={players}: give the number of players at each table, such as 2").format(
            players=repr(players)))
    for name in maps:
        rules = load_map(name).rules
        if not rules.min_players <= players <= rules.max_players:
            raise ArgumentError(gettext("{players} players: {map} is played by {low} to {high} players").format(
                players=players, map=name, low=rules.min_players, high=rules.max_players))


def schedule(names, players: int = 2, games: int = 100, maps=("europe",), seed: int = 0) -> list:
    """The :class:`ScheduledGame` list of a tournament between the bots ``names``: at least
    ``games`` games, rounded up to whole rounds (see the module docstring)."""
    names = list(names)
    maps = [maps] if isinstance(maps, str) else list(maps)
    if not maps:
        raise ArgumentError(gettext("give at least one map, such as maps=('europe',)"))
    check_players(players, maps)
    if not is_whole(games, low=1):
        raise ArgumentError(gettext("games={games}: give how many games to play, a whole number from 1").format(
            games=repr(games)))
    per_round = round_size(len(names), players, len(maps))
    rounds = -(-games // per_round)
    out: list[ScheduledGame] = []
    for r in range(rounds):
        for map_name in maps:
            deal = derived_seed(seed, "deal", r, map_name)
            for table in tables(names, players):
                for seats in rotations(table):
                    i = len(out)
                    out.append(ScheduledGame(i, r, map_name, deal, seats,
                                             tuple(derived_seed(seed, "bot", i, s) for s in range(players))))
    return out
