"""The lessons' progress bars are hidden, not closed, when their work is done: a closed bar's
widget leaves "Error displaying widget: model not found" in Voila (05_tunnels did)."""
import tqdm.auto
import tqdm.notebook

from ttr_teach.course.lessons.tunnels import engine_reveals
from ttr_teach.course.progress_bar import progress_bar


class _Recorded(tqdm.notebook.tqdm):
    """The notebook's bar, each one kept to be looked at after the work."""
    made: list = []

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        _Recorded.made.append(self)


def test_a_notebook_bar_stays_open_and_is_hidden_at_the_end(monkeypatch):
    monkeypatch.setattr(tqdm.auto, "tqdm", _Recorded)
    _Recorded.made.clear()
    assert list(progress_bar(range(5), "counting", "number")) == [0, 1, 2, 3, 4]
    (bar,) = _Recorded.made
    assert bar.container.comm is not None          # the widget's model is still there
    assert bar.container.layout.display == "none"
    assert bar.n == 5


def test_a_lesson_shows_its_bar_the_same_way(monkeypatch):
    monkeypatch.setattr(tqdm.auto, "tqdm", _Recorded)
    _Recorded.made.clear()
    engine_reveals(trials=20)
    (bar,) = _Recorded.made
    assert bar.container.comm is not None and bar.container.layout.display == "none"


def test_no_bar_when_not_shown(monkeypatch):
    monkeypatch.setattr(tqdm.auto, "tqdm", _Recorded)
    _Recorded.made.clear()
    assert list(progress_bar("abc", "letters", "letter", shown=False)) == ["a", "b", "c"]
    assert not _Recorded.made
