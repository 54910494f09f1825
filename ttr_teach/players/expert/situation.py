"""The expert's reading of its view: its network, the tickets still worth playing for, the
plan that completes them, what that plan needs in cards, and how long the game will last.

Everything is computed from the view once per decision and kept here, so the parts of the
bot that choose claims, draws, tickets and stations all read the same figures.
"""
from __future__ import annotations

from functools import cached_property

from ...engine.longest import longest_route_length
from ...engine.rules import COLORS, LOCOMOTIVE
from ..view_tools import connected
from .cards import card_needs
from .network import Network
from .tickets import turns_left_estimate, turns_needed

#: Plan weight per card of a colour that is missing beyond those one can expect to draw...
SCARCITY = 2.5
#: ... in the turns left, counting at most this many turns.
HORIZON = 12
#: The end is near (the last turns' play and search begin) with this many turns left or fewer.
END_TURNS = 2.5
#: What a train added to the longest trail is worth, in points (measured: 0.3 beats 0 and 1).
LONGEST_WEIGHT = 0.3


def _longest(routes) -> int:
    return longest_route_length([(r.a, r.b, r.length) for r in routes]) if routes else 0


class Situation:
    """See the module docstring; ``view`` is the expert's :class:`PlayerView`."""

    def __init__(self, view):
        self.view = view
        self.map = view.map
        self.hand = dict(view.hand)
        self.scarcity = self._scarcity()
        self.net = Network(view, extra=self.scarcity)

    def _scarcity(self) -> dict:
        """Route index -> extra plan weight for a coloured route whose colour is running out:
        the hand lacks ``k`` of its cards, and fewer than ``k`` of them (or of locomotives)
        can be expected among the cards it can draw in the turns left: the face-up row, then
        the deck (a share of the cards it cannot see), then the discards, reshuffled."""
        v = self.view
        unseen = v.unseen_cards()
        hidden = max(1, sum(unseen.values()))
        draws = 2 * min(self.turns_left, HORIZON)
        from_deck = min(draws, v.deck_size)
        from_discard = min(max(0.0, draws - v.deck_size), v.discard_size)

        def expected(kind):
            found = v.face_up.count(kind) + unseen[kind] * from_deck / hidden
            if from_discard:
                found += v.discard.get(kind, 0) * from_discard / v.discard_size
            return found
        wild = expected(LOCOMOTIVE)
        supply = {c: expected(c) + wild for c in COLORS}
        extra = {}
        for r in self.map.routes:
            if r.color in supply and r.index not in v.owners:
                k = max(0, r.length - self.hand.get(r.color, 0) - self.hand.get(LOCOMOTIVE, 0))
                if k:
                    extra[r.index] = SCARCITY * max(0.0, k - supply[r.color])
        return extra

    # -- time ----------------------------------------------------------------------------------
    @cached_property
    def turns_left(self) -> float:
        """Turns this player can still expect (1 in the final round)."""
        v = self.view
        if v.final_round:
            return 1.0
        return turns_left_estimate([p.trains for p in v.players_info], v.turn,
                                   v.rules.end_trigger_trains, [p.cards for p in v.players_info])

    @property
    def end_is_near(self) -> bool:
        return self.turns_left <= END_TURNS

    # -- tickets and the plan ------------------------------------------------------------------
    @cached_property
    def unfinished(self) -> list:
        return [t for t in self.view.tickets if not self.net.done(t)]

    @cached_property
    def lost(self) -> list:
        """Unfinished tickets that can no longer be completed at all."""
        return [t for t in self.unfinished if not self.net.possible(t)]

    @cached_property
    def targets(self) -> list:
        """The unfinished tickets worth playing for: every possible one, less those that
        cost the most weight per point while the plan does not fit in the trains and turns
        left."""
        chosen = [t for t in self.unfinished if self.net.possible(t)]
        while chosen:
            plan = self.net.plan(chosen)
            if plan is not None and plan.trains <= self.view.trains_left and (
                    turns_needed(plan, self.hand, self.unseen) <= self.turns_left + 0.5):
                return chosen
            worst = max(chosen, key=lambda t: self.net.distance(t.a, t.b) / max(1, t.points))
            chosen = [t for t in chosen if t is not worst]
        return chosen

    @cached_property
    def plan(self):
        """The cheapest network for :attr:`targets` (a :class:`~.network.Plan`)."""
        return self.net.plan(self.targets)

    @cached_property
    def needs(self):
        """The cards the plan's routes still need (most important routes first)."""
        routes = self.plan.routes if self.plan is not None else []
        return card_needs(routes, self.hand)

    def completed_by(self, route) -> list:
        """The unfinished tickets that claiming ``route`` would complete."""
        mine = list(self.net.mine) + [route]
        return [t for t in self.unfinished if connected(mine, t.a, t.b)]

    # -- the longest route ------------------------------------------------------------------------
    @cached_property
    def my_longest(self) -> int:
        return _longest(self.net.mine)

    def longest_gain(self, route) -> float:
        """Points ``route`` is worth towards the longest-route bonus: a share of the trains it
        adds to this player's longest trail."""
        if not any(c in self.net.label for c in route.cities):
            return 0.0
        return LONGEST_WEIGHT * (_longest(list(self.net.mine) + [route]) - self.my_longest)

    # -- cards ---------------------------------------------------------------------------------
    @cached_property
    def unseen(self) -> dict:
        return self.view.unseen_cards()

    def spare_for(self, color, colored: int, locomotives: int) -> int:
        """Cards left to pay a tunnel's extras after paying ``colored`` + ``locomotives``."""
        left = self.hand.get(LOCOMOTIVE, 0) - locomotives
        if color is not None:
            left += self.hand.get(color, 0) - colored
        return left

    def tunnel_success(self, color, colored: int, locomotives: int) -> float:
        """The chance that a tunnel paid this way asks for no more extra cards than are left."""
        spare = self.spare_for(color, colored, locomotives)
        odds = self.view.tunnel_odds(color if colored else None)
        return float(sum(p for extra, p in odds.items() if extra <= spare))
