"""Lesson helpers of the graph-algorithm series: expected values are read off the printed maps
by hand (route lengths in the comments), never computed by the code under test."""
import random
import xml.etree.ElementTree as ET

import matplotlib
import networkx as nx
import pytest

matplotlib.use("Agg")

from ttr_teach.algorithms.graphs import map_graph  # noqa: E402
from ttr_teach.course.lessons import graphs as L  # noqa: E402
from ttr_teach.engine.errors import MapError  # noqa: E402
from ttr_teach.engine.maps import load_map  # noqa: E402

NS = "{http://www.w3.org/2000/svg}"


def marks(svg, cls):
    return ET.fromstring(svg).findall(f".//*[@class='{cls}']")


# -- tables and frames ---------------------------------------------------------------------------
def test_table_shows_rows_as_text_and_html():
    t = L.Table([{"city": "Paris", "share": 0.5}, {"city": "Wien", "share": 1 / 3}], caption="c")
    assert str(t).splitlines() == ["c", "city   share", "Paris  0.50", "Wien   0.33"]
    assert "<th>city</th>" in t._repr_html_() and "<td>0.33</td>" in t._repr_html_()


def test_frame_player_moves_the_board_with_its_stepper():
    frames = L.bfs_frames("europe", "Lisboa", "Barcelona")
    player = L.frame_player(frames, size=300)
    box = player.widget
    assert player._board.value == player.svg(0)
    player._stepper.next_button.click()        # what the learner does
    assert player.index == 1 and player._stepper.label.value == "step 2 of 6"
    player._stepper.value = 3                   # what the play button does
    assert player.index == 3 and player._board.value == player.svg(3)
    assert "step 3 of 4." in player._caption.value and "take Madrid" in player._caption.value
    player.show(0)
    assert player._stepper.value == 0 and player._stepper.previous_button.disabled
    assert box is player.widget


def test_frame_player_refuses_a_step_that_does_not_exist():
    player = L.frame_player(L.bfs_frames("europe", "Lisboa", "Cadiz"))
    with pytest.raises(MapError, match="no step 9"):
        player.show(9)
    with pytest.raises(MapError, match="nothing to animate"):
        L.frame_player([])


# -- lesson 1 ------------------------------------------------------------------------------------
def test_europe_has_47_cities_101_routes_and_11_double_routes():
    s = L.graph_summary("europe")
    assert (s["cities"], s["routes"], s["city pairs"], s["double routes"]) == (47, 101, 90, 11)
    assert s["connected"] is True


def test_usa_has_36_cities_100_routes_on_78_city_pairs():
    s = L.graph_summary("usa")
    assert (s["cities"], s["routes"], s["city pairs"], s["double routes"]) == (36, 100, 78, 22)


def test_neighbour_counts_cover_every_city_once():
    for name, cities in (("europe", 47), ("usa", 36)):
        for by in ("neighbours", "routes"):
            assert sum(L.neighbour_counts(name, by).values()) == cities
    # Edinburgh is the only city with one neighbour (London, by two routes)
    assert L.neighbour_counts("europe")[1] == 1
    assert 1 not in L.neighbour_counts("europe", "routes")
    with pytest.raises(MapError, match="'neighbours' or 'routes'"):
        L.neighbour_counts("europe", "trains")


def test_paris_is_the_hub_of_europe_with_its_seven_neighbours():
    row = L.hub_rows("europe", 1)[0]
    assert row["next to"] == ["Brest", "Bruxelles", "Dieppe", "Frankfurt", "Marseille", "Pamplona", "Zürich"]
    # Paris: 10 routes, so its highlight glows 10 routes and rings one city
    item = L.hubs_highlight("europe", 1)[0]
    assert len(item["routes"]) == 10 and item["cities"] == ["Paris"]


def test_a_single_city_cuts_europe_but_only_pairs_of_cities_cut_the_usa():
    assert L.city_cuts("europe") == [
        {"cities": ["London"], "pieces": [45, 1], "cut_off": ["Edinburgh"]},
        {"cities": ["Madrid"], "pieces": [44, 2], "cut_off": ["Cadiz", "Lisboa"]}]
    # Vancouver's only neighbours are Calgary and Seattle; Las Vegas's Los Angeles and Salt
    # Lake City; Boston's Montréal and New York.
    assert [(c["cities"], c["cut_off"]) for c in L.city_cuts("usa")] == [
        (["Calgary", "Seattle"], ["Vancouver"]), (["Los Angeles", "Salt Lake City"], ["Las Vegas"]),
        (["Montreal", "New York"], ["Boston"])]


