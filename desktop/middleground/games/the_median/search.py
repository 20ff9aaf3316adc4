"""What the generic search needs from The Median: a short list of legal orders to consider,
plain pushes for rollouts, one node per conveyor, and a value for a standing so that rollouts
can stop a round past the new node.

Built once per decision from the searching seat's view; it reads only the sampled states,
which are determinizations of that view, so nothing hidden leaks in.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Hashable, Sequence

from middleground.engine import Action, FrozenDict, State, View, freeze
from middleground.engine.result import estimated_rewards, ranks_by_outcome

from . import conveyor as belt
from .characters import CHARACTERS, DUMMY, ISOLATED, TWIN
from .orders import character_options, legal_orders
from .standings import median_total

HORIZON = 1  # rounds a rollout plays past the new node before the standing is valued
PUSHERS = 9  # characters in play, each pushing 0 or 1 at random in a rollout

PICKS = {c: FrozenDict(pick=c) for c in CHARACTERS}
WAIT = FrozenDict(wait=True)
WAITING = (WAIT,)  # a drafted seat's one choice
PUSHES = (FrozenDict(push=0), FrozenDict(push=1))


def _shifts() -> list[float]:
    """How far the belt moves in one rollout round, modulo its length (binomial pushes)."""
    chances = [0.0] * belt.TILES
    for pushes in range(PUSHERS + 1):
        chances[pushes % belt.TILES] += math.comb(PUSHERS, pushes) / 2**PUSHERS
    return chances


def _outlook() -> tuple[list[list[float]], list[list[float]], list[list[float]]]:
    """For a piece on each tile at the start of each round: the points it can expect from the
    zone until the end, their variance, and what Isolated can expect (it loses r outside)."""
    step = _shifts()
    gains = [[0.0] * belt.TILES for _ in range(belt.ROUNDS + 2)]
    spreads = [[0.0] * belt.TILES for _ in range(belt.ROUNDS + 2)]
    isolated = [[0.0] * belt.TILES for _ in range(belt.ROUNDS + 2)]
    for first in range(1, belt.ROUNDS + 1):
        for index in range(belt.TILES):
            where = [0.0] * belt.TILES
            where[index] = 1.0
            for r in range(first, belt.ROUNDS + 1):
                where = [
                    sum(where[(i + k) % belt.TILES] * step[k] for k in range(belt.TILES))
                    for i in range(belt.TILES)
                ]
                inside = sum(where[belt.zone_start(r) - 1 :])
                gains[first][index] += r * inside
                spreads[first][index] += r * r * inside * (1 - inside)
                isolated[first][index] += r * (2 * inside - 1)
    return gains, spreads, isolated


GAINS, SPREADS, ISOLATED_GAINS = _outlook()


class MedianPolicy:
    """Candidates, rollouts, node keys and the evaluation for one search from one seat's view."""

    horizon = HORIZON

    def __init__(self, view: View, rng: random.Random):
        self.seat = view.seat
        # Each action built once per decision, so that its hash is worked out once.
        self.plain: dict[tuple[tuple[int, ...], tuple[int, ...]], Action] = {}
        self.mine: dict[Hashable, list[Action]] = {}
        # A draft pick's options by (free characters, the seat's barred pick): never changed.
        self.picks: dict[tuple[tuple[int, ...], int | None], list[Action]] = {}

    def candidates(self, state: State, seat: int, rng: random.Random) -> Sequence[Action]:
        if state.phase == "draft":
            return self._draft(state, seat)
        held = tuple(state.held(seat))
        if seat != self.seat:  # the others are thought of as pushing or not, all their pieces
            return [self._plain(held, (push,) * len(held)) for push in (0, 1)]
        # Everything the options for my pieces depend on (the targets they may name).
        situation = (held, state.round, state.conveyor, state.silenced, state.lock_charges)
        situation += (state.anchor_last, state.charity_last, state.silence_last)
        found = self.mine.get(situation)
        if found is None:
            if len(held) == 1:
                key = str(held[0])
                options = character_options(state, held[0])
                found = [FrozenDict(orders=FrozenDict({key: freeze(o)})) for o in options]
            else:
                found = [freeze(a) for a in legal_orders(state, seat)]
            self.mine[situation] = found
        return found

    def rollout(self, state: State, seat: int, rng: random.Random) -> Action:
        if state.phase == "draft":
            return rng.choice(self._draft(state, seat))
        held = tuple(state.held(seat))
        return self._plain(held, tuple(rng.getrandbits(1) for _ in held))

    def key(self, state: State, joint: tuple[tuple[int, Action], ...]) -> Hashable:
        """One node per public outcome and the searcher's own choice: the others' orders are
        merged into where they left the belt (or, in the draft, the characters still free)."""
        mine = None
        for seat, action in joint:
            if seat == self.seat:
                mine = action
                break
        if state.phase == "draft":
            return (state.draft_pass, state.free, mine)
        return (state.round, state.conveyor, mine)

    def evaluate(self, state: State) -> list[float] | None:
        """Each seat's expected reward: the chance its total ends on the median, from what each
        seat's pieces can expect of the rounds left where they stand now, and its place."""
        if state.phase == "draft":
            return None
        n = len(state.players)
        first = state.round + (state.phase == "over")
        gains, spreads = GAINS[first], SPREADS[first]
        where = {piece: index for index, piece in enumerate(state.conveyor)}
        expected = [float(t) for t in state.totals()]
        spread = [1.0] * n
        for character, seat in state.holder.items():
            index = where[character]
            if character == ISOLATED:
                expected[seat] += ISOLATED_GAINS[first][index]
            else:
                expected[seat] += gains[index]
                if character == TWIN:  # also scores when X is in the zone (never twice)
                    expected[seat] += gains[where[DUMMY]] / 2
            spread[seat] += spreads[index]
        middle = median_total(expected)
        weights = [
            math.exp(-((e - middle) ** 2) / (2 * (s + 1.0)))
            for e, s in zip(expected, spread, strict=True)
        ]
        # The top and the bottom total lose: rank the seats as the game will.
        top, bottom = expected.index(max(expected)), expected.index(min(expected))
        favourite = weights.index(max(weights))
        return estimated_rewards(weights, expected, _heading(n, favourite, top, bottom))

    def _draft(self, state: State, seat: int) -> Sequence[Action]:
        if state.start[seat]:
            return WAITING
        barred = state.last_pick.get(seat)
        situation = (state.free, barred)
        picks = self.picks.get(situation)
        if picks is None:
            picks = self.picks[situation] = [PICKS[c] for c in state.free if c != barred]
        return picks

    def _plain(self, held: tuple[int, ...], pushes: tuple[int, ...]) -> Action:
        """Orders that push (1) or not (0) with each held piece, and use no power."""
        orders = self.plain.get((held, pushes))
        if orders is None:
            chosen = {str(c): PUSHES[p] for c, p in zip(held, pushes, strict=True)}
            orders = self.plain[held, pushes] = FrozenDict(orders=FrozenDict(chosen))
        return orders


@functools.cache
def _heading(n: int, favourite: int, top: int, bottom: int) -> tuple[int, ...]:
    """The outcome ranks of a standing with this favourite for the middle place and these
    seats on top and at the bottom (`ranks_by_outcome`, worked out once for each)."""
    return ranks_by_outcome(n, [favourite], [top, bottom])
