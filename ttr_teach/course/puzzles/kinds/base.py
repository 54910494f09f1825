"""What every kind of puzzle provides, and the field readers the kinds share.

A *kind* (a player's total score, the longest route, a tunnel's odds...) knows

* which extra fields its puzzles have (``player``, ``ticket``, ``deck``...) and how to read
  them (:meth:`Kind.read_params`), and what an answer looks like (:meth:`Kind.read_answer`);
* how the engine computes the answer (:meth:`Kind.solve`, returning a :class:`Solution`);
* how to show it: the answer in words, an exercise for the notebook, what to highlight on
  the board when the solution is revealed, and a worked explanation and hint for generated
  puzzles;
* how the generator finds interesting puzzles of this kind (:meth:`Kind.candidates`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

from ....engine.errors import MapError
from ....engine.i18n import N_, gettext
from ....engine.integers import is_whole
from ....engine.maps import MAP_NAMES
from ....engine.text import listing

if TYPE_CHECKING:
    from ..document import Document


@dataclass
class Solution:
    """The engine's answer to a puzzle (``answer``, normalised like a key) and the ``work``
    behind it (a dict each kind fills for its explanation and highlights)."""

    answer: object
    work: dict = field(default_factory=dict)


class Kind:
    """Base class of the puzzle kinds; see the module docstring."""

    #: The name used in puzzle files (``kind: total_score``).
    name = ""
    #: What the learner is asked, in a few words (for lists and reports).
    title = ""
    #: The maps this kind exists on.
    maps = MAP_NAMES
    #: ``"required"`` or ``"optional"``: whether a puzzle of this kind needs a position.
    position = "required"
    #: Whether the answer depends on the players' tickets (the puzzle's facts then list them).
    uses_tickets = False
    #: The levels at which the puzzle presents its position as the end of the game ("the game
    #: ends in this position"): its positions then come from the end of a game (``plausible``).
    ends_game: tuple = ()
    #: Extra fields: name -> (required?, one-line description for the format's documentation).
    fields: dict = {}
    #: What the answer looks like, for the documentation and for error messages.
    answer_format = ""

    # -- reading a puzzle file -------------------------------------------------------------
    def read_params(self, doc, m, pos) -> dict:
        """The kind's extra fields, checked; ``doc`` is the :class:`~.document.Document`."""
        return {}

    def read_answer(self, doc, m, pos, params):
        """The answer key, checked and normalised (compare with :meth:`solve`'s answer)."""
        raise NotImplementedError

    def answer_data(self, answer, m):
        """The normalised answer as plain YAML/JSON data (the inverse of :meth:`read_answer`)."""
        return answer

    def typed_answer(self, answer, m):
        """The answer as a learner enters it in the puzzle's exercise (what a notebook's solution
        cell checks the exercise with); by default the same as :meth:`answer_data`."""
        return self.answer_data(answer, m)

    def params_data(self, params, m) -> dict:
        """The extra fields as plain data, for writing a puzzle file."""
        return dict(params)

    # -- the engine ------------------------------------------------------------------------
    def solve(self, puzzle) -> Solution:
        raise NotImplementedError

    def same(self, key, computed) -> bool:
        """True when the key agrees with the engine's answer."""
        return key == computed

    def ambiguity(self, puzzle, solution):
        """Why the puzzle has no single right answer (e.g. two equally good stations), or None."""
        return None

    # -- showing ---------------------------------------------------------------------------
    def show(self, answer, m) -> str:
        """The answer in words, e.g. ``"57 points"``."""
        return str(answer)

    def mentions(self, answer, m) -> list:
        """Texts a worked explanation must contain (so that it states the right answer); an
        item may be a tuple of equally good spellings (``("Paris–Wien", "Wien–Paris")``)."""
        return [self.show(answer, m)]

    def question(self, params, m, pos) -> str:
        raise NotImplementedError

    def exercise(self, puzzle):
        """An :class:`~ttr_teach.course.exercises.Exercise` whose key is the puzzle's answer."""
        raise NotImplementedError

    def mistakes(self, puzzle, solution) -> dict:
        """The common wrong answers to this puzzle, computed from its position, each with a
        sentence that says what went wrong without giving the key: ``{wrong answer: diagnosis}``
        (one point per train, a failed ticket counted as 0, cards drawn with replacement...).
        None by default."""
        return {}

    def nudges(self, puzzle, tolerance=0) -> dict:
        """:meth:`mistakes` for the puzzle's exercise: those farther than ``tolerance`` from
        the key (a mistake that happens to give the right answer is no mistake), the first
        diagnosis of each wrong answer."""
        solution = puzzle.solve()
        keys = [Fraction(k) for k in (solution.answer, puzzle.answer) if isinstance(k, (int, Fraction))]
        found: dict = {}
        for wrong, why in self.mistakes(puzzle, solution).items():
            if all(abs(Fraction(wrong) - k) > tolerance for k in keys):
                found.setdefault(Fraction(wrong), why)
        return found

    def highlight(self, puzzle, solution) -> list:
        """What the board shows when the solution is revealed (a highlight spec)."""
        return []

    def question_highlight(self, puzzle) -> list:
        """What the board points at with the question (never the answer): the tunnel, the
        station, the ticket asked about."""
        return []

    def hint(self, puzzle, solution) -> str:
        raise NotImplementedError

    def explain(self, puzzle, solution) -> str:
        raise NotImplementedError

    # -- generating ------------------------------------------------------------------------
    def candidates(self, source, level, rng):
        """Yield ``(position, params, extra)`` candidates from a bot-played ``source``
        (see :mod:`ttr_teach.course.puzzles.generator`); ``extra`` holds fields such as a deck."""
        raise NotImplementedError

    def why_dull(self, puzzle, solution, level):
        """Why this candidate would make a trivial puzzle at ``level``, or None if it is good."""
        return None

    def __repr__(self):
        return f"<puzzle kind {self.name}>"


