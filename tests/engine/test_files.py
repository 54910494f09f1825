"""The one reader of files (ttr_teach.engine.files): what it reads, and every kind of refusal,
each one line naming the file (and the line or the field where known); and the one writer.

The same files run through the command line under a memory cap and a time-out are in
test_hostile.py."""
import os

import pytest

from ttr_teach.engine import files
from ttr_teach.engine.errors import PositionError, TTRError
from ttr_teach.engine.files import (
    MAX_DEPTH,
    MAX_JSON_BYTES,
    MAX_NUMBER_CHARS,
    decode,
    load_file,
    load_text,
    max_yaml_bytes,
    parse_file,
    parse_text,
    read_bytes,
    write_text,
)


def refused(fn, *args, expect=TTRError, **kwargs) -> str:
    with pytest.raises(expect) as caught:
        fn(*args, **kwargs)
    message = str(caught.value)
    assert "\n" not in message and "Traceback" not in message
    return message


# -- what is read ----------------------------------------------------------------------------------
def test_json_and_yaml_files_are_read_by_their_ending(tmp_path):
    (tmp_path / "p.json").write_text('{"map": "usa", "players": [{"name": "Ann"}]}', encoding="utf-8")
    (tmp_path / "p.YML").write_text("map: usa\nplayers:\n  - name: Ann\n", encoding="utf-8")
    assert load_file(tmp_path / "p.json") == load_file(tmp_path / "p.YML") == {
        "map": "usa", "players": [{"name": "Ann"}]}


def test_a_byte_order_mark_is_dropped(tmp_path):
    (tmp_path / "bom.json").write_bytes(b'\xef\xbb\xbf{"a": 1}')
    assert load_file(tmp_path / "bom.json") == {"a": 1}


def test_pasted_text_is_json_or_else_yaml_and_bytes_are_read_as_utf8():
    assert load_text('{"a": [1, 2]}') == {"a": [1, 2]}
    assert load_text("a: [1, 2]") == {"a": [1, 2]}
    assert load_text("a: 'é'".encode()) == {"a": "é"}


def test_yaml_lines_of_every_field_are_remembered():
    parsed = parse_text("id: x\nposition:\n  players:\n    - name: Ann\n", "p.yaml", "yaml")
    assert parsed.lines[("position", "players", 0)] == 4
    assert parsed.lines[("position", "players", 0, "name")] == 4
    # JSON small enough to be read as YAML too borrows its line numbers
    assert parse_text('{"a": 1,\n "b": [2]}', "p.json", "json").lines[("b",)] == 2


# -- not a regular file ----------------------------------------------------------------------------
def test_a_folder_a_fifo_and_a_device_are_refused_without_blocking(tmp_path):
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    assert refused(load_file, fifo) == f"{fifo}: cannot read the file: it is a pipe (FIFO), not a regular file"
    assert refused(load_file, tmp_path) == f"{tmp_path}: cannot read the file: it is a folder, not a regular file"
    assert "it is a device" in refused(load_file, "/dev/zero")
    assert "(No such file or directory)" in refused(load_file, tmp_path / "missing.json")
    assert "cannot read the file" in refused(load_file, "a\0b.json")


def test_the_error_class_is_the_callers(tmp_path):
    message = refused(load_file, tmp_path / "missing.json", error=PositionError, expect=PositionError)
    assert message.startswith(f"{tmp_path / 'missing.json'}: cannot read the file")


# -- too big ---------------------------------------------------------------------------------------
def test_a_file_over_the_limit_is_refused_after_reading_no_more_than_the_limit(tmp_path):
    path = tmp_path / "big.json"
    path.write_bytes(b" " * (MAX_JSON_BYTES + 1))
    assert "too big" in refused(load_file, path) and f"{MAX_JSON_BYTES:,} bytes" in refused(load_file, path)
    small = tmp_path / "big.yaml"
    small.write_bytes(b"a: 1\n" + b" " * max_yaml_bytes())
    assert "too big" in refused(load_file, small)
    assert read_bytes(path, limit=MAX_JSON_BYTES + 1) == b" " * (MAX_JSON_BYTES + 1)


def test_text_over_the_limit_is_refused_and_not_tried_as_yaml_when_too_big_for_it():
    assert "too big to read as JSON" in refused(load_text, "[" + "1," * MAX_JSON_BYTES + "1]", "t")
    message = refused(load_text, "a: " + "x" * max_yaml_bytes(), "t")
    assert "not valid JSON" in message and "too big to read as YAML" in message