def test_chokepoint_highlight_glows_the_bridge_and_rings_the_cut_cities():
    from ttr_teach.views.svg import board_svg

    svg = board_svg("europe", highlight=L.chokepoints_highlight("europe"))
    glow, = marks(svg, "highlight-routes")
    assert len(glow.get("data-routes").split()) == 2          # both Edinburgh–London routes
    assert sorted(c.get("data-city") for c in marks(svg, "highlight-city")) == ["London", "Madrid"]
    usa = L.chokepoints_highlight("usa")
    assert [h["label"] for h in usa][0] == "Calgary and Seattle cut off Vancouver"


def test_is_bridge_exercise_accepts_the_solution_and_refuses_a_degree_guess():
    ex = L.is_bridge_exercise()
    assert ex.judge(L.solution_is_bridge).correct
    assert "package's own functions" in ex.check(L.solution_is_bridge).message
    guess = ex.check(lambda g, a, b: g.degree(a) == 1 or g.degree(b) == 1)   # misses the middle of a path
    assert not guess.correct and "returned False, which is not right" in guess.message
    assert "True" not in guess.message       # never what it should have returned


def test_is_bridge_checker_survives_a_function_that_breaks_the_graph():
    ex = L.is_bridge_exercise()

    def destructive(graph, a, b):
        graph.remove_edge(a, b) if graph.has_edge(a, b) else None
        return not nx.has_path(graph, a, b) if a in graph and b in graph else False

    assert ex.check(destructive).correct and ex.check(destructive).correct
    assert ex.cases[0][0].has_edge("Edinburgh", "London")


# -- lesson 2 ------------------------------------------------------------------------------------
def test_example_network_is_a_legal_29_train_network():
    from ttr_teach.engine.position import Position

    net = L.example_network()
    # 3+3+2+3+3+2+4+1+3+2+3 = 29 trains
    assert sum(r.length for r in net["routes"]) == 29
    frames = L.union_find_frames(**net)
    Position.from_dict(frames[-1]["board"])  # every route claimable by one player


def test_union_find_frames_grow_two_groups_and_check_the_tickets():
    frames = L.union_find_frames(**L.example_network())
    assert len(frames) == 1 + 11 + 3 + 1       # start, claims, tickets, one more find
    assert frames[0]["highlight"] == []
    # after Pamplona–Paris (step 7) the Iberian group (3) joins the Paris group (4)
    assert "group of 7" in frames[7]["message"]
    assert "already connected" in frames[10]["message"]      # München–Zürich closes a loop
    groups = [h for h in frames[11]["highlight"] if h.get("label", "").startswith("group")]
    assert sorted(h["label"].split(": ")[1] for h in groups) == ["3 cities", "9 cities"]
    verdicts = [f["message"].rsplit(": ", 1)[1] for f in frames[-4:-1]]
    assert verdicts == ["completed", "completed", "not completed"]


def test_union_find_frames_show_the_parent_pointers_a_union_and_a_path_compression():
    from ttr_teach.course.lessons.graphs.forest import forest_svg

    frames = L.union_find_frames(**L.example_network())
    # step 7: the smaller group's leader (Madrid) now points at the larger one's (Frankfurt)
    union = frames[7]["forest"]
    assert union["moved"] == {"Madrid": ("Madrid", "Frankfurt")} and union["unions"] == ("Madrid",)
    assert union["parent"]["Pamplona"] == "Madrid"          # two pointers below its leader
    # the last frame: find(Pamplona) follows Pamplona -> Madrid -> Frankfurt and compresses
    last = frames[-1]["forest"]
    assert last["moved"] == {"Pamplona": ("Madrid", "Frankfurt")} and last["unions"] == ()
    assert "path compression: Pamplona now points straight at Frankfurt" in frames[-1]["message"]
    svg = forest_svg(last["parent"], last["names"], last["moved"], last["unions"])
    assert svg.count("<line") == 8 + 2          # one arrow per city below a leader (groups of 9 and 3)
    assert "#d84315" in svg and "München" in svg       # the compressed pointer in orange; board names
    player = L.frame_player(frames)
    assert "Parent pointers" in player.forest(7) and "<svg" in player.forest(7)


