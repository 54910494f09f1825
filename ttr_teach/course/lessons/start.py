"""Lesson 00, start here: the course map and a first look at the board.

>>> [entry.path for entry in COURSE][:3]
['notebooks/01_train_cards.ipynb', 'notebooks/02_claiming_routes.ipynb', 'notebooks/03_double_routes.ipynb']
>>> city_summary("Paris").splitlines()[0]
'Paris: 10 routes'
"""
from __future__ import annotations

from dataclasses import dataclass
from html import escape

from ...engine.i18n import N_, gettext, ngettext
from ...engine.maps import load_map
from .common import svg_html


@dataclass(frozen=True)
class CourseEntry:
    """One stop of the course: its path from the repository's root, a title and what it teaches."""

    path: str
    title: str
    about: str

    def link_from(self, folder: str = "notebooks") -> str:
        """The relative link to this entry from a notebook in ``folder``.

        >>> COURSE[0].link_from("notebooks"), COURSE[-1].link_from("notebooks")
        ('01_train_cards.ipynb', 'graphs/00_index.ipynb')
        """
        depth = len([p for p in folder.split("/") if p])
        if self.path.startswith(folder.rstrip("/") + "/"):
            return self.path[len(folder.rstrip("/")) + 1:]
        return "../" * depth + self.path


#: The course, in order. Rules first (one rule per notebook), then free play, puzzles and graphs.
#: (Titles and what each teaches are marked with ``N_``: translated where they are shown.)
COURSE = (
    CourseEntry("notebooks/01_train_cards.ipynb", N_("Train cards"),
                N_("the 110 cards, the face-up market, locomotives, the 3-locomotive reset")),
    CourseEntry("notebooks/02_claiming_routes.ipynb", N_("Claiming routes"),
                N_("colours, gray routes, locomotives as wild cards, the scoring table")),
    CourseEntry("notebooks/03_double_routes.ipynb", N_("Double routes"),
                N_("who may claim the second route of a pair, with 2 to 5 players")),
    CourseEntry("notebooks/04_ferries.ipynb", N_("Ferries"), N_("locomotive symbols and what a ferry costs")),
    CourseEntry("notebooks/05_tunnels.ipynb", N_("Tunnels"),
                N_("three revealed cards, extra costs, and their exact probabilities")),
    CourseEntry("notebooks/06_destination_tickets.ipynb", N_("Destination tickets"),
                N_("drawing, keeping and completing tickets")),
    CourseEntry("notebooks/07_stations.ipynb", N_("Stations"), N_("borrowing one opponent's route per station")),
    CourseEntry("notebooks/08_longest_route.ipynb", N_("The longest route"),
                N_("the European Express bonus, and why it is a hard problem")),
    CourseEntry("notebooks/09_end_and_scoring.ipynb", N_("The end and final scoring"),
                N_("the last round, the final count, the tie-breakers")),
    CourseEntry("notebooks/10_usa_vs_europe.ipynb", N_("USA and Europe"),
                N_("what the original game does differently")),
    CourseEntry("notebooks/11_common_misreadings.ipynb", N_("Common misreadings"),
                N_("rules that are easy to get wrong, checked by the engine")),
    CourseEntry("notebooks/12_play.ipynb", N_("Play a whole game"),
                N_("against bots or friends at one laptop, with a coach who gives hints and says why a move "
                   "is refused")),
    CourseEntry("notebooks/sandbox.ipynb", N_("Sandbox"), N_("click routes and stations; watch the score change")),
    CourseEntry("puzzles/introductory.ipynb", N_("Puzzles"),
                N_("scoring puzzles with checked answers and worked solutions")),
    CourseEntry("notebooks/graphs/00_index.ipynb", N_("Graph algorithms"),
                N_("connectivity, shortest paths, Steiner trees and the longest trail on the real map")),
)


def city_summary(city, map="europe") -> str:
    """The routes that leave ``city``, one per line, e.g. ``Paris: 10 routes`` then each route."""
    m = load_map(map)
    c = m.city(city)
    routes = m.routes_at(c.id)
    lines = [ngettext("{city}: {n} route", "{city}: {n} routes", len(routes)).format(city=c.name, n=len(routes))]
    lines += [f"  {r}" for r in sorted(routes, key=lambda r: (r.other_end(c.id), r.color))]
    return "\n".join(lines)