# -- not UTF-8, not JSON, not YAML ----------------------------------------------------------------
def test_bytes_that_are_not_utf8_are_named_by_line_and_byte(tmp_path):
    (tmp_path / "x.json").write_bytes(b'{"a":\n "b\xff"}')
    assert refused(load_file, tmp_path / "x.json") == (
        f"{tmp_path / 'x.json'}: the file is not UTF-8 text (line 2: byte 10 is 0xff)")
    assert refused(decode, b"\xc3", "up.json") == "up.json: the file is not UTF-8 text (line 1: byte 1 is 0xc3)"


def test_broken_json_and_yaml_name_the_line():
    assert refused(load_text, '{"a": 1,\n "b" 2}', "p.json", "json") == (
        "p.json: not valid JSON (line 2, column 6: Expecting ':' delimiter)")
    assert refused(load_text, "a: [1,\nb: 2", "p.yaml", "yaml").startswith("p.yaml: not valid YAML (line 3")
    assert refused(load_text, "{a: [", "pasted").startswith("pasted: not valid JSON (line 1, column 2")
    assert refused(load_text, "a: \x07", "p.yaml", "yaml") == (
        "p.yaml: not valid YAML (line 1: unacceptable character #x0007)")
    assert "another document" in refused(load_text, "a: 1\n---\nb: 2\n", "p.yaml", "yaml")


def test_yaml_tags_that_would_run_code_are_refused():
    for fmt in ("yaml", "auto"):
        assert "could not determine a constructor" in refused(load_text, "!!python/object:os.system {}", "p.yaml", fmt)


# -- aliases, repeated keys, nesting, numbers -------------------------------------------------------
def billion_laughs(levels=9) -> str:
    text = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n'
    for i in range(1, levels):
        text += f"{chr(97 + i)}: &{chr(97 + i)} [" + ", ".join([f"*{chr(96 + i)}"] * 9) + "]\n"
    return text


def test_yaml_aliases_are_refused_before_they_expand():
    message = refused(load_text, billion_laughs(), "laughs.yaml", "yaml")
    assert message == ("laughs.yaml: line 2: field 'b[0]': YAML aliases (*name) are not allowed here; "
                       "write the value out in full")
    assert "field 'b'" in refused(load_text, "a: &x 1\nb: *x\n", "p.yaml", "yaml")


def test_yaml_merge_keys_are_refused():
    assert "merge keys (<<)" in refused(load_text, "a:\n  <<: {x: 1}\n  y: 2\n", "p.yaml", "yaml")


@pytest.mark.parametrize("text, fmt, words", [
    ('{"map": "usa", "map": "europe"}', "json", "p: field 'map' appears twice"),
    ('{"players": [{"name": "Ann", "name": "Bo"}]}', "json", "field 'name' appears twice"),
    ("map: usa\nplayers: []\nmap: europe\n", "yaml", "p: line 3: field 'map' appears twice (first on line 1)"),
    ("players:\n  - name: Ann\n    name: Bo\n", "yaml", "line 3: field 'players[0].name' appears twice"),
    ("1: a\n01: b\n", "yaml", "a key appears twice in this mapping (written two ways)"),
])
def test_a_key_written_twice_is_refused(text, fmt, words):
    assert words in refused(load_text, text, "p", fmt)


def test_a_key_once_as_a_number_and_once_as_text_is_two_keys():
    assert load_text('1: a\n"1": b\n', "p", "yaml") == {1: "a", "1": "b"}


@pytest.mark.parametrize("text, fmt", [("[" * 100_000 + "]" * 100_000, "json"),
                                       ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "json"),
                                       ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "yaml"),
                                       ("[" * 5000 + "]" * 5000, "yaml"),
                                       ("".join(" " * i + "- \n" for i in range(0, 2 * MAX_DEPTH + 4, 2)), "yaml")])
def test_nesting_is_bounded(text, fmt):
    message = refused(load_text, text, "deep", fmt)
    assert "nested too deeply" in message or "maximum nesting depth" in message
    assert len(message) < 400


def test_nesting_up_to_the_bound_is_read():
    assert load_text("[" * MAX_DEPTH + "]" * MAX_DEPTH, "ok", "json") is not None
    assert load_text("[" * MAX_DEPTH + "]" * MAX_DEPTH, "ok", "yaml") is not None


@pytest.mark.parametrize("text, fmt, where", [
    ('{"note": ' + "9" * 5000 + "}", "json", "line 1: "),
    ('{"note": 1.' + "0" * 5000 + "}", "json", "line 1: "),
    ("note: " + "9" * 5000, "yaml", "line 1: field 'note': "),
    ("title: x\nnote: [1, " + "9" * 5000 + "]", "yaml", "line 2: field 'note[1]': "),
])
def test_a_number_too_long_is_refused_by_name_not_by_python(text, fmt, where):
    message = refused(load_text, text, "n", fmt)
    assert message == f"n: {where}a number of 5000 characters; a number may have at most {MAX_NUMBER_CHARS}" or \
        message.startswith(f"n: {where}a number of 500")
    assert "4300" not in message


