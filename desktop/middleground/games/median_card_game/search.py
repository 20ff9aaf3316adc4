"""What the generic search needs from the Median card game: the cards a seat holds as its
candidates (by name: the search looks options up a hundred times an iteration, and a name is
quicker to hash than an action), random cards from the hand for rollouts, one node per public
outcome, and a value for a standing so that rollouts can stop a round past the new node.

Built once per decision from the searching seat's view; it reads only the sampled states,
which are determinizations of that view, so nothing hidden leaks in.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Sequence

from middleground.engine import Action, FrozenDict, State, View
from middleground.engine.result import estimated_rewards

from .cards import RANKS, SUITS, deck_ranks, rank_value

HORIZON = 1  # rounds a rollout plays past the new node before the standing is valued
CLAIMED = 0.8  # share of the cards still to come that some seat takes (the rest stay pooled)
ROUND_WON = 0.5  # chance a round has a winner at all (no one else plays the median's rank)

CARDS = {rank + suit: FrozenDict(card=rank + suit) for rank in RANKS for suit in SUITS}
CALLS = (FrozenDict(call="high"), FrozenDict(call="low"))
PLAYING = ("lead", "follow")  # the phases where a seat plays a card from its hand
# What a candidate stands for: a card's name its action, a call's name the call.
ACTIONS = {**CARDS, **{call["call"]: call for call in CALLS}}
CALL_NAMES = tuple(call["call"] for call in CALLS)


class CardGamePolicy:
    """Candidates, rollouts, node keys and the evaluation for one search from one seat's view."""

    horizon = HORIZON

    def __init__(self, view: View, rng: random.Random):
        self.seat = view.seat
        self.action = ACTIONS.__getitem__  # a candidate's action, for the search to apply
        self.rounds_scored = view.options["scoring"] == "rounds"
        # With one deck a hand holds no card twice: its cards are its options as they stand.
        self.one_deck = view.options["decks"] == 1
        ranks = [rank_value(r) for r in deck_ranks(view.options["deck"])]
        middle, spread = (ranks[0] + ranks[-1]) / 2, max(1.0, len(ranks) / 5)
        # How likely a card is to end up the median some round: most in the middle ranks.
        self.promise = {
            card: math.exp(-(((rank_value(card) - middle) / spread) ** 2) / 2) for card in CARDS
        }

    def candidates(self, state: State, seat: int, rng: random.Random) -> Sequence[str]:
        """The names of the cards (or calls) `seat` may choose, each once, in the hand's order."""
        phase = state.phase
        if phase in PLAYING:
            hand = state.hands[seat]
            return tuple(hand if self.one_deck else dict.fromkeys(hand))
        if phase == "call":
            return CALL_NAMES
        # Companion mode: the cards still to be revealed.
        return [action["card"] for action in state.legal_actions(seat)]

    def rollout(self, state: State, seat: int, rng: random.Random) -> Action:
        phase = state.phase
        if phase in PLAYING:
            return CARDS[rng.choice(state.hands[seat])]
        if phase == "call":
            return rng.choice(CALLS)
        return rng.choice(state.legal_actions(seat))

    def key(self, state: State, joint: tuple[tuple[int, Action], ...]) -> Hashable:
        """One node per public outcome and the searcher's own card: a face-down lead and the
        others' exact cards are merged into what they did to the standing."""
        mine = None
        for seat, action in joint:
            if seat == self.seat:
                mine = action
                break
        taken = tuple(map(len, state.won))
        return (state.phase, state.leader, state.call, taken, len(state.pool), mine)

    def evaluate(self, state: State) -> list[float]:
        """Each seat's expected reward from its score, its share of the cards still to come
        (weighed by how near the middle its hand is) and how uncertain the rest is."""
        n = len(state.players)
        scores = state.scores()
        rounds = (len(state.hands[0]) if not state.companion else state.hand_count) + (
            state.deck_left // n
        )
        if self.rounds_scored:
            per_round, to_come = 1.0, rounds * ROUND_WON
        else:
            per_round = n + len(state.pool) / max(1, rounds)
            to_come = (rounds * n + len(state.pool)) * CLAIMED
        # The cards in hand decide the next rounds (a middle card wins more often, though any
        # card can); the rounds after them are played with cards still to be drawn.
        held = len(state.hands[0]) / max(1, rounds)
        promise = self.promise.__getitem__
        hands = [sum(map(promise, hand)) + 0.01 for hand in state.hands]
        total, even, later = sum(hands), 1 / n, (1 - held) / n
        expected = [
            score + to_come * (held * (h / total + even) / 2 + later)
            for score, h in zip(scores, hands, strict=True)
        ]
        # A seat wins about one round in n: the spread of what the rounds left will bring.
        spread = per_round * math.sqrt(rounds * (n - 1)) / n + 0.5
        best = max(expected)
        weights = [math.exp((e - best) / spread) for e in expected]
        return estimated_rewards(weights, expected)