def city_explorer(city: str = "Paris", map="europe"):
    """Pick a city: its routes glow on the board and are listed beside it."""
    import ipywidgets as w

    from ...views.svg import board_svg

    m = load_map(map)
    choose = w.Dropdown(options=sorted((c.name, c.id) for c in m.cities.values()), value=m.city_id(city),
                        description=gettext("City"))
    listing, picture = w.HTML(), w.HTML()
    listing.add_class("ttr-city-routes")

    def refresh(*_):
        text = city_summary(choose.value, m)
        listing.value = f"<pre>{escape(text)}</pre>"
        routes = [r.index for r in m.routes_at(choose.value)]
        picture.value = svg_html(board_svg(m, highlight=[{"routes": routes, "cities": [choose.value],
                                                          "label": text.splitlines()[0]}], size=760))

    choose.observe(refresh, "value")
    refresh()
    box = w.VBox([choose, listing, picture])
    box.add_class("ttr-city-explorer")
    return box


def course_progress_rows(store=None) -> list:
    """One row per lesson with exercises: its title, how many exercises, how many the learner
    has tried and solved (read from the progress file, every session and notebook together)."""
    from ..exercises import ProgressStore
    from .questions import LESSONS, lesson_builders

    store = store if store is not None else ProgressStore()
    record = store.load()["exercises"]
    rows = []
    for name, build in lesson_builders().items():
        ids = [f"{name}/{key}" for key in build().ids]
        rows.append({N_("lesson"): LESSONS[name][1], N_("exercises"): len(ids),
                     N_("tried"): sum(record.get(i, {}).get("tries", 0) > 0 for i in ids),
                     N_("solved"): sum(bool(record.get(i, {}).get("solved")) for i in ids)})
    puzzles = [k for k in record if k.startswith("puzzles/")]
    rows.append({N_("lesson"): N_("Puzzles"), N_("exercises"): "", N_("tried"): len(puzzles),
                 N_("solved"): sum(bool(record[k].get("solved")) for k in puzzles)})
    return rows


def course_progress(store=None):
    """The learner's progress through the whole course, with a box for their name and a button
    that exports the record for their teacher (JSON; the file is also offered as a download)."""
    import ipywidgets as w

    from ..exercises import Progress, ProgressStore
    from ..exercises.widget import export_widget
    from .common import table_html

    store = store if store is not None else ProgressStore()
    table = w.HTML()
    name = w.Text(value=store.load().get("learner") or "", description=gettext("Your name"),
                  placeholder=gettext("for your teacher"))
    saved = w.Button(description=gettext("Save name"), icon="user")
    link = w.HTML()      # one message line: the newest (name saved, progress exported) replaces the older
    export = export_widget(Progress([], store=store), message=link)

    def refresh(*_):
        table.value = table_html(course_progress_rows(store))

    def on_save(_):
        store.set_learner(name.value)
        link.value = escape(gettext("Saved: {name}.").format(name=name.value))

    saved.on_click(on_save)
    refresh()
    box = w.VBox([table, w.HBox([name, saved]), export, link])
    box.add_class("ttr-course-progress")
    return box


def map_size(m) -> str:
    """How many cities, routes and tickets a map has, in words.

    >>> from ttr_teach.engine.maps import load_map
    >>> map_size(load_map("europe"))
    '47 cities, 101 routes, 46 tickets'
    """
    cities, routes, tickets = len(m.cities), len(m.routes), len(m.tickets)
    # TRANSLATORS: a map's size, e.g. "47 cities, 101 routes, 46 tickets"
    return gettext("{cities}, {routes}, {tickets}").format(
        cities=ngettext("{n} city", "{n} cities", cities).format(n=cities),
        routes=ngettext("{n} route", "{n} routes", routes).format(n=routes),
        tickets=ngettext("{n} ticket", "{n} tickets", tickets).format(n=tickets))
