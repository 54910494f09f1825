"""The graph series' index is a syllabus: it links every lesson of notebooks/graphs/ (and the
two being written, 09 and 10), its recommended order takes each lesson once, after every lesson
it needs, with branch and bound (10) before the best possible score (7); and every lesson
imports its helpers the same way."""
import json
import re

from ..helpers import NOTEBOOKS

GRAPHS = NOTEBOOKS / "graphs"


def markdown(name: str) -> str:
    cells = json.loads((GRAPHS / name).read_text(encoding="utf-8"))["cells"]
    return "\n\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")


def order_rows() -> list:
    """``(lesson number, [lessons it needs])`` in the syllabus's recommended order."""
    text = markdown("00_index.ipynb")
    table = text[text.index("| Order |"):].split("\n\n")[0].splitlines()[2:]
    rows = []
    for line in table:
        cells = [c.strip() for c in line.strip("|").split("|")]
        lesson = int(cells[1].split(".")[0])
        needs = [int(n) for n in re.findall(r"\d+", cells[3].split("(")[0])]
        rows.append((lesson, needs))
    return rows


def test_the_index_links_every_lesson_of_the_folder_and_the_two_being_written():
    text = markdown("00_index.ipynb")
    lessons = {p.name for p in GRAPHS.glob("[0-9][0-9]_*.ipynb")} - {"00_index.ipynb"}
    lessons |= {"09_depth_first_search.ipynb", "10_branch_and_bound.ipynb"}
    assert {name for name in lessons if f"]({name})" not in text} == set()


def test_the_recommended_order_takes_each_lesson_once_after_the_lessons_it_needs():
    rows = order_rows()
    order = [lesson for lesson, _ in rows]
    assert sorted(order) == sorted(int(p.name[:2]) for p in GRAPHS.glob("[0-9][0-9]_*.ipynb") if p.name[:2] != "00")
    for position, (lesson, needs) in enumerate(rows):
        assert set(needs) <= set(order[:position]), f"lesson {lesson} comes before a lesson it needs"


def test_the_reduction_comes_after_the_longest_route_it_proves_hard():
    order = [lesson for lesson, _ in order_rows()]
    assert order.index(5) < order.index(12) and 5 in dict(order_rows())[12]


def test_branch_and_bound_comes_before_the_best_possible_score():
    order = [lesson for lesson, _ in order_rows()]
    assert order.index(10) < order.index(7)
    assert 10 in dict(order_rows())[7]


def test_maximum_flow_comes_after_spanning_trees_and_before_the_best_possible_score():
    order = [lesson for lesson, _ in order_rows()]
    assert order.index(8) < order.index(11) < order.index(7)
    assert 11 in dict(order_rows())[7]


def test_every_lesson_imports_its_helpers_as_graphs_as_lesson():
    for path in sorted(GRAPHS.glob("[0-9][0-9]_*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        code = "".join(next(c for c in cells if c["cell_type"] == "code")["source"])
        if "as lesson" in code:
            assert "from ttr_teach.course.lessons import graphs as lesson" in code, path.name
