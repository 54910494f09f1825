"""Every sentence a user can see comes from the gettext catalogs (docs/translating.md): an
English sentence written in the code of the views, the players (bots, tournaments) or the
command line without ``gettext``, ``ngettext``, ``pgettext``,
``npgettext`` or ``N_`` would reach a Vietnamese, Persian, Swedish or Italian learner in
English. The check reads the source (``ast``): every string with two English words in a row
that is neither a docstring nor inside a marking call is a finding, the markup of HTML, SVG
and CSS taken out first; the allowlist names the few that no learner or teacher sees, each
with why."""
import ast
import re
from pathlib import Path

import pytest

from ttr_teach.engine.errors import TTRError
from ttr_teach.engine.i18n import set_language
from ttr_teach.engine.maps import load_map
from ttr_teach.engine.position import Position
from ttr_teach.views.highlights import resolve_highlight
from ttr_teach.views.svg import board_svg
from ttr_teach.views.widgets.play_model import PlayModel
from ttr_teach.views.widgets.play_save import read_saved
from ttr_teach.views.widgets.play_setup import PlaySetup

PACKAGE = Path(__file__).resolve().parents[1] / "ttr_teach"
#: The folders and modules checked: every string in them a user may read is marked.
#: (Glob patterns under ``ttr_teach/``.)
CHECKED = (
    "views/**/*.py", "players/**/*.py",
    "cli.py", "cli_best.py", "cli_tournament.py", "extras.py", "lazy.py", "__init__.py", "__main__.py",
    # the course's puzzles
    "course/puzzles/**/*.py",

    # the graph lessons
    "course/lessons/graphs/**/*.py",

    # the rule lessons, exercises, editions and the course's commands
    "course/*.py", "course/lessons/*.py", "course/lessons/questions/*.py", "course/exercises/**/*.py",

    # the engine and the algorithms
    "engine/**/*.py", "algorithms/**/*.py",
)
MARKERS = {"gettext", "ngettext", "pgettext", "npgettext", "N_"}
_TWO_WORDS = re.compile(r"[A-Za-z]{2,}[,;:.'’]?\s+[A-Za-z]{2,}")
_TAG = re.compile(r"<[^<>]*>|^[^<>]*>|<[^<>]*$")       # whole tags, and a tag cut by an f-string
_STYLE = re.compile(r"<style>.*?</style>", re.S)
#: CSS as this package writes it: ``property:value`` without a space, sizes, font lists, flex values
_CSS = re.compile(r"[a-z-]+:[^\s/]|\d(px|em)\b|\bsans-serif\b|\bsolid\b|^row wrap$")