def test_a_group_keeps_its_colour_while_it_grows():
    frames = L.union_find_frames(**L.example_network())

    def colour_of_group_with(frame, city):
        return next(h["color"] for h in frame["highlight"]
                    if h.get("label", "").startswith("group") and city in str(h))

    # the Paris–Frankfurt group is led by Frankfurt from step 1 to the end
    colours = {colour_of_group_with(f, "Frankfurt") for f in frames[1:]}
    assert len(colours) == 1


def test_union_find_frames_draw_the_claimed_trains_and_the_incomplete_ticket():
    frames = L.union_find_frames(**L.example_network())
    svg = L.draw_frame(frames[-2])           # the last ticket's frame
    owned = [g for g in ET.fromstring(svg).iter(f"{NS}g") if g.get("data-owner") == "you"]
    assert len(owned) == 11
    assert len(marks(svg, "highlight-dashed")) == 1          # Budapest–Sofia, not completed


def test_bfs_frames_badge_each_city_with_its_routes_from_the_start():
    frames = L.bfs_frames("europe", "Lisboa", "Barcelona")
    # Lisboa's neighbours are Cádiz and Madrid (1 route); Barcelona is next to Madrid (2)
    last_search = frames[-2]
    done = next(h for h in last_search["highlight"] if h["color"] == L.DONE_COLOR)["city_badges"]
    assert done == {"Lisboa": 0, "Cadiz": 1, "Madrid": 1, "Barcelona": 2}
    assert frames[-1]["message"].startswith("fewest routes from Lisboa to Barcelona: 2")


def test_is_connected_exercise_accepts_a_search_and_refuses_direct_routes_only():
    ex = L.is_connected_exercise()
    assert ex.judge(L.solution_is_connected).correct
    assert "package's own functions" in ex.check(L.solution_is_connected).message
    direct = ex.check(lambda routes, a, b: any({a, b} == {r[0], r[1]} for r in routes))
    assert not direct.correct


def test_reference_is_connected_knows_cities_that_have_no_route():
    assert L.reference_is_connected([], "Paris", "Paris")
    assert not L.reference_is_connected([("Paris", "Dieppe", 1)], "Paris", "Wien")


# -- lesson 3 ------------------------------------------------------------------------------------
def test_dijkstra_frames_settle_palermo_brindisi_roma_in_order():
    frames = L.dijkstra_frames("europe", "Palermo", "Roma")
    # Palermo–Brindisi 3, Palermo–Roma 4: Brindisi is settled before Roma
    settled = next(h for h in frames[-2]["highlight"] if h["color"] == L.DONE_COLOR)["city_badges"]
    assert settled == {"Palermo": 0, "Brindisi": 3, "Roma": 4}
    assert frames[-1]["message"] == "fewest trains from Palermo to Roma: 4 (Palermo – Roma)"
    svg = L.draw_frame(frames[1])
    texts = {b.get("data-city"): "".join(b.itertext()) for b in marks(svg, "highlight-city-badge")}
    assert texts["Brindisi"] == "3"


def test_the_fewest_routes_are_not_the_fewest_trains_from_budapest_to_stockholm():
    d = L.fewest_routes_vs_fewest_trains("europe", "Budapest", "Stockholm")
    # Budapest–Kyiv 6, Kyiv–Wilno 2, Wilno–Petrograd 4, Petrograd–Stockholm 8: 4 routes, 20 trains
    assert d["fewest_routes"] == {"cities": ["Budapest", "Kyiv", "Wilno", "Petrograd", "Stockholm"],
                                  "routes": 4, "trains": 20}
    # Budapest–Wien 1, Wien–Berlin 3, Berlin–Essen 2, Essen–København 3, København–Stockholm 3
    assert d["fewest_trains"] == {"cities": ["Budapest", "Wien", "Berlin", "Essen", "Kobenhavn", "Stockholm"],
                                  "routes": 5, "trains": 12}


