"""Progress: what the learner has tried and solved, kept across notebooks, exportable for a teacher.

Only the learner's own tries count: :meth:`~.core.Exercise.check` records a try, the hidden
check cells' :meth:`~.core.Exercise.verify` never does, so after *Run All* every progress bar
reads 0 solved.

The record is a small JSON file, by default ``~/.ttr-teach/progress.json`` (the environment
variable ``TTR_TEACH_PROGRESS`` names another file, e.g. one beside the notebooks on a shared
machine). :meth:`Progress.export` (or the *Export my progress* button) writes a copy a teacher
can collect: JSON, or CSV for a spreadsheet. The format is in ``docs/course.md``.

>>> import tempfile, pathlib
>>> from ttr_teach.course.exercises.core import NumberExercise
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> store = ProgressStore(folder / "progress.json")
>>> a, b = NumberExercise("1+1?", 2, id="demo/a"), NumberExercise("2+2?", 4, id="demo/b")
>>> p = Progress([a, b], store=store)
>>> p.summary()
'0 of 2 solved'
>>> _ = a.check("3"); _ = a.check("2"); p.summary()
'1 of 2 solved'
>>> store.entry("demo/a")["tries"], store.entry("demo/a")["solved"]
(2, True)
>>> Progress([NumberExercise("1+1?", 2, id="demo/a")], store=store).summary()   # another notebook
'1 of 1 solved'
>>> p.export(folder / "ann.csv", learner="Ann").name
'ann.csv'
"""
from __future__ import annotations

import csv
import datetime
import io
import json
import os
from collections.abc import Iterable
from pathlib import Path

from ...engine.i18n import gettext

#: The environment variable naming the progress file.
ENV = "TTR_TEACH_PROGRESS"
FORMAT_VERSION = 1


def default_path() -> Path:
    """The progress file: ``$TTR_TEACH_PROGRESS``, else ``~/.ttr-teach/progress.json``."""
    named = os.environ.get(ENV)
    return Path(named).expanduser() if named else Path.home() / ".ttr-teach" / "progress.json"


def _now() -> str:
    return datetime.datetime.now().isoformat(timespec="seconds")


def account_name() -> str:
    """The computer account's name (``getpass.getuser()``), or "" where there is none."""
    import getpass

    try:
        return getpass.getuser()
    except (OSError, KeyError, ImportError):
        return ""


def _empty() -> dict:
    return {"version": FORMAT_VERSION, "learner": None, "lessons": {}, "exercises": {}}


