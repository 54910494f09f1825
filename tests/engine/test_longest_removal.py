"""Search 2 of the longest route (fact 10 of ttr_teach.engine.longest), piece by piece: the
bound and the split of RemovalSearch tested alone, on hand-worked networks and against
brute force over route subsets."""
import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from ttr_teach.engine.longest.reductions import bits
from ttr_teach.engine.longest.removal import Part, RemovalSearch


def reduced(edges):
    """Edges ``(u, v, length)`` on cities 0..n-1 as reduced edges (no original steps)."""
    return [(u, v, w, [(i, u, v)]) for i, (u, v, w) in enumerate(edges)]


def heaviest_trail(edges, allowed, ends, all_odd):
    """Independent of the package: the heaviest connected subset of the routes ``allowed``
    (bits) whose odd cities are at most two, include the cities ``ends`` (bits), and are
    odd cities of the whole network (``all_odd``), as the search's states promise (facts 1
    and 3)."""
    best = 0
    routes = list(bits(allowed))
    for k in range(1, len(routes) + 1):
        for chosen in itertools.combinations(routes, k):
            degree, adjacent = {}, {}
            for r in chosen:
                u, v, _ = edges[r]
                degree[u] = degree.get(u, 0) + 1
                degree[v] = degree.get(v, 0) + 1
                adjacent.setdefault(u, set()).add(v)
                adjacent.setdefault(v, set()).add(u)
            odd = {c for c, d in degree.items() if d % 2}
            if len(odd) > 2 or any(not all_odd >> c & 1 for c in odd):
                continue
            if any(ends >> c & 1 and c not in odd for c in range(64)):
                continue
            first = next(iter(degree))
            seen, todo = {first}, [first]
            while todo:
                for b in adjacent[todo.pop()] - seen:
                    seen.add(b)
                    todo.append(b)
            if seen == set(degree):
                best = max(best, sum(edges[r][2] for r in chosen))
    return best


# -- the bound -------------------------------------------------------------------------------
def test_bound_of_a_star_takes_the_two_longest_arms_exactly():
    # arms 5, 4, 3, 1: two arms must go, each making the centre odd again: 13 - (4 + 4) / 2
    search = RemovalSearch(5, reduced([(0, 1, 5), (0, 2, 4), (0, 3, 3), (0, 4, 1)]))
    assert search.bound(search.whole(), 0) == 9 == search.run()[0]


def test_bound_of_k4_leaves_out_the_lightest_route():
    k4 = [(0, 1, 1), (0, 2, 2), (0, 3, 3), (1, 2, 4), (1, 3, 5), (2, 3, 6)]
    search = RemovalSearch(4, reduced(k4))
    assert search.bound(search.whole(), 0) == 20 == search.run()[0]


def test_bound_with_both_ends_chosen_makes_every_other_odd_city_pay():
    # a path 0-1-2-3 (2, 2, 3) with spokes 1-4 (2) and 2-5 (3): ends 0 and 3 chosen, so 1,
    # 2, 4 and 5 must each lose a route, at least 2, 2, 2 and 3, and a route lost serves two
    # of them at most: 12 - ceil(9 / 2) = 7, the path 0-1-2-3 itself
    path = [(0, 1, 2), (1, 2, 2), (2, 3, 3), (1, 4, 2), (2, 5, 3)]
    search = RemovalSearch(6, reduced(path))
    assert search.bound(search.whole(), 1 << 0 | 1 << 3) == 7


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5), st.integers(1, 6)), min_size=1,
                max_size=8).map(lambda es: [e for e in es if e[0] != e[1]]).filter(bool),
       st.integers(0, 63))
def test_bound_is_never_below_the_best_trail_it_bounds(edges, ends_wanted):
    search = RemovalSearch(6, reduced(edges))
    for x in range(6):                       # each connected part of the network
        part = search.piece((1 << len(edges)) - 1, x)
        if not part.edges:
            continue
        ends = ends_wanted & part.cities & search.ends_allowed
        while ends.bit_count() > 2:
            ends &= ends - 1
        best = heaviest_trail(edges, part.edges, ends, search.ends_allowed)
        assert search.bound(part, ends) >= best


# -- the split -------------------------------------------------------------------------------
def square_with_tail():
    # square 0-1-2-3-0 (1 each) and a tail 0-4 (2)
    return RemovalSearch(5, reduced([(0, 1, 1), (1, 2, 1), (2, 3, 1), (3, 0, 1), (0, 4, 2)]))


def test_split_of_a_dead_end_keeps_one_part_without_its_city():
    search = square_with_tail()
    (part,) = search.split(search.whole(), 1 << 4, 0, 4, 2)
    assert part.edges == 0b1111 and not part.cities >> 4 & 1
    assert (part.total, sorted(part.odd)) == (4, [])


def test_split_of_a_route_on_a_cycle_keeps_one_part_and_flips_two_parities():
    search = square_with_tail()
    (part,) = search.split(search.whole(), 1 << 0, 0, 1, 1)
    assert part.edges == 0b11110 and part.total == 5
    assert sorted(part.odd) == [1, 4]        # 0 even now, 1 odd, 4 still odd


def test_split_of_a_bridge_gives_two_parts():
    search = square_with_tail()
    (part,) = search.split(search.whole(), 1 << 0, 0, 1, 1)
    parts = search.split(part, 1 << 3, 3, 0, 1)
    assert sorted((p.total, p.edges) for p in parts) == [(2, 0b00110), (2, 0b10000)]


def test_split_is_remembered_per_set_of_routes_left():
    search = square_with_tail()
    first = search.split(search.whole(), 1 << 4, 0, 4, 2)
    assert search.split(search.whole(), 1 << 4, 0, 4, 2) is first


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 6), st.integers(0, 6), st.integers(1, 6)), min_size=1,
                max_size=9).map(lambda es: [e for e in es if e[0] != e[1]]).filter(bool),
       st.integers(0, 8))
def test_split_parts_are_the_connected_pieces_of_what_is_left(edges, which):
    search = RemovalSearch(7, reduced(edges))
    whole = search.piece((1 << len(edges)) - 1, edges[0][0])
    routes = list(bits(whole.edges))
    gone = routes[which % len(routes)]
    x, y, w = edges[gone]
    parts = search.split(whole, 1 << gone, x, y, w)
    rest = whole.edges ^ 1 << gone
    assert sum(p.edges for p in parts) == rest                       # disjoint, all of it
    assert sum(p.total for p in parts) == whole.total - w
    for p in parts:
        assert isinstance(p, Part) and p.edges
        again = search.piece(rest, next(bits(p.cities)))             # connected, whole
        assert (again.edges, again.cities, again.total) == (p.edges, p.cities, p.total)
        assert sorted(again.odd) == sorted(p.odd)
