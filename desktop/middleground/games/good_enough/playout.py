"""What the generic search needs from It's Good Enough: the numbers worth considering for each
seat, quick playouts drawn from the cognitive-hierarchy model, which states count as one, and
the rest of a game played out cheaply from rounds drawn in advance.

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
from middleground.engine.result import outcome_rewards

from . import hierarchy as ch
from .bots import SAMPLES, _number_span, number_chances, predicted_picks
from .scoring import decide_by_peeling, score_round, standing

OWN_BEST = 8  # the searching seat weighs its most promising numbers...
OWN_WORST = 2  # ...and a few that almost never score, for when a point would hurt
OTHERS_CONSIDERED = 5  # numbers tried for each other seat, drawn from its predicted picks
DRAWN_ROUNDS = 256  # rounds played in advance from the playout model, for evaluate


class GoodEnoughPolicy:
    """Candidates, playouts and node keys for one search from one seat's view.

    A playout's rounds are alike: every seat draws its number from the same predicted
    distribution each round. So where the game is a set number of rounds revealed one by one
    and ties are broken by ignoring outer rounds, the rounds a rollout would play through the
    engine are drawn instead from rounds scored in advance (`evaluate`, at the new node: the
    same distribution of scorers for a fraction of the cost). Other variants play out.
    """

    horizon: int | None = None

    def __init__(self, view: View, rng: random.Random):
        gen = ch.numpy_rng(rng)
        self.seat = view.seat
        self.low, high = _number_span(view)
        self.cards = view.options["numbers"] == "cards"
        self.actions = [FrozenDict(number=x) for x in range(self.low, high + 1)]
        size = high - self.low + 1
        self.drawn: list[tuple[int, ...]] = []  # rounds scored in advance (evaluate's variants)
        self.rounds = view.options["rounds"]
        if self.cards:
            self.liking = (ch.level0(self.low, high) ** 2).tolist()
            return
        predicted = predicted_picks(view, adaptive=True)
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
        options = view.options
        if (options["end"], options["reveal"], options["tiebreak"]) == (
            "rounds",
            "each-round",
            "peel",
        ):
            self.horizon = 0
            self.rng = random.Random(rng.getrandbits(32))
            self.drawn = [self._drawn_round(options["scoring"]) for _ in range(DRAWN_ROUNDS)]

    def _drawn_round(self, scoring: str) -> tuple[int, ...]:
        """One round of the playout model, scored: each seat's points."""
        picks = [self.rollout_number(seat, self.rng) for seat in range(len(self.playout))]
        scorers = score_round(picks, scoring).scorers
        return tuple(1 if seat in scorers else 0 for seat in range(len(picks)))

    def evaluate(self, state: State) -> list[float] | None:
        """Each seat's reward at the end of the game, the rounds left drawn from those scored
        in advance (one draw, as one rollout would play them)."""
        if not self.drawn:
            return None
        left = self.rounds - len(state.round_points)
        if left <= 0:
            return None
        rounds = list(state.round_points)
        drawn, pick = self.drawn, self.rng.randrange
        for _ in range(left):
            rounds.append(drawn[pick(len(drawn))])
        # What the game's result would say once these rounds are played (evaluate is only
        # used where ties are broken by peeling).
        decision = decide_by_peeling(rounds, len(state.players))
        return outcome_rewards(standing(decision.deciding, decision.winners), decision.winners)

    def candidates(self, state: State, seat: int, rng: random.Random) -> Sequence[Action]:
        if self.cards:
            return [self.actions[c - self.low] for c in _playable(state, seat)]
        return self.considered[seat]

    def rollout(self, state: State, seat: int, rng: random.Random) -> Action:
        if self.cards:
            hand = _playable(state, seat)
            weights = [self.liking[c - self.low] for c in hand]
            return self.actions[rng.choices(hand, weights=weights)[0] - self.low]
        return self.actions[self.rollout_number(seat, rng) - self.low]

    def rollout_number(self, seat: int, rng: random.Random) -> int:
        """A number drawn from `seat`'s predicted picks."""
        cumulative = self.playout[seat]
        index = min(bisect(cumulative, rng.random() * cumulative[-1]), len(cumulative) - 1)
        return index + self.low

    def key(self, state: State, joint: tuple[tuple[int, Action], ...]) -> Hashable:
        """One node per standing (points so far) and the searcher's own choice: the others'
        exact numbers are merged, which is what lets statistics pile up."""
        mine = next((a for s, a in joint if s == self.seat), None)
        return (tuple(state.points), mine)


def _playable(state: State, seat: int) -> list[int]:
    listed = state.plans[seat]
    return [c for c in state.hands[seat] if c not in listed]
