"""A game as one self-contained web page that plays it back: the board, a slider, play and
step buttons, the log and the scores; no network, no Jupyter, any browser.

:func:`replay_page` reads the game's steps from
:class:`~ttr_teach.views.widgets.replay_model.ReplayModel` (the deal, then the table after each
action) and writes the board once per distinct table (the route or station just taken is
pointed at by the page itself), every step's sentence, the route points at every step and,
for a finished game, the final totals. ``ttr-teach replay RESULT.json GAME -o game.html`` writes
one game of a saved tournament so.

>>> from ttr_teach.players.play import play_game
>>> from ttr_teach.players.random_bot import RandomBot
>>> page = replay_page(play_game("usa", [RandomBot(1), RandomBot(2)], seed=4), title="demo")
>>> page.startswith("<!DOCTYPE html>"), "<svg" in page, 'type="range"' in page, "http" in page.split("<script")[0]
(True, True, True, False)
"""
from __future__ import annotations

import html
import json

from ..engine.i18n import gettext, ngettext

#: The board's width in the page, in pixels (it shrinks with a narrower window).
BOARD_WIDTH = 760

_STYLE = """
body{font-family:"DejaVu Sans",Verdana,Arial,sans-serif;margin:1em auto;max-width:1200px;padding:0 .8em;color:#1b1b1b}
h1{font-size:1.3em;margin:.2em 0}.small{color:#555;font-size:.9em}
.layout{display:flex;flex-wrap:wrap;gap:1em;align-items:flex-start}
.board{flex:1 1 760px;max-width:760px;min-width:0}.board svg{max-width:100%;height:auto}
.side{flex:1 1 300px;min-width:260px}
.controls{display:flex;flex-wrap:wrap;gap:.4em;align-items:center;margin:.5em 0}
.controls button{font-size:1em;padding:.2em .7em}
.controls input[type=range]{flex:1 1 200px}
.caption{min-height:3em;margin:.4em 0}
table{border-collapse:collapse}td,th{border:1px solid #999;padding:2px 8px;text-align:right}
td:first-child,th:first-child{text-align:left}
ol.log{max-height:340px;overflow-y:auto;border:1px solid #ccc;padding:.3em .3em .3em 3.2em;font-size:.88em;
  margin:.5em 0}
ol.log li.now{background:#fff3b0;font-weight:bold}
.board .just-taken .space, .board .just-taken circle{stroke:#000 !important;stroke-width:3 !important}
button:focus-visible,input:focus-visible{outline:3px solid #1f5fbf;outline-offset:2px}
"""

_SCRIPT = """
(function(){
const data = JSON.parse(document.getElementById('replay-data').textContent);
const boards = JSON.parse(document.getElementById('replay-boards').textContent);
const slider = document.getElementById('step'), board = document.getElementById('board');
const caption = document.getElementById('caption'), log = document.getElementById('log');
const scores = document.getElementById('scores'), play = document.getElementById('play');
let shown = -1, timer = null;
function go(step){
  step = Math.max(0, Math.min(data.frames.length - 1, step));
  const f = data.frames[step];
  if (f.board !== shown){ board.innerHTML = boards[f.board]; shown = f.board; }
  board.querySelectorAll('.just-taken').forEach(e => e.classList.remove('just-taken'));
  if (f.claimed !== null){ const r = board.querySelector('#route-' + f.claimed); if (r) r.classList.add('just-taken'); }
  if (f.built !== null){
    board.querySelectorAll('[data-city="' + CSS.escape(f.built) + '"]').forEach(e => e.classList.add('just-taken'));
  }
  slider.value = step;
  caption.innerHTML = f.caption;
  const last = step === data.frames.length - 1;
  let rows = '';
  data.names.forEach((n, i) => {
    rows += '<tr><td>' + data.chips[i] + '</td><td>' + f.points[i] + '</td>' +
      (data.finals ? '<td>' + (last ? data.finals[i] : '') + '</td>' : '') + '</tr>';
  });
  scores.querySelector('tbody').innerHTML = rows;
  log.querySelectorAll('li.now').forEach(e => e.classList.remove('now'));
  const item = log.children[step]; if (item){ item.classList.add('now'); item.scrollIntoView({block: 'nearest'}); }
  if (last) stop();
}
function stop(){ if (timer){ clearInterval(timer); timer = null; play.textContent = data.labels.play; } }
play.addEventListener('click', () => {
  if (timer){ stop(); return; }
  if (+slider.value >= data.frames.length - 1) go(0);
  play.textContent = data.labels.pause;
  timer = setInterval(() => go(+slider.value + 1), 700);
});
document.getElementById('first').addEventListener('click', () => { stop(); go(0); });
document.getElementById('prev').addEventListener('click', () => { stop(); go(+slider.value - 1); });
document.getElementById('next').addEventListener('click', () => { stop(); go(+slider.value + 1); });
document.getElementById('last').addEventListener('click', () => { stop(); go(data.frames.length - 1); });
slider.addEventListener('input', () => { stop(); go(+slider.value); });
log.addEventListener('click', e => { const li = e.target.closest('li'); if (li){ stop(); go(+li.dataset.step); } });
go(0);
})();
"""


