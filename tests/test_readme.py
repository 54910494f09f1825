"""README.md tells the truth: its Python example runs and its comments state the results."""
import re

from .helpers import README


def _python_example() -> str:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert blocks, "README.md has no python example"
    return blocks[0]


def test_readme_example_runs_and_its_comments_are_right():
    namespace = {}
    exec(_python_example(), namespace)
    result = namespace["result"]
    # red: Paris-Frankfurt 3 (4 points) + Frankfurt-Berlin 3 (4 points) = 8; Paris-Wien fails (-8);
    # 2 stations unbuilt (+8); trail of 6 beats blue's 1 (+10): 18. blue: 1 - 9 + 12 = 4.
    assert [p["total"] for p in result["players"]] == [18, 4]
    assert result["winner"] == "red" and result["players"][0]["longest_route"] == 6
    assert "18 points to 4" in _python_example()
    assert repr(namespace["europe"]) == "<Map europe: 47 cities, 101 routes, 46 tickets>"
    plan = namespace["ttr_teach"].cheapest_network("europe", [("Paris", "Wien"), ("Frankfurt", "Munchen")])
    assert plan.trains == 8 and ".trains   # 8:" in _python_example()


def test_readme_opens_with_the_two_commands():
    text = README.read_text(encoding="utf-8")
    first_block = text.split("```sh\n", 1)[1].split("```", 1)[0]
    assert first_block.splitlines()[0].startswith("make lab")
    assert first_block.splitlines()[1].startswith("make test")
