"""Tables of a tournament's results: the standings and the head-to-head table.

Both are lists of rows (dicts) that print as text, show as HTML in a notebook and write CSV.
The rows' keys are data and stay English (the CSV and JSON files keep them); a printed or
shown table heads its columns with their titles in the language spoken now
(:func:`column_title`).

* :func:`standings_rows` gives, per bot: ``games`` (seats played), ``wins`` (shared wins as
  fractions, see :mod:`.records`), ``win_rate`` with its 95% Wilson interval (``low``,
  ``high``), ``mean_score`` and ``sd_score`` (over the games played to the end), ``faults``
  (games it lost by raising, an illegal action or the clock), the OpenSkill ``rating``
  (``mu - 3·sigma``; :mod:`.ratings`) and ``ms_per_decision`` (processor milliseconds per
  decision, which vary from run to run). Sorted by win rate, then rating.
* :func:`head_to_head_rows`: for each bot, its score against each other bot (how often it
  finished ahead, ties counting half) as a percentage, with the number of meetings.

>>> t = Rows([{"bot": "a", "wins": 1.5}], caption="demo")
>>> print(t)
demo
bot  wins
a    1.5
>>> t["a"]["wins"]
1.5
>>> print(Rows([{"bot": "a", "n": 10, "why": "slow"}, {"bot": "bb", "n": 2, "why": "raised"}]))
bot  n   why
a    10  slow
bb    2  raised
"""
from __future__ import annotations

import csv
import html
import io
import statistics

from ..engine.i18n import pgettext
from ..engine.text import display_width, pad
from .ratings import head_to_head, ratings, wilson_interval


class Rows:
    """Rows of a table (dicts with the same keys); the first column names the row.
    ``table[name]`` is the row whose first column is ``name``."""

    def __init__(self, rows, columns=None, caption: str = "", formats=None):
        self.rows = [dict(r) for r in rows]
        self.columns = list(columns or (self.rows[0].keys() if self.rows else []))
        self.caption = caption
        self.formats = dict(formats or {})

    def __iter__(self):
        return iter(self.rows)

    def __len__(self):
        return len(self.rows)

    def __getitem__(self, key):
        if isinstance(key, int):
            return self.rows[key]
        for row in self.rows:
            if row[self.columns[0]] == key:
                return row
        raise KeyError(key)

    def __eq__(self, other):
        return isinstance(other, Rows) and (self.rows, self.columns) == (other.rows, other.columns)

    __hash__ = None  # type: ignore[assignment]  # deliberately unhashable

    def cell(self, row, column) -> str:
        value = row.get(column, "")
        fmt = self.formats.get(column)
        if value is None:
            return "–"
        if fmt and isinstance(value, (int, float)):
            return format(value, fmt)
        if isinstance(value, float):
            return f"{value:g}"
        return str(value)

    def __str__(self):
        """The table as text: numbers right-aligned, words (and the first column) left-aligned."""
        cells = [[column_title(c) for c in self.columns]] + [[self.cell(r, c) for c in self.columns]
                                                            for r in self.rows]
        widths = [max(display_width(row[i]) for row in cells) for i in range(len(self.columns))]
        left = [i == 0 or any(isinstance(r.get(c), str) for r in self.rows) for i, c in enumerate(self.columns)]
        lines = ["  ".join(pad(v, w, on_left) for v, w, on_left in zip(row, widths, left, strict=True)).rstrip()
                 for row in cells]
        lines[0] = "  ".join(pad(v, w) for v, w in zip(cells[0], widths, strict=True)).rstrip()
        return "\n".join(([self.caption] if self.caption else []) + lines)

    __repr__ = __str__

    def _repr_html_(self):
        head = "".join(f'<th title="{html.escape(column_title(c))}">{html.escape(column_title(c, short=True))}</th>'
                       for c in self.columns)
        body = "".join("<tr>" + "".join(f"<td>{html.escape(self.cell(r, c))}</td>" for c in self.columns)
                       + "</tr>" for r in self.rows)
        caption = f"<caption>{html.escape(self.caption)}</caption>" if self.caption else ""
        return (f'<table class="ttr-standings" style="font-size: 90%">{caption}<thead><tr>{head}</tr></thead>'
                f"<tbody>{body}</tbody></table>")

    def to_csv(self, path=None) -> str:
        """The rows as CSV text (written to ``path`` too when given)."""
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=self.columns, extrasaction="ignore", lineterminator="\n")
        writer.writeheader()
        writer.writerows(self.rows)
        text = out.getvalue()
        if path is not None:
            with open(path, "w", encoding="utf-8", newline="") as f:
                f.write(text)
        return text


