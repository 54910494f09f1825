"""Small helpers for the sentences the engine and the lessons write."""


def plural(n: int, word: str, many: str | None = None) -> str:
    """``n`` followed by ``word`` in the right number.

    >>> plural(1, "train"), plural(3, "train"), plural(2, "city", "cities")
    ('1 train', '3 trains', '2 cities')
    """
    return f"{n} {word if n == 1 else (many or word + 's')}"
