"""The end of a game as the seed defines it: placements, winners, losers and tokens."""

from __future__ import annotations

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