#: (module, text): strings a user never reads, and why.
ALLOWED = {
    ("views/board_words.py", "route point"):
        "a key of POINTS_WORDS, which holds the marked phrases (ngettext) the board shows",
    ("views/svg.py", "route point"): "the key of POINTS_WORDS the board's score legend uses",
    ("views/geometry.py", "every city has label candidates"):
        "an assertion on the board's own layout data, which no argument can break",
    ("views/widgets/play_save.py", "ttr-teach play"): "the saved file's format name, a key in the JSON",
    ("views/widgets/play_save.py", "not valid JSON"):
        "compared with the engine's English refusal, to say it of a saved game; in another language "
        "the engine's own translated sentence is shown",
    ("views/widgets/replay_model.py", "cannot read the file"):
        "compared with the engine's English refusal, as above",
    ("views/widgets/play_state.py", "no game has started yet"):
        "a RuntimeError for a programmer: the widgets ask for the game only once one has started",
    ("views/widgets/shapes.py", "only half-circle arcs are supported, not "):
        "the parser of the package's own SVG path data (station and symbol shapes), not of user input",
    ("views/widgets/shapes.py", "SVG path command "): "as above",
    ("views/widgets/shapes.py", " is not supported"): "as above",
    ("players/bot_loading.py", "a .py file has a loader"): "an assertion on importlib's contract",
    ("players/bot_process.py", "a bot decides between start() and close()"):
        "an assertion on the referee's own order of calls",
    ("players/expert/tickets.py", "an offer holds at least keep_at_least tickets"):
        "an assertion on the engine's offer, which the rules guarantee",
    ("players/referee.py", "ttr-teach bot decision"): "a thread's name, seen only in a debugger",
    ("players/bot_pipe.py", "ttr-teach bot starter"): "a thread's name, seen only in a debugger",
    ("players/tournament_result.py", " stopped by a fault"): "__repr__, a programmer's view of the object",
    ("players/view.py", "to act"): "__repr__, as above",
    ("players/view.py", "waiting for "): "__repr__, as above",
    ("players/view.py", " game, turn "): "__repr__, as above",
    ("extras.py", "pip install "): "a command to type, the same in every language",
    # extras.py sits below the engine and imports nothing of the package (docs/architecture.md),
    # so it cannot reach the catalogs: its "X needs the package P, which is not installed" stays
    # English for now, and so do the purposes the players give it (a sentence half translated
    # would read worse)
    ("extras.py", "it comes with the extra "): "below the engine, see above",
    ("extras.py", ": pip install 'ttr-teach["): "below the engine, see above",
    ("extras.py", "]' (in a checkout: pip install '.["): "below the engine, see above",
    ("extras.py", " needs the package "): "below the engine, see above",
    ("extras.py", ", which is not installed; "): "below the engine, see above",
    ("players/bot_loading.py", "sending a bot defined in a notebook"): "a purpose given to extras.require, see above",
    ("players/ratings.py", "rating the bots of a tournament"): "a purpose given to extras.require, see above",
    ("lazy.py", " has no attribute "): "Python's own AttributeError wording, which tools and IDEs rely on",
    # the engine and the algorithms
    ("engine/actions.py", "def to_dict(self):"): "Python source compiled for each action class, never shown",
    ("engine/cards.py", "{colour or 'locomotive': count}"):
        "the form of a hand written as Python code, filled into a marked refusal",
    ("engine/cards.py", "train cards"): "the name that seeds the deck's shuffle (a saved seed gives the same deal)",
    ("engine/game/arranged.py", "arranged cards"): "the name that seeds a shuffle, as above",
    ("engine/game/arranged.py", "arranged tickets"): "the name that seeds a shuffle, as above",
    ("engine/claims.py", "no city can take a station"):
        "an IndexError past the end of the engine's lazy list of station actions, like a list's own",
    ("engine/payment.py", "no such way to pay"): "an IndexError past the end of the lazy list of payments, as above",
    ("engine/payment.py", "tunnel extra"): "a value of Cost.kind that the code compares; the messages name it",
    ("engine/files.py", "maximum nesting depth"): "compared with libyaml's own message, to refuse it in our words",
    ("engine/game/core.py", "choose tickets"): "__repr__, a programmer's view of the game",
    ("engine/game/core.py", " players, turn "): "__repr__, as above",
    ("engine/game/moves/__init__.py", " is not an action of this game"):
        "an assertion: apply() is given only actions why_illegal() has accepted",
    ("engine/game/moves/__init__.py", "a game not over has a legal action"): "an assertion on the rules' own design",
    ("engine/game/moves/paying.py", "more ways to pay than a lane holds"):
        "a check on the engine's own tables of the ways to pay on a map (each a byte), not on anything typed",
    ("engine/game/moves/tickets.py", "bottom of the ticket deck"):
        "where returned tickets go, a value of the game's log and saved files (shown as words by the log)",
    ("engine/game/saved_log.py", "bottom of the ticket deck"): "the saved file's value, as above, quoted as typed",
    ("engine/game/state.py", "ttr-teach game"): "the saved game's format name, a key in the JSON",
    ("engine/i18n.py", "Tiếng Việt"): "a language's name in that language, the same in every catalog",
    ("engine/longest/blocks.py", "the tree path itself is connected"): "an assertion on the search's own invariant",
    ("engine/longest/blocks.py", "dead end"): "a tag the search compares, never shown",
    ("engine/longest/bridges.py", "from above"): "a tag the search compares, never shown",
    ("engine/longest/intnet.py", "unreachable: checked edges are always numbered"): "an assertion, as above",
    ("engine/maps.py", "(city, city[, colour])"): "the form of a reference written as Python code, in a marked refusal",
    ("engine/maps.py", "(city, city)"): "as above",
    ("engine/unionfind.py", " elements in "): "__repr__, a programmer's view of the structure",
    ("algorithms/best_score.py", "one tree"): "a value of the result's details (method), compared and stored in JSON",
    ("algorithms/best_score_cache.py", "best_score sweep, written by "):
        "the 'about' line of the package's own data file, for its maintainers",
    ("algorithms/best_score_cache.py", "LP bounds of best_score"): "as above",
    ("algorithms/best_score_model.py", "solving best_score's integer program"):
        "a purpose given to extras.require, which stays English (see extras.py above)",
    ("algorithms/best_score_model.py", "ticket connectivity cuts"): "a description SCIP keeps for its own statistics",
    # the course's puzzles: the file format's own words (compared with what a file says, the same
    # in every language), the kinds' field descriptions (``Kind.fields`` and ``answer_format``:
    # notes for whoever writes a kind, which no code shows), and why_dull's reasons (the generator
    # only asks whether there is one; it drops the candidate and tries the next)
    ("course/puzzles/kinds/__init__.py", "puzzle kinds "):
        "a RuntimeError for a programmer who adds a kind; raised when the package is imported",
    ("course/puzzles/kinds/__init__.py", " must be both made in "): "as above",
    ("course/puzzles/kinds/tunnel.py", "^\\s*(exactly|at least|at most)"): "the pattern that reads an event",
    ("course/puzzles/kinds/tunnel.py", "can pay"): "an event as a puzzle file writes it, compared with the file",
    ("course/puzzles/kinds/tunnel.py", "at least"): "as above",
    ("course/puzzles/kinds/tunnel.py", "at most"): "as above",
    ("course/puzzles/kinds/tunnel.py", "{colour or locomotive: count}"):
        "the shape of a field as code, filled into a marked refusal",
    ("course/puzzles/kinds/station_choice.py", "{route: [city, city], worth: N}"): "as above",
    ("course/puzzles/kinds/winner.py", "{winner: NAME or null, decided_by: "): "as above",
    ("course/puzzles/worksheet.py", "(`ttr-teach puzzles new --kind "): "a command to type, the same in every language",
    ("course/puzzles/worksheet.py", "answers new-page"): "CSS classes",
    ("course/puzzles/kinds/completion.py", 'whose ticket'):
        "a field's description in Kind.fields or answer_format: a note for whoever writes a kind, which no code shows",
    ("course/puzzles/kinds/completion.py", 'the ticket, [city, city]'): "as above",
    ("course/puzzles/kinds/completion.py", 'true (default) or false'): "as above",
    ("course/puzzles/kinds/completion.py", 'a whole number of trains'): "as above",
    ("course/puzzles/kinds/longest_route.py", '{length: N, bonus: [names]}: '): "as above",
    ("course/puzzles/kinds/scored.py", 'whose score'): "as above",
    ("course/puzzles/kinds/scored.py", 'a whole number of points'): "as above",
    ("course/puzzles/kinds/station_choice.py", 'the city of the station asked about'): "as above",
    ("course/puzzles/kinds/station_choice.py", '{route: [city, city], worth: N}: '): "as above",
    ("course/puzzles/kinds/tickets_completed.py", 'whose tickets'): "as above",
    ("course/puzzles/kinds/tickets_completed.py", 'a list of the completed tickets'): "as above",
    ("course/puzzles/kinds/tunnel.py", 'the cards that may be revealed'): "as above",
    ("course/puzzles/kinds/tunnel.py", 'the colour of the cards laid down'): "as above",
    ("course/puzzles/kinds/tunnel.py", 'an exact fraction, e.g.'): "as above",
    ("course/puzzles/kinds/tunnel.py", "'exactly K', 'at least K'"): "as above",
    ("course/puzzles/kinds/tunnel.py", "'can pay' only: "): "as above",
    ("course/puzzles/kinds/tunnel.py", 'the tunnel claimed, [city, city]'): "as above",
    ("course/puzzles/kinds/winner.py", '{winner: NAME or null, decided_by: points'): "as above",
    ("course/puzzles/kinds/completion.py", 'the ticket is complete already'):
        "why_dull's reason: the generator (and its test) only asks whether there is one; no one reads it",
    ("course/puzzles/kinds/completion.py", 'the player has not enough'): "as above",
    ("course/puzzles/kinds/completion.py", "the player's own routes"): "as above",
    ("course/puzzles/kinds/completion.py", 'too many trains for an'): "as above",
    ("course/puzzles/kinds/completion.py", 'the plain shortest path'): "as above",
    ("course/puzzles/kinds/completion.py", 'an expert completion puzzle'): "as above",
    ("course/puzzles/kinds/longest_route.py", 'nobody has a route'): "as above",
    ("course/puzzles/kinds/longest_route.py", 'too many routes for beginners'): "as above",
    ("course/puzzles/kinds/longest_route.py", "the holder's routes"): "as above",
    ("course/puzzles/kinds/longest_route.py", 'an expert longest route'): "as above",
    ("course/puzzles/kinds/route_points.py", 'an introductory puzzle has'): "as above",
    ("course/puzzles/kinds/route_points.py", 'no long route to score'): "as above",
    ("course/puzzles/kinds/route_points.py", 'an expert count'): "as above",
    ("course/puzzles/kinds/station_choice.py", 'the station borrows nothing'): "as above",
    ("course/puzzles/kinds/station_choice.py", 'two routes are equally good'): "as above",
    ("course/puzzles/kinds/station_choice.py", 'there is no choice to make'): "as above",
    ("course/puzzles/kinds/station_choice.py", 'beginners: at most three'): "as above",
    ("course/puzzles/kinds/station_choice.py", 'an expert station puzzle'): "as above",
    ("course/puzzles/kinds/tickets_completed.py", 'too few tickets'): "as above",
    ("course/puzzles/kinds/tickets_completed.py", 'an intermediate puzzle mixes'): "as above",
    ("course/puzzles/kinds/tickets_completed.py", 'an expert ticket puzzle'): "as above",
    ("course/puzzles/kinds/total_score.py", 'the player holds no ticket'): "as above",
    ("course/puzzles/kinds/total_score.py", 'too many routes for an'): "as above",
    ("course/puzzles/kinds/total_score.py", 'every ticket is completed'): "as above",
    ("course/puzzles/kinds/total_score.py", 'an expert total needs'): "as above",
    ("course/puzzles/kinds/tunnel.py", 'the probability is 0 or 1'): "as above",
    ("course/puzzles/kinds/tunnel.py", 'paying with locomotives only is not'): "as above",
    ("course/puzzles/kinds/tunnel.py", 'the tunnel cannot cost'): "as above",
    ("course/puzzles/kinds/tunnel.py", 'a small deck is not'): "as above",
    ("course/puzzles/kinds/tunnel.py", 'an expert tunnel puzzle'): "as above",
    ("course/puzzles/kinds/winner.py", 'beginners: decided by points'): "as above",
    ("course/puzzles/kinds/winner.py", 'a clear win on points'): "as above",
    ("course/puzzles/kinds/winner.py", 'an expert winner puzzle'): "as above",
    # the graph lessons (ttr_teach/course/lessons/graphs)
    ('course/lessons/graphs/__init__.py', ' has no attribute '):
        "Python's own AttributeError wording, which tools and IDEs rely on",
    ('course/lessons/graphs/backtracking.py', 'odd starts'):
        "a speed-up's name, a value of trail_search's speedups; shown in words, translated",
    ('course/lessons/graphs/backtracking.py', 'longest trail'):
        "a key of a table's rows, read by the notebooks; Table shows it as a heading, translated",
    ('course/lessons/graphs/backtracking.py', 'odd cities'):
        'as above',
    ('course/lessons/graphs/backtracking.py', 'plain calls'):
        'as above',
    ('course/lessons/graphs/backtracking.py', 'speed-ups calls'):
        'as above',
    ('course/lessons/graphs/backtracking.py', 'package ms'):
        'as above',
    ('course/lessons/graphs/backtracking.py', 'ilp ms'):
        'as above',
    ('course/lessons/graphs/best_score.py', 'longest routes first'):
        "a key of greedy_networks, read by the notebooks; each network's name is shown translated",
    ('course/lessons/graphs/best_score.py', 'cheapest tickets first'):
        'as above',
    ('course/lessons/graphs/best_score.py', 'best greedy start'):
        'as above',
    ('course/lessons/graphs/best_score.py', 'route points'):
        "a key of a table's rows, read by the notebooks; Table shows it as a heading, translated",
    ('course/lessons/graphs/best_score.py', 'ticket points'):
        'as above',
    ('course/lessons/graphs/best_score.py', 'city pairs'):
        'as above',
    ('course/lessons/graphs/best_score.py', 'years to check them all'):
        'as above',
    ('course/lessons/graphs/best_score.py', 'LP without cuts'):
        'as above',
    ('course/lessons/graphs/best_score.py', 'LP with cuts'):
        'as above',
    ('course/lessons/graphs/best_score.py', 'cuts added'):
        'as above',
    ('course/lessons/graphs/best_score.py', 'LP, one tree'):
        'as above',
    ('course/lessons/graphs/best_score.py', 'smallest piece'):
        'as above',
    ('course/lessons/graphs/best_score.py', 'best with it'):
        'as above',
    ('course/lessons/graphs/best_score.py', 'best with the rest'):
        'as above',
    ('course/lessons/graphs/best_score.py', 'first from'):
        'as above',
    ('course/lessons/graphs/best_score.py', 'upper left'):
        'a matplotlib legend position',
    ('course/lessons/graphs/best_score.py', ' - b] for b in range('):
        'a hint written in Python (a formula), the same in every language',
    ('course/lessons/graphs/bounded_search.py', 'routes only'):
        "a key of BOUNDS, an option's name; the table names the bound in words",
    ('course/lessons/graphs/bounded_search.py', 'every choice'):
        "a key of a table's rows, read by the notebooks; Table shows it as a heading, translated",
    ('course/lessons/graphs/bounded_search.py', 'branch and bound'):
        'as above',
    ('course/lessons/graphs/bounded_search.py', 'nodes explored'):
        'as above',
    ('course/lessons/graphs/bounded_search.py', 'best score found'):
        'as above',
    ('course/lessons/graphs/bounded_search.py', 'points per train'):
        'as above',
    ('course/lessons/graphs/bounded_search.py', 'upper right'):
        'a matplotlib legend position',
    ('course/lessons/graphs/depth_first.py', 'bridges (depth-first search)'):
        "a key of a table's rows, read by the notebooks; Table shows it as a heading, translated",
    ('course/lessons/graphs/depth_first.py', 'articulation cities'):
        'as above',
    ('course/lessons/graphs/dijkstra_proof.py', 'through finished cities only'):
        "a key of a table's rows, read by the notebooks; Table shows it as a heading, translated",
    ('course/lessons/graphs/dijkstra_proof.py', 'shortest distance'):
        'as above',
    ('course/lessons/graphs/dijkstra_proof.py', 'what Dijkstra does'):
        'as above',
    ('course/lessons/graphs/longest.py', 'the odd cities cannot be paired up'):
        'an invariant (no cover): a network has an even number of odd cities, so nothing can raise it',
    ('course/lessons/graphs/map_as_graph.py', 'city pairs'):
        "a key of a table's rows, read by the notebooks; Table shows it as a heading, translated",
    ('course/lessons/graphs/map_as_graph.py', 'double routes'):
        'as above',
    ('course/lessons/graphs/map_as_graph.py', 'trains on the board'):
        'as above',
    ('course/lessons/graphs/map_as_graph.py', 'mean neighbours'):
        'as above',
    ('course/lessons/graphs/map_as_graph.py', 'next to'):
        'as above',
    ('course/lessons/graphs/map_as_graph.py', 'Las Vegas'):
        "city names, the map's ids, in test cases",
    ('course/lessons/graphs/map_as_graph.py', 'Los Angeles'):
        'as above',
    ('course/lessons/graphs/map_as_graph.py', 'Kansas City'):
        'as above',
    ('course/lessons/graphs/max_flow.py', 'city pairs'):
        "a key of a table's rows, read by the notebooks; Table shows it as a heading, translated",
    ('course/lessons/graphs/max_flow.py', 'double routes'):
        'as above',
    ('course/lessons/graphs/max_flow.py', 'capacity left before'):
        'as above',
    ('course/lessons/graphs/max_flow.py', 'capacity left after'):
        'as above',
    ('course/lessons/graphs/max_flow.py', 'source side'):
        'as above',
    ('course/lessons/graphs/max_flow.py', 'routes of the source'):
        'as above',
    ('course/lessons/graphs/max_flow.py', 'routes of the sink'):
        'as above',
    ('course/lessons/graphs/max_flow.py', 'most paths'):
        'as above',
    ('course/lessons/graphs/max_flow.py', 'Los Angeles'):
        "city names, the map's ids",
    ('course/lessons/graphs/max_flow.py', 'New York'):
        'as above',
    ('course/lessons/graphs/planning.py', 'Los Angeles'):
        "a city name, the map's id, in test cases",
    ('course/lessons/graphs/circuit_to_path.py', 'Hamiltonian circuit in G'):
        "a key of a table's rows, read by the notebooks; Table shows it as a heading, translated",
    ('course/lessons/graphs/circuit_to_path.py', 'Hamiltonian path in H'):
        'as above',
    ('course/lessons/graphs/circuit_to_path.py', 'both agree'):
        'as above',
    ('course/lessons/graphs/reduction.py', 'longest trail is n + 1'):
        "a key of a table's rows, read by the notebooks; Table shows it as a heading, translated",
    ('course/lessons/graphs/reduction.py', 'Hamiltonian path'):
        'as above',
    ('course/lessons/graphs/reduction.py', 'both agree'):
        'as above',
    ('course/lessons/graphs/reduction.py', 'longest trail'):
        'as above',
    ('course/lessons/graphs/shortest_paths.py', 'shortest paths'):
        "a key of a table's rows, read by the notebooks; Table shows it as a heading, translated",
    ('course/lessons/graphs/shortest_paths.py', 'longest step'):
        'as above',
    ('course/lessons/graphs/shortest_paths.py', 'offset points'):
        "matplotlib's option values (annotation coordinates, legend)",
    ('course/lessons/graphs/shortest_paths.py', 'lower right'):
        'as above',
    ('course/lessons/graphs/spanning_trees.py', 'tour trains'):
        "keys of the proof's result, read by the notebook; its table says each step in words, translated",
    ('course/lessons/graphs/spanning_trees.py', 'path trains'):
        'as above',
    ('course/lessons/graphs/spanning_trees.py', 'step of the proof'):
        "a key of a table's rows, read by the notebooks; Table shows it as a heading, translated",
    ('course/lessons/graphs/write_a_bot.py', '"""Ada\'s bot'):
        "students' example bot files (Python source for the class tournament's demonstration): code stays English",
    ('course/lessons/graphs/write_a_bot.py', '"""Ben\'s bot'):
        'as above',
    ('course/lessons/graphs/write_a_bot.py', '"""Cleo\'s bot'):
        'as above',
    # the rule lessons, exercises, editions and the course's commands
    ("course/assignments.py", "writing nbgrader assignments"): "a purpose given to extras.require, see above",
    ("course/editions.py", "building the "): "a purpose given to extras.require, see above",
    ("course/assignments.py", "# your answer\n### BEGIN SOLUTION"):
        "the code of an nbgrader answer cell: nbgrader reads its markers, and code stays code",
    ("course/assignments.py", "\n### END SOLUTION"): "as above",
    ("course/assignments.py", " with the course's checker\nfrom ttr_teach"):
        "the code of an nbgrader test cell (hidden tests), as above",
    ("course/assignments.py", ")\n### END HIDDEN TESTS"): "as above",
    ("course/assignments.py", '"""nbgrader\'s configuration'): "nbgrader_config.py, Python code the teacher runs",
    ("course/assignments.py", '"\nc.GenerateAssignment'): "nbgrader_config.py, as above",
    ("course/notebook_translation.py", ": a block has no translation in "):
        "make translations, the maintainers' tool that writes the catalogs themselves",
    ("course/notebook_translation.py", " catalog is not complete"): "make translations, as above",
    ("course/notebook_translation.py", " notebooks translated"): "make translations' report, as above",
    ("course/notebook_translation.py", "from ttr_teach.course.language import"):
        "the code cell a translated notebook starts with",
    ("course/replay_page.py", "\n(function(){"):
        "the replay page's script; the words it shows (Play, Pause) come translated in its data",
    ("course/lessons/claiming.py", "points per train"): "a key of scoring_rows' rows, whose headings are marked",
    ("course/lessons/claiming.py", "offset points"): "a matplotlib argument",
    ("course/lessons/editions.py", "offset points"): "a matplotlib argument",
    ("course/lessons/endgame.py", "Europe: "):
        "the name of a tie-breaker example, a key the notebook's code cells pass to tie_position",
    ("course/lessons/endgame.py", "USA: "): "as above",
    ("course/lessons/questions/endgame.py", "Europe: still tied"): "as above",
    ("course/lessons/endgame.py", "New York"): "a city's name on the map, data the engine looks up",
    ("course/lessons/endgame.py", "Los Angeles"): "a city's name, as above",
    ("course/lessons/endgame.py", "San Francisco"): "a city's name, as above",
    ("course/lessons/endgame.py", "El Paso"): "a city's name, as above",
    ("course/lessons/endgame.py", "Santa Fe"): "a city's name, as above",
    ("course/lessons/endgame.py", "Kansas City"): "a city's name, as above",
    ("course/lessons/endgame.py", "Oklahoma City"): "a city's name, as above",
    ("course/lessons/questions/graphs_map.py", "Kansas City"): "a city's name, as above",
    ("course/lessons/longest.py", "a loop with two tails"): "a key of PRESETS, whose names are marked (N_)",
    ("course/lessons/misreadings.py", "returned to"):
        "a key of a demonstration's facts, which the notebook's check cells assert",
    ("course/lessons/misreadings.py", "deck "): "a key of a demonstration's facts, as above",
    ("course/lessons/misreadings.py", "box "): "a key of a demonstration's facts, as above",
    ("course/lessons/misreadings.py", "returned at the bottom"): "a key of a demonstration's facts, as above",
    ("course/lessons/misreadings.py", "claimed with"): "a key of a demonstration's facts, as above",
    ("course/lessons/misreadings.py", "trains "): "a key of a demonstration's facts, as above",
    ("course/lessons/misreadings.py", "last turns"): "a key of a demonstration's facts, as above",
    ("course/lessons/misreadings.py", "ann trains at end"): "a key of a demonstration's facts, as above",
    ("course/lessons/misreadings.py", "cards gained"): "a key of a demonstration's facts, as above",
    ("course/lessons/misreadings.py", "next player"): "a key of a demonstration's facts, as above",
    ("course/lessons/misreadings.py", "first half"): "a key of a demonstration's facts, as above",
    ("course/lessons/misreadings.py", "second half"): "a key of a demonstration's facts, as above",
    ("course/lessons/stations.py", "ticket points"): "a key of the explorer's rows, whose headings are marked",
    ("course/lessons/questions/stations.py", "ticket points"): "a key of the explorer's rows, as above",
    ("course/lessons/tickets.py", "bottom of the ticket deck"):
        "where the game's log says returned tickets went, a key of PLACES (marked)",
    ("course/lessons/questions/claiming.py", "yellow black"):
        "an exercise's example answer, which its hidden check cell reads (never shown)",
    ("course/lessons/questions/graphs_map.py", "Madrid and London"): "an example answer, as above",
    ("course/lessons/questions/graphs_map.py", "double routes"):
        "a key of graph_summary, and the unit's key in exercises.core._UNITS (marked)",
    ("course/exercises/core.py", "double routes"): "a key of _UNITS, whose phrases are marked (ngettext)",
    ("course/exercises/core.py", ": no example answer to verify"):
        "an AssertionError for a lesson's author: every exercise the package builds has an example",
    ("course/exercises/core.py", "the nudge for "):
        "a ValueError for a lesson's author (a nudge that right answers would hear), never a learner's",
    ("course/exercises/core.py", " would be heard by right answers"): "as above",
    ("course/exercises/core.py", "the answer "): "a ValueError for a lesson's author (a key not among the options)",
    ("course/exercises/core.py", " is not one of the options"): "as above",
    ("course/exercises/functions.py", "not written yet"):
        "a sentinel verdict compared in FunctionExercise._judge, which shows a marked sentence instead",
    ("course/exercises/reading.py", "no one"):
        "English words a learner may type for none, read as well as the language's own (NONE_WORDS_HERE)",
    ("course/exercises/reading.py", "no tickets"): "as above",
    ("course/exercises/reading.py", "zero one two"): "English number words a learner may type, read (never shown)",
    ("course/exercises/shortcuts.py", " has no "):
        "a ValueError for a lesson's author: a misspelt forbidden function in the package's own list",
}


