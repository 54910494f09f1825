"""Making new puzzles from positions that computer players reach.

:func:`new_puzzle` plays a game with :class:`~ttr_teach.players.planner_bot.PlannerBot` players,
remembers the positions it passes through (and the moments a tunnel is about to be claimed),
and asks the puzzle kind for candidates among them. Each candidate becomes a puzzle file
(position, fields, key computed by the engine, question, hint and a worked explanation) that
is read back through the loader, so it is legal and well-formed by construction; a position no
real game could reach (:func:`~.plausible.why_implausible`: a "final" position nobody could end
the game in, a winner below zero) is never used. A candidate
the kind finds dull at the level asked (a station with no choice to make, no tie in an expert
tie-breaker puzzle, a ticket the player's routes do not help...) is skipped; when a game
offers none, another game is played from a seed derived from the first one. Everything
follows from ``(kind, level, map, seed)``: the same arguments give the same puzzle.

>>> p = new_puzzle("tunnel_cost", "introductory", "europe", seed=1)
>>> p.kind.name, p.level, p.problems()
('tunnel_cost', 'introductory', [])
"""
from __future__ import annotations

import hashlib
import random
from collections import Counter

from ...algorithms.probability import CARD_KINDS
from ...engine.errors import ArgumentError, NotFoundError
from ...engine.game.core import Game
from ...engine.i18n import gettext
from ...engine.integers import is_whole
from ...engine.rules import LOCOMOTIVE
from ...players.planner_bot import PlannerBot
from ...players.play import Table
from .document import PuzzleError
from .format import Puzzle, puzzle_from_data
from .kinds import KINDS
from .names import LEVELS
from .plausible import why_implausible
from .titles import generated_title

#: How many games :func:`new_puzzle` plays before it gives up.
MAX_GAMES = 30
#: How many candidates it tries in one game.
MAX_CANDIDATES = 120
NAMES = ("Ann", "Bo", "Cy", "Di", "Ed")
#: Players per game at each level: small games first, the tie-breakers and double routes of
#: bigger games for the expert.
PLAYERS = {"introductory": (2,), "intermediate": (2, 3), "expert": (2, 3, 4)}


def derived_seed(*parts) -> int:
    """A 32-bit seed derived from ``parts`` (stable across runs and Python versions).

    >>> derived_seed("winner", 7) == derived_seed("winner", 7) != derived_seed("winner", 8)
    True
    """
    digest = hashlib.sha256("/".join(map(str, parts)).encode()).digest()
    return int.from_bytes(digest[:4], "big")


