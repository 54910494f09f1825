"""How deeply data read from outside nests its lists and dicts: a file, a bot's answer.

Measured without recursion, so data nested too deeply for Python's own recursion (a line of
100,000 ``[``) is measured too.
"""
from __future__ import annotations


def nested_deeper(data: object, most: int) -> bool:
    """True if ``data`` nests lists and dicts more than ``most`` levels deep (walked without
    recursion: data too deep for Python's own recursion is measured too).

    >>> nested_deeper({"a": [1]}, 2), nested_deeper([[[]]], 2)
    (False, True)
    """
    stack = [(data, 1)]
    while stack:
        x, depth = stack.pop()
        if depth > most:
            return True
        if isinstance(x, dict):
            stack.extend((v, depth + 1) for v in x.values() if isinstance(v, (dict, list)))
        elif isinstance(x, list):
            stack.extend((v, depth + 1) for v in x if isinstance(v, (dict, list)))
    return False
