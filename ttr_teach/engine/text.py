"""Small helpers for the sentences the engine and the lessons write."""


def plural(n: int, word: str, many: str | None = None) -> str:
    """``n`` followed by ``word`` in the right number.

    >>> plural(1, "train"), plural(3, "train"), plural(2, "city", "cities")
    ('1 train', '3 trains', '2 cities')
    """
    return f"{n} {word if n == 1 else (many or word + 's')}"


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