def test_london_wien_is_worth_one_more_than_its_nine_trains_with_a_ferry():
    row = next(r for r in L.points_vs_trains(["europe"]) if r["ticket"] == "London–Wien")
    # London–Amsterdam 2 (ferry), Amsterdam–Frankfurt 2, Frankfurt–München 2, München–Wien 3
    assert (row["points"], row["trains"], row["extra"], row["ferries"]) == (10, 9, 1, 1)


def test_new_york_seattle_is_the_biggest_outlier_of_the_usa():
    top = L.ticket_outliers(["usa"])[0]
    # New York–Pittsburgh 2, Pittsburgh–Chicago 3, Chicago–Duluth 3, Duluth–Helena 6, Helena–Seattle 6
    assert (top["ticket"], top["points"], top["trains"], top["extra"]) == ("New York–Seattle", 22, 20, 2)
    assert top["longest step"] == 6


def test_fewest_trains_exercise_refuses_fewest_routes():
    ex = L.fewest_trains_exercise()
    assert ex.judge(L.solution_fewest_trains).correct
    assert "package's own functions" in ex.check(L.solution_fewest_trains).message
    hops = ex.check(lambda g, a, b, finish: nx.shortest_path_length(g, a, b))
    assert not hops.correct


# -- lesson 4 ------------------------------------------------------------------------------------
def test_far_apart_tickets_are_cheaper_as_a_forest_than_as_one_tree():
    p = L.compare_plans("europe", [("Erzurum", "Rostov"), ("Edinburgh", "Paris")])
    # Erzurum–Sochi 3 + Sochi–Rostov 2; Edinburgh–London 4 + London–Dieppe 2 + Dieppe–Paris 1
    assert p["forest"].trains == 5 + 7
    assert p["rows"][0]["pieces"] == 2
    assert p["tree"].trains > p["forest"].trains
    assert nx.is_connected(nx.Graph([(r.a, r.b) for r in p["tree"].routes]))


@pytest.mark.parametrize("seed", range(6))
def test_forest_is_never_dearer_than_the_exact_tree_nor_the_tree_than_the_approximation(seed):
    rng = random.Random(seed)
    name = "europe" if seed % 2 else "usa"
    hand = L.random_hand(name, 1 + seed % 4, rng)
    f, t, a = (row["trains"] for row in L.compare_plans(name, hand)["rows"])
    assert f <= t <= a


def test_side_by_side_boards_show_two_networks():
    out = L.plans_side_by_side("europe", [("Paris", "Wien")], "forest", "tree", size=300)
    assert out.count("<svg") == 2 and "exact Steiner tree: 8 trains" in out
    # two boards share a row only when each can be 600 px wide; otherwise one under the other
    fluid = L.plans_side_by_side("europe", [("Paris", "Wien")], "forest", "tree")
    assert "flex-wrap:wrap" in fluid and fluid.count("flex:1 1 600px") == 2
    assert fluid.count('width="100%"') == 2
    with pytest.raises(MapError, match="unknown network"):
        L.plans_side_by_side("europe", [("Paris", "Wien")], "forest", "best")


def test_three_city_tree_exercise_refuses_the_sum_of_two_shortest_paths():
    ex = L.three_city_tree_exercise()
    assert ex.judge(L.solution_three_city_tree).correct
    assert "package's own functions" in ex.check(L.solution_three_city_tree).message

    def two_paths(g, a, b, c):
        return nx.dijkstra_path_length(g, a, b) + nx.dijkstra_path_length(g, b, c)

    assert not ex.check(two_paths).correct


def test_lisboa_cadiz_madrid_need_five_trains():
    # Lisboa–Cádiz 2 + Lisboa–Madrid 3 (Cádiz–Madrid is 3 too)
    assert L.reference_three_city_tree(map_graph("europe"), "Lisboa", "Cadiz", "Madrid") == 5