def visible_text(value: str) -> str:
    """The words of ``value`` a reader would see: markup (HTML, SVG, CSS) taken out.

    >>> visible_text('<div class="x">Winner: <b>'), visible_text(';border:1px solid ')
    (' Winner:  ', '')
    """
    text = _STYLE.sub("", value)
    if "<" in text or ">" in text:
        text = _TAG.sub(" ", text)
    return "" if _CSS.search(text) else text


def _skipped(tree) -> set:
    """ids of the docstrings and of everything inside a marking call."""
    skip = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            skip.add(id(node.value))        # a docstring, or an attribute's
        if isinstance(node, ast.Call):
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None
            if name in MARKERS:
                skip.update(id(sub) for arg in node.args for sub in ast.walk(arg))
    return skip


def unmarked(source: str) -> list:
    """``(line, text)`` of each string in ``source`` with English words a user would read unmarked.

    >>> unmarked('x = gettext("Game over.")\\ny = f"it is {name}\\'s turn"')
    [(2, 'it is ')]
    """
    tree = ast.parse(source)
    skip = _skipped(tree)
    return sorted((node.lineno, node.value) for node in ast.walk(tree)
                  if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip
                  and _TWO_WORDS.search(visible_text(node.value)))


def _allowed(module: str, text: str) -> bool:
    return any(module == m and text.startswith(start) for m, start in ALLOWED)


