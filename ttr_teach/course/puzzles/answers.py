"""Exercises for puzzle answers that are not a single number: tickets, routes, and answers
made of several parts (a length and the bonus holders; a winner and the tie-breaker).

They extend :mod:`ttr_teach.course.exercises` (same :class:`~ttr_teach.course.exercises.Verdict`, widget
and :class:`~ttr_teach.course.exercises.Progress`), so a puzzle notebook uses them like the lessons'
exercises.

>>> from ttr_teach.engine.maps import load_map
>>> m = load_map("europe")
>>> ex = CityPairSetExercise("Completed tickets?", m, [("Paris", "Wien")])
>>> ex.check("Wien-Paris").message
'Right: Paris–Wien.'
>>> ex.check("none").message
'Not quite: you are missing 1 (Paris–Wien).'
>>> both = CompositeExercise("Longest route?", [
...     ("length", "length", NumberExercise("", 12)),
...     ("bonus", "bonus to", NameSetExercise("", ["Ann"]))])
>>> both.check({"length": "12", "bonus": "Bo"}).message
'length: right: 12; bonus to: not quite: you are missing 1 (Ann); Bo should not be there'
>>> both.check("12; Ann").correct
True
"""
from __future__ import annotations

import re

from ..exercises import ChoiceExercise, Exercise, NumberExercise, SetExercise, Verdict, set_verdict
from ...engine.errors import MapError

__all__ = ["CityPairSetExercise", "CityPairExercise", "NameSetExercise", "CompositeExercise",
           "NumberExercise", "ChoiceExercise"]

def city_pair_from_text(m, text: str) -> tuple:
    """``"Paris-Wien"`` (or ``–``, or ``" to "``) -> two city ids; ValueError if unreadable."""
    parts = [p.strip() for p in re.split(r"\s*(?:–|—|-|\bto\b)\s*", text.strip()) if p.strip()]
    if len(parts) != 2:
        raise ValueError(f"write a pair of cities as City-City, not {text!r}")
    try:
        return tuple(m.city_id(p) for p in parts)
    except MapError as e:
        raise ValueError(str(e)) from None


NONE_WORDS = ("none", "nothing", "no tickets", "-", "")


def _pair_label(m, pair) -> str:
    a, b = pair
    return f"{m.cities[a].name}–{m.cities[b].name}"


class CityPairSetExercise(Exercise):
    """A set of city pairs (tickets), typed ``Paris-Wien, Roma-Zagreb`` (any order, aliases
    and ``–`` work; ``none`` for the empty set)."""

    placeholder = "City-City, City-City (or none)"

    def __init__(self, prompt, m, pairs, **kw):
        self.map = m
        self._labels = {}
        key = frozenset(self._canonical(a, b) for a, b in pairs)
        super().__init__(prompt, key, **kw)

    def _canonical(self, a, b):
        pair = frozenset((self.map.city_id(a), self.map.city_id(b)))
        for t in self.map.tickets:
            if frozenset(t.cities) == pair:
                self._labels[pair] = _pair_label(self.map, t.cities)
                return pair
        a, b = sorted(pair)
        self._labels[pair] = _pair_label(self.map, (a, b))
        return pair

    def parse(self, text):
        if isinstance(text, str):
            if text.strip().casefold() in NONE_WORDS:
                return frozenset()
            items = [t for t in text.split(",") if t.strip()]
            return frozenset(self._canonical(*city_pair_from_text(self.map, t)) for t in items)
        return frozenset(self._canonical(*pair) for pair in text)

    def compare(self, value):
        return set_verdict(self.answer, value, self._labels.get)


class CityPairExercise(Exercise):
    """One route named by its two cities, typed ``Wien-Budapest``."""

    placeholder = "City-City"

    def __init__(self, prompt, m, pair, **kw):
        self.map = m
        super().__init__(prompt, frozenset(m.city_id(c) for c in pair), **kw)

    def parse(self, text):
        if isinstance(text, str):
            return frozenset(city_pair_from_text(self.map, text))
        return frozenset(self.map.city_id(c) for c in text)

    def compare(self, value):
        right = _pair_label(self.map, sorted(self.answer))
        if value == self.answer:
            return Verdict(True, f"Right: {right}.")
        shared = value & self.answer
        near = (f" It does start at {self.map.cities[next(iter(shared))].name}, though."
                if len(shared) == 1 else "")
        return Verdict(False, f"Not quite: not {_pair_label(self.map, sorted(value))}.{near}")


class NameSetExercise(SetExercise):
    """A set of player names, typed comma-separated (``nobody`` for none); case is ignored."""

    placeholder = "names, comma-separated"

    def __init__(self, prompt, names, **kw):
        self._names = {str(n).casefold(): str(n) for n in names}
        super().__init__(prompt, names, normalise=self._norm, **kw)

    def _norm(self, s):
        return self._names.get(s.strip().casefold(), s.strip())

    def parse(self, text):
        if isinstance(text, str) and text.strip().casefold() in ("nobody", "none", "no one"):
            return frozenset()
        return super().parse(text)


class CompositeExercise(Exercise):
    """An answer in several parts, each checked by its own exercise: ``parts`` is a list of
    ``(key, label, exercise)``. The answer is a dict ``{key: answer}``, or text with the
    parts separated by ``;``. It is right when every part is."""

    def __init__(self, prompt, parts, **kw):
        self.parts = list(parts)
        super().__init__(prompt, {key: ex.answer for key, _, ex in self.parts}, **kw)

    def parse(self, value):
        if isinstance(value, str):
            pieces = [p.strip() for p in value.split(";")]
            if len(pieces) != len(self.parts):
                raise ValueError(f"give {len(self.parts)} parts separated by ';' "
                                 f"({'; '.join(label for _, label, _ in self.parts)})")
            value = dict(zip((k for k, _, _ in self.parts), pieces))
        if not isinstance(value, dict):
            raise ValueError("give a dict with " + ", ".join(k for k, _, _ in self.parts))
        out = {}
        for key, label, ex in self.parts:
            if key not in value or value[key] is None:
                raise ValueError(f"the {label} is missing")
            try:
                out[key] = ex.parse(value[key])
            except (ValueError, TypeError) as e:
                raise ValueError(f"{label}: {e}") from None
        return out

    def compare(self, value):
        said, ok = [], True
        for key, label, ex in self.parts:
            verdict = ex.compare(value[key])
            ok &= verdict.correct
            text = verdict.message.rstrip(".")
            said.append(f"{label}: {text[0].lower() + text[1:]}" if text else label)
        return Verdict(ok, "; ".join(said))

    def _input_widget(self):
        import ipywidgets as w

        boxes = {key: ex._input_widget() for key, _, ex in self.parts}
        for box in boxes.values():
            if isinstance(box, w.ToggleButtons):
                box.style.button_width = "auto"     # show whole options, not "most compl..."

        class Fields(w.VBox):
            @property
            def value(self):
                return {key: box.value for key, box in boxes.items()}

        rows = [w.HBox([w.Label(label, layout=w.Layout(width="110px")), boxes[key]])
                for key, label, _ in self.parts]
        return Fields(rows)
