"""Exercises for puzzle answers that are not a single number: tickets, routes, and answers
made of several parts (a length and the bonus holders; a winner and the tie-breaker).

They extend :mod:`ttr_teach.course.exercises` (same :class:`~ttr_teach.course.exercises.Verdict`,
widget and :class:`~ttr_teach.course.exercises.Progress`), and like every exercise they say
right or wrong with a nudge, never the key.

>>> from ttr_teach.engine.maps import load_map
>>> m = load_map("europe")
>>> ex = CityPairSetExercise("Completed tickets?", m, [("Paris", "Wien")])
>>> ex.check("Wien-Paris").message
'Right: Paris–Wien.'
>>> ex.check("none").message
'Not quite: one ticket is missing.'
>>> both = CompositeExercise("Longest route?", [
...     ("length", "length", NumberExercise("", 12)),
...     ("bonus", "bonus to", NameSetExercise("", ["Ann"], names=["Ann", "Bo"]))])
>>> both.check({"length": "12", "bonus": "Bo"}).message
'Length: right: 12; bonus to: not quite: one player is missing, and one player should not be there.'
>>> both.check("12; Ann").correct
True
"""
from __future__ import annotations

import re

from ...engine.errors import MapError
from ...engine.i18n import N_, gettext
from ...engine.text import clauses, listing, sentence
from ..exercises import ChoiceExercise, Exercise, NumberExercise, SetExercise, Verdict, set_verdict
from ..exercises.reading import is_none, read_items

__all__ = ["CityPairSetExercise", "CityPairExercise", "NameSetExercise", "CompositeExercise",
           "NumberExercise", "ChoiceExercise"]


def city_pair_from_text(map, text: str) -> tuple:
    """``"Paris-Wien"`` (or ``–``, or ``" to "``) -> two city ids; ValueError if unreadable."""
    parts = [p.strip() for p in re.split(r"\s*(?:–|—|-|\bto\b)\s*", text.strip()) if p.strip()]
    if len(parts) != 2:
        raise ValueError(gettext("write a pair of cities as City-City, not {text}").format(text=repr(text)))
    try:
        return tuple(map.city_id(p) for p in parts)
    except MapError as e:
        raise ValueError(str(e)) from None


def _pair_label(m, pair) -> str:
    a, b = pair
    return f"{m.cities[a].name}–{m.cities[b].name}"


class CityPairSetExercise(Exercise):
    """A set of city pairs (tickets), typed ``Paris-Wien, Roma-Zagreb`` (any order, aliases,
    ``–``, ``and`` or only spaces between them; ``none`` for the empty set)."""

    placeholder = N_("City-City, City-City (or none)")
    item = "ticket"

    def __init__(self, prompt, map, pairs, **kw):
        self.map = map
        self._labels = {}
        key = frozenset(self._canonical(a, b) for a, b in pairs)
        super().__init__(prompt, key, **kw)
        if self.example is None:
            self.example = self.answer_text()

    def _canonical(self, a, b):
        pair = frozenset((self.map.city_id(a), self.map.city_id(b)))
        for t in self.map.tickets:
            if frozenset(t.cities) == pair:
                self._labels[pair] = _pair_label(self.map, t.cities)
                return pair
        a, b = sorted(pair)
        self._labels[pair] = _pair_label(self.map, (a, b))
        return pair

    def _known(self, piece: str) -> bool:
        try:
            city_pair_from_text(self.map, piece)
        except ValueError:
            return False
        return True

    def parse(self, text):
        if isinstance(text, str):
            if is_none(text):
                return frozenset()
            items = read_items(text, self._known)
            return frozenset(self._canonical(*city_pair_from_text(self.map, t)) for t in items)
        return frozenset(self._canonical(*pair) for pair in text)

    def compare(self, value):
        return set_verdict(self.answer, value, self._labels.get, self.item)

    def answer_text(self) -> str:
        return listing(sorted(self._labels[p] for p in self.answer)) or gettext("none")


