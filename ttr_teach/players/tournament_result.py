"""The result of a tournament: every game, the standings, head to head, plots and replays.

A :class:`TournamentResult` keeps one :class:`~ttr_teach.players.records.GameRecord` per game
(its seed, seats, bots' seeds, scores, wins and any fault), which is everything needed to
play the game again: :meth:`TournamentResult.game` rebuilds it, move for move, from the same
bots and seeds (for a game a faulty bot stopped, up to the faulty decision, which is not asked
again). Results compare equal when their games do (timings aside), and save as JSON
(:meth:`~TournamentResult.to_dict`, :meth:`~TournamentResult.save`) or CSV.
"""
from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from ..engine.errors import FileError, NotFoundError, ReplayError, TTRError
from ..engine.files import load_file
from ..engine.i18n import gettext, ngettext, pgettext
from ..engine.integers import is_whole
from ..engine.text import listing
from .bot_loading import BotLoadError
from .ratings import head_to_head
from .records import GameRecord
from .standings import STANDINGS_COLUMNS, STANDINGS_FORMATS, Rows, head_to_head_rows, standings_rows

RESULT_FORMAT = "ttr-teach-tournament"
RESULT_VERSION = 1
#: The largest saved tournament :meth:`TournamentResult.load` reads (over 100,000 games).
MAX_RESULT_BYTES = 64_000_000
#: A replay gives each decision this many times the tournament's wall-clock limit (the machine
#: may be slower now), but a limit all the same: a bot that hangs when its game is replayed
#: must not hang the teacher's process.
REPLAY_SLACK = 2
CSV_COLUMNS = ["game", "round", "map", "deal_seed", "seat", "bot", "bot_seed", "player", "score", "win",
               "rank", "finished", "fault"]


def fault_kind(kind: str) -> str:
    """A kind of fault (a record's ``"raised"``, ``"slow"`` ...: data, kept English in the
    files) in the words of the language spoken now.

    >>> fault_kind("slow"), fault_kind("unheard-of")
    ('slow', 'unheard-of')
    """
    words = {"build": pgettext("fault", "build"), "raised": pgettext("fault", "raised"),
             "illegal": pgettext("fault", "illegal"), "slow": pgettext("fault", "slow"),
             "stopped": pgettext("fault", "stopped"), "stalled": pgettext("fault", "stalled"),
             "crashed": pgettext("fault", "crashed"), "garbled": pgettext("fault", "garbled")}
    return words.get(kind, kind)