class ProgressStore:
    """The learner's record in one JSON file: for each exercise (by its id, such as
    ``"notebooks/01_train_cards/second"``) the tries, whether it is solved, the hints seen,
    whether the solution was opened and the last answer.

    Every change re-reads the file and replaces it whole, so notebooks open side by side
    keep each other's records. A file that cannot be read is set aside (``.broken``) and
    a new record started: a progress file never stops a lesson.
    """

    def __init__(self, path=None):
        self.path = Path(path) if path is not None else default_path()
        #: A sentence about a file that could not be read (and was set aside), or "".
        self.problem = ""

    def load(self) -> dict:
        """The record (an empty one when there is no file yet)."""
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return _empty()
        except (OSError, ValueError) as e:
            self._set_aside(e)
            return _empty()
        if not isinstance(data, dict) or not isinstance(data.get("exercises"), dict):
            self._set_aside(ValueError(gettext("not a progress file")))
            return _empty()
        data.setdefault("lessons", {})
        return data

    def _set_aside(self, error) -> None:
        broken = self.path.with_name(self.path.name + ".broken")
        try:
            os.replace(self.path, broken)
            self.problem = gettext("{file}: could not be read ({reason}); kept as {kept}, starting afresh").format(
                file=self.path, reason=error, kept=broken.name)
        except OSError:
            self.problem = gettext("{file}: could not be read ({reason})").format(file=self.path, reason=error)

    def _save(self, data: dict) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            tmp = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
            tmp.write_text(json.dumps(data, indent=1, ensure_ascii=False, sort_keys=True), encoding="utf-8")
            os.replace(tmp, self.path)
        except OSError as e:   # a read-only home must not stop a lesson
            self.problem = gettext("{file}: progress not saved ({reason})").format(file=self.path, reason=e.strerror)

    def _change(self, key: str, change) -> None:
        data = self.load()
        entry = data["exercises"].setdefault(key, {"tries": 0, "solved": False, "hints": 0,
                                                   "solution_seen": False})
        change(entry)
        lesson = key.rsplit("/", 1)[0]
        data["lessons"].setdefault(lesson, {})["last_seen"] = _now()
        self._save(data)

    def record_try(self, key: str, answer: str, correct: bool) -> None:
        """One try at exercise ``key``: the answer (as text) and whether it was right."""
        def change(entry):
            entry["tries"] += 1
            entry["last_answer"] = answer
            entry.setdefault("first_try", _now())
            if correct and not entry["solved"]:
                entry["solved"], entry["solved_at"] = True, _now()
        self._change(key, change)

    def record_hint(self, key: str, seen: int) -> None:
        self._change(key, lambda entry: entry.__setitem__("hints", max(entry["hints"], seen)))

    def record_solution(self, key: str) -> None:
        self._change(key, lambda entry: entry.__setitem__("solution_seen", True))

    def note_lesson(self, lesson: str, title: str, ids: Iterable[str]) -> None:
        """Remember a lesson's title and how many exercises it has (for the course table)."""
        data = self.load()
        info = data["lessons"].setdefault(lesson, {})
        ids = list(ids)
        if info.get("title") != title or info.get("exercises") != len(ids):
            info.update(title=title, exercises=len(ids))
            self._save(data)

    def entry(self, key: str) -> dict:
        """The record of exercise ``key`` (empty when never tried)."""
        return self.load()["exercises"].get(key, {})

    def solved(self, key: str) -> bool:
        return bool(self.entry(key).get("solved"))

    def set_learner(self, name: str) -> None:
        data = self.load()
        data["learner"] = name.strip() or None
        self._save(data)

    def learner_name(self) -> str:
        """The name the learner saved, else the computer account's name (so that two students'
        exports never share a name), else "" where neither is known."""
        saved = self.load().get("learner")
        return saved if isinstance(saved, str) and saved.strip() else account_name()

    def export_file_name(self) -> str:
        """The file name an export is saved under: ``ttr-progress-<learner>.json``.

        >>> import tempfile, pathlib
        >>> store = ProgressStore(pathlib.Path(tempfile.mkdtemp()) / "progress.json")
        >>> store.set_learner("Ann Lee"); store.export_file_name()
        'ttr-progress-Ann-Lee.json'
        """
        slug = "-".join("".join(c if c.isalnum() else " " for c in self.learner_name()).split())
        return f"ttr-progress-{slug or 'unnamed'}.json"

    def lesson_rows(self) -> list:
        """One row per lesson met so far: ``{"lesson", "title", "exercises", "tried", "solved"}``."""
        data = self.load()
        rows: dict[str, dict] = {}
        for key, entry in data["exercises"].items():
            lesson = key.rsplit("/", 1)[0]
            info = data["lessons"].get(lesson, {})
            row = rows.setdefault(lesson, {"lesson": lesson, "title": info.get("title", lesson),
                                           "exercises": info.get("exercises"), "tried": 0, "solved": 0})
            row["tried"] += entry.get("tries", 0) > 0
            row["solved"] += bool(entry.get("solved"))
        return [rows[k] for k in sorted(rows)]

    def export(self, path, learner: str | None = None) -> Path:
        """Write the record for a teacher: ``.csv`` (one row per exercise) or JSON (anything
        else). Returns the file written."""
        data = self.load()
        who = learner or self.learner_name()
        path = Path(path)
        if path.suffix.lower() == ".csv":
            text = _csv(data, who)
        else:
            text = json.dumps({"learner": who, "exported": _now(), "course": "ttr-teach",
                               "lessons": self.lesson_rows(), "exercises": data["exercises"]},
                              indent=1, ensure_ascii=False, sort_keys=True)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return path


def _csv(data: dict, learner: str) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["learner", "exercise", "tries", "solved", "hints", "solution_seen", "last_answer"])
    for key in sorted(data["exercises"]):
        e = data["exercises"][key]
        writer.writerow([learner, key, e.get("tries", 0), e.get("solved", False), e.get("hints", 0),
                         e.get("solution_seen", False), e.get("last_answer", "")])
    return out.getvalue()


class Progress:
    """How many exercises of a lesson (or puzzles of a book) the learner has solved, now or in
    an earlier session, shown as a progress bar with an *Export my progress* button.

    >>> from ttr_teach.course.exercises.core import NumberExercise
    >>> a, b = NumberExercise("1+1?", 2), NumberExercise("2+2?", 4)
    >>> p = Progress([a, b]); a.verify("2"); p.summary()
    '0 of 2 solved'
    >>> _ = a.check(2); p.summary()
    '1 of 2 solved'
    """

    def __init__(self, exercises: Iterable, store: ProgressStore | None = None):
        self.exercises = list(exercises)
        self.store = store
        for e in self.exercises:        # exercises with a name keep their tries in the store
            if store is not None and e.id and e.store is None:
                e.store = store

    @property
    def solved(self) -> int:
        recorded = self.store.load()["exercises"] if self.store is not None else {}
        return sum(e.solved or bool(recorded.get(e.id, {}).get("solved")) for e in self.exercises)

    def summary(self) -> str:
        return gettext("{solved} of {total} solved").format(solved=self.solved, total=len(self.exercises))

    @property
    def record(self) -> ProgressStore:
        """Where the learner's record is kept (the default progress file when none was given)."""
        return self.store if self.store is not None else ProgressStore()

    def export(self, path, learner: str | None = None) -> Path:
        """Write the learner's whole record (every lesson) to ``path`` for a teacher."""
        return self.record.export(path, learner)

    def widget(self):
        from .widget import progress_widget

        return progress_widget(self)

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget())

    def _repr_html_(self):
        return gettext("{progress} {summary}").format(progress="<b>" + gettext("Progress:") + "</b>",
                                                     summary=self.summary())

    def __repr__(self):
        return f"<Progress: {self.summary()}>"