class CityPairExercise(Exercise):
    """One route named by its two cities, typed ``Wien-Budapest``. ``station`` (a city id):
    the route must start or end there, and a learner who names one that does not is reminded
    of the rule."""

    placeholder = N_("City-City")

    def __init__(self, prompt, map, pair, station=None, **kw):
        self.map = map
        self.station = station
        super().__init__(prompt, frozenset(map.city_id(c) for c in pair), **kw)
        if self.example is None:
            self.example = self.answer_text()

    def parse(self, text):
        if isinstance(text, str):
            return frozenset(city_pair_from_text(self.map, text))
        return frozenset(self.map.city_id(c) for c in text)

    def compare(self, value):
        if value == self.answer:
            return Verdict(True, gettext("Right: {answer}.").format(answer=self.answer_text()))
        said = gettext("Not quite: not {route}.").format(route=_pair_label(self.map, sorted(value)))
        if self.station is not None and self.station not in value:
            said += " " + gettext("A station borrows a route that enters or leaves its own city ({city}).").format(
                city=self.map.cities[self.station].name)
        elif len(value) == 2 and not self.map.routes_between(*sorted(value)):
            said += " " + gettext("There is no route between those two cities.")
        return Verdict(False, said)

    def answer_text(self) -> str:
        return _pair_label(self.map, sorted(self.answer))


class NameSetExercise(SetExercise):
    """A set of player names (``names``: the players of the position), typed with commas,
    ``and`` or spaces (``nobody`` for none); case is ignored."""

    placeholder = N_("names, e.g. Ann, Bo")

    def __init__(self, prompt, answer, names=None, **kw):
        super().__init__(prompt, answer, options=names if names is not None else answer, item="player", **kw)


class CompositeExercise(Exercise):
    """An answer in several parts, each checked by its own exercise: ``parts`` is a list of
    ``(key, label, exercise)``. The answer is a dict ``{key: answer}``, or text with the
    parts separated by ``;``. It is right when every part is; the feedback says which parts
    are right, never what a wrong part should be."""

    def __init__(self, prompt, parts, **kw):
        self.parts = list(parts)
        super().__init__(prompt, {key: ex.answer for key, _, ex in self.parts}, **kw)
        if self.example is None:
            self.example = {key: ex.example for key, _, ex in self.parts}

    def _pieces(self, value):
        """The learner's answer as ``{key: the part as written}`` (text is split at ``;``)."""
        if isinstance(value, str):
            pieces = [p.strip() for p in value.split(";")]
            if len(pieces) != len(self.parts):
                raise ValueError(gettext("give {n} parts separated by ';' ({parts})").format(
                    n=len(self.parts), parts=clauses(label for _, label, _ in self.parts)))
            value = dict(zip((k for k, _, _ in self.parts), pieces, strict=False))  # a list may hold fewer parts
        return value

    def parse(self, value):
        value = self._pieces(value)
        if not isinstance(value, dict):
            raise ValueError(gettext("give a dict with {keys}").format(keys=", ".join(k for k, _, _ in self.parts)))
        out = {}
        for key, label, ex in self.parts:
            if key not in value or value[key] is None:
                raise ValueError(gettext("the {part} is missing").format(part=label))
            try:
                out[key] = ex.parse(value[key])
            except (ValueError, TypeError) as e:
                raise ValueError(f"{label}: {e}") from None
        return out

    def respond(self, value, written):
        return self.compare(value, self._pieces(written))

    def compare(self, value, written=None):
        said, ok = [], True
        for key, label, ex in self.parts:
            verdict = ex.respond(value[key], written[key]) if written is not None else ex.compare(value[key])
            ok &= verdict.correct
            text = verdict.message.rstrip(".")
            said.append(f"{label}: {text[0].lower() + text[1:]}" if text else label)
        return Verdict(ok, sentence(clauses(said)))

    def answer_text(self) -> str:
        return clauses(f"{label}: {ex.answer_text()}" for _, label, ex in self.parts)

    def make_input(self):
        """One input per part, each with its label (the exercise widget calls this)."""
        import ipywidgets as w

        from ..exercises.widget import input_for

        boxes = {key: input_for(ex) for key, _, ex in self.parts}

        class Fields(w.VBox):
            @property
            def value(self):
                return {key: box.value for key, box in boxes.items()}

        rows = [w.HBox([w.Label(label, layout=w.Layout(min_width="110px", width="auto")), boxes[key]])
                for key, label, _ in self.parts]
        return Fields(rows)
