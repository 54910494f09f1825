"""Claims the graph lessons make in prose, checked: each number a lesson argues from is
computed by the package, and the comparison the prose draws holds."""
from ttr_teach.course.lessons import graphs as L


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
