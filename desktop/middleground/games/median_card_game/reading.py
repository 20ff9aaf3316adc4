"""How each other seat plays, read by the hard bot from the cards it has revealed: how likely
each card it played was under each style a seat may have (random, or as the easy or the normal
bot plays), multiplied over the rounds. The search then plays the others in those styles
(rollouts.py). Everything here reads one seat's view.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from middleground.engine import View

from .cards import build_deck, rank_value, rank_values
from .policies import (
    easy_follow,
    quantile,
    rank_counts,
    target_share,
)

SLIP = 0.15  # how much of any style's play is taken for a slip (a random card)
RANDOM, EASY, NORMAL = 0, 1, 2  # the styles another seat may play


def _at_least(draws: int, p: float, k: int) -> float:
    """P(at least k of `draws` draws succeed), each with chance p."""
    return sum(math.comb(draws, j) * p**j * (1 - p) ** (draws - j) for j in range(k, draws + 1))


def style_chances(
    counts: Sequence[int], rank: int, hand: int, players: int, leading: bool, call: str | None
) -> tuple[float, float, float]:
    """The chance a seat holding `hand` cards drawn from `counts` plays `rank`, for each style
    (random, easy, normal)."""
    total = sum(counts)
    if total <= 0 or counts[rank] <= 0:
        return 1.0, 1.0, 1.0
    mass = [c / total for c in counts]
    p_rank = mass[rank]
    below = sum(mass[:rank])
    if leading:  # the easy leader plays any card
        easy = p_rank
    else:  # the easy follower plays the card at a fixed place in its sorted hand
        spot = easy_follow(list(range(hand)), players, call)
        easy = _at_least(hand, below + p_rank, spot + 1) - _at_least(hand, below, spot + 1)
    if leading and players % 2 and players > 2:
        # the normal leader plays its card farthest from the middle
        middle = quantile(counts, 0.5)
        closer = sum(
            m for v, m in enumerate(mass) if (abs(v - middle), -v) < (abs(rank - middle), -rank)
        )
        normal = (closer + p_rank) ** hand - closer**hand
    else:
        # the normal follower plays its card nearest the aim (the extreme with two players)
        if players == 2:
            key = (lambda v: -v) if call == "high" else (lambda v: v)
        else:
            aim = quantile(counts, target_share(players, call))
            key = lambda v: (abs(v - aim), v)  # noqa: E731
        before = sum(m for v, m in enumerate(mass) if key(v) < key(rank))
        normal = (1 - before) ** hand - (1 - before - p_rank) ** hand
    return p_rank, (1 - SLIP) * easy + SLIP * p_rank, (1 - SLIP) * normal + SLIP * p_rank


def style_weights(view: View) -> list[list[float]]:
    """For every seat, how likely it plays each style (random, easy, normal), by the cards it
    has revealed; even odds before it has played. The seat's own row is unused."""
    board, options = view.board, view.options
    n = len(view.players)
    logs = [[0.0, 0.0, 0.0] for _ in range(n)]
    counts = rank_counts(rank_values(build_deck(options["deck"], options["decks"])))
    hand = options["hand_size"]
    for record in board["rounds"]:
        cards = record["cards"]
        for seat in range(n):
            if seat == view.seat:
                continue
            leading = seat == record["leader"]
            chances = style_chances(
                counts, rank_value(cards[seat]), hand, n, leading, record["call"]
            )
            for style in range(3):
                logs[seat][style] += math.log(max(chances[style], 1e-9))
        for card in cards:
            counts[rank_value(card)] -= 1
        if not record["drew"]:
            hand -= 1
    weights = []
    for row in logs:
        top = max(row)
        raw = [math.exp(v - top) for v in row]
        weights.append([v / sum(raw) for v in raw])
    return weights
