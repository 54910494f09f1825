"""Small helpers for the sentences the engine and the lessons write."""

import unicodedata
from collections.abc import Callable, Iterable
from fractions import Fraction

from .i18n import N_, gettext, ngettext, npgettext


def plural(n: int | Fraction, word: str, many: str | None = None) -> str:
    """``n`` followed by ``word`` in the right number.

    >>> plural(1, "train"), plural(3, "train"), plural(2, "city", "cities")
    ('1 train', '3 trains', '2 cities')
    """
    return f"{n} {word if n == 1 else (many or word + 's')}"


#: Invisible characters that are part of how words are written, kept between two letters of
#: the scripts that use them: the zero-width non-joiner of Persian ("علی‌رضا") and the
#: zero-width joiner. Every other invisible character is shown as an escape, the marks and
#: overrides of text direction among them, and so is a joiner inside Latin letters: a name
#: could otherwise show reversed, or look exactly like someone else's.
JOINERS = frozenset("\u200c\u200d")


def _joins_letters(text: str, k: int) -> bool:
    """True if ``text[k]`` stands between two letters (or marks) of a script other than Latin's
    ASCII."""
    return 0 < k < len(text) - 1 and all(not c.isascii() and unicodedata.category(c)[0] in "LM"
                                         for c in (text[k - 1], text[k + 1]))


def _shown(text: str, k: int) -> str:
    c = text[k]
    if c.isprintable() or c == " " or (c in JOINERS and _joins_letters(text, k)):
        return c
    return repr(c)[1:-1]


def one_line(message: object) -> str:
    r"""``message`` on one line, control characters shown as escapes (a file name or a
    player's name may hold a newline or a terminal escape sequence, or an override of the
    text's direction); a joiner of :data:`JOINERS` between two letters of a script that uses
    it is kept.

    >>> print(one_line("ann.json\nbo: bad"))
    ann.json\nbo: bad
    >>> one_line("x\u202eyp"), one_line("a\u200clice"), one_line("می\u200cخواهم") == "می\u200cخواهم"
    ('x\\u202eyp', 'a\\u200clice', True)
    """
    text = str(message)
    if text.isprintable():
        return text
    return "".join(_shown(text, k) for k in range(len(text)))


def display_width(text: str) -> int:
    """The columns ``text`` takes in a terminal: marks that combine with the letter before them
    and invisible format characters take none, East Asian wide letters two (so a table of names
    such as "Bảo", written with a combining hook, or "名" keeps its columns straight).

    >>> display_width("Bao"), display_width("Ba\u0309o"), display_width("名前")
    (3, 3, 4)
    """
    width = 0
    for c in text:
        if unicodedata.category(c) in ("Mn", "Me", "Cf"):
            continue
        width += 2 if unicodedata.east_asian_width(c) in ("W", "F") else 1
    return width


def pad(text: str, width: int, left: bool = True) -> str:
    """``text`` padded with spaces to ``width`` columns (:func:`display_width`), on the right
    (``left=True``: the text stays left) or on the left.

    >>> pad("名", 4) + "|", pad("7", 3, left=False)
    ('名  |', '  7')
    """
    spaces = " " * max(0, width - display_width(text))
    return text + spaces if left else spaces + text


def printable_lines(text: str) -> str:
    r"""``text`` with each line :func:`one_line` (for a traceback or an output a bot wrote:
    its lines stay lines, while a carriage return or a terminal's escape sequence is shown,
    not obeyed).

    >>> print(printable_lines("line 1\n\x1b[2Jline 2\r"))
    line 1
    \x1b[2Jline 2\r
    """
    return "\n".join(one_line(line) for line in str(text).split("\n"))


def printable(text: str) -> str:
    """``text`` as every output can write it: the undecodable bytes of a file's name (which
    Python keeps as lone surrogates) and any other lone half of a UTF-16 pair become the
    replacement character.

    >>> printable("caf\\udce9"), printable("bad \\ud800"), printable("Zürich")
    ('caf\ufffd', 'bad \ufffd', 'Zürich')
    """
    if text.isascii() or not any("\ud800" <= ch <= "\udfff" for ch in text):
        return text
    return "".join("\ufffd" if "\ud800" <= ch <= "\udfff" else ch for ch in text)


def sentence(text: str) -> str:
    """``text`` with a capital first letter and a full stop (the engine's reasons are clauses,
    written to go inside other sentences; shown alone, they become sentences).

    >>> sentence("bo claims Denver–Omaha (4 pink) for 7 points")
    'Bo claims Denver–Omaha (4 pink) for 7 points.'
    >>> sentence("Is it legal?")
    'Is it legal?'
    """
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?:" else text + "."


# The colours' words. Languages whose adjectives agree with their noun (Swedish "ett rött kort",
# "två röda kort"; Italian "una carta rossa") get a whole phrase per colour and number, never a
# colour word glued to a noun.
_COLOUR_NAMES = {
    "pink": N_("pink"), "white": N_("white"), "blue": N_("blue"), "yellow": N_("yellow"),
    "orange": N_("orange"), "black": N_("black"), "red": N_("red"), "green": N_("green"),
    "gray": N_("gray"), "locomotive": N_("locomotive"),
}


