"""Random legal play for tests: any game, from any state, the same way everywhere."""

from __future__ import annotations

import random


def random_step(state, rng: random.Random, free_share: float = 0.0):
    """One random legal (seat, action): an owed decision, or, `free_share` of the time when
    someone may take one, a free action (a gift, an offer)."""
    if free_share:
        free = [(s, a) for s in range(len(state.players)) for a in state.free_actions(s)]
        if free and rng.random() < free_share:
            return rng.choice(free)
    seat = rng.choice(state.awaiting())
    return seat, rng.choice(state.legal_actions(seat))


def play_on(
    state, rng: random.Random, steps: int | None = None, free_share: float = 0.0, check=None
):
    """Apply random legal actions, `steps` of them or until the game ends, calling
    `check(state, rng)` after each; the state."""
    taken = 0
    while not state.is_terminal() and (steps is None or taken < steps):
        assert state.awaiting(), "a game that is not over must be waiting for someone"
        state.apply(*random_step(state, rng, free_share))
        taken += 1
        if check:
            check(state, rng)
        assert taken < 20_000, "a random game must end"
    return state


def players_for(game, options, count: int) -> int:
    """`count` players, or the nearest count a preset's `options` are for: "Two players: loser
    leads" is played by two (the setup refuses it to more)."""
    values = {option.key: option.default for option in game.options} | dict(options)
    fits = [
        n
        for n in range(game.min_players, game.max_players + 1)
        if all(o.applies_to(values, n) for o in game.options if o.key in options)
    ]
    return min(fits, key=lambda n: abs(n - count))
