"""ExpertBot: the strongest built-in player (see ``docs/bots.md`` for how it plays).

>>> from ttr_teach.players.play import play_game
>>> from ttr_teach.players.planner_bot import PlannerBot
>>> g = play_game("usa", [ExpertBot(1), PlannerBot(2)], seed=3)
>>> g.is_over
True
"""
from __future__ import annotations

import random

from ...engine.actions import (
    BuildStation,
    ClaimRoute,
    DeclineTunnel,
    DrawBlind,
    DrawFaceUp,
    DrawTickets,
    KeepTickets,
    PayTunnel,
)
from ..protocol import as_view
from .cards import best_draw, card_needs, route_missing
from .network import Network
from .search import best_by_playouts
from .situation import Situation
from .tickets import choose_keep, turns_needed

#: End-game search: games sampled per candidate, and claims tried besides the plan's choice.
WORLDS, CANDIDATE_CLAIMS = 6, 3
#: A tunnel is tried when the cards left over pay its extras with at least this chance.
TUNNEL_NERVE = 0.6
#: A hand this big holds cards the plan does not need: spend some on routes off the plan.
SPARE_HAND = 26
#: Draw new tickets only with at least this many trains and turns left.
TICKET_TRAINS, TICKET_TURNS = 14, 10


class ExpertBot:
    """Plans the cheapest network for its tickets and plays it with care (``docs/bots.md``).

    Reproducible from ``seed`` (it breaks ties with a generator made from it).
    """

    def __init__(self, seed: int = 0, search: bool = True):
        self.seed = seed
        self.search = search
        self.rng = random.Random(f"ttr-teach/expert-bot/{seed}")

    def choose(self, view):
        """A legal action for the player of ``view`` (or the player to act in a game)."""
        view = as_view(view)
        actions = view.legal_actions()
        if len(actions) <= 1:
            return actions[0] if actions else None
        s = Situation(view)
        pending = view.pending
        if pending is not None:
            kind = pending["kind"]
            if kind == "tickets":
                return keep_tickets(s, pending, actions)
            if kind == "tunnel":
                return pay_tunnel(s, pending, actions)
            return draw_card(s, actions, second=True)
        choice = free_turn(s, actions)
        if self.search and (view.final_round or s.end_is_near):
            choice = endgame_search(s, actions, choice, self.rng)
        return choice


# == decisions inside a turn ===================================================================
def keep_tickets(s: Situation, pending, actions):
    """The tickets to keep: the best expected points with the tickets already held."""
    offer = [s.map.tickets[t] for t in pending["tickets"]]
    kept = choose_keep(s.net, s.targets, offer, pending["keep_at_least"], s.view.trains_left,
                       s.turns_left, s.hand, s.unseen)
    wanted = tuple(sorted(t.index for t in kept))
    return next(a for a in actions if isinstance(a, KeepTickets) and a.tickets == wanted)


def pay_tunnel(s: Situation, pending, actions):
    """Pay a tunnel's extra cards (fewest locomotives) when the route is worth it."""
    pays = [a for a in actions if isinstance(a, PayTunnel)]
    decline = next(a for a in actions if isinstance(a, DeclineTunnel))
    if not pays:
        return decline
    in_plan = s.plan is not None and any(pending["route"] == r.index for rs in s.plan.to_claim for r in rs)
    if not in_plan and pending["extra"] > 2 and not s.end_is_near:
        return decline
    return min(pays, key=lambda a: (a.locomotives, -s.hand.get(a.color, 0) if a.color else 0))


def draw_card(s: Situation, actions, second: bool = False):
    """The card draw that helps most: for the plan, else for the route aimed at for points."""
    draws = [a for a in actions if isinstance(a, (DrawBlind, DrawFaceUp))]
    if not draws:
        return _fallback(s, actions)
    if s.plan is not None and s.plan.routes:
        routes = s.plan.routes
    else:
        target = points_target(s)
        routes = [target] if target is not None else []
    needs = card_needs(routes, s.hand)
    focus = _focus_colors(s, routes, needs)
    choice = best_draw(draws, needs, s.unseen, focus, second=second)
    return choice if choice is not None else draws[0]


def _focus_colors(s: Situation, routes, needs) -> tuple:
    """The colour(s) of the route nearest to being claimable."""
    best, best_missing = None, None
    for r in routes:
        color = needs.gray_colors.get(r.index)
        missing = route_missing(r, s.hand, color)
        if missing and (best_missing is None or missing < best_missing):
            best, best_missing = (r.color if color is None else color), missing
    return (best,) if best else ()


