"""The bot contract, and the random bot every game can use."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from middleground.engine import Action, Game, View


class Bot(Protocol):
    """Chooses one of `legal` from what its seat can see in `view`."""

    level: str

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action: ...


class RandomBot:
    """Picks uniformly among the legal actions."""

    level = "random"

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        return rng.choice(list(legal))


LEVELS = ("random", "easy", "normal", "hard")


def make_bot(game: Game, level: str) -> Bot:
    """The bot of `level` for `game`: the game's own if it has one, else the random bot."""
    if level not in LEVELS:
        raise ValueError(f"Unknown bot level {level!r}; the levels are {', '.join(LEVELS)}.")
    own = getattr(game, "bots", {})
    factory = own.get(level)
    return factory() if factory else RandomBot()