def colour_name(colour: str) -> str:
    """The name of ``colour`` (a card's or a route's) as a noun in the language spoken now,
    for sentences that say "in {colour}": English ``red``, Swedish ``rött``, Italian
    ``rosso``; an unknown colour comes back as it is.

    >>> colour_name("red"), colour_name("mauve")
    ('red', 'mauve')
    """
    word = _COLOUR_NAMES.get(colour)
    return gettext(word) if word else str(colour)


def colour_list(colours: Iterable[str]) -> str:
    """Card colours as a list of names: ``red, locomotive``."""
    return gettext(", ").join(colour_name(c) for c in colours)


_CARDS: dict[str, Callable[[int], str]] = {
    "pink": lambda n: ngettext("{n} pink card", "{n} pink cards", n),
    "white": lambda n: ngettext("{n} white card", "{n} white cards", n),
    "blue": lambda n: ngettext("{n} blue card", "{n} blue cards", n),
    "yellow": lambda n: ngettext("{n} yellow card", "{n} yellow cards", n),
    "orange": lambda n: ngettext("{n} orange card", "{n} orange cards", n),
    "black": lambda n: ngettext("{n} black card", "{n} black cards", n),
    "red": lambda n: ngettext("{n} red card", "{n} red cards", n),
    "green": lambda n: ngettext("{n} green card", "{n} green cards", n),
    "locomotive": lambda n: ngettext("{n} locomotive", "{n} locomotives", n),
}


def colour_cards(n: int, colour: str) -> str:
    """``n`` cards of ``colour`` in words: ``1 red card``, ``3 red cards``, ``2 locomotives``.

    >>> colour_cards(1, "red"), colour_cards(3, "blue"), colour_cards(2, "locomotive")
    ('1 red card', '3 blue cards', '2 locomotives')
    """
    phrase = _CARDS.get(colour)
    return phrase(n).format(n=n) if phrase else plural(n, f"{colour} card")


_PAID: dict[str, Callable[[int], str]] = {
    "pink": lambda n: npgettext("cards", "{n} pink", "{n} pink", n),
    "white": lambda n: npgettext("cards", "{n} white", "{n} white", n),
    "blue": lambda n: npgettext("cards", "{n} blue", "{n} blue", n),
    "yellow": lambda n: npgettext("cards", "{n} yellow", "{n} yellow", n),
    "orange": lambda n: npgettext("cards", "{n} orange", "{n} orange", n),
    "black": lambda n: npgettext("cards", "{n} black", "{n} black", n),
    "red": lambda n: npgettext("cards", "{n} red", "{n} red", n),
    "green": lambda n: npgettext("cards", "{n} green", "{n} green", n),
}


def colour_count(n: int, colour: str) -> str:
    """``n`` cards of ``colour`` as a payment lists them: ``2 red``, ``1 locomotive``.

    >>> colour_count(2, "red"), colour_count(1, "locomotive")
    ('2 red', '1 locomotive')
    """
    phrase = _PAID.get(colour)
    return phrase(n).format(n=n) if phrase else colour_cards(n, colour) if colour in _CARDS else f"{n} {colour}"


_SPACES: dict[str, Callable[[int], str]] = {
    "pink": lambda n: npgettext("route", "{n} pink", "{n} pink", n),
    "white": lambda n: npgettext("route", "{n} white", "{n} white", n),
    "blue": lambda n: npgettext("route", "{n} blue", "{n} blue", n),
    "yellow": lambda n: npgettext("route", "{n} yellow", "{n} yellow", n),
    "orange": lambda n: npgettext("route", "{n} orange", "{n} orange", n),
    "black": lambda n: npgettext("route", "{n} black", "{n} black", n),
    "red": lambda n: npgettext("route", "{n} red", "{n} red", n),
    "green": lambda n: npgettext("route", "{n} green", "{n} green", n),
    "gray": lambda n: npgettext("route", "{n} gray", "{n} gray", n),
}


def route_spaces(n: int, colour: str) -> str:
    """A route's length and colour as its name gives them: ``3 orange`` (Swedish
    ``3 orange rutor``).

    >>> route_spaces(3, "orange")
    '3 orange'
    """
    phrase = _SPACES.get(colour)
    return phrase(n).format(n=n) if phrase else f"{n} {colour}"


def listing(items: Iterable[str]) -> str:
    """Items joined as a list in the language spoken now: ``a, b, c`` in English, with the
    Arabic comma in Persian (``a، b، c``). Every list a learner or a teacher reads goes
    through here (``tests/test_list_separators.py`` holds the few ``", ".join`` left: code).

    >>> listing(["2 red", "1 locomotive"]), listing([])
    ('2 red, 1 locomotive', '')
    >>> from .i18n import speaking
    >>> with speaking("fa"):
    ...     listing(["a", "b", "c"])
    'a، b، c'
    """
    return gettext(", ").join(items)


def clauses(items: Iterable[str]) -> str:
    """Clauses (items that hold commas themselves) joined in the language spoken now:
    ``a; b`` in English, ``a؛ b`` in Persian.

    >>> clauses(["Denver, Omaha", "Paris"])
    'Denver, Omaha; Paris'
    """
    return gettext("; ").join(items)