class TournamentResult:
    """What :func:`~ttr_teach.players.tournament.tournament` returns.

    ``bots``: the bots' names in the order given; ``settings``: the arguments that made it
    (``games`` asked, ``players``, ``maps``, ``seed``, ``time_limit``, ``hard_limit``);
    ``games``: the :class:`~ttr_teach.players.records.GameRecord` list in schedule order.
    ``factories``: the bot factories by name (needed by :meth:`game`); ``specs``: the bots
    named by text (kept by :meth:`to_dict`, so a saved result can rebuild its games).
    """

    def __init__(self, bots, settings: dict, games, factories=None, specs=None):
        self.bots = list(bots)
        self.settings = dict(settings)
        self.games = list(games)
        self.factories = dict(factories or {})
        self.specs = dict(specs or {})

    # == tables ===================================================================================
    def standings(self) -> Rows:
        """The standings table, best first (see :mod:`ttr_teach.players.standings`)."""
        n = len(self.games)
        caption = ngettext("{n} game, {players} players, {maps}, seed {seed}",
                           "{n} games, {players} players, {maps}, seed {seed}", n).format(
            n=n, players=self.settings.get("players"), maps=listing(self.settings.get("maps", [])),
            seed=str(self.settings.get("seed")))
        return Rows(standings_rows(self.games, self.bots), STANDINGS_COLUMNS, caption, STANDINGS_FORMATS)

    def head_to_head(self) -> Rows:
        """Each bot's score against each other bot: how often it finished ahead (ties count
        half), in percent, with the number of meetings."""
        return Rows(head_to_head_rows(self.games, self.bots), ["bot", *self.bots],
                    gettext("row bot's score against column bot (meetings)"))

    def head_to_head_scores(self) -> dict:
        """``{a: {b: (score, meetings)}}`` as numbers (:func:`~ttr_teach.players.ratings.head_to_head`)."""
        return head_to_head(self.games, self.bots)

    def faults(self) -> Rows:
        """Every game stopped early: its number, the bot at fault, the kind of fault, the turn
        (numbered from 1; 0 while choosing the first tickets) and why."""
        rows = [{"game": r.index, "bot": r.fault.get("bot") or "–", "kind": r.fault["kind"],
                 "turn": r.fault.get("turn"), "reason": r.fault["reason"]} for r in self.games if r.fault is not None]
        return Rows(rows, ["game", "bot", "kind", "turn", "reason"], gettext("games stopped by a fault"))

    def fault_summary(self, more: str | None = None) -> Rows:
        """One row per bot that lost games by a fault (and one for games nobody is blamed for):
        how many, of which kinds, and the first game's reason. ``more`` ends the caption: where
        to see every fault (the command line says ``--verbose``). The kinds of fault are named
        in the language spoken now (``faults()`` and the files keep their English names)."""
        rows: dict[str, dict] = {}
        for r in self.games:
            if r.fault is None:
                continue
            bot = r.fault.get("bot") or gettext("(nobody)")
            row = rows.setdefault(bot, {"bot": bot, "faults": 0, "kinds": {}, "first": gettext(
                "game {game}: {reason}").format(game=r.index, reason=r.fault["reason"])})
            row["faults"] += 1
            row["kinds"][r.fault["kind"]] = row["kinds"].get(r.fault["kind"], 0) + 1
        for row in rows.values():
            row["kinds"] = listing(gettext("{kind} {n}").format(kind=fault_kind(k), n=n)
                                     for k, n in sorted(row["kinds"].items()))
        more = gettext("see faults()") if more is None else more
        return Rows(rows.values(), ["bot", "faults", "kinds", "first"],
                    gettext("games lost by a fault ({more})").format(more=more))

    # == replays ==================================================================================
    def game(self, index: int):
        """Game number ``index`` played again (a :class:`~ttr_teach.engine.game.core.Game`),
        for a replay: the same deal, bots and seeds. Raises :class:`BotLoadError` if a bot is
        unknown here, :class:`~ttr_teach.engine.errors.ReplayError` if the game does not come
        out as it did (a bot that does not play the same from the same seed)."""
        from .referee import TIME_LIMIT, default_hard_limit, referee_game

        if not is_whole(index, low=-len(self.games), high=len(self.games) - 1):
            raise NotFoundError(gettext("game {game!r}: this tournament has games 0 to {last}").format(
                game=index, last=len(self.games) - 1))
        rec = self.games[index]
        factories = []
        for bot in rec.seats:
            factory = self.factories.get(bot, self.specs.get(bot))
            if factory is None:
                raise BotLoadError(gettext("game {game}: the bot {bot!r} is not known here; give it as "
                                           "TournamentResult.load(path, bots={{{bot!r}: ...}})").format(
                    game=rec.index, bot=bot))
            factories.append(factory)
        hard = self.settings.get("hard_limit") or default_hard_limit(self.settings.get("time_limit", TIME_LIMIT))
        game, fault, _ = referee_game(rec.map, factories, rec.players, seed=rec.deal_seed,
                                      bot_seeds=rec.bot_seeds, bot_names=rec.seats, time_limit=None,
                                      hard_limit=None if hard is None else REPLAY_SLACK * hard,
                                      stop_after=rec.actions if rec.fault else None)
        was = (rec.fault or {}).get("kind")
        if fault is not None and fault.kind == "build" and was != "build":
            raise BotLoadError(gettext("game {game}: {reason}; it was made when the game was played (a bot file "
                                       "moved or changed since?)").format(game=rec.index, reason=fault.reason))
        if fault is not None and fault.kind != was:
            raise ReplayError(gettext("game {game} did not come out as it was played: {reason}").format(
                game=rec.index, reason=fault.reason))
        played = sum(1 for e in game.log if e.get("event") == "action")
        scores = [p.total for p in game.final_scores().players]
        if played != rec.actions or scores != rec.scores:
            raise ReplayError(gettext("game {game} did not come out as it was played ({played} actions and scores "
                                      "{scores}, not {actions} and {recorded}): a bot does not play the same from "
                                      "the same seed").format(game=rec.index, played=played, scores=scores,
                                                              actions=rec.actions, recorded=rec.scores))
        return game

    # == plots ====================================================================================
    def plot(self, figsize=(10, 4)):
        """A matplotlib Figure: each bot's final scores (games played to the end) as a box
        plot with every game as a dot, and its win rate with the 95% interval."""
        import matplotlib.pyplot as plt

        table = self.standings()
        names = [row["bot"] for row in table]
        fig, (left, right) = plt.subplots(1, 2, figsize=figsize, gridspec_kw={"width_ratios": [3, 2]})
        scores = [[r.scores[s] for r in self.games if r.fault is None for s, b in enumerate(r.seats) if b == name]
                  for name in names]
        try:
            left.boxplot([s or [0] for s in scores], orientation="horizontal", showfliers=False)
        except TypeError:       # matplotlib before 3.10
            left.boxplot([s or [0] for s in scores], vert=False, showfliers=False)
        for k, values in enumerate(scores, start=1):
            jitter = [k + 0.25 * ((i * 7919) % 13 / 13 - 0.5) for i in range(len(values))]
            left.scatter(values, jitter, s=6, alpha=0.4, color="#333333")
        left.set_yticks(range(1, len(names) + 1), names)
        left.invert_yaxis()
        left.set_xlabel(gettext("final score (games played to the end)"))
        left.set_title(gettext("Score distributions"))
        rates = [row["win_rate"] or 0 for row in table]
        errors = [[r - row["low"] for r, row in zip(rates, table, strict=True)],
                  [row["high"] - r for r, row in zip(rates, table, strict=True)]]
        right.barh(range(len(names)), rates, xerr=errors, capsize=3, color="#4c72b0")
        right.set_yticks(range(len(names)), names)
        right.invert_yaxis()
        right.set_xlim(0, 1)
        right.set_xlabel(gettext("win rate (95% interval)"))
        right.set_title(gettext("Wins"))
        fig.tight_layout()
        plt.close(fig)
        return fig

    # == saving ===================================================================================
    def to_dict(self, timings: bool = True) -> dict:
        """Plain JSON types: the bots (with their text specs where known), the settings and
        every game (``timings=False`` leaves out the run-to-run timings)."""
        return {"format": RESULT_FORMAT, "version": RESULT_VERSION, "bots": list(self.bots),
                "specs": {b: self.specs[b] for b in self.bots if isinstance(self.specs.get(b), str)},
                "settings": dict(self.settings), "games": [g.to_dict(timings) for g in self.games]}

    @classmethod
    def from_dict(cls, d: dict, bots=None) -> TournamentResult:
        """The result whose :meth:`to_dict` is ``d``; ``bots`` (name -> factory) lets
        :meth:`game` rebuild games of bots not named by text."""
        if not isinstance(d, dict) or d.get("format") != RESULT_FORMAT:
            raise FileError(gettext("not a saved tournament (expected format {format})").format(
                format=repr(RESULT_FORMAT)))
        try:
            games = [GameRecord.from_dict(g) for g in d["games"]]
            return cls(d["bots"], d["settings"], games, factories=bots, specs=d.get("specs"))
        except (KeyError, TypeError) as e:
            raise FileError(gettext("a saved tournament is missing a part ({problem})").format(problem=e)) from None

    def save(self, path) -> None:
        """Write :meth:`to_dict` as JSON to ``path``."""
        Path(path).write_text(json.dumps(self.to_dict()), encoding="utf-8")

    @classmethod
    def load(cls, path, bots=None) -> TournamentResult:
        """A result saved with :meth:`save` (see :meth:`from_dict` for ``bots``)."""
        try:    # the engine's one reader: a regular file, bounded in size, nesting and numbers
            data = load_file(path, "json", limit=MAX_RESULT_BYTES)
        except TTRError as e:
            raise FileError(gettext("{file}: cannot read a saved tournament ({problem})").format(
                file=path, problem=str(e).removeprefix(f"{path}: "))) from None
        try:
            return cls.from_dict(data, bots)
        except TTRError as e:
            raise FileError(f"{path}: {e}") from None

    def to_csv(self, path=None) -> str:
        """Every game as CSV, one line per seat: game, round, map, deal seed, seat, bot, bot
        seed, player, score, win, rank, finished (played to the end) and the fault of that
        seat's bot, if any. Written to ``path`` too when given."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(CSV_COLUMNS)
        for r in self.games:
            for s, bot in enumerate(r.seats):
                fault = r.fault["reason"] if r.fault is not None and r.fault.get("seat") == s else ""
                writer.writerow([r.index, r.round, r.map, r.deal_seed, s, bot, r.bot_seeds[s], r.players[s],
                                 r.scores[s], f"{r.wins[s]:g}", r.ranks[s], int(r.fault is None), fault])
        text = out.getvalue()
        if path is not None:
            Path(path).write_text(text, encoding="utf-8")
        return text

    # == comparing and showing ====================================================================
    def __eq__(self, other):
        return (isinstance(other, TournamentResult) and self.bots == other.bots
                and self.settings == other.settings and self.games == other.games)

    __hash__ = None  # type: ignore[assignment]  # deliberately unhashable

    def __repr__(self):
        n_faults = sum(r.fault is not None for r in self.games)
        return (f"<TournamentResult: {len(self.bots)} bots, {len(self.games)} games"
                f"{f', {n_faults} stopped by a fault' if n_faults else ''}>")

    def __str__(self):
        parts = [str(self.standings())]
        if any(r.fault is not None for r in self.games):
            parts.append(str(self.fault_summary()))
        return "\n\n".join(parts)

    def _repr_html_(self):
        parts = [self.standings()._repr_html_()]
        if any(r.fault is not None for r in self.games):
            parts.append(self.fault_summary()._repr_html_())
        return "".join(parts)
