"""Playing a whole game between bots, each seeing only its own view.

>>> from ttr_teach.players.random_bot import RandomBot
>>> g = play_game("usa", [RandomBot(1), RandomBot(2)], seed=4)
>>> g.is_over, g.players
(True, ['RandomBot 1', 'RandomBot 2'])
>>> play_game("usa", [RandomBot(1), RandomBot(2)], seed=4).to_dict() == g.to_dict()
True
"""
from __future__ import annotations

from ..engine.errors import IllegalAction
from ..engine.game.core import Game
from ..engine.i18n import gettext, ngettext
from .public_log import PublicLog
from .records import number_repeats
from .view import PlayerView

#: A game still running after this many actions has a bot that never lets it end.
MAX_ACTIONS = 100_000


class BotError(IllegalAction):
    """A bot chose an action the rules refuse. The message names the bot, its seat and the
    action; ``seat``, ``player``, ``bot``, ``action`` and ``reason`` say it as data (a
    tournament counts the game as lost by that bot)."""

    def __init__(self, seat: int, player: str, bot, action, reason: str):
        self.seat, self.player, self.bot, self.action, self.reason = seat, player, bot, action, reason
        super().__init__(gettext("{bot} (seat {seat}, {player!r}) chose {action}, which the rules refuse: "
                                 "{why}").format(bot=_bot_name(bot), seat=seat, player=player,
                                                 action=_action_text(action), why=reason))


def _bot_name(bot) -> str:
    return getattr(bot, "name", None) or type(bot).__name__


def _action_text(action) -> str:
    text = str(action) if hasattr(action, "type") else repr(action)
    return repr(text) if hasattr(action, "type") else text


def default_names(bots) -> list:
    """Seat names from the bots' ``name`` (or class name), numbered when they repeat.

    >>> from ttr_teach.players.random_bot import RandomBot
    >>> default_names([RandomBot(), RandomBot(), object()])
    ['RandomBot 1', 'RandomBot 2', 'object']
    """
    return number_repeats(_bot_name(b) for b in bots)


class Table:
    """A game and one public log per seat, kept up to date, so each seat's view is quick to
    make: :meth:`view` for the player to act, :meth:`apply` to play an action.

    >>> from ttr_teach.engine.game.core import Game
    >>> table = Table(Game.new("usa", ["Ann", "Bo"], seed=2))
    >>> v = table.view()
    >>> _ = table.apply(v.legal_actions()[0])
    >>> table.view().name
    'Bo'
    """

    def __init__(self, game: Game):
        self.game = game
        self.logs = [PublicLog(i, game.log) for i in range(len(game.players))]

    def view(self, seat=None) -> PlayerView:
        """Player ``seat``'s view (default: the player to act)."""
        seat = self.game.current_player if seat is None else self.game.seat(seat)
        return PlayerView(self.game, seat, public_log=self.logs[seat])

    def apply(self, action) -> list:
        """Play ``action`` in the game (:meth:`Game.apply`) and bring every seat's log up to
        date; returns the game's new log entries."""
        events = self.game.apply(action)
        for log in self.logs:
            log.extend(events)
        return events


def _why_illegal(game, action):
    try:
        return game.why_illegal(action)
    except Exception as e:  # a malformed action must be reported, not crash the referee
        return gettext("it is not a valid action ({error})").format(error=f"{type(e).__name__}: {e}")


def play_game(map, bots, seed: int = 0, names=None, max_actions: int = MAX_ACTIONS) -> Game:
    """A finished :class:`~ttr_teach.engine.game.core.Game` on ``map`` between ``bots`` (one
    per seat, in seat order), dealt from ``seed``.

    Each bot is asked ``bot.choose(view)`` for every decision of its seat, set-up tickets
    included, where ``view`` is its :class:`~ttr_teach.players.view.PlayerView` (never the
    game). The same bots (built with the same seeds) and the same ``seed`` give the same game.
    ``names`` default to the bots' names (:func:`default_names`).

    A bot that returns an action the rules refuse raises :class:`BotError`, naming the bot and
    the action; a game not over after ``max_actions`` actions raises ``RuntimeError``.
    """
    bots = list(bots)
    game = Game.new(map=map, players=list(names) if names is not None else default_names(bots), seed=seed)
    if len(bots) != len(game.players):
        raise ValueError(ngettext("{bots} bots for {n} player; give one bot per seat",
                                  "{bots} bots for {n} players; give one bot per seat", len(game.players)).format(
                                      bots=len(bots), n=len(game.players)))
    table = Table(game)
    for _ in range(max_actions):
        if game.is_over:
            return game
        seat = game.current_player
        assert seat is not None  # the game is not over
        bot = bots[seat]
        action = bot.choose(table.view(seat))
        why = _why_illegal(game, action)
        if why:
            raise BotError(seat, game.players[seat], bot, action, why)
        table.apply(action)
    raise RuntimeError(gettext("the game ({map}, seed {seed}) did not end after {n} actions: a bot never lets it "
                               "end").format(map=game.map.name, seed=seed, n=max_actions))
