"""The puzzle generator: every kind, both maps, many seeds; its puzzles pass the checker, are
legal (they are read back through the loader), deterministic, and not dull."""
import html

import pytest

from ttr_teach.course.puzzles.format import puzzle_from_text
from ttr_teach.course.puzzles.generator import PlayedGame, new_puzzle
from ttr_teach.course.puzzles.kinds import KINDS
from ttr_teach.course.puzzles.names import LEVELS
from ttr_teach.course.puzzles.plausible import why_implausible
from ttr_teach.course.puzzles.worksheet import Worksheet, make_worksheet
from ttr_teach.engine.errors import TTRError
from ttr_teach.engine.game.core import Game
from ttr_teach.players.planner_bot import PlannerBot

CASES = [(kind, m) for kind in KINDS for m in KINDS[kind].maps]


@pytest.mark.parametrize("kind, map_name", CASES)
def test_generated_puzzles_pass_the_checker_at_every_level(kind, map_name):
    for i, level in enumerate(LEVELS):
        for seed in (i, 10 + i):
            p = new_puzzle(kind, level, map_name, seed)
            assert (p.kind.name, p.level, p.map.name) == (kind, level, map_name)
            assert p.problems() == [], (kind, level, seed)
            # written out and read back, it is still the same, verified puzzle
            q = puzzle_from_text(p.to_yaml())
            assert q.problems() == [] and q.answer == p.answer
            assert p.kind.why_dull(p, p.solve(), level) is None
            # and a real game could reach it: no "final" position nobody could end in, no winner below zero
            final = level in p.kind.ends_game
            assert why_implausible(p.position, final, p.kind.uses_tickets) is None, (kind, level, seed)
            assert ("The game ends in this position" in p.question) == (p.position is not None and final
                                                                        or kind == "winner")


@pytest.mark.parametrize("kind, map_name", CASES)
def test_generated_puzzles_pass_the_checker_over_many_seeds(kind, map_name):
    for seed in range(100, 104):
        level = LEVELS[seed % 3]
        p = new_puzzle(kind, level, map_name, seed)
        assert p.problems() == [] and p.kind.why_dull(p, p.solve(), level) is None, (level, seed)
        if p.position is not None:
            assert why_implausible(p.position, level in p.kind.ends_game, p.kind.uses_tickets) is None


def test_the_same_seed_gives_the_same_puzzle():
    a = new_puzzle("cheapest_completion", "intermediate", "usa", 5)
    b = new_puzzle("cheapest_completion", "intermediate", "usa", 5)
    assert a.to_yaml() == b.to_yaml()
    assert a.to_yaml() != new_puzzle("cheapest_completion", "intermediate", "usa", 6).to_yaml()


def test_station_and_tunnel_puzzles_are_refused_on_the_usa_map():
    for kind in ("tunnel_odds", "tunnel_cost"):
        with pytest.raises(TTRError, match="only on europe"):
            new_puzzle(kind, "expert", "usa", 1)


def test_unknown_kind_or_level_is_refused():
    with pytest.raises(TTRError, match="unknown puzzle kind"):
        new_puzzle("fastest", "expert", "usa", 1)
    with pytest.raises(TTRError, match="unknown level"):
        new_puzzle("tunnel_cost", "easy", "europe", 1)


def test_expert_completion_puzzles_need_a_station_or_a_closed_double_route():
    # An expert completion puzzle is one where a station borrows a route, or where the empty
    # map's path runs through a double route closed by the 2-3 player rule.
    p = new_puzzle("cheapest_completion", "expert", "europe", 0)
    done = p.solve().work["completion"]
    closed = "closed" in p.explanation or done["borrowed"]
    assert closed


def test_bot_games_end_and_their_positions_are_legal():
    played = PlayedGame("europe", 3, seed=4)
    assert played.game.is_over and played.snapshots
    from ttr_teach.engine.position import Position

    for pos in played.snapshots[::10]:
        assert Position.from_dict(pos.to_dict()).to_dict() == pos.to_dict()


def test_planner_bots_complete_more_tickets_than_they_fail():
    g = Game.new("usa", ["Ann", "Bo"], seed=2)
    bots = [PlannerBot(1), PlannerBot(2)]
    while not g.is_over:
        g.apply(bots[g.current_player].choose(g))
    from ttr_teach.algorithms.planning import cheapest_completion

    pos = g.to_position()
    done = [cheapest_completion(pos, i, [t.cities], use_stations=False).trains == 0
            for i, p in enumerate(pos.players) for t in p.tickets]
    assert sum(done) > len(done) / 2