def test_ticket_picker_plans_the_hand_it_is_given():
    picker = L.TicketPicker("europe", max_tickets=3, size=200)
    assert picker.plans is None and "Pick" in picker.message
    europe = picker.map
    paris_wien = next(i for i, t in enumerate(europe.tickets) if {t.a, t.b} == {"Paris", "Wien"})
    picker.pick([paris_wien])
    assert picker.plans["forest"].trains == 8      # Paris–Frankfurt 3, Frankfurt–München 2, München–Wien 3
    box = picker.widget
    assert picker._boards.value.count("<svg") == 2
    picker._select.value = (0, 1, 2, 3)
    assert picker.plans is None and "at most 3" in picker.message and picker._boards.value == ""
    picker._right.value = "tree"
    assert box is picker.widget
    with pytest.raises(MapError, match="no ticket number 99"):
        picker.pick([99])


def test_planner_timings_give_one_row_per_hand():
    rows = L.planner_timings("usa", max_tickets=2, hands=2, seed=3, progress=False)
    assert [r["tickets"] for r in rows] == [1, 1, 2, 2]
    assert all(r["exact_trains"] <= r["approx_trains"] for r in rows)
    fig = L.plot_planner_timings(rows)
    assert len(fig.axes) == 2
    from ttr_teach.views.alt_text import figure_alt  # its alternative text says what it shows
    assert figure_alt(fig).startswith("Two charts.") and "1 ticket " in figure_alt(fig)


def test_plots_have_one_panel_per_map():
    assert len(L.plot_degree_histograms().axes) == 2
    fig = L.plot_points_vs_trains()
    labels = [t.get_text() for t in fig.axes[0].texts]
    assert "New York–Seattle" in labels and "London–Wien" in labels
    # Athina–Edinburgh and Los Angeles–New York are both 20 trains for 21 points: one label
    assert "Athina–Edinburgh, Los Angeles–New York" in labels


# -- lesson 5 ------------------------------------------------------------------------------------
def test_every_land_of_konigsberg_has_an_odd_number_of_bridges():
    # island: 2 to the north + 2 to the south + 1 east = 5; north 3; south 3; east 3
    check = L.euler_check(L.konigsberg())
    assert check["odd_cities"] == ["east", "island", "north", "south"]
    assert check["connected"] and not check["one_trail"]


def test_the_longest_walk_over_konigsberg_crosses_six_of_the_seven_bridges():
    # leaving out one bridge between two odd lands leaves exactly two odd lands
    assert L.trail_search(L.konigsberg())["length"] == 6
    assert L.reference_longest_trail(L.konigsberg()) == 6


def test_the_petersen_graph_has_a_longest_trail_of_11():
    # 15 routes and 10 odd cities: all but two must lose a route, one route fixes at most two
    # cities, so at least (10 - 2) / 2 = 4 routes are left out: at most 11; the search finds 11
    assert L.parity_bound(L.petersen())["bound"] == 11
    assert L.trail_search(L.petersen(), L.SPEEDUPS)["length"] == 11


def test_search_calls_on_a_two_route_path():
    path = [("A", "B", 1), ("B", "C", 1)]
    # plain: from each of A, B, C the search visits 3 trail prefixes: 9 calls
    assert L.trail_search(path) == {"length": 2, "calls": 9}
    # odd starts: only A and C
    assert L.trail_search(path, ["odd starts"]) == {"length": 2, "calls": 6}
    # B has two routes: A–C of length 2 is searched from A and from C, 2 calls each
    assert L.trail_search(path, ["odd starts", "chains"]) == {"length": 2, "calls": 4}
    # two odd cities: Euler says the whole path is the trail, no search at all
    assert L.trail_search(path, ["components", "euler"]) == {"length": 2, "calls": 0}


def test_a_search_that_runs_out_of_calls_gives_up():
    assert L.trail_search(L.petersen(), max_calls=100) == {"length": None, "calls": 100}
    with pytest.raises(MapError, match="unknown speed-up 'memo'"):
        L.trail_search(L.petersen(), ["memo"])


@pytest.mark.parametrize("seed", range(8))
def test_every_speed_up_keeps_the_exact_answer(seed):
    from ttr_teach.engine.longest import longest_route_length

    rng = random.Random(seed)
    m = load_map("usa" if seed % 2 else "europe")
    routes = rng.sample(m.routes, 9 + seed % 5) + L.grow_network(m, rng.choice(sorted(m.cities)), 6)
    exact = longest_route_length(routes)
    for k in range(len(L.SPEEDUPS) + 1):
        speedups = rng.sample(L.SPEEDUPS, k)
        assert L.trail_search(routes, speedups)["length"] == exact, speedups
    assert L.parity_bound(routes)["bound"] >= exact