class PlayedGame:
    """A finished bot game with the positions it went through.

    ``snapshots``: every position just after a route was claimed or a station built, in order
    (the last is the final position); ``tunnels``: the moments a player was about to claim a
    tunnel, as dicts with ``position``, ``player``, ``route``, ``pay_with``, ``hand`` and
    ``deck`` (the draw pile's make-up).
    """

    def __init__(self, map: str, n_players: int, seed: int):
        self.map, self.seed = map, seed
        game = Game.new(map=map, players=list(NAMES[:n_players]), seed=seed)
        bots = [PlannerBot(derived_seed(seed, "bot", i)) for i in range(n_players)]
        self.snapshots: list = []
        self.tunnels: list[dict] = []
        pieces = 0
        table = Table(game)  # each bot sees only its own view of the game
        while not game.is_over:
            seat = game.current_player
            assert seat is not None  # the game is not over
            action = bots[seat].choose(table.view())
            if getattr(action, "type", "") == "claim_route" and game.map.routes[action.route].tunnel:
                self._tunnel_moment(game, action)
            table.apply(action)
            now = sum(len(game.routes(p)) + len(game.stations(p)) for p in game.players)
            if now != pieces:
                pieces = now
                self.snapshots.append(game.to_position())
        self.game = game

    def _tunnel_moment(self, game, action):
        deck = Counter(game.cards.deck)
        if sum(deck.values()) < game.rules.tunnel_reveal:
            return
        hand = game.hand()
        self.tunnels.append({
            "position": game.to_position(), "player": game.current_name,
            "route": game.map.routes[action.route],
            "pay_with": action.color if action.colored else LOCOMOTIVE,
            "hand": {k: hand.get(k, 0) for k in CARD_KINDS},
            "deck": {k: deck.get(k, 0) for k in CARD_KINDS}})

    def positions(self, level: str, rng) -> list:
        """Positions suited to ``level``, in a random (seeded) order: small early positions
        for beginners, the second half of the game for the others (the final position first
        for the expert)."""
        snaps = self.snapshots
        if level == "introductory":
            chosen = [p for p in snaps if 2 <= min(len(q.routes) for q in p.players)
                      and max(len(q.routes) for q in p.players) <= 6]
        else:
            chosen = snaps[len(snaps) // 2:]
        chosen = list(chosen)
        rng.shuffle(chosen)
        if level == "expert" and snaps:
            chosen.remove(snaps[-1])
            chosen.insert(0, snaps[-1])
        return chosen

    def end_positions(self, rng) -> list:
        """The positions a game could end in: the final position first, then, in a random
        (seeded) order, those after a player came down to the trains that end the game (the
        others could have drawn cards on their last turns)."""
        trigger = self.game.rules.end_trigger_trains
        ending = [p for p in self.snapshots[:-1] if min(q.trains_left for q in p.players) <= trigger]
        rng.shuffle(ending)
        return self.snapshots[-1:] + ending

    def positions_with_stations(self, rng) -> list:
        """Every position with a station in it, in a random (seeded) order."""
        chosen = [p for p in self.snapshots if p.station_owners]
        rng.shuffle(chosen)
        return chosen

    def tunnel_chances(self, rng) -> list:
        chances = list(self.tunnels)
        rng.shuffle(chances)
        return chances


def _build(kind, level, map, seed, position, params, extra_id=""):
    """A :class:`Puzzle` for ``position`` and ``params`` with the engine's answer as its key."""
    from ...engine.maps import load_map

    m = load_map(map)
    draft = Puzzle(f"gen-{map}-{level}-{kind.name}-{seed}{extra_id}".replace("_", "-"),
                   generated_title(map, position, params, seed), level, kind, m,
                   kind.question(params, m, position), None, "-", "-", position, params, "<generated>")
    solution = draft.solve()
    return draft, solution


def _finish(kind, draft, solution, lang: str) -> Puzzle:
    """The puzzle of ``draft`` with its key, hint and worked explanation (English), read back
    and checked; a failed check is refused in ``lang``, the language of whoever asked."""
    from ...engine.i18n import speaking

    m = draft.map
    data = Puzzle(draft.id, draft.title, draft.level, kind, m, draft.question, solution.answer,
                  kind.hint(draft, solution), kind.explain(draft, solution), draft.position,
                  draft.params, draft.path, ("generated",)).to_data()
    puzzle = puzzle_from_data(data, f"<generated {draft.id}>")
    with speaking(lang):
        found = puzzle.problems()
        if found:  # a bug in a kind's explanation or data, never the learner's fault
            raise PuzzleError(gettext("generated puzzle {id}: {problem}").format(id=draft.id,
                                                                               problem=found[0]["message"]))
    return puzzle


def new_puzzle(kind: str, level: str, map: str, seed: int, max_games: int = MAX_GAMES) -> Puzzle:
    """A new puzzle of ``kind`` at ``level`` on ``map``, made from bot play with ``seed``.

    Raises :class:`~ttr_teach.engine.errors.NotFoundError` for an unknown kind or level or a
    kind the map does not have, :class:`~ttr_teach.course.puzzles.document.PuzzleError` when
    ``max_games`` games give no interesting position.
    Cost: each game takes a fraction of a second; most puzzles come from the first game or two.
    Its texts are English, as every puzzle file's: :meth:`Puzzle.in_language` writes them in
    another language.
    """
    from ...engine.i18n import language, speaking
    from ...engine.maps import load_map

    if kind not in KINDS:
        raise NotFoundError(gettext("unknown puzzle kind {kind!r}; the kinds are {kinds}").format(
            kind=kind, kinds=", ".join(KINDS)))
    if level not in LEVELS:
        raise NotFoundError(gettext("unknown level {level!r}; use one of {levels}").format(
            level=level, levels=", ".join(LEVELS)))
    m = load_map(map)
    if m.name not in KINDS[kind].maps:
        raise NotFoundError(gettext("there are no {kind} puzzles on the {map} map (only on {maps})").format(
            kind=kind, map=m.name, maps=", ".join(KINDS[kind].maps)))
    if not is_whole(seed):
        raise ArgumentError(gettext("the seed must be a whole number, not {seed!r}").format(seed=seed))
    lang = language()
    with speaking("en"):
        found = _new_puzzle(kind, level, m.name, seed, max_games, lang)
    if found is None:
        raise PuzzleError(gettext("no interesting {level} {kind} puzzle came up in {n} games from seed {seed}; try "
                                  "another seed").format(level=level, kind=kind, n=max_games, seed=str(seed)))
    return found


def _new_puzzle(kind: str, level: str, map: str, seed: int, max_games: int, lang: str = "en") -> Puzzle | None:
    from ...engine.maps import load_map

    m, k = load_map(map), KINDS[kind]
    for attempt in range(max_games):
        rng = random.Random(derived_seed("puzzle", kind, level, m.name, seed, attempt))
        n_players = rng.choice(getattr(k, "players", {}).get(level, PLAYERS[level]))
        source = PlayedGame(m.name, n_players, derived_seed("game", kind, level, m.name, seed, attempt))
        for tried, (position, params) in enumerate(k.candidates(source, level, rng)):
            if tried >= MAX_CANDIDATES:
                break
            if why_implausible(position, final=level in k.ends_game, uses_tickets=k.uses_tickets) is not None:
                continue
            draft, solution = _build(k, level, m.name, seed, position, params)
            if k.why_dull(draft, solution, level) is None:
                return _finish(k, draft, solution, lang)
    return None