def _json_in_html(value) -> str:
    """JSON that is safe inside a ``<script>`` element (no ``</`` can close it)."""
    return json.dumps(value, ensure_ascii=False).replace("</", "<\\/").replace("<!--", "<\\!--")


def replay_page(game, title: str | None = None, stopped: str | None = None, about: str = "") -> str:
    """The HTML page (text) that plays ``game`` back (a :class:`~ttr_teach.engine.game.core.Game`
    with its log, its ``to_dict()``, or a saved game's file). ``stopped``: why a game that did
    not end stopped (a tournament's fault), said at its last step; ``about``: a line under the
    title (which tournament, which game).

    Cost: one board picture per distinct table (about 100 kB each), so a whole game is a few
    megabytes; building it takes about a second.
    """
    from ..engine.i18n import direction, language
    from ..engine.position import PLAYER_COLORS
    from ..views.widgets.panel_html import player_chip
    from ..views.widgets.replay_model import ReplayModel

    title = title if title is not None else gettext("A game of Ticket to Ride")
    model = ReplayModel(game, stopped=stopped)
    boards: list[str] = []
    seen: dict = {}
    frames = []
    for step in range(len(model)):
        f = model.go(step)
        key = (f.routes, f.stations)
        if key not in seen:
            seen[key] = len(boards)
            boards.append(_board(model))
        frames.append({"board": seen[key], "claimed": f.claimed, "built": f.built, "caption": model.caption_html(),
                       "points": list(f.route_points)})
    names = model.names
    chips = [player_chip(n, PLAYER_COLORS[i % len(PLAYER_COLORS)]) for i, n in enumerate(names)]
    finals = [p.total for p in model.final.players] if model.final else None
    data = {"names": names, "chips": chips, "frames": frames, "finals": finals,
            "labels": {"play": gettext("Play"), "pause": gettext("Pause")}}
    log = "".join(f'<li data-step="{i}">{html.escape(model.frames[i].text)}</li>' for i in range(len(model)))

    # the page's words, translated (then escaped) before the markup is built around them
    w = {key: html.escape(text) for key, text in {
        "player": gettext("player"),
        "route_points": gettext("route points"),
        "final_score": gettext("final score"),
        "replay_controls": gettext("replay controls"),
        "first_step": gettext("first step"),
        "previous_step": gettext("previous step"),
        "play": gettext("Play"),
        "next_step": gettext("next step"),
        "last_step": gettext("last step"),
        "step_of_the_game": gettext("step of the game"),
        "board_label": gettext("the board at this step"),
        "points_now": gettext("points at this step"),
        "the_log": gettext("The log"),
        "needs_script": gettext("This page needs JavaScript to step through the game; the log above lists every "
                                "step."),
    }.items()}
    head = (f"<tr><th>{w['player']}</th><th>{w['route_points']}</th>"
            + (f"<th>{w['final_score']}</th>" if finals else "") + "</tr>")
    last = len(model) - 1
    about_line = ngettext("{n} player on {map}, {actions} actions. Use the slider, the buttons, or click a line "
                          "of the log.",
                          "{n} players on {map}, {actions} actions. Use the slider, the buttons, or click a line "
                          "of the log.", len(names)).format(n=len(names), map=model.map.title, actions=last)
    body = f"""<h1>{html.escape(title)}</h1>
<p class="small">{html.escape(about)}{' ' if about else ''}{html.escape(about_line)}</p>
<div class="controls" role="group" aria-label="{w['replay_controls']}">
<button id="first" type="button" aria-label="{w['first_step']}">|&#x25C0;</button>
<button id="prev" type="button" aria-label="{w['previous_step']}">&#x25C0;</button>
<button id="play" type="button">{w['play']}</button>
<button id="next" type="button" aria-label="{w['next_step']}">&#x25B6;</button>
<button id="last" type="button" aria-label="{w['last_step']}">&#x25B6;|</button>
<input id="step" type="range" min="0" max="{last}" value="0" aria-label="{w['step_of_the_game']}">
</div>
<div class="caption" id="caption" aria-live="polite"></div>
<div class="layout"><div class="board" id="board" role="img" aria-label="{w['board_label']}">\
</div>
<div class="side"><table id="scores"><caption class="small">{w['points_now']}</caption>\
<thead>{head}</thead><tbody></tbody></table>
<h2 class="small">{w['the_log']}</h2><ol class="log" id="log" start="0">{log}</ol></div></div>
<noscript><p>{w['needs_script']}</p></noscript>
<script type="application/json" id="replay-data">{_json_in_html(data)}</script>
<script type="application/json" id="replay-boards">{_json_in_html(boards)}</script>
<script>{_SCRIPT}</script>"""
    lang = language()
    text_direction = ' dir="rtl"' if direction(lang) == "rtl" else ""
    return (f'<!DOCTYPE html>\n<html lang="{lang}"{text_direction}><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{html.escape(title)}</title><style>{_STYLE}</style></head>\n<body>\n{body}\n</body></html>\n")


def _board(model) -> str:
    """The board at the model's step without pointing at anything (the page points)."""
    from ..views.svg import board_svg

    return board_svg(model.position(), size=BOARD_WIDTH, scores=False)
