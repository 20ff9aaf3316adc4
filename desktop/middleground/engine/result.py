"""The end of a game as the seed defines it: placements, winners, losers and tokens."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, field

from .frozen import FrozenDict


@dataclass(frozen=True)
class Result:
    """Outcome of a finished game; tuples are indexed by seat."""

    scores: tuple[int, ...]
    placements: tuple[int, ...]  # 1 is best; tied seats share a place
    winners: tuple[int, ...]
    losers: tuple[int, ...] = ()
    shared: bool = False  # the win is shared (a tie the rules could not break)
    tokens: FrozenDict = field(default_factory=FrozenDict)  # seat (str) -> {token: count}
    summary: str = ""


def placement_rewards(result: Result) -> list[float]:
    """Each seat's reward in [0, 1], what search plays for: mostly the win (a shared win
    split), a little the place."""
    n = len(result.placements)
    share = 1.0 / len(result.winners) if result.winners else 0.0
    rewards = []
    for seat, place in enumerate(result.placements):
        won = share if seat in result.winners else 0.0
        rewards.append(0.9 * won + 0.1 * (n - place) / max(1, n - 1))
    return rewards


def estimated_rewards(weights: Sequence[float], expected: Sequence[float]) -> list[float]:
    """What `placement_rewards` would give each seat, estimated for an evaluation: `weights` are
    proportional to each seat's chance of the win, `expected` its expected score (the higher,
    the better its place)."""
    n, share = len(weights), sum(weights) or 1.0
    ranked = sorted(expected)
    return [
        0.9 * w / share + 0.1 * (bisect_right(ranked, e) - 1) / max(1, n - 1)
        for w, e in zip(weights, expected, strict=True)
    ]
