"""The boards of the rule lessons show what the lesson has taught: before final scoring (lesson
09) a legend counts route points only, as the score track does during a game."""
from __future__ import annotations

import re

from ttr_teach.course.lessons import doubles, tunnels


def legend_lines(svg: str) -> list:
    return re.findall(r"\): ([^<]*)</text>", svg)


def test_a_double_route_board_counts_route_points_not_unbuilt_stations():
    # Rule: route points are scored as a route is claimed; unbuilt stations count only at the end.
    demo = doubles.double_route_demo(("Berlin", "Frankfurt"), players=3, owner=0, asker=1)
    lines = legend_lines(demo.svg())
    assert lines[0].startswith("4 route points") and lines[1].startswith("0 route points")
    assert not any("12 points" in line for line in lines)


def test_a_tunnel_board_counts_the_tunnels_route_points_only():
    # Rule: a claimed 3-train tunnel scores 4 route points (the scoring table); the final count
    # (+12 for three unbuilt stations, +10 for the longest route) is not shown before lesson 09.
    model = tunnels.TunnelModel(route=("Madrid", "Pamplona", "black"))
    assert legend_lines(model.svg())[0].startswith("0 route points")
    model.claim(0)
    if model.pay_choices():
        model.pay(0)
    you = legend_lines(model.svg())[0]
    assert you.startswith("4 route points") and "26" not in you
