"""The bot contract, the random bot every game can use, and the levels offered at setup."""

from __future__ import annotations

import inspect
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


def seat_names(count: int) -> list[str]:
    """The players' names in a game that bots play among themselves (`simulate`,
    `tournament`): "Seat 1", "Seat 2", ...; an option naming a player (the card game's
    dealer) names one of these."""
    return [f"Seat {seat + 1}" for seat in range(count)]


LEVELS = ("random", "easy", "normal", "hard")

# ISMCTS iterations per decision for a game that brings no bots of its own. A game's full
# rollouts cost about a millisecond at 9 players, so these keep `hard` under a second.
BUDGETS = {"easy": 25, "normal": 150, "hard": 600}

# The largest budget a tournament may set (`--budget`): ten times the largest a level uses on
# its own (It's Good Enough's hard bot imagines 1,200 games per number). A decision's memory
# and time grow with it: at this cap a hard bot among 50 on numbers -1000 to 1000 takes about
# 900 MB and a minute for its first choice; ten times more would take gigabytes.
MAX_BUDGET = 12_000


SEARCH = "search"  # plain ISMCTS under its own name, for any game with a sampler


def bot_names(game: Game) -> tuple[str, ...]:
    """The levels, then any extra bots the game names (simulated populations, for instance),
    then `search` where the game can be searched."""
    extra = tuple(name for name in game.bots if name not in LEVELS)
    search = (SEARCH,) if game.has_sampler and SEARCH not in extra else ()
    return LEVELS + extra + search


def make_bot(game: Game, level: str, budget: int | None = None) -> Bot:
    """The bot of `level` for `game`.

    `random` is always the random bot. Otherwise the game's own bot of that name if it has one
    (given `budget`, a search budget, when its factory takes one); else ISMCTS with the level's
    budget when the game can sample what a seat has not seen, else the random bot. `search` is
    ISMCTS at the hard budget even for a game with bots of its own, to measure one against the
    other.
    """
    names = bot_names(game)
    if level not in names:
        raise ValueError(f"Unknown bot level {level!r}; the levels are {', '.join(names)}.")
    if level == "random":
        return RandomBot()
    factory = game.bots.get(level)
    if factory is not None:
        if budget is not None and "budget" in inspect.signature(factory).parameters:
            return factory(budget=budget)
        return factory()
    if game.has_sampler:
        from .ismcts import SearchBot

        # A game may lend the search its own candidates and playouts (`search_policy`).
        policy = game.search_policy
        return SearchBot(game, level, budget or BUDGETS.get(level, BUDGETS["hard"]), policy)
    return RandomBot()