def findings() -> list:
    out = []
    for pattern in CHECKED:
        for file in sorted(PACKAGE.glob(pattern)):
            module = file.relative_to(PACKAGE).as_posix()
            out += [f"{module}:{line}: {text!r}" for line, text in unmarked(file.read_text(encoding="utf-8"))
                    if not _allowed(module, text)]
    return out


def test_every_sentence_of_the_views_players_and_command_line_is_marked_for_translation():
    assert findings() == [], "mark these with gettext (or allow them here, saying why)"


def test_the_check_finds_an_unmarked_sentence_and_passes_marked_ones_and_markup():
    found = unmarked('def f(name):\n    """A docstring stays English."""\n'
                     '    a = gettext("the game is over; step through the final scoring")\n'
                     '    b = ngettext("{n} train left", "{n} trains left", 2)\n'
                     '    c = \'<rect class="space" x="\'\n'
                     '    d = "row wrap"\n'
                     '    e = f"the laptop goes to {name} first"\n'
                     '    g = \'<div class="ttr-winner">Winner: <b>\'\n'
                     '    return "; claimed by " + name\n')
    assert [line for line, _ in found] == [7, 9]


def test_every_allowance_is_still_needed():
    """An allowance whose string is gone (or now marked) must go too, so the list stays short."""
    used = set()
    for module, start in ALLOWED:
        texts = [t for _, t in unmarked((PACKAGE / module).read_text(encoding="utf-8"))]
        if any(t.startswith(start) for t in texts):
            used.add((module, start))
    assert set(ALLOWED) == used


