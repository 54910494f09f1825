"""Pieces the graph lessons share: the highlight colours, :class:`Table`, and small readers
(city names, route references, edge lists, search trees, a reference solution's source)."""
from __future__ import annotations

import html

from ....engine.i18n import N_, gettext, local_digits
from ....engine.integers import is_whole
from ....engine.maps import Map, Route
from ....engine.text import listing

#: Colours that tell groups (or the steps of a search) apart on the board; none is a route colour.
GROUP_COLORS = ("#ff1493", "#00b3e6", "#8a2be2", "#00a383", "#ff8c00", "#8b4513", "#1f3fbf", "#9acd32")
NOW_COLOR = "#222222"      # the city or route the current step is about
DONE_COLOR = "#00a383"     # settled / taken from the queue
WAITING_COLOR = "#ff8c00"  # discovered, waiting (queue or frontier)
TREE_COLOR = "#00b3e6"     # search tree: how each city was reached
PATH_COLOR = "#ff1493"     # the answer


#: The headings of the lessons' tables, shown in the learner's language (the rows keep these
#: English keys, which the notebooks' code reads).
HEADINGS = (
    N_("map"), N_("cities"), N_("city"), N_("routes"), N_("city pairs"), N_("double routes"), N_("connected"),
    N_("diameter (routes)"), N_("mean neighbours"), N_("neighbours"), N_("trains"), N_("ticket"),
    N_("tickets"), N_("points"), N_("extra"), N_("shortest paths"), N_("ferries"), N_("longest step"),
    N_("hand"), N_("forest"), N_("tree"), N_("approximate"), N_("x forest"), N_("x tree"), N_("pieces"),
    N_("network"), N_("method"), N_("calls"), N_("longest trail"), N_("loops"), N_("plain calls"),
    N_("speed-ups calls"), N_("x previous"), N_("share"), N_("trains on the map"),
    N_("upper bound (integer program)"), N_("proved optimal"), N_("routes left out"), N_("sets"),
    N_("years to check them all"), N_("score"), N_("route points"), N_("ticket points"), N_("optimum"),
    N_("LP with cuts"), N_("LP without cuts"), N_("cuts added"), N_("smallest piece"), N_("rest"),
    N_("together"), N_("best with it"), N_("best with the rest"), N_("taken"), N_("long"), N_("path"),
    N_("first from"), N_("next to"), N_("of"), N_("proven"), N_("trains on the board"), N_("odd cities"),
    N_("x faster"), N_("package ms"), N_("ilp ms"), N_("LP, one tree"),
)
#: The captions the notebooks give their tables.
CAPTIONS = (
    N_("LP bounds (stored) against the optimum (cached)"), N_("Europe, 45 trains: the split rule"),
    N_("Europe: the tickets the optimum takes most"), N_("USA: the tickets the optimum takes most"),
)


def _shown(text: str) -> str:
    """A heading or caption in the learner's language (an unmarked one as it is)."""
    return gettext(text) if text else ""


def _step_title(k: int, total: int) -> str:
    """A frame's title: ``"step 3 of 16."``."""
    return gettext("step {k} of {total}.").format(k=k, total=total)


def _name(m: Map, city: str) -> str:
    return m.cities[city].name


class Table:
    """Rows of dicts shown as an HTML table in a notebook (and as text elsewhere).

    >>> print(Table([{"city": "Paris", "routes": 10}]))
    city   routes
    Paris  10
    """

    def __init__(self, rows, columns=None, caption: str = ""):
        self.rows = list(rows)
        self.columns = list(columns or (self.rows[0].keys() if self.rows else []))
        self.caption = caption

    @staticmethod
    def _cell(value) -> str:
        if isinstance(value, float):
            return local_digits(f"{value:.2f}")
        if type(value) is int:
            return local_digits(str(value))
        if isinstance(value, (list, tuple)):
            return listing(map(str, value))
        return str(value)

    def __str__(self):
        cells = [[_shown(str(c)) for c in self.columns]]
        cells += [[self._cell(r.get(c, "")) for c in self.columns] for r in self.rows]
        widths = [max(len(row[i]) for row in cells) for i in range(len(self.columns))]
        lines = ["  ".join(v.ljust(w) for v, w in zip(row, widths, strict=True)).rstrip() for row in cells]
        return "\n".join(([_shown(self.caption)] if self.caption else []) + lines)

    def __repr__(self):
        return str(self)

    def _repr_html_(self):
        head = "".join(f"<th>{html.escape(_shown(str(c)))}</th>" for c in self.columns)
        body = "".join("<tr>" + "".join(f"<td>{html.escape(self._cell(r.get(c, '')))}</td>"
                                        for c in self.columns) + "</tr>" for r in self.rows)
        caption = f"<caption>{html.escape(_shown(self.caption))}</caption>" if self.caption else ""
        return f"<table>{caption}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _routes_of(m: Map, routes) -> list:
    """Route objects for Routes, route indices or ``(a, b(, colour))`` references."""
    out = []
    for r in routes:
        if isinstance(r, Route):
            out.append(r)
        elif is_whole(r):
            out.append(m.routes[r])
        else:
            out.append(m.route(*r[:2], *(r[2:3] if len(r) == 3 and isinstance(r[2], str) else ())))
    return out


def _edge_list(edges) -> list:
    """``edges`` (Routes or ``(a, b, length, ...)`` tuples) as ``(a, b, length)`` triples."""
    out = []
    for e in edges:
        if isinstance(e, Route):
            out.append((e.a, e.b, e.length))
        else:
            out.append((e[0], e[1], e[2]))
    return out


def _tree_pairs(parent: dict, keep=None) -> list:
    """The ``[parent, city]`` routes of a search tree (only for the cities in ``keep``, if given)."""
    return [[p, c] for c, p in parent.items() if p is not None and (keep is None or c in keep)]