def test_parity_bound_of_a_star_leaves_out_the_two_shortest_arms():
    # four arms 1, 2, 3, 4 from a centre: the trail takes 4 + 3; the leaves 1 and 2 must go
    star = [("X", "A", 1), ("X", "B", 2), ("X", "C", 3), ("X", "D", 4)]
    b = L.parity_bound(star)
    assert (b["total"], b["left_out"], b["bound"], b["ends"]) == (10, 3, 7, ["C", "D"])
    assert L.reference_longest_trail(star) == 7


def test_whole_maps_longest_trail_meets_both_proofs():
    for name in ("europe", "usa"):
        w = L.whole_map_longest(name)
        m = load_map(name)
        total = sum(r.length for r in m.routes)
        assert w["optimal"] and w["length"] == w["upper_bound"] == w["parity"]["bound"]
        assert sum(r.length for r in w["left_out"]) == total - w["length"] == w["parity"]["left_out"]
        # every odd city but the two ends loses a route, one route serves two: at least 12 routes
        assert len(w["left_out"]) >= (len(w["parity"]["odd_cities"]) - 2) // 2


def test_grown_networks_are_nested_and_refuse_impossible_sizes():
    small, big = L.grow_network("usa", "Denver", 5), L.grow_network("usa", "Denver", 12)
    assert big[:5] == small and len({(r.a, r.b) for r in big}) == 12
    with pytest.raises(MapError, match="78 city pairs"):
        L.grow_network("usa", "Denver", 79)


def test_network_trail_highlight_draws_the_trail_and_the_route_left_out():
    from ttr_teach.views.svg import board_svg

    net = L.grow_network("europe", "Frankfurt", 16)
    svg = board_svg("europe", highlight=L.network_trail_highlight("europe", net))
    trail, = marks(svg, "highlight-trail")
    glows = marks(svg, "highlight-routes")
    on_trail = set(trail.get("data-routes").split())
    left = set(glows[1].get("data-routes").split())
    assert len(on_trail) + len(left) == 16 and not on_trail & left


def test_longest_timings_rows_and_plot():
    rows = L.longest_timings("europe", "Frankfurt", sizes=[6, 8], progress=False)
    assert [r["routes"] for r in rows] == [6, 8]
    assert all(r["plain calls"] >= (r["speed-ups calls"] or 0) for r in rows)
    fig = L.plot_longest_timings(rows)
    assert len(fig.axes) == 2
    from ttr_teach.views.alt_text import figure_alt  # its alternative text says what it shows
    assert f"plain backtracking {rows[-1]['plain calls']}" in figure_alt(fig)


def test_plot_network_numbers_the_trail_steps():
    from ttr_teach.engine.longest import longest_route

    fig = L.plot_network(L.konigsberg(), longest_route(L.konigsberg()), layout="konigsberg")
    texts = sorted(t.get_text() for t in fig.axes[0].texts)
    assert texts == ["1", "2", "3", "4", "5", "6", "east", "island", "north", "south"]
    assert L.plot_network(L.petersen(), layout="petersen").axes


def test_can_run_through_exercise_refuses_a_parity_only_answer():
    ex = L.can_run_through_exercise()
    assert ex.judge(L.solution_can_run_through).correct
    assert "package's own functions" in ex.check(L.solution_can_run_through).message
    parity_only = ex.check(lambda edges: len(L.odd_cities(edges)) <= 2)   # forgets connectivity
    assert not parity_only.correct


def test_longest_trail_exercise_refuses_the_total_length():
    ex = L.longest_trail_exercise()
    assert ex.judge(L.solution_longest_trail).correct
    assert "package's own functions" in ex.check(L.solution_longest_trail).message
    assert not ex.check(lambda edges: sum(e[2] for e in edges)).correct


def test_example_network_names_the_map_as_map_the_one_keyword_of_union_find_frames():
    example = L.example_network()
    assert example["map"] == "europe"
    assert L.union_find_frames(**example) == L.union_find_frames(example["map"], example["routes"],
                                                                 example["tickets"])
    with pytest.raises(TypeError):
        L.union_find_frames(map_or_name="europe", routes=example["routes"])
