"""Issue 25's small untruths of the command line, each fixed and kept fixed: the aliases the
docs give are accepted; one spelling of each city across commands; ``best`` says whether a
proof is stored and how long this run took; an unknown map is called one; no output replaced
silently; every subcommand describes itself in ``--help``."""
from __future__ import annotations

import argparse
import json
import re

import pytest

from ttr_teach.cli import build_parser, main

from .helpers import REPO


def documented_aliases() -> list:
    """The city names docs/formats.md gives as accepted (its first paragraph's examples)."""
    first = (REPO / "docs" / "formats.md").read_text(encoding="utf-8").split("\n\n")[1]
    return re.findall(r"`([^`]+)`", first)


def test_the_docs_name_an_alias_and_the_board_names():
    assert {"Munchen", "Zurich", "München", "Munich"} <= set(documented_aliases())


@pytest.mark.parametrize("name", documented_aliases())
def test_every_city_name_the_docs_give_is_accepted_by_plan_and_score(name, capsys, tmp_path):
    assert main(["plan", "europe", f"{name},Venezia"]) == 0, capsys.readouterr().err
    assert capsys.readouterr().out.startswith("2 trains in 1 piece\n")      # München and Zürich border Venezia
    position = tmp_path / "p.json"
    position.write_text(json.dumps({"map": "europe", "players": [
        {"name": "Ann", "routes": [[name, "Venezia"]]}, {"name": "Bo"}]}))
    assert main(["score", str(position)]) == 0, capsys.readouterr().err
    assert json.loads(capsys.readouterr().out)["players"][0]["route_points"] == 2


def test_plan_and_best_spell_cities_as_the_board_does(capsys):
    assert main(["plan", "europe", "Munich,Zurich"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines() == ["2 trains in 1 piece", "  München–Zürich (2 yellow, tunnel)"]
    assert main(["best", "europe", "--trains", "45"]) == 0
    best = capsys.readouterr().out
    ids_only = {c.id for c in __import__("ttr_teach").load_map("europe").cities.values()
                if c.id != c.name}
    assert not any(re.search(rf"\b{i}\b", out + best) for i in ids_only), ids_only


def test_best_says_a_proof_is_stored_and_how_long_this_run_took(capsys):
    assert main(["best", "usa", "--trains", "12"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert re.search(r"proven optimal \(stored proof, solved in \d+\.\d s when the sweep was made; "
                     r"read now in \d+ ms\)$", first), first
    pytest.importorskip("pyscipopt")
    assert main(["best", "usa", "--trains", "6", "--solve"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert re.search(r"proven optimal \(solved now in \d+\.\d s\)$", first), first


def test_an_unknown_map_is_called_one_by_board_map_plan_and_best(capsys):
    for args in (["board", "narnia"], ["map", "narnia"], ["plan", "narnia", "a,b"], ["best", "narnia"]):
        assert main(args) == 2
        err = capsys.readouterr().err
        assert err.startswith("ttr-teach: unknown map 'narnia'") and err.count("\n") == 1, (args, err)


def test_course_printable_replaces_a_page_only_with_force(tmp_path, capsys):
    md = tmp_path / "notes.md"
    md.write_text("# Notes\n\n- one\n")
    page = tmp_path / "notes.html"
    page.write_text("the teacher's own page")
    assert main(["course", "printable", str(md)]) == 2
    assert capsys.readouterr().err == (f"ttr-teach: {page}: the file exists already; it is left as it is "
                                       "(add --force to replace it)\n")
    assert page.read_text() == "the teacher's own page"
    assert main(["course", "printable", str(md), "--force"]) == 0 and "<li>one</li>" in page.read_text()


def _parsers(parser, path=()):
    """Every (command words, parser) under ``parser``, subcommands of subcommands included."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield (*path, name), sub
                yield from _parsers(sub, (*path, name))


@pytest.mark.parametrize("words, parser", list(_parsers(build_parser())), ids=lambda x: " ".join(x)
                         if isinstance(x, tuple) else "")
def test_every_subcommand_has_a_description_in_its_help(words, parser, capsys):
    assert parser.description and len(parser.description) > 30, words
    with pytest.raises(SystemExit):
        main([*words, "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert " ".join(parser.description.split())[:60] in text
