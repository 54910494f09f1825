"""Claims the graph lessons make in prose, checked: each number a lesson argues from is
computed by the package, and the comparison the prose draws holds."""
import networkx as nx

from ttr_teach.algorithms.best_score_model import Instance, Separator
from ttr_teach.algorithms.graphs import map_graph
from ttr_teach.course.lessons import graphs as L
from ttr_teach.course.lessons.graphs import best_score
from ttr_teach.engine.maps import load_map


def test_the_approximate_tree_is_within_twice_the_best_tree_but_not_the_best_forest():
    # lesson 4: Erzurum–Rostov + Edinburgh–Paris: forest 12 (two separate paths), exact tree 31
    # (it must also join Edinburgh to the Black Sea), approximate tree 32
    far, crossing = L.approximation_ratios("europe", {
        "far apart": [("Erzurum", "Rostov"), ("Edinburgh", "Paris")],
        "crossing": [("Constantinople", "Venezia"), ("Berlin", "Moskva")]}).rows
    assert (far["forest"], far["tree"], far["approximate"]) == (12, 31, 32)
    assert far["x forest"] == round(32 / 12, 2) > 2 >= far["x tree"]
    assert (crossing["forest"], crossing["tree"], crossing["approximate"]) == (22, 24, 29)
    assert crossing["x tree"] == round(29 / 24, 2)


def count_sets_within(lengths, budget) -> int:
    """Sets of items whose lengths add up to at most ``budget``, by plain recursion."""
    if not lengths:
        return 1
    first, rest = lengths[0], lengths[1:]
    return count_sets_within(rest, budget) + (count_sets_within(rest, budget - first) if first <= budget else 0)


def test_route_sets_within_a_budget_are_counted_exactly_and_are_far_too_many_to_try():
    # lesson 7's opening: the count by dynamic programming against a plain recursion at small
    # budgets; at 45 trains checking them all at a billion a second takes years in Europe
    for trains in (3, 5):
        for row in best_score.route_set_counts(trains).rows:
            m = load_map(row["map"])
            lengths = sorted({tuple(sorted((r.a, r.b))): r.length for r in m.routes}.values(), reverse=True)
            assert row["sets"] == count_sets_within(lengths, trains)
    europe, usa = best_score.route_set_counts(45).rows
    assert europe["sets"] > 10 ** 17 and europe["years to check them all"] > 1
    assert usa["years to check them all"] > 1 / 12


def test_directed_cuts_alone_accept_a_ticket_split_over_two_rooted_pieces():
    # lesson 7: Budapest–Sofia with one piece rooted at Budapest (Budapest–Wien) and another
    # rooted at Athina (Athina–Sofia): every set holding Budapest holds a root, every set
    # holding Sofia holds Athina or is entered on the way from it; only the undirected cut
    # around Budapest's piece, crossed by no route, rejects the ticket
    m = load_map("europe")
    d = dict(nx.all_pairs_dijkstra_path_length(map_graph(m)))
    inst = Instance.build(m, 45, False, lambda a, b: d[a][b])
    k = next(k for k, t in enumerate(inst.tickets) if set(t[3].cities) == {"Budapest", "Sofia"})
    a = [0.0] * len(inst.arcs)
    for u, v in (("Budapest", "Wien"), ("Athina", "Sofia")):
        a[inst.arcs.index((inst.index[u], inst.index[v]))] = 1.0
    r = {u: 0.0 for u in inst.roots}
    r[inst.index["Budapest"]] = r[inst.index["Athina"]] = 1.0
    y = [0.0] * len(inst.tickets)
    y[k] = 1.0
    early = {u for u in inst.roots if u <= inst.tickets[k][0]}      # L_k: roots the ticket allows
    assert {inst.index["Budapest"], inst.index["Athina"]} <= early
    cuts = Separator(inst).cuts(a, r, y)
    assert len(cuts) == 1
    ticket, arcs, roots = cuts[0]
    assert ticket == k and roots == []
    assert {i ^ 1 for i in arcs} == set(arcs)       # both directions of every pair: an undirected cut
    side = {inst.index["Budapest"], inst.index["Wien"]}
    assert all((u in side) != (v in side) for u, v in (inst.arcs[i] for i in arcs))