def column_title(column, short: bool = False) -> str:
    """The title a printed table gives the column ``column`` (a key of its rows), in the
    language spoken now; ``short``: the HTML table's shorter title (the full one shows on
    hover), so that a tournament's standings fit the notebook at 1366x768. A column the
    package does not name (a bot's, in the head-to-head table) is titled by its key.

    >>> column_title("win_rate"), column_title("win_rate", short=True), column_title("zed")
    ('win_rate', 'win %', 'zed')
    """
    if short:
        shorter = {"win_rate": pgettext("column", "win %"), "mean_score": pgettext("column", "mean"),
                   "sd_score": pgettext("column", "sd"), "ms_per_decision": pgettext("column", "cpu ms"),
                   "slowest_ms": pgettext("column", "max cpu"), "wall_ms_per_decision": pgettext("column", "wall ms"),
                   "slowest_wall_ms": pgettext("column", "max wall")}
        if column in shorter:
            return shorter[column]
    titles = {
        "bot": pgettext("column", "bot"), "games": pgettext("column", "games"), "wins": pgettext("column", "wins"),
        "win_rate": pgettext("column", "win_rate"), "low": pgettext("column", "low"),
        "high": pgettext("column", "high"), "mean_score": pgettext("column", "mean_score"),
        "sd_score": pgettext("column", "sd_score"), "faults": pgettext("column", "faults"),
        "rating": pgettext("column", "rating"), "mu": pgettext("column", "mu"), "sigma": pgettext("column", "sigma"),
        "ms_per_decision": pgettext("column", "ms_per_decision"), "slowest_ms": pgettext("column", "slowest_ms"),
        "wall_ms_per_decision": pgettext("column", "wall_ms_per_decision"),
        "slowest_wall_ms": pgettext("column", "slowest_wall_ms"),
        "game": pgettext("column", "game"), "kind": pgettext("column", "kind"), "turn": pgettext("column", "turn"),
        "reason": pgettext("column", "reason"), "kinds": pgettext("column", "kinds"),
        "first": pgettext("column", "first")}
    return titles.get(column, str(column))

STANDINGS_COLUMNS = ["bot", "games", "wins", "win_rate", "low", "high", "mean_score", "sd_score",
                     "faults", "rating", "mu", "sigma", "ms_per_decision", "slowest_ms",
                     "wall_ms_per_decision", "slowest_wall_ms"]
STANDINGS_FORMATS = {"wins": "g", "win_rate": ".1%", "low": ".1%", "high": ".1%", "mean_score": ".1f",
                     "sd_score": ".1f", "rating": ".2f", "mu": ".2f", "sigma": ".2f", "ms_per_decision": ".1f",
                     "slowest_ms": ".0f", "wall_ms_per_decision": ".1f", "slowest_wall_ms": ".0f"}


def standings_rows(records, names) -> list:
    """One row per bot (see the module docstring)."""
    rated = ratings(records, names)
    rows = []
    for name in names:
        games = wins = faults = decisions = 0
        seconds = wall = slowest = slowest_wall = 0.0
        scores = []
        for rec in records:
            for seat, bot in enumerate(rec.seats):
                if bot != name:
                    continue
                games += 1
                wins += rec.wins[seat]
                if rec.fault is None:
                    scores.append(rec.scores[seat])
                elif rec.fault.get("seat") == seat:
                    faults += 1
                if rec.decisions:
                    decisions += rec.decisions[seat]
                    seconds += rec.seconds[seat]
                    slowest = max(slowest, rec.slowest[seat])
                if rec.wall:
                    wall += rec.wall[seat]
                    slowest_wall = max(slowest_wall, rec.slowest_wall[seat])
        low, high = wilson_interval(wins, games)
        rows.append({
            "bot": name, "games": games, "wins": round(wins, 6), "win_rate": wins / games if games else None,
            "low": low, "high": high,
            "mean_score": statistics.fmean(scores) if scores else None,
            "sd_score": statistics.stdev(scores) if len(scores) > 1 else None,
            "faults": faults, **rated[name],
            "ms_per_decision": 1000 * seconds / decisions if decisions else None,
            "slowest_ms": 1000 * slowest if decisions else None,
            "wall_ms_per_decision": 1000 * wall / decisions if decisions else None,
            "slowest_wall_ms": 1000 * slowest_wall if decisions else None})
    rows.sort(key=lambda r: (-(r["win_rate"] or 0), -r["rating"], r["bot"]))
    return rows


def head_to_head_rows(records, names) -> list:
    """One row per bot: its percentage against each other bot, and ``"(n)"`` meetings."""
    table = head_to_head(records, names)
    rows = []
    for a in names:
        row = {"bot": a}
        for b in names:
            if a == b:
                row[b] = ""
            else:
                score, met = table[a][b]
                row[b] = f"{100 * score / met:.0f}% ({met})" if met else "–"
        rows.append(row)
    return rows
