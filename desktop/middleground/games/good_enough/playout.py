"""What the generic search needs from It's Good Enough: the numbers worth considering for each
seat, quick playouts drawn from the cognitive-hierarchy model, and which states count as one.

Built once per decision from the searching seat's view; the sampled states it reads are
determinizations of that view, so nothing hidden leaks in.
"""

from __future__ import annotations

import random
from bisect import bisect
from collections.abc import Hashable, Sequence
from itertools import accumulate

import numpy as np

from middleground.engine import Action, FrozenDict, State, View

from . import hierarchy as ch
from .bots import SAMPLES, _number_span, number_chances, predicted_picks

OWN_BEST = 8  # the searching seat weighs its most promising numbers...
OWN_WORST = 2  # ...and a few that almost never score, for when a point would hurt
OTHERS_CONSIDERED = 5  # numbers tried for each other seat, drawn from its predicted picks


class GoodEnoughPolicy:
    """Candidates, playouts and node keys for one search from one seat's view."""

    def __init__(self, view: View, rng: random.Random):
        gen = ch.numpy_rng(rng)
        self.seat = view.seat
        self.low, high = _number_span(view)
        self.cards = view.options["numbers"] == "cards"
        self.actions = [FrozenDict(number=x) for x in range(self.low, high + 1)]
        size = high - self.low + 1
        if self.cards:
            self.liking = (ch.level0(self.low, high) ** 2).tolist()
            return
        predicted = predicted_picks(view, gen, adaptive=True)
        chances = number_chances(view, gen, True, SAMPLES, predicted)
        order = np.argsort(-chances, kind="stable")
        own = [int(i) for i in order[:OWN_BEST]] + [int(i) for i in order[-OWN_WORST:]]
        self.considered: list[list[Action]] = []
        self.playout: list[list[float]] = []
        for seat, dist in enumerate(predicted):
            if seat == self.seat:
                picks = own
            else:
                count = min(OTHERS_CONSIDERED, size)
                picks = [int(i) for i in gen.choice(size, count, replace=False, p=dist)]
            self.considered.append([self.actions[i] for i in picks])
            self.playout.append(list(accumulate(dist.tolist())))

    def candidates(self, state: State, seat: int, rng: random.Random) -> Sequence[Action]:
        if self.cards:
            return [self.actions[c - self.low] for c in _playable(state, seat)]
        return self.considered[seat]

    def rollout(self, state: State, seat: int, rng: random.Random) -> Action:
        if self.cards:
            hand = _playable(state, seat)
            weights = [self.liking[c - self.low] for c in hand]
            return self.actions[rng.choices(hand, weights=weights)[0] - self.low]
        cumulative = self.playout[seat]
        index = min(bisect(cumulative, rng.random() * cumulative[-1]), len(cumulative) - 1)
        return self.actions[index]

    def key(self, state: State, joint: tuple[tuple[int, Action], ...]) -> Hashable:
        """One node per standing (points so far) and the searcher's own choice: the others'
        exact numbers are merged, which is what lets statistics pile up."""
        mine = next((a for s, a in joint if s == self.seat), None)
        return (tuple(state.points), mine)


def _playable(state: State, seat: int) -> list[int]:
    listed = state.plans[seat]
    return [c for c in state.hands[seat] if c not in listed]