@pytest.fixture
def in_language():
    yield set_language
    set_language(None)


def test_the_play_widgets_refusals_come_out_in_swedish(in_language):
    """The person at the laptop reads why nothing happens in their own language."""
    in_language("sv")
    model = PlayModel()
    assert model.click_deck().message == ("Inte tillåtet: dra ett kort blint från draghögen: inget parti har "
                                          "börjat: välj spelarna och klicka på ”Starta spelet”.")
    with pytest.raises(TTRError, match="det finns ingen platssort 'wizard'"):
        PlaySetup.of("usa", [("Ann", "person"), ("Bo", "wizard")])
    with pytest.raises(TTRError, match="spara.json är inget sparat parti: den innehåller list"):
        read_saved("[]", "spara.json")


def test_a_refused_action_says_what_may_be_done_instead_in_persian(in_language):
    in_language("fa")
    model = PlayModel.new("usa", [("Ann", "person"), ("Bo", "random")], seed=1)
    refused = model.click_face_up(9)
    assert refused.message.startswith("مجاز نیست:") and "فقط ۵ کارتِ رو هست" in refused.message
    model.keep_tickets()                                   # Ann keeps none of the 3 dealt: refused
    assert model.why_not().message.endswith(
        "می‌توانید انتخاب کنید کدام بلیت‌های پیشنهادی را نگه دارید (دست‌کم ۲).")


def test_the_boards_route_titles_and_the_highlight_refusals_in_italian(in_language):
    in_language("it")
    board = Position.empty(load_map("europe"))
    assert "Frankfurt–Paris: 3 caselle arancioni, percorso doppio" in board_svg(board)
    with pytest.raises(TTRError, match="chiave 'colour' sconosciuta"):
        resolve_highlight(board, {"colour": "red"})
    in_language("en")               # the board of a map is made once per language, not once
    assert "Frankfurt–Paris: 3 orange, double route" in board_svg(board)
