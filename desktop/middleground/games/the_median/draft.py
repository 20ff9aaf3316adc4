"""The draft: sealed picks, contested picks granting nobody, and the random fallback [1]."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import NamedTuple

PASSES = 5  # picking passes before the unplaced players are given a character at random


class PassOutcome(NamedTuple):
    """One pass: who got which character, and who must pick again (with the pick they lost)."""

    granted: dict[int, int]
    contested: dict[int, int]


def resolve_pass(picks: Mapping[int, int]) -> PassOutcome:
    """A pick nobody else made is granted; a pick two or more made is granted to nobody."""
    first: set[int] = set()
    repeated: set[int] = set()
    for c in picks.values():
        if c in first:
            repeated.add(c)
        else:
            first.add(c)
    granted: dict[int, int] = {}
    contested: dict[int, int] = {}
    for seat, c in picks.items():
        if c in repeated:
            contested[seat] = c
        else:
            granted[seat] = c
    return PassOutcome(granted, contested)


def fallback(
    unplaced: Sequence[int],
    free: Sequence[int],
    last_pick: Mapping[int, int | None],
    rng: random.Random,
) -> dict[int, int]:
    """After the last pass: each unplaced player (in seat order) gets a random free character
    other than the one they picked last. There are always enough: 14 characters, 9 players."""
    left = sorted(free)
    given: dict[int, int] = {}
    for seat in sorted(unplaced):
        options = [c for c in left if c != last_pick.get(seat)]
        choice = rng.choice(options)
        given[seat] = choice
        left.remove(choice)
    return given
