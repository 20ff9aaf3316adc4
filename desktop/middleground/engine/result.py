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
    placements: tuple[int, ...]  # the finishing places the game shows; tied seats share one
    winners: tuple[int, ...]
    losers: tuple[int, ...] = ()
    shared: bool = False  # the win is shared (a tie the rules could not break)
    tokens: FrozenDict = field(default_factory=FrozenDict)  # seat (str) -> {token: count}
    summary: str = ""
    # How good each seat's outcome is, 1 best (ties share), where that is not its place: in
    # The Median the middle place wins and the top and bottom lose. Empty: the placements.
    ranks: tuple[int, ...] = ()
    # A line per seat the results screen shows under its outcome: what the game kept secret
    # until the end (The Median: the characters each player held), or why the seat finished
    # where it did (It's Good Enough: how far its total is from the middle one). Empty: nothing.
    notes: tuple[str, ...] = ()

    def outcome_of(self, seat: int) -> str:
        """What the rules made of this seat's game: "winner", "shared win", "loser" or ""."""
        if seat in self.winners:
            return "shared win" if self.shared else "winner"
        return "loser" if seat in self.losers else ""

    def outcome_ranks(self) -> tuple[int, ...]:
        """Each seat's outcome as the rules reward it, 1 best: what ratings and search use."""
        return self.ranks or self.placements


def ranks_by_outcome(n: int, winners: Sequence[int], losers: Sequence[int]) -> tuple[int, ...]:
    """Ranks for a game that rewards only winning and losing: the winners first, then every
    seat that did neither, then the losers (each group tied)."""
    groups = [0 if s in winners else 2 if s in losers else 1 for s in range(n)]
    return tuple(1 + sum(1 for other in groups if other < mine) for mine in groups)


def placement_rewards(result: Result) -> list[float]:
    """Each seat's reward in [0, 1], what search plays for: mostly the win (a shared win
    split), a little the outcome's rank."""
    return outcome_rewards(result.outcome_ranks(), result.winners)


def outcome_rewards(ranks: Sequence[int], winners: Sequence[int]) -> list[float]:
    """`placement_rewards` of a result with these outcome ranks and winners, for an evaluation
    that knows them without building the whole result."""
    n = len(ranks)
    share = 1.0 / len(winners) if winners else 0.0
    last = max(1, n - 1)
    return [
        0.9 * (share if seat in winners else 0.0) + 0.1 * (n - rank) / last
        for seat, rank in enumerate(ranks)
    ]


def estimated_rewards(
    weights: Sequence[float], expected: Sequence[float], ranks: Sequence[int] | None = None
) -> list[float]:
    """What `placement_rewards` would give each seat, estimated for an evaluation: `weights` are
    proportional to each seat's chance of the win, `expected` its expected score (the higher,
    the better its place), or `ranks` the outcome each seat is heading for where a game's best
    outcome is not the top score."""
    n, share = len(weights), sum(weights) or 1.0
    last = max(1, n - 1)
    if ranks is None:
        ordered = sorted(expected)
        places = [(bisect_right(ordered, e) - 1) / last for e in expected]
    else:
        places = [(n - rank) / last for rank in ranks]
    return [0.9 * w / share + 0.1 * p for w, p in zip(weights, places, strict=True)]