def _fallback(s: Situation, actions):
    """No card can be drawn: claim the best route, else anything legal."""
    claims = [a for a in actions if isinstance(a, ClaimRoute)]
    if claims:
        return max(claims, key=lambda a: (s.map.rules.route_points(s.map.routes[a.route].length),
                                          -a.locomotives))
    tickets = [a for a in actions if isinstance(a, DrawTickets)]
    return tickets[0] if tickets and s.view.trains_left > 6 else actions[0]


# == a free turn ===============================================================================
def free_turn(s: Situation, actions):
    claims = [a for a in actions if isinstance(a, ClaimRoute)]
    if s.view.final_round or s.end_is_near:
        last = last_turns(s, claims)
        if last is not None:
            return last
    if s.plan is not None and s.plan.borrow:
        station = build_station(s, actions)
        if station is not None:
            return station
    claim = plan_claim(s, claims)
    if claim is not None:
        return claim
    if s.plan is None or not s.plan.routes:
        if should_draw_tickets(s, actions):
            return DrawTickets()
        claim = points_claim(s, claims)
    else:
        claim = spare_claim(s, claims)
    if claim is not None:
        return claim
    return draw_card(s, actions)


def should_draw_tickets(s: Situation, actions) -> bool:
    """Draw tickets when all of the tickets are done and there is time to do more."""
    return (any(isinstance(a, DrawTickets) for a in actions) and not s.targets
            and s.view.trains_left >= TICKET_TRAINS and s.turns_left >= TICKET_TURNS)


def best_payment(s: Situation, options, rest_routes):
    """Of ``options`` (claims of one route), the one that leaves the rest of the plan
    missing the fewest cards, locomotives kept when possible."""
    def cost(a):
        hand = dict(s.hand)
        if a.colored:
            hand[a.color] -= a.colored
        hand["locomotive"] -= a.locomotives
        return (card_needs(rest_routes, hand).total + 0.6 * a.locomotives, a.locomotives)
    return min(options, key=cost)


def _tunnel_ok(s: Situation, a) -> bool:
    r = s.map.routes[a.route]
    return not r.tunnel or s.tunnel_success(a.color, a.colored, a.locomotives) >= TUNNEL_NERVE


def plan_claim(s: Situation, claims):
    """Claim the plan's most urgent route that can be paid now (a tunnel only when its extra
    cards are likely covered)."""
    if s.plan is None or not s.plan.routes:
        return None
    where = {r.index: i for i, rs in enumerate(s.plan.to_claim) for r in rs}
    by_route: dict[int, list[ClaimRoute]] = {}
    for a in claims:
        if a.route in where:
            by_route.setdefault(a.route, []).append(a)
    choices = []
    for index, options in by_route.items():
        i = where[index]
        rest = [rs[0] for j, rs in enumerate(s.plan.to_claim) if j != i]
        pay = best_payment(s, options, rest)
        if _tunnel_ok(s, pay) or s.end_is_near:
            choices.append(pay)
    if not choices:
        return None
    if len(choices) == 1:
        return choices[0]
    return max(choices, key=lambda a: urgency(s, s.map.routes[a.route]) - 0.8 * a.locomotives)


def urgency(s: Situation, route) -> float:
    """How much claiming ``route`` now matters: the extra weight if it were taken by someone
    else (very high if a ticket would be lost), more if another player's network touches it,
    and a little for length (long routes need many cards of one colour)."""
    net = Network(s.view, without=[route.cities], extra=s.scarcity)
    plan = net.plan(s.targets)
    extra = 30.0 if plan is None else max(0.0, plan.weight - s.plan.weight)
    touching = sum(1 for p in s.view.opponents for r in p.routes
                   if route.a in r.cities or route.b in r.cities)
    return min(extra, 30.0) * (1.0 + 0.25 * min(touching, 4)) + 0.3 * route.length


def build_station(s: Situation, actions):
    """Build the station the plan borrows a route through, when it can be paid."""
    cities = {c for r in s.plan.borrow for c in r.cities}
    builds = [a for a in actions if isinstance(a, BuildStation) and a.city in cities]
    if not builds:
        return None
    rest = s.plan.routes
    return best_payment(s, builds, rest)


def points_target(s: Situation):
    """The open route best worth aiming at for its points: long, and close to payable."""
    rules = s.map.rules
    best, best_value = None, None
    for r in s.view.claimable_routes():
        missing = route_missing(r, s.hand)
        value = rules.route_points(r.length) - 2.2 * (missing / 1.8 + 1)
        if best_value is None or value > best_value:
            best, best_value = r, value
    return best


