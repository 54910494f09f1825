"""Text that can be read on its background: the WCAG contrast ratio of two colours, and the
ink (of those offered) that reads best on a fill.

WCAG asks for 4.5:1 between text and its background (3:1 for large text): white on a mid
green is under it, dark text on it over.

>>> round(contrast_ratio("#ffffff", "#000000"), 1)
21.0
>>> readable_ink("#2e9e4f")            # white reads at 3.4:1 only, the dark ink at 5.1:1
'#1a1a1a'
>>> readable_ink("#1f4fbf")
'#ffffff'
"""
from __future__ import annotations

#: The contrast WCAG asks of normal text (AA).
MIN_TEXT_CONTRAST = 4.5
#: The inks text is written in: white, and an ink nearly black.
LIGHT_INK, DARK_INK = "#ffffff", "#1a1a1a"


def _channel(c: float) -> float:
    return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4


def luminance(color: str) -> float:
    """The relative luminance of a ``#rrggbb`` colour (0 black, 1 white)."""
    h = color.lstrip("#")
    r, g, b = (int(h[k:k + 2], 16) / 255 for k in (0, 2, 4))
    return 0.2126 * _channel(r) + 0.7152 * _channel(g) + 0.0722 * _channel(b)


def contrast_ratio(a: str, b: str) -> float:
    """The WCAG contrast ratio of two ``#rrggbb`` colours, from 1 (none) to 21."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def readable_ink(fill: str, preferred: str = LIGHT_INK) -> str:
    """``preferred`` if it reads on ``fill`` (:data:`MIN_TEXT_CONTRAST`), else whichever of
    white and the dark ink reads better."""
    if contrast_ratio(preferred, fill) >= MIN_TEXT_CONTRAST:
        return preferred
    return max((LIGHT_INK, DARK_INK), key=lambda ink: contrast_ratio(ink, fill))
