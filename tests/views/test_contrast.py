"""Text reads on its background (WCAG AA, 4.5:1; axe-core's color-contrast rule): every
player's chip, in the sandbox's and the game's tables."""
from __future__ import annotations

import re

import pytest

from ttr_teach.views.contrast import MIN_TEXT_CONTRAST, contrast_ratio, readable_ink
from ttr_teach.views.style import PLAYER_FILLS
from ttr_teach.views.widgets.panel_html import player_chip


@pytest.mark.parametrize("color", list(PLAYER_FILLS))
def test_every_players_chip_reads_on_its_colour(color):
    chip = player_chip("Ann", color)
    fill = re.search(r"background:(#[0-9a-fA-F]{6})", chip).group(1)
    ink = re.search(r";color:(#[0-9a-fA-F]{6})", chip).group(1)
    assert contrast_ratio(ink, fill) >= MIN_TEXT_CONTRAST, (color, fill, ink)


def test_a_fill_too_light_for_white_gets_the_dark_ink():
    assert readable_ink("#2e9e4f") == "#1a1a1a" and readable_ink("#0b3b8f") == "#ffffff"
    assert contrast_ratio("#ffffff", "#2e9e4f") < MIN_TEXT_CONTRAST < contrast_ratio("#1a1a1a", "#2e9e4f")
