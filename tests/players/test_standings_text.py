"""The standings as text keep their columns straight in a terminal whatever the bots' names:
a Vietnamese name written with combining marks, a name in wide East Asian letters."""
from __future__ import annotations

from ttr_teach.engine.text import display_width, pad
from ttr_teach.players.standings import Rows


def test_display_width_counts_terminal_columns_not_code_points():
    assert display_width("Bao") == 3
    assert display_width("Ba\u0309o") == 3          # a combining hook above: no column of its own
    assert display_width("名前") == 4               # wide letters: two columns each
    assert display_width("a\u200bb") == 2           # a zero-width space: none
    assert pad("名", 4) == "名  " and pad("7", 3, left=False) == "  7"


def test_standings_text_aligns_the_columns_of_names_of_every_width():
    names = ["ann", "Ba\u0309o", "名前", "ab"]
    table = Rows([{"bot": n, "games": 10 * (i + 1), "coach": n} for i, n in enumerate(names)])
    lines = str(table).splitlines()
    # every line's "games" column ends in the same terminal column, and so starts its last one
    ends = {display_width(line[:line.index(str(10 * i))]) + len(str(10 * i))
            for i, line in enumerate(lines[1:], start=1)}
    assert len(ends) == 1, str(table)
    starts = {display_width(line[:line.rindex(n)]) for line, n in zip(lines[1:], names, strict=True)}
    assert len(starts) == 1, str(table)


def test_a_persian_name_keeps_its_zero_width_non_joiner_and_a_direction_override_is_shown():
    """A bot's name is shown on one line with invisible characters written out (so that a
    name cannot pass for another's), except the joiners that are part of how words are
    written: Persian's zero-width non-joiner stays, an override of the text's direction is
    an escape."""
    from ttr_teach.engine.text import one_line

    assert one_line("علی\u200cرضا") == "علی\u200cرضا"
    assert one_line("x\u202eyp.abc") == "x\\u202eyp.abc"
    assert one_line("a\u2066b\u200fc") == "a\\u2066b\\u200fc"
    table = str(Rows([{"bot": one_line("علی\u200cرضا"), "games": 4}]))
    assert "\\u200c" not in table and "علی\u200cرضا" in table


def test_a_joiner_inside_latin_letters_is_shown_so_no_name_looks_like_another():
    from ttr_teach.engine.text import one_line

    assert one_line("a\u200clice") == "a\\u200clice"          # would look exactly like "alice"
    assert one_line("\u200calice") == "\\u200calice"
    assert one_line("بلیت\u200cها") == "بلیت\u200cها"