# -- field readers shared by the kinds -------------------------------------------------------
def need(doc, key, required=True):
    """The value of the top-level field ``key``; a missing required field is refused (a missing
    optional one is None)."""
    if not required and key not in doc.data:
        return None
    return _value(doc, (key,))


def not_of_form(value, form: str) -> str:
    """``"[1, 2] is not {length: N, bonus: [names]}"``: a value refused for its shape, the
    ``form`` the file must give written as the code it is."""
    # TRANSLATORS: {form} is the shape a puzzle file must give, as code: {length: N, bonus: [names]}
    return gettext("{value} is not {form}").format(value=repr(value), form=form)


def read_player(doc, pos, key="player") -> str:
    """A player named in field ``key``: must be one of the position's players."""
    name = need(doc, key)
    names = [p.name for p in pos.players]
    if not isinstance(name, str) or name not in names:
        doc.fail((key,), gettext("there is no player {player} in the position (players: {players})").format(
            player=repr(name), players=listing(names)))
    return name


def _value(doc, keys):
    """The value at ``keys`` (a tuple of fields and list positions); missing: refused."""
    value = doc.data
    for k in keys:
        if not isinstance(value, (dict, list)) or (isinstance(value, dict) and k not in value):
            doc.fail(keys, gettext("this field is missing"))
        value = value[k]
    return value


#: The refusals of :func:`read_city_pair` and :func:`read_int` when a caller names no other.
NOT_A_PAIR = N_("{value} is not a pair of cities such as [Paris, Wien]")
NOT_WHOLE = N_("{value} is not a whole number")


def read_city_pair(doc, keys, m, refusal=NOT_A_PAIR):
    """``[city, city]`` at ``keys``: two city ids of ``m``. ``refusal``: the sentence (marked with
    ``N_``) that refuses another value, naming it ``{value}``."""
    value = _value(doc, keys)
    if not (isinstance(value, list) and len(value) == 2 and all(isinstance(c, str) for c in value)):
        doc.fail(keys, gettext(refusal).format(value=repr(value)))
    try:
        return tuple(m.city_id(c) for c in value)
    except MapError as e:
        doc.fail(keys, str(e))


def read_ticket(doc, keys, m):
    """A ticket named ``[city, city]`` at ``keys``: a :class:`~ttr_teach.engine.maps.Ticket`."""
    a, b = read_city_pair(doc, keys, m, N_("{value} is not a ticket such as [Paris, Wien]"))
    try:
        return m.ticket(a, b)
    except MapError as e:
        doc.fail(keys, str(e))


def pair_name(m, item) -> str:
    """``"Paris–Wien"``: a ticket or a route in words (its cities' board names, in the map's order)."""
    return f"{m.cities[item.a].name}–{m.cities[item.b].name}"


def both_ways(m, a, b) -> tuple:
    """``("Paris–Wien", "Wien–Paris")``: a pair of cities in words, either way round."""
    x, y = m.cities[a].name, m.cities[b].name
    return (f"{x}–{y}", f"{y}–{x}")


def read_int(doc, keys, low=None, refusal=NOT_WHOLE):
    """A whole number at ``keys``, at least ``low``; ``refusal``: the sentence (marked with ``N_``)
    that refuses another value, naming it ``{value}``."""
    value = _value(doc, keys)
    if not is_whole(value):
        doc.fail(keys, gettext(refusal).format(value=repr(value)))
    if low is not None and value < low:
        doc.fail(keys, gettext("{value} is less than {low}").format(value=value, low=low))
    return value


#: A whole number or a fraction, each number of at most 100 digits (the reader's bound on numbers).
_FRACTION = re.compile(r"^\s*-?\d{1,100}\s*(/\s*\d{1,100}\s*)?$")


def read_fraction(doc: Document, keys: tuple) -> Fraction:
    """An exact number: a whole number or a fraction written ``"39/55"`` (no decimals: a key
    must be exact)."""
    value = _value(doc, keys)
    if is_whole(value):
        return Fraction(value)
    if isinstance(value, str) and _FRACTION.match(value):
        try:
            return Fraction(value.replace(" ", ""))
        except ZeroDivisionError:
            doc.fail(keys, gettext("{value} divides by zero").format(value=repr(value)))
    doc.fail(keys, gettext("{value} is not an exact fraction such as \"39/55\" (decimals are not exact)").format(
        value=repr(value)))


def fraction_data(x: Fraction):
    """A fraction as it is written in a puzzle file: ``3`` or ``"39/55"``."""
    x = Fraction(x)
    return x.numerator if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def show_fraction(x: Fraction) -> str:
    """A fraction in words, as a learner writes it: ``"3"`` or ``"39/55"``."""
    return str(fraction_data(x))


