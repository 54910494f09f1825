"""Search at the end of the game: each candidate move tried in games sampled from what the
player cannot see, played out to the end.

Near the end a move's worth depends on what the others still do (will they block the route
a ticket needs? will the last round leave time for one more claim?), which the plan alone
does not see. :func:`best_by_playouts` samples ``worlds`` games consistent with the view
(:meth:`PlayerView.determinize <ttr_teach.players.view.PlayerView.determinize>`), plays each
candidate in each of them (the same worlds for every candidate, so they are compared on equal
terms), finishes the game with :func:`rollout` (every player greedy: complete a ticket if a
claim does it, else claim the most points, else draw), and keeps the candidate with the best
mean margin over the best other player, judged by the engine's own scoring. Everything follows
from the ``rng`` given, so a seeded bot stays reproducible.
"""
from __future__ import annotations

import random

from ...engine.actions import ClaimRoute, DeclineTunnel, DrawBlind, DrawFaceUp, KeepTickets, PayTunnel
from ...engine.game.core import Game
from ...engine.scoring import score
from ..view_tools import components

#: Turns a playout plays at most, per player: the end is meant to be near; if it is not, the
#: game is judged where the playout stops.
PLAYOUT_ROUNDS = 3


def greedy_action(game, rng):
    """The playouts' move for the player to act: a claim that completes a ticket, else the
    claim worth most points (fewest locomotives), else a blind draw; decisions inside a turn
    taken the simple way (pay a tunnel if possible, keep the fewest tickets)."""
    actions = game.legal_actions()
    first = actions[0]
    if isinstance(first, KeepTickets):
        return min(actions, key=lambda a: len(a.tickets))
    if isinstance(first, (PayTunnel, DeclineTunnel)):
        pays = [a for a in actions if isinstance(a, PayTunnel)]
        return min(pays, key=lambda a: a.locomotives) if pays else first
    claims: dict[int, ClaimRoute] = {}
    for a in actions:
        if isinstance(a, ClaimRoute) and (a.route not in claims or a.locomotives < claims[a.route].locomotives):
            claims[a.route] = a
    if claims:
        seat = game.current_player
        m = game.map
        label = components(game.routes(seat))
        open_tickets = [(label.get(t.a, t.a), label.get(t.b, t.b)) for t in game.tickets(seat)
                        if label.get(t.a, t.a) != label.get(t.b, t.b)]

        def value(a):
            r = m.routes[a.route]
            ends = {label.get(r.a, r.a), label.get(r.b, r.b)}
            completes = any({x, y} == ends for x, y in open_tickets)
            return (completes, m.rules.route_points(r.length), -a.locomotives)
        return max(claims.values(), key=value)
    draws: list[DrawBlind | DrawFaceUp] = [a for a in actions if isinstance(a, DrawBlind)] or [
        a for a in actions if isinstance(a, DrawFaceUp)]
    return draws[0] if draws else rng.choice(actions)


def rollout(game, rng, rounds: int = PLAYOUT_ROUNDS) -> None:
    """Play ``game`` to its end with :func:`greedy_action` for every player, or until each
    player has had ``rounds`` more turns."""
    last_turn = game.turn + rounds * len(game.players)
    while not game.is_over and game.turn < last_turn:
        game.apply(greedy_action(game, rng))


def margin(game, seat: int) -> float:
    """``seat``'s final score (the engine's scoring of the board as it is) less the best
    other player's."""
    scores = [p.total for p in score(game.to_position()).players]
    return scores[seat] - max(s for i, s in enumerate(scores) if i != seat)


def best_by_playouts(view, candidates, rng, worlds: int = 8):
    """The candidate (a legal action of ``view``) with the best mean :func:`margin` over
    ``worlds`` sampled games (see the module docstring); ``(action, {action: mean})``."""
    samples = [view.determinize(rng) for _ in range(worlds)]
    states = [w.to_dict(log=False) for w in samples]
    seeds = [rng.randrange(2 ** 31) for _ in samples]
    means = {}
    for action in candidates:
        total = 0.0
        for state, seed in zip(states, seeds, strict=True):
            game = Game.from_dict(state)
            game.apply(action)
            rollout(game, random.Random(seed))
            total += margin(game, view.seat)
        means[action] = total / len(states)
    best = max(candidates, key=lambda a: means[a])
    return best, means
