"""The committed reference pictures of tests/test_svg.py, and how to regenerate them.

When the drawing is changed on purpose (or the scores in a legend change), regenerate and
look at the new pictures before committing them::

    .venv/bin/python tests/views/regen_svgs.py

``test_reference_svgs_are_unchanged`` compares ``board_svg`` with these files byte for byte.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent / "reference_svgs"


def _late_game():
    return json.loads((HERE / "late_game_europe.json").read_text(encoding="utf-8"))


#: file name -> (what to draw, keyword arguments of board_svg)
CASES = {
    "empty_europe.svg": (lambda: "europe", {}),
    "empty_usa.svg": (lambda: "usa", {}),
    "late_game_europe.svg": (_late_game, {"highlight": [
        {"longest": "Ann"},
        {"ticket": ["Amsterdam", "Pamplona"]},
        {"routes": [["Paris", "Frankfurt"]], "cities": ["Wien"], "label": "a lesson points here"},
        {"player": "Eve", "color": "#00a383"},
    ]}),
}


def render(name: str) -> str:
    from ttr_teach.views.svg import board_svg

    source, kwargs = CASES[name]
    return board_svg(source(), **kwargs)


def main() -> int:
    sys.path.insert(0, str(HERE.parents[2]))
    for name in CASES:
        (HERE / name).write_text(render(name), encoding="utf-8")
        print(f"wrote {HERE / name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