def _points_value(s: Situation, a) -> float:
    """Expected points of claim ``a``: the route's points and what it adds to the longest
    trail (times the chance a tunnel goes through), less a little for each locomotive."""
    r = s.map.routes[a.route]
    points = s.map.rules.route_points(r.length) + s.longest_gain(r)
    if r.tunnel:
        points *= s.tunnel_success(a.color, a.colored, a.locomotives)
    return points - 0.8 * a.locomotives


def _worth_a_turn(s: Situation, route, hand_size: int) -> bool:
    """A route off the plan is worth a turn when it is long, when the hand is full of cards
    that would otherwise go unused, or when the end is near."""
    return (route.length >= 4 or (route.length >= 3 and s.turns_left < 8)
            or (route.length >= 2 and hand_size >= SPARE_HAND) or s.end_is_near
            or s.view.trains_left <= 8)


def points_claim(s: Situation, claims):
    """With no ticket to play for: the claim worth most points, if worth a turn."""
    hand_size = sum(s.hand.values())
    options = [a for a in claims if _worth_a_turn(s, s.map.routes[a.route], hand_size)]
    options = [a for a in options if _tunnel_ok(s, a) or s.view.final_round]
    if not options:
        return None
    return max(options, key=lambda a: _points_value(s, a))


def spare_claim(s: Situation, claims):
    """While the plan waits for cards: a route off the plan paid with cards the plan does
    not need, if the trains and turns left allow it (cards in hand score nothing at the end)."""
    slack = s.turns_left - turns_needed(s.plan, s.hand, s.unseen)
    budget = s.view.trains_left - s.plan.trains
    hand_size = sum(s.hand.values())
    if slack < 2 or budget <= 0 or hand_size < SPARE_HAND:
        return None
    plan_routes = {r.index for rs in s.plan.to_claim for r in rs}
    before = s.needs.total
    options = []
    for a in claims:
        r = s.map.routes[a.route]
        if a.route in plan_routes or r.length > budget or not _worth_a_turn(s, r, hand_size):
            continue
        hand = dict(s.hand)
        if a.colored:
            hand[a.color] -= a.colored
        hand["locomotive"] -= a.locomotives
        if card_needs(s.plan.routes, hand).total > before or not _tunnel_ok(s, a):
            continue
        options.append(a)
    if not options:
        return None
    return max(options, key=lambda a: _points_value(s, a))


def last_turns(s: Situation, claims):
    """Near the end: the claim worth most now (its points, plus twice the value of each ticket
    it completes), unless the plan can still be finished in the turns left."""
    if not s.view.final_round and s.plan is not None and s.plan.routes and (
            turns_needed(s.plan, s.hand, s.unseen) <= s.turns_left - 1):
        return None
    if not claims:
        return None
    rules = s.map.rules

    def value(a):
        r = s.map.routes[a.route]
        gained = sum(2 * t.points for t in s.completed_by(r))
        return rules.route_points(r.length) + gained - 0.1 * a.locomotives
    best = max(claims, key=value)
    return best if value(best) > 0 else None


def endgame_search(s: Situation, actions, choice, rng):
    """Near the end: the plan's ``choice``, the best few claims and a draw, compared by
    playouts in sampled games (:mod:`.search`)."""
    claims = [a for a in actions if isinstance(a, ClaimRoute)]
    by_route: dict[int, list[ClaimRoute]] = {}
    for a in claims:
        by_route.setdefault(a.route, []).append(a)
    rest = s.plan.routes if s.plan is not None else []
    best_claims = [best_payment(s, options, [r for r in rest if r.index != index])
                   for index, options in by_route.items()]
    def value(a):
        gained = sum(2 * t.points for t in s.completed_by(s.map.routes[a.route]))
        return _points_value(s, a) + gained
    best_claims.sort(key=value, reverse=True)
    candidates = [choice] + [a for a in best_claims[:CANDIDATE_CLAIMS] if a != choice]
    draws = [a for a in actions if isinstance(a, (DrawBlind, DrawFaceUp))]
    if draws and not any(isinstance(a, (DrawBlind, DrawFaceUp)) for a in candidates):
        candidates.append(draw_card(s, actions))
    if len(candidates) == 1:
        return choice
    best, _ = best_by_playouts(s.view, candidates, rng, WORLDS)
    return best