def test_numbers_up_to_the_bound_are_read():
    assert load_text(str(10 ** (MAX_NUMBER_CHARS - 1)), "n", "json") == 10 ** (MAX_NUMBER_CHARS - 1)
    assert load_text(f"seed: {10 ** 30}", "n", "yaml") == {"seed": 10 ** 30}


@pytest.mark.parametrize("word", ["NaN", "Infinity", "-Infinity"])
def test_json_nan_and_infinity_are_refused(word):
    assert f"{word.lstrip('-')} is not a number JSON allows" in refused(load_text, f'{{"a": {word}}}', "n", "json")


def test_every_refusal_is_quick_and_small():
    # the worst case of each kind, in process (test_hostile.py runs them under caps)
    for text, fmt in [(billion_laughs(), "yaml"), ("[" * 100_000, "json"), ("a: [" + "1," * 200_000 + "1]", "yaml")]:
        with pytest.raises(TTRError):
            load_text(text, "worst", fmt)


# -- the writer ------------------------------------------------------------------------------------
def test_write_never_replaces_a_file_unless_asked(tmp_path):
    path = tmp_path / "out.svg"
    write_text(path, "one")
    message = refused(write_text, path, "two", hint="add --force to replace it")
    assert message == f"{path}: the file exists already; it is left as it is (add --force to replace it)"
    assert path.read_text() == "one"
    write_text(path, "three", overwrite=True)
    assert path.read_text() == "three"


def test_write_never_follows_a_symbolic_link(tmp_path):
    target = tmp_path / "target.txt"
    target.write_text("keep me")
    link = tmp_path / "link.svg"
    link.symlink_to(target)
    dangling = tmp_path / "dangling.svg"
    dangling.symlink_to(tmp_path / "nowhere.txt")
    for path in (link, dangling):
        for overwrite in (False, True):
            assert "symbolic link" in refused(write_text, path, "x", overwrite=overwrite)
    assert target.read_text() == "keep me" and not (tmp_path / "nowhere.txt").exists()


def test_write_refuses_what_is_not_a_regular_file(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    assert "it is a pipe (FIFO)" in refused(write_text, fifo, "x", overwrite=True)
    assert "it is a folder" in refused(write_text, tmp_path, "x", overwrite=True)
    assert "it is a device" in refused(write_text, "/dev/null", "x", overwrite=True)


def test_a_command_checks_its_outputs_before_any_long_work(tmp_path):
    from ttr_teach.engine.files import check_writable

    new, old, link = tmp_path / "new.csv", tmp_path / "old.csv", tmp_path / "link.csv"
    old.write_text("keep me")
    link.symlink_to(old)
    check_writable(new)                                    # nothing there: fine
    check_writable(old, overwrite=True)                    # --force: fine
    assert refused(check_writable, old, hint="add --force to replace it") == (
        f"{old}: the file exists already; it is left as it is (add --force to replace it)")
    assert "symbolic link" in refused(check_writable, link, overwrite=True)
    assert "it is a folder" in refused(check_writable, tmp_path, overwrite=True)
    assert old.read_text() == "keep me" and not new.exists()


def test_tournament_outputs_replace_a_file_only_with_force(tmp_path, capsys):
    from ttr_teach.cli import main

    csv_path = tmp_path / "games.csv"
    csv_path.write_text("keep me")
    argv = ["tournament", "random", "random", "--games", "2", "--map", "usa", "--jobs", "1", "--no-progress",
            "--csv", str(csv_path)]
    assert main(argv) == 2
    assert capsys.readouterr().err.strip() == (f"ttr-teach: {csv_path}: the file exists already; it is left as "
                                              "it is (add --force to replace it)")
    assert csv_path.read_text() == "keep me"
    assert main(argv + ["--force", "--json", str(tmp_path / "t.json")]) == 0
    assert csv_path.read_text().startswith("game,round,map") and (tmp_path / "t.json").exists()


def test_a_saved_tournament_is_read_by_the_one_reader(tmp_path):
    from ttr_teach.players.tournament_result import TournamentResult

    path = tmp_path / "t.json"
    path.write_text('{"format": "ttr-teach-tournament", "format": "x"}')
    assert refused(TournamentResult.load, path) == (f"{path}: cannot read a saved tournament (field 'format' "
                                                    "appears twice)")


def test_the_module_lists_its_limits():
    assert files.MAX_YAML_BYTES < files.MAX_JSON_BYTES
    assert parse_file.__doc__ and files.__doc__.count("refus") >= 2
