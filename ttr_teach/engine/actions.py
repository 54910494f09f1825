"""The actions a player can take, as small immutable values.

Every action is a frozen dataclass with ``to_dict()`` (plain JSON types, ``"type"`` naming the
action) and :func:`action_from_dict` to read it back. Payment is part of the action: which
colour, how many cards of it and how many locomotives. Decisions inside a turn (the second
card, paying for a tunnel, which tickets to keep) are actions too.

>>> a = ClaimRoute(route=37, color="white", colored=2, locomotives=1, label="Frankfurt–Paris (3 white)")
>>> print(a)
claim Frankfurt–Paris (3 white) with 2 white + 1 locomotive
>>> a.to_dict()
{'type': 'claim_route', 'route': 37, 'color': 'white', 'colored': 2, 'locomotives': 1}
>>> action_from_dict(a.to_dict()) == a
True
>>> print(DrawFaceUp("locomotive"))
take the face-up locomotive

The ``label`` of an action is only for reading; it is not part of the action (not compared,
not saved). :meth:`ttr_teach.engine.game.core.Game.legal_actions` fills it in.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from functools import cache
from typing import Any, ClassVar

from .errors import IllegalAction
from .i18n import gettext, ngettext
from .integers import is_whole
from .rules import COLORS, LOCOMOTIVE
from .text import colour_count, colour_name, listing


def cards_text(color: str | None, colored: int, locomotives: int) -> str:
    """Cards in words: ``cards_text("red", 2, 1) == "2 red + 1 locomotive"``.

    >>> cards_text(None, 0, 3), cards_text("blue", 1, 0)
    ('3 locomotives', '1 blue')
    """
    parts = []
    if colored:
        parts.append(colour_count(colored, str(color)))
    if locomotives or not parts:
        parts.append(colour_count(locomotives, LOCOMOTIVE))
    return " + ".join(parts)


def _payment_problem(color: str | None, colored: int, locomotives: int) -> str | None:
    if not is_whole(colored, low=0) or not is_whole(locomotives, low=0):
        return gettext("the numbers of coloured cards and of locomotives must be whole numbers, 0 or more")
    if colored and color is None:
        return ngettext("say which colour your {n} coloured card is", "say which colour your {n} coloured cards are",
                        colored).format(n=colored)
    if colored and color == LOCOMOTIVE:
        return gettext("count locomotives in 'locomotives'; 'color' is the colour of the other cards")
    if colored and color not in COLORS:
        return gettext("{colour} is not a train card colour (use one of {colours})").format(
            colour=repr(color), colours=", ".join(COLORS))
    return None


def _as_list(value: Any) -> Any:
    """A tuple as a list (JSON has no tuples); anything else as it is."""
    return list(value) if type(value) is tuple else value


@cache
def _dict_writer(cls: type[Action]) -> Callable[[Action], dict]:
    """``to_dict`` for the actions of class ``cls``, written out once from its fields (as
    :mod:`dataclasses` writes ``__init__``): a dict of ``"type"``, then each field that makes
    the action (not its label) in order, a field declared a tuple as a list. Every action a game
    logs is written, so the dict is built in one expression rather than field by field.

    >>> _dict_writer(DrawFaceUp)(DrawFaceUp("red"))
    {'type': 'draw_face_up', 'card': 'red'}
    """
    items = "".join(f", {f.name!r}: " + (f"_as_list(self.{f.name})" if f.type in ("tuple", tuple)
                                         else f"self.{f.name}")
                    for f in fields(cls) if f.compare)
    namespace: dict[str, Any] = {"_as_list": _as_list}
    exec(f"def to_dict(self):\n    return {{'type': self.type{items}}}\n", namespace)
    to_dict = namespace["to_dict"]
    to_dict.__qualname__, to_dict.__doc__ = f"{cls.__name__}.to_dict", Action.to_dict.__doc__
    return to_dict


@dataclass(frozen=True)
class Action:
    """Base class: ``type`` is the name used in ``to_dict()``."""

    type: ClassVar[str] = ""

    def to_dict(self) -> dict:
        """The action as plain JSON types: ``"type"``, then its fields in their order (not the
        label), a tuple as a list.

        >>> DrawBlind().to_dict(), KeepTickets((7, 3)).to_dict()
        ({'type': 'draw_blind'}, {'type': 'keep_tickets', 'tickets': [3, 7]})
        """
        # a class is Hashable; mypy checks the protocol against the instances' dataclass __hash__
        return _dict_writer(type(self))(self)  # type: ignore[arg-type]

    def problem(self) -> str | None:
        """Why this action is malformed (wrong field types), or None. The game checks the rules."""
        return None

    def __str__(self) -> str:
        return self.type.replace("_", " ")


@dataclass(frozen=True)
class DrawBlind(Action):
    """Draw the top card of the deck."""

    type: ClassVar[str] = "draw_blind"

    def __str__(self) -> str:
        return gettext("draw a card blind from the deck")


@dataclass(frozen=True)
class DrawFaceUp(Action):
    """Take a face-up ``card`` (a colour or ``"locomotive"``); a new card is turned up in its place."""

    card: str
    type: ClassVar[str] = "draw_face_up"

    def problem(self) -> str | None:
        if self.card != LOCOMOTIVE and self.card not in COLORS:
            return gettext("{card} is not a train card (use a colour or 'locomotive')").format(card=repr(self.card))
        return None

    def __str__(self) -> str:
        if self.card == LOCOMOTIVE:
            return gettext("take the face-up locomotive")
        return gettext("take the face-up {colour} card").format(colour=colour_name(self.card))


class _Payment:
    """Shared normalisation: with no coloured cards the colour is None."""

    color: str | None
    colored: int
    locomotives: int

    def __post_init__(self) -> None:
        if self.colored == 0 and not isinstance(self.colored, bool):
            object.__setattr__(self, "color", None)

    def problem(self) -> str | None:
        return _payment_problem(self.color, self.colored, self.locomotives)


@dataclass(frozen=True)
class ClaimRoute(_Payment, Action):
    """Claim route number ``route`` (its index in the map) paying ``colored`` cards of ``color``
    and ``locomotives`` locomotives. For a tunnel this lays the cards and reveals the deck."""

    route: int
    color: str | None
    colored: int
    locomotives: int
    label: str = field(default="", compare=False, repr=False)
    type: ClassVar[str] = "claim_route"

    def problem(self) -> str | None:
        if not is_whole(self.route, low=0):
            return gettext("a route is named by its number in the map, not {route}").format(route=repr(self.route))
        return super().problem()

    def __str__(self) -> str:
        route = self.label or gettext("route #{number}").format(number=self.route)
        return gettext("claim {route} with {cards}").format(
            route=route, cards=cards_text(self.color, self.colored, self.locomotives))


@dataclass(frozen=True)
class PayTunnel(_Payment, Action):
    """Pay the extra cards a tunnel asks for: ``colored`` of ``color`` and ``locomotives``."""

    color: str | None
    colored: int
    locomotives: int
    type: ClassVar[str] = "pay_tunnel"

    def __str__(self) -> str:
        return gettext("pay {cards} more for the tunnel").format(
            cards=cards_text(self.color, self.colored, self.locomotives))


@dataclass(frozen=True)
class DeclineTunnel(Action):
    """Do not pay for the tunnel: the cards played go back to the hand and the turn ends."""

    type: ClassVar[str] = "decline_tunnel"

    def __str__(self) -> str:
        return gettext("decline the tunnel and take the cards back")


@dataclass(frozen=True)
class DrawTickets(Action):
    """Draw destination tickets (3, or fewer if fewer are left)."""

    type: ClassVar[str] = "draw_tickets"

    def __str__(self) -> str:
        return gettext("draw destination tickets")


@dataclass(frozen=True)
class KeepTickets(Action):
    """Keep these of the tickets just drawn or dealt (``tickets`` are ticket numbers in the map)."""

    tickets: tuple
    label: str = field(default="", compare=False, repr=False)
    type: ClassVar[str] = "keep_tickets"

    def __post_init__(self) -> None:
        if isinstance(self.tickets, (list, tuple)):
            try:
                object.__setattr__(self, "tickets", tuple(sorted(self.tickets)))
            except TypeError:
                object.__setattr__(self, "tickets", tuple(self.tickets))

    def problem(self) -> str | None:
        if not isinstance(self.tickets, tuple) or not all(is_whole(t, low=0) for t in self.tickets):
            return gettext("tickets to keep are given as a list of ticket numbers")
        if len(set(self.tickets)) != len(self.tickets):
            return gettext("a ticket is listed twice among the tickets to keep")
        return None

    def __str__(self) -> str:
        if self.label:
            return gettext("keep {tickets}").format(tickets=self.label)
        return gettext("keep tickets {numbers}").format(numbers=listing(f"#{t}" for t in self.tickets))


@dataclass(frozen=True)
class BuildStation(_Payment, Action):
    """Build a station in ``city`` (Europe), paying ``colored`` cards of ``color`` and locomotives."""

    city: str
    color: str | None
    colored: int
    locomotives: int
    type: ClassVar[str] = "build_station"

    def problem(self) -> str | None:
        if not isinstance(self.city, str):
            return gettext("a station is built in a city named by text, not {city}").format(city=repr(self.city))
        return super().problem()

    def __str__(self) -> str:
        return gettext("build a station in {city} with {cards}").format(
            city=self.city, cards=cards_text(self.color, self.colored, self.locomotives))


@dataclass(frozen=True)
class Pass(Action):
    """Do nothing; allowed only when no other action is possible."""

    type: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return gettext("pass (no other action is possible)")


ACTION_TYPES = {cls.type: cls for cls in (DrawBlind, DrawFaceUp, ClaimRoute, PayTunnel, DeclineTunnel,
                                          DrawTickets, KeepTickets, BuildStation, Pass)}
# Each action's to_dict is the generic one, written out for its class here once (a game logs
# every action, so it is on the engine's hot path).
for _cls in ACTION_TYPES.values():
    # a plain function set as the method (it binds like one; mypy types it as a callable)
    _cls.to_dict = _dict_writer(_cls)  # type: ignore[method-assign, assignment]


def action_from_dict(d: object) -> Action:
    """Read an action from its ``to_dict()`` form; raise :class:`IllegalAction` if malformed.

    >>> action_from_dict({"type": "draw_face_up", "card": "red"})
    DrawFaceUp(card='red')
    >>> action_from_dict({"type": "jump"})
    Traceback (most recent call last):
    ...
    ttr_teach.engine.errors.IllegalAction: there is no action 'jump' (use one of build_station, claim_route, decline_tunnel, draw_blind, draw_face_up, draw_tickets, keep_tickets, pass, pay_tunnel)
    """  # noqa: E501
    if isinstance(d, Action):
        return d
    kinds = ", ".join(sorted(ACTION_TYPES))
    if not isinstance(d, dict) or "type" not in d:
        raise IllegalAction(gettext("an action is a dict with a 'type' (one of {kinds}), not {value}").format(
            kinds=kinds, value=repr(d)))
    cls = ACTION_TYPES.get(d["type"]) if isinstance(d["type"], str) else None
    if cls is None:
        raise IllegalAction(gettext("there is no action {type} (use one of {kinds})").format(
            type=repr(d["type"]), kinds=kinds))
    names = [f.name for f in fields(cls) if f.compare]
    extra = sorted(set(d) - set(names) - {"type", "label"}, key=str)
    if extra:
        if names:
            raise IllegalAction(gettext("a {type} action has no field {field} (its fields: {fields})").format(
                type=cls.type, field=repr(extra[0]), fields=", ".join(names)))
        raise IllegalAction(gettext("a {type} action has no field {field} (it has no fields)").format(
            type=cls.type, field=repr(extra[0])))
    missing = [n for n in names if n not in d]
    if missing:
        raise IllegalAction(gettext("a {type} action needs the field {field}").format(
            type=cls.type, field=repr(missing[0])))
    kwargs = {n: d[n] for n in names}
    if "label" in d and any(f.name == "label" for f in fields(cls)) and isinstance(d["label"], str):
        kwargs["label"] = d["label"]
    action = cls(**kwargs)
    why = action.problem()
    if why:
        raise IllegalAction(why)
    return action