def test_worksheet_of_ten_goes_round_the_kinds_and_exports(tmp_path):
    sheet = make_worksheet(4, level="introductory", kinds=["tunnel_cost", "cheapest_completion"],
                           maps=("usa", "europe"), seed=3)
    # tunnels exist only in Europe, so the completion puzzles go to the USA to balance the maps
    assert [(p.kind.name, p.map.name) for p in sheet.puzzles] == [
        ("tunnel_cost", "europe"), ("cheapest_completion", "usa"),
        ("tunnel_cost", "europe"), ("cheapest_completion", "usa")]
    html_file, = sheet.save(tmp_path / "sheet.html")
    text = html_file.read_text()
    assert text.count("<svg") == 4 and "Answers" in text
    md = sheet.save(tmp_path / "sheet.md")
    assert len(md) == 5 and "sheet-board-01.svg" in md[0].read_text()
    files = sheet.save(tmp_path / "puzzle-files")
    assert all(puzzle_from_text(f.read_text()).problems() == [] for f in files)


def test_worksheet_lists_each_players_tickets_and_keeps_the_key_on_a_page_of_its_own(tmp_path):
    from ttr_teach.course.printable import chromium
    from ttr_teach.course.puzzles.facts import fact_lines

    sheet = make_worksheet(2, level="introductory", kinds=["tickets_completed"], maps=("europe",), seed=5)
    text = sheet.to_html()
    questions, answers = text.split("class='answers new-page'")
    for p in sheet.puzzles:
        lines = fact_lines(p)
        assert any(line.endswith("tickets: none") or "tickets:" in line for line in lines)
        assert all(line.replace("'", "&#x27;") in questions or line in questions for line in lines)
        explanation = html.escape(p.explanation)[:60]
        assert explanation not in questions and explanation in answers     # the key only after the break
    assert "@media print" in text and ".new-page" in text and "<h2>Answers</h2>" in answers
    md = sheet.to_markdown(boards=False)
    assert all(f"- {line}" in md for p in sheet.puzzles for line in fact_lines(p))
    if chromium() is None:
        with pytest.raises(TTRError, match="no PDF engine"):
            sheet.save(tmp_path / "sheet.pdf")
    else:
        page, pdf = sheet.save(tmp_path / "sheet.pdf")
        assert page.suffix == ".html" and pdf.read_bytes().startswith(b"%PDF")


def test_worksheet_refuses_an_unknown_kind():
    with pytest.raises(TTRError, match="unknown puzzle kind"):
        make_worksheet(2, kinds=["nope"])
    with pytest.raises(TTRError, match="at least one puzzle"):
        Worksheet("x", []) and make_worksheet(0)


def test_worksheet_save_refuses_to_replace_a_file_unless_asked(tmp_path):
    sheet = make_worksheet(1, level="introductory", kinds=["tunnel_cost"], maps=("europe",), seed=2)
    target = tmp_path / "sheet.md"
    board = tmp_path / "sheet-board-01.svg"
    board.write_text("kept")
    with pytest.raises(TTRError, match=r"sheet-board-01.svg: the file exists already; it is left as it is "
                                       r"\(add --force to replace it, or save\(\.\.\., overwrite=True\)\)"):
        sheet.save(target)
    assert not target.exists() and board.read_text() == "kept"   # nothing written before the refusal
    written = sheet.save(target, overwrite=True)
    assert written == [target, board] and board.read_text().startswith("<svg")
    folder = sheet.save(tmp_path / "files")
    with pytest.raises(TTRError, match="exists already"):
        sheet.save(tmp_path / "files")
    assert sheet.save(tmp_path / "files", overwrite=True) == folder


def test_worksheet_sheet_and_key_parts_split_the_page():
    sheet = make_worksheet(2, level="introductory", kinds=["tickets_completed"], maps=("usa",), seed=1)
    whole, alone, key = sheet.to_html(), sheet.to_html(answers=False), sheet.key_html()
    assert "<h2>Answers</h2>" in whole and "<h2>Answers</h2>" not in alone and "<h2>Answers</h2>" in key
    assert alone.count("<svg") == whole.count("<svg") == 2 and "<svg" not in key
    assert "## Answers" not in sheet.to_markdown(False, answers=False)
    assert sheet.key_markdown().startswith(f"# {sheet.title}: answers")
    with pytest.raises(TTRError, match="part='answers'"):
        sheet.save("x.html", part="answers")
