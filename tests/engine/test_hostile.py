"""The hostile set (tests/engine/hostile_cases.py): every file and call that once crashed, hung
or exhausted ttr-teach is answered with a one-line refusal (or the right answer), with the
expected exit status, no traceback, in a child process under a memory cap and a time-out.
``bench/hostile.py`` prints the time and memory each case takes."""
import pytest

from .hostile_cases import CASES, MEMORY_MB, TIMEOUT_SECONDS, make_files, run_case


@pytest.fixture(scope="module")
def hostile_dir(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hostile")
    make_files(folder)
    return folder


def test_the_hostile_set_covers_every_kind_of_issue_13():
    names = " ".join(c.name for c in CASES)
    for kind in ("billion laughs", "5000-digit", "nested", "/dev/zero", "FIFO", "5 MB", "50 MB", "twice",
                 "1-player", "UTF-8", "-o onto", "NaN", "2**53", "10**400", "reveal", "sandbox", "seat 7",
                 "replaying", "tournament --csv", "replay widget", "saved tournament", "bot file", "game widget"):
        assert kind in names, kind


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_hostile_input_is_refused_in_one_line_within_the_caps(case, hostile_dir):
    run = run_case(case, hostile_dir)
    assert run.status is not None, f"{case.name}: still running after {TIMEOUT_SECONDS} s (a hang)"
    everything = run.stdout + run.stderr
    assert "Traceback" not in everything and "MemoryError" not in everything, everything[-2000:]
    assert run.status == case.status, everything[-2000:]
    for w in case.words:
        assert w in everything, (w, everything[-2000:])
    if case.argv[0] == "-m" and case.status == 2:      # the command line's refusal: one line
        assert run.stdout == "" and len(run.stderr.splitlines()) == 1
        assert run.stderr.startswith("ttr-teach: ")
    if case.argv[0] == "-c":                           # the API's answer: one line
        assert len(run.stdout.splitlines()) == 1 and run.stderr == ""
    assert run.peak_mb < MEMORY_MB


def test_the_caps_stop_a_runaway_child():
    from .hostile_cases import run_capped

    hog = run_capped(["-c", "x = bytearray(2 << 30)"])
    assert hog.status != 0 and "MemoryError" in hog.stderr
    hang = run_capped(["-c", "import time; time.sleep(60)"], timeout=1)
    assert hang.status is None and hang.seconds < 30
