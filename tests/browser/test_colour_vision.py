"""The board under Chromium's emulated colour-vision deficiencies (issue 24): with protanopia,
deuteranopia, tritanopia and achromatopsia (no colour at all), a claimed route is still told
from a printed one by its dark bar, each owner by the shape on their cars, and each route
colour by its letter. Hue is never compared: the checks read only light and dark.

The emulation is Chromium's own (the DevTools protocol's
``Emulation.setEmulatedVisionDeficiency``); a screenshot shows the page as such a reader sees
it. The pixels are read back in a page without emulation (a canvas), so no imaging library is
needed.
"""
from __future__ import annotations

import base64
import itertools

import numpy as np
import pytest

from ttr_teach.engine.maps import load_map
from ttr_teach.engine.position import PLAYER_COLORS
from ttr_teach.engine.rules import COLORS
from ttr_teach.views.geometry import board_geometry
from ttr_teach.views.svg import MARGIN, board_svg

DEFICIENCIES = ("none", "protanopia", "deuteranopia", "tritanopia", "achromatopsia")
#: Screen pixels per board unit: the shapes are a few units wide.
SCALE = 3
#: The route every owner claims in turn (nearly level, so a car's inside is a plain box).
ROUTE = ("Marseille", "Pamplona", "red")

MAP = load_map("europe")
GEO = board_geometry(MAP)
X0 = int(np.floor(min(0, GEO.bounds[0]) - MARGIN))
Y0 = int(np.floor(min(0, GEO.bounds[1]) - MARGIN))


def _owned_by(color: str | None) -> dict:
    """A position where a player of ``color`` owns ROUTE (None: nobody owns it)."""
    mine = color or PLAYER_COLORS[0]
    other = next(c for c in PLAYER_COLORS if c != mine)
    routes = [list(ROUTE)] if color else []
    return {"map": "europe", "players": [{"name": "Ann", "color": mine, "routes": routes},
                                         {"name": "Bo", "color": other}]}


def _page_html(position) -> str:
    return f"<html><body style='margin:0;background:#fff'>{board_svg(position, legend=False)}</body></html>"


READ_PIXELS = """async (b64) => {
    const img = new Image();
    img.src = 'data:image/png;base64,' + b64;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width; c.height = img.height;
    const ctx = c.getContext('2d');
    ctx.drawImage(img, 0, 0);
    return [img.width, img.height, Array.from(ctx.getImageData(0, 0, img.width, img.height).data)];
}"""


@pytest.fixture(scope="module")
def shots(browser):
    """``{(deficiency, owner colour or None): (rgb image of ROUTE's car 0, of the gap after it)}``
    as numpy arrays, read from screenshots taken under each emulated deficiency."""
    context = browser.new_context(viewport={"width": 1300, "height": 900}, device_scale_factor=SCALE)
    page, reader = context.new_page(), context.new_page()
    cdp = context.new_cdp_session(page)
    route = MAP.route(*ROUTE)
    row = GEO.rows[route.index]

    def box(u, v, half_u, half_v):
        x, y = row.to_board(u, v)
        return {"x": x - X0 - half_u, "y": y - Y0 - half_v, "width": 2 * half_u, "height": 2 * half_v}

    car = box(0.5 * row.pitch, 0, row.space_length / 2 - 2.5, row.width / 2 - 1.2)   # inside the outline
    gap = box(row.pitch, 0, 0.6, 0.6)

    def grab(clip):
        png = page.screenshot(clip=clip)
        w, h, data = reader.evaluate(READ_PIXELS, base64.b64encode(png).decode())
        return np.array(data, dtype=float).reshape(h, w, 4)[:, :, :3]

    out = {}
    try:
        for color in (None, *PLAYER_COLORS):
            page.set_content(_page_html(_owned_by(color)))
            for deficiency in DEFICIENCIES:
                cdp.send("Emulation.setEmulatedVisionDeficiency", {"type": deficiency})
                out[deficiency, color] = (grab(car), grab(gap))
            cdp.send("Emulation.setEmulatedVisionDeficiency", {"type": "none"})
        yield out
    finally:
        context.close()


def lightness(rgb) -> np.ndarray:
    return rgb @ np.array([0.2126, 0.7152, 0.0722])


def marks(rgb) -> np.ndarray:
    """Where a car's picture departs from its fill: pixels far in lightness from the
    commonest lightness of the box (the fill), whatever its hue."""
    light = lightness(rgb)
    fill = np.median(light)
    return np.abs(light - fill) > 60


def test_the_emulation_is_applied(shots):
    """Under achromatopsia the screenshot has no colour left (so the emulation is on)."""
    car, _ = shots["achromatopsia", "red"]
    assert np.ptp(car, axis=2).max() < 12
    plain, _ = shots["none", "red"]
    assert np.ptp(plain, axis=2).max() > 60


@pytest.mark.parametrize("deficiency", DEFICIENCIES)
def test_a_claimed_route_is_a_dark_bar_where_a_printed_one_shows_the_map(shots, deficiency):
    _, printed_gap = shots[deficiency, None]
    assert lightness(printed_gap).mean() > 150
    for color in PLAYER_COLORS:
        _, gap = shots[deficiency, color]
        assert lightness(gap).mean() < 60, color


@pytest.mark.parametrize("deficiency", DEFICIENCIES)
def test_each_owner_and_the_printed_route_stay_apart_by_their_marks(shots, deficiency):
    """The light-and-dark pattern on a car (the owner's shape, or the printed route's letter)
    differs between every two owners and from the printed route, as a shape: at least 15 % of
    the marked pixels differ (the closest pair, a circle and a square, differ by their corners,
    18-21 %; any other pair by more)."""
    patterns = {color: marks(shots[deficiency, color][0]) for color in (None, *PLAYER_COLORS)}
    for color, mask in patterns.items():
        assert 0.04 < mask.mean() < 0.6, (color, mask.mean())
    for (a, ma), (b, mb) in itertools.combinations(patterns.items(), 2):
        differ = np.logical_xor(ma, mb).sum() / np.logical_or(ma, mb).sum()
        assert differ > 0.15, (a, b, differ)


@pytest.fixture(scope="module")
def letter_shots(browser):
    """``{(deficiency, route colour): rgb image of the first space of a route of that colour}``."""
    context = browser.new_context(viewport={"width": 1300, "height": 900}, device_scale_factor=SCALE)
    page, reader = context.new_page(), context.new_page()
    cdp = context.new_cdp_session(page)
    page.set_content(_page_html("europe"))
    out = {}
    try:
        for deficiency in DEFICIENCIES:
            cdp.send("Emulation.setEmulatedVisionDeficiency", {"type": deficiency})
            for color in COLORS:
                route = next(r for r in MAP.routes if r.color == color and not r.locomotives)
                row = GEO.rows[route.index]
                x, y = row.to_board(0.5 * row.pitch, 0)
                half = row.width / 2 - 1.6
                png = page.screenshot(clip={"x": x - X0 - half, "y": y - Y0 - half, "width": 2 * half,
                                            "height": 2 * half})
                w, h, data = reader.evaluate(READ_PIXELS, base64.b64encode(png).decode())
                out[deficiency, color] = np.array(data, dtype=float).reshape(h, w, 4)[:, :, :3]
        yield out
    finally:
        context.close()


@pytest.mark.parametrize("deficiency", DEFICIENCIES)
def test_every_route_colour_shows_its_letter_in_light_and_dark(letter_shots, deficiency):
    for color in COLORS:
        ink = marks(letter_shots[deficiency, color])
        assert 0.05 < ink.mean() < 0.6, (color, ink.mean())
