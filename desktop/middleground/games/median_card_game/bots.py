"""Bots for the Median card game. They read their own seat's view only: their hand, the cards
revealed so far, the hand sizes and the cards they have not seen (`unseen`).

- easy: calls the side of the middle that holds more of its cards and leads a random card; as
  a follower plays the card of its own hand at the place the winning card takes (the middle
  one, or above or below it as called).
- normal: calls the side its best card is likeliest to win on; as a follower plays the card
  nearest where the winning card is likely to fall among the cards it has not seen; as the
  leader of an odd table spends the card farthest from the middle (policies.py).
- hard: deals the cards it has not seen many times over and plays each of its cards (and each
  call) to the end of the game in every deal, keeping the one that wins most (rollouts.py).

In companion mode the app knows no hand, so every level plays a random possible card.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from middleground.engine import Action, View

from .cards import rank_value, rank_values
from .policies import best_call, easy_follow, normal_follow, normal_lead, quantile, rank_counts
from .rollouts import ROLLOUTS, choose_call, choose_rank


class _CardBot:
    level = ""

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        if view.board["hand"] is None:
            return rng.choice(list(legal))
        if len(legal) == 1:
            return legal[0]
        if "call" in legal[0]:
            call = self.call(view, rng)
            return next(a for a in legal if a["call"] == call)
        rank = self.card(view, rank_values([a["card"] for a in legal]), rng)
        return next(a for a in legal if rank_value(a["card"]) == rank)

    def call(self, view: View, rng: random.Random) -> str:
        board = view.board
        return best_call(
            rank_values(board["hand"]), rank_counts(rank_values(board["unseen"])), len(view.players)
        )

    def card(self, view: View, hand: list[int], rng: random.Random) -> int:
        board = view.board
        play = normal_lead if view.seat == board["leader"] else normal_follow
        return play(
            hand, rank_counts(rank_values(board["unseen"])), len(view.players), board["call"]
        )


class EasyBot(_CardBot):
    level = "easy"

    def call(self, view: View, rng: random.Random) -> str:
        """A glance at the hand: high when more of its cards are above the middle of the cards
        still unseen than below it (high on a tie)."""
        board = view.board
        middle = quantile(rank_counts(rank_values(board["unseen"])), 0.5)
        hand = rank_values(board["hand"])
        above = sum(v > middle for v in hand)
        return "high" if above >= sum(v < middle for v in hand) else "low"

    def card(self, view: View, hand: list[int], rng: random.Random) -> int:
        if view.seat == view.board["leader"]:
            return rng.choice(hand)
        return easy_follow(hand, len(view.players), view.board["call"])


class NormalBot(_CardBot):
    level = "normal"


class HardBot(_CardBot):
    level = "hard"

    def __init__(self, budget: int = ROLLOUTS):
        self.rollouts = budget  # `--budget`: games played on per candidate and decision

    def call(self, view: View, rng: random.Random) -> str:
        return choose_call(view, rng, self.rollouts)

    def card(self, view: View, hand: list[int], rng: random.Random) -> int:
        return choose_rank(view, rng, self.rollouts)


BOTS: dict[str, Callable[..., _CardBot]] = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}
