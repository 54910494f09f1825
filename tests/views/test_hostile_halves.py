"""The side of the board a position file names for a gray half (engine.position.half_side)
is where the board draws it: the twin's row lies above, below, left or right of it."""
import pytest

from ttr_teach import load_map
from ttr_teach.engine.position import half_side
from ttr_teach.views.geometry import board_geometry
from ttr_teach.views.widgets.sentences import route_label


@pytest.mark.parametrize("map_name", ["europe", "usa"])
def test_rule_the_named_side_is_where_the_board_draws_the_half(map_name):
    m = load_map(map_name)
    rows = board_geometry(m).rows
    checked = 0
    for r in m.routes:
        twin = m.partner(r)
        side = half_side(m, r)
        if twin is None or twin.color != r.color:
            assert side is None
            continue
        (x0, y0), (x1, y1) = rows[r.index].middle, rows[twin.index].middle
        drawn = ("upper" if y0 < y1 else "lower") if abs(y1 - y0) >= abs(x1 - x0) else \
            ("left" if x0 < x1 else "right")
        assert side == drawn, (str(r), side, drawn)
        assert route_label(m, r).endswith(f"({side} {r.color})")    # the sandbox says the same word
        checked += 1
    assert checked == {"europe": 4, "usa": 20}[map_name]
