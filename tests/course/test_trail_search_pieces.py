"""Lesson 5's teaching search (``trail_search``) on networks in several pieces: every
combination of its speed-ups gives the longest trail, checked against a brute force over
route subsets (independent of the package) and the engine's ``longest_route_length``.

The "odd starts" rule holds piece by piece: in a piece with odd cities every longest trail
of that piece ends at two of them; a piece without odd cities (a loop of routes) still needs
one start. Applied to the whole network at once it misses such a piece.
"""
import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from ttr_teach.course.lessons import graphs as L
from ttr_teach.engine.longest import longest_route_length

from ..engine.test_longest import brute_force_by_subsets

EVERY_COMBINATION = [c for k in range(len(L.SPEEDUPS) + 1) for c in itertools.combinations(L.SPEEDUPS, k)]


def assert_every_combination_finds(edges, expected):
    assert brute_force_by_subsets(edges) == expected
    assert longest_route_length(edges) == expected
    for speedups in EVERY_COMBINATION:
        assert L.trail_search(edges, speedups)["length"] == expected, speedups


def test_a_triangle_and_a_separate_route_the_triangle_wins_though_it_has_no_odd_city():
    # the triangle: 3 x 10 = 30 trains, all even; the lone route D-E: 1 train, D and E odd
    edges = [("A", "B", 10), ("B", "C", 10), ("C", "A", 10), ("D", "E", 1)]
    assert L.odd_cities(edges) == ["D", "E"]
    assert L.trail_starts(edges) == ["A", "D", "E"]     # one start for the even triangle
    assert_every_combination_finds(edges, 30)


def test_two_separate_triangles_each_piece_gets_a_start():
    # two triangles of 10-train routes, no odd city anywhere: 30 either way
    edges = [("A", "B", 10), ("B", "C", 10), ("C", "A", 10),
             ("D", "E", 10), ("E", "F", 10), ("F", "D", 10)]
    assert L.trail_starts(edges) == ["A", "D"]
    assert_every_combination_finds(edges, 30)


def test_a_piece_with_odd_cities_next_to_a_heavier_even_loop():
    # a star X-A 2, X-B 3, X-C 4 (trail 3 + 4 = 7) and a loop of one 8-train route at Y
    edges = [("X", "A", 2), ("X", "B", 3), ("X", "C", 4), ("Y", "Y", 8)]
    assert L.trail_starts(edges) == ["A", "B", "C", "X", "Y"]
    assert_every_combination_finds(edges, 8)


# Up to three pieces on disjoint cities, each a small multigraph (loops and parallel routes
# allowed); a piece may itself fall apart, which only adds pieces.
piece = st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(1, 9)), min_size=1, max_size=4)
networks = st.lists(piece, min_size=2, max_size=3).map(
    lambda pieces: [(f"{i}{a}", f"{i}{b}", w) for i, p in enumerate(pieces) for a, b, w in p])


@settings(max_examples=80, deadline=None)
@given(networks)
def test_every_speed_up_combination_matches_brute_force_on_networks_in_pieces(edges):
    assert_every_combination_finds(edges, brute_force_by_subsets(edges))
