"""Small pieces of player-facing English that every game needs."""

from __future__ import annotations


def counted(count: int, noun: str) -> str:
    """`count` and `noun`, plural unless the count is exactly one: "1 point", "3 points"."""
    return f"{count} {noun}{'' if count == 1 else 's'}"
