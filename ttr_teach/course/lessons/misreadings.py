"""Lesson 11, common misreadings: rules that some retellings get wrong, each checked by the engine.

Every :class:`Misreading` is a short true-or-false statement with an explanation, and a
demonstration that plays the situation in a real :class:`~ttr_teach.engine.game.core.Game` and reports
what the engine did (or refused, and why).

>>> [m.key for m in MISREADINGS][:3]
['turn_order', 'europe_setup', 'usa_setup']
>>> demo = misreading("face_up_locomotive").demonstrate()
>>> demo.facts["cards gained"], demo.facts["refusal"]
(1, 'a face-up locomotive cannot be your second card')
>>> misreading("tunnel_reveal").demonstrate().facts["revealed"]
{2: 3, 6: 3, 8: 3}
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from html import escape

from ...engine.actions import ClaimRoute, DrawBlind, DrawFaceUp
from ...engine.errors import ArgumentError, NotFoundError
from ...engine.game.core import Game
from ...engine.i18n import N_, gettext, ngettext
from ...engine.maps import load_map
from ...engine.rules import LOCOMOTIVE
from ...engine.text import listing
from ..exercises import TrueFalseExercise
from .common import OK_INK, REFUSED_INK, colour_name
from .tickets import deal_setup, draw_and_keep, keep_tickets


@dataclass(frozen=True)
class Demonstration:
    """What the engine did: ``lines`` to read, ``facts`` to check (a notebook asserts them),
    and optionally a game and a highlight to draw."""

    lines: tuple
    facts: dict
    game: Game | None = field(default=None, repr=False, compare=False)
    highlight: list | None = field(default=None, repr=False, compare=False)

    def text(self) -> str:
        return "\n".join(self.lines)

    def svg(self, size: int = 760) -> str:
        from ...views.svg import board_svg

        if self.game is None:
            raise ArgumentError(gettext("this demonstration has no board to draw"))
        return board_svg(self.game, highlight=self.highlight, size=size)


@dataclass(frozen=True)
class Misreading:
    """One misreading: the ``statement`` the learner judges (``truth``), the wrong reading some
    texts give, the ``explanation`` of the real rule and a ``demo`` run on the engine."""

    key: str
    title: str
    statement: str
    truth: bool
    wrong_reading: str
    explanation: str
    demo: Callable[[], Demonstration] = field(repr=False, compare=False)

    def exercise(self) -> TrueFalseExercise:
        """The statement as a :class:`~ttr_teach.course.exercises.TrueFalseExercise`."""
        return TrueFalseExercise(gettext(self.statement), self.truth, explanation=gettext(self.explanation),
                                 hint=gettext("Some rule texts say: “{reading}” Are they right?").format(
                                     reading=gettext(self.wrong_reading)))

    def demonstrate(self) -> Demonstration:
        return self.demo()


# == the demonstrations ==========================================================================
def _turn_order() -> Demonstration:
    game = Game.arranged("europe", ["Ann", "Bo", "Cy", "Dee"], seed=0)
    order = [str(game.current_name)]  # the game is not over: someone is to play
    for _ in range(5):
        game.apply(DrawBlind())
        game.apply(DrawBlind())
        order.append(str(game.current_name))
    lines = (gettext("Seats round the table: {players}.").format(players=listing(game.players)),
             gettext("Each player draws two cards blind; whose turn is next each time?"),
             " → ".join(order))
    return Demonstration(lines, {"order": order})


def _setup(map: str) -> Demonstration:
    deal = deal_setup(map, ["Ann", "Bo"], seed=2)
    game, dealt = deal.game, deal.dealt[0]
    state = game.to_dict(log=False)
    deck_before, box_before = len(state["ticket_deck"]), len(state["ticket_box"])
    refused, _ = keep_tickets(game, dealt[:1])
    kept, record = keep_tickets(game, dealt[:2])
    state = game.to_dict(log=False)
    at_bottom = state["ticket_deck"][-len(record.returned):] == [t.index for t in record.returned]
    lines = (gettext("Ann is dealt {n} tickets: {tickets}.").format(n=len(dealt),
                                                                    tickets=listing(str(t) for t in dealt)),
             gettext("She tries to keep only {ticket}: refused, “{refusal}”.").format(ticket=dealt[0],
                                                                                    refusal=refused.message),
             kept.message,
             gettext("Ticket deck: {deck_before} → {deck_after} tickets; box: {box_before} → {box_after}.").format(
                 deck_before=deck_before, deck_after=len(state["ticket_deck"]), box_before=box_before,
                 box_after=len(state["ticket_box"])))
    return Demonstration(lines, {"refusal": refused.message, "returned to": record.to,
                                 "deck before": deck_before, "deck after": len(state["ticket_deck"]),
                                 "box before": box_before, "box after": len(state["ticket_box"]),
                                 "returned at the bottom": at_bottom})


def _ferry() -> Demonstration:
    m = load_map("europe")
    ferry = m.route("Palermo", "Smyrna")
    game = Game.arranged(m, ["Ann", "Bo"], hands=[{"red": 4, LOCOMOTIVE: 2}, {}])
    short = game.why_illegal(ClaimRoute(ferry.index, "red", 5, 1))
    events = game.apply(ClaimRoute(ferry.index, "red", 4, 2))
    claimed = any(e.get("event") == "claimed" for e in events)
    lines = (gettext("{ferry}: {spaces} spaces, {symbols} locomotive symbols.").format(
                 ferry=ferry, spaces=ferry.length, symbols=ferry.locomotives),
             gettext("Ann pays 5 red + 1 locomotive: refused, “{refusal}”.").format(refusal=short),
             gettext("Ann pays 4 red + 2 locomotives: accepted, the ferry is hers.") if claimed
             else gettext("Ann pays 4 red + 2 locomotives: refused."))
    return Demonstration(lines, {"claimed with": ("red", 4, 2), "claimed": claimed, "refusal": short,
                                 "symbols": ferry.locomotives, "spaces": ferry.length},
                         game, [{"routes": [ferry.index], "label": str(ferry)}])


def _returned_tickets() -> Demonstration:
    deck = [("Paris", "Wien"), ("Berlin", "Roma"), ("Kyiv", "Sochi"), ("Essen", "Kyiv")]
    draw = draw_and_keep(deck, keep=[("Berlin", "Roma")])
    lines = (gettext("Ticket deck, top first: {tickets}.").format(tickets=listing(str(t) for t in draw.before)),
             gettext("Ann draws {drawn} and keeps {kept}.").format(drawn=listing(str(t) for t in draw.drawn),
                                                                   kept=draw.kept[0]),
             gettext("Ticket deck after, top first: {tickets}.").format(
                 tickets=listing(str(t) for t in draw.after)))
    return Demonstration(lines, {"after": [str(t) for t in draw.after],
                                 "returned": [str(t) for t in draw.returned]})


#: Ann's routes in the end-of-game demonstration: 40 trains, so 5 are left.
END_ROUTES = (("Lisboa", "Madrid"), ("Madrid", "Pamplona", "black"), ("Pamplona", "Paris", "blue"),
              ("Paris", "Frankfurt", "white"), ("Frankfurt", "Berlin", "black"), ("Berlin", "Warszawa", "pink"),
              ("Warszawa", "Wilno"), ("Wilno", "Smolensk"), ("Smolensk", "Moskva"), ("Moskva", "Petrograd"),
              ("Petrograd", "Stockholm"))


def end_game_demo() -> Demonstration:
    """Ann has 5 trains and claims Berlin–Wien (3): 2 left, so the final round begins; then
    every player, Ann included, has exactly one more turn."""
    m = load_map("europe")
    game = Game.arranged(m, ["Ann", "Bo", "Cy"], hands=[{"green": 3}, {}, {}], routes=[list(END_ROUTES)])
    wien = m.route("Berlin", "Wien")
    before = game.trains_left("Ann")
    game.apply(ClaimRoute(wien.index, "green", 3, 0))
    trigger = next(e for e in game.log if e.get("event") == "final_round")
    last_turns = []
    while not game.is_over:
        last_turns.append(str(game.current_name))
        game.apply(DrawBlind())
        if not game.is_over and game.pending:
            game.apply(DrawBlind())
    lines = (gettext("Ann has {before} trains and claims {route}: {left} left.").format(
                 before=before, route=wien, left=game.trains_left("Ann")),
             gettext("The engine: “{player} has {trains} trains left: everyone plays one more turn”.").format(
                 player=game.players[trigger["player"]], trains=trigger["trains"]),
             gettext("The last turns: {turns}; then the game is over.").format(turns=listing(last_turns)),
             gettext("Trains left at the end: {trains}.").format(
                 trains=listing(f"{p} {game.trains_left(p)}" for p in game.players)))
    return Demonstration(lines, {"trains before": before, "trains at trigger": trigger["trains"],
                                 "last turns": last_turns, "over": game.is_over,
                                 "ann trains at end": game.trains_left("Ann")},
                         game, [{"routes": [wien.index],
                           "label": gettext("the claim that starts the final round: {route}").format(route=wien)}])


def _face_up_locomotive() -> Demonstration:
    game = Game.arranged("europe", ["Ann", "Bo"], face_up=[LOCOMOTIVE, LOCOMOTIVE, "red", "blue", "green"],
                         deck=["white", "orange", "pink", "yellow"])
    before = sum(game.hand("Ann").values())
    game.apply(DrawFaceUp(LOCOMOTIVE))
    gained = sum(game.hand("Ann").values()) - before
    next_player = game.current_name
    game.apply(DrawBlind())
    refusal = game.why_illegal(DrawFaceUp(LOCOMOTIVE))
    lines = (ngettext("Ann takes a face-up locomotive as her first card: she gains {n} card, and it is "
                      "{player}'s turn.",
                      "Ann takes a face-up locomotive as her first card: she gains {n} cards, and it is "
                      "{player}'s turn.", gained).format(n=gained, player=next_player),
             gettext("Bo draws a card blind, then reaches for the face-up locomotive: refused, “{refusal}”.").format(
                 refusal=refusal))
    return Demonstration(lines, {"cards gained": gained, "next player": next_player, "refusal": refusal})


def _double_routes() -> Demonstration:
    m = load_map("europe")
    black, red = m.route("Berlin", "Frankfurt", "black"), m.route("Berlin", "Frankfurt", "red")
    game = Game.arranged(m, ["Ann", "Bo", "Cy"], hands=[{"black": 3}, {"red": 3}, {}])
    first = game.why_illegal(ClaimRoute(black.index, "black", 3, 0))
    game.apply(ClaimRoute(black.index, "black", 3, 0))
    second = game.why_illegal(ClaimRoute(red.index, "red", 3, 0))
    lines = (gettext("3 players. Ann claims {route}: {verdict}.").format(
                 route=black, verdict=gettext("allowed") if first is None else first),
             gettext("Bo tries the other half, {route}: refused, “{refusal}”.").format(route=red, refusal=second))
    return Demonstration(lines, {"first half": first, "second half": second}, game,
                         [{"routes": [black.index], "color": OK_INK,
                           "label": gettext("{route}: claimed by Ann").format(route=black)},
                          {"routes": [red.index], "color": REFUSED_INK,
                           "label": gettext("{route}: closed").format(route=red)}])


def _tunnel_reveal() -> Demonstration:
    m = load_map("europe")
    lines, revealed = [], {}
    for pair in (("Munchen", "Zurich"), ("Budapest", "Kyiv"), ("Petrograd", "Stockholm")):
        tunnel = m.route(*pair)
        game = Game.arranged(m, ["Ann", "Bo"], hands=[{LOCOMOTIVE: tunnel.length}, {}],
                             deck=["pink", "white", "orange", "blue", "red", "green", "black", "yellow", "white"])
        events = game.apply(ClaimRoute(tunnel.index, None, 0, tunnel.length))
        shown = next(e for e in events if e.get("event") == "tunnel_reveal")["cards"]
        revealed[tunnel.length] = len(shown)
        lines.append(gettext("{tunnel}: {spaces} spaces, {n} cards revealed ({cards}).").format(
            tunnel=tunnel, spaces=tunnel.length, n=len(shown), cards=listing(colour_name(c) for c in shown)))
    return Demonstration(tuple(lines), {"revealed": revealed})


MISREADINGS = (
    Misreading("turn_order", N_("Turn order"),
               N_("Play goes clockwise round the table."), True,
               N_("Play proceeds counter-clockwise."),
               N_("Clockwise: after you, the player on your left plays. The engine seats players in "
                  "clockwise order, so the turn passes seat 0, 1, 2, ..."), _turn_order),
    Misreading("europe_setup", N_("Europe set-up"),
               N_("At the start of a Europe game you may keep just 1 of the 4 tickets you are dealt."), False,
               N_("Keep at least one ticket; put the others under the ticket deck."),
               N_("You must keep at least 2 of the 4 (1 long + 3 regular). The ones you give back go "
                  "back into the box, out of the game, not under the ticket deck."), lambda: _setup("europe")),
    Misreading("usa_setup", N_("USA set-up"),
               N_("At the start of a USA game you must keep at least 2 of your 3 tickets."), True,
               N_("Keep at least 1 of the 3."),
               N_("At least 2 of 3. A ticket you return goes to the bottom of the ticket deck (in the USA "
                  "game it stays in play)."), lambda: _setup("usa")),
    Misreading("ferry", N_("Ferries"),
               N_("A ferry needs a locomotive on every one of its spaces."), False,
               N_("A ferry is paid with locomotives only."),
               N_("One locomotive per locomotive symbol; the other spaces take cards of any one colour "
                  "(or more locomotives). Palermo–Smyrna (6 spaces, 2 symbols) costs 2 locomotives + 4 "
                  "cards of one colour."), _ferry),
    Misreading("returned_tickets", N_("Returned tickets"),
               N_("Tickets you draw but do not keep during the game go to the bottom of the ticket deck."), True,
               N_("Unwanted tickets go to a discard pile."),
               N_("There is no ticket discard pile: the tickets you return go under the ticket deck and "
                  "may be drawn again when the deck runs down."), _returned_tickets),
    Misreading("game_end", N_("The end of the game"),
               N_("The game ends as soon as a player has no trains left."), False,
               N_("The game ends when a player runs out of trains (or: a warning is given two rounds ahead)."),
               N_("When a player ends a turn with 0, 1 or 2 trains, every player, that player included, "
                  "gets exactly one more turn; then the game ends. Nobody needs to reach 0."), end_game_demo),
    Misreading("face_up_locomotive", N_("Face-up locomotives"),
               N_("A face-up locomotive counts as two cards when you pay for a route."), False,
               N_("A face-up locomotive is worth two cards."),
               N_("Every locomotive is one card when you pay. Taking one face up uses your whole draw "
                  "(it is the only card you take that turn), and it can never be your second card."),
               _face_up_locomotive),
    Misreading("double_routes", N_("Double routes with 2-3 players"),
               N_("With 2 or 3 players, one route of each double route can still be claimed."), True,
               N_("Double routes cannot be used in a 2 or 3 player game."),
               N_("With 2 or 3 players only one of the two routes can be used: once either is claimed, "
                  "the other is closed for everyone. But the first one is open to all."), _double_routes),
    Misreading("tunnel_reveal", N_("Tunnels"),
               N_("A tunnel reveals as many cards as it has spaces."), False,
               N_("Reveal one card per space of the tunnel."),
               N_("A tunnel always reveals exactly 3 cards, whether it has 2 spaces or 8 (fewer only "
                  "if the deck and discards hold fewer than 3)."), _tunnel_reveal),
)


def misreading(key: str) -> Misreading:
    """The misreading called ``key`` (see :data:`MISREADINGS`)."""
    for m in MISREADINGS:
        if m.key == key:
            return m
    raise NotFoundError(gettext("there is no misreading {key}; there are: {keys}").format(
        key=repr(key), keys=", ".join(m.key for m in MISREADINGS)))


def quiz_widget(exercises=None, items=MISREADINGS):
    """Every statement with *True* / *False* buttons. A right answer shows the rule; a wrong one
    says "Not quite" and shows what the engine did, for the learner to read again (never the
    answer in words). ``exercises``: the lesson's :func:`exercises`, so that answers given here
    count in its progress (default: a fresh set)."""
    import ipywidgets as w

    exercises = exercises if exercises is not None else globals()["exercises"]()
    rows = []
    for item in items:
        ex = exercises[item.key]
        buttons = w.ToggleButtons(options=[(gettext("True"), "True"), (gettext("False"), "False")], value=None,
                                  style={"button_width": "70px"})
        buttons.add_class("ttr-quiz-answer")
        verdict = w.HTML()
        verdict.add_class("ttr-quiz-verdict")

        def on_answer(change, item=item, ex=ex, verdict=verdict):
            if change["new"] is None:
                return
            v = ex.check(change["new"])
            demo = escape(item.demonstrate().text())
            right, not_quite, engine = gettext("Right"), gettext("Not quite"), gettext("The engine:")
            if v.correct:
                said = gettext("{right}: the statement is {truth}. {explanation}").format(
                    right=f"<span style='color:{OK_INK};font-weight:bold'>✔ {escape(right)}</span>",
                    truth=f"<b>{escape(gettext(str(item.truth)))}</b>", explanation=escape(gettext(item.explanation)))
            else:
                said = gettext("{not_quite}. Read what the engine did, then try again.").format(
                    not_quite=f"<span style='color:{REFUSED_INK};font-weight:bold'>✘ "
                              f"{escape(not_quite)}</span>")
            verdict.value = (f"{said}<pre class='ttr-quiz-demo' style='white-space:pre-wrap;word-break:normal'>"
                             f"{escape(engine)}\n{demo}</pre>")

        buttons.observe(on_answer, "value")
        row = w.VBox([w.HTML(f"<b>{escape(gettext(item.title))}.</b> {escape(gettext(item.statement))}"), buttons,
                      verdict])
        row.add_class("ttr-quiz-item")
        rows.append(row)
    box = w.VBox(rows)
    box.add_class("ttr-quiz")
    return box
